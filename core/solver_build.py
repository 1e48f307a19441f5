"""The solver's fast path, from cards to counts and from the optimum back to melds."""

from __future__ import annotations

from .melds import MeldKind, arrange
from .solver_dp import EPART, WAIT, Cells, Outcome, RankDP, Shape, _sets_feasible



#: Only ``sequence`` matters to :func:`core.melds.arrange`.
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


def playable(shape: Shape, table, hand, help_):
    """Drop the optional cards (hand, help; [rank][suit] counts) that cannot
    join any meld with the cards that exist, until none is left to drop."""
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
                if sum(1 for s in range(S) if avail[r][s]) >= smallest_set:
                    for s in range(S):
                        ok[r][s] = True
        for line in lines:
            limit = len(line) - m + 1
            if shape.aces == "wrap":
                limit = min(limit, R)
            for s in range(S):
                for a in range(max(0, limit)):
                    window = line[a : a + m]
                    if all(avail[r][s] for r in window):
                        for r in window:
                            ok[r][s] = True
        changed = False
        for r in range(1, R + 1):
            for s in range(S):
                if not ok[r][s] and (hand[r][s] or help_[r][s]):
                    hand[r][s] = help_[r][s] = 0
                    changed = True
        if not changed:
            return hand, help_


def solve_position(variant, shape: Shape, melds, hand_cards, help_cards):
    """Solve with the rank programme: (new melds, hand cards placed, help cards used)."""
    R, S = shape.ranks, shape.suits
    suit_index = {s.code: i for i, s in enumerate(variant.deck.suits)}
    suit_codes = [s.code for s in variant.deck.suits]

    def grid():
        return [[0] * S for _ in range(R + 1)]

    table, in_sets, hand, help_ = grid(), grid(), grid(), grid()
    old_runs: list[tuple[int, int, frozenset[int]]] = []  # (meld index, suit, ranks)
    old_sets: dict[int, list[tuple[int, frozenset[int]]]] = {}  # rank -> (meld index, suits)
    for index, meld in enumerate(melds):
        kind = variant.melds[variant.check(meld).kind]
        is_run = kind.sequence
        for card in meld:
            table[card.rank][suit_index[card.suit]] += 1
            if not is_run:
                in_sets[card.rank][suit_index[card.suit]] += 1
        if is_run:
            old_runs.append((index, suit_index[meld[0].suit], frozenset(c.rank for c in meld)))
        else:
            old_sets.setdefault(meld[0].rank, []).append((index, frozenset(suit_index[c.suit] for c in meld)))
    for card in hand_cards:
        hand[card.rank][suit_index[card.suit]] += 1
    for card in help_cards:
        help_[card.rank][suit_index[card.suit]] += 1
    hand, help_ = playable(shape, table, hand, help_)
    points = tuple([0] + [rk.points for rk in variant.deck.ranks])
    cells = Cells(
        tuple(map(tuple, table)), tuple(map(tuple, in_sets)), tuple(map(tuple, hand)), tuple(map(tuple, help_)), points
    )
    outcome = RankDP(shape, cells).solve()

    placed: list = []
    used_help: list = []
    from .cards import Card

    for r in range(1, R + 1):
        for s, opt in enumerate(outcome.options[r - 1]):
            placed += [Card(r, suit_codes[s])] * opt.hand
            used_help += [Card(r, suit_codes[s])] * opt.help
    runs = _rebuild_runs(shape, outcome, old_runs, suit_codes)
    sets = _rebuild_sets(shape, outcome, old_sets, suit_codes)
    new_melds = [arrange(m, RUN, deck=variant.deck, aces=variant.aces) for m in runs] + [
        arrange(m, None, deck=variant.deck) for m in sets
    ]
    return new_melds, placed, used_help


class _Run:
    __slots__ = ("tok", "ranks", "old")

    def __init__(self, tok: int, rank: int, old: int | None) -> None:
        self.tok, self.ranks, self.old = tok, [rank], old


def _rebuild_runs(shape: Shape, outcome: Outcome, old_runs, suit_codes):
    """Follow the tokens of the optimal path; among runs in the same state,
    the one that follows an old run which goes on at this rank goes on."""
    from .cards import Card

    melds = []
    for s, code in enumerate(suit_codes):
        mine = [(index, ranks) for index, suit, ranks in old_runs if suit == s]
        live: list[_Run] = []
        for r in range(1, shape.ranks + 1):
            opt = outcome.options[r - 1][s]
            by_old: dict[int, list[int | None]] = {}
            for old_tok, new_tok in opt.moves:
                by_old.setdefault(old_tok, []).append(new_tok)
            nxt: list[_Run] = []
            before = [(run.tok, run) for run in live]
            for old_tok, news in by_old.items():
                runs = [run for tok, run in before if tok == old_tok]
                # runs whose old meld has this rank go on first
                runs.sort(key=lambda run: not (run.old is not None and r in mine_ranks(mine, run.old)))
                news.sort(key=lambda n: (n is None, n is not None and WAIT <= n < EPART))
                for run, new_tok in zip(runs, news):
                    if new_tok is None:
                        melds.append(tuple(Card(x, code) for x in run.ranks))
                        continue
                    if not (WAIT <= new_tok < EPART):
                        run.ranks.append(r)
                    run.tok = new_tok
                    nxt.append(run)
            taken = {run.old for run in nxt if run.old is not None}
            for tok in opt.starts:
                old = next((i for i, ranks in mine if r in ranks and i not in taken and _starts_at(ranks, r, shape)), None)
                if old is None:
                    old = next((i for i, ranks in mine if r in ranks and i not in taken), None)
                if old is not None:
                    taken.add(old)
                nxt.append(_Run(tok, r, old))
            live = nxt
        for run in live:
            melds.append(tuple(Card(x, code) for x in run.ranks))
    return melds


def mine_ranks(mine, index):
    for i, ranks in mine:
        if i == index:
            return ranks
    return frozenset()


def _starts_at(ranks: frozenset[int], r: int, shape: Shape) -> bool:
    below = r - 1 if r > 1 else (shape.ranks if shape.aces == "wrap" else None)
    return below is None or below not in ranks


def _rebuild_sets(shape: Shape, outcome: Outcome, old_sets, suit_codes):
    """Split each rank's cards for sets into sets, keeping old sets whole
    where a split allows it."""
    from .cards import Card

    melds = []
    sizes = sorted(shape.set_sizes, reverse=True)
    for r in range(1, shape.ranks + 1):
        counts = [opt.to_sets for opt in outcome.options[r - 1]]
        if not any(counts):
            continue
        olds = [suits for _, suits in old_sets.get(r, [])]
        best: tuple[tuple[int, int], list[frozenset[int]]] | None = None
        for split in _splits(tuple(counts), tuple(sizes), limit=500):
            score = _old_sets_kept(olds, split)
            if best is None or score > best[0]:
                best = (score, split)
        assert best is not None, "the programme only sends splittable cards to sets"
        for group in best[1]:
            melds.append(tuple(Card(r, suit_codes[s]) for s in sorted(group)))
    return melds


def _splits(counts: tuple[int, ...], sizes: tuple[int, ...], limit: int) -> list[list[frozenset[int]]]:
    """Up to ``limit`` ways to split suit counts into sets (frozensets of suits)."""
    from itertools import combinations

    out: list[list[frozenset[int]]] = []
    allowed = frozenset(sizes)

    def rec(counts: tuple[int, ...], acc: list[frozenset[int]]) -> None:
        if len(out) >= limit:
            return
        live = [i for i, c in enumerate(counts) if c]
        if not live:
            out.append(acc)
            return
        first, others = live[0], live[1:]
        for size in sizes:
            for pick in combinations(others, size - 1):
                rest = list(counts)
                for i in (first, *pick):
                    rest[i] -= 1
                if _sets_feasible(tuple(sorted(rest, reverse=True)), allowed):
                    rec(tuple(rest), [*acc, frozenset((first, *pick))])

    rec(counts, [])
    return out


def _old_sets_kept(olds: list[frozenset[int]], split: list[frozenset[int]]) -> tuple[int, int]:
    free = list(split)
    whole = exact = 0
    for old in olds:
        for i, new in enumerate(free):
            if old <= new:
                whole += 1
                exact += old == new
                del free[i]
                break
    return whole, exact


