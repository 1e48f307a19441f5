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

    python bench/solver.py [--positions N] [--aces POLICY] [--repeat R] [--jokers N] [--only-jokers]
    python bench/solver.py --classes [--per-class N]

Goal (80-card tables): median <= 2 ms, worst <= 50 ms; the command well
under 0.5 s.

Joker positions (issue 11): the same tables with 4 jokers in the game (2 per
deck), some of them in table melds in place of a card, the others in the
hand; aces low only, so that each position is also a Rummikub position
(tile = suit and rank, the joker a joker). Each is solved by our solver and,
when it is installed (``pip install rummikub-solver``; never a dependency of
the project), by rummikub-solver's ILP, in CPU time and wall time. Goals: the
same as above, and at least 5x faster than the ILP. Rummikub's rules differ a
little (three jokers alone make a meld there, not here): the counts that
differ are reported, and so are the positions our solver gave up (past its
budget of visits, a safety net: the goal is none). Figures measured are in
the README (section on the solver).

``--classes`` (issue 27): the project beside the HiGHS model
(:mod:`machiavelli.games.machiavelli.solver_milp`: every valid meld a
column, a row per card kind, the joker a kind of its own) for every size
class: 0, 1, 2 and 4 jokers at 20, 40, 80 and 120 table cards (2 decks, 3
for 120), small tables with big hands (20 cards, 16-24 in hand), and 4 to 8
decks (50 table cards a deck). CPU milliseconds per position, each solver
warmed up once in this process; ratio = the model's median over ours (goal:
at least 1 everywhere, 5 at 80 cards; our worst under 100 ms).
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
from machiavelli.core.errors import SolverError  # noqa: E402
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
    parser.add_argument("--jokers", type=int, default=10, help="joker positions per size (0: none)")
    parser.add_argument("--only-jokers", action="store_true", help="only the joker positions")
    parser.add_argument("--classes", action="store_true", help="only the size classes beside the HiGHS model")
    parser.add_argument("--per-class", type=int, default=12, help="positions per size class")
    args = parser.parse_args()
    if args.classes:
        class_bench(args.per_class, args.seed)
        return
    if args.only_jokers:
        joker_bench(args.jokers, args.seed)
        return
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
    if args.jokers:
        joker_bench(args.jokers, args.seed)


JOKER = Card(0, "JK")


def with_jokers(variant):
    """``variant`` with 2 jokers per deck (the positions hold 4 of them)."""
    data = variant.model_dump()
    data["jokers"] = 2
    return type(variant).model_validate(data)


def joker_positions(plain, rng: random.Random, size: int, count: int, jokers: int = 4, sizes=(15, 20)):
    """Tables of ``plain`` cards where some cards became jokers (each meld
    keeping a natural card); the other jokers of the ``jokers`` go to the hand."""
    out = []
    for _ in range(count):
        table, pool = random_table(plain, rng, size)
        melds = [list(m) for m in table]
        on_table = rng.randint(0, jokers) if melds else 0
        for _ in range(on_table * 20):
            if not on_table:
                break
            meld = rng.choice(melds)
            if len(meld) - meld.count(JOKER) > 1:
                meld[rng.choice([i for i, c in enumerate(meld) if c != JOKER])] = JOKER
                on_table -= 1
        placed = sum(m.count(JOKER) for m in melds)
        rest = sorted(pool.elements())
        hand = rng.sample(rest, min(len(rest), rng.randint(*sizes))) + [JOKER] * (jokers - placed)
        out.append(([tuple(m) for m in melds], hand))
    return out


def _rummikub(decks: int):
    """rummikub-solver's rule set for our cards, or None when it is not installed."""
    try:
        from rummikub_solver import RuleSet, SolverMode
    except ImportError:
        return None
    rules = RuleSet(numbers=13, repeats=decks, colours=4, jokers=4, min_len=3)
    return rules, SolverMode.TILE_COUNT


def _tiles(rules, variant, cards):
    suit = {s.code: i for i, s in enumerate(variant.deck.suits)}
    joker = rules.tiles[-1]
    return [joker if c == JOKER else rules.tiles[suit[c.suit] * 13 + c.rank - 1] for c in cards]


def _count(variant, table, hand) -> int | None:
    """Hand cards placed, or None when the solver gives up (its budget of visits)."""
    try:
        return solve(variant, table, hand).count
    except SolverError:
        return None


def _timed(call):
    wall, cpu = time.perf_counter(), time.process_time()
    result = call()
    return result, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def joker_bench(count: int, seed: int) -> None:
    print(f"\njoker positions (4 jokers, aces low), {count} positions per size; times in ms (CPU / wall)")
    plain2, plain3 = load_variant("bga", ["aces=low"]), load_variant("bga", ["aces=low", "decks=3"])
    cases = [(plain2, 20), (plain2, 40), (plain2, 60), (plain2, 80), (plain3, 120)]
    rummikub = {d: _rummikub(d) for d in (2, 3)}
    if rummikub[2] is None:
        print("rummikub-solver is not installed (pip install rummikub-solver): our times only")
    print(f"{'decks':>5} {'table':>6} {'median':>15} {'worst':>17} {'ILP median':>15} {'ILP worst':>17}"
          f" {'ratio':>6} {'same count':>10} {'gave up':>7}")
    for plain, size in cases:
        variant = with_jokers(plain)
        rng = random.Random(seed * 1000 + size + 7)
        ours, theirs, same, gave_up = [], [], 0, 0
        found = rummikub[plain.decks]
        for table, hand in joker_positions(plain, rng, size, count):
            placed, wall, cpu = _timed(lambda: _count(variant, table, hand))
            gave_up += placed is None
            ours.append((cpu, wall))
            if found is not None:
                rules, mode = found
                state = rules.new_game()
                state.add_table(*_tiles(rules, variant, [c for m in table for c in m]))
                state.add_rack(*_tiles(rules, variant, hand))
                state.initial = False
                if not theirs:
                    rules.solve(state, mode)  # warm-up: the rule set builds its candidate melds once
                answer, twall, tcpu = _timed(lambda: rules.solve(state, mode))
                theirs.append((tcpu, twall))
                same += (len(answer.tiles) if answer else 0) == placed

        def figures(times):
            cpu, wall = [t[0] for t in times], [t[1] for t in times]
            return (f"{statistics.median(cpu):>7.1f}/{statistics.median(wall):<7.1f}",
                    f"{max(cpu):>8.1f}/{max(wall):<8.1f}")

        med, worst = figures(ours)
        line = f"{plain.decks:>5} {size:>6} {med:>15} {worst:>17}"
        if theirs:
            tmed, tworst = figures(theirs)
            ratio = statistics.median(t[0] for t in theirs) / max(1e-9, statistics.median(t[0] for t in ours))
            line += f" {tmed:>15} {tworst:>17} {ratio:>5.1f}x {same:>5}/{len(ours)}"
        else:
            line += f" {'':>15} {'':>17} {'':>6} {'':>10}"
        line += f" {gave_up:>7}"
        print(line, flush=True)


def _classes():
    """(label, plain variant, table cards, jokers, hand sizes) of every size class."""
    two, three = load_variant("bga", ["aces=low"]), load_variant("bga", ["aces=low", "decks=3"])
    for jokers in (0, 1, 2, 4):
        for size in (20, 40, 80, 120):
            yield f"{jokers} jk, {size} cards", three if size > 80 else two, size, jokers, (15, 20)
    for jokers in (0, 4):
        yield f"{jokers} jk, 20 + big hand", two, 20, jokers, (16, 24)
    for decks in (4, 6, 8):
        yield f"0 jk, {decks} decks", load_variant("bga", ["aces=low", f"decks={decks}"]), 50 * decks, 0, (15, 20)


def class_bench(count: int, seed: int) -> None:
    from machiavelli.games.machiavelli.solver_milp import solve_model
    from machiavelli.games.machiavelli.solver_ranks import shape_of

    print(f"size classes beside the HiGHS model, {count} positions each; CPU ms per position")
    print(f"{'class':<22} {'median':>8} {'worst':>8} {'HiGHS med':>10} {'HiGHS worst':>11} {'ratio':>6}"
          f" {'same':>6} {'gave up':>7}")
    warm = False
    for label, plain, size, jokers, hand in _classes():
        variant = with_jokers(plain) if jokers else plain
        shape = shape_of(variant)
        rng = random.Random(seed * 1000 + size + 31 * jokers + hand[1])
        if jokers:
            cases = joker_positions(plain, rng, size, count, jokers, hand)
        else:
            cases = [(t, h) for t, h in _plain_positions(plain, rng, size, count, hand)]
        if not warm:
            table, hand_ = cases[0]
            _count(variant, table, hand_), solve_model(variant, shape, table, hand_)
            warm = True
        ours, theirs, same, gave_up = [], [], 0, 0
        for table, hand_ in cases:
            forget_shared()
            placed, _, cpu = _timed(lambda: _count(variant, table, hand_))
            answer, _, mcpu = _timed(lambda: solve_model(variant, shape, table, hand_))
            ours.append(cpu)
            theirs.append(mcpu)
            gave_up += placed is None
            same += placed == answer.count
        ratio = statistics.median(theirs) / max(1e-9, statistics.median(ours))
        print(f"{label:<22} {statistics.median(ours):>8.1f} {max(ours):>8.1f} {statistics.median(theirs):>10.1f}"
              f" {max(theirs):>11.1f} {ratio:>5.2f}x {same:>3}/{len(ours):<2} {gave_up:>7}", flush=True)


def _plain_positions(variant, rng: random.Random, size: int, count: int, hand=(15, 20)):
    for _ in range(count):
        table, pool = random_table(variant, rng, size)
        rest = sorted(pool.elements())
        yield table, rng.sample(rest, min(len(rest), rng.randint(*hand)))


if __name__ == "__main__":
    main()
