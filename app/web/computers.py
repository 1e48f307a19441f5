"""The computer players of the web table, off the event loop.

Each game whose computers are to move gets one background task: the
computer thinks in a worker thread, the task applies its action on the
event loop on a copy of the game, commits it to the store (in a worker
thread), and only then makes it on the game and pushes it to every open
page. A short pause before each computer move lets people follow.

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

from .store import StoreError
from .tables import MAX_BOT_STEPS, Table

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger(__name__)

#: Seconds between two computer moves unless the server is told otherwise.
PAUSE = 0.6
#: Seconds before a computer tries again a move the store could not keep.
RETRY = 10.0


class Computers:
    """The background tasks that play the computer seats, one per game."""

    def __init__(self, server: "Server", pause: float = PAUSE) -> None:
        self.server = server
        self.pause = max(0.0, pause)
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
        for task in list(self._tasks.values()):
            task.cancel()
        for task in list(self._tasks.values()):
            try:
                await task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - stopping: nothing left to tell
                pass

    async def _run(self, table: Table) -> None:
        steps = 0
        try:
            while steps < MAX_BOT_STEPS:
                self._again.discard(table.id)
                if table.computer_to_move() is None:
                    if table.id in self._again:
                        continue
                    break
                if self.pause:
                    await asyncio.sleep(self.pause)
                await self._step(table)
                steps += 1
        except StoreError as error:
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
        """One computer move: thought out in a worker thread, under the game's lock.

        The computer reads the live game (its plan for a turn follows the
        game as it changes), so nothing may change it while it thinks:
        requests wait for the lock without holding up the event loop, and
        get it at the latest in the pause before the next computer move."""
        async with self.lock(table):
            seat = table.computer_to_move()
            if seat is None:
                return
            player = table.bot(seat)
            action = await anyio.to_thread.run_sync(_choose, player, table.game, seat)
            try:
                moved = table.tried(action, seat)
            except IllegalAction as error:
                rejected = getattr(player, "rejected", None)
                if rejected is None:
                    raise
                rejected(error)
                return
            try:
                await self.server.commit(table, moved)
            except StoreError:
                # Its plan counted on that move: a new player plans from the game as it is.
                table.forget_bot(seat)
                raise


def _choose(player: Any, game: Any, seat: int) -> Any:
    return player.choose(game.view(seat))
