"""Cards, decks and their text notation.

A deck is data (:class:`DeckSpec`): suits and ranks in order, each with a
notation code. A :class:`Card` is a value: rank position and suit code.
Equal cards are interchangeable for the rules; a physical card's identity is
its index in the tuple built by :meth:`DeckSpec.build`, which the game keeps
so that tests can prove no card is ever duplicated or lost.

Canonical notation of the French deck: rank ``A 2 … 10 J Q K`` then suit
``S H D C`` (``10H``, ``QS``); case-insensitive; ``♠♥♦♣`` are accepted as
suits. Lists of cards are separated by spaces or commas; melds of a table by
``|``.
"""

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Literal

from .i18n import NP_
from pydantic import BaseModel, ConfigDict, Field, model_validator

from .errors import NotationError

#: The colours a suit or an extra card may be printed in (Rummikub's tiles
#: are red, blue, black and orange, or yellow in some editions).
Colour = Literal["red", "black", "green", "yellow", "white", "blue", "orange"]

# Variation selectors and other invisible marks that terminals and phones
# append to suit symbols ("♥️"); they carry no meaning for a card.
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200e\u200f"), None)
_SEPARATORS = re.compile(r"[\s,;]+")
MAX_NOTATION_CHARS = 20_000


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card value: ``rank`` is the 1-based position in the deck's rank order
    (French deck: A=1 … K=13), ``suit`` the suit's code (``"S"``)."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse French-deck notation: ``Card.parse("10h") == Card(10, "H")``."""
        return FRENCH.parse_card(text)

    def __str__(self) -> str:
        return FRENCH.card_text(self)

    def __repr__(self) -> str:
        return f"Card.parse({FRENCH.card_text(self)!r})"


class SuitSpec(BaseModel):
    """One suit: its notation code, display symbol and colour."""

    # defer_build: the validator is built on first use, so that importing the
    # schema costs little (a command that validates no variant never pays).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    code: str = Field(min_length=1, max_length=2, pattern=r"^[A-Z]+$",
        description=NP_("variant parameter", "Notation letter, e.g. H."))
    symbol: str = Field(min_length=1, max_length=2, description=NP_("variant parameter", "Display symbol, e.g. ♥ "
                        "(none: the suit has no symbol, as a tile's colour; its code stands in)."))
    colour: Colour = Field(
        description=NP_("variant parameter", "Printed colour."))

    @model_validator(mode="before")
    @classmethod
    def _symbol_or_code(cls, data: object) -> object:
        # A suit without a symbol (Rummikub's colours are only colours):
        # its code is what notation and plain text show.
        if isinstance(data, dict) and data.get("symbol") is None and isinstance(data.get("code"), str):
            return {**data, "symbol": data["code"]}
        return data


class RankSpec(BaseModel):
    """One rank: its notation code and its value in points."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    code: str = Field(min_length=1, max_length=3, pattern=r"^[A-Z0-9]+$",
        description=NP_("variant parameter", "Notation, e.g. A, 10, K."))
    points: int = Field(ge=0, le=1000,
        description=NP_("variant parameter", "Value of the card when hands are counted in points."))


class ExtraSpec(BaseModel):
    """A card outside suits x ranks (a joker, Sì Sè Pái's flowers): one of
    each per copy of the deck, or ``copies`` of it in the whole game however
    many copies of the deck are shuffled (Sì Sè Pái: four copies of the
    chess cards, five flowers). As a :class:`Card` it has rank 0 and its
    code in place of a suit."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    code: str = Field(min_length=2, max_length=4, pattern=r"^[A-Z][A-Z0-9]+$",
        description=NP_("variant parameter", "Notation, e.g. JK."))
    symbol: str = Field(min_length=1, max_length=2, description=NP_("variant parameter", "Display symbol, e.g. 🃏."))
    colour: Colour = Field(
        default="black", description=NP_("variant parameter", "Printed colour."))
    points: int = Field(default=0, ge=0, le=1000,
        description=NP_("variant parameter", "Value of the card when hands are counted in points."))
    copies: int | None = Field(
        default=None, ge=1, le=64,
        description=NP_("variant parameter", "How many of this card the whole game has, whatever the number of decks "
                        "(none: one per copy of the deck)."))


# The French deck's suits and ranks are constants, made as pydantic makes
# any default (a default is not validated): building the validators of the
# deck's models is left to the first variant read from YAML, so that a
# command that reads none (a shipped variant from the cache) never pays.
def _french_suits() -> tuple[SuitSpec, ...]:
    return (
        SuitSpec.model_construct(code="S", symbol="♠", colour="black"),
        SuitSpec.model_construct(code="H", symbol="♥", colour="red"),
        SuitSpec.model_construct(code="D", symbol="♦", colour="red"),
        SuitSpec.model_construct(code="C", symbol="♣", colour="black"),
    )


def _french_ranks() -> tuple[RankSpec, ...]:
    codes = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    points = [1, *range(2, 11), 10, 10, 10]
    return tuple(RankSpec.model_construct(code=c, points=p) for c, p in zip(codes, points))


# Alternative spellings of French suits accepted on input (white symbols).
_FRENCH_SUIT_ALIASES = {"♤": "S", "♡": "H", "♢": "D", "♧": "C"}


class DeckSpec(BaseModel):
    """The cards of one deck: every suit combined with every rank, then the
    extra cards (none in a French deck as Machiavelli uses it)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    suits: tuple[SuitSpec, ...] = Field(default_factory=_french_suits, min_length=1, max_length=8)
    ranks: tuple[RankSpec, ...] = Field(default_factory=_french_ranks, min_length=1, max_length=32)
    extras: tuple[ExtraSpec, ...] = Field(default=(), max_length=64,
                                          description=NP_("variant parameter",
                                                          "Cards outside suits x ranks, one of each per deck."))

    @model_validator(mode="after")
    def _unique_codes(self) -> "DeckSpec":
        from .checks import failed

        for what, codes in (("suits", [s.code for s in self.suits]), ("ranks", [r.code for r in self.ranks])):
            twice = next((c for c in codes if codes.count(c) > 1), None)
            if twice is not None:
                raise failed(what, f"duplicate-{what[:-1]}-code", "duplicate {what} code in deck: {code}",
                             what=what[:-1], code=twice)
        symbols = [s.symbol for s in self.suits]
        twice = next((c for c in symbols if symbols.count(c) > 1), None)
        if twice is not None:
            raise failed("suits", "duplicate-suit-symbol", "duplicate suit symbol in deck: {symbol}", symbol=twice)
        extras = [e.code for e in self.extras]
        regular = {r.code + s.code for r in self.ranks for s in self.suits}
        taken = next((c for c in extras if extras.count(c) > 1 or c in regular), None)
        if taken is not None:
            raise failed("extras", "extra-code-taken", "an extra card's code is taken by another card: {code}",
                         code=taken)
        marks = {s.code for s in self.suits} | set(symbols)
        extra_symbols = [e.symbol for e in self.extras]
        clash = next((m for m in extra_symbols if m in marks or extra_symbols.count(m) > 1), None)
        if clash is not None:
            raise failed("extras", "extra-symbol-taken",
                         "an extra card's symbol is taken by a suit or another extra card: {symbol}", symbol=clash)
        return self

    # -- lookups (cached per instance; the model is frozen) -----------------

    @cached_property
    def _tables(self) -> tuple[dict[str, int], dict[str, str], dict[str, SuitSpec]]:
        ranks = {r.code: i + 1 for i, r in enumerate(self.ranks)}
        suits: dict[str, str] = {}
        for s in self.suits:
            suits[s.code] = s.code
            suits[s.symbol] = s.code
        if {s.code for s in self.suits} == {"S", "H", "D", "C"}:
            suits.update(_FRENCH_SUIT_ALIASES)
        return ranks, suits, {s.code: s for s in self.suits}

    @cached_property
    def _suit_order(self) -> dict[str, int]:
        return {s.code: i for i, s in enumerate(self.suits)}

    @cached_property
    def _extras(self) -> dict[str, ExtraSpec]:
        return {e.code: e for e in self.extras}

    @property
    def size(self) -> int:
        """Cards in one copy of the deck."""
        return len(self.suits) * len(self.ranks) + len(self.extras)

    def suit(self, code: str) -> SuitSpec:
        return self._tables[2][code]

    def extra(self, card: Card) -> ExtraSpec | None:
        """The extra card's description, or None for a card of a suit."""
        return self._extras.get(card.suit) if card.rank == 0 else None

    def colour(self, card: Card) -> str:
        found = self.extra(card)
        return found.colour if found is not None else self.suit(card.suit).colour

    def rank_code(self, rank: int) -> str:
        if not 1 <= rank <= len(self.ranks):
            raise ValueError(f"no rank {rank} in this deck")
        return self.ranks[rank - 1].code

    def points(self, card: Card) -> int:
        found = self.extra(card)
        return found.points if found is not None else self.ranks[card.rank - 1].points

    def cards(self) -> tuple[Card, ...]:
        """One copy of every card, in suit then rank order, extras last."""
        regular = tuple(Card(r, s.code) for s in self.suits for r in range(1, len(self.ranks) + 1))
        return regular + tuple(Card(0, e.code) for e in self.extras)

    def build(self, copies: int) -> tuple[Card, ...]:
        """All physical cards of ``copies`` decks; the index is the identity.
        Extra cards with their own count come last, that many times."""
        fixed = [e for e in self.extras if e.copies is not None]
        if not fixed:
            return self.cards() * copies
        per_deck = tuple(c for c in self.cards() if self._extras.get(c.suit) not in fixed or c.rank != 0)
        return per_deck * copies + tuple(Card(0, e.code) for e in fixed for _ in range(e.copies or 0))

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Suit order, then rank, extras last: how a hand is usually held."""
        return self._suit_order.get(card.suit, len(self.suits)), card.rank

    # -- notation -----------------------------------------------------------

    def card_text(self, card: Card) -> str:
        """Canonical ASCII notation: ``10H`` (an extra card: its code, ``JK``)."""
        if card.rank == 0:
            return card.suit
        return self.rank_code(card.rank) + card.suit

    def card_symbol(self, card: Card) -> str:
        """Display notation with the suit symbol: ``10♥``."""
        found = self.extra(card)
        if found is not None:
            return found.symbol
        return self.rank_code(card.rank) + self.suit(card.suit).symbol

    def parse_card(self, text: str) -> Card:
        token = text.translate(_INVISIBLE).strip()
        ranks, suits, _ = self._tables
        if not token:
            raise NotationError("bad-card", token=text)
        upper = token.upper()
        for extra in self.extras:
            if upper == extra.code or token == extra.symbol:
                return Card(0, extra.code)
        for cut in (1, 2):
            suit_part, rank_part = upper[-cut:], upper[:-cut]
            if suit_part in suits and rank_part in ranks:
                return Card(ranks[rank_part], suits[suit_part])
        raise NotationError("bad-card", token=text)

    def parse_cards(self, text: str) -> tuple[Card, ...]:
        """A list of cards separated by spaces or commas."""
        if len(text) > MAX_NOTATION_CHARS:
            raise NotationError("input-too-long", token=text[:20] + "…")
        return tuple(self.parse_card(t) for t in _SEPARATORS.split(text.translate(_INVISIBLE)) if t)

    def parse_table(self, text: str) -> tuple[tuple[Card, ...], ...]:
        """Melds separated by ``|``; empty melds are ignored."""
        melds = (self.parse_cards(part) for part in text.split("|"))
        return tuple(m for m in melds if m)

    def format_cards(self, cards: Iterable[Card], *, symbols: bool = False) -> str:
        fmt = self.card_symbol if symbols else self.card_text
        return " ".join(fmt(c) for c in cards)

    def format_table(self, melds: Iterable[Iterable[Card]], *, symbols: bool = False) -> str:
        return " | ".join(self.format_cards(m, symbols=symbols) for m in melds)


FRENCH = DeckSpec.model_construct()
