"""cancel_all (app/web/tasks.py): what the server's stop does to its background tasks."""

from __future__ import annotations

import asyncio

from machiavelli.app.web.tasks import cancel_all


def test_every_task_is_cancelled_and_waited_for_whatever_it_raises():
    async def main():
        owner: dict[str, asyncio.Task[None]] = {}
        cleaned: list[str] = []

        async def forever(key: str) -> None:
            try:
                await asyncio.sleep(3600)
            finally:
                del owner[key]  # as the web table's tasks do when they end
                cleaned.append(key)

        async def failing() -> None:
            try:
                await asyncio.sleep(3600)
            finally:
                raise RuntimeError("broken on the way out")

        owner["a"] = asyncio.create_task(forever("a"))
        owner["b"] = asyncio.create_task(forever("b"))
        broken = asyncio.create_task(failing())
        tasks = [owner["a"], owner["b"], broken]
        await asyncio.sleep(0)
        await cancel_all([*owner.values(), broken])
        return tasks, cleaned, owner

    tasks, cleaned, owner = asyncio.run(main())
    assert all(task.done() for task in tasks) and sorted(cleaned) == ["a", "b"] and not owner
