"""Sì Sè Pái: deals per second of each computer player, the keeper against
random players (win share with its 95% Wilson interval), and the win check:
microseconds per check of 21-card hands, cold (a fresh memo per hand) and
warm (the memo a game builds up), with the share of hands that split.

    python bench/si_se_pai.py [DEALS]     (default 100 deals per player)
"""

from __future__ import annotations

import random
import sys
import time

from machiavelli.app import library, stats
from machiavelli.core.simulate import game_seed, play_game
from machiavelli.games.si_se_pai.groups import Groups


def _hands(variant, n: int, seed: int) -> list[list]:
    """21-card hands: half random, half dealt from groups (so that many split)."""
    rng = random.Random(seed)
    g = Groups(variant)
    groups = list(g.kind)
    out = []
    while len(out) < n:
        if len(out) % 2:
            out.append(rng.sample(list(variant.physical_cards), 21))
            continue
        cards: list = []
        while len(cards) < 21:
            cards += [g.values[i] for i in rng.choice(groups)]
        cards = cards[:21]
        if all(cards.count(c) <= g.available[g.index[c]] for c in set(cards)):
            out.append(cards)
    return out


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    variant = library.load_variant("si-se-pai", [])
    for bot in ("random", "keeper"):
        start = time.perf_counter()
        for i in range(deals):
            play_game(variant, [bot] * 4, game_seed(7, i))
        print(f"{bot:8} {deals / (time.perf_counter() - start):8.1f} deals/s")
    wins = drawn = 0
    for i in range(deals):
        seat = i % 4
        seats = ["random"] * 4
        seats[seat] = "keeper"
        g = play_game(variant, seats, game_seed(11, i))
        drawn += g.reason == "drawn-deal"
        wins += g.winners == (seat,)
    share = stats.wilson(wins, deals)
    print(f"keeper against three random players: {wins}/{deals} deals won ({share.value:.1%}, 95% interval "
          f"{share.low:.1%} to {share.high:.1%}), {drawn} drawn")
    hands = _hands(variant, 2000, 3)
    g = Groups(variant)
    split, cold = 0, 0.0
    for cards in hands:
        g._best.clear()  # cold: nothing remembered from another hand
        hand = g.hand(cards)
        t0 = time.perf_counter()
        split += g.best(hand) is not None
        cold += time.perf_counter() - t0
    g._best.clear()
    t0 = time.perf_counter()
    for cards in hands:
        g.best(g.hand(cards))
    warm_first = time.perf_counter() - t0
    print(f"win check, 21 cards: {cold / len(hands) * 1e6:.0f} us cold, {warm_first / len(hands) * 1e6:.0f} us "
          f"with a shared memo; {split}/{len(hands)} hands split")


if __name__ == "__main__":
    main()
