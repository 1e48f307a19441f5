"""``machiavelli play`` and ``machiavelli replay``: whole games and records.

``play`` drives every seat through :func:`machiavelli.core.bots.play_out`; a seat is a
player name from :func:`machiavelli.core.registry.bots`, ``human`` (a person at this
terminal, :mod:`machiavelli.app.human`), or one of :data:`PLAYERS` that the
application adds.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Callable, Optional, Sequence

import typer

from machiavelli.core import registry
from machiavelli.core.errors import SetupError

from machiavelli.app import display
from machiavelli.core import glossary
from machiavelli.core.i18n import NP_, N_, _, format_list, ngettext
from ..options import JsonOpt, SetOpt, fail, handles_errors, print_json
from machiavelli.core.i18n import join_values

if TYPE_CHECKING:  # the engine is imported when a game is played, not to start the program
    from machiavelli.core.bots import Bot
    from machiavelli.core.game import GameState as Game
    from machiavelli.core.present import GameScreen, Presentation
    from machiavelli.core.records import Seat

    from ..human import Session

#: Players the application provides beside the kernel's bots and people:
#: name -> factory(game, seat, seed).
PLAYERS: dict[str, Callable[[Game, int, int], Bot]] = {}
HUMAN = "human"
#: Computer players a person meets when no --seat is given, best first.
PREFERRED_COMPUTERS = ("solver", "greedy", "random")
#: Seats when nothing is said: one person and two computer players.
DEFAULT_PLAYERS = 3

SeatOpt = Annotated[
    Optional[list[str]],
    typer.Option("--seat", help=N_("Who plays a seat: human (a person at this terminal; several take turns) or a "
                 "computer player such as random. One per seat, in turn order; a single --seat fills every seat "
                 "(default: you against two computer players at the level --level chose: club, unless you chose another).")),
]


def register(app: typer.Typer) -> None:
    # TRANSLATORS: "help" is the command typed at the table: write your language's word for it.
    app.command("play", help=N_(
        "Play a game: you against computer players, friends at one terminal (several --seat human), or "
        "computer players alone.\n\n"
        "With no options: you against two computer players on bga. At the table, type help for the commands; "
        "commands may also come from standard input, one per line (machiavelli play --seed 3 < moves.txt). "
        "The record can be replayed with `machiavelli replay`."))(play)
    app.command("replay", help=N_(
        "Re-execute a game record; print the final state and the result.\n\n"
        "With --json: the result (the winners and why the game ended, or null while it goes on), the hands, "
        "the table, the deck and more; seats count from 0."))(replay)


def seat_text(player: str, kind: str, game: str) -> str:
    """``Player 2 (club player)``: a seat and who plays it, in the user's language."""
    # TRANSLATORS: a seat and its kind of player: "Player 2 (club player)", "Player 1 (person)";
    # {player} is the player's name, {kind} the kind of player.
    return _("{player} ({kind})", player=player, kind=registry.player_label(kind, game))


def best_computer(game: str = registry.DEFAULT_GAME) -> str:
    """The strongest computer player available for ``game``."""
    found = registry.bots(game)
    preferred = registry.game(game).preferred_bots or PREFERRED_COMPUTERS
    return next((name for name in preferred if name in found), sorted(found)[0])


def levels(game: str) -> list[str]:
    """The computer players a person may choose among for ``game``, weakest first."""
    found = registry.bots(game)
    definition = registry.game(game)
    offered = definition.levels or tuple(reversed(definition.preferred_bots or PREFERRED_COMPUTERS))
    return [name for name in offered if name in found]


def fair_computer(game: str) -> str:
    """The computer player seated when nobody chose: the game's fair one
    (a newcomer can beat it sometimes), else the strongest."""
    fair = registry.game(game).fair_bot
    return fair if fair is not None and fair in registry.bots(game) else best_computer(game)


def opponents(game: str, level: str | None, ask: bool) -> str:
    """Who plays the computer seats when no --seat is given: ``level``
    (``--level``, remembered), else the remembered choice, else at a
    terminal the person's answer (remembered), else the fair default."""
    from machiavelli.core import config

    key = f"opponents-{game}"
    if level is not None:
        _check_names([level], game)
        config.remember(key, level)
        return level
    remembered = config.get(key)
    if remembered is not None and remembered in registry.bots(game):
        return remembered
    if ask and len(levels(game)) > 1:
        chosen = ask_level(game)
        config.remember(key, chosen)
        return chosen
    return fair_computer(game)


def ask_level(game: str) -> str:
    """Ask the person at the terminal, once, how strong the computer players are."""
    from machiavelli.core.terminal import printable

    offered, fair = levels(game), fair_computer(game)
    default = offered.index(fair) + 1 if fair in offered else len(offered)
    # TRANSLATORS: Play at the terminal, asked once before the first game.
    typer.echo(_("How strong should the computer players be?"))
    for k, name in enumerate(offered, 1):
        label = registry.player_label(name, game)
        if k == default:
            # TRANSLATORS: Play at the terminal: the level seated when nobody chooses; {level} is its name.
            label = _("{level} (the default: a newcomer can win now and then)", level=label)
        typer.echo(f"  {k}. {label}")
    while True:
        # TRANSLATORS: Play at the terminal; {last} and {default} are numbers.
        prompt = _("Type 1 to {last} (Enter: {default}; change it later with --level): ", last=len(offered),
                   default=default)
        try:
            answer = input(printable(prompt, visible=True)).strip()
        except EOFError:
            typer.echo()
            return offered[default - 1]
        if not answer:
            return offered[default - 1]
        if answer.isdigit() and 1 <= int(answer) <= len(offered):
            return offered[int(answer) - 1]
        if answer in offered:
            return answer
        # TRANSLATORS: Play at the terminal: an answer to the level question that is none of the choices.
        typer.echo(_("Not one of the choices."))


def _seat_names(seats: list[str] | None, players: int | None, variant_max: int, variant_min: int,
                game: str = registry.DEFAULT_GAME, computer: Callable[[], str] | None = None) -> list[str]:
    count = players if players is not None else max(variant_min, min(DEFAULT_PLAYERS, variant_max))
    if not seats:
        return [HUMAN] + [(computer or (lambda: fair_computer(game)))()] * (count - 1)
    if len(seats) == 1:  # a single --seat fills every seat
        return seats * count
    if players is not None and players != len(seats):
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {players} is a
        # number of players, {seats} is seat numbers, listed.
        raise fail(_("{players} players but {seats} seats: give one --seat per player, or a single --seat.",
                     players=players, seats=len(seats)))
    return list(seats)


def _make_players(names: list[str], game: Game) -> list[Bot]:
    from machiavelli.core.bots import bot_seed, make_bot

    out = []
    for seat, name in enumerate(names):
        seed = bot_seed(game.seed, seat)
        if name in PLAYERS:
            out.append(PLAYERS[name](game, seat, seed))
        else:
            out.append(make_bot(name, seed, game.variant.game))
    return out


def _check_names(names: list[str], game: str = registry.DEFAULT_GAME) -> None:
    bots = registry.bots(game)
    for name in names:
        if name not in bots and name not in PLAYERS and name != HUMAN:
            raise SetupError("unknown-player", player=name, available=join_values(sorted({*bots, *PLAYERS})))


BidiOpt = Annotated[
    str,
    typer.Option("--bidi", help=N_("logical (default) or visual: reorder right-to-left text, every line of the "
                 "table, its questions and prompts, for terminals without bidi support. Visual order is for a "
                 "terminal only: when the output is a pipe or a file it stays logical, and a note says so.")),
]


@handles_errors
def play(
    variant_name: Annotated[Optional[str], typer.Option("--variant", "-V", help=N_(
        "A shipped variant's name or a YAML file, with house rules if you like: \"bga(hand_size=13, aces=wrap)\" "
        "(default: bga)."))] = None,
    overrides: SetOpt = None,
    seats: SeatOpt = None,
    players: Annotated[Optional[int], typer.Option(
        "--players", "-p", help=N_(
            "Number of players (default 3: you and two computer players; a variant for more, such as "
            "cicera, seats as many as it needs)."))] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help=N_("Seed of the shuffle: the same seed deals the same game."))] = None,
    record: Annotated[Optional[Path], typer.Option(
        "--record", help=N_("Write the game record to this file (games with people: also when they leave; "
        "default: a new file in the data directory when the game ends)."))] = None,
    load: Annotated[Optional[Path], typer.Option("--load", help=N_("Continue a saved game or match (its record is updated; a match keeps its deals and target unless "
                                               "--deals or --target says otherwise)."))] = None,
    force: Annotated[bool, typer.Option("--force", help=N_("Replace the --record file even if it holds another game."))] = False,
    moves: Annotated[bool, typer.Option(
        "--moves", help=N_("Print every action as it is played (games between computer players)."))] = False,
    lang: display.LangOpt = None,
    ascii_cards: display.AsciiOpt = False,
    cards: display.CardsOpt = None,
    bidi: BidiOpt = "logical",
    as_json: JsonOpt = False,
    deals: Annotated[Optional[int], typer.Option(
        "--deals", min=1, max=500, help=N_("Play a match of this many deals, scored by the variant's scoring, "
                                           "the deal passing on; a score sheet after each deal."))] = None,
    target: Annotated[Optional[int], typer.Option(
        "--target", min=1, max=100_000, help=N_("Play deals until a player's total reaches this many points."))] = None,
    level: Annotated[Optional[str], typer.Option(
        "--level", help=N_("The computer players you meet when no --seat is given (Machiavelli: beginner, casual, "
                           "club or expert; default club, or what you chose before). Remembered for the next "
                           "games."))] = None,
) -> None:
    """Play a game (help text: see :func:`register`)."""
    from machiavelli.core.seeds import new_seed

    from machiavelli.core.bots import play_out
    from machiavelli.core.records import GameRecord, Seat
    from machiavelli.core.terminal import printable

    from machiavelli.core.present import player_name

    from .. import library
    from ..presented import presentation_of, style, use_wording_of
    from ..saves import check_writable, named, read_record, write_record

    if lang is not None:
        display.apply(lang)
    if ascii_cards:
        glossary.set_ascii(True)
    display.apply_cards(cards)
    if bidi not in ("logical", "visual"):
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {name} is what was
        # typed.
        raise fail(_("--bidi must be logical or visual, not {name}", name=bidi))
    earlier: list[Game] = []
    loaded_match = False
    #: The deal to play (None: a loaded match whose last deal is over).
    game: Any
    if load is not None:
        from .. import match

        if variant_name or overrides or seed is not None or players is not None:
            raise fail(_("A loaded game keeps its own variant, seed and players: drop --variant, --set, --seed and --players."))
        if level is not None:
            # TRANSLATORS: Play in the terminal (a mistake in its options).
            raise fail(_("A loaded game keeps its own players: drop --level (or choose a seat's player with --seat)."))
        if match.is_file(load):
            # A match goes on where it was left: its finished deals are
            # scored again, an unfinished last deal is played on.
            loaded_match = True
            with named(load):
                loaded, saved_deals, saved_target = match.read(load)
                earlier = [r.replay() for r in loaded]
            deals = deals if deals is not None else saved_deals
            target = target if target is not None else saved_target
            saved = loaded[-1]
            game = earlier.pop() if earlier[-1].outcome is None else None
            match_seed = loaded[0].seed
        else:
            if deals is not None or target is not None:
                raise fail(_("A match cannot be continued from a saved game: start it again with --deals or --target."))
            saved = read_record(load)
            with named(load):
                game = saved.replay()
            match_seed = game.seed
        names = [s.player for s in saved.seats]
        if seats:
            if len(seats) not in (1, len(names)):
                raise fail(_("{players} players but {seats} seats: give one --seat per player, or a single --seat.",
                             players=len(names), seats=len(seats)))
            names = seats * len(names) if len(seats) == 1 else list(seats)
        record = record or load
    else:
        variant = library.load_variant(variant_name or "bga", overrides or [])
        if deals is None and target is None:
            # A game played to a target (Carousel's 150, Finagle's 200): a match by default.
            target = getattr(variant, "match_target", None)
        if level is not None and seats:
            raise fail(_("--level chooses the computer players when no --seat is given: drop one of them."))
        # Only a person at a terminal is asked: a script's input is its moves.
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        names = _seat_names(seats, players, variant.players.max, variant.players.min, variant.game,
                            lambda: opponents(variant.game, level, interactive))
        _check_names(names, variant.game)
        game = registry.game(variant.game).new_game(variant, len(names),
                                                     seed if seed is not None else new_seed())
        saved = None
        match_seed = game.seed
    shown_game = game if game is not None else earlier[-1]
    _check_names(names, shown_game.variant.game)
    from .. import costs

    try:  # before a move is asked of any computer: a game too costly is refused in one line
        costs.check(shown_game.variant, names)
    except costs.TooCostly as exc:
        raise fail(costs.refusal(exc)) from None
    people = HUMAN in names
    if people and as_json:
        raise fail(_("--json is for games between computer players only."))
    seat_list = [Seat(n, saved.seats[k].name if saved is not None and k < len(saved.seats) else None)
                 for k, n in enumerate(names)]
    if record is not None and not loaded_match:
        check_writable(record, saved, force=force)
    present = presentation_of(shown_game.variant.game)
    use_wording_of(shown_game.variant)  # a tile game's screens speak of tiles
    shown = [seat_text(player_name(s), n, shown_game.variant.game) for s, n in enumerate(names)]
    intro = []
    if not as_json:
        # The seed deals every hand: said when the person chose it (--seed)
        # or nobody at this terminal has cards to hide, never to people
        # sharing a terminal who would learn each other's hands from it.
        if seed is not None or not people:
            # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {variant} is
            # a variant's name (bga), {seed} is a game's number, the seed of its shuffle, {players} is
            # the seats, listed: 'Player 1 (person), Player 2 (…)'.
            intro.append(_("{variant}, seed {seed}: {players}.", variant=printable(shown_game.variant.name),
                           seed=shown_game.seed, players=format_list(shown)))
        else:
            # TRANSLATORS: Play in the terminal, a game with people (its seed is kept secret); {variant} is
            # a variant's name (bga), {players} is the seats, listed: 'Player 1 (person), Player 2 (…)'.
            intro.append(_("{variant}: {players}.", variant=printable(shown_game.variant.name),
                           players=format_list(shown)))
        # A dealer is not part of the GameState protocol: named only for a game that has one.
        dealer = getattr(game, "dealer", None) if saved is None else None
        if isinstance(dealer, int):
            # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {dealer} is a
            # player's name, {first} is a player's name.
            intro.append(_("{dealer} deals; {first} starts.", dealer=player_name(dealer),
                           first=player_name(game.first)))
        elif saved is None:
            # TRANSLATORS: Play in the terminal, a game without a dealer; {first} is a player's name.
            intro.append(_("{first} starts.", first=player_name(game.first)))
    visual = bidi == "visual"
    if deals is not None or target is not None or loaded_match:
        if not _screen(present, False).matches:
            # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {game} is a game's
            # name (cicera).
            raise fail(_("--deals and --target score Machiavelli deals; {game} is played one deal at a time.",
                         game=shown_game.variant.game))
        status = _play_match(game, names, seat_list, present, deals, target, record, force, moves, as_json,
                             visual, intro, earlier=earlier, first_seed=match_seed)
        if status:
            raise typer.Exit(status)
        return
    if people:
        status = _play_with_people(game, names, seat_list, present, record, force, visual, loaded=load,
                                   intro=intro)
        if status:
            raise typer.Exit(status)
        return
    echo: Callable[[str], None] = typer.echo
    if visual and not as_json:
        # Computer players alone: their moves and the summary in visual order too.
        screen = _screen(present, True)
        screen.visual_notice()
        echo = lambda line: screen.say(line, whole=True)  # noqa: E731
    for line in intro:
        echo(line)
    drivers = _make_players(names, game)
    look = style([s.name for s in seat_list])

    def show(entry: Any) -> None:
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {turn} is a turn's
        # number, {text} is what happened, a sentence.
        echo(_("Turn {turn}: {text}", turn=entry.turn, text=present.narrate(entry, game.variant, look)))

    try:
        if game.outcome is None:
            play_out(game, drivers, on_entry=show if moves and not as_json else None, steady=True, names=names)
    finally:
        if record is not None:
            write_record(record, GameRecord.of(game, seat_list), force=force)
    if as_json:
        print_json(game.state())
        return
    for line in present.summary(game, look):
        echo(line)
    if record is not None:
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {file} is a file's
        # path.
        echo(_("Record written to {file}.", file=str(record)))


def _play_match(first: Game | None, names: list[str], seats: list[Seat], present: Presentation,
                deals: int | None, target: int | None, record: Path | None, force: bool, moves: bool,
                as_json: bool, visual: bool, intro: list[str], earlier: Sequence[Game] = (),
                first_seed: int | None = None) -> int:
    """Deals until the match is over (see :mod:`machiavelli.app.match`); the
    exit status. ``earlier``: the finished deals of a loaded match; ``first``:
    the deal to play now (a new one, or a loaded unfinished one), or None to
    deal the next one."""
    from machiavelli.core.bots import play_out
    from machiavelli.core.errors import MachiavelliError
    from machiavelli.core.present import player_name
    from machiavelli.core.reasons import describe
    from machiavelli.core.records import GameRecord

    from .. import match
    from ..presented import style

    screen = _screen(present, visual and not as_json)
    echo: Callable[[str], None] = typer.echo
    if screen.visual:
        echo = lambda line: screen.say(line, whole=True)  # noqa: E731
    if not as_json:
        for line in intro:
            echo(line)
    some = first if first is not None else earlier[-1]
    variant, players = some.variant, some.players
    seed = first_seed if first_seed is not None else some.seed
    definition = registry.game(variant.game)
    look = style([s.name for s in seats])
    sheet = match.sheet_for(variant, players)
    games: list[Game] = list(earlier)
    records = [GameRecord.of(g, seats) for g in games]
    for done in games:
        sheet.add(done)
    if games and not as_json:
        for line in sheet.lines(player_name):
            echo(line)

    def save(path: Path, current: GameRecord | None = None, *, force: bool = False) -> None:
        match.save(path, [*records, *([current] if current is not None else [])], deals, target, force=force)

    game = first
    while not sheet.over(deals, target):
        if game is None:
            game = definition.new_game(variant, players, match.deal_seed(seed, len(games)),
                                       dealer=match.next_dealer(games[-1]))  # type: ignore[call-arg]
            if not as_json:
                # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {deal} is a deal's
                # number, {dealer} is a player's name, {first} is a player's name.
                echo(_("Deal {deal}: {dealer} deals; {first} starts.", deal=len(games) + 1,
                       dealer=player_name(getattr(game, "dealer", 0)), first=player_name(game.first)))
        if HUMAN in names:
            # The people's session saves the whole match, this deal as it stands last.
            session = _session(game, names, seats, present, record, force, visual, write=save)
            session.heading = _match_heading(len(games) + 1, deals, target, sheet)
            # The deal's result and the score sheet are said under its final screen.
            session.below_final = 2 + players + 1
            status = session.run(_drivers(session, game, names))
            if record is None:
                record = session.saved_in
            if game.outcome is None:
                return status
        else:
            told = game

            def show(entry: Any) -> None:
                echo(_("Turn {turn}: {text}", turn=entry.turn, text=present.narrate(entry, told.variant, look)))

            play_out(game, _make_players(names, game), on_entry=show if moves and not as_json else None,
                     steady=True, names=names)
        games.append(game)
        records.append(GameRecord.of(game, seats))
        sheet.add(game)
        game = None
        if not as_json:
            echo(screen.outcome(games[-1], seats))
            for line in sheet.lines(player_name):
                echo(line)
        if record is not None:
            try:
                save(record, force=force)
            except MachiavelliError as exc:
                raise fail(describe(exc), code=1) from None
        if HUMAN in names and not as_json and not sheet.over(deals, target) and not _next_deal(session, len(games) + 1):
            # Left between two deals: every finished deal is in the record.
            if record is not None:
                session.saved_message(record)
            return 0
    if as_json:
        print_json({"deals": [g.state() for g in games], "sheet": sheet.as_dict()})
        return 0
    leaders = sheet.leaders()
    # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {n} is a number.
    echo(ngettext("The match is over after {n} deal.", "The match is over after {n} deals.", len(games)))
    # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {players} is the
    # winners' names, listed, {points} is a number of points.
    echo(ngettext("Winner: {players}, with a total of {points}.", "Joint winners: {players}, with a total of {points}.",
                  len(leaders), players=format_list(player_name(s) for s in leaders),
                  points=sheet.totals()[leaders[0]]))
    if record is not None:
        echo(_("Record written to {file}.", file=str(record)))
    return 0


def _match_heading(deal: int, deals: int | None, target: int | None, sheet: Any) -> str:
    """The line over a match's screens: the deal and the running score."""
    from machiavelli.core.present import player_name

    totals = sheet.totals()
    scores = ", ".join(f"{player_name(s)} {totals[s]}" for s in range(sheet.players))
    if deals is not None:
        # TRANSLATORS: A match at the terminal, over the table; {deal} and {deals} are numbers, {scores}
        # is each player's name and total points, listed.
        return _("Deal {deal} of {deals}. Score: {scores}", deal=deal, deals=deals, scores=scores)
    # TRANSLATORS: A match at the terminal, over the table; {deal} and {target} are numbers, {scores} is
    # each player's name and total points, listed.
    return _("Deal {deal}, to {target} points. Score: {scores}", deal=deal, target=target, scores=scores)


def _next_deal(session: "Session", deal: int) -> bool:
    """Between two deals at a terminal, wait for the person (the deal's
    result stays in view, and a line typed after going out is not taken
    as a move of the next deal); False: they leave the match here."""
    from machiavelli.core.present import table_word
    from machiavelli.core.words import fold

    if not session.terminal.interactive:
        return True
    # TRANSLATORS: A match at the terminal, after a deal; {deal} is the next deal's number, {quit} is the
    # quit command's word.
    answer = session.terminal.ask(_("Press Enter for deal {deal} (or type {quit} to leave the match): ",
                                    deal=deal, quit=table_word("quit")))
    if answer is None:
        return False
    typed = fold(answer.strip())
    return typed not in ("quit", "q", fold(table_word("quit")))


def _play_with_people(game: Game, names: list[str], seats: list[Seat], present: Presentation,
                      record: Path | None, force: bool, visual: bool, loaded: Path | None = None,
                      intro: Sequence[str] = ()) -> int:
    """A session at this terminal (or from standard input); the exit status."""
    session = _session(game, names, seats, present, record, force, visual, loaded=loaded, intro=intro)
    return session.run(_drivers(session, game, names))


def _session(game: Game, names: list[str], seats: list[Seat], present: Presentation, record: Path | None,
             force: bool, visual: bool, *, loaded: Path | None = None, intro: Sequence[str] = (),
             write: Callable[..., None] | None = None) -> "Session":
    from ..human import Session, Terminal
    from ..saves import write_record

    screen = _screen(present, visual)
    screen.visual_notice()
    for line in intro:  # through the screen: in visual order too
        screen.say(line, whole=True)
    return Session(game, seats, present, screen, Terminal(sys.stdin, screen), record=record, force=force,
                   loaded=loaded, write=write or write_record)


def _drivers(session: "Session", game: Game, names: list[str]) -> list[Bot]:
    """Who moves for each seat: the people through the session, the others as named."""
    from machiavelli.core.bots import bot_seed, make_bot

    drivers: list[Bot] = []
    for seat, name in enumerate(names):
        if name == HUMAN:
            drivers.append(session.player(seat))
        elif name in PLAYERS:
            drivers.append(PLAYERS[name](game, seat, bot_seed(game.seed, seat)))
        else:
            drivers.append(make_bot(name, bot_seed(game.seed, seat), game.variant.game))
    return drivers


def _screen(present: Presentation, visual: bool) -> "GameScreen":
    """The game's terminal screens on standard output (``visual``:
    right-to-left lines reordered): its own, else the default screens."""
    from rich.console import Console

    from ..screen import screen_of

    console = Console(file=sys.stdout, highlight=False, emoji=False, markup=False, soft_wrap=False)
    return screen_of(present, console, visual)


@handles_errors
def replay(
    file: Annotated[Path, typer.Argument(metavar=NP_("argument", "RECORD"), help=N_("A game record written by `machiavelli play --record`."))],
    moves: Annotated[bool, typer.Option("--moves", help=N_("Print every action of the game."))] = False,
    as_json: JsonOpt = False,
) -> None:
    """Re-execute a game record (help text: see :func:`register`).

    JSON: {"result": {"winners": [...], "reason": ...} or null, "hands": [...],
    "table": [...], "deck": [...], ...}; seats count from 0.
    """
    from machiavelli.core.present import player_name
    from machiavelli.core.terminal import printable

    from ..presented import presentation_of, replay_text, use_wording_of
    from ..saves import named, read_record

    from .. import match

    if match.is_file(file):
        _replay_match(file, moves, as_json)
        return
    saved = read_record(file)
    with named(file):
        game = saved.replay()
    if as_json:
        # Every game's record says which game it is, whatever its state() holds.
        state = {"game": game.variant.game, **game.state()}
        state["seats"] = [s.as_dict() for s in saved.seats]
        state["actions"] = len(saved.actions)
        print_json(state)
        return
    present = presentation_of(game.variant.game)
    use_wording_of(game.variant)
    # A shared record is a stranger's text: its names reach the terminal
    # without control characters (player_name cleans the seats' names).
    names = [s.name for s in saved.seats]
    shown = [seat_text(player_name(s, names), printable(seat.player), game.variant.game)
             for s, seat in enumerate(saved.seats)]
    typer.echo(_("{variant}, seed {seed}: {players}.", variant=printable(game.variant.name), seed=game.seed,
                 players=format_list(shown)))
    # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {n} is a number.
    replayed = ngettext("{n} action replayed.", "{n} actions replayed.", len(saved.actions))
    replay_text(game, present, names, moves, typer.echo, replayed)


def _replay_match(file: Path, moves: bool, as_json: bool) -> None:
    """Replay every deal of a match record and work its score sheet out again."""
    from machiavelli.core.present import player_name

    from .. import match
    from ..presented import presentation_of, style, use_wording_of
    from ..saves import named

    with named(file):
        records, deals, target = match.read(file)
        games = [r.replay() for r in records]
    sheet = match.sheet_of(games)
    if as_json:
        print_json({"deals": [{"game": g.variant.game, **g.state(), "seats": [s.as_dict() for s in r.seats], "actions": len(r.actions)}
                              for g, r in zip(games, records)],
                    "deals_planned": deals, "target": target, "sheet": sheet.as_dict()})
        return
    seats = list(records[0].seats)
    names = [s.name for s in seats]
    present = presentation_of(games[0].variant.game)
    use_wording_of(games[0].variant)
    look, screen = style(names), _screen(present, False)
    for k, game in enumerate(games, 1):
        typer.echo(_("Deal {deal}: {dealer} deals; {first} starts.", deal=k,
                     dealer=player_name(getattr(game, "dealer", 0), names), first=player_name(game.first, names)))
        if moves:
            for entry in game.log:
                typer.echo(_("Turn {turn}: {text}", turn=entry.turn, text=present.narrate(entry, game.variant, look)))
        if game.outcome is not None:
            typer.echo(screen.outcome(game, seats))
    partial = match.Sheet(sheet.scoring, sheet.players, winner=sheet.winner)
    for deal in sheet.deals:
        partial.deals.append(deal)
    for line in partial.lines(lambda s: player_name(s, names)):
        typer.echo(line)
