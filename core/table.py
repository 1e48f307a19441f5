"""The table: melds side by side, and the meld rules the engine checks fast.

Two faces of one concept:

* :class:`Table` is a value (melds of card values) with a text notation
  (``5C 5D 5H | 6C 7C 8C``) and a check that names every invalid meld: what
  solvers take as input and UIs show.
* :class:`MeldRules` is a variant's meld check over *physical card ids*,
  memoised, so that the turn engine can check a whole table at the end of
  every turn in microseconds. A meld held by the engine is a sorted tuple of
  ids; identical cards from different decks are interchangeable, so checks
  are memoised on card values (``value[id]``: the card's index among the
  distinct cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from .cards import FRENCH, Card, DeckSpec
from .melds import Meld, MeldCheck
from .variant import MeldVariant as Variant, per_variant

#: Memo tables are dropped when they grow beyond this many entries (long
#: simulations of many variants must not grow without bound).
MEMO_LIMIT = 200_000


@dataclass(frozen=True, slots=True)
class TableCheck:
    """Every invalid meld of a table: ``(1-based meld number, MeldCheck)``."""

    invalid: tuple[tuple[int, MeldCheck], ...]

    @property
    def valid(self) -> bool:
        return not self.invalid


@dataclass(frozen=True, slots=True)
class Table:
    """Melds on the table, as a value. Meld order is the order players see
    (numbered from 1); the order of cards inside a meld is irrelevant."""

    melds: tuple[Meld, ...]

    def __init__(self, melds: Iterable[Iterable[Card] | Meld] = ()) -> None:
        object.__setattr__(self, "melds", tuple(m if isinstance(m, Meld) else Meld(m) for m in melds))

    @classmethod
    def parse(cls, text: str, deck: DeckSpec = FRENCH) -> "Table":
        """``Table.parse("5C 5D 5H | 6C 7C 8C")``; empty melds are ignored."""
        return cls(deck.parse_table(text))

    def __len__(self) -> int:
        return len(self.melds)

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)

    def cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards)

    def check(self, variant: Variant) -> TableCheck:
        rules = rules_for(variant)
        found = []
        for number, meld in enumerate(self.melds, 1):
            result = rules.check_cards(meld.cards)
            if not result.valid:
                found.append((number, result))
        return TableCheck(tuple(found))

    def text(self, deck: DeckSpec = FRENCH) -> str:
        return deck.format_table(m.cards for m in self.melds)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Table.parse({self.text()!r})"


class MeldRules:
    """A variant's meld rules over physical card ids, memoised.

    ``value[id]`` is the card's value index (``cards[value]`` its Card); a
    meld key is the sorted tuple of value indices, so two decks share one
    memo entry per meld of values.
    """

    __slots__ = ("variant", "deck", "cards", "size", "values", "index", "value",
                 "_by_ids", "_by_key", "_fits", "_order", "_laid", "_keys")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.deck = variant.deck
        #: Card of each physical id.
        self.cards: tuple[Card, ...] = variant.physical_cards
        #: Card of each value index (one of each card): the very objects of
        #: the physical cards, so that looking up a card the engine dealt
        #: finds its key by identity without comparing dataclass fields.
        firsts: dict[Card, Card] = {}
        for card in self.cards:
            firsts.setdefault(card, card)
        self.values: tuple[Card, ...] = tuple(firsts.values())
        self.size = len(self.values)
        #: Value index of each Card.
        self.index: dict[Card, int] = {card: i for i, card in enumerate(self.values)}
        #: Value index of each physical id (extra cards counted for the whole
        #: game, such as jokers, come after the decks: no modulo).
        index = self.index
        self.value: tuple[int, ...] = tuple(index[card] for card in self.cards)
        self._by_ids: dict[tuple[int, ...], MeldCheck] = {}
        self._by_key: dict[tuple[int, ...], MeldCheck] = {}
        self._fits: dict[tuple[int, ...], frozenset[int]] = {}
        self._order: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._laid: dict[tuple[int, ...], tuple[Card, ...]] = {}
        self._keys: dict[tuple[int, ...], tuple[int, ...]] = {}

    # -- checks ------------------------------------------------------------

    def key(self, ids: Iterable[int]) -> tuple[int, ...]:
        value = self.value
        return tuple(sorted([value[i] for i in ids]))

    def meld_key(self, meld: tuple[int, ...]) -> tuple[int, ...]:
        """:meth:`key` of a meld held by the engine, memoised."""
        found = self._keys.get(meld)
        if found is None:
            if len(self._keys) > MEMO_LIMIT:
                self._keys.clear()
            found = self._keys[meld] = self.key(meld)
        return found

    def check_key(self, key: tuple[int, ...]) -> MeldCheck:
        """Check a meld given as a sorted tuple of value indices."""
        found = self._by_key.get(key)
        if found is None:
            if len(self._by_key) > MEMO_LIMIT:
                self._by_key.clear()
            values = self.values
            found = self._by_key[key] = self.variant.check([values[v] for v in key])
        return found

    def check(self, meld: tuple[int, ...]) -> MeldCheck:
        """Check a meld held by the engine (a sorted tuple of ids)."""
        found = self._by_ids.get(meld)
        if found is None:
            if len(self._by_ids) > MEMO_LIMIT:
                self._by_ids.clear()
            found = self._by_ids[meld] = self.check_key(self.key(meld))
        return found

    def valid(self, meld: tuple[int, ...]) -> bool:
        found = self._by_ids.get(meld)
        return found.valid if found is not None else self.check(meld).valid

    def check_cards(self, cards: Sequence[Card]) -> MeldCheck:
        # One lookup per card (bots call this hundreds of thousands of times a run).
        get = self.index.get
        key = [get(c, -1) for c in cards]
        if -1 in key:
            return self.variant.check(list(cards))
        key.sort()
        return self.check_key(tuple(key))

    def invalid(self, melds: Sequence[tuple[int, ...]]) -> list[tuple[int, MeldCheck]]:
        """(1-based number, check) of every invalid meld."""
        out = []
        for number, meld in enumerate(melds, 1):
            if not self.valid(meld):
                out.append((number, self.check(meld)))
        return out

    def fits(self, key: tuple[int, ...]) -> frozenset[int]:
        """Value indices of the single cards that turn this meld (a sorted
        tuple of value indices) into a valid meld when added."""
        found = self._fits.get(key)
        if found is None:
            if len(self._fits) > MEMO_LIMIT:
                self._fits.clear()
            found = self._fits[key] = frozenset(
                v for v in range(self.size) if self.check_key(tuple(sorted((*key, v)))).valid
            )
        return found

    # -- display -------------------------------------------------------------

    def arrange(self, meld: Sequence[int]) -> tuple[int, ...]:
        """The ids of a meld in the order a player lays them out (a run in
        sequence, anything else by rank then suit)."""
        key = self.key(meld)
        order = self._order.get(key)
        if order is None:
            if len(self._order) > MEMO_LIMIT:
                self._order.clear()
            arranged = self.variant.arrange([self.values[v] for v in key])
            order = self._order[key] = tuple(self.index[c] for c in arranged)
        pools: dict[int, list[int]] = {}
        for i in meld:
            pools.setdefault(self.value[i], []).append(i)
        return tuple(pools[v].pop() for v in order)

    def meld_cards(self, meld: tuple[int, ...]) -> tuple[Card, ...]:
        """The cards of a meld as a player lays them out."""
        found = self._laid.get(meld)
        if found is None:
            if len(self._laid) > MEMO_LIMIT:
                self._laid.clear()
            cards = self.cards
            found = self._laid[meld] = tuple(cards[i] for i in self.arrange(meld))
        return found


def _rules(variant: Variant) -> MeldRules:
    """The memoised rules of a variant object (shared by every game of it)."""
    return MeldRules(variant)


rules_for = per_variant(_rules)
