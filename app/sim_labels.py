"""How ``machiavelli simulate`` names its figures and writes its numbers,
in the user's language: the rows' labels, percentages, decimals and
intervals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from machiavelli.core import i18n
from machiavelli.core.i18n import N_, _, format_list

if TYPE_CHECKING:
    from .sim_figures import GameFigures

FIGURE_LABELS = {
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    "joint_wins": N_("Joint wins"),
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    "turns": N_("Turns per game"),
    "cards_left_losers": N_("Cards left in losers' hands"),
}
# TRANSLATORS: Simulate's report: a way of ending that the game does not name in words; {ending} is
# its code (drawn-deal).
ENDING_LABEL = N_("Ended: {ending}")
# TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is a position in turn
# order.
POSITION_LABEL = N_("Wins: player {n} in turn order")
# TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is a seat's number,
# {player} is the kind of computer player in that seat.
SEAT_LABEL = N_("Wins: seat {n} ({player})")
# TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is a position in turn
# order.
POINTS_LABEL = N_("Penalty points per game: player {n} in turn order")
# TRANSLATORS: Simulate's report with --review: the share of a kind of player's turns in which the
# review found a better play; {player} is the kind of computer player.
MISSED_TURNS_LABEL = N_("Turns with a missed play: {player}")
# TRANSLATORS: Simulate's report with --review: cards (or points) a kind of player missed per game,
# as the review counts them; {player} is the kind of computer player.
MISSED_LABEL = N_("Cards missed per game: {player}")


def pct(x: float | None) -> str:
    if x is None:
        return "-"
    from babel import Locale
    from babel.numbers import format_percent

    # The language's own pattern (Turkish %25,0, German 25,0 %), one decimal.
    pattern = Locale.parse(i18n.language()).percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)
    return format_percent(x, format=pattern, locale=i18n.language())


def dec(x: float | None, digits: int = 2) -> str:
    if x is None:
        return "-"
    from babel.numbers import format_decimal

    return format_decimal(round(x, digits), format="#,##0." + "0" * digits, locale=i18n.language())


def interval(low: str, high: str) -> str:
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {low} is a number, the low end
    # of an interval, {high} is a number, the high end of an interval.
    return _("{low} to {high}", low=low, high=high)


def seat_text(seats: list[str]) -> str:
    """The seats of the header (``seats``: the players' labels)."""
    who = seats[0] if len(set(seats)) == 1 else format_list(seats)
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is the number of players,
    # {player} is the players' kinds, listed (random moves and greedy).
    return i18n.ngettext("{n} player: {player}", "{n} players: {player}", len(seats), player=who)


def spec_or_default(spec: GameFigures | None) -> GameFigures:
    from . import sim_figures

    return spec or sim_figures.of_game()


def ending_label(value: str, spec: GameFigures) -> str:
    """A way of ending as a row's label: the game's words, else its code."""
    return spec.ending_label(value) or _(ENDING_LABEL, ending=value)


def count_label(key: str, spec: GameFigures) -> str:
    """One of the tally's counts as a row's label: the game's words, else its code."""
    return spec.count_name(key) or key


def figure_label(key: str, seats: list[str], spec: GameFigures | None = None, fig: dict[str, Any] | None = None,
           player: Callable[[str], str] | None = str) -> str:
    """The row label of a figure key of the comparisons (``fig``: the
    figures of a variant, for its teams; ``player`` names a seat's player,
    None for rows of several players' runs: --robust's)."""
    from . import sim_teams

    spec = spec_or_default(spec)
    head, _dot, tail = key.partition(".")
    if head == "ended":
        return ending_label(tail, spec)
    if head == "win_share_by_position":
        return _(POSITION_LABEL, n=tail)
    if head == "win_share_by_seat":
        return _(SEAT_LABEL, n=int(tail) + 1, player=seats[int(tail)])
    if head == "teams" and fig is not None:
        number, _dot, part = tail.partition(".")
        team = next(t for t in fig["teams"] if str(t["team"]) == number)
        wins, points = sim_teams.team_labels(team, sim_teams.alone(fig), player)
        return wins if part == "wins" else points
    if head == "per_deal":
        return count_label(tail, spec)
    own = next((f for f in spec.report.figures if f.key == key), None)
    if own is not None:
        return own.label()
    return _(FIGURE_LABELS[key]) if key in FIGURE_LABELS else key
