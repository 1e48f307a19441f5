"""``machiavelli simulate``'s report on the terminal: the tables of
figures and comparisons, the warnings and --robust's verdicts."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

from machiavelli.core import i18n
from machiavelli.core.i18n import N_, _, format_list
from .sim_labels import (FIGURE_LABELS, MISSED_LABEL, MISSED_TURNS_LABEL, POINTS_LABEL, POSITION_LABEL, SEAT_LABEL, dec, ending_label, figure_label,
                         interval, pct, spec_or_default)

if TYPE_CHECKING:
    from .sim_figures import GameFigures

def rows(fig: dict[str, Any], seats: list[str], spec: GameFigures | None = None,
          player: Callable[[str], str] = str) -> list[tuple[str, str, str]]:
    """(label, value, 95% interval) of every figure of one variant
    (``seats``: the players' labels, by seat; ``player`` names a player's code)."""
    from . import sim_teams

    spec = spec_or_default(spec)
    rows = []

    def share(label: str, entry: dict[str, Any]) -> None:
        rows.append((label, pct(entry["share"]), interval(pct(entry["low"]), pct(entry["high"]))))

    def mean(label: str, entry: dict[str, Any]) -> None:
        rows.append((label, dec(entry["mean"]), interval(dec(entry["low"]), dec(entry["high"]))))

    for reason, entry in fig["ended"].items():
        if reason not in spec.report.rare or entry["k"]:
            share(ending_label(reason, spec), entry)
    for entry in fig["win_share_by_position"]:
        share(_(POSITION_LABEL, n=entry["position"]), entry)
    teams = "teams" in fig
    if len(set(seats)) > 1 and not teams:  # in a game of teams, each team's rows name its seats
        for entry in fig["win_share_by_seat"]:
            share(_(SEAT_LABEL, n=entry["seat"] + 1, player=seats[entry["seat"]]), entry)
    share(_(FIGURE_LABELS["joint_wins"]), fig["joint_wins"])
    turns = fig["turns"]
    mean(_(FIGURE_LABELS["turns"]), turns)
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    rows.append(("  " + _("median, 90th percentile"), i18n.two_values(dec(turns['median'], 1), dec(turns['p90'], 1)), ""))
    mean(_(FIGURE_LABELS["cards_left_losers"]), fig["cards_left_losers"])
    for own in spec.report.figures:
        (mean if own.kind == "mean" else share)(own.label(), fig[own.key])
    for entry in fig.get("points_by_position", ()):
        mean(_(POINTS_LABEL, n=entry["position"]), entry)
    if teams:
        rows.extend(sim_teams.rows(fig, pct, dec, interval, label=player))
    for key, entry in fig.get("per_deal", {}).items():
        name = spec.count_name(key)
        if name != "":  # "": not a row of its own (see GameDefinition.count_label)
            mean(name or key, entry)
    for entry in fig.get("review_by_player", ()):
        share(_(MISSED_TURNS_LABEL, player=player(entry["player"])), entry["missed_turns"])
        mean(_(MISSED_LABEL, player=player(entry["player"])), entry["missed_per_game"])
    return rows


def print_report(report: dict[str, Any], seats: list[str], spec: GameFigures | None = None,
                  player: Callable[[str], str] = str) -> None:
    """The figures as tables (``seats``: the players' labels, by seat;
    ``player`` names a player's code)."""
    from rich.console import Console
    from rich.table import Table as RichTable

    console = Console(soft_wrap=False)
    if not console.is_terminal:
        # A file or a pipe has no width: do not fold the tables to 80 columns.
        console = Console(soft_wrap=False, width=160)
    for fig in report["variants"]:
        # TRANSLATORS: Simulate (its report, or a mistake in its options).
        table = RichTable(_("Figure"), _("Value"), _("95% interval"), box=None, pad_edge=False,
                          # TRANSLATORS: Simulate (its report, or a mistake in its options); {variant} is a
                          # variant's name (bga), {n} is a number of games.
                          title=i18n.ngettext("{variant}: {n} game", "{variant}: {n} games", fig["games"],
                                              variant=fig["variant"]),
                          title_justify="left")
        for row in rows(fig, seats, spec, player):
            table.add_row(*row)
        console.print(table)
        console.print()
    for comp in report["comparisons"]:
        # TRANSLATORS: Simulate (its report, or a mistake in its options).
        table = RichTable(_("Figure"), comp["a"], comp["b"], _("Difference"), _("p (adjusted)"), _("Significant"),
                          # TRANSLATORS: Simulate (its report, or a mistake in its options).
                          _("Games needed"), box=None, pad_edge=False, title_justify="left",
                          # TRANSLATORS: Simulate (its report, or a mistake in its options); {b} is another
                          # variant's name, {a} is a variant's name.
                          title=_("{b} against {a}", a=comp["a"], b=comp["b"]))
        first = report["variants"][0]
        for row in comp["figures"]:
            label = figure_label(row["figure"], seats, spec, first, player)
            fmt = dec if row["kind"] == "mean" else pct
            needed = row["games_needed"]
            table.add_row(label, fmt(row["a"]), fmt(row["b"]), signed(row["difference"], fmt),
                          # TRANSLATORS: Simulate (its report, or a mistake in its options).
                          dec(row["p_adjusted"], 3), _("yes") if row["significant"] else _("no"),
                          "-" if needed is None else i18n.format_number(needed))
        console.print(table)
        console.print(_("Games needed: games per variant to tell the observed difference apart (5% two-sided, "
                        "80% power). p-values are adjusted for the number of figures (Holm)."))
        console.print()




# TRANSLATORS: Simulate (its report, or a mistake in its options); {variant} is a variant's
# name (bga), {share} is a percentage, {ending} is how the games ended (a clause), {players}
# is the kinds of players, listed.
ONE_ENDING_TEXT = N_("{variant}: {share} of games ended the same way: {ending}. The players ({players}) are the "
                     "likely cause rather than the rules: try other --seat players or --robust.")
# TRANSLATORS: Simulate's warning, for a rule of a game that does not say it in words; {a} is a
# variant's name, {b} is another variant's name, {parameter} is a variant parameter's key
# (hand_size), {value_a} is its value in the first variant, {value_b} is its value in the second,
# {code} is the warning's code (no-draws).
NOT_IN_PLAY_TEXT = N_("{a} and {b} differ in {parameter} ({value_a} against {value_b}), but it never came into "
                      "play in their games ({code}): the figures cannot show what this rule changes.")


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "-"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def warning_text(warning: dict[str, Any], label: Callable[[str], str] = str,
                  spec: GameFigures | None = None) -> str:
    spec = spec_or_default(spec)
    code = warning["code"]
    if code == "one-ending":
        return _(ONE_ENDING_TEXT, variant=warning["variant"], share=pct(warning["share"]),
                 ending=spec.ending_clause(warning["reason"]),
                 players=format_list(map(label, dict.fromkeys(warning["seats"]))))
    values = {"a": warning["a"], "b": warning["b"], "parameter": warning["parameter"],
              "value_a": value_text(warning["value_a"]), "value_b": value_text(warning["value_b"])}
    found = spec.in_play_code(code)
    if found is not None:
        return found.text(**values)
    return _(NOT_IN_PLAY_TEXT, code=code, **values)


def print_warnings(warnings: list[dict[str, Any]], label: Callable[[str], str] = str,
                    spec: GameFigures | None = None) -> None:
    from rich.console import Console
    from rich.markup import escape

    if not warnings:
        return
    console = Console(soft_wrap=True)
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    console.print(_("Warnings:"))
    for warning in warnings:
        console.print("- " + escape(warning_text(warning, label, spec)))
    console.print()


def verdict_text(row: dict[str, Any], label: Callable[[str], str] = str) -> str:
    verdict, up = row["verdict"], row["direction"] > 0
    if verdict == "every-level":
        return _("higher at every level") if up else _("lower at every level")
    if verdict == "some-levels":
        levels = format_list(map(label, row["significant_at"]))
        if up:
            # TRANSLATORS: simulate --robust, a verdict: the figure is significantly higher only with these
            # kinds of computer players in every seat; {levels} is those kinds, listed.
            return _("higher only for {levels}", levels=levels)
        # TRANSLATORS: simulate --robust, a verdict: significantly lower only with these kinds of computer
        # players in every seat; {levels} is those kinds, listed.
        return _("lower only for {levels}", levels=levels)
    if verdict == "opposite":
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {up} is kinds of players,
        # listed, {down} is kinds of players, listed.
        return _("higher for {up}, lower for {down}", up=format_list(map(label, row["higher_at"])),
                 down=format_list(map(label, row["lower_at"])))
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    return _("no level")


def print_robust(rows: list[dict[str, Any]], levels: list[str], seats: list[str],
                  label: Callable[[str], str] = str, spec: GameFigures | None = None,
                  fig: dict[str, Any] | None = None) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable

    console = Console(soft_wrap=False)
    if not console.is_terminal:
        console = Console(soft_wrap=False, width=160)
    pairs = list(dict.fromkeys((row["a"], row["b"]) for row in rows))
    for a, b in pairs:
        # TRANSLATORS: Simulate (its report, or a mistake in its options).
        table = RichTable(_("Figure"), *map(label, levels), _("Significant difference"), box=None, pad_edge=False,
                          # TRANSLATORS: Simulate (its report, or a mistake in its options); {b} is another
                          # variant's name, {a} is a variant's name.
                          title_justify="left", title=_("{b} against {a}, at each level", a=a, b=b))
        for row in rows:
            if (row["a"], row["b"]) != (a, b):
                continue
            fmt = dec if row["kind"] == "mean" else pct
            cells = [signed(cell["difference"], fmt) + (" *" if cell["significant"] else "")
                     for cell in row["per_level"].values()]
            table.add_row(figure_label(row["figure"], seats, spec, fig, None), *cells, verdict_text(row, label))
        console.print(table)
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {b} is another variant's name,
        # {a} is a variant's name.
        console.print(_("Differences of {b} from {a} with every seat at each level; * significant (5%, Holm).",
                        a=a, b=b))
        console.print()


def signed(x: float | None, fmt: Callable[[float], str]) -> str:
    if x is None:
        return "-"
    return ("+" if x > 0 else "") + fmt(x)
