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

from .cards import Card
from .solver import Solution, Step
from .variant import Variant

#: Fewest cards an old meld must keep to be called the same meld.
SAME_MELD_MIN = 2


def _pairs(old: Sequence[Counter], new: Sequence[Counter]) -> dict[int, int]:
    """Old meld index -> new meld index, greedy by cards in common (ties: a
    meld left exactly as it was, then the lower numbers)."""
    candidates = []
    for i, o in enumerate(old):
        for j, n in enumerate(new):
            common = sum((o & n).values())
            if common >= SAME_MELD_MIN:
                candidates.append((-common, o != n, i, j))
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

    def card_key(c: Card) -> tuple[int, int]:
        return deck.sort_key(c)

    arranged = [variant.arrange(tuple(m)) for m in new_melds]
    arranged.sort(key=lambda m: [(c.rank, deck.sort_key(c)) for c in sorted(m, key=lambda c: (c.rank, card_key(c)))])
    old_c = [Counter(m) for m in old_melds]
    new_c = [Counter(m) for m in arranged]
    pairs = _pairs(old_c, new_c)
    number = {j: i + 1 for i, j in pairs.items()}
    next_number = len(old_melds) + 1
    for j in range(len(arranged)):
        if j not in number:
            number[j] = next_number
            next_number += 1
    inverse = {j: i for i, j in pairs.items()}

    # What each new meld still needs once its old meld's cards stay put,
    # and what each old meld gives away.
    need = []
    for j, n in enumerate(new_c):
        stay = old_c[inverse[j]] & n if j in inverse else Counter()
        need.append(n - stay)
    give: list[tuple[object, Counter]] = []
    for i, o in enumerate(old_c):
        stay = o & new_c[pairs[i]] if i in pairs else Counter()
        give.append((i + 1, o - stay))
    give.append(("hand", Counter(placed)))
    give.append(("help", Counter(help_used)))

    moved: dict[tuple[int, object], list[Card]] = {}
    order = sorted(range(len(arranged)), key=lambda j: number[j])
    for j in order:
        for card in sorted(need[j].elements(), key=card_key):
            for source, pool in give:
                if pool[card] > 0:
                    pool[card] -= 1
                    moved.setdefault((j, source), []).append(card)
                    break
            else:  # pragma: no cover - the solver's answer always balances
                raise AssertionError(f"no source for {card}")
    steps: list[Step] = []
    for j in order:
        first = True
        for source, _ in give:
            cards = moved.get((j, source))
            if cards:
                steps.append(Step(tuple(sorted(cards, key=card_key)), source, number[j], new=first and j not in inverse))
                first = False
    changed = tuple(
        i + 1 for i, o in enumerate(old_c) if i not in pairs or sum((o - new_c[pairs[i]]).values()) > 0
    )
    table = tuple(arranged[j] for j in order)
    return Solution(
        placed=tuple(sorted(placed, key=card_key)),
        help_used=tuple(sorted(help_used, key=card_key)),
        table=table,
        numbers=tuple(number[j] for j in order),
        steps=tuple(steps),
        changed=changed,
        method=method,
    )
