"""How the four-colour cards look on a page (``Presentation.face``): a
narrow card in its colour with the character printed on it, in both scripts
(the page shows the one the player chose), and the letters the player
types; the flower with its character 花."""

from __future__ import annotations

from machiavelli.core.cards import Card, DeckSpec

from .glossary import HANZI, HANZI_FLOWER, SIMPLIFIED, show

COLOURS = {"W": "white", "Y": "yellow", "R": "red", "G": "green"}


def face(card: Card, deck: DeckSpec) -> dict[str, str]:
    letter = show(card, deck)
    if card.rank == 0:
        return {"face": "si-se-pai", "char": HANZI_FLOWER, "simplified": HANZI_FLOWER, "colour": "red",
                "letter": letter}
    code = deck.rank_code(card.rank)
    return {"face": "si-se-pai", "char": HANZI.get(code, code), "simplified": SIMPLIFIED.get(code, code),
            "colour": COLOURS.get(card.suit, deck.colour(card)), "letter": letter}
