"""The terminal's screens for a game that brings none of its own (no
``screen`` hook in its :class:`~machiavelli.core.present.Presentation`),
built from what every presentation has: ``seat_view``, ``narrate``,
``summary``, ``commands_help`` and ``notes``.

Before a person types, the screen tells what happened since that seat's
screen was last drawn (its own moves and the others'), then shows the
seat's table. On a terminal (or when the environment gives a height,
``LINES``) the story is cut to fit above the prompt: its latest lines, and
a count of the earlier ones, which the ``table`` command shows with the
whole table. Lines are wrapped between words and, under ``--bidi visual``,
reordered after wrapping (the kernel's :class:`~machiavelli.core.console.Printer`).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.console import Console

from machiavelli.core.console import Printer, wrap
from machiavelli.core.i18n import NP_, _, ngettext, pgettext
from machiavelli.core.present import TABLE_COMMANDS, GameScreen, Presentation, Style, player_name, table_word
from machiavelli.core.records import Seat

#: What the table's own commands do, for a game whose help lists only its
#: moves (catalog context ``command help``; Machiavelli's help says the same).
TABLE_HELP: dict[str, str] = {
    # TRANSLATORS: The table's help (the help command): what a command of every game's table does.
    "hint": NP_("command help", "Say whether the game sees a play for you, then how many cards it puts down, then "
                "the play (nothing is played); hint all: the whole play at once."),
    # TRANSLATORS: The table's help (the help command); {orders} is the orders of the hand, listed.
    "sort": NP_("command help", "Order your hand: {orders}."),
    # TRANSLATORS: The table's help (the help command): what a command of every game's table does.
    "table": NP_("command help", "Show the whole table and everything played since your last turn."),
    "rules": NP_("command help", "Show the rules of this variant."),
    "save": NP_("command help", "Save the game (continue it with: machiavelli play --load FILE)."),
    # TRANSLATORS: The table's help (the help command): what a command of every game's table does.
    "help": NP_("command help", "Show this help."),
    "quit": NP_("command help", "Leave the game (you are asked whether to save it)."),
}
#: How the table's commands are typed (catalog context ``command usage``).
TABLE_USAGE: dict[str, str] = {
    "sort": NP_("command usage", "{verb} [ORDER]"),
    "save": NP_("command usage", "{verb} [FILE]"),
    "quit": NP_("command usage", "{verb} [FILE]"),
}


def _rows(text: str, width: int) -> int:
    return sum(len(wrap(line, width)) for line in text.split("\n"))


class DefaultScreen(Printer):
    """A game's table at the terminal from its presentation's texts."""

    matches = False

    def __init__(self, console: Console, present: Presentation, style: Callable[[Sequence[Seat]], Style], *,
                 visual: bool = False) -> None:
        super().__init__(console, visual=visual)
        self.present = present
        self.style = style
        #: The game's variant, for a view that does not carry it (the
        #: protocol's SeatView need not): the session says it.
        self.variant: Any = None

    def _variant(self, view: Any) -> Any:
        return getattr(view, "variant", None) or self.variant

    # -- pieces -------------------------------------------------------------------

    def told(self, news: Sequence[Any], variant: Any, look: Style) -> list[str]:
        """The entries of ``news`` as the lines that tell them."""
        return [line for entry in news for line in self.present.narrate(entry, variant, look).split("\n")]

    def rows_of(self, lines: Sequence[str]) -> int:
        """How many rows of the terminal ``lines`` take (long lines wrap between words)."""
        width = max(1, self.console.width)
        return sum(_rows(line, width) for line in lines)

    def cut(self, lines: list[str], room: int) -> list[str]:
        """The story in at most ``room`` rows: the latest lines, and how many
        earlier ones there are (``table`` shows them)."""
        if self.rows_of(lines) <= room:
            return lines
        kept: list[str] = []
        for line in reversed(lines):
            if self.rows_of([*kept, line]) > max(0, room - 1):
                break
            kept.insert(0, line)
        hidden = len(lines) - len(kept)
        # TRANSLATORS: The table in the terminal, above a seat's table when what happened since its
        # last turn does not fit; {n} is a number of lines, {table} is the table command's word.
        count = ngettext("… {n} earlier line (type {table} to see them all)",
                         "… {n} earlier lines (type {table} to see them all)", hidden, table=table_word("table"))
        return [count, *kept]

    # -- screens --------------------------------------------------------------------

    def turn(self, view: Any, seats: Sequence[Seat], order: str | None, news: Sequence[Any], *,
             history: bool) -> None:
        look = self.style(seats)
        table = self.present.seat_view(view, look)
        told = self.told(news, self._variant(view), look)
        # The prompt's line comes under the table.
        story = self.cut(told, self.console.height - 1 - self.rows_of(table)) if self.fit else told
        self.lines(story)
        self.lines(table)

    def waiting(self, view: Any, seats: Sequence[Seat]) -> None:
        self.clear()
        # TRANSLATORS: The table in the terminal; {player} is a player's name (Player 2).
        self.say(_("{player}'s turn. Pass the terminal to {player}, then press Enter.",
                   player=player_name(view.seat, [s.name for s in seats])), "bold")

    def everything(self, view: Any, seats: Sequence[Seat], news: Sequence[Any]) -> None:
        look = self.style(seats)
        story = self.told(news, self._variant(view), look)
        if not story:
            self.say(_("Nobody else has moved since your last turn."), "dim")
        self.lines(story)
        self.lines(self.present.seat_view(view, look))

    def final(self, game: Any, seats: Sequence[Seat], viewer: int, news: Sequence[Any], *, since: bool) -> None:
        look = self.style(seats)
        summary = self.present.summary(game, look)
        if since:
            told = self.told(news, game.variant, look)
            # Under the summary come where the record went and how to replay it.
            self.lines(self.cut(told, self.console.height - 3 - self.rows_of(summary)) if self.fit else told)
        self.lines(summary)

    def help(self, view: Any, args: Sequence[str]) -> None:
        """The game's commands, then the table's (those the game offers),
        then how the variant's cards are typed."""
        present = self.present
        self.lines(present.commands_of(view.variant))
        for name in TABLE_COMMANDS:
            if (name == "hint" and present.hint is None) or (name == "sort" and present.orders is None):
                continue
            verb = table_word(name)
            typed = pgettext("command usage", TABLE_USAGE[name], verb=verb) if name in TABLE_USAGE else verb
            if verb != name:
                typed += f"  ({name})"
            values = {}
            if name == "sort" and present.orders is not None:
                from machiavelli.core.i18n import format_list

                values["orders"] = format_list([present.orders.word(o) for o in present.orders.names], "or")
            self.say(typed + "  " + pgettext("command help", TABLE_HELP[name], **values))
        if present.notes is not None:
            self.lines(present.notes(self._variant(view)), "dim")

    def outcome(self, game: Any, seats: Sequence[Seat]) -> str:
        """The result: the summary's last line, which says it."""
        lines = self.present.summary(game, self.style(seats))
        return lines[-1] if lines else ""


def screen_of(present: Presentation, console: Console, visual: bool = False) -> GameScreen:
    """A game's terminal screens on ``console``: its own (the ``screen``
    hook), else the default screens built from its presentation."""
    from .presented import style

    if present.screen is not None:
        return present.screen(console, visual)
    return DefaultScreen(console, present, lambda seats: style([s.name for s in seats]), visual=visual)
