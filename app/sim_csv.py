"""``machiavelli simulate``'s CSV files: --csv (one row per variant and
figure) and --games-csv (one row per game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .sim_labels import spec_or_default

if TYPE_CHECKING:
    from machiavelli.core.simulate import GameSummary, Plan
    from .sim_figures import GameFigures

FIGURE_COLUMNS = ("variant", "figure", "n", "value", "low", "high")
#: The columns of --games-csv before the game's counts, and after them.
GAME_COLUMNS_FIRST = ("variant", "index", "seed", "reason", "winners", "first", "turns", "cards_left")
GAME_COLUMNS_LAST = ("actions",)
#: The columns --review adds to --games-csv (one number per seat in each, like cards_left).
REVIEW_COLUMNS = ("missed_turns", "missed")


def figures_csv(report: dict[str, Any], spec: GameFigures | None = None) -> str:
    """One row per variant and figure: the keys of the JSON comparisons,
    every way of ending first."""
    import csv
    import io

    from . import sim_figures

    spec = spec_or_default(spec)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIGURE_COLUMNS)
    players = len(report["variants"][0]["win_share_by_position"])
    for fig in report["variants"]:
        keys = [("ended." + r, "share") for r in spec.endings]
        keys += [(k, kind) for k, kind in sim_figures.compared_figures(players, True, spec, fig)
                 if not k.startswith("ended.")]
        for key, _kind in keys:
            entry = sim_figures.lookup(fig, key)
            writer.writerow([fig["variant"], key, entry["n"], sim_figures.value_of(entry), entry["low"], entry["high"]])
        # With --review: each kind of player's missed plays, after the figures that were always there.
        for entry in fig.get("review_by_player", ()):
            for key in ("missed_turns", "missed_per_game"):
                part = entry[key]
                writer.writerow([fig["variant"], f"review.{entry['player']}.{key}", part["n"],
                                 sim_figures.value_of(part), part["low"], part["high"]])
    return out.getvalue()


def game_columns(spec: GameFigures, results: Sequence[Sequence[GameSummary]] = ()) -> tuple[str, ...]:
    """The columns of --games-csv: the game's choice of its counts
    (``SimulateReport.columns``), else every count its games kept, and
    each team's points in a game of teams."""
    counts = spec.report.columns
    if counts is None:
        counts = tuple(dict.fromkeys(k for games in results for g in games for k, _v in g.counts))
    teams = ("points",) if any(g.teams for games in results for g in games) else ()
    # With --review: per seat, the turns with a missed play and the cards missed.
    review = REVIEW_COLUMNS if any(g.review for games in results for g in games) else ()
    return (*GAME_COLUMNS_FIRST, *counts, *teams, *review, *GAME_COLUMNS_LAST)


def _cell(g: GameSummary, key: str) -> Any:
    if key == "points" and g.teams:
        return " ".join(map(str, g.points))
    if key in REVIEW_COLUMNS:
        return " ".join(str(seat[1 if key == "missed_turns" else 2]) for seat in g.review)
    return g.count(key)


def games_csv(plans: Sequence[Plan], results: Sequence[Sequence[GameSummary]],
               spec: GameFigures | None = None) -> str:
    import csv
    import io

    columns = game_columns(spec_or_default(spec), results)
    counts = columns[len(GAME_COLUMNS_FIRST):len(columns) - len(GAME_COLUMNS_LAST)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for plan, games in zip(plans, results):
        for g in games:
            writer.writerow([plan.variant.name, g.index, g.seed, g.reason, " ".join(map(str, g.winners)), g.first,
                             g.turns, " ".join(map(str, g.cards_left)),
                             *(_cell(g, key) for key in counts),
                             g.actions])
    return out.getvalue()
