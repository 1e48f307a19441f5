"""Scores beyond a count of what is left in hand (scoring.py)."""

from machiavelli.games.machiavelli.scoring import losers_pay, lowest_takes


def test_the_lowest_hand_takes_each_difference_and_the_others_score_nothing():
    assert lowest_takes((3, 10, 25), (0,)) == (7 + 22, 0, 0)
    assert lowest_takes((0, 4), (0,)) == (4, 0)


def test_joint_lowest_hands_each_take_the_differences_of_the_others():
    assert lowest_takes((2, 2, 9), (0, 1)) == (7, 7, 0)


def test_rummikub_charges_the_losers_what_carousel_does_not():
    assert losers_pay((3, 10, 25), (0,)) == (29, -10, -25)
