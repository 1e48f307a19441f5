"""Cicera's one action: play a card, taking some table cards or none.

Notation (what records keep and people may type)::

    play 7D              leave the 7 of coins on the table
    play 7D take 3C 4C   take the 3 and the 4 of cups with it

The cards taken are written in the deck's order, so that one capture has
one text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from machiavelli.core.actions import Action
from machiavelli.core.cards import MAX_NOTATION_CHARS, Card, DeckSpec
from machiavelli.core.errors import NotationError

from .cards import BRESCIAN

USAGE = "play CARD [take CARD ...]"
_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from the hand and take ``take`` from the table (empty:
    the card stays on the table)."""

    verb: ClassVar[str] = "play"
    card: Card
    take: tuple[Card, ...] = ()

    def args(self, deck: DeckSpec = BRESCIAN) -> list[str]:
        out = [deck.card_text(self.card)]
        if self.take:
            out += ["take", *(deck.card_text(c) for c in sorted(self.take, key=deck.sort_key))]
        return out

    def text(self, deck: DeckSpec = BRESCIAN) -> str:
        return " ".join([self.verb, *self.args(deck)])

    @property
    def captures(self) -> bool:
        return bool(self.take)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Play) and self.card == other.card
                and sorted(self.take) == sorted(other.take))

    def __hash__(self) -> int:
        return hash((self.card, tuple(sorted(self.take))))

    def __repr__(self) -> str:
        return f"parse_action({self.text()!r})"


def parse_action(text: str, deck: DeckSpec = BRESCIAN) -> Play:
    """``parse_action("play 7D take 3C 4C")``; raises NotationError."""
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError("input-too-long", token=text[:20] + "…")
    words = [w for w in _SPLIT.split(text.strip()) if w]
    if not words or words[0].lower() != "play" or len(words) < 2:
        raise NotationError("bad-action", token=text[:60], usage=USAGE)
    played = deck.parse_card(words[1])
    rest = words[2:]
    if not rest:
        return Play(played)
    if rest[0].lower() != "take" or len(rest) < 2:
        raise NotationError("bad-action", token=text[:60], usage=USAGE)
    taken = tuple(deck.parse_card(w) for w in rest[1:])
    if len(set(taken)) != len(taken):
        raise NotationError("bad-action", token=text[:60], usage=USAGE)
    return Play(played, tuple(sorted(taken, key=deck.sort_key)))
