"""How Cicera's Brescian cards look on a page (``Presentation.face``): the
Italian suits drawn (coins, cups, swords, batons), the index printed on the
card and, for a court, which one; a variant's deck of other suits as tiles."""

from __future__ import annotations

from machiavelli.core import faces
from machiavelli.core.cards import Card, DeckSpec

SUITS = {"D": "coins", "C": "cups", "S": "swords", "B": "batons"}
COURTS = {"F": "jack", "C": "knight", "R": "king"}


def face(card: Card, deck: DeckSpec) -> dict[str, str]:
    if deck.extra(card) is not None or card.suit not in SUITS:
        return faces.tile(card, deck)
    rank = deck.rank_code(card.rank)
    return {"face": "italian", "rank": rank, "suit": SUITS[card.suit], "court": COURTS.get(rank, "")}
