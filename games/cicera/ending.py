"""How a deal of Cicera ends (a termination value)."""

from __future__ import annotations

from machiavelli.core.game import Termination


class Ending(Termination):
    """How a deal of Cicera ends: every hand is empty, then the totals decide."""

    #: One team's total (bonuses and awards) is the highest.
    HIGHER_TOTAL = "higher-total"
    #: The highest total is shared: a drawn deal (every seat is a joint winner).
    DRAWN = "drawn-deal"
