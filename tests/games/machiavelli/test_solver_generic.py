"""The exact fallback for meld kinds the rank search does not know, with jokers
(games/machiavelli/solver_generic.py), checked against the MILP oracle with jokers."""

from __future__ import annotations

import random

import pytest

from machiavelli.app.library import load_variant
from machiavelli.games.machiavelli import solver_generic
from machiavelli.games.machiavelli.solver import solve
from joker_oracles import JK, check_answer, joker_position, joker_variant, milp_optimum, parse, table_of
from solver_oracles import short_variant

#: Sets of three of the ranks 5-7 only, runs of 4 or 5 cards: neither is a plain set or run.
ODD_KINDS = {
    "set": {"same": ["rank"], "distinct": ["suit"], "min_size": 3, "max_size": 3, "ranks": ["5", "6", "7"]},
    "run": {"same": ["suit"], "distinct": ["card"], "sequence": True, "min_size": 4, "max_size": 5},
}


def odd(limit: int | None = None, aces: str = "low-or-high"):
    extra = {} if limit is None else {"jokers_per_meld": limit}
    return short_variant(aces, 8, 2, melds=ODD_KINDS, jokers=2, **extra)


@pytest.mark.parametrize("table, hand, placed, limit", [
    ("", "5H 6H JK", "", None),  # runs need four cards here
    ("", "5H 6H JK JK", "5H 6H JK JK", None),
    ("", "5H 6H JK JK", "", 1),
    ("", "5H 5S JK", "5H 5S JK", None),  # a set of fives
    ("", "3H 3S JK", "", None),  # no sets of threes
    ("2C 3C 4C JK", "5C", "5C", 1),  # the run grows to five
    ("2C 3C 4C JK", "5C 6C", 1, None),  # never six: 5C, or 6C with the joker as the 5C
])
def test_odd_kinds_with_jokers_worked_out_by_hand(table, hand, placed, limit):
    variant = odd(limit)
    melds, cards = table_of(variant, table), parse(variant, hand)
    solution = solve(variant, melds, cards)
    assert solution.method == "generic"
    if isinstance(placed, int):
        assert solution.count == placed
    else:
        assert sorted(solution.placed) == sorted(parse(variant, placed))
    check_answer(variant, melds, cards, (), solution)


def test_the_table_s_jokers_stay_on_the_table():
    variant = odd()
    melds = table_of(variant, "5H 5S JK | 2D 3D 4D JK")
    solution = solve(variant, melds, parse(variant, "5C 5D"))
    assert sum(1 for m in solution.table for c in m if c == JK) == 2
    check_answer(variant, melds, parse(variant, "5C 5D"), (), solution)


def test_natural_cards_go_down_before_a_joker_worth_as_many_cards():
    variant = odd()
    # One card fits (runs end at five cards): the 6D, or the joker standing for it.
    solution = solve(variant, table_of(variant, "2D 3D 4D 5D"), parse(variant, "6D JK"))
    assert list(solution.placed) == list(parse(variant, "6D"))


@pytest.mark.oracle
@pytest.mark.parametrize("limit", [None, 1])
def test_milp_oracle_for_odd_kinds_with_jokers(limit):
    variant = odd(limit)
    rng = random.Random(f"generic-jokers-{limit}")
    for n in range(30):
        on_table = rng.randint(0, 2)
        table, hand, _ = joker_position(variant, rng, rng.randint(0, 12), rng.randint(1, 6), on_table,
                                        rng.randint(0, 3 - on_table))
        solution = solve(variant, table, hand)
        assert solution.method == "generic"
        assert solution.count == milp_optimum(variant, table, hand), (n, table, hand)
        check_answer(variant, table, hand, (), solution)


@pytest.mark.oracle
def test_the_generic_search_agrees_with_the_rank_search_on_plain_kinds_with_jokers(monkeypatch):
    from machiavelli.games.machiavelli import solver_jokers

    monkeypatch.setattr(solver_jokers, "MAX_VISITS", 10**6)  # exactness, not the game's budget
    variant = joker_variant(load_variant("bga"))
    rng = random.Random("generic-vs-ranks")
    for n in range(30):
        on_table = rng.randint(0, 2)
        table, hand, _ = joker_position(variant, rng, rng.randint(3, 15), rng.randint(1, 6), on_table,
                                        rng.randint(0, 2))
        _, placed, _ = solver_generic.solve_position(variant, table, hand, ())
        assert len(placed) == solve(variant, table, hand).count, (n, table, hand)


def test_a_hand_that_fits_nowhere_leaves_the_table_as_it_is():
    # The search's first answer for no card swapped the two sixes of hearts
    # between the sets (a random position that did): now nothing moves.
    variant = odd()
    melds = table_of(variant, "6H 6S 6D | JK 6C 6H")
    solution = solve(variant, melds, parse(variant, "5C 7C"))
    assert solution.method == "generic" and solution.placed == ()
    assert solution.changed == () and solution.steps == ()
    assert sorted(map(sorted, solution.table)) == sorted(map(sorted, melds))
