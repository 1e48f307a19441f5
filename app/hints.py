"""``hint``: the best play the solver finds, as commands the player can type.

The solver answers with the new table and steps (cards from a meld, the
hand or the help cards to a meld). They become turn actions: first every
card that leaves an old meld is taken into the working area (highest meld
first, so that the numbers still to be used do not shift), then each meld
gets its cards (``add``, or ``play`` for a new meld). The rules put a help
card on the table only together with a hand card; a help card bound for a
meld that gets no hand card goes in with another meld's hand cards and is
then moved. The actions are tried on a copy of the position before they are
shown: a hint never tells the player something the rules would refuse.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from machiavelli.games.machiavelli.actions import END, Action, Add, Move, Play, Take
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction
from machiavelli.games.machiavelli.game import Game


@dataclass(frozen=True)
class Hint:
    """What the solver would play. ``actions`` is empty when nothing can be
    placed or when the steps could not be turned into commands."""

    placed: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...]
    actions: tuple[Action, ...]
    #: Computed from the table as the turn began (the table now is not valid).
    from_start: bool


def position(game: Game) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...], bool]:
    """(table, hand, help cards, from the turn's start) to solve: the table
    as it is if it is valid and nothing taken is left over, else as the turn began."""
    turn, rules = game.turn, game.rules
    if turn.can_end():
        return (game.melds(), game.hand(game.current), game.help_cards, False)
    table_ids, hand_ids, help_ids = turn.start
    cards = rules.cards
    melds = tuple(rules.meld_cards(m) for m in table_ids)
    return (melds, tuple(cards[i] for i in hand_ids), tuple(cards[i] for i in help_ids), True)


def best_play(game: Game) -> Hint:
    """The solver's best play for the current player (raises SolverError
    when the solver gives up, ImportError when there is none)."""
    from machiavelli.games.machiavelli.solver import solve

    melds, hand, help, from_start = position(game)
    solution = solve(game.variant, melds, hand, help)
    if not solution.placed:
        return Hint((), solution.table, (), from_start)
    actions = _actions(melds, solution.steps, game.variant.deck.sort_key)
    if not _works(game, melds, hand, help, actions):
        actions = ()
    return Hint(solution.placed, solution.table, tuple(actions), from_start)


def _actions(melds: Sequence[Sequence[Card]], steps, key) -> list[Action]:
    """The steps as turn actions; cards of one action in ``key`` order."""
    old = len(melds)
    given: dict[int, Counter] = {}
    for step in steps:
        if isinstance(step.source, int):
            given.setdefault(step.source, Counter()).update(step.cards)
    actions: list[Action] = []
    gone: set[int] = set()
    for number in sorted(given, reverse=True):
        if given[number] == Counter(melds[number - 1]):
            actions.append(Take((number,)))
            gone.add(number)
        else:
            actions.append(Take((number,), tuple(sorted(given[number].elements()))))

    # target -> (cards from melds or the hand, cards from the hand only, help cards)
    wanted: dict[int, tuple[list[Card], list[Card], list[Card]]] = {}
    for step in steps:
        cards, hand, help = wanted.setdefault(step.target, ([], [], []))
        if step.source == "help":
            help.extend(step.cards)
        else:
            cards.extend(step.cards)
            if step.source == "hand":
                hand.extend(step.cards)
    orphans: list[tuple[int, list[Card]]] = []
    for target, (cards, hand, help) in wanted.items():
        if help and not hand:
            orphans.append((target, list(help)))
            help.clear()

    number: dict[int, int] = {t: t - sum(1 for g in gone if g < t) for t in range(1, old + 1) if t not in gone}
    size = old - len(gone)
    host: tuple[int, list[Card]] | None = None
    for target in sorted(wanted, key=lambda t: (bool(wanted[t][2]), t)):
        cards, hand, help = wanted[target]
        if orphans and hand and host is None:
            host = (target, [c for _, extra in orphans for c in extra])
            help = help + host[1]
        if not cards and not help:
            continue
        cards, help = sorted(cards, key=key), sorted(help, key=key)
        if target in number:
            actions.append(Add(number[target], tuple(cards), tuple(help)))
        else:
            actions.append(Play(tuple(cards), tuple(help)))
            size += 1
            number[target] = size
    if orphans:
        if host is None:
            return []
        for target, extra in orphans:
            if target not in number:
                return []
            actions.append(Move(tuple(extra), number[host[0]], number[target]))
    actions.append(END)
    return actions


def _works(game: Game, melds, hand, help, actions: Sequence[Action]) -> bool:
    """Whether ``actions`` play out on a copy of the position."""
    if not actions:
        return False
    try:
        trial = Game.from_position(game.variant, [list(hand), []], table=melds, help=help, current=0)
        for action in actions:
            if trial.outcome is not None:
                return action is END  # out one step early: only ``end`` was left
            trial.apply(action, 0)
    except IllegalAction:
        return False
    return trial.outcome is not None or trial.current != 0
