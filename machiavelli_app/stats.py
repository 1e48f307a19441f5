"""Statistics for comparing rule sets: intervals, tests and sample sizes.

Large-sample methods (simulations run thousands of games): Wilson score
intervals for shares, the pooled two-proportion z-test, Welch's z-test for
means, and the classic sample-size formula for telling two shares apart.
Everything uses the standard library's ``statistics.NormalDist``.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Sequence

_NORMAL = statistics.NormalDist()


def z_for(confidence: float) -> float:
    """Two-sided critical value: 1.96 for 0.95."""
    return _NORMAL.inv_cdf(0.5 + confidence / 2)


@dataclass(frozen=True, slots=True)
class Share:
    """``k`` of ``n`` with its Wilson score interval."""

    k: int
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else 0.0


def wilson(k: int, n: int, confidence: float = 0.95) -> Share:
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return Share(0, 0, 0.0, 1.0)
    z = z_for(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At k == 0 or k == n the bound is exactly 0 or 1; rounding must not move it.
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return Share(k, n, low, high)


def two_proportion_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of the pooled z-test for equal shares."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (k1 / n1 - k2 / n2) / se
    return 2 * (1 - _NORMAL.cdf(abs(z)))


def means_p(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value of Welch's test for equal means (normal
    approximation, sound for the thousands of games a comparison uses)."""
    if len(a) < 2 or len(b) < 2:
        return 1.0
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    if se == 0:
        return 1.0 if statistics.fmean(a) == statistics.fmean(b) else 0.0
    z = (statistics.fmean(a) - statistics.fmean(b)) / se
    return 2 * (1 - _NORMAL.cdf(abs(z)))


def games_needed(p1: float, p2: float, *, alpha: float = 0.05, power: float = 0.8) -> int | None:
    """Games per variant for a two-sided test at ``alpha`` to detect the
    difference between shares ``p1`` and ``p2`` with the given power
    (None when the shares are equal: no number of games will do)."""
    if p1 == p2:
        return None
    za = z_for(1 - alpha)
    zb = _NORMAL.inv_cdf(power)
    mean = (p1 + p2) / 2
    top = za * math.sqrt(2 * mean * (1 - mean)) + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(top * top / (p1 - p2) ** 2)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100), linear between closest ranks."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)
