"""The orders in which a player can hold a hand: by suit then rank, by rank,
or grouped into the melds the hand already holds (the rest after them)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from machiavelli.core.cards import Card
from machiavelli.games.machiavelli.variant import MachiavelliVariant as Variant
from machiavelli.games.machiavelli import finder

SUIT, RANK, MELDS = "suit", "rank", "melds"
ORDERS = (SUIT, RANK, MELDS)


def next_order(order: str) -> str:
    """The order ``sort`` switches to after ``order``."""
    return ORDERS[(ORDERS.index(order) + 1) % len(ORDERS)] if order in ORDERS else SUIT


def by_suit(cards: Sequence[Card], variant: Variant) -> list[Card]:
    return sorted(cards, key=variant.deck.sort_key)


def by_rank(cards: Sequence[Card], variant: Variant) -> list[Card]:
    key = variant.deck.sort_key
    return sorted(cards, key=lambda c: (c.rank, key(c)))


def melds_in(cards: Sequence[Card], variant: Variant) -> list[tuple[Card, ...]]:
    """Melds made of hand cards only, as many cards as possible (the
    solver's answer for an empty table; the meld finder's without it)."""
    try:
        from machiavelli.games.machiavelli.solver import solve

        return [tuple(m) for m in solve(variant, (), tuple(cards)).table]
    except Exception:  # noqa: BLE001 - no solver, or one that gives up: the largest melds one by one
        return finder.partition(by_suit(cards, variant), variant)


def arrange(cards: Sequence[Card], order: str, variant: Variant) -> tuple[list[tuple[Card, ...]], int]:
    """The hand as groups to show, and how many of the first groups are
    melds: one group per suit (suit order), one group (rank order), or the
    melds the hand holds then the rest by suit (melds order)."""
    if order == RANK:
        return [tuple(by_rank(cards, variant))], 0
    melds: list[tuple[Card, ...]] = []
    left = list(cards)
    if order == MELDS:
        melds = [variant.arrange(m) for m in melds_in(cards, variant)]
        rest = Counter(cards)
        for meld in melds:
            rest.subtract(meld)
        left = list(rest.elements())
    suits: dict[str, list[Card]] = {}
    for card in by_suit(left, variant):
        suits.setdefault(card.suit, []).append(card)
    return [*melds, *(tuple(g) for g in suits.values())], len(melds)
