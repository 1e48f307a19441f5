"""``machiavelli play`` and ``machiavelli replay``: whole games and records.

``play`` drives every seat through :func:`core.bots.play_out`; a seat is a
player name from :data:`core.bots.BOTS`, or one of :data:`PLAYERS` that the
application supplies (a person at the terminal plugs in there).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated, Callable, Optional

import typer

from core.bots import BOTS, Bot, bot_seed, make_bot, play_out
from core.errors import SetupError
from core.game import Entry, Game
from core.records import GameRecord, Seat

from .. import glossary, library
from ..i18n import _, format_list, ngettext
from ..narrate import entry_text, outcome_text, player_name
from ..options import JsonOpt, SetOpt, fail, handles_errors, print_json
from ..saves import check_writable, named, read_record, write_record

#: Players the application provides beside the kernel's bots: name ->
#: factory(game, seat, seed). Empty until the interactive game registers
#: ``human``.
PLAYERS: dict[str, Callable[[Game, int, int], Bot]] = {}
DEFAULT_PLAYERS = 4
HUMAN = "human"

SeatOpt = Annotated[
    Optional[list[str]],
    typer.Option("--seat", help="Who plays a seat: a computer player such as random. One per seat, "
                 "in turn order; a single --seat fills every seat (default: four random players)."),
]


def register(app: typer.Typer) -> None:
    app.command("play")(play)
    app.command("replay")(replay)


def _seat_names(seats: list[str] | None, players: int | None, variant_max: int, variant_min: int) -> list[str]:
    if not seats:
        count = players if players is not None else max(variant_min, min(DEFAULT_PLAYERS, variant_max))
        return ["random"] * count
    if players is not None and len(seats) == 1:
        return seats * players
    if players is not None and players != len(seats):
        raise fail(_("{players} players but {seats} seats: give one --seat per player, or a single --seat.",
                     players=players, seats=len(seats)))
    return list(seats)


def _make_players(names: list[str], game: Game) -> list[Bot]:
    out = []
    for seat, name in enumerate(names):
        seed = bot_seed(game.seed, seat)
        if name in PLAYERS:
            out.append(PLAYERS[name](game, seat, seed))
        elif name == HUMAN:
            raise fail(_("Human seats are not available yet: only computer players ({players}) can play.",
                         players=format_list(sorted(BOTS))))
        else:
            out.append(make_bot(name, seed))
    return out


def _check_names(names: list[str]) -> None:
    for name in names:
        if name not in BOTS and name not in PLAYERS and name != HUMAN:
            raise SetupError("unknown-player", player=name, available=", ".join(sorted({*BOTS, *PLAYERS})))


@handles_errors
def play(
    variant_name: Annotated[Optional[str], typer.Option("--variant", "-V", help="A shipped variant's name or a YAML file (default: bga).")] = None,
    overrides: SetOpt = None,
    seats: SeatOpt = None,
    players: Annotated[Optional[int], typer.Option("--players", "-p", help="Number of players (default 4).")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the shuffle: the same seed deals the same game.")] = None,
    record: Annotated[Optional[Path], typer.Option("--record", help="Write the game record to this file.")] = None,
    load: Annotated[Optional[Path], typer.Option("--load", help="Continue a saved game (its record is updated).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the --record file even if it holds another game.")] = False,
    moves: Annotated[bool, typer.Option("--moves", help="Print every action as it is played.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Play a whole game between computer players and print the result.

    With no options: four random players on bga. The record (--record) can
    be replayed with `machiavelli replay`.
    """
    if load is not None:
        if variant_name or overrides or seed is not None or players is not None:
            raise fail(_("A loaded game keeps its own variant, seed and players: drop --variant, --set, --seed and --players."))
        saved = read_record(load)
        with named(load):
            game = saved.replay()
        names = [s.player for s in saved.seats]
        if seats:
            if len(seats) not in (1, len(names)):
                raise fail(_("{players} players but {seats} seats: give one --seat per player, or a single --seat.",
                             players=len(names), seats=len(seats)))
            names = seats * len(names) if len(seats) == 1 else list(seats)
        record = record or load
    else:
        variant = library.load_variant(variant_name or "bga", overrides or [])
        names = _seat_names(seats, players, variant.players.max, variant.players.min)
        _check_names(names)
        game = Game(variant, len(names), seed if seed is not None else secrets.randbelow(1 << 32))
        saved = None
    _check_names(names)
    seat_list = [Seat(n) for n in names]
    if record is not None:
        check_writable(record, saved, force=force)
    drivers = _make_players(names, game)
    deck = game.variant.deck
    shown = [f"{player_name(s)} ({n})" for s, n in enumerate(names)]
    if not as_json:
        typer.echo(_("{variant}, seed {seed}: {players}.", variant=game.variant.name, seed=game.seed,
                     players=format_list(shown)))
        if saved is None:
            typer.echo(_("{dealer} deals; {first} starts.", dealer=player_name(game.dealer),
                         first=player_name(game.first)))

    def show(entry: Entry) -> None:
        typer.echo(_("Turn {turn}: {text}", turn=entry.turn, text=entry_text(entry, deck)))

    try:
        if game.outcome is None:
            play_out(game, drivers, on_entry=show if moves and not as_json else None)
    finally:
        if record is not None:
            write_record(record, GameRecord.of(game, seat_list), force=force)
    if as_json:
        print_json(game.state())
        return
    _summary(game)
    if record is not None:
        typer.echo(_("Record written to {file}.", file=str(record)))


def _summary(game: Game) -> None:
    deck = game.variant.deck
    if game.outcome is not None:
        typer.echo(_("Turn {turn}: {result}", turn=game.turn_number, result=outcome_text(game.outcome)))
    else:
        typer.echo(_("Turn {turn}: {player} to play.", turn=game.turn_number, player=player_name(game.current)))
    melds = game.melds()
    if melds:
        typer.echo(_("Table:"))
        width = len(str(len(melds)))
        for number, meld in enumerate(melds, 1):
            typer.echo(f"  {number:>{width}}  {glossary.show_cards(meld, deck)}")
    else:
        typer.echo(_("The table is empty."))
    if game.help_cards:
        typer.echo(_("Help cards: {cards}", cards=glossary.show_cards(game.help_cards, deck)))
    for seat in range(game.players):
        hand = sorted(game.hand(seat), key=deck.sort_key)
        count = ngettext("{n} card", "{n} cards", len(hand))
        typer.echo(f"  {player_name(seat)}: {count}: {glossary.show_cards(hand, deck)}")
    typer.echo(ngettext("{n} card left in the deck.", "{n} cards left in the deck.", game.deck_count))


@handles_errors
def replay(
    file: Annotated[Path, typer.Argument(help="A game record written by `machiavelli play --record`.")],
    moves: Annotated[bool, typer.Option("--moves", help="Print every action of the game.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Re-execute a game record; print the final state and the result.

    JSON: {"result": {"winners": [...], "reason": ...} or null, "hands": [...],
    "table": [...], "deck": [...], ...}; seats count from 0.
    """
    saved = read_record(file)
    with named(file):
        game = saved.replay()
    if as_json:
        state = game.state()
        state["seats"] = [s.as_dict() for s in saved.seats]
        state["actions"] = len(saved.actions)
        print_json(state)
        return
    names = [s.name for s in saved.seats]
    shown = [f"{player_name(s, names)} ({seat.player})" for s, seat in enumerate(saved.seats)]
    typer.echo(_("{variant}, seed {seed}: {players}.", variant=game.variant.name, seed=game.seed,
                 players=format_list(shown)))
    if moves:
        for entry in game.log:
            typer.echo(_("Turn {turn}: {text}", turn=entry.turn, text=entry_text(entry, game.variant.deck, names)))
    typer.echo(ngettext("{n} action replayed.", "{n} actions replayed.", len(saved.actions)))
    _summary(game)

