"""The solver's model of a position for sets and runs: ranks and tokens.

After van Rijn, Takes and Vis, "The complexity of Rummikub problems" (2015).
The ranks are visited once each, in a fixed order (a *sweep*). The state
after a rank holds, for each suit, the runs in progress as a multiset of
*tokens*; a token is one run's length so far, capped at the run kind's
minimum size ``m`` (a run that already has ``m`` cards behaves the same
whatever its length). The cards of a rank that do not go to runs go to sets,
and a vector of how many cards each suit gives to sets is valid when it
splits into sets of allowed sizes with distinct suits (an exact partition
test, never a greedy one).

Positions here are places in the sweep: position 1 is the ace. Runs that
cross the cut between the last position and the first are split in two at
the cut: a *start part* from position 1 on (a ``WSTART`` token while it
grows; with the policies low-or-high and high in the sweep's terms it is the
ace alone) and, once it has ended, a *waiting* token (``WAIT``) that must be
met by an *end part* (``EPART``) that starts later and runs to the last
position. The waiting token remembers how many cards the end part still owes
to reach the minimum size, and the end part may not start before the start
part has ended, so no run can use a rank twice. No split of the aces is ever
guessed: each ace is placed once, when the sweep passes it.

Every table card must be used; hand and help cards are optional. Each
suit's move at a rank is an :class:`Option`, scored by a value packed into
one integer (hand cards placed, then table cards that stay in their kind of
meld, then points placed, then help cards left) and by the keys of the two
orders the search tries moves in (:mod:`machiavelli.games.machiavelli.solver_search`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import count, product
from operator import add
from typing import TYPE_CHECKING, Any, Final, Iterable, Iterator, NamedTuple, Sequence, TypeAlias, cast, overload

if TYPE_CHECKING:
    from .variant import MachiavelliVariant

# Token codes (one small int per run in progress).
NORMAL = 0  # NORMAL + j: an ordinary run with j cards so far (j capped at m)
WSTART = 100  # WSTART + j: a run's start part from the ace, j cards so far
WAIT = 200  # WAIT + q: a start part has ended; its end part owes q cards
EPART = 300  # EPART + q: an end part in progress that still owes q cards
#: Tokens of positions with jokers carry flags above the base token, in
#: steps of JSTEP (:mod:`machiavelli.games.machiavelli.solver_jokers`).
JSTEP = 1000


@dataclass(frozen=True, slots=True)
class Shape:
    """What the fast path needs to know of a variant's meld kinds."""

    set_sizes: frozenset[int]  # allowed set sizes (distinct suits, one rank); empty: no sets
    run_min: int | None  # fewest cards in a run (one suit, consecutive); None: no runs
    aces: str
    ranks: int
    suits: int


def shape_of(variant: MachiavelliVariant) -> Shape | None:
    """The fast path's view of ``variant``, or None when a meld kind is not a
    plain set or run (ranks or patterns restricted, mixed suits, a maximum
    run length that matters...)."""
    n_ranks, n_suits = len(variant.deck.ranks), len(variant.deck.suits)
    set_sizes: set[int] = set()
    run_min: int | None = None
    for kind in variant.melds.values():
        if kind.ranks is not None or kind.patterns is not None:
            return None
        same, distinct = set(kind.same), set(kind.distinct)
        if kind.sequence:
            # A run: one suit, consecutive (hence distinct) ranks.
            if same != {"suit"} or "suit" in distinct:
                return None
            if kind.max_size is not None and kind.max_size < n_ranks:
                return None
            run_min = kind.min_size if run_min is None else min(run_min, kind.min_size)
        else:
            # A set: one rank; distinct cards of one rank have distinct suits.
            if same != {"rank"} or "rank" in distinct or not distinct & {"card", "suit"}:
                return None
            top = min(kind.max_size or n_suits, n_suits)
            set_sizes.update(range(kind.min_size, top + 1))
    if run_min is not None and run_min > n_ranks:
        run_min = None
    return Shape(frozenset(set_sizes), run_min, variant.aces, n_ranks, n_suits)


@lru_cache(maxsize=4096)
def _sets_feasible(counts: tuple[int, ...], sizes: frozenset[int]) -> bool:
    """Can suits with these card counts (sorted, descending) form sets of the
    given sizes, each set taking at most one card of a suit?"""
    if not counts or counts[0] == 0:
        return True
    live = [i for i, c in enumerate(counts) if c]
    # Some set holds a card of the suit with most cards: try every such set.
    first, others = live[0], live[1:]
    for size in sizes:
        if size - 1 > len(others):
            continue
        for pick in _combinations(tuple(others), size - 1):
            rest = list(counts)
            rest[first] -= 1
            for i in pick:
                rest[i] -= 1
            if _sets_feasible(tuple(sorted(rest, reverse=True)), sizes):
                return True
    return False


def _combinations(items: tuple[int, ...], k: int) -> Iterator[tuple[int, ...]]:
    from itertools import combinations

    return combinations(items, k)


@lru_cache(maxsize=4096)
def _kvecs_for(row: tuple[int, ...], sizes: frozenset[int]) -> list[tuple[int, ...]]:
    """Every vector of cards per suit, within ``row``, that splits into sets."""
    return [v for v in product(*(range(a + 1) for a in row)) if feasible_sets(v, sizes)]


class _KvecRows(Sequence[list[tuple[int, ...]]]):
    """Per rank, :func:`_kvecs_for` its row, made when first asked for: with
    many decks a row holds thousands of vectors, and only forward checking
    reads them (the search draws ways to sets one by one)."""

    def __init__(self, rows: Sequence[tuple[int, ...]], sizes: frozenset[int]) -> None:
        self._rows, self._sizes = rows, sizes
        self._made: list[list[tuple[int, ...]] | None] = [None] * len(rows)

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, i: int) -> list[tuple[int, ...]]: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[list[tuple[int, ...]]]: ...

    def __getitem__(self, i: int | slice) -> list[tuple[int, ...]] | Sequence[list[tuple[int, ...]]]:
        if isinstance(i, slice):
            return [self[j] for j in range(len(self))[i]]
        got = self._made[i]
        if got is None:
            got = self._made[i] = _kvecs_for(self._rows[i], self._sizes)
        return got


def sets_feasible(counts: Iterable[int], sizes: frozenset[int]) -> bool:
    return _sets_feasible(tuple(sorted(counts, reverse=True)), sizes)


@lru_cache(maxsize=1 << 16)
def feasible_sets(counts: tuple[int, ...], sizes: frozenset[int]) -> bool:
    """:func:`sets_feasible` for a tuple, remembered as given (unsorted)."""
    return _sets_feasible(tuple(sorted(counts, reverse=True)), sizes)


#: Weights of the packed values, the same for every position: a deck holds
#: at most 8 x 8 x 32 = 2048 cards (and a few jokers) worth at most 1000
#: points each, so help cards stay below W_POINTS, points placed below
#: W_STAY // W_POINTS and table cards below W_HAND // W_STAY.
W_POINTS = 1 << 12
W_STAY = W_POINTS << 22
W_HAND = W_STAY << 12


class _Shared:
    """What the positions of one shape share: futures by the ids of what
    they depend on (:class:`RankModel`; moves are shared by content:
    :meth:`RankModel._build_options`)."""

    __slots__ = ("ids", "numbers", "futures", "relaxed")

    def __init__(self) -> None:
        self.ids: dict[tuple[object, ...], int] = {}  # keys: a tag and what the id names
        # New ids come from a counter, not from len(ids): two threads (the
        # web server's computer players) can never be given the same one.
        self.numbers = count()
        self.futures: dict[tuple[int, Tokens, int], Future | None] = {}
        # The joker search's relaxed moves (:mod:`.solver_jokers`), by ids of
        # their own: they depend on the jokers of the position too.
        self.relaxed: dict[tuple[int, Tokens], tuple[tuple[Tokens, int, int, int, int], ...]] = {}


_SHARED: dict[Shape, _Shared] = {}
#: The moves of ordinary runs, by all they depend on (:meth:`RankModel._build_options`).
_PLAIN_OPTIONS: dict[tuple[object, ...], "Grouped"] = {}
#: Entries kept before that memo starts afresh (and the next one).
PLAIN_OPTIONS_LIMIT = 1 << 16
#: The options of each list of raw moves, by its id, the cell and the weights
#: (:meth:`RankModel._grouped`).
_MADE_OPTIONS: dict[tuple[int, tuple[int, ...], bool, int], tuple[tuple["RawMove", ...], list[object]]] = {}
#: An option not made yet.
_UNMADE = object()
#: The memos of moves by all they depend on (the joker search adds its own).
MOVE_TABLES: list[dict[Any, Any]] = [_PLAIN_OPTIONS, _MADE_OPTIONS]
#: Entries kept before the shared memos start afresh (about 50 MB; a game of
#: Machiavelli between four solver players adds a few thousand, and what
#: helps is mostly what the game's earlier turns left).
SHARED_LIMIT = 100_000


def forget_shared(tables: bool = False) -> None:
    """Drop what positions share by ids (futures), so that the next solve
    learns nothing from the solves before (benchmarks time single solves
    with it); with ``tables``, the memos of moves by all they depend on too
    (:data:`MOVE_TABLES`: tables of the rules that hold no position, kept
    as the memoised raw moves are)."""
    _SHARED.clear()
    if tables:
        for table in MOVE_TABLES:
            table.clear()


def _shared(shape: Shape) -> _Shared:
    found = _SHARED.get(shape)
    if found is None or len(found.futures) + len(found.ids) + len(found.relaxed) > SHARED_LIMIT:
        found = _SHARED[shape] = _Shared()
    return found


#: The search orders. Preferred: fewest playable hand cards skipped, most
#: table cards kept in their kind of meld, fewest runs left owing cards, most
#: points placed, fewest help cards used. Fastest: the same with runs owing
#: cards before table cards kept (it finds answers with far less backtracking).
PREFERRED, FASTEST = 0, 1


@dataclass(frozen=True, slots=True)
class Cells:
    """The position as counts per rank (1-based) and suit index."""

    table: tuple[tuple[int, ...], ...]  # must be used
    table_in_sets: tuple[tuple[int, ...], ...]  # of which sit in sets now
    hand: tuple[tuple[int, ...], ...]  # optional, each counts
    help: tuple[tuple[int, ...], ...]  # optional, counts for nothing
    points: tuple[int, ...]  # points of a card of each rank


class Option(NamedTuple):
    """One suit's move at one rank.

    The search itself works on plain tuples of these fields (read by the
    indices below, see :meth:`RankModel._option`): it builds them by the
    hundred thousand, and positions share them (:meth:`RankModel._build_options`)
    in memos that the garbage collector then leaves alone (it stops tracking a plain
    tuple of numbers and tuples, never an object). The answer's options are
    made Options again."""

    new: tuple[int, ...]  # the suit's tokens after the rank
    to_sets: int
    used: int  # cards of this rank and suit placed (to runs and sets)
    hand: int
    help: int
    skip: int  # playable hand cards of this cell left in hand
    value: int
    # how the tokens moved: (old token, new token or None when the run ends)
    # (with jokers, :mod:`.solver_jokers`: (old token, new token or None, a joker placed?))
    moves: tuple[TokenMove, ...]
    starts: tuple[int, ...]  # tokens of runs that start here
    ties: int  # runs in progress that still owe cards (the search tries fewer first)
    stay: int  # table cards that stay in the kind of meld they were in
    bonus: int  # points of the hand cards placed, then help cards kept (packed)
    keys: tuple[int, int]  # sort keys in the two search orders
    jokers: int = 0  # jokers placed (:mod:`machiavelli.games.machiavelli.solver_jokers`)


#: Indices of an Option's fields in the plain tuples the search uses
#: (literals, so that the type checker knows each field's type).
NEW: Final = 0
TO_SETS: Final = 1
USED: Final = 2
HAND: Final = 3
HELP: Final = 4
SKIP: Final = 5
VALUE: Final = 6
MOVES: Final = 7
STARTS: Final = 8
TIES: Final = 9
STAY: Final = 10
BONUS: Final = 11
KEYS: Final = 12
JOKERS: Final = 13

#: A suit's runs in progress: its tokens, sorted.
Tokens: TypeAlias = tuple[int, ...]
#: How a token moved at a rank: (old token, new token or None when the run
#: ends), and with jokers whether the card placed is one (:func:`.solver_jokers._raw_moves_j`).
TokenMove: TypeAlias = tuple[int, int | None] | tuple[int, int | None, bool]
#: A move as :func:`_raw_moves` (and :func:`.solver_jokers._raw_moves_j`) give
#: it: (tokens after, cards to sets, cards placed, token moves, new tokens, jokers placed).
RawMove: TypeAlias = tuple[Tokens, int, int, tuple[TokenMove, ...], Tokens, int]
#: An :class:`Option`'s fields as the plain tuple the search works on (read
#: by the indices above).
RawOption: TypeAlias = tuple[Tokens, int, int, int, int, int, int, tuple[TokenMove, ...], Tokens, int, int, int,
                             tuple[int, int], int]


class Grouped(dict[int, tuple[tuple[RawOption, ...], tuple[RawOption, ...]]]):
    """A suit's options at a rank by cards to sets: (in the preferred order,
    in the fastest); with, made once, each group's first key in each order
    (``firsts[order][k]``) and the counts of cards to sets (``counts``)."""

    __slots__ = ("firsts", "counts")

    def __init__(self, groups: dict[int, tuple[tuple[RawOption, ...], tuple[RawOption, ...]]]) -> None:
        super().__init__(groups)
        self.firsts = tuple({k: lists[order][0][KEYS][order] for k, lists in groups.items()}
                            for order in (PREFERRED, FASTEST))
        self.counts = tuple(groups)

#: A suit's future (:meth:`.solver_search.RankSearch._future`): (fewest hand
#: cards it must skip, per later rank a bit mask of how many cards it can send to sets).
Future: TypeAlias = tuple[int, tuple[int, ...]]


class RankModel:
    """One position (cells) under one shape: each suit's moves at each rank."""

    #: Jokers on the table, and the weight of a joker used in the search
    #: orders: none here (:class:`.solver_jokers.JokerSearch` sets them).
    T = 0
    w_jok = 0
    #: Whether the packed values weigh the points of the hand cards placed.
    #: Not here: a rank's cards are worth the same whatever their suit, so
    #: its points placed follow from its hand cards placed, which weigh far
    #: more (no order changes), and the moves of cells alike but for their
    #: rank are the same moves (:meth:`_build_options`). A hand joker counts
    #: as a hand card of any rank: :class:`.solver_jokers.JokerSearch` weighs them.
    weigh_points = False

    def __init__(self, shape: Shape, cells: Cells) -> None:
        self.shape = shape
        self.cells = cells
        self.R = shape.ranks
        self.S = shape.suits
        self.m = shape.run_min or 0
        self.runs = shape.run_min is not None
        self.sets = bool(shape.set_sizes)
        R, S = self.R, self.S
        self.avail = tuple(tuple(map(add, map(add, t, h), p)) for t, h, p in zip(cells.table, cells.hand, cells.help))
        self.columns = tuple(zip(*self.avail))  # per suit, its cards at each rank
        # Weights of the packed value: hand cards, then table cards that
        # stay in their kind of meld, then points of hand cards, then help
        # cards left on the side. Every term is non-negative and bounded, so
        # value // w_hand is the number of hand cards placed. The same for
        # every position (see W_POINTS), so that positions share moves.
        self.w_points = W_POINTS
        self.w_stay = W_STAY
        self.w_hand = W_HAND
        # Weights of the two search orders (sums over the suits of one rank;
        # at most 64 cards of a rank, so 128 and 256 leave room).
        self.w_low = self.w_stay
        self.w_mid = self.w_low * 128
        self.w_skip = self.w_mid * 256
        self.full = NORMAL + self.m
        # Per cell: table cards, hand cards, help cards, table cards in sets,
        # points of a hand card there (weighted, or 0: weigh_points).
        weight = self.w_points if self.weigh_points else 0
        self.cell = tuple(
            tuple(zip(*rows, (points * weight,) * S))
            for *rows, points in zip(cells.table, cells.hand, cells.help, cells.table_in_sets, cells.points)
        )
        hand_by_rank = [sum(cells.hand[r]) for r in range(R + 1)]
        self.rank_hand = hand_by_rank
        self.rem_after = [sum(hand_by_rank[r + 1 :]) for r in range(R + 1)]
        self.upper = sum(hand_by_rank)
        after = [0] * S
        suit_after = [after] * (R + 1)  # per rank, each suit's hand cards at the later ranks
        for r in range(R, 0, -1):
            after = suit_after[r - 1] = list(map(add, after, cells.hand[r]))
        self.suit_after = suit_after
        self.kvecs = self._kvecs()
        # Per rank and suit, the cards of the suit at the next m - 1 ranks
        # (fewer at the last ranks): all that ordinary runs may still owe.
        nothing = [()] * S
        self.ahead = [list(zip(*self.avail[r + 1 : r + self.m])) or nothing for r in range(R + 1)]
        other = self._sweep_rules(0)  # only the first rank's differ
        self.rules = [other, self._sweep_rules(1)] + [other] * (R - 1)
        # A suit's futures depend only on its cards at the later ranks:
        # positions of the same shape (the next turns of a game) share them
        # under ids of those (:meth:`_name_laters`, when first needed).
        self._shared = _shared(shape)
        self.later_id: list[list[int]] = []
        # This position's moves, by rank * S + suit and tokens.
        self._options: dict[tuple[int, Tokens], Grouped] = {}
        self._reaches: dict[tuple[int, int, bool], tuple[int, tuple[int, ...], tuple[int, ...], int]] = {}
        self._final: dict[tuple[int, ...], bool] = {}
        self._seen: dict[tuple[int, int, tuple[int, ...]], bool] = {}

    def _name_laters(self) -> list[list[int]]:
        """:attr:`later_id`, named once: a suit's ranks after r are named by
        what it holds at r + 1 and the name of the ranks after that (one
        short key per rank, not a tuple of every later rank)."""
        R, S, cell = self.R, self.S, self.cell
        ids, numbers = self._shared.ids, self._shared.numbers
        later_id = [[0] * S for _ in range(R + 1)]
        for s in range(S):
            later = ids.setdefault(("later", R), next(numbers))  # none after the last rank
            for r in range(R, -1, -1):
                later_id[r][s] = later
                if r:
                    later = ids.setdefault(("later", r - 1, cell[r][s][:3], later), next(numbers))
        self.later_id = later_id
        return later_id

    # -- one suit at one rank ------------------------------------------------

    def _kvecs(self) -> Sequence[list[tuple[int, ...]]]:
        """Per rank, every vector of cards per suit that can go to sets."""
        if not self.sets:
            return [[(0,) * self.S] for _ in range(self.R + 1)]
        return _KvecRows(self.avail, self.shape.set_sizes)

    def options(self, r: int, s: int, tokens: tuple[int, ...]) -> Grouped:
        """Every useful move of suit ``s`` at rank ``r`` from ``tokens``,
        grouped by how many cards go to sets, each group sorted in both
        search orders."""
        key = (r * self.S + s, tokens)
        found = self._options.get(key)
        if found is None:
            found = self._options[key] = self._build_options(r, s, tokens)
        return found

    def _sweep_rules(self, r: int) -> tuple[bool, bool, int, bool]:
        """What :func:`_raw_moves` needs to know of rank ``r``'s place in the
        sweep: whether runs may start there, whether start parts of runs
        across the cut may, the token of a start part that ends at once, and
        whether it is the first position."""
        aces, m = self.shape.aces, self.m
        return (
            self.runs and not (r == 1 and aces == "high"),
            self.runs and r == 1 and aces != "low",
            (WSTART + 1) if aces == "wrap" else (WAIT + max(1, m - 1)),
            r == 1,
        )

    def _raw_moves_at(self, r: int, s: int, tokens: tuple[int, ...]) -> tuple[RawMove, ...]:
        """Suit ``s``'s raw moves at rank ``r`` (:func:`_raw_moves`)."""
        c = self.cells
        t = c.table[r][s]
        return _raw_moves(tokens, t, t + c.hand[r][s] + c.help[r][s], self.m, self.sets, self.rules[r])

    def _build_options(self, r: int, s: int, tokens: tuple[int, ...]) -> Grouped:
        # The moves depend on the cell, the tokens and the cards of the suit
        # that the runs in progress may still need (:meth:`_runs_fit`), so
        # every position shares them, as the joker search's do. Ordinary
        # runs need at most the next m - 1 ranks.
        key = self._options_key(r, s, tokens)
        found = _PLAIN_OPTIONS.get(key)
        if found is None:
            if len(_PLAIN_OPTIONS) > PLAIN_OPTIONS_LIMIT:
                _PLAIN_OPTIONS.clear()
            found = _PLAIN_OPTIONS[key] = self._grouped(r, s, tokens)
        return found

    def _options_key(self, r: int, s: int, tokens: tuple[int, ...]) -> tuple[object, ...]:
        """All that suit ``s``'s moves at rank ``r`` from ``tokens`` depend on."""
        rules = self.rules[r]
        if rules[1] or (tokens and tokens[-1] >= WSTART):
            reach = self._reach(r, s, bool(tokens) and tokens[-1] >= WAIT)
            return (tokens, self.cell[r][s], rules, self.m, self.sets, reach)
        return (tokens, self.cell[r][s], rules, self.m, self.sets, self.ahead[r][s])

    def _reach(self, r: int, s: int, ends: bool) -> tuple[int, tuple[int, ...], tuple[int, ...], int]:
        """What :meth:`_runs_fit` reads of suit ``s`` after rank ``r`` for
        any runs: (ranks left, cards at the next m - 1 ranks, at the last
        m - 1, fewest at any rank between), parts of runs around the corner
        owing cards at the last ranks and end parts (only when ``ends``: the
        tokens hold parts that end at the last rank) at every rank. Far
        from the last rank, how far it is changes nothing."""
        key = (r, s, ends)
        found = self._reaches.get(key)
        if found is None:
            R, reach = self.R, max(1, self.m - 1)
            later = self.columns[s][r + 1 :]
            found = self._reaches[key] = (min(R - r, 2 * reach + 1), later[:reach], later[-reach:],
                                          min(later[reach:-reach], default=-1) if ends else -2)
        return found

    def _grouped(self, r: int, s: int, tokens: tuple[int, ...]) -> Grouped:
        """Every useful move, grouped and sorted (:meth:`options`), made afresh."""
        raw = self._raw_moves_at(r, s, tokens)
        # The options of a list of raw moves (memoised, so the same object
        # each time) depend only on the cell and the weights besides: made
        # once for every position (the entry keeps the list, so that its id
        # is never another's), each when a position first needs it.
        key = (id(raw), self.cell[r][s], self.T > 0, self.w_skip)
        made = _MADE_OPTIONS.get(key)
        if made is None or made[0] is not raw:
            if len(_MADE_OPTIONS) > PLAIN_OPTIONS_LIMIT:
                _MADE_OPTIONS.clear()
            made = _MADE_OPTIONS[key] = (raw, [_UNMADE] * len(raw))
        options = made[1]
        grouped: dict[int, list[RawOption]] = {}
        seen = self._seen
        for i, (new, k, used, moves, starts, jk) in enumerate(raw):
            ok = seen.get((r, s, new))
            if ok is None:
                ok = seen[(r, s, new)] = self._lookahead(r, s, new)
            if ok:
                o = options[i]
                if o is _UNMADE:
                    o = options[i] = self._option(r, s, new, k, used, moves, starts, jk)
                if o is not None:
                    grouped.setdefault(k, []).append(cast("RawOption", o))
        return Grouped({
            k: (tuple(sorted(lst, key=_preferred_key)), tuple(sorted(lst, key=_fastest_key)))
            if len(lst) > 1 else (tuple(lst),) * 2  # most groups hold one move
            for k, lst in grouped.items()
        })

    def _option(self, r: int, s: int, new: Tokens, k: int, used: int, moves: tuple[TokenMove, ...], starts: Tokens,
                jk: int = 0) -> RawOption | None:
        """The move as a plain tuple of an Option's fields; ``jk`` jokers
        placed in runs (:mod:`.solver_jokers`). None for a move the search
        would never take: a joker beside a hand card of the cell left in the
        hand, while no table joker must be placed (see JokerSearch._moves)."""
        t, h, p, ts, points = self.cell[r][s]
        extra = used - t
        hand = h if h < extra else extra
        help_ = extra - hand
        skip = h - hand
        if jk and skip and not self.T:
            return None
        # table cards that must leave their kind: set cards beyond the set
        # places, run cards beyond the run places
        out_of_sets, out_of_runs = ts - k, t - ts - used + k
        stay = t - (out_of_sets if out_of_sets > 0 else 0) - (out_of_runs if out_of_runs > 0 else 0)
        bonus = hand * points + p - help_
        full = self.full
        if not new or new[-1] < JSTEP:  # sorted: no token carries jokers' flags
            ties = len(new) - new.count(full)
        else:
            ties = sum(1 for tok in new if tok % JSTEP != full)
        base = self.w_skip * skip - bonus
        if jk:
            base += self.w_jok * jk
        keys = (base - self.w_mid * stay + self.w_low * ties, base - self.w_low * stay + self.w_mid * ties)
        value = hand * self.w_hand + stay * self.w_stay + bonus
        return (new, k, used, hand, help_, skip, value, moves, starts, ties, stay, bonus, keys, jk)  # an Option's fields

    def _runs_fit(self, r: int, s: int, tokens: Sequence[int], spare: int = 0) -> bool:
        """Can the runs in progress (plain tokens) after rank ``r`` be
        completed with the cards of suit ``s`` that exist at the later ranks
        and ``spare`` cards more (jokers), wherever they are needed?"""
        if not tokens:
            return True
        R, m = self.R, self.m
        span = R - r
        # What the runs need at some ranks (by how far on), and at every rank.
        need: dict[int, int] = {}
        every = 0
        for tok in tokens:
            if tok < WSTART:
                owe = m - (tok - NORMAL)
                if owe > span:
                    return False
                for o in range(1, owe + 1):
                    need[o] = need.get(o, 0) + 1
            elif tok < WAIT:
                if span < 1:
                    return False
                need[span] = need.get(span, 0) + 1
            elif tok < EPART:
                q = tok - WAIT
                if q > span:
                    return False
                for o in range(span - q + 1, span + 1):
                    need[o] = need.get(o, 0) + 1
            else:
                if tok - EPART > span:
                    return False
                every += 1  # an end part goes on to the last rank
        column = self.columns[s]
        short = 0
        if every:
            for o in range(1, span + 1):
                n = every + need.get(o, 0)
                if n > column[r + o]:
                    short += n - column[r + o]
                    if short > spare:
                        return False
        else:
            for o, n in need.items():
                if n > column[r + o]:
                    short += n - column[r + o]
                    if short > spare:
                        return False
        return True

    def _lookahead(self, r: int, s: int, tokens: tuple[int, ...]) -> bool:
        """Can the runs in progress still be completed with the cards that
        exist? (:meth:`_runs_fit`; the joker search asks it with its jokers
        to spare.)"""
        if not tokens:
            return True
        if tokens[-1] >= WSTART:  # sorted: a part of a run around the corner
            return self._runs_fit(r, s, tokens)
        if tokens[0] >= self.full:
            return True  # every run long enough already
        # Ordinary runs only (the common case): those owing o cards or more
        # need a card each at o ranks on.
        full, avail = self.full, self.avail
        if full - tokens[0] > self.R - r:
            return False
        for o in range(1, full - tokens[0] + 1):
            n = 0
            for tok in tokens:
                if tok > full - o:
                    break
                n += 1
            if n > avail[r + o][s]:
                return False
        return True

    def _final_ok(self, tokens: tuple[int, ...]) -> bool:
        """After the king only finished runs may remain."""
        ok = self._final.get(tokens)
        if ok is None:
            full = NORMAL + self.m
            ok = self._final[tokens] = all(tok == full or tok == EPART for tok in tokens)
        return ok


@lru_cache(maxsize=1 << 16)
def _raw_moves(
    tokens: tuple[int, ...],
    t: int,
    cap: int,
    m: int,
    sets: bool,
    rules: tuple[bool, bool, int, bool],
) -> tuple[RawMove, ...]:
    """One suit's moves at one rank, whatever the position: every way to
    place between ``t`` and ``cap`` cards given the runs in progress and the
    rank's place in the sweep (``rules``, :meth:`RankModel._sweep_rules`),
    as (tokens after, cards to sets, cards placed, token moves, new tokens,
    jokers placed: 0, the layout of :func:`.solver_jokers._raw_moves_j`)."""
    can_start, can_w, w_token, first = rules
    must: list[tuple[int, int]] = []  # (old, new) for runs that must go on
    optional: list[tuple[int, int, int | None]] = []  # (old, if extended, if not)
    waiting: list[int] = []
    for tok in tokens:
        if tok < WSTART:
            j = tok - NORMAL
            if j < m:
                must.append((tok, NORMAL + j + 1))
            else:
                optional.append((tok, tok, None))
        elif tok < WAIT:
            j = tok - WSTART
            optional.append((tok, WSTART + min(j + 1, max(1, m - 1)), WAIT + max(1, m - j)))
        elif tok < EPART:
            waiting.append(tok)
        else:
            must.append((tok, EPART + max(0, tok - EPART - 1)))
    if len(must) > cap:
        return ()
    out: dict[tuple[tuple[int, ...], int], RawMove] = {}
    n_opt, n_wait = len(optional), len(waiting)
    for ext_mask in range(1 << n_opt):
        moves: list[tuple[int, int | None]] = list(must)
        for i, (old, ext, end) in enumerate(optional):
            moves.append((old, ext if ext_mask >> i & 1 else end))
        # A new run never starts beside a full run that stops here: going on
        # with the full run places the same card and keeps more freedom.
        every_full_goes_on = all(ext_mask >> i & 1 for i, (old, _, _) in enumerate(optional) if old < WSTART)
        for e_mask in range(1 << n_wait) if not first else (0,):
            e_moves = [
                (w, EPART + max(0, (w - WAIT) - 1)) if e_mask >> i & 1 else (w, w) for i, w in enumerate(waiting)
            ]
            every = moves + e_moves
            placed = sum(1 for _, new in every if new is not None and (new < WAIT or new >= EPART))
            if placed > cap:
                continue
            room = cap - placed
            kept = [n for _, n in every if n is not None]
            for y in range(room + 1) if can_start and every_full_goes_on else (0,):
                for w in range(room - y + 1) if can_w else (0,):
                    starts = (NORMAL + min(1, m),) * y + (w_token,) * w
                    new_t = tuple(sorted(kept + list(starts)))
                    for k in range(room - y - w + 1) if sets else (0,):
                        used = placed + y + w + k
                        if used >= t and (new_t, k) not in out:
                            out[(new_t, k)] = (new_t, k, used, tuple(every), starts, 0)  # no jokers
    return tuple(out.values())


def _preferred_key(o: RawOption) -> int:
    return o[KEYS][PREFERRED]


def _fastest_key(o: RawOption) -> int:
    return o[KEYS][FASTEST]
