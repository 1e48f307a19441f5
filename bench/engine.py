"""Turn-engine benchmark: games per second in one process (one core).

    python bench/engine.py [--games N]

For 4 players on bga and on help-cards it prints:
* random: whole games between ``random`` players (the engine plus an aimless
  bot that also rearranges the table and takes it back);
* replay: the same games re-executed from their actions (the engine alone:
  what any bot costs on top of it is the bot's own time);
* reference: a minimal player of new melds and additions (no rearranging),
  written here against the public View, as a stand-in for the greedy
  player of issue 4, whose goal is 200 games per second per core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


from machiavelli.games.machiavelli.actions import DRAW, END, Add, Play  # noqa: E402
from machiavelli.games.machiavelli.bots import RandomBot, bot_seed, play_out  # noqa: E402
from machiavelli.games.machiavelli.game import Game  # noqa: E402
from machiavelli.app.library import load_variant  # noqa: E402

PLAYERS = 4


class Reference:
    """Plays a new meld or an addition whenever one fits, else draws."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view):
        rules = view.rules
        values = rules.values
        hand = view.hand_values
        held = set(hand)
        help = {rules.index[c] for c in view.help_cards}
        for number, key in enumerate(view.table_keys, 1):
            fit = rules.fits(key) & held
            if fit:
                return Add(number, (values[min(fit)],))
        size = rules.size
        by_rank: dict[int, set[int]] = {}
        for v in held | help:
            by_rank.setdefault(v % (size // len(rules.deck.suits)), set()).add(v)
        for group in by_rank.values():
            if len(group) >= 3 and group & held:
                cards = tuple(values[v] for v in sorted(group)[:4])
                if rules.check_cards(cards).valid:
                    return Play(cards)
        ranks = len(rules.deck.ranks)
        for v in sorted(held):
            run = [v]
            while (run[-1] + 1) % ranks and run[-1] + 1 in held | help:
                run.append(run[-1] + 1)
            if len(run) >= 3:
                return Play(tuple(values[w] for w in run))
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
