"""The solver's fast path: a dynamic programme over ranks for sets and runs.

After van Rijn, Takes and Vis, "The complexity of Rummikub problems" (2015).
The ranks are swept once, ace first. The state holds, for each suit, the
runs in progress as a multiset of *tokens*; a token is one run's length so
far, capped at the run kind's minimum size ``m`` (a run that already has
``m`` cards behaves the same whatever its length). The cards of one rank
that do not go to runs go to sets, and a vector of how many cards each suit
gives to sets is valid when it splits into sets of allowed sizes with
distinct suits (an exact partition test, never a greedy one).

Runs through the corner (wrap: K-A-2) or with the ace high (Q-K-A) are runs
that cross the cut between the king and the ace. They are split in two at
the cut: the *start part* from the ace up (a ``WSTART`` token, only with
wrap; with high and low-or-high it is the ace alone) and, once it has ended,
a *waiting* token (``WAIT``) that must be met by an *end part* (``EPART``)
that starts later and runs up to the king. The waiting token remembers how
many cards the end part still owes to reach the minimum size, and the end
part may not start before the start part has ended, so no run can use a
rank twice. No split of the aces is ever guessed: each ace is placed once,
as the sweep passes the ace.

Every table card must be used; hand and help cards are optional. The value
maximised is lexicographic (see :mod:`core.solver`), packed into one
integer so that states compare fast. The search runs with a *target*: a
state whose hand cards so far plus every playable hand card still to come
cannot reach the target is dropped. A run with target ``t`` returns the
exact optimum when the optimum is at least ``t``, and nothing otherwise, so
the solver tries the upper bound first and lowers the target.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from heapq import heapify, heappop, heappush
from itertools import product
from typing import Iterable

# Token codes (one small int per run in progress).
NORMAL = 0  # NORMAL + j: an ordinary run with j cards so far (j capped at m)
WSTART = 100  # WSTART + j: a run's start part from the ace, j cards so far
WAIT = 200  # WAIT + q: a start part has ended; its end part owes q cards
EPART = 300  # EPART + q: an end part in progress that still owes q cards


@dataclass(frozen=True, slots=True)
class Shape:
    """What the fast path needs to know of a variant's meld kinds."""

    set_sizes: frozenset[int]  # allowed set sizes (distinct suits, one rank); empty: no sets
    run_min: int | None  # fewest cards in a run (one suit, consecutive); None: no runs
    aces: str
    ranks: int
    suits: int


def shape_of(variant) -> Shape | None:
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


def _combinations(items: tuple[int, ...], k: int):
    from itertools import combinations

    return combinations(items, k)


@lru_cache(maxsize=4096)
def _kvecs_for(row: tuple[int, ...], sizes: frozenset[int]) -> list[tuple[int, ...]]:
    """Every vector of cards per suit, within ``row``, that splits into sets."""
    return [v for v in product(*(range(a + 1) for a in row)) if sets_feasible(v, sizes)]


def sets_feasible(counts: Iterable[int], sizes: frozenset[int]) -> bool:
    return _sets_feasible(tuple(sorted(counts, reverse=True)), sizes)


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


@dataclass(frozen=True, slots=True)
class Option:
    """One suit's move at one rank."""

    new: tuple[int, ...]  # the suit's tokens after the rank
    to_sets: int
    used: int  # cards of this rank and suit placed (to runs and sets)
    hand: int
    help: int
    skip: int  # playable hand cards of this cell left in hand
    value: int
    # how the tokens moved: (old token, new token or None when the run ends)
    moves: tuple[tuple[int, int | None], ...]
    starts: tuple[int, ...]  # tokens of runs that start here
    ties: int  # runs in progress that still owe cards (the search tries fewer first)
    stay: int  # table cards that stay in the kind of meld they were in
    bonus: int  # points of the hand cards placed, then help cards kept (packed)
    keys: tuple[int, int]  # sort keys in the two search orders


@dataclass(frozen=True, slots=True)
class Outcome:
    """The optimum found: per rank, each suit's option; and the packed value."""

    value: int
    hand: int
    options: tuple[tuple[Option, ...], ...]  # [rank - 1][suit]


class RankDP:
    """The search for one position (cells) under one shape."""

    def __init__(self, shape: Shape, cells: Cells) -> None:
        self.shape = shape
        self.cells = cells
        self.R = shape.ranks
        self.S = shape.suits
        self.m = shape.run_min or 0
        self.runs = shape.run_min is not None
        self.sets = bool(shape.set_sizes)
        R, S = self.R, self.S
        self.avail = tuple(
            tuple(cells.table[r][s] + cells.hand[r][s] + cells.help[r][s] for s in range(S)) for r in range(R + 1)
        )
        # Weights of the packed value: hand cards, then table cards that
        # stay in their kind of meld, then points of hand cards, then help
        # cards left on the side. Every term is non-negative and bounded, so
        # value // w_hand is the number of hand cards placed.
        total_help = sum(map(sum, cells.help))
        total_points = sum(cells.points[r] * sum(cells.hand[r]) for r in range(R + 1))
        total_table = sum(map(sum, cells.table))
        self.w_points = total_help + 1
        self.w_stay = (total_points + 1) * self.w_points
        self.w_hand = (total_table + 1) * self.w_stay
        # Weights of the two search orders (sums over the suits of one rank;
        # at most 64 cards of a rank, so 128 and 256 leave room).
        w = self.w_stay
        self.order_weights = ((w * 128 * 256, -(w * 128), w, -1), (w * 128 * 256, -w, w * 128, -1))
        hand_by_rank = [sum(cells.hand[r]) for r in range(R + 1)]
        self.rank_hand = hand_by_rank
        self.rem_after = [sum(hand_by_rank[r + 1 :]) for r in range(R + 1)]
        self.upper = sum(hand_by_rank)
        self.suit_after = [[sum(cells.hand[q][s] for q in range(r + 1, R + 1)) for s in range(S)] for r in range(R + 1)]
        self.kvecs = self._kvecs()
        self._options: dict[tuple[int, int, tuple[int, ...]], dict[int, tuple[list[Option], list[Option]]]] = {}
        self._final: dict[tuple[int, ...], bool] = {}
        self._fail: dict[tuple[int, tuple], int] = {}
        self._futures: dict[tuple[int, int, tuple[int, ...], int], tuple | None] = {}
        self._mask_ok: dict[tuple[int, tuple[int, ...]], bool] = {}
        self._seen: dict[tuple[int, int, tuple[int, ...]], bool] = {}
        self.visits = 0

    # -- one suit at one rank ------------------------------------------------

    def _kvecs(self) -> list[list[tuple[int, ...]]]:
        """Per rank, every vector of cards per suit that can go to sets."""
        if not self.sets:
            return [[(0,) * self.S] for _ in range(self.R + 1)]
        return [_kvecs_for(row, self.shape.set_sizes) for row in self.avail]

    def options(self, r: int, s: int, tokens: tuple[int, ...]) -> dict[int, tuple[list[Option], list[Option]]]:
        """Every useful move of suit ``s`` at rank ``r`` from ``tokens``,
        grouped by how many cards go to sets, each group sorted in both
        search orders."""
        key = (r, s, tokens)
        found = self._options.get(key)
        if found is None:
            found = self._options[key] = self._build_options(r, s, tokens)
        return found

    def _build_options(self, r: int, s: int, tokens: tuple[int, ...]):
        m, aces, c = self.m, self.shape.aces, self.cells
        t = c.table[r][s]
        cap = t + c.hand[r][s] + c.help[r][s]
        raw = _raw_moves(
            tokens,
            t,
            cap,
            m,
            self.sets,
            self.runs and not (r == 1 and aces == "high"),
            self.runs and r == 1 and aces != "low",
            (WSTART + 1) if aces == "wrap" else (WAIT + max(1, m - 1)),
            r == 1,
        )
        grouped: dict[int, list[Option]] = {}
        seen = self._seen
        for new, k, used, moves, starts in raw:
            ok = seen.get((r, s, new))
            if ok is None:
                ok = seen[(r, s, new)] = self._lookahead(r, s, new)
            if ok:
                grouped.setdefault(k, []).append(self._option(r, s, new, k, used, moves, starts))
        return {
            k: (sorted(lst, key=_preferred_key), sorted(lst, key=_fastest_key)) for k, lst in grouped.items()
        }

    def _option(self, r, s, new, k, used, moves, starts) -> Option:
        c = self.cells
        t, h, p, ts = c.table[r][s], c.hand[r][s], c.help[r][s], c.table_in_sets[r][s]
        extra = used - t
        hand = min(h, extra)
        help_ = extra - hand
        tr = t - ts
        stay = t - max(0, ts - k) - max(0, tr - (used - k))
        bonus = hand * c.points[r] * self.w_points + (p - help_)
        value = hand * self.w_hand + stay * self.w_stay + bonus
        ties = sum(1 for tok in new if tok != NORMAL + self.m)
        skip = h - hand
        keys = tuple(a * skip + b * stay + c_ * ties + d * bonus for a, b, c_, d in self.order_weights)
        return Option(new, k, used, hand, help_, skip, value, moves, starts, ties, stay, bonus, keys)

    def _lookahead(self, r: int, s: int, tokens: tuple[int, ...]) -> bool:
        """Can the runs in progress still be completed with the cards that exist?"""
        R, m = self.R, self.m
        span = R - r
        if not tokens:
            return True
        need = [0] * (span + 1)
        for tok in tokens:
            if tok < WSTART:
                owe = m - (tok - NORMAL)
                if owe > span:
                    return False
                for o in range(1, owe + 1):
                    need[o] += 1
            elif tok < WAIT:
                if span < 1:
                    return False
                need[span] += 1
            elif tok < EPART:
                q = tok - WAIT
                if q > span:
                    return False
                for o in range(span - q + 1, span + 1):
                    need[o] += 1
            else:
                q = tok - EPART
                if q > span:
                    return False
                for o in range(1, span + 1):
                    need[o] += 1
        avail = self.avail
        return all(need[o] <= avail[r + o][s] for o in range(1, span + 1))

    def _final_ok(self, tokens: tuple[int, ...]) -> bool:
        """After the king only finished runs may remain."""
        ok = self._final.get(tokens)
        if ok is None:
            full = NORMAL + self.m
            ok = self._final[tokens] = all(tok == full or tok == EPART for tok in tokens)
        return ok

    # -- forward checking ------------------------------------------------------

    def _future(self, r: int, s: int, tokens: tuple[int, ...], allowance: int):
        """Suit ``s`` alone, from ``tokens`` after rank ``r``, skipping at most
        ``allowance`` playable hand cards: (fewest it must skip, per later
        rank a bit mask of how many cards it can send to sets), over every
        way to finish it; None if there is none."""
        allowance = min(allowance, self.suit_after[r][s])  # more is the same as no limit
        key = (r, s, tokens, allowance)
        found = self._futures.get(key, _MISSING)
        if found is not _MISSING:
            return found
        if r == self.R:
            result = (0, ()) if self._final_ok(tokens) else None
        else:
            least = _NEVER
            masks: list[int] | None = None
            for k, (lst, _) in self.options(r + 1, s, tokens).items():
                for o in lst:
                    if o.skip > allowance:
                        continue
                    child = self._future(r + 1, s, o.new, allowance - o.skip)
                    if child is None:
                        continue
                    if o.skip + child[0] < least:
                        least = o.skip + child[0]
                    if masks is None:
                        masks = [0, *child[1]]
                    else:
                        for i, mask in enumerate(child[1], start=1):
                            masks[i] |= mask
                    masks[0] |= 1 << k
            result = None if masks is None else (least, tuple(masks))
        self._futures[key] = result
        return result

    def _may_finish(self, r: int, state: tuple, slack: int) -> bool:
        """Can ``state`` after rank ``r`` possibly be finished, skipping at
        most ``slack`` playable hand cards? For some share of that budget
        between the suits, every suit must finish alone within its share,
        and at every later rank some choice among what the suits can then
        send to sets must split into sets. (A relaxation: it never rejects a
        state that can be finished.) Shares are tried one by one for small
        budgets; for larger ones each suit gets what the others leave."""
        S = self.S
        least = []
        for s in range(S):
            f = self._future(r, s, state[s], slack)
            if f is None:
                return False
            least.append(f[0])
        total = sum(least)
        if total > slack:
            return False
        if not self.sets:
            return True
        if slack <= SPLIT_SLACK:
            shares = _shares(S, slack)
        else:
            shares = (tuple(slack - total + least[s] for s in range(S)),)
        for share in shares:
            futures = []
            for s in range(S):
                f = self._future(r, s, state[s], share[s])
                if f is None:
                    break
                futures.append(f[1])
            else:
                if self._sets_possible(r, futures):
                    return True
        return False

    def _sets_possible(self, r: int, futures: list[tuple[int, ...]]) -> bool:
        known = self._mask_ok
        S = self.S
        for i, masks in enumerate(zip(*futures), start=r + 1):
            ok = known.get((i, masks))
            if ok is None:
                ok = known[(i, masks)] = any(all(masks[s] >> v[s] & 1 for s in range(S)) for v in self.kvecs[i])
            if not ok:
                return False
        return True

    # -- the search -------------------------------------------------------------

    def _moves(self, r: int, state: tuple, slack: int, order: int):
        """The suits' options at rank ``r`` combined, best first in
        ``order``, while at most ``slack`` playable hand cards are skipped.

        Lazy: the combinations are drawn from a heap over the suits' sorted
        lists (the orders are lexicographic, hence compatible with sums, so
        moving one suit to its next option never makes a combination better)."""
        S = self.S
        per_suit = [self.options(r, s, state[s]) for s in range(S)]
        heap = []
        table = []
        for kv in self.kvecs[r]:
            lists = []
            for s in range(S):
                got = per_suit[s].get(kv[s])
                if not got:
                    break
                lists.append(got[order])
            else:
                heap.append((sum(lst[0].keys[order] for lst in lists), len(table), (0,) * S, 0))
                table.append(lists)
        heapify(heap)
        while heap:
            key, which, pos, last = heappop(heap)
            lists = table[which]
            combo = tuple(lists[s][pos[s]] for s in range(S))
            if sum(o.skip for o in combo) > slack:
                return  # skipping comes first in both orders: nothing better follows
            yield combo
            for s in range(last, S):
                lst = lists[s]
                i = pos[s]
                if i + 1 < len(lst):
                    heappush(
                        heap,
                        (key - lst[i].keys[order] + lst[i + 1].keys[order], which, pos[:s] + (i + 1,) + pos[s + 1 :], s),
                    )

    def search(
        self, target: int, *, order: int = PREFERRED, check: bool = False, limit: int | None = None
    ) -> list[tuple[Option, ...]] | None:
        """The first path, in ``order``, that places at least ``target`` hand
        cards; None when there is none. ``check`` turns on forward checking.
        Raises :class:`_TooLong` after ``limit`` visits."""
        R = self.R
        fail = self._fail
        rank_hand, rem_after = self.rank_hand, self.rem_after
        final = self._final_ok
        visits = 0

        def rec(r: int, state: tuple, have: int):
            nonlocal visits
            if r > R:
                return [] if have >= target and all(final(t) for t in state) else None
            need = target - have
            key = (r, state)
            # Failures do not depend on the order or the target, only on the
            # state and how many hand cards the rest must still place.
            if fail.get(key, _NEVER) <= need:
                return None
            visits += 1
            if limit is not None and visits > limit:
                raise _TooLong
            slack = have + rank_hand[r] + rem_after[r] - target
            if slack >= 0 and (not check or self._may_finish(r - 1, state, slack)):
                seen = set()
                for combo in self._moves(r, state, slack, order):
                    nxt = tuple(o.new for o in combo)
                    if nxt in seen:
                        continue  # reached before with no fewer hand cards
                    seen.add(nxt)
                    got = rec(r + 1, nxt, have + sum(o.hand for o in combo))
                    if got is not None:
                        got.append(combo)
                        return got
            if need < fail.get(key, _NEVER):
                fail[key] = need
            return None

        try:
            path = rec(1, tuple(() for _ in range(self.S)), 0)
        finally:
            self.visits += visits
        if path is not None:
            path.reverse()
        return path

    def find(self, target: int, polish: bool = True) -> tuple[list[tuple[Option, ...]] | None, bool]:
        """(A path placing at least ``target`` hand cards or None if there is
        none, whether it is the first such path in the preferred order).

        Searches in the preferred order and in the fastest order take turns
        with growing budgets of visits, sharing what they learn about failed
        states, until one finds a path or one proves there is none. With
        ``polish``, a path found in the fastest order gets one bounded chance
        to be replaced by the first path in the preferred order."""
        budget = QUICK_VISITS
        order = PREFERRED
        while True:
            try:
                path = self.search(target, order=order, check=True, limit=budget)
            except _TooLong:
                order = FASTEST if order == PREFERRED else PREFERRED
                budget *= GROWTH
                continue
            if path is not None and order == FASTEST and polish:
                try:
                    better = self.search(target, check=True, limit=PATIENT_VISITS)
                except _TooLong:
                    better = None
                if better is not None:
                    return better, True
            return path, order == PREFERRED

    def solve(self) -> Outcome:
        """The most hand cards.

        First quick searches, in both orders, for a path that places every
        playable hand card (most positions end there). Otherwise the upper bound is lowered
        while forward checking at the root rules it out, a first path gives
        a lower bound, and targets rise from it until one fails: then the
        best count is known, and the answer is the first path for it in the
        preferred order (if a bounded search finds it)."""
        root = tuple(() for _ in range(self.S))
        top = self.upper
        path = None
        for order in (PREFERRED, FASTEST):
            try:
                path = self.search(top, order=order, limit=QUICK_VISITS)
            except _TooLong:
                continue
            if path is None:
                top -= 1  # proved: not every playable card fits
            elif order == FASTEST:
                try:
                    path = self.search(top, limit=PATIENT_VISITS) or path
                except _TooLong:
                    pass
            break
        if path is None:
            while top and not self._may_finish(0, root, self.upper - top):
                top -= 1
            best, preferred = self.find(0, polish=False)
            count = self._count(best)
            found_at = 0
            while count < top:
                better, better_preferred = self.find(count + 1, polish=False)
                if better is None:
                    break
                best, preferred, found_at, count = better, better_preferred, count + 1, self._count(better)
            if found_at < count or not preferred:
                best = self.find(count)[0] or best
            path = best
        value = sum(o.value for combo in path for o in combo)
        return Outcome(value, value // self.w_hand, tuple(path))

    @staticmethod
    def _count(path) -> int:
        return sum(o.hand for combo in path for o in combo)


#: Visits of the first search; each next one may visit three times more.
QUICK_VISITS = 300
#: Visits allowed to the preferred order once an answer is known.
PATIENT_VISITS = 1000
#: How much larger each next budget of visits is.
GROWTH = 2
_NEVER = 1 << 60
_MISSING = object()


class _TooLong(Exception):
    """The quick search ran past its budget of visits."""


@lru_cache(maxsize=1 << 16)
def _raw_moves(
    tokens: tuple[int, ...],
    t: int,
    cap: int,
    m: int,
    sets: bool,
    can_start: bool,
    can_w: bool,
    w_token: int,
    first: bool,
) -> tuple[tuple[tuple[int, ...], int, int, tuple, tuple[int, ...]], ...]:
    """One suit's moves at one rank, whatever the position: every way to
    place between ``t`` and ``cap`` cards given the runs in progress, as
    (tokens after, cards to sets, cards placed, token moves, new tokens)."""
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
    out: dict[tuple[tuple[int, ...], int], tuple] = {}
    n_opt, n_wait = len(optional), len(waiting)
    for ext_mask in range(1 << n_opt):
        moves = list(must)
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
                            out[(new_t, k)] = (new_t, k, used, tuple(every), starts)
    return tuple(out.values())


#: Budgets of skipped cards small enough to try every share between suits.
SPLIT_SLACK = 2


@lru_cache(maxsize=64)
def _shares(suits: int, budget: int) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``budget`` between ``suits`` (all of it given)."""
    return tuple(v for v in product(range(budget + 1), repeat=suits) if sum(v) == budget)


def _preferred_key(o: Option) -> int:
    return o.keys[PREFERRED]


def _fastest_key(o: Option) -> int:
    return o.keys[FASTEST]
