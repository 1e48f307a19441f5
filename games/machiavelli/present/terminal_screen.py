"""Machiavelli's terminal screens as the kernel's
:class:`~machiavelli.core.present.GameScreen` (the ``screen`` hook): the
application's one terminal loop draws them, :class:`.screen.Screen` draws
the table (colours, marks, fitting the terminal), and the kernel's
:class:`~machiavelli.core.console.Printer` says the rest."""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Console
from rich.text import Text

from machiavelli.core.console import Printer

from . import hand_order
from .screen import Screen, Seats


def _seats(seats: Sequence[Any]) -> Seats:
    return Seats([s.player for s in seats], [s.name for s in seats])


class TerminalScreen(Printer):
    """Machiavelli at the terminal. Its screens read what the others did
    from the view itself (the melds as they were, the cards that moved):
    the loop's ``news`` is not needed."""

    #: Deals of Machiavelli make a match (``play --deals``, ``--target``).
    matches = True

    def __init__(self, console: Console, *, visual: bool = False) -> None:
        super().__init__(console, visual=visual)
        self.screen = Screen(console, visual=visual)

    def turn(self, view: Any, seats: Sequence[Any], order: str | None, news: Sequence[Any], *,
             history: bool) -> None:
        self.screen.turn(view, _seats(seats), order or hand_order.SUIT, history=history)

    def waiting(self, view: Any, seats: Sequence[Any]) -> None:
        self.screen.waiting(view, _seats(seats))

    def everything(self, view: Any, seats: Sequence[Any], news: Sequence[Any]) -> None:
        self.screen.everything(view, _seats(seats))

    def final(self, game: Any, seats: Sequence[Any], viewer: int, news: Sequence[Any], *, since: bool) -> None:
        self.screen.final(game.view(viewer), _seats(seats), since=since)

    def help(self, view: Any, args: Sequence[str]) -> None:
        """Every command, how it is typed and what it does (its English word
        beside the language's), then how cards are typed; or one command."""
        from . import guide
        from .words import command_of

        if args:
            self.lines(guide.one(command_of(args[0])))
            return
        for typed, what in guide.rows(view.variant):
            if self.visual:  # wrapped first, then reordered: one paragraph
                self.say(typed + "  " + what)
                continue
            line = Text(self.t(typed), style="bold")
            line.append("  " + self.t(what), style="")
            self.console.print(line, soft_wrap=not self.console.is_terminal)
        self.lines(guide.notes(view.variant.deck), "dim")

    def outcome(self, game: Any, seats: Sequence[Any]) -> str:
        from .narrate import outcome_text

        return outcome_text(game.outcome, [s.name for s in seats]) if game.outcome is not None else ""


def screen(console: Any, visual: bool = False) -> TerminalScreen:
    """The ``screen`` hook: Machiavelli's terminal screens on ``console``."""
    return TerminalScreen(console, visual=visual)
