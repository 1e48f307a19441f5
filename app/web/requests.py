"""What every request of the web table shares: refusals in one translated
sentence (:class:`WebError`), bounded JSON bodies, and the rule that only
the server's own pages may change a game."""

from __future__ import annotations

import ipaddress
import json
from typing import TYPE_CHECKING, Any, Awaitable, Callable
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from machiavelli.core.errors import MachiavelliError
from machiavelli.core.i18n import N_, _
from machiavelli.core.variant import split_call

from .. import library
from machiavelli.core.reasons import describe
from .speaking import speaking

if TYPE_CHECKING:
    from .server import Server

#: The largest request body read (a command, a new game's settings).
MAX_BODY = 16 * 1024
#: The longest variant a request may name (a name, or its one-line form with house rules).
MAX_VARIANT = 200


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
    """The request's JSON object, read up to MAX_BODY bytes; 415 for a body
    sent as anything but JSON (a form or ``text/plain``, which another site's
    page may send without asking the browser first)."""
    length = request.headers.get("content-length")
    # ASCII digits only, and few: "²" is a digit to str.isdigit, and int() refuses thousands of digits.
    if length is not None and (not (length.isascii() and length.isdigit()) or len(length) > 9
                               or int(length) > MAX_BODY):
        raise WebError(413, N_("The request is too large."))
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        # TRANSLATORS: The web table, an answer to a program; "application/json" stays as it is.
        raise WebError(415, N_("Send the request as JSON (Content-Type: application/json)."))
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
    try:
        # JSON may escape a lone surrogate ("\\ud800"): no answer, name or record could be written with it.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise WebError(400, N_("The request is not JSON.")) from None
    return data


def variant_named(name: object, default: str) -> Any:
    """The variant a request names: a variant known by name, or its one-line
    form (``bga(hand_size=13)``); never a file. The terminal also reads a
    path or a file in the current folder, but a request comes from a
    stranger, who could thus read the server's files through the error messages."""
    name = name or default
    if not isinstance(name, str) or len(name) > MAX_VARIANT or not name.isprintable():
        raise WebError(400, N_("Choose a variant by its name."))
    call = split_call(name)
    base, overrides = call if call is not None else (name, [])
    if base not in library.index():
        raise library._unknown(base[:60])
    return library.load_variant(base, overrides)


def loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def local_host(host: str) -> bool:
    """Whether a Host header names this computer (``localhost``, a loopback address, any port)."""
    name = urlsplit("//" + host).hostname or ""
    return name == "localhost" or loopback(name)


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


def handled(handler: Callable[[Request, Server], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
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
                return refusal(400, describe(exc, more=False))  # no hint about server files
    wrapper.__name__ = handler.__name__
    return wrapper


