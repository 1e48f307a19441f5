"""Means, pooled ratios over games, sample sizes for means, Holm's adjustment."""

import math
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli.app import stats


def test_mean_interval_by_hand():
    m = stats.mean_interval([1, 2, 3, 4, 5])
    half = 1.959964 * statistics.stdev([1, 2, 3, 4, 5]) / math.sqrt(5)
    assert (m.n, m.value) == (5, 3)
    assert m.low == pytest.approx(3 - half) and m.high == pytest.approx(3 + half)
    assert math.isnan(stats.mean_interval([]).value)
    single = stats.mean_interval([7])
    assert single.value == 7 and math.isnan(single.sd) and math.isnan(single.low)


def test_ratio_of_independent_trials_matches_the_binomial_interval():
    # One trial per game: the cluster-robust error is the binomial one.
    ks = [1] * 300 + [0] * 700
    r = stats.ratio(ks, [1] * 1000)
    assert r.value == pytest.approx(0.3)
    assert r.se == pytest.approx(math.sqrt(0.3 * 0.7 / 999), rel=1e-9)


def test_ratio_interval_widens_when_turns_of_a_game_are_alike():
    rng = random.Random(1)
    # Each game rearranges on all its turns or on none: 1000 turns but only 50 games.
    ks, ns = [], []
    for _ in range(50):
        ns.append(20)
        ks.append(20 if rng.random() < 0.3 else 0)
    r = stats.ratio(ks, ns)
    naive = stats.wilson(sum(ks), sum(ns))
    assert (r.high - r.low) > 3 * (naive.high - naive.low)


@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50)), min_size=2, max_size=60))
def test_ratio_stays_in_bounds(pairs):
    ks = [min(k, n) for k, n in pairs]
    ns = [n for _, n in pairs]
    r = stats.ratio(ks, ns)
    if sum(ns):
        assert 0 <= r.low <= r.value <= r.high <= 1


def test_games_needed_for_means_by_hand():
    # (1.96 + 0.8416)^2 * (10^2 + 10^2) / 2^2 = 392.4 -> 393
    assert stats.games_needed_means(50, 10, 52, 10) == 393
    assert stats.games_needed_means(50, 10, 50, 10) is None


def test_ratios_p():
    a = stats.ratio([2, 4] * 500, [10] * 1000)
    assert stats.ratios_p(a, a) == 1.0
    assert stats.ratios_p(a, stats.ratio([3, 5] * 500, [10] * 1000)) < 1e-6
    close = stats.ratio([2, 4] * 499 + [3, 4], [10] * 1000)
    assert stats.ratios_p(a, close) > 0.5


def test_holm_by_hand():
    assert stats.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert stats.holm([]) == []
    assert stats.holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


@given(st.lists(st.floats(0, 1), max_size=30))
def test_holm_never_lowers_a_p_value(ps):
    adjusted = stats.holm(ps)
    assert all(p <= a <= 1 for p, a in zip(ps, adjusted))
