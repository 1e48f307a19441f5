"""The worker threads in which the web table's computer players think.

Every game whose computers are to move asks for one move at a time, and
the pool serves the asks in the order they came: a game that thinks long
waits its turn like the others and cannot hold more than one worker. Each
move has a time budget (:mod:`machiavelli.core.budget`): the solver stops
when it is spent, and a move that does not come back in time is given up
(its thread's answer is dropped) so that the game's caller plays a cheaper
legal move instead.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from machiavelli.core import budget

#: Extra seconds a move that does not watch its budget is waited for.
GRACE = 1.0


class OutOfTime(Exception):
    """The move was not chosen within its budget."""


class Pool:
    """``workers`` threads for computer moves, ``seconds`` of budget per move (None: no limit)."""

    def __init__(self, workers: int = 2, seconds: float | None = 5.0) -> None:
        self.seconds = seconds
        self._executor = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="computer")

    async def choose(self, player: Any, game: Any, seat: int) -> Any:
        """The player's move for ``seat``; raises :class:`OutOfTime` past the
        budget (counted from when a worker takes it up), or what the player raised."""
        loop = asyncio.get_running_loop()
        started = asyncio.Event()

        def think() -> Any:
            loop.call_soon_threadsafe(started.set)
            with budget.within(self.seconds):
                return player.choose(game.view(seat))

        future = asyncio.ensure_future(loop.run_in_executor(self._executor, think))
        try:
            if self.seconds is None:
                return await future
            waiting = asyncio.ensure_future(started.wait())
            await asyncio.wait({future, waiting}, return_when=asyncio.FIRST_COMPLETED)
            waiting.cancel()
            return await asyncio.wait_for(asyncio.shield(future), self.seconds + GRACE)
        except (asyncio.TimeoutError, budget.OutOfTime):
            raise OutOfTime() from None

    def close(self) -> None:
        # Threads still thinking are not waited for: their answers are not wanted.
        self._executor.shutdown(wait=False, cancel_futures=True)

