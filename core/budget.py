"""A time budget for one computer move, kept per thread.

A thread that thinks for a computer player may be given a deadline
(:func:`within`); long searches call :func:`check` now and then (when
:data:`active`), which raises :class:`OutOfTime` once the deadline has
passed. The move's caller then plays a cheaper legal move (:mod:`.fallback`). Without any deadline
the searches pay one module attribute lookup, so simulations are unchanged.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

_local = threading.local()
#: Deadlines in force in any thread: hot loops test it before calling :func:`check`.
active = 0
_count = threading.Lock()


class OutOfTime(Exception):
    """The computer player's move ran past its time budget."""


@contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Think under a deadline ``seconds`` from now (None: none) in this thread."""
    global active
    previous = getattr(_local, "deadline", None)
    _local.deadline = None if seconds is None else time.monotonic() + seconds
    counted = 1 if seconds is not None else 0
    with _count:
        active += counted
    try:
        yield
    finally:
        _local.deadline = previous
        with _count:
            active -= counted


def check() -> None:
    """Raise :class:`OutOfTime` when this thread's deadline has passed."""
    deadline = getattr(_local, "deadline", None)
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTime()
