"""What one seat sees of a deal: its concealed hand, every open group, the
public card and whose it is, the cards set aside, the stock's size and how
many cards each other seat conceals. Never another hand, nor another
seat's answer (only, once all are in, their verbs)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from machiavelli.core.cards import Card
from machiavelli.core.view import SeatWindow

from .actions import Answered, Discard
from .variant import SiSePaiVariant

if TYPE_CHECKING:
    from .claims import Claim
    from .game import Event, Game


ANSWERED = Answered()


class View(SeatWindow["Game"]):
    """A seat's window on a live game: every property reads the game now."""

    __slots__ = ()

    @property
    def variant(self) -> SiSePaiVariant:
        return self._game.variant

    @property
    def dealer(self) -> int:
        return self._game.dealer

    @property
    def public(self) -> Card | None:
        return self._game.public_card()

    @property
    def source(self) -> int:
        """Whose the public card is: who drew or discarded it."""
        return self._game.source

    @property
    def drawn(self) -> bool:
        """The public card was drawn (False: discarded, or a drawn card offered again)."""
        return self._game.drawn

    @property
    def discarding(self) -> bool:
        """This seat claimed a card and must now discard."""
        return self._game.discarding == self.seat

    @property
    def discarder(self) -> int | None:
        """The seat that claimed the last card and must now discard (everyone saw the claim)."""
        return self._game.discarding

    @property
    def stock(self) -> int:
        return len(self._game.stock)

    def open_groups(self, seat: int) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        return self._game.open_groups(seat)

    def set_aside(self, seat: int) -> tuple[Card, ...]:
        return self._game.set_aside(seat)

    @property
    def opening(self) -> tuple["Event", ...]:
        return self._game.opening

    @property
    def winning_groups(self) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        return self._game.winning_groups

    def claims(self) -> list["Claim"]:
        """The claims this seat may make on the public card now."""
        return self._game.claims(self.seat)

    def discardable(self) -> tuple[Card, ...]:
        return self._game.discardable(self.seat)

    @property
    def log(self) -> tuple[Any, ...]:
        # Answers are secret, and so is their order: this seat's own answer
        # shows as given; another seat's, never. The decision on the card
        # shows as its own entry (ANSWERED, "everyone has answered", under
        # this seat's number) with the events, whoever answered last: who
        # that was would tell who answered after whom.
        # What happened before anyone acted goes with the first entry shown.
        seat, out = self.seat, []
        for e in self._game.log:
            e = replace(e, before=())
            if isinstance(e.action, Discard):
                out.append(e)
                continue
            if e.seat == seat:
                out.append(replace(e, events=(), ends_turn=False, outcome=None) if e.ends_turn else e)
            if e.ends_turn:
                out.append(replace(e, seat=seat, action=ANSWERED))
        if out:
            out[0] = replace(out[0], before=self._game.opening)
        return tuple(out)

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat cannot see: the stock and the other hands, together."""
        seen = list(self.hand)
        for s in range(self.players):
            for _k, cards in self.open_groups(s):
                seen += cards
            seen += self.set_aside(s)
        if self.public is not None:
            seen.append(self.public)
        out = list(self.variant.physical_cards)
        for c in seen:
            out.remove(c)
        return tuple(out)
