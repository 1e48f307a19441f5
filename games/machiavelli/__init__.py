"""Machiavelli, the Italian rummy card game in which everything on the
table may be rearranged: the first game of the family, registered with the
kernel through the ``machiavelli.games`` entry point like any other.

Public API: :data:`GAME` (the definition), :class:`.game.Game`,
:class:`.view.View` (what one seat sees), the actions in :mod:`.actions`,
:func:`.solver.solve`, :func:`.moves.best` and :func:`.moves.realize` (the
solver's answer as actions), the meld finder in :mod:`.finder` and the
computer players in :mod:`.players`. The rest is the engine's inside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from machiavelli.core.registry import GameDefinition

    GAME: GameDefinition

NAME = "machiavelli"


def __getattr__(name: str) -> Any:
    """:data:`GAME`, made on first use (:mod:`.definition`): a module of
    this package, such as the commands it adds to the command line, is
    imported without the variant's schema and the engine."""
    if name == "GAME":
        from .definition import GAME

        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
