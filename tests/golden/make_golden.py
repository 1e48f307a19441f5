"""Regenerate the golden records: python tests/golden/make_golden.py [VARIANT ...]

Run only after a deliberate change to the engine, the random player or a
shipped variant, and review the diff: these files pin down how seeded games
end, so any other change to them is a regression.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

from machiavelli.core.bots import bot_seed, play_out  # noqa: E402
from machiavelli.games.machiavelli.bots import RandomBot  # noqa: E402
from machiavelli.games.machiavelli.game import Game  # noqa: E402
from machiavelli.core.records import GameRecord, Seat  # noqa: E402
from machiavelli.app.library import load_variant, shipped_names  # noqa: E402

SEED = 2026
PLAYERS = 3


def golden_game(name: str) -> Game:
    variant = load_variant(name)
    players = max(PLAYERS, variant.players.min)  # Shanghai and Finagle seat at least 3
    game = Game(variant, players, SEED)
    play_out(game, [RandomBot(bot_seed(SEED, s)) for s in range(players)])
    return game


def main(names: list[str]) -> None:
    """Regenerate the records of ``names`` (all Machiavelli variants when empty)."""
    path = HERE / "ends.json"
    ends = json.loads(path.read_text()) if names and path.exists() else {}
    for name in names or shipped_names("machiavelli"):
        game = golden_game(name)
        (HERE / f"{name}.json").write_text(GameRecord.of(game, [Seat("random")] * game.players).dumps())
        ends[name] = game.state()
    path.write_text(json.dumps(ends, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
