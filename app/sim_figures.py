"""The figures of a simulation, and how two variants' figures compare.

Every game is reported alike, from its ``Termination`` values and its
tally (:class:`GameFigures`): how games ended, win share by position and by
seat, joint wins, game length and cards left to the losers; each team's
wins and points in a game of teams (:mod:`.sim_teams`); then the game's own
figures (``Presentation.simulate``, a
:class:`~machiavelli.core.present.SimulateReport`), or, for a game that has
none, the tally's counts per game. The application knows no game: all it
knows of one comes through the registry.

:func:`figures` turns the summaries of one variant's games (in game order)
into plain data: shares with Wilson intervals, means with normal intervals,
and ratios over turns with a cluster-robust interval (turns of one game are
alike). :func:`compare` tests each figure of two variants, adjusts the
p-values of the family with Holm's method, and says how many games per
variant would tell the observed difference apart (80% power, 5%
two-sided).

Seats are reported two ways: by position in the order of play (1 = the
player left of the dealer, who plays first: the first-player advantage) and
by physical seat (which bot sat there, when the seats differ).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, cast

from machiavelli.core import registry
from machiavelli.core.present import InPlay, SimulateReport
from machiavelli.core.simulate import GameSummary
from machiavelli.core.variant import Variant, differences

from . import sim_teams, stats

ALPHA = 0.05


@dataclass(frozen=True)
class GameFigures:
    """What the report knows of one game: its name, the values of its
    ``Termination`` (in the game's order: the first is its usual ending,
    compared between variants), what its presentation adds (an empty
    :class:`SimulateReport` when nothing) and the names of its tally's
    counts."""

    game: str
    endings: tuple[str, ...]
    report: SimulateReport = field(default_factory=SimulateReport)
    count_label: Callable[[str], str | None] | None = None

    def ending_label(self, value: str) -> str | None:
        """A way of ending as a row's label, if the game names it."""
        return self.report.ending(value) if self.report.ending is not None else None

    def ending_clause(self, value: str) -> str:
        return self.report.ending_clause(value) if self.report.ending_clause is not None else value

    def count_name(self, key: str) -> str | None:
        """One of the tally's counts as a row's label: None when the game
        does not name it, "" when it is not a row of its own."""
        return self.count_label(key) if self.count_label is not None else None

    def in_play(self, parameter: str) -> InPlay | None:
        return next((p for p in self.report.in_play if p.parameter == parameter), None)

    def in_play_code(self, code: str) -> InPlay | None:
        return next((p for p in self.report.in_play if p.code == code), None)


def of_game(name: str = registry.DEFAULT_GAME) -> GameFigures:
    """The :class:`GameFigures` of a registered game."""
    definition = registry.game(name)
    presentation = definition.presentation() if definition.presentation is not None else None
    report = getattr(presentation, "simulate", None)
    return GameFigures(name, tuple(str(t.value) for t in definition.terminations),
                       report if isinstance(report, SimulateReport) else SimulateReport(), definition.count_label)


_share = stats.share_entry
_mean = stats.mean_entry


def _ratio(ratio: stats.Ratio) -> dict[str, Any]:
    return {"k": ratio.k, "n": ratio.n, "share": _num(ratio.value), "low": _num(ratio.low), "high": _num(ratio.high)}


def losers_cards(games: Sequence[GameSummary]) -> list[float]:
    """Per game, the mean number of cards left in the losers' hands (games
    that everyone won left out)."""
    losers = []
    for g in games:
        lost = [c for s, c in enumerate(g.cards_left) if s not in g.winners]
        if lost:
            losers.append(sum(lost) / len(lost))
    return losers


def _joint(game: GameSummary) -> bool:
    """Whether more than one seat (in a game of teams: one team) won."""
    if not game.teams:
        return len(game.winners) > 1
    team_of = {seat: t for t, seats in enumerate(game.teams) for seat in seats}
    return len({team_of.get(w, -1 - w) for w in game.winners}) > 1


def count_names(*runs: Sequence[GameSummary]) -> list[str]:
    """The names of the tally's counts that the games kept, in the order they first appear."""
    return list(dict.fromkeys(k for games in runs for g in games for k, _v in g.counts))


def counts_per_game(games: Sequence[GameSummary], names: Sequence[str] | None = None) -> dict[str, Any]:
    """The mean of each of the tally's counts per game (``names``: those
    to report, 0 in a game that did not count it; default: every count
    these games kept)."""
    return {k: _mean([g.count(k) for g in games]) for k in (count_names(games) if names is None else names)}


def own_ratios(games: Sequence[GameSummary], spec: GameFigures) -> dict[str, stats.Ratio]:
    """The game's own ratio figures (a count over the turns) of one variant's games."""
    turns = [g.turns for g in games]
    return {f.key: stats.ratio([g.count(f.count) for g in games], turns)
            for f in spec.report.figures if f.kind == "ratio"}


def figures(name: str, seats: Sequence[str], games: Sequence[GameSummary],
            spec: GameFigures | None = None, counts: Sequence[str] | None = None) -> dict[str, Any]:
    """Every figure of one variant's games, as plain (JSON-ready) data
    (``counts``: the tally's counts to report per game, when the game has
    no figures of its own; default: those these games kept)."""
    spec = spec or of_game()
    n = len(games)
    players = len(seats)
    by_position = [0] * players
    by_seat = [0] * players
    for g in games:
        for w in g.winners:
            by_seat[w] += 1
            by_position[g.position(w)] += 1
    out: dict[str, Any] = {
        "variant": name,
        "games": n,
        "ended": {reason: _share(sum(g.reason == reason for g in games), n) for reason in spec.endings},
        "win_share_by_position": [{"position": p + 1, **_share(by_position[p], n)} for p in range(players)],
        "win_share_by_seat": [{"seat": p, "player": seats[p], **_share(by_seat[p], n)} for p in range(players)],
        "joint_wins": _share(sum(_joint(g) for g in games), n),
        "turns": _mean([g.turns for g in games]),
        "cards_left_losers": _mean(losers_cards(games)),
    }
    ratios = own_ratios(games, spec)
    for f in spec.report.figures:
        out[f.key] = _ratio(ratios[f.key]) if f.kind == "ratio" else _mean([g.count(f.count) for g in games])
    out.update(_points(games, players))
    if games and games[0].teams:
        out.update(sim_teams.figures(games, seats))
    if not spec.report.figures:
        out["per_deal"] = counts_per_game(games, counts)
    if any(g.review for g in games):
        out["review_by_player"] = review_by_player(games, seats)
    return out


def review_by_player(games: Sequence[GameSummary], seats: Sequence[str]) -> list[dict[str, Any]]:
    """Per kind of player in the seats (in seat order), as its games'
    reviews judged it: the share of its turns with a missed play (pooled
    over its seats and games, the interval allowing for the turns of one
    game being alike) and the units (cards) it missed per game."""
    out = []
    for player in dict.fromkeys(seats):
        mine = [s for s, p in enumerate(seats) if p == player]
        judged = [g.review[s] for g in games if g.review for s in mine]
        missed = stats.ratio([j[1] for j in judged], [j[0] for j in judged])
        out.append({"player": player, "missed_turns": _ratio(missed),
                    "missed_per_game": _mean([float(j[2]) for j in judged])})
    return out


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
def compared_figures(players: int, seats_differ: bool, spec: GameFigures | None = None,
                     fig: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """The figures compared between variants: the game's usual ending,
    joint wins, win shares by position (and by seat, when the seats differ
    and play alone), length and cards left; then, from the figures ``fig``
    of a variant of a game of teams, each team's wins and points; then the
    game's own figures, or the tally's counts per game that the game names
    as rows."""
    spec = spec or of_game()
    keys = [("ended." + spec.endings[0], "share")] if spec.endings else []
    keys.append(("joint_wins", "share"))
    keys += [(f"win_share_by_position.{p}", "share") for p in range(1, players + 1)]
    teams = (fig or {}).get("teams") or []
    if seats_differ and not teams:
        keys += [(f"win_share_by_seat.{p}", "share") for p in range(players)]
    keys += [("turns", "mean"), ("cards_left_losers", "mean")]
    for team in teams:
        keys += [(f"teams.{team['team']}.wins", "share"), (f"teams.{team['team']}.points", "mean")]
    keys += [(f.key, "ratio" if f.kind == "ratio" else "mean") for f in spec.report.figures]
    if not spec.report.figures:
        keys += [(f"per_deal.{k}", "mean") for k in (fig or {}).get("per_deal", {}) if spec.count_name(k) != ""]
    return keys


def lookup(fig: dict[str, Any], key: str) -> dict[str, Any]:
    """The entry of a figure key (``win_share_by_position.1``, ``ended.went-out``,
    ``teams.1.wins``, ``per_deal.scopa``)."""
    head, _, tail = key.partition(".")
    value = fig[head]
    if not tail:
        return cast(dict[str, Any], value)
    if head == "teams":
        team, _, part = tail.partition(".")
        return cast(dict[str, Any], next(item for item in value if str(item["team"]) == team)[part])
    if isinstance(value, list):
        field = "position" if head == "win_share_by_position" else "seat"
        return cast(dict[str, Any], next(item for item in value if str(item[field]) == tail))
    return cast(dict[str, Any], value[tail])


def has(fig: dict[str, Any], key: str) -> bool:
    """Whether ``fig`` holds the figure ``key`` (a count of the tally that
    no game of a variant counted is missing)."""
    try:
        lookup(fig, key)
    except (KeyError, StopIteration):
        return False
    return True


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


def compare(a: dict[str, Any], b: dict[str, Any], keys: Sequence[tuple[str, str]],
            ratios_a: dict[str, stats.Ratio] | None = None,
            ratios_b: dict[str, stats.Ratio] | None = None) -> dict[str, Any]:
    """Each figure of variant ``a`` against ``b``: values, difference (b - a),
    p-value, Holm-adjusted p-value, significance at 5% and games needed.
    ``ratios_a`` and ``ratios_b`` hold the pooled counts behind the "ratio"
    figures (see :func:`own_ratios`)."""
    rows: list[dict[str, Any]] = []
    for key, kind in keys:
        ea, eb = lookup(a, key), lookup(b, key)
        va, vb = value_of(ea), value_of(eb)
        if kind == "ratio":
            ratio_a, ratio_b = (ratios_a or {})[key], (ratios_b or {})[key]
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


def report(named_games: Sequence[tuple[str, Sequence[GameSummary]]], seats: Sequence[str],
           parameters: Callable[[str], dict[str, Any]] | None = None,
           variants_of: Sequence[Variant] | None = None, spec: GameFigures | None = None) -> dict[str, Any]:
    """Figures of every variant and, for several, each one compared with the
    first; with the variants themselves (``variants_of``, in the same
    order), the warnings of :func:`warnings` too. ``spec`` is the game's
    (default: the game of ``variants_of``, else Machiavelli)."""
    spec = spec or of_game(variants_of[0].game if variants_of else registry.DEFAULT_GAME)
    variants = []
    # Every variant reports the same counts: a count one variant's games never kept is 0 there.
    counts = count_names(*(games for _, games in named_games))
    for name, games in named_games:
        fig = figures(name, seats, games, spec, counts)
        if parameters is not None:
            fig["parameters"] = parameters(name)
        variants.append(fig)
    keys = compared_figures(len(seats), len(set(seats)) > 1, spec, variants[0] if variants else None)
    base_games = named_games[0][1]
    comparisons = []
    for i, (_, games) in enumerate(named_games):
        if i > 0:
            these = [(key, kind) for key, kind in keys if has(variants[i], key)]
            comparisons.append(compare(variants[0], variants[i], these, own_ratios(base_games, spec),
                                       own_ratios(games, spec)))
    out: dict[str, Any] = {"variants": variants, "comparisons": comparisons}
    if variants_of is not None:
        out["warnings"] = warnings(variants_of, [games for _, games in named_games], seats, spec)
    return out


# -- honest warnings -------------------------------------------------------------

#: Fewer games than this say nothing of how games usually end.
ONE_ENDING_MIN_GAMES = 10


def not_in_play(a: Variant, b: Variant, games_a: Sequence[GameSummary],
                games_b: Sequence[GameSummary], spec: GameFigures | None = None) -> list[dict[str, Any]]:
    """A warning for each parameter on which ``a`` and ``b`` differ that
    never came into play in either variant's games (the game's
    ``SimulateReport.in_play``)."""
    spec = spec or of_game(a.game)
    out = []
    for key, value_a, value_b in differences(a, b):
        found = spec.in_play(key.split(".")[0])
        if found is None:
            continue
        if any(found.seen(g) for g in games_a) or any(found.seen(g) for g in games_b):
            continue
        out.append({"code": found.code, "a": a.name, "b": b.name, "parameter": key, "value_a": value_a,
                    "value_b": value_b, "count": found.count, "games": len(games_a) + len(games_b)})
    return out


def one_ending(name: str, games: Sequence[GameSummary], seats: Sequence[str],
               spec: GameFigures | None = None) -> list[dict[str, Any]]:
    """A warning when (almost) every game of a variant ended the same way
    (the game's ``SimulateReport.one_ending`` says how nearly): then the
    players, not the rules, decide how games end."""
    spec = spec or of_game()
    n = len(games)
    if n < ONE_ENDING_MIN_GAMES:
        return []
    out = []
    for reason in spec.endings:
        limit = spec.report.one_ending.get(reason)
        if limit is None:
            continue
        k = sum(g.reason == reason for g in games)
        if k / n >= limit:
            out.append({"code": "one-ending", "variant": name, "reason": reason, "k": k, "n": n,
                        "share": k / n, "seats": list(seats)})
    return out


def warnings(variants: Sequence[Variant], results: Sequence[Sequence[GameSummary]],
             seats: Sequence[str], spec: GameFigures | None = None) -> list[dict[str, Any]]:
    """What the figures cannot show: for each variant, one way of ending
    that (nearly) every game took; for each comparison with the first
    variant, differing parameters that never came into play."""
    spec = spec or of_game(variants[0].game)
    out = []
    for variant, games in zip(variants, results):
        out.extend(one_ending(variant.name, games, seats, spec))
    for i in range(1, len(variants)):
        out.extend(not_in_play(variants[0], variants[i], results[0], results[i], spec))
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
