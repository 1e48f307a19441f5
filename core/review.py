"""A finished (or unfinished) game reviewed turn by turn: what each seat
did, the most it could have done from what it could see then, and the
difference. A game computes the findings through its presentation's
``review`` hook; this module holds the shapes every game shares, their
JSON (a contract: see the README) and the totals per seat.

A finding measures a turn in the game's own unit (``cards``: cards put
down or captured; ``points``: points scored): ``did`` is what the seat
achieved, ``could`` the most it could have (None: the search gave up
within its budget, which is said as such and never counted as a
mistake), ``missed`` the difference. ``out`` says that the turn could
have ended the game in the seat's favour (going out, a winning claim).
The verdicts:

``best``      the seat did the most possible;
``missed``    it could have done more;
``out-missed`` it could have won the game there and did not;
``gave-up``   the search ran past its budget: no judgement;
``no-choice`` nothing to judge (a forced answer).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

BEST, MISSED, OUT_MISSED, GAVE_UP, NO_CHOICE = "best", "missed", "out-missed", "gave-up", "no-choice"
VERDICTS = (BEST, MISSED, OUT_MISSED, GAVE_UP, NO_CHOICE)
#: The time a game may spend on one position before giving it up (seconds).
DEFAULT_BUDGET = 2.0


@dataclass(frozen=True)
class TurnFinding:
    """One turn of one seat, judged (see the module's docstring)."""

    seat: int
    turn: int
    #: The record's actions of the turn: ``first`` (from 0) up to ``end`` (excluded).
    first: int
    end: int
    verdict: str
    did: int
    could: int | None
    #: The actions the seat took and the best play, in the record's notation.
    played: tuple[str, ...]
    best: tuple[str, ...]
    #: The table after the best play (card codes), for a page to draw; empty when none is shown.
    table: tuple[tuple[str, ...], ...] = ()
    #: Restores (a rearrangement given up for a penalty) in the turn.
    restores: int = 0
    out: bool = False
    #: Points (a capture's bonus) the best play would have scored beyond the play made.
    points_missed: int = 0
    #: What the seat saw as the turn began (card codes): its hand and the
    #: table's groups of cards, for a page to draw the turn as it was.
    seen_hand: tuple[str, ...] = ()
    seen_table: tuple[tuple[str, ...], ...] = ()
    #: The finding in the user's language.
    text: str = ""

    @property
    def missed(self) -> int:
        return max(0, self.could - self.did) if self.could is not None else 0

    def as_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "seat": self.seat, "actions": [self.first, self.end], "verdict": self.verdict,
                "did": self.did, "could": self.could, "missed": self.missed, "out": self.out,
                "restores": self.restores, "points_missed": self.points_missed,
                "played": list(self.played), "best": list(self.best),
                "table": [list(m) for m in self.table],
                "seen": {"hand": list(self.seen_hand), "table": [list(m) for m in self.seen_table]},
                "text": self.text}


@dataclass(frozen=True)
class SeatSummary:
    """A seat's whole game: turns judged, turns with a missed play, the
    units missed, wins missed, restores, positions given up."""

    seat: int
    turns: int
    missed_turns: int
    missed: int
    out_missed: int
    restores: int
    gave_up: int
    points_missed: int = 0
    text: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "turns": self.turns, "missed_turns": self.missed_turns, "missed": self.missed,
                "out_missed": self.out_missed, "restores": self.restores, "gave_up": self.gave_up,
                "points_missed": self.points_missed, "text": self.text}


@dataclass(frozen=True)
class Review:
    """The findings of a game, in turn order, and a summary per seat reviewed."""

    game: str
    unit: str
    turns: tuple[TurnFinding, ...]
    seats: tuple[SeatSummary, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "unit": self.unit, "turns": [t.as_dict() for t in self.turns],
                "seats": [s.as_dict() for s in self.seats]}


def summarise(turns: Sequence[TurnFinding], seats: Sequence[int],
              words: Callable[[SeatSummary], str] = lambda s: "") -> tuple[SeatSummary, ...]:
    """The totals of each seat of ``seats`` over its findings, each said by ``words``."""
    out = []
    for seat in seats:
        mine = [t for t in turns if t.seat == seat]
        judged = [t for t in mine if t.verdict != NO_CHOICE]
        summary = SeatSummary(
            seat, len(judged), sum(1 for t in mine if t.verdict in (MISSED, OUT_MISSED)),
            sum(t.missed for t in mine), sum(1 for t in mine if t.verdict == OUT_MISSED),
            sum(t.restores for t in mine), sum(1 for t in mine if t.verdict == GAVE_UP),
            sum(t.points_missed for t in mine))
        out.append(replace(summary, text=words(summary)))
    return tuple(out)


def verdict_of(did: int, could: int | None, out: bool) -> str:
    """The verdict for a turn that achieved ``did`` of ``could`` (``out``: the most was a win)."""
    if could is None:
        return GAVE_UP
    if did >= could:
        return BEST
    return OUT_MISSED if out else MISSED


def summary_text(summary: SeatSummary, player: str, parts: Sequence[str]) -> str:
    """A seat's summary line: the turns judged and those with a missed play,
    then the game's own ``parts`` (units missed, wins missed, ...), then
    the positions given up, if any."""
    from .i18n import _, format_list, ngettext

    said = [
        # TRANSLATORS: `machiavelli review`, a part of a player's summary line; {n} is a number.
        ngettext("{n} turn reviewed", "{n} turns reviewed", summary.turns),
        # TRANSLATORS: `machiavelli review`, a part of a player's summary line: of those turns, {n} had
        # a better play than the one made.
        ngettext("{n} with a missed play", "{n} with a missed play", summary.missed_turns),
        *parts,
    ]
    if summary.gave_up:
        # TRANSLATORS: `machiavelli review`, a part of a player's summary line: positions the search
        # could not settle in its time (not counted as mistakes).
        said.append(ngettext("{n} position given up", "{n} positions given up", summary.gave_up))
    # TRANSLATORS: `machiavelli review`: a player's summary line; {player} is the player's name,
    # {parts} the figures, as a list.
    return _("{player}: {parts}.", player=player, parts=format_list(said))


def gave_up_text() -> str:
    """What a finding says of a position the search gave up."""
    from .i18n import _

    # TRANSLATORS: `machiavelli review`: a turn not judged, the search for the best play took too long.
    return _("The search gave up within its time: not judged.")
