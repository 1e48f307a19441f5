"""The PNG of a simulation: game length and win share by seat, per variant.

matplotlib is an optional extra (``[plot]``), imported only here and only
when a plot is asked for; the Agg renderer draws without any display.
Labels are in the user's language. matplotlib neither joins Arabic letters
nor orders right-to-left text, so those labels are shaped (arabic-reshaper)
and put in display order (python-bidi, the Unicode bidirectional algorithm)
first; long titles are wrapped so that no language's title is cut off.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, BinaryIO, Callable, Sequence, cast

from machiavelli.core import i18n
from machiavelli.core.i18n import N_, _

LABELS = {
    # TRANSLATORS: Simulate --plot, text on the picture.
    "length": N_("Game length"),
    "turns": N_("Turns per game"),
    # TRANSLATORS: Simulate --plot, text on the picture.
    "games": N_("Share of games"),
    "wins": N_("Win share by position in turn order (95% interval)"),
    "position": N_("Position in turn order (1 = plays first)"),
    "share": N_("Share of games won"),
    # TRANSLATORS: Simulate --plot, text on the picture.
    "even": N_("Even share"),
    # TRANSLATORS: title of the row of charts drawn by simulate --robust --plot; {a} and {b} are
    # variants' names.
    "robust": N_("{b} against {a} with every seat at each level (filled: significant at 5%, Holm)"),
    # TRANSLATORS: Simulate --plot, text on the picture.
    "level": N_("Player level"),
    "difference": N_("Difference"),
}

#: Most charts in the row that --robust adds.
ROBUST_PANELS = 5
#: Figures every game has that the row leaves out (the seats' figures, by
#: position and by seat, and those that follow from the others).
NOT_DRAWN = ("joint_wins", "win_share_by_position", "win_share_by_seat", "cards_left_losers")


#: Characters per line of a subplot's title before it wraps.
TITLE_WIDTH = 55


def drawn(text: str, width: int | None = None) -> str:
    """Text as matplotlib must be given it: wrapped to ``width``, and in a
    right-to-left language each line shaped and in display order."""
    import textwrap

    lines = textwrap.wrap(text, width) if width else [text]
    if not i18n.is_rtl():
        return "\n".join(lines)
    import arabic_reshaper  # type: ignore[import-untyped]
    # The pure-Python algorithm of python-bidi mirrors brackets (rule L4);
    # the default Rust one leaves that to a renderer, which matplotlib is not.
    from bidi.algorithm import get_display  # type: ignore[import-untyped]

    return "\n".join(get_display(arabic_reshaper.reshape(line)) for line in lines)


def _label(key: str, width: int | None = None) -> str:
    return drawn(_(LABELS[key]), width)


def _title(players: int, games: int, seed: int) -> str:
    # TRANSLATORS: Simulate --plot, text on the picture; {players} is a number of players, {n} is a
    # number, {seed} is a game's number, the seed of its shuffle.
    return drawn(i18n.ngettext("{players} players, {n} game per variant, seed {seed}",
                               "{players} players, {n} games per variant, seed {seed}", games,
                               players=players, seed=seed), 2 * TITLE_WIDTH)


def available() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(name) is not None for name in ("matplotlib", "arabic_reshaper", "bidi"))


def robust_rows(robust: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of ``--robust`` results drawn: of the first comparison,
    game length, then how games ended, then the game's own figures (each
    team's, and those from its tally) in report order, at most
    :data:`ROBUST_PANELS`."""
    if not robust:
        return []
    pair = (robust[0]["a"], robust[0]["b"])
    found = [row for row in robust if (row["a"], row["b"]) == pair
             and row["figure"].partition(".")[0] not in NOT_DRAWN]

    def rank(row: dict[str, Any]) -> int:
        head = row["figure"].partition(".")[0]
        return 0 if head == "turns" else 1 if head == "ended" else 2

    return sorted(found, key=rank)[:ROBUST_PANELS]


def plot(path: Path | BinaryIO, report: dict[str, Any], turns: Sequence[Sequence[int]], *, players: int,
         seed: int, robust: Sequence[dict[str, Any]] = (), label: Callable[[str], str] = str) -> None:
    """Write the PNG to a file or an open binary file (the command writes
    a temporary file renamed over the target): histograms of turns per
    game (one outline per variant), and win share by position with
    intervals, side by side. With ``robust`` results (``simulate
    --robust``), a second row shows each figure's difference at every
    player level, filled where it is significant; ``label`` names a
    figure key in the user's language."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    variants = report["variants"]
    rows = robust_rows(robust)
    fig = Figure(figsize=(12, 10.5 if rows else 5.5), layout="constrained")
    if rows:
        top, bottom = cast(Any, fig.subfigures(2, 1, height_ratios=[1, 0.9]))
        left, right = top.subplots(1, 2)
        _robust_panels(bottom, rows, label)
    else:
        left, right = fig.subplots(1, 2)
    low = min((min(t) for t in turns if t), default=0)
    high = max((max(t) for t in turns if t), default=1)
    step = max(1, (high - low + 1) // 40)
    bins = list(range(low, high + step + 1, step))
    for fig_v, values in zip(variants, turns):
        weights = [1 / len(values)] * len(values) if values else []
        left.hist(values, bins=bins, weights=weights, histtype="step", linewidth=1.6, label=fig_v["variant"])
    left.set_title(_label("length", TITLE_WIDTH))
    left.set_xlabel(_label("turns"))
    left.set_ylabel(_label("games"))
    left.yaxis.set_major_formatter(PercentFormatter(1.0))
    left.legend()

    width = 0.8 / len(variants)
    positions = range(1, players + 1)
    for k, fig_v in enumerate(variants):
        rows = fig_v["win_share_by_position"]
        xs = [p - 0.4 + width * (k + 0.5) for p in positions]
        ys = [r["share"] for r in rows]
        err = [[r["share"] - r["low"] for r in rows], [r["high"] - r["share"] for r in rows]]
        right.bar(xs, ys, width=width * 0.95, yerr=err, capsize=3, label=fig_v["variant"])
    # A seat wins when its team does: the even share is one team's.
    teams = len(variants[0].get("teams") or ()) or players
    right.axhline(1 / teams, color="grey", linestyle="--", linewidth=1, label=_label("even", TITLE_WIDTH))
    right.set_xticks(list(positions))
    right.set_title(_label("wins", TITLE_WIDTH))
    right.set_xlabel(_label("position", TITLE_WIDTH))
    right.set_ylabel(_label("share"))
    right.yaxis.set_major_formatter(PercentFormatter(1.0))
    right.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncols=len(variants) + 1, frameon=False)
    fig.suptitle(_title(players, variants[0]["games"], seed))
    fig.savefig(path, format="png", dpi=110)


def _robust_panels(sub: Any, rows: list[dict[str, Any]], label: Callable[[str], str]) -> None:
    """One small chart per figure: the difference b - a at each level, a
    filled bar where significant, an outline where not, so that the
    verdict reads without colour."""
    from matplotlib.ticker import PercentFormatter

    axes = sub.subplots(1, len(rows), squeeze=False)[0]
    for ax, row in zip(axes, rows):
        levels = list(row["per_level"])
        cells = [row["per_level"][level] for level in levels]
        values = [cell["difference"] or 0.0 for cell in cells]
        for x, (value, cell) in enumerate(zip(values, cells)):
            if cell["significant"]:
                ax.bar(x, value, width=0.7, color="tab:blue", edgecolor="black")
            else:
                ax.bar(x, value, width=0.7, facecolor="none", edgecolor="tab:blue", hatch="//")
        ax.axhline(0, color="grey", linewidth=1)
        ax.set_xticks(range(len(levels)), [drawn(level) for level in levels], rotation=30)
        ax.set_title(drawn(label(row["figure"]), 24), fontsize="medium")
        if row["kind"] != "mean":
            ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    axes[0].set_ylabel(_label("difference"))
    sub.supxlabel(_label("level"))
    sub.suptitle(drawn(_(LABELS["robust"], a=rows[0]["a"], b=rows[0]["b"]), 2 * TITLE_WIDTH))
