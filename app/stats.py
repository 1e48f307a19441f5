"""Statistics for comparing rule sets: intervals, tests and sample sizes.

Large-sample methods (simulations run thousands of games): Wilson score
intervals for shares, the pooled two-proportion z-test, Welch's z-test for
means, and the classic sample-size formula for telling two shares apart.
Means of counts (claims per deal, restores per game) get an interval that
stays at zero or above: the exact Poisson (Garwood) interval, widened for
counts that vary more than a Poisson's (quasi-Poisson). Everything uses the
standard library (``statistics.NormalDist``, ``math.lgamma``).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any, Sequence

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


@dataclass(frozen=True, slots=True)
class Mean:
    """The mean of ``n`` values, their standard deviation and the normal
    interval of the mean."""

    n: int
    value: float
    sd: float
    low: float
    high: float


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Mean:
    n = len(values)
    if n == 0:
        return Mean(0, math.nan, math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    if n < 2:
        return Mean(n, mean, math.nan, math.nan, math.nan)  # one game says nothing of the spread
    sd = statistics.stdev(values)
    half = z_for(confidence) * sd / math.sqrt(n)
    return Mean(n, mean, sd, mean - half, mean + half)


def gamma_cdf(x: float, shape: float) -> float:
    """The regularized lower incomplete gamma function P(shape, x): the
    chance that a Gamma(shape, 1) variable is at most ``x`` (a series below
    shape + 1, Lentz's continued fraction above, as in Numerical Recipes)."""
    if x <= 0:
        return 0.0
    log_front = shape * math.log(x) - x - math.lgamma(shape)
    if x < shape + 1:
        term = total = 1.0 / shape
        a = shape
        for _ in range(10_000):
            a += 1
            term *= x / a
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return min(1.0, total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - shape
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - shape)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return max(0.0, 1.0 - math.exp(log_front) * h)


def gamma_quantile(q: float, shape: float) -> float:
    """The ``q`` quantile of Gamma(shape, 1), by bisection on :func:`gamma_cdf`."""
    if not 0 < q < 1:
        raise ValueError(f"need 0 < q < 1, got {q}")
    low, high = 0.0, max(1.0, shape)
    while gamma_cdf(high, shape) < q:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if gamma_cdf(middle, shape) < q:
            low = middle
        else:
            high = middle
        if high - low <= 1e-12 * max(1.0, high):
            break
    return (low + high) / 2


def poisson_interval(k: float, confidence: float = 0.95) -> tuple[float, float]:
    """Garwood's exact interval for the mean of a Poisson count ``k`` (from
    the chi-square, i.e. gamma, quantiles): k = 0 gives 0 to 3.689."""
    alpha = 1 - confidence
    low = 0.0 if k <= 0 else gamma_quantile(alpha / 2, k)
    return low, gamma_quantile(1 - alpha / 2, k + 1)


def is_counts(values: Sequence[float]) -> bool:
    """Whether every value is a whole number of zero or more (a count)."""
    return bool(values) and all(float(v).is_integer() and v >= 0 for v in values)


def count_interval(values: Sequence[int | float], confidence: float = 0.95) -> Mean:
    """The mean count per game with an interval that never leaves the range
    of counts: the exact Poisson interval of the total, its counts first
    divided by the dispersion (variance over mean, at least 1) so that
    counts that bunch in some games widen it as they should (quasi-Poisson).
    A normal interval would go below zero for rare events (0.20, -0.07 to 0.47)."""
    n = len(values)
    if n == 0:
        return Mean(0, math.nan, math.nan, math.nan, math.nan)
    total = float(sum(values))
    mean = total / n
    sd = statistics.stdev(values) if n > 1 else math.nan
    dispersion = max(1.0, sd * sd / mean) if n > 1 and mean > 0 else 1.0
    low, high = poisson_interval(total / dispersion, confidence)
    scale = dispersion / n
    return Mean(n, mean, sd, low * scale, high * scale)


@dataclass(frozen=True, slots=True)
class Ratio:
    """``k`` of ``n`` events pooled over ``clusters`` groups (turns over
    games), with an interval that allows for events within one group being
    alike. ``unit_sd`` is the spread per group, for sample sizes."""

    k: int
    n: int
    clusters: int
    value: float
    se: float
    low: float
    high: float

    @property
    def unit_sd(self) -> float:
        return self.se * math.sqrt(self.clusters)


def ratio(ks: Sequence[int], ns: Sequence[int], confidence: float = 0.95) -> Ratio:
    """Pooled share ``sum(ks) / sum(ns)`` of per-group counts, with the
    cluster-robust (linearised) standard error: turns of one game are not
    independent trials, so a Wilson interval on the pooled turns would be
    too narrow."""
    if len(ks) != len(ns):
        raise ValueError("ks and ns differ in length")
    g, k, n = len(ks), sum(ks), sum(ns)
    if g == 0 or n == 0:
        return Ratio(k, n, g, math.nan, math.nan, math.nan, math.nan)
    r = k / n
    if g < 2:
        return Ratio(k, n, g, r, math.nan, 0.0, 1.0)
    mean_n = n / g
    residuals = sum(((ki - r * ni) / mean_n) ** 2 for ki, ni in zip(ks, ns))
    se = math.sqrt(residuals / (g * (g - 1)))
    half = z_for(confidence) * se
    return Ratio(k, n, g, r, se, max(0.0, r - half), min(1.0, r + half))


def z_p(difference: float, se: float) -> float:
    """Two-sided p-value of a difference with standard error ``se``."""
    if math.isnan(se) or math.isnan(difference):
        return 1.0  # too few games to tell anything
    if not se:
        return 1.0 if difference == 0 else 0.0
    return 2 * (1 - _NORMAL.cdf(abs(difference / se)))


def ratios_p(a: Ratio, b: Ratio) -> float:
    """Two-sided p-value for equal pooled shares of independent runs."""
    return z_p(a.value - b.value, math.sqrt(a.se ** 2 + b.se ** 2))


def games_needed_means(m1: float, sd1: float, m2: float, sd2: float, *, alpha: float = 0.05,
                       power: float = 0.8) -> int | None:
    """Games per variant for a two-sided test at ``alpha`` to detect the
    difference between means ``m1`` and ``m2`` with the given power, the
    spreads per game being ``sd1`` and ``sd2`` (None for equal means)."""
    if m1 == m2 or any(math.isnan(x) for x in (m1, m2, sd1, sd2)):
        return None
    z = z_for(1 - alpha) + _NORMAL.inv_cdf(power)
    return max(2, math.ceil(z * z * (sd1 ** 2 + sd2 ** 2) / (m1 - m2) ** 2))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values: compare each
    adjusted value with alpha to keep the chance of any false alarm in the
    family below alpha."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted = [1.0] * len(pvalues)
    running = 0.0
    m = len(pvalues)
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


# -- figures as plain data ---------------------------------------------------------


def share_entry(k: int, n: int) -> dict[str, Any]:
    """``k`` of ``n`` as JSON-ready data: the share and its Wilson interval."""
    s = wilson(k, n)
    return {"k": k, "n": n, "share": s.value, "low": s.low, "high": s.high}


def mean_entry(values: Sequence[float]) -> dict[str, Any]:
    """The mean of ``values`` as JSON-ready data: its interval (for counts
    :func:`count_interval`, which stays at zero or above), spread, median,
    90th percentile and range (None where too few values say nothing)."""
    m = count_interval(values) if is_counts(values) else mean_interval(values)
    out = {"n": m.n, "mean": m.value, "sd": m.sd, "low": m.low, "high": m.high,
           "median": statistics.median(values) if values else math.nan,
           "p90": percentile(values, 90), "min": min(values, default=math.nan),
           "max": max(values, default=math.nan)}
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in out.items()}
