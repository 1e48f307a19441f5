"""A game of Eights: a shedding game for two to five players.

Each player is dealt ``hand_size`` cards and one card starts the pile. In
turn, a player puts on the pile a card of the same suit or rank as its top
card (a wild card goes on anything), or draws one card from the stock,
which ends the turn. With the stock empty and nothing to play, the player
passes. The first to play their last card wins; when every player passes
in turn, the game is blocked and nobody wins.

Seats count from 0 in turn order. Each physical card is an index into
``variant.physical_cards``, so no card is lost or doubled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from machiavelli.core.actions import Action
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction, PositionError, SetupError
from machiavelli.core.game import Outcome
from machiavelli.core.position import Position, check_cards, check_seat

from .actions import DRAW, PASS, Draw, Pass, Play
from .ending import Ending
from .variant import EightsVariant


def fits(card: Card, top: Card, variant: EightsVariant) -> bool:
    """Whether ``card`` may go on ``top``: the same suit, the same rank, or a wild card."""
    return variant.wild(card.rank) or card.suit == top.suit or card.rank == top.rank


@dataclass(frozen=True)
class EightsPosition(Position):
    """A game of Eights set up by hand (see :mod:`machiavelli.core.position`):
    besides the hands and the stock (``deck``, top first), the ``pile``
    (bottom first: its last card is on top), who plays now, the turn's
    number, who played first and how many passed in a row."""

    pile: tuple[Card, ...] = ()
    current: int = 0
    turn: int = 1
    first: int = 0
    passes: int = 0


@dataclass(frozen=True)
class Entry:
    """One accepted action, as every seat may know it (a drawn card is not
    named: only its drawer sees it, in their hand)."""

    turn: int
    seat: int
    action: Action
    ends_turn: bool = True
    outcome: Outcome | None = None


class Game:
    """A game in progress; ``apply`` raises IllegalAction and changes nothing
    when the rules refuse an action."""

    def __init__(self, variant: EightsVariant, players: int, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise SetupError("bad-seed", seed=str(seed)[:40])
        if not isinstance(players, int) or isinstance(players, bool) or players < variant.players.min:
            raise SetupError("too-few-players", players=str(players), min=variant.players.min)
        if players > variant.players.max:
            raise SetupError("too-many-players", players=players, max=variant.players.max)
        self.variant, self.players, self.seed = variant, players, seed
        rng = random.Random(seed)
        order = list(range(variant.card_count))
        rng.shuffle(order)
        self.first = self.current = rng.randrange(players)
        n = variant.hand_size
        self.hands: list[list[int]] = [order[s * n:(s + 1) * n] for s in range(players)]
        self.pile: list[int] = [order[players * n]]
        self.stock: list[int] = order[players * n + 1:]
        self.passes = 0
        self.turn_number = 1
        self.outcome: Outcome | None = None
        self._log: list[Entry] = []

    @classmethod
    def at_position(cls, variant: EightsVariant, position: EightsPosition) -> "Game":
        """A game set up at ``position``, its current seat to play; raises
        PositionError for one that cannot occur (a card missing or twice, no pile)."""
        players = len(position.hands)
        if not variant.players.min <= players <= variant.players.max:
            raise PositionError("bad-players", players=players, min=variant.players.min, max=variant.players.max)
        for seat, what in ((position.current, "current"), (position.first, "first")):
            check_seat(seat, players, what)
        if not position.pile:
            raise PositionError("no-pile")
        check_cards([*position.cards(), *position.pile], variant.physical_cards, variant.deck, every=True)
        free: dict[Card, list[int]] = {}
        for i, card in enumerate(variant.physical_cards):
            free.setdefault(card, []).append(i)

        def ids(cards: tuple[Card, ...]) -> list[int]:
            return [free[c].pop(0) for c in cards]

        game = cls.__new__(cls)
        game.variant, game.players, game.seed = variant, players, position.seed
        game.hands = [ids(h) for h in position.hands]
        game.pile, game.stock = ids(position.pile), ids(position.deck)[::-1]
        game.first, game.current, game.turn_number = position.first, position.current, position.turn
        game.passes, game.outcome, game._log = position.passes, None, []
        return game

    def position(self) -> EightsPosition:
        """The game now, without its history (see :meth:`at_position`)."""
        return EightsPosition(hands=tuple(self.hand(s) for s in range(self.players)),
                              deck=tuple(self.card(i) for i in reversed(self.stock)), seed=self.seed,
                              pile=tuple(self.card(i) for i in self.pile), current=self.current,
                              turn=self.turn_number, first=self.first, passes=self.passes)

    # -- reading --------------------------------------------------------------

    def card(self, index: int) -> Card:
        return self.variant.physical_cards[index]

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.card(i) for i in self.hands[seat])

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat])

    @property
    def top(self) -> Card:
        """The card on top of the pile."""
        return self.card(self.pile[-1])

    @property
    def log(self) -> tuple[Entry, ...]:
        return tuple(self._log)

    def to_move(self) -> tuple[int, ...]:
        return () if self.outcome is not None else (self.current,)

    def fits(self, card: Card) -> bool:
        """Whether ``card`` may go on the pile now."""
        return fits(card, self.top, self.variant)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` may take now, each once (none when it may not act)."""
        seat = self.current if seat is None else seat
        if self.outcome is not None or seat != self.current:
            return []
        plays: list[Action] = [Play(c) for c in dict.fromkeys(self.hand(seat)) if self.fits(c)]
        if self.stock and (not plays or self.variant.draw_when_able):
            return [*plays, DRAW]
        return plays or [PASS]

    # -- playing --------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> Entry:
        seat = self.current if seat is None else seat
        if self.outcome is not None:
            raise IllegalAction("game-over")
        if seat != self.current:
            raise IllegalAction("not-your-turn", seat=seat)
        deck = self.variant.deck
        if isinstance(action, Play):
            held = next((i for i in self.hands[seat] if self.card(i) == action.card), None)
            if held is None:
                raise IllegalAction("card-not-in-hand", card=deck.card_text(action.card))
            if not self.fits(action.card):
                raise IllegalAction("does-not-fit", card=deck.card_text(action.card), top=deck.card_text(self.top))
            self.hands[seat].remove(held)
            self.pile.append(held)
            self.passes = 0
            if not self.hands[seat]:
                self.outcome = Outcome((seat,), Ending.WENT_OUT)
        elif isinstance(action, Draw):
            if not self.stock:
                raise IllegalAction("stock-empty")
            if not self.variant.draw_when_able and any(self.fits(c) for c in self.hand(seat)):
                raise IllegalAction("must-play")
            self.hands[seat].append(self.stock.pop())
            self.passes = 0
        elif isinstance(action, Pass):
            if self.stock:
                raise IllegalAction("must-draw")
            if any(self.fits(c) for c in self.hand(seat)):
                raise IllegalAction("must-play")
            self.passes += 1
            if self.passes >= self.players:
                self.outcome = Outcome((), Ending.BLOCKED)
        else:
            raise IllegalAction("unknown-action", action=type(action).__name__)
        entry = Entry(self.turn_number, seat, action, True, self.outcome)
        self._log.append(entry)
        if self.outcome is None:
            self.current = (seat + 1) % self.players
            self.turn_number += 1
        return entry

    # -- copies and views -----------------------------------------------------

    def clone(self) -> "Game":
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.pile, other.stock, other._log = list(self.pile), list(self.stock), list(self._log)
        return other

    def view(self, seat: int) -> Any:
        from .view import View

        return View(self, seat)

    def state(self) -> dict[str, Any]:
        text = self.variant.deck.card_text
        return {
            "game": "eights",
            "result": self.outcome.as_dict() if self.outcome else None,
            "first": self.first,
            "current": None if self.outcome else self.current,
            "turn": self.turn_number,
            "hands": [[text(c) for c in self.hand(s)] for s in range(self.players)],
            "pile": [text(self.card(i)) for i in self.pile],
            "stock": [text(self.card(i)) for i in self.stock],
            "passes": self.passes,
        }
