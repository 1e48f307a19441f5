"""From the solver's answer to the turn actions that carry it out: the one
translator behind the solver player and the hints people ask for.

:func:`best` solves a position and turns the answer into actions;
:func:`realize` is the translation alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from machiavelli.core.cards import Card

from .actions import Action, Add, Move, Play, Take

if TYPE_CHECKING:
    from .solution import Solution
    from .variant import MachiavelliVariant as Variant


@dataclass(frozen=True, slots=True)
class Plan:
    """The best play the solver finds and the actions that make it (``end`` not included)."""

    placed: tuple[Card, ...]
    #: The table after the actions.
    table: tuple[tuple[Card, ...], ...]
    actions: tuple[Action, ...]
    #: The best play needed help cards that no action could take with a
    #: hand card: this is the best play without help cards.
    help_left_out: bool = False


def best(variant: "Variant", table: Sequence[Sequence[Card]], hand: Sequence[Card],
         help: Sequence[Card] = ()) -> Plan:
    """The solver's best play from this position, as actions (none when
    nothing can be placed). Raises what :func:`.solver.solve` raises."""
    from .solver import solve

    if help and variant.help_cards_use == "new-meld-from-hand":
        return _best_new_meld_rule(variant, table, hand, help)
    solution = solve(variant, table, hand, help)
    if not solution.placed:
        return Plan((), solution.table, ())
    actions = realize(table, solution)
    if actions is not None:
        return Plan(solution.placed, solution.table, tuple(actions))
    # Every help card must come with a hand card in the same action: if no
    # hand card can be lent to that, do without help cards.
    solution = solve(variant, table, hand)
    actions = realize(table, solution) if solution.placed else []
    assert actions is not None, "without help cards there is nothing to lend"
    return Plan(solution.placed, solution.table, tuple(actions), help_left_out=True)


def realize(old: Sequence[Sequence[Card]], solution: "Solution") -> list[Action] | None:
    """Turn actions that lead from the table ``old`` to the solution's table;
    None when a meld that takes help cards cannot be given a hand card.

    Old melds that lose cards go whole into the working area; the melds that
    stay are added to; the others are played anew. The engine takes the
    cards of a play or an addition from the working area first, then the
    hand, then the help cards, and wants a hand card in every action that
    uses help cards: when such an action would take none, a hand card meant
    for another meld is lent to it, and a move puts the card where it
    belongs at the end."""
    changed = set(solution.changed)
    kept = [n for n in range(1, len(old) + 1) if n not in changed]
    number_of = {n: i for i, n in enumerate(kept, start=1)}  # old number -> number after the take
    content = {n: Counter(m) for n, m in zip(solution.numbers, solution.table)}
    helps: dict[int, Counter[Card]] = {}
    gains: dict[int, Counter[Card]] = {}  # what the melds that stay receive
    for step in solution.steps:
        if step.source == "help":
            helps.setdefault(step.target, Counter()).update(step.cards)
        elif step.target in number_of:
            gains.setdefault(step.target, Counter()).update(step.cards)
    wanted: dict[int, Counter[Card]] = {}  # cards other than help cards each action gives
    for n in solution.numbers:
        if n in number_of:
            if n in gains or n in helps:
                wanted[n] = gains.get(n, Counter())
        else:
            wanted[n] = content[n] - helps.get(n, Counter())
    hand_cards = {n: c for n, c in _hand_parts(solution).items()}
    working: Counter[Card] = Counter(c for n in changed for c in old[n - 1])
    hand: Counter[Card] = Counter(solution.placed)
    actions: list[Action] = [Take(tuple(sorted(changed)))] if changed else []
    # Melds with help cards first, while hand cards can still be lent to
    # them; then additions, then new melds.
    order = sorted(wanted, key=lambda n: (n not in helps, n not in number_of, n))
    lent: list[tuple[Card, int, int]] = []  # (card, meld it goes in first, meld it belongs to)
    new_melds = 0
    for n in order:
        cards = wanted[n]
        if n in helps and not any(cards[c] > working[c] for c in cards):
            loan = next(
                ((c, owner) for owner in order if owner not in helps and owner != n
                 for c in sorted(hand_cards.get(owner, ()))
                 if cards[c] + 1 > working[c] and hand[c] >= cards[c] + 1 - working[c]
                 and (owner in number_of or sum(wanted[owner].values()) > 1)),
                None,
            )
            if loan is None:
                return None
            card, owner = loan
            wanted[owner] = wanted[owner] - Counter([card])
            hand_cards[owner] = hand_cards[owner] - Counter([card])
            cards = cards + Counter([card])
            lent.append((card, n, owner))
        for card, count in cards.items():
            from_working = min(count, working[card])
            working[card] -= from_working
            hand[card] -= count - from_working
        listed = tuple(sorted(cards.elements()))
        if not listed and n not in helps:
            continue  # a meld that stays lent its only new card: the move brings it
        if n in number_of:
            actions.append(Add(number_of[n], listed, tuple(sorted(helps.get(n, Counter()).elements()))))
        else:
            actions.append(Play(listed, tuple(sorted(helps.get(n, Counter()).elements()))))
            new_melds += 1
            number_of[n] = len(kept) + new_melds
    for card, holder, owner in lent:
        actions.append(Move((card,), number_of[holder], number_of[owner]))
    return actions


def _hand_parts(solution: "Solution") -> dict[int, Counter[Card]]:
    """The hand cards each meld of the solution receives."""
    parts: dict[int, Counter[Card]] = {}
    for step in solution.steps:
        if step.source == "hand":
            parts.setdefault(step.target, Counter()).update(step.cards)
    return parts


def _best_new_meld_rule(variant: "Variant", table: Sequence[Sequence[Card]], hand: Sequence[Card],
                        help: Sequence[Card]) -> Plan:
    """The best play when help cards go down only in a new meld with two hand
    cards or more (``help_cards_use: new-meld-from-hand``): the solver's
    play without help cards, or one such meld played first and the solver's
    play after it, whichever places more hand cards. Not every play: a
    rearrangement that would take a help card into an old meld is never
    found, nor two help melds in one turn."""
    from . import finder
    from .solver import solve

    without = solve(variant, table, hand)
    actions = realize(table, without) if without.placed else []
    assert actions is not None, "without help cards there is nothing to lend"
    plan = Plan(without.placed, without.table, tuple(actions))
    in_hand = Counter(hand)
    for meld in _help_melds(variant, hand, help, finder):
        mine = [c for c in meld if in_hand[c]]
        rest = list((in_hand - Counter(mine)).elements())
        after = [*map(tuple, table), tuple(meld)]
        then = solve(variant, after, rest) if rest else None
        more = realize(after, then) if then is not None and then.placed else []
        if more is None or len(mine) + (len(then.placed) if then else 0) <= len(plan.placed):
            continue
        first = Play(tuple(mine), tuple(c for c in meld if c not in mine))
        plan = Plan((*mine, *(then.placed if then else ())), then.table if then else tuple(after),
                    (first, *more))
    return plan


def _help_melds(variant: "Variant", hand: Sequence[Card], help: Sequence[Card], finder: Any
                ) -> list[tuple[Card, ...]]:
    """Valid new melds of distinct cards holding help cards and at least two
    hand cards, each as long as it gets, most hand cards first (a few)."""
    in_hand = set(hand)
    pool = [*sorted(in_hand), *(c for c in sorted(set(help)) if c not in in_hand)]
    found: set[tuple[Card, ...]] = set()
    for group in finder.groups(pool, variant.deck):
        cards = group.cards
        parts = ([cards[i:j] for i in range(len(cards)) for j in range(i + 3, len(cards) + 1)] if group.run
                 else [cards])
        for part in parts:
            mine = [c for c in part if c in in_hand]
            if len(mine) >= 2 and len(mine) < len(part) and finder.valid(part, variant):
                found.add(tuple(part))
    return sorted(found, key=lambda m: (-sum(c in in_hand for c in m), -len(m)))[:6]
