"""Where the web table keeps its games: a small interface (:class:`Store`)
and its embedded implementation, SQLite in the data folder (:class:`SQLiteStore`).

A store holds, per game, its record's head (the record without its
actions: variant, seed, seats), its moves one row each, the seats' tokens
and the table's own settings (language, hand orders, owner). Every change
is one transaction that moves the game's ``version`` on by exactly one,
and only from the version the change was made from: a version names one
state, never two, and never goes back. The caller applies a move to a
copy of the game and keeps the copy only once :meth:`Store.change` has
returned, so nothing is shown that a crash could undo.

The SQL is plain (no SQLite-only statements but the pragmas of
:meth:`SQLiteStore._open`), so that a server of many tables could keep its
games in PostgreSQL behind the same interface; the README says what would
change.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import threading
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Protocol

#: The layout of the tables below; a later one migrates from it.
SCHEMA_VERSION = 1
#: The key of the head under which a table keeps its own settings (never part of the record).
TABLE_KEY = "table"

SCHEMA = """
CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    head TEXT NOT NULL,
    lang TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    version INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    orders TEXT NOT NULL,
    owner INTEGER,
    summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_age ON games (finished, updated);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token TEXT,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS chat (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    said REAL NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_game ON chat (game, said);
CREATE TABLE IF NOT EXISTS clocks (
    game TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, ply)
);
"""


class CapReached(Exception):
    """A new game refused by :meth:`SQLiteStore.add`: the games not over already fill its ``limit``."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


class StoreError(Exception):
    """A change the store could not keep (it kept nothing of it). ``full``:
    the disk (or the database's size limit) is full. The message is for
    the log; the server answers in its own words, without file names."""

    def __init__(self, detail: str, *, full: bool = False, stale: bool = False) -> None:
        super().__init__(detail)
        self.full = full
        #: Another change of the game came first (another server, or one that held it before a restart).
        self.stale = stale


@dataclass
class Saved:
    """One game as a store keeps it (moves as ``(seat, action text)``)."""

    id: str
    head: dict[str, Any]
    moves: list[tuple[int, str]]
    tokens: list[str | None]
    lang: str
    created: float
    updated: float
    version: int
    finished: bool
    orders: dict[int, str] = field(default_factory=dict)
    owner: int | None = None
    #: What the start page lists (no token, no card).
    summary: dict[str, Any] = field(default_factory=dict)
    #: The game's clock and its deadlines (see :mod:`.clocks`), as JSON; None without a clock.
    clock: str | None = None

    def record_data(self) -> dict[str, Any]:
        """The game's record as today's JSON (``machiavelli replay`` reads it)."""
        head = {key: value for key, value in self.head.items() if key != TABLE_KEY}
        return {**head, "actions": [{"seat": s, "action": a} for s, a in self.moves], "result": None}

    @property
    def settings(self) -> dict[str, Any]:
        """The table's own settings kept beside the record's head (``seed_shown``)."""
        kept = self.head.get(TABLE_KEY)
        return kept if isinstance(kept, dict) else {}


@dataclass(frozen=True)
class Change:
    """One accepted change of a game: from ``version - 1`` to ``version``,
    with the moves it added (``ply`` counts from 0)."""

    id: str
    version: int
    moves: list[tuple[int, int, str]]
    orders: dict[int, str]
    finished: bool
    summary: dict[str, Any]
    when: float
    #: The game's clock after the change (JSON), kept with it; None: unchanged or none.
    clock: str | None = None


class Store(Protocol):
    """What the web table needs of a store; every method is one transaction."""

    def add(self, saved: Saved, limit: int | None = None) -> None: ...

    def change(self, change: Change) -> None: ...

    def new_token(self, game_id: str, seat: int, token: str) -> None: ...

    def set_setting(self, game_id: str, key: str, value: Any) -> None: ...

    def say(self, game_id: str, seat: int, text: str, when: float) -> None: ...

    def chat(self, game_id: str, limit: int) -> list[tuple[int, str, float]]: ...

    def load(self, game_id: str) -> Saved | None: ...

    def has(self, game_id: str) -> bool: ...

    def playing(self, limit: int) -> list[Saved]: ...

    def count_playing(self) -> int: ...

    def listing(self, limit: int) -> list[tuple[dict[str, Any], str | None]]: ...

    def expire(self, abandoned_before: float, finished_before: float) -> list[str]: ...

    def close(self) -> None: ...


#: The most games one call of :meth:`SQLiteStore.expire` removes: a long
#: idle server frees room in steps, never in one long transaction.
EXPIRE_BATCH = 1000


class SQLiteStore:
    """The embedded store: one SQLite file (WAL journal, a full sync per
    commit) readable by this user only. ``path`` ":memory:" keeps nothing.
    Calls are serialised (one connection, shared by the worker threads)."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = self._open()
        # Reads on a connection of their own: in WAL they see the last commit
        # without waiting for a commit under way (its sync to the disk).
        if self.path == ":memory:":
            self._reader, self._read_lock = self._db, self._lock
        else:
            with _failing():
                self._reader = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
                self._reader.execute("PRAGMA busy_timeout=5000")
            self._read_lock = threading.Lock()

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """The reading connection, in one transaction (a game and its moves as of one commit)."""
        with self._read_lock, _failing():
            self._reader.execute("BEGIN")
            try:
                yield self._reader
            finally:
                self._reader.execute("COMMIT")

    def _open(self) -> sqlite3.Connection:
        if self.path != ":memory:":
            _private_file(Path(self.path))
        # Files SQLite makes beside it (-wal, -shm) take the database's mode;
        # the umask covers the moment before that mode is known.
        old = os.umask(0o077)
        try:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            # FULL: a commit is on the disk before the move is answered (power cuts included).
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=5000")
            with _failing():
                db.executescript(SCHEMA)
                db.execute("INSERT OR IGNORE INTO store_meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        finally:
            os.umask(old)
        return db

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock, _failing():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._write_commit()
            except BaseException:
                # SQLite may have rolled back already (a full disk does): the first error is the one to tell.
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                raise

    def _write_commit(self) -> None:
        """COMMIT (a test puts a full disk here)."""
        self._db.execute("COMMIT")

    def add(self, saved: Saved, limit: int | None = None) -> None:
        """Keep a new game; CapReached (nothing kept) when ``limit`` games not
        over are kept already. Counted inside the write transaction: two
        creations at once (threads, or servers sharing the file) cannot both
        take the last place."""
        with self._transaction() as db:
            if limit is not None and not saved.finished:
                playing = int(db.execute("SELECT COUNT(*) FROM games WHERE finished = 0").fetchone()[0])
                if playing >= limit:
                    raise CapReached(limit)
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (saved.id, json.dumps(saved.head, ensure_ascii=False), saved.lang, saved.created,
                        saved.updated, saved.version, int(saved.finished), _orders(saved.orders), saved.owner,
                        json.dumps(saved.summary, ensure_ascii=False)))
            db.executemany("INSERT INTO seats VALUES (?, ?, ?)",
                           [(saved.id, seat, token) for seat, token in enumerate(saved.tokens)])
            db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?)",
                           [(saved.id, ply, seat, action) for ply, (seat, action) in enumerate(saved.moves)])
            if saved.clock is not None:
                db.execute("INSERT INTO clocks VALUES (?, ?)", (saved.id, saved.clock))

    def change(self, change: Change) -> None:
        with self._transaction() as db:
            moved = db.execute("UPDATE games SET version = ?, updated = ?, finished = ?, orders = ?, summary = ? "
                               "WHERE id = ? AND version = ?",
                               (change.version, change.when, int(change.finished), _orders(change.orders),
                                json.dumps(change.summary, ensure_ascii=False), change.id, change.version - 1))
            if moved.rowcount != 1:
                # Another change came first (or the game expired): this one would give a version two states.
                raise StoreError("the game is not at the version this change was made from", stale=True)
            db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?)",
                           [(change.id, ply, seat, action) for ply, seat, action in change.moves])
            if change.clock is not None:
                db.execute("DELETE FROM clocks WHERE game = ?", (change.id,))
                db.execute("INSERT INTO clocks VALUES (?, ?)", (change.id, change.clock))

    def new_token(self, game_id: str, seat: int, token: str) -> None:
        """Give ``seat`` of a game a new token (a person's seat: it has one)."""
        with self._transaction() as db:
            changed = db.execute("UPDATE seats SET token = ? WHERE game = ? AND seat = ? AND token IS NOT NULL",
                                 (token, game_id, seat))
            if changed.rowcount != 1:
                raise StoreError("no such person's seat", stale=True)

    def set_setting(self, game_id: str, key: str, value: Any) -> None:
        """Keep one of a table's own settings (beside the record's head, never part of the record)."""
        with self._transaction() as db:
            row = db.execute("SELECT head FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError("no such game", stale=True)
            head = json.loads(row[0])
            kept = head.get(TABLE_KEY) if isinstance(head.get(TABLE_KEY), dict) else {}
            head[TABLE_KEY] = {**kept, key: value}
            db.execute("UPDATE games SET head = ? WHERE id = ?", (json.dumps(head, ensure_ascii=False), game_id))

    def say(self, game_id: str, seat: int, text: str, when: float) -> None:
        """Keep a line of the table's chat."""
        with self._transaction() as db:
            db.execute("INSERT INTO chat VALUES (?, ?, ?, ?)", (game_id, when, seat, text))

    def chat(self, game_id: str, limit: int) -> list[tuple[int, str, float]]:
        """The last ``limit`` lines of a table's chat, oldest first: (seat, text, when)."""
        with self._reading() as db:
            rows = db.execute("SELECT seat, text, said FROM chat WHERE game = ? ORDER BY said DESC LIMIT ?",
                              (game_id, limit)).fetchall()
        return [(seat, text, said) for seat, text, said in reversed(rows)]

    def load(self, game_id: str) -> Saved | None:
        with self._reading() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            return None if row is None else _saved(db, row)

    def has(self, game_id: str) -> bool:
        with self._reading() as db:
            return db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def playing(self, limit: int) -> list[Saved]:
        """The games not over, played last first."""
        with self._reading() as db:
            rows = db.execute(f"SELECT {_COLUMNS} FROM games WHERE finished = 0 ORDER BY updated DESC, id "
                              "LIMIT ?", (limit,)).fetchall()
            return [_saved(db, row) for row in rows]

    def count_playing(self) -> int:
        with self._reading() as db:
            return int(db.execute("SELECT COUNT(*) FROM games WHERE finished = 0").fetchone()[0])

    def listing(self, limit: int) -> list[tuple[dict[str, Any], str | None]]:
        """What the start page lists, played last first, each with its owner's token (None when none)."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT g.summary, s.token FROM games g LEFT JOIN seats s ON s.game = g.id AND s.seat = g.owner "
                "ORDER BY g.updated DESC, g.id LIMIT ?", (limit,)).fetchall()
        return [(json.loads(summary), token) for summary, token in rows]

    def expire(self, abandoned_before: float, finished_before: float) -> list[str]:
        """Remove games not played since ``abandoned_before`` and games over
        since ``finished_before``; their ids."""
        with self._transaction() as db:
            ids = [row[0] for row in db.execute(
                "SELECT id FROM games WHERE (finished = 0 AND updated < ?) OR (finished = 1 AND updated < ?) "
                "LIMIT ?", (abandoned_before, finished_before, EXPIRE_BATCH))]
            db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in ids])
        return ids

    def close(self) -> None:
        with self._lock:
            if self._reader is not self._db:
                with self._read_lock:
                    self._reader.close()
            self._db.close()


def _saved(db: sqlite3.Connection, row: tuple[Any, ...]) -> Saved:
    game_id, head, lang, created, updated, version, finished, orders, owner, summary = row
    tokens = [t for (t,) in db.execute("SELECT token FROM seats WHERE game = ? ORDER BY seat", (game_id,))]
    moves = [(s, a) for s, a in db.execute("SELECT seat, action FROM moves WHERE game = ? ORDER BY ply", (game_id,))]
    clock = db.execute("SELECT state FROM clocks WHERE game = ?", (game_id,)).fetchone()
    return Saved(game_id, json.loads(head), moves, tokens, lang, created, updated, version, bool(finished),
                 {int(k): v for k, v in json.loads(orders).items()}, owner, json.loads(summary),
                 None if clock is None else clock[0])


_COLUMNS = "id, head, lang, created, updated, version, finished, orders, owner, summary"


def _orders(orders: dict[int, str]) -> str:
    return json.dumps({str(k): v for k, v in sorted(orders.items())})


@contextmanager
def _failing() -> Iterator[None]:
    """SQLite's and the system's errors as StoreError (full or not)."""
    try:
        yield
    except sqlite3.Error as exc:
        code = getattr(exc, "sqlite_errorcode", None)
        full = code == sqlite3.SQLITE_FULL or "full" in str(exc)
        raise StoreError(f"{type(exc).__name__}: {exc}", full=full) from exc
    except OSError as exc:
        raise StoreError(f"{exc.strerror or exc}", full=exc.errno in (errno.ENOSPC, errno.EDQUOT)) from exc


def _private_file(path: Path) -> None:
    """The database's folder (0700) and file (0600), made private before
    SQLite opens it, and made private again if an older program left them open."""
    try:
        made = not path.parent.exists()
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if made or path.parent.stat().st_uid == getattr(os, "getuid", lambda: -1)():
            os.chmod(path.parent, 0o700)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, 0o600)
        finally:
            os.close(fd)
        for extra in ("-wal", "-shm"):
            side = path.with_name(path.name + extra)
            if side.exists() and not side.is_symlink():
                os.chmod(side, 0o600)
    except OSError as exc:
        raise StoreError(exc.strerror or str(exc), full=exc.errno == errno.ENOSPC) from exc

