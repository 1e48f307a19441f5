"""A base for a game's seat view: what every game of the family shows alike.

A view reads its game live (it is not a copy). This base gives the public
facts every game has (the variant, players, turn, whose move, the result,
hand sizes, the log of accepted actions as every seat may know them), the
seat's own hand and its legal actions; a game's view subclasses it with
what else its players
may see, and never exposes another seat's hidden cards.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, Sequence, TypeVar

from .actions import Action
from .cards import Card
from .game import Outcome


class _Dealt(Protocol):
    """What the base needs of a game (every game of the family has it)."""

    variant: Any
    players: int
    outcome: Outcome | None

    @property
    def turn_number(self) -> int: ...

    def to_move(self) -> tuple[int, ...]: ...

    def hand(self, seat: int) -> tuple[Card, ...]: ...

    def hand_size(self, seat: int) -> int: ...

    def legal_actions(self, seat: int) -> Sequence[Action]: ...

    @property
    def log(self) -> Sequence[Any]: ...


G = TypeVar("G", bound=_Dealt)


class SeatWindow(Generic[G]):
    """A seat's window on a live game: every property reads the game now."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: G, seat: int) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"no seat {seat} in a game of {game.players}")
        self._game, self.seat = game, seat

    @property
    def variant(self) -> Any:
        """The rules being played (public: every seat knows them)."""
        return self._game.variant

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def turn(self) -> int:
        """The number of the current turn (from 1)."""
        return self._game.turn_number

    @property
    def my_turn(self) -> bool:
        """Whether this seat may act now (never once the game is over)."""
        return self.seat in self._game.to_move()

    @property
    def outcome(self) -> Outcome | None:
        return self._game.outcome

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's own hand."""
        return self._game.hand(self.seat)

    def legal_actions(self) -> tuple[Action, ...]:
        """What the game lists as this seat's legal actions now (none when it may not act)."""
        return tuple(self._game.legal_actions(self.seat))

    @property
    def log(self) -> Sequence[Any]:
        """Every accepted action, as every seat may know it (the game's ``LogEntry``)."""
        return self._game.log

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public in every game of the family)."""
        return tuple(self._game.hand_size(s) for s in range(self.players))
