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


def sets_feasible(counts: Iterable[int], sizes: frozenset[int]) -> bool:
    return _sets_feasible(tuple(sorted(counts, reverse=True)), sizes)


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


@dataclass(frozen=True, slots=True)
class Outcome:
    """The optimum found: per rank, each suit's option; and the packed value."""

    value: int
    hand: int
    options: tuple[tuple[Option, ...], ...]  # [rank - 1][suit]


class RankDP:
    """The programme for one position (cells) under one shape."""

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
        # value // W_HAND is the number of hand cards placed.
        total_help = sum(map(sum, cells.help))
        total_points = sum(cells.points[r] * sum(cells.hand[r]) for r in range(R + 1))
        total_table = sum(map(sum, cells.table))
        self.w_points = total_help + 1
        self.w_stay = (total_points + 1) * self.w_points
        self.w_hand = (total_table + 1) * self.w_stay
        hand_by_rank = [sum(cells.hand[r]) for r in range(R + 1)]
        self.rank_hand = hand_by_rank
        self.rem_after = [sum(hand_by_rank[r + 1 :]) for r in range(R + 1)]
        self.upper = sum(hand_by_rank)
        self._options: dict[tuple[int, int, tuple[int, ...]], dict[int, list[Option]]] = {}
        self._final: dict[tuple[int, ...], bool] = {}
        self.kvecs = self._kvecs()
        self._fail: dict[tuple[int, tuple], int] = {}
        self.visits = 0

    # -- one suit at one rank ------------------------------------------------

    def _kvecs(self) -> list[list[tuple[int, ...]]]:
        """Per rank, every vector of cards per suit that can go to sets."""
        if not self.sets:
            return [[(0,) * self.S] for _ in range(self.R + 1)]
        sizes = self.shape.set_sizes
        return [
            [v for v in product(*(range(a + 1) for a in row)) if sets_feasible(v, sizes)] for row in self.avail
        ]

    def options(self, r: int, s: int, tokens: tuple[int, ...]) -> dict[int, list[Option]]:
        """Every useful move of suit ``s`` at rank ``r`` from ``tokens``,
        grouped by how many cards go to sets, each list sorted by skip."""
        key = (r, s, tokens)
        found = self._options.get(key)
        if found is None:
            found = self._options[key] = self._build_options(r, s, tokens)
        return found

    def _build_options(self, r: int, s: int, tokens: tuple[int, ...]) -> dict[int, list[Option]]:
        m, R, aces, c = self.m, self.R, self.shape.aces, self.cells
        t, h, p = c.table[r][s], c.hand[r][s], c.help[r][s]
        cap = t + h + p
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
                q = tok - EPART
                must.append((tok, EPART + max(0, q - 1)))
        if len(must) > cap:
            return {}
        can_start = self.runs and not (r == 1 and aces == "high")
        can_w = self.runs and r == 1 and aces != "low"
        w_token = (WSTART + 1) if aces == "wrap" else (WAIT + max(1, m - 1))
        out: dict[tuple[tuple[int, ...], int], Option] = {}
        n_opt, n_wait = len(optional), len(waiting)
        for ext_mask in range(1 << n_opt):
            moves = list(must)
            for i, (old, ext, end) in enumerate(optional):
                moves.append((old, ext if ext_mask >> i & 1 else end))
            every_full_goes_on = all(
                ext_mask >> i & 1 for i, (old, _, _) in enumerate(optional) if old < WSTART
            )
            for e_mask in range(1 << n_wait) if r > 1 else (0,):
                e_moves = [
                    (w, EPART + max(0, (w - WAIT) - 1)) if e_mask >> i & 1 else (w, w) for i, w in enumerate(waiting)
                ]
                placed = sum(1 for _, new in moves + e_moves if new is not None and (new < WAIT or new >= EPART))
                if placed > cap:
                    continue
                room = cap - placed
                for y in range(room + 1) if can_start and every_full_goes_on else (0,):
                    for w in range(room - y + 1) if can_w else (0,):
                        left = room - y - w
                        for k in range(left + 1) if self.sets else (0,):
                            used = placed + y + w + k
                            if used < t:
                                continue
                            starts = (NORMAL + min(1, m),) * y + (w_token,) * w
                            new = sorted([n for _, n in moves if n is not None] + [n for _, n in e_moves] + list(starts))
                            new_t = tuple(new)
                            if (new_t, k) in out or not self._lookahead(r, s, new_t):
                                continue
                            out[(new_t, k)] = self._option(r, s, new_t, k, used, tuple(moves + e_moves), starts)
        grouped: dict[int, list[Option]] = {}
        for (_, k), opt in out.items():
            grouped.setdefault(k, []).append(opt)
        for lst in grouped.values():
            lst.sort(key=lambda o: (o.skip, -o.value))
        return grouped

    def _option(self, r, s, new, k, used, moves, starts) -> Option:
        c = self.cells
        t, h, p, ts = c.table[r][s], c.hand[r][s], c.help[r][s], c.table_in_sets[r][s]
        extra = used - t
        hand = min(h, extra)
        help_ = extra - hand
        tr = t - ts
        switched = max(0, ts - k) + max(0, tr - (used - k))
        value = hand * self.w_hand + (t - switched) * self.w_stay + hand * c.points[r] * self.w_points + (p - help_)
        ties = sum(1 for tok in new if tok != NORMAL + self.m)
        return Option(new, k, used, hand, help_, h - hand, value, moves, starts, ties)

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

    def final_ok(self, tokens: tuple[int, ...]) -> bool:
        m = self.m
        return all(tok == NORMAL + m or tok == EPART for tok in tokens)

    # -- the search -------------------------------------------------------------

    def _moves(self, r: int, state: tuple, slack: int, alive) -> list[tuple[Option, ...]]:
        """The suits' options at rank ``r`` combined, skipping at most
        ``slack`` playable hand cards, in the order the search tries them."""
        S = self.S
        per_suit = []
        for s in range(S):
            opts = self.options(r, s, state[s])
            if alive is not None:
                mine = alive[s]
                opts = {k: [o for o in lst if (r, o.new) in mine] for k, lst in opts.items()}
            per_suit.append(opts)
        ranked = []
        for kv in self.kvecs[r]:
            lists = []
            low = 0
            for s in range(S):
                lst = per_suit[s].get(kv[s])
                if not lst:
                    break
                low += lst[0].skip
                lists.append(lst)
            else:
                if low > slack:
                    continue
                for combo in product(*lists):
                    skip = 0
                    value = 0
                    ties = 0
                    for o in combo:
                        skip += o.skip
                        value += o.value
                        ties += o.ties
                    if skip <= slack:
                        ranked.append((skip, -value, ties, combo))
        ranked.sort(key=_rank_key)
        return [item[3] for item in ranked]

    def search(self, target: int, alive=None, limit: int | None = None) -> list[tuple[Option, ...]] | None:
        """The first path, in the search's order, that places at least
        ``target`` hand cards; None when there is none. Raises
        :class:`_TooLong` after ``limit`` visits."""
        R = self.R
        fail = self._fail
        rank_hand, rem_after = self.rank_hand, self.rem_after
        final = self._final_cached
        visits = 0

        def rec(r: int, state: tuple, have: int):
            nonlocal visits
            if r > R:
                return [] if have >= target and all(final(t) for t in state) else None
            need = target - have
            key = (r, state)
            if fail.get(key, _NEVER) <= need:
                return None
            visits += 1
            if limit is not None and visits > limit:
                raise _TooLong
            slack = have + rank_hand[r] + rem_after[r] - target
            if slack >= 0:
                seen = set()
                for combo in self._moves(r, state, slack, alive):
                    nxt = tuple(o.new for o in combo)
                    if nxt in seen:
                        continue
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

    def prune(self, target: int):
        """Per suit, the (rank, tokens) pairs that can still be part of a
        path placing ``target`` hand cards, once every rank's set constraint
        and the budget of skipped hand cards are propagated between the
        suits (arc consistency); None when some suit has no way left."""
        R, S = self.R, self.S
        budget = self.upper - target
        # Each suit's moves as a layered graph over (tokens, skipped so far).
        edges: list[list[list[tuple[tuple, Option, tuple]]]] = []
        for s in range(S):
            layer = {((), 0)}
            mine = []
            for r in range(1, R + 1):
                out = []
                nxt = set()
                for node in layer:
                    for lst in self.options(r, s, node[0]).values():
                        for o in lst:
                            skipped = node[1] + o.skip
                            if skipped <= budget:
                                to = (o.new, skipped)
                                out.append((node, o, to))
                                nxt.add(to)
                mine.append(out)
                layer = nxt
            edges.append(mine)
        while True:
            least = []
            for s in range(S):
                mine = edges[s]
                best_end: dict[tuple, int] = {}
                ends = {to for _, _, to in mine[R - 1] if self._final_cached(to[0])}
                for to in ends:
                    best_end[to] = to[1]
                for r in range(R - 1, -1, -1):
                    reach: dict[tuple, int] = {}
                    kept = []
                    for frm, o, to in mine[r]:
                        b = best_end.get(to)
                        if b is not None:
                            kept.append((frm, o, to))
                            if b < reach.get(frm, _NEVER):
                                reach[frm] = b
                    mine[r] = kept
                    best_end = reach
                start = best_end.get(((), 0))
                if start is None:
                    return None
                # forward: drop what the start no longer reaches
                live = {((), 0)}
                for r in range(R):
                    mine[r] = [e for e in mine[r] if e[0] in live]
                    live = {e[2] for e in mine[r]}
                least.append(start)
            total = sum(least)
            if total > budget:
                return None
            changed = False
            for r in range(R):
                domains = [{o.to_sets for _, o, _ in edges[s][r]} for s in range(S)]
                vecs = [v for v in self.kvecs[r + 1] if all(v[s] in domains[s] for s in range(S))]
                for s in range(S):
                    ok = {v[s] for v in vecs}
                    if ok != domains[s]:
                        edges[s][r] = [e for e in edges[s][r] if e[1].to_sets in ok]
                        changed = True
            if budget:
                for s in range(S):
                    room = budget - (total - least[s])
                    if room < budget:
                        last = edges[s][R - 1]
                        kept = [e for e in last if e[2][1] <= room]
                        if len(kept) != len(last):
                            edges[s][R - 1] = kept
                            changed = True
            if not changed:
                break
        return [{(r + 1, e[1].new) for r in range(R) for e in edges[s][r]} for s in range(S)]

    def _final_cached(self, tokens: tuple[int, ...]) -> bool:
        ok = self._final.get(tokens)
        if ok is None:
            ok = self._final[tokens] = self.final_ok(tokens)
        return ok

    def attempt(self, target: int) -> list[tuple[Option, ...]] | None:
        """A path with at least ``target`` hand cards, or None: a quick
        search first, then, if it runs long, one over the pruned moves."""
        try:
            return self.search(target, limit=QUICK_VISITS)
        except _TooLong:
            pass
        alive = self.prune(target)
        if alive is None:
            return None
        return self.search(target, alive=alive)

    def solve(self) -> Outcome:
        """The optimum: the first path in the search's order among those that
        place the most hand cards (targets from the upper bound down)."""
        for target in range(self.upper, -1, -1):
            path = self.attempt(target)
            if path is not None:
                value = sum(o.value for combo in path for o in combo)
                return Outcome(value, value // self.w_hand, tuple(path))
        raise AssertionError("the table as it is always fits")


#: Visits of the quick search before the moves are pruned.
QUICK_VISITS = 300
_NEVER = 1 << 60


class _TooLong(Exception):
    """The quick search ran past its budget of visits."""


def _rank_key(item):
    return item[0], item[1], item[2]
