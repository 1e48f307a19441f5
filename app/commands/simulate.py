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
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional, Sequence

import typer

from machiavelli.core import registry, terminal
from machiavelli.core.errors import SetupError

from machiavelli.core import i18n
from machiavelli.core.i18n import N_, _, format_list
from .. import sim_csv, sim_files, sim_labels, sim_report, sim_seats
from ..options import SetOpt, fail, handles_errors
from machiavelli.core.reasons import describe

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

    from rich.console import Console

    from machiavelli.core.simulate import GameSummary, Plan
    from ..simulate import RecordFolder

# The engine, the simulator, Rich's tables and the figures are imported when
# games are simulated, not when the program starts; the parts of the
# command are: who sits where (sim_seats), the figures (sim_figures,
# sim_teams), their names (sim_labels), the report on the terminal
# (sim_report), the files (sim_files, sim_csv, sim_plot).

FORMAT = "machiavelli-simulation"
VERSION = 1
#: 2,000 games put a 95% interval of about +-2 points around a win share of
#: 25% (four players) and tell apart a 5-point difference between variants
#: (about 1,600 games needed); see the README for the arithmetic.
DEFAULT_GAMES = 2000
MAX_GAMES = 10_000_000


def register(app: typer.Typer) -> None:
    app.command("simulate", help=N_(
        "Play many games between computer players and report, per variant: how games end, win share by seat "
        "(first-player advantage), joint wins, game length, cards left to the losers, rearranging turns, draws "
        "and restores, each with a 95% interval; with several variants, which differences are significant and "
        "how many games would tell them apart."))(simulate)


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
    review: Annotated[bool, typer.Option("--review", help=N_(
        "Review every game as `machiavelli review` does and report, per kind of player, the share of its "
        "turns with a missed play and what it missed per game (slower: every turn is searched)."))] = False,
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
    from ..presented import use_wording_of, wording_of

    # The report's labels are shared by every variant compared: worded for
    # tiles only when all of them are tile games.
    if all(wording_of(v) == wording_of(variants[0]) for v in variants):
        use_wording_of(variants[0])
    else:
        i18n.use_wording({})
    seat_names = sim_seats.choose_seats(seats, players, variants)
    check_seats(seat_names, variants[0].game)

    def label(code: str) -> str:
        """A seat's player as people call it (the JSON keeps the code)."""
        return registry.player_label(code, variants[0].game)

    seat_labels = [label(code) for code in seat_names]
    levels: list[str] = []
    if robust:
        if len(variants) < 2:
            raise fail(_("--robust compares variants: give at least two with -V."))
        levels = sim_seats.robust_levels(variants[0].game)
        # A game with fewer computer players than that is compared at each of its own, two at least.
        needed = max(2, min(sim_seats.ROBUST_MIN_LEVELS, len(registry.bots(variants[0].game))))
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
    sim_files.check_outputs([json_file, csv_file, games_csv, plot_file], force=force)
    folder = RecordFolder(records, [v.name for v in variants], games, force=force) if records else None

    master = seed if seed is not None else new_seed()
    workers = jobs or default_jobs()
    plans = [Plan(v, tuple(seat_names), master, records=folder is not None, review=review) for v in variants]
    data_on_stdout = "-" in (json_file, csv_file, games_csv, str(plot_file))
    console = Console(stderr=True)
    if not data_on_stdout:
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {n} is a number of games,
        # {variants} is variant names, listed, {players} is the players, e.g. '2 players: random moves and
        # greedy', {seed} is a game's number, the seed of its shuffle.
        typer.echo(i18n.ngettext("{n} game of {variants}; {players}; seed {seed}.",
                                 "{n} games of {variants}; {players}; seed {seed}.", games,
                                 variants=format_list(v.name for v in variants), players=sim_labels.seat_text(seat_labels),
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
        text = json.dumps(sim_files.finite(document), ensure_ascii=False, indent=1, allow_nan=False) + "\n"
        sim_files.write(json_file, terminal.json_printable(text) if json_file == "-" else text, force=force)
    if csv_file is not None:
        sim_files.write(csv_file, sim_csv.figures_csv(report, spec), force=force)
    if games_csv is not None:
        sim_files.write(games_csv, sim_csv.games_csv(plans, results, spec), force=force)
    if plot_file is not None:
        from .. import sim_plot

        turns = [[g.turns for g in r] for r in results]
        sim_files.write(str(plot_file), lambda handle: sim_plot.plot(
            handle, report, turns, players=len(seat_names), seed=master, robust=document.get("robust", ()),
            label=lambda key: sim_labels.figure_label(key, seat_labels, spec, report["variants"][0], None)), force=force)
    if data_on_stdout:
        return
    sim_report.print_report(report, seat_labels, spec, label)
    sim_report.print_warnings(report["warnings"], label, spec)
    if robust:
        sim_report.print_robust(document["robust"], levels, seat_labels, label, spec, report["variants"][0])
    for out in (json_file, csv_file, games_csv, plot_file, records):
        if out is not None:
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {file} is a file's path.
            typer.echo(_("Wrote {file}.", file=str(out)))


def _find(module: str) -> ModuleSpec | None:
    import importlib.util

    return importlib.util.find_spec(module)


def _missing(extra: str) -> typer.Exit:
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {extra} is the name of a group
    # of optional packages.
    return fail(_("This needs the optional {extra} packages: pip install \"machiavelli-variants[{extra}]\"",
                  extra=extra))




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


def _house_named(variant: Any, spec: str) -> Any:
    """``variant`` named after the one-line spec that made it (``bga.aces-wrap``)."""
    import re

    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", spec.replace("(", ".", 1)).strip("-.")[:64].rstrip("-.")
    return variant.model_copy(update={"name": name or variant.name})
