"""Cicera's rules, one by one: captures, bonuses (alone and stacked), awards
(tied majorities, napola lengths), the last cards, team totals."""

from __future__ import annotations

import pytest

from machiavelli.app.library import load_variant
from machiavelli.games.cicera.cards import card
from machiavelli.games.cicera.rules import Bonus, awards, bonuses, captures, napola_length


@pytest.fixture(scope="module")
def v():
    return load_variant("cicera", [])


def cs(text: str):
    return [card(t) for t in text.split()]


def options(played: str, table: str, variant) -> set[frozenset]:
    return {frozenset(t) for t in captures(card(played), cs(table), variant)}


# -- captures ---------------------------------------------------------------------

def test_the_seed_example_seven_takes_the_seven_or_three_and_four(v):
    assert options("7D", "7C 3B 4S", v) == {frozenset(cs("7C")), frozenset(cs("3B 4S"))}


def test_a_match_takes_one_card_of_the_rank(v):
    assert options("5D", "5C 5S", v) == {frozenset(cs("5C")), frozenset(cs("5S"))}


def test_sums_of_several_number_cards(v):
    assert frozenset(cs("AD 2C 3S")) in options("6B", "AD 2C 3S 9C", v)
    assert frozenset(cs("2C 4B")) in options("6D", "2C 4B", v)


def test_courts_never_take_part_in_sums(v):
    # F is not 11 nor 8: a 10 cannot take F, and no sum reaches a court.
    assert options("10D", "FC 2S 8B", v) == {frozenset(cs("2S 8B"))}
    assert options("FD", "3S 8B 5C 6C", v) == set()


def test_a_court_takes_only_one_court_of_its_rank(v):
    assert options("RD", "RC FC CS RB", v) == {frozenset(cs("RC")), frozenset(cs("RB"))}


def test_nothing_to_take(v):
    assert options("9D", "RC 3S", v) == set()


def test_match_first_variant_forbids_the_sum():
    v = load_variant("cicera", ["match_first=true"])
    assert options("7D", "7C 3B 4S", v) == {frozenset(cs("7C"))}


def test_no_sums_variant():
    v = load_variant("cicera", ["sum_captures=false"])
    assert options("7D", "3B 4S", v) == set()


def test_courts_in_sums_variant_counts_their_points():
    v = load_variant("cicera", ["courts_in_sums=true"])
    assert frozenset(cs("FC 2S")) in options("10D", "FC 2S", v)


# -- bonuses -----------------------------------------------------------------------

def b(card_text, taken, table, left=None, variant=None, last=False):
    return {x.name for x in bonuses(card(card_text), cs(taken), cs(table), card(left) if left else None, variant,
                                    last_play=last)}


def test_scopa_alone(v):
    assert b("7D", "7C", "7C", variant=v) == {"scopa"}


def test_picada_alone(v):
    assert b("7D", "7C", "7C 2S", left="7C", variant=v) == {"picada"}


def test_picada_needs_the_card_just_left(v):
    assert b("7D", "7C", "7C 2S", left="2S", variant=v) == set()
    # Taken in a sum, the left card is not taken "with the same rank".
    assert b("7D", "3C 4C", "3C 4C 9S", left="4C", variant=v) == set()


def test_simile_alone(v):
    assert b("7D", "3D 4D", "3D 4D 9S", variant=v) == {"simile"}


def test_quartet_alone(v):
    assert b("9D", "2C 3S 4B", "2C 3S 4B RS", variant=v) == {"quartet"}
    assert b("7D", "3C 4B", "3C 4B RS", variant=v) == set()


def test_bonuses_stack_on_one_capture(v):
    assert b("9D", "2D 3D 4D", "2D 3D 4D", variant=v) == {"scopa", "simile", "quartet"}
    total = bonuses(card("9D"), cs("2D 3D 4D"), cs("2D 3D 4D"), None, v)
    assert sum(x.points for x in total) == 3


def test_scopa_and_picada_stack(v):
    assert b("7D", "7C", "7C", left="7C", variant=v) == {"scopa", "picada"}


def test_leaving_a_card_earns_nothing(v):
    assert bonuses(card("7D"), (), cs("7C"), None, v) == ()


def test_last_play_bonuses_by_parameter(v):
    assert b("7D", "7C", "7C", variant=v, last=True) == {"scopa"}
    off = load_variant("cicera", ["bonuses_on_last_play=false"])
    assert b("7D", "7C", "7C", variant=off, last=True) == set()


def test_bonus_points_are_parameters():
    v = load_variant("cicera", ["scopa_points=3", "simile_points=0"])
    assert bonuses(card("5D"), cs("5C"), cs("5C"), None, v) == (Bonus("scopa", 3),)


# -- awards ------------------------------------------------------------------------

def kinds(result):
    return sorted((a.kind, a.team, a.points, a.detail) for a in result)


def test_every_award_to_one_team(v):
    pile = cs("2S 10D FC AS 3S 4S 5S 6S 7D")
    result = kinds(awards([pile, cs("9B")], v))
    assert ("most-cards", 0, 2, "9-1") in result
    assert ("most-suit", 0, 1, "6-0") in result
    assert {("special", 0, 1, c) for c in ("2S", "10D", "FC")} <= set(result)
    assert ("napola", 0, 6, "6") in result


def test_tied_majorities_give_nobody_the_points(v):
    result = kinds(awards([cs("AS 2D 3D"), cs("4S 5D 6D")], v))
    assert not any(k in ("most-cards", "most-suit") for k, *_ in result)


@pytest.mark.parametrize("pile, length", [
    ("AS 2S", 0), ("AS 2S 3S", 3), ("AS 2S 3S 4S", 4), ("AS 2S 3S 4S 6S", 4), ("2S 3S 4S 5S", 0),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S FS CS RS", 10), ("AD 2D 3D", 0),
])
def test_napola_lengths(v, pile, length):
    assert napola_length(cs(pile), v) == length


def test_napola_off_and_in_coins():
    assert napola_length(cs("AS 2S 3S"), load_variant("cicera", ["napola=false"])) == 3  # length alone
    assert not [a for a in awards([cs("AS 2S 3S"), []], load_variant("cicera", ["napola=false"]))
                if a.kind == "napola"]
    assert napola_length(cs("AD 2D 3D 4D"), load_variant("cicera", ["napola_suit=D"])) == 4
