"""Cicera, the Brescian capture game for two teams of two (seed 002): play a
card to take a table card of its rank or number cards adding up to it;
bonuses for sweeps, picada, simile and big captures; awards at the end.
Registered with the kernel through the ``machiavelli.games`` entry point.

Public API: :data:`GAME`, :class:`.game.Game`, :class:`.view.View`,
:class:`.actions.Play` and :func:`.actions.parse_action`, the rules in
:mod:`.rules`, the computer players in :mod:`.players`, and how the
application shows the game in :mod:`.present` (and on a web page, :mod:`.present_table`).
"""

from __future__ import annotations

from typing import Any

from machiavelli.core.i18n import NP_
from machiavelli.core.registry import Bot, GameDefinition

from .ending import Ending
from .variant import CiceraVariant

NAME = "cicera"


def _new_game(variant: CiceraVariant, players: int, seed: int) -> Any:
    from .game import Game

    return Game(variant, players, seed)


def _parse_action(text: str, variant: CiceraVariant) -> Any:
    from .actions import parse_action

    return parse_action(text, variant.deck)


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


def _greedy(seed: int) -> Bot:
    from .players import GreedyBot

    return GreedyBot(seed)


def _partner(seed: int) -> Bot:
    from .players import PartnerBot

    return PartnerBot(seed)


def _presentation() -> Any:
    from dataclasses import replace

    from .present import PRESENTATION
    from .present_faces import face
    from .present_table import table
    from .simulate import REPORT

    # The page's table (present_table) builds on the terminal's texts (present).
    return replace(PRESENTATION, table=table, simulate=REPORT, face=face)


def _count_label(key: str) -> str | None:
    from .simulate import count_label

    return count_label(key)


GAME = GameDefinition(
    name=NAME,
    variant_schema=CiceraVariant,
    new_game=_new_game,
    parse_action=_parse_action,
    terminations=Ending,
    position=_position,
    stage=_stage,
    bots={"random": _random, "greedy": _greedy, "partner": _partner},
    tally=_tally,
    count_label=_count_label,
    default_variant="cicera",
    preferred_bots=("partner", "greedy", "random"),
    # TRANSLATORS: the game's name, as players of the language call it (page titles).
    title=NP_("game name", "Cicera"),
    description="Cicera: the Brescian capture game for two teams of two",
    presentation=_presentation,
    bot_labels={
        "random": NP_("player level", "random moves"),
        "greedy": NP_("player level", "greedy"),
        "partner": NP_("player level", "team player, the strongest"),
    },
)
