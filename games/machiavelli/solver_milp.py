"""The HiGHS model of a position: a set-partition integer programme.

Every valid meld the cards present could form is a column (how many copies
of it go on the table); there is one row per card kind (each natural card,
and the joker as a kind of its own) whose columns must use exactly the
table's cards of that kind plus the hand and help cards of that kind placed.
The objective is the most hand cards placed, then the fewest help cards.

Melds that split into two valid melds of the same cards are left out (a run
of six or more cards whose both halves are valid runs): they add no answer,
only columns. The model is exact for variants whose meld kinds are plain
sets and runs (:func:`.solver_ranks.shape_of`), with or without jokers.

``highspy`` is imported when a model is solved, not when this module is
loaded: most commands never solve a position.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, Sequence

from machiavelli.core.cards import Card
from machiavelli.core.errors import SolverError
from .solver_build import JOKER
from .solver_ranks import Shape

if TYPE_CHECKING:
    from .variant import MachiavelliVariant


@dataclass(frozen=True, slots=True)
class Answer:
    """What the model chose: the new melds, the hand and help cards placed."""

    melds: tuple[tuple[Card, ...], ...]
    placed: tuple[Card, ...]
    help_used: tuple[Card, ...]

    @property
    def count(self) -> int:
        return len(self.placed)


def _variant_key(variant: MachiavelliVariant) -> str:
    return str(variant.model_dump_json(include={"aces", "deck", "melds", "jokers", "jokers_per_meld"}))


_PATTERNS: dict[tuple[str, int], tuple[tuple[Card, ...], ...]] = {}


def patterns(variant: MachiavelliVariant, shape: Shape, most: int) -> tuple[tuple[Card, ...], ...]:
    """Every natural meld worth a column when up to ``most`` of its cards
    may be jokers, laid out (memoised per variant)."""
    key = (_variant_key(variant), most)
    found = _PATTERNS.get(key)
    if found is None:
        found = _PATTERNS[key] = _patterns(variant, shape, most)
    return found


def _patterns(variant: MachiavelliVariant, shape: Shape, most: int) -> tuple[tuple[Card, ...], ...]:
    suits = [s.code for s in variant.deck.suits]
    R = shape.ranks
    out: list[tuple[Card, ...]] = []
    if shape.set_sizes:
        for rank in range(1, R + 1):
            for size in sorted(shape.set_sizes):
                out += [tuple(Card(rank, s) for s in group) for group in combinations(suits, size)]
    m = shape.run_min
    if m is not None:
        # A run of 2m cards or more splits into two valid runs of the same
        # cards, unless one half would be all jokers: that takes at least
        # length - m jokers in one meld.
        longest = min(R, max(2 * m - 1, m + most))
        seen = set()
        for suit in suits:
            for start in range(1, R + 1):
                for length in range(m, longest + 1):
                    window = tuple(Card((start - 1 + i) % R + 1, suit) for i in range(length))
                    result = variant.check(window)
                    if (result.valid and result.kind is not None and variant.melds[result.kind].sequence
                            and frozenset(window) not in seen):
                        seen.add(frozenset(window))
                        out.append(window)
    return tuple(out)


def solve_model(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], hand: Sequence[Card],
                help_cards: Sequence[Card] = ()) -> Answer:
    """The model's optimum for a position (its layout is HiGHS's, not the
    search's: :mod:`.solver` decides which answer a player sees).

    Columns: x, copies of each natural meld; z, for each card of it, in how
    many copies a joker stands for that card (at most x, and at most
    ``cap`` x in all, ``cap`` being the jokers one meld may hold and fewer
    than its length, so that dealing the jokers round the copies leaves
    every copy valid); then per card kind the hand cards placed (y) and the
    help cards used (p). Row per natural kind: copies holding it, less its
    jokers, less y and p, equal the table's cards; the joker row: all z less
    y and p equal the table's jokers."""
    import highspy

    built = _build(variant, shape, melds, hand, help_cards)
    h = _highs(built, integral=True)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        raise SolverError("search-too-large", detail=h.modelStatusToString(h.getModelStatus()))
    return _answer(built, [round(v) for v in h.getSolution().col_value])


def lp_bound(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], hand: Sequence[Card],
             help_cards: Sequence[Card] = ()) -> int | None:
    """An upper bound on the hand cards a position places: a relaxation of
    :func:`solve_model`'s model (integrality off, help cards free, the joker
    rows below left out), its LP optimum rounded down; None if HiGHS finds
    no optimum.

    A few milliseconds where the integer programme takes tens or hundreds,
    and on the bench's joker positions it almost always equals the optimum.
    It leaves out the rows that keep each meld's jokers within its cap and
    each card's within the copies: a joker may stand for any card of any
    meld, and the z columns of one card are then all alike (one column per
    card kind for runs, one for sets). A weaker LP in principle, with an
    eighth of the rows and 40% of the columns; in practice the same optimum
    on every position tried (431 of the expert players' and 156 of the
    bench's joker classes), found in a third of the time (0.85 ms against
    2.83 on the first), and the solver ran 24% fewer instructions on 60
    expert positions."""
    return _relaxation(variant, shape, melds, hand, help_cards).bound


def hand_limits(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], hand: Sequence[Card],
                help_cards: Sequence[Card], count: int) -> dict[Card, int]:
    """Per natural card of the hand, the most copies of it that an answer
    placing ``count`` hand cards or more can place, where that is fewer than
    the hand holds. Probing: the LP of :func:`lp_bound` with at least k
    copies placed, for k from what the LP's optimum places up, each solved
    from the last basis; a bound under ``count`` rules k out, and every k
    above it (so does no solution). The LP is the one :func:`lp_bound`
    solved for the same position, if it was the last one."""
    return _relaxation(variant, shape, melds, hand, help_cards).hand_limits(count)


class _Relaxation:
    """The LP of :func:`lp_bound`, solved, and kept for :func:`hand_limits`."""

    def __init__(self, variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]],
                 hand: Sequence[Card], help_cards: Sequence[Card]) -> None:
        import highspy
        import numpy as np

        # With the free rows of the cards in sets, which change nothing here:
        # the path's LP (:class:`PathBound`) is the same model. Loose: see lp_bound.
        built = self.built = _build(variant, shape, melds, hand, help_cards, set_rows=True, loose=True)
        cost = np.zeros(built.num_col)
        cost[built.y0:built.p0] = 1.0
        cost[built.yj] = 1.0
        built.cost = cost
        h = self._h = _highs(built, integral=False)
        # Presolve costs more than it saves on these LPs (measured: 4.5 ms a
        # position without it, 7.9 with it, on the expert players' positions).
        h.setOptionValue("presolve", "off")
        h.run()
        self.bound: int | None = None
        self._optimum: list[float] = []
        #: The optimal basis, where :class:`PathBound` starts.
        self.basis: Any = None
        if h.getModelStatus() == highspy.HighsModelStatus.kOptimal:
            self.basis = h.getBasis()
            # The tolerance: HiGHS's optimum of an integral bound may come out a hair under it.
            self.bound = int(h.getInfo().objective_function_value + 1e-6)
            self._optimum = list(h.getSolution().col_value)
        self._limits: dict[int, dict[Card, int]] = {}

    def hand_limits(self, count: int) -> dict[Card, int]:
        found = self._limits.get(count)
        if found is not None:
            return found
        found = self._limits[count] = {}
        if self.bound is None:
            return found
        built, at_optimum = self.built, self._optimum
        upper = built.upper.tolist()
        for i, card in enumerate(built.kinds):
            col = built.y0 + i
            most = int(upper[col])
            # Up to the copies the LP's optimum places, the bound stays its own.
            k = int(at_optimum[col] + 1e-9)
            if k < most:
                k = self._probe(col, most, k, count)
            if k < most:
                found[card] = k
        return found

    def _probe(self, col: int, most: int, placed: int, count: int) -> int:
        """The most copies, from ``placed`` (the optimum's, in full) up to
        ``most``, for which the LP still reaches ``count``; the column's
        bounds back as they were. Going up stops at the first k it rules out:
        with more copies the LP reaches no more. Most hand cards that the
        optimum leaves out fit in no answer at all, and this rules them out
        in one solve each."""
        import highspy

        h = self._h
        optimal, infeasible = highspy.HighsModelStatus.kOptimal, highspy.HighsModelStatus.kInfeasible
        k = placed
        try:
            while k < most:
                h.changeColBounds(col, float(k + 1), float(most))
                h.run()
                status = h.getModelStatus()
                if status == infeasible or (
                        status == optimal and h.getInfo().objective_function_value < count - 1e-6):
                    break
                k += 1  # reaches count, or no answer either way: not ruled out
        finally:
            h.changeColBounds(col, 0.0, float(most))
        return k


class _Last(threading.local):
    """Each thread's last relaxation (its variant, the rest of its key): :func:`hand_limits`
    follows :func:`lp_bound` for the same position, and a HiGHS object is never shared."""

    entry: tuple[MachiavelliVariant, tuple[object, ...], _Relaxation] | None = None


_LAST = _Last()


def _relaxation(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], hand: Sequence[Card],
                help_cards: Sequence[Card]) -> _Relaxation:
    key = (shape, tuple(map(tuple, melds)), tuple(hand), tuple(help_cards))
    last = _LAST.entry
    # The variant by identity: the same object, kept alive here, or a new relaxation.
    if last is not None and last[0] is variant and last[1] == key:
        return last[2]
    found = _Relaxation(variant, shape, melds, hand, help_cards)
    _LAST.entry = (variant, key, found)
    return found


@dataclass(slots=True)
class _Built:
    """A position's model before it is solved, and how to read its columns."""

    num_col: int
    num_row: int
    # The LP's arrays (numpy), as HiGHS takes them (:func:`_highs`): column
    # costs, upper bounds (the lower ones are all 0), row bounds, and the
    # matrix by columns (each column's start, its entries' rows and values).
    cost: Any
    upper: Any
    row_lower: Any
    row_upper: Any
    start: Any
    index: Any
    value: Any
    chosen: list[tuple[Card, ...]]
    kinds: list[Card]
    x_col: list[int]
    z_cols: list[list[int]]
    y0: int
    p0: int
    yj: int
    pj: int


def _highs(built: _Built, integral: bool) -> Any:
    import highspy
    import numpy as np

    # The bare binding: highspy.Highs prints a banner on stdout (a --json answer must stay clean).
    h = highspy._core._Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    if integral:
        h.setOptionValue("mip_rel_gap", 0.0)
        h.setOptionValue("mip_abs_gap", 0.5)
    n = built.num_col
    kind = highspy.HighsVarType.kInteger if integral else highspy.HighsVarType.kContinuous
    # The arrays as they are: a HighsLp would copy each one through Python, element by element.
    status = h.passModel(n, built.num_row, len(built.index), int(highspy.MatrixFormat.kColwise),
                         int(highspy.ObjSense.kMaximize), 0.0, built.cost, np.zeros(n), built.upper,
                         built.row_lower, built.row_upper, built.start, built.index, built.value,
                         np.full(n, int(kind), dtype=np.int32))
    if status != highspy.HighsStatus.kOk:
        raise SolverError("search-too-large", detail="the model was refused")
    return h


@dataclass(frozen=True, slots=True)
class _Patterns:
    """:func:`patterns` with each card as an id (its place in ``cards``,
    every natural card of the melds ordered by rank, then suit), so that a
    position's columns are made without hashing a card."""

    cards: tuple[Card, ...]
    melds: tuple[tuple[Card, ...], ...]
    ids: tuple[tuple[int, ...], ...]
    index: dict[Card, int]
    sets: tuple[bool, ...]  # which melds are sets


_IDS: dict[tuple[str, int], _Patterns] = {}


def _patterns_by_id(variant: MachiavelliVariant, shape: Shape, most: int) -> _Patterns:
    key = (_variant_key(variant), most)
    found = _IDS.get(key)
    if found is None:
        melds = patterns(variant, shape, most)
        cards = tuple(sorted({c for m in melds for c in m}, key=lambda c: (c.rank, c.suit)))
        index = {c: i for i, c in enumerate(cards)}
        found = _IDS[key] = _Patterns(cards, melds, tuple(tuple(index[c] for c in m) for m in melds), index,
                                      tuple(len({c.suit for c in m}) > 1 for m in melds))
    return found


@dataclass(frozen=True, slots=True)
class _Template:
    """Every column :func:`_build` could make for a variant, as flat arrays
    (numpy), so that a position's model is a selection of them: per meld of
    :func:`patterns`, its cards (padded), length and cap; per column, its
    meld and number of entries; per entry, what its row is made of (a card's
    row, times the card kinds, a constant, a place among its meld's joker
    rows) and its value. Made once per variant, jokers per meld, ``set_rows``
    and ``loose``: a position's model is then built without a loop per meld."""

    pad: Any  # (melds, longest) card ids, padded with the id past the last card
    length: Any
    cap: Any
    jokered: Any  # melds with joker columns (cap above 0)
    col_meld: Any
    col_entries: Any
    e_col: Any  # the column each entry is in
    e_card: Any  # the card whose row the entry is on (the pad id: none)
    e_kinds: Any  # times the number of card kinds
    e_const: Any
    e_cap: Any  # place in the meld's joker rows (cap row 0, then one per card), -1: none
    e_value: Any
    e_meld: Any
    sets: Any  # which melds are sets


_TEMPLATES: dict[tuple[str, int, bool, bool], _Template] = {}


def _template(variant: MachiavelliVariant, known: _Patterns, most: int, set_rows: bool,
              loose: bool = False) -> _Template:
    key = (_variant_key(variant), most, set_rows, loose)
    found = _TEMPLATES.get(key)
    if found is None:
        found = _TEMPLATES[key] = _make_template(known, most, set_rows, loose)
    return found


def _make_template(known: _Patterns, most: int, set_rows: bool, loose: bool = False) -> _Template:
    import numpy as np

    none = len(known.cards)
    longest = max((len(ids) for ids in known.ids), default=0)
    col_meld: list[int] = []
    col_entries: list[int] = []
    entries: list[tuple[int, int, int, int, float, int]] = []  # card, kinds, const, cap place, value, meld
    for m, (ids, is_set) in enumerate(zip(known.ids, known.sets)):
        cap = min(len(ids) - 1, most)
        in_set = set_rows and is_set
        # Cards ordered by id are ordered by their rows (both by rank, then suit).
        ordered = sorted(ids)
        x = [(i, 0, 0, -1, 1.0, m) for i in ordered]
        if in_set:
            x += [(i, 1, 1, -1, 1.0, m) for i in ordered]
        if cap and not loose:
            x.append((none, 0, 0, 0, -float(cap), m))
            x += [(none, 0, 0, 1 + k, -1.0, m) for k in range(len(ids))]
        col_meld.append(m)
        col_entries.append(len(x))
        entries += x
        if cap and not loose:
            for k, i in enumerate(ids):
                z = [(i, 0, 0, -1, -1.0, m), (none, 1, 0, -1, 1.0, m)]
                if in_set:
                    z.append((i, 1, 1, -1, -1.0, m))
                z += [(none, 0, 0, 0, 1.0, m), (none, 0, 0, 1 + k, 1.0, m)]
                col_meld.append(m)
                col_entries.append(len(z))
                entries += z
    pad = np.full((len(known.ids), longest), none, dtype=np.int64)
    for m, ids in enumerate(known.ids):
        pad[m, :len(ids)] = ids
    length = np.array([len(ids) for ids in known.ids], dtype=np.int64)
    cap_of = np.minimum(length - 1, most)
    e = np.array(entries, dtype=np.float64).reshape(-1, 6)
    as_int = e[:, [0, 1, 2, 3, 5]].astype(np.int64)
    entries_of = np.array(col_entries, dtype=np.int64)
    return _Template(pad, length, cap_of, cap_of > 0, np.array(col_meld, dtype=np.int64), entries_of,
                     np.repeat(np.arange(len(col_meld)), entries_of), as_int[:, 0], as_int[:, 1], as_int[:, 2],
                     as_int[:, 3], e[:, 4].copy(), as_int[:, 4], np.array(known.sets, dtype=bool))


def _build(variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]], hand: Sequence[Card],
           help_cards: Sequence[Card], set_rows: bool = False, loose: bool = False) -> _Built:
    """The model of :func:`solve_model` as a HiGHS LP (no integrality yet);
    with ``set_rows``, a free row more per card kind after the joker row:
    the natural cards of that kind in sets (:class:`PathBound`); ``loose``,
    :func:`lp_bound`'s model: no joker rows per meld, and for the z columns
    one column per card kind that a run with jokers holds, then one per
    card kind that such a set holds.

    Columns: per meld its x column, then its z columns; then y and p per
    card kind, then the joker's. Rows: per card kind, the joker row, then
    (``set_rows``) per card kind its cards in sets, then per meld with
    jokers (unless ``loose``) its cap row and one per card. Each column's
    entries in increasing row order."""
    import highspy
    import numpy as np

    must, hand_c, help_c = Counter(c for m in melds for c in m), Counter(hand), Counter(help_cards)
    avail = must + hand_c + help_c
    jokers = avail.pop(JOKER, 0)
    limit = getattr(variant, "jokers_per_meld", None)
    most = jokers if limit is None else min(jokers, limit)
    known = _patterns_by_id(variant, shape, most)
    t = _template(variant, known, most, set_rows, loose)
    none = len(known.cards)
    present = np.zeros(none + 1, dtype=np.int64)
    others = []  # cards no meld of the variant holds (none, as a rule)
    for card in avail:
        i = known.index.get(card)
        if i is None:
            others.append(card)
        else:
            present[i] = 1
    chosen = t.length - present[t.pad].sum(axis=1) <= t.cap
    # Cards missing from the position get a row too (nothing of them on the
    # table, in the hand or help): where a meld holds one, a joker stands for it.
    used = present.copy()
    used[t.pad[chosen]] = 1
    used[none] = 0
    used_ids = np.flatnonzero(used).tolist()
    cards = known.cards
    row_of = np.zeros(none + 1, dtype=np.int64)
    if others:
        kinds = sorted([cards[i] for i in used_ids] + others, key=lambda c: (c.rank, c.suit))
        local = {c: i for i, c in enumerate(kinds)}
        row_of[used_ids] = [local[cards[i]] for i in used_ids]
    else:
        kinds = [cards[i] for i in used_ids]
        row_of[used_ids] = np.arange(len(used_ids))
    n_k = len(kinds)
    jrow = n_k
    set0 = n_k + 1
    first_cap = set0 + n_k if set_rows else set0
    jokered = chosen & t.jokered
    block = np.where(jokered, 0 if loose else t.length + 1, 0)
    cap_base = first_cap + np.cumsum(block) - block
    next_row = first_cap + int(block.sum())
    columns = chosen[t.col_meld]
    picked = columns[t.e_col]
    e_cap = t.e_cap[picked]
    rows = (row_of[t.e_card[picked]] + t.e_kinds[picked] * n_k + t.e_const[picked]
            + np.where(e_cap >= 0, cap_base[t.e_meld[picked]] + e_cap, 0))
    values = t.e_value[picked]
    counts = t.col_entries[columns]
    if loose and jokered.any():
        # A joker for a card, one column per card kind for runs and one for
        # sets: the loose model's z columns of one card are all alike.
        stand: list[Any] = []
        for in_sets in (False, True):
            ids = np.unique(t.pad[jokered & (t.sets == in_sets)])
            k = row_of[ids[ids != none]]
            if in_sets and set_rows:
                cols = np.stack([k, np.full(len(k), jrow), set0 + k], axis=1)
                vals = np.tile([-1.0, 1.0, -1.0], len(k))
            else:
                cols = np.stack([k, np.full(len(k), jrow)], axis=1)
                vals = np.tile([-1.0, 1.0], len(k))
            stand.append((cols, vals))
        rows = np.concatenate([rows, *(c.ravel() for c, _ in stand)])
        values = np.concatenate([values, *(v for _, v in stand)])
        counts = np.concatenate([counts, *(np.full(len(c), c.shape[1]) for c, _ in stand)])
    n_main = len(counts)
    starts = np.concatenate([[0], np.cumsum(counts)])[:-1]
    weight = float(len(help_cards) + 1)  # a hand card is worth more than every help card saved
    copies = float(max(avail.values(), default=0) + jokers)
    k_rows = np.arange(n_k)
    n_all = n_main + 2 * n_k + 2
    entries = len(rows)
    inf = highspy.kHighsInf
    free = n_k if set_rows else 0
    table_rows = [float(must[c]) for c in kinds] + [float(must[JOKER])]
    cost = np.concatenate([np.zeros(n_main), np.full(n_k, weight), np.full(n_k, -1.0), [weight, -1.0]])
    upper = np.concatenate([np.full(n_main, copies), [float(hand_c[c]) for c in kinds],
                            [float(help_c[c]) for c in kinds], [float(hand_c[JOKER]), float(help_c[JOKER])]])
    row_lower = np.array(table_rows + [-inf] * (next_row - n_k - 1))
    row_upper = np.array(table_rows + [inf] * free + [0.0] * (next_row - set0 - free))
    start = np.concatenate([starts, entries + np.arange(2 * n_k + 2)]).astype(np.int32)
    index = np.concatenate([rows, k_rows, k_rows, [jrow, jrow]]).astype(np.int32)
    value = np.concatenate([values, np.full(2 * n_k + 2, -1.0)])
    chosen_ids = np.flatnonzero(chosen).tolist()
    widths = (1 + np.where(jokered, 0 if loose else t.length, 0))[chosen_ids].tolist()
    x_col: list[int] = []
    z_cols: list[list[int]] = []
    x = 0
    for width in widths:
        x_col.append(x)
        z_cols.append(list(range(x + 1, x + width)))
        x += width
    y0 = n_main
    p0 = y0 + n_k
    return _Built(n_all, next_row, cost, upper, row_lower, row_upper, start, index, value,
                  [known.melds[m] for m in chosen_ids], kinds, x_col, z_cols, y0, p0, p0 + n_k, p0 + n_k + 1)


def _answer(built: _Built, x: list[int]) -> Answer:
    """The model's solution ``x`` as melds and cards."""
    chosen, kinds, x_col, z_cols = built.chosen, built.kinds, built.x_col, built.z_cols
    y0, p0, yj, pj, n_k = built.y0, built.p0, built.yj, built.pj, len(built.kinds)
    new: list[tuple[Card, ...]] = []
    for meld, col, zs in zip(chosen, x_col, z_cols):
        k = x[col]
        if not k:
            continue
        laid = [list(meld) for _ in range(k)]
        t = 0
        for i, z in enumerate(zs):
            # Round robin: a card's jokers go to distinct copies (z <= x),
            # and no copy gets more than its share of the cap.
            for _ in range(x[z]):
                laid[t % k][i] = JOKER
                t += 1
        for cards in laid:
            new.append(_laid_out(meld, cards))
    placed = [c for c, k in zip(kinds, x[y0:p0]) for _ in range(k)] + [JOKER] * x[yj]
    used = [c for c, k in zip(kinds, x[p0:p0 + n_k]) for _ in range(k)] + [JOKER] * x[pj]
    return Answer(tuple(new), tuple(placed), tuple(used))


def _laid_out(meld: tuple[Card, ...], cards: list[Card]) -> tuple[Card, ...]:
    """A run as its window (jokers where they stand), a set by suit with its jokers last."""
    if len({c.suit for c in meld}) == 1:  # a run: a set's cards have distinct suits
        return tuple(cards)
    return (*(c for c in cards if c != JOKER), *[JOKER] * cards.count(JOKER))


class PathBound:
    """The LP of :func:`lp_bound` with the cells the rank
    search has settled fixed: for each card kind of the ranks swept so far,
    the hand and help cards placed and the natural cards sent to sets, as
    the search's path chose them. Rounded down, it bounds the hand cards of
    every path that goes on from there (the layout of any such path is a
    solution of the model under the same fixes): a state reached by a path
    whose bound is under the target cannot reach it. Each bound re-solves
    the LP from the last basis, changing only the fixes that differ."""

    def __init__(self, variant: MachiavelliVariant, shape: Shape, melds: Sequence[Sequence[Card]],
                 hand: Sequence[Card], help_cards: Sequence[Card]) -> None:
        # The model of the position's LP bound (its costs already set), solved by a HiGHS of its own.
        relaxation = _relaxation(variant, shape, melds, hand, help_cards)
        built = self._built = relaxation.built
        self._upper = built.upper.tolist()
        self._h = _highs(built, integral=False)
        self._h.setOptionValue("presolve", "off")  # as in lp_bound
        if relaxation.basis is not None:
            # From the LP bound's optimum, a few pivots away: not from scratch.
            self._h.setBasis(relaxation.basis)
        #: The model's row (its index in the card kinds) of each natural card.
        self.kind = {c: i for i, c in enumerate(built.kinds)}
        self._fixed: dict[int, tuple[int, int, int]] = {}
        #: The last optimum: (its bound, per kind the hand cards, help cards and cards in sets it places).
        self._last: tuple[int, list[float], list[float], list[float]] | None = None
        #: The last optimum's dual prices: (its objective, per kind the reduced
        #: costs of the hand and help cards placed, the price of its cards in sets).
        self._duals: tuple[float, list[float], list[float], list[float]] | None = None

    def bound(self, fixes: dict[int, tuple[int, int, int]], at_least: int | None = None) -> int | None:
        """The bound under ``fixes`` (kind -> hand cards placed, help cards
        used, natural cards in sets), -1 when no solution obeys them, None
        when HiGHS finds no optimum (no answer either way). With
        ``at_least``: where the last optimum obeys ``fixes`` and reaches
        that, its bound at once (the LP under ``fixes`` reaches as much at
        least: the search down a path the LP itself takes solves nothing);
        where the last optimum's dual prices (:meth:`_priced`) keep the LP
        under ``fixes`` below it, some bound below it, without solving (most
        states the LP cuts, measured on the expert players' positions)."""
        import highspy
        import numpy as np

        last = self._last
        if last is not None and at_least is not None and last[0] >= at_least:
            reached, hands, helps, in_sets_at = last
            if all(abs(hands[i] - y) < 1e-9 and abs(helps[i] - p) < 1e-9 and abs(in_sets_at[i] - k) < 1e-9
                   for i, (y, p, k) in fixes.items()):
                return reached
        if at_least is not None:
            priced = self._priced(fixes)
            # The margin: dual prices are exact only to HiGHS's tolerances.
            if priced is not None and priced < at_least - 1e-4:
                return min(at_least - 1, math.floor(priced + 1e-6))
        built, n_k, inf = self._built, len(self._built.kinds), highspy.kHighsInf
        cols: list[int] = []
        lo: list[float] = []
        hi: list[float] = []
        rows: list[int] = []
        rlo: list[float] = []
        rhi: list[float] = []
        for i in self._fixed.keys() - fixes.keys():
            cols += [built.y0 + i, built.p0 + i]
            lo += [0.0, 0.0]
            hi += [float(self._upper[built.y0 + i]), float(self._upper[built.p0 + i])]
            rows.append(n_k + 1 + i)
            rlo.append(-inf)
            rhi.append(inf)
        for i, fix in fixes.items():
            if self._fixed.get(i) != fix:
                hand, help_, sets = fix
                cols += [built.y0 + i, built.p0 + i]
                lo += [float(hand), float(help_)]
                hi += [float(hand), float(help_)]
                rows.append(n_k + 1 + i)
                rlo.append(float(sets))
                rhi.append(float(sets))
        self._fixed = dict(fixes)
        h = self._h
        if cols:
            h.changeColsBounds(len(cols), np.array(cols, dtype=np.int32), np.array(lo), np.array(hi))
            h.changeRowsBounds(len(rows), np.array(rows, dtype=np.int32), np.array(rlo), np.array(rhi))
        h.run()
        status = h.getModelStatus()
        self._duals = None
        if status == highspy.HighsModelStatus.kInfeasible:
            return -1
        if status != highspy.HighsModelStatus.kOptimal:
            return None
        objective = h.getInfo().objective_function_value
        # The tolerance: as in lp_bound.
        found = int(objective + 1e-6)
        solution = h.getSolution()
        col, row = solution.col_value, solution.row_value
        self._last = (found, col[built.y0:built.y0 + n_k], col[built.p0:built.p0 + n_k], row[n_k + 1:2 * n_k + 1])
        reduced = solution.col_dual
        self._duals = (objective, reduced[built.y0:built.y0 + n_k], reduced[built.p0:built.p0 + n_k],
                       solution.row_dual[n_k + 1:2 * n_k + 1])
        return found

    def _priced(self, fixes: dict[int, tuple[int, int, int]]) -> float | None:
        """An upper bound on the LP under ``fixes`` from the last optimum's
        dual prices, without solving (None: they give none). Whatever the
        prices, the objective is the prices times the rows plus the reduced
        costs times the columns, each term at most its value at the bound
        its sign favours: the last objective, plus what each changed bound
        changes of it. A free row (cards in sets not fixed) bounds nothing
        unless its price is zero."""
        duals = self._duals
        if duals is None:
            return None
        objective, d_hand, d_help, d_sets = duals
        built, upper, fixed = self._built, self._upper, self._fixed
        for i in fixed.keys() | fixes.keys():
            old, new = fixed.get(i), fixes.get(i)
            if old == new:
                continue
            for d, column, at in ((d_hand[i], built.y0 + i, 0), (d_help[i], built.p0 + i, 1)):
                lo_old, hi_old = (0.0, upper[column]) if old is None else (old[at], old[at])
                lo_new, hi_new = (0.0, upper[column]) if new is None else (new[at], new[at])
                objective += max(d * lo_new, d * hi_new) - max(d * lo_old, d * hi_old)
            price = d_sets[i]
            if abs(price) > 1e-9:
                if old is None or new is None:
                    return None
                objective += price * (new[2] - old[2])
        return objective
