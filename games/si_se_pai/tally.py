"""What a simulated deal counts: claims by kind and level, cards set aside,
the winner's score (one count per possible total, for the distribution)."""

from __future__ import annotations

from typing import Any


class Tally:
    def __init__(self, game: Any) -> None:
        self._counts: dict[str, int] = {"claims": 0, "set-aside": 0}

    def _event(self, event: Any) -> None:
        if event.kind == "claim":
            self._counts["claims"] += 1
            key = f"claim-{event.group}"
            self._counts[key] = self._counts.get(key, 0) + 1
        elif event.kind == "set-aside":
            self._counts["set-aside"] += 1
        elif event.kind == "win":
            key = f"score-{event.points}"
            self._counts[key] = self._counts.get(key, 0) + 1

    def __call__(self, entry: Any) -> None:
        for event in (*entry.before, *entry.events):
            self._event(event)

    def counts(self) -> dict[str, int]:
        return dict(self._counts)
