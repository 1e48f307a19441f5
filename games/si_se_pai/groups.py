"""Groups of cards and the win check, on the variant's meld kinds.

Every legal group of the variant is listed once (:class:`Groups`, one per
variant): a multiset of card values that the kernel's :func:`check`
accepts. A hand is a count per card value; whether it splits into groups
(the win check) is an exact search that takes, for the lowest card value
left, each group that contains it, with the answers remembered per hand.
Exact because every split is reached (the lowest card left must be in some
group); fast because hands repeat and a colour's cards rarely mix with
another's.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from itertools import combinations_with_replacement
from typing import Iterable, Sequence

from machiavelli.core.cards import Card
from machiavelli.core.melds import check
from machiavelli.core.variant import per_variant

from .variant import SiSePaiVariant

Hand = tuple[int, ...]
_MEMO_LIMIT = 400_000


class Groups:
    """The legal groups of one variant and searches over hands."""

    def __init__(self, variant: SiSePaiVariant) -> None:
        self.variant = variant
        self.values: tuple[Card, ...] = variant.deck.cards()
        self.index = {c: i for i, c in enumerate(self.values)}
        available = Counter(variant.physical_cards)
        self.available = tuple(available[c] for c in self.values)
        self.kind: dict[Hand, str] = {}
        for group in self._candidates():
            result = check([self.values[i] for i in group], variant.groups, deck=variant.deck)
            if result.valid and result.kind is not None:
                self.kind[group] = result.kind
        # For each card value: the groups whose lowest value it is (the search's branching).
        self.starting: list[list[tuple[Hand, int]]] = [[] for _ in self.values]
        for group, kind in self.kind.items():
            self.starting[group[0]].append((group, variant.points.get(kind, 0)))
        self.containing: list[list[Hand]] = [[] for _ in self.values]
        for group in self.kind:
            for v in set(group):
                self.containing[v].append(group)
        self._best: dict[Hand, int | None] = {}
        self._loose: dict[Hand, int] = {}

    def _candidates(self) -> Iterable[Hand]:
        """Multisets of values that could be a group: of one suit, or of one
        rank, or of extra cards, up to the largest kind; every multiset when
        a kind of several cards shares nothing (rare: then it costs more)."""
        kinds = self.variant.groups.values()
        top = max((k.max_size or 4) for k in kinds)
        top = min(top, 6)
        n = len(self.values)
        shareless = any(not k.same and (k.max_size or 2) > 1 and not k.extras for k in kinds)
        seen: set[Hand] = set()
        pools: list[list[int]] = []
        if shareless:
            pools.append(list(range(n)))
        else:
            for s in self.variant.deck.suits:
                pools.append([i for i, c in enumerate(self.values) if c.suit == s.code and c.rank != 0])
            for r in range(1, len(self.variant.deck.ranks) + 1):
                pools.append([i for i, c in enumerate(self.values) if c.rank == r])
            pools.append([i for i, c in enumerate(self.values) if c.rank == 0])
            pools.append(list(range(n)))  # single cards
        for k, pool in enumerate(pools):
            sizes = range(1, 2) if (k == len(pools) - 1 and not shareless) else range(1, top + 1)
            for size in sizes:
                for group in combinations_with_replacement(pool, size):
                    if group in seen or any(group.count(v) > self.available[v] for v in set(group)):
                        continue
                    seen.add(group)
                    yield group

    # -- hands -------------------------------------------------------------------

    def hand(self, cards: Iterable[Card]) -> Hand:
        counts = [0] * len(self.values)
        for c in cards:
            counts[self.index[c]] += 1
        return tuple(counts)

    def cards(self, hand: Hand) -> list[Card]:
        return [self.values[i] for i, n in enumerate(hand) for _ in range(n)]

    def best(self, hand: Hand) -> int | None:
        """The most points a split of the whole hand into groups scores, or
        None when it does not split (the win check)."""
        found = self._best.get(hand, -1)
        if found != -1:
            return found
        first = next((i for i, n in enumerate(hand) if n), None)
        if first is None:
            return 0
        out: int | None = None
        for group, points in self.starting[first]:
            rest = _minus(hand, group)
            if rest is None:
                continue
            sub = self.best(rest)
            if sub is not None and (out is None or sub + points > out):
                out = sub + points
        if len(self._best) > _MEMO_LIMIT:
            self._best.clear()
        self._best[hand] = out
        return out

    def split(self, hand: Hand) -> list[Hand] | None:
        """A best-scoring split of the hand into groups (the groups in the
        order of their lowest card), or None."""
        target = self.best(hand)
        if target is None:
            return None
        out: list[Hand] = []
        while any(hand):
            first = next(i for i, n in enumerate(hand) if n)
            for group, points in self.starting[first]:
                rest = _minus(hand, group)
                if rest is not None:
                    sub = self.best(rest)
                    if sub is not None and sub + points == target:
                        out.append(group)
                        hand, target = rest, sub
                        break
        return out

    def loose(self, hand: Hand) -> int:
        """The fewest cards left out when the hand is split into groups as
        far as it goes (0: the hand splits)."""
        found = self._loose.get(hand)
        if found is not None:
            return found
        first = next((i for i, n in enumerate(hand) if n), None)
        if first is None:
            return 0
        out = 1 + self.loose(_take(hand, first))
        for group, _points in self.starting[first]:
            if out == 0:
                break
            rest = _minus(hand, group)
            if rest is not None:
                out = min(out, self.loose(rest))
        if len(self._loose) > _MEMO_LIMIT:
            self._loose.clear()
        self._loose[hand] = out
        return out

    def with_card(self, hand: Hand, value: int) -> list[tuple[Hand, str]]:
        """Every group that the card ``value`` makes with cards of the hand:
        (the hand's cards it takes, the kind)."""
        out = []
        for group in self.containing[value]:
            rest = list(group)
            rest.remove(value)
            need = Counter(rest)
            if all(hand[v] >= n for v, n in need.items()):
                out.append((tuple(rest), self.kind[group]))
        return out

    def kind_of(self, cards: Sequence[Card]) -> str | None:
        return self.kind.get(tuple(sorted(self.index[c] for c in cards)))


def _minus(hand: Hand, group: Hand) -> Hand | None:
    out = list(hand)
    for v in group:
        if out[v] == 0:
            return None
        out[v] -= 1
    return tuple(out)


def _take(hand: Hand, value: int) -> Hand:
    out = list(hand)
    out[value] -= 1
    return tuple(out)


#: The variant's groups (built once per variant object).
groups_of = per_variant(Groups, keep=16)
