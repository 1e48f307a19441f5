"""The three actions of Eights and their notation (what records keep and
people may type in English)::

    play 7D     put the 7 of diamonds on the pile
    draw        take the stock's top card (the turn ends)
    pass        nothing to play and nothing to draw
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from machiavelli.core.actions import Action
from machiavelli.core.cards import FRENCH, MAX_NOTATION_CHARS, Card, DeckSpec
from machiavelli.core.errors import NotationError

USAGE = "play CARD | draw | pass"


@dataclass(frozen=True, slots=True)
class Play(Action):
    verb: ClassVar[str] = "play"
    card: Card

    def args(self, deck: DeckSpec = FRENCH) -> list[str]:
        return [deck.card_text(self.card)]


@dataclass(frozen=True, slots=True)
class Draw(Action):
    verb: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    verb: ClassVar[str] = "pass"


DRAW, PASS = Draw(), Pass()


def parse_action(text: str, deck: DeckSpec = FRENCH) -> Action:
    """``parse_action("play 7D")``; raises NotationError ``bad-action``."""
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError("input-too-long", token=text[:20] + "…")
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "play" and len(words) == 2:
        return Play(deck.parse_card(words[1]))
    if verb in ("draw", "pass") and len(words) == 1:
        return DRAW if verb == "draw" else PASS
    raise NotationError("bad-action", token=text[:60], usage=USAGE)
