"""legal_actions and listed (games/machiavelli/legal.py): plays with face-up cards."""

from __future__ import annotations

from machiavelli.app.library import load_variant
from machiavelli.games.machiavelli.actions import Play, Take
from machiavelli.games.machiavelli.game import Game
from machiavelli.games.machiavelli.legal import listed


def cards(v, text):
    return v.deck.parse_cards(text)


def staged(name, hand, help, table=()):
    v = load_variant(name)
    game = Game.from_position(v, [cards(v, hand), cards(v, "2D 9D")], table=[cards(v, m) for m in table],
                              deck=cards(v, "KD KH"), help=cards(v, help), opened=(0, 1))
    return v, game


def plays_with_help(game):
    return {a.text(game.variant.deck) for a in game.legal_actions(0) if isinstance(a, Play) and a.help}


def test_a_pair_of_hand_cards_goes_down_with_several_help_cards_in_one_spelling():
    v, game = staged("help-cards", "AH 10D 4S", "3H 8C")
    found = plays_with_help(game)
    assert "play AH 10D *3H *8C" in found and "play 10D AH *3H *8C" not in found
    assert listed(Play(tuple(cards(v, "AH 10D")), tuple(cards(v, "3H 8C"))), v)
    assert not listed(Play(tuple(cards(v, "10D AH")), tuple(cards(v, "3H 8C"))), v)
    for text in found:
        game.clone().apply(Play.parse(text, v.deck), 0)


def test_cards_taken_from_the_table_leave_the_other_hand_cards_their_plays():
    v, game = staged("makiaveli", "4C JS 5S", "6C", table=["7S 8S 9S"])
    game.apply(Take((1,), tuple(cards(v, "9S"))), 0)
    found = plays_with_help(game)
    assert "play 4C *6C" not in found and "play 5S JS *6C" in found and "play JS 4C *6C" in found
    game.clone().apply(Play(tuple(cards(v, "JS 4C")), tuple(cards(v, "6C"))), 0)


def test_a_card_whose_copy_is_in_the_working_area_forms_no_pair():
    v, game = staged("makiaveli", "4C 9S 5S", "6C", table=["7S 8S 9S"])
    game.apply(Take((1,), tuple(cards(v, "9S"))), 0)
    assert not any("9S" in text for text in plays_with_help(game))


def test_under_with_hand_card_one_hand_card_takes_every_selection():
    v, game = staged("tahiti", "3H AH", "5H 8D")
    assert {"play 3H *5H *8D", "play AH *5H", "play AH *8D"} <= plays_with_help(game)
    assert not listed(Play(tuple(cards(v, "3H AH")), tuple(cards(v, "5H 8D"))), v)
    assert listed(Play(tuple(cards(v, "3H")), tuple(cards(v, "5H 8D"))), v)
    assert not listed(Play(tuple(cards(v, "3H")), tuple(cards(v, "8D 5H"))), v)
