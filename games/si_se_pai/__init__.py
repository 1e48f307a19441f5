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

from typing import Any

from machiavelli.core.i18n import NP_
from machiavelli.core.registry import Bot, GameDefinition

from .ending import Ending
from .variant import NAME, SiSePaiVariant


def _new_game(variant: SiSePaiVariant, players: int, seed: int) -> Any:
    from .game import Game

    return Game(variant, players, seed)


def _parse_action(text: str, variant: SiSePaiVariant) -> Any:
    from .actions import parse_action

    return parse_action(text, variant.deck)


def _count_label(key: str) -> str | None:
    from .simulate import count_label

    return count_label(key)


def _position(game: Any) -> Any:
    return game.position()


def _stage(variant: Any, position: Any) -> Any:
    from .game import Game

    return Game.at_position(variant, position)


def _tally(game: Any) -> Any:
    from .tally import Tally

    return Tally(game)


def _random(seed: int) -> Bot:
    from .players import RandomBot

    return RandomBot(seed)


def _keeper(seed: int) -> Bot:
    from .players import KeeperBot

    return KeeperBot(seed)


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
    new_game=_new_game,
    parse_action=_parse_action,
    terminations=Ending,
    position=_position,
    stage=_stage,
    bots={"random": _random, "keeper": _keeper},
    tally=_tally,
    count_label=_count_label,
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
