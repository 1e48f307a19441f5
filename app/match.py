"""A match: several deals scored to an end (``play --deals N`` or
``--target POINTS``), the deal passing on from dealer to dealer.

Each deal is an ordinary game with its own record; a match record holds
them in order::

    {"format": "machiavelli-match-record", "version": 1,
     "deals_planned": 3, "target": null,
     "deals": [<game record>, <game record>, ...]}

The score sheet is never read from a file: it is worked out again by
replaying every deal under the variant's ``scoring``, so a record cannot
claim points its games do not give. The last deal may be unfinished: a
match left in the middle of a deal is saved so, and ``play --load`` goes on
from there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from machiavelli.core import seeds
from machiavelli.core.errors import RecordError
from machiavelli.core.i18n import _
from machiavelli.core.numbers import NumberTooLong, parse_json_int
from machiavelli.core.records import MAX_RECORD_CHARS, GameRecord

FORMAT = "machiavelli-match-record"
VERSION = 1
#: Most deals one match may hold (a target of points always ends well before).
MAX_DEALS = 500


def deal_seed(first: int, deal: int) -> int:
    """The seed of deal ``deal`` (from 0) of a match whose first deal has
    seed ``first``: hashed from a secret seed, so that a finished deal's
    record (which holds its seed) tells nothing of the next deals."""
    if deal == 0:
        return first
    if first >= seeds.LEGACY_BELOW:
        return seeds.derived(first, "deal", deal)
    return (first * 1_000_003 + deal * 7_919 + 17) % (1 << 63)


def next_dealer(game: Any) -> int:
    """The next deal's dealer: the next seat the way play goes."""
    step: int = getattr(game.variant, "step", 1)
    dealer: int = game.dealer
    players: int = game.players
    return (dealer + step) % players


@dataclass
class Sheet:
    """The points of every deal, per seat, under the variant's scoring."""

    scoring: str
    players: int
    deals: list[tuple[int, ...]] = field(default_factory=list)
    #: The variant's ``match_winner``: lowest, highest, or by-scoring.
    winner: str = "by-scoring"

    @property
    def higher_wins(self) -> bool:
        """Whether more points is better: as the variant's match_winner says,
        else by its scoring (winner-only scores wins, losers-pay-winner and
        lowest-takes-difference credit the winner; the other rules score
        penalty points)."""
        if self.winner in ("lowest", "highest"):
            return self.winner == "highest"
        return self.scoring in ("winner-only", "losers-pay-winner", "lowest-takes-difference")

    def add(self, game: Any) -> None:
        scores = game.scores() if hasattr(game, "scores") else None
        if scores is None:  # a game that ended unscored: winners score 1
            winners = game.outcome.winners if game.outcome is not None else ()
            scores = tuple(int(s in winners) for s in range(self.players))
        self.deals.append(tuple(scores))

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(deal[s] for deal in self.deals) for s in range(self.players))

    def leaders(self) -> tuple[int, ...]:
        totals = self.totals()
        best = max(totals) if self.higher_wins else min(totals)
        return tuple(s for s in range(self.players) if totals[s] == best)

    def over(self, deals_planned: int | None, target: int | None) -> bool:
        if deals_planned is not None and len(self.deals) >= deals_planned:
            return True
        if target is not None and max(self.totals(), default=0) >= target:
            return True
        return len(self.deals) >= MAX_DEALS

    def as_dict(self) -> dict[str, Any]:
        return {"scoring": self.scoring, "winner": self.winner, "higher_wins": self.higher_wins,
                "deals": [list(d) for d in self.deals], "totals": list(self.totals()),
                "leaders": list(self.leaders())}

    def lines(self, name: Callable[[int], str]) -> list[str]:
        """The sheet as text: a row per seat, its points deal by deal and its total."""
        # TRANSLATORS: A match of several deals: the score sheet; {deal} is a deal's number.
        out = [_("Score sheet after deal {deal}:", deal=len(self.deals))]
        totals = self.totals()
        width = max(len(name(s)) for s in range(self.players))
        for s in range(self.players):
            points = " ".join(f"{deal[s]:>4}" for deal in self.deals)
            out.append(f"  {name(s):<{width}} {points}  = {totals[s]:>4}")
        return out


def sheet_for(variant: Any, players: int) -> Sheet:
    """An empty score sheet under the variant's scoring and match_winner."""
    return Sheet(getattr(variant, "scoring", "winner-only"), players,
                 winner=getattr(variant, "match_winner", "by-scoring"))


def sheet_of(games: Sequence[Any]) -> Sheet:
    sheet = sheet_for(games[0].variant, games[0].players)
    for game in games:
        if game.outcome is not None:
            sheet.add(game)
    return sheet


def dumps(records: Sequence[GameRecord], deals_planned: int | None, target: int | None) -> str:
    deals = ",\n".join(record.dumps().rstrip() for record in records)
    head = json.dumps({"format": FORMAT, "version": VERSION, "deals_planned": deals_planned, "target": target})
    return head[:-1] + ', "deals": [\n' + deals + "\n]}\n"


def is_match(text: str | bytes) -> bool:
    head = text[:200] if isinstance(text, str) else text[:200].decode("utf-8", "replace")
    return f'"format": "{FORMAT}"' in head


def loads(text: str | bytes) -> tuple[list[GameRecord], int | None, int | None]:
    """The deals of a match record, its planned deals and its target;
    RecordError naming what is wrong."""
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError("record-too-large", size=len(text), limit=MAX_RECORD_CHARS)
    try:
        data = json.loads(text, parse_int=parse_json_int)
    except (json.JSONDecodeError, UnicodeDecodeError, NumberTooLong, RecursionError) as exc:
        raise RecordError("record-damaged", line=getattr(exc, "lineno", 1), detail=str(exc)[:80]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not-a-record", detail=f'no "format": "{FORMAT}"', why="no-format", format=FORMAT)
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version:
        raise RecordError("record-field", detail="version: expected a whole number from 1", why="field-whole-from",
                          field="version", low=1)
    if version > VERSION:
        raise RecordError("record-version", version=version, supported=VERSION)
    limits = []
    for key in ("deals_planned", "target"):
        value = data.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
            raise RecordError("record-field", detail=f"{key}: expected a whole number from 1 or null",
                              why="field-whole-or-null", field=key, low=1)
        limits.append(value)
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals or len(deals) > MAX_DEALS:
        raise RecordError("record-field", detail=f"deals: expected from 1 to {MAX_DEALS} game records",
                          why="field-deals", field="deals", limit=MAX_DEALS)
    records = [GameRecord.from_data(d) for d in deals]
    first = records[0]
    for record in records[1:]:
        if record.seats != first.seats or record.variant.parameters() != first.variant.parameters():
            raise RecordError("record-field", detail="deals: every deal has the same variant and seats",
                              why="field-deals-alike", field="deals")
    return records, limits[0], limits[1]


def continues(records: Sequence[GameRecord], existing: Sequence[GameRecord]) -> bool:
    """Whether the match ``records`` is the match ``existing`` played further
    (or the same), whoever sits in its seats now: saving it loses nothing."""
    from .saves import same_game

    if not existing or len(existing) > len(records):
        return False
    return all(same_game(new, old) for new, old in zip(records, existing))


def save(path: Any, records: Sequence[GameRecord], deals_planned: int | None, target: int | None, *,
         force: bool = False) -> None:
    """Write the match atomically, refusing to replace a file that holds
    anything but an earlier point of this match (``force`` replaces it)."""
    from pathlib import Path

    from machiavelli.core.files import os_why
    from machiavelli.core.writing import refuse_special, write_atomically

    path = Path(path)
    try:
        refuse_special(path)  # a link, a pipe, a folder: never written, even with force
        exists = path.exists()
    except OSError as exc:
        raise RecordError("cannot-write", file=str(path), detail=exc.strerror or str(exc),
                          why=os_why(exc, writing=True)) from None
    if not force and exists:
        try:
            existing = read(path)[0] if is_file(path) else []
        except RecordError:
            existing = []
        if not continues(records, existing):
            raise RecordError("file-exists", file=str(path))
    try:
        write_atomically(path, dumps(records, deals_planned, target), sync=True)
    except OSError as exc:
        raise RecordError("cannot-write", file=str(path), detail=exc.strerror or str(exc),
                          why=os_why(exc, writing=True)) from None


def is_file(path: Any) -> bool:
    """Whether the file at ``path`` looks like a match record (its first
    bytes). Only a regular file is opened: a FIFO would block the read, and
    whatever else ``path`` is, reading it as a game record says what is wrong."""
    import os

    if not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as handle:
            return is_match(handle.read(200))
    except OSError:
        return False


def read(path: Any) -> tuple[list[GameRecord], int | None, int | None]:
    """A match record from a file (bounded read); RecordError otherwise."""
    from machiavelli.core.files import TOO_LARGE, FileError, read_bounded

    try:
        data = read_bounded(path, MAX_RECORD_CHARS)
    except FileError as exc:
        if exc.code == TOO_LARGE:
            raise RecordError("record-too-large", file=str(path), limit=MAX_RECORD_CHARS) from None
        raise RecordError(exc.code, file=str(path), detail=exc.params.get("detail", ""),
                          why=exc.params.get("why")) from None
    return loads(data)
