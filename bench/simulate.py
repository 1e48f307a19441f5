"""Simulation benchmark: games per second per core, 4 players, bga and help-cards.

    python bench/simulate.py [--seconds S] [--bots greedy solver beginner expert random] [--jobs J]
                             [--variants bga help-cards jokers]

For each bot (every seat the same bot; by default greedy, solver and the
four levels beginner, casual, club, expert) it plays games through the harness
of ``machiavelli simulate`` (machiavelli.core.simulate.run_batch: the game, the bots and
the per-game summary) in this process for about S seconds, and prints games
per second on one core, by the clock and by the CPU time this process used
(time.process_time), against the goals of issues 7 and 17 (greedy and the
cheapest level, beginner, >= 200; solver and the strongest level, expert,
>= 10; expert on ``jokers`` >= 5, issue 27). The verdict goes by the CPU time: on a machine shared with other
programs the clock counts the time they take too, and on an idle one the
two agree. Then it runs the same games on J local processes (default: all
cores) through machiavelli.app.simulate.run, as the command does, and prints
games per second per core there too, by the clock (wall time x J) and by
the CPU time the workers used: the first is what a user waits, the second
what the pool costs when other programs share the cores (the load average
is printed first for that reason).

A bot that is not registered is reported as missing, not skipped silently.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path


from machiavelli.core.registry import bots  # noqa: E402
from machiavelli.core.simulate import Plan, run_batch  # noqa: E402
from machiavelli.app.library import load_variant  # noqa: E402
from machiavelli.app.simulate import default_jobs, run  # noqa: E402

PLAYERS = 4
VARIANTS = ("bga", "help-cards")
GOALS = {"greedy": 200.0, "solver": 10.0, "beginner": 200.0, "expert": 10.0}
#: Goals of one bot on one variant, where they differ from the bot's own (issue 27).
VARIANT_GOALS = {("jokers", "expert"): 5.0}


def one_core(plan: Plan, seconds: float) -> tuple[int, float, float, float]:
    """(games, seconds, CPU seconds, mean turns) of games played back to back
    for about ``seconds``."""
    games, turns, start, step = 0, 0, time.perf_counter(), 5
    run_batch(plan, 10_000_000, 10_000_001)  # warm the meld memo, as a long run does
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for g in run_batch(plan, games, games + step):
            turns += g.turns
        games += step
    return games, time.perf_counter() - start, time.process_time() - cpu, turns / max(1, games)


def pool(plan: Plan, games: int, jobs: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the worker processes) for ``games`` games.
    With one job the games run in this process, so its own CPU time counts too."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start, own = time.perf_counter(), time.process_time()
    run([plan], games, jobs=jobs)
    wall, own = time.perf_counter() - start, time.process_time() - own
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, own + (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per variant and bot on one core")
    parser.add_argument("--bots", nargs="+", default=["greedy", "solver", "beginner", "casual", "club", "expert"])
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS))
    args = parser.parse_args()

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{PLAYERS} players; one core for ~{args.seconds:g} s each, then {args.jobs} processes "
          f"({os.cpu_count()} cores, load average {load} before the run)")
    print(f"{'variant':>10} {'bot':>8} {'games/s/core':>13} {'games/CPU-s':>12} {'turns/game':>11} {'goal':>6} "
          f"{'pool: games/s/core':>19} {'games/CPU-s':>12}")
    for bot in args.bots:
        if bot not in bots():
            print(f"{'':>10} {bot:>8}  missing: no bot named {bot!r} is registered "
                  f"(registered: {', '.join(sorted(bots()))})")
            continue
        for name in args.variants:
            plan = Plan(load_variant(name), (bot,) * PLAYERS, master_seed=2024)
            games, seconds, cpu_seconds, turns = one_core(plan, args.seconds)
            rate, cpu_rate = games / seconds, games / cpu_seconds
            goal = VARIANT_GOALS.get((name, bot), GOALS.get(bot))
            verdict = "" if goal is None else ("met" if cpu_rate >= goal else "MISSED")
            pooled_games = max(args.jobs * 10, int(rate * args.seconds))
            wall, cpu = pool(plan, pooled_games, args.jobs)
            print(f"{name:>10} {bot:>8} {rate:13.1f} {cpu_rate:12.1f} {turns:11.1f} {verdict:>6} "
                  f"{pooled_games / wall / args.jobs:19.1f} {pooled_games / cpu if cpu else 0:12.1f}")


if __name__ == "__main__":
    main()
