"""The counts a simulation keeps of a game of Machiavelli, from its log."""

from __future__ import annotations

from .actions import Draw, Restore
from .ending import WENT_OUT
from .game import Entry, Game


class Tally:
    """Counts, from the log entries as they come: turns that rearranged the
    table, draws, restores and the cards they drew."""

    __slots__ = ("game", "touched", "rearranged", "draws", "restores", "drawn")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.touched = False
        self.rearranged = self.draws = self.restores = self.drawn = 0

    def __call__(self, entry: Entry) -> None:
        if not entry.ends_turn:
            # After each step the turn is still current: remember whether
            # table cards are now out of place (an undo may take that back).
            self.touched = bool(self.game.turn.touched)
            return
        kind = type(entry.action)
        self.drawn += entry.drew
        if kind is Restore:
            self.restores += 1
        else:
            if kind is Draw:
                self.draws += 1
            elif entry.outcome is not None and entry.outcome.reason == WENT_OUT:
                self.touched = bool(self.game.turn.touched)
            self.rearranged += self.touched
        self.touched = False

    def counts(self) -> dict[str, int]:
        return {"rearranged": self.rearranged, "draws": self.draws, "restores": self.restores, "drawn": self.drawn}
