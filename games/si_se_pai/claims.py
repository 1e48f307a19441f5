"""Who may claim the public card, with what, and who gets it.

Seed 001's priority order, highest first (a lower ``level`` wins):

0. the drawer's own win (the card was drawn, not discarded);
1. another player's win;
2. a group any player may make (``claim_anyone``: identical triples and quads);
3. the drawer's own group (any group but ``claim_never``: no pair);
4. the next player's mixed group (``claim_next``).

Ties within a level go in turn order from the card's owner (the drawer
first; after a discard, the player after the discarder). A claim that
completes the hand is a win whatever its group: the limits on who may make
which group, and the ban on pairs, do not apply to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from machiavelli.core.actions import Action
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction

from .actions import Take, Win

if TYPE_CHECKING:
    from .game import Game

OWN_WIN, OTHER_WIN, ANYONE, DRAWER, NEXT = range(5)


@dataclass(frozen=True)
class Claim:
    """A claim the rules allow: the action, the hand cards laid with the
    public card, the group's kind, its priority level, whether it wins."""

    action: Action
    cards: tuple[Card, ...]
    kind: str
    level: int

    @property
    def wins(self) -> bool:
        return self.level <= OTHER_WIN


def _level(game: "Game", seat: int, kind: str, winning: bool) -> int | None:
    """The claim's level, or None when the seat may not make this group."""
    v = game.variant
    drawer = game.drawn and seat == game.source
    if winning:
        return OWN_WIN if drawer else OTHER_WIN
    if kind in v.claim_never:
        return None
    if kind in v.claim_anyone:
        return ANYONE
    if drawer:
        return DRAWER
    if seat == (game.source + 1) % game.players and kind in v.claim_next:
        return NEXT
    return None


def answers_for(game: "Game", seat: int) -> list[Claim]:
    """Every claim open to the seat on the public card (none for the owner
    of a discard): each group it may make, and the win when it completes
    the hand."""
    if game.public is None or (seat == game.source and not game.drawn):
        return []
    g = game.groups
    public = game.card(game.public)
    value = g.index[public]
    hand = g.hand(game.hand(seat))
    out, best, best_points = [], None, -1
    for rest, kind in g.with_card(hand, value):
        left = list(hand)
        for v in rest:
            left[v] -= 1
        after = g.best(tuple(left))
        level = _level(game, seat, kind, after is not None)
        if level is None:
            continue
        cards = tuple(g.values[v] for v in rest)
        claim = Claim(Take(cards), cards, kind, level)
        out.append(claim)
        # 'win' lays the group with which the whole hand scores most.
        if after is not None and after + game.variant.points.get(kind, 0) > best_points:
            best, best_points = claim, after + game.variant.points.get(kind, 0)
    if best is not None:
        out.append(Claim(Win(), best.cards, best.kind, best.level))
    return out


def judge(game: "Game", seat: int, action: Action) -> Claim:
    """The claim an action makes; IllegalAction (nothing changes) when the
    rules do not allow it."""
    deck = game.variant.deck
    options = answers_for(game, seat)
    if isinstance(action, Win):
        found = next((c for c in options if isinstance(c.action, Win)), None)
        if found is None:
            raise IllegalAction("no-win")
        return found
    assert isinstance(action, Take)
    hand = list(game.hand(seat))
    for c in action.cards:
        if c not in hand:
            raise IllegalAction("card-not-in-hand", card=deck.card_text(c))
        hand.remove(c)
    assert game.public is not None
    kind = game.groups.kind_of([game.card(game.public), *action.cards])
    if kind is None:
        raise IllegalAction("not-a-group", card=deck.card_text(game.card(game.public)))
    found = next((c for c in options if isinstance(c.action, Take) and c.action == action), None)
    if found is None:
        reason = "pair-not-allowed" if kind in game.variant.claim_never else "claim-not-allowed"
        raise IllegalAction(reason, card=deck.card_text(game.card(game.public)), kind=kind)
    return found


def winner_of(game: "Game", answers: Mapping[int, Action]) -> tuple[int, Claim] | None:
    """The seat that gets the public card, and its claim; None when all passed."""
    order = [(game.source + k) % game.players for k in range(game.players)]
    best: tuple[tuple[int, int], int, Claim] | None = None
    for seat, action in answers.items():
        if not isinstance(action, (Take, Win)):
            continue
        claim = judge(game, seat, action)
        key = (claim.level, order.index(seat))
        if best is None or key < best[0]:
            best = (key, seat, claim)
    return None if best is None else (best[1], best[2])
