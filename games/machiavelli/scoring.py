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
