"""Jokers in the solver's rank search (sets and runs).

After van Rijn, Takes and Vis (2015), who keep the jokers used so far in the
state of the sweep. A joker takes a place in a run (a gap, an end) or the
place of a missing suit in a set; a meld holds at least one natural card and
at most ``jokers_per_meld`` jokers (docs: tools/JOKERS.md). Here:

* a run's token also says how many jokers the run holds (only when a limit
  per meld exists and can matter) and whether it has a natural card yet:
  ``token = base + JSTEP * (4 * jokers + 2 * leading_joker + no_natural)``;
  without jokers every token is the plain one of :mod:`.solver_ranks`;
* a joker that starts a run could as well end it one place further, unless
  the run ends at the last position: so a run that starts with a joker
  (``leading_joker``) goes on to the last position (one answer of each
  kind is enough, and this cuts the moves most);
* a suit's move at a rank may place jokers in its runs (``Option.jokers``);
* a rank's cards for sets come with a number of jokers for sets, allowed
  when the natural cards and the jokers split into valid sets;
* the state of the search gets one element more, a pseudo-suit whose token
  is ``JTAG + jokers used so far``; its move at each rank (an
  :class:`Option` too) carries the jokers used there, the jokers in sets
  (``to_sets``) and the hand cards they count for (the jokers used first are
  the table's, which must all be used; then the hand's; then help cards).

The search itself (:class:`.solver_search.RankSearch`) is unchanged: only
the moves, the bounds, the end test and the way the best count is settled
(the targets from the highest down) know about jokers. Forward checking
works on a relaxed model of each suit (a joker any card of a run, plain
tokens; a card sent to a set charged the jokers that set needs at least,
shared out among its natural cards), far cheaper than the real one and a
bound all the same. Each state that passes is also checked against the
HiGHS model's LP with the cells of its path fixed
(:class:`.solver_milp.PathBound`), from the first state on, the LP alone
for the first :data:`LP_FIRST` of them (it leads a search whose first path
comes at once straight down, where building the relaxed model would be
most of the cost). Where the model goes first, the search for its LP
bound leaves out the hand cards that no answer reaching it can place
(:func:`solve_position_at`).
"""

from __future__ import annotations

from functools import lru_cache
from heapq import heapify, heappop, heappush
from itertools import combinations, product
from math import gcd
from typing import TYPE_CHECKING, Callable, Final, Iterable, Iterator, Literal, Mapping, Sequence, TypeAlias

from machiavelli.core import budget
from machiavelli.core.cards import Card
from machiavelli.core.errors import SolverError
from machiavelli.core.melds import arrange
from .solver_ranks import (_raw_moves, EPART, FASTEST, HAND, HELP, MOVE_TABLES, PREFERRED, JOKERS, JSTEP, KEYS, NORMAL, SKIP,
                           TO_SETS, WAIT, WSTART, Cells, Future, Grouped, RawMove, RawOption, Shape, Tokens)
from .solver_build import JOKER
from .solver_search import _MISSING, QUICK_VISITS, Outcome, RankSearch, _TooLong, _shares

if TYPE_CHECKING:
    from machiavelli.core.melds import MeldKind
    from .solver_build import Grid, Laid
    from .solver_milp import PathBound
    from .solver_search import Combo, State, _Missing
    from .variant import MachiavelliVariant

#: Most visits of the search for one position with jokers, a safety net (a
#: few seconds): the bench's positions need at most about 35000 (small tables
#: with big hands, where proving that no more cards fit is the work), but a
#: rare one needs far more (SolverError then; computer players fall back).
MAX_VISITS = 100_000
#: States checked by the path's LP alone (:meth:`JokerSearch._path_check`),
#: before forward checking joins it. Forward checking first builds the
#: relaxed model of every suit from the state on, most of the cost of a
#: position whose first path comes at once; the path's LP, as tight as the
#: LP bound is, leads that search straight down in about one check a rank
#: (callgrind instructions, bench classes 4 jk 20 and 40 cards and 2 jk 40
#: cards: -37% at 8, -38% at 4, -34% at 12; 8 expert games on ``jokers``:
#: -9% at 8, -7% at 12). With one joker too, since the LP bound's model has
#: no joker rows per meld (:func:`.solver_milp.lp_bound`): -7.4% on the
#: bench's joker classes of 20 and 40 cards, -3.7% on those of 80 and 120,
#: -0.4% and -8.7% on two slices of 60 expert positions; before, with one
#: joker the LP checked states only past 1,000 visits. With that model 16
#: against 8: -1.6% on the small classes, -1.7% and -3.4% on the expert
#: slices, +0.1% on the big classes (32: no better than 8).
LP_FIRST = 16
#: After LP_FIRST checks, the check goes on only if it cut at least one in
#: PATH_KEEP (on the expert players' positions, where forward checking
#: joins it and most states pass, about 3% less time in all).
PATH_KEEP = 4
#: Visits of the search for a path at the LP bound before the integer
#: programme settles the count instead (:meth:`JokerSearch._met`).
BOUND_VISITS = 20_000
#: Visits of a quick search where the model goes first or few hand cards
#: can be placed: there the LP bound proves what quick searches would, and a
#: first path that comes at once comes within these (callgrind instructions,
#: against QUICK_VISITS: -9.6% on the expert players' slowest positions, -2%
#: on the bench's small joker classes, none lost on its big tables).
QUICK_MODEL = 60
#: Most playable hand cards (and jokers) for :data:`QUICK_MODEL` without the model.
FEW_PLAYABLE = 12
#: Fewest table cards (jokers included) for :data:`QUICK_VISITS` when neither
#: the model nor few playable cards call for :data:`QUICK_MODEL`: below that,
#: a first path that comes at once comes within QUICK_MODEL visits too, and
#: the searches with forward checking after a quick one that failed cost less
#: than its other visits (callgrind, the bench's joker classes of 40 and 80
#: cards: -11.6%; the expert players' positions without the model: -4.9%);
#: on three decks' 120 cards they cost more (1 and 2 jokers: +53% and +14%).
BIG_TABLE = 100
#: Token layout: base token + JSTEP * (4 * jokers in the run + 2 if it starts with a joker + 1 if no natural card
#: yet); JSTEP comes from :mod:`.solver_ranks`, whose options count ties on the base tokens.
#: Budgets of skipped cards small enough for :meth:`JokerSearch._joint_ok`.
JOINT_SLACK = 2
#: Most vectors of cards to sets at a rank (the product of the suits'
#: groups) that :meth:`JokerSearch._moves` makes all at once; more are drawn
#: as needed (on 80-card tables it would make about 45 and take 1 to 4).
EAGER_VECTORS = 16
#: Fields of the relaxed model's moves: units of jokers (runs and a share of
#: sets), jokers in runs.
UNITS: Final = 3
RUN_JOKERS: Final = 4
#: One of those two fields (what a budget of jokers counts).
CostField: TypeAlias = Literal[3, 4]
#: A move of the relaxed model: (tokens after, natural cards to sets, hand
#: cards skipped, units of jokers, jokers in runs).
RelaxedMove: TypeAlias = tuple[Tokens, int, int, int, int]
#: (A relaxed future or None, lo, hi): the answer for every budget of jokers
#: from lo up to but not including hi (:meth:`JokerSearch._span`).
Span: TypeAlias = tuple[Future | None, int, int]
#: A budget above every other (no upper end to a span).
_ALWAYS = 1 << 30
#: The pseudo-suit's token: JTAG + jokers used so far.
JTAG = 1 << 20
_LOOKAHEAD: dict[tuple[tuple[object, ...], Tokens, int, int], bool] = {}
_OPTIONS: dict[tuple[Shape, int, tuple[int, int, int, int, int], tuple[int, ...], Tokens, int, int | None, bool],
               Grouped] = {}
MOVE_TABLES.extend((_LOOKAHEAD, _OPTIONS))


def is_joker(card: Card) -> bool:
    return card.rank == 0 and card.suit == JOKER.suit


def per_meld_limit(variant: MachiavelliVariant) -> int | None:
    """The variant's ``jokers_per_meld`` (None: no limit)."""
    return getattr(variant, "jokers_per_meld", None)


# -- the meld definition -------------------------------------------------------------


def meld_kind(variant: MachiavelliVariant, meld: Sequence[Card]) -> tuple[str | None, str | None, tuple[Card, ...]]:
    """(kind, reason, identities) of a meld that holds jokers: the kind is
    None when it is not valid (the reason says why), the identities are the
    cards the jokers stand for in one valid assignment."""
    naturals = [c for c in meld if not is_joker(c)]
    j = len(meld) - len(naturals)
    limit = per_meld_limit(variant)
    if not naturals:
        return None, "only-jokers", ()
    if limit is not None and j > limit:
        return None, "too-many-jokers", ()
    # Looked up with a check's kind, which a valid check always has (MeldCheck.kind is typed str | None).
    order: dict[str | None, int] = {name: i for i, name in enumerate(variant.melds)}
    best: tuple[int, str | None, tuple[Card, ...]] | None = None
    for ids in _identities(variant, naturals, j):
        result = variant.check([*naturals, *ids])
        if result.valid and (best is None or order[result.kind] < best[0]):
            best = (order[result.kind], result.kind, ids)
            if best[0] == 0:
                break
    if best is None:
        reason = variant.check(naturals).reason if j == 0 else None
        return None, reason or "no-card-for-joker", ()
    return best[1], None, best[2]


def _identities(variant: MachiavelliVariant, naturals: list[Card], j: int) -> Iterator[tuple[Card, ...]]:
    """Candidate identities for ``j`` jokers: a set's missing suits, the
    ranks that complete an arc of a run, else (other kinds) any cards."""
    ranks, suits = len(variant.deck.ranks), [s.code for s in variant.deck.suits]
    if j == 0:
        yield ()
        return
    same_suit = len({c.suit for c in naturals}) == 1
    same_rank = len({c.rank for c in naturals}) == 1
    if same_rank:
        missing = [s for s in suits if s not in {c.suit for c in naturals}]
        for pick in combinations(missing, j):
            yield tuple(Card(naturals[0].rank, s) for s in pick)
    if same_suit:
        have = {c.rank for c in naturals}
        n = len(naturals) + j
        if n <= ranks and len(have) == len(naturals):
            for start in range(1, ranks + 1):
                arc = [(start - 1 + i) % ranks + 1 for i in range(n)]
                if have <= set(arc):
                    yield tuple(Card(r, naturals[0].suit) for r in arc if r not in have)
    if not same_rank and not same_suit:
        if j > 2:  # other kinds of meld: every card of the deck for each joker
            raise SolverError("search-too-large", detail="too many cards for the jokers to stand for")
        for ids in product(variant.deck.cards(), repeat=j):
            if all(c.rank for c in ids):
                yield ids


# -- sets with jokers --------------------------------------------------------------


@lru_cache(maxsize=1 << 14)
def _sets_feasible_j(counts: tuple[int, ...], jokers: int, sizes: frozenset[int], limit: int | None) -> bool:
    """Can suits with these natural counts (sorted, descending) and exactly
    ``jokers`` jokers form sets of the given sizes, each set one card of a
    suit at most, one natural card at least, ``limit`` jokers at most?"""
    if not counts or counts[0] == 0:
        return jokers == 0
    live = [i for i, c in enumerate(counts) if c]
    first, others = live[0], live[1:]
    for size in sizes:
        top = min(jokers, size - 1, jokers if limit is None else limit)
        for jj in range(top + 1):
            if size - jj - 1 > len(others):
                continue
            for pick in combinations(others, size - jj - 1):
                rest = list(counts)
                rest[first] -= 1
                for i in pick:
                    rest[i] -= 1
                if _sets_feasible_j(tuple(sorted(rest, reverse=True)), jokers - jj, sizes, limit):
                    return True
    return False


def sets_feasible_j(counts: Iterable[int], jokers: int, sizes: frozenset[int], limit: int | None) -> bool:
    return _sets_feasible_j(tuple(sorted(counts, reverse=True)), jokers, sizes, limit)


@lru_cache(maxsize=4096)
def _jkvecs_for(row: tuple[int, ...], sizes: frozenset[int], jokers: int, limit: int | None
                ) -> list[tuple[tuple[int, ...], int]]:
    """Every (cards per suit within ``row``, jokers) that splits into sets."""
    return [
        (v, j) for v in product(*(range(a + 1) for a in row)) for j in range(jokers + 1)
        if sets_feasible_j(v, j, sizes, limit)
    ]


@lru_cache(maxsize=4096)
def _jkrow(row: tuple[int, ...], sizes: frozenset[int], jokers: int, limit: int | None
           ) -> tuple[list[tuple[tuple[int, ...], int]], dict[tuple[int, ...], list[int]], tuple[tuple[int, ...], ...]]:
    """:func:`_jkvecs_for`, the same by vector (jokers for sets, fewest
    first), and the vectors alone."""
    lst = _jkvecs_for(row, sizes, jokers, limit)
    by_kv: dict[tuple[int, ...], list[int]] = {}
    for v, j in lst:
        by_kv.setdefault(v, []).append(j)
    return lst, by_kv, tuple(by_kv)


# -- one suit's moves at one rank ------------------------------------------------------


def _token(base: int, jokers: int, natural: bool, lead: int = False) -> int:
    return base + JSTEP * (4 * jokers + 2 * lead + (not natural))


@lru_cache(maxsize=1 << 16)
def _raw_moves_j(
    tokens: tuple[int, ...],
    t: int,
    cap: int,
    m: int,
    sets: bool,
    rules: tuple[bool, bool, int, bool],
    jcap: int,
    limit: int | None,
) -> tuple[RawMove, ...]:
    """As :func:`.solver_ranks._raw_moves`, each card placed in a run being a
    natural card or a joker: (tokens after, natural cards to sets, natural
    cards placed, token moves (old, new or None, joker?), new tokens,
    jokers placed in runs)."""
    can_start, can_w, w_token, first = rules
    # per token: (token, alternatives (new or None, naturals, jokers), full and joker-free)
    slots: list[tuple[int, list[tuple[int | None, int, int]], bool]] = []
    for tok in tokens:
        b, js = tok % JSTEP, tok // JSTEP
        held, lead, natural = js >> 2, js >> 1 & 1, not js & 1

        def place(nb: int, held: int = held, natural: bool = natural,
                  lead: int = lead) -> list[tuple[int | None, int, int]]:
            alts: list[tuple[int | None, int, int]] = [(_token(nb, held, True, lead), 1, 0)]
            if limit is None or held < limit:
                alts.append((_token(nb, held + 1 if limit is not None else 0, natural, lead), 0, 1))
            return alts

        clean = False
        alts: list[tuple[int | None, int, int]]
        if b < WSTART:
            j = b - NORMAL
            if j < m:
                alts = place(NORMAL + j + 1)
            else:
                alts = place(b)
                if natural and not lead:
                    alts.append((None, 0, 0))
                    clean = held == 0
        elif b < WAIT:
            j = b - WSTART
            alts = place(WSTART + min(j + 1, max(1, m - 1)))
            alts.append((_token(WAIT + max(1, m - j), held, natural), 0, 0))
        elif b < EPART:
            alts = [(tok, 0, 0)]
            if not first:
                alts += place(EPART + max(0, (b - WAIT) - 1))
        else:
            alts = place(EPART + max(0, b - EPART - 1))
        slots.append((tok, alts, clean))
    out: dict[tuple[tuple[int, ...], int, int], RawMove] = {}
    start_n, start_j = NORMAL + min(1, m), _token(NORMAL + min(1, m), 1 if limit is not None else 0, False, True)
    w_n, w_j = w_token, _token(w_token, 1 if limit is not None else 0, False)
    joker_starts = limit is None or limit >= 1
    for choice in product(*(alts for _, alts, _ in slots)):
        nat = sum(c[1] for c in choice)
        jok = sum(c[2] for c in choice)
        if nat > cap or jok > jcap:
            continue
        # A new run never starts beside a full joker-free run that stops here
        # (going on with that run places the same card and keeps more freedom).
        may_start = can_start and not any(c[0] is None and slot[2] for c, slot in zip(choice, slots))
        kept = [c[0] for c in choice if c[0] is not None]
        moves = tuple((slot[0], c[0], c[2] == 1) for c, slot in zip(choice, slots))
        room_n, room_j = cap - nat, jcap - jok
        for yn in range(room_n + 1) if may_start else (0,):
            for yj in range(room_j + 1) if may_start and joker_starts else (0,):
                for wn in range(room_n - yn + 1) if can_w else (0,):
                    for wj in range(room_j - yj + 1) if can_w and joker_starts else (0,):
                        starts = (start_n,) * yn + (start_j,) * yj + (w_n,) * wn + (w_j,) * wj
                        new_t = tuple(sorted(kept + list(starts)))
                        jk = jok + yj + wj
                        for k in range(room_n - yn - wn + 1) if sets else (0,):
                            used = nat + yn + wn + k
                            if used >= t and (new_t, k, jk) not in out:
                                out[(new_t, k, jk)] = (new_t, k, used, moves, starts, jk)
    return tuple(out.values())


# -- the search ----------------------------------------------------------------------


class JokerSearch(RankSearch):
    """The rank search of a position holding jokers: ``jokers`` is (on the
    table, in the hand, among the help cards); ``limit`` the most jokers per
    meld (None: no limit that matters)."""

    weigh_points = True

    def __init__(self, shape: Shape, cells: Cells, jokers: tuple[int, int, int], limit: int | None) -> None:
        self.T, self.H, self.P = jokers
        self.J = sum(jokers)
        self.limit = limit
        super().__init__(shape, cells)
        # Moves and futures here depend on the jokers too: this position's
        # own memos, never the ones positions without jokers share.
        self._options = {}
        self._futures = {}
        # Hand jokers may count at any rank: the bounds on what is left to
        # place include them all (a relaxation: the search stays exact).
        self.rem_after = [x + self.H for x in self.rem_after]
        self.upper += self.H
        # Search orders: fewest hand cards skipped, then fewest jokers used
        # at the rank, then as without jokers.
        self.w_jok = self.w_mid * 256
        self.w_skip = self.w_jok * (4 * self.J + 4)
        self._jmoves: dict[tuple[int, int, int], RawOption] = {}
        self._left = self.J
        # options lists without those using too many jokers (with the first's key and skips)
        self._within: dict[tuple[int, int, Tokens, int, int], dict[int, tuple[Sequence[RawOption], int, int]]] = {}
        self._set_costs()
        self._set_jokers: dict[tuple[int, tuple[int, ...]], int] = {}
        self._plains: dict[tuple[int, ...], tuple[int, ...]] = {}
        # Per rank and suit, the suit's cards at the later ranks (keys of the shared memos).
        self._later = [[tuple([row[s] for row in self.avail[r + 1 :]]) for s in range(self.S)]
                       for r in range(self.R + 1)]
        reach = max(1, self.m - 1)  # the most ranks a run without jokers at its ends owes
        self._near = [[(min(self.R - r, 2 * reach + 1), later[:reach], later[-reach:]) for later in row]
                      for r, row in enumerate(self._later)]
        self._later_sum = [[sum(later) for later in row] for row in self._later]
        # The relaxed model's moves of a suit at a rank depend on its cell
        # there, its cards at the later ranks (the look-ahead), the rank's
        # place in the sweep and its cost of a card to sets, and the jokers:
        # positions that agree on those (the next turns of a game) share them.
        ids, numbers = self._shared.ids, self._shared.numbers
        self._relaxed_id = [[ids.setdefault(("relaxed", r, self.J, self.cell[r][s][:3], self._later[r][s],
                                             self.set_cost[r]), next(numbers))
                             for s in range(self.S)] for r in range(self.R + 1)]
        self._rmoves: dict[tuple[int, Tokens], tuple[RelaxedMove, ...]] = self._shared.relaxed
        self._rahead: dict[tuple[int, int, Tokens], bool] = {}
        self._spans: dict[tuple[int, int, Tokens, int, int], list[Span]] = {}

    def _set_costs(self) -> None:
        """Units of jokers for the relaxed model (:meth:`_jfuture`): a joker
        is ``U`` units, and a natural card sent to a set at rank ``r`` costs
        ``set_cost[r]`` units. A set of n natural cards needs at least
        ``smallest - n`` jokers; with d suits present at the rank, n <= d, so
        ``(smallest - d) / d`` jokers per natural card never count more than
        the set needs (``U`` makes that share a whole number)."""
        smallest = min(self.shape.set_sizes) if self.sets else 0
        U = 1
        for n in range(1, smallest):
            U = U * n // gcd(U, n)
        self.U = U
        cost = [0] * (self.R + 1)
        for r in range(1, self.R + 1):
            d = sum(1 for x in self.avail[r] if x)
            if d and d < smallest:
                cost[r] = U * (smallest - d) // d
        self.set_cost = cost

    # It takes no ``most``: every target here is an upper bound proved already, given as ``most`` to the search.
    def search(  # type: ignore[override]
        self, target: int, *, order: int = 0, check: bool = False, limit: int | None = None,
    ) -> list[Combo] | None:
        """As :meth:`RankSearch.search`, within :data:`MAX_VISITS` visits in
        all: past them the position is given up (:class:`SolverError`)
        rather than answered inexactly."""
        room = MAX_VISITS - self.visits
        if room <= 0:
            raise SolverError("search-too-large", detail="too many ways to place the jokers")
        # Every target here is an upper bound already proved: all playable
        # cards, the LP bound, the best count, or one under a target proved
        # unmet (:meth:`solve`, :meth:`_settle`).
        if limit is not None and limit < room:
            return super().search(target, order=order, check=check, limit=limit, most=target)
        try:
            return super().search(target, order=order, check=check, limit=room, most=target)
        except _TooLong:
            raise SolverError("search-too-large", detail="too many ways to place the jokers") from None

    #: The best count of the position by another method (the HiGHS model),
    #: when the portfolio (:mod:`.solver_portfolio`) chose it up front.
    best_count: Callable[[], int] | None = None
    #: An upper bound on that count (the model's LP relaxation), tried first.
    bound: Callable[[], int] | None = None
    #: The LP relaxation's bound alone (None when HiGHS finds none), for the
    #: search that settles the count itself: its targets start there.
    lp_bound: Callable[[], int | None] | None = None

    def solve(self) -> Outcome:
        """The most hand cards; the answer is always the first path in the
        preferred order for the best count, however that count was settled
        (so the HiGHS model's count gives the same answer as the search's).

        First quick searches, in both orders, for a path placing every
        playable hand card (most positions end there), unless :attr:`bound`
        is lower. Then, with :attr:`best_count`,
        proving that no more cards fit (most of the work on small tables
        with big hands) is left to the HiGHS model: its LP
        bound (:attr:`bound`) first, met by a path almost always, else the
        integer programme's count; otherwise to :meth:`_settle`, from the LP
        bound down (:attr:`lp_bound`) where there is one."""
        top = self.upper
        path: list[Combo] | None | _Missing = _MISSING
        bound: int | None = None
        orders: tuple[int, ...] = (PREFERRED, FASTEST)
        if self.best_count is not None and self.bound is not None:
            # The model goes first: its bound, if lower, proves at once what
            # the quick searches would try to (and costs less than they do
            # on big tables, where a visit may take a millisecond).
            bound = self.bound()
            if bound == 0:
                return self._outcome([])  # nothing fits: the table stays as it is
            if bound < top:
                top, path, orders = bound, None, ()
        for order in orders:
            try:
                path = self.search(top, order=order, limit=self._quick())
            except _TooLong:
                continue
            if path is None:
                top -= 1  # proved: not every playable card fits
                break
            return self._outcome(path if order == PREFERRED else self._first(top, quick=False))
        if self.best_count is not None:
            if self.bound is not None:
                count = min(top, self.bound() if bound is None else bound)
                met = self._met(count)
                if met is not None:
                    return self._outcome(met)
            count = min(top, self.best_count())
            if count == 0:
                return self._outcome([])
            return self._outcome(self._first(count, quick=path is None or count < top))
        if self.lp_bound is not None:
            # Each target above the best count costs a search that proves it
            # unmet; the LP bound is almost always the best count itself.
            found = self.lp_bound()
            if found is not None:
                top = min(top, found)
        return self._outcome(self._settle(top))

    def solve_at(self, count: int) -> Outcome | None:
        """The first path in the preferred order placing ``count`` hand
        cards, ``count`` being an upper bound on what any path places
        (:func:`solve_position_at`); None when there is none (then
        :attr:`unmet` is True: proved), or when the search for it runs past
        :data:`BOUND_VISITS`. A quick search first when ``count`` is every
        playable card, as in :meth:`solve`."""
        if count > self.upper:
            self.unmet = True
            return None
        if count == self.upper:
            try:
                path = self.search(count, limit=self._quick())
                self.unmet = path is None
                return None if path is None else self._outcome(path)
            except _TooLong:
                pass
        met = self._met(count)
        return None if met is None else self._outcome(met)

    #: The last :meth:`solve_at` or :meth:`_met` proved that no path places its count.
    unmet = False

    def find(self, target: int, polish: bool = True) -> tuple[list[Combo] | None, bool]:
        """(The first path in the preferred order placing at least ``target``
        hand cards, or None if there is none; True): one exact search,
        without budgets of visits (past :data:`MAX_VISITS` in all the
        position is given up). Rounds with growing budgets in both orders,
        as :meth:`RankSearch.find` takes, were slower here: most of their
        visits fell in rounds abandoned and started again, and a path found
        in the fastest order is not the answer."""
        return self.search(target, check=True), True

    #: The LP with the path's cells fixed (:class:`.solver_milp.PathBound`),
    #: made when first needed; None: no such check.
    path_model: Callable[[], PathBound] | None = None
    #: The card of each cell (position, suit).
    card_at: Sequence[Sequence[Card]] = ()

    def _path_check(self, r: int, stack: list[Combo], target: int, visits: int) -> bool:
        """The path's LP bound (:meth:`RankSearch._path_ok`), from the first
        state on, until it cuts too little (:data:`PATH_KEEP`)."""
        if r < 1 or self.path_model is None or self._path_off:
            return True
        pb = self._path_lp
        if pb is None:
            pb = self._path_lp = self.path_model()
            self._kind_at = [[pb.kind.get(card) for card in row] for row in self.card_at]
        fixes: dict[int, tuple[int, int, int]] = {}
        kind_at, S = self._kind_at, self.S
        for p in range(1, r + 1):
            combo, kinds = stack[p - 1], kind_at[p]
            for s in range(S):
                i = kinds[s]
                if i is not None:
                    o = combo[s]
                    fixes[i] = (o[HAND], o[HELP], o[TO_SETS])
        got = pb.bound(fixes, at_least=target)
        ok = got is None or got >= target
        self._path_tries += 1
        self._path_cuts += not ok
        # The LP's own first states (where it checks alone) are the trial.
        if self._path_tries >= LP_FIRST and self._path_cuts * PATH_KEEP < self._path_tries:
            # Cutting little, it costs more than it saves (big tables,
            # where forward checking is already strong): no more of it.
            self._path_off = True
        return ok

    def _path_ok(self) -> Callable[[int, list[Combo], int, int], bool] | None:
        # A bound method made at each search, never kept on the search:
        # kept, it would tie the search to itself, and its memos would wait
        # for a collection of the cyclic garbage instead of going with it.
        return self._path_check if self.path_model is not None else None

    _path_lp: PathBound | None = None
    _path_tries = _path_cuts = 0
    _path_off = False
    _kind_at: list[list[int | None]] = []  # the model's row of each cell, None where it has none

    def _quick(self) -> int:
        """Visits of a quick search for this position."""
        if self.best_count is not None or self.upper <= FEW_PLAYABLE or self._table_cards() < BIG_TABLE:
            return min(QUICK_VISITS, QUICK_MODEL)
        return QUICK_VISITS

    def _table_cards(self) -> int:
        """The table's cards, jokers included."""
        return sum(map(sum, self.cells.table)) + self.T

    def _met(self, bound: int) -> list[Combo] | None:
        """The first path placing ``bound`` hand cards, an upper bound on the
        best count: then that path is the answer. None when there is none or
        the search runs past :data:`BOUND_VISITS` (then the integer
        programme's count is cheaper than the search's proof; the failed
        states found meanwhile serve the search for that count). With
        forward checking at once: a quick search without it, first, costs
        more than it saves here (measured on the expert players' positions
        and the bench's, in instructions). :attr:`unmet` says which None
        it is."""
        try:
            path = self.search(bound, check=True, limit=BOUND_VISITS)
        except _TooLong:
            return None
        self.unmet = path is None
        return path

    def _first(self, count: int, quick: bool = True) -> list[Combo]:
        """The first path for a count known to be met. Forward checking
        costs more than it saves when that path comes at once: with
        ``quick``, a quick search without it first (the same first path)."""
        try:
            path = self.search(count, limit=self._quick()) if quick else _MISSING
        except _TooLong:
            path = _MISSING
        if path is _MISSING:
            path = self.find(count)[0]
        assert path is not None, "the best count is always met"
        return path

    def _settle(self, top: int) -> list[Combo]:
        """The first path for the best count at most ``top``, once the
        quick searches of :meth:`solve` have not settled it: the targets
        from ``top`` down, each settled by one search (searches that share
        their failed states), the first one met being the best count. Going
        down keeps forward checking cheap (its budget of skipped cards is
        what separates the target from every playable card), where a first
        path of any count would need it large."""
        root = self._root()
        for target in range(top, 0, -1):
            if self._may_finish(0, root, self.upper - target):
                path = self.find(target)[0]
                if path is not None:
                    return path
        return []  # no hand card fits: no path is needed

    def _root(self) -> State:
        return (*(() for _ in range(self.S)), (JTAG,))

    def _kvecs(self) -> list[list[tuple[int, ...]]]:
        S, R = self.S, self.R
        if not self.sets:
            self.jkvecs = [[((0,) * S, 0)] for _ in range(R + 1)]
            self.jkmap = [{(0,) * S: [0]} for _ in range(R + 1)]
            return [[(0,) * S] for _ in range(R + 1)]
        rows = [_jkrow(row, self.shape.set_sizes, self.J, self.limit) for row in self.avail]
        self.jkvecs = [lst for lst, _, _ in rows]
        self.jkmap = [by_kv for _, by_kv, _ in rows]
        return [list(kvs) for _, _, kvs in rows]

    def _build_options(self, r: int, s: int, tokens: tuple[int, ...]) -> Grouped:
        # Shared by positions: everything the moves depend on is in the key
        # (the cell, the suit's cards at the later ranks, the jokers).
        key = (self.shape, r, self.cell[r][s], self._later[r][s], tokens, self.J, self.limit, self.T > 0)
        found = _OPTIONS.get(key)
        if found is None:
            if len(_OPTIONS) > 1 << 16:
                _OPTIONS.clear()
            found = _OPTIONS[key] = self._grouped(r, s, tokens)
        return found

    def _raw_moves_at(self, r: int, s: int, tokens: tuple[int, ...]) -> tuple[RawMove, ...]:
        """As :meth:`RankModel._raw_moves_at`, with the jokers (:func:`_raw_moves_j`)."""
        c = self.cells
        t = c.table[r][s]
        return _raw_moves_j(tokens, t, t + c.hand[r][s] + c.help[r][s], self.m, self.sets, self.rules[r],
                            self.J if self.runs else 0, self.limit)

    def _credit(self, used: int) -> int:
        """Hand cards that ``used`` jokers count for (the table's come first)."""
        return max(0, min(used, self.T + self.H) - self.T)

    def _joker_move(self, u: int, du: int, js: int) -> RawOption:
        key = (u, du, js)
        found = self._jmoves.get(key)
        if found is None:
            hand = self._credit(u + du) - self._credit(u)
            found = self._jmoves[key] = (  # an Option's fields
                (JTAG + u + du,), js, 0, hand, 0, 0, hand * self.w_hand, (), (), 0, 0, 0, (0, 0), du
            )
        return found

    # -- forward checking: each suit alone gets every joker still unused ------------

    def _may_finish(self, r: int, state: State, slack: int) -> bool:
        used = state[self.S][0] - JTAG if len(state) > self.S else 0
        left = self._left = self.J - used
        # The search's bound counts every hand joker as still to come; those
        # used so far are already in the hand cards placed: take them off.
        slack -= self._credit(used)
        if self.path_model is not None and self._path_tries < LP_FIRST:
            return slack >= 0  # the path's LP alone, for now
        if slack < 0 or not super()._may_finish(r, state, slack):
            return False
        # The suits share the jokers: for each suit the fewest hand cards it
        # must skip with j jokers; some sharing of the jokers left must keep
        # the skips within the slack.
        left *= self.U
        best = {0: 0}  # jokers given to the suits so far -> fewest skips
        span_of, after = self._span, self.suit_after[r]
        for s in range(self.S):
            plain = self._plain(state[s])
            allowance = slack if slack < after[s] else after[s]
            # (jokers, fewest skips) where the skips fall: a budget within
            # the span of the one before gives its answer (:meth:`_span`),
            # and more jokers for as many skips only weaken a sharing.
            row: list[tuple[int, int]] = []
            j = 0
            while j <= left:
                f, _, j_next = span_of(r, s, plain, allowance, j, UNITS)
                if f is not None and (not row or f[0] < row[-1][1]):
                    row.append((j, f[0]))
                    if f[0] == 0:
                        break
                j = j_next
            nxt: dict[int, int] = {}
            for a, skips in best.items():
                for j, least in row:
                    if a + j > left:
                        break
                    total = skips + least
                    if total <= slack and total < nxt.get(a + j, 1 << 60):
                        nxt[a + j] = total
            if not nxt:
                return False
            best = nxt
        # With one joker the joint check cuts too little to pay (callgrind: -2.1% on the
        # bench's one-joker classes, -0.1% and -1.2% on two slices of expert positions).
        return slack > JOINT_SLACK or self.J < 2 or self._joint_ok(r, state, slack, left // self.U)

    def _joint_ok(self, r: int, state: State, slack: int, left: int) -> bool:
        """Forward checking with the jokers of runs and sets counted
        together, for small budgets of skipped cards: for some share of the
        skips and of the jokers between the suits' runs (relaxed model,
        :meth:`_jfuture`), the sets' jokers (at each later rank the fewest
        that some choice among what the suits can send there needs) must fit
        in the jokers left."""
        S = self.S
        tokens = [self._plain(state[s]) for s in range(S)]
        after = self.suit_after[r]
        # The shares give each suit one of a few allowances: its choices once for each.
        known: dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = {}
        for share in _shares(S, slack):
            per_suit: list[list[tuple[int, tuple[int, ...]]]] = []
            for s in range(S):
                choices: list[tuple[int, tuple[int, ...]]]
                last: tuple[int, ...] | None
                allowance = share[s] if share[s] < after[s] else after[s]
                found = known.get((s, allowance))
                if found is None:
                    choices, last = [], None
                    j = 0
                    while j <= left:  # budgets by spans of the same answer, as in _may_finish
                        f, _, j_next = self._span(r, s, tokens[s], allowance, j, RUN_JOKERS)
                        if f is not None and f[1] != last:
                            choices.append((j, f[1]))
                            last = f[1]
                        j = j_next
                    found = known[(s, allowance)] = choices
                if not found:
                    break
                per_suit.append(found)
            else:
                if self._joint_split(r, per_suit, 0, left, ()):
                    return True
        return False

    def _joint_split(self, r: int, per_suit: list[list[tuple[int, tuple[int, ...]]]], s: int, left: int,
                     chosen: tuple[tuple[int, ...], ...]) -> bool:
        """Some choice, from suit ``s`` on, of jokers for runs (and the
        masks of what the suits can send to sets that come with them) that
        leaves ``left`` jokers enough for the sets."""
        if s == self.S:
            need = 0
            fewest = self._set_jokers
            for i, masks in enumerate(zip(*chosen), start=r + 1):
                n = fewest.get((i, masks))
                if n is None:
                    n = fewest[(i, masks)] = min(
                        [jss[0] for kv, jss in self.jkmap[i].items()
                         if all([masks[x] >> kv[x] & 1 for x in range(self.S)])], default=1 << 20)
                need += n
                if need > left:
                    return False
            return True
        for j, masks in per_suit[s]:
            if j > left:
                return False
            if self._joint_split(r, per_suit, s + 1, left - j, (*chosen, masks)):
                return True
        return False

    def _future(self, r: int, s: int, tokens: tuple[int, ...], allowance: int) -> Future | None:
        if budget.active:
            budget.check()  # each call may take a millisecond with many decks
        return self._jfuture(r, s, tokens, allowance, self._left * self.U)

    def _jfuture(self, r: int, s: int, tokens: tuple[int, ...], allowance: int, left: int) -> Future | None:
        """As :meth:`RankSearch._future`, within ``left`` units of jokers
        (:meth:`_set_costs`), in a relaxed model of the suit: a joker is one
        more card of any cell for runs, whatever the run holds (no natural
        card needed, no limit per meld, no place of its own), so the runs'
        tokens are the plain ones of :mod:`.solver_ranks`. Every answer of
        the real model is one of the relaxed model with the same skips and
        jokers: the bound stays a bound, over far fewer states."""
        return self._relaxed(r, s, self._plain(tokens), allowance, left, UNITS)

    def _plain(self, tokens: tuple[int, ...]) -> tuple[int, ...]:
        """The plain tokens of runs (what the relaxed model keeps of them)."""
        found = self._plains.get(tokens)
        if found is None:
            found = self._plains[tokens] = tuple(sorted([tok % JSTEP for tok in tokens]))
        return found

    def _relaxed(self, r: int, s: int, tokens: tuple[int, ...], allowance: int, left: int,
                 cost_at: CostField) -> Future | None:
        """(The relaxed model's future; ``cost_at`` is the field of the
        moves that ``left`` counts: :data:`UNITS` or :data:`RUN_JOKERS`.)"""
        # The fold below (fewest skips, masks of cards to sets) is the one of
        # RankSearch._future over other moves, with a budget of jokers more.
        # It stays written out in both: a shared fold would cost a call per
        # move in the search's busiest loop (forward checking).
        return self._span(r, s, tokens, min(allowance, self.suit_after[r][s]), left, cost_at)[0]

    def _span(self, r: int, s: int, tokens: tuple[int, ...], allowance: int, left: int, cost_at: CostField) -> Span:
        """(:meth:`_relaxed`'s answer, lo, hi): the answer is the same for
        every budget of jokers from lo up to but not including hi. The
        budget is the key that multiplies the states most, and the answer
        changes at few budgets: one entry serves them all."""
        key = (r, s, tokens, allowance, cost_at)
        spans = self._spans.get(key)
        if spans is None:
            spans = self._spans[key] = []
        else:
            for span in spans:
                if span[1] <= left < span[2]:
                    return span
        if r == self.R:
            full = self.full
            span = ((0, ()) if all(tok == full or tok == EPART for tok in tokens) else None, 0, _ALWAYS)
        else:
            # lo: the most that the ways counted need; hi: the least budget
            # at which a way not counted would fit, or a child would change.
            lo, hi = 0, _ALWAYS
            after = self.suit_after[r + 1][s]
            least = 1 << 60
            masks: list[int] | None = None
            for move in self._relaxed_moves(r + 1, s, tokens):
                new, k, skip, cost = move[0], move[1], move[2], move[cost_at]
                if skip > allowance:
                    continue
                if cost > left:
                    if cost < hi:
                        hi = cost
                    continue
                more = allowance - skip
                child, clo, chi = self._span(r + 1, s, new, more if more < after else after, left - cost, cost_at)
                if cost + chi < hi:
                    hi = cost + chi
                if child is None:
                    continue
                if cost + clo > lo:
                    lo = cost + clo
                if skip + child[0] < least:
                    least = skip + child[0]
                if masks is None:
                    masks = [0, *child[1]]
                else:
                    for i, mask in enumerate(child[1], start=1):
                        masks[i] |= mask
                masks[0] |= 1 << k
            span = (None if masks is None else (least, tuple(masks)), lo, hi)
        spans.append(span)
        return span

    def _relaxed_moves(self, r: int, s: int, tokens: tuple[int, ...]) -> tuple[RelaxedMove, ...]:
        """The relaxed model's moves of suit ``s`` at rank ``r``: (tokens
        after, natural cards to sets, hand cards skipped, units of jokers, jokers in runs)."""
        key = (self._relaxed_id[r][s], tokens)
        found = self._rmoves.get(key)
        if found is not None:
            return found
        t, h, p, _, _ = self.cell[r][s]
        n = t + h + p
        raw = _raw_moves(tokens, t, n + (self.J if self.runs else 0), self.m, self.sets, self.rules[r])
        U, per_set = self.U, self.set_cost[r]
        best: dict[tuple[Tokens, int], RelaxedMove] = {}
        for new, k, used, _, _, _ in raw:
            if k > n:
                continue
            jokers = used - n if used > n else 0
            hand = used - jokers - t
            skip = h - (hand if hand < h else h)
            cost = U * jokers + k * per_set
            old = best.get((new, k))
            if (old is None or (skip, cost) < old[2:4]) and self._relaxed_ahead(r, s, new):
                best[(new, k)] = (new, k, skip, cost, jokers)
        found = self._rmoves[key] = tuple(best.values())
        return found

    def _relaxed_ahead(self, r: int, s: int, tokens: tuple[int, ...]) -> bool:
        """Can plain runs in progress be completed with the cards that exist
        and every joker?"""
        if not tokens:
            return True
        key = (r, s, tokens)
        ok = self._rahead.get(key)
        if ok is None:
            ok = self._rahead[key] = self._lookahead(r, s, tokens)  # shared by positions
        return ok

    def _lookahead(self, r: int, s: int, tokens: tuple[int, ...]) -> bool:
        """Can the runs in progress still be completed with the cards that
        exist and the jokers (all of them, for each suit: a relaxation)?
        (Shared by positions: the answer depends only on the key below.)"""
        if not tokens:
            return True
        key = (self._read_ahead(r, s, tokens), tokens, self.m, self.J)
        ok = _LOOKAHEAD.get(key)
        if ok is None:
            if len(_LOOKAHEAD) > 1 << 17:
                _LOOKAHEAD.clear()
            ok = _LOOKAHEAD[key] = self._lookahead_now(r, s, tokens)
        return ok

    def _read_ahead(self, r: int, s: int, tokens: tuple[int, ...]) -> tuple[object, ...]:
        """What :meth:`_lookahead_now` reads of suit ``s``'s cards after rank
        ``r`` for ``tokens``: every later rank when an end part must reach
        the last one; otherwise only the next and the last m - 1 ranks (how
        far the last one is, when it is near) and, with runs of jokers alone,
        how many cards there are (as many as the tokens are enough), so that
        positions share far more answers."""
        if tokens[-1] < WSTART:  # sorted: ordinary runs only, no jokers' flags
            return (self._near[r][s], -1)
        bare = 0
        for tok in tokens:
            flags, base = divmod(tok, JSTEP)
            if base >= EPART or flags & 2 and base < WSTART:
                return self._later[r][s]
            bare += flags & 1
        near = self._near[r][s]
        return (near, min(self._later_sum[r][s], len(tokens)) if bare else -1)

    def _lookahead_now(self, r: int, s: int, tokens: tuple[int, ...]) -> bool:
        if not tokens:
            return True
        # A run of jokers alone so far needs a natural card at a later rank.
        if tokens[-1] >= JSTEP:  # tokens are sorted: only then can one be bare
            bare = sum([tok // JSTEP & 1 for tok in tokens])
            if bare and bare > sum(self._later[r][s]):
                return False
        # The runs' plain tokens, with every joker to spare; a run that starts
        # with a joker goes on to the last position, as an end part that owes
        # nothing more does (EPART).
        plain = [EPART if tok // JSTEP & 2 and tok % JSTEP < WSTART else tok % JSTEP for tok in tokens]
        return self._runs_fit(r, s, plain, self.J)

    def _final_ok(self, tokens: tuple[int, ...]) -> bool:
        """After the last rank: only finished runs with a natural card, and
        every table joker used."""
        ok = self._final.get(tokens)
        if ok is None:
            if tokens and tokens[0] >= JTAG:
                ok = tokens[0] - JTAG >= self.T
            else:
                full = NORMAL + self.m
                ok = all(tok % JSTEP in (full, EPART) and not tok // JSTEP & 1 for tok in tokens)
            self._final[tokens] = ok
        return ok

    def _moves(self, r: int, state: State, slack: int, order: int) -> Iterator[Combo]:
        """As :meth:`RankSearch._moves`, within the jokers left, each
        combination ending with the pseudo-suit's move."""
        S = self.S
        u = state[S][0] - JTAG
        left = self.J - u
        within = self._within
        per_suit: list[dict[int, tuple[Sequence[RawOption], int, int]]] = []
        lst: Sequence[RawOption]
        lists: Sequence[Sequence[RawOption]]  # a suit's options in both orders, then per suit a list
        for s in range(S):
            # Per group of cards to sets: (options within the jokers left,
            # the first's key, the fewest skips: the first's, skips coming
            # first in both orders).
            wkey = (r, s, state[s], order, left)
            groups = within.get(wkey)
            if groups is None:
                groups = {}
                for k, lists in self.options(r, s, state[s]).items():
                    lst = lists[order]
                    if left < self.J:
                        lst = [o for o in lst if o[JOKERS] <= left]
                    if lst:
                        groups[k] = (lst, lst[0][KEYS][order], lst[0][SKIP])
                within[wkey] = groups
            per_suit.append(groups)
        w_jok = self.w_jok
        # A joker in a run where a hand card of the same cell stays in the
        # hand could give way to that card (as many hand cards placed, a
        # joker more to spare) once more jokers are used than the table's,
        # which must all be used: such moves are left out.
        T = self.T
        heap: list[tuple[int, int, tuple[int, ...], int, int]] = []
        # Per vector of cards to sets accepted: its lists and joker counts,
        # by its place in the product of the suits' groups (the tie-break).
        table: dict[int, tuple[list[Sequence[RawOption]], list[int]]] = {}
        allowed = self.jkmap[r]
        last_rank = r == self.R  # every table joker must be on the table by then
        zeros = (0,) * S
        size = 1
        for groups in per_suit:
            size *= len(groups)
        # Many vectors (big tables), of which the search mostly takes the
        # first: drawn as they are needed from a lattice over each suit's
        # groups sorted by their first key, in the same order as all at once.
        lattice: list[tuple[int, tuple[int, ...], int]] = []
        keyed: list[list[int]] = []  # per suit its groups' vectors, in the product's order
        ranked: list[list[int]] = []  # per suit its groups' places, by first key
        push, pop = heappush, heappop

        def enter(kv: tuple[int, ...], which: int) -> None:
            """The vector's first combination into the heap, if the jokers
            and the slack allow it."""
            jss = allowed.get(kv)
            if jss is None or jss[0] > left:
                return
            picked = [groups[k] for groups, k in zip(per_suit, kv)]
            if sum([g[2] for g in picked]) > slack:
                return
            # Joker counts for sets come lazily, fewest first (``jss`` is sorted).
            push(heap, (sum([g[1] for g in picked]) + w_jok * jss[0], which, zeros, 0, 0))
            table[which] = ([g[0] for g in picked], jss)

        if size <= EAGER_VECTORS:
            for which, kv in enumerate(product(*per_suit)):
                enter(kv, which)
        else:
            keyed = [list(groups) for groups in per_suit]
            ranked = [sorted(range(len(ks)), key=[groups[k][1] for k in ks].__getitem__)
                      for ks, groups in zip(keyed, per_suit)]
            lattice.append((sum([groups[ks[ranks[0]]][1] for groups, ks, ranks in zip(per_suit, keyed, ranked)]),
                            zeros, 0))
        while True:
            # Every vector not drawn yet has a key at least its lattice key:
            # draw them until the heap's first entry comes before them all.
            while lattice and (not heap or lattice[0][0] <= heap[0][0]):
                base, at, moved = pop(lattice)
                for s in range(moved, S):
                    ranks, i = ranked[s], at[s]
                    if i + 1 < len(ranks):
                        groups, ks = per_suit[s], keyed[s]
                        push(lattice, (base - groups[ks[ranks[i]]][1] + groups[ks[ranks[i + 1]]][1],
                                       at[:s] + (i + 1,) + at[s + 1 :], s))
                which = 0
                for s in range(S):
                    which = which * len(keyed[s]) + ranked[s][at[s]]
                enter(tuple([keyed[s][ranked[s][at[s]]] for s in range(S)]), which)
            if not heap:
                return
            key, which, pos, last, ji = pop(heap)
            lists, jss = table[which]
            combo = tuple([lists[s][pos[s]] for s in range(S)])
            skipped = du = 0
            for o in combo:
                skipped += o[SKIP]
                du += o[JOKERS]
            if skipped > slack:
                return
            js = jss[ji]
            du += js
            if du > left and skipped == slack:
                # Keys put skips first, then jokers: whatever follows skips
                # more or uses as many jokers at least.
                return
            if du <= left and (u + du <= T or not any([o[JOKERS] and o[SKIP] for o in combo])) \
                    and (u + du >= T or not last_rank):
                yield (*combo, self._joker_move(u, du, js))
            if ji + 1 < len(jss) and jss[ji + 1] <= left:
                push(heap, (key + w_jok * (jss[ji + 1] - js), which, pos, 0, ji + 1))
            if ji:
                continue  # the suits' next options come from the entry with the fewest jokers
            for s in range(last, S):
                lst = lists[s]
                i = pos[s]
                if i + 1 < len(lst):
                    push(heap, (key - lst[i][KEYS][order] + lst[i + 1][KEYS][order], which,
                                pos[:s] + (i + 1,) + pos[s + 1 :], s, 0))


# -- from cards to counts and back -------------------------------------------------------


def solve_position(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], kinds: Sequence[str],
                   hand_cards: Sequence[Card], help_cards: Sequence[Card], count: int | None = None,
                   best_count: Callable[[], int] | None = None, bound: Callable[[], int] | None = None,
                   lp_bound: Callable[[], int | None] | None = None) -> Laid:
    """Solve a position holding jokers: (new melds, hand cards placed, help
    cards used); ``count``, the best count when it is known already;
    ``best_count``, a way to learn it by another method (taken at once),
    ``bound`` an upper bound on it tried first, ``lp_bound`` the LP
    relaxation's bound for a search that settles the count itself
    (:meth:`JokerSearch.solve`)."""
    laid = _solve_position(variant, shape, melds, kinds, hand_cards, help_cards, count=count, best_count=best_count,
                           bound=bound, lp_bound=lp_bound)
    assert laid is not None and not isinstance(laid, Unmet), "without a count to reach, a position always has an answer"
    return laid


class Unmet:
    """:func:`solve_position_at`'s outcome when no answer places its count
    (proved: then one fewer is an upper bound)."""

    def __repr__(self) -> str:
        return "UNMET"


UNMET = Unmet()


def solve_position_at(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], kinds: Sequence[str],
                      hand_cards: Sequence[Card], help_cards: Sequence[Card], count: int, limits: Mapping[Card, int],
                      lp_bound: Callable[[], int | None] | None = None) -> Laid | Unmet | None:
    """:func:`solve_position`'s answer when it places ``count`` hand cards,
    ``count`` being an upper bound on what any answer places; :data:`UNMET`
    when no answer places that many, None when the search for it runs long.
    ``limits``: the most copies of a hand card that an answer placing
    ``count`` can place (:func:`.solver_milp.hand_limits`). The search
    leaves the other copies out, and finds the same first path: an answer
    placing ``count`` holds none of them, and the options it takes keep
    their order (each skips the same copies more). The ranks are swept in
    the order the whole hand gives."""
    return _solve_position(variant, shape, melds, kinds, hand_cards, help_cards, at=count, limits=limits,
                           lp_bound=lp_bound)


def _solve_position(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], kinds: Sequence[str],
                    hand_cards: Sequence[Card], help_cards: Sequence[Card], count: int | None = None,
                    best_count: Callable[[], int] | None = None, bound: Callable[[], int] | None = None,
                    lp_bound: Callable[[], int | None] | None = None, at: int | None = None,
                    limits: Mapping[Card, int] | None = None) -> Laid | Unmet | None:
    from .solver_build import MIRROR, RUN, _rebuild_runs, _rebuild_sets, _sweep_order, card_grid, playable

    R, S = shape.ranks, shape.suits
    limit = per_meld_limit(variant)
    if limit is not None and limit >= max(R, S):
        limit = None  # no meld is long enough for the limit to matter
    suit_index = {s.code: i for i, s in enumerate(variant.deck.suits)}
    suit_codes = [s.code for s in variant.deck.suits]
    table_j = sum(1 for meld in melds for c in meld if is_joker(c))
    hand_j = sum(1 for c in hand_cards if is_joker(c))
    help_j = sum(1 for c in help_cards if is_joker(c))
    hand_n = [c for c in hand_cards if not is_joker(c)]
    help_n = [c for c in help_cards if not is_joker(c)]
    natural_melds = [tuple(c for c in meld if not is_joker(c)) for meld in melds]
    rank_at = [0, *_sweep_order(shape, natural_melds, hand_n, help_n, suit_index)]
    pos = {rank: p for p, rank in enumerate(rank_at) if p}
    sweep = Shape(shape.set_sizes, shape.run_min, MIRROR[shape.aces], shape.ranks, shape.suits)

    def grid() -> Grid:
        return [[0] * S for _ in range(R + 1)]

    table, in_sets, hand, help_ = grid(), grid(), grid(), grid()
    old_runs: list[tuple[int, int, frozenset[int]]] = []
    old_sets: dict[int, list[tuple[int, frozenset[int]]]] = {}
    for index, (meld, kind) in enumerate(zip(melds, kinds)):
        is_run = variant.melds[kind].sequence
        naturals = [c for c in meld if not is_joker(c)]
        for card in naturals:
            table[pos[card.rank]][suit_index[card.suit]] += 1
            if not is_run:
                in_sets[pos[card.rank]][suit_index[card.suit]] += 1
        if is_run:
            ids = meld_kind(variant, meld)[2] if len(naturals) < len(meld) else ()
            old_runs.append((index, suit_index[naturals[0].suit], frozenset(pos[c.rank] for c in (*naturals, *ids))))
        else:
            old_sets.setdefault(pos[naturals[0].rank], []).append(
                (index, frozenset(suit_index[c.suit] for c in naturals)))
    for card in hand_n:
        hand[pos[card.rank]][suit_index[card.suit]] += 1
    for card in help_n:
        help_[pos[card.rank]][suit_index[card.suit]] += 1
    jokers = table_j + hand_j + help_j
    hand, help_ = playable(sweep, table, hand, help_, jokers if limit is None else min(jokers, limit))
    for card, most in (limits or {}).items():
        cell_p, cell_s = pos[card.rank], suit_index[card.suit]
        if hand[cell_p][cell_s] > most:
            hand[cell_p][cell_s] = most

    def as_it_is() -> Laid:
        return [variant_arrange(variant, meld, kind) for meld, kind in zip(melds, kinds)], [], []

    if not any(map(any, hand)) and not any(map(any, help_)) and not hand_j + help_j:
        return as_it_is() if at is None else UNMET  # at is 1 or more
    points = tuple([0] + [variant.deck.ranks[rank_at[p] - 1].points for p in range(1, R + 1)])

    def frozen(grid_: Grid) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(row) for row in grid_)

    cells = Cells(frozen(table), frozen(in_sets), frozen(hand), frozen(help_), points)
    search = JokerSearch(sweep, cells, (table_j, hand_j, help_j), limit)
    card_at = card_grid(tuple(rank_at), tuple(suit_codes))
    search.best_count, search.bound, search.lp_bound = best_count, bound, lp_bound
    if lp_bound is not None:  # HiGHS is at hand: the path's LP bound too, should the search run long

        def path_model() -> PathBound:
            from .solver_milp import PathBound

            return PathBound(variant, shape, melds, hand_cards, help_cards)

        search.path_model = path_model
        search.card_at = card_at
    if at is not None:
        reached = search.solve_at(at)
        if reached is None:
            return UNMET if search.unmet else None
        outcome = reached
    else:
        outcome = search.solve() if count is None else search.solve_for(count)
    if not outcome.hand:
        # Nothing can be placed: the table stays as it is, rather than the
        # first rearrangement of it that the search would give.
        return as_it_is()
    placed: list[Card] = []
    used_help: list[Card] = []
    used_jokers = 0
    for p in range(1, R + 1):
        combo = outcome.options[p - 1]
        for s, opt in enumerate(combo[:S]):
            placed += [card_at[p][s]] * opt.hand
            used_help += [card_at[p][s]] * opt.help
        used_jokers += combo[S].jokers
    from_hand = min(hand_j, used_jokers - table_j)
    placed += [JOKER] * from_hand
    used_help += [JOKER] * (used_jokers - table_j - from_hand)
    new_melds = [_lay_run(variant, run, RUN) for run in _rebuild_runs(sweep, outcome, old_runs, card_at)]
    allowed = frozenset(sweep.set_sizes)
    new_melds += _rebuild_sets(sweep, outcome, old_sets, card_at, limit,
                               lambda rest, jokers: sets_feasible_j(rest, jokers, allowed, limit))
    return new_melds, placed, used_help


def variant_arrange(variant: MachiavelliVariant, meld: Sequence[Card], kind: str) -> tuple[Card, ...]:
    """A meld as laid out: runs in sequence with each joker at the place it
    takes, sets by suit with the jokers last."""
    if not any(is_joker(c) for c in meld):
        return arrange(meld, variant.melds[kind], deck=variant.deck, aces=variant.aces)
    naturals = [c for c in meld if not is_joker(c)]
    if variant.melds[kind].sequence:
        ids = meld_kind(variant, meld)[2]
        return _lay_run(variant, [(c, False) for c in naturals] + [(c, True) for c in ids], variant.melds[kind])
    return (*arrange(naturals, None, deck=variant.deck), *(c for c in meld if is_joker(c)))


def _lay_run(variant: MachiavelliVariant, run: Sequence[tuple[Card, bool]], kind: MeldKind) -> tuple[Card, ...]:
    """A run given as (card or identity, joker?) laid out in sequence."""
    cards = arrange([c for c, _ in run], kind, deck=variant.deck, aces=variant.aces)
    jokers = {c.rank for c, j in run if j}
    return tuple(JOKER if c.rank in jokers else c for c in cards)
