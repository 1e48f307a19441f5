"""The solver's independent oracles and checks, shared by the solver's tests
(tests/games/machiavelli/test_solver*.py, test_players.py): short decks, every
valid meld, an exhaustive search, a set-partition MILP (HiGHS), random valid
positions, and the check of an answer carried out step by step."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
from scipy.optimize import LinearConstraint, milp

from machiavelli.core.cards import Card, DeckSpec, RankSpec
from machiavelli.games.machiavelli.solver import Step
from machiavelli.games.machiavelli.variant import MachiavelliVariant as Variant


def short_variant(aces: str, ranks: int, decks: int, **extra) -> Variant:
    codes = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][:ranks]
    deck = DeckSpec(ranks=tuple(RankSpec(code=c, points=i + 1) for i, c in enumerate(codes)))
    return Variant(name="short", aces=aces, decks=decks, deck=deck, hand_size=2, players={"min": 2, "max": 2},
                   **extra)


_MELDS: dict[str, tuple[tuple[Card, ...], ...]] = {}


def all_melds(variant: Variant) -> tuple[tuple[Card, ...], ...]:
    key = variant.model_dump_json(include={"aces", "deck", "melds"})
    if key not in _MELDS:
        _MELDS[key] = _all_melds(variant)
    return _MELDS[key]


def _all_melds(variant: Variant) -> tuple[tuple[Card, ...], ...]:
    """Every valid meld of one copy of each card: the groups of suits of one
    rank and the arcs of one suit around the rank cycle that ``check`` accepts
    (every run of every ace policy is such an arc)."""
    ranks = len(variant.deck.ranks)
    suits = [s.code for s in variant.deck.suits]
    found = set()
    for r in range(1, ranks + 1):
        for size in range(1, len(suits) + 1):
            for group in itertools.combinations(suits, size):
                found.add(tuple(sorted(Card(r, s) for s in group)))
    for s in suits:
        for start in range(1, ranks + 1):
            for length in range(1, ranks + 1):
                found.add(tuple(sorted(Card((start - 1 + i) % ranks + 1, s) for i in range(length))))
    return tuple(sorted(m for m in found if variant.check(m).valid))


def exhaustive(variant: Variant, table, hand, help_cards=()) -> int:
    """The most hand cards that fit, by trying every choice of melds."""
    must = Counter(c for m in table for c in m)
    hand_c, avail = Counter(hand), Counter(c for m in table for c in m) + Counter(hand) + Counter(help_cards)
    values = sorted(avail)
    starting = {v: [m for m in all_melds(variant) if m[0] == v and all(avail[c] for c in m)] for v in values}
    best = -1

    def at(i: int, cover: Counter, score: int) -> None:
        nonlocal best
        if i == len(values):
            best = max(best, score)
            return
        value = values[i]

        def choose(j: int, cover: Counter) -> None:
            melds = starting[value]
            if j == len(melds):
                if must[value] <= cover[value] <= avail[value]:
                    at(i + 1, cover, score + min(hand_c[value], cover[value] - must[value]))
                return
            choose(j + 1, cover)
            more = cover
            while True:
                more = more + Counter(melds[j])
                if any(more[c] > avail[c] for c in melds[j]):
                    return
                choose(j + 1, more)

        choose(0, cover)

    at(0, Counter(), 0)
    return best


def milp_optimum(variant: Variant, table, hand, help_cards=()) -> int:
    """The most hand cards that fit, as a set-partition integer programme."""
    must = Counter(c for m in table for c in m)
    hand_c, help_c = Counter(hand), Counter(help_cards)
    avail = must + hand_c + help_c
    values = sorted(avail)
    row = {v: i for i, v in enumerate(values)}
    melds = [m for m in all_melds(variant) if all(avail[c] for c in m)]
    n_m, n_v = len(melds), len(values)
    # columns: melds (x), hand cards used (y), help cards used (z)
    a = np.zeros((n_v, n_m + 2 * n_v))
    for j, m in enumerate(melds):
        for c in m:
            a[row[c], j] = 1
    for i in range(n_v):
        a[i, n_m + i] = -1
        a[i, n_m + n_v + i] = -1
    target = np.array([must[v] for v in values], dtype=float)
    upper = np.concatenate([
        np.full(n_m, variant.decks, dtype=float),
        np.array([hand_c[v] for v in values], dtype=float),
        np.array([help_c[v] for v in values], dtype=float),
    ])
    cost = np.concatenate([np.zeros(n_m), -np.ones(n_v), np.zeros(n_v)])
    result = milp(cost, constraints=LinearConstraint(a, target, target), integrality=np.ones(len(cost)),
                  bounds=(np.zeros(len(cost)), upper))
    assert result.success, result.message
    return round(-result.fun)


def random_position(variant: Variant, rng: random.Random, table_cards: int, hand_cards: int, help_cards: int = 0):
    """A random valid table of about ``table_cards`` cards and a hand drawn
    from the cards left (melds favour runs of 3-6 and sets of 3-4)."""
    pool = Counter({c: variant.decks for c in variant.deck.cards()})
    melds = [m for m in all_melds(variant) if len(m) <= 6]
    table: list[tuple[Card, ...]] = []
    size = 0
    for _ in range(400):
        if size >= table_cards:
            break
        meld = rng.choice(melds)
        if size + len(meld) <= table_cards + 2 and all(pool[c] for c in meld):
            pool.subtract(meld)
            table.append(tuple(rng.sample(meld, len(meld))))
            size += len(meld)
    rest = sorted(pool.elements())
    rng.shuffle(rest)
    return table, rest[:hand_cards], rest[hand_cards:hand_cards + help_cards]


def replay(table, steps: tuple[Step, ...]) -> dict[int, Counter]:
    """Carry out the steps on the old table; return the melds by number."""
    melds = {i + 1: Counter(m) for i, m in enumerate(table)}
    for step in steps:
        if isinstance(step.source, int):
            assert not Counter(step.cards) - melds[step.source], f"meld {step.source} lacks {step.cards}"
            melds[step.source] -= Counter(step.cards)
        if step.new:
            assert step.target not in melds, f"meld {step.target} started twice"
            melds[step.target] = Counter()
        melds[step.target] += Counter(step.cards)
    return {n: m for n, m in melds.items() if m}


def check_answer(variant: Variant, table, hand, help_cards, solution) -> None:
    for meld in solution.table:
        assert variant.check(meld).valid, meld
    old = Counter(c for m in table for c in m)
    new = Counter(c for m in solution.table for c in m)
    assert new == old + Counter(solution.placed) + Counter(solution.help_used)
    assert not Counter(solution.placed) - Counter(hand)
    assert not Counter(solution.help_used) - Counter(help_cards)
    laid_out = replay(table, solution.steps)
    assert laid_out == {n: Counter(m) for n, m in zip(solution.numbers, solution.table)}
    for meld in solution.table:
        assert tuple(meld) == variant.arrange(meld)
