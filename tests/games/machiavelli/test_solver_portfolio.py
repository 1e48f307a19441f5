"""The portfolio (solver_portfolio): which method settles the best count,
and that the answer is the same whichever one does."""

from __future__ import annotations

import random

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core.cards import Card
from machiavelli.core.errors import SolverError
from machiavelli.games.machiavelli import solver_jokers, solver_portfolio, solver_search
from machiavelli.games.machiavelli.solver import solve
from joker_oracles import JK, check_answer, joker_position, joker_variant, milp_optimum

VARIANT = joker_variant(load_variant("bga", ["aces=low"]))


def _melds(cards: int) -> list[list[Card]]:
    return [[Card(5, "C")] * 3 for _ in range(cards // 3)]


def test_the_model_goes_first_on_small_tables_with_jokers():
    assert solver_portfolio.model_first(_melds(21))
    assert solver_portfolio.model_first(_melds(0))
    assert not solver_portfolio.model_first(_melds(42))  # the search proves big tables' counts at once
    assert not solver_portfolio.model_first(_melds(42), hand=15)


def test_the_model_goes_first_on_big_tables_with_few_hand_cards():
    """A game's later turns: most of a small hand does not fit, and proving it is the work."""
    assert solver_portfolio.model_first(_melds(48), hand=4)
    assert solver_portfolio.model_first(_melds(48), hand=solver_portfolio.FEW_IN_HAND)
    assert not solver_portfolio.model_first(_melds(48), hand=solver_portfolio.FEW_IN_HAND + 1)


def _answer(solution):
    return (solution.placed, solution.help_used, solution.table, solution.numbers, solution.steps,
            solution.changed, solution.method)


def _positions():
    for seed in range(8):
        rng = random.Random(seed)
        on_table = rng.randint(0, 3)
        table, cards, _ = joker_position(VARIANT, rng, rng.choice((12, 20)), rng.randint(8, 14), on_table, 3 - on_table)
        yield table, cards


@pytest.mark.parametrize("quick", [300, 1])
def test_both_methods_give_the_same_answer(monkeypatch, quick):
    """Count and layout alike, also when the quick searches settle nothing
    (``quick`` = 1 visit) and the count comes from the model or the settling."""
    monkeypatch.setattr(solver_jokers, "QUICK_VISITS", quick)
    monkeypatch.setattr(solver_search, "QUICK_VISITS", quick)
    for table, cards in _positions():
        answers = []
        for first in (True, False):
            monkeypatch.setattr(solver_portfolio, "model_first", lambda melds, hand=None, first=first: first)
            answers.append(_answer(solve(VARIANT, table, cards)))
        assert answers[0] == answers[1], (table, cards)
        solution = solve(VARIANT, table, cards)
        assert solution.count == milp_optimum(VARIANT, table, cards)
        check_answer(VARIANT, table, cards, (), solution)


def test_a_search_that_gives_up_tries_again_with_the_models_count(monkeypatch):
    """The search's own settling past its budget: the answer is the one the
    model's count gives, not the model's layout."""
    table, cards = next(_positions())
    monkeypatch.setattr(solver_portfolio, "model_first", lambda melds, hand=None: True)
    expected = _answer(solve(VARIANT, table, cards))

    def gives_up(self, top):
        raise SolverError("search-too-large", detail="test")

    monkeypatch.setattr(solver_jokers, "QUICK_VISITS", 1)
    monkeypatch.setattr(solver_jokers.JokerSearch, "_settle", gives_up)
    monkeypatch.setattr(solver_portfolio, "model_first", lambda melds, jokers, hand=None: False)
    assert _answer(solve(VARIANT, table, cards)) == expected
    assert JK in cards or any(JK in m for m in table)


# -- the LP bound first: the same answer as the integer programme's count -------------


def _bench():
    """bench/solver.py, whose joker generators make the size classes."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "bench" / "solver.py"
    spec = importlib.util.spec_from_file_location("bench_solver", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _flow_positions():
    """Bench positions of the classes the model goes first on (the first few
    of each, and three whose LP bound is one above the optimum), and the
    oracle's positions with 2 to 4 jokers."""
    bench = _bench()
    plain = load_variant("bga", ["aces=low"])
    variant = bench.with_jokers(plain)
    for jokers, wanted in ((2, (0, 1, 2, 49, 57)), (4, (0, 1, 16))):
        rng = random.Random(4 * 1000 + 20 + 31 * jokers + 20)  # bench.class_bench's seed for the class
        for i, (table, hand) in enumerate(bench.joker_positions(plain, rng, 20, max(wanted) + 1, jokers, (15, 20))):
            if i in wanted:
                yield variant, table, hand
    for seed in range(6):
        rng = random.Random(100 + seed)
        jokers = rng.randint(2, 4)
        on_table = rng.randint(0, jokers)
        table, cards, _ = joker_position(VARIANT, rng, rng.choice((12, 20)), rng.randint(8, 16), on_table,
                                         jokers - on_table)
        yield VARIANT, table, cards


def test_the_lp_bound_gives_the_answer_the_models_count_gives(monkeypatch):
    """Count and layout alike: the search at the LP bound (going down to the
    integer programme's count where no path meets it) and the search at the
    integer programme's count alone."""
    from machiavelli.games.machiavelli import solver_milp

    monkeypatch.setattr(solver_portfolio, "model_first", lambda melds, hand=None: True)
    bounds = []
    lp_bound = solver_milp.lp_bound

    def recorded(variant, shape, melds, hand, help_cards=()):
        bounds.append((lp_bound(variant, shape, melds, hand, help_cards),
                       solver_milp.solve_model(variant, shape, melds, hand, help_cards).count))
        return bounds[-1][0]

    monkeypatch.setattr(solver_milp, "lp_bound", recorded)
    plain = solver_jokers.solve_position
    count_only = lambda *args, bound=None, **kwargs: plain(*args, **kwargs)  # noqa: E731
    for variant, table, cards in _flow_positions():
        new = _answer(solve(variant, table, cards))
        monkeypatch.setattr(solver_jokers, "solve_position", count_only)
        old = _answer(solve(variant, table, cards))
        monkeypatch.setattr(solver_jokers, "solve_position", plain)
        assert new == old, (table, cards)
    assert any(lp > count for lp, count in bounds)  # the way down was taken
    assert all(lp >= count for lp, count in bounds)


@pytest.mark.parametrize("visits", [1, 20_000])
def test_a_bound_no_path_meets_falls_back_to_the_models_count(monkeypatch, visits):
    """A bound one too high, the search proving it (then one fewer is the
    bound) or giving up on it past its visits (then the model's count is):
    the answer is the one the model's count gives."""
    from machiavelli.games.machiavelli import solver_milp

    monkeypatch.setattr(solver_portfolio, "model_first", lambda melds, hand=None: True)
    monkeypatch.setattr(solver_jokers, "BOUND_VISITS", visits)
    monkeypatch.setattr(solver_jokers, "QUICK_VISITS", 1)
    solve_model, models, unmet = solver_milp.solve_model, [], []
    at = solver_jokers.solve_position_at

    def counted(*args):
        models.append(args)
        return solve_model(*args)

    def spy(*args, **kwargs):
        laid = at(*args, **kwargs)
        unmet.append(laid is solver_jokers.UNMET)
        return laid

    monkeypatch.setattr(solver_jokers, "solve_position_at", spy)

    for table, cards in _positions():
        expected = _answer(solve(VARIANT, table, cards))
        optimum = milp_optimum(VARIANT, table, cards)
        with monkeypatch.context() as patch:
            patch.setattr(solver_milp, "lp_bound", lambda *args, optimum=optimum: optimum + 1)
            patch.setattr(solver_milp, "solve_model", counted)
            assert _answer(solve(VARIANT, table, cards)) == expected
    # Some position's search got as far as the bound, and went down: past
    # its visits to the model's count, or proving the bound out of reach.
    assert models if visits == 1 else any(unmet)


def test_the_lp_bound_where_the_search_settles_the_count_changes_no_answer(monkeypatch):
    """Without the model first, the search's targets start at the LP bound
    rather than at every playable card: count and layout alike, and the
    bound was below the hand on some position."""
    from machiavelli.games.machiavelli import solver_milp

    monkeypatch.setattr(solver_portfolio, "model_first", lambda melds, jokers, hand=None: False)
    monkeypatch.setattr(solver_jokers, "QUICK_VISITS", 1)  # the quick searches settle nothing
    lp_bound, below = solver_milp.lp_bound, []

    def recorded(variant, shape, melds, hand, help_cards=()):
        found = lp_bound(variant, shape, melds, hand, help_cards)
        below.append(found is not None and found < len(hand))
        return found

    for variant, table, cards in _flow_positions():
        with monkeypatch.context() as patch:
            patch.setattr(solver_milp, "lp_bound", recorded)
            solution = solve(variant, table, cards)
        with monkeypatch.context() as patch:
            patch.setattr(solver_milp, "lp_bound", lambda *args: None)
            old = _answer(solve(variant, table, cards))
        assert _answer(solution) == old, (table, cards)
        check_answer(variant, table, cards, (), solution)
    assert any(below)


@pytest.mark.parametrize("aces, limit", [("low", None), ("low-or-high", 1)])
def test_the_hand_cards_no_answer_can_place_change_no_answer(monkeypatch, aces, limit):
    """The search for the LP bound without the copies that no answer
    reaching it can place (solver_milp.hand_limits): count and layout
    alike with and without them left out, help cards too; and the smaller
    search answered most of these positions (a game's later turns)."""
    from machiavelli.games.machiavelli import solver_milp

    variant = joker_variant(load_variant("bga", [f"aces={aces}"]), limit=limit)
    monkeypatch.setattr(solver_portfolio, "model_first", lambda melds, hand=None: True)
    answered = []
    at = solver_jokers.solve_position_at

    def spy(*args, **kwargs):
        laid = at(*args, **kwargs)
        answered.append(laid is not None and laid is not solver_jokers.UNMET)
        return laid

    monkeypatch.setattr(solver_jokers, "solve_position_at", spy)
    rng = random.Random(f"hand-limits-{aces}-{limit}")
    for _ in range(20):
        on_table = rng.randint(1, 3)
        table, cards, helps = joker_position(variant, rng, rng.randint(24, 48), rng.randint(3, 9), on_table,
                                             rng.randint(0, 3 - on_table), rng.choice((0, 0, 2)))
        solution = solve(variant, table, cards, helps)
        with monkeypatch.context() as patch:
            patch.setattr(solver_milp, "hand_limits", lambda *args: {})
            assert _answer(solve(variant, table, cards, helps)) == _answer(solution), (table, cards, helps)
        check_answer(variant, table, cards, helps, solution)
    assert sum(answered) >= 4, answered  # the smaller search answered


def test_a_bound_proved_out_of_reach_gives_way_to_one_fewer(monkeypatch):
    """An expert game's position whose LP bound (9) no answer reaches: the
    smaller search proves it, and the search for 8 with its own limits
    gives the answer the whole hand's searches give."""
    from machiavelli.games.machiavelli import solver_milp

    variant = load_variant("jokers")
    deck = variant.deck
    table = [deck.parse_cards(m) for m in (
        "5S 5H 5D 5C", "6H 6D 6C", "7S JK 7D", "JS QS JK AS", "3H JK 5H 6H", "5S 6S 7S", "JK KC AC",
        "QH KH AH", "8S 8H 8C")]
    hand = deck.parse_cards("8C 10D 4S AH 4C 3D 9S 4S JC 5D 7H 8D")
    outcomes = []
    at = solver_jokers.solve_position_at

    def spy(*args, **kwargs):
        laid = at(*args, **kwargs)
        outcomes.append((args[6], laid is solver_jokers.UNMET))
        return laid

    with monkeypatch.context() as patch:
        patch.setattr(solver_jokers, "solve_position_at", spy)
        solution = solve(variant, table, hand)
    assert solution.count == 8 == milp_optimum(variant, table, hand)
    assert outcomes == [(9, True), (8, False)]
    with monkeypatch.context() as patch:
        patch.setattr(solver_milp, "hand_limits", lambda *args: {})
        assert _answer(solve(variant, table, hand)) == _answer(solution)
    check_answer(variant, table, hand, (), solution)
