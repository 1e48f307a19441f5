"""How Machiavelli's cards look on a page (``Presentation.face``): the
French deck's faces, jokers as jokers; a variant whose deck is not French
(colours and numbers, as tile games have) is drawn as tiles."""

from __future__ import annotations

from machiavelli.core import faces
from machiavelli.core.cards import Card, DeckSpec


def face(card: Card, deck: DeckSpec) -> dict[str, str]:
    return faces.french(card, deck) if faces.is_french(deck) else faces.tile(card, deck)
