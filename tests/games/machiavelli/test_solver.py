"""The move solver against independent oracles.

* Small positions (short decks of 5-7 ranks, so that every ace policy's
  corners are reached): an exhaustive search (tests/solver_oracles.py), over
  every meld that :func:`core.melds.check` accepts.
* Large positions (full decks, 2 and 3 copies): a set-partition MILP solved
  by HiGHS (scipy), whose candidate melds are every arc of the rank cycle
  and every group of suits that ``check`` accepts.

Every answer is also checked on its own: valid melds only, every table card
still on the table plus exactly the cards placed, and steps that, carried out
one by one, turn the old table into the new one.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli.core.cards import Card
from machiavelli.core.errors import PositionError
from machiavelli.core.melds import ACE_POLICIES
from machiavelli.games.machiavelli.solver import Step, solve
from machiavelli.app.library import load_variant
from solver_oracles import check_answer, exhaustive, milp_optimum, random_position, short_variant

# -- the sources' examples -------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def table_of(text: str):
    return [cards(part) for part in text.split("|")]


def layout(melds) -> list[tuple[Card, ...]]:
    return sorted(tuple(sorted(m)) for m in melds)


def test_bga_four_of_clubs(bga):
    # 000: the 5♣ moves from the set to the run, and the 4♣ joins it.
    table = table_of("5♣ 5♦ 5♥ 5♠ | 6♣ 7♣ 8♣")
    solution = solve(bga, table, cards("4♣"))
    assert solution.placed == cards("4♣")
    assert layout(solution.table) == layout(table_of("5♦ 5♥ 5♠ | 4♣ 5♣ 6♣ 7♣ 8♣"))
    assert solution.steps == (Step(cards("5♣"), 1, 2), Step(cards("4♣"), "hand", 2))
    check_answer(bga, table, cards("4♣"), (), solution)


def test_bga_three_sets_become_runs(bga):
    # 000: three sets of 5, 6, 7 become three runs to play the 8♣.
    table = table_of("5♣ 5♦ 5♥ | 6♣ 6♦ 6♥ | 7♣ 7♦ 7♥")
    solution = solve(bga, table, cards("8♣"))
    assert solution.placed == cards("8♣")
    assert layout(solution.table) == layout(table_of("5♦ 6♦ 7♦ | 5♥ 6♥ 7♥ | 5♣ 6♣ 7♣ 8♣"))
    check_answer(bga, table, cards("8♣"), (), solution)


def test_bga_unmatched_cards_are_not_left(bga):
    # 000: taking 6♣ and 7♣ for a run with 8♣ would strand 6♦ 6♥ 7♦ 7♥.
    table = table_of("6♣ 6♦ 6♥ | 7♣ 7♦ 7♥")
    solution = solve(bga, table, cards("8♣"))
    assert solution.placed == () and solution.steps == () and solution.changed == ()
    assert solution.table == tuple(bga.arrange(m) for m in table)


def test_wikipedia_jqk_sets_become_runs_for_the_ace():
    classic = load_variant("classic")
    table = table_of("K♥ K♦ K♣ | Q♥ Q♦ Q♣ | J♥ J♦ J♣")
    solution = solve(classic, table, cards("A♣"))
    assert solution.placed == cards("A♣")
    assert Counter(cards("J♣ Q♣ K♣ A♣")) in map(Counter, solution.table)
    check_answer(classic, table, cards("A♣"), (), solution)
    # The ace cannot go high where aces are low only.
    assert solve(load_variant("aces-low"), table, cards("A♣")).placed == ()


def test_wikipedia_nine_of_spades_needs_two_queens():
    classic = load_variant("classic")
    table = table_of("10♥ 10♦ 10♠ | J♥ J♦ J♠ | Q♥ Q♦ Q♣")
    alone = solve(classic, table, cards("9♠"))
    assert alone.placed == ()  # Q♣ would be left alone
    solution = solve(classic, table, cards("9♠ Q♦ Q♠"))
    assert Counter(solution.placed) == Counter(cards("9♠ Q♦ Q♠"))
    check_answer(classic, table, cards("9♠ Q♦ Q♠"), (), solution)


# -- tie-breaking ------------------------------------------------------------------


def test_nothing_moves_when_adding_is_enough(bga):
    table = table_of("3♣ 4♣ 5♣ | 5♦ 5♥ 5♠")
    solution = solve(bga, table, cards("6♣ K♦"))
    assert solution.steps == (Step(cards("6♣"), "hand", 1),)
    assert solution.changed == () and solution.numbers == (1, 2)


def test_a_hand_that_fits_nowhere_leaves_the_table_as_it_is(bga):
    # The two could go with 3♥ 4♥ only by breaking the set of threes: nothing
    # is placed, and the runs are not merged or split for nothing.
    table = table_of("3♥ 3♦ 3♣ | 4♥ 5♥ 6♥ | 7♥ 8♥ 9♥")
    solution = solve(bga, table, cards("2♥"))
    assert solution.placed == () and solution.steps == ()
    assert solution.changed == () and sorted(map(sorted, solution.table)) == sorted(map(sorted, table))


def test_low_cards_stay_in_hand(bga):
    # Either 5♣ 6♣ (with the 7♣) or 8♦ 9♦ (with the 7♦) can be played, not
    # both: the set would be left with two cards. The higher pair goes.
    table = table_of("7♣ 7♦ 7♥ 7♠")
    solution = solve(bga, table, cards("5♣ 6♣ 8♦ 9♦"))
    assert Counter(solution.placed) == Counter(cards("8♦ 9♦"))


def test_forward_checking_never_turns_no_with_more_slack(monkeypatch):
    """The search remembers forward checking per state by the largest
    slack that failed and the smallest that passed: right only if a larger
    slack never turns a yes into a no. Checked on the states real solves ask
    about, one slack below and above."""
    from machiavelli.games.machiavelli import solver_search

    original = solver_search.RankSearch._may_finish_now
    asked = 0

    def spy(self, r, state, slack):
        nonlocal asked
        asked += 1
        got = original(self, r, state, slack)
        assert not got or original(self, r, state, slack + 1)
        assert got or slack == 0 or not original(self, r, state, slack - 1)
        return got

    monkeypatch.setattr(solver_search.RankSearch, "_may_finish_now", spy)
    rng = random.Random(17)
    for name in ("bga", "aces-wrap", "help-cards", "jokers"):  # jokers: the joker search's relaxed look-ahead
        variant = load_variant(name)
        for _ in range(12):
            table, hand, help_cards = random_position(variant, rng, 30, 14, 3 if variant.help_cards else 0)
            if variant.jokers:
                solve(variant, table, [*hand, Card(0, "JK"), Card(0, "JK")], help_cards)
            else:
                check_answer(variant, table, hand, help_cards, solve(variant, table, hand, help_cards))
    assert asked > 100


def test_answers_do_not_depend_on_the_order_of_input(bga):
    rng = random.Random(7)
    for _ in range(20):
        table, hand, _ = random_position(bga, rng, 40, 12)
        first = solve(bga, table, hand)
        shuffled = [tuple(rng.sample(m, len(m))) for m in rng.sample(table, len(table))]
        again = solve(bga, shuffled, rng.sample(hand, len(hand)))
        assert again.count == first.count


# -- bad positions -----------------------------------------------------------------


@pytest.mark.parametrize(
    "table, hand, code, param",
    [
        ("5♣ 6♣", "", "invalid-meld", {"meld": 1}),
        ("5♣ 5♦ 5♥ | 5♠ 6♠ 8♠", "", "invalid-meld", {"meld": 2, "reason": "gap"}),
        ("5♣ 5♦ 5♥ | 4♣ 5♣ 6♣", "5♣", "too-many-copies", {"cards": "5C", "count": 3}),
    ],
)
def test_bad_positions_are_named(bga, table, hand, code, param):
    with pytest.raises(PositionError) as caught:
        solve(bga, table_of(table), cards(hand))
    assert caught.value.code == code
    assert param.items() <= caught.value.params.items()


def test_card_outside_a_short_deck():
    short = short_variant("low", 6, 2)
    with pytest.raises(PositionError) as caught:
        solve(short, [], [Card(9, "S")])
    assert caught.value.code == "card-not-in-deck"


# -- the oracles ---------------------------------------------------------------------

SMALL = [(aces, decks) for aces in ACE_POLICIES for decks in (2, 3)]


@pytest.mark.oracle
@pytest.mark.parametrize("aces, decks", SMALL)
def test_exhaustive_oracle_on_short_decks(aces, decks):
    rng = random.Random(f"{aces}-{decks}")
    for n in range(300):
        variant = short_variant(aces, rng.choice((5, 6, 7)), decks)
        table, hand, _ = random_position(variant, rng, rng.randint(0, 15), rng.randint(1, 8))
        solution = solve(variant, table, hand)
        assert solution.count == exhaustive(variant, table, hand), (n, table, hand)
        check_answer(variant, table, hand, (), solution)


@pytest.mark.oracle
@pytest.mark.parametrize("aces", ACE_POLICIES)
def test_exhaustive_oracle_with_help_cards(aces):
    rng = random.Random(f"help-{aces}")
    for n in range(100):
        variant = short_variant(aces, 6, 2)
        table, hand, helps = random_position(variant, rng, rng.randint(0, 12), rng.randint(1, 5), rng.randint(1, 4))
        solution = solve(variant, table, hand, helps)
        assert solution.count == exhaustive(variant, table, hand, helps), (n, table, hand, helps)
        check_answer(variant, table, hand, helps, solution)


# (aces, decks, table size, positions): 2 and 3 decks widely, 4 decks on a few.
FULL_DECKS = [(aces, decks, size, 50) for aces in ACE_POLICIES for decks, size in ((2, 40), (2, 80), (3, 110))] + [
    (aces, 4, size, 8) for aces in ACE_POLICIES for size in (60, 150)]


@pytest.mark.oracle
@pytest.mark.parametrize("aces, decks, size, positions", FULL_DECKS)
def test_milp_oracle_on_full_decks(aces, decks, size, positions):
    variant = load_variant("bga", [f"aces={aces}", f"decks={decks}"])
    rng = random.Random(f"{aces}-{decks}-{size}")
    for n in range(positions):
        table, hand, _ = random_position(variant, rng, size, rng.randint(10, 20))
        solution = solve(variant, table, hand)
        assert solution.count == milp_optimum(variant, table, hand), (n, table, hand)
        check_answer(variant, table, hand, (), solution)


@pytest.mark.oracle
def test_milp_oracle_with_help_cards():
    variant = load_variant("help-cards")
    rng = random.Random("help-cards")
    for n in range(60):
        table, hand, helps = random_position(variant, rng, rng.randint(10, 60), 6, 4)
        solution = solve(variant, table, hand, helps)
        assert solution.count == milp_optimum(variant, table, hand, helps), (n, table, hand, helps)
        check_answer(variant, table, hand, helps, solution)


def test_thirteen_card_run_under_every_policy():
    # The ace and the king both join a run 2-Q: A-K is a run whatever the policy.
    for aces in ACE_POLICIES:
        variant = load_variant("bga", [f"aces={aces}"])
        table = table_of("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ | K♦ K♥ K♠")
        solution = solve(variant, table, cards("A♣ K♣"))
        assert solution.count == 2, aces
        if aces != "wrap":  # around the corner, 3-4-5 and 6-K-A-2 also fit
            assert len(max(solution.table, key=len)) == 13


# -- properties ----------------------------------------------------------------------


@st.composite
def positions(draw):
    aces = draw(st.sampled_from(ACE_POLICIES))
    decks = draw(st.sampled_from((2, 3)))
    variant = load_variant("bga", [f"aces={aces}", f"decks={decks}"])
    seed = draw(st.integers(0, 10**6))
    size = draw(st.integers(0, 70))
    table, hand, _ = random_position(variant, random.Random(seed), size, draw(st.integers(0, 18)))
    return variant, table, hand


@settings(max_examples=60, deadline=None)
@given(positions())
def test_what_is_left_cannot_be_placed_after_the_answer(position):
    """Solving again on the new table with the cards left places nothing:
    otherwise the first answer was not the most."""
    variant, table, hand = position
    solution = solve(variant, table, hand)
    check_answer(variant, table, hand, (), solution)
    left = list((Counter(hand) - Counter(solution.placed)).elements())
    assert solve(variant, solution.table, left).count == 0


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(0, 10**6))
def test_more_cards_in_hand_never_place_fewer(position, seed):
    variant, table, hand = position
    pool = Counter({c: variant.decks for c in variant.deck.cards()}) - Counter(c for m in table for c in m) - Counter(hand)
    extra = sorted(pool.elements())
    if not extra:
        return
    card = random.Random(seed).choice(extra)
    assert solve(variant, table, [*hand, card]).count >= solve(variant, table, hand).count


# -- meld kinds the rank search does not know ----------------------------------------------


@pytest.mark.oracle
def test_generic_search_for_other_meld_kinds():
    """Sets of 3 only, of picture cards only, and runs of 4 or more: the
    exact fallback answers, checked against the exhaustive oracle."""
    rng = random.Random("generic")
    melds = {
        "set": {"same": ["rank"], "distinct": ["suit"], "min_size": 3, "max_size": 3, "ranks": ["5", "6", "7"]},
        "run": {"same": ["suit"], "distinct": ["card"], "sequence": True, "min_size": 4, "max_size": 5},
    }
    for n in range(25):
        variant = short_variant("low-or-high", 7, 2, melds=melds)
        table, hand, _ = random_position(variant, rng, rng.randint(0, 12), rng.randint(1, 7))
        solution = solve(variant, table, hand)
        assert solution.method == "generic"
        assert solution.count == exhaustive(variant, table, hand), (n, table, hand)
        check_answer(variant, table, hand, (), solution)


def test_the_search_s_field_indices_are_the_option_s_fields():
    """The search reads its plain tuples by index constants written out as
    literals (for the type checker): each must be its Option field's place."""
    from machiavelli.games.machiavelli import solver_ranks

    for place, name in enumerate(solver_ranks.Option._fields):
        assert getattr(solver_ranks, name.upper()) == place, name
