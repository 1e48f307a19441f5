"""The games a web server holds: who sits where, each seat's secret token,
and the computer players' moves.

The computer players move in :mod:`.computers`, off the event loop.
Games are kept in a :mod:`.store` (SQLite in the user's data folder,
``web.sqlite3``): a change is tried on a copy of the game, committed, and
only then becomes the game the pages are shown (:meth:`Tables.accept`), so
a server killed at any moment comes back at the last change it answered.
Games not over are held in memory; finished ones are read back from the
store when asked for. Games saved by earlier versions as two JSON files
(``games/web-ID.json`` and ``web/ID.json``) are imported once at the start.
The store also bounds the games being played (:class:`Keeping`) and forgets
games abandoned, or over, long enough ago.
"""

from __future__ import annotations

import copy
import hmac
import json
import os
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from machiavelli.core import registry
from machiavelli.core.bots import bot_seed
from machiavelli.core.errors import MachiavelliError
from machiavelli.core.files import read_bounded
from machiavelli.core.records import GameRecord, Seat
from machiavelli.core.seeds import new_seed
from machiavelli.core.terminal import printable

from machiavelli.core.places import data_folder
from ..saves import read_record
from .store import TABLE_KEY, CapReached, Change, Saved, SQLiteStore, Store, StoreError

HUMAN = "human"
#: A person at another browser; the record calls every person ``human``.
FRIEND = "friend"
TABLE_FORMAT = "machiavelli-web-table"
MAX_TABLE_BYTES = 64 * 1024
#: Game ids and tokens: URL-safe, unguessable (128 bits and more).
ID_BYTES, TOKEN_BYTES = 12, 24
MAX_NAME = 40
#: Most actions computer players may take in a row before the server stops them.
MAX_BOT_STEPS = 20_000
#: The store's file in the data folder.
STORE_FILE = "web.sqlite3"
#: Games the start page lists (the newest).
MAX_LISTED = 200
#: Finished games held in memory besides those being played (the others
#: are read back from the store when a page asks for one).
FINISHED_HELD = 100
DAY = 86_400.0
#: The chat's last lines every seat is shown.
CHAT_SHOWN = 50


class TableError(MachiavelliError):
    """A request the table cannot serve (codes: ``no-such-game``,
    ``bad-seats``, ``too-many-games``)."""


@dataclass(frozen=True)
class Keeping:
    """How many games may be played at once, and how long games are kept."""

    #: Most games not over that the server holds; a new one beyond is refused.
    games: int = 500
    #: Days without a move after which a game not over is forgotten.
    abandoned_days: float = 30.0
    #: Days a finished game is kept (for its record) after its last move.
    finished_days: float = 30.0

    #: The environment variables that set them, with their bounds.
    ENV = {"games": ("MACHIAVELLI_WEB_MAX_GAMES", 1, 1_000_000),
           "abandoned_days": ("MACHIAVELLI_WEB_ABANDONED_DAYS", 0, 36_500),
           "finished_days": ("MACHIAVELLI_WEB_FINISHED_DAYS", 0, 36_500)}

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "Keeping":
        """The limits the environment sets (the defaults otherwise); a value
        out of bounds or not a number raises TableError ``bad-limit``."""
        environ = os.environ if environ is None else environ
        given: dict[str, Any] = {}
        for name, (variable, low, high) in cls.ENV.items():
            text = environ.get(variable, "").strip()
            if not text:
                continue
            try:
                value = int(text) if name == "games" else float(text)
            except ValueError:
                value = None
            if value is None or not low <= value <= high:
                raise TableError("bad-limit", name=variable, value=text[:20], low=low, high=high)
            given[name] = value
        return cls(**given)


def folder() -> Path:
    """Where earlier versions kept each game's table (read once, to import it)."""
    return data_folder() / "web"


def records_folder() -> Path:
    return data_folder() / "games"


def store_path() -> Path:
    return data_folder() / STORE_FILE


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
    #: The moves of ``game.log`` the store holds.
    stored: int = 0
    #: The token of the watch link (a spectator sees what every seat sees); None for games made before it.
    watch: str | None = None
    #: The id of this game's rematch, once a seat asked for one.
    rematch: str | None = None
    #: Whether the seats may chat (chosen at the start), and the chat's last lines: (seat, text, when).
    chat_on: bool = True
    chat: list[tuple[int, str, float]] = field(default_factory=list)
    #: The game's clock (a :class:`.clocks.Clock`), chosen at the start; None without one.
    clock: Any = None
    #: A deal of a match (see :mod:`.matches`): its plan, the earlier deals' ids, the next deal's; None for one game.
    match: dict[str, Any] | None = None
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

    def is_watcher(self, token: str | None) -> bool:
        """Whether ``token`` is this game's watch link's (compared in constant time)."""
        return (isinstance(token, str) and self.watch is not None
                and hmac.compare_digest(self.watch.encode(), token.encode()))

    def is_person(self, seat: int) -> bool:
        return self.seats[seat].player == HUMAN

    def bot(self, seat: int) -> Any:
        if seat not in self._bots:
            name = self.seats[seat].player
            self._bots[seat] = registry.make_bot(name, bot_seed(self.game.seed, seat), self.variant.game)
        return self._bots[seat]

    def forget_bot(self, seat: int) -> None:
        """Let go of the computer player of ``seat`` (the next move makes a new one)."""
        self._bots.pop(seat, None)

    def computer_to_move(self) -> int | None:
        """The first computer seat that may act now; None when none may."""
        if self.game.outcome is not None:
            return None
        return next((s for s in self.game.to_move() if not self.is_person(s)), None)

    def tried(self, action: Any, seat: int) -> "Tried":
        """``action`` tried on a copy of the game (raises IllegalAction);
        the game itself takes it only once the store has kept the copy."""
        clone = getattr(self.game, "clone", None)
        # The variant is shared, not copied: it does not change.
        moved = clone() if clone is not None else copy.deepcopy(self.game, {id(self.game.variant): self.game.variant})
        moved.apply(action, seat)
        return Tried(moved, action, seat)

    def record(self) -> GameRecord:
        return GameRecord.of(self.game, self.seats)

    def summary(self, game: Any = None) -> dict[str, Any]:
        """What the start page lists of a game: never a token, never a card."""
        game = self.game if game is None else game
        return {"id": self.id, "variant": game.variant.name, "game": game.variant.game, "players": game.players,
                "turn": game.turn_number, "over": game.outcome is not None, "created": self.created,
                "seats": [s.player for s in self.seats]}

    def saved(self) -> Saved:
        """The table as the store keeps it."""
        record = json.loads(self.record().dumps())
        moves = [(entry["seat"], entry["action"]) for entry in record.pop("actions")]
        record.pop("result", None)
        settings: dict[str, Any] = {}
        if self.seed_shown:
            settings["seed_shown"] = True
        if self.watch is not None:
            settings["watch"] = self.watch
        if self.rematch is not None:
            settings["rematch"] = self.rematch
        if not self.chat_on:
            settings["chat"] = False
        if self.match is not None:
            settings["match"] = self.match
        if settings:
            record[TABLE_KEY] = settings
        return Saved(self.id, record, moves, list(self.tokens), self.lang, self.created, time.time(),
                     self.version, self.game.outcome is not None, dict(self.orders), self.owner, self.summary(),
                     None if self.clock is None else self.clock.dumps())

    def change(self, game: Any, orders: dict[int, str]) -> Change:
        """The change from this table to ``game`` (a copy of its game played
        on) and ``orders``, as the next version."""
        deck = game.variant.deck
        moves = [(ply, entry.seat, entry.action.text(deck))
                 for ply, entry in enumerate(game.log[self.stored:], self.stored)]
        return Change(self.id, self.version + 1, moves, dict(orders), game.outcome is not None,
                      self.summary(game), time.time())


@dataclass(frozen=True)
class Tried:
    """A move tried on a copy of a table's game, waiting to be kept."""

    game: Any
    action: Any
    seat: int


def new_token() -> str:
    """A seat's secret token (its link)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


_token = new_token


class Tables:
    """Every game this server holds, by id, kept in ``store`` (by default
    the SQLite file in the user's data folder; ``save=False``: in memory only)."""

    def __init__(self, store: Store | None = None, *, save: bool = True, keeping: Keeping | None = None) -> None:
        if store is None:
            store = SQLiteStore(store_path() if save else ":memory:")
        self.store = store
        self.keeping = keeping if keeping is not None else Keeping()
        self._tables: dict[str, Table] = {}
        #: Finished games held in memory, the last one asked for last.
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._expired_at = 0.0
        #: Files or stored games that could not be read back, with why.
        self.unreadable: list[tuple[str, str]] = []

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and (game_id in self._tables or self.store.has(game_id))

    def get(self, game_id: str) -> Table:
        table = self._tables.get(game_id) if isinstance(game_id, str) else None
        if table is None and isinstance(game_id, str) and len(game_id) < 100:
            table = self._read_back(game_id)
        if table is None:
            raise TableError("no-such-game")
        return table

    def refresh(self, table: Table) -> bool:
        """Bring ``table`` up to what the store holds of it, in place (pages
        and tasks keep the same table): another server, or this game held
        before a restart, changed it since it was read. Whether it could be read."""
        saved = self.store.load(table.id)
        fresh = None if saved is None else self._table_of(saved)
        if fresh is None:
            return False
        table.game, table.seats, table.tokens, table.orders = fresh.game, fresh.seats, fresh.tokens, fresh.orders
        table.owner, table.version, table.stored, table.seed_shown = (fresh.owner, fresh.version, fresh.stored,
                                                                      fresh.seed_shown)
        table.watch, table.rematch, table.chat_on, table.chat = fresh.watch, fresh.rematch, fresh.chat_on, fresh.chat
        table.clock = fresh.clock
        table.match = fresh.match
        table._bots.clear()  # their plans followed the game as it was
        return True

    def all(self) -> list[Table]:
        """The games held in memory (those being played among them), newest first."""
        return sorted(self._tables.values(), key=lambda t: -t.created)

    def listing(self) -> list[tuple[dict[str, Any], str | None]]:
        """What the start page lists (the newest games), each with the token of its starter's seat."""
        return self.store.listing(MAX_LISTED)

    def create(self, variant: Any, seats: list[str], lang: str, names: list[str | None] | None = None,
               seed: int | None = None, *, seed_shown: bool = False) -> Table:
        """Deal a new game, keep it and hold it (the server then lets the computers move if they start)."""
        self.make_room()
        table = self.deal(variant, seats, lang, names, seed, seed_shown=seed_shown)
        self.keep(table)  # first: a game that cannot be kept is not held either
        self.hold(table)
        return table

    def keep(self, table: Table) -> None:
        """Add a game dealt by :meth:`deal` to the store, within the cap (checked
        by the store in the same transaction); TableError ``too-many-games``
        when it is full, StoreError when it could not be kept. Blocks: call it
        off the event loop."""
        try:
            self.store.add(table.saved(), limit=self.keeping.games)
        except CapReached:
            raise TableError("too-many-games", limit=self.keeping.games) from None

    def hold(self, table: Table) -> None:
        """Hold a game dealt by :meth:`deal` once the store has kept it."""
        self._tables[table.id] = table

    def deal(self, variant: Any, seats: list[str], lang: str, names: list[str | None] | None = None,
             seed: int | None = None, *, seed_shown: bool = False, chat: bool = True,
             dealer: int | None = None) -> Table:
        """A new game, neither kept nor held yet; TableError when its seats
        are wrong (the cap is checked by :meth:`make_room` and :meth:`keep`).
        Asks nothing of the store: it runs on the event loop."""
        definition = registry.game(variant.game)
        bots = registry.bots(variant.game)
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
        seed = seed if seed is not None else new_seed()
        # A match's next deal passes the deal on (only games played in matches take a dealer).
        game = (definition.new_game(variant, len(kinds), seed) if dealer is None
                else definition.new_game(variant, len(kinds), seed, dealer=dealer))  # type: ignore[call-arg]
        tokens = [_token() if kind == HUMAN else None for kind in kinds]
        owner = next((k for k, kind in enumerate(seats) if kind == HUMAN), None)
        table = Table(secrets.token_urlsafe(ID_BYTES), game, seat_list, tokens, lang, owner=owner,
                      seed_shown=seed_shown, watch=new_token(), chat_on=chat)
        table.stored = len(game.log)
        return table

    def make_room(self) -> None:
        """Forget what has expired (at most once a minute, or when full);
        TableError ``too-many-games`` when the games being played still fill
        the cap. Writes to the store: call it off the event loop."""
        if time.time() - self._expired_at > 60:
            self.expire()
        if self.store.count_playing() >= self.keeping.games:
            self.expire()
            if self.store.count_playing() >= self.keeping.games:
                raise TableError("too-many-games", limit=self.keeping.games)

    def expire(self, now: float | None = None) -> list[str]:
        """Forget the games abandoned, or over, long enough before ``now``; their ids."""
        now = time.time() if now is None else now
        self._expired_at = now
        gone = self.store.expire(now - self.keeping.abandoned_days * DAY, now - self.keeping.finished_days * DAY)
        for game_id in gone:
            self._tables.pop(game_id, None)
            self._finished.pop(game_id, None)
        return gone

    def accept(self, table: Table, tried: Tried | None, orders: dict[int, str], change: Change) -> None:
        """Make the change the store has kept the table's own (on the event loop).
        The move is made again on the game itself, not swapped for the copy:
        computer players follow the game they read (see :mod:`.computers`),
        and a game replays the same move the same way."""
        if tried is not None:
            table.game.apply(tried.action, tried.seat)
        table.orders, table.version = orders, change.version
        table.stored = len(table.game.log)
        if change.finished:
            self._hold_finished(table)

    def _hold_finished(self, table: Table) -> None:
        self._finished[table.id] = None
        self._finished.move_to_end(table.id)
        while len(self._finished) > FINISHED_HELD:
            old, _none = self._finished.popitem(last=False)
            self._tables.pop(old, None)

    # -- reading the store and the data folder back -----------------------------------

    def load_saved(self) -> int:
        """Import the games earlier versions saved as files, forget what has
        expired, and hold the games being played (up to the cap, played last
        first); the number held."""
        self._import_files()
        self.expire()
        count = 0
        for saved in self.store.playing(self.keeping.games):
            table = self._table_of(saved)
            if table is not None:
                self._tables[table.id] = table
                count += 1
        return count

    def _read_back(self, game_id: str) -> Table | None:
        """A game of the store not held in memory (one over, or one beyond the cap)."""
        saved = self.store.load(game_id)
        table = None if saved is None else self._table_of(saved)
        if table is not None:
            self._tables[table.id] = table
            if table.game.outcome is not None:
                self._hold_finished(table)
        return table

    def _table_of(self, saved: Saved) -> Table | None:
        try:
            record = GameRecord.from_data(saved.record_data())
            game = record.replay()
            if len(saved.tokens) != len(record.seats):
                raise ValueError("tokens")
        except Exception as exc:  # noqa: BLE001 - a game that no longer replays (a plugin gone, a
            # variant changed): it is skipped and said, the server starts.
            self.unreadable.append((saved.id, getattr(exc, "code", None) or type(exc).__name__))
            return None
        owner = saved.owner if saved.owner is not None and 0 <= saved.owner < len(saved.tokens) else None
        watch = saved.settings.get("watch")
        rematch = saved.settings.get("rematch")
        match = saved.settings.get("match")
        return Table(saved.id, game, list(record.seats), list(saved.tokens), saved.lang, saved.created,
                     dict(saved.orders), owner, saved.version, seed_shown=saved.settings.get("seed_shown") is True,
                     stored=len(game.log), watch=watch if isinstance(watch, str) and watch else None,
                     rematch=rematch if isinstance(rematch, str) and rematch else None,
                     chat_on=saved.settings.get("chat") is not False, chat=self.store.chat(saved.id, CHAT_SHOWN),
                     clock=_clock(saved),
                     match=match if isinstance(match, dict) else None)

    def _import_files(self) -> None:
        """Move the games earlier versions saved as files (``web/ID.json``
        with ``games/web-ID.json``) into the store, once: each table file
        imported goes to ``web/imported/`` (the record stays where it was,
        for ``machiavelli replay``). Files that cannot be read stay, and are said."""
        base = folder()
        try:
            files = sorted(p for p in base.iterdir() if p.suffix == ".json" and p.is_file() and not p.is_symlink())
        except OSError:
            return
        for path in files:
            try:
                table = _read_table(path)
                if not self.store.has(table.id):
                    self.store.add(table.saved())
                done = base / "imported"
                done.mkdir(mode=0o700, exist_ok=True)
                os.replace(path, done / path.name)
                os.chmod(done / path.name, 0o600)  # it holds the seats' tokens
            except StoreError:
                raise
            except Exception as exc:  # noqa: BLE001 - any file may lie in the folder (JSON nested
                # too deep, a record that replays into a broken state): it is skipped, the server starts.
                self.unreadable.append((str(path), getattr(exc, "code", None) or type(exc).__name__))


def _clock(saved: Saved) -> Any:
    """A stored game's clock, its deadlines as kept (one passed while no server ran gets a few seconds)."""
    if saved.clock is None:
        return None
    from .clocks import Clock

    try:
        return Clock.loads(saved.clock, time.time())
    except (ValueError, KeyError, TypeError):
        return None  # a clock this version cannot read: the game goes on without it


def _read_table(path: Path) -> Table:
    """A game as earlier versions saved it: its table file and its record."""
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
    return Table(game_id, game, list(record.seats), tokens, lang, created, orders, owner, version,
                 seed_shown=data.get("seed_shown") is True, stored=len(game.log))
