"""The clocks' cost: the bookkeeping each change of a game with a clock adds
before it is kept (the time charged, the deadlines set, whether the seats
answer unseen), and how late a time-out is played after its deadline.

    python bench/web_clocks.py [CHANGES]     (default 300 changes per game)

Anchor: under 2 ms a change (a move is committed in about 5 ms with a full
sync); a time-out played within 50 ms of its deadline (pause 0).
"""

from __future__ import annotations

import statistics
import sys
import time

from machiavelli.app import library
from machiavelli.app.web.clocks import Setting, advanced, hidden_move, started
from machiavelli.core import registry
from machiavelli.core.fallback import fallback_action


def bookkeeping(variant_name: str, players: int, changes: int) -> list[float]:
    variant = library.load_variant(variant_name, [])
    game = registry.game(variant.game).new_game(variant, players, 7)
    persons = set(range(players))
    names: list[str | None] = [None] * players
    clock = started(Setting("game", 600, 5, "club"), game, persons, hidden_move(game, names), time.time())
    spent = []
    for _ in range(changes):
        if game.outcome is not None:
            break
        seat = game.to_move()[0]
        game.apply(fallback_action(game, seat), seat)
        begun = time.perf_counter()
        clock = advanced(clock, game, persons, hidden_move(game, names), time.time())
        spent.append(time.perf_counter() - begun)
    return spent


def late_by() -> list[float]:
    """How long after its deadline each time-out's first move is kept, through the API."""
    import os
    import tempfile

    os.environ.setdefault("MACHIAVELLI_DATA_DIR", tempfile.mkdtemp())
    from starlette.testclient import TestClient

    from machiavelli.app.web.clocks import ClockRules
    from machiavelli.app.web.server import create_app
    from machiavelli.app.web.tables import Tables

    app = create_app(Tables(save=False), lang="en", pause=0, clocks=ClockRules(minimum=1))
    out = []
    with TestClient(app) as client:
        for seed in range(5):
            game = client.post("/api/games", json={"variant": "bga", "seats": ["human", "random"], "seed": seed,
                                                   "clock": {"kind": "move", "seconds": 1}}).json()
            table = app.state.server.tables.get(game["id"])
            while table.game.to_move() != (0,):
                time.sleep(0.01)
            deadline, plies = table.clock.deadlines[0], len(table.game.log)
            while len(table.game.log) == plies:
                time.sleep(0.002)
            out.append(time.time() - deadline)
    return out


def main() -> None:
    changes = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for name, players in (("bga", 4), ("si-se-pai", 4), ("cicera", 4)):
        spent = bookkeeping(name, players, changes)
        print(f"{name:10} {len(spent):4} changes: median {statistics.median(spent) * 1000:.2f} ms, "
              f"95th percentile {sorted(spent)[int(len(spent) * .95)] * 1000:.2f} ms, first {spent[0] * 1000:.1f} ms "
              "a change (anchor: under 2 ms)")
    late = late_by()
    print(f"time-out played {statistics.median(late) * 1000:.0f} ms after its deadline (median of {len(late)}; "
          f"max {max(late) * 1000:.0f} ms; anchor: within 50 ms)")


if __name__ == "__main__":
    main()
