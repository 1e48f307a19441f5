"""The solver's exact fallback for meld kinds the rank search does not know.

Every valid meld that the cards present could form is listed (a depth-first
walk over the card values, pruned by the kinds' shared and distinct
attributes and sizes, each candidate confirmed by :func:`machiavelli.core.melds.check`),
then a branch and bound chooses melds card value by card value: the melds
whose smallest card is the current value are chosen there, so that every
table card is covered exactly once. Exponential in the worst case: past
fixed limits it raises :class:`~machiavelli.core.errors.SolverError` rather than guess.

Jokers: a candidate may also be natural cards completed by jokers (as many
as the variant allows in one meld), confirmed by the same check. The joker
is the last card value, so the melds holding one are chosen with their
smallest natural card, and the table's jokers are covered last. A placed
joker counts as a hand card worth no points, so that among answers placing
as many cards the natural ones go down first.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from machiavelli.core.cards import Card
from machiavelli.core.errors import SolverError
from machiavelli.core.melds import MeldKind
from .variant import MachiavelliVariant as Variant

#: Most candidate melds listed, and most nodes of the branch and bound.
MAX_CANDIDATES = 20_000
MAX_NODES = 2_000_000


def _is_joker(card: Card, code: str) -> bool:
    return card.rank == 0 and card.suit == code


def _candidates(variant: Variant, values: list[Card], avail: Counter[Card]) -> list[tuple[int, ...]]:
    """Every valid meld (as sorted indices into ``values``) that the
    available cards can form."""
    deck = variant.deck
    kinds = list(variant.melds.values())
    found: set[tuple[int, ...]] = set()
    steps = 0
    wild = variant.wild
    joker = len(values) - 1 if wild is not None and values and _is_joker(values[-1], wild.code) else None
    most = 0 if joker is None else avail[values[joker]]
    if joker is not None and wild is not None and wild.per_meld is not None:
        most = min(most, wild.per_meld)

    def walk(kind: MeldKind, start: int, chosen: list[int], shared: dict[str, object], taken: dict[str, set[object]]) -> None:
        nonlocal steps
        steps += 1
        if steps > MAX_CANDIDATES * 20:
            raise SolverError("search-too-large", detail="too many possible melds")
        top = kind.max_size or len(values) * variant.decks
        naturals = [values[i] for i in chosen]
        if len(chosen) >= kind.min_size and variant.check(naturals).valid:
            found.add(tuple(chosen))
        if joker is not None and chosen:
            for j in range(max(1, kind.min_size - len(chosen)), min(most, top - len(chosen)) + 1):
                if variant.check(naturals + [values[joker]] * j).valid:
                    found.add((*chosen, *[joker] * j))
        if len(found) > MAX_CANDIDATES:
            raise SolverError("search-too-large", detail="too many possible melds")
        if len(chosen) >= top:
            return
        for i in range(start, len(values)):
            if i == joker:
                continue
            card = values[i]
            uses = chosen.count(i)
            if uses >= avail[card] or (uses and "card" in kind.distinct):
                continue
            if any(shared.get(a, getattr(card, a)) != getattr(card, a) for a in kind.same):
                continue
            if any(getattr(card, a) in taken[a] for a in kind.distinct if a != "card"):
                continue
            if kind.ranks is not None and deck.rank_code(card.rank) not in kind.ranks:
                continue
            new_shared: dict[str, object] = {**shared, **{a: getattr(card, a) for a in kind.same}}
            new_taken = {a: taken[a] | {getattr(card, a)} for a in taken}
            walk(kind, i, [*chosen, i], new_shared, new_taken)

    for kind in kinds:
        walk(kind, 0, [], {}, {a: set() for a in kind.distinct if a != "card"})
    return sorted(found)


def solve_position(
    variant: Variant, melds: Sequence[Sequence[Card]], hand: Sequence[Card], help_cards: Sequence[Card]
) -> tuple[list[tuple[Card, ...]], list[Card], list[Card]]:
    """(new melds, hand cards placed, help cards used) by exhaustive search."""
    table = Counter(c for m in melds for c in m)
    hand_c, help_c = Counter(hand), Counter(help_cards)
    avail = table + hand_c + help_c
    wild = variant.wild
    # Jokers last (see the module's docstring).
    values = sorted(avail, key=lambda c: (wild is not None and _is_joker(c, wild.code), c.rank, variant.deck.sort_key(c)))
    cands = _candidates(variant, values, avail)
    by_first: list[list[tuple[int, ...]]] = [[] for _ in values]
    for cand in cands:
        by_first[cand[0]].append(cand)
    n = len(values)
    must = [table[values[i]] for i in range(n)]
    hand_n = [hand_c[values[i]] for i in range(n)]
    cap = [avail[values[i]] for i in range(n)]
    points = [0 if wild is not None and _is_joker(values[i], wild.code) else variant.deck.points(values[i])
              for i in range(n)]
    # Packed value: hand cards, then their points, then help cards left.
    w_points = sum(help_c.values()) + 1
    w_hand = (sum(points[i] * hand_n[i] for i in range(n)) + 1) * w_points
    gain_after = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        gain_after[i] = gain_after[i + 1] + hand_n[i] * w_hand + hand_n[i] * points[i] * w_points + (cap[i] - must[i] - hand_n[i])
    best: list[Any] = [-1, None]  # the best score, and its melds
    cover = [0] * n
    chosen: list[tuple[int, ...]] = []
    nodes = 0

    def value_of(i: int) -> int:
        extra = cover[i] - must[i]
        placed = min(hand_n[i], extra)
        return placed * w_hand + placed * points[i] * w_points + (cap[i] - must[i] - hand_n[i] - (extra - placed))

    def at(i: int, score: int) -> None:
        if i == n:
            if score > best[0]:
                best[0], best[1] = score, list(chosen)
            return
        if score + gain_after[i] <= best[0]:
            return
        pick(i, 0, score)

    def pick(i: int, j: int, score: int) -> None:
        """Choose how many of each meld starting with value i (from the j-th on)."""
        nonlocal nodes
        nodes += 1
        if nodes > MAX_NODES:
            raise SolverError("search-too-large", detail="too many combinations of melds")
        if cover[i] > cap[i]:
            return
        options = by_first[i]
        if j == len(options):
            if cover[i] >= must[i]:
                at(i + 1, score + value_of(i))
            return
        cand = options[j]
        added = 0
        while True:
            pick(i, j + 1, score)
            if any(cover[x] + 1 > cap[x] for x in cand):
                break
            for x in cand:
                cover[x] += 1
            chosen.append(cand)
            added += 1
        for _ in range(added):
            chosen.pop()
            for x in cand:
                cover[x] -= 1

    at(0, 0)
    result = best[1] or []
    new_melds = [variant.arrange(tuple(values[x] for x in cand)) for cand in result]
    total = Counter(x for cand in result for x in cand)
    placed: list[Card] = []
    used_help: list[Card] = []
    for i in range(n):
        extra = total[i] - must[i]
        k = min(hand_n[i], extra)
        placed += [values[i]] * k
        used_help += [values[i]] * (extra - k)
    return new_melds, placed, used_help
