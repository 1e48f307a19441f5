"""What every request of the web table shares: refusals in one translated
sentence (:class:`WebError`), bounded JSON bodies, and the rule that only
the server's own pages may change a game."""

from __future__ import annotations

import ipaddress
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from machiavelli.core.errors import MachiavelliError
from machiavelli.core.i18n import N_, _

from ..reasons import describe
from .speaking import speaking

if TYPE_CHECKING:
    from .server import Server

#: The largest request body read (a command, a new game's settings).
MAX_BODY = 16 * 1024


class WebError(Exception):
    """A request refused with ``status`` and one sentence: its English
    message (marked with N_) and values, translated when the answer is written."""

    def __init__(self, status: int, message: str, **params: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.params = params

    def text(self) -> str:
        return _(self.message, **self.params) if self.params else _(self.message)


def forbidden() -> WebError:
    return WebError(403, N_("This link is not valid for any game here."))


async def body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to MAX_BODY bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise WebError(413, N_("The request is too large."))
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise WebError(413, N_("The request is too large."))
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise WebError(400, N_("The request is not JSON.")) from None
    if not isinstance(data, dict):
        raise WebError(400, N_("The request is not a JSON object."))
    return data


def loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def same_origin(request: Request) -> bool:
    """Whether a browser request comes from this server's own pages (a page
    of another site may not start games or move cards here). Requests
    without an Origin header come from scripts, not from another site's page."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == request.headers.get("host", "")


def refusal(status: int, reason: str) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


def handled(handler):
    """Turn WebError and the program's errors into one translated sentence and a 4xx status."""
    async def wrapper(request: Request) -> Response:
        server: Server = request.app.state.server
        try:
            if request.method == "POST" and not same_origin(request):
                raise WebError(403, N_("Only this server's own pages may send moves."))
            return await handler(request, server)
        except WebError as exc:
            with speaking(server.lang_of(request)):
                return refusal(exc.status, exc.text())
        except MachiavelliError as exc:
            with speaking(server.lang_of(request)):
                return refusal(400, describe(exc))
    wrapper.__name__ = handler.__name__
    return wrapper


