"""What a simulated game of Eights counts."""

from __future__ import annotations

from typing import Any

from .actions import Draw, Pass, Play

COUNTS = ("plays", "wild-plays", "draws", "passes")


class Tally:
    def __init__(self, game: Any) -> None:
        self.variant = game.variant
        self._counts = dict.fromkeys(COUNTS, 0)

    def __call__(self, entry: Any) -> None:
        action = entry.action
        if isinstance(action, Play):
            self._counts["plays"] += 1
            if self.variant.wild(action.card.rank):
                self._counts["wild-plays"] += 1
        elif isinstance(action, Draw):
            self._counts["draws"] += 1
        elif isinstance(action, Pass):
            self._counts["passes"] += 1

    def counts(self) -> dict[str, int]:
        return dict(self._counts)
