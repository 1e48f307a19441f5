"""What the kernel knows of any game of the family: a state driven by
actions, seats that may act, views, and how a game ends.

A game plugin implements :class:`GameState` for its own rules; the kernel's
bots loop, records, simulation and conformance kit (:mod:`.conformance`)
use nothing else. Outcomes are values:
the winning seats and a :class:`Termination`, an enumeration each game
extends with its own ways of ending (python-chess keeps one such enum; a
family of games needs one per game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence, TypeVar

from .actions import Action
from .termination import Termination as Termination  # defined there, re-exported here
from .variant import Variant


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seats (joint winners share) and why.

    In a game of teams, ``teams`` lists the seats of each team and
    ``points`` each team's total; the winners are the winning team's seats
    (every seat of the tied teams when totals are equal). A game without
    teams leaves both empty: every seat plays alone."""

    winners: tuple[int, ...]
    reason: Termination
    teams: tuple[tuple[int, ...], ...] = ()
    points: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"winners": list(self.winners), "reason": str(self.reason)}
        if self.teams:
            out["teams"] = [list(t) for t in self.teams]
            out["points"] = list(self.points)
        return out

    @property
    def winning_teams(self) -> tuple[int, ...]:
        """The teams whose seats won (in a game without teams: none)."""
        return tuple(t for t, seats in enumerate(self.teams) if set(seats) <= set(self.winners))


class LogEntry(Protocol):
    """One accepted action, as every seat may know it."""

    @property
    def turn(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def action(self) -> Action: ...
    @property
    def ends_turn(self) -> bool: ...
    @property
    def outcome(self) -> Outcome | None: ...


class SeatView(Protocol):
    """What one seat may see of a game: public information and its own
    cards, nothing else. Each game's view adds what its players need."""

    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def my_turn(self) -> bool: ...
    @property
    def outcome(self) -> Outcome | None: ...

    def legal_actions(self) -> Sequence[Action]:
        """What the game's ``legal_actions`` lists for this seat now."""
        ...


S = TypeVar("S", bound="GameState")


class GameState(Protocol):
    """A game in progress. ``apply`` raises
    :class:`~machiavelli.core.errors.IllegalAction` and changes nothing when
    the rules reject an action."""

    variant: Variant
    players: int
    seed: int
    #: The seat that played the first turn.
    first: int
    outcome: Outcome | None

    @property
    def turn_number(self) -> int: ...

    def to_move(self) -> tuple[int, ...]:
        """The seats that may act now (several where others may claim)."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """The actions ``seat`` may take now, each once; none when it may not
        act (another seat's turn, the game over). ``apply`` accepts each of
        them. The list is complete unless the game's definition says which
        actions it lists (``GameDefinition.listed``: a game whose legal
        actions are too many lists the atomic ones, and every legal
        position is reached through them)."""
        ...

    def apply(self, action: Action, seat: int | None = None) -> LogEntry: ...

    def view(self, seat: int) -> SeatView: ...

    def hand_size(self, seat: int) -> int:
        """Cards in a seat's hand (public in every game of the family)."""
        ...

    def clone(self: S) -> S:
        """An independent copy: actions on it leave this game unchanged."""
        ...

    @property
    def log(self) -> Sequence[LogEntry]: ...

    def state(self) -> dict[str, Any]:
        """The whole state as plain data, for JSON."""
        ...
