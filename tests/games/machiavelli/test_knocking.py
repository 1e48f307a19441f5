"""When computer players knock (knocking.py): in place of the turn's
closing end or draw, only where no other hand is likely to be lower."""

from __future__ import annotations

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core.bots import make_bot
from machiavelli.games.machiavelli.actions import DRAW, END, KNOCK, Play
from machiavelli.games.machiavelli.game import Game
from machiavelli.games.machiavelli.knocking import knock_instead, worth_knocking


def game_at(hands, deck="9H 8S 7S 6D", variant="carousel"):
    v = load_variant(variant)
    return Game.from_position(v, [v.deck.parse_cards(h) for h in hands], deck=v.deck.parse_cards(deck),
                              opened=range(len(hands)))


def test_a_low_hand_knocks_against_hands_of_several_cards():
    game = game_at(["2C 3D", "KS QH 6S", "9C 8D 7H"])
    assert worth_knocking(game.view(0))
    assert knock_instead(game.view(0), DRAW) is KNOCK and knock_instead(game.view(0), END) is KNOCK


def test_no_knock_against_a_hand_of_one_card_or_over_the_limit():
    assert not worth_knocking(game_at(["2C 3D", "KS"]).view(0))  # one card may be an ace
    assert not worth_knocking(game_at(["2C 4D", "KS QH 6S"]).view(0))  # 6 points: over Carousel's 5
    assert not worth_knocking(game_at(["AC", "KS QH 6S"], variant="bga").view(0))  # no knocking
    game = game_at(["2C 3D", "KS QH 6S"])
    assert knock_instead(game.view(0), Play(game.hand(0)[:1])) == Play(game.hand(0)[:1])  # only a closing step


@pytest.mark.parametrize("player", ["random", "greedy", "club", "expert"])
def test_every_computer_player_knocks_with_a_low_hand(player):
    game = game_at(["2C 3D", "KS QH 6S", "9C 8D 7H"])
    assert make_bot(player, 1).choose(game.view(0)) == KNOCK


def test_a_computer_player_lays_its_melds_down_before_it_knocks():
    game = game_at(["7C 8C 9C AD", "KS QH 6S", "9D 8D 5H"])
    bot = make_bot("greedy", 1)
    first = bot.choose(game.view(0))
    assert first == Play(tuple(game.variant.deck.parse_cards("7C 8C 9C")))
    game.apply(first)
    assert bot.choose(game.view(0)) == KNOCK
