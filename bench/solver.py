"""Benchmark of the move solver (issue 4): solve times per table size.

Fixed seeded positions: 2 decks with tables of about 20, 40, 60 and 80
cards and hands of 15-20 cards, and 3 decks with tables of about 120 cards.
Tables are random valid layouts (sets of 3-4 and runs of 3-6 cards drawn
from the shuffled decks); hands come from the cards left. Prints the median
and worst time of one solve, in one process, after one warm-up solve; each
position is solved ``--repeat`` times and its fastest time counts, so that
other processes on the machine blur the figures less; each of those solves
starts without what earlier solves left for the next ones (the moves that
positions of one shape share), so the repeats time the same work. Then the time of a
whole ``machiavelli solve`` process, start-up included.

    python bench/solver.py [--positions N] [--aces POLICY] [--repeat R]

Goal (80-card tables): median <= 2 ms, worst <= 50 ms; the command well
under 0.5 s.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path


from machiavelli.core.cards import Card  # noqa: E402
from machiavelli.games.machiavelli.solver import solve  # noqa: E402
from machiavelli.games.machiavelli.solver_ranks import forget_shared  # noqa: E402
from machiavelli.app.library import load_variant  # noqa: E402


def random_table(variant, rng: random.Random, size: int) -> tuple[list[tuple[Card, ...]], Counter]:
    """A random valid table of about ``size`` cards, and the cards left."""
    deck = variant.deck
    pool = Counter({card: variant.decks for card in deck.cards()})
    ranks = len(deck.ranks)
    suits = [s.code for s in deck.suits]
    melds: list[tuple[Card, ...]] = []
    placed = 0
    misses = 0
    while placed < size and misses < 500:
        card = rng.choice(sorted(pool.elements()))
        if rng.random() < 0.4:
            others = [Card(card.rank, s) for s in suits if s != card.suit and pool[Card(card.rank, s)]]
            want = rng.choice((2, 3))
            if len(others) < want:
                misses += 1
                continue
            meld = (card, *rng.sample(others, want))
        else:
            length = rng.randint(3, 6)
            low = rng.randint(max(1, card.rank - length + 1), card.rank)
            meld = tuple(Card(r, card.suit) for r in range(low, low + length) if r <= ranks)
            if len(meld) < 3 or any(pool[c] == 0 for c in meld) or not variant.check(meld).valid:
                misses += 1
                continue
        if placed + len(meld) > size + 2:
            misses += 1
            continue
        for c in meld:
            pool[c] -= 1
        melds.append(meld)
        placed += len(meld)
    return melds, +pool


def positions(variant, rng: random.Random, size: int, count: int):
    out = []
    for _ in range(count):
        table, pool = random_table(variant, rng, size)
        rest = sorted(pool.elements())
        hand = rng.sample(rest, min(len(rest), rng.randint(15, 20)))
        out.append((table, hand))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per size")
    parser.add_argument("--aces", default=None, help="ace policy (default: the variant's)")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="solves per position (the fastest counts)")
    args = parser.parse_args()
    overrides = [f"aces={args.aces}"] if args.aces else []
    two = load_variant("bga", overrides)
    three = load_variant("bga", [*overrides, "decks=3"])
    cases = [(two, 20), (two, 40), (two, 60), (two, 80), (three, 120)]
    solve(two, *positions(two, random.Random(0), 40, 1)[0])  # warm-up
    print(f"aces={two.aces}, {args.positions} positions per size")
    print(f"{'decks':>5} {'table':>6} {'median ms':>10} {'worst ms':>9} {'mean placed':>12}")
    for variant, size in cases:
        rng = random.Random(args.seed * 1000 + size)
        times, placed = [], []
        for table, hand in positions(variant, rng, size, args.positions):
            best = float("inf")
            for _ in range(max(1, args.repeat)):
                forget_shared()
                start = time.perf_counter()
                solution = solve(variant, table, hand)
                best = min(best, (time.perf_counter() - start) * 1000)
            times.append(best)
            placed.append(len(solution.placed))
        print(
            f"{variant.decks:>5} {size:>6} {statistics.median(times):>10.2f} {max(times):>9.2f}"
            f" {statistics.mean(placed):>12.1f}"
        )


    command = shutil.which("machiavelli") or str(Path(sys.executable).parent / "machiavelli")
    args_ = [command, "solve", "--variant", "bga", "--table", "5C 5D 5H 5S | 6C 7C 8C", "--hand", "4C KD", "--json"]
    runs = []
    for _ in range(7):
        start = time.perf_counter()
        subprocess.run(args_, check=True, capture_output=True)
        runs.append((time.perf_counter() - start) * 1000)
    print(f"machiavelli solve, whole process: median {statistics.median(runs):.0f} ms, worst {max(runs):.0f} ms")


if __name__ == "__main__":
    main()
