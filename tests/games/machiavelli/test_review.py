"""Machiavelli's review (issue 29) against positions whose best play is known,
and the rule that it judges from what the seat could see, nothing more."""

from __future__ import annotations

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core import budget, review as core
from machiavelli.games.machiavelli import review
from machiavelli.games.machiavelli.actions import Action
from machiavelli.games.machiavelli.game import Game
from machiavelli.games.machiavelli.present import hints


def position(spec, hands, table=(), deck="2D 3D 4D 9S 9H", help_cards=""):
    v = load_variant(spec)
    return Game.from_position(v, [v.deck.parse_cards(h) for h in hands], table=[v.deck.parse_cards(m) for m in table],
                              deck=v.deck.parse_cards(deck), help=v.deck.parse_cards(help_cards), opened=(0, 1))


def judged(game, *moves, seats=None, seconds=5.0):
    deck = game.variant.deck
    actions = [(seat, Action.parse(text, deck)) for seat, text in moves]
    return review.review_game(game, actions, seats, seconds)


def test_a_turn_that_could_go_out_and_drew_is_a_missed_win():
    game = position("bga", ["5C 6C 7C", "KH KS"])
    (turn,) = judged(game, (0, "draw"))
    assert (turn.verdict, turn.did, turn.could, turn.missed, turn.out) == (core.OUT_MISSED, 0, 3, 3, True)
    assert turn.best[0] == "play 5C 6C 7C" and turn.table == (("5C", "6C", "7C"),)
    assert (turn.first, turn.end) == (0, 1)


def test_going_out_taken_is_the_best_and_ends_the_review():
    game = position("bga", ["5C 6C 7C", "KH KS"])
    (turn,) = judged(game, (0, "play 5C 6C 7C"))
    assert (turn.verdict, turn.did, turn.could, turn.best) == (core.BEST, 3, 3, ())


def test_a_rearrangement_missed_counts_the_cards_it_would_have_placed():
    # 8C extends the run and 4H joins the set: 2 cards; the player added only 8C.
    game = position("bga", ["8C 4H KD", "KH KS"], table=["5C 6C 7C", "4C 4D 4S"])
    first, second = judged(game, (0, "add 1 8C"), (0, "end"), (1, "draw"))
    assert (first.verdict, first.did, first.could, first.missed, first.out) == (core.MISSED, 1, 2, 1, False)
    assert first.played == ("add 1 8C", "end") and (first.first, first.end) == (0, 2)
    assert first.best == ("add 1 8C", "add 2 4H", "end")
    assert second.seat == 1 and second.verdict == core.BEST and second.did == 0


@pytest.mark.parametrize("where", ["hand", "deck"])
def test_the_card_that_would_win_is_never_used_when_the_seat_cannot_see_it(where):
    # Both copies of 7C are out of the seat's sight: one in the other hand
    # and one in the deck (or both in the deck). 5C 6C alone make nothing.
    other = "KH KS 7C" if where == "hand" else "KH KS"
    deck = "7C 2D 3D 4D" if where == "hand" else "7C 7C 2D 3D"
    game = position("bga", ["5C 6C KD", other], deck=deck)
    (turn,) = judged(game, (0, "draw"), seats=[0])
    assert (turn.verdict, turn.could, turn.best) == (core.BEST, 0, ())
    # What the finding says the seat saw is its own hand and the table, nothing more.
    assert turn.seen_hand == ("5C", "6C", "KD") and turn.seen_table == ()


def test_a_help_card_is_seen_and_used():
    game = position("help-cards", ["5C 6C KD", "KH KS"], help_cards="7C 9D 2S 3H")
    (turn,) = judged(game, (0, "draw"), seats=[0])
    assert (turn.verdict, turn.could, turn.missed) == (core.MISSED, 2, 2)
    assert turn.best == ("play 5C 6C *7C", "end")


def test_the_seats_asked_for_are_the_only_ones_judged():
    game = position("bga", ["5C 6C 7C KD", "8H 9H 10H"])
    turns = judged(game, (0, "draw"), (1, "draw"), seats=[1])
    assert [(t.seat, t.verdict, t.could) for t in turns] == [(1, core.OUT_MISSED, 3)]


def test_a_search_past_its_budget_is_given_up_not_counted(monkeypatch):
    def slow(view):
        raise budget.OutOfTime()

    monkeypatch.setattr(hints, "best_play", slow)
    review._MEMO.clear()
    game = position("bga", ["5C 6C 7C", "KH KS"])
    (turn,) = judged(game, (0, "draw"))
    assert (turn.verdict, turn.could, turn.missed) == (core.GAVE_UP, None, 0)
    (summary,) = core.summarise([turn], [0])
    assert (summary.turns, summary.missed_turns, summary.missed, summary.gave_up) == (1, 0, 0, 1)


def test_a_restore_is_counted():
    game = position("bga", ["8C KD", "KH KS"], table=["5C 6C 7C"])
    (turn,) = judged(game, (0, "take 1"), (0, "restore"))
    assert turn.restores == 1 and turn.verdict == core.MISSED and turn.did == 0
    (summary,) = core.summarise([turn], [0])
    assert summary.restores == 1 and summary.missed == 1


def test_the_same_record_gives_the_same_review(tmp_path):
    from machiavelli.core.bots import bot_seed, make_bot, play_out
    from machiavelli.core.records import GameRecord, Seat
    from machiavelli.games.machiavelli.present.presentation import review as hook

    variant = load_variant("bga")
    game = Game(variant, 3, 11)
    play_out(game, [make_bot(name, bot_seed(11, s)) for s, name in enumerate(("greedy", "random", "solver"))])
    record = GameRecord.of(game, [Seat("greedy"), Seat("random"), Seat("solver")])
    first, second = hook(record, [0, 1, 2], 5.0), hook(record, [0, 1, 2], 5.0)
    assert first.as_dict() == second.as_dict()
    # Every turn of every seat is there, in order, and the ranges of actions tile the record.
    assert [t.first for t in first.turns][0] == 0 and first.turns[-1].end == len(record.actions)
    assert all(a.end == b.first for a, b in zip(first.turns, first.turns[1:]))
    # The solver player never misses a card (it plays the same solver's answer).
    solver = first.seats[2]
    assert solver.missed == 0 and solver.turns > 0
