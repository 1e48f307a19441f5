"""The counts a simulation keeps of a game of Machiavelli, from its log."""

from __future__ import annotations

from .actions import Draw, Restore
from .ending import WENT_OUT
from .game import Entry, Game


class Tally:
    """Counts, from the log entries as they come: turns that rearranged the
    table, draws, restores (with the turns that undid a rearrangement back
    and drew the same penalty) and the cards they drew; help cards melded
    (``help_used``, counted when the turn ends with them on the table) and
    whether the deck was ever emptied (``deck_emptied``, 0 or 1: the rules
    for the deck's end came into play)."""

    __slots__ = ("game", "touched", "helped", "rearranged", "draws", "restores", "drawn", "help_used",
                 "deck_emptied", "points")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.touched = False
        self.helped = 0
        self.rearranged = self.draws = self.restores = self.drawn = self.help_used = 0
        self.deck_emptied = 0
        #: Each seat's points for the deal, once it is over (see Game.scores).
        self.points: tuple[int, ...] = ()

    def __call__(self, entry: Entry) -> None:
        if not entry.ends_turn and type(entry.action) is Draw:
            # A draw that leaves the turn going on (drawing: draw-first, until-able).
            self.draws += 1
            self.drawn += entry.drew
            return
        if not entry.ends_turn:
            # After each step the turn is still current: remember whether
            # table cards are now out of place (an undo may take that back).
            turn = self.game.turn
            self.touched = bool(turn.touched)
            self.helped = turn.help_used()
            return
        kind = type(entry.action)
        self.drawn += entry.drew
        if kind is Restore or entry.penalty:
            # Undoing back and drawing gives the rearrangement up as restoring does.
            self.restores += 1
        else:
            if kind is Draw:
                self.draws += 1
            elif entry.outcome is not None and entry.outcome.reason == WENT_OUT:
                self.touched = bool(self.game.turn.touched)
                self.helped = self.game.turn.help_used()
            self.rearranged += self.touched
            if kind is not Draw:
                self.help_used += self.helped
        if not self.game.deck_count:
            self.deck_emptied = 1
        if entry.outcome is not None:
            self.points = self.game.scores() or ()
        self.touched = False
        self.helped = 0

    def counts(self) -> dict[str, int]:
        out = {"rearranged": self.rearranged, "draws": self.draws, "restores": self.restores, "drawn": self.drawn,
                "help_used": self.help_used, "deck_emptied": self.deck_emptied}
        if self.game.variant.scoring != "winner-only":
            # Penalty points by seat (winner-only points are the wins themselves).
            out.update({f"points.{seat}": p for seat, p in enumerate(self.points)})
        return out
