"""``machiavelli review``: a game record judged turn by turn, through the
game's ``review`` hook (:mod:`machiavelli.core.review`); a game without
the hook says so in one line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from machiavelli.core.i18n import NP_, N_, _, format_list
from ..options import EXIT_BAD_INPUT, JsonOpt, fail, handles_errors, print_json

#: The longest time one position may take (seconds), so that a typo cannot hang the command.
MAX_BUDGET = 60.0


def register(app: typer.Typer) -> None:
    app.command("review", help=N_(
        "Review a game record: for each turn, what the player did and the most they could have done from "
        "what they could see then (their hand and the table, never another hand or the deck), and the "
        "difference; then a summary per player.\n\n"
        "With --json: every turn's finding and each player's totals; seats count from 0."))(review)


@handles_errors
def review(
    file: Annotated[Path, typer.Argument(metavar=NP_("argument", "RECORD"), help=N_("A game record written by `machiavelli play --record`."))],
    seat: Annotated[Optional[list[int]], typer.Option("--seat", help=N_(
        "Review only this seat (counted from 1, in turn order). Repeatable; default: every seat."))] = None,
    seconds: Annotated[float, typer.Option("--budget", help=N_(
        "The most seconds spent on one position; a position that takes longer is given up, not judged."))] = 2.0,
    as_json: JsonOpt = False,
) -> None:
    """Review a game record (help text: see :func:`register`)."""
    from machiavelli.core.present import player_name
    from machiavelli.core.terminal import printable

    from ..presented import presentation_of, use_wording_of
    from ..saves import named, read_record
    from .game import seat_text

    saved = read_record(file)
    players = len(saved.seats)
    if seat and any(not 1 <= s <= players for s in seat):
        # TRANSLATORS: An error message of `machiavelli review`; {players} is the number of seats.
        raise fail(_("--seat must be a seat from 1 to {players}.", players=players), EXIT_BAD_INPUT)
    if not 0 < seconds <= MAX_BUDGET:
        # TRANSLATORS: An error message of `machiavelli review`; {most} is a number of seconds.
        raise fail(_("--budget must be more than 0 and at most {most} seconds.", most=int(MAX_BUDGET)),
                   EXIT_BAD_INPUT)
    seats = sorted({s - 1 for s in seat}) if seat else list(range(players))
    with named(file):
        saved.replay()  # a damaged or inconsistent record fails here, before any search
    game_name = saved.variant.game
    present = presentation_of(game_name)
    use_wording_of(saved.variant)  # a tile game's findings speak of tiles
    if present.review is None:
        # TRANSLATORS: `machiavelli review` for a game that has no review; {game} is the game's name.
        raise fail(_("This game cannot be reviewed: {game} brings no review.", game=printable(game_name)),
                   EXIT_BAD_INPUT)
    found = present.review(saved, seats, seconds, [s.name for s in saved.seats])
    if as_json:
        print_json({"variant": saved.variant.name, "seed": saved.seed, **found.as_dict()})
        return
    names = [s.name for s in saved.seats]
    shown = [seat_text(player_name(s, names), printable(one.player), game_name) for s, one in enumerate(saved.seats)]
    typer.echo(_("{variant}, seed {seed}: {players}.", variant=printable(saved.variant.name), seed=saved.seed,
                 players=format_list(shown)))
    for turn in found.turns:
        typer.echo(turn.text)
    typer.echo("")
    for summary in found.seats:
        typer.echo(summary.text)
