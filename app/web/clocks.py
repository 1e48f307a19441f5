"""Optional clocks at the web table, chosen when a game starts.

``{"kind": "move", "seconds": N}``: each move (a whole turn in Machiavelli,
an answer or a discard in Sì Sè Pái) has N seconds. ``{"kind": "game",
"seconds": N, "increment": I}``: each person has a bank of N seconds for the
whole game, spent while it is their move, with I seconds added after each of
their moves (as in chess). Only people's seats have a clock.

When a seat's time runs out, a computer player plays for it until its move
is over (a whole turn), and every seat's log says so. That player is the
clock's ``level``: given with the clock, else the strongest computer already
at the table (the level the starter gave the game's computers), else the
game's default player; a person who runs out of time is not left with a
weaker move than the table's own computers would make. The seat's own moves
are refused while the computer plays for it. A spent bank stays spent: the
computer plays that seat's later moves at once, unless an increment gives
some time back after each.

The server enforces it with one asyncio timer per game (set at each change,
at the earliest deadline; no polling). Deadlines are wall-clock times kept
in the store with each change, in the same transaction, so a restarted
server resumes them; one that passed while the server was down gets a few
seconds (:data:`RESTART_GRACE`), for the pages to reconnect.

Nothing hidden leaks: where the seats answer unseen (Sì Sè Pái's claims: the
pages are not told who has answered), no seat's clock runs; the answer has
its own time, the same for every seat from the moment the card is offered,
taken from no bank, and a seat told its time ran out there is told alone.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from machiavelli.core import registry
from machiavelli.core.bots import bot_seed
from machiavelli.core.errors import IllegalAction
from machiavelli.core.fallback import fallback_action, tell
from machiavelli.core.i18n import N_, _
from machiavelli.core.present import player_name

from .pool import OutOfTime
from .requests import WebError
from .store import StoreError
from .tasks import cancel_all

if TYPE_CHECKING:
    from .server import Server
    from .tables import Table

log = logging.getLogger(__name__)

KINDS = ("move", "game")
#: The shortest and longest clock a new game may have, in seconds (a day per move: friends who play slowly).
MIN_SECONDS, MAX_SECONDS = 10, 86_400
MAX_INCREMENT = 600
#: The time of an answer given unseen, with a clock per game (never taken from a bank).
ANSWER_SECONDS = 30
#: Seconds given to a move whose deadline passed while the server was down.
RESTART_GRACE = 5.0
#: The time-outs a game keeps to tell (the newest).
MAX_NOTICES = 50
#: A timer may fire a moment before the wall clock reaches its deadline.
EARLY = 0.05
#: Most moves made in a row for seats out of time before the timer stops (as the computers' own cap).
MAX_STEPS = 20_000
#: Seconds before a stand-in move the store could not keep is tried again.
RETRY = 10.0


@dataclass(frozen=True)
class ClockRules:
    """What a new game's clock may ask for: the server's own setting (tests
    give a shorter minimum through it; users cannot)."""

    minimum: int = MIN_SECONDS
    maximum: int = MAX_SECONDS
    increment: int = MAX_INCREMENT


@dataclass(frozen=True)
class Setting:
    """A game's clock as chosen at the start; ``level``: the computer that plays for a seat out of time."""

    kind: str
    seconds: int
    increment: int = 0
    level: str = ""


@dataclass
class Notice:
    """A seat's time ran out at ``turn``; ``at``: each seat's log length then
    (where its log tells it); ``own``: told to that seat alone (an unseen answer)."""

    seat: int
    turn: int
    at: list[int]
    own: bool = False


@dataclass
class Clock:
    """A game's clock now: each person's bank (a clock per game), the
    deadline of each person whose move it is, and what was told."""

    setting: Setting
    banks: list[float]
    deadlines: dict[int, float]
    #: When the deadlines were last set (banks are charged from then).
    since: float
    #: The game's log length and turn then.
    ply: int
    turn: int
    #: The deadline of the answers being given unseen, when they are; None otherwise.
    answers: float | None = None
    #: Seats told, for their move now, that their time ran out.
    told: list[int] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)

    def dumps(self) -> str:
        data = asdict(self)
        data["deadlines"] = {str(k): v for k, v in self.deadlines.items()}
        return json.dumps(data)

    @classmethod
    def loads(cls, text: str, now: float | None = None) -> "Clock":
        """A clock as the store keeps it; a deadline passed before ``now``
        (the server was down) is moved to a few seconds after it."""
        data = json.loads(text)
        clock = cls(Setting(**data["setting"]), [float(b) for b in data["banks"]],
                    {int(k): float(v) for k, v in data["deadlines"].items()}, float(data["since"]),
                    int(data["ply"]), int(data["turn"]), data.get("answers"), list(data.get("told", [])),
                    [Notice(**n) for n in data.get("notices", [])])
        if now is not None:
            grace = now + min(RESTART_GRACE, clock.setting.seconds)
            clock.deadlines = {s: max(d, grace) if d < now else d for s, d in clock.deadlines.items()}
            if clock.answers is not None and clock.answers < now:
                clock.answers = grace
        return clock


# -- choosing a clock -----------------------------------------------------------------------

# TRANSLATORS: The web table, an answer to the browser; {example} is JSON, kept as it is.
SHAPE = N_("Give the clock as {example}: \"kind\" is \"move\" (each move has its seconds) or \"game\" "
           "(each player has a bank of seconds for the whole game).")


def chosen(data: Any, rules: ClockRules, game: str, seats: list[str], default: str) -> Setting | None:
    """The clock a new game's request asks for (``"clock"``; none when absent
    or null), with its level resolved (``default``: the game's default
    computer player); WebError (400) when it is wrong."""
    if data is None:
        return None
    example = '{"kind": "move", "seconds": 60}'
    if not isinstance(data, dict) or data.get("kind") not in KINDS or set(data) - {"kind", "seconds", "increment",
                                                                                   "level"}:
        raise WebError(400, SHAPE, example=example)
    seconds = data.get("seconds")
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not rules.minimum <= seconds <= rules.maximum:
        # TRANSLATORS: The web table, an answer to the browser; {low} and {high} are numbers.
        raise WebError(400, N_("The clock's seconds must be a whole number from {low} to {high}."),
                       low=rules.minimum, high=rules.maximum)
    increment = data.get("increment", 0)
    if (not isinstance(increment, int) or isinstance(increment, bool) or not 0 <= increment <= rules.increment
            or (increment and data["kind"] != "game")):
        # TRANSLATORS: The web table, an answer to the browser; {high} is a number.
        raise WebError(400, N_("The clock's increment must be a whole number of seconds from 0 to {high}, and "
                               "only for a clock per game."), high=rules.increment)
    bots = registry.bots(game)
    level = data.get("level")
    if level is not None and (not isinstance(level, str) or level not in bots):
        raise WebError(400, N_("No computer player {name}; choose one of {available}."),
                       name=str(level)[:40], available=", ".join(sorted(bots)))
    return Setting(data["kind"], seconds, increment, level or stand_in_level(game, seats, default))


def stand_in_level(game: str, seats: list[str], default: str) -> str:
    """The strongest computer at the table, else ``default``."""
    from ..costs import LEVELS, STRONGEST

    at_table = [s for s in seats if s in registry.bots(game)]
    return max(at_table, key=lambda s: LEVELS.get(s, STRONGEST)) if at_table else default


# -- the clock as the game goes on ----------------------------------------------------------


def started(setting: Setting, game: Any, persons: set[int], hidden: bool, now: float) -> Clock:
    """A new game's clock, its first move's deadlines set."""
    bank = float(setting.seconds) if setting.kind == "game" else 0.0
    fresh = Clock(setting, [bank] * game.players, {}, now, len(game.log), game.turn_number)
    return advanced(fresh, game, persons, hidden, now, new_move=True)


def advanced(clock: Clock, game: Any, persons: set[int], hidden: bool, now: float,
             new_move: bool = False) -> Clock:
    """The clock after ``game`` moved on from the clock's last change:
    the time spent charged to the banks, each move's deadline kept while
    the move goes on, a fresh one for each move begun."""
    setting = clock.setting
    entries = list(game.log[clock.ply:])
    new_move = new_move or any(e.ends_turn for e in entries) or game.turn_number != clock.turn
    waiting = set() if game.outcome is not None else {s for s in game.to_move() if s in persons}
    banks = list(clock.banks)
    spent = max(0.0, now - clock.since)
    for seat in clock.deadlines:
        if setting.kind != "game" or clock.answers is not None:
            continue  # an unseen answer takes nothing from a bank
        banks[seat] = max(0.0, banks[seat] - spent)
        if new_move or seat not in waiting:
            banks[seat] += setting.increment
    deadlines: dict[int, float] = {}
    answers = None
    if hidden:
        # The answers' time runs until all are in, whoever is still to answer (people or not):
        # that it stopped would tell who had answered.
        same = not new_move and clock.answers is not None
        allowed = setting.seconds if setting.kind == "move" else min(ANSWER_SECONDS, setting.seconds)
        answers = clock.answers if same and clock.answers is not None else now + allowed
        deadlines = {s: answers for s in waiting}
    else:
        for seat in waiting:
            kept = not new_move and clock.answers is None and seat in clock.deadlines
            if setting.kind == "game":
                deadlines[seat] = now + banks[seat]
            else:
                deadlines[seat] = clock.deadlines[seat] if kept else now + setting.seconds
    told = [s for s in clock.told if s in deadlines and not new_move]
    return replace(clock, banks=banks, deadlines=deadlines, since=now, ply=len(game.log),
                   turn=game.turn_number, answers=answers, told=told, notices=list(clock.notices))


def hidden_move(game: Any, names: list[str | None]) -> bool:
    """Whether the seats to move now answer unseen: the pages are told
    nobody's move (the table the game declares names no seat to play)."""
    if game.outcome is not None or not game.to_move():
        return False
    from ..presented import style
    from .declared import declared

    moving = game.to_move()
    if len(moving) == 1 and getattr(game.view(moving[0]), "current", None) == moving[0]:
        return False  # the game's views name the one seat to play (Machiavelli, Cicera)
    present = declared(game.variant.game)
    if present is None or present.table is None:
        return False
    view = game.view(moving[0])  # whose move it is, is the same in every view
    drawn = present.table(view, style(names))
    current = drawn.current if drawn.current is not None or drawn.status else getattr(view, "current", None)
    return current is None


# -- the server's side ----------------------------------------------------------------------


class Clocks:
    """The clocks of a server's games: their timers and the computers that
    play for a seat out of time."""

    def __init__(self, server: "Server", rules: ClockRules | None = None) -> None:
        self.server = server
        self.rules = rules if rules is not None else ClockRules()
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._players: dict[tuple[str, int], Any] = {}

    @staticmethod
    def _persons(table: "Table") -> set[int]:
        return {s for s in range(len(table.seats)) if table.is_person(s)}

    def start(self, table: "Table", setting: Setting | None) -> None:
        """Give a game just dealt its clock (before it is kept)."""
        if setting is not None:
            table.clock = started(setting, table.game, self._persons(table), self._hidden(table, table.game),
                                  time.time())

    def _hidden(self, table: "Table", game: Any) -> bool:
        return hidden_move(game, [s.name for s in table.seats])

    def following(self, table: "Table", game: Any) -> Clock | None:
        """The table's clock once ``game`` (a copy of its game, played on) is
        kept; None when it has none or ``game`` has not moved."""
        clock = table.clock
        if clock is None or (len(game.log) == clock.ply and game.outcome is None):
            return None
        return advanced(clock, game, self._persons(table), self._hidden(table, game), time.time())

    def accept(self, table: "Table", clock: Clock | None) -> None:
        """The clock kept with a change: the table's own from now, its timer set again."""
        if clock is None:
            return
        table.clock = clock
        for key in [k for k in self._players if k[0] == table.id and k[1] not in clock.deadlines]:
            del self._players[key]  # its move is over: the next one is planned afresh
        self.schedule(table)

    def late(self, table: "Table", seat: int, now: float | None = None) -> bool:
        """Whether ``seat``'s time for its move now has run out (the computer plays it)."""
        clock = table.clock
        if clock is None or table.game.outcome is not None or seat not in clock.deadlines:
            return False
        now = time.time() if now is None else now
        return clock.deadlines[seat] <= now + EARLY and seat in table.game.to_move()

    def _late_seat(self, table: "Table") -> int | None:
        clock = table.clock
        if clock is None:
            return None
        now = time.time()
        return next((s for s in sorted(clock.deadlines, key=lambda s: clock.deadlines[s])
                     if self.late(table, s, now)), None)

    def schedule(self, table: "Table") -> None:
        """Set the game's timer at its earliest deadline (call on the event loop)."""
        old = self._timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        clock = table.clock
        if clock is None or table.game.outcome is not None or not clock.deadlines:
            return
        delay = max(0.0, min(clock.deadlines.values()) - time.time())
        self._timers[table.id] = asyncio.get_running_loop().call_later(delay, self._due, table)

    def ensure(self, table: "Table") -> None:
        """Set the timer of a game read back from the store, if it has none yet."""
        if table.clock is not None and table.id not in self._timers and table.id not in self._tasks:
            self.schedule(table)

    def _due(self, table: "Table") -> None:
        self._timers.pop(table.id, None)
        task = self._tasks.get(table.id)
        if task is not None and not task.done():
            self._again.add(table.id)
            return
        self._tasks[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    async def stop(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        await cancel_all(self._tasks.values())

    async def _run(self, table: "Table") -> None:
        retry = False
        try:
            for _step in range(MAX_STEPS):
                self._again.discard(table.id)
                seat = self._late_seat(table)
                if seat is None:
                    break
                await self._stand_in(table, seat)
        except StoreError as error:
            log.warning("a move played for a seat out of time in game %s was not kept (%s)", table.id, error)
            retry = True
        except Exception:  # noqa: BLE001 - a broken computer player stops, the game and the server stay
            log.exception("the computer playing for a seat out of time in game %s failed", table.id)
        finally:
            self._tasks.pop(table.id, None)
        if retry:
            asyncio.get_running_loop().call_later(RETRY, self._due, table)
        elif table.clock is not None and table.clock.deadlines and table.id not in self._timers:
            # A deadline still ahead (a timer that fired a moment early, or set while this ran).
            if min(table.clock.deadlines.values()) > time.time() or table.id in self._again:
                self.schedule(table)

    def _player(self, table: "Table", seat: int) -> Any:
        key = (table.id, seat)
        if key not in self._players:
            level = table.clock.setting.level if table.clock is not None else ""
            self._players[key] = registry.make_bot(level, bot_seed(table.game.seed, seat), table.variant.game)
        return self._players[key]

    async def _stand_in(self, table: "Table", seat: int) -> None:
        """One move of the computer playing for ``seat``, timed as every
        computer move is (:meth:`.computers.Computers._step`: shown a fixed
        pause after it began, whatever its thinking took)."""
        computers = self.server.computers
        loop = asyncio.get_running_loop()
        due = loop.time() + computers.pause
        async with computers.lock(table):
            if not self.late(table, seat):
                return
            self._tell(table, seat)
            moved = await self._plan(table, seat)
            game, plies = table.game, len(table.game.log)
        wait = due - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        async with computers.lock(table):
            if table.game is not game or len(table.game.log) != plies:
                self._players.pop((table.id, seat), None)
                return
            try:
                await self.server.commit(table, moved)
            except StoreError:
                self._players.pop((table.id, seat), None)
                raise
        computers.wake(table)

    def _tell(self, table: "Table", seat: int) -> None:
        """Say, once per move, that the seat's time ran out (kept with the next change)."""
        clock = table.clock
        if clock is None or seat in clock.told:
            return
        clock.told.append(seat)
        at = [len(table.game.view(s).log) for s in range(len(table.seats))]
        clock.notices = (clock.notices + [Notice(seat, table.game.turn_number, at, clock.answers is not None)])[
            -MAX_NOTICES:]
        self.server.push(table)

    async def _plan(self, table: "Table", seat: int) -> Any:
        player = self._player(table, seat)
        why = ""
        try:
            action = await self.server.computers.pool.choose(player, table.game, seat)
            return table.tried(action, seat)
        except IllegalAction as error:
            why = error.code
        except OutOfTime:
            why = "out-of-time"
        except Exception as error:  # noqa: BLE001 - a computer player's bug must not stop the game
            log.exception("the computer playing for seat %d of game %s failed", seat, table.id)
            why = type(error).__name__
        self._players.pop((table.id, seat), None)
        instead = await anyio.to_thread.run_sync(fallback_action, table.game, seat)
        tell(table.game, seat, table.clock.setting.level if table.clock else "", why, instead)
        return table.tried(instead, seat)

    # -- what the pages are shown ------------------------------------------------------------

    def shown(self, table: "Table") -> dict[str, Any] | None:
        """The clock as every seat (and the watch link) sees it now: the same
        for all, each person's time left, whose clock runs; None without a clock."""
        clock = table.clock
        if clock is None:
            return None
        self.ensure(table)
        now = time.time()
        setting = clock.setting
        over = table.game.outcome is not None
        seats = []
        for seat in sorted(self._persons(table)):
            running = not over and clock.answers is None and seat in clock.deadlines
            if setting.kind == "game":
                left = clock.deadlines[seat] - now if running else clock.banks[seat]
            else:
                left = clock.deadlines[seat] - now if running else float(setting.seconds)
            seats.append({"seat": seat, "left": round(max(0.0, left), 2), "running": running})
        answers = None if over or clock.answers is None else round(max(0.0, clock.answers - now), 2)
        return {"kind": setting.kind, "seconds": setting.seconds, "increment": setting.increment,
                "level": setting.level, "seats": seats, "answers": answers,
                "low": min(10.0, setting.seconds / 4)}

    def told(self, table: "Table", seat: int, data: dict[str, Any]) -> None:
        """Put each time-out into the seat's log (``data``, its view, in the
        language in force) where it happened: the notices it may read."""
        clock = table.clock
        log_entries = data.get("log")
        if clock is None or not clock.notices or not isinstance(log_entries, list):
            return
        total = len(table.game.view(seat).log)
        first = total - len(log_entries)  # the view carries the newest entries only
        names = [s.name for s in table.seats]
        placed = []
        for notice in clock.notices:
            if notice.own and notice.seat != seat:
                continue
            if notice.seat == seat:
                text = _("Your time ran out: the computer played for you.")
            else:
                # TRANSLATORS: The web table's log; {player} is a player's name.
                text = _("Time ran out for {player}: the computer played for them.",
                         player=player_name(notice.seat, names))
            at = notice.at[seat] if seat < len(notice.at) else total
            if at >= first:
                placed.append((at - first, {"seat": notice.seat, "turn": notice.turn, "text": text, "clock": True}))
        for offset, (at, entry) in enumerate(placed):
            log_entries.insert(at + offset, entry)
