"""A player's first play under the variant's opening rule, and the plays
a player could make at all (for ``drawing: only-if-unable``).

The engine asks :func:`met` when a player who has not opened yet ends a
turn, and :func:`can_play` when a player asks to draw under a forced-play
rule; the computer players ask :func:`best_opening` for a first play that
the engine will accept. One module, so that what the engine demands and
what the players offer cannot drift apart.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Sequence

from machiavelli.core.cards import Card

from . import finder
from .variant import MachiavelliVariant as Variant

if TYPE_CHECKING:
    from .actions import Action

#: Most partial openings tried when looking for the most points (a hand of
#: 15 cards holds a few dozen melds; this bounds a pathological deck).
MAX_NODES = 20_000


def points(variant: Variant, melds: Sequence[Sequence[Card]]) -> int:
    """The value of ``melds``: the deck's card values, a joker counting as
    the card it stands for (the lowest value, when it could stand for
    several), not as the joker_points a joker left in hand costs."""
    value = variant.deck.points
    total = 0
    for meld in melds:
        naturals = [c for c in meld if c.rank != 0]
        total += sum(value(c) for c in naturals)
        if len(naturals) < len(meld):
            stands = variant.stands_for(tuple(meld))
            total += min((sum(value(c) for c in combo) for combo in stands), default=0)
    return total


def _is_run(variant: Variant, meld: Sequence[Card]) -> bool:
    kind = variant.check(tuple(meld)).kind
    return kind is not None and variant.melds[kind].sequence


def met(variant: Variant, own: Sequence[Sequence[Card]]) -> str | None:
    """None when the new melds made only of the player's hand cards
    (``own``) make a valid opening; else the reason code."""
    rule = variant.opening
    if rule == "none":
        return None
    if rule == "meld-from-hand":
        return None if own else "opening-not-met"
    if rule == "run":
        return None if any(_is_run(variant, m) for m in own) else "opening-run-not-met"
    return None if points(variant, own) >= variant.opening_points else "opening-points-not-met"


def _candidates(variant: Variant, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every valid meld among the hand's distinct cards that the finder
    sees, then those its jokers complete."""
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[Card, ...]] = set()
    for group in finder.groups(hand, variant.deck):
        for part in group.parts():
            key = tuple(sorted(part, key=variant.deck.sort_key))
            if key not in seen and finder.valid(part, variant):
                seen.add(key)
                out.append(part)
    return out + finder.joker_melds(hand, variant)


def _most_points(variant: Variant, hand: Sequence[Card], limit: int | None) -> list[tuple[Card, ...]]:
    """Disjoint melds of the hand worth the most points (within ``limit``
    cards), by a bounded depth-first search."""
    melds = _candidates(variant, hand)
    value = [points(variant, [m]) for m in melds]
    best: tuple[int, list[int]] = (0, [])
    nodes = 0

    def search(start: int, left: Counter[Card], chosen: list[int], total: int, size: int) -> None:
        nonlocal best, nodes
        nodes += 1
        if total > best[0]:
            best = (total, list(chosen))
        if nodes > MAX_NODES:
            return
        for k in range(start, len(melds)):
            need = Counter(melds[k])
            if limit is not None and size + len(melds[k]) > limit:
                continue
            if all(left[c] >= n for c, n in need.items()):
                chosen.append(k)
                search(k + 1, left - need, chosen, total + value[k], size + len(melds[k]))
                chosen.pop()

    search(0, Counter(hand), [], 0, 0)
    return [melds[k] for k in best[1]]


def best_opening(variant: Variant, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """New melds of hand cards that open under the variant's rule (and its
    limit of cards per turn); empty when the hand cannot open."""
    limit = variant.cards_per_turn
    if variant.opening == "points":
        found = _most_points(variant, hand, limit)
    elif variant.opening == "run":
        runs = [m for m in _candidates(variant, hand) if _is_run(variant, m)]
        runs = [m for m in runs if limit is None or len(m) <= limit]
        if not runs:
            return []
        first = max(runs, key=len)
        rest = Counter(hand) - Counter(first)
        found = [first, *finder.partition(list(rest.elements()), variant)]
    else:
        # The hand's own melds; failing those, its largest meld with jokers
        # (a natural card and two jokers, say, that no pair completes).
        found = finder.partition(hand, variant)
        if not found:
            fitting = [m for m in _candidates(variant, hand) if limit is None or len(m) <= limit]
            found = [max(fitting, key=len)] if fitting else []
    if limit is not None:
        kept, size = [], 0
        for meld in found:
            if size + len(meld) <= limit:
                kept.append(meld)
                size += len(meld)
        found = kept
    return found if met(variant, found) is None and found else []


def _hand_only(variant: Variant, table: Sequence[Sequence[Card]], hand: Sequence[Card]) -> list[Action]:
    """New melds of the hand, then single hand cards added where they fit."""
    from .actions import Add, Play

    melds = finder.partition(hand, variant)
    left = Counter(hand) - Counter(c for m in melds for c in m)
    actions: list[Action] = [Play(m) for m in melds]
    laid = [list(m) for m in table] + [list(m) for m in melds]
    for n, meld in enumerate(laid, 1):
        for card in finder.fitting(meld, sorted(left.elements(), key=variant.deck.sort_key), variant):
            if left[card] > 0:
                left[card] -= 1
                meld.append(card)
                actions.append(Add(n, (card,)))
                break
    return actions


def can_play(variant: Variant, table: Sequence[Sequence[Card]], hand: Sequence[Card], help: Sequence[Card],
             opened: bool) -> list[Action]:
    """Actions (``end`` not included) that place at least one hand card
    from this position under the variant's rules; empty when there are none
    (or when the solver gives up on an unusual variant: the player is then
    not forced to play)."""
    from machiavelli.core.errors import SolverError

    from .actions import Play

    if not opened and variant.opening != "none":
        return [Play(m) for m in best_opening(variant, hand)]
    if not opened and not variant.rearrange_before_opening:
        return _hand_only(variant, table, hand)
    from . import moves

    try:
        return list(moves.best(variant, table, hand, help).actions)
    except SolverError:
        return []
