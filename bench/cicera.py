"""Cicera: deals per second of each computer player, and the partner
player's team against greedy (win share with its 95% Wilson interval).

    python bench/cicera.py [DEALS]     (default 200 head-to-head deals)
"""

from __future__ import annotations

import sys
import time

from machiavelli.app import library, stats
from machiavelli.core.simulate import game_seed, play_game


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    variant = library.load_variant("cicera", [])
    for bot, n in (("random", 200), ("greedy", 200), ("partner", 4)):
        start = time.perf_counter()
        for i in range(n):
            play_game(variant, [bot] * 4, game_seed(7, i))
        print(f"{bot:8} {n / (time.perf_counter() - start):8.1f} deals/s")
    wins = drawn = 0
    start = time.perf_counter()
    for i in range(deals):
        # The partner team sits at 0 and 2 in even deals, at 1 and 3 in odd ones.
        seats = ["partner", "greedy"] * 2 if i % 2 == 0 else ["greedy", "partner"] * 2
        g = play_game(variant, seats, game_seed(11, i))
        if g.reason == "drawn-deal":
            drawn += 1
        elif seats[g.winners[0]] == "partner":
            wins += 1
    share = stats.wilson(wins, deals)
    print(f"partner team against greedy: {wins}/{deals} deals won ({share.value:.1%}, 95% interval "
          f"{share.low:.1%} to {share.high:.1%}), {drawn} drawn; {deals / (time.perf_counter() - start):.1f} deals/s")


if __name__ == "__main__":
    main()
