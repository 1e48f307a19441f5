"""The Brescian deck (52 Italian-suited cards) and how Cicera reads its cards.

Canonical notation, the one records keep: rank ``A 2 … 10 F C R`` (Asso,
Fante, Cavallo, Re) then suit ``D C S B`` (denari, coppe, spade, bastoni):
``7D``, ``FC`` (the Fante of cups), ``CS`` (the Cavallo of swords). Italian
letters, because the game and its cards are Italian; every language also
types its own letters (see :mod:`.glossary`).
"""

from __future__ import annotations

from machiavelli.core.cards import Card, DeckSpec, RankSpec, SuitSpec

#: Rank codes in order; a rank's position (1-based) is ``Card.rank``.
RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "F", "C", "R")
#: The courts: they never take part in sums (unless a variant says so).
COURTS = ("F", "C", "R")


def brescian() -> DeckSpec:
    """The 52-card Brescian deck. Suit symbols are one column wide, so a
    hand of twelve reads at a glance: ● coins, ∪ cups, † swords, ¦ batons.
    A court's ``points`` is its value in the sums of scopa-like variants
    that let courts count (Fante 8, Cavallo 9, Re 10)."""
    suits = (
        SuitSpec(code="D", symbol="●", colour="yellow"),
        SuitSpec(code="C", symbol="∪", colour="red"),
        SuitSpec(code="S", symbol="†", colour="blue"),
        SuitSpec(code="B", symbol="¦", colour="green"),
    )
    points = [*range(1, 11), 8, 9, 10]
    return DeckSpec(suits=suits, ranks=tuple(RankSpec(code=c, points=p) for c, p in zip(RANK_CODES, points)))


BRESCIAN = brescian()


def card(text: str) -> Card:
    """A Brescian card from its notation: ``card("FC") == Card(11, "C")``."""
    return BRESCIAN.parse_card(text)
