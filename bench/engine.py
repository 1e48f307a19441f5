"""Turn-engine benchmark: games per second in one process (one core).

    python bench/engine.py [--games N]

For 4 players on bga and on help-cards it prints:
* random: whole games between ``random`` players (the engine plus an aimless
  bot that also rearranges the table and takes it back);
* replay: the same games re-executed from their actions (the engine alone:
  what any bot costs on top of it is the bot's own time);
* reference: a minimal player of additions and new melds (no rearranging),
  written here against the public View and the meld finder, beside the
  greedy player of issue 4, whose goal is 200 games per second per core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


from machiavelli.games.machiavelli import finder  # noqa: E402
from machiavelli.games.machiavelli.actions import DRAW, END, Add, Play  # noqa: E402
from machiavelli.games.machiavelli.bots import RandomBot, bot_seed, play_out  # noqa: E402
from machiavelli.games.machiavelli.game import Game  # noqa: E402
from machiavelli.app.library import load_variant  # noqa: E402

PLAYERS = 4


class Reference:
    """Adds a hand card to a meld whenever one fits, else plays the largest
    new meld the finder sees in the hand, else ends or draws."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view):
        variant = view.variant
        hand = tuple(dict.fromkeys(view.hand))
        for number, meld in enumerate(view.melds, 1):
            fit = finder.fitting(meld, hand, variant)
            if fit:
                return Add(number, fit[:1])
        meld = finder.largest(hand, variant)
        if meld is not None:
            return Play(meld)
        return END if view.played_from_hand else DRAW


def bench(name: str, games: int) -> None:
    variant = load_variant(name)
    logs = []
    start = time.perf_counter()
    actions = 0
    for seed in range(games):
        game = Game(variant, PLAYERS, seed)
        play_out(game, [RandomBot(bot_seed(seed, s)) for s in range(PLAYERS)])
        logs.append([(e.seat, e.action) for e in game.log])
        actions += game.entries
    random_time = time.perf_counter() - start

    start = time.perf_counter()
    for seed, log in enumerate(logs):
        game = Game(variant, PLAYERS, seed)
        apply = game.apply
        for seat, action in log:
            apply(action, seat)
    replay_time = time.perf_counter() - start

    start = time.perf_counter()
    turns = 0
    for seed in range(games):
        game = Game(variant, PLAYERS, seed)
        play_out(game, [Reference(s) for s in range(PLAYERS)])
        turns += game.turn_number
    reference_time = time.perf_counter() - start

    print(f"{name:>10}  random: {games / random_time:7.0f} games/s ({actions / games:5.0f} actions a game)"
          f"   replay: {games / replay_time:7.0f} games/s ({actions / replay_time / 1000:5.0f}k actions/s)"
          f"   reference: {games / reference_time:6.0f} games/s ({turns / games:4.0f} turns a game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    print(f"{PLAYERS} players, {args.games} games per variant, one process")
    for name in ("bga", "help-cards"):
        bench(name, args.games)


if __name__ == "__main__":
    main()
