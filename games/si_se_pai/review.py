"""Sì Sè Pái's review of a deal: each answer to a public card and each
discard against the best the seat could do then, from its view (its
concealed hand and the public card), never another hand or the stock.

A window where the public card completes the hand and the seat did not
claim the win is a win missed. Otherwise a choice is measured by the
concealed cards it leaves loose, out of every group (:meth:`Groups.loose`):
a claim that would have left fewer than passing, a discard that breaks a
grouping another discard keeps. Windows where the seat could only pass,
and discards of the only card allowed, are no choice and are left out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Callable, Iterable, Sequence

from machiavelli.core import review as core
from machiavelli.core.cards import Card
from machiavelli.core.review import TurnFinding

from .actions import Discard, Pass, Take, Win
from .game import Game
from .groups import groups_of


def _loose(game: Game, cards: Iterable[Card]) -> int:
    g = groups_of(game.variant)
    return g.loose(g.hand(cards))


def _without(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card]:
    return list((Counter(hand) - Counter(cards)).elements())


def _after_take(game: Game, view: Any, hand: Sequence[Card], cards: Sequence[Card]) -> int:
    """The fewest loose cards after laying ``cards`` with the public card and discarding the best card."""
    rest = _without(hand, cards)
    keep = set(game.variant.keep)
    allowed = [c for c in dict.fromkeys(rest) if game.variant.code_of(c.rank, c.suit) not in keep] or list(dict.fromkeys(rest))
    return min((_loose(game, _without(rest, [d])) for d in allowed), default=0)


def _options(game: Game, view: Any) -> list[tuple[Any, int, bool]]:
    """Every choice open to the seat: (action, loose cards after it, whether it wins)."""
    hand = view.hand
    if view.discarding:
        return [(Discard(c), _loose(game, _without(hand, [c])), False) for c in dict.fromkeys(view.discardable())]
    claims = view.claims()
    if not claims:
        return []
    out: list[tuple[Any, int, bool]] = [(Pass(), _loose(game, hand), False)]
    for claim in claims:
        if isinstance(claim.action, Win):
            out.append((claim.action, 0, True))
        else:
            out.append((claim.action, _after_take(game, view, hand, claim.cards), False))
    return out


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, Take) and isinstance(b, Take):
        return sorted(a.cards) == sorted(b.cards)
    return type(a) is type(b) and (not isinstance(a, Discard) or a.card == b.card)


def review_game(game: Game, actions: Iterable[tuple[int, Any]], seats: Sequence[int] | None = None,
                words: Callable[[TurnFinding, Any], str] | None = None) -> tuple[TurnFinding, ...]:
    """Play ``actions`` on ``game`` (as dealt) and judge each choice of ``seats`` (None: every seat)."""
    deck = game.variant.deck
    wanted = set(range(game.players) if seats is None else seats)
    out: list[TurnFinding] = []
    for index, (seat, action) in enumerate(actions):
        view = game.view(seat)
        options = _options(game, view) if seat in wanted else []
        if len(options) > 1:
            size = len(view.hand)
            chosen = next((o for o in options if _same(o[0], action)), options[0])
            # The win first, then the fewest loose cards; the first in the engine's order among equals.
            best = min(options, key=lambda o: (not o[2], o[1]))
            wins = best[2]
            did, could = size - chosen[1], size - best[1]
            if chosen[2] or (not wins and chosen[1] <= best[1]):
                verdict = core.BEST
            else:
                verdict = core.OUT_MISSED if wins else core.MISSED
            shown = verdict != core.BEST
            finding = TurnFinding(seat, game.turn_number, index, index + 1, verdict, did, could if shown else did,
                                  (action.text(deck),), (best[0].text(deck),) if shown else (), out=wins,
                                  seen_hand=tuple(deck.card_text(c) for c in view.hand),
                                  seen_table=((deck.card_text(view.public),) if view.public is not None else (),))
            if words is not None:
                finding = replace(finding, text=words(finding, view))
            out.append(finding)
        game.apply(action, seat)
    return tuple(out)
