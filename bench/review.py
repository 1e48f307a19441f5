"""``machiavelli review``: time per reviewed turn, beside the anchor the
issue sets (a 40-turn game of bga in a few seconds: 75 ms a turn keeps
such a game under 3 s), for games of bga between greedy, random and
solver players, and for a deal of Cicera and of Sì Sè Pái.

    python bench/review.py [GAMES]     (default 5 games of bga)
"""

from __future__ import annotations

import sys
import time

from machiavelli.app import library
from machiavelli.core import registry
from machiavelli.core.bots import bot_seed, play_out
from machiavelli.core.records import GameRecord, Seat
from machiavelli.core.simulate import game_seed

#: Milliseconds per turn that keep a 40-turn game of bga within 3 seconds.
ANCHOR_MS = 75.0


def record_of(variant_name: str, seats: tuple[str, ...], seed: int) -> GameRecord:
    variant = library.load_variant(variant_name, [])
    definition = registry.game(variant.game)
    game = definition.new_game(variant, len(seats), seed)
    play_out(game, [registry.make_bot(n, bot_seed(seed, s), variant.game) for s, n in enumerate(seats)])
    return GameRecord.of(game, [Seat(n) for n in seats])


def measure(variant_name: str, seats: tuple[str, ...], games: int) -> None:
    records = [record_of(variant_name, seats, game_seed(29, i)) for i in range(games)]
    definition = registry.game(records[0].variant.game)
    hook = definition.presentation().review  # type: ignore[misc]
    turns, worst, start = 0, 0.0, time.perf_counter()
    gave_up = 0
    for record in records:
        one = time.perf_counter()
        found = hook(record, list(range(len(seats))), 2.0)
        worst = max(worst, time.perf_counter() - one)
        turns += len(found.turns)
        gave_up += sum(s.gave_up for s in found.seats)
    spent = time.perf_counter() - start
    print(f"{variant_name:10} {games} games, {turns} turns: {1000 * spent / turns:6.1f} ms a turn "
          f"(anchor {ANCHOR_MS:.0f} ms), slowest game {worst:.2f} s, {gave_up} positions given up")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    measure("bga", ("greedy", "random", "solver"), games)
    measure("cicera", ("greedy", "random", "partner", "random"), 2)
    measure("si-se-pai", ("keeper", "random", "keeper", "random"), 2)


if __name__ == "__main__":
    main()
