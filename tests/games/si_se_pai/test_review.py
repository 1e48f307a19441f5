"""Sì Sè Pái's review (issue 29): a win missed at a claim window, a discard
that broke a grouping, and nothing judged from cards the seat cannot see."""

from __future__ import annotations

from machiavelli.core import review as core
from machiavelli.games.si_se_pai.actions import Discard, Pass, Take, Win
from machiavelli.games.si_se_pai.game import Game
from machiavelli.games.si_se_pai.review import review_game
from si_se_pai_staging import JUNK, V, cards, position, staged


def answers(game, chosen):
    """Every asked seat's answer (pass unless ``chosen`` says otherwise), in seat order."""
    return [(s, chosen.get(s, Pass())) for s in sorted(game.to_move())]


def test_a_win_left_at_a_claim_window_is_a_missed_win():
    game = staged(["HY GY", JUNK[1], JUNK[2], JUNK[3]], "HY", source=0)
    turns = review_game(game, answers(game, {}), seats=[0])
    assert [(t.seat, t.verdict, t.out, t.best) for t in turns] == [(0, core.OUT_MISSED, True, ("win",))]


def test_the_win_claimed_is_the_best():
    game = staged(["HY GY", JUNK[1], JUNK[2], JUNK[3]], "HY", source=0)
    (turn,) = review_game(game, answers(game, {0: Win()}), seats=[0])
    assert (turn.verdict, turn.best) == (core.BEST, ())


def test_a_discard_that_breaks_a_triple_is_found():
    game = Game.at_position(V, position([f"CY CY CY {JUNK[0]}", JUNK[1], JUNK[2], JUNK[3]], discarding=0))
    (turn,) = review_game(game, [(0, Discard(cards("CY")[0]))], seats=[0])
    assert turn.verdict == core.MISSED and turn.missed >= 1 and turn.best[0].startswith("discard ")
    assert "CY" not in turn.best[0]


def test_a_discard_that_keeps_the_triple_is_the_best():
    game = Game.at_position(V, position([f"CY CY CY {JUNK[0]}", JUNK[1], JUNK[2], JUNK[3]], discarding=0))
    (turn,) = review_game(game, [(0, Discard(cards("AW")[0]))], seats=[0])
    assert turn.verdict == core.BEST


def test_the_card_that_would_win_in_another_hand_or_the_stock_is_never_counted():
    # Seat 0 would win with HY; one HY is in another hand, the others in the stock (HY on top).
    game = staged(["HY GY", f"HY {JUNK[1]}", JUNK[2], JUNK[3]], "AW", source=3, drawn=False)
    turns = review_game(game, answers(game, {}), seats=[0])
    assert all(t.verdict != core.OUT_MISSED and not t.out for t in turns)


def test_a_claim_that_would_group_cards_passed_up_is_a_missed_play():
    # Seat 1 holds CY CY: taking the public CY makes a triple; passing keeps both loose.
    game = staged([JUNK[0], f"CY CY {JUNK[1]}", JUNK[2], JUNK[3]], "CY", source=0)
    turns = review_game(game, answers(game, {}), seats=[1])
    assert [(t.verdict, t.best) for t in turns] == [(core.MISSED, (Take(cards("CY CY")).text(V.deck),))]
