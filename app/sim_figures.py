"""The figures of a simulation, and how two variants' figures compare.

:func:`figures` turns the summaries of one variant's games (in game order)
into plain data: shares with Wilson intervals, means with normal intervals,
and the share of rearranging turns with a cluster-robust interval (turns of
one game are alike). :func:`compare` tests each figure of two variants,
adjusts the p-values of the family with Holm's method, and says how many
games per variant would tell the observed difference apart (80% power, 5%
two-sided).

Seats are reported two ways: by position in the order of play (1 = the
player left of the dealer, who plays first: the first-player advantage) and
by physical seat (which bot sat there, when the seats differ).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from machiavelli.games.machiavelli.game import BLOCKED, DECK_EXHAUSTED, WENT_OUT
from machiavelli.core.simulate import GameSummary

from . import stats

ALPHA = 0.05
REASONS = (WENT_OUT, DECK_EXHAUSTED, BLOCKED)


def _share(k: int, n: int) -> dict[str, Any]:
    s = stats.wilson(k, n)
    return {"k": k, "n": n, "share": s.value, "low": s.low, "high": s.high}


def _mean(values: Sequence[float]) -> dict[str, Any]:
    m = stats.mean_interval(values)
    out = {"n": m.n, "mean": m.value, "sd": m.sd, "low": m.low, "high": m.high,
           "median": statistics.median(values) if values else math.nan,
           "p90": stats.percentile(values, 90), "min": min(values, default=math.nan),
           "max": max(values, default=math.nan)}
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in out.items()}


@dataclass
class Samples:
    """The per-game values behind one variant's figures (kept for tests and plots)."""

    turns: list[int]
    losers_cards: list[float]
    rearranged: list[int]
    draws: list[int]
    restores: list[int]


def samples(games: Sequence[GameSummary]) -> Samples:
    losers = []
    for g in games:
        lost = [c for s, c in enumerate(g.cards_left) if s not in g.winners]
        if lost:
            losers.append(sum(lost) / len(lost))
    return Samples([g.turns for g in games], losers, [g.rearranged for g in games],
                   [g.draws for g in games], [g.restores for g in games])


def figures(name: str, seats: Sequence[str], games: Sequence[GameSummary]) -> dict[str, Any]:
    """Every figure of one variant's games, as plain (JSON-ready) data."""
    n = len(games)
    players = len(seats)
    s = samples(games)
    by_position = [0] * players
    by_seat = [0] * players
    for g in games:
        for w in g.winners:
            by_seat[w] += 1
            by_position[g.position(w)] += 1
    rearranging = stats.ratio(s.rearranged, s.turns)
    return {
        "variant": name,
        "games": n,
        "ended": {reason: _share(sum(g.reason == reason for g in games), n) for reason in REASONS},
        "win_share_by_position": [{"position": p + 1, **_share(by_position[p], n)} for p in range(players)],
        "win_share_by_seat": [{"seat": p, "player": seats[p], **_share(by_seat[p], n)} for p in range(players)],
        "joint_wins": _share(sum(len(g.winners) > 1 for g in games), n),
        "turns": _mean(s.turns),
        "cards_left_losers": _mean(s.losers_cards),
        "rearranging_turns": {"k": rearranging.k, "n": rearranging.n, "share": _num(rearranging.value),
                              "low": _num(rearranging.low), "high": _num(rearranging.high)},
        "draws_per_game": _mean(s.draws),
        "restores_per_game": _mean(s.restores),
    }


def _num(x: float) -> float | None:
    return None if math.isnan(x) else x


# -- comparing two variants ------------------------------------------------------

#: (key, kind): every figure compared, in report order. "share" figures are
#: read as k of n games, "mean" figures from their mean and sd, "ratio" from
#: pooled counts over games.
def compared_figures(players: int, seats_differ: bool) -> list[tuple[str, str]]:
    keys = [("ended." + WENT_OUT, "share"), ("joint_wins", "share")]
    keys += [(f"win_share_by_position.{p}", "share") for p in range(1, players + 1)]
    if seats_differ:
        keys += [(f"win_share_by_seat.{p}", "share") for p in range(players)]
    keys += [("turns", "mean"), ("cards_left_losers", "mean"), ("rearranging_turns", "ratio"),
             ("draws_per_game", "mean"), ("restores_per_game", "mean")]
    return keys


def lookup(fig: dict[str, Any], key: str) -> dict[str, Any]:
    """The entry of a figure key (``win_share_by_position.1``, ``ended.went-out``)."""
    head, _, tail = key.partition(".")
    value = fig[head]
    if not tail:
        return value
    if isinstance(value, list):
        field = "position" if head == "win_share_by_position" else "seat"
        return next(item for item in value if str(item[field]) == tail)
    return value[tail]


def value_of(entry: dict[str, Any]) -> float | None:
    return entry.get("share", entry.get("mean"))


def _test(kind: str, a: dict[str, Any], b: dict[str, Any]) -> tuple[float, int | None]:
    """(p-value, games per variant needed) for one figure."""
    if kind == "share":
        p = stats.two_proportion_p(a["k"], a["n"], b["k"], b["n"])
        return p, stats.games_needed(a["share"], b["share"]) if a["n"] and b["n"] else None
    if kind == "mean":
        if a["sd"] is None or b["sd"] is None:  # fewer than two games
            return 1.0, None
        se = math.sqrt(a["sd"] ** 2 / a["n"] + b["sd"] ** 2 / b["n"])
        p = stats.z_p(b["mean"] - a["mean"], se)
        return p, stats.games_needed_means(a["mean"], a["sd"], b["mean"], b["sd"])
    raise ValueError(kind)


def compare(a: dict[str, Any], b: dict[str, Any], ratio_a: stats.Ratio, ratio_b: stats.Ratio,
            keys: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Each figure of variant ``a`` against ``b``: values, difference (b - a),
    p-value, Holm-adjusted p-value, significance at 5% and games needed."""
    rows = []
    for key, kind in keys:
        ea, eb = lookup(a, key), lookup(b, key)
        va, vb = value_of(ea), value_of(eb)
        if kind == "ratio":
            p = stats.ratios_p(ratio_a, ratio_b)
            needed = stats.games_needed_means(ratio_a.value, ratio_a.unit_sd, ratio_b.value, ratio_b.unit_sd)
        else:
            p, needed = _test(kind, ea, eb)
        rows.append({"figure": key, "kind": kind, "a": va, "b": vb,
                     "difference": None if va is None or vb is None else vb - va, "p": p, "games_needed": needed})
    for row, adjusted in zip(rows, stats.holm([r["p"] for r in rows])):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < ALPHA
    return {"a": a["variant"], "b": b["variant"], "figures": rows}


def ratio_of(games: Sequence[GameSummary]) -> stats.Ratio:
    return stats.ratio([g.rearranged for g in games], [g.turns for g in games])


def report(named_games: Sequence[tuple[str, Sequence[GameSummary]]], seats: Sequence[str],
           parameters: Callable[[str], dict[str, Any]] | None = None) -> dict[str, Any]:
    """Figures of every variant and, for several, each one compared with the first."""
    variants = []
    for name, games in named_games:
        fig = figures(name, seats, games)
        if parameters is not None:
            fig["parameters"] = parameters(name)
        variants.append(fig)
    keys = compared_figures(len(seats), len(set(seats)) > 1)
    base_games = named_games[0][1]
    comparisons = [compare(variants[0], variants[i], ratio_of(base_games), ratio_of(games), keys)
                   for i, (_, games) in enumerate(named_games) if i > 0]
    return {"variants": variants, "comparisons": comparisons}
