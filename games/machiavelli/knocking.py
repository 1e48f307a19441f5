"""When a computer player knocks (``knock_limit``, Carousel's rule).

A knock ends the deal and the hand lowest in points wins, so a player
knocks only where nobody is likely to hold less: every other hand would
need under 2 points a card (an ace is 1, the deck's average near 7) to
beat it. Knocking takes the place of the turn's closing ``end`` or
``draw``: the cards the plan laid down are already off the hand.
"""

from __future__ import annotations

from .actions import DRAW, END, KNOCK, Action
from .view import View

#: Points a card of another hand is assumed to be worth at the least.
LEAST_PER_CARD = 2


def worth_knocking(view: View) -> bool:
    """Whether this seat, whose turn it is, should knock now."""
    if view.variant.knock_limit is None or not view.may_knock:
        return False
    mine = view.hand_points
    return all(LEAST_PER_CARD * n > mine for s, n in enumerate(view.hand_sizes) if s != view.seat)


def knock_instead(view: View, action: Action) -> Action:
    """``action``, or a knock in place of a closing ``end`` or ``draw``."""
    if (action is END or action is DRAW) and worth_knocking(view):
        return KNOCK
    return action
