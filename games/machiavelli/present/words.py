"""What a player types at the table, in any language.

A line is a command word and its arguments. The English words always work;
so do the words of the player's language (catalog context ``command``),
a few one-letter short forms, and any beginning of a word that names one
command only (``sp`` for split). ``restore`` costs cards, so it is never
guessed from a beginning: it must be typed in full.

Cards are typed in canonical notation (``5C``, ``10H``, ``5♣``) or with the
language's own letters (Italian ``RC`` for the king of hearts, Re di
Cuori). A card that reads differently in the two (Italian ``5C``: 5♣, or 5
di Cuori?) is refused with the spellings that are not ambiguous, never
guessed, unless the player chose which letters win (``--cards en`` or
``--cards local``, remembered in the user's configuration).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from machiavelli.games.machiavelli.actions import HELP_MARK, Action, parse_action
from machiavelli.core.cards import MAX_NOTATION_CHARS, Card, DeckSpec
from machiavelli.core.errors import MachiavelliError, NotationError
from machiavelli.core.numbers import is_digits
from machiavelli.core.present import TABLE_WORDS

from machiavelli.core.words import CardReader, InputError, fold
from machiavelli.core.i18n import N_, NP_, _, format_list, pgettext
from machiavelli.core.reasons import describe

#: Every command word (English) and its msgid in the catalog (context "command").
COMMANDS: dict[str, str] = {
    "play": NP_("command", "play"),
    "add": NP_("command", "add"),
    "take": NP_("command", "take"),
    "move": NP_("command", "move"),
    "split": NP_("command", "split"),
    "join": NP_("command", "join"),
    # TRANSLATORS: put a card from the hand in place of a joker on the table and take the joker.
    "swap": NP_("command", "swap"),
    "undo": NP_("command", "undo"),
    "restore": NP_("command", "restore"),
    "draw": NP_("command", "draw"),
    "end": NP_("command", "end"),
    # TRANSLATORS: end the deal with a hand of few points (Carousel), as rummy players say it.
    "knock": NP_("command", "knock"),
    # The table's own commands, every game's (hint, sort, table, rules, save, help, quit).
    **TABLE_WORDS,
}
#: Commands that are turn actions (the rest only look, sort, save or leave).
ACTIONS = ("play", "add", "take", "move", "split", "join", "swap", "undo", "restore", "draw", "end", "knock")
#: One-letter forms that always work (English initials).
SHORT: dict[str, str] = {
    "p": "play", "a": "add", "t": "take", "m": "move", "j": "join", "u": "undo",
    "d": "draw", "e": "end", "h": "help", "?": "help", "q": "quit",
}
#: Commands that must be typed in full: they cost cards.
IN_FULL = frozenset({"restore", "knock"})

# TRANSLATORS: how a command is typed; {verb} is the command word. Translate
# CARD, MELD, FROM, TO, ORDER, FILE and COMMAND; keep the dots and brackets.
USAGE: dict[str, str] = {
    "play": NP_("command usage", "{verb} CARD CARD ..."),
    # TRANSLATORS: How a command is typed, in the table's help (capitals stand for what to type);
    # {verb} is a command word.
    "add": NP_("command usage", "{verb} MELD CARD ..."),
    # TRANSLATORS: How a command is typed, in the table's help (capitals stand for what to type);
    # {verb} is a command word.
    "take": NP_("command usage", "{verb} MELD [MELD ...] or {verb} MELD CARD ..."),
    # TRANSLATORS: How a command is typed, in the table's help (capitals stand for what to type);
    # {verb} is a command word.
    "move": NP_("command usage", "{verb} CARD ... FROM TO"),
    # TRANSLATORS: How a command is typed, in the table's help (capitals stand for what to type);
    # {verb} is a command word.
    "split": NP_("command usage", "{verb} MELD CARD"),
    # TRANSLATORS: How a command is typed, in the table's help (capitals stand for what to type);
    # {verb} is a command word.
    "join": NP_("command usage", "{verb} MELD MELD ..."),
    "swap": NP_("command usage", "{verb} MELD CARD"),
    # TRANSLATORS: How a command is typed, in the table's help (capitals stand for what to type);
    # {verb} is a command word.
    "sort": NP_("command usage", "{verb} [ORDER]"),
    # TRANSLATORS: How a command is typed, in the table's help (capitals stand for what to type);
    # {verb} is a command word.
    "save": NP_("command usage", "{verb} [FILE]"),
    "quit": NP_("command usage", "{verb} [FILE]"),
    # TRANSLATORS: How a command is typed, in the table's help (capitals stand for what to type);
    # {verb} is a command word.
    "help": NP_("command usage", "{verb} [COMMAND]"),
}

#: Why a line cannot be read (InputError codes).
INPUT_ERRORS: dict[str, str] = {
    # TRANSLATORS: The table in the terminal: reading what the person types; {token} is what was
    # typed, as typed, {help} is the help command's word.
    "unknown-command": N_("Unknown command {token}. Type {help} for the list of commands."),
    # TRANSLATORS: The table in the terminal: reading what the person types; {token} is what was
    # typed, as typed, {commands} is command words, listed.
    "ambiguous-command": N_("{token} could be {commands}: type more of the word."),
    # TRANSLATORS: The table in the terminal: reading what the person types; {token} is what was
    # typed, as typed, {choices} is the choices, listed.
    "ambiguous-card": N_("{token} can be read in two ways here: type {choices}."),
    # TRANSLATORS: The table in the terminal: reading what the person types; {token} is what was
    # typed, as typed, {usage} is how to type it.
    "bad-arguments": N_("Cannot read {token}: type {usage}"),
    # TRANSLATORS: The table in the terminal: reading what the person types; {token} is what was
    # typed, as typed, {orders} is the ways to type the sort command, listed ("sort suit, sort rank or
    # sort melds").
    "unknown-order": N_("{token} is not a way to order the hand: type {orders}."),
}

#: How a hand can be ordered (``sort``), with the words for them.
ORDERS: dict[str, str] = {
    "suit": NP_("hand order", "suit"),
    "rank": NP_("hand order", "rank"),
    "melds": NP_("hand order", "melds"),
}

_SPLIT = re.compile(r"[\s,;]+")
def local_word(name: str) -> str:
    """A command's word in the user's language."""
    return pgettext("command", COMMANDS[name])


def order_word(name: str) -> str:
    return pgettext("hand order", ORDERS[name])


def usage(command: str) -> str:
    """How ``command`` is typed, with the language's words."""
    template = USAGE.get(command)
    verb = local_word(command)
    return pgettext("command usage", template, verb=verb) if template else verb


def problem(error: MachiavelliError) -> str:
    """Why a line could not be read, in the user's language."""
    template = INPUT_ERRORS.get(error.code)
    if template is None:
        return describe(error)
    params = dict(error.params)
    params.setdefault("help", local_word("help"))
    if error.code == "bad-arguments":
        params["usage"] = usage(str(params.get("command", "")))
    if error.code == "unknown-order":
        params["orders"] = format_list([f"{local_word('sort')} {order_word(o)}" for o in ORDERS], "or")
    return _(template, **{k: params.get(k, "") for k in ("token", "help", "commands", "choices", "usage", "orders")
                          if "{" + k + "}" in template})


def _lookup(word: str, table: dict[str, str], local: Callable[[str], str]) -> tuple[str | None, list[str]]:
    """(the entry ``word`` names, or None; the entries it could begin)."""
    key = fold(word)
    names: dict[str, set[str]] = {}
    for name in table:
        for spelling in {name, local(name)}:
            names.setdefault(fold(spelling), set()).add(name)
    exact = names.get(key)
    if exact and len(exact) == 1:
        return next(iter(exact)), []
    if exact:  # a translation equal to another English word: the English meaning wins
        return (key if key in table else sorted(exact)[0]), []
    if table is COMMANDS and key in SHORT:
        return SHORT[key], []
    if len(key) < 2:
        return None, []
    begun = sorted({n for spelling, found in names.items() if spelling.startswith(key) for n in found})
    begun_ok = [n for n in begun if n not in IN_FULL]
    if len(begun_ok) == 1 and len(begun) == 1:
        return begun_ok[0], []
    return None, begun


def command_of(word: str) -> str:
    """The English name of the command ``word`` names; raises InputError."""
    found, begun = _lookup(word, COMMANDS, local_word)
    if found:
        return found
    if begun:
        choices = format_list([local_word(n) for n in begun], style="or")
        raise InputError("ambiguous-command", token=word, commands=choices)
    raise InputError("unknown-command", token=word)


def order_of(word: str) -> str:
    found, begun = _lookup(word, ORDERS, order_word)
    if found is None:
        raise InputError("unknown-order", token=word)
    return found


# -- lines ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Typed:
    """One line read: ``command`` (English name), its arguments as typed,
    and, for a turn action, the action."""

    command: str
    args: tuple[str, ...] = ()
    action: Action | None = None


def read_line(line: str, reader: CardReader) -> Typed | None:
    """A line as a command (None for an empty line); raises NotationError."""
    if len(line) > MAX_NOTATION_CHARS:
        raise NotationError("input-too-long", token=line[:20] + "…")
    tokens = [t for t in _SPLIT.split(line.strip()) if t]
    if not tokens:
        return None
    command = command_of(tokens[0])
    args = tuple(tokens[1:])
    if command not in ACTIONS:
        return Typed(command, args)
    canonical = [command]
    for token in args:
        if is_digits(token):  # a meld number (ASCII digits only: "²" is read as a card, and refused)
            canonical.append(token)
        elif token.startswith(HELP_MARK) and len(token) > 1:
            canonical.append(HELP_MARK + reader.deck.card_text(reader.card(token[1:])))
        else:
            canonical.append(reader.deck.card_text(reader.card(token)))
    try:
        action = parse_action(" ".join(canonical), reader.deck)
    except NotationError as exc:
        if exc.code == "bad-action":
            raise InputError("bad-arguments", token=line.strip(), command=command) from None
        raise
    return Typed(command, args, action)
