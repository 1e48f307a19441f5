"""``machiavelli simulate``: thousands of games between computer players,
per variant, with confidence intervals and comparisons between variants.

Every game is reported alike from its ``Termination`` values and its tally
(:mod:`..sim_figures`), with the rows and warnings its presentation adds
(``Presentation.simulate``); the command knows no game. Game ``i`` of a run
has a seed derived from ``--seed`` and ``i``, so the same command gives the
same figures with any ``--jobs`` and on a Dask cluster. JSON (``--json
FILE``, ``-`` for standard output) carries every figure; Machiavelli's::

    {"format": "machiavelli-simulation", "version": 1, "seed": 7, "games": 2000,
     "players": 4, "seats": ["beginner", "casual", "club", "expert"], "settings": ["aces=wrap"],
     "variants": [{"variant": "bga", "games": 2000,
                   "ended": {"went-out": SHARE, "deck-exhausted": SHARE, "blocked": SHARE},
                   "win_share_by_position": [{"position": 1, ...SHARE}, ...],
                   "win_share_by_seat": [{"seat": 0, "player": "greedy", ...SHARE}, ...],
                   "joint_wins": SHARE, "turns": MEAN, "cards_left_losers": MEAN,
                   "rearranging_turns": SHARE, "draws_per_game": MEAN, "restores_per_game": MEAN,
                   "parameters": {...}}, ...],
     "comparisons": [{"a": "bga", "b": "restore-3", "figures": [
         {"figure": "turns", "kind": "mean", "a": 78.2, "b": 80.9, "difference": 2.7,
          "p": 0.001, "p_adjusted": 0.01, "significant": true, "games_needed": 1450}, ...]}],
     "warnings": [{"code": "no-restores", "a": "bga", "b": "restore-3", "parameter": "restore_penalty",
                   "value_a": 1, "value_b": 3, "count": "restores", "games": 4000},
                  {"code": "one-ending", "variant": "bga", "reason": "deck-exhausted", "k": 1990, "n": 2000,
                   "share": 0.995, "seats": [...]}, ...],
     # with --robust: every seat at each level in turn, one run per level
     "robust_levels": ["beginner", "casual", "club", "expert"],
     "robust": [{"a": "bga", "b": "restore-3", "figure": "turns", "kind": "mean",
                 "per_level": {"beginner": {"a", "b", "difference", "p_adjusted", "significant"}, ...},
                 "holds": true, "verdict": "every-level", "direction": -1, "same_sign": true,
                 "significant_at": [...], "higher_at": [...], "lower_at": [...]}, ...],
     "robust_warnings": {"beginner": [...], ...}}

    Every game has "ended" (one SHARE per value of its Termination, in its
    order), the win shares, "joint_wins" (more than one seat, or team, won),
    "turns" and "cards_left_losers". Then the game's own figures (its
    SimulateReport.figures: Machiavelli's rearranging_turns, draws_per_game
    and restores_per_game), or for a game without any, "per_deal": {COUNT:
    MEAN} for each count of its tally; "points_by_position" when the tally
    counts points.SEAT; and in a game of teams (Cicera, Sì Sè Pái) the teams'
    figures of sim_teams ("teams", "drawn", "winning_points",
    "point_difference"). Comparisons test the game's first ending, joint
    wins, the win shares, length, cards left, each team's wins and points
    ("teams.1.wins", "teams.1.points") and the game's own figures or counts
    ("per_deal.scopa").

    Warning codes: Machiavelli's no-restores, no-help-cards-used,
    deck-end-never-reached, no-draws, no-rearrangements (a differing
    parameter that never came into play: a game's SimulateReport.in_play),
    one-ending (one way of ending in nearly every game, by the game's
    SimulateReport.one_ending). Verdicts: every-level (holds), some-levels,
    opposite, no-level.

    SHARE = {"k", "n", "share", "low", "high"}  (95% Wilson interval; for
            a ratio figure such as rearranging_turns k of n turns,
            interval robust to games)
    MEAN  = {"n", "mean", "sd", "low", "high", "median", "p90", "min", "max"}
"""

from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, BinaryIO, Callable, Optional, Sequence

import typer

from machiavelli.core import registry, terminal
from machiavelli.core.errors import RecordError, SetupError

from machiavelli.core import i18n
from machiavelli.core.i18n import N_, _, format_list
from ..options import SetOpt, fail, handles_errors
from machiavelli.core.reasons import describe

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

    from rich.console import Console

    from machiavelli.core.simulate import GameSummary, Plan
    from machiavelli.core.variant import Variant
    from ..sim_figures import GameFigures
    from ..simulate import RecordFolder

# The engine, the simulator, Rich's tables and the figures are imported when
# games are simulated, not when the program starts.

FORMAT = "machiavelli-simulation"
VERSION = 1
#: 2,000 games put a 95% interval of about +-2 points around a win share of
#: 25% (four players) and tell apart a 5-point difference between variants
#: (about 1,600 games needed); see the README for the arithmetic.
DEFAULT_GAMES = 2000
DEFAULT_PLAYERS = 4
MAX_GAMES = 10_000_000
#: Bots tried in this order for seats not given when the player levels are
#: not registered: the strongest cheap one.
PREFERRED_BOTS = ("greedy", "random")
#: The player levels, weakest first. A table of mixed levels is the default:
#: one kind of player everywhere makes games end one way (greedy players
#: never restore and mostly exhaust the deck), which says more about the
#: players than about the rules.
LEVELS = ("beginner", "casual", "club", "expert")
#: Levels for tables smaller than four: the middle of the range first.
SMALL_TABLES = {2: ("casual", "club"), 3: ("casual", "club", "expert")}
#: Bots that stand in for the levels in --robust while the levels are not registered.
ROBUST_FALLBACK = ("random", "greedy", "solver")
#: Fewest levels --robust compares (a game with only two computer players: those two).
ROBUST_MIN_LEVELS = 3


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


def register(app: typer.Typer) -> None:
    app.command("simulate", help=N_(
        "Play many games between computer players and report, per variant: how games end, win share by seat "
        "(first-player advantage), joint wins, game length, cards left to the losers, rearranging turns, draws "
        "and restores, each with a 95% interval; with several variants, which differences are significant and "
        "how many games would tell them apart."))(simulate)


def _default_seat(game: str = registry.DEFAULT_GAME) -> str:
    found = registry.bots(game)
    # A game's own preferred players come before "random" (Sì Sè Pái: keeper).
    order = (*PREFERRED_BOTS[:1], *registry.game(game).preferred_bots, *PREFERRED_BOTS[1:])
    return next((name for name in order if name in found), sorted(found)[0])


def _default_seats(players: int, game: str = registry.DEFAULT_GAME) -> list[str]:
    """The seats when none are given: a mixed table of player levels
    (beginner, casual, club, expert, then round again for more than four
    players), or :func:`_default_seat` in every seat when the levels are
    not registered."""
    found = registry.bots(game)
    if not all(level in found for level in LEVELS):
        return [_default_seat(game)] * players
    if players in SMALL_TABLES:
        return list(SMALL_TABLES[players])
    return [LEVELS[i % len(LEVELS)] for i in range(players)]


def _robust_levels(game: str = registry.DEFAULT_GAME) -> list[str]:
    """The players --robust seats at every seat in turn: the registered
    levels, or while fewer than three are, the random, greedy and solver
    bots; for a game with none of those, every computer player of the
    game, the weakest first (the reverse of its preferred players)."""
    found = registry.bots(game)
    levels = [level for level in LEVELS if level in found]
    if len(levels) < ROBUST_MIN_LEVELS:
        levels = [name for name in ROBUST_FALLBACK if name in found]
    if len(levels) < ROBUST_MIN_LEVELS:
        strongest = [name for name in registry.game(game).preferred_bots if name in found]
        levels = [*sorted(set(found) - set(strongest)), *reversed(strongest)]
    return levels


@handles_errors
def simulate(
    variant_names: Annotated[Optional[list[str]], typer.Option(
        "--variant", "-V", help=N_("A variant to simulate (shipped name or YAML file); repeat to compare several "
        "(default: bga)."))] = None,
    overrides: SetOpt = None,
    # TRANSLATORS: simulate --help: the help of --games.
    games: Annotated[int, typer.Option("--games", "-n", help=N_("Games per variant."))] = DEFAULT_GAMES,
    players: Annotated[Optional[int], typer.Option("--players", "-p", help=N_("Players per game (default 4)."))] = None,
    seats: Annotated[Optional[list[str]], typer.Option(
        "--seat", help=N_("The bot in a seat, one per seat in turn order; a single --seat fills every seat."))] = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help=N_("Master seed: game i's seed derives from it and i (default: a random seed, printed)."))] = None,
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", help=N_("Local processes (default: all cores)."))] = None,
    json_file: Annotated[Optional[str], typer.Option(
        "--json", help=N_("Write every figure as JSON to FILE; - for standard output (then nothing else is printed)."))] = None,
    csv_file: Annotated[Optional[str], typer.Option(
        "--csv", help=N_("Write the figures as CSV (one row per variant and figure); - for standard output."))] = None,
    games_csv: Annotated[Optional[str], typer.Option(
        "--games-csv", help=N_(
            "Write one CSV row per game (seed, result, turns, cards left, ...); - for standard output."))] = None,
    plot_file: Annotated[Optional[Path], typer.Option(
        "--plot", help=N_("Write a PNG comparing the variants (needs the optional plot packages)."))] = None,
    records: Annotated[Optional[Path], typer.Option(
        "--records", help=N_("Write every game as a record in this folder (machiavelli replay reads them)."))] = None,
    dask: Annotated[Optional[str], typer.Option(
        "--dask", help=N_("Run the games on a Dask cluster, e.g. tcp://HOST:8786 (needs the optional dask packages)."))] = None,
    force: Annotated[bool, typer.Option("--force", help=N_(
        "Replace existing files: the --json, --csv, --games-csv and --plot files and the game records in --records "
        "(without it, an existing file is refused before any game is played)."))] = False,
    robust: Annotated[bool, typer.Option("--robust", help=N_(
        "Repeat the comparison with each player level in every seat (one run per level) and say whether each "
        "difference holds at every level or only at some."))] = False,
    # TRANSLATORS: simulate --help: the help of --quiet.
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=N_("No progress bar."))] = False,
) -> None:
    """Simulate and report (help text: see :func:`register`)."""
    from machiavelli.core.seeds import new_seed

    from rich.console import Console

    from machiavelli.core.simulate import Plan, check_seats

    from .. import library, sim_figures
    from ..simulate import BackendError, GameFailed, MissingExtra, RecordFolder, default_jobs

    names = variant_names or ["bga"]
    if not 1 <= games <= MAX_GAMES:
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is a number (of games, a
        # seat, a position).
        raise fail(_("--games must be from 1 to {n}.", n=MAX_GAMES))
    if jobs is not None and jobs < 1:
        raise fail(_("--jobs must be at least 1."))
    if [str(out) for out in (json_file, csv_file, games_csv, plot_file)].count("-") > 1:
        raise fail(_("Only one of --json, --csv, --games-csv and --plot can write to standard output."))
    variants = [library.load_variant(name, overrides or []) for name in names]
    # A house rule in one line (bga(aces=wrap)) keeps its parent's name: named
    # after its rules, it can be compared with the parent.
    taken = {v.name for spec, v in zip(names, variants) if "(" not in spec}
    variants = [_house_named(v, spec) if "(" in spec and v.name in taken else v for spec, v in zip(names, variants)]
    seen: set[str] = set()
    for v in variants:
        if v.name in seen:
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {name} is a name as typed (a
            # code, left as it is).
            raise fail(_("Variant {name} is given twice.", name=v.name))
        seen.add(v.name)
    games_named = {v.game for v in variants}
    if len(games_named) > 1:
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {games} is game names, listed.
        raise fail(_("Variants of different games cannot be compared: {games}.", games=format_list(sorted(games_named))))
    seat_names = _seats(seats, players, variants)
    check_seats(seat_names, variants[0].game)

    def label(code: str) -> str:
        """A seat's player as people call it (the JSON keeps the code)."""
        return registry.player_label(code, variants[0].game)

    seat_labels = [label(code) for code in seat_names]
    levels: list[str] = []
    if robust:
        if len(variants) < 2:
            raise fail(_("--robust compares variants: give at least two with -V."))
        levels = _robust_levels(variants[0].game)
        # A game with fewer computer players than that is compared at each of its own, two at least.
        needed = max(2, min(ROBUST_MIN_LEVELS, len(registry.bots(variants[0].game))))
        if len(levels) < needed:
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is a number (of games, a
            # seat, a position), {players} is computer players' codes, listed.
            raise fail(_("--robust needs at least {n} player levels; these players are registered: {players}.",
                         n=needed, players=format_list(sorted(registry.bots(variants[0].game)))))
    for v in variants:
        try:
            registry.game(v.game).new_game(v, len(seat_names), 0)
        except SetupError as exc:
            raise fail(i18n.labelled(v.name, describe(exc))) from None
    if plot_file is not None:
        from .. import sim_plot

        if not sim_plot.available():
            raise _missing("plot")
    if dask is not None and _find("distributed") is None:
        raise _missing("dask")
    _check_outputs([json_file, csv_file, games_csv, plot_file], force=force)
    folder = RecordFolder(records, [v.name for v in variants], games, force=force) if records else None

    master = seed if seed is not None else new_seed()
    workers = jobs or default_jobs()
    plans = [Plan(v, tuple(seat_names), master, records=folder is not None) for v in variants]
    data_on_stdout = "-" in (json_file, csv_file, games_csv, str(plot_file))
    console = Console(stderr=True)
    if not data_on_stdout:
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is a number of games,
        # {variants} is variant names, listed, {players} is the players, e.g. '2 players: random moves and
        # greedy', {seed} is a game's number, the seed of its shuffle.
        typer.echo(i18n.ngettext("{n} game of {variants}; {players}; seed {seed}.",
                                 "{n} games of {variants}; {players}; seed {seed}.", games,
                                 variants=format_list(v.name for v in variants), players=_seat_text(seat_labels),
                                 seed=master))

    def play(these: Sequence[Plan], records: RecordFolder | None) -> list[list[GameSummary]]:
        try:
            return _play(these, games, workers, dask, records, console, show=not quiet and console.is_terminal)
        except GameFailed as exc:
            s = exc.summary
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {index} is a game's number,
            # {variant} is a variant's name (bga), {seed} is a game's number, the seed of its shuffle,
            # {detail} is what went wrong, in words (may come from the system in English).
            raise fail(_("Game {index} of {variant} (seed {seed}) could not be finished: {detail}", index=s.index,
                         variant=exc.variant, seed=s.seed, detail=s.error or ""), code=1) from None
        except MissingExtra as exc:
            raise _missing(exc.extra) from None
        except BackendError as exc:
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {address} is a web address,
            # {detail} is what went wrong, in words (may come from the system in English).
            raise fail(_("The Dask cluster at {address} failed: {detail}", address=exc.address,
                         detail=exc.detail), code=1) from None

    results = play(plans, folder)
    parameters = {v.name: v.parameters() for v in variants}.__getitem__
    spec = sim_figures.of_game(variants[0].game)
    report = sim_figures.report([(p.variant.name, r) for p, r in zip(plans, results)], seat_names,
                                parameters=parameters, variants_of=variants, spec=spec)
    document = {"format": FORMAT, "version": VERSION, "seed": master, "games": games, "players": len(seat_names),
                "seats": seat_names, "settings": list(overrides or []), **report}
    if robust:
        if not data_on_stdout:
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {levels} is kinds of computer
            # players, listed.
            typer.echo(_("Again with every seat at each level: {levels}.", levels=format_list(map(label, levels))))
        level_plans = [Plan(v, (level,) * len(seat_names), master) for level in levels for v in variants]
        level_results = play(level_plans, None)
        per_level = {}
        for i, level in enumerate(levels):
            part = level_results[i * len(variants):(i + 1) * len(variants)]
            per_level[level] = sim_figures.report([(v.name, r) for v, r in zip(variants, part)],
                                                  [level] * len(seat_names), variants_of=variants, spec=spec)
        document["robust_levels"] = levels
        document["robust"] = sim_figures.robust(per_level)
        document["robust_warnings"] = {level: per_level[level]["warnings"] for level in levels}
    if json_file is not None:
        text = json.dumps(_finite(document), ensure_ascii=False, indent=1, allow_nan=False) + "\n"
        _write(json_file, terminal.json_printable(text) if json_file == "-" else text, force=force)
    if csv_file is not None:
        _write(csv_file, _figures_csv(report, spec), force=force)
    if games_csv is not None:
        _write(games_csv, _games_csv(plans, results, spec), force=force)
    if plot_file is not None:
        from .. import sim_plot

        turns = [[g.turns for g in r] for r in results]
        _write(str(plot_file), lambda handle: sim_plot.plot(
            handle, report, turns, players=len(seat_names), seed=master, robust=document.get("robust", ()),
            label=lambda key: _label(key, seat_labels, spec, report["variants"][0], None)), force=force)
    if data_on_stdout:
        return
    _print_report(report, seat_labels, spec, label)
    _print_warnings(report["warnings"], label, spec)
    if robust:
        _print_robust(document["robust"], levels, seat_labels, label, spec, report["variants"][0])
    for out in (json_file, csv_file, games_csv, plot_file, records):
        if out is not None:
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {file} is a file's path.
            typer.echo(_("Wrote {file}.", file=str(out)))


# -- checks ------------------------------------------------------------------------


def _seats(seats: list[str] | None, players: int | None, variants: Sequence[Variant]) -> list[str]:
    if seats and len(seats) > 1:
        if players is not None and players != len(seats):
            raise fail(_("{players} players but {seats} seats: give one --seat per player, or a single --seat.",
                         players=players, seats=len(seats)))
        return list(seats)
    if players is None:
        top = min(v.players.max for v in variants)
        bottom = max(v.players.min for v in variants)
        players = max(bottom, min(DEFAULT_PLAYERS, top))
    if players < 2:
        raise fail(_("--players must be at least 2."))
    if seats:
        return [seats[0]] * players
    return _default_seats(players, variants[0].game)


def _find(module: str) -> ModuleSpec | None:
    import importlib.util

    return importlib.util.find_spec(module)


def _missing(extra: str) -> typer.Exit:
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {extra} is the name of a group
    # of optional packages.
    return fail(_("This needs the optional {extra} packages: pip install \"machiavelli-variants[{extra}]\"",
                  extra=extra))


def _finite(data: Any) -> Any:
    """NaN (a figure of too few games) as null: JSON has no NaN."""
    if isinstance(data, float) and math.isnan(data):
        return None
    if isinstance(data, dict):
        return {k: _finite(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_finite(v) for v in data]
    return data


def _check_outputs(outputs: list[str | Path | None], *, force: bool) -> None:
    """Refuse, before any game is played, an output that cannot be written
    or (without ``force``) would replace an existing file, and one file
    named for two outputs."""
    seen: set[str] = set()
    for out in outputs:
        if out is None or str(out) == "-":
            continue
        _check_output(Path(out), force=force)
        key = os.path.normcase(os.path.abspath(out))
        if key in seen:
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {file} is a file's path.
            raise fail(_("{file} is named for two outputs: give each its own file.", file=str(out)))
        seen.add(key)


def _check_output(path: Path, *, force: bool) -> None:
    from machiavelli.core.files import os_why
    from machiavelli.core.reasons import detail_text

    try:
        _check_output_path(path, force=force)
    except OSError as exc:  # a name too long, a link, a pipe: the reason, never a traceback
        detail = detail_text({"why": os_why(exc, writing=True)}) or exc.strerror or type(exc).__name__
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=detail)) from None


def _check_output_path(path: Path, *, force: bool) -> None:
    import errno

    from machiavelli.core.writing import refuse_special

    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {file} is a file's path,
        # {detail} is what went wrong, in words (may come from the system in English).
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=_("it is a folder")))
    if not parent.is_dir():
        # TRANSLATORS: Simulate (its report, or a mistake in its options).
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=_("no such folder")))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=os.strerror(errno.EACCES)))
    refuse_special(path)
    if not force and os.path.lexists(path):
        raise fail(describe(RecordError("file-exists", file=str(path))))


def _write(out: str, content: str | Callable[[BinaryIO], None], *, force: bool) -> None:
    """Standard output for ``-``; otherwise the file, atomically (a
    temporary file renamed over it, debris of interrupted runs cleaned up),
    never over an existing file without ``force``."""
    from machiavelli.core.writing import write_atomically

    if out == "-":
        if callable(content):  # a PNG
            sys.stdout.flush()
            content(sys.stdout.buffer)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(content)
            sys.stdout.flush()
        return
    path = Path(out)
    try:
        write_atomically(path, content, replace=force)
    except FileExistsError:  # created while the games were played
        raise fail(describe(RecordError("file-exists", file=str(path)))) from None
    except OSError as exc:
        from machiavelli.core.files import os_why

        from machiavelli.core.reasons import detail_text

        detail = detail_text({"why": os_why(exc, writing=True)}) or exc.strerror or str(exc)
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=detail)) from None


# -- running -----------------------------------------------------------------------


def _play(plans: Sequence[Plan], games: int, workers: int, dask: str | None, folder: RecordFolder | None,
          console: Console, *, show: bool) -> list[list[GameSummary]]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    from ..simulate import run

    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TimeRemainingColumn(), console=console, disable=not show, transient=True)
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    task = progress.add_task(_("Playing"), total=games * len(plans))

    def on_batch(plan_index: int, summaries: list[GameSummary]) -> None:
        if folder is not None:
            name = plans[plan_index].variant.name
            for s in summaries:
                folder.write(name, s)
        progress.advance(task, len(summaries))

    with progress:
        return run(plans, games, jobs=workers, dask=dask, on_batch=on_batch)


# -- text output -------------------------------------------------------------------


def _pct(x: float | None) -> str:
    if x is None:
        return "-"
    from babel.numbers import format_percent

    return format_percent(x, format="#,##0.0%", locale=i18n.language())


def _dec(x: float | None, digits: int = 2) -> str:
    if x is None:
        return "-"
    from babel.numbers import format_decimal

    return format_decimal(round(x, digits), format="#,##0." + "0" * digits, locale=i18n.language())


def _interval(low: str, high: str) -> str:
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {low} is a number, the low end
    # of an interval, {high} is a number, the high end of an interval.
    return _("{low} to {high}", low=low, high=high)


def _seat_text(seats: list[str]) -> str:
    """The seats of the header (``seats``: the players' labels)."""
    who = seats[0] if len(set(seats)) == 1 else format_list(seats)
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is the number of players,
    # {player} is the players' kinds, listed (random moves and greedy).
    return i18n.ngettext("{n} player: {player}", "{n} players: {player}", len(seats), player=who)


def _spec(spec: GameFigures | None) -> GameFigures:
    from .. import sim_figures

    return spec or sim_figures.of_game()


def _ending_label(value: str, spec: GameFigures) -> str:
    """A way of ending as a row's label: the game's words, else its code."""
    return spec.ending_label(value) or _(ENDING_LABEL, ending=value)


def _count_label(key: str, spec: GameFigures) -> str:
    """One of the tally's counts as a row's label: the game's words, else its code."""
    return spec.count_name(key) or key


def _label(key: str, seats: list[str], spec: GameFigures | None = None, fig: dict[str, Any] | None = None,
           player: Callable[[str], str] | None = str) -> str:
    """The row label of a figure key of the comparisons (``fig``: the
    figures of a variant, for its teams; ``player`` names a seat's player,
    None for rows of several players' runs: --robust's)."""
    from .. import sim_teams

    spec = _spec(spec)
    head, _dot, tail = key.partition(".")
    if head == "ended":
        return _ending_label(tail, spec)
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
        return _count_label(tail, spec)
    own = next((f for f in spec.report.figures if f.key == key), None)
    if own is not None:
        return own.label()
    return _(FIGURE_LABELS[key]) if key in FIGURE_LABELS else key


def _rows(fig: dict[str, Any], seats: list[str], spec: GameFigures | None = None,
          player: Callable[[str], str] = str) -> list[tuple[str, str, str]]:
    """(label, value, 95% interval) of every figure of one variant
    (``seats``: the players' labels, by seat; ``player`` names a player's code)."""
    from .. import sim_teams

    spec = _spec(spec)
    rows = []

    def share(label: str, entry: dict[str, Any]) -> None:
        rows.append((label, _pct(entry["share"]), _interval(_pct(entry["low"]), _pct(entry["high"]))))

    def mean(label: str, entry: dict[str, Any]) -> None:
        rows.append((label, _dec(entry["mean"]), _interval(_dec(entry["low"]), _dec(entry["high"]))))

    for reason, entry in fig["ended"].items():
        if reason not in spec.report.rare or entry["k"]:
            share(_ending_label(reason, spec), entry)
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
    rows.append(("  " + _("median, 90th percentile"), i18n.two_values(_dec(turns['median'], 1), _dec(turns['p90'], 1)), ""))
    mean(_(FIGURE_LABELS["cards_left_losers"]), fig["cards_left_losers"])
    for own in spec.report.figures:
        (mean if own.kind == "mean" else share)(own.label(), fig[own.key])
    for entry in fig.get("points_by_position", ()):
        mean(_(POINTS_LABEL, n=entry["position"]), entry)
    if teams:
        rows.extend(sim_teams.rows(fig, _pct, _dec, _interval, label=player))
    for key, entry in fig.get("per_deal", {}).items():
        name = spec.count_name(key)
        if name != "":  # "": not a row of its own (see GameDefinition.count_label)
            mean(name or key, entry)
    return rows


def _print_report(report: dict[str, Any], seats: list[str], spec: GameFigures | None = None,
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
        for row in _rows(fig, seats, spec, player):
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
            label = _label(row["figure"], seats, spec, first, player)
            fmt = _dec if row["kind"] == "mean" else _pct
            needed = row["games_needed"]
            table.add_row(label, fmt(row["a"]), fmt(row["b"]), _signed(row["difference"], fmt),
                          # TRANSLATORS: Simulate (its report, or a mistake in its options).
                          _dec(row["p_adjusted"], 3), _("yes") if row["significant"] else _("no"),
                          "-" if needed is None else i18n.format_number(needed))
        console.print(table)
        console.print(_("Games needed: games per variant to tell the observed difference apart (5% two-sided, "
                        "80% power). p-values are adjusted for the number of figures (Holm)."))
        console.print()


def _house_named(variant: Any, spec: str) -> Any:
    """``variant`` named after the one-line spec that made it (``bga.aces-wrap``)."""
    import re

    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", spec.replace("(", ".", 1)).strip("-.")[:64].rstrip("-.")
    return variant.model_copy(update={"name": name or variant.name})


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


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "-"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def _warning_text(warning: dict[str, Any], label: Callable[[str], str] = str,
                  spec: GameFigures | None = None) -> str:
    spec = _spec(spec)
    code = warning["code"]
    if code == "one-ending":
        return _(ONE_ENDING_TEXT, variant=warning["variant"], share=_pct(warning["share"]),
                 ending=spec.ending_clause(warning["reason"]),
                 players=format_list(map(label, dict.fromkeys(warning["seats"]))))
    values = {"a": warning["a"], "b": warning["b"], "parameter": warning["parameter"],
              "value_a": _value_text(warning["value_a"]), "value_b": _value_text(warning["value_b"])}
    found = spec.in_play_code(code)
    if found is not None:
        return found.text(**values)
    return _(NOT_IN_PLAY_TEXT, code=code, **values)


def _print_warnings(warnings: list[dict[str, Any]], label: Callable[[str], str] = str,
                    spec: GameFigures | None = None) -> None:
    from rich.console import Console
    from rich.markup import escape

    if not warnings:
        return
    console = Console(soft_wrap=True)
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    console.print(_("Warnings:"))
    for warning in warnings:
        console.print("- " + escape(_warning_text(warning, label, spec)))
    console.print()


def _verdict_text(row: dict[str, Any], label: Callable[[str], str] = str) -> str:
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


def _print_robust(rows: list[dict[str, Any]], levels: list[str], seats: list[str],
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
            fmt = _dec if row["kind"] == "mean" else _pct
            cells = [_signed(cell["difference"], fmt) + (" *" if cell["significant"] else "")
                     for cell in row["per_level"].values()]
            table.add_row(_label(row["figure"], seats, spec, fig, None), *cells, _verdict_text(row, label))
        console.print(table)
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {b} is another variant's name,
        # {a} is a variant's name.
        console.print(_("Differences of {b} from {a} with every seat at each level; * significant (5%, Holm).",
                        a=a, b=b))
        console.print()


def _signed(x: float | None, fmt: Callable[[float], str]) -> str:
    if x is None:
        return "-"
    return ("+" if x > 0 else "") + fmt(x)


# -- CSV ---------------------------------------------------------------------------

FIGURE_COLUMNS = ("variant", "figure", "n", "value", "low", "high")
#: The columns of --games-csv before the game's counts, and after them.
GAME_COLUMNS_FIRST = ("variant", "index", "seed", "reason", "winners", "first", "turns", "cards_left")
GAME_COLUMNS_LAST = ("actions",)


def _figures_csv(report: dict[str, Any], spec: GameFigures | None = None) -> str:
    """One row per variant and figure: the keys of the JSON comparisons,
    every way of ending first."""
    import csv
    import io

    from .. import sim_figures

    spec = _spec(spec)
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
    return out.getvalue()


def game_columns(spec: GameFigures, results: Sequence[Sequence[GameSummary]] = ()) -> tuple[str, ...]:
    """The columns of --games-csv: the game's choice of its counts
    (``SimulateReport.columns``), else every count its games kept, and
    each team's points in a game of teams."""
    counts = spec.report.columns
    if counts is None:
        counts = tuple(dict.fromkeys(k for games in results for g in games for k, _v in g.counts))
    teams = ("points",) if any(g.teams for games in results for g in games) else ()
    return (*GAME_COLUMNS_FIRST, *counts, *teams, *GAME_COLUMNS_LAST)


def _games_csv(plans: Sequence[Plan], results: Sequence[Sequence[GameSummary]],
               spec: GameFigures | None = None) -> str:
    import csv
    import io

    columns = game_columns(_spec(spec), results)
    counts = columns[len(GAME_COLUMNS_FIRST):len(columns) - len(GAME_COLUMNS_LAST)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for plan, games in zip(plans, results):
        for g in games:
            writer.writerow([plan.variant.name, g.index, g.seed, g.reason, " ".join(map(str, g.winners)), g.first,
                             g.turns, " ".join(map(str, g.cards_left)),
                             *(" ".join(map(str, g.points)) if key == "points" and g.teams else g.count(key)
                               for key in counts),
                             g.actions])
    return out.getvalue()
