"""How a deal of Sì Sè Pái ends (a termination value)."""

from __future__ import annotations

from machiavelli.core.game import Termination


class Ending(Termination):
    #: A player's cards all form groups: they win and score their groups.
    WON = "won"
    #: The stock ran out before anyone won: a drawn deal.
    DRAWN = "drawn-deal"
