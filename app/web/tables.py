"""The games a web server holds: who sits where, each seat's secret token,
and the computer players' moves.

The computer players move in :mod:`.computers`, off the event loop.
A game is kept as two files in the user's data folder: its record
(``games/web-ID.json``, readable by ``machiavelli replay``) and its table
(``web/ID.json``: the seats' tokens, the page language, the hand orders).
Both are written atomically after every accepted action (before any page is
told of it), so a game survives a server restart at the last action and is
listed again on the start page, where its computers go on.
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from machiavelli.core import registry
from machiavelli.core.bots import bot_seed
from machiavelli.core.errors import MachiavelliError, RecordError
from machiavelli.core.files import read_bounded
from machiavelli.core.records import GameRecord, Seat
from machiavelli.core.seeds import new_seed
from machiavelli.core.terminal import printable

from machiavelli.core.places import data_folder
from ..saves import read_record, write_record
from machiavelli.core.writing import write_atomically

HUMAN = "human"
#: A person at another browser; the record calls every person ``human``.
FRIEND = "friend"
TABLE_FORMAT = "machiavelli-web-table"
MAX_TABLE_BYTES = 64 * 1024
#: Game ids and tokens: URL-safe, unguessable (128 bits and more).
ID_BYTES, TOKEN_BYTES = 12, 24
MAX_NAME = 40
#: Most games a server holds (and reads back from the data folder).
MAX_TABLES = 500
#: Most actions computer players may take in a row before the server stops them.
MAX_BOT_STEPS = 20_000


class TableError(MachiavelliError):
    """A request the table cannot serve (codes: ``no-such-game``,
    ``bad-seats``, ``too-many-games``)."""


def folder() -> Path:
    return data_folder() / "web"


def records_folder() -> Path:
    return data_folder() / "games"


@dataclass
class Table:
    """One game at the web table."""

    id: str
    game: Any
    seats: list[Seat]
    #: One token per seat of a person; None for a computer's seat.
    tokens: list[str | None]
    lang: str
    created: float = field(default_factory=time.time)
    #: Each person's order of hand (suit, rank, melds).
    orders: dict[int, str] = field(default_factory=dict)
    #: The seat of the person who started the game ("you" on the start
    #: page), as opposed to friends; None when unknown.
    owner: int | None = None
    #: Counts the changes of the game and table: a page drops a view older than the one it shows.
    version: int = 0
    #: The creator chose the seed and every seat is shown it (see api.new_game).
    seed_shown: bool = False
    _bots: dict[int, Any] = field(default_factory=dict, repr=False)

    @property
    def variant(self) -> Any:
        return self.game.variant

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, compared in constant time; None for any other."""
        if not token or not isinstance(token, str):
            return None
        found = None
        for seat, own in enumerate(self.tokens):
            if own is not None and hmac.compare_digest(own.encode(), token.encode()):
                found = seat
        return found

    def is_person(self, seat: int) -> bool:
        return self.seats[seat].player == HUMAN

    def bot(self, seat: int) -> Any:
        if seat not in self._bots:
            name = self.seats[seat].player
            self._bots[seat] = registry.make_bot(name, bot_seed(self.game.seed, seat), self.variant.game)
        return self._bots[seat]

    def computer_to_move(self) -> int | None:
        """The first computer seat that may act now; None when none may."""
        if self.game.outcome is not None:
            return None
        return next((s for s in self.game.to_move() if not self.is_person(s)), None)

    # -- files ------------------------------------------------------------------

    @property
    def record_path(self) -> Path:
        return records_folder() / f"web-{self.id}.json"

    @property
    def table_path(self) -> Path:
        return folder() / f"{self.id}.json"

    def record(self) -> GameRecord:
        return GameRecord.of(self.game, self.seats)

    def save(self) -> None:
        """Write the record and the table (atomically; raises RecordError)."""
        for path in (self.record_path, self.table_path):
            path.parent.mkdir(parents=True, exist_ok=True)
        write_record(self.record_path, self.record(), force=True)
        data = {"format": TABLE_FORMAT, "version": 1, "id": self.id, "tokens": self.tokens, "lang": self.lang,
                "created": self.created, "orders": {str(k): v for k, v in self.orders.items()},
                "owner": self.owner, "changes": self.version,
                **({"seed_shown": True} if self.seed_shown else {})}
        try:
            write_atomically(self.table_path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        except OSError as exc:
            raise RecordError("cannot-write", file=str(self.table_path), detail=exc.strerror or str(exc)) from None

    def summary(self) -> dict[str, Any]:
        """What the start page lists of a game: never a token, never a card."""
        game = self.game
        return {"id": self.id, "variant": self.variant.name, "game": self.variant.game, "players": game.players,
                "turn": game.turn_number, "over": game.outcome is not None, "created": self.created,
                "seats": [s.player for s in self.seats]}


def _token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Tables:
    """Every game this server holds, by id; saved in ``base`` (the user's
    data folder when None) as they change."""

    def __init__(self, *, save: bool = True) -> None:
        self._tables: dict[str, Table] = {}
        self.saving = save
        #: Files in the data folder that could not be read back, with why.
        self.unreadable: list[tuple[str, str]] = []

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._tables

    def get(self, game_id: str) -> Table:
        table = self._tables.get(game_id) if isinstance(game_id, str) else None
        if table is None:
            raise TableError("no-such-game")
        return table

    def all(self) -> list[Table]:
        return sorted(self._tables.values(), key=lambda t: -t.created)

    def create(self, variant: Any, seats: list[str], lang: str, names: list[str | None] | None = None,
               seed: int | None = None, *, seed_shown: bool = False) -> Table:
        """Deal a new game (the server then lets the computers move if they start)."""
        definition = registry.game(variant.game)
        bots = registry.bots(variant.game)
        if len(self._tables) >= MAX_TABLES and not self._forget_one_finished():
            raise TableError("too-many-games", limit=MAX_TABLES)
        kinds = []
        for kind in seats:
            if kind in (HUMAN, FRIEND):
                kinds.append(HUMAN)
            elif kind in bots:
                kinds.append(kind)
            else:
                raise TableError("bad-seats", player=str(kind)[:40], available=", ".join(sorted(bots)))
        if HUMAN not in kinds:
            raise TableError("bad-seats", player="", available="")
        names = list(names or [])
        # A name is shown on every seat's page and kept in the record: no control or bidi characters.
        seat_list = [Seat(kind, (printable(names[k]).strip()[:MAX_NAME] or None) if k < len(names) and names[k] else None)
                     for k, kind in enumerate(kinds)]
        game = definition.new_game(variant, len(kinds), seed if seed is not None else new_seed())
        tokens = [_token() if kind == HUMAN else None for kind in kinds]
        owner = next((k for k, kind in enumerate(seats) if kind == HUMAN), None)
        table = Table(secrets.token_urlsafe(ID_BYTES), game, seat_list, tokens, lang, owner=owner,
                      seed_shown=seed_shown)
        self.changed(table)  # first: a game that cannot be saved is not held either
        self._tables[table.id] = table
        return table

    def _forget_one_finished(self) -> bool:
        """Make room by letting go of the oldest finished game (its files stay,
        for ``machiavelli replay``): else a server that has held MAX_TABLES
        games could never start another. Whether one was let go."""
        finished = [t for t in self._tables.values() if t.game.outcome is not None]
        if not finished:
            return False
        del self._tables[min(finished, key=lambda t: t.created).id]
        return True

    def changed(self, table: Table) -> None:
        """Save ``table`` now (when this server saves)."""
        if self.saving:
            table.save()

    # -- reading the data folder back -----------------------------------------------

    def load_saved(self) -> int:
        """Read back the games saved in the data folder (the MAX_TABLES played last); the number read."""
        base = folder()
        try:
            dated = [(p.stat().st_mtime, p) for p in base.iterdir() if p.suffix == ".json" and p.is_file()]
        except OSError:
            return 0
        # The most recently played first: those are the ones people come back to.
        files = [p for _when, p in sorted(dated, key=lambda f: (-f[0], f[1].name))[:MAX_TABLES]]
        count = 0
        for path in files:
            try:
                table = _read_table(path)
            except Exception as exc:  # noqa: BLE001 - any file may lie in the folder (JSON nested
                # too deep, a record that replays into a broken state): it is skipped, the server starts.
                self.unreadable.append((str(path), getattr(exc, "code", None) or type(exc).__name__))
                continue
            self._tables[table.id] = table
            count += 1
        return count


def _read_table(path: Path) -> Table:
    data = json.loads(read_bounded(path, MAX_TABLE_BYTES))
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        raise ValueError("not a table")
    game_id = data["id"]
    if not isinstance(game_id, str) or path.stem != game_id:
        raise ValueError("id")
    record = read_record(records_folder() / f"web-{game_id}.json")
    game = record.replay()
    tokens = data["tokens"]
    if (not isinstance(tokens, list) or len(tokens) != len(record.seats)
            or any(not (t is None or isinstance(t, str)) for t in tokens)):
        raise ValueError("tokens")
    given_lang = data.get("lang")
    lang = given_lang if isinstance(given_lang, str) else "en"
    orders = {int(k): str(v) for k, v in (data.get("orders") or {}).items() if str(k).isdigit()}
    given_created = data.get("created")
    created = given_created if isinstance(given_created, (int, float)) else path.stat().st_mtime
    owner = data.get("owner")
    if not (isinstance(owner, int) and not isinstance(owner, bool) and 0 <= owner < len(tokens) and tokens[owner]):
        owner = None
    changes = data.get("changes")
    version = changes if isinstance(changes, int) and not isinstance(changes, bool) and changes >= 0 else 0
    # A server stopped while computers were playing: the server wakes them at its start.
    return Table(game_id, game, list(record.seats), tokens, lang, created, orders, owner, version,
                 data.get("seed_shown") is True)
