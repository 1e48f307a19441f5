import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli.app import stats


def test_wilson_matches_the_textbook_value():
    # Wilson (1927) interval for 81 of 263 at 95%, as tabulated by Newcombe (1998): 0.2553-0.3662.
    share = stats.wilson(81, 263)
    assert share.low == pytest.approx(0.2553, abs=5e-4)
    assert share.high == pytest.approx(0.3662, abs=5e-4)


@given(st.integers(0, 5000), st.integers(1, 5000))
def test_wilson_interval_contains_the_share_and_stays_in_bounds(k, n):
    k = min(k, n)
    share = stats.wilson(k, n)
    assert 0 <= share.low <= share.value <= share.high <= 1


def test_wilson_rejects_impossible_counts():
    with pytest.raises(ValueError):
        stats.wilson(5, 3)


def test_sample_sizes_quoted_in_the_issue():
    # "telling a 2-point difference apart takes about 10,000 games per variant; 5 points about 1,600"
    assert 9_000 < stats.games_needed(0.50, 0.52) < 11_000
    assert 1_400 < stats.games_needed(0.50, 0.55) < 1_800
    assert stats.games_needed(0.3, 0.3) is None


def test_two_proportion_test_separates_real_differences():
    assert stats.two_proportion_p(5000, 10000, 5020, 10000) > 0.5
    assert stats.two_proportion_p(5000, 10000, 5400, 10000) < 1e-6
    # z = 1.96 gives p = 0.05
    assert stats.two_proportion_p(0, 0, 1, 1) == 1.0


def test_means_test():
    a = [10, 11, 12, 13, 14] * 200
    assert stats.means_p(a, a) == pytest.approx(1.0)
    assert stats.means_p(a, [x + 1 for x in a]) < 1e-6


def test_percentile():
    values = list(range(1, 101))
    assert stats.percentile(values, 50) == pytest.approx(50.5)
    assert stats.percentile(values, 90) == pytest.approx(90.1)
    assert math.isnan(stats.percentile([], 50))
