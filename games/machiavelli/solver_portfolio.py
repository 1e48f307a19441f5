"""Which method settles a position's best count: the rank search alone, or
the HiGHS model (:mod:`.solver_milp`) first and the search for its path.

Chosen up front from the position, before any search is wasted. The answer
does not depend on the choice: either way it is the first path, in the
search's preferred order, that places the best count
(:meth:`.solver_jokers.JokerSearch.solve`); the model only saves the proof
that no more cards fit.

Measured (``python bench/solver.py --classes``): the model pays on small
tables with two jokers or more, where that proof is most of the search's
work and the model's LP bound gives it at once. With one joker HiGHS is
slow (its branching finds no help in the one joker row), and on big
tables the search proves its counts at once.
"""

from __future__ import annotations

from typing import Sequence

from machiavelli.core.cards import Card

#: Most table cards (jokers included) on which the model goes first.
SMALL_TABLE = 24
#: Fewest jokers in the position for the model to go first.
MANY_JOKERS = 2


def model_first(melds: Sequence[Sequence[Card]], jokers: int) -> bool:
    """Whether the HiGHS model should settle the best count of a position
    holding ``jokers`` jokers in all (table, hand and help cards)."""
    return jokers >= MANY_JOKERS and sum(len(m) for m in melds) <= SMALL_TABLE
