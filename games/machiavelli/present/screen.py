"""The table as a player sees it, drawn with Rich.

Every screen is drawn from one seat's view
(:class:`~machiavelli.games.machiavelli.view.View`): what that seat may see,
as cards, and nothing else.

Colour only ever repeats what a mark already says: suits keep their symbol
(or letter with ``--ascii``), cards moved this turn are bracketed, changed
melds carry a mark, invalid melds a mark and the reason. When the output is
not a terminal, Rich drops the colours and the screen is plain text.
Arabic stays in logical order unless ``visual`` is asked for (terminals
without bidi support): then each phrase is wrapped to the terminal, then
reordered for display (the kernel's :class:`~machiavelli.core.console.Printer`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Sequence

from rich.console import Console
from rich.text import Text

from machiavelli.core.cards import Card, DeckSpec
from machiavelli.games.machiavelli.view import View

if TYPE_CHECKING:
    from machiavelli.games.machiavelli.game import Entry

from machiavelli.core import glossary
from machiavelli.games.machiavelli.present import hand_order
from machiavelli.core.console import Printer
from machiavelli.core.i18n import _, before_value, format_number, is_rtl, language, ngettext
from machiavelli.core.terminal import printable
from machiavelli.core.present import player_name, variant_title
from machiavelli.games.machiavelli.present.narrate import entry_text, outcome_text
from machiavelli.core.reasons import meld_reason
from machiavelli.games.machiavelli.present.words import local_word, order_word
from machiavelli.games.machiavelli.cross import is_cross

#: Most moves of the others listed; older ones are counted.
MAX_MOVES_SHOWN = 40
_COLOURS = {"red": "red", "green": "green", "yellow": "yellow", "blue": "blue", "orange": "dark_orange"}
#: A tile's face, light as the game's are: black, red, blue and orange numbers all read on it.
_TILE_FACE = "grey93"

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
            # TRANSLATORS: The table in the terminal; {player} is a player's name (Player 2).
            return _("{player} (you)", player=self.name(seat))
        if self.kinds[seat] != "human":
            # TRANSLATORS: The table in the terminal; {player} is a player's name (Player 2).
            return _("{player} (computer)", player=self.name(seat))
        return self.name(seat)

    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.kinds) if kind == "human"]


def heading_text(view: View) -> str:
    """The heading of a screen: the game, the variant, the turn; a game of
    a name of its own (Rummikub, Carousel) by that name, as players say it."""
    variant = view.variant
    if getattr(variant, "game_name", "machiavelli") == "title":
        # TRANSLATORS: The table in the terminal of a game with a name of its own; {game} is its name
        # (Rummikub, Carousel), {turn} is a turn's number.
        return _("{game} · turn {turn}", game=variant_title(variant, language(), rtl=is_rtl()),
                 turn=format_number(view.turn))
    # TRANSLATORS: The table in the terminal; {variant} is a variant's name (bga), {turn} is a turn's
    # number.
    return _("Machiavelli · {variant} · turn {turn}", variant=printable(variant.name), turn=format_number(view.turn))


class Screen(Printer):
    """Draws the game on a Rich console (the kernel's :class:`Printer`
    says its lines, errors and prompts)."""

    def __init__(self, console: Console, *, visual: bool = False) -> None:
        super().__init__(console, visual=visual)
        self.marks = Marks.pick(glossary.ascii_cards())

    # -- pieces -------------------------------------------------------------------

    def card(self, card: Card, deck: DeckSpec, moved: bool = False) -> Text:
        shown = glossary.show_card(card, deck)
        colour = _COLOURS.get(deck.colour(card))
        if glossary.is_tiles(deck) and card.rank and not moved:
            # A tile: its number in its colour on a light face, as the tiles
            # are, then the colour's letter (grey), which is what is typed
            # and what a screen without colour shows.
            number = deck.rank_code(card.rank)
            out = Text()
            out.append(number, style=f"bold {colour or 'black'} on {_TILE_FACE}")
            out.append(shown[len(number):], style=f"grey42 on {_TILE_FACE}")
            return out
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

    def heading(self, text: str) -> None:
        self.console.rule(Text(self.t(text), style="bold"), characters=self.marks.rule, align="left")

    # -- the table -------------------------------------------------------------------

    def table(self, view: View, *, marks: bool = False) -> None:
        """The melds, numbered, one a line; with ``marks``, marks for changed
        melds, moved cards and melds that are not valid yet."""
        self.show(self.table_lines(view, marks=marks))

    def table_lines(self, view: View, *, marks: bool = False, compact: bool = False) -> list[Text]:
        """The melds as lines: one meld a line, or with ``compact`` as many
        melds a line as the width holds."""
        deck = view.variant.deck
        layout = view.layout
        if not layout:
            return [Text(self.t(_("The table is empty.")))]
        width = len(format_number(len(layout)))
        cells = []
        for meld in layout:
            changed = marks and meld.changed
            cell = Text()
            mark = self.marks.changed if changed else " "
            number = format_number(meld.number)
            if compact:
                cell.append(mark if changed else "", style="bold yellow")
                cell.append(number, style="bold yellow" if changed else "bold")
            else:
                cell.append(mark, style="bold yellow")
                cell.append(" " + " " * (width - len(number)) + number, style="bold yellow" if changed else "bold")
            cell.append("  " if not compact else " ")
            cell.append_text(self.cards(meld.cards, deck, meld.moved if marks else ()))
            if meld.jokers and not compact:
                cell.append("  (" + self.t(glossary.jokers_text(meld.jokers, deck)) + ")", style="dim")
            if marks and not meld.check.valid:
                cell.append("  " + self.t(f"{self.marks.invalid} {meld_reason(meld.check.reason)}"), style="red")
            cells.append(cell)
        if not compact:
            return cells
        lines: list[Text] = []
        line = Text()
        room = self.console.width
        for cell in cells:
            if line.cell_len and line.cell_len + 3 + cell.cell_len > room:
                lines.append(line)
                line = Text()
            if line.cell_len:
                line.append("   ")
            line.append_text(cell)
        lines.append(line)
        return lines

    def legend(self, *, changed: bool, moved: bool, invalid: bool) -> None:
        line = self.legend_line(changed=changed, moved=moved, invalid=invalid)
        if line is not None:
            self.show([line])

    def legend_line(self, *, changed: bool, moved: bool, invalid: bool) -> Text | None:
        parts = []
        if changed:
            # TRANSLATORS: The table in the terminal; {mark} is the mark shown beside changed melds.
            parts.append(_("{mark} changed since your last turn", mark=self.marks.changed))
        if moved:
            brackets = " ".join(self.marks.moved)
            # TRANSLATORS: The table in the terminal; {mark} is the mark shown beside changed melds.
            parts.append(_("{mark} moved this turn", mark=brackets))
        if invalid:
            # TRANSLATORS: The table in the terminal; {mark} is the mark shown beside changed melds.
            parts.append(_("{mark} not a valid meld", mark=self.marks.invalid))
        return self.line("   ".join(parts), "dim") if parts else None

    # -- whole screens -----------------------------------------------------------

    def title(self, view: View) -> None:
        """The heading of every screen: the game, the variant, the turn."""
        self.heading(heading_text(view))

    def since_entries(self, view: View) -> list[Entry]:
        return [e for e in view.since_my_last_turn() if e.seat != view.seat]

    def since_lines(self, view: View, seats: Seats, room: int | None = None) -> list[Text]:
        """What the others did since the view's seat last ended a turn, step
        by step (no line when they did nothing). With ``room``, at most that
        many rows: the latest moves, and a count of the earlier ones."""
        entries = self.since_entries(view)
        if not entries:
            return []
        deck = view.variant.deck
        heading = self.line(_("Since your last turn:"), "bold")
        moves = [self.line("  " + entry_text(entry, deck, seats.names, view.variant)) for entry in entries]
        limit = MAX_MOVES_SHOWN if room is None else len(moves)
        if room is None or self.height(moves) + 1 <= room:
            if len(moves) <= limit:
                return [heading, *moves]
        if room is not None and room < 2:
            # TRANSLATORS: The table in the terminal; {n} is a number, {table} is the table command's word.
            return [self.line(ngettext("Since your last turn: {n} move (type {table} to see it).",
                                       "Since your last turn: {n} moves (type {table} to see them).",
                                       len(moves), table=local_word("table")), "bold")]
        space = (room if room is not None else MAX_MOVES_SHOWN + 2) - 2
        kept: list[Text] = []
        for move in reversed(moves[-limit:]):
            if self.height([*kept, move]) > space:
                break
            kept.insert(0, move)
        hidden = len(moves) - len(kept)
        # TRANSLATORS: The table in the terminal; {n} is a number, {table} is the table command's word.
        count = self.line("  " + ngettext("… {n} earlier move (type {table} to see every move)",
                                          "… {n} earlier moves (type {table} to see every move)", hidden,
                                          table=local_word("table")), "dim")
        return [heading, count, *kept]

    def since(self, view: View, seats: Seats) -> bool:
        """The others' moves since the view's seat last ended a turn (False when they did nothing)."""
        lines = self.since_lines(view, seats)
        self.show(lines)
        return bool(lines)

    def head_lines(self, view: View, seats: Seats) -> list[Text]:
        """The title, whose turn or the result, the deck and the other hands' sizes."""
        viewer = view.seat
        title = Text(self.t(heading_text(view)), style="bold")
        title.append(" ")
        title.append(self.marks.rule * max(0, self.console.width - title.cell_len))
        if view.outcome is None:
            # TRANSLATORS: The table in the terminal; {player} is a player's name (Player 2).
            line = _("{player} to play", player=seats.label(view.current, viewer))
        else:
            line = outcome_text(view.outcome, seats.names)
        # TRANSLATORS: The table in the terminal; {n} is a number.
        line += " · " + ngettext("{n} card in the deck", "{n} cards in the deck", view.deck_count)
        # TRANSLATORS: The table in the terminal; {player} is a player's name (Player 2), {n} is a number
        # of cards.
        others = [ngettext("{player}: {n} card", "{player}: {n} cards", n, player=seats.label(s, viewer))
                  for s, n in enumerate(view.hand_sizes) if s != viewer]
        return [title, self.line(line, "bold"), self.line(" · ".join(others))]

    def status(self, view: View, seats: Seats) -> None:
        """Whose turn or the result, the deck and the other hands' sizes."""
        self.title(view)
        self.show(self.head_lines(view, seats)[1:])

    def extras_lines(self, view: View) -> list[Text]:
        """The help cards and the cards taken from the table, under the table."""
        deck = view.variant.deck
        out = []
        if view.help_cards:
            # TRANSLATORS: The table in the terminal. The Cross: the Greek Makiaveli's cards laid face up
            # around the deck, which any player may complete into combinations.
            label = _("The Cross, around the deck:") if is_cross(view.variant) else _("Help cards:")
            line = Text(before_value(self.t(label)), style="bold")
            line.append_text(self.cards(view.help_cards, deck))
            out.append(line)
        working = view.working
        if working:
            line = Text(before_value(self.t(_("Taken from the table, to put back:"))), style="bold")
            line.append_text(self.cards(working, deck, [True] * len(working)))
            out.append(line)
        out.extend(self.line(text, "yellow") for text in house_notes(view))
        return out

    def hand_lines(self, view: View, order: str) -> list[Text]:
        """The seat's hand in the chosen order, the cards just drawn shown apart."""
        variant, deck = view.variant, view.variant.deck
        cards, drawn = view.hand, view.just_drawn
        rest = Counter(cards)
        rest.subtract(drawn)
        held = [c for c in cards if rest[c] > 0 and not rest.subtract([c])]
        # TRANSLATORS: The table in the terminal; {order} is an order of the hand, {n} is a number.
        out = [self.line(ngettext("Your hand, by {order} ({n} card):", "Your hand, by {order} ({n} cards):",
                                  len(cards), order=order_word(order)), "bold")]
        groups, melds = hand_order.arrange(held, order, variant)
        line = Text("  ")
        for k, group in enumerate(groups):
            if k:
                line.append(" | " if k <= melds else "   ")
            line.append_text(self.cards(group, deck))
        out.append(line)
        if drawn:
            # TRANSLATORS: The table in the terminal.
            drawn_line = Text(before_value(self.t(_("Drawn:"))), style="bold")
            drawn_line.append_text(self.cards(drawn, deck))
            out.append(drawn_line)
        return out

    def hand(self, view: View, order: str) -> None:
        self.show(self.hand_lines(view, order))

    def table_heading(self, now: bool) -> Text:
        """``Table:``, or after the others' moves ``Table now:`` (what they left)."""
        # TRANSLATORS: The table in the terminal.
        return self.line(_("Table now:") if now else _("Table:"), "bold")

    def turn(self, view: View, seats: Seats, order: str, *, history: bool = True) -> None:
        """Everything the view's seat needs on its turn, made to fit the
        console (with the prompt under it) when it can: blank lines go
        first, then the table puts several melds a line, then the others'
        moves shrink to the latest ones and a count (``table`` shows all)."""
        layout = view.layout
        head = self.head_lines(view, seats)
        working = view.working
        legend = self.legend_line(changed=any(m.changed for m in layout),
                                  moved=bool(working) or any(any(m.moved) for m in layout),
                                  invalid=not all(m.check.valid for m in layout))
        # TRANSLATORS: The table in the terminal; {help} is the help command's word, {examples} is example
        # commands.
        tips = [self.line(_("Type {help} for the commands. For example: {examples}", help=local_word("help"),
                            examples=" · ".join(self.examples(view.variant.deck))), "dim")]
        legend_lines = [legend] if legend is not None else []
        bottom = self.extras_lines(view)
        hand = self.hand_lines(view, order)
        has_since = history and bool(self.since_entries(view))
        blank = Text("")
        tables = {False: self.table_lines(view, marks=True)}
        if not self.fit:
            since = self.since_lines(view, seats) if has_since else []
            self.show([*head, blank, *since, *([blank] if since else []), self.table_heading(bool(since)),
                       *tables[False], *bottom, blank, *hand, *legend_lines, *tips])
            return
        tables[True] = self.table_lines(view, marks=True, compact=True)
        budget = self.console.height - 1  # the prompt's line
        full_since = self.since_lines(view, seats, room=10 ** 6) if has_since else []
        fixed = {key: self.height([*head, self.table_heading(has_since), *lines, *bottom, *hand])
                 for key, lines in tables.items()}
        extra = self.height([*legend_lines, *tips])
        since_rows = self.height(full_since)
        # (compact table, blank lines, legend and tips, least rows for the others' moves)
        plans = [(False, True, True, since_rows), (False, False, True, since_rows), (True, False, True, since_rows),
                 (False, False, True, min(since_rows, 4)), (True, False, True, min(since_rows, 3)),
                 (True, False, False, min(since_rows, 2)), (True, False, False, min(since_rows, 1))]
        for compact, blanks, tell, least in plans:
            room = budget - fixed[compact] - (extra if tell else 0) - ((3 if has_since else 2) if blanks else 0)
            if room >= least:
                break
        since = self.since_lines(view, seats, room=max(room, 1)) if has_since else []
        gap = [blank] if blanks else []
        self.show([*head, *gap, *since, *(gap if since else []), self.table_heading(bool(since)), *tables[compact],
                   *bottom, *gap, *hand, *(legend_lines + tips if tell else [])])

    def everything(self, view: View, seats: Seats) -> None:
        """Every move of the others since the seat's last turn and the whole
        table, one meld a line (the ``table`` command)."""
        since = self.since_lines(view, seats, room=10 ** 6)
        if not since:
            self.say(_("Nobody else has moved since your last turn."), "dim")
        self.show([*since, self.table_heading(bool(since)), *self.table_lines(view, marks=True),
                   *self.extras_lines(view)])

    def examples(self, deck: DeckSpec) -> list[str]:
        five = [c for c in deck.cards() if c.rank and deck.rank_code(c.rank) in ("5", "6", "7")
                and c.suit == deck.suits[-1].code]
        cards = " ".join(glossary.show_card(c, deck) for c in five[:3]) or "…"
        return [f"{local_word('play')} {cards}", f"{local_word('add')} 1 {cards.split(' ')[0]}",
                local_word("draw"), local_word("end")]

    def waiting(self, view: View, seats: Seats) -> None:
        """The screen between two people at one terminal, before the view's
        seat takes it: whose turn, and no card of anyone's hand."""
        self.clear()
        self.title(view)
        # TRANSLATORS: The table in the terminal; {player} is a player's name (Player 2).
        self.say(_("{player}'s turn. Pass the terminal to {player}, then press Enter.",
                   player=seats.name(view.seat)), "bold")

    def final(self, view: View, seats: Seats, *, since: bool = False) -> None:
        """The end of the game: the result, with ``since`` the last moves the
        view's seat has not seen, the table and every hand. Made to fit the
        console when it can (the result must stay in view): the table puts
        several melds a line, then the last moves shrink to a count."""
        deck = view.variant.deck
        title = Text(self.t(heading_text(view)), style="bold")
        title.append(" ")
        title.append(self.marks.rule * max(0, self.console.width - title.cell_len))
        head = [title]
        if view.outcome is not None:
            head.append(self.line(outcome_text(view.outcome, seats.names), "bold green"))
        bottom = []
        for seat, cards in enumerate(view.final_hands or ()):
            hand = hand_order.by_suit(cards, view.variant)
            line = Text(self.t(ngettext("{player}: {n} card", "{player}: {n} cards", len(hand),
                                        player=seats.label(seat, None))) + "  ")
            line.append_text(self.cards(hand, deck))
            bottom.append(line)
        bottom.append(self.line(ngettext("{n} card left in the deck.", "{n} cards left in the deck.",
                                         view.deck_count)))
        table = self.table_lines(view)
        if self.fit and self.height([*head, *table, *bottom]) + 1 > self.console.height:
            table = self.table_lines(view, compact=True)
        room = None
        if self.fit:
            room = max(1, self.console.height - self.height([*head, *table, *bottom]) - 1)
        moves = self.since_lines(view, seats, room=room) if since else []
        self.show([*head, *moves, self.line(_("Table:"), "bold"), *table, *bottom])


def house_notes(view: View) -> list[str]:
    """What the house rules ask of the seat whose turn it is: its opening
    while it has not opened, and the cards it may still lay down."""
    variant = view.variant
    if not view.my_turn or view.outcome is not None:
        return []
    out = []
    if not view.opened[view.seat]:
        if variant.opening == "meld-from-hand":
            out.append(_("Your first play must include a new combination made only of cards from your hand."))
        elif variant.opening == "run":
            out.append(_("Your first play must include a new run made only of cards from your hand."))
        elif variant.opening == "points":
            # TRANSLATORS: The table in the terminal; {n} is a number.
            out.append(ngettext("Your first play must be new combinations of cards from your hand worth at least "
                                "{n} point.", "Your first play must be new combinations of cards from your hand "
                                "worth at least {n} points.", variant.opening_points))
        if not variant.rearrange_before_opening:
            out.append(_("You may not take, move, split or join table cards before your first play is on the "
                         "table."))
    if variant.cards_per_turn is not None:
        # TRANSLATORS: The table in the terminal; {n} is a number, {limit} is a number, the limit.
        out.append(_("Cards of your hand laid down this turn: {n} of {limit}.", n=len(view.played),
                     limit=variant.cards_per_turn))
    return out
