"""Turn actions: small immutable values with a text notation.

People type them, bots return them, records store them, all in one
notation (meld numbers count from 1, as players see the table)::

    play 5C 6C 7C        a new meld
    add 2 5S             cards onto meld 2
    take 3               meld 3 into the working area (several: take 1 2)
    take 3 5C            cards of meld 3 into the working area
    move 5C 1 2          cards from meld 1 to meld 2
    split 4 7H           meld 4 in two, the second part starting at 7H
    join 1 2             meld 2 (and any more) into meld 1
    swap 2 7H            7H from the hand in place of meld 2's joker,
                         the joker into the working area (jokers only)
    undo | restore | draw | end | knock

Cards are given by value; the engine picks the physical copy, taking first
from the working area (cards taken from the table must go back), then the
hand, then the help cards. ``*7C`` asks for the help card 7C even when the
hand holds one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Iterable

from machiavelli.core.actions import Action as BaseAction
from machiavelli.core.cards import FRENCH, MAX_NOTATION_CHARS, Card, DeckSpec
from machiavelli.core.errors import NotationError
from machiavelli.core.numbers import is_digits, parse_count
from machiavelli.core.i18n import join_values

HELP_MARK = "*"
_SPLIT = re.compile(r"[\s,;]+")

#: Every verb and the shape of its arguments, for help screens.
USAGE: dict[str, str] = {
    "play": "play CARD CARD ...",
    "add": "add MELD CARD ...",
    "take": "take MELD [MELD ...] | take MELD CARD ...",
    "move": "move CARD ... FROM TO",
    "split": "split MELD CARD",
    "join": "join MELD MELD ...",
    "swap": "swap MELD CARD",
    "undo": "undo",
    "restore": "restore",
    "draw": "draw",
    "end": "end",
    "knock": "knock",
}


def _bad(text: str, verb: str | None = None) -> NotationError:
    return NotationError("bad-action", token=text, usage=USAGE.get(verb or "", ""))


class Action(BaseAction):
    """Base of every Machiavelli turn action."""

    __slots__ = ()
    #: Whether the action is a step inside the turn (undo can take it back).
    step: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"Action.parse({self.text()!r})"

    @staticmethod
    def parse(text: str, deck: DeckSpec = FRENCH) -> "Action":
        """``Action.parse("add 2 5S")``; raises NotationError."""
        return parse_action(text, deck)


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(value)


def _check_number(n: object, text: str) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise NotationError("bad-action", token=text, usage="")
    return n


def _card_args(cards: tuple[Card, ...], help: tuple[Card, ...], deck: DeckSpec) -> list[str]:
    return [deck.card_text(c) for c in cards] + [HELP_MARK + deck.card_text(c) for c in help]


@dataclass(frozen=True, slots=True, repr=False)
class Play(Action):
    """A new meld from the working area, the hand and the help cards."""

    cards: tuple[Card, ...]
    help: tuple[Card, ...] = ()
    verb: ClassVar[str] = "play"
    step: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards(self.cards))
        object.__setattr__(self, "help", _cards(self.help))
        if not self.cards and not self.help:
            raise _bad("play", "play")

    def args(self, deck: DeckSpec) -> list[str]:
        return _card_args(self.cards, self.help, deck)


@dataclass(frozen=True, slots=True, repr=False)
class Add(Action):
    """Cards onto a meld of the table."""

    meld: int
    cards: tuple[Card, ...]
    help: tuple[Card, ...] = ()
    verb: ClassVar[str] = "add"
    step: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _check_number(self.meld, "add")
        object.__setattr__(self, "cards", _cards(self.cards))
        object.__setattr__(self, "help", _cards(self.help))
        if not self.cards and not self.help:
            raise _bad("add", "add")

    def args(self, deck: DeckSpec) -> list[str]:
        return [str(self.meld), *_card_args(self.cards, self.help, deck)]


@dataclass(frozen=True, slots=True, repr=False)
class Take(Action):
    """Whole melds, or some cards of one meld, into the working area."""

    melds: tuple[int, ...]
    cards: tuple[Card, ...] = ()
    verb: ClassVar[str] = "take"
    step: ClassVar[bool] = True

    def __post_init__(self) -> None:
        melds = (self.melds,) if isinstance(self.melds, int) else tuple(self.melds)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "cards", _cards(self.cards))
        for n in melds:
            _check_number(n, "take")
        if not melds or (self.cards and len(melds) != 1) or len(set(melds)) != len(melds):
            raise _bad("take", "take")

    def args(self, deck: DeckSpec) -> list[str]:
        return [*map(str, self.melds), *(deck.card_text(c) for c in self.cards)]


@dataclass(frozen=True, slots=True, repr=False)
class Move(Action):
    """Cards from one meld of the table to another."""

    cards: tuple[Card, ...]
    source: int
    target: int
    verb: ClassVar[str] = "move"
    step: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards(self.cards))
        _check_number(self.source, "move")
        _check_number(self.target, "move")
        if not self.cards:
            raise _bad("move", "move")

    def args(self, deck: DeckSpec) -> list[str]:
        return [*(deck.card_text(c) for c in self.cards), str(self.source), str(self.target)]


@dataclass(frozen=True, slots=True, repr=False)
class Split(Action):
    """A meld cut in two: the new meld starts at ``card`` (laid-out order)."""

    meld: int
    card: Card
    verb: ClassVar[str] = "split"
    step: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _check_number(self.meld, "split")

    def args(self, deck: DeckSpec) -> list[str]:
        return [str(self.meld), deck.card_text(self.card)]


@dataclass(frozen=True, slots=True, repr=False)
class Join(Action):
    """The other melds' cards go into the first; they disappear."""

    melds: tuple[int, ...]
    verb: ClassVar[str] = "join"
    step: ClassVar[bool] = True

    def __post_init__(self) -> None:
        melds = tuple(self.melds)
        object.__setattr__(self, "melds", melds)
        for n in melds:
            _check_number(n, "join")
        if len(melds) < 2 or len(set(melds)) != len(melds):
            raise _bad("join", "join")

    def args(self, deck: DeckSpec) -> list[str]:
        return list(map(str, self.melds))


@dataclass(frozen=True, slots=True, repr=False)
class Swap(Action):
    """A joker won back: ``card`` from the hand takes the place of a joker
    of the meld, and the joker goes to the working area (it must be played
    again before the turn ends)."""

    meld: int
    card: Card
    verb: ClassVar[str] = "swap"
    step: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _check_number(self.meld, "swap")

    def args(self, deck: DeckSpec) -> list[str]:
        return [str(self.meld), deck.card_text(self.card)]


@dataclass(frozen=True, slots=True, repr=False)
class Undo(Action):
    """Take back the last step of this turn."""

    verb: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True, repr=False)
class Restore(Action):
    """Put everything back as it was when the turn began, draw the penalty, pass."""

    verb: ClassVar[str] = "restore"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Action):
    """Draw (allowed only when no hand card was played) and pass."""

    verb: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True, repr=False)
class End(Action):
    """End the turn: the table valid, nothing taken left, a hand card played."""

    verb: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True, repr=False)
class Knock(Action):
    """End the turn and the deal: a hand within the variant's knock_limit."""

    verb: ClassVar[str] = "knock"


UNDO, RESTORE, DRAW, END, KNOCK = Undo(), Restore(), Draw(), End(), Knock()
_SINGLE = {"undo": UNDO, "restore": RESTORE, "draw": DRAW, "end": END, "knock": KNOCK}
VERBS: tuple[str, ...] = tuple(USAGE)


def _split_cards(tokens: list[str], deck: DeckSpec) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    cards, help = [], []
    for token in tokens:
        if token.startswith(HELP_MARK) and len(token) > 1:
            help.append(deck.parse_card(token[1:]))
        else:
            cards.append(deck.parse_card(token))
    return tuple(cards), tuple(help)


#: Highest meld number that can be typed.
MAX_MELD_NUMBER = 999_999


def _number(token: str, text: str, verb: str) -> int:
    """A meld number: ASCII digits from 1 to MAX_MELD_NUMBER (``²`` is no number)."""
    number = parse_count(token, 1, MAX_MELD_NUMBER)
    if number is None:
        raise _bad(text, verb)
    return number


def parse_action(text: str, deck: DeckSpec = FRENCH) -> Action:
    """Read one action in the notation above (verbs are English and
    case-insensitive; cards as in :meth:`DeckSpec.parse_card`)."""
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError("input-too-long", token=text[:20] + "…")
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    if not tokens:
        raise _bad(text)
    verb, rest = tokens[0].lower(), tokens[1:]
    if verb in _SINGLE:
        if rest:
            raise _bad(text, verb)
        return _SINGLE[verb]
    if verb == "play":
        if not rest:
            raise _bad(text, verb)
        return Play(*_split_cards(rest, deck))
    if verb == "add":
        if len(rest) < 2:
            raise _bad(text, verb)
        cards, help = _split_cards(rest[1:], deck)
        return Add(_number(rest[0], text, verb), cards, help)
    if verb == "take":
        numbers = []
        while rest and is_digits(rest[0]):
            numbers.append(_number(rest.pop(0), text, verb))
        if not numbers or (rest and len(numbers) != 1) or len(set(numbers)) != len(numbers):
            raise _bad(text, verb)
        return Take(tuple(numbers), tuple(deck.parse_card(t) for t in rest))
    if verb == "move":
        if len(rest) < 3:
            raise _bad(text, verb)
        return Move(tuple(deck.parse_card(t) for t in rest[:-2]),
                    _number(rest[-2], text, verb), _number(rest[-1], text, verb))
    if verb == "split":
        if len(rest) != 2:
            raise _bad(text, verb)
        return Split(_number(rest[0], text, verb), deck.parse_card(rest[1]))
    if verb == "swap":
        if len(rest) != 2:
            raise _bad(text, verb)
        return Swap(_number(rest[0], text, verb), deck.parse_card(rest[1]))
    if verb == "join":
        numbers = [_number(t, text, verb) for t in rest]
        if len(numbers) < 2 or len(set(numbers)) != len(numbers):
            raise _bad(text, verb)
        return Join(tuple(numbers))
    raise NotationError("unknown-action", token=tokens[0], verbs=join_values(VERBS))
