"""From the solver's new melds to an answer a person can carry out.

Identical cards are interchangeable, so which copy "moved" is a matter of
explanation: each old meld is paired with the new meld that keeps most of
its cards (at least two), keeps its number, and only the cards that differ
are moved. Steps are grouped by the meld they go to (in number order) and
then by where they come from (old melds in order, then the hand, then the
help cards).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from machiavelli.core.cards import Card
from .solution import Solution, Source, Step
from .variant import MachiavelliVariant as Variant

#: Fewest cards an old meld must keep to be called the same meld.
SAME_MELD_MIN = 2


def _pairs(old: Sequence[Counter], new: Sequence[Counter]) -> dict[int, int]:
    """Old meld index -> new meld index, greedy by cards in common (ties: a
    meld left exactly as it was, then the lower numbers)."""
    holders: dict[int, list[int]] = {}
    for j, n in enumerate(new):
        for card in n:
            holders.setdefault(card, []).append(j)
    candidates = []
    for i, o in enumerate(old):
        common: Counter = Counter()
        for card, count in o.items():
            for j in holders.get(card, ()):
                common[j] += min(count, new[j][card])
        for j, c in common.items():
            if c >= SAME_MELD_MIN:
                candidates.append((-c, o != new[j], i, j))
    candidates.sort()
    pairs: dict[int, int] = {}
    used: set[int] = set()
    for _, _, i, j in candidates:
        if i not in pairs and j not in used:
            pairs[i] = j
            used.add(j)
    return pairs


def explain(
    variant: Variant,
    old_melds: Sequence[Sequence[Card]],
    new_melds: Sequence[Sequence[Card]],
    placed: Sequence[Card],
    help_used: Sequence[Card],
    method: str,
) -> Solution:
    deck = variant.deck
    width = len(deck.suits)
    # Extra cards (jokers) after the suits, as hands are held.
    suit_order = {**{e.code: width for e in deck.extras}, **{s.code: i for i, s in enumerate(deck.suits)}}
    cards: dict[int, Card] = {}

    def key(c: Card) -> int:
        """A card as an int that sorts by suit order, then rank (as hands are held)."""
        k = suit_order[c.suit] * 64 + c.rank
        cards[k] = c
        return k

    def by_rank(c: Card) -> int:
        return c.rank * width + suit_order[c.suit]

    arranged = [tuple(m) for m in new_melds]  # already laid out by the solver
    arranged.sort(key=lambda m: sorted(map(by_rank, m)))
    old_keys = [tuple(sorted(map(key, m))) for m in old_melds]
    new_keys = [tuple(sorted(map(key, m))) for m in arranged]
    # Melds left exactly as they were pair off first (most of a table).
    pairs: dict[int, int] = {}
    waiting: dict[tuple[int, ...], list[int]] = {}
    for i, k in enumerate(old_keys):
        waiting.setdefault(k, []).append(i)
    for j, k in enumerate(new_keys):
        if waiting.get(k):
            pairs[waiting[k].pop(0)] = j
    rest_old = [i for i in range(len(old_keys)) if i not in pairs]
    paired_new = set(pairs.values())
    rest_new = [j for j in range(len(new_keys)) if j not in paired_new]
    # Counts only for the melds not left exactly as they were (most of a
    # table is): the others give and need nothing.
    rest = set(rest_old)
    old_c = [Counter(k) if i in rest else None for i, k in enumerate(old_keys)]
    new_c = [Counter(k) if j in rest_new else None for j, k in enumerate(new_keys)]
    more = _pairs([old_c[i] for i in rest_old], [new_c[j] for j in rest_new])
    for a, b in more.items():
        pairs[rest_old[a]] = rest_new[b]
    for i, j in pairs.items():
        if new_c[j] is None:
            new_c[j] = old_c[i]
    number = {j: i + 1 for i, j in pairs.items()}
    next_number = len(old_melds) + 1
    for j in range(len(arranged)):
        if j not in number:
            number[j] = next_number
            next_number += 1
    inverse = {j: i for i, j in pairs.items()}

    # What each new meld still needs once its old meld's cards stay put,
    # and what each old meld gives away.
    empty: Counter = Counter()
    same = {i for i, j in pairs.items() if old_keys[i] == new_keys[j]}
    need = []
    for j, n in enumerate(new_c):
        i = inverse.get(j)
        need.append(empty if i in same else n - (old_c[i] & n) if i is not None else n)
    give: list[tuple[Source, Counter]] = []
    for i, o in enumerate(old_c):
        if i in same:
            continue
        give.append((i + 1, o - (o & new_c[pairs[i]]) if i in pairs else o))
    give.append(("hand", Counter(map(key, placed))))
    give.append(("help", Counter(map(key, help_used))))

    supply: dict[int, list[list]] = {}  # card -> [[source, copies], ...] in the order they give
    for source, pool in give:
        for card, copies in pool.items():
            if copies > 0:
                supply.setdefault(card, []).append([source, copies])
    moved: dict[tuple[int, Source], list[int]] = {}
    order = sorted(range(len(arranged)), key=lambda j: number[j])
    for j in order:
        for card in sorted(need[j].elements()):
            sources = supply.get(card)
            if not sources:  # pragma: no cover - the solver's answer always balances
                raise AssertionError(f"no source for {cards[card]}")
            head = sources[0]
            moved.setdefault((j, head[0]), []).append(card)
            head[1] -= 1
            if not head[1]:
                sources.pop(0)
    steps: list[Step] = []
    for j in order:
        first = True
        for source, _ in give:
            got = moved.get((j, source))
            if got:
                steps.append(Step(tuple(cards[k] for k in sorted(got)), source, number[j], new=first and j not in inverse))
                first = False
    changed = tuple(i + 1 for i, o in enumerate(old_c) if i not in same and (i not in pairs or o - new_c[pairs[i]]))
    return Solution(
        placed=tuple(sorted(placed, key=key)),
        help_used=tuple(sorted(help_used, key=key)),
        table=tuple(arranged[j] for j in order),
        numbers=tuple(number[j] for j in order),
        steps=tuple(steps),
        changed=changed,
        method=method,
    )
