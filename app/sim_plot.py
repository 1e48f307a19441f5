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
from typing import Any, BinaryIO, Sequence

from machiavelli.core import i18n
from machiavelli.core.i18n import N_, _

LABELS = {
    "length": N_("Game length"),
    "turns": N_("Turns per game"),
    "games": N_("Share of games"),
    "wins": N_("Win share by position in turn order (95% interval)"),
    "position": N_("Position in turn order (1 = plays first)"),
    "share": N_("Share of games won"),
    "even": N_("Even share"),
}


#: Characters per line of a subplot's title before it wraps.
TITLE_WIDTH = 55


def drawn(text: str, width: int | None = None) -> str:
    """Text as matplotlib must be given it: wrapped to ``width``, and in a
    right-to-left language each line shaped and in display order."""
    import textwrap

    lines = textwrap.wrap(text, width) if width else [text]
    if not i18n.is_rtl():
        return "\n".join(lines)
    import arabic_reshaper
    from bidi import get_display

    return "\n".join(get_display(arabic_reshaper.reshape(line)) for line in lines)


def _label(key: str, width: int | None = None) -> str:
    return drawn(_(LABELS[key]), width)


def _title(players: int, games: int, seed: int) -> str:
    return drawn(i18n.ngettext("{players} players, {n} game per variant, seed {seed}",
                               "{players} players, {n} games per variant, seed {seed}", games,
                               players=players, seed=seed), 2 * TITLE_WIDTH)


def available() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(name) is not None for name in ("matplotlib", "arabic_reshaper", "bidi"))


def plot(path: Path | BinaryIO, report: dict[str, Any], turns: Sequence[Sequence[int]], *, players: int,
         seed: int) -> None:
    """Write the PNG to a file or an open binary file (the command writes
    a temporary file renamed over the target): histograms of turns per
    game (one outline per variant), and win share by position with
    intervals, side by side."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    variants = report["variants"]
    fig = Figure(figsize=(12, 5.5), layout="constrained")
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
    right.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label=_label("even", TITLE_WIDTH))
    right.set_xticks(list(positions))
    right.set_title(_label("wins", TITLE_WIDTH))
    right.set_xlabel(_label("position", TITLE_WIDTH))
    right.set_ylabel(_label("share"))
    right.yaxis.set_major_formatter(PercentFormatter(1.0))
    right.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncols=len(variants) + 1, frameon=False)
    fig.suptitle(_title(players, variants[0]["games"], seed))
    fig.savefig(path, format="png", dpi=110)
