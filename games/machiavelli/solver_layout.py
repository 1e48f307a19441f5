"""From the solver's new melds to an answer a person can carry out.

Identical cards are interchangeable, so which copy "moved" is a matter of
explanation: each old meld is paired with the new meld that keeps most of
its cards (at least two), keeps its number, and only the cards that differ
are moved. Steps are grouped by the meld they go to (in number order) and
then by where they come from (old melds in order, then the hand, then the
help cards).
"""

from __future__ import annotations

from typing import Any, Sequence

from machiavelli.core.cards import Card
from .solution import Solution, Source, Step
from .variant import MachiavelliVariant as Variant

#: Fewest cards an old meld must keep to be called the same meld.
SAME_MELD_MIN = 2


def _minus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The multiset difference of two sorted sequences, sorted."""
    out: list[int] = []
    j, end = 0, len(b)
    for x in a:
        while j < end and b[j] < x:
            j += 1
        if j < end and b[j] == x:
            j += 1
        else:
            out.append(x)
    return out


def _pairs(old: Sequence[tuple[int, ...]], new: Sequence[tuple[int, ...]],
           rest_old: Sequence[int], rest_new: Sequence[int]) -> dict[int, int]:
    """Old meld index -> new meld index among the melds ``rest_old`` and
    ``rest_new`` (sorted card keys), greedy by cards in common (ties: a meld
    left exactly as it was, then the lower numbers)."""
    holders: dict[int, list[int]] = {}
    counts: dict[int, dict[int, int]] = {}
    for j in rest_new:
        held: dict[int, int] = {}
        for card in new[j]:
            held[card] = held.get(card, 0) + 1
        counts[j] = held
        for card in held:
            holders.setdefault(card, []).append(j)
    candidates = []
    for i in rest_old:
        mine: dict[int, int] = {}
        for card in old[i]:
            mine[card] = mine.get(card, 0) + 1
        common: dict[int, int] = {}
        for card, count in mine.items():
            for j in holders.get(card, ()):
                theirs = counts[j][card]
                common[j] = common.get(j, 0) + (count if count < theirs else theirs)
        for j, c in common.items():
            if c >= SAME_MELD_MIN:
                candidates.append((-c, old[i] != new[j], i, j))
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
    i: int | None  # old meld indices, and a lookup's answer below
    j: int | None  # new meld indices, and a lookup's answer below
    deck = variant.deck
    width = len(deck.suits)
    # Extra cards (jokers) after the suits, as hands are held, each kind apart.
    order_of = {**{e.code: width + n for n, e in enumerate(deck.extras)},
                **{s.code: n for n, s in enumerate(deck.suits)}}
    cards: dict[int, Card] = {}

    def key(c: Card) -> int:
        """A card as an int that sorts by suit order, then rank (as hands are held)."""
        k = order_of[c.suit] * 64 + c.rank
        cards[k] = c
        return k

    # New melds in the order of their cards by rank, then suit. An extra card
    # (rank 0) weighs as much as the first suit's ace: the order answers
    # have always listed new melds in.
    suit_weight = {code: min(n, width) for code, n in order_of.items()}
    arranged = [tuple(m) for m in new_melds]  # already laid out by the solver
    arranged.sort(key=lambda m: sorted([c.rank * width + suit_weight[c.suit] for c in m]))
    # The cards' keys (key(), inline: a table holds a hundred cards).
    old_keys = [tuple(sorted([order_of[c.suit] * 64 + c.rank for c in m])) for m in old_melds]
    new_keys = []
    for m in arranged:
        ks = []
        for c in m:
            card_key = order_of[c.suit] * 64 + c.rank
            cards[card_key] = c  # the steps move cards of the new melds
            ks.append(card_key)
        ks.sort()
        new_keys.append(tuple(ks))
    # Melds left exactly as they were pair off first (most of a table).
    pairs: dict[int, int] = {}
    waiting: dict[tuple[int, ...], list[int]] = {}
    for i, k in enumerate(old_keys):
        waiting.setdefault(k, []).append(i)
    for j, k in enumerate(new_keys):
        if waiting.get(k):
            pairs[waiting[k].pop(0)] = j
    same = set(pairs)
    paired_new = set(pairs.values())
    rest_old = [i for i in range(len(old_keys)) if i not in pairs]
    rest_new = [j for j in range(len(new_keys)) if j not in paired_new]
    pairs.update(_pairs(old_keys, new_keys, rest_old, rest_new))
    number = {j: i + 1 for i, j in pairs.items()}
    next_number = len(old_melds) + 1
    for j in range(len(arranged)):
        if j not in number:
            number[j] = next_number
            next_number += 1
    inverse = {j: i for i, j in pairs.items()}

    # What each new meld still needs once its old meld's cards stay put,
    # and what each old meld gives away (the melds left as they were: nothing).
    give_old: list[tuple[int, Sequence[int]]] = []
    for i in rest_old:
        j = pairs.get(i)
        give_old.append((i + 1, _minus(old_keys[i], new_keys[j]) if j is not None else old_keys[i]))
    changed = tuple(source for source, pool in give_old if pool or source - 1 not in pairs)
    give: list[tuple[Source, Sequence[int]]] = [*give_old, ("hand", sorted(map(key, placed))),
                                                ("help", sorted(map(key, help_used)))]
    rank_of = {source: n for n, (source, _) in enumerate(give)}

    supply: dict[int, list[list[Any]]] = {}  # card -> [[source, copies], ...] in the order they give
    sources: list[list[Any]] | None  # a card's, and a lookup's answer below
    for source, pool in give:
        for card in pool:
            sources = supply.setdefault(card, [])
            if sources and sources[-1][0] == source:
                sources[-1][1] += 1
            else:
                sources.append([source, 1])
    order = sorted(range(len(arranged)), key=number.__getitem__)
    steps: list[Step] = []
    for j in order:
        i = inverse.get(j)
        if i in same:
            continue
        need = new_keys[j] if i is None else _minus(new_keys[j], old_keys[i])
        moved: dict[Source, list[Card]] = {}
        for card in need:
            sources = supply.get(card)
            if not sources:  # pragma: no cover - the solver's answer always balances
                raise AssertionError(f"no source for {cards[card]}")
            head = sources[0]
            moved.setdefault(head[0], []).append(cards[card])
            head[1] -= 1
            if not head[1]:
                sources.pop(0)
        first = True
        for source in sorted(moved, key=rank_of.__getitem__):
            steps.append(Step(tuple(moved[source]), source, number[j], new=first and i is None))
            first = False
    return Solution(
        placed=tuple(sorted(placed, key=key)),
        help_used=tuple(sorted(help_used, key=key)),
        table=tuple(arranged[j] for j in order),
        numbers=tuple(number[j] for j in order),
        steps=tuple(steps),
        changed=changed,
        method=method,
    )
