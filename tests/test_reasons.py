"""Why a refused action was refused, as the terminal and the web page say it (app/reasons.py)."""

import pytest

from machiavelli.app.reasons import rejection
from machiavelli.core.errors import IllegalAction
from machiavelli.games.machiavelli.actions import Action
from engine_checks import position, run


def refusal(game, text):
    with pytest.raises(IllegalAction) as caught:
        game.apply(Action.parse(text))
    return caught.value


def show(cards):
    return "<" + " ".join(sorted(str(c) for c in cards)) + ">"


def test_an_invalid_table_names_every_invalid_meld_in_the_screen_s_cards(bga):
    game = position(bga, ["8C 2S", "KH KD"], "6C 6D 6H | 7C 7D 7H", deck="9S 9H")
    run(game, "take 1 6C", "take 2 7C", "play 6C 7C 8C")
    lines = rejection(game.view(0), refusal(game, "end"), show)
    assert lines == ["Meld 1 (<6D 6H>) is not valid: there are too few cards.",
                     "Meld 2 (<7D 7H>) is not valid: there are too few cards."]


def test_cards_taken_and_left_in_hand_are_named_before_the_melds(bga):
    game = position(bga, ["8C 2S", "KH KD"], "6C 6D 6H 6S | 9C 10C JC", deck="9S 9H")
    run(game, "take 1 6C", "play 8C")
    lines = rejection(game.view(0), refusal(game, "end"), show)
    assert lines[0] == "Cards taken from the table must go back first: <6C>."
    assert lines[1:] == ["Meld 3 (<8C>) is not valid: there are too few cards."]


def test_other_refusals_show_their_cards_as_the_screen_does(bga):
    game = position(bga, ["4C 5C KD", "2H 3H"], "")
    run(game, "play 4C 5C")
    lines = rejection(game.view(0), refusal(game, "draw"), show)
    assert len(lines) == 1 and "<4C 5C>" in lines[0]
