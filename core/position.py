"""A position without its history: what a test, a puzzle or a hint sets up.

A game that can be set up at a chosen position says so in its
:class:`~machiavelli.core.registry.GameDefinition`: ``position(game)`` is
the game's position now, and ``stage(variant, position)`` a game set up
there, in which the current turn starts (nothing of it is played yet, and
no log leads to it). The kernel knows the parts every card game of the
family has: each seat's hand, the face-down cards still to draw, the seed.
A game subclasses :class:`Position` with the rest (the table, whose turn it
is, ...), all of it public.

What a seat may know of a position is :meth:`Position.seen_by`; another
position it cannot tell from this one is :meth:`Position.redealt` (the
hidden cards dealt again) or :meth:`Position.varied` (every secret drawn
again). The conformance kit (:mod:`machiavelli.core.conformance`) stages
both and compares what the seat sees: any difference is a leak. A game
with secrets beyond hands and deck (answers given unseen) overrides
``seen_by`` and ``varied``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, fields, replace
from typing import Any, Iterable, Sequence, TypeVar

from .cards import Card, DeckSpec
from .errors import PositionError

P = TypeVar("P", bound="Position")


@dataclass(frozen=True)
class Position:
    """Each seat's hand (in the order the seat holds it), the face-down
    cards still to draw (top first) and the seed the game keeps."""

    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...] = ()
    seed: int = 0

    def cards(self) -> list[Card]:
        """Every card the position places, once per copy."""
        return [c for h in self.hands for c in h] + list(self.deck)

    def seen_by(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know of the position, as plain data: every part
        but the other hands (their sizes only), the deck (its size) and the
        seed. Two positions the seat cannot tell apart give equal answers."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["hands"] = tuple(h if s == seat else len(h) for s, h in enumerate(self.hands))
        out["deck"] = len(self.deck)
        del out["seed"]
        return out

    def redealt(self: P, seat: int, rng: random.Random) -> P:
        """Another position that ``seat`` cannot tell from this one: the
        cards it cannot see (the other hands, the deck) dealt again among
        those places, each keeping its size, and another seed."""
        others = [s for s in range(len(self.hands)) if s != seat]
        pool = [c for s in others for c in self.hands[s]] + list(self.deck)
        rng.shuffle(pool)
        hands = list(self.hands)
        for s in others:
            size = len(hands[s])
            hands[s], pool = tuple(pool[:size]), pool[size:]
        seed = rng.randrange(1 << 32)
        return replace(self, hands=tuple(hands), deck=tuple(pool),
                       seed=seed if seed != self.seed else seed + 1)

    def varied(self: P, seat: int, rng: random.Random) -> P:
        """Another position that ``seat`` cannot tell from this one, its
        every secret drawn again: :meth:`redealt`, and in a game with other
        secrets (answers given unseen) those varied too."""
        return self.redealt(seat, rng)


def check_cards(cards: Iterable[Card], physical: Sequence[Card], deck: DeckSpec, *, every: bool) -> None:
    """Raise :class:`PositionError` unless ``cards`` are cards of the game's
    ``physical`` cards, no more copies than it holds, and, with ``every``,
    all of them (a game whose every card is in play)."""
    have = Counter(physical)
    placed = Counter(cards)
    for card, count in placed.items():
        if card not in have:
            raise PositionError("card-not-in-deck", card=f"{card.rank}{card.suit}"[:20])
        if count > have[card]:
            raise PositionError("too-many-copies", cards=deck.card_text(card), count=count, decks=have[card])
    if every:
        missing = have - placed
        if missing:
            raise PositionError("cards-missing", cards=deck.format_cards(sorted(missing.elements(),
                                                                                key=deck.sort_key)[:8]),
                                count=missing.total())


def check_seat(seat: int | None, players: int, what: str) -> None:
    """Raise :class:`PositionError` unless ``seat`` is a seat of the game (or None)."""
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players):
        raise PositionError("bad-seat", seat=str(seat)[:20], players=players, field=what)
