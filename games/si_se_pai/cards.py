"""The four-colour Chinese chess cards and Wei-Hwa Huang's flowers.

Canonical notation, the one records keep: the character's letter then the
colour's letter. Characters ``G A E R H C S`` (General, Advisor, Elephant,
chaRiot, Horse, Cannon, Soldier), colours ``W Y R G`` (white, yellow, red,
green): ``GY`` is the yellow General, ``SR`` a red Soldier, ``RG`` a green
Chariot. The flower is ``FL`` (five of them, all alike). Every language also
types and reads its own letters, and ``--cards hanzi`` shows the characters
(see :mod:`.glossary`).
"""

from __future__ import annotations

from machiavelli.core.cards import Card, DeckSpec, ExtraSpec, RankSpec, SuitSpec

#: Character codes in the order a hand is held; a character's position (1-based) is ``Card.rank``.
CHARACTERS = ("G", "A", "E", "R", "H", "C", "S")
COLOURS = ("W", "Y", "R", "G")
FLOWER = "FL"


def four_colour() -> DeckSpec:
    """One copy of the chess cards (4 colours x 7 characters) and the
    flower, of which the whole game has five whatever the copies."""
    suits = (
        SuitSpec(code="W", symbol="w", colour="white"),
        SuitSpec(code="Y", symbol="y", colour="yellow"),
        SuitSpec(code="R", symbol="r", colour="red"),
        SuitSpec(code="G", symbol="g", colour="green"),
    )
    ranks = tuple(RankSpec(code=c, points=0) for c in CHARACTERS)
    return DeckSpec(suits=suits, ranks=ranks,
                    extras=(ExtraSpec(code=FLOWER, symbol="✿", colour="red", points=3, copies=5),))


FOUR_COLOUR = four_colour()


def card(text: str) -> Card:
    """A card from its notation: ``card("GY") == Card(1, "Y")``."""
    return FOUR_COLOUR.parse_card(text)
