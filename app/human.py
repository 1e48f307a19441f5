"""People at the terminal, in every game: the one loop of the session
(input, screen, saving, hot seat) and the driver of each human seat. All
it knows of a game comes through the game's
:class:`~machiavelli.core.present.Presentation`: its screens (the
``screen`` hook, else :mod:`.screen`'s default screens), how a line is
read, why an action is refused, its hint, hand orders and rules.

A :class:`HumanPlayer` is driven by :func:`machiavelli.core.bots.play_out` like any
computer player: ``choose(view)`` reads lines until one is an action of the
game (looking, sorting, hints, rules, saving and help are answered on the
way; a line that may mean several actions is answered with a numbered
list, and the next line picks one), and ``rejected(error)`` says why the
rules refused one; nothing changes.

Input comes from a person at a terminal or from a pipe. From a pipe
nothing ever waits for an answer: each command is echoed after the prompt
so that the output reads as a transcript, the end of the input ends the
session, ``quit`` saves only where it is told to, and several human seats
need no confirmation between turns.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence, TextIO

from rich.text import Text

from machiavelli.core.bots import Bot, play_out
from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError, RecordError
from machiavelli.core.files import os_why
from machiavelli.core.places import data_folder
from machiavelli.core.seeds import LEGACY_BELOW
from machiavelli.core.present import MAX_SINCE, GameScreen, Presentation, player_name, table_word
from machiavelli.core.records import GameRecord, Seat

if TYPE_CHECKING:
    from machiavelli.core.actions import Action
    from machiavelli.core.game import GameState
from machiavelli.core.terminal import echoed

from machiavelli.app import library
from machiavelli.core.i18n import NP_, _, ngettext, pgettext
from machiavelli.core.reasons import describe
from machiavelli.core.words import fold
from .presented import explain, read_typed, style
from .saves import write_record
from .screen import DefaultScreen

YES, NO = NP_("answer", "yes"), NP_("answer", "no")
# TRANSLATORS: The table: typed after the hint command ("hint all") to see the whole play at once.
HINT_ALL = NP_("hint", "all")


class EndOfInput(Exception):
    """The input ended: a pipe ran dry, or Ctrl-D at the terminal."""


class Quit(Exception):
    """The player left the game; ``status`` is the exit status (1: moves left unsaved)."""

    def __init__(self, status: int = 0) -> None:
        super().__init__(status)
        self.status = status


def data_dir() -> Path:
    """Where the program keeps what the player did not name a file for."""
    return data_folder()


#: Who sits in a seat when a person plays it.
HUMAN = "human"
# TRANSLATORS: The table in the terminal: "undo" typed in a game whose moves cannot be taken back.
NO_UNDO = NP_("command", "undo")


class Terminal:
    """Lines typed by a person, or read from a pipe and echoed."""

    def __init__(self, stream: TextIO | None, screen: GameScreen, interactive: bool | None = None) -> None:
        self.stream = stream
        self.screen = screen
        if interactive is None:
            try:
                interactive = stream is not None and stream.isatty()
            except (AttributeError, ValueError):
                interactive = False
        self.interactive = interactive
        if interactive:
            try:
                import readline  # noqa: F401 - line editing and history for input()
            except ImportError:
                pass

    def ask(self, prompt: str) -> str | None:
        """The next line without its end, or None at the end of the input."""
        prompt = self.screen.prompt(prompt)
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self.screen.console.print()
                return None
        self.screen.console.print(Text(prompt), end="")
        line = self.stream.readline() if self.stream is not None else ""
        if not line:
            self.screen.console.print()
            return None
        line = line.rstrip("\r\n")
        # The transcript shows what was typed, but never a control sequence.
        self.screen.console.print(Text(echoed(line)))
        return line


class Session:
    """One sitting at the table: the game and how it is presented, who
    plays, the screen, the input and where the game is saved."""

    def __init__(self, game: GameState, seats: Sequence[Seat], present: Presentation, screen: GameScreen,
                 terminal: Terminal, *, record: Path | None = None, force: bool = False,
                 loaded: Path | None = None, write: Callable[..., None] = write_record) -> None:
        self.game = game
        self.seats = list(seats)
        self.present = present
        self.screen = screen
        if isinstance(screen, DefaultScreen):
            screen.variant = game.variant
        self.terminal = terminal
        #: How the game's texts name the seats.
        self.style = style([s.name for s in self.seats])
        #: The file named on the command line (--record or --load), if any.
        self.record = record
        self.force = force
        #: How the record is written: ``write(path, record, force=...)`` (a
        #: match writes its earlier deals around it).
        self.write = write
        self._default: Path | None = None
        #: Where the game was last saved (or loaded from), and how many actions it then had.
        self.saved_in: Path | None = loaded
        self._saved_actions = len(game.log)
        self.orders: dict[int, str] = {}
        self._fresh: set[int] = set()
        self._history_turn: dict[int, int] = {}
        self._shown_to: int | None = None
        #: Each seat's news: the part of the log (from, to) told on its latest screen.
        self._news: dict[int, tuple[int, int]] = {}
        #: How much of the hint was told at a point of the game: {(seat, log length): times asked}.
        self.hints_given: dict[tuple[int, int], int] = {}
        #: A line over every screen (a match: the deal and the running score).
        self.heading: str | None = None
        #: Rows kept under the final screen for what is said after it (a
        #: match's result and score sheet), so that the screen's top stays in view.
        self.below_final = 0

    @property
    def humans(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if seat.player == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Several people share the terminal: hands are hidden between turns."""
        return len(self.humans) > 1 and self.terminal.interactive

    def player(self, seat: int) -> "HumanPlayer":
        return HumanPlayer(self, seat)

    def view(self, seat: int) -> Any:
        """What ``seat`` may see: everything drawn for it comes from here."""
        return self.game.view(seat)

    # -- the screen ----------------------------------------------------------------

    def on_entry(self, entry: Any) -> None:
        self._fresh.clear()
        if entry.ends_turn:
            if self.hot_seat and self.seats[entry.seat].player == HUMAN:
                self.screen.clear()
                self._shown_to = None

    def news(self, seat: int) -> list[Any]:
        """The log entries told on the seat's latest screen."""
        begin, end = self._news.get(seat, (len(self.game.log), len(self.game.log)))
        return list(self.game.log[begin:end])

    def _take_news(self, seat: int) -> None:
        """What happened since the seat's latest screen becomes its news.
        The first time (a new or a loaded game): since the seat's last move,
        that move told too, and never more than the last moves a screen tells."""
        log = self.game.log
        told = self._news.get(seat)
        if told is not None and told[1] == len(log):
            return
        if told is not None:
            begin = told[1]
        else:
            mine = [k for k, entry in enumerate(log) if entry.seat == seat]
            begin = max(mine[-1] if mine else 0, len(log) - MAX_SINCE)
        self._news[seat] = (begin, len(log))

    def refresh(self, seat: int, history: bool = False) -> None:
        """Draw the screen again before the next prompt."""
        self._fresh.discard(seat)
        if history:
            self._history_turn.pop(seat, None)

    def prepare(self, seat: int) -> None:
        """Before a prompt: the hot-seat screen if the terminal changes hands,
        the table again if anything changed."""
        view = self.view(seat)
        if self.hot_seat and self._shown_to != seat:
            self.screen.waiting(view, self.seats)
            if self.terminal.ask("") is None:
                raise EndOfInput
            self._fresh.discard(seat)
        self._shown_to = seat
        if seat in self._fresh:
            return
        if self.terminal.interactive:
            self.screen.clear()
        self._take_news(seat)
        history = self._history_turn.get(seat) != view.turn
        order = self.orders.get(seat, self.present.orders.names[0] if self.present.orders is not None else None)
        if self.heading:
            self.screen.say(self.heading, "bold")
        with fewer_rows(self.screen, 1 if self.heading else 0):
            self.screen.turn(view, self.seats, order, self.news(seat), history=history)
        self._history_turn[seat] = view.turn
        self._fresh.add(seat)

    def prompt(self, seat: int) -> str:
        if len(self.humans) > 1:
            return f"{player_name(seat, [s.name for s in self.seats])} > "
        return "> "

    def paged(self, draw: Callable[[], None]) -> None:
        """Draw a long text (help, rules, the whole table) a page at a time
        when a person reads it at a terminal, so that its start does not
        scroll away; a pipe gets it whole."""
        console = self.screen.console
        if not (self.terminal.interactive and console.is_terminal):
            draw()
            return
        with console.capture() as captured:
            draw()
        rows = captured.get().rstrip("\n").split("\n")
        page = max(3, console.height - 1)  # the prompt's line
        while rows:
            console.file.write("\n".join(rows[:page]) + "\n")
            console.file.flush()
            rows = rows[page:]
            if not rows:
                return
            # TRANSLATORS: The table in the terminal: under a page of a long text (help, rules).
            answer = self.terminal.ask(_("-- more: Enter for the next page, q to stop --"))
            if answer is None or fold(answer.strip()) in ("q", fold(table_word("quit"))):
                return

    def pin(self, seat: int, lines: Sequence[str]) -> None:
        """Show ``lines`` under the screen, once (a hint): the next screen
        drawn leaves them out (``hint`` shows them again)."""
        self.screen.lines(lines, "cyan")

    # -- saving ------------------------------------------------------------------------

    def default_path(self) -> Path:
        """A new file for this game in the data directory (chosen once)."""
        if self._default is None:
            stamp = time.strftime("%Y-%m-%d-%H%M%S")
            # Named by the seed only when it is small (chosen with --seed, so known
            # already): the path is said on screen, and the seed deals every hand.
            seed = self.game.seed
            shown = f"-{seed}" if seed < LEGACY_BELOW else ""
            base = data_dir() / "games" / f"{stamp}-{self.game.variant.name}{shown}"
            path, k = base.with_name(base.name + ".json"), 1
            while path.exists():
                k += 1
                path = base.with_name(f"{base.name}-{k}.json")
            self._default = path
        return self._default

    def _ask_to_replace(self, path: Path) -> bool:
        """Saving onto a file that holds something else: the person decides."""
        yes, no = pgettext("answer", YES), pgettext("answer", NO)
        # TRANSLATORS: The table in the terminal: a question to the person playing; {file} is a file's
        # path, {yes} and {no} the words for yes and no.
        answer = self.terminal.ask(_("{file} exists and holds something else. Replace it? ({yes}/{no}) ",
                                     file=str(path), yes=yes, no=no))
        if answer is None:
            raise EndOfInput
        if fold(answer.strip()) in {fold(yes), fold(yes)[:1], "y", "yes"}:
            return self.save(path, replace=True)
        # TRANSLATORS: The table in the terminal: the person chose not to replace a file; {file} is a file's
        # path.
        self.screen.say(_("Not saved: {file} is left as it was.", file=str(path)))
        return False

    @property
    def unsaved(self) -> bool:
        """Whether people played since the game was last saved (or loaded,
        or dealt). The computer players' moves alone are not counted: the
        seed deals the game again and they play it the same way."""
        return any(self.seats[e.seat].player == "human" for e in self.game.log[self._saved_actions:])

    def save(self, path: Path, *, replace: bool = False) -> bool:
        """Write the record so far; say why not if it cannot be written.
        At a terminal a file that holds something else is replaced only if
        the person says so (``replace``: already said)."""
        try:
            if path == self._default:
                path.parent.mkdir(parents=True, exist_ok=True)
            force = replace or (self.force and path == self.record)
            self.write(path, GameRecord.of(self.game, self.seats), force=force)
        except RecordError as exc:
            if exc.code != "file-exists":
                self.screen.error(describe(exc))
                return False
            if self.terminal.interactive and not replace:
                return self._ask_to_replace(path)
            # At the table there is no --force: the way out is another name.
            # TRANSLATORS: The table: saving onto a file that holds another game; {file} is a file's path,
            # {save} is the save command's word.
            self.screen.error(_("{file} exists and holds something else: save under another name ({save} FILE).",
                                file=str(path), save=table_word("save")))
            return False
        except OSError as exc:
            self.screen.error(describe(MachiavelliError("cannot-write", file=str(path), detail=exc.strerror or "",
                                                        why=os_why(exc, writing=True))))
            return False
        except MachiavelliError as exc:
            self.screen.error(describe(exc))
            return False
        self.saved_in, self._saved_actions = path, len(self.game.log)
        return True

    def where_to_save(self) -> Path | None:
        """Where leaving saves without being told: at a terminal where the
        person last saved, else the file of the command line, else a new
        file; a script's game only where the command line said."""
        if self.terminal.interactive:
            # Where the person last saved comes first: offering another file
            # would write the game twice, one of them out of date.
            return self.saved_in or self.record or self.default_path()
        return self.record

    def unsaved_report(self, not_saved: str) -> int:
        """Say what leaving without saving now loses; the exit status: 1
        when actions are lost, else 0. ``not_saved`` is the sentence for a
        game never saved."""
        if self.saved_in is not None and not self.unsaved:
            # TRANSLATORS: The table in the terminal; {file} is a file's path, {command} the same path as a
            # shell reads it (quoted where it must be).
            self.screen.say(_("The game is saved in {file}; nothing was played since. "
                              "Continue it with: machiavelli play --load {command}", file=str(self.saved_in),
                              command=shell_word(self.saved_in)),
                            "bold", whole=True)
            return 0
        if self.saved_in is not None:
            # TRANSLATORS: The table in the terminal: a question to the person playing; {file} is a file's
            # path.
            self.screen.say(_("The moves since the last save are not saved: {file} holds the game as it was then.",
                              file=str(self.saved_in)), "bold", whole=True)
        else:
            self.screen.say(not_saved)
        return 1 if self.unsaved else 0

    def saved_message(self, path: Path) -> None:
        # TRANSLATORS: The table in the terminal: a question to the person playing; {file} is a file's
        # path.
        # TRANSLATORS: {command} is the file's path as a shell reads it (quoted where it must be).
        self.screen.say(_("The game is saved in {file}. Continue it with: machiavelli play --load {command}",
                          file=str(path), command=shell_word(path)), "bold", whole=True)

    def leave(self) -> int:
        """The session ends before the game: a person's game is kept; a
        script's only where the command line said. The exit status: 1 when
        actions are lost (said on the screen), else 0."""
        if self.game.outcome is not None:
            return 0
        path = self.where_to_save()
        if path is not None and self.save(path):
            self.saved_message(path)
            return 0
        return self.unsaved_report(_("End of input: the game is left unfinished and not saved."))

    def finish(self) -> int:
        """The game is over: the result, every hand, and the record; the
        exit status (1 when the record cannot be written)."""
        if self.terminal.interactive:
            self.screen.clear()
        humans = self.humans
        # Every hand is shown now: any seat's view has them; a lone person
        # also sees the moves that ended the game.
        viewer = humans[0] if len(humans) == 1 else 0
        self._take_news(viewer)
        path = self.record or self.default_path()
        written = _("Record written to {file}.", file=str(path))
        # TRANSLATORS: The table in the terminal: how to replay a finished game; {command} is the file's path
        # as a shell reads it.
        replay = _("Replay it with: machiavelli replay {command}", command=shell_word(path))
        # Under the final screen: where the record went and how to replay it (a long path takes two rows).
        with fewer_rows(self.screen, self.rows(written) + self.rows(replay) + self.below_final):
            self.screen.final(self.game, self.seats, viewer, self.news(viewer), since=len(humans) == 1)
        if not self.save(path):
            return 1
        self.screen.say(written, whole=True)
        self.screen.say(replay, "dim", whole=True)
        return 0

    def rows(self, text: str) -> int:
        """How many rows of the terminal one line of ``text`` takes."""
        from rich.cells import cell_len

        width: int = max(1, self.screen.console.width)
        return max(1, -(-cell_len(text) // width))

    def run(self, players: Sequence[Bot]) -> int:
        """Play until the game ends or the people leave; the exit status."""
        try:
            if self.game.outcome is None:
                play_out(self.game, players, on_entry=self.on_entry, steady=True,
                         names=[seat.player for seat in self.seats])
        except EndOfInput:
            return self.leave()
        except Quit as left:
            return left.status
        except KeyboardInterrupt:
            self.screen.console.print()
            self.leave()
            return 130
        except Exception:
            self.leave()  # a bug must not cost the people their game
            raise
        return self.finish()


class HumanPlayer:
    """One person's seat: reads commands until one is an action of the game."""

    def __init__(self, session: Session, seat: int) -> None:
        self.session = session
        self.seat = seat

    def choose(self, view: Any) -> Action:
        session = self.session
        while True:
            session.prepare(self.seat)
            line = session.terminal.ask(session.prompt(self.seat))
            if line is None:
                raise EndOfInput
            try:
                if session.present.read_line is None and fold(line.strip()) == "q":
                    self.meta("quit", ())  # q alone leaves, as at every table
                    continue
                typed = read_typed(session.present, line, session.view(self.seat))
                if typed is None:
                    session.refresh(self.seat, history=True)
                elif typed.actions:
                    action = self.pick(typed.actions)
                    if action is not None:
                        return action
                else:
                    self.meta(typed.command, typed.args)
            except IllegalAction as exc:  # the game read the line and its rules refuse it
                self.rejected(exc)
            except NotationError as exc:
                session.screen.error(self.unread(line, exc))

    def unread(self, line: str, error: NotationError) -> str:
        """Why a line could not be read; a person who types ``undo`` where no
        move is taken back is told so."""
        words = line.split()
        first = fold(words[0]) if words else ""
        if first in ("undo", fold(pgettext("command", NO_UNDO))):
            # TRANSLATORS: The table in the terminal: "undo" typed in a game whose moves cannot be taken back.
            return _("Moves cannot be taken back in this game.")
        token = str(error.params.get("token", ""))
        if (error.code in ("bad-action", "bad-card", "not-a-card") and words and token == words[0]
                and words[0].isalpha() and len(words[0]) >= 3):
            # The line's first word is no card and no command here (take 1
            # in Cicera): a command of another game, not a card mistyped.
            # TRANSLATORS: The table: a word typed that is no command of this game; {word} is what was typed,
            # {help} is the help command's word.
            return _("This game has no command {word}: type {help} for its commands.", word=words[0],
                     help=table_word("help"))
        return explain(self.session.present, error)

    def pick(self, options: Sequence[Action]) -> Action | None:
        """The one action of ``options``; when the line may mean several, the
        one the person picks by its number (None: none picked)."""
        if len(options) == 1:
            return options[0]
        session = self.session
        view, screen = session.view(self.seat), session.screen
        # TRANSLATORS: The table in the terminal: a line that may mean several moves.
        screen.say(_("Which one? Type its number:"))
        for k, action in enumerate(options, 1):
            screen.say(f"  {k}. {session.present.describe_action(action, view, session.style)}")
        answer = session.terminal.ask("? ")
        if answer is None:
            raise EndOfInput
        answer = answer.strip()
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        # TRANSLATORS: The table in the terminal: a line that may mean several moves, and no number was typed.
        screen.say(_("No choice made."))
        return None

    def rejected(self, error: IllegalAction) -> None:
        """Why the rules refused the action, in the cards the screen shows
        (every invalid meld at the end of a Machiavelli turn)."""
        session = self.session
        present = session.present
        lines = present.rejection(session.view(self.seat), error, session.style) if present.rejection else []
        for line in lines or [explain(present, error)]:
            session.screen.error(line)

    # -- commands that are not actions of the game ------------------------------------

    def meta(self, command: str, args: tuple[str, ...]) -> None:
        session = self.session
        if command == "sort":
            self.sort(args)
        elif command == "hint":
            self.hint(whole=bool(args) and fold(args[0]) in ("all", fold(pgettext("hint", HINT_ALL))))
        elif command == "table":
            session.paged(lambda: session.screen.everything(session.view(self.seat), session.seats,
                                                            session.news(self.seat)))
        elif command == "rules":
            session.paged(self.rules)
        elif command == "help":
            session.paged(lambda: session.screen.help(session.view(self.seat), args))
        elif command == "save":
            path = _path(args) if args else (session.record or session.default_path())
            if session.save(path):
                session.saved_message(path)
        elif command == "quit":
            self.quit(args)

    def sort(self, args: tuple[str, ...]) -> None:
        session = self.session
        orders = session.present.orders
        if orders is None:
            # TRANSLATORS: The web table or the terminal: a game whose hands have one order only.
            session.screen.say(_("This game keeps the hand in one order."))
            return
        now = session.orders.get(self.seat, orders.names[0])
        session.orders[self.seat] = orders.named(args[0]) if args else orders.after(now)
        session.refresh(self.seat)

    def hint(self, whole: bool = False) -> None:
        session = self.session
        if session.present.hint is None:
            # TRANSLATORS: The web table or the terminal: hint in a game that gives none.
            session.screen.say(_("This game gives no hints."))
            return
        found = session.present.hint(session.view(self.seat))(session.style)
        # The hint tells a little more each time it is asked at the same
        # point of the game: that there is a play, how many cards it puts
        # down, then the whole play (``hint all`` at once).
        here = (self.seat, len(session.game.log))
        step = session.hints_given.get(here, 0) if not whole else 2
        session.hints_given = {here: step + 1}
        if not found.cards or step >= 2:
            session.pin(self.seat, found.lines)
            return
        again = table_word("hint")
        if step == 0:
            # TRANSLATORS: The table: the first, smallest hint; {hint} is the hint command's word, {all} the
            # word typed after it for the whole play ("hint all").
            session.pin(self.seat, [_("There is a play. Type {hint} again to see how many cards it puts down, "
                                      "or {hint} {all} to see it whole.", hint=again, all=pgettext("hint", HINT_ALL))])
            return
        # TRANSLATORS: The table: the second hint; {n} is a number of cards, {hint} is the hint command's word.
        session.pin(self.seat, [ngettext("{n} card of your hand can go down. Type {hint} again to see the play.",
                                         "{n} cards of your hand can go down. Type {hint} again to see the play.",
                                         len(found.cards), hint=again)])

    def rules(self) -> None:
        from .rules_render import render

        session = self.session
        screen = session.screen
        text = render(session.present.rules(session.game.variant), "text", visual=screen.visual,
                      width=screen.console.width)
        screen.console.print(Text(text.rstrip("\n")))

    def quit(self, args: tuple[str, ...]) -> None:
        session = self.session
        if args:
            path: Path | None = _path(args)
        elif session.terminal.interactive:
            path = self.leaving()
            if path is None:
                session.refresh(self.seat)
                return  # back to the game
        else:
            path = session.record
        if path is None:
            raise Quit(session.unsaved_report(_("The game was not saved.")))
        if not session.save(path):
            return
        session.saved_message(path)
        raise Quit

    def leaving(self) -> Path | None:
        """The person at the terminal chooses how to leave: the file to save
        in, None to go back to the game; Quit to leave without saving. Only
        the listed answers count: a command typed here is never a file name."""
        session = self.session
        default = session.where_to_save() or session.default_path()
        yes, no = fold(pgettext("answer", YES)), fold(pgettext("answer", NO))
        # TRANSLATORS: The table in the terminal: leaving the game.
        session.screen.say(_("Save the game before leaving?"), "bold")
        # TRANSLATORS: The table in the terminal: one of the ways to leave the game; {file} is a file's path.
        for k, text in enumerate((_("Save it in {file} and leave", file=str(default)),
                                  # TRANSLATORS: The table in the terminal: one of the ways to leave the game.
                                  _("Save it in another file and leave"),
                                  # TRANSLATORS: The table in the terminal: one of the ways to leave the game.
                                  _("Leave without saving"),
                                  # TRANSLATORS: The table in the terminal: one of the ways to leave the game.
                                  _("Back to the game")), 1):
            session.screen.say(f"  {k}. {text}", whole=k == 1)
        while True:
            # TRANSLATORS: The table in the terminal: the question after the ways to leave, numbered 1 to 4.
            answer = session.terminal.ask(_("Type 1, 2, 3 or 4 (Enter: 1): "))
            if answer is None:
                raise EndOfInput
            folded = fold(answer.strip())
            if folded in ("", "1", yes, yes[:1], "y", "yes"):
                return default
            if folded == "2":
                path = self.file_name()
                if path is not None:
                    return path
                continue
            if folded in ("3", no, no[:1], "n", "no"):
                raise Quit(session.unsaved_report(_("The game was not saved.")))
            if folded == "4":
                return None
            # TRANSLATORS: The table in the terminal: an answer to the ways to leave that is none of them.
            session.screen.error(_("Not one of the choices: type 1, 2, 3 or 4."))

    def file_name(self) -> Path | None:
        """A file name typed for saving (None: none given, or a command)."""
        session = self.session
        # TRANSLATORS: The table in the terminal: saving in a file the person names.
        answer = session.terminal.ask(_("File name (Enter: back to the choices): "))
        if answer is None:
            raise EndOfInput
        name = answer.strip()
        if not name:
            return None
        if self.reads_as_command(name):
            # TRANSLATORS: The table in the terminal: a command typed where a file name was asked for; {name}
            # is what was typed.
            session.screen.error(_("{name} is a command, not a file name.", name=name))
            return None
        return _path((name,))

    def reads_as_command(self, line: str) -> bool:
        """Whether the game reads ``line`` as one of its commands or moves."""
        session = self.session
        try:
            typed = read_typed(session.present, line, session.view(self.seat))
        except MachiavelliError:
            return False
        return typed is not None and (bool(typed.actions) or bool(typed.command))


class fewer_rows:
    """Context manager: the screen's console counts ``rows`` fewer rows
    while a screen is drawn, for lines the loop prints around it (a
    screen fits its drawing to the console's height)."""

    def __init__(self, screen: GameScreen, rows: int) -> None:
        self.console = screen.console
        self.rows = rows
        self.kept: int | None = None

    def __enter__(self) -> None:
        self.kept = self.console._height
        if self.rows:
            self.console.height = max(6, self.console.height - self.rows)

    def __exit__(self, *exc: object) -> None:
        self.console._height = self.kept


def shell_word(path: Path) -> str:
    """A path as a command line to paste reads it (quoted where it must be)."""
    import shlex

    return shlex.quote(str(path))


def _path(words: Sequence[str]) -> Path:
    """A file name typed at the table (``~`` is the home directory)."""
    return Path(" ".join(words)).expanduser()
