"""What one web server gives any client at most, and the settings that change it.

Each limit has a default, an environment variable and a ``serve`` option
(the option wins); the README's Security section lists them:

- ``header_timeout``: seconds a connection may take to send a request's
  headers (from its opening, or from the end of its last answer), else it is
  closed. uvicorn has no such timeout: :class:`GuardedH11` adds it.
- ``idle_timeout``: seconds a kept-alive connection may wait for its next request.
- ``connections``: most open connections; past it, the oldest one still
  sending its headers is closed to make room (else the new one is).
- ``sockets_per_seat``: most live pages of one seat; the oldest is closed.
- ``max_cost``: most a new game may ask of the computers (see :mod:`..costs`).
- ``move_budget``, ``workers``: the computer players' pool (see :mod:`.pool`).
"""

from __future__ import annotations

import asyncio
import os
import socket
from contextlib import suppress
from collections import OrderedDict
from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from ..costs import MAX_COST

from uvicorn.protocols.http.h11_impl import H11Protocol

#: The environment variable of each limit.
ENV = {
    "header_timeout": "MACHIAVELLI_HEADER_TIMEOUT",
    "idle_timeout": "MACHIAVELLI_IDLE_TIMEOUT",
    "connections": "MACHIAVELLI_MAX_CONNECTIONS",
    "sockets_per_seat": "MACHIAVELLI_SOCKETS_PER_SEAT",
    "max_cost": "MACHIAVELLI_MAX_COST",
    "move_budget": "MACHIAVELLI_MOVE_BUDGET",
    "workers": "MACHIAVELLI_COMPUTER_WORKERS",
}

#: Most bytes of a request's line and headers (h11's own default is 16 kB too).
MAX_HEADER_BYTES = 16 * 1024
#: Close code sent to a live page closed to make room for a newer one of its seat.
REPLACED = 4008
#: Close code sent to a live page whose seat was given a new link.
REISSUED = 4403


@dataclass(frozen=True)
class Limits:
    header_timeout: float = 10.0
    idle_timeout: float = 5.0
    connections: int = 1000
    sockets_per_seat: int = 8
    max_cost: int = MAX_COST
    move_budget: float = 5.0
    workers: int = 2

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **given: Any) -> "Limits":
        """The defaults, then the environment, then ``given`` (the options; None: not given).
        Raises ValueError naming the variable of a value that is no number or not above 0."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            kind = int if f.type in ("int", int) else float
            text = environ.get(ENV[f.name])
            if given.get(f.name) is not None:
                values[f.name] = kind(given[f.name])
            elif text:
                try:
                    values[f.name] = kind(text)
                except ValueError:
                    raise ValueError(ENV[f.name]) from None
            else:
                continue
            if not values[f.name] > 0:
                raise ValueError(ENV[f.name] if given.get(f.name) is None else f.name)
        return replace(cls(), **values)


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for a request's headers
    and a cap on open connections (the limits set by :func:`config`)."""

    limits = Limits()
    #: Connections waiting for a request's headers, oldest first (all servers of the process).
    waiting: "OrderedDict[GuardedH11, None]" = OrderedDict()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        _no_delay(transport)
        if len(self.connections) > self.limits.connections:
            # Full: make room by letting go of the oldest that has not even asked
            # for anything yet; when every connection is busy, this one goes.
            oldest = next(iter(self.waiting), None)
            if oldest is None:
                transport.close()
                return
            oldest._give_up()
        self._await_headers()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._await_headers()

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and not self.cycle.response_complete:
            self.waiting.pop(self, None)  # a request came: its headers are in

    def handle_websocket_upgrade(self, event: Any) -> None:
        self.waiting.pop(self, None)  # a live page from now on: the seat's cap looks after it
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self.waiting.pop(self, None)
        super().connection_lost(exc)

    def _await_headers(self) -> None:
        self.waiting[self] = None
        self.loop.call_later(self.limits.header_timeout, self._headers_due, self.cycle)

    def _headers_due(self, cycle: Any) -> None:
        # Still no new request since the deadline was set, and not handed to a websocket.
        if self in self.waiting and self.cycle is cycle and self.transport.get_protocol() is self:
            self._give_up()

    def _give_up(self) -> None:
        self.waiting.pop(self, None)
        if not self.transport.is_closing():
            self.transport.close()


def _no_delay(transport: asyncio.Transport) -> None:
    """TCP_NODELAY on an accepted connection. asyncio sets it only on sockets
    made with IPPROTO_TCP, and a listening socket made by ``socket.create_server``
    (or uvicorn's own) has protocol 0: without it, every answer after the first
    on a kept-alive connection waited for the peer's delayed ACK (about 40 ms)."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def config(app: Any, limits: Limits, **more: Any) -> Any:
    """uvicorn's settings for ``app`` under ``limits``."""
    import uvicorn

    guarded = type("GuardedH11", (GuardedH11,), {"limits": limits, "waiting": OrderedDict()})
    return uvicorn.Config(app, http=guarded, timeout_keep_alive=max(1, round(limits.idle_timeout)),
                          limit_concurrency=limits.connections + 10, h11_max_incomplete_event_size=MAX_HEADER_BYTES,
                          **more)
