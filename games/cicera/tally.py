"""What a simulated deal counts: captures, each capture bonus, plays that
left a card, and where the last cards went."""

from __future__ import annotations

from typing import Any

from .rules import AWARDS, BONUSES


class Tally:
    def __init__(self, game: Any) -> None:
        self._counts = {"captures": 0, "left": 0, **{b: 0 for b in BONUSES}, "leftover-claimed": 0,
                        **{f"award-{a}": 0 for a in AWARDS}}

    def __call__(self, entry: Any) -> None:
        self._counts["captures" if entry.taken else "left"] += 1
        for bonus in entry.bonuses:
            self._counts[bonus.name] += 1
        if entry.leftover:
            self._counts["leftover-claimed"] += 1
        for award in entry.awards:
            self._counts[f"award-{award.kind}"] += 1

    def counts(self) -> dict[str, int]:
        return dict(self._counts)
