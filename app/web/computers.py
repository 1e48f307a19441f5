"""The computer players of the web table, off the event loop.

Each game whose computers are to move gets one background task: the
computer thinks in a worker thread of the pool (:mod:`.pool`: one move
at a time per game, a time budget per move), the task applies its action
on the event loop on a copy of the game, commits it to the store (in a
worker thread), and only then makes it on the game and pushes it to every
open page. Each computer move is shown a fixed pause after it was begun
(see :meth:`Computers._step`), so that people can follow and its timing tells nothing.

A game's state changes under its lock (:meth:`Computers.lock`), held by
one request or one task at a time, from the change until the store has
committed it: two quick requests cannot interleave, and the pages are told
only what is saved. Translation stays on the event loop (the catalogs are
process-wide); the worker threads only think and commit.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from machiavelli.core.errors import IllegalAction
from machiavelli.core.fallback import fallback_action, tell

from .pool import OutOfTime, Pool
from .store import StoreError
from .tasks import cancel_all
from .tables import MAX_BOT_STEPS, Table

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger(__name__)

#: Seconds between two computer moves unless the server is told otherwise.
PAUSE = 0.6
#: Seconds before a computer move the store could not keep is tried again.
RETRY = 10.0


class Computers:
    """The background tasks that play the computer seats, one per game."""

    def __init__(self, server: "Server", pause: float = PAUSE, pool: Pool | None = None) -> None:
        self.server = server
        self.pause = max(0.0, pause)
        self.pool = pool if pool is not None else Pool()
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        #: Games woken while their task was running: it looks again before stopping.
        self._again: set[str] = set()
        self._idle = threading.Condition()

    def lock(self, table: Table) -> asyncio.Lock:
        """The lock under which ``table``'s game changes and is saved."""
        return self._locks.setdefault(table.id, asyncio.Lock())

    def wake(self, table: Table) -> None:
        """Let the computers of ``table`` move if they are to (call on the event loop)."""
        if table.computer_to_move() is None and table.id not in self._tasks:
            return
        task = self._tasks.get(table.id)
        if task is not None and not task.done():
            self._again.add(table.id)
            return
        with self._idle:
            self._tasks[table.id] = asyncio.get_running_loop().create_task(self._run(table))

    def busy(self, game_id: str | None = None) -> bool:
        with self._idle:
            return bool(self._tasks) if game_id is None else game_id in self._tasks

    def settled(self, timeout: float = 30.0) -> bool:
        """Wait (from another thread) until no computer is playing; whether that happened in time."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._tasks, timeout)

    async def stop(self) -> None:
        await cancel_all(self._tasks.values())
        self.pool.close()

    async def _run(self, table: Table) -> None:
        steps = 0
        try:
            while steps < MAX_BOT_STEPS:
                self._again.discard(table.id)
                if table.computer_to_move() is None:
                    if table.id in self._again:
                        continue
                    break
                await self._step(table)
                steps += 1
        except StoreError as error:
            if error.stale and self.server.tables.refresh(table):
                # The store holds a later state (kept by a server that held the game before): go on from it.
                log.warning("game %s was changed elsewhere; its computers go on from the stored state", table.id)
                asyncio.get_running_loop().call_soon(self.wake, table)
                return
            # The move was not kept (a full disk): the game is as it was; try again later.
            log.warning("computer move of game %s not kept (%s); trying again in %s s", table.id, error, RETRY)
            asyncio.get_running_loop().call_later(RETRY, self.wake, table)
        except Exception:  # noqa: BLE001 - a broken computer player stops, the game and the server stay
            log.exception("computer player of game %s failed", table.id)
        finally:
            with self._idle:
                self._tasks.pop(table.id, None)
                self._idle.notify_all()

    async def _step(self, table: Table) -> None:
        """One computer move: thought out in the pool (:mod:`.pool`), under the
        game's lock, then shown ``pause`` seconds after it was begun.

        The computer reads the live game (its plan for a turn follows the
        game as it changes), so nothing may change it while it thinks:
        requests wait for the lock without holding up the event loop.
        The time a move takes to think depends on the hands (and, in Sì Sè
        Pái, on the hidden answers): a pause after the thinking would show
        it. So the move is committed at a fixed time from its start, the
        pause, whatever the thinking took (up to the pause; a move that
        thinks longer shows at once, bounded by the pool's budget), and the
        lock is let go while it waits: people's requests are served then.
        A move refused, failed or out of time is logged and replaced by a
        legal one (:func:`~machiavelli.core.fallback.fallback_action`):
        a game's computers never stop for it."""
        loop = asyncio.get_running_loop()
        due = loop.time() + self.pause
        async with self.lock(table):
            planned = await self._plan(table)
            if planned is None:
                return
            if not self.pause:
                await self._commit(table, *planned)
                return
            seat, moved = planned
            game, plies = table.game, len(table.game.log)
        wait = due - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        async with self.lock(table):
            if table.game is not game or len(table.game.log) != plies:
                # Someone moved while it waited (a Sì Sè Pái answer, a refresh): it plans again.
                table.forget_bot(seat)
                return
            await self._commit(table, seat, moved)

    async def _plan(self, table: Table) -> tuple[int, Any] | None:
        """The next computer's move tried on a copy (under the game's lock), or None when none is to move."""
        seat = table.computer_to_move()
        if seat is None:
            return None
        player = table.bot(seat)
        why = ""
        moved = None
        try:
            action = await self.pool.choose(player, table.game, seat)
            moved = table.tried(action, seat)
        except IllegalAction as error:
            why = error.code
        except OutOfTime:
            why = "out-of-time"
        except Exception as error:  # noqa: BLE001 - a computer player's bug must not stop its game
            log.exception("computer player of game %s failed", table.id)
            why = type(error).__name__
        if moved is None:
            # Its plan went astray: a new player of the same name takes the seat and plans afresh.
            table.forget_bot(seat)
            instead = await anyio.to_thread.run_sync(fallback_action, table.game, seat)
            tell(table.game, seat, table.seats[seat].player, why, instead)
            moved = table.tried(instead, seat)
        return seat, moved

    async def _commit(self, table: Table, seat: int, moved: Any) -> None:
        try:
            await self.server.commit(table, moved)
        except StoreError:
            # Its plan counted on that move: a new player plans from the game as it is.
            table.forget_bot(seat)
            raise
