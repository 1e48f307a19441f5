"""Background tasks of the web table, stopped when the server shuts down."""

from __future__ import annotations

import asyncio
from typing import Iterable


async def cancel_all(tasks: Iterable[asyncio.Task[None]]) -> None:
    """Cancel every task, then wait for each to finish; whatever they raise
    is dropped (the server is stopping: there is nobody left to tell)."""
    # A list first: a task may take itself out of its owner's dict as it ends.
    tasks = list(tasks)
    for task in tasks:
        task.cancel()
    for task in tasks:
        try:
            await task
        except (asyncio.CancelledError, Exception):  # noqa: BLE001 - stopping: nothing left to tell
            pass
