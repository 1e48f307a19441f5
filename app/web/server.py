"""The web table's ASGI application: pages, the JSON API and live updates.

API (the page uses nothing else; seats count from 0):

- ``POST /api/games`` ``{"variant": "bga", "seats": ["human", "friend", "club"], "lang": "it"}``:
  ``{"id", "seats": [{"seat", "player", "link", "token"}]}`` (computer seats have no link).
  With ``"clock": {"kind": "move"|"game", "seconds": N[, "increment": I, "level": L]}`` the game
  has a clock (see :mod:`.clocks`): every view then has ``clock``, each person's time left.
- ``GET /api/games/{id}/view?token=T``: that seat's view (``seat``, ``hand`` as card codes,
  ``others`` with card counts only, ``table``, ``deck``, ``to_play``, ``result``...).
- ``POST /api/games/{id}/actions?token=T`` ``{"command": "play 5C 6C 7C"}``: the terminal's
  command words; the new view, or 422 with the reason.
- ``GET /api/games/{id}/record?token=T``: the record, once the game is over.
- ``GET /api/games/{id}/review?token=T[&seat=N]``: the review of the game, once it is over
  (:mod:`machiavelli.core.review`'s JSON, each turn with its cards as shown); the page
  ``/review/{id}?token=T`` steps through it.
- ``POST /api/games/{id}/seats/{seat}/link?token=T`` (T: the starter's seat): a new link for
  a person's seat, ``{"seat", "link", "token"}``; the old one stops working at once and its
  open pages are closed (code 4403).
- ``POST /api/games/{id}/rematch?token=T``: once the game is over, the same seats and variant
  dealt anew (made once, whoever asks first); every seat's view then has ``rematch``: ``{"id",
  "link"}`` with that seat's own link.
- ``POST /api/games`` may ask for a match: ``"deals": N`` (1 to 500) and/or ``"target": P`` points (1 to
  100000), as ``play --deals/--target`` (games played in matches only; see :mod:`.matches`). Every view of
  a deal of a match has ``scores.heading`` (the deal and the running score); once a game is over, every view
  (the watch link's too) has ``scores``: ``names``, ``deals`` (each seat's points per deal), ``totals``,
  ``higher_wins``, and for a match ``over``, ``end`` (who won) or ``next`` (the seat's own link to the next deal).
- ``POST /api/games/{id}/next?token=T``: a match's next deal once this one is over (any person at the
  table deals it, made once, the deal passed on); ``{"id", "link"}`` with the asker's own link.
- ``GET /watch/{id}?token=W``: the watch link's page (``watch.page`` of a new game), the table read only;
  the starter's view has ``watch_link``. The review (page and API) takes the watch link's token too.
- ``POST /api/games/{id}/chat?token=T`` ``{"text": "..."}``: a line of chat (at most 200
  characters, 5 lines in 10 s per seat, else 400/429; 403 when the game was started with
  ``"chat": false``); every view has ``chat``: its last 50 lines ``{"seat", "name", "text"}``,
  the watch link's too (read only).
- ``GET /api/games``: the saved games, with no seat's link or token.
- The watch link's token (``watch`` of a new game: ``/api/games/{id}/view?token=W``, and the
  live socket): only what every seat sees (no hand; ``seat`` null, ``watching`` true, ``players``
  as the others see them; see :mod:`.watch`). It sends nothing: no move, no chat.

Every POST takes a JSON body only (``Content-Type: application/json``, else 415) and is
refused (403) when a browser sends it from another site's page (its ``Origin``).
- ``WS /api/games/{id}/live?token=T``: the seat's view now and after every change
  (each computer move as it is made: they play in the background, see :mod:`.computers`).
  Every view has a ``version`` that grows with each change: a page drops an older one.

A wrong token, or a game that does not exist, gets 403 and the same words.
Every handler is ``async`` and translates without awaiting (see :mod:`.speaking`).
"""

from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from machiavelli.core import i18n, registry
from machiavelli.core.errors import MachiavelliError
from machiavelli.core.i18n import N_, _

from machiavelli.app import library
from machiavelli.core.reasons import describe
from . import api, matches, pages
from .requests import WebError, forbidden, local_host, loopback, refusal, variant_named
from machiavelli.core.present import level_name, player_name
from .views import can_show, seat_json
from .watch import WATCHER, public_view
from .speaking import choose, known, speaking
from .computers import PAUSE, Computers
from .clocks import ClockRules, Clocks
from .limits import REISSUED, REPLACED, Limits
from .pool import Pool
from .tables import Keeping, Table, Tables, TableError, Tried

STATIC = Path(__file__).resolve().parent / "static"


class Server:
    """The application's state: the tables, the default language and the
    open live connections (per game: socket, seat, language, queue)."""

    def __init__(self, tables: Tables, lang: str, default_variant: str = "bga", local: bool = True,
                 pause: float = PAUSE, limits: Limits | None = None, clocks: ClockRules | None = None) -> None:
        self.tables = tables
        self.limits = limits if limits is not None else Limits.from_env()
        self.lang = lang
        #: Listening on this computer only: the start page may then offer
        #: the starter's own seat of every saved game.
        self.local = local
        self.default_variant = default_variant
        self.live: dict[str, list[tuple[WebSocket, int, str, str, asyncio.Queue[dict[str, Any]]]]] = {}
        #: Each seat's version and what it was last shown (in English, the usual faces), by game and seat.
        self.marks: dict[tuple[str, int], tuple[int, dict[str, Any]]] = {}
        self._last_base = 0
        #: When each seat last sent lines of chat (the rate limit), by game and seat.
        self.said: dict[tuple[str, int], list[float]] = {}
        self.computers = Computers(self, pause, Pool(self.limits.workers, self.limits.move_budget))
        #: The games' clocks (see :mod:`.clocks`); ``clocks``: what a new game's clock may be.
        self.clocks = Clocks(self, clocks)

    # -- helpers ----------------------------------------------------------------

    def lang_of(self, request: Request | WebSocket) -> str:
        return choose(request.query_params.get("lang"), self.lang)

    def seat(self, game_id: str, token: str | None) -> tuple[Table, int]:
        try:
            table = self.tables.get(game_id)
        except TableError:
            raise forbidden() from None
        seat = table.seat_of(token)
        if seat is None:
            raise forbidden()
        return table, seat

    def viewer(self, game_id: str, token: str | None) -> tuple[Table, int]:
        """Like :meth:`seat`, and the watch link's token too (seat WATCHER): for what is only read."""
        try:
            table = self.tables.get(game_id)
        except TableError:
            raise forbidden() from None
        if table.is_watcher(token):
            return table, WATCHER
        return self.seat(game_id, token)

    def faces_of(self, request: Request | WebSocket) -> str:
        """The way of drawing cards a page asks for (``faces=hanzi``); "" for the usual one."""
        asked = request.query_params.get("faces") or ""
        return asked if len(asked) <= 20 and asked.replace("-", "").isalnum() and asked.isascii() else ""

    def view_json(self, table: Table, seat: int, lang: str, faces: str = "") -> dict[str, Any]:
        """The seat's view now. Its ``version`` is the seat's own: it moves
        on by one when what the seat sees changed (read in one language, so
        every language agrees), never for a change it may not see (another
        seat's hidden answer, another hand's order), so that its jumps count
        nothing hidden. It starts from the time of the seat's first view on
        this server, in milliseconds: after a restart it is still higher
        than any version shown before, and tells only when the seat looked."""
        data = self._seat_data(table, seat, lang, faces)
        same = (lang, faces) == ("en", "")
        neutral = dict(data) if same else self._seat_data(table, seat, "en", "")
        key = (table.id, seat)
        mark = self.marks.get(key)
        if mark is None:
            mark = (max(int(time.time() * 1000), self._last_base + 1), neutral)
            self._last_base = mark[0]
        elif mark[1] != neutral:
            mark = (mark[0] + 1, neutral)
        self.marks[key] = mark
        data["version"] = mark[0]
        clock = self.clocks.shown(table)  # its figures run on by themselves: no new version for them
        if clock is not None:
            data["clock"] = clock
        return data

    def _seat_data(self, table: Table, seat: int, lang: str, faces: str) -> dict[str, Any]:
        if seat == WATCHER:
            # Every seat's own view, and of them only what all share (see :mod:`.watch`).
            public = public_view([self._seat_data(table, s, lang, faces) for s in range(len(table.seats))])
            public["seat"] = None
            with speaking(lang):
                if isinstance(public.get("result"), dict) and table.watch:
                    # The review is every seat's once the game is over: the watch link's too.
                    public["result"]["review"] = pages.review_link(table.id, table.watch, lang)
                shown = matches.scores(self.tables, table, self._next_link(table, seat, lang))
                if shown is not None:
                    public["scores"] = shown
            return public
        with speaking(lang, table.variant):
            links = {"record": f"/api/games/{table.id}/record?token={table.tokens[seat]}",
                     "review": pages.review_link(table.id, table.tokens[seat] or "", lang)}
            data = seat_json(table.game.view(seat), table.seats, table.orders.get(seat, ""), links, faces)
            if data is None:
                raise WebError(409, N_("This game cannot be shown in the browser yet."))
            self.clocks.told(table, seat, data)
            data["id"] = table.id
            data["lang"] = lang
            if table.chat_on:
                names = [s.name for s in table.seats]
                data["chat"] = [{"seat": s, "name": player_name(s, names), "text": text} for s, text, _when in table.chat]
            if table.rematch is not None:
                data["rematch"] = self._rematch_link(table.rematch, seat, lang)
            shown = matches.scores(self.tables, table, self._next_link(table, seat, lang))
            if shown is not None:
                data["scores"] = shown
            if seat == table.owner:
                # The starter may give a friend's seat a new link (POST .../seats/{seat}/link).
                data["starter"] = True
                data["friends"] = [{"seat": s, "name": player_name(s, [x.name for x in table.seats])}
                                   for s, token in enumerate(table.tokens) if token is not None and s != seat]
                if table.watch:
                    data["watch_link"] = pages.watch_link(table.id, table.watch, lang)
            if table.seed_shown:
                # The creator chose the seed, and so every seat is told it (see api.new_game).
                data["seed"] = table.game.seed
        return data

    def _rematch_link(self, game_id: str, seat: int, lang: str) -> dict[str, Any]:
        """The rematch as ``seat`` is to open it: its own seat's link, no other's."""
        try:
            token = self.tables.get(game_id).tokens[seat]
        except (TableError, IndexError):
            return {"id": game_id}  # expired since
        return {"id": game_id, "link": f"/play/{game_id}?token={token}&lang={lang}"} if token else {"id": game_id}

    def _next_link(self, table: Table, seat: int, lang: str) -> dict[str, Any] | None:
        """The next deal of a match as ``seat`` is to open it (the watch link: the next deal's watch page)."""
        following = (table.match or {}).get("next")
        if not isinstance(following, str):
            return None
        if seat != WATCHER:
            return self._rematch_link(following, seat, lang)
        try:
            watch = self.tables.get(following).watch
        except TableError:
            return {"id": following}
        return {"id": following, "link": pages.watch_link(following, watch, lang)} if watch else {"id": following}

    def games(self, request: Request) -> list[dict[str, Any]]:
        """The saved games, never with a seat's link: whoever asks (another
        site's page, a friend on the same computer) is not known to be that
        seat. A browser keeps the link of its own seat (see start.js)."""
        return [summary for summary, _token in self.tables.listing()]

    def close_seat(self, game_id: str, seat: int) -> None:
        """Close every live page of ``seat`` (its link was given anew: the old one may not watch on)."""
        connections = self.live.get(game_id, [])
        for entry in [e for e in connections if e[1] == seat]:
            connections.remove(entry)
            asyncio.get_running_loop().create_task(_close(entry[0], REISSUED))

    async def commit(self, table: Table, tried: Tried | None = None, orders: dict[int, str] | None = None) -> None:
        """Keep a change to ``table`` (made under its lock): a move ``tried``
        on a copy of its game, and the seats' ``orders``. The store commits it
        first (off the loop); only then is it the table's, and shown to every
        open page. StoreError when it could not be kept: the table stays as it was."""
        orders = table.orders if orders is None else orders
        game = table.game if tried is None else tried.game
        change = table.change(game, orders)
        clock = self.clocks.following(table, game)
        if clock is not None:  # kept in the same transaction as the move
            change = replace(change, clock=clock.dumps())
        await anyio.to_thread.run_sync(self.tables.store.change, change)
        self.tables.accept(table, tried, orders, change)
        self.clocks.accept(table, clock)
        self.push(table)

    def push(self, table: Table) -> None:
        """Queue every live seat's new view (each built from its own seat's
        view), unless that seat sees nothing new."""
        connections = self.live.get(table.id, [])
        # Each seat's version before the change: a seat with several pages is told on each.
        before = {seat: self.marks.get((table.id, seat), (None,))[0] for _s, seat, _l, _f, _q in connections}
        for _socket, seat, lang, faces, queue in connections:
            try:
                data = self.view_json(table, seat, lang, faces)
            except WebError:
                continue
            if data["version"] != before[seat]:
                queue.put_nowait(data)



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
        out.append({"name": variant.name, "game": game, "source": found.kind,
                    "description": variant.text("description", lang)[0],
                    "min": variant.players.min, "max": variant.players.max,
                    "playable": can_show(game),
                    "computer": _default_computer(game, bots),
                    "teams": _teams(variant), "matches": _matches(game, variant),
                    "computers": [{"name": b, "label": level_name(b, game)} for b in _ordered_bots(game, bots)]})
    return out


_MATCHES: dict[str, bool] = {}


def _matches(game: str, variant: Any) -> bool:
    """Whether the game plays matches (asked once per game: its screens say so)."""
    if game not in _MATCHES:
        try:
            _MATCHES[game] = matches.plays_matches(variant)
        except MachiavelliError:
            _MATCHES[game] = False
    return _MATCHES[game]


def _teams(variant: Any) -> dict[str, list[int]]:
    """For a game played in teams: each seat's team (from 0), by number of players."""
    if not getattr(variant, "partners", None):
        return {}
    out = {}
    for n in range(variant.players.min, min(variant.players.max, 8) + 1):
        try:
            teams = getattr(registry.game(variant.game).new_game(variant, n, 0), "teams", None)
        except (MachiavelliError, ValueError):
            continue
        if teams and any(len(seats) > 1 for seats in teams):
            out[str(n)] = [next(t for t, seats in enumerate(teams) if s in seats) for s in range(n)]
    return out


def _default_computer(game: str, bots: list[str]) -> str | None:
    from .api import default_computer

    try:
        return default_computer(game) if bots else None
    except MachiavelliError:
        return None


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
        from .declared import declared

        present = declared(table.variant.game)
        tiles = _worded(table)
        commands = present.commands_of(table.variant) if present is not None else None
        return HTMLResponse(pages.table_page(lang, table.id, token or "", table.variant.name, commands,
                                             title=pages.game_title(table.variant, lang), tiles=tiles))


def _worded(table: Table) -> bool:
    """The table's words (of cards, or of tiles) for the page being written, put back when the
    ``speaking`` block ends; whether its pieces are tiles."""
    from ..presented import wording_of

    i18n.use_wording(wording_of(table.variant))
    return getattr(table.variant, "pieces", "cards") == "tiles"


async def watch_page(request: Request) -> Response:
    """The watch link's page: the table as every seat sees it, drawn by the same script, read only."""
    server: Server = request.app.state.server
    lang = server.lang_of(request)
    token = request.query_params.get("token")
    with speaking(lang):
        try:
            table = server.tables.get(request.path_params["game_id"])
        except TableError:
            table = None
        if table is None or not table.is_watcher(token):
            error = forbidden()
            return HTMLResponse(pages.error_page(lang, error.status, error.text()), error.status)
        tiles = _worded(table)
        # TRANSLATORS: the title of the watch link's page; {title} is the game's title (Machiavelli: Jokers).
        title = _("Watching: {title}", title=pages.game_title(table.variant, lang))
        return HTMLResponse(pages.table_page(lang, table.id, token or "", table.variant.name, title=title,
                                             watching=True, tiles=tiles))


async def review_page(request: Request) -> Response:
    """The review page of a game (its data come from the API, once the game is over), for a seat or the watch link."""
    server: Server = request.app.state.server
    lang = server.lang_of(request)
    token = request.query_params.get("token")
    with speaking(lang):
        try:
            table, seat = server.viewer(request.path_params["game_id"], token)
        except WebError as exc:
            return HTMLResponse(pages.error_page(lang, exc.status, exc.text()), exc.status)
        _worded(table)  # a tile game's review speaks of tiles on a rack, as its table does
        return HTMLResponse(pages.review_page(lang, table.id, token or "", pages.game_title(table.variant, lang),
                                              watching=seat == WATCHER))


async def rules(request: Request) -> Response:
    from ..presented import rules_document
    from ..rules_render import render

    server: Server = request.app.state.server
    lang = server.lang_of(request)
    with speaking(lang):
        try:
            if "game" in request.query_params:  # a game's own variant, house rules included
                variant = server.seat(request.query_params["game"], request.query_params.get("token"))[0].variant
            else:
                variant = variant_named(request.query_params.get("variant"), server.default_variant)
        except WebError as exc:
            return HTMLResponse(pages.error_page(lang, exc.status, exc.text()), exc.status)
        except MachiavelliError as exc:
            return HTMLResponse(pages.error_page(lang, 400, describe(exc, more=False)), 400)
        return HTMLResponse(render(rules_document(variant), "html"))



async def live(websocket: WebSocket) -> None:
    """The seat's view now and after every change, until the page closes."""
    server: Server = websocket.app.state.server
    lang = server.lang_of(websocket)
    try:
        with speaking(lang):
            table, seat = server.viewer(websocket.path_params["game_id"], websocket.query_params.get("token"))
    except WebError:
        await websocket.close(code=4403)
        return
    await websocket.accept()
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    faces = server.faces_of(websocket)
    entry = (websocket, seat, lang, faces, queue)
    connections = server.live.setdefault(table.id, [])
    connections.append(entry)
    own = [e for e in connections if e[1] == seat]
    for old in own[: max(0, len(own) - server.limits.sockets_per_seat)]:
        # Past the seat's cap the oldest page goes: every change is sent to each page of a seat.
        connections.remove(old)
        asyncio.get_running_loop().create_task(_close(old[0]))
    queue.put_nowait(server.view_json(table, seat, lang, faces))

    async def send() -> None:
        while True:
            await websocket.send_json(await queue.get())

    sender = asyncio.create_task(send())
    try:
        # The page sends nothing: whatever comes (text or bytes) is dropped; this notices it leave.
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        with suppress(asyncio.CancelledError, Exception):  # a page gone while a view was on its way
            await sender
        if entry in connections:
            connections.remove(entry)


async def _close(websocket: WebSocket, code: int = REPLACED) -> None:
    """Close a live page replaced by a newer one of its seat, or whose link was
    given anew (it may be gone already)."""
    with suppress(Exception):
        await websocket.close(code=code)



def create_app(tables: Tables | None = None, lang: str = "en", default_variant: str = "bga",
               local: bool = True, pause: float = PAUSE, limits: Limits | None = None,
               keeping: Keeping | None = None, clocks: ClockRules | None = None) -> Starlette:
    """The application; ``tables`` defaults to the games kept in the user's data folder
    (``keeping``: the cap on games and how long they are kept).
    ``local``: it listens on this computer only; ``pause``: seconds before each computer move;
    ``limits``: see :mod:`.limits` (default: from the environment); ``clocks``: what a
    new game's clock may be (see :mod:`.clocks`)."""
    if tables is None:
        tables = Tables(keeping=keeping)
        tables.load_saved()
    routes = [
        Route("/", start),
        Route("/play/{game_id}", table_page),
        Route("/rules", rules),
        Route("/api/games", api.list_games, methods=["GET"]),
        Route("/api/games", api.new_game, methods=["POST"]),
        Route("/api/games/{game_id}/view", api.view),
        Route("/api/games/{game_id}/actions", api.act, methods=["POST"]),
        Route("/api/games/{game_id}/record", api.record),
        Route("/api/games/{game_id}/review", api.review),
        Route("/review/{game_id}", review_page),
        Route("/watch/{game_id}", watch_page),
        Route("/api/games/{game_id}/next", api.next_deal, methods=["POST"]),
        Route("/api/games/{game_id}/seats/{seat}/link", api.new_link, methods=["POST"]),
        Route("/api/games/{game_id}/rematch", api.rematch, methods=["POST"]),
        Route("/api/games/{game_id}/chat", api.chat, methods=["POST"]),
        WebSocketRoute("/api/games/{game_id}/live", live),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    server = Server(tables, lang, default_variant, local, pause, limits, clocks)

    @asynccontextmanager
    async def lifespan(_app: Starlette):  # type: ignore[no-untyped-def]
        for table in server.tables.all():  # games whose computers were playing when the server stopped
            server.computers.wake(table)
            server.clocks.ensure(table)  # its deadlines, as kept
        yield
        await server.clocks.stop()
        await server.computers.stop()

    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error}, lifespan=lifespan)
    app.state.server = server
    return app


#: Starlette's own refusals (an unknown address, a wrong method), in words.
HTTP_REASONS = {
    404: N_("There is nothing at this address."),
    405: N_("This address does not take this kind of request."),
}


async def _http_error(request: Request, exc: Exception) -> Response:
    server: Server = request.app.state.server
    status = getattr(exc, "status_code", 400)
    lang = server.lang_of(request)
    with speaking(lang):
        reason = _(HTTP_REASONS.get(status, N_("The request cannot be served.")))
        if request.url.path.startswith("/api/"):
            return refusal(status, reason)
        return HTMLResponse(pages.error_page(lang, status, reason), status)
