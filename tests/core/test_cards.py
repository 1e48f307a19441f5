import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli.core.cards import FRENCH, Card, DeckSpec
from machiavelli.core.errors import NotationError

ALL = FRENCH.cards()


def test_french_deck_has_52_distinct_cards():
    assert len(ALL) == 52 and len(set(ALL)) == 52


@pytest.mark.parametrize("card", ALL, ids=str)
def test_every_card_round_trips_through_text_symbols_and_repr(card):
    assert FRENCH.parse_card(FRENCH.card_text(card)) == card
    assert FRENCH.parse_card(FRENCH.card_symbol(card)) == card
    assert FRENCH.parse_card(FRENCH.card_text(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize(
    "text, card",
    [("10H", Card(10, "H")), ("10♥", Card(10, "H")), ("qs", Card(12, "S")), ("A♣", Card(1, "C")),
     ("K♦️", Card(13, "D")), ("2♤", Card(2, "S"))],
)
def test_notation_variants(text, card):
    assert FRENCH.parse_card(text) == card


def test_display_uses_symbols():
    assert FRENCH.card_symbol(Card.parse("10H")) == "10♥"
    assert str(Card.parse("10♥")) == "10H"


@pytest.mark.parametrize("bad", ["1H", "11S", "XX", "H10", "10", "♥", "AHH", "0C", ""])
def test_bad_token_is_named_in_the_error(bad):
    with pytest.raises(NotationError) as info:
        FRENCH.parse_cards(f"5C {bad} 6C") if bad else FRENCH.parse_card(bad)
    assert info.value.params["token"] == bad


def test_lists_and_tables():
    assert FRENCH.parse_cards("5C, 5D 5H") == (Card(5, "C"), Card(5, "D"), Card(5, "H"))
    table = FRENCH.parse_table("5C 5D 5H 5S | 6C 7C 8C")
    assert [len(m) for m in table] == [4, 3]
    assert FRENCH.parse_table(FRENCH.format_table(table)) == table
    assert FRENCH.parse_table(FRENCH.format_table(table, symbols=True)) == table


def test_overlong_input_is_refused():
    with pytest.raises(NotationError):
        FRENCH.parse_cards("5C " * 10_000)


@given(st.lists(st.sampled_from(ALL), max_size=30), st.booleans())
def test_card_lists_round_trip(cards, symbols):
    assert FRENCH.parse_cards(FRENCH.format_cards(cards, symbols=symbols)) == tuple(cards)


def test_physical_cards_keep_identity():
    cards = FRENCH.build(3)
    assert len(cards) == 156
    assert all(cards.count(c) == 3 for c in ALL)


def test_custom_deck_notation():
    deck = DeckSpec.model_validate({
        "suits": [{"code": "R", "symbol": "R", "colour": "red"}, {"code": "G", "symbol": "G", "colour": "green"}],
        "ranks": [{"code": "GEN", "points": 1}, {"code": "S", "points": 0}],
    })
    card = deck.parse_card("genR")
    assert card == Card(1, "R") and deck.card_text(card) == "GENR"
    with pytest.raises(ValueError):
        DeckSpec.model_validate({"suits": [{"code": "R", "symbol": "R", "colour": "red"}] * 2})


def test_extra_cards_beyond_suits_and_ranks():
    from machiavelli.core.cards import DeckSpec, ExtraSpec

    deck = DeckSpec(extras=(ExtraSpec(code="JR", symbol="🃏", colour="red", points=25),
                            ExtraSpec(code="JB", symbol="🂿", points=25)))
    assert deck.size == 54
    joker = deck.parse_card("jr")
    assert joker.rank == 0 and deck.card_text(joker) == "JR" and deck.card_symbol(joker) == "🃏"
    assert deck.parse_card("🂿") == deck.parse_card("JB") and deck.points(joker) == 25
    assert deck.colour(joker) == "red" and deck.colour(deck.parse_card("5H")) == "red"
    cards = deck.build(2)
    assert len(cards) == 108 and cards.count(joker) == 2
    assert all(c.rank == 0 for c in sorted(cards, key=deck.sort_key)[-4:])  # extras are held last
    assert deck.parse_cards(deck.format_cards(cards)) == cards  # the notation round-trips


@pytest.mark.parametrize("extra", [{"code": "KH", "symbol": "x"}, {"code": "JK", "symbol": "♥"}])
def test_an_extra_card_may_not_take_another_cards_name(extra):
    from pydantic import ValidationError

    from machiavelli.core.cards import DeckSpec, ExtraSpec

    with pytest.raises(ValidationError):
        DeckSpec(extras=(ExtraSpec(**extra),))
