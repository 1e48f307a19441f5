"""Eights, a small shedding game, written as a stranger's plugin would be:
through the kernel's public API only (:mod:`machiavelli.core`), registered
through the ``machiavelli.games`` entry point, with its variant file, its
computer players, its tally for ``simulate`` and its own presentation
(terminal and web page), translated by the plugin's own catalogs.

See the README's "Writing a game": this package follows it step by step.
"""

from __future__ import annotations

from typing import Any

from machiavelli.core.i18n import NP_
from machiavelli.core.registry import Bot, GameDefinition

from .ending import Ending
from .variant import NAME, EightsVariant


def _new_game(variant: EightsVariant, players: int, seed: int) -> Any:
    from .game import Game

    return Game(variant, players, seed)


def _parse_action(text: str, variant: EightsVariant) -> Any:
    from .actions import parse_action

    return parse_action(text, variant.deck)


def _tally(game: Any) -> Any:
    from .tally import Tally

    return Tally(game)


def _count_label(key: str) -> str | None:
    from .present import count_label

    return count_label(key)


def _position(game: Any) -> Any:
    return game.position()


def _stage(variant: EightsVariant, position: Any) -> Any:
    from .game import Game

    return Game.at_position(variant, position)


def _random(seed: int) -> Bot:
    from .players import RandomPlayer

    return RandomPlayer(seed)


def _careful(seed: int) -> Bot:
    from .players import CarefulPlayer

    return CarefulPlayer(seed)


def _presentation() -> Any:
    from .present import PRESENTATION

    return PRESENTATION


GAME = GameDefinition(
    name=NAME,
    variant_schema=EightsVariant,
    new_game=_new_game,
    parse_action=_parse_action,
    terminations=Ending,
    bots={"random": _random, "careful": _careful},
    tally=_tally,
    count_label=_count_label,
    default_variant="eights",
    preferred_bots=("careful", "random"),
    description="Eights: match the pile's top card by suit or rank; the first to play out wins",
    presentation=_presentation,
    position=_position,
    stage=_stage,
    bot_labels={
        "random": NP_("player level", "random moves"),
        "careful": NP_("player level", "careful, the strongest"),
    },
)
