"""The solver's search over the rank model (:mod:`machiavelli.games.machiavelli.solver_ranks`).

A depth-first search from the first position to the last, one choice of
every suit's move per position, that keeps a path placing at least a
*target* of hand cards: a state that cannot reach the target with every
playable hand card still to come is dropped, and so is a state that
*forward checking* rules out (each suit alone must be able to finish within
its share of the cards it may still skip, and at every later position the
suits' possible contributions to sets must allow some valid split). Failed
states are remembered with how many hand cards they were asked for; a
failure holds whatever the order or target, so every search of a position
shares them.

The moves at a position are tried best first in one of two orders: the
preferred one, whose first path is the answer the solver gives, and a
faster one (runs left owing cards first), which finds a path with far less
backtracking on the hardest positions. Searches in the two orders take
turns with growing budgets of visits until one finds a path or one proves
there is none; so the answer is exact, and it is the first path in the
preferred order unless that order would take long.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from heapq import heappop, heappush
from itertools import product
from typing import Any, Callable, Final, Iterator, Sequence, TypeAlias

from machiavelli.core import budget

from .solver_ranks import (FASTEST, HAND, KEYS, NEW, PREFERRED, SKIP, VALUE, Cells, Future, Grouped, Option, RankModel,
                           RawOption, Shape, Tokens, feasible_sets)

#: A state of the search after a rank: each suit's tokens (with jokers, the
#: pseudo-suit's last, :mod:`.solver_jokers`).
State: TypeAlias = tuple[Tokens, ...]
#: One combination of the suits' moves at a rank, as the search takes it.
Combo: TypeAlias = tuple[RawOption, ...]
#: A way to send cards to sets (:meth:`RankSearch._way`) once its lists are
#: made: (key of its first combination, cards per suit, first options, 0,
#: (per suit its options' list, suits with more than one option)).
ReadyWay: TypeAlias = tuple[int, tuple[int, ...], tuple[int, ...], int,
                            tuple[list[tuple[RawOption, ...]], tuple[int, ...]]]
#: The same before: None in place of the lists.
Way: TypeAlias = tuple[int, tuple[int, ...], tuple[int, ...], int, None] | ReadyWay
#: The heap that finds the next way: (key, cards per suit, each suit's place
#: in its sorted ways, the last suit moved).
Lattice: TypeAlias = list[tuple[int, tuple[int, ...], tuple[int, ...], int]]
#: What :meth:`RankSearch._moves` starts from (:meth:`RankSearch._start`):
#: [per suit its ways (key of the first option, cards to sets) sorted
#: (list[list[tuple[int, int]]]; empty when every way was found at once),
#: per suit its options (list[Grouped]), the
#: order (int), the ways found so far (list[Way]), the heap that finds the
#: next ones (Lattice)]: a list of five kinds of value.
Start: TypeAlias = list[Any]

@dataclass(frozen=True, slots=True)
class Outcome:
    """The optimum found: per rank, each suit's option; and the packed value."""

    value: int
    hand: int
    options: tuple[tuple[Option, ...], ...]  # [rank - 1][suit]


class RankSearch(RankModel):
    """The search for one position."""

    def __init__(self, shape: Shape, cells: Cells) -> None:
        super().__init__(shape, cells)
        self._fail: dict[tuple[int, State], int] = {}
        self._futures: dict[tuple[int, tuple[int, ...], int], Future | None] = self._shared.futures
        self._mask_ok: dict[tuple[int, tuple[int, ...]], bool] = {}
        self._starts: dict[tuple[int, State, int], Start] = {}
        self._finish: dict[tuple[int, State], tuple[int, int]] = {}
        self.visits = 0

    def _root(self) -> State:
        """The state before the first rank."""
        return tuple(() for _ in range(self.S))

    # -- forward checking ------------------------------------------------------

    def _future(self, r: int, s: int, tokens: tuple[int, ...], allowance: int) -> Future | None:
        """Suit ``s`` alone, from ``tokens`` after rank ``r``, skipping at most
        ``allowance`` playable hand cards: (fewest it must skip, per later
        rank a bit mask of how many cards it can send to sets), over every
        way to finish it; None if there is none."""
        cap = self.suit_after[r][s]
        if allowance > cap:
            allowance = cap  # more is the same as no limit
        key = ((self.later_id or self._name_laters())[r][s], tokens, allowance)
        found = self._futures.get(key, _MISSING)
        if found is not _MISSING:
            return found
        result: Future | None
        if r == self.R:
            result = (0, ()) if self._final_ok(tokens) else None
        else:
            least = _NEVER
            masks: list[int] | None = None
            grouped = self._options.get(((r + 1) * self.S + s, tokens))
            if grouped is None:
                grouped = self.options(r + 1, s, tokens)
            for k, (lst, _) in grouped.items():
                for o in lst:
                    if o[SKIP] > allowance:
                        continue
                    child = self._future(r + 1, s, o[NEW], allowance - o[SKIP])
                    if child is None:
                        continue
                    if o[SKIP] + child[0] < least:
                        least = o[SKIP] + child[0]
                    if masks is None:
                        masks = [0, *child[1]]
                    else:
                        for i, mask in enumerate(child[1], start=1):
                            masks[i] |= mask
                    masks[0] |= 1 << k
            result = None if masks is None else (least, tuple(masks))
        self._futures[key] = result
        return result

    def _path_ok(self) -> Callable[[int, list[Combo], int, int], bool] | None:
        """With forward checking, a second test of a state that passes it,
        from the path that reached it: (rank r, the combinations of the
        ranks 1..r, the target, visits of this search so far) -> may it
        finish? It must never say no to a state that can
        (:mod:`.solver_jokers`). None: no such test."""
        return None

    def _may_finish(self, r: int, state: State, slack: int) -> bool:
        """:meth:`_may_finish_now`, remembered: the answer can only turn from
        no to yes as the slack grows (each suit's share, hence what it can
        send to sets, only grows), so a state keeps the largest slack known
        to fail and the smallest known to pass (a quarter of the calls are
        answered so)."""
        if budget.active:
            budget.check()  # forward checking can take milliseconds a call (many decks, jokers)
        key = (r, state)
        known = self._finish.get(key)
        if known is not None:
            if slack <= known[0]:
                return False
            if slack >= known[1]:
                return True
        else:
            known = (-1, _NEVER)
        if self._may_finish_now(r, state, slack):
            self._finish[key] = (known[0], slack)
            return True
        self._finish[key] = (slack, known[1])
        return False

    def _may_finish_now(self, r: int, state: State, slack: int) -> bool:
        """Can ``state`` after rank ``r`` possibly be finished, skipping at
        most ``slack`` playable hand cards? For some share of that budget
        between the suits, every suit must finish alone within its share,
        and at every later rank some choice among what the suits can then
        send to sets must split into sets. (A relaxation: it never rejects a
        state that can be finished.) Shares are tried one by one for small
        budgets; for larger ones each suit gets what the others leave."""
        S = self.S
        future = self._future
        least: list[int] = []
        widest: list[Future] = []
        for s in range(S):
            f = future(r, s, state[s], slack)
            if f is None:
                return False
            least.append(f[0])
            widest.append(f)
        total = sum(least)
        if total > slack:
            return False
        if not self.sets:
            return True
        if slack > SPLIT_SLACK:  # each suit gets what the others leave
            futures: list[tuple[int, ...]] = []
            for s in range(S):
                f = future(r, s, state[s], slack - total + least[s])
                if f is None:
                    return False
                futures.append(f[1])
            return self._sets_possible(r, futures)
        shares = _shares(S, slack)
        # The shares give each suit one of a few allowances: look each
        # up once, not once per share. Below the fewest cards the suit
        # must skip there is no way to finish; from the cards it has
        # left on, more allowance is the same as no limit.
        after = self.suit_after[r]
        by_allowance: list[list[tuple[int, ...] | None]] = []  # per suit and allowance: what it can send to sets, or None
        masks: tuple[int, ...] | None
        for s in range(S):
            lo, cap, masks = least[s], after[s], widest[s][1]
            row: list[tuple[int, ...] | None] = []
            for a in range(slack + 1):
                if a < lo:
                    row.append(None)
                elif a >= cap or a == slack:
                    row.append(masks)
                else:
                    f = future(r, s, state[s], a)
                    row.append(None if f is None else f[1])
            by_allowance.append(row)
        sets_possible = self._sets_possible
        for share in shares:
            futures = []
            for s in range(S):
                masks = by_allowance[s][share[s]]
                if masks is None:
                    break
                futures.append(masks)
            else:
                if sets_possible(r, futures):
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

    def _moves(self, r: int, state: State, slack: int, order: int) -> Iterator[Combo]:
        """The suits' options at rank ``r`` combined, best first in
        ``order``, while at most ``slack`` playable hand cards are skipped.

        Lazy: the combinations are drawn from a heap over the suits' sorted
        lists (the orders are lexicographic, hence compatible with sums, so
        moving one suit to its next option never makes a combination better),
        one list per suit for each way to send cards to sets; the ways come
        in order as they are needed (:meth:`_way`). Ties go to the smaller
        vector of cards to sets, then to the earlier options."""
        # The searches of a position (targets, orders, rounds) come back to
        # the same states: what the heap starts from is kept.
        start = self._starts.get((r, state, order))
        if start is None:
            start = self._starts[(r, state, order)] = self._start(r, state, order)
        way = self._way
        first = way(start, 0)
        if first is None:
            return
        # Entries (key, cards to sets, options, last suit moved, lists and
        # suits with more than one option, the way's number or -1). A way's
        # entry and its options' never meet in the heap: the options come
        # after the way is drawn, so the fields after ``options`` are never
        # compared.
        heap: list[tuple[int, tuple[int, ...], tuple[int, ...], int,
                         tuple[list[tuple[RawOption, ...]], tuple[int, ...]] | None, int]] = [(*first, 0)]
        while heap:
            key, kv, pos, last, made, j = heappop(heap)
            if made is None:  # a way's lists are made once it is drawn
                made = self._lists(start, j)
            lists, longer = made
            if j >= 0:
                combo = tuple([lst[0] for lst in lists])
            else:
                combo = tuple([lst[i] for lst, i in zip(lists, pos)])
            skipped = 0
            for o in combo:
                skipped += o[SKIP]
            if skipped > slack:
                return  # skipping comes first in both orders: nothing better follows
            yield combo
            # What comes next is found only if it is asked for (the first
            # combination is often the one taken).
            if j >= 0:
                following = way(start, j + 1)
                if following is not None:
                    heappush(heap, (*following, j + 1))
            for s in longer:
                if s < last:
                    continue
                lst = lists[s]
                i = pos[s]
                if i + 1 < len(lst):
                    heappush(heap, (key - lst[i][KEYS][order] + lst[i + 1][KEYS][order], kv,
                                    pos[:s] + (i + 1,) + pos[s + 1 :], s, made, -1))

    def _start(self, r: int, state: State, order: int) -> Start:
        """What :meth:`_moves` starts from: per suit its ways to send cards
        to sets as (key of the first option, cards to sets), sorted; per
        suit its options by cards to sets; the ways found so far in order
        and the heap that finds the next ones."""
        S = self.S
        known, base = self._options, r * S
        per_suit: list[Grouped] = []
        for s in range(S):
            got = known.get((base + s, state[s]))
            if got is None:
                got = known[(base + s, state[s])] = self._build_options(r, s, state[s])
            per_suit.append(got)
        found: list[Way] = []
        lattice: Lattice = []
        vectors = 1
        for options in per_suit:
            vectors *= len(options)
        if vectors <= EAGER_WAYS:
            # Few vectors: all of them at once, sorted, is cheaper than the heap.
            root = (0,) * S
            firsts = [options.firsts[order] for options in per_suit]
            for kv in _split_vectors(tuple([options.counts for options in per_suit]),
                                     self.shape.set_sizes if self.sets else None):
                found.append((sum(map(dict.__getitem__, firsts, kv)), kv, root, 0, None))
            found.sort()  # by key, then cards to sets (never equal: the rest is never compared)
            return [[], per_suit, order, found, lattice]
        ways = [sorted([(got[order][0][KEYS][order], k) for k, got in options.items()]) for options in per_suit]
        if vectors:
            lattice.append((sum([w[0][0] for w in ways]), tuple([w[0][1] for w in ways]), (0,) * S, 0))
        return [ways, per_suit, order, found, lattice]

    def _way(self, start: Start, j: int) -> Way | None:
        """The ``j``-th way, in order, to send cards to sets that split into
        sets, as (key of its first combination, cards per suit, first
        options, 0, its lists and suits with more than one option or None
        until :meth:`_lists` makes them); None when there are fewer. With
        many ways they are drawn from a heap over
        each suit's sorted ways: a vector's successors move one suit, from
        the last moved on (so that each vector comes once), to its next way."""
        ways: list[list[tuple[int, int]]]
        per_suit: list[Grouped]
        order: int
        found: list[Way]
        lattice: Lattice
        ways, per_suit, order, found, lattice = start
        S = self.S
        while len(found) <= j:
            if not lattice:
                return None
            key, kv, at, last = heappop(lattice)
            for s in range(last, S):
                lst, i = ways[s], at[s]
                if i + 1 < len(lst):
                    heappush(lattice, (key - lst[i][0] + lst[i + 1][0], kv[:s] + (lst[i + 1][1],) + kv[s + 1 :],
                                       at[:s] + (i + 1,) + at[s + 1 :], s))
            if not self.sets or feasible_sets(kv, self.shape.set_sizes):
                found.append((key, kv, (0,) * S, 0, None))  # its first options
        return found[j]

    def _lists(self, start: Start, j: int) -> tuple[list[tuple[RawOption, ...]], tuple[int, ...]]:
        """The ``j``-th way's lists of options per suit, and the suits with
        more than one option (:meth:`_way`), made once."""
        per_suit: list[Grouped] = start[1]
        found: list[Way] = start[3]
        got = found[j]
        made = got[4]
        if made is None:
            kv = got[1]
            lists = [per_suit[s][k][start[2]] for s, k in enumerate(kv)]
            made = (lists, tuple([s for s in range(self.S) if len(lists[s]) > 1]))
            found[j] = (got[0], kv, got[2], 0, made)
        return made

    def search(
        self, target: int, *, order: int = PREFERRED, check: bool = False, limit: int | None = None,
        most: int | None = None,
    ) -> list[Combo] | None:
        """The first path, in ``order``, that places at least ``target`` hand
        cards; None when there is none. ``check`` turns on forward checking.
        ``most``: no path of the position places more hand cards (proved
        before), so that a state reached with more is dead at once.
        Raises :class:`_TooLong` after ``limit`` visits."""
        R = self.R
        fail = self._fail
        rank_hand, rem_after = self.rank_hand, self.rem_after
        final = self._final_ok
        may_finish, moves = self._may_finish, self._moves
        path_ok = self._path_ok() if check else None
        stack: list[Combo] = []  # the path so far, for path_ok
        visits = 0

        def rec(r: int, state: State, have: int) -> list[Combo] | None:
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
            if budget.active:
                budget.check()  # a computer move's time budget (the web table's), when there is one
            slack = have + rank_hand[r] + rem_after[r] - target
            if slack >= 0 and (not check or may_finish(r - 1, state, slack)) \
                    and (path_ok is None or path_ok(r - 1, stack, target, visits)):
                seen: set[State] = set()
                for combo in moves(r, state, slack, order):
                    nxt = tuple([o[NEW] for o in combo])
                    if nxt in seen:
                        continue  # reached before with no fewer hand cards
                    seen.add(nxt)
                    more = have + sum([o[HAND] for o in combo])
                    if most is not None and more > most:
                        # Every way on from nxt would place more than any
                        # path can: nxt has none, however it is reached.
                        fail[(r + 1, nxt)] = _DEAD
                        continue
                    if r < R and fail.get((r + 1, nxt), _NEVER) <= target - more:
                        continue  # as the call would find first (no visit counted)
                    if path_ok is not None:
                        stack.append(combo)
                        got = rec(r + 1, nxt, more)
                        stack.pop()
                    else:
                        got = rec(r + 1, nxt, more)
                    if got is not None:
                        got.append(combo)
                        return got
            if need < fail.get(key, _NEVER):
                fail[key] = need
            return None

        try:
            path = rec(1, self._root(), 0)
        finally:
            self.visits += visits
            # rec refers to itself through its closure: break the cycle, so
            # that the search and its memos go when the last reference does,
            # not at the next collection (which the garbage would trigger).
            rec = None  # type: ignore[assignment]
        if path is not None:
            path.reverse()
        return path

    def find(self, target: int, polish: bool = True) -> tuple[list[Combo] | None, bool]:
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
        playable hand card (most positions end there). Otherwise the best
        count is settled between a first path and the upper bound
        (:meth:`_settle`). The answer is the first path for the best count
        in the preferred order (if a bounded search finds it)."""
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
            path = self._settle(top)
        return self._outcome(path)

    def solve_for(self, count: int) -> Outcome:
        """The answer for a best count known beforehand (the HiGHS model's):
        only the search that finds its path, no proof that more cannot fit."""
        path = self.find(count)[0]
        assert path is not None, "the best count is always met"
        return self._outcome(path)

    def _outcome(self, path: Sequence[Combo]) -> Outcome:
        value = sum(o[VALUE] for combo in path for o in combo)
        return Outcome(value, value // self.w_hand, tuple(tuple(Option(*o) for o in combo) for combo in path))

    def _settle(self, top: int) -> list[Combo]:
        """The first path for the best count at most ``top``.

        A first path gives ``low``; forward checking at the root lowers
        ``top`` to ``high``. The best count lies between ``low`` (met by the
        best path so far) and ``high`` (no target above it can be met).
        Rounds of searches with
        growing budgets of visits, in the two orders by turns, go down the
        open targets: one that is met raises ``low``, one that is proved
        impossible lowers ``high``; a search that runs past its budget is
        left for the next round. The searches share their failed states, so
        each round starts from what the others learnt."""
        # ``quick``: best came from a search in the preferred order that took
        # at most QUICK_VISITS visits. It is then also the first path in that
        # order for its own count (every path before it places fewer than
        # the target it met, hence fewer than its count), and the first
        # search of find() would visit no more than it did: no need to run it.
        try:  # any path will do for a start: no forward checking needed
            visits = self.visits
            best, preferred = self.search(0, limit=QUICK_VISITS), True
            quick = self.visits - visits <= QUICK_VISITS
        except _TooLong:
            best, preferred = self.find(0, polish=False)
            quick = False
        assert best is not None, "target 0 is always met (the table as it is)"
        low, found_at = self._count(best), 0
        high = self._highest_possible(low, top)
        budget, order = QUICK_VISITS, PREFERRED
        while low < high:
            for target in range(high, low, -1):
                try:
                    visits = self.visits
                    path = self.search(target, order=order, check=True, limit=budget)
                except _TooLong:
                    continue
                if path is None:
                    high = target - 1
                    continue
                best, preferred, found_at, low = path, order == PREFERRED, target, self._count(path)
                quick = preferred and self.visits - visits <= QUICK_VISITS
                break
            budget *= GROWTH
            order = FASTEST if order == PREFERRED else PREFERRED
        if (found_at < low or not preferred) and not quick:
            best = self.find(low)[0] or best
        return best

    def _highest_possible(self, low: int, top: int) -> int:
        """The highest target in ``low`` .. ``top`` that forward checking at
        the root does not rule out (it rules out more as targets rise, so a
        binary search finds it)."""
        root = tuple(() for _ in range(self.S))
        while low < top:
            mid = (low + top + 1) // 2
            if self._may_finish(0, root, self.upper - mid):
                low = mid
            else:
                top = mid - 1
        return low

    @staticmethod
    def _count(path: Sequence[Combo]) -> int:
        return sum(o[HAND] for combo in path for o in combo)


#: Visits of the first searches (each next budget is GROWTH times larger).
QUICK_VISITS = 300
#: Visits allowed to the preferred order once an answer is known.
PATIENT_VISITS = 1000
#: How much larger each next budget of visits is.
GROWTH = 2
_NEVER = 1 << 60
#: The failure of a state from which no path goes on at all.
_DEAD = -(1 << 60)


class _Missing(Enum):
    """A memo's answer not known yet (None is an answer)."""

    MISSING = 0


_MISSING: Final = _Missing.MISSING


class _TooLong(Exception):
    """A search ran past its budget of visits."""


#: Ways to send cards to sets (vectors of each suit's) few enough to sort
#: all at once rather than draw from a heap.
EAGER_WAYS = 64


@lru_cache(maxsize=1 << 14)
def _split_vectors(counts: tuple[tuple[int, ...], ...], sizes: frozenset[int] | None) -> tuple[tuple[int, ...], ...]:
    """Every vector of cards to sets that takes one of each suit's
    ``counts`` and splits into sets of ``sizes`` (None: no sets, any)."""
    return tuple(kv for kv in product(*counts) if sizes is None or feasible_sets(kv, sizes))


#: Budgets of skipped cards small enough to try every share between suits.
SPLIT_SLACK = 2


@lru_cache(maxsize=64)
def _shares(suits: int, budget: int) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``budget`` between ``suits`` (all of it given)."""
    return tuple(v for v in product(range(budget + 1), repeat=suits) if sum(v) == budget)


