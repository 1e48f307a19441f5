"""How a game of Eights ends."""

from __future__ import annotations

from machiavelli.core.game import Termination


class Ending(Termination):
    #: A player played their last card: they win alone.
    WENT_OUT = "went-out"
    #: The stock is empty and every player passed in turn: nobody wins.
    BLOCKED = "blocked"
