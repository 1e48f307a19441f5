"""What one seat sees of a deal: its hand, the table, every capture pile
(captured cards are shown face up as they are taken), the card the previous
player left, and how many cards each other seat holds. Never another hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from machiavelli.core.cards import Card
from machiavelli.core.view import SeatWindow

from .variant import CiceraVariant

if TYPE_CHECKING:
    from .actions import Play
    from .game import Entry, Game
    from .rules import Award


class View(SeatWindow["Game"]):
    """A seat's window on a live game: every property reads the game now."""

    __slots__ = ()

    @property
    def variant(self) -> CiceraVariant:
        return self._game.variant

    @property
    def current(self) -> int:
        return self._game.current

    @property
    def dealer(self) -> int:
        return self._game.dealer

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self._game.teams

    @property
    def team(self) -> int:
        return self._game.team_of(self.seat)

    def team_of(self, seat: int) -> int:
        return self._game.team_of(seat)

    @property
    def table(self) -> tuple[Card, ...]:
        return self._game.table_cards()

    @property
    def left(self) -> Card | None:
        """The card the previous player left on the table (picada bait)."""
        return self._game.left_card()

    def pile(self, team: int) -> tuple[Card, ...]:
        return self._game.pile(team)

    @property
    def bonus_points(self) -> tuple[int, ...]:
        return tuple(self._game.bonus_points)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._game.totals())

    @property
    def awards(self) -> tuple["Award", ...]:
        """The end-of-deal awards (empty until the deal is over)."""
        return tuple(self._game.awards)

    @property
    def last_capturer(self) -> int | None:
        return self._game.last_capturer

    @property
    def log(self) -> tuple["Entry", ...]:
        return self._game.log

    def legal_actions(self) -> tuple["Play", ...]:
        """The plays open to this seat now (none when it is not its turn)."""
        return tuple(self._game.legal_actions(self.seat)) if self.my_turn else ()

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat cannot see: the other hands, together."""
        seen = set(self.hand) | set(self.table)
        for t in range(len(self.teams)):
            seen |= set(self.pile(t))
        return tuple(c for c in self.variant.physical_cards if c not in seen)
