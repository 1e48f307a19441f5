"""Scores of a deal that are more than a count of what is left in hand."""

from __future__ import annotations

from typing import Sequence


def losers_pay(left: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Rummikub's scoring: each loser scores minus the points ``left`` in
    hand, each winner plus what the losers hold beyond the winner's own
    (a winner who went out holds nothing: the losers' total). When the pool
    ran dry, the lowest rack wins and is credited the differences. A deal
    won by going out adds up to zero."""
    out = []
    for seat, points in enumerate(left):
        if seat in winners:
            out.append(sum(other - points for s, other in enumerate(left) if s not in winners))
        else:
            out.append(-points)
    return tuple(out)


def lowest_takes(left: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Carousel's scoring ("The lowest hand value scores the difference
    between each other hand value"): each winner scores what the other
    hands hold beyond its own; the others score nothing."""
    return tuple(sum(other - points for s, other in enumerate(left) if s not in winners) if seat in winners
                 else 0 for seat, points in enumerate(left))
