"""The move solver: the most hand cards a player can put down this turn.

:func:`solve` takes a resolved variant, the table (melds), the hand and,
in the help-cards variant, the help cards, and returns a :class:`Solution`:
the hand cards placed, the help cards used, the new table and the steps
that lead from the old table to the new one. Table cards never leave the
table; the old table is always a valid answer (nothing placed).

The number of hand cards placed is always the most possible. When that is
none, the answer is the table as it is (no rearrangement), whichever method
ran. Among the
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

Jokers (``JK``, tools/JOKERS.md) may be in the table, the hand and the help
cards: every table joker stays on the table, a hand joker placed counts as a
hand card, and each meld holds a natural card and at most
``jokers_per_meld`` jokers. Positions with jokers go through the same rank
search with the jokers used so far in its state
(:mod:`machiavelli.games.machiavelli.solver_jokers`); among answers that
place as many cards it prefers natural cards to jokers, so hand jokers are
the last to go down. There the answer is always the first one in the
preferred order for the best count, whether the search proved that count or
the HiGHS model did (:mod:`machiavelli.games.machiavelli.solver_portfolio`
chooses from the position, before any search); a position whose search runs
past a fixed budget even for the model's count gets the model's own layout
(method ``milp``).

Variants whose meld kinds are plain sets (one rank, distinct suits) and runs
(one suit, consecutive ranks, any ace policy) go through an exact search
over ranks (:mod:`machiavelli.games.machiavelli.solver_ranks`, :mod:`machiavelli.games.machiavelli.solver_search`); any other
kinds, with or without jokers, through an exact but slower search over
candidate melds (:mod:`machiavelli.games.machiavelli.solver_generic`), which gives up with
:class:`~machiavelli.core.errors.SolverError` rather than guess.
"""

from __future__ import annotations

import gc
from collections import Counter
from typing import Iterable, Sequence

from machiavelli.core.cards import Card
from machiavelli.core.errors import PositionError
from machiavelli.core.table import rules_for
from machiavelli.core.variant import per_variant
from .solution import Solution, Source, Step
from .variant import MachiavelliVariant as Variant

__all__ = ["Solution", "Source", "Step", "check_position", "solve"]

#: Counts under the LP bound that the model-first search tries with hand
#: limits of their own, each one proved out of reach, before the integer
#: programme settles the count (the LP bound is almost always the count).
DOWN = 1

#: The joker (:data:`.solver_jokers.JOKER`; that module is loaded only for positions with jokers).
JOKER = Card(0, "JK")

def check_position(
    variant: Variant,
    table: Sequence[Sequence[Card]],
    hand: Sequence[Card],
    help_cards: Sequence[Card] = (),
) -> tuple[str, ...]:
    """The kind of each meld of the table; :class:`PositionError` for a
    position that cannot occur: a card not in the deck, an invalid meld,
    more copies of a card than the decks hold."""
    return _check(variant, table, hand, help_cards)[0]


def _check(variant: Variant, table: Sequence[Sequence[Card]], hand: Sequence[Card],
           help_cards: Sequence[Card]) -> tuple[tuple[str, ...], bool]:
    """(:func:`check_position`, whether the position holds jokers)."""
    kinds_ = _check_plain(variant, table, hand, help_cards)
    if kinds_ is not None:
        return kinds_, False
    deck = variant.deck
    ranks, suits = len(deck.ranks), {s.code for s in deck.suits}
    everything = [c for meld in table for c in meld] + list(hand) + list(help_cards)
    jokers = False
    for card in everything:
        if not isinstance(card, Card) or card.suit not in suits or not 1 <= card.rank <= ranks:
            if isinstance(card, Card) and card == JOKER and deck.extra(card) is not None:
                jokers = True
                continue
            raise PositionError("card-not-in-deck", card=str(card))
    kinds = []
    # The engine's memoised checks: a game's table is mostly the melds of
    # the turns before. An invalid meld is checked again as given, so that
    # the reason is the one the player's own order of cards gets.
    check_cards = rules_for(variant).check_cards
    for number, meld in enumerate(table, start=1):
        if jokers and JOKER in meld:
            from .solver_jokers import meld_kind

            kind, reason, _ = meld_kind(variant, tuple(meld))
        else:
            result = check_cards(meld)
            if not result.valid:
                result = variant.check(tuple(meld))
            kind, reason = result.kind, result.reason
        if kind is None:
            raise PositionError(
                "invalid-meld", meld=number, cards=deck.format_cards(meld), reason=reason or ""
            )
        kinds.append(kind)
    counts = Counter(everything)
    if jokers:
        # Jokers may be more (or fewer) than one per copy of the deck.
        allowed = variant.physical_cards.count(JOKER)
        if counts[JOKER] > allowed:
            raise PositionError("too-many-copies", cards=deck.card_text(JOKER), count=counts[JOKER], decks=variant.decks)
        del counts[JOKER]
    if max(counts.values(), default=0) > variant.decks:
        card = min(c for c, n in counts.items() if n > variant.decks)
        raise PositionError("too-many-copies", cards=deck.card_text(card), count=counts[card], decks=variant.decks)
    return tuple(kinds), jokers


def _check_plain(variant: Variant, table: Sequence[Sequence[Card]], hand: Sequence[Card],
                 help_cards: Sequence[Card]) -> tuple[str, ...] | None:
    """The kinds of the melds of a valid position without jokers, in one
    lookup per card; None for any other position (:func:`_check` then finds
    what is wrong, or the jokers)."""
    rules = rules_for(variant)
    get = rules.index.get
    try:
        keys = [[get(c, -1) for c in meld] for meld in table]
        loose = [get(c, -1) for c in hand] + [get(c, -1) for c in help_cards]
    except TypeError:  # something unhashable in place of a card
        return None
    counts = [0] * (rules.size + 1)  # the last: cards not in the deck (-1)
    for meld_keys in keys:
        for k in meld_keys:
            counts[k] += 1
    for k in loose:
        counts[k] += 1
    if counts[-1] or any(counts[k] for k in _extras(variant)) or max(counts) > variant.decks:
        return None
    kinds = []
    check_key = rules.check_key
    for meld_keys in keys:
        meld_keys.sort()
        result = check_key(tuple(meld_keys))
        if not result.valid or result.kind is None:
            return None
        kinds.append(result.kind)
    return tuple(kinds)


def _extra_indices(variant: Variant) -> tuple[int, ...]:
    """The value indices of the extra cards (jokers) of the variant's rules."""
    return tuple(k for k, card in enumerate(rules_for(variant).values) if card.rank == 0)


_extras = per_variant(_extra_indices)


def solve(
    variant: Variant,
    table: Iterable[Iterable[Card]],
    hand: Iterable[Card],
    help_cards: Iterable[Card] = (),
) -> Solution:
    """The most hand cards that can be placed (see the module's docstring)."""
    melds = tuple(tuple(m) for m in table)
    hand_t, help_t = tuple(hand), tuple(help_cards)
    kinds, jokers = _check(variant, melds, hand_t, help_t)
    # The search allocates many small tuples and no cycles worth collecting:
    # a collection of the old generation in the middle of it would cost more
    # than the whole search.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(variant, melds, kinds, hand_t, help_t, jokers)
    finally:
        if collecting:
            gc.enable()


def _solve(variant: Variant, melds: tuple[tuple[Card, ...], ...], kinds: tuple[str, ...], hand_t: tuple[Card, ...],
           help_t: tuple[Card, ...], jokers: bool = False) -> Solution:
    from . import solver_build, solver_layout, solver_ranks

    shape = solver_ranks.shape_of(variant)
    if jokers and shape is not None:
        from . import solver_jokers, solver_milp, solver_portfolio
        from machiavelli.core.errors import SolverError

        models: list[solver_milp.Answer] = []

        def model() -> solver_milp.Answer:
            if not models:
                models.append(solver_milp.solve_model(variant, shape, melds, hand_t, help_t))
            return models[0]

        def best_count() -> int:
            return model().count

        relaxations: list[int | None] = []

        def relaxed() -> int | None:
            # Once a position: a search that gives up tries again with it.
            if not relaxations:
                relaxations.append(solver_milp.lp_bound(variant, shape, melds, hand_t, help_t))
            return relaxations[0]

        # Counts the search proved out of reach (solve_position_at).
        ceilings: list[int] = []

        def bound() -> int:
            found = relaxed()
            return min([best_count() if found is None else found, *ceilings])

        # The model's bound and count first or not (the portfolio), the same
        # answer; a search that gives up tries again with them, so that what
        # it gives does not depend on the choice either.
        first = solver_portfolio.model_first(melds, len(hand_t))
        if first:
            # The hand cards that no answer reaching the LP bound can place
            # left out, the search for that bound is far smaller (most
            # positions of a game past its first turns); the same answer.
            # A count proved out of reach, one fewer is the bound: its own
            # limits (perhaps none), and the search for it; until a count is
            # met, DOWN counts under the LP bound are out of reach too, or
            # the search runs long.
            count = relaxed()
            while count and len(ceilings) <= DOWN:
                limits = solver_milp.hand_limits(variant, shape, melds, hand_t, help_t, count)
                try:
                    laid = solver_jokers.solve_position_at(variant, shape, melds, kinds, hand_t, help_t, count,
                                                           limits, lp_bound=relaxed)
                except SolverError:
                    break
                if laid is None:
                    break
                if isinstance(laid, solver_jokers.Unmet):
                    count -= 1
                    ceilings.append(count)
                    continue
                return solver_layout.explain(variant, melds, *laid, "rank-search")
        tries = [best_count] if first else [None, best_count]
        for given in tries:
            try:
                new_melds, placed, used_help = solver_jokers.solve_position(
                    variant, shape, melds, kinds, hand_t, help_t, best_count=given,
                    bound=None if given is None else bound, lp_bound=relaxed)
                method = "rank-search"
                break
            except SolverError:
                continue
        else:
            # The search would take too long even for the known count: the
            # integer programme's own layout (as many cards, its tie choices).
            answer = model()
            # The model's melds are valid: each has a kind (typed str | None by meld_kind and MeldCheck).
            new_melds = [solver_jokers.variant_arrange(
                variant, m,
                solver_jokers.meld_kind(variant, m)[0] if JOKER in m else variant.check(m).kind)  # type: ignore[arg-type]
                for m in answer.melds]
            placed, used_help, method = list(answer.placed), list(answer.help_used), "milp"
            if not placed:
                new_melds, used_help = [solver_jokers.variant_arrange(variant, m, k) for m, k in zip(melds, kinds)], []
        return solver_layout.explain(variant, melds, new_melds, placed, used_help, method)
    if shape is not None:
        new_melds, placed, used_help = solver_build.solve_position(variant, shape, melds, kinds, hand_t, help_t)
        method = "rank-search"
    else:
        from . import solver_generic

        new_melds, placed, used_help = solver_generic.solve_position(variant, melds, hand_t, help_t)
        method = "generic"
        if not placed:
            # The search's first best answer may rearrange the table for no
            # card at all: the table as it is instead (the rank search's rule).
            new_melds, used_help = [variant.arrange(m) for m in melds], []
    return solver_layout.explain(variant, melds, new_melds, placed, used_help, method)
