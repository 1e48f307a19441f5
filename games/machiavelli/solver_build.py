"""The solver's fast path, from cards to counts and from the optimum back to melds.

The search sweeps the ranks in the order ace, king, queen ... two, not ace
to king: it settles the high cards first, so that among answers that place
as many cards, the first it finds keeps the low cards in hand (around the
corner, where every rank is alike, it starts where the fewest runs cross). The order is
the ranks' cycle read backwards from the ace, so runs are the same arcs with
low and high swapped: an ace-low run (A-2-3) crosses the cut between the two
and the ace, and an ace-high run (Q-K-A) starts at the ace.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence, TypeAlias

from machiavelli.core.cards import Card
from machiavelli.core.melds import MeldKind, arrange
from .solver_ranks import EPART, JSTEP, WAIT, Cells, Shape, TokenMove, _sets_feasible
from .solver_search import Outcome, RankSearch

if TYPE_CHECKING:
    from .variant import MachiavelliVariant

#: Counts per position (from 1; row 0 unused) and suit.
Grid: TypeAlias = list[list[int]]
#: A position solved: (new melds, hand cards placed, help cards used).
Laid: TypeAlias = tuple[list[tuple[Card, ...]], list[Card], list[Card]]
#: A set that :func:`_splits` can take, and what is left after it:
#: ((suits as a bit mask, jokers), (natural counts left, jokers left), cards left?).
SetStep: TypeAlias = tuple[tuple[int, int], tuple[tuple[int, ...], int], bool]

#: Ace policies as the backwards sweep sees them.
MIRROR = {"low": "high", "high": "low", "low-or-high": "low-or-high", "wrap": "wrap"}

#: The joker card (the joker search's too), as sets and runs with jokers hold it.
JOKER = Card(0, "JK")

#: Only ``sequence`` matters to :func:`machiavelli.core.melds.arrange`.
RUN = MeldKind(same=("suit",), sequence=True)


def _run_lines(shape: Shape) -> list[list[int]]:
    """The rank sequences runs may follow, as lists of ranks (1 = ace)."""
    R = shape.ranks
    if shape.aces == "low":
        return [list(range(1, R + 1))]
    if shape.aces == "high":
        return [list(range(2, R + 1)) + [1]]
    if shape.aces == "low-or-high":
        return [list(range(1, R + 1)) + [1]]
    return [list(range(1, R + 1)) * 2]  # wrap: every arc appears in the doubled line


def playable(shape: Shape, table: Grid, hand: Grid, help_: Grid, free: int = 0) -> tuple[Grid, Grid]:
    """Drop the optional cards (hand, help; [rank][suit] counts) that cannot
    join any meld with the cards that exist and ``free`` jokers (in one
    meld), until none is left to drop."""
    R, S = shape.ranks, shape.suits
    hand = [list(row) for row in hand]
    help_ = [list(row) for row in help_]
    lines = _run_lines(shape) if shape.run_min is not None else []
    m = shape.run_min or 0
    smallest_set = min(shape.set_sizes) if shape.set_sizes else None
    while True:
        avail = [[table[r][s] + hand[r][s] + help_[r][s] for s in range(S)] for r in range(R + 1)]
        ok = [[False] * S for _ in range(R + 1)]
        if smallest_set is not None:
            for r in range(1, R + 1):
                if sum(1 for s in range(S) if avail[r][s]) + free >= smallest_set:
                    for s in range(S):
                        ok[r][s] = True
        for line in lines:
            limit = len(line) - m + 1
            if shape.aces == "wrap":
                limit = min(limit, R)
            # Every window of m ranks in a row, starting before ``limit``,
            # that lacks cards of the suit at ``free`` ranks at most: the
            # gaps of the window ending at each place tell where one ends.
            stop = max(0, limit) + m - 1
            for s in range(S):
                gaps = 0
                for a, r in enumerate(line[:stop]):
                    gaps += not avail[r][s]
                    if a >= m:
                        gaps -= not avail[line[a - m]][s]
                    if a >= m - 1 and gaps <= free:
                        for q in line[a - m + 1 : a + 1]:
                            ok[q][s] = True
        changed = False
        for r in range(1, R + 1):
            for s in range(S):
                if not ok[r][s] and (hand[r][s] or help_[r][s]):
                    hand[r][s] = help_[r][s] = 0
                    changed = True
        if not changed:
            return hand, help_


def solve_position(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], kinds: Sequence[str],
                   hand_cards: Sequence[Card], help_cards: Sequence[Card]) -> Laid:
    """Solve with the rank search: (new melds, hand cards placed, help cards used)."""
    R, S = shape.ranks, shape.suits
    suit_index = {s.code: i for i, s in enumerate(variant.deck.suits)}
    suit_codes = [s.code for s in variant.deck.suits]
    rank_at = [0, *_sweep_order(shape, melds, hand_cards, help_cards, suit_index)]  # positions -> ranks
    pos = {rank: p for p, rank in enumerate(rank_at) if p}
    sweep = replace(shape, aces=MIRROR[shape.aces])

    def grid() -> Grid:
        return [[0] * S for _ in range(R + 1)]

    table, in_sets, hand, help_ = grid(), grid(), grid(), grid()
    old_runs: list[tuple[int, int, frozenset[int]]] = []  # (meld index, suit, positions)
    old_sets: dict[int, list[tuple[int, frozenset[int]]]] = {}  # position -> (meld index, suits)
    for index, (meld, kind) in enumerate(zip(melds, kinds)):
        is_run = variant.melds[kind].sequence
        for card in meld:
            table[pos[card.rank]][suit_index[card.suit]] += 1
            if not is_run:
                in_sets[pos[card.rank]][suit_index[card.suit]] += 1
        if is_run:
            old_runs.append((index, suit_index[meld[0].suit], frozenset(pos[c.rank] for c in meld)))
        else:
            old_sets.setdefault(pos[meld[0].rank], []).append((index, frozenset(suit_index[c.suit] for c in meld)))
    for card in hand_cards:
        hand[pos[card.rank]][suit_index[card.suit]] += 1
    for card in help_cards:
        help_[pos[card.rank]][suit_index[card.suit]] += 1
    hand, help_ = playable(sweep, table, hand, help_)
    points = tuple([0] + [variant.deck.ranks[rank_at[p] - 1].points for p in range(1, R + 1)])
    avail = [[table[p][s] + hand[p][s] + help_[p][s] for s in range(S)] for p in range(R + 1)]
    groups = _components(sweep, avail)
    wanted = 0  # the cells holding hand or help cards, as bits p * S + s
    for p in range(1, R + 1):
        for s in range(S):
            if hand[p][s] or help_[p][s]:
                wanted |= 1 << (p * S + s)

    new_melds: list[tuple[Card, ...]] = []
    placed: list[Card] = []
    used_help: list[Card] = []
    solved = 0  # the cells of the groups laid out anew, as bits
    at = card_grid(tuple(rank_at), tuple(suit_codes))
    for cells_in in groups:
        if not cells_in & wanted:
            continue  # nothing to place here: its old melds stay as they are

        if len(groups) == 1:
            # Every cell with cards is in the group; the others hold nothing.
            def only(grid_: Grid) -> tuple[tuple[int, ...], ...]:
                return tuple(map(tuple, grid_))
        else:
            inside = [[bool(cells_in >> (p * S + s) & 1) for s in range(S)] for p in range(R + 1)]

            def only(grid_: Grid) -> tuple[tuple[int, ...], ...]:
                return tuple(tuple([n if i else 0 for n, i in zip(row, mine)]) for row, mine in zip(grid_, inside))

        cells = Cells(only(table), only(in_sets), only(hand), only(help_), points)
        outcome = RankSearch(sweep, cells).solve()
        if not outcome.hand:
            continue  # nothing of the hand fits here: its old melds stay as they are
        solved |= cells_in
        for p in range(1, R + 1):
            for s, opt in enumerate(outcome.options[p - 1]):
                if opt.hand:
                    placed += [at[p][s]] * opt.hand
                if opt.help:
                    used_help += [at[p][s]] * opt.help
        runs = _rebuild_runs(sweep, outcome, old_runs, at)
        sets = _rebuild_sets(sweep, outcome, old_sets, at)
        new_melds += [arrange([c for c, _ in m], RUN, deck=variant.deck, aces=variant.aces) for m in runs]
        new_melds += [arrange(m, None, deck=variant.deck) for m in sets]
    for meld, kind in zip(melds, kinds):
        if not solved >> (pos[meld[0].rank] * S + suit_index[meld[0].suit]) & 1:
            new_melds.append(arrange(meld, variant.melds[kind], deck=variant.deck, aces=variant.aces))
    return new_melds, placed, used_help


def _sweep_order(shape: Shape, melds: Iterable[Iterable[Card]], hand_cards: Iterable[Card], help_cards: Iterable[Card],
                 suit_index: dict[str, int]) -> list[int]:
    """The ranks in the order the search visits them: from the ace down
    (ace, king ... two). Around the corner (wrap) every rank is alike, so
    the sweep starts where the fewest runs can cross its cut: after the
    rank whose neighbour above shares the fewest cards with it."""
    R = shape.ranks
    if shape.aces != "wrap":
        return [1, *range(R, 1, -1)]
    count = [[0] * shape.suits for _ in range(R + 2)]
    for card in (*(c for m in melds for c in m), *hand_cards, *help_cards):
        count[card.rank][suit_index[card.suit]] += 1
    count[R + 1] = count[1]
    crossing = [0] + [sum(map(min, zip(count[r], count[r + 1]))) for r in range(1, R + 1)]
    start = min(range(1, R + 1), key=lambda r: (crossing[r], r))
    if crossing[start] + 1 >= crossing[1]:
        start = 1  # not worth giving up the order of the other policies
    return [(start - 1 - i) % R + 1 for i in range(R)]


@lru_cache(maxsize=256)
def card_grid(rank_at: tuple[int, ...], suit_codes: tuple[str, ...]) -> tuple[tuple[Card, ...], ...]:
    """The card at each position of the sweep (``rank_at``: its rank, from
    position 1) and suit: made once per order, not once per card placed."""
    return ((),) + tuple(tuple([Card(rank, code) for code in suit_codes]) for rank in rank_at[1:])


def _components(shape: Shape, avail: Grid) -> list[int]:
    """The cells (position, suit) that hold cards, grouped so that no meld
    can join cells of two groups: runs join neighbours in a suit (and the
    two ends of the sweep when runs may cross it), sets join the suits of a
    rank that has enough of them. The groups can be solved one by one.
    Each group as bits p * S + s, in the order of their first cells."""
    R, S = shape.ranks, shape.suits
    cells = 0
    for p in range(1, R + 1):
        for s in range(S):
            if avail[p][s]:
                cells |= 1 << (p * S + s)
    runs, ends = shape.run_min is not None, shape.run_min is not None and shape.aces != "low"
    first_row, last_row = ((1 << S) - 1) << S, ((1 << S) - 1) << (R * S)
    rows = []  # the ranks whose cards can make a set: all of them join
    if shape.set_sizes:
        smallest = min(shape.set_sizes)
        for p in range(1, R + 1):
            row = cells >> (p * S) & ((1 << S) - 1)
            if row.bit_count() >= smallest:
                rows.append(row << (p * S))
    groups: list[int] = []
    left = cells
    while left:
        group = left & -left
        while True:
            grown = group
            if runs:
                grown |= (group << S | group >> S) & cells
                if ends:
                    grown |= ((group & last_row) >> ((R - 1) * S) | (group & first_row) << ((R - 1) * S)) & cells
            for row in rows:
                if grown & row:
                    grown |= row
            if grown == group:
                break
            group = grown
        groups.append(group)
        left &= ~group
    return groups


class _Run:
    __slots__ = ("tok", "ranks", "old", "jokers")

    def __init__(self, tok: int, rank: int, old: int | None, joker: bool) -> None:
        self.tok, self.ranks, self.old = tok, [rank], old
        self.jokers = {rank} if joker else set()


def _rebuild_runs(shape: Shape, outcome: Outcome, old_runs: list[tuple[int, int, frozenset[int]]],
                  at: Sequence[Sequence[Card]]) -> list[list[tuple[Card, bool]]]:
    """Follow the tokens of the optimal path; among runs in the same state,
    the one that follows an old run which goes on at this rank goes on.
    Each run as a list of (card, or the card a joker stands for; joker?):
    a token move with jokers (:mod:`.solver_jokers`) says whether the card
    it places is one. ``at``: the card at each position and suit (:func:`card_grid`)."""
    def cards(run: _Run, s: int) -> list[tuple[Card, bool]]:
        return [(at[x][s], x in run.jokers) for x in run.ranks]

    melds: list[list[tuple[Card, bool]]] = []
    for s in range(shape.suits):
        mine = {index: ranks for index, suit, ranks in old_runs if suit == s}
        live: list[_Run] = []
        for r in range(1, shape.ranks + 1):
            opt = outcome.options[r - 1][s]
            if not live and not opt.starts:
                continue  # no run in progress, none starting
            nxt: list[_Run] = []
            # Each run in progress has its move (its token's), in the order
            # of the moves: at once when no two runs share a token.
            if len(live) == 1:
                pairs: list[tuple[_Run, tuple[int | None, bool]]] = [
                    (live[0], (move[1], len(move) > 2 and bool(move[2]))) for move in opt.moves]
            elif len({run.tok for run in live}) == len(live):
                by_tok = {run.tok: run for run in live}
                pairs = [(by_tok[move[0]], (move[1], len(move) > 2 and bool(move[2]))) for move in opt.moves]
            else:
                pairs = _pair_runs(live, opt.moves, mine, r)
            for run, (new_tok, joker) in pairs:
                if new_tok is None:
                    melds.append(cards(run, s))
                    continue
                if not (WAIT <= new_tok % JSTEP < EPART):
                    run.ranks.append(r)
                    if joker:
                        run.jokers.add(r)
                run.tok = new_tok
                nxt.append(run)
            taken = {run.old for run in nxt if run.old is not None} if opt.starts else set()
            for tok in opt.starts:
                old = next((i for i, ranks in mine.items() if r in ranks and i not in taken
                            and _starts_at(ranks, r, shape)), None)
                if old is None:
                    old = next((i for i, ranks in mine.items() if r in ranks and i not in taken), None)
                if old is not None:
                    taken.add(old)
                nxt.append(_Run(tok, r, old, bool(tok // JSTEP & 1)))  # a run that starts with a joker
            live = nxt
        for run in live:
            melds.append(cards(run, s))
    return melds


def _pair_runs(live: list[_Run], moves: Sequence[TokenMove], mine: dict[int, frozenset[int]],
               r: int) -> list[tuple[_Run, tuple[int | None, bool]]]:
    """Runs in progress beside their moves at rank ``r`` when runs share
    tokens: among runs in the same state, the one that follows an old run
    which goes on at this rank goes on; ends first, then waits."""
    by_old: dict[int, list[tuple[int | None, bool]]] = {}
    for move in moves:
        by_old.setdefault(move[0], []).append((move[1], len(move) > 2 and bool(move[2])))
    pairs: list[tuple[_Run, tuple[int | None, bool]]] = []
    # Tokens as the rank began: a run moved on below is not matched again.
    before = [(run.tok, run) for run in live]
    for old_tok, news in by_old.items():
        runs = [run for tok, run in before if tok == old_tok]
        if len(runs) > 1:
            # runs whose old meld has this rank go on first
            runs.sort(key=lambda run: not (run.old is not None and r in mine[run.old]))
        if len(news) > 1:
            news.sort(key=lambda n: (n[0] is None, n[0] is not None and WAIT <= n[0] % JSTEP < EPART))
        pairs += zip(runs, news)
    return pairs


def _starts_at(ranks: frozenset[int], r: int, shape: Shape) -> bool:
    below = r - 1 if r > 1 else (shape.ranks if shape.aces == "wrap" else None)
    return below is None or below not in ranks


def _rebuild_sets(shape: Shape, outcome: Outcome, old_sets: dict[int, list[tuple[int, frozenset[int]]]],
                  at: Sequence[Sequence[Card]], limit: int | None = None,
                  feasible: Callable[[list[int], int], bool] | None = None) -> list[tuple[Card, ...]]:
    """Split each rank's cards for sets into sets, keeping old sets whole
    where a split allows it. With jokers (:mod:`.solver_jokers`: each
    rank's combination ends with the jokers' move, whose ``to_sets`` is
    the jokers for sets), ``limit`` and ``feasible`` are those of
    :func:`_splits`, and each set ends with its jokers."""
    melds: list[tuple[Card, ...]] = []
    S = shape.suits
    sizes = tuple(sorted(shape.set_sizes, reverse=True))
    for r in range(1, shape.ranks + 1):
        combo = outcome.options[r - 1]
        counts = tuple([opt.to_sets for opt in combo[:S]])
        if not any(counts):
            continue
        jokers = combo[S].to_sets if len(combo) > S else 0
        olds = [sum(1 << s for s in suits) for _, suits in old_sets.get(r, [])]
        total = sum(counts) + jokers
        if max(counts) == 1 and total < 2 * sizes[-1] and (limit is None or jokers <= limit):
            # Fewer cards than two sets take: one set, the only split (the
            # search sends only splittable cards to sets).
            melds.append((*(at[r][s] for s in range(S) if counts[s]), *(JOKER,) * jokers))
            continue
        best: tuple[tuple[int, int], list[tuple[int, int]]] | None = None
        whole = (len(olds), len(olds))  # every old set kept as it was: no split does better
        for split in _splits(counts, jokers, sizes, limit, 500, feasible):
            score = _old_sets_kept(olds, [suits for suits, _ in split])
            if best is None or score > best[0]:
                best = (score, split)
                if score == whole:
                    break
        assert best is not None, "the search only sends splittable cards to sets"
        for suits, j in best[1]:
            melds.append((*(at[r][s] for s in range(S) if suits >> s & 1), *(JOKER,) * j))
    return melds


def _splits(counts: tuple[int, ...], jokers: int, sizes: tuple[int, ...], limit: int | None, cap: int,
            feasible: Callable[[list[int], int], bool] | None = None) -> Iterator[list[tuple[int, int]]]:
    """Up to ``cap`` ways to split natural counts per suit and ``jokers``
    jokers into sets of ``sizes`` (largest first), at most ``limit`` jokers
    in a set (None: no limit): lists of (suits as a bit mask, jokers), made
    as they are asked for (many decks: hundreds of ways, the first often enough).
    ``feasible(rest, jokers)`` says whether counts left can still split
    (:func:`.solver_jokers.sets_feasible_j`; by default, with no jokers).

    Depth first: the first set holds the first suit that has cards left,
    the sizes in order, then the fewest jokers, then the suits picked in
    order. The cards left after a set are often reached again (many decks):
    each such remainder's next sets are found once."""
    if feasible is None:
        allowed = frozenset(sizes)

        def feasible(rest: list[int], _jokers: int) -> bool:
            return _sets_feasible(tuple(sorted(rest, reverse=True)), allowed)

    after: dict[tuple[tuple[int, ...], int], list[SetStep]] = {}

    def next_sets(state: tuple[tuple[int, ...], int]) -> list[SetStep]:
        found = after.get(state)
        if found is None:
            found = after[state] = []
            left, jk = state
            live = [i for i, c in enumerate(left) if c]
            first, others = live[0], live[1:]
            for size in sizes:
                for jj in range(min(jk, size - 1, jk if limit is None else limit) + 1):
                    for pick in combinations(others, size - jj - 1):
                        rest = list(left)
                        for i in (first, *pick):
                            rest[i] -= 1
                        if feasible(rest, jk - jj):
                            mask = 1 << first
                            for i in pick:
                                mask |= 1 << i
                            found.append(((mask, jj), (tuple(rest), jk - jj), any(rest)))
        return found

    if not any(counts):
        if jokers == 0 and cap > 0:
            yield []
        return
    made = 0
    acc: list[tuple[int, int]] = []
    stack = [iter(next_sets((tuple(counts), jokers)))]
    while stack:
        for part, state, more in stack[-1]:
            if more:
                acc.append(part)
                stack.append(iter(next_sets(state)))
                break
            if state[1] == 0:  # every card in a set, every joker too
                yield [*acc, part]
                made += 1
                if made >= cap:
                    return
        else:
            stack.pop()
            if acc:
                acc.pop()


def _old_sets_kept(olds: list[int], split: list[int]) -> tuple[int, int]:
    """(Old sets inside a new set, of which the same set), each new set
    taken by the first old set it holds; sets as bit masks of suits."""
    free = list(split)
    whole = exact = 0
    for old in olds:
        for i, new in enumerate(free):
            if old & new == old:
                whole += 1
                exact += old == new
                del free[i]
                break
    return whole, exact


