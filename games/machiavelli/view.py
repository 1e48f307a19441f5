"""What one seat may know about a game: for UIs and bots.

A view reads the game live (it is not a copy) and shows only public
information plus the seat's own hand: other hands only by their size, the
deck only by its count, draws in the log only by how many cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from machiavelli.core.cards import Card
from machiavelli.core.melds import MeldCheck
from machiavelli.core.table import MeldRules, Table

if TYPE_CHECKING:
    from .game import Entry, Game, Outcome
    from machiavelli.core.variant import Variant


class View:
    """The game as ``seat`` sees it."""

    __slots__ = ("_game", "seat")

    def __init__(self, game: "Game", seat: int) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"no seat {seat} in a game of {game.players}")
        self._game = game
        self.seat = seat

    # -- the game --------------------------------------------------------------

    @property
    def variant(self) -> "Variant":
        return self._game.variant

    @property
    def rules(self) -> MeldRules:
        """The variant's memoised meld checks (see :class:`core.table.MeldRules`)."""
        return self._game.rules

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def current(self) -> int:
        return self._game.current

    @property
    def my_turn(self) -> bool:
        return self._game.outcome is None and self._game.current == self.seat

    @property
    def turn(self) -> int:
        """The number of the current turn (from 1)."""
        return self._game.turn_number

    @property
    def outcome(self) -> "Outcome | None":
        return self._game.outcome

    # -- cards -----------------------------------------------------------------

    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's hand, in the order the cards were received."""
        return self._game.hand(self.seat)

    @property
    def hand_values(self) -> tuple[int, ...]:
        """The hand as value indices (``rules.values[v]`` is the Card): for fast bots."""
        value = self._game.rules.value
        return tuple(value[i] for i in self._game._hands[self.seat])

    @property
    def just_drawn(self) -> tuple[Card, ...]:
        """The cards this seat drew at the end of its last turn (shown apart)."""
        return self._game.just_drawn(self.seat)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(self._game.hand_size(s) for s in range(self._game.players))

    @property
    def deck_count(self) -> int:
        return self._game.deck_count

    @property
    def help_cards(self) -> tuple[Card, ...]:
        return self._game.help_cards

    @property
    def melds(self) -> tuple[tuple[Card, ...], ...]:
        """The table's melds as laid out, numbered from 1 in actions."""
        return self._game.melds()

    @property
    def table(self) -> Table:
        return self._game.table

    @property
    def table_keys(self) -> tuple[tuple[int, ...], ...]:
        """Each meld as a sorted tuple of value indices: for fast bots."""
        key = self._game.rules.meld_key
        return tuple(key(m) for m in self._game._table)

    def invalid_melds(self) -> list[tuple[int, MeldCheck]]:
        """(meld number, why) for every meld that is not valid right now."""
        return self._game.turn.invalid()

    # -- the current turn ------------------------------------------------------

    @property
    def working(self) -> tuple[Card, ...]:
        """Cards taken from the table this turn that must go back (BGA marks them red)."""
        return self._game.working

    @property
    def rearranged(self) -> tuple[Card, ...]:
        """Table cards taken or moved this turn, wherever they are now."""
        cards = self._game.rules.cards
        return tuple(cards[i] for i in sorted(self._game.turn.touched))

    @property
    def played(self) -> tuple[Card, ...]:
        """Hand cards the current player has put on the table this turn."""
        cards = self._game.rules.cards
        return tuple(cards[i] for i in self._game.turn.played_ids())

    @property
    def played_from_hand(self) -> bool:
        """Whether the current player has a hand card on the table this turn."""
        return self._game.turn.played

    @property
    def can_undo(self) -> bool:
        return self.my_turn and self._game.turn.steps > 0

    # -- what happened ---------------------------------------------------------

    @property
    def log(self) -> tuple["Entry", ...]:
        """Every accepted action so far (public information only)."""
        return self._game.log

    def changed_melds(self) -> tuple[int, ...]:
        """Numbers of the melds that changed or appeared since this seat's
        last turn ended (for highlighting)."""
        return self._game.changed_since(self.seat)

    def since_my_last_turn(self) -> tuple["Entry", ...]:
        """What the others did since this seat's last turn ended (everything
        so far if it has not played yet)."""
        log = self._game._log
        for k in range(len(log) - 1, -1, -1):
            entry = log[k]
            if entry.seat == self.seat and entry.ends_turn:
                return tuple(log[k + 1:])
        return tuple(log)
