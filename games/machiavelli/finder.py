"""Melds among a handful of cards, without the solver: the one finder
behind the greedy and random computer players and the hand's ``melds`` order.

Melds hide in two kinds of group of distinct cards: the cards of one rank
(a set) and a stretch of consecutive ranks in one suit (a run), the ace both
low (A-2-3) and high (Q-K-A). Every part a caller picks from a group is
checked by the variant's rules (memoised) before it counts as a meld.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Iterable, Iterator, Sequence

from machiavelli.core.cards import Card, DeckSpec
from machiavelli.core.melds import MeldCheck
from machiavelli.core.table import rules_for
from machiavelli.core.variant import MeldVariant

#: The fewest cards of a group or a part: melds are three cards or more in
#: every shipped variant, and a variant with smaller ones just gets fewer ideas.
SMALLEST = 3


@dataclass(frozen=True, slots=True)
class Group:
    """Distinct cards that may hold melds: one rank's cards in the order
    given, or a suit's stretch of consecutive ranks in rank order."""

    cards: tuple[Card, ...]
    run: bool

    def parts(self) -> Iterator[tuple[Card, ...]]:
        """The parts worth checking, largest first: a set's cards, then fewer
        of them from the end; a run's every stretch of consecutive ranks (never
        the ace twice)."""
        cards = self.cards
        if not self.run:
            for size in range(len(cards), SMALLEST - 1, -1):
                yield cards[:size]
            return
        for size in range(len(cards), SMALLEST - 1, -1):
            for start in range(len(cards) - size + 1):
                part = cards[start:start + size]
                if part[0] != part[-1]:  # a whole suit's stretch holds the ace at both ends
                    yield part


def groups(cards: Iterable[Card], deck: DeckSpec) -> tuple[Group, ...]:
    """The groups of at least three distinct ``cards``: every rank's cards
    (ranks in the order they first appear), then every suit's longest
    stretches along A, 2, …, K, A (suits in the order they first appear,
    stretches from the low end). Only a whole suit makes a stretch that
    holds the ace at both ends."""
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    for card in cards:
        # Bots call this on every turn: one dict per suit also drops the
        # copies, without hashing the cards themselves.
        ranks = by_suit.get(card.suit)
        if ranks is None:
            ranks = by_suit[card.suit] = {}
        elif card.rank in ranks:
            continue
        ranks[card.rank] = card
        same = by_rank.get(card.rank)
        if same is None:
            by_rank[card.rank] = [card]
        else:
            same.append(card)
    found = [Group(tuple(g), False) for g in by_rank.values() if len(g) >= SMALLEST]
    top = len(deck.ranks)
    for ranks in by_suit.values():
        if len(ranks) < SMALLEST:
            continue
        stretches: list[list[int]] = []
        for r in sorted(ranks):
            if stretches and stretches[-1][-1] == r - 1:
                stretches[-1].append(r)
            elif 1 <= r <= top:
                stretches.append([r])
        if stretches and stretches[0][0] == 1 and stretches[-1][-1] == top:
            stretches[-1].append(1)  # the ace again after the top rank: Q-K-A
        found.extend(Group(tuple(ranks[r] for r in rs), True) for rs in stretches if len(rs) >= SMALLEST)
    return tuple(found)


def valid(cards: Sequence[Card], variant: MeldVariant) -> bool:
    """Whether ``cards`` make one valid meld of the variant (memoised)."""
    return rules_for(variant).check_cards(cards).valid


def fitting(meld: Sequence[Card], cards: Iterable[Card], variant: MeldVariant) -> tuple[Card, ...]:
    """The ``cards`` that each make ``meld`` one valid meld when added to it
    alone (memoised per meld: bots ask this for every meld on every turn)."""
    rules = rules_for(variant)
    index = rules.index
    ok = rules.fits(tuple(sorted(index[c] for c in meld)))
    return tuple(c for c in cards if index.get(c) in ok)


def _largest(cards: Iterable[Card], deck: DeckSpec, check: Callable[[Sequence[Card]], MeldCheck]
             ) -> tuple[Card, ...] | None:
    best: tuple[Card, ...] | None = None
    for group in groups(cards, deck):
        if best is not None and len(group.cards) <= len(best):
            continue
        for part in group.parts():
            if best is not None and len(part) <= len(best):
                break
            if check(part).valid:
                best = part
                break
    return best


def largest(cards: Iterable[Card], variant: MeldVariant) -> tuple[Card, ...] | None:
    """The largest valid meld of one rank or one suit among ``cards`` (one
    copy of each), sets before runs when they tie; None when there is none."""
    return _largest(cards, variant.deck, rules_for(variant).check_cards)


def joker_pairs(cards: Sequence[Card], variant: MeldVariant) -> list[tuple[Card, ...]]:
    """Melds of two cards of ``cards`` and a joker of ``cards``, one joker
    each, the pairs worth most points first, while jokers last: what a
    player does with a joker once the hand's own melds are down (the
    pair would otherwise stay in hand)."""
    wild = variant.wild
    if wild is None:
        return []
    jokers = [c for c in cards if c.rank == 0 and c.suit == wild.code]
    naturals = [c for c in cards if not (c.rank == 0 and c.suit == wild.code)]
    check, points = rules_for(variant).check_cards, variant.deck.points
    found: list[tuple[Card, ...]] = []
    while jokers:
        best: tuple[int, int, int] | None = None
        for i, a in enumerate(naturals):
            for j in range(i + 1, len(naturals)):
                b = naturals[j]
                if a == b or (a.rank != b.rank and a.suit != b.suit):
                    continue
                score = points(a) + points(b)
                if (best is None or score > best[0]) and check((a, b, jokers[-1])).valid:
                    best = (score, i, j)
        if best is None:
            return found
        _, i, j = best
        found.append((naturals[i], naturals[j], jokers.pop()))
        del naturals[j], naturals[i]
    return found


def joker_melds(cards: Sequence[Card], variant: MeldVariant) -> list[tuple[Card, ...]]:
    """Every valid meld of distinct natural ``cards`` completed by jokers of
    ``cards`` (within the variant's limit per meld): each set of one rank
    with jokers in place of missing suits, each stretch of a suit's ranks
    (across the ace where the variant allows) with jokers in its gaps or at
    its ends. A stretch takes every natural card it spans: leaving one out
    for a joker would only spend the joker. Empty without jokers."""
    wild = variant.wild
    if wild is None:
        return []
    jokers = tuple(c for c in cards if c.rank == 0 and c.suit == wild.code)
    most = len(jokers) if wild.per_meld is None else min(len(jokers), wild.per_meld)
    if not most:
        return []
    by_rank: dict[int, dict[str, Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    for card in cards:
        if card.rank != 0:
            by_rank.setdefault(card.rank, {})[card.suit] = card
            by_suit.setdefault(card.suit, {})[card.rank] = card
    check = rules_for(variant).check_cards
    found: dict[tuple[Card, ...], tuple[Card, ...]] = {}

    def consider(naturals: tuple[Card, ...], missing: int) -> None:
        meld = naturals + jokers[:missing]
        key = tuple(sorted(meld))
        if key not in found and check(meld).valid:
            found[key] = meld

    for suits in by_rank.values():
        same = tuple(suits.values())
        for size in range(len(same), 0, -1):
            for part in combinations(same, size):
                for missing in range(1, most + 1):
                    consider(part, missing)
    top = len(variant.deck.ranks)
    for ranks in by_suit.values():
        for start in range(1, top + 1):
            for length in range(SMALLEST, top + 1):
                places = [(start - 1 + i) % top + 1 for i in range(length)]
                naturals = tuple(ranks[r] for r in places if r in ranks)
                missing = length - len(naturals)
                if naturals and 1 <= missing <= most:
                    consider(naturals, missing)
    return list(found.values())


def partition(cards: Iterable[Card], variant: MeldVariant) -> list[tuple[Card, ...]]:
    """Melds taken from the multiset ``cards`` one by one, largest first,
    until none is left among the rest; then, in a game with jokers, pairs
    completed by a joker (:func:`joker_pairs`)."""
    deck, check = variant.deck, rules_for(variant).check_cards
    left = list(cards)
    found: list[tuple[Card, ...]] = []
    while True:
        meld = _largest(left, deck, check)
        if meld is None:
            return found + joker_pairs(left, variant)
        found.append(meld)
        for card in meld:
            # The meld holds the very objects of ``left``: identity finds
            # them faster than comparing cards.
            at = next(k for k, c in enumerate(left) if c is card)
            del left[at]
