"""Games the application shows through their own presentation
(:class:`machiavelli.core.present.Presentation`): ``play`` at this terminal
or from standard input, the summary after a game or a replay, a record's
moves, and the rules document. Machiavelli has its own screens
(:mod:`.human`, :mod:`.screen`); every other game comes through here.

At the table a person types the game's commands (``help`` lists them),
``help``, ``quit``; a line that may mean several actions is answered with
a numbered list, and the next line picks one by its number. Input from a
pipe is echoed after the prompt so that the output reads as a transcript.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Sequence, TextIO

from machiavelli.core import i18n, registry
from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError
from machiavelli.core.files import os_why
from machiavelli.core.i18n import _, join_values
from machiavelli.core.present import TABLE_COMMANDS, Presentation, Style, Typed, player_name, table_word
from machiavelli.core.records import GameRecord, Seat
from machiavelli.core.terminal import echoed

from machiavelli.core import glossary
from machiavelli.app import library
from machiavelli.core.reasons import describe
from machiavelli.core.words import fold

HUMAN = "human"


def presentation_of(game_name: str) -> Presentation:
    """The game's presentation; for a game that brings none, the plain one
    built from the kernel's protocol (:mod:`machiavelli.core.present_plain`)."""
    definition = registry.game(game_name)
    if definition.presentation is None:
        from machiavelli.core.present_plain import plain

        return plain(definition)
    return definition.presentation()


def rules_document(variant: Any) -> Any:
    """The rules of any variant as :mod:`.rules_render` prints them: the
    game's own document (the kernel's blocks)."""
    found = presentation_of(variant.game)
    if found is None:
        raise MachiavelliError("no-rules-text", game=variant.game)
    return found.rules(variant)


def read_typed(present: Presentation, text: str, view: Any, letters: str | None = None) -> Typed | None:
    """A line typed at any game's table: one of the table's commands, or
    the game's actions. A game with its own ``read_line`` reads it whole;
    for any other, the table's words are matched whole (English, the
    language's, ``?`` for help) and the rest goes to ``read_command``."""
    if present.read_line is not None:
        return present.read_line(text, view, letters)
    words = text.split()
    if not words:
        return None
    first = fold(words[0])
    if first == "?":
        return Typed("help", tuple(words[1:]))
    for name in TABLE_COMMANDS:
        if first in (name, fold(table_word(name))):
            return Typed(name, tuple(words[1:]))
    return Typed(actions=present.read_command(text, view))


def style(names: Sequence[str | None]) -> Style:
    shown = tuple(player_name(s, list(names)) for s in range(len(names)))
    return Style(names=shown, symbols=not glossary.ascii_cards(), rtl=i18n.is_rtl(), faces=glossary.card_faces())


def explain(present: Presentation, error: MachiavelliError) -> str:
    return present.explain(error) or describe(error)


def replay_text(game: Any, present: Presentation, names: Sequence[str | None], moves: bool,
                echo: Callable[[str], None]) -> None:
    look = style(names)
    if moves:
        for entry in game.log:
            echo(_("Turn {turn}: {text}", turn=entry.turn, text=present.narrate(entry, game.variant, look)))
    for line in present.summary(game, look):
        echo(line)


class _Quit(Exception):
    """The person leaves: typed quit, or the input ended (``eof``)."""

    def __init__(self, eof: bool = False) -> None:
        super().__init__()
        self.eof = eof


class Table:
    """A game at this terminal: people type, computer players answer."""

    def __init__(self, game: Any, seats: list[Seat], present: Presentation, stream: TextIO,
                 echo: Callable[[str], None], record: Path | None, force: bool,
                 shape: Callable[[str], str] = lambda prompt: prompt) -> None:
        self.game, self.seats, self.present = game, seats, present
        self.stream, self.echo, self.record, self.force = stream, echo, record, force
        #: How a prompt reaches the terminal (in visual order, for --bidi visual).
        self.shape = shape
        self.style = style([s.name for s in seats])
        self._shown_to: int | None = None
        try:
            self.interactive = stream.isatty()
        except (AttributeError, ValueError):
            self.interactive = False

    def _line(self, prompt: str) -> str:
        if self.interactive:
            try:
                return input(self.shape(prompt))
            except EOFError:
                raise _Quit(eof=True) from None
        line = self.stream.readline()
        if not line:
            raise _Quit(eof=True)
        line = line.rstrip("\n")
        self.echo(prompt + echoed(line))
        return line

    def _is(self, text: str, word: str) -> bool:
        folded = fold(text)
        return folded in (word, fold(table_word(word)))

    def ask(self, seat: int) -> Any:
        view = self.game.view(seat)
        people = sum(1 for s in self.seats if s.player == HUMAN)
        if people > 1 and self.interactive and self._shown_to != seat:
            # Several people at one terminal: the screen changes hands first.
            import click

            click.clear()
            # TRANSLATORS: The table of a game that draws itself (Cicera, Sì Sè Pái); {player} is a player's
            # name (Player 2).
            self._line(_("{player}: press Enter to see your hand.", player=self.style.names[seat]))
        self._shown_to = seat
        for line in self.present.seat_view(view, self.style):
            self.echo(line)
        while True:
            # TRANSLATORS: The table of a game that draws itself (Cicera, Sì Sè Pái); {player} is a player's
            # name (Player 2).
            text = self._line(_("{player}> ", player=self.style.names[seat])).strip()
            if not text:
                continue
            if self._is(text, "quit") or text == "q":
                raise _Quit()
            if self._is(text, "help") or text == "?":
                for line in self.present.commands_help():
                    self.echo("  " + line)
                self.echo("  " + join_values((table_word("help"), table_word("quit"))))
                continue
            try:
                options = self.present.read_command(text, view)
            except (NotationError, IllegalAction) as error:
                self.echo(explain(self.present, error))
                continue
            if len(options) == 1:
                return options[0]
            self.echo(_("Which one? Type its number:"))
            for k, action in enumerate(options, 1):
                self.echo(f"  {k}. {self.present.describe_action(action, view, self.style)}")
            answer = self._line("? ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            # TRANSLATORS: The table of a game that draws itself (Cicera, Sì Sè Pái).
            self.echo(_("No choice made."))

    def run(self, drivers: Sequence[Any]) -> int:
        """Play to the end (or until the person leaves); the exit status."""
        game, status = self.game, 0
        try:
            while game.outcome is not None or game.to_move():
                if game.outcome is not None:
                    break
                seat = game.to_move()[0]
                if self.seats[seat].player == HUMAN:
                    action = self.ask(seat)
                else:
                    action = drivers[seat].choose(game.view(seat))
                try:
                    entry = game.apply(action, seat)
                except IllegalAction as error:
                    if self.seats[seat].player != HUMAN:
                        raise
                    self.echo(explain(self.present, error))
                    continue
                self.echo(self.present.narrate(entry, game.variant, self.style))
        except _Quit as leaving:
            if not self.interactive and self.record is None:
                # As Machiavelli's table: a script's unfinished game is kept only where the command
                # line says (--record); what it loses decides the exit status.
                self.echo(_("End of input: the game is left unfinished and not saved.") if leaving.eof
                          else _("The game was not saved."))
                return 1 if any(self.seats[entry.seat].player == HUMAN for entry in game.log) else 0
            self.echo(_("You left the game."))
            status = 0 if game.outcome is not None else 1
        except KeyboardInterrupt:
            # As Machiavelli's table: Ctrl-C keeps a person's game (a script's where --record says).
            self.echo("")
            if self.interactive or self.record is not None:
                self.save()
            return 130
        except Exception:
            if self.interactive or self.record is not None:
                self.save()  # a bug must not cost the people their game
            raise
        if game.outcome is not None:
            for line in self.present.summary(game, self.style):
                self.echo(line)
        return status if self.save() else 1

    def save(self) -> bool:
        """Write the record; say why not (and return False) if it cannot be written."""
        from .saves import write_record

        path = self.record
        try:
            if path is None:
                stamp = time.strftime("%Y-%m-%d-%H%M%S")
                path = library.data_folder() / "games" / f"{stamp}-{self.game.variant.name}-{self.game.seed}.json"
                # The first game kept in the data folder creates it.
                path.parent.mkdir(parents=True, exist_ok=True)
            write_record(path, GameRecord.of(self.game, self.seats), force=self.force or self.record is None)
        except OSError as exc:
            self.echo(describe(MachiavelliError("cannot-write", file=str(path), detail=exc.strerror or "",
                                                why=os_why(exc, writing=True))))
            return False
        except MachiavelliError as error:
            self.echo(describe(error))
            return False
        self.echo(_("Record written to {file}.", file=str(path)))
        return True

