"""Running many simulated games: in this process, in a pool of local
processes, or on a Dask cluster.

The games of a run are cut into batches (``run_batch(plan, start, stop)``
from :mod:`machiavelli.core.simulate`); whoever plays a batch, game ``i`` has the seed
derived from the master seed and ``i``, and the results are put back in
game order, so the figures never depend on ``--jobs`` or the backend.
Batches come back in whatever order they finish: ``on_batch`` sees each one
as it arrives (progress bars, writing records) in the calling process.

Dask and matplotlib are optional extras, imported only when asked for.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import uuid
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Sequence

from machiavelli.core.errors import RecordError
from machiavelli.core.files import os_why
from machiavelli.core.simulate import GameSummary, Plan, run_batch

#: Most games in one batch: small enough for a smooth progress bar and an
#: even spread over workers, large enough that shipping a batch costs
#: nothing next to playing it.
MAX_BATCH = 100
#: Batches per worker a run aims at, so that slow batches even out.
BATCHES_PER_WORKER = 8

#: How long to keep trying to reach a Dask scheduler.
DASK_CONNECT_TIMEOUT = "10s"

OnBatch = Callable[[int, list[GameSummary]], None]


class MissingExtra(Exception):
    """An optional dependency is not installed (``extra`` names the pip extra)."""

    def __init__(self, extra: str, module: str) -> None:
        super().__init__(extra)
        self.extra, self.module = extra, module


class BackendError(Exception):
    """The Dask cluster could not be reached or failed (``detail``)."""

    def __init__(self, address: str, detail: str) -> None:
        super().__init__(detail)
        self.address, self.detail = address, detail


class GameFailed(Exception):
    """A simulated game could not be finished: a bot's bug, reproducible
    from the variant, the seats and the game's seed."""

    def __init__(self, variant: str, summary: GameSummary) -> None:
        super().__init__(summary.error)
        self.variant, self.summary = variant, summary


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def batch_size(games: int, workers: int) -> int:
    return max(1, min(MAX_BATCH, games // max(1, workers * BATCHES_PER_WORKER)))


def batches(games: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(start + size, games)) for start in range(0, games, size)]


@dataclass(frozen=True)
class _Task:
    plan_index: int
    start: int
    stop: int


def run(plans: Sequence[Plan], games: int, *, jobs: int = 1, dask: str | None = None,
        on_batch: OnBatch | None = None) -> list[list[GameSummary]]:
    """Play ``games`` games of every plan; the summaries of each plan in game
    order (records dropped from them: ``on_batch`` sees them first). Raises
    GameFailed on the first game a bot could not finish."""
    results: list[list[GameSummary]] = [[] for _ in plans]

    def arrived(task: _Task, summaries: list[GameSummary]) -> None:
        name = plans[task.plan_index].variant.name
        for s in summaries:
            if s.error is not None:
                raise GameFailed(name, s)
        if on_batch is not None:
            on_batch(task.plan_index, summaries)
        results[task.plan_index].extend(replace(s, record=None) if s.record else s for s in summaries)

    if dask is not None:
        _run_dask(plans, games, dask, arrived)
    else:
        size = batch_size(games, jobs)
        tasks = [_Task(p, a, b) for p in range(len(plans)) for a, b in batches(games, size)]
        if jobs <= 1 or len(tasks) == 1:
            for t in tasks:
                arrived(t, run_batch(plans[t.plan_index], t.start, t.stop))
        else:
            _run_pool(plans, tasks, jobs, arrived)
    for games_of_plan in results:
        games_of_plan.sort(key=lambda s: s.index)
    return results


def _worker_start() -> None:
    # Ctrl-C is the parent's to handle: it stops the workers itself, so they
    # must not each print a traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(plans: Sequence[Plan], tasks: list[_Task], jobs: int,
              arrived: Callable[[_Task, list[GameSummary]], None]) -> None:
    # "spawn" everywhere: the same behaviour on every platform, and no fork
    # of a process that runs a progress-bar thread.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=context, initializer=_worker_start)
    try:
        futures = {pool.submit(run_batch, plans[t.plan_index], t.start, t.stop): t for t in tasks}
        for future in as_completed(futures):
            arrived(futures[future], future.result())
    except BaseException:
        # Interrupted, or a game failed: stop at once rather than finish
        # the batches under way (with solver players that takes a while).
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _run_dask(plans: Sequence[Plan], games: int, address: str,
              arrived: Callable[[_Task, list[GameSummary]], None]) -> None:
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:
        raise MissingExtra("dask", "distributed") from None
    try:
        client = Client(address, set_as_default=False, timeout=DASK_CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise BackendError(address, str(exc) or type(exc).__name__) from None
    run_id = uuid.uuid4().hex[:12]
    futures = []
    try:
        workers = max(1, sum(client.nthreads().values()))
        size = batch_size(games, workers)
        tasks: dict[str, _Task] = {}
        for p, plan in enumerate(plans):
            # Sent once to every worker, not once per batch.
            shared = client.scatter(plan, broadcast=True, hash=False)
            for a, b in batches(games, size):
                key = f"machiavelli-{run_id}-{p}-{a}"
                tasks[key] = _Task(p, a, b)
                futures.append(client.submit(run_batch, shared, a, b, key=key, pure=False))
        for future, summaries in dask_completed(futures, with_results=True, loop=client.loop):
            arrived(tasks[future.key], summaries)
    except (GameFailed, KeyboardInterrupt):
        raise
    except Exception as exc:
        raise BackendError(address, f"{type(exc).__name__}: {exc}") from None
    finally:
        for future in futures:
            future.cancel()
        client.close()


# -- game records ------------------------------------------------------------------


class RecordFolder:
    """Writes every simulated game as ``<variant>-<index>.json`` in a folder,
    never over an existing file unless ``force``."""

    def __init__(self, folder: Path, names: Sequence[str], games: int, *, force: bool = False) -> None:
        self.folder = Path(folder)
        self.width = max(6, len(str(games - 1)))
        self.force = force
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise RecordError("cannot-write", file=str(folder), detail="not a folder") from None
        except OSError as exc:
            raise RecordError("cannot-write", file=str(folder), detail=exc.strerror or str(exc),
                              why=os_why(exc, writing=True)) from None
        try:
            present = set(os.listdir(self.folder))
        except OSError as exc:
            raise RecordError("cannot-write", file=str(folder), detail=exc.strerror or str(exc),
                              why=os_why(exc, writing=True)) from None
        for name in names:
            for index in range(games):
                file = self.path(name, index)
                if file.name not in present:
                    continue
                if not force:
                    raise RecordError("file-exists", file=str(file))
                # Before any game: with --force too, a link or a pipe is never written.
                self._refuse_special(file)

    @staticmethod
    def _refuse_special(file: Path) -> None:
        from machiavelli.core.writing import refuse_special

        try:
            refuse_special(file)
        except OSError as exc:
            raise RecordError("cannot-write", file=str(file), detail=exc.strerror or str(exc),
                              why=os_why(exc, writing=True)) from None

    def path(self, variant: str, index: int) -> Path:
        return self.folder / f"{variant}-{index:0{self.width}d}.json"

    def write(self, variant: str, summary: GameSummary) -> None:
        from machiavelli.core.writing import write_atomically

        path = self.path(variant, summary.index)
        try:
            # Atomically: a full disk leaves the old record whole, not half of the new one.
            write_atomically(path, summary.record or "", replace=self.force)
        except FileExistsError:
            raise RecordError("file-exists", file=str(path)) from None
        except OSError as exc:
            raise RecordError("cannot-write", file=str(path), detail=exc.strerror or str(exc),
                              why=os_why(exc, writing=True)) from None
