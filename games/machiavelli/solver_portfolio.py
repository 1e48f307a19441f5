"""Which method settles a position's best count: the rank search alone, or
the HiGHS model (:mod:`.solver_milp`) first and the search for its path.

Chosen up front from the position, before any search is wasted. The answer
does not depend on the choice: either way it is the first path, in the
search's preferred order, that places the best count
(:meth:`.solver_jokers.JokerSearch.solve`); the model only saves the proof
that no more cards fit, and its LP tells which hand cards no answer reaching
its bound can place (:func:`.solver_milp.hand_limits`), which the search then
leaves out. Where that smaller search proves the bound out of reach, one
fewer is the bound, with limits of its own (:data:`.solver.DOWN`), before
the integer programme is asked for the count.

Measured (``python bench/solver.py --classes``): the model pays on small
tables, where that proof is most of the search's work and the model's LP
bound gives it at once. On big tables the search proves its counts at
once, unless the hand is small: the
positions of a game past its first turns (big tables, a few hand cards of
which most do not fit), where proving that count is again most of the
search's work (the jokers games of expert players: ``python
bench/simulate.py --variants jokers --bots expert``). With one joker too,
since the LP bound takes a millisecond (:func:`.solver_milp.lp_bound`):
the expert players' positions took 1% to 15% fewer instructions on four
slices of 60, the bench's one-joker classes as long as before. (The
integer programme itself is slow with one joker, its branching finding no
help in the one joker row, but the search meets the LP bound or one under
it almost always, and the programme is not run.)
"""

from __future__ import annotations

from typing import Sequence

from machiavelli.core.cards import Card

#: Most table cards (jokers included) on which the model goes first.
SMALL_TABLE = 24
#: Most hand cards with which the model goes first on any table.
FEW_IN_HAND = 12


def model_first(melds: Sequence[Sequence[Card]], hand: int | None = None) -> bool:
    """Whether the HiGHS model should settle the best count of a position
    with jokers, ``hand`` hand cards (None: not said)."""
    return sum(len(m) for m in melds) <= SMALL_TABLE or (hand is not None and hand <= FEW_IN_HAND)
