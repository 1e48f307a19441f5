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
from typing import Any, Callable, Sequence, cast

from machiavelli.games.machiavelli.game import BLOCKED, DECK_EXHAUSTED, WENT_OUT
from machiavelli.core.simulate import GameSummary
from machiavelli.core.variant import Variant, differences

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
        **_points(games, players),
    }


def _points(games: Sequence[GameSummary], players: int) -> dict[str, Any]:
    """Mean penalty points per game by position in turn order, when the
    variant scores them (its tally counts ``points.SEAT``)."""
    if not games or not any(k.startswith("points.") for k, _ in games[0].counts):
        return {}
    by_position: list[list[float]] = [[] for _ in range(players)]
    for g in games:
        counts = dict(g.counts)
        for seat in range(players):
            by_position[g.position(seat)].append(counts.get(f"points.{seat}", 0))
    return {"points_by_position": [{"position": p + 1, **_mean(by_position[p])} for p in range(players)]}


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
        return cast(dict[str, Any], value)
    if isinstance(value, list):
        field = "position" if head == "win_share_by_position" else "seat"
        return cast(dict[str, Any], next(item for item in value if str(item[field]) == tail))
    return cast(dict[str, Any], value[tail])


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
    rows: list[dict[str, Any]] = []
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
           parameters: Callable[[str], dict[str, Any]] | None = None,
           variants_of: Sequence[Variant] | None = None) -> dict[str, Any]:
    """Figures of every variant and, for several, each one compared with the
    first; with the variants themselves (``variants_of``, in the same
    order), the warnings of :func:`warnings` too."""
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
    out: dict[str, Any] = {"variants": variants, "comparisons": comparisons}
    if variants_of is not None:
        out["warnings"] = warnings(variants_of, [games for _, games in named_games], seats)
    return out


# -- honest warnings -------------------------------------------------------------


def _scored_at_deck_end(game: GameSummary) -> bool:
    return game.reason in (DECK_EXHAUSTED, BLOCKED)


#: A parameter (the first part of a dotted key) and what shows that it came
#: into play in a game: (warning code, the count or test behind it). A
#: difference in a parameter whose test held in no game of either variant
#: cannot show in the figures: the simulation says nothing about it.
IN_PLAY: dict[str, tuple[str, Callable[[GameSummary], bool]]] = {
    "restore_penalty": ("no-restores", lambda g: g.restores > 0),
    "help_cards": ("no-help-cards-used", lambda g: g.count("help_used") > 0),
    "help_cards_refill": ("no-help-cards-used", lambda g: g.count("help_used") > 0),
    "deck_runs_out": ("deck-end-never-reached", lambda g: g.count("deck_emptied") > 0),
    "deck_out_winners": ("deck-end-never-reached", _scored_at_deck_end),
    "draw_count": ("no-draws", lambda g: g.draws > 0),
    "rearranging": ("no-rearrangements", lambda g: g.rearranged > 0 or g.restores > 0),
    "rearrange_before_opening": ("no-rearrangements", lambda g: g.rearranged > 0 or g.restores > 0),
}
#: The count each warning code names in the JSON (what stayed at zero).
IN_PLAY_COUNTS = {"no-restores": "restores", "no-help-cards-used": "help_used",
                  "deck-end-never-reached": "deck_emptied", "no-draws": "draws", "no-rearrangements": "rearranged"}
#: One way of ending this common in a variant's games (at least this share)
#: says more about the players than about the rules.
ONE_ENDING_SHARE = {WENT_OUT: 1.0, DECK_EXHAUSTED: 0.95, BLOCKED: 0.95}
#: Fewer games than this say nothing of how games usually end.
ONE_ENDING_MIN_GAMES = 10


def not_in_play(a: Variant, b: Variant, games_a: Sequence[GameSummary],
                games_b: Sequence[GameSummary]) -> list[dict[str, Any]]:
    """A warning for each parameter on which ``a`` and ``b`` differ that
    never came into play in either variant's games (see :data:`IN_PLAY`)."""
    out = []
    for key, value_a, value_b in differences(a, b):
        found = IN_PLAY.get(key.split(".")[0])
        if found is None:
            continue
        code, in_play = found
        if any(in_play(g) for g in games_a) or any(in_play(g) for g in games_b):
            continue
        out.append({"code": code, "a": a.name, "b": b.name, "parameter": key, "value_a": value_a,
                    "value_b": value_b, "count": IN_PLAY_COUNTS[code], "games": len(games_a) + len(games_b)})
    return out


def one_ending(name: str, games: Sequence[GameSummary], seats: Sequence[str]) -> list[dict[str, Any]]:
    """A warning when (almost) every game of a variant ended the same way:
    then the players, not the rules, decide how games end."""
    n = len(games)
    if n < ONE_ENDING_MIN_GAMES:
        return []
    out = []
    for reason in REASONS:
        k = sum(g.reason == reason for g in games)
        if k / n >= ONE_ENDING_SHARE[reason]:
            out.append({"code": "one-ending", "variant": name, "reason": reason, "k": k, "n": n,
                        "share": k / n, "seats": list(seats)})
    return out


def warnings(variants: Sequence[Variant], results: Sequence[Sequence[GameSummary]],
             seats: Sequence[str]) -> list[dict[str, Any]]:
    """What the figures cannot show: for each variant, one way of ending
    that (nearly) every game took; for each comparison with the first
    variant, differing parameters that never came into play."""
    out = []
    for variant, games in zip(variants, results):
        out.extend(one_ending(variant.name, games, seats))
    for i in range(1, len(variants)):
        out.extend(not_in_play(variants[0], variants[i], results[0], results[i]))
    return out


# -- robust conclusions ----------------------------------------------------------

ROBUST_CELL = ("a", "b", "difference", "p_adjusted", "significant")


def _sign(x: float | None) -> int:
    return 0 if not x else (1 if x > 0 else -1)


def verdict(per_level: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Whether one difference holds across levels, from each level's cell
    (``difference``, ``significant``): ``every-level`` (significant at every
    level, always the same way: ``holds``), ``some-levels`` (significant,
    the same way, at some levels only), ``opposite`` (significant both ways)
    or ``no-level``. ``direction`` is the sign of the significant
    differences (0 when none or both)."""
    significant = [level for level, cell in per_level.items() if cell["significant"]]
    higher = [level for level in significant if _sign(per_level[level]["difference"]) > 0]
    lower = [level for level in significant if _sign(per_level[level]["difference"]) < 0]
    if not significant:
        code, direction = "no-level", 0
    elif higher and lower:
        code, direction = "opposite", 0
    else:
        code = "every-level" if len(significant) == len(per_level) else "some-levels"
        direction = 1 if higher else -1
    signs = {_sign(cell["difference"]) for cell in per_level.values()} - {0}
    return {"holds": code == "every-level", "verdict": code, "direction": direction,
            "same_sign": len(signs) <= 1, "significant_at": significant, "higher_at": higher, "lower_at": lower}


def robust(per_level: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each compared figure of each comparison across the reports of the
    runs at each level (every seat that level): the level's difference and
    significance, and whether the difference holds at every level."""
    levels = list(per_level)
    first = per_level[levels[0]]
    out = []
    for c, comp in enumerate(first["comparisons"]):
        for row in comp["figures"]:
            cells = {}
            for level in levels:
                found = [r for r in per_level[level]["comparisons"][c]["figures"] if r["figure"] == row["figure"]]
                if found:
                    cells[level] = {k: found[0][k] for k in ROBUST_CELL}
            out.append({"a": comp["a"], "b": comp["b"], "figure": row["figure"], "kind": row["kind"],
                        "per_level": cells, **verdict(cells)})
    return out
