"""The move solver: the most hand cards a player can put down this turn.

:func:`solve` takes a resolved variant, the table (melds), the hand and,
in the help-cards variant, the help cards, and returns a :class:`Solution`:
the hand cards placed, the help cards used, the new table and the steps
that lead from the old table to the new one. Table cards never leave the
table; the old table is always a valid answer (nothing placed).

The number of hand cards placed is always the most possible. Among the
answers that reach it the solver gives the first one found by a search that
settles the ranks in the order ace, king, queen ... two and, at each rank,
prefers (each criterion breaking the ties of the one before):

1. placing more hand cards of that rank, so that among equal counts high
   cards go down and low cards stay in hand (they cost least if the game
   ends in a count of points);
2. keeping more table cards in the kind of meld they are in (a set card
   stays in a set, a run card in a run): the smaller rearrangement;
3. leaving fewer runs unfinished, then more points placed, then fewer help
   cards used.

Answers are deterministic: the same position always gives the same answer.
On the hardest positions, where that search would run long, the answer is
the first one found by a faster order of the same moves (unfinished runs
first). Within the chosen cards the layout keeps old melds together where it
can, old melds keep their numbers and new melds are numbered after them, so
that the steps are few.

Variants whose meld kinds are plain sets (one rank, distinct suits) and runs
(one suit, consecutive ranks, any ace policy) go through an exact search
over ranks (:mod:`machiavelli.games.machiavelli.solver_ranks`, :mod:`machiavelli.games.machiavelli.solver_search`); any other
kinds through an exact but slower search over candidate melds
(:mod:`machiavelli.games.machiavelli.solver_generic`), which gives up with
:class:`~machiavelli.core.errors.SolverError` rather than guess.
"""

from __future__ import annotations

import gc
from collections import Counter
from typing import Iterable, Sequence

from machiavelli.core.cards import Card
from machiavelli.core.errors import PositionError, SolverError
from .solution import Solution, Source, Step
from .variant import MachiavelliVariant as Variant

__all__ = ["Solution", "Source", "Step", "check_position", "solve"]

def check_position(
    variant: Variant,
    table: Sequence[Sequence[Card]],
    hand: Sequence[Card],
    help_cards: Sequence[Card] = (),
) -> tuple[str, ...]:
    """The kind of each meld of the table; :class:`PositionError` for a
    position that cannot occur: a card not in the deck, an invalid meld,
    more copies of a card than the decks hold."""
    deck = variant.deck
    ranks, suits = len(deck.ranks), {s.code for s in deck.suits}
    everything = [c for meld in table for c in meld] + list(hand) + list(help_cards)
    for card in everything:
        if not isinstance(card, Card) or card.suit not in suits or not 1 <= card.rank <= ranks:
            raise PositionError("card-not-in-deck", card=str(card))
    kinds = []
    for number, meld in enumerate(table, start=1):
        result = variant.check(tuple(meld))
        if not result.valid:
            raise PositionError(
                "invalid-meld", meld=number, cards=deck.format_cards(meld), reason=result.reason or ""
            )
        kinds.append(result.kind)
    counts = Counter(everything)
    if max(counts.values(), default=0) > variant.decks:
        card = min(c for c, n in counts.items() if n > variant.decks)
        raise PositionError("too-many-copies", cards=deck.card_text(card), count=counts[card], decks=variant.decks)
    return tuple(kinds)


def solve(
    variant: Variant,
    table: Iterable[Iterable[Card]],
    hand: Iterable[Card],
    help_cards: Iterable[Card] = (),
) -> Solution:
    """The most hand cards that can be placed (see the module's docstring)."""
    melds = tuple(tuple(m) for m in table)
    hand_t, help_t = tuple(hand), tuple(help_cards)
    if any(c.rank == 0 for c in (*hand_t, *help_t, *(c for m in melds for c in m))):
        # Jokers (issue 11): until the search knows them, no answer rather than a wrong one.
        raise SolverError("jokers-not-solved")
    kinds = check_position(variant, melds, hand_t, help_t)
    # The search allocates many small tuples and no cycles worth collecting:
    # a collection of the old generation in the middle of it would cost more
    # than the whole search.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(variant, melds, kinds, hand_t, help_t)
    finally:
        if collecting:
            gc.enable()


def _solve(variant: Variant, melds, kinds, hand_t, help_t) -> Solution:
    from . import solver_build, solver_layout, solver_ranks

    shape = solver_ranks.shape_of(variant)
    if shape is not None:
        new_melds, placed, used_help = solver_build.solve_position(variant, shape, melds, kinds, hand_t, help_t)
        method = "rank-search"
    else:
        from . import solver_generic

        new_melds, placed, used_help = solver_generic.solve_position(variant, melds, hand_t, help_t)
        method = "generic"
    return solver_layout.explain(variant, melds, new_melds, placed, used_help, method)
