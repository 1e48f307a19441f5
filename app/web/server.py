"""The web table's ASGI application: pages, the JSON API and live updates.

API (the page uses nothing else; seats count from 0):

- ``POST /api/games`` ``{"variant": "bga", "seats": ["human", "friend", "club"], "lang": "it"}``:
  ``{"id", "seats": [{"seat", "player", "link", "token"}]}`` (computer seats have no link).
- ``GET /api/games/{id}/view?token=T``: that seat's view (``seat``, ``hand`` as card codes,
  ``others`` with card counts only, ``table``, ``deck``, ``to_play``, ``result``...).
- ``POST /api/games/{id}/actions?token=T`` ``{"command": "play 5C 6C 7C"}``: the terminal's
  command words; the new view, or 422 with the reason.
- ``GET /api/games/{id}/record?token=T``: the record, once the game is over.
- ``WS /api/games/{id}/live?token=T``: the seat's view now and after every change.

A wrong token, or a game that does not exist, gets 403 and the same words.
Every handler is ``async`` and translates without awaiting (see :mod:`.speaking`).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from machiavelli.core import registry
from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError
from machiavelli.core.i18n import N_, _

from .. import guide, hand_order, hints, library
from ..reasons import ACTION_REASONS, action_reason, describe, meld_reason
from ..words import CardReader, problem, read_line
from . import pages
from .seat_json import isolated, level_name, seat_json
from .speaking import choose, known, speaking
from .tables import FRIEND, HUMAN, Table, Tables, TableError

STATIC = Path(__file__).resolve().parent / "static"
#: The largest request body read (a command, a new game's settings).
MAX_BODY = 16 * 1024
#: Most seats a game may have in the browser.
MAX_SEATS = 16

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


def _forbidden() -> WebError:
    return WebError(403, N_("This link is not valid for any game here."))


class Server:
    """The application's state: the tables, the default language and the
    open live connections (per game: socket, seat, language, queue)."""

    def __init__(self, tables: Tables, lang: str, default_variant: str = "bga", local: bool = True) -> None:
        self.tables = tables
        self.lang = lang
        #: Listening on this computer only: the start page may then offer
        #: the starter's own seat of every saved game.
        self.local = local
        self.default_variant = default_variant
        self.live: dict[str, list[tuple[WebSocket, int, str, asyncio.Queue]]] = {}
        tables.on_change = self.push

    # -- helpers ----------------------------------------------------------------

    def lang_of(self, request: Request | WebSocket) -> str:
        return choose(request.query_params.get("lang"), self.lang)

    def seat(self, game_id: str, token: str | None) -> tuple[Table, int]:
        try:
            table = self.tables.get(game_id)
        except TableError:
            raise _forbidden() from None
        seat = table.seat_of(token)
        if seat is None:
            raise _forbidden()
        return table, seat

    def view_json(self, table: Table, seat: int, lang: str) -> dict[str, Any]:
        with speaking(lang):
            links = {"record": f"/api/games/{table.id}/record?token={table.tokens[seat]}"}
            data = seat_json(table.game.view(seat), table.seats, table.orders.get(seat, hand_order.SUIT), links)
            if data is None:
                raise WebError(409, N_("This game cannot be shown in the browser yet."))
            data["id"] = table.id
            data["lang"] = lang
            return data

    def games(self, request: Request) -> list[dict[str, Any]]:
        """The saved games; on a local server, asked from this computer, with the starter's link."""
        client = request.client.host if request.client else ""
        mine = self.local and (client in ("testclient", "localhost") or _loopback(client))
        out = []
        for table in self.tables.all():
            summary = table.summary()
            if mine and table.owner is not None:
                summary["link"] = f"/play/{table.id}?token={table.tokens[table.owner]}"
            out.append(summary)
        return out

    def push(self, table: Table) -> None:
        """Queue every live seat's new view (each built from its own seat's view)."""
        for _socket, seat, lang, queue in self.live.get(table.id, []):
            try:
                queue.put_nowait(self.view_json(table, seat, lang))
            except WebError:
                pass


async def _body(request: Request) -> dict[str, Any]:
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


def _loopback(host: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _same_origin(request: Request) -> bool:
    """Whether a browser request comes from this server's own pages (a page
    of another site may not start games or move cards here). Requests
    without an Origin header come from scripts, not from another site's page."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    from urllib.parse import urlsplit

    return urlsplit(origin).netloc == request.headers.get("host", "")


def _error(status: int, reason: str) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


def _handled(handler):
    """Turn WebError and the program's errors into one translated sentence and a 4xx status."""
    async def wrapper(request: Request) -> Response:
        server: Server = request.app.state.server
        try:
            if request.method == "POST" and not _same_origin(request):
                raise WebError(403, N_("Only this server's own pages may send moves."))
            return await handler(request, server)
        except WebError as exc:
            with speaking(server.lang_of(request)):
                return _error(exc.status, exc.text())
        except MachiavelliError as exc:
            with speaking(server.lang_of(request)):
                return _error(400, describe(exc))
    wrapper.__name__ = handler.__name__
    return wrapper


# -- pages ----------------------------------------------------------------------------


def _variants(lang: str) -> list[dict[str, Any]]:
    out = []
    for found, variant in library.all_known():
        if isinstance(variant, MachiavelliError):
            continue
        game = variant.game
        try:
            bots = list(registry.bots(game))
        except MachiavelliError:
            bots = []
        from .seat_json import BUILDERS

        out.append({"name": variant.name, "game": game, "source": found.kind,
                    "description": variant.text("description", lang)[0],
                    "min": variant.players.min, "max": variant.players.max,
                    "playable": game in BUILDERS,
                    "computers": [{"name": b, "label": level_name(b)} for b in _ordered_bots(game, bots)]})
    return out


def _ordered_bots(game: str, names: list[str]) -> list[str]:
    """Computer players weakest first where they say so, then the rest."""
    levels = [n for n in ("beginner", "casual", "club", "expert") if n in names]
    return levels + sorted(n for n in names if n not in levels)


async def start(request: Request) -> Response:
    server: Server = request.app.state.server
    requested = request.query_params.get("lang")
    lang = server.lang_of(request)
    with speaking(lang):
        if requested and not known(requested):
            return HTMLResponse(pages.error_page(lang, 400, _("No language {name} here.", name=requested[:20])), 400)
        data = {"lang": lang, "variants": _variants(lang), "default": server.default_variant,
                "games": server.games(request)}
        return HTMLResponse(pages.start_page(lang, data))


async def table_page(request: Request) -> Response:
    server: Server = request.app.state.server
    lang = server.lang_of(request)
    token = request.query_params.get("token")
    with speaking(lang):
        try:
            table, _seat = server.seat(request.path_params["game_id"], token)
        except WebError as exc:
            return HTMLResponse(pages.error_page(lang, exc.status, exc.text()), exc.status)
        return HTMLResponse(pages.table_page(lang, table.id, token or "", table.variant.name))


async def rules(request: Request) -> Response:
    from ..rules_render import render
    from ..rules_text import compose

    server: Server = request.app.state.server
    lang = server.lang_of(request)
    with speaking(lang):
        try:
            variant = library.load_variant(request.query_params.get("variant") or server.default_variant)
        except MachiavelliError as exc:
            return HTMLResponse(pages.error_page(lang, 400, describe(exc)), 400)
        return HTMLResponse(render(compose(variant), "html"))


# -- the API ------------------------------------------------------------------------


@_handled
async def list_games(request: Request, server: Server) -> Response:
    return JSONResponse({"games": server.games(request)})


@_handled
async def new_game(request: Request, server: Server) -> Response:
    data = await _body(request)
    lang = choose(data.get("lang") if isinstance(data.get("lang"), str) else None, server.lang_of(request))
    with speaking(lang):
        if isinstance(data.get("lang"), str) and not known(data["lang"]):
            raise WebError(400, N_("No language {name} here."), name=data["lang"][:20])
        name = data.get("variant") or server.default_variant
        if not isinstance(name, str) or library._looks_like_path(name):
            raise WebError(400, N_("Choose a variant by its name."))
        variant = library.load_variant(name)
        from .seat_json import BUILDERS

        if variant.game not in BUILDERS:
            raise WebError(400, N_("This game cannot be shown in the browser yet."))
        seats = data.get("seats")
        if seats is None:
            seats = [HUMAN] + ["club"] * (max(2, variant.players.min) - 1)
        if (not isinstance(seats, list) or not 2 <= len(seats) <= MAX_SEATS
                or not all(isinstance(s, str) for s in seats)):
            raise WebError(400, N_("Give the seats as a list of players, one per seat."))
        names = data.get("names") or []
        if not isinstance(names, list) or not all(n is None or isinstance(n, str) for n in names):
            raise WebError(400, N_("Give the names as a list of texts, one per seat."))
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise WebError(400, N_("The seed must be a whole number from 0."))
        try:
            table = server.tables.create(variant, seats, lang, names, seed)
        except TableError as exc:
            if exc.code == "too-many-games":
                raise WebError(503, N_("Too many games on this server (at most {n})."),
                               n=exc.params["limit"]) from None
            if exc.code == "bad-seats" and exc.params.get("player"):
                raise WebError(400, N_("No computer player {name}; choose one of {available}."),
                               name=exc.params["player"], available=exc.params["available"]) from None
            raise WebError(400, N_("At least one seat must be a person's.")) from None
        out = []
        for seat, kind in enumerate(seats):
            entry: dict[str, Any] = {"seat": seat, "player": kind if kind in (HUMAN, FRIEND) else table.seats[seat].player}
            token = table.tokens[seat]
            if token is not None:
                entry["token"] = token
                entry["link"] = f"/play/{table.id}?token={token}&lang={lang}"
            out.append(entry)
        return JSONResponse({"id": table.id, "seats": out}, status_code=201)


@_handled
async def view(request: Request, server: Server) -> Response:
    table, seat = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    return JSONResponse(server.view_json(table, seat, server.lang_of(request)))


@_handled
async def record(request: Request, server: Server) -> Response:
    table, _seat = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    if table.game.outcome is None:
        # The record holds the seed, and the seed deals every hand.
        with speaking(server.lang_of(request)):
            raise WebError(409, N_("The record is shown when the game is over."))
    return Response(table.record().dumps(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="web-{table.id}.json"'})


@_handled
async def act(request: Request, server: Server) -> Response:
    table, seat = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    data = await _body(request)
    lang = server.lang_of(request)
    command = data.get("command")
    letters = data.get("cards") if data.get("cards") in ("en", "local") else "ask"
    with speaking(lang):
        if not isinstance(command, str) or not command.strip():
            raise WebError(400, N_("Send a command, e.g. {example}."), example="draw")
        game = table.game
        try:
            typed = read_line(command, CardReader(game.variant.deck, letters))
        except NotationError as exc:
            return _error(422, problem(exc))
        if typed is None:
            raise WebError(400, N_("Send a command, e.g. {example}."), example="draw")
        messages: list[str] = []
        extra: dict[str, Any] = {}
        if typed.action is not None:
            try:
                game.apply(typed.action, seat)
            except IllegalAction as error:
                reasons = [isolated(r, game.variant.deck) for r in _rejection(game.view(seat), error)]
                return JSONResponse({"error": reasons[0], "details": reasons[1:], "code": error.code},
                                    status_code=422)
            table.play_computers()
            server.tables.changed(table)
        elif typed.command == "sort":
            from ..words import order_of

            try:
                order = order_of(typed.args[0]) if typed.args else hand_order.next_order(
                    table.orders.get(seat, hand_order.SUIT))
            except NotationError as exc:
                return _error(422, problem(exc))
            table.orders[seat] = order
            server.tables.changed(table)
        elif typed.command == "hint":
            messages, extra = _hint(game.view(seat))
            messages = [isolated(line, game.variant.deck) for line in messages]
        elif typed.command == "help":
            messages = [f"{typed_}  {what}" for typed_, what in guide.rows()] + guide.notes(game.variant.deck)
        elif typed.command == "rules":
            extra["rules"] = f"/rules?variant={table.variant.name}&lang={lang}"
            messages = [_("The rules are on their own page.")]
        elif typed.command in ("save", "quit"):
            messages = [_("The game is saved after every move: come back to this link at any time.")]
        elif typed.command == "table":
            messages = []
        return JSONResponse({"view": server.view_json(table, seat, lang), "messages": messages, **extra})


def _rejection(view: Any, error: IllegalAction) -> list[str]:
    """Why the engine refused an action: every invalid meld at the end of a turn."""
    deck = view.variant.deck
    show = lambda cards: deck.format_cards(cards, symbols=True)  # noqa: E731
    if error.code in ("invalid-table", "taken-cards-left"):
        out = []
        if view.working:
            out.append(_(ACTION_REASONS["taken-cards-left"], cards=show(view.working)))
        for meld in view.layout:
            if not meld.check.valid:
                out.append(_(ACTION_REASONS["invalid-table"], meld=meld.number, cards=show(meld.cards),
                             reason=meld_reason(meld.check.reason)))
        if out:
            return out
    params = dict(error.params)
    if isinstance(params.get("cards"), str):
        try:
            params["cards"] = show(deck.parse_cards(params["cards"]))
        except NotationError:
            pass
    return [action_reason(IllegalAction(error.code, **params))]


def _hint(view: Any) -> tuple[list[str], dict[str, Any]]:
    """The solver's advice as the terminal words it, plus the commands for the page."""
    from machiavelli.core.i18n import ngettext

    from ..words import local_word

    if not view.my_turn:
        return [_("It is not your turn.")], {}
    deck = view.variant.deck
    try:
        found = hints.best_play(view)
    except ImportError:
        return [_("No hint: this installation has no solver.")], {}
    except Exception:  # noqa: BLE001 - a hint is advice: a solver failure must not end the game
        return [_("No hint: the solver cannot answer this position.")], {}
    if not found.placed:
        if view.played_from_hand:
            return [_("The solver finds no more cards you can put down: end your turn.")], {"hint": []}
        return [_("The solver finds no card you can put down: draw.")], {"hint": []}
    lines = []
    if found.from_start:
        lines.append(_("From the table as it was when your turn began (undo your steps first):"))
    lines.append(ngettext("You can put down {n} card: {cards}.", "You can put down {n} cards: {cards}.",
                          len(found.placed), cards=deck.format_cards(found.placed, symbols=True)))
    commands = []
    for action in found.actions:
        words = [local_word(action.verb)]
        for arg in action.args(deck):
            if arg.isdigit():
                words.append(arg)
            else:
                mark, text = ("*", arg[1:]) if arg.startswith("*") else ("", arg)
                words.append(mark + deck.card_symbol(deck.parse_card(text)))
        commands.append(" ".join(words))
    if commands:
        lines.append(_("Type:"))
        lines.extend("  " + c for c in commands)
    return lines, {"hint": [deck.card_text(c) for c in found.placed], "commands": commands}


async def live(websocket: WebSocket) -> None:
    """The seat's view now and after every change, until the page closes."""
    server: Server = websocket.app.state.server
    lang = server.lang_of(websocket)
    try:
        with speaking(lang):
            table, seat = server.seat(websocket.path_params["game_id"], websocket.query_params.get("token"))
    except WebError:
        await websocket.close(code=4403)
        return
    await websocket.accept()
    queue: asyncio.Queue = asyncio.Queue()
    entry = (websocket, seat, lang, queue)
    server.live.setdefault(table.id, []).append(entry)
    queue.put_nowait(server.view_json(table, seat, lang))

    async def send() -> None:
        while True:
            await websocket.send_json(await queue.get())

    sender = asyncio.create_task(send())
    try:
        while True:
            await websocket.receive_text()  # the page sends nothing; this notices it leave
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        connections = server.live.get(table.id, [])
        if entry in connections:
            connections.remove(entry)


def create_app(tables: Tables | None = None, lang: str = "en", default_variant: str = "bga",
               local: bool = True) -> Starlette:
    """The application; ``tables`` defaults to the games saved in the user's data folder.
    ``local``: it listens on this computer only."""
    if tables is None:
        tables = Tables()
        tables.load_saved()
    routes = [
        Route("/", start),
        Route("/play/{game_id}", table_page),
        Route("/rules", rules),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{game_id}/view", view),
        Route("/api/games/{game_id}/actions", act, methods=["POST"]),
        Route("/api/games/{game_id}/record", record),
        WebSocketRoute("/api/games/{game_id}/live", live),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.server = Server(tables, lang, default_variant, local)
    return app
