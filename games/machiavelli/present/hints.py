"""``hint``: the best play the solver finds, as commands the player can type.

The hint is worked out from the player's view alone, and its actions come
from the same translator as the solver player's
(:func:`machiavelli.games.machiavelli.moves.best`). They are tried on a copy
of the position before they are shown: a hint never tells the player
something the rules would refuse.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction

from machiavelli.games.machiavelli import house, moves, reach
from machiavelli.games.machiavelli.actions import END, Action
from machiavelli.games.machiavelli.game import Game
from machiavelli.games.machiavelli.variant import MachiavelliVariant
from machiavelli.games.machiavelli.view import Position, View


@dataclass(frozen=True)
class Hint:
    """What the solver would play. ``actions`` is empty when nothing can be
    placed or when the actions could not be checked."""

    #: The hand cards that go down, in the deck's order.
    placed: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...]
    actions: tuple[Action, ...]
    #: Computed from the table as the turn began (the table now is not valid).
    from_start: bool


def position(view: View) -> tuple[Position, bool]:
    """The position to solve for the seat whose turn it is, and whether it
    is the turn's start: the table as it is if the turn could end now, else
    as the turn began."""
    if view.can_end:
        return Position(view.melds, view.hand, view.help_cards), False
    start = view.turn_start
    if start is None:
        raise ValueError(f"seat {view.seat} is not to play")
    return start, True


def best_play(view: View) -> Hint:
    """The solver's best play for the seat of ``view``, whose turn it is
    (raises SolverError when the solver gives up, ImportError when there is none)."""
    if view.variant.house_rules or view.variant.jokers:
        return _house_play(view)
    start, from_start = position(view)
    plan = moves.best(view.variant, start.table, start.hand, start.help)
    if not plan.placed:
        return Hint((), plan.table, (), from_start)
    actions = (*plan.actions, END)
    if not _works(view.variant, start, actions, view.players):
        actions = ()
    return Hint(_ordered(view, plan.placed), plan.table, actions, from_start)


def _seats(start: Position, players: int) -> list[list[Card]]:
    """The hands of a trial game: the seat's own first, the others empty, as
    many as at the table (the decks in play may depend on it)."""
    return [list(start.hand)] + [[] for _ in range(players - 1)]


def _works(variant: MachiavelliVariant, start: Position, actions: Sequence[Action], players: int) -> bool:
    """Whether ``actions`` play out on a copy of the position."""
    try:
        trial = Game.from_position(variant, _seats(start, players), table=start.table, help=start.help, current=0)
        for action in actions:
            if trial.outcome is not None:
                return action is END  # out one step early: only ``end`` was left
            trial.apply(action, 0)
    except IllegalAction:
        return False
    return trial.outcome is not None or trial.current != 0


def _house_play(view: View) -> Hint:
    """The hint under house rules (an opening, a limit, forced play): the
    solver's play checked against them, or the play the rules accept, as
    the computer players choose it (:func:`house.legal_plan`), from the
    turn's start unless the table could be left as it is now."""
    start, from_start = position(view)
    others = range(1, view.players)
    trial = Game.from_position(view.variant, _seats(start, view.players), table=start.table, help=start.help,
                               current=0, opened=(0, *others) if view.opened[view.seat] else others)
    if view.variant.jokers:
        # The computer players' play with jokers: the melds the joker rules
        # let the player break, the jokers placed as they place them.
        played = reach.play_within(trial.view(0), list(start.hand), None, random.Random(0))
        plan = house.legal_plan(trial.view(0), played if played[-1] is END else [END])
    else:
        solved = moves.best(view.variant, start.table, start.hand, start.help)
        plan = house.legal_plan(trial.view(0), [*solved.actions, END] if solved.placed else [END])
    if not plan or plan[-1] is not END or not house.accepted(trial, plan):
        return Hint((), tuple(start.table), (), from_start)
    for action in plan[:-1]:
        trial.apply(action, 0)
    placed = (Counter(start.hand) - Counter(trial.hand(0))).elements()
    return Hint(_ordered(view, placed), trial.melds(), tuple(plan), from_start)


def _ordered(view: View, cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=view.variant.deck.sort_key))
