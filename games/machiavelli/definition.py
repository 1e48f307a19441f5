"""Machiavelli's :class:`~machiavelli.core.registry.GameDefinition`
(:data:`GAME`): its variant schema, endings, computer players, tally and
presentation, each made on first use."""

from __future__ import annotations

from typing import Any, Callable

from machiavelli.core.i18n import NP_
from machiavelli.core.registry import Bot, GameDefinition

from . import NAME
from .ending import Ending
from .variant import MachiavelliVariant


# Factories import their modules on first use: `machiavelli meld check`
# must not pay for the engine, the solver or the players.

def _new_game(variant: MachiavelliVariant, players: int, seed: int, dealer: int | None = None) -> Any:
    from .game import Game

    return Game(variant, players, seed, dealer)


def _parse_action(text: str, variant: MachiavelliVariant) -> Any:
    from .actions import parse_action

    return parse_action(text, variant.deck)


def _listed(action: Any) -> bool:
    from .legal import listed

    return listed(action)


def _position(game: Any) -> Any:
    return game.position()


def _stage(variant: Any, position: Any) -> Any:
    from .game import Game

    return Game.at_position(variant, position)


def _tally(game: Any) -> Any:
    from .tally import Tally

    return Tally(game)


def _presentation() -> Any:
    from .present.presentation import PRESENTATION

    return PRESENTATION


def _random(seed: int) -> Bot:
    from .bots import RandomBot

    return RandomBot(seed)


def _greedy(seed: int) -> Bot:
    from .players import GreedyBot

    return GreedyBot(seed)


def _solver(seed: int) -> Bot:
    from .players import SolverBot

    return SolverBot(seed)


def _fallible(seed: int) -> Bot:
    from .players import FallibleBot

    return FallibleBot(seed)


def _level(name: str) -> Callable[[int], Bot]:
    def factory(seed: int) -> Bot:
        from .levels import make

        return make(name, seed)

    factory.__name__ = f"_{name}"
    return factory


GAME = GameDefinition(
    name=NAME,
    variant_schema=MachiavelliVariant,
    new_game=_new_game,
    parse_action=_parse_action,
    terminations=Ending,
    position=_position,
    stage=_stage,
    listed=_listed,
    bots={"random": _random, "greedy": _greedy, "solver": _solver, "fallible": _fallible,
          # Player models with a meaning (see .levels), weakest first.
          **{name: _level(name) for name in ("beginner", "casual", "club", "expert")}},
    tally=_tally,
    presentation=_presentation,
    default_variant="bga",
    preferred_bots=("solver", "greedy", "random"),
    levels=("beginner", "casual", "club", "expert"),
    # A newcomer against two club players wins now and then (README, "Player
    # levels": club wins 11% against the solver's 87%, casual players rarely go
    # out); the solver, the strongest, almost never loses.
    fair_bot="club",
    # TRANSLATORS: the game's name, as players of the language call it (page titles).
    title=NP_("game name", "Machiavelli"),
    description="Machiavelli: rummy in which the whole table may be rearranged",
    bot_labels={
        "beginner": NP_("player level", "beginner"),
        "casual": NP_("player level", "casual player"),
        "club": NP_("player level", "club player"),
        "expert": NP_("player level", "expert"),
        "random": NP_("player level", "random moves"),
        "greedy": NP_("player level", "greedy"),
        "solver": NP_("player level", "solver, the strongest"),
        "fallible": NP_("player level", "solver that slips"),
    },
)
