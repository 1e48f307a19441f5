"""Positions set up by hand (core/position.py and each game's at_position):
what tests and puzzles stage instead of writing a game's inside; a position
that cannot occur is refused, and a game reports the position it is in."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core import registry
from machiavelli.core.bots import bot_seed
from machiavelli.core.errors import PositionError
from machiavelli.games.cicera.game import Game as Cicera
from machiavelli.games.machiavelli.actions import Take
from machiavelli.games.machiavelli.game import Game as Machiavelli, MachiavelliPosition
from machiavelli.games.si_se_pai.actions import Pass
from machiavelli.games.si_se_pai.game import Game as SiSePai, SiSePaiPosition


def played(name, steps, seed=3):
    """A game of the default variant after ``steps`` actions of random players."""
    definition = registry.game(name)
    variant = load_variant(definition.default_variant)
    game = definition.new_game(variant, variant.players.min, seed)
    bots = [definition.bots["random"](bot_seed(seed, s)) for s in range(game.players)]
    for _ in range(steps):
        seat = game.to_move()[0]
        game.apply(bots[seat].choose(game.view(seat)), seat)
    return definition, variant, game


@pytest.mark.parametrize("name, steps", [("machiavelli", 0), ("machiavelli", 40), ("cicera", 0), ("cicera", 17),
                                         ("si-se-pai", 0), ("si-se-pai", 9)])
def test_a_game_staged_at_its_own_position_is_the_same_game(name, steps):
    definition, variant, game = played(name, steps)
    if name == "machiavelli":  # at a turn's start: nothing taken from the table
        while game.turn.working:
            seat = game.current
            game.apply(definition.bots["random"](1).choose(game.view(seat)), seat)
    position = definition.position(game)
    staged = definition.stage(variant, position)
    assert staged.state() == game.state() and definition.position(staged) == position
    assert staged.log == () and staged.legal_actions(staged.to_move()[0])


def test_what_a_seat_may_know_of_a_position():
    _d, _v, game = played("machiavelli", 0)
    position = game.position()
    seen = position.seen_by(0)
    assert seen["hands"][0] == position.hands[0] and seen["hands"][1] == len(position.hands[1])
    assert seen["deck"] == len(position.deck) and "seed" not in seen
    other = position.redealt(0, random.Random(1))
    assert other.seen_by(0) == seen and other.hands[0] == position.hands[0]
    assert sorted(other.hands[1] + other.deck) == sorted(position.hands[1] + position.deck)
    assert other.hands[1] != position.hands[1] and other.seed != position.seed


def test_cards_missing_twice_or_foreign_are_refused():
    v = load_variant("cicera")
    deal = Cicera(v, 4, 1).position()
    with pytest.raises(PositionError) as caught:
        Cicera.at_position(v, replace(deal, table=deal.table[1:]))
    assert caught.value.code == "cards-missing"
    with pytest.raises(PositionError) as caught:
        Cicera.at_position(v, replace(deal, table=deal.table + deal.table[:1]))
    assert caught.value.code == "too-many-copies"
    bga = load_variant("bga")
    with pytest.raises(PositionError) as caught:
        Machiavelli.at_position(bga, MachiavelliPosition(hands=((bga.deck.parse_card("5C"),) * 3, ())))
    assert caught.value.code == "too-many-copies"


def test_a_cicera_deal_needs_hands_that_play_round_the_table():
    v = load_variant("cicera")
    deal = Cicera(v, 4, 1).position()
    hands = (deal.hands[0][:1], *deal.hands[1:])
    rest = deal.hands[0][1:]
    with pytest.raises(PositionError) as caught:
        Cicera.at_position(v, replace(deal, hands=hands, table=deal.table + rest, current=0))
    assert caught.value.code == "hand-sizes"
    with pytest.raises(PositionError) as caught:
        Cicera.at_position(v, replace(deal, left=deal.hands[0][0]))
    assert caught.value.code == "left-not-on-table"


def test_machiavelli_sets_up_no_cards_taken_from_the_table():
    bga = load_variant("bga")
    game = Machiavelli.from_position(bga, [bga.deck.parse_cards("4C"), bga.deck.parse_cards("KD")],
                                     [bga.deck.parse_cards("5C 6C 7C")])
    game.apply(Take((1,)), 0)
    assert game.position().working
    with pytest.raises(PositionError) as caught:
        Machiavelli.at_position(bga, game.position())
    assert caught.value.code == "working-area"


SSP = load_variant("si-se-pai")


def claim_window(hands, public, answers=()):
    """Seat 0 drew ``public``; the other cards make up the stock."""
    cards = [SSP.deck.parse_cards(h) for h in hands]
    stock = list(SSP.physical_cards)
    for card in [c for h in cards for c in h] + [SSP.deck.parse_card(public)]:
        stock.remove(card)
    return SiSePaiPosition(hands=tuple(cards), deck=tuple(stock), public=SSP.deck.parse_card(public), source=0,
                           drawn=True, answers=answers)


def test_a_public_card_waits_for_every_seat_and_answers_stay_secret():
    # Seat 2 holds two yellow Horses: it may claim the third (and so may seat 0, the drawer, with HY);
    # every seat is asked all the same, so that waiting tells nobody who could claim.
    position = claim_window(["HY GW", "AY EG", "HY HY", "AR EY"], "HY")
    game = SiSePai.at_position(SSP, position)
    assert set(game.to_move()) == {0, 1, 2, 3} and game.claims(1) == []
    answered = SiSePai.at_position(SSP, replace(position, answers=((2, Pass()),)))
    assert answered.to_move() == (0, 1, 3)
    assert answered.position().seen_by(0)["answers"] == () == game.position().seen_by(0)["answers"]
    assert answered.position().seen_by(2)["answers"] == ((2, Pass()),)
    with pytest.raises(PositionError) as caught:  # the owner of a discard is not asked
        SiSePai.at_position(SSP, replace(position, drawn=False, answers=((0, Pass()),)))
    assert caught.value.code == "answer-not-asked"
    with pytest.raises(PositionError) as caught:  # every answer in: the card would be decided
        SiSePai.at_position(SSP, replace(position, answers=tuple((s, Pass()) for s in range(4))))
    assert caught.value.code == "every-answer-in"
    nobody = SiSePai.at_position(SSP, claim_window(["AW EY", "AY EG", "AG EW", "AR EY"], "HY"))
    assert set(nobody.to_move()) == {0, 1, 2, 3} and not any(nobody.claims(s) for s in range(4))
    with pytest.raises(PositionError) as caught:
        SiSePai.at_position(SSP, replace(position, public=None, deck=position.deck + (position.public,)))
    assert caught.value.code == "public-or-discarding"
