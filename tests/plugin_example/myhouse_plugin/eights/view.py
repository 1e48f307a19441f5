"""What one seat sees of a game of Eights: its hand, the pile's top card,
how many cards the stock and every hand hold, and what was played. Never
another hand, never the stock's cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from machiavelli.core.actions import Action
from machiavelli.core.cards import Card
from machiavelli.core.view import SeatWindow

from .variant import EightsVariant

if TYPE_CHECKING:
    from .game import Entry, Game


class View(SeatWindow["Game"]):
    __slots__ = ()

    @property
    def variant(self) -> EightsVariant:
        return self._game.variant

    @property
    def current(self) -> int:
        return self._game.current

    @property
    def top(self) -> Card:
        return self._game.top

    @property
    def stock(self) -> int:
        """Cards left in the stock (a count: the cards are face down)."""
        return len(self._game.stock)

    @property
    def passes(self) -> int:
        """Players who passed in a row just before this turn."""
        return self._game.passes

    @property
    def log(self) -> tuple["Entry", ...]:
        return self._game.log

    def legal_actions(self) -> list[Action]:
        """The actions open to this seat now (none when it is not its turn)."""
        return self._game.legal_actions(self.seat) if self.my_turn else []
