"""How a game of Machiavelli ends (a termination value)."""

from __future__ import annotations

from machiavelli.core.termination import Termination


class Ending(Termination):
    """How a game of Machiavelli ends."""

    #: A player put down the last card of the hand.
    WENT_OUT = "went-out"
    #: The deck ran out (see the variant's ``deck_runs_out``).
    DECK_EXHAUSTED = "deck-exhausted"
    #: Every player passed in a row without playing or drawing a card
    #: (possible only when a variant draws nothing, e.g. ``draw_count: 0``):
    #: nothing can change any more, so the game ends and is scored as if the
    #: deck ran out.
    BLOCKED = "blocked"
    #: The current player knocked (``knock_limit``): the hand lowest in
    #: points wins.
    KNOCKED = "knocked"


WENT_OUT, DECK_EXHAUSTED, BLOCKED, KNOCKED = Ending.WENT_OUT, Ending.DECK_EXHAUSTED, Ending.BLOCKED, Ending.KNOCKED
