"""Machiavelli's :class:`~machiavelli.core.registry.GameDefinition`
(:data:`GAME`): its variant schema, endings, computer players, tally and
presentation, each made on first use."""

from __future__ import annotations

from functools import partial
from operator import methodcaller
from typing import Any

from machiavelli.core.i18n import NP_
from machiavelli.core.registry import Deferred, GameDefinition

from . import NAME
from .ending import Ending
from .variant import MachiavelliVariant


# Factories import their modules on first use: `machiavelli meld check`
# must not pay for the engine, the solver or the players.
_HERE = __package__
#: Player models with a meaning (see .levels), weakest first.
LEVELS = ("beginner", "casual", "club", "expert")


def _parse_action(text: str, variant: MachiavelliVariant) -> Any:
    from .actions import parse_action

    return parse_action(text, variant.deck)


def _presentation() -> Any:
    from .present.presentation import PRESENTATION

    return PRESENTATION


GAME = GameDefinition(
    name=NAME,
    variant_schema=MachiavelliVariant,
    new_game=Deferred(f"{_HERE}.game:Game"),
    parse_action=_parse_action,
    terminations=Ending,
    position=methodcaller("position"),
    stage=Deferred(f"{_HERE}.game:Game.at_position"),
    listed=Deferred(f"{_HERE}.legal:listed"),
    bots={"random": Deferred(f"{_HERE}.bots:RandomBot"),
          **{name: Deferred(f"{_HERE}.players:{bot}")
             for name, bot in (("greedy", "GreedyBot"), ("solver", "SolverBot"), ("fallible", "FallibleBot"))},
          **{name: partial(Deferred(f"{_HERE}.levels:make"), name) for name in LEVELS}},
    tally=Deferred(f"{_HERE}.tally:Tally"),
    presentation=_presentation,
    default_variant="bga",
    preferred_bots=("solver", "greedy", "random"),
    levels=LEVELS,
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
