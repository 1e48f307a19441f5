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
import unicodedata
from dataclasses import dataclass
from typing import Callable

from machiavelli.games.machiavelli.actions import HELP_MARK, Action, parse_action
from machiavelli.core.cards import MAX_NOTATION_CHARS, Card, DeckSpec
from machiavelli.core.errors import MachiavelliError, NotationError
from machiavelli.core.numbers import is_digits

from machiavelli.core import glossary
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
    "hint": NP_("command", "hint"),
    "sort": NP_("command", "sort"),
    "table": NP_("command", "table"),
    "rules": NP_("command", "rules"),
    "save": NP_("command", "save"),
    "help": NP_("command", "help"),
    "quit": NP_("command", "quit"),
}
#: Commands that are turn actions (the rest only look, sort, save or leave).
ACTIONS = ("play", "add", "take", "move", "split", "join", "swap", "undo", "restore", "draw", "end")
#: One-letter forms that always work (English initials).
SHORT: dict[str, str] = {
    "p": "play", "a": "add", "t": "take", "m": "move", "j": "join", "u": "undo",
    "d": "draw", "e": "end", "h": "help", "?": "help", "q": "quit",
}
#: Commands that must be typed in full: they cost cards.
IN_FULL = frozenset({"restore"})

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
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200e\u200f\u2066\u2067\u2068\u2069\u061c"), None)
# Alef with hamza or madda is often typed as a plain alef; short vowels and
# tatweel are decoration; Ukrainian words are typed with any apostrophe.
_ARABIC = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ة": "ه", "ـ": None,
                         "’": "'", "ʼ": "'", "`": "'"})
_MARKS = re.compile("[\u064b-\u065f\u0670]")


class InputError(NotationError):
    """A line the table cannot read (codes: ``unknown-command``,
    ``ambiguous-command``, ``ambiguous-card``, ``bad-arguments``, ``unknown-order``)."""


def fold(text: str) -> str:
    """A word as compared: case, width, invisible marks and Arabic
    spelling variants do not matter."""
    text = unicodedata.normalize("NFKC", text.translate(_INVISIBLE)).casefold()
    return _MARKS.sub("", text).translate(_ARABIC)


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


# -- cards ------------------------------------------------------------------------

#: Which letters win when a card reads two ways: English (canonical) or the
#: language's own; "ask" (or nothing chosen) refuses the card with both spellings.
CARD_LETTERS = ("en", "local", "ask")
_letters: str | None = None
_letters_chosen = False


def set_card_letters(value: str | None) -> None:
    """Choose for this run which letters win ("en", "local", or "ask"/None: neither)."""
    global _letters, _letters_chosen
    _letters, _letters_chosen = (None if value == "ask" else value), True


def reset_card_letters() -> None:
    """Back to the remembered choice (the user's configuration)."""
    global _letters, _letters_chosen
    _letters, _letters_chosen = None, False


def card_letters() -> str | None:
    """Which letters win: chosen on the command line, else remembered, else None."""
    if _letters_chosen:
        return _letters
    from machiavelli.core import config

    return config.get("cards")


class CardReader:
    """Reads cards typed in canonical notation or with the language's letters."""

    def __init__(self, deck: DeckSpec, letters: str | None = None) -> None:
        self.deck = deck
        #: "en" or "local": which reading wins when a card reads two ways; None: refuse it.
        self.letters = letters if letters is not None else card_letters()
        rank_letters, suit_letters = glossary.letters(deck)
        self._ranks = {fold(k): v for k, v in rank_letters.items()}
        self._suits = {fold(k): v for k, v in suit_letters.items()}
        for suit in deck.suits:
            self._suits[fold(suit.symbol)] = suit.code
        self._rank_number = {r.code: i + 1 for i, r in enumerate(deck.ranks)}
        self._extras = {fold(k): v for k, v in glossary.extra_letters(deck).items()}

    def _canonical(self, token: str) -> Card | None:
        try:
            return self.deck.parse_card(token)
        except NotationError:
            return None

    def _local(self, token: str) -> Card | None:
        key = fold(token)
        extra = self._extras.get(key)
        if extra is not None:
            return Card(0, extra)
        for cut in range(1, len(key)):
            rank, suit = self._ranks.get(key[:cut]), self._suits.get(key[cut:])
            if rank is not None and suit is not None:
                return Card(self._rank_number[rank], suit)
        return None

    def readings(self, token: str) -> set[Card]:
        """Every card ``token`` may name (two when it reads differently in
        English and in the language's letters, and no letters win)."""
        canonical, local = self._canonical(token), self._local(token)
        if canonical is not None and local is not None and canonical != local:
            if self.letters == "en":
                return {canonical}
            if self.letters == "local":
                return {local}
        return {c for c in (canonical, local) if c is not None}

    def card(self, token: str) -> Card:
        found = self.readings(token)
        if len(found) == 1:
            return found.pop()
        if not found:
            raise NotationError("bad-card", token=token)
        raise InputError("ambiguous-card", token=token, choices=self._choices(sorted(found, key=self.deck.sort_key)))

    def spelling(self, card: Card) -> str:
        """How to type ``card`` without ambiguity: canonical if it is
        unambiguous, else with the language's letters, else with the symbol."""
        canonical = self.deck.card_text(card)
        if self.readings(canonical) == {card} or card.rank == 0:
            return canonical
        rank, suit = self.deck.rank_code(card.rank), card.suit
        local = glossary.letter(rank) + glossary.letter(suit)
        if self.readings(local) == {card}:
            return local
        return self.deck.card_symbol(card)

    def _choices(self, cards: list[Card]) -> str:
        # TRANSLATORS: The table in the terminal: reading what the person types; {typed} is what the
        # person typed, {card} is one card (5♣).
        parts = [_("{typed} for {card}", typed=self.spelling(c), card=glossary.show_card(c, self.deck)) for c in cards]
        return format_list(parts, style="or")


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
