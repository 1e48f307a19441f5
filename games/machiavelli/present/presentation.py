"""Machiavelli's :class:`~machiavelli.core.present.Presentation`: how the
application draws, narrates, reads and advises it, through the same
protocol as any other game's."""

from __future__ import annotations

import io
from typing import Any, Callable, Sequence

from machiavelli.core import glossary
from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError
from machiavelli.core.i18n import _, ngettext
from machiavelli.core.numbers import is_digits
from machiavelli.core.present import GameScreen, HandOrders, Hint, Presentation, Style, Typed
from machiavelli.core.variant import Variant
from machiavelli.core.words import CardReader, InputError
from machiavelli.games.machiavelli.cross import is_cross

from . import hand_order
from .commands import COMMANDS
from .simulate import REPORT as SIMULATE
from .faces import face
from .screen_tiles import wording
from .words import ORDERS, local_word, order_of, order_word, problem, read_line


def _console(out: io.StringIO, width: int = 100) -> Any:
    from rich.console import Console

    return Console(file=out, width=width, highlight=False, emoji=False, markup=False,
                   soft_wrap=False, color_system=None, force_terminal=False)


def _seats(style: Style) -> Any:
    from .screen import Seats

    return Seats(["human"] * len(style.names), list(style.names))


def _drawn(draw: Callable[[Any], None]) -> list[str]:
    from .screen import Screen

    out = io.StringIO()
    draw(Screen(_console(out)))
    return out.getvalue().rstrip("\n").split("\n")


def seat_view(view: Any, style: Style) -> list[str]:
    return _drawn(lambda screen: screen.turn(view, _seats(style), hand_order.SUIT))


def narrate(entry: Any, variant: Variant, style: Style) -> str:
    from .narrate import entry_text

    return entry_text(entry, variant.deck, list(style.names), variant)


def read_command(text: str, view: Any) -> tuple[Any, ...]:
    typed = read_line(text, CardReader(view.variant.deck))
    if typed is None or typed.action is None:
        raise InputError("unknown-command", token=text.strip())
    return (typed.action,)


def read_whole_line(text: str, view: Any, letters: str | None = None) -> Typed | None:
    """A line in Machiavelli's words: its verbs and the table's commands
    share beginnings and short forms (``s``: sort, split or swap?)."""
    from .words import ACTIONS

    typed = read_line(text, CardReader(view.variant.deck, letters))
    if typed is None:
        return None
    if typed.command in ACTIONS and typed.action is not None:
        return Typed(actions=(typed.action,))
    return Typed(typed.command, typed.args)


def notes(variant: Any) -> list[str]:
    from . import guide

    return guide.notes(variant.deck)


def typed_form(action: Any, deck: Any, reader: CardReader | None = None) -> str:
    """An action as the player would type it, in the player's words."""
    reader = reader or CardReader(deck)
    words = [local_word(action.verb)]
    for arg in action.args(deck):
        if is_digits(arg):
            words.append(arg)
            continue
        mark, text = ("*", arg[1:]) if arg.startswith("*") else ("", arg)
        card = deck.parse_card(text)
        words.append(mark + (reader.spelling(card) if glossary.ascii_cards() else glossary.show_card(card, deck)))
    return " ".join(words)


def describe_action(action: Any, view: Any, style: Style) -> str:
    return typed_form(action, view.variant.deck)


def commands_help() -> list[str]:
    return variant_commands(None)


def variant_commands(variant: Any) -> list[str]:
    """The commands' help lines, for ``variant`` (None: every command)."""
    from . import guide

    return [f"{typed}  {what}" for typed, what in guide.rows(variant)]


def summary(game: Any, style: Style) -> list[str]:
    """After a game between computer players or a replay: the result (or
    whose turn it is), the table, the help cards, every hand and the deck."""
    from .narrate import outcome_text

    deck, names = game.variant.deck, list[str | None](style.names)
    lines = []
    if game.outcome is not None:
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {turn} is a turn's
        # number, {result} is how the game ended.
        lines.append(_("Turn {turn}: {result}", turn=game.turn_number, result=outcome_text(game.outcome, names)))
    else:
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {turn} is a turn's
        # number, {player} is a player's name (Player 2).
        lines.append(_("Turn {turn}: {player} to play.", turn=game.turn_number,
                       player=style.names[game.current]))
    melds = game.melds()
    if melds:
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options).
        lines.append(_("Table:"))
        width = len(str(len(melds)))
        lines.extend(f"  {number:>{width}}  {glossary.show_cards(meld, deck)}" for number, meld in enumerate(melds, 1))
    else:
        lines.append(_("The table is empty."))
    if game.help_cards and is_cross(game.variant):
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {cards} is cards
        # as shown at the table (5♣ 6♣ 7♣). The Cross: the Greek Makiaveli's cards laid face up around
        # the deck.
        lines.append(_("The Cross, around the deck: {cards}", cards=glossary.show_cards(game.help_cards, deck)))
    elif game.help_cards:
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {cards} is cards
        # as shown at the table (5♣ 6♣ 7♣).
        lines.append(_("Help cards: {cards}", cards=glossary.show_cards(game.help_cards, deck)))
    for seat in range(game.players):
        hand = sorted(game.hand(seat), key=deck.sort_key)
        # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {n} is a number.
        count = ngettext("{n} card", "{n} cards", len(hand))
        lines.append(f"  {style.names[seat]}: {count}: {glossary.show_cards(hand, deck)}")
    # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {n} is a number.
    lines.append(ngettext("{n} card left in the deck.", "{n} cards left in the deck.", game.deck_count))
    return lines


def explain(error: MachiavelliError) -> str | None:
    from .reasons import refusal

    said = refusal(error)
    return said if said is not None else problem(error)


def rejection(view: Any, error: MachiavelliError, style: Style) -> list[str]:
    """Why the rules refused an action: at the end of a turn, the cards
    taken and left and every invalid meld of the seat's table."""
    from .reasons import rejection as lines

    deck = view.variant.deck
    if not isinstance(error, IllegalAction):
        return [problem(error)]
    found: list[str] = lines(view, error, lambda cards: glossary.show_cards(cards, deck))
    return found


def rules(variant: Variant) -> Any:
    from .rules_text import compose

    return compose(variant)


def table(view: Any, style: Style) -> Any:
    from .table_view import table as drawn

    return drawn(view, style)


def hint(view: Any) -> Callable[[Style], Hint]:
    """The most cards the solver can put down from the seat's view, and
    the commands that do it (tried on a copy first)."""
    from . import hints

    try:
        found: Any = hints.best_play(view)
    except Exception as exc:  # noqa: BLE001 - a hint is advice: a solver failure must not end the game
        found = exc
    return lambda style: _hint_words(view, found)


def _hint_words(view: Any, found: Any) -> Hint:
    deck = view.variant.deck
    if isinstance(found, ImportError):
        return Hint((_("No hint: this installation has no solver."),))
    if isinstance(found, Exception):
        return Hint((_("No hint: the solver cannot answer this position."),))
    if not found.placed:
        if view.played_from_hand:
            return Hint((_("The solver finds no more cards you can put down: end your turn."),))
        return Hint((_("The solver finds no card you can put down: draw."),))
    lines = []
    if found.from_start:
        lines.append(_("From the table as it was when your turn began (undo your steps first):"))
    # TRANSLATORS: The table in the terminal: a question to the person playing; {n} is a number,
    # {cards} is cards as shown at the table (5♣ 6♣ 7♣).
    lines.append(ngettext("You can put down {n} card: {cards}.", "You can put down {n} cards: {cards}.",
                          len(found.placed), cards=glossary.show_cards(found.placed, deck)))
    commands = tuple(typed_form(action, deck) for action in found.actions)
    if commands:
        # TRANSLATORS: The table in the terminal: a question to the person playing.
        lines.append(_("Type:"))
        lines.extend("  " + c for c in commands)
    else:
        lines.append(_("The table after it:"))
        lines.extend(f"  {n}  {glossary.show_cards(m, deck)}" for n, m in enumerate(found.table, 1))
    return Hint(tuple(lines), tuple(found.placed), commands)


def review(record: Any, seats: Any, seconds: Any, names: Any = ()) -> Any:
    """The game judged turn by turn (:mod:`.review`)."""
    from .review import review as judged

    return judged(record, seats, seconds, names, typed_form)


def screen(console: Any, visual: bool = False) -> GameScreen:
    """Machiavelli's own terminal screens (colours, marks, fitting the terminal)."""
    from .terminal_screen import screen as made

    return made(console, visual)


ORDERS_OF_HAND = HandOrders(tuple(ORDERS), order_word, order_of)


PRESENTATION = Presentation(seat_view=seat_view, narrate=narrate, read_command=read_command,
                            describe_action=describe_action, commands_help=commands_help,
                            variant_commands=variant_commands, summary=summary,
                            explain=explain, rules=rules, table=table, hint=hint, orders=ORDERS_OF_HAND,
                            screen=screen, rejection=rejection,
                            read_line=read_whole_line, notes=notes, simulate=SIMULATE,
                            commands=COMMANDS, face=face, review=review, wording=wording)


def presentation() -> Presentation:
    return PRESENTATION


__all__: Sequence[str] = ("PRESENTATION", "presentation", "typed_form")
