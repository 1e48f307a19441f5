"""The kernel's face descriptions (core/faces.py): what a page can draw."""

from __future__ import annotations

from hypothesis import given, strategies as st

from machiavelli.core import faces
from machiavelli.core.cards import FRENCH, Card


def test_a_description_missing_what_its_kind_needs_is_refused():
    assert faces.check({"face": "french", "rank": "Q", "suit": "H"}) == []
    assert faces.check({"face": "french", "rank": "Q"}) == ["french: no suit"]
    assert faces.check({"face": "french", "rank": "Q", "suit": "X"}) == ["french: suit 'X'"]
    assert faces.check({"face": "hologram"}) == ["unknown face kind 'hologram'"]
    assert faces.check({"face": "italian", "rank": "R", "suit": "cups", "court": "queen"}) == ["italian: court 'queen'"]
    assert faces.check({"face": "tile", "number": "7", "colour": "x" * 40}) == ["tile: colour is not a short string"]


@given(st.integers(1, 13), st.sampled_from("SHDC"))
def test_every_french_card_is_drawn_by_its_rank_and_suit_and_as_a_tile_by_its_number(rank, suit):
    card = Card(rank, suit)
    look = faces.french(card, FRENCH)
    assert faces.check(look) == [] and look["suit"] == suit and FRENCH.parse_card(look["rank"] + suit) == card
    tile = faces.tile(card, FRENCH)
    assert faces.check(tile) == [] and tile["colour"] == FRENCH.colour(card)


def test_short_french_decks_are_french_and_others_are_not():
    from machiavelli.core.cards import DeckSpec, RankSpec, SuitSpec

    assert faces.is_french(FRENCH)
    short = DeckSpec(ranks=tuple(RankSpec(code=c, points=1) for c in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")))
    assert faces.is_french(short)
    colours = DeckSpec(suits=(SuitSpec(code="R", symbol="r", colour="red"), SuitSpec(code="B", symbol="b", colour="blue")))
    assert not faces.is_french(colours)
