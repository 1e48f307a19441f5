"""Melds and meld kinds.

A meld kind is data (:class:`MeldKind`): which attributes its cards share,
which must differ, whether ranks run in sequence, its size, and optionally
which ranks or exact rank patterns it admits. Machiavelli's ``set`` and
``run`` are two such kinds; Sì Sè Pái's identical groups, one-colour triples,
soldier groups and single cards are others.

:func:`check` answers valid or invalid, the kind, and for an invalid meld a
reason code (see ``REASONS``). The order in which cards are listed never
matters.
"""

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Iterable, Iterator, Literal, Mapping, NamedTuple, Sequence

from .i18n import NP_
from pydantic import BaseModel, ConfigDict, Field, model_validator

from .cards import FRENCH, Card, DeckSpec

AcePolicy = Literal["low", "high", "low-or-high", "wrap"]
ACE_POLICIES: tuple[str, ...] = ("low", "high", "low-or-high", "wrap")

#: Every reason code :func:`check` can return, in the order checks run.
REASONS: tuple[str, ...] = (
    "empty",
    "no-meld-kinds",
    "extra-card-not-allowed",
    "not-an-extra-card",
    "mixed-ranks",
    "mixed-suits",
    "too-few-cards",
    "too-many-cards",
    "rank-not-allowed",
    "identical-cards",
    "repeated-rank",
    "repeated-suit",
    "not-a-pattern",
    "gap",
    "ace-both-ways",
    "ace-high-not-allowed",
    "ace-low-not-allowed",
    "jokers-only",
    "too-many-jokers",
)


class MeldKind(BaseModel):
    """One kind of meld, described by constraints on its cards."""

    # defer_build: the validator is built on first use, so that importing the
    # schema costs little (a command that validates no variant never pays).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    same: tuple[Literal["rank", "suit"], ...] = Field(
        default=(), description=NP_("variant parameter", "Attributes every card of the meld shares.")
    )
    distinct: tuple[Literal["card", "rank", "suit"], ...] = Field(
        default=(),
            description=NP_("variant parameter", "Attributes that must differ pairwise (card: no two identical cards).")
    )
    sequence: bool = Field(default=False,
        description=NP_("variant parameter", "Ranks are consecutive, under the variant's ace policy."))
    min_size: int = Field(default=3, ge=1, le=64, description=NP_("variant parameter", "Fewest cards in the meld."))
    max_size: int | None = Field(default=None, ge=1, le=64,
        description=NP_("variant parameter", "Most cards in the meld (none: no limit)."))
    ranks: tuple[str, ...] | None = Field(default=None,
        description=NP_("variant parameter", "Rank codes allowed in this kind (none: all)."))
    patterns: tuple[tuple[str, ...], ...] | None = Field(
        default=None, description=NP_("variant parameter", "Exact rank-code combinations this kind allows (none: any).")
    )
    extras: bool = Field(
        default=False,
        description=NP_("variant parameter", "Made of the deck's extra cards only (a Sì Sè Pái flower on its own); "
                        "a kind without it refuses extra cards."))

    @model_validator(mode="after")
    def _sizes(self) -> "MeldKind":
        if self.max_size is not None and self.max_size < self.min_size:
            from .checks import failed

            raise failed("min_size", "sizes-order", "{min} is above max_size {max}",
                         min=self.min_size, max=self.max_size)
        return self


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The answer of :func:`check`. ``reason`` is None for a valid meld."""

    valid: bool
    kind: str | None
    reason: str | None

    def as_dict(self) -> dict[str, object]:
        return {"valid": self.valid, "kind": self.kind, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Meld:
    """A group of cards on the table, as a value: listing order is irrelevant."""

    cards: tuple[Card, ...]

    def __init__(self, cards: Iterable[Card]) -> None:
        object.__setattr__(self, "cards", tuple(sorted(cards)))

    @classmethod
    def parse(cls, text: str, deck: DeckSpec = FRENCH) -> "Meld":
        return cls(deck.parse_cards(text))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __str__(self) -> str:
        return FRENCH.format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld.parse({FRENCH.format_cards(self.cards)!r})"


def _sequence_reason(ranks: Sequence[int], top: int, aces: str) -> str | None:
    """Why distinct ``ranks`` (1..top, 1 being the ace) are not a sequence, or None."""
    rs = sorted(ranks)
    n = len(rs)
    low_ok = rs[-1] - rs[0] == n - 1
    high_ok = False
    if 1 in rs:  # the ace as the top rank
        high = sorted(top + 1 if r == 1 else r for r in rs)
        high_ok = high[-1] - high[0] == n - 1
    if (low_ok and (aces != "high" or 1 not in rs)) or (high_ok and aces != "low"):
        return None
    if low_ok:
        return "ace-low-not-allowed"
    if high_ok:
        return "ace-high-not-allowed"
    # Around the corner (K-A-2): the ranks form one arc of the rank cycle.
    present = set(rs)
    gaps = sum(1 for r in range(1, top + 1) if r in present and (r % top) + 1 not in present)
    if 1 in present and gaps == 1 and n <= top:
        return None if aces == "wrap" else "ace-both-ways"
    return "gap"


def _kind_reason(
    cards: Sequence[Card], kind: MeldKind, deck: DeckSpec, aces: str
) -> tuple[int, float, str | None]:
    """(how far the checks got, majority share of the failed 'same', reason)."""
    # Below every other failure: the reason comes from a kind of the right
    # sort of card. (Only a card of rank 0 can be an extra card.)
    ranks = [c.rank for c in cards]
    if kind.extras or 0 in ranks:
        extra = [c.rank == 0 and deck.extra(c) is not None for c in cards]
        if kind.extras and not all(extra):
            return -1, 1.0, "not-an-extra-card"
        if not kind.extras and any(extra):
            return -1, 1.0, "extra-card-not-allowed"
    depth = 0
    for attr in kind.same:
        values = ranks if attr == "rank" else [getattr(c, attr) for c in cards]
        kept = set(values)
        if len(kept) > 1:
            share = max([values.count(v) for v in kept]) / len(cards)
            return depth, share, "mixed-ranks" if attr == "rank" else "mixed-suits"
        depth += 1
    if len(cards) < kind.min_size:
        return depth, 1.0, "too-few-cards"
    if kind.max_size is not None and len(cards) > kind.max_size:
        return depth, 1.0, "too-many-cards"
    depth += 1
    if kind.extras:  # extra cards have no rank: only sizes, 'same' and 'distinct' apply
        return depth + 1, 1.0, _distinct_reason(cards, kind)
    if kind.ranks is not None:
        allowed = set(kind.ranks)
        if any(deck.rank_code(c.rank) not in allowed for c in cards):
            return depth, 1.0, "rank-not-allowed"
    depth += 1
    for distinct in kind.distinct:
        # (Cards as (rank, suit): equal exactly when the cards are.)
        seen: set[object] = ({(c.rank, c.suit) for c in cards} if distinct == "card" else
                             set(ranks) if distinct == "rank" else {getattr(c, distinct) for c in cards})
        if len(seen) != len(cards):
            return depth, 1.0, {"card": "identical-cards", "rank": "repeated-rank", "suit": "repeated-suit"}[distinct]
        depth += 1
    if kind.patterns is not None:
        mine = Counter(deck.rank_code(c.rank) for c in cards)
        if not any(Counter(p) == mine for p in kind.patterns):
            return depth, 1.0, "not-a-pattern"
        depth += 1
    if kind.sequence:
        if len(set(ranks)) != len(ranks):
            return depth, 1.0, "repeated-rank"
        reason = _sequence_reason(ranks, len(deck.ranks), aces)
        if reason:
            return depth, 1.0, reason
    return depth + 1, 1.0, None


def _distinct_reason(cards: Sequence[Card], kind: MeldKind) -> str | None:
    for distinct in kind.distinct:
        seen: set[object] = set(cards) if distinct == "card" else {getattr(c, distinct) for c in cards}
        if len(seen) != len(cards):
            return {"card": "identical-cards", "rank": "repeated-rank", "suit": "repeated-suit"}[distinct]
    return None


class Wild(NamedTuple):
    """Wild cards of a variant (jokers): the extra card's code and the most
    of them one meld may hold (None: no limit)."""

    code: str
    per_meld: int | None = None


#: Most assignments of identities to the wild cards of one meld that a check
#: tries (a kind that fixes neither rank nor suit, with many jokers, would
#: otherwise try millions): beyond it the meld holds too many jokers.
MAX_ASSIGNMENTS = 50_000


def _candidates(naturals: Sequence[Card], kind: MeldKind, deck: DeckSpec, high_first: bool) -> list[Card]:
    """The cards a wild card may stand for in a meld of ``kind`` beside
    ``naturals`` (the kind's shared attributes fixed by them, its distinct
    ones free), in a fixed order: suits as the deck lists them, ranks from
    the top when ``high_first`` (a run shows its joker at the top end)."""
    ranks = range(len(deck.ranks), 0, -1) if high_first else range(1, len(deck.ranks) + 1)
    out = [Card(r, s.code) for s in deck.suits for r in ranks]
    if "rank" in kind.same:
        out = [c for c in out if c.rank == naturals[0].rank]
    if "suit" in kind.same:
        out = [c for c in out if c.suit == naturals[0].suit]
    if kind.ranks is not None:
        allowed = set(kind.ranks)
        out = [c for c in out if deck.rank_code(c.rank) in allowed]
    for attr in kind.distinct:
        taken: set[object] = set(naturals) if attr == "card" else {getattr(c, attr) for c in naturals}
        out = [c for c in out if (c if attr == "card" else getattr(c, attr)) not in taken]
    return out


def _assignments(naturals: Sequence[Card], jokers: int, kind: MeldKind, deck: DeckSpec
                 ) -> Iterator[tuple[Card, ...]] | None:
    """Every multiset of identities for ``jokers`` wild cards worth trying,
    or None when the naturals already break a shared attribute (no identity
    can mend that) or there would be more than MAX_ASSIGNMENTS."""
    for attr in kind.same:
        if len({getattr(c, attr) for c in naturals}) > 1:
            return None
    pool = _candidates(naturals, kind, deck, kind.sequence)
    if kind.distinct:
        if comb(len(pool), jokers) > MAX_ASSIGNMENTS:
            return None
        return combinations(pool, jokers)
    if comb(len(pool) + jokers - 1, jokers) > MAX_ASSIGNMENTS:
        return None
    return combinations_with_replacement(pool, jokers)


def _split_wild(cards: Sequence[Card], wild: Wild) -> tuple[list[Card], int]:
    naturals = [c for c in cards if not (c.rank == 0 and c.suit == wild.code)]
    return naturals, len(cards) - len(naturals)


def _wild_check(cards: Sequence[Card], kinds: Mapping[str, MeldKind], deck: DeckSpec, aces: str, wild: Wild,
                every: bool = False) -> tuple[MeldCheck, dict[str, list[tuple[Card, ...]]]]:
    """The check of a meld holding wild cards, and (with ``every``) each
    matching kind's valid assignments; else only the first one found."""
    naturals, jokers = _split_wild(cards, wild)
    if not naturals:
        return MeldCheck(False, None, "jokers-only"), {}
    if wild.per_meld is not None and jokers > wild.per_meld:
        return MeldCheck(False, None, "too-many-jokers"), {}
    best: tuple[int, float] | None = None
    best_reason = "empty"
    found: dict[str, list[tuple[Card, ...]]] = {}
    first: str | None = None
    for name, kind in kinds.items():
        if kind.extras:
            depth, share, reason = _kind_reason(cards, kind, deck, aces)
        else:
            options = _assignments(naturals, jokers, kind, deck)
            if options is None:
                depth, share, reason = _kind_reason(naturals, kind, deck, aces)
                if reason is None:  # the naturals alone are fine, the jokers are too many to place
                    depth, share, reason = depth, share, "too-many-jokers"
            else:
                # No identity left to try: the meld is too big for its kind, or
                # its jokers have nothing to stand for.
                over = kind.max_size is not None and len(cards) > kind.max_size
                depth, share, reason = len(kind.same), 1.0, "too-many-cards" if over else "too-many-jokers"
                matched = False
                for combo in options:
                    d, s, r = _kind_reason((*naturals, *combo), kind, deck, aces)
                    if r is None:
                        found.setdefault(name, []).append(combo)
                        matched = True
                        if not every:
                            break
                    elif (d, s) > (depth, share):
                        depth, share, reason = d, s, r
                if matched:
                    reason = None
        if reason is None:
            first = first or name
            if not every:
                break
        elif best is None or (depth, share) > best:
            best, best_reason = (depth, share), reason
    if first is not None:
        return MeldCheck(True, first, None), found
    return MeldCheck(False, None, best_reason), {}


def stands_for(
    cards: Iterable[Card],
    kinds: Mapping[str, MeldKind],
    wild: Wild,
    *,
    deck: DeckSpec = FRENCH,
    aces: str = "low-or-high",
) -> tuple[tuple[Card, ...], ...]:
    """What the wild cards of a valid meld stand for: every assignment of
    identities (each sorted, in the order found) under the kind the meld
    is; empty for a meld without wild cards or an invalid one."""
    cards = tuple(cards)
    if not any(c.rank == 0 and c.suit == wild.code for c in cards) or not kinds:
        return ()
    result, found = _wild_check(cards, kinds, deck, aces, wild, every=True)
    if not result.valid or result.kind is None:
        return ()
    return tuple(tuple(sorted(combo)) for combo in found[result.kind])


def check(
    cards: Iterable[Card],
    kinds: Mapping[str, MeldKind],
    *,
    deck: DeckSpec = FRENCH,
    aces: str = "low-or-high",
    wild: Wild | None = None,
) -> MeldCheck:
    """Is ``cards`` a valid meld of one of ``kinds``? The first matching kind
    wins; for an invalid meld the reason comes from the kind it came closest
    to matching (ties: the kind whose shared attribute is most nearly shared,
    then the first listed). With ``wild``, each wild card (a joker) stands
    for any card that makes the meld valid: the meld is valid when some
    identities for its wild cards make it a valid meld of a kind, at least
    one card is not wild and no more than ``wild.per_meld`` are."""
    cards = tuple(cards)
    if not cards:
        return MeldCheck(False, None, "empty")
    if not kinds:
        return MeldCheck(False, None, "no-meld-kinds")
    if wild is not None and any(c.rank == 0 and c.suit == wild.code for c in cards):
        return _wild_check(cards, kinds, deck, aces, wild)[0]
    best: tuple[int, float] | None = None
    best_reason = "empty"
    for name, kind in kinds.items():
        depth, share, reason = _kind_reason(cards, kind, deck, aces)
        if reason is None:
            return MeldCheck(True, name, None)
        if best is None or (depth, share) > best:
            best, best_reason = (depth, share), reason
    return MeldCheck(False, None, best_reason)


def arrange(cards: Iterable[Card], kind: MeldKind | None, *, deck: DeckSpec = FRENCH, aces: str = "low-or-high",
            wild: Wild | None = None) -> tuple[Card, ...]:
    """The cards in the order a player lays them out: a run in sequence (ace
    where it is used), anything else by rank then suit order; a wild card
    where the first card it can stand for would be (a run's open end: the top)."""
    cards = tuple(cards)
    if wild is not None and kind is not None and not kind.extras:
        naturals, jokers = _split_wild(cards, wild)
        if jokers and naturals:
            combo = next((c for c in (_assignments(naturals, jokers, kind, deck) or ())
                          if _kind_reason((*naturals, *c), kind, deck, aces)[2] is None), None)
            if combo is not None:
                shown = arrange((*naturals, *combo), kind, deck=deck, aces=aces)
                stand = Counter(combo)
                out = []
                joker = next(c for c in cards if c.rank == 0 and c.suit == wild.code)
                for card in shown:
                    if stand[card] > 0:
                        stand[card] -= 1
                        out.append(joker)
                    else:
                        out.append(card)
                return tuple(out)
    if kind is None or not kind.sequence or not cards:
        return tuple(sorted(cards, key=lambda c: (c.rank, deck.sort_key(c))))
    top = len(deck.ranks)
    rs = sorted(c.rank for c in cards)
    by_rank = {c.rank: c for c in cards}
    if 1 in by_rank and not (rs[-1] - rs[0] == len(rs) - 1 and aces != "high"):
        # Ace high or around the corner: start after the largest gap (a
        # full suit with the ace high has no gap: it starts at 2).
        present = set(rs)
        start = next((r for r in rs if ((r - 2) % top) + 1 not in present), 2)
        order = [((start - 1 + i) % top) + 1 for i in range(len(rs))]
        return tuple(by_rank[r] for r in order)
    return tuple(by_rank[r] for r in rs)
