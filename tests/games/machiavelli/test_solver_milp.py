"""The HiGHS model of a position (solver_milp) against the search and the
test oracle's own MILP (tests/joker_oracles.py, a different formulation),
and the solver's use of it: the count the search settles by, the layout
when the search would run too long."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from machiavelli.app.library import load_variant
from machiavelli.games.machiavelli import solver_jokers, solver_milp, solver_portfolio, solver_search
from machiavelli.games.machiavelli.solver import solve
from machiavelli.games.machiavelli.solver_milp import solve_model
from machiavelli.games.machiavelli.solver_ranks import shape_of
from joker_oracles import JK, check_answer, joker_position, joker_variant, milp_optimum, valid


def _variant(aces: str, limit: int | None):
    return joker_variant(load_variant("bga", [f"aces={aces}"]), limit=limit)


VARIANTS = {(aces, limit): _variant(aces, limit) for aces in ("low", "wrap") for limit in (None, 1)}


def _position(seed: int, aces: str, limit: int | None, size: int, hand: int, jokers: int):
    variant = VARIANTS[aces, limit]
    rng = random.Random(seed)
    on_table = rng.randint(0, jokers)
    table, cards, _ = joker_position(variant, rng, size, hand, on_table, jokers - on_table)
    return variant, table, cards


def _model_answer_is_valid(variant, table, hand, answer) -> None:
    for meld in answer.melds:
        assert valid(variant, meld), meld
    assert Counter(c for m in answer.melds for c in m) == (
        Counter(c for m in table for c in m) + Counter(answer.placed) + Counter(answer.help_used))
    assert not Counter(answer.placed) - Counter(hand)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), aces=st.sampled_from(["low", "wrap"]), limit=st.sampled_from([None, 1]),
       size=st.integers(0, 24), hand=st.integers(0, 10), jokers=st.integers(0, 3))
def test_the_model_and_the_search_agree(seed, aces, limit, size, hand, jokers):
    variant, table, cards = _position(seed, aces, limit, size, hand, jokers)
    answer = solve_model(variant, shape_of(variant), table, cards)
    _model_answer_is_valid(variant, table, cards, answer)
    assert answer.count == solve(variant, table, cards).count == milp_optimum(variant, table, cards)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), aces=st.sampled_from(["low", "wrap"]), limit=st.sampled_from([None, 1]),
       size=st.integers(0, 24), hand=st.integers(0, 10), jokers=st.integers(0, 3), set_rows=st.booleans(),
       loose=st.booleans())
def test_each_column_of_the_model_holds_its_meld_s_cards_in_row_order(seed, aces, limit, size, hand, jokers,
                                                                       set_rows, loose):
    """The model is selected from a variant's template of columns: each
    meld's x column still holds one entry per card, on that card's row, and
    each of its z columns takes the card's row and the joker row; entries in
    increasing row order, as HiGHS takes them. The loose model (the LP
    bound's) has no z columns but one joker column per card kind that a
    run holds, and one per card kind that a set holds."""
    variant, table, cards = _position(seed, aces, limit, size, hand, jokers)
    built = solver_milp._build(variant, shape_of(variant), table, cards, (), set_rows=set_rows, loose=loose)
    start = [*built.start.tolist(), len(built.index)]
    index = built.index.tolist()
    rows = [index[start[c]:start[c + 1]] for c in range(built.num_col)]
    assert all(r == sorted(set(r)) and all(0 <= i < built.num_row for i in r) for r in rows)
    row_of = {c: i for i, c in enumerate(built.kinds)}
    jrow = len(built.kinds)
    for meld, x, zs in zip(built.chosen, built.x_col, built.z_cols):
        assert rows[x][:len(meld)] == sorted(row_of[c] for c in meld)
        assert len(zs) in ((0,) if loose else (0, len(meld)))
        for card, z in zip(meld, zs):
            assert rows[z][:2] == [row_of[card], jrow]
    if loose:
        any_joker = JK in [c for m in table for c in m] + list(cards)
        stand = rows[built.x_col[-1] + 1 if built.x_col else 0:built.y0]
        in_runs = {row_of[c] for m in built.chosen if len({c.suit for c in m}) == 1 for c in m}
        in_sets = {row_of[c] for m in built.chosen if len({c.suit for c in m}) > 1 for c in m}
        n_k = len(built.kinds)
        expected = [[k, jrow] for k in sorted(in_runs)] + [
            [k, jrow, n_k + 1 + k] if set_rows else [k, jrow] for k in sorted(in_sets)] if any_joker else []
        assert stand == expected


def test_help_cards_count_after_hand_cards():
    variant = joker_variant(load_variant("help-cards"))
    deck = variant.deck
    table = [deck.parse_cards("5C 6C 7C")]
    # 8C from the hand goes down alone; the help card 9C would let 10C follow.
    hand, helps = deck.parse_cards("8C 10C"), deck.parse_cards("9C 4H")
    answer = solve_model(variant, shape_of(variant), table, hand, helps)
    assert answer.count == 2 and Counter(answer.help_used) == Counter(deck.parse_cards("9C"))


def test_the_count_the_search_settles_by_comes_from_the_model(monkeypatch):
    """Quick searches too short to settle anything and the portfolio on the
    model: the search takes the model's LP bound (the integer programme
    only where no path meets it) and still answers exactly, with its own
    layout."""
    asked: list[str] = []
    real_model, real_bound = solver_milp.solve_model, solver_milp.lp_bound

    def spy_model(*args):
        asked.append("model")
        return real_model(*args)

    def spy_bound(*args):
        asked.append("bound")
        return real_bound(*args)

    monkeypatch.setattr(solver_search, "QUICK_VISITS", 1)
    monkeypatch.setattr(solver_jokers, "QUICK_VISITS", 1)
    monkeypatch.setattr(solver_portfolio, "model_first", lambda melds, jokers, hand=None: True)
    monkeypatch.setattr(solver_milp, "solve_model", spy_model)
    monkeypatch.setattr(solver_milp, "lp_bound", spy_bound)
    for seed in range(6):
        variant, table, cards = _position(seed, "low", None, 20, 12, 3)
        asked.clear()
        solution = solve(variant, table, cards)
        assert solution.method == "rank-search"
        assert solution.count == milp_optimum(variant, table, cards)
        check_answer(variant, table, cards, (), solution)
        met = real_bound(variant, shape_of(variant), table, cards) == solution.count
        assert asked == (["bound"] if met else ["bound", "model"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), aces=st.sampled_from(["low", "wrap"]), limit=st.sampled_from([None, 1]),
       size=st.integers(0, 24), hand=st.integers(0, 10), jokers=st.integers(0, 4), helps=st.integers(0, 3))
def test_the_lp_bound_is_a_bound(seed, aces, limit, size, hand, jokers, helps):
    variant = VARIANTS[aces, limit]
    rng = random.Random(seed)
    on_table = rng.randint(0, jokers)
    table, cards, help_cards = joker_position(variant, rng, size, hand, on_table, jokers - on_table, helps)
    shape = shape_of(variant)
    bound = solver_milp.lp_bound(variant, shape, table, cards, help_cards)
    assert bound is not None and bound >= solve_model(variant, shape, table, cards, help_cards).count


def test_the_lp_bound_can_be_above_the_optimum():
    """A bench position (4 jokers, 20 table cards) where the relaxation
    places a card more than any layout can: the search must go down."""
    variant = joker_variant(load_variant("bga", ["aces=low"]))
    deck = variant.deck
    table = [deck.parse_cards(m) for m in "6H 7H 8H 9H 10H JH | 3C 4C 5C 6C 7C | 5H 6H 7H 8H 9H 10H | AS 2S 3S".split("|")]
    hand = deck.parse_cards("3C AH 9S 6D 5C 5S QC 4D 9D 4S AD 3S JD JC KD JK JK JK JK")
    shape = shape_of(variant)
    assert solver_milp.lp_bound(variant, shape, table, hand) == 18
    assert solve_model(variant, shape, table, hand).count == 17 == solve(variant, table, hand).count


def test_a_search_past_its_budget_gets_the_models_layout(monkeypatch):
    """No position is refused: where the search gives up, the model answers."""
    monkeypatch.setattr(solver_jokers, "MAX_VISITS", 0)
    variant, table, cards = _position(3, "low", None, 20, 10, 2)
    solution = solve(variant, table, cards)
    assert solution.method == "milp"
    assert solution.count == milp_optimum(variant, table, cards)
    check_answer(variant, table, cards, (), solution)


def test_the_issue_position_is_answered():
    variant = load_variant("jokers", ["aces=low"])
    deck = variant.deck
    table = [deck.parse_cards(m) for m in (
        "7D 8D 9D | 9S 9C 9H 9D | AS 2S 3S 4S | 2C JK 2D 2S | AH 2H 3H | KC KS KH KD | 3S 4S 5S 6S 7S 8S 9S"
        " | JS QS KS | QD QH QC | KH KC KD | 4D 4H 4C").split("|")]
    hand = deck.parse_cards("10S 6S JH 7H 9C 3D JD JH 8S AS 8D 2D AH JC JD JK 3C 4D JK JK 6H QC 5D")
    solution = solve(variant, table, hand)
    assert solution.count == 22 == solve_model(variant, shape_of(variant), table, hand).count
    check_answer(variant, table, hand, (), solution)


@pytest.mark.parametrize("module", ["machiavelli.games.machiavelli.solver", "machiavelli.games.machiavelli.solver_milp"])
def test_highspy_is_imported_only_to_solve_a_model(module):
    code = f"import sys, {module}; print('highspy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def _path_bound():
    """(The path's LP of a small position, its deck, table and hand)."""
    variant = VARIANTS[("low", None)]
    deck = variant.deck
    table = [deck.parse_cards("7C 8C 9C"), deck.parse_cards("5H 5S 5D")]
    hand = deck.parse_cards("10C 5C JK 2D")
    return solver_milp.PathBound(variant, shape_of(variant), table, hand, ()), deck, table, hand


def test_the_path_bound_is_the_lp_bound_until_cells_are_fixed():
    """:class:`solver_milp.PathBound`: with nothing fixed, the LP bound of the
    position; a fixed cell lowers it as it must; fixes no layout obeys give
    -1; and taking fixes off gives the first bound back (the LP is solved
    again from its last basis, not rebuilt)."""
    variant = VARIANTS[("low", None)]
    shape = shape_of(variant)
    path, deck, table, hand = _path_bound()
    assert path.bound({}) == solver_milp.lp_bound(variant, shape, table, hand) == 3  # 10C, 5C, the joker
    ten, seven, five = (path.kind[deck.parse_card(c)] for c in ("10C", "7C", "5H"))
    assert path.bound({ten: (0, 0, 0)}) == 2  # the 10C stays in hand
    assert path.bound({ten: (1, 0, 0), five: (0, 0, 1)}) == 3
    # The 7C in a set would take two more sevens (one joker); the 5H in a run, two more hearts.
    assert path.bound({seven: (0, 0, 1)}) == -1
    assert path.bound({five: (0, 0, 0)}) == -1
    assert path.bound({}) == 3


def test_the_path_bound_takes_its_last_optimum_where_that_obeys_the_fixes(monkeypatch):
    """With ``at_least``, fixes the last optimum obeys give its bound
    without solving again, if it reaches that much; so do fixes whose
    bound the last dual prices keep under it (some bound under it); other
    fixes solve the LP (and give the same answers as without it)."""
    path, deck, _, _ = _path_bound()
    ten, five = (path.kind[deck.parse_card(c)] for c in ("10C", "5H"))
    assert path.bound({}) == 3
    runs = []
    highs = path._h
    original = type(highs).run
    monkeypatch.setattr(path, "_h", type("Spy", (), {"__getattr__": lambda self, name: getattr(highs, name),
                                                     "run": lambda self: runs.append(1) or original(highs)})())
    # The optimum places the 10C in the clubs' run and keeps the fives in their set.
    assert path.bound({ten: (1, 0, 0), five: (0, 0, 1)}, at_least=3) == 3 and not runs
    # Not that much: the prices of the last optimum (the same fixes as far as they go) say so.
    assert path.bound({ten: (1, 0, 0)}, at_least=4) < 4 and not runs
    assert path.bound({ten: (0, 0, 0)}, at_least=2) == 2 and len(runs) == 1  # the optimum disobeys: solved
    assert path.bound({five: (0, 0, 0)}, at_least=0) == -1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), aces=st.sampled_from(["low", "wrap"]), limit=st.sampled_from([None, 1]),
       size=st.integers(0, 24), hand=st.integers(1, 10), jokers=st.integers(1, 4))
def test_the_path_bound_cuts_where_the_lp_cuts_and_nowhere_else(seed, aces, limit, size, hand, jokers):
    """Fixes walked as a search walks them (cells fixed rank by rank, then
    some taken back), each with a target: the path's LP, which answers
    from its last optimum or its dual prices where it can, is under the
    target exactly where the LP solved afresh under the same fixes is."""
    variant, table, cards = _position(seed, aces, limit, size, hand, jokers)
    shape = shape_of(variant)
    walked = solver_milp.PathBound(variant, shape, table, cards, ())
    rng = random.Random(seed)
    full = walked.bound({})
    if full is None or full < 0:
        return
    kinds = list(walked.kind.values())
    rng.shuffle(kinds)
    built, fixes = walked._built, {}
    for _ in range(3 * len(kinds)):
        if fixes and rng.random() < 0.5:
            del fixes[rng.choice(list(fixes))]
        else:
            # Mostly what the last optimum does with the cell, as a search's path would.
            i = rng.choice(kinds)
            last = walked._last
            hand_at, in_sets = (round(last[1][i]), round(last[3][i])) if last and rng.random() < 0.9 else (
                rng.randint(0, int(built.upper[built.y0 + i])), rng.randint(0, 1))
            fixes[i] = (hand_at, 0, in_sets)
        target = rng.randint(max(0, full - 2), full + 1)
        fresh = solver_milp.PathBound(variant, shape, table, cards, ()).bound(dict(fixes))
        got = walked.bound(dict(fixes), at_least=target)
        assert (got is None or got >= target) == (fresh is None or fresh >= target), (fixes, target, got, fresh)


def _most_copies(variant, shape, table, cards, card, at_least: int) -> int | None:
    """The integer programme's optimum with at least ``at_least`` copies of
    ``card`` placed from the hand (None: no layout places that many)."""
    import highspy

    built = solver_milp._build(variant, shape, table, cards, ())
    h = solver_milp._highs(built, integral=True)
    column = built.y0 + built.kinds.index(card)
    h.changeColBounds(column, float(at_least), float(built.upper[column]))
    h.run()
    if h.getModelStatus() == highspy.HighsModelStatus.kInfeasible:
        return None
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    placed = h.getSolution().col_value
    return round(sum(placed[built.y0:built.p0]) + placed[built.yj])


@pytest.mark.parametrize("aces, limit", [("low", None), ("wrap", 1)])
def test_a_hand_limit_holds_for_every_answer_that_reaches_the_bound(aces, limit):
    """Each copy a limit leaves out: no layout places it and reaches the LP
    bound (the integer programme with one copy more than the limit placed
    stays under it), on positions like a game's later turns."""
    limited = 0
    for seed in range(24):
        rng = random.Random(f"limits-{seed}")
        variant, table, cards = _position(seed, aces, limit, rng.randint(12, 48), rng.randint(3, 12), rng.randint(1, 4))
        shape = shape_of(variant)
        bound = solver_milp.lp_bound(variant, shape, table, cards)
        assert bound is not None
        limits = solver_milp.hand_limits(variant, shape, table, cards, (), bound)
        for card, most in limits.items():
            assert 0 <= most < cards.count(card)
            reached = _most_copies(variant, shape, table, cards, card, most + 1)
            assert reached is None or reached < bound, (table, cards, card, most)
            limited += 1
        # Probing leaves the LP as it was: the same bound again.
        assert solver_milp.lp_bound(variant, shape, table, cards) == bound
    assert limited > 10, "too few cards left out to check"


def test_hand_limits_leave_out_what_cannot_fit():
    """A game's late turn: of a hand of four, only the nine fits (the run
    9-10-J of hearts); the probing finds the others out, and the answer is
    the one the whole hand gives."""
    variant = joker_variant(load_variant("bga", ["aces=low"]))
    deck = variant.deck
    table = [deck.parse_cards(m) for m in "10H JH QH | 5S 5C 5D | KC KD JK".split("|")]
    hand = deck.parse_cards("9H 2C 7S 2D")
    shape = shape_of(variant)
    bound = solver_milp.lp_bound(variant, shape, table, hand)
    assert bound == 1
    limits = solver_milp.hand_limits(variant, shape, table, hand, (), bound)
    assert limits == {card: 0 for card in deck.parse_cards("2C 7S 2D")}
    assert solve(variant, table, hand).placed == tuple(deck.parse_cards("9H"))
