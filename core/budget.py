"""A time budget for one computer move, kept per thread.

A thread that thinks for a computer player may be given a deadline
(:func:`within`); long searches call :func:`check` now and then, which
raises :class:`OutOfTime` once the deadline has passed. The move's caller
then plays a cheaper legal move (:mod:`.fallback`). Without a deadline
:func:`check` costs one attribute lookup, so simulations are unchanged.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

_local = threading.local()


class OutOfTime(Exception):
    """The computer player's move ran past its time budget."""


@contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Think under a deadline ``seconds`` from now (None: none) in this thread."""
    previous = getattr(_local, "deadline", None)
    _local.deadline = None if seconds is None else time.monotonic() + seconds
    try:
        yield
    finally:
        _local.deadline = previous


def check() -> None:
    """Raise :class:`OutOfTime` when this thread's deadline has passed."""
    deadline = getattr(_local, "deadline", None)
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTime()
