"""The table as a player sees it, drawn with Rich.

Every screen is drawn from one seat's view
(:class:`~machiavelli.games.machiavelli.view.View`): what that seat may see,
as cards, and nothing else.

Colour only ever repeats what a mark already says: suits keep their symbol
(or letter with ``--ascii``), cards moved this turn are bracketed, changed
melds carry a mark, invalid melds a mark and the reason. When the output is
not a terminal, Rich drops the colours and the screen is plain text.
Arabic stays in logical order unless ``visual`` is asked for (terminals
without bidi support): then each phrase is reordered for display.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from machiavelli.core.cards import Card, DeckSpec
from machiavelli.games.machiavelli.view import View

from . import glossary, hand_order
from .bidi import LRI, PDI, visual as visual_line
from machiavelli.core.i18n import _, format_number, is_rtl, ngettext
from machiavelli.core.terminal import printable
from .narrate import entry_text, outcome_text, player_name
from .reasons import meld_reason
from .words import local_word, order_word

#: Most moves of the others listed; older ones are counted.
MAX_MOVES_SHOWN = 40
_COLOURS = {"red": "red", "green": "green", "yellow": "yellow", "blue": "blue"}
_CARD = r"[*\[]?[0-9A-Z]{1,3}[♠♥♦♣♤♡♢♧]\]?"
_CARD_RUN = re.compile(f"{_CARD}(?:[ ,]+{_CARD})*")


@dataclass
class Marks:
    """The marks of the screen, in Unicode or in ASCII."""

    changed: str
    invalid: str
    moved: tuple[str, str]
    rule: str

    @classmethod
    def pick(cls, ascii_only: bool) -> "Marks":
        if ascii_only:
            return cls(">", "x", ("[", "]"), "-")
        return cls("►", "✗", ("[", "]"), "─")


@dataclass
class Seats:
    """Who sits where: kinds of player (``human``, ``solver``...) and names."""

    kinds: list[str]
    names: list[str | None] = field(default_factory=list)

    def name(self, seat: int) -> str:
        return player_name(seat, self.names)

    def label(self, seat: int, viewer: int | None) -> str:
        """``Player 2 (computer)``, ``Player 1 (you)``."""
        if seat == viewer:
            return _("{player} (you)", player=self.name(seat))
        if self.kinds[seat] != "human":
            return _("{player} (computer)", player=self.name(seat))
        return self.name(seat)

    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.kinds) if kind == "human"]


class Screen:
    """Draws the game on a Rich console."""

    def __init__(self, console: Console, *, visual: bool = False) -> None:
        self.console = console
        # As for `machiavelli rules`: a pipe or a file always gets logical order.
        self.visual = visual and is_rtl() and console.is_terminal
        self.marks = Marks.pick(glossary.ascii_cards())

    # -- pieces -------------------------------------------------------------------

    def t(self, text: str) -> str:
        """A phrase as the terminal should get it: control characters that
        an echoed input may carry shown as escapes, never sent; in visual
        mode reordered, with each run of cards kept left to right (5♣ 6♣,
        never ♣6 ♣5)."""
        text = printable(text, lines=True, keep_bidi=True, visible=True)
        if not self.visual:
            return text
        return visual_line(_CARD_RUN.sub(lambda m: LRI + m.group(0) + PDI, text), rtl=True)

    def card(self, card: Card, deck: DeckSpec, moved: bool = False) -> Text:
        shown = glossary.show_card(card, deck)
        colour = _COLOURS.get(deck.suit(card.suit).colour)
        if moved:
            left, right = self.marks.moved
            return Text(left + shown + right, style=f"bold underline {colour or ''}".strip())
        return Text(shown, style=colour or "")

    def cards(self, cards: Iterable[Card], deck: DeckSpec, moved: Sequence[bool] = ()) -> Text:
        out = Text()
        for k, card in enumerate(cards):
            if k:
                out.append(" ")
            out.append_text(self.card(card, deck, bool(moved[k]) if k < len(moved) else False))
        return out

    def say(self, text: str, style: str = "", *, whole: bool = False) -> None:
        """One line of text (translations are data: never read as markup).
        A terminal gets it wrapped between words, unless it holds something
        to copy (``whole``: a command, a path); a pipe always gets it whole."""
        self.console.print(Text(self.t(text), style=style), soft_wrap=whole or not self.console.is_terminal)

    def error(self, text: str) -> None:
        self.say(text, "bold red")

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()

    def heading(self, text: str) -> None:
        self.console.rule(Text(self.t(text), style="bold"), characters=self.marks.rule, align="left")

    # -- the table -------------------------------------------------------------------

    def table(self, view: View, *, marks: bool = False) -> None:
        """The melds, numbered; with ``marks``, marks for changed melds,
        moved cards and melds that are not valid yet."""
        deck = view.variant.deck
        layout = view.layout
        if not layout:
            self.say(_("The table is empty."))
            return
        grid = RichTable(box=None, show_header=False, pad_edge=False, padding=(0, 1))
        grid.add_column(width=1)
        grid.add_column(justify="right")
        grid.add_column()
        grid.add_column(style="dim")
        for meld in layout:
            changed = marks and meld.changed
            cards = self.cards(meld.cards, deck, meld.moved if marks else ())
            mark, note = Text(""), Text("")
            if changed:
                mark = Text(self.marks.changed, style="bold yellow")
            if marks and not meld.check.valid:
                note = Text(self.t(f"{self.marks.invalid} {meld_reason(meld.check.reason)}"), style="red")
            grid.add_row(mark, Text(format_number(meld.number), style="bold yellow" if changed else "bold"),
                         cards, note)
        self.console.print(grid)

    def legend(self, *, changed: bool, moved: bool, invalid: bool) -> None:
        parts = []
        if changed:
            parts.append(_("{mark} changed since your last turn", mark=self.marks.changed))
        if moved:
            brackets = " ".join(self.marks.moved)
            parts.append(_("{mark} moved this turn", mark=brackets))
        if invalid:
            parts.append(_("{mark} not a valid meld", mark=self.marks.invalid))
        if parts:
            self.say("   ".join(parts), "dim")

    def hand(self, view: View, order: str) -> None:
        """The seat's hand in the chosen order, the cards just drawn shown apart."""
        variant, deck = view.variant, view.variant.deck
        cards, drawn = view.hand, view.just_drawn
        rest = Counter(cards)
        rest.subtract(drawn)
        held = [c for c in cards if rest[c] > 0 and not rest.subtract([c])]
        self.say(ngettext("Your hand, by {order} ({n} card):", "Your hand, by {order} ({n} cards):", len(cards),
                          order=order_word(order)), "bold")
        groups, melds = hand_order.arrange(held, order, variant)
        line = Text("  ")
        for k, group in enumerate(groups):
            if k:
                line.append(" | " if k <= melds else "   ")
            line.append_text(self.cards(group, deck))
        self.console.print(line)
        if drawn:
            drawn_line = Text(self.t(_("Drawn:")) + " ", style="bold")
            drawn_line.append_text(self.cards(drawn, deck))
            self.console.print(drawn_line)

    # -- whole screens -----------------------------------------------------------

    def title(self, view: View) -> None:
        """The heading of every screen: the game, the variant, the turn."""
        self.heading(_("Machiavelli · {variant} · turn {turn}", variant=printable(view.variant.name),
                       turn=format_number(view.turn)))

    def status(self, view: View, seats: Seats) -> None:
        """Whose turn or the result, the deck and the other hands' sizes."""
        viewer = view.seat
        self.title(view)
        if view.outcome is None:
            line = _("{player} to play", player=seats.label(view.current, viewer))
        else:
            line = outcome_text(view.outcome, seats.names)
        line += " · " + ngettext("{n} card in the deck", "{n} cards in the deck", view.deck_count)
        self.say(line, "bold")
        others = [ngettext("{player}: {n} card", "{player}: {n} cards", n, player=seats.label(s, viewer))
                  for s, n in enumerate(view.hand_sizes) if s != viewer]
        self.say(" · ".join(others))

    def since(self, view: View, seats: Seats) -> bool:
        """What the others did since the view's seat last ended a turn, step
        by step (False when they did nothing)."""
        seat = view.seat
        entries = [e for e in view.since_my_last_turn() if e.seat != seat]
        if not entries:
            return False
        self.say(_("Since your last turn:"), "bold")
        deck = view.variant.deck
        if len(entries) > MAX_MOVES_SHOWN:
            hidden = len(entries) - MAX_MOVES_SHOWN
            self.say("  " + ngettext("… {n} earlier move", "… {n} earlier moves", hidden), "dim")
            entries = entries[-MAX_MOVES_SHOWN:]
        for entry in entries:
            self.say("  " + entry_text(entry, deck, seats.names))
        return True

    def turn(self, view: View, seats: Seats, order: str, *, history: bool = True) -> None:
        """Everything the view's seat needs on its turn."""
        deck = view.variant.deck
        # The others' moves first: on a short terminal they scroll away
        # before the status, the table and the hand.
        if history and self.since(view, seats):
            self.console.print()
        self.status(view, seats)
        self.console.print()
        layout = view.layout
        self.say(_("Table:"), "bold")
        self.table(view, marks=True)
        if view.help_cards:
            line = Text(self.t(_("Help cards:")) + " ", style="bold")
            line.append_text(self.cards(view.help_cards, deck))
            self.console.print(line)
        working = view.working
        if working:
            line = Text(self.t(_("Taken from the table, to put back:")) + " ", style="bold")
            line.append_text(self.cards(working, deck, [True] * len(working)))
            self.console.print(line)
        self.console.print()
        self.hand(view, order)
        self.legend(changed=any(m.changed for m in layout), moved=bool(working) or any(any(m.moved) for m in layout),
                    invalid=not all(m.check.valid for m in layout))
        self.say(_("Type {help} for the commands. For example: {examples}", help=local_word("help"),
                   examples=" · ".join(self.examples(deck))), "dim")

    def examples(self, deck: DeckSpec) -> list[str]:
        five = [c for c in deck.cards() if deck.rank_code(c.rank) in ("5", "6", "7") and c.suit == deck.suits[-1].code]
        cards = " ".join(glossary.show_card(c, deck) for c in five[:3]) or "…"
        return [f"{local_word('play')} {cards}", f"{local_word('add')} 1 {cards.split(' ')[0]}",
                local_word("draw"), local_word("end")]

    def waiting(self, view: View, seats: Seats) -> None:
        """The screen between two people at one terminal, before the view's
        seat takes it: whose turn, and no card of anyone's hand."""
        self.clear()
        self.title(view)
        self.say(_("{player}'s turn. Pass the terminal to {player}, then press Enter.",
                   player=seats.name(view.seat)), "bold")

    def final(self, view: View, seats: Seats, *, since: bool = False) -> None:
        """The end of the game: the result, with ``since`` the last moves the
        view's seat has not seen, the table and every hand."""
        deck = view.variant.deck
        self.title(view)
        if view.outcome is not None:
            self.say(outcome_text(view.outcome, seats.names), "bold green")
        if since:
            self.since(view, seats)
        self.say(_("Table:"), "bold")
        self.table(view)
        for seat, cards in enumerate(view.final_hands or ()):
            hand = hand_order.by_suit(cards, view.variant)
            line = Text(self.t(ngettext("{player}: {n} card", "{player}: {n} cards", len(hand),
                                        player=seats.label(seat, None))) + "  ")
            line.append_text(self.cards(hand, deck))
            self.console.print(line)
        self.say(ngettext("{n} card left in the deck.", "{n} cards left in the deck.", view.deck_count))

    def lines(self, lines: Iterable[str], style: str = "") -> None:
        for line in lines:
            self.say(line, style)
