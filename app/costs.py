"""What a game asks of its computer players, bounded before it starts.

A computer's move costs more the more cards are in play, the more seats
there are and the stronger it plays (the strong ones search the table for
the best rearrangement). The cost of a game is cards x seats x the level of
its strongest computer; a game above the limit is refused in one line that
names it (``play`` and the web table), so that a one-line variant of eight
decks and fifteen experts cannot make every move take seconds.

The limit is :data:`MAX_COST`, or ``MACHIAVELLI_MAX_COST`` (``serve --max-cost``).
"""

from __future__ import annotations

import os
from typing import Any, Sequence

from machiavelli.core.errors import MachiavelliError
from machiavelli.core.i18n import N_, _

#: The default limit: every shipped variant at its most seats of the strongest players fits
#: (two decks, eight seats of experts: 104 x 8 x 4 = 3,328).
MAX_COST = 5000
ENV = "MACHIAVELLI_MAX_COST"

#: How hard each computer player thinks, from 1 (a glance) to 4 (a full search);
#: a player not named here (a plugin's) counts as the strongest.
LEVELS = {"human": 0, "friend": 0, "random": 1, "beginner": 1, "greedy": 1, "casual": 2, "keeper": 2,
          "partner": 2, "club": 3}
STRONGEST = 4


# TRANSLATORS: Play and the web table, a game refused before it starts; {cards}, {seats},
# {cost} and {limit} are numbers; MACHIAVELLI_MAX_COST is a setting, not translated.
REFUSAL = N_("This game would ask too much of the computer players: {cards} cards and {seats} seats at "
             "their level cost {cost}, above the limit of {limit} (setting MACHIAVELLI_MAX_COST). "
             "Choose fewer decks, fewer seats or weaker computer players.")


class TooCostly(MachiavelliError):
    """A game asks more of the computers than this server allows (code ``too-costly``)."""


def cards_of(variant: Any) -> int:
    """Cards in play: one deck's cards times the decks."""
    deck = getattr(variant, "deck", None)
    size = getattr(deck, "size", 52) if deck is not None else 52
    return int(size) * int(getattr(variant, "decks", 1) or 1)


def cost(variant: Any, players: Sequence[str]) -> int:
    """cards x seats x the strongest computer's level (0 without computers)."""
    level = max((LEVELS.get(p, STRONGEST) for p in players), default=0)
    return cards_of(variant) * len(players) * level


def limit(given: int | None = None) -> int:
    """The limit in force: ``given``, else the environment's, else :data:`MAX_COST`."""
    if given is not None:
        return given
    try:
        return max(1, int(os.environ.get(ENV, "") or MAX_COST))
    except ValueError:
        return MAX_COST


def check(variant: Any, players: Sequence[str], most: int | None = None) -> None:
    """Raise :class:`TooCostly` when the game asks more than the limit."""
    asked, allowed = cost(variant, players), limit(most)
    if asked > allowed:
        raise TooCostly("too-costly", cost=asked, limit=allowed, cards=cards_of(variant), seats=len(players))


def refusal(error: TooCostly) -> str:
    """The refusal in words, in the language in force."""
    return _(REFUSAL, **error.params)
