"""Turns as transactions, scripted from the sources' own examples
(../shared/seeds: 000 BGA English, 003 Wikipedia, 004 BGA Italian)."""

import pytest

from machiavelli.games.machiavelli.actions import Action
from machiavelli.core.errors import IllegalAction
from engine_checks import cards, check_invariants, melds, position, run, snapshot
from machiavelli.app.library import load_variant


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic")


def rejected(game, text, code):
    """The action is refused with ``code`` and nothing changes."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(Action.parse(text))
    assert caught.value.code == code
    assert snapshot(game) == before
    return caught.value


# -- 000: "Rearranging cards", first example -------------------------------------


def test_bga_moves_5c_from_the_set_to_the_run_to_play_4c(bga):
    game = position(bga, ["4C KD", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C")
    run(game, "move 5C 1 2", "add 2 4C")
    assert melds(game) == melds("5D 5H 5S | 4C 5C 6C 7C 8C")
    run(game, "end")
    assert cards(game.hand(0)) == ["KD"] and game.current == 1
    check_invariants(game, boundary=True)


def test_same_example_through_the_working_area(bga):
    game = position(bga, ["4C KD", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C")
    run(game, "take 1 5C")
    assert cards(game.working) == ["5C"]
    rejected(game, "end", "taken-cards-left")
    run(game, "add 2 4C 5C", "end")
    assert melds(game) == melds("5D 5H 5S | 4C 5C 6C 7C 8C")


# -- 000: three sets turned into three runs to play 8C -----------------------------


def test_bga_three_sets_become_three_runs_to_play_8c(bga):
    game = position(bga, ["8C 2S", "KH KD"], "5C 5D 5H | 6C 6D 6H | 7C 7D 7H")
    run(game, "take 1 2 3")
    assert game.melds() == () and len(game.working) == 9
    run(game, "play 5C 6C 7C 8C", "play 5D 6D 7D", "play 5H 6H 7H", "end")
    assert melds(game) == melds("5C 6C 7C 8C | 5D 6D 7D | 5H 6H 7H")
    assert cards(game.hand(0)) == ["2S"]
    check_invariants(game, boundary=True)


# -- 000: the illegal move that leaves 6D 6H 7D 7H unmatched --------------------------


def test_bga_illegal_move_leaves_unmatched_cards(bga):
    game = position(bga, ["8C 2S", "KH KD"], "6C 6D 6H | 7C 7D 7H", deck="9S 9H")
    run(game, "take 1 6C", "take 2 7C", "play 6C 7C 8C")
    error = rejected(game, "end", "invalid-table")
    assert error.params["meld"] == 1 and error.params["reason"] == "too-few-cards"
    assert sorted(error.params["cards"].split()) == ["6D", "6H"]
    # Mid-turn the table may be invalid; the player must undo or restore.
    assert [n for n, _ in game.view(0).invalid_melds()] == [1, 2]
    run(game, "restore")
    assert melds(game) == melds("6C 6D 6H | 7C 7D 7H")
    assert cards(game.hand(0)) == cards("8C 2S 9S") and game.current == 1


# -- 003 (Wikipedia), example 1: K/Q/J sets become runs to play AC ------------------


def test_wikipedia_kqj_sets_become_runs_to_play_the_ace(classic):
    game = position(classic, ["AC 4D", "2H 3H"], "KH KD KC | QH QD QC | JH JD JC")
    run(game, "take 1 2 3", "play JH QH KH", "play JD QD KD", "play JC QC KC AC", "end")
    assert melds(game) == melds("JH QH KH | JD QD KD | JC QC KC AC")
    assert game.table.check(classic).valid


# -- 003, example 2: the 9S that leaves QC alone ---------------------------------------


def test_wikipedia_9s_leaves_qc_alone_and_is_illegal(classic):
    game = position(classic, ["9S 4D", "2H 3H"], "10H 10D 10S | JH JD JS | QH QD QC")
    run(game, "take 1 2 3", "play 10H JH QH", "play 10D JD QD", "play 9S 10S JS", "play QC")
    error = rejected(game, "end", "invalid-table")
    assert (error.params["meld"], error.params["cards"], error.params["reason"]) == (4, "QC", "too-few-cards")
    run(game, "undo", "undo", "undo", "undo", "undo")
    assert melds(game) == melds("10H 10D 10S | JH JD JS | QH QD QC")
    rejected(game, "undo", "nothing-to-undo")


def test_wikipedia_9s_is_legal_with_qd_and_qs_from_the_hand(classic):
    game = position(classic, ["9S QD QS", "2H 3H"], "10H 10D 10S | JH JD JS | QH QD QC")
    run(game, "take 1 2 3", "play 10H JH QH", "play 10D JD QD", "play 9S 10S JS", "play QC")
    assert game.outcome is None
    run(game, "add 4 QD QS")
    # The hand is empty and the table valid: the player wins at once.
    assert melds(game) == melds("10H JH QH | 10D JD QD | 9S 10S JS | QC QD QS")
    assert game.outcome.winners == (0,) and game.outcome.reason == "went-out"
    rejected(game, "draw", "game-over")


# -- 004 (BGA Italian): take two groups and replay them --------------------------------


def test_bga_italian_take_two_groups_and_replay_them(bga):
    game = position(bga, ["5C 7C 8C QC JH KH", "2H 3H"], "3C 4C 5C 6C | QH QD QS")
    run(game, "take 1 2", "play 3C 4C 5C")
    # The taken 5C went back first: the hand keeps its own 5C.
    assert cards(game.hand(0)) == cards("5C 7C 8C QC JH KH")
    run(game, "play 5C 6C 7C 8C", "play JH QH KH", "play QD QS QC")
    assert melds(game) == melds("3C 4C 5C | 5C 6C 7C 8C | JH QH KH | QD QS QC")
    assert game.outcome.winners == (0,) and game.outcome.reason == "went-out"
    check_invariants(game, boundary=True)


def test_004_taking_a_card_you_hold_puts_the_taken_copy_back(bga):
    """BGA's known bug (004): putting back the untaken copy leaves the taken
    one marked. Here the taken copy always goes back first."""
    game = position(bga, ["5C 9D", "2H 3H"], "5C 5D 5H 5S", deck="KS")
    run(game, "take 1 5C", "add 1 5C")
    assert game.working == () and cards(game.hand(0)) == cards("5C 9D")
    rejected(game, "end", "nothing-played")
    run(game, "draw")
    assert cards(game.hand(0)) == cards("5C 9D KS")


# -- restore ------------------------------------------------------------------------


@pytest.mark.parametrize("name, penalty", [("bga", 1), ("restore-3", 3)])
def test_restore_puts_everything_back_and_draws_the_penalty(name, penalty):
    variant = load_variant(name)
    game = position(variant, ["4C 9D QS", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C", deck="2S 3S 4S 5S 6S")
    start_table, start_hand = melds(game), cards(game.hand(0))
    run(game, "take 1", "play 5C 5D 5H", "add 1 4C 5S", "split 1 7C")
    entry = game.apply(Action.parse("restore"))
    assert entry.drew == penalty and entry.ends_turn
    assert melds(game) == start_table
    assert cards(game.hand(0)) == sorted(start_hand + cards("2S 3S 4S 5S 6S".split()[:penalty]))
    assert game.deck_count == 5 - penalty and game.current == 1
    assert game.just_drawn(0) == tuple(game.hand(0)[3:])
    check_invariants(game, boundary=True)


def test_restore_3_with_two_cards_left_draws_two_and_the_deck_runs_out():
    game = position(load_variant("restore-3"), ["4C", "2H 3H 4H 5H"], "5C 5D 5H", deck="2S 3S")
    run(game, "take 1 5C")
    entry = game.apply(Action.parse("restore"))
    assert entry.drew == 2 and game.deck_count == 0
    assert game.outcome.reason == "deck-exhausted" and game.outcome.winners == (0,)


# -- the restore penalty cannot be dodged (issue 11, point 2) ------------------------


@pytest.mark.parametrize("steps", [
    ["take 1"], ["take 1 5S"], ["move 5S 1 2"], ["split 2 7C"], ["take 1 5S", "add 2 5S"],
    ["play 4C 4D 4H", "take 1 5S"],
])
def test_undoing_back_after_touching_the_table_and_drawing_costs_the_restore_penalty(steps):
    variant = load_variant("restore-3")
    game = position(variant, ["4C 4D 4H 9D", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C 9C", deck="2S 3S 4S 5S 6S")
    start_table = melds(game)
    run(game, *steps)
    while game.turn.steps:
        run(game, "undo")
    assert melds(game) == start_table and not game.working
    entry = game.apply(Action.parse("draw"))
    assert entry.drew == 3 and entry.penalty and game.hand_size(0) == 4 + 3 and game.deck_count == 2
    check_invariants(game, boundary=True)


def test_undoing_only_ones_own_plays_is_free_and_draws_the_usual_card():
    game = position(load_variant("restore-3"), ["4C 4D 4H 9D", "2H 3H"], "5C 5D 5H | 6C 7C 8C", deck="2S 3S 4S")
    run(game, "play 4C 4D 4H", "add 2 9D", "undo", "undo")
    entry = game.apply(Action.parse("draw"))
    assert entry.drew == 1 and not entry.penalty and game.hand_size(0) == 5


def test_restore_with_nothing_taken_is_refused_and_changes_nothing():
    game = position(load_variant("restore-3"), ["4C 4D 4H 9D", "2H 3H"], "5C 5D 5H | 6C 7C 8C", deck="2S 3S 4S")
    rejected(game, "restore", "nothing-to-restore")
    run(game, "play 4C 4D 4H")
    before = game.state()
    rejected(game, "restore", "nothing-to-restore")
    assert game.state() == before and game.current == 0


def test_a_turn_that_touched_the_table_and_still_played_pays_nothing():
    game = position(load_variant("restore-3"), ["4C 9D", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C", deck="2S 3S 4S")
    run(game, "take 1 5S", "undo", "move 5C 1 2", "add 2 4C")
    entry = game.apply(Action.parse("end"))
    assert entry.drew == 0 and not entry.penalty and cards(game.hand(0)) == cards("9D".split())


def test_undo_restores_help_cards_and_never_reaches_the_previous_turn(bga):
    game = position(bga, ["4C 9D", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C")
    run(game, "move 5C 1 2", "add 2 4C", "end")
    rejected(game, "undo", "nothing-to-undo")


# -- rejections change nothing --------------------------------------------------------


@pytest.mark.parametrize("text, code", [
    ("play 2C 3C 4C", "card-not-available"),
    ("play 4C 4C", "card-not-available"),
    ("add 3 4C", "no-such-meld"),
    ("take 1 6C", "card-not-in-meld"),
    ("take 1 3", "no-such-meld"),
    ("move 5C 1 1", "same-meld"),
    ("move 6C 1 2", "card-not-in-meld"),
    ("split 2 6C", "nothing-to-split"),
    ("split 2 9C", "card-not-in-meld"),
    ("join 1 5", "no-such-meld"),
    ("undo", "nothing-to-undo"),
    ("end", "nothing-played"),
])
def test_rejected_actions_say_why_and_change_nothing(bga, text, code):
    game = position(bga, ["4C 9D", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C")
    rejected(game, text, code)


def test_draw_after_playing_is_refused(bga):
    game = position(bga, ["4C 9D", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C")
    run(game, "add 2 4C")
    error = rejected(game, "draw", "draw-after-play")
    assert error.params["cards"] == "4C"
    run(game, "undo", "draw")
    assert game.current == 1


def test_draw_needs_the_table_back_in_order(bga):
    game = position(bga, ["4C 9D", "2H 3H"], "5C 5D 5H 5S | 6C 7C 8C")
    run(game, "take 2")
    rejected(game, "draw", "taken-cards-left")
    run(game, "play 6C 7C 8C", "split 2 7C")
    rejected(game, "draw", "invalid-table")
    run(game, "join 2 3", "draw")
    assert game.current == 1


def test_not_your_turn_and_not_an_action(bga):
    game = position(bga, ["4C 9D", "2H 3H"], "5C 5D 5H 5S")
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(Action.parse("draw"), seat=1)
    assert caught.value.code == "not-your-turn" and snapshot(game) == before
    with pytest.raises(IllegalAction) as caught:
        game.apply("draw")  # a string is not an action
    assert caught.value.code == "not-an-action" and snapshot(game) == before


# -- steps in detail ------------------------------------------------------------------


def test_split_and_join_and_move_renumber_as_players_see_them(bga):
    game = position(bga, ["KD", "2H 3H"], "5C 5D 5H | 3S 4S 5S 6S 7S 8S | 9H 10H JH")
    entry = game.apply(Action.parse("split 2 6S"))
    assert entry.melds == (2, 4)
    assert [[str(c) for c in m] for m in game.melds()][1:] == [["3S", "4S", "5S"], ["9H", "10H", "JH"],
                                                                ["6S", "7S", "8S"]]
    entry = game.apply(Action.parse("join 4 2"))
    assert entry.melds == (3,) and [str(c) for c in game.melds()[2]] == ["3S", "4S", "5S", "6S", "7S", "8S"]
    entry = game.apply(Action.parse("take 1"))
    assert len(game.melds()) == 2 and cards(game.working) == cards("5C 5D 5H")
    entry = game.apply(Action.parse("play 5C 5D 5H"))
    assert entry.melds == (3,)
    entry = game.apply(Action.parse("move 9H 10H JH 1 2"))
    assert entry.melds == (1,) and len(game.melds()) == 2
    assert game.turn.touched and set(map(str, game.view(0).rearranged)) == {"5C", "5D", "5H", "9H", "10H", "JH"}


def test_a_play_may_leave_the_table_invalid_until_the_end(bga):
    game = position(bga, ["4C 5C KD", "2H 3H"], "")
    run(game, "play 4C 5C")
    assert game.view(0).invalid_melds()[0][1].reason == "too-few-cards"
    rejected(game, "end", "invalid-table")
    run(game, "undo")
    assert game.view(0).played_from_hand is False


def test_emptying_the_hand_on_an_invalid_table_does_not_win_yet(bga):
    game = position(bga, ["4C 5C", "2H 3H"], "6C 7C 8C | 9C 10C JC")
    run(game, "play 4C 5C")
    assert game.outcome is None and game.hand(0) == ()
    run(game, "join 1 3")
    assert game.outcome.winners == (0,) and game.outcome.reason == "went-out"
