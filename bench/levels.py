"""The player levels head to head: who wins, and how each level plays.

    python bench/levels.py [--games N] [--variant bga] [--seed S] [--levels beginner casual club expert] [--jobs J]

Every game seats the levels given (one seat each, four by default) at one
table, their order rotating through every permutation from game to game so
that no level keeps the first seat; the games' seeds come from ``--seed``,
so a run is reproducible. For each level it prints its share of the games
won (a shared win counts for each winner) with a 95% Wilson interval, then
from its own turns: turns per game, the share of games it ended by going
out, restores per game and the share of its turns that rearranged the table
(ended with table cards taken or moved, not restored).
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from machiavelli.app.library import load_variant
from machiavelli.app.stats import wilson
from machiavelli.core.bots import bot_seed, play_out
from machiavelli.core.registry import make_bot
from machiavelli.core.simulate import game_seed
from machiavelli.games.machiavelli.actions import Restore
from machiavelli.games.machiavelli.ending import WENT_OUT
from machiavelli.games.machiavelli.game import Game

LEVELS = ("beginner", "casual", "club", "expert")


def seats_of(levels: tuple[str, ...], index: int) -> tuple[str, ...]:
    """The seating of game ``index``: the permutations of the levels in turn."""
    orders = list(itertools.permutations(levels))
    return orders[index % len(orders)]


def play(variant_name: str, levels: tuple[str, ...], seed: int, index: int) -> dict[str, Counter]:
    """One game: per level, its counts (wins, games, turns, out, restores, rearranged)."""
    variant = load_variant(variant_name)
    seats = seats_of(levels, index)
    gseed = game_seed(seed, index)
    game = Game(variant, len(seats), gseed)
    bots = [make_bot(name, bot_seed(gseed, s)) for s, name in enumerate(seats)]
    counts = {name: Counter() for name in seats}
    touched = [False]

    def on_entry(entry) -> None:
        if not entry.ends_turn:
            touched[0] = bool(game.turn.touched)
            return
        c = counts[seats[entry.seat]]
        c["turns"] += 1
        if isinstance(entry.action, Restore):
            c["restores"] += 1
        else:
            if entry.outcome is not None and entry.outcome.reason == WENT_OUT:
                touched[0] = bool(game.turn.touched)
                c["out"] += 1
            c["rearranged"] += touched[0]
        touched[0] = False

    outcome = play_out(game, bots, on_entry=on_entry)
    for s, name in enumerate(seats):
        counts[name]["games"] += 1
        counts[name]["wins"] += s in outcome.winners
    return counts


def _chunk(args: tuple[str, tuple[str, ...], int, int, int]) -> dict[str, Counter]:
    variant_name, levels, seed, start, stop = args
    total: dict[str, Counter] = {name: Counter() for name in levels}
    for index in range(start, stop):
        for name, c in play(variant_name, levels, seed, index).items():
            total[name].update(c)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--variant", default="bga")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    levels = tuple(args.levels)

    start = time.perf_counter()
    step = max(1, args.games // (args.jobs * 4))
    chunks = [(args.variant, levels, args.seed, a, min(a + step, args.games)) for a in range(0, args.games, step)]
    total: dict[str, Counter] = {name: Counter() for name in levels}
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_chunk, chunks))
    else:
        results = [_chunk(c) for c in chunks]
    for result in results:
        for name, c in result.items():
            total[name].update(c)
    seconds = time.perf_counter() - start

    print(f"{args.games} games of {args.variant}, {len(levels)} players a table ({', '.join(levels)}), "
          f"seats rotating, seed {args.seed}; {seconds:.0f} s on {args.jobs} process(es)")
    print(f"{'level':>9} {'wins':>6} {'win share':>10} {'95% interval':>15} {'turns/game':>11} "
          f"{'went out':>9} {'restores/game':>14} {'rearranging':>12}")
    for name in levels:
        c = total[name]
        games = c["games"]
        share = wilson(c["wins"], games)
        turns = c["turns"]
        print(f"{name:>9} {c['wins']:>6} {share.value:10.1%} {f'{share.low:.1%}-{share.high:.1%}':>15} "
              f"{turns / games:11.1f} {c['out'] / games:9.1%} {c['restores'] / games:14.2f} "
              f"{c['rearranged'] / turns if turns else 0:12.1%}")


if __name__ == "__main__":
    sys.exit(main())
