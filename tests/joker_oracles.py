"""The solver's oracles with jokers, shared by test_solver_jokers.py and
test_solver_generic.py: joker variants, the definition of a valid meld with
jokers (its own search over what a joker may stand for), the answer's check,
a MILP with jokers and random positions with jokers."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
from scipy.optimize import LinearConstraint, milp

from machiavelli.core.cards import Card
from machiavelli.games.machiavelli.variant import MachiavelliVariant as Variant
from solver_oracles import all_melds, random_position, replay

JK = Card(0, "JK")


def joker_variant(base: Variant, limit: int | None = None, copies: int = 4) -> Variant:
    """``base`` with ``copies`` jokers in the game and at most ``limit`` per meld."""
    assert copies % base.decks == 0
    data = base.model_dump()
    data["jokers"] = copies // base.decks
    if limit is not None:
        data["jokers_per_meld"] = limit
    return type(base).model_validate(data)


def limit_of(variant: Variant) -> int | None:
    return getattr(variant, "jokers_per_meld", None)


def parse(variant: Variant, text: str) -> tuple[Card, ...]:
    return variant.deck.parse_cards(text)


def table_of(variant: Variant, text: str) -> list[tuple[Card, ...]]:
    return [parse(variant, part) for part in text.split("|")] if text.strip() else []


def valid(variant: Variant, meld) -> bool:
    """The definition: a natural card, the limit, and cards for the jokers
    (a set's jokers share its rank, a run's its suit) that make a valid meld."""
    naturals = [c for c in meld if c != JK]
    j = len(meld) - len(naturals)
    if not naturals or (limit_of(variant) is not None and j > limit_of(variant)):
        return False
    if not j:
        return variant.check(naturals).valid
    first = naturals[0]
    ranks, suits = len(variant.deck.ranks), [s.code for s in variant.deck.suits]
    candidates = {Card(first.rank, s) for s in suits} | {Card(r, first.suit) for r in range(1, ranks + 1)}
    return any(variant.check([*naturals, *ids]).valid
               for ids in itertools.combinations_with_replacement(sorted(candidates), j))


def check_answer(variant: Variant, table, hand, help_cards, solution) -> None:
    for meld in solution.table:
        assert valid(variant, meld), meld
    old = Counter(c for m in table for c in m)
    new = Counter(c for m in solution.table for c in m)
    assert new == old + Counter(solution.placed) + Counter(solution.help_used)
    assert not Counter(solution.placed) - Counter(hand)
    assert not Counter(solution.help_used) - Counter(help_cards)
    assert replay(table, solution.steps) == {n: Counter(m) for n, m in zip(solution.numbers, solution.table)}


def milp_optimum(variant: Variant, table, hand, help_cards=()) -> int:
    """The most hand cards that fit, as an integer programme over every valid
    meld of one copy of each card (x: how many copies of it) where any of its
    cards may be a joker in some copies (z), at most ``limit`` and at most
    all but one per copy (a round-robin spreads them so in every copy)."""
    must, hand_c, help_c = Counter(c for m in table for c in m), Counter(hand), Counter(help_cards)
    table_j, hand_j, help_j = must.pop(JK, 0), hand_c.pop(JK, 0), help_c.pop(JK, 0)
    jokers = table_j + hand_j + help_j
    avail = must + hand_c + help_c
    limit = limit_of(variant)
    melds, caps = [], []
    for meld in all_melds(variant):
        cap = min(len(meld) - 1, jokers, limit if limit is not None else jokers)
        if sum(1 for c in meld if not avail[c]) <= cap:
            melds.append(meld)
            caps.append(cap)
    cards = sorted({c for m in melds for c in m} | set(avail))
    row = {c: i for i, c in enumerate(cards)}
    n_c = len(cards)
    # columns: x per meld, z per (meld, card), y and p per card (hand, help), then hand and help jokers
    x0 = 0
    z_of = []
    col = len(melds)
    for meld in melds:
        z_of.append(list(range(col, col + len(meld))))
        col += len(meld)
    y0, p0 = col, col + n_c
    yj, pj = p0 + n_c, p0 + n_c + 1
    n = pj + 1
    rows, lo, hi = [], [], []

    def add(coefs: dict[int, float], low: float, high: float) -> None:
        line = np.zeros(n)
        for k, v in coefs.items():
            line[k] += v
        rows.append(line)
        lo.append(low)
        hi.append(high)

    per_card: list[dict[int, float]] = [dict() for _ in cards]
    jokers_used: dict[int, float] = {}
    for i, meld in enumerate(melds):
        for c, z in zip(meld, z_of[i]):
            per_card[row[c]][x0 + i] = 1
            per_card[row[c]][z] = -1
            add({z: 1, x0 + i: -1}, -np.inf, 0)
            jokers_used[z] = 1
        add({**{z: 1 for z in z_of[i]}, x0 + i: -caps[i]}, -np.inf, 0)
    for c, k in row.items():
        add({**per_card[k], y0 + k: -1, p0 + k: -1}, must[c], must[c])
    add({**jokers_used, yj: -1, pj: -1}, table_j, table_j)
    upper = np.full(n, float(variant.decks + jokers))
    upper[y0:p0] = [hand_c[c] for c in cards]
    upper[p0:p0 + n_c] = [help_c[c] for c in cards]
    upper[yj], upper[pj] = hand_j, help_j
    cost = np.zeros(n)
    cost[y0:p0] = -1
    cost[yj] = -1
    result = milp(cost, constraints=LinearConstraint(np.array(rows), lo, hi), integrality=np.ones(n),
                  bounds=(np.zeros(n), upper))
    assert result.success, result.message
    return round(-result.fun)


def joker_position(variant: Variant, rng: random.Random, size: int, hand_cards: int, on_table: int, in_hand: int,
                   help_cards: int = 0):
    """A random table where ``on_table`` natural cards became jokers (each
    meld keeping a natural card and the limit), and a hand with ``in_hand`` jokers."""
    table, hand, helps = random_position(variant, rng, size, hand_cards, help_cards)
    hand, helps = [c for c in hand if c != JK], [c for c in helps if c != JK]  # the deck's own jokers
    table = [list(m) for m in table]
    limit = limit_of(variant)
    for _ in range(on_table * 20):
        if on_table == 0 or not table:
            break
        meld = rng.choice(table)
        held = meld.count(JK)
        if len(meld) - held > 1 and (limit is None or held < limit):
            meld[rng.choice([i for i, c in enumerate(meld) if c != JK])] = JK
            on_table -= 1
    hand = [*hand, *[JK] * in_hand]
    rng.shuffle(hand)
    return [tuple(m) for m in table], hand, helps
