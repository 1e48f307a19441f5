"""Player models with a meaning: computer players described by a few
behavioural parameters that people differ in, at four named levels.

A :class:`Level` says

* how much of their own hand a player takes in on a turn (``notice``: the
  rest is overlooked until the next turn);
* how far they look at the table for a rearrangement (``reach``: how many
  of the table's melds they consider breaking up, the ones nearest their
  cards; 0 never rearranges, None the whole table) and how often they try
  (``attempt``);
* how often they give a rearrangement up half-way and restore the table,
  paying the variant's penalty (``slip``): what makes restore penalties matter;
* whether they keep a meld back in the hand instead of playing it (``hold``).

A turn of a :class:`LevelBot`: it picks the cards it notices, perhaps puts
one of their melds aside, then either asks the solver for the most cards
among the melds within its reach (the rest of the table left as it is) or,
without a rearrangement, plays the melds of its hand; last, it adds the
cards it still holds to any meld they fit, one by one. With the whole table
in reach and every card noticed it plays as ``solver`` does.

Randomness comes only from the bot's seed, re-seeded at each turn (as
:class:`~.bots.RandomBot` does), so a game loaded at a turn boundary goes on
exactly as it would have.

Named levels (registered as computer players under these names):
:data:`BEGINNER`, :data:`CASUAL`, :data:`CLUB`, :data:`EXPERT`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from machiavelli.core.cards import Card

from . import finder
from .actions import RESTORE, Action, Take
from .players import SolverBot
from .reach import play_within
from .view import View, _internals

__all__ = ["Level", "LevelBot", "BEGINNER", "CASUAL", "CLUB", "EXPERT", "LEVELS"]


@dataclass(frozen=True, slots=True)
class Level:
    """The behavioural parameters of a player model (see the module's docstring)."""

    name: str
    #: Chance that each hand card is taken into account on a turn.
    notice: float
    #: How many table melds (the nearest to the hand) a rearrangement may
    #: break up: 0 never rearranges, None the whole table.
    reach: int | None
    #: Chance of looking for a rearrangement on a turn (when ``reach`` allows one).
    attempt: float
    #: Chance of giving up a rearrangement after taking the melds, and restoring.
    slip: float
    #: Chance of keeping one meld of the hand back on a turn (never when
    #: the hand is nearly out).
    hold: float

    def __post_init__(self) -> None:
        for name in ("notice", "attempt", "slip", "hold"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, got {value}")
        if self.notice <= 0.0:
            raise ValueError("notice must be more than 0")
        if self.reach is not None and self.reach < 0:
            raise ValueError(f"reach must be 0 or more, or None, got {self.reach}")
        if self.reach == 0 and (self.attempt or self.slip):
            raise ValueError("a player who never rearranges neither attempts nor gives up rearrangements")

    def parameters(self) -> dict[str, object]:
        """The parameters by name (the name left out)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "name"}


BEGINNER = Level("beginner", notice=0.8, reach=0, attempt=0.0, slip=0.0, hold=0.0)
"""Knows what a meld is, not yet that the table is theirs to rearrange: plays
the melds of the hand and adds cards to the melds on the table, and
overlooks a card in five (a four among the sevens, the meld a card would
finish). Does not hold back: a beginner plays what they see."""

CASUAL = Level("casual", notice=0.9, reach=1, attempt=0.5, slip=0.3, hold=0.2)
"""Plays at home now and then: rearranges on half of the turns, and then only
the one meld nearest the hand; gives up three rearrangements in ten half-way
and puts the table back; keeps a meld in hand one turn in five "for later",
a habit from rummies where melding is not a race; overlooks a card in ten."""

CLUB = Level("club", notice=1.0, reach=3, attempt=1.0, slip=0.1, hold=0.05)
"""Plays every week: sees the whole hand and looks for a rearrangement every
turn, among the three melds nearest the hand; a rearrangement in ten is
lost track of and restored; rarely keeps a meld back."""

EXPERT = Level("expert", notice=1.0, reach=None, attempt=1.0, slip=0.0, hold=0.0)
"""The ceiling: the whole table, every card, every turn, never lost track of:
the most cards each turn, as the solver finds them (the ``solver`` player)."""

#: The named levels, weakest first.
LEVELS: dict[str, Level] = {level.name: level for level in (BEGINNER, CASUAL, CLUB, EXPERT)}


class LevelBot(SolverBot):
    """A computer player that plays as its :class:`Level` says."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        super().__init__(seed)
        self.level = level
        self.rng = random.Random(seed)

    def plan(self, view: View) -> list[Action]:
        level, rng = self.level, self.rng
        rng.seed(self.seed * 1_000_003 + view.turn)
        # The hand by value indices (in the hand's order): the cards below
        # are the engine's own objects, which the meld finder handles fastest.
        fast = _internals(view)
        hand = fast.hand_values
        notice = level.notice
        values = fast.rules.values
        seen = [values[v] for v in (hand if notice >= 1.0 else [v for v in hand if rng.random() < notice])]
        held = False
        if level.hold and rng.random() < level.hold:
            melds = finder.partition(seen, view.variant)
            if melds:
                meld = melds[rng.randrange(len(melds))]
                if len(hand) - len(meld) >= 4:
                    held = True
                    for card in meld:
                        seen.remove(card)
        reach = level.reach
        rearrange = reach != 0 and (level.attempt >= 1.0 or rng.random() < level.attempt) and bool(view.melds)
        if rearrange and reach is None and not held and len(seen) == len(hand):
            actions = super().plan(view)  # the solver player's own turn, with its shortcuts
        else:
            self._quiet = None
            actions = self._play(view, seen, reach if rearrange else 0)
        if level.slip and actions and isinstance(actions[0], Take) and rng.random() < level.slip:
            return [actions[0], RESTORE]
        return actions

    def _play(self, view: View, seen: list[Card], reach: int | None) -> list[Action]:
        return play_within(view, seen, reach, self.rng)


def make(name: str, seed: int) -> LevelBot:
    """The computer player of the named level."""
    return LevelBot(LEVELS[name], seed)
