"""Sì Sè Pái, the four-colour card game of groups (seed 001, with Wei-Hwa
Huang's flowers): public draws that anyone may claim by a priority order,
open groups, and a win when all 21 cards form groups. Registered with the
kernel through the ``machiavelli.games`` entry point.

Public API: :data:`GAME`, :class:`.game.Game`, :class:`.view.View`, the
actions and :func:`.actions.parse_action`, the claim rules in
:mod:`.claims`, the win check in :mod:`.groups`, the computer players in
:mod:`.players`, and how the application shows the game in :mod:`.present` (and on a
web page, :mod:`.present_table`).
"""

from __future__ import annotations

from operator import methodcaller
from typing import Any

from machiavelli.core.i18n import NP_
from machiavelli.core.registry import Deferred, GameDefinition

from .ending import Ending
from .variant import NAME, SiSePaiVariant


def _parse_action(text: str, variant: SiSePaiVariant) -> Any:
    from .actions import parse_action

    return parse_action(text, variant.deck)


def _presentation() -> Any:
    from dataclasses import replace

    from .present import PRESENTATION
    from .present_faces import face
    from .present_table import table
    from .simulate import REPORT

    # The page's table (present_table) builds on the terminal's texts (present).
    return replace(PRESENTATION, table=table, simulate=REPORT, face=face)


GAME = GameDefinition(
    name=NAME,
    variant_schema=SiSePaiVariant,
    new_game=Deferred(f"{__name__}.game:Game"),
    parse_action=_parse_action,
    terminations=Ending,
    position=methodcaller("position"),
    stage=Deferred(f"{__name__}.game:Game.at_position"),
    bots={"random": Deferred(f"{__name__}.players:RandomBot"), "keeper": Deferred(f"{__name__}.players:KeeperBot")},
    tally=Deferred(f"{__name__}.tally:Tally"),
    count_label=Deferred(f"{__name__}.simulate:count_label"),
    default_variant=NAME,
    preferred_bots=("keeper", "random"),
    # TRANSLATORS: the game's name, as players of the language call it (page titles).
    title=NP_("game name", "Sì Sè Pái"),
    description="Sì Sè Pái: the four-colour card game of groups, with flowers",
    presentation=_presentation,
    bot_labels={
        "random": NP_("player level", "random moves"),
        "keeper": NP_("player level", "group keeper, the strongest"),
    },
)
