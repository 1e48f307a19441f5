"""Sì Sè Pái's actions: the answer to a public card, and the discard.

Notation (what records keep and people may type)::

    pass              leave the public card
    take RY RY        lay the public card open with these hand cards
    win               take it to complete the hand (the engine finds the groups)
    discard HW        put a concealed card out as the next public card
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from machiavelli.core.actions import Action
from machiavelli.core.cards import MAX_NOTATION_CHARS, Card, DeckSpec
from machiavelli.core.errors import NotationError

from .cards import FOUR_COLOUR

USAGE = "pass | take CARD ... | win | discard CARD"
_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Leave the public card."""

    verb: ClassVar[str] = "pass"

    def __repr__(self) -> str:
        return "parse_action('pass')"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Claim the public card and lay it open with ``cards`` from the hand."""

    verb: ClassVar[str] = "take"
    cards: tuple[Card, ...]

    def __init__(self, cards: tuple[Card, ...] | list[Card]) -> None:
        object.__setattr__(self, "cards", tuple(sorted(cards, key=FOUR_COLOUR.sort_key)))

    def args(self, deck: DeckSpec = FOUR_COLOUR) -> list[str]:
        return [deck.card_text(c) for c in sorted(self.cards, key=deck.sort_key)]

    def text(self, deck: DeckSpec = FOUR_COLOUR) -> str:
        return " ".join([self.verb, *self.args(deck)])

    def __repr__(self) -> str:
        return f"parse_action({self.text()!r})"


@dataclass(frozen=True, slots=True)
class Win(Action):
    """Claim the public card to complete the hand: every card in groups."""

    verb: ClassVar[str] = "win"

    def __repr__(self) -> str:
        return "parse_action('win')"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put a concealed card out: it becomes the public card."""

    verb: ClassVar[str] = "discard"
    card: Card

    def args(self, deck: DeckSpec = FOUR_COLOUR) -> list[str]:
        return [deck.card_text(self.card)]

    def text(self, deck: DeckSpec = FOUR_COLOUR) -> str:
        return " ".join([self.verb, *self.args(deck)])

    def __repr__(self) -> str:
        return f"parse_action({self.text()!r})"


@dataclass(frozen=True, slots=True)
class Answered(Action):
    """The decision on the public card as a view's log shows it: everyone
    has answered, not who last nor what (the answers' verbs are in the
    decision's events; a claim that lost leaves its cards concealed).
    Never played: the notation does not read it."""

    verb: ClassVar[str] = "answered"

    def __repr__(self) -> str:
        return "Answered()"


Answer = Pass | Take | Win


def parse_action(text: str, deck: DeckSpec = FOUR_COLOUR) -> Action:
    """``parse_action("take RY RY")``; raises NotationError."""
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError("input-too-long", token=text[:20] + "…")
    words = [w for w in _SPLIT.split(text.strip()) if w]
    verb = words[0].lower() if words else ""
    rest = words[1:]
    if verb == "pass" and not rest:
        return Pass()
    if verb == "win" and not rest:
        return Win()
    if verb == "take" and len(rest) <= 8:  # none: the public card alone (a General, a flower)
        return Take(tuple(deck.parse_card(w) for w in rest))
    if verb == "discard" and len(rest) == 1:
        return Discard(deck.parse_card(rest[0]))
    raise NotationError("bad-action", token=text[:60], usage=USAGE)
