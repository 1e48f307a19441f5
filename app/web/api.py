"""The JSON API of the web table (see :mod:`.server` for the list): new
games, a seat's view, the terminal's command words, and the record."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from machiavelli.core.errors import IllegalAction, NotationError
from machiavelli.core.i18n import N_, _

from .. import costs
from . import clocks, matches
from .pages import rules_link, watch_link
from .requests import WebError, body, handled, refusal, variant_named
from machiavelli.core import glossary
from machiavelli.core.glossary import isolated
from machiavelli.core.terminal import printable
from .views import can_show
from .speaking import choose, known, speaking
from .store import StoreError
from .tables import CHAT_SHOWN, FRIEND, HUMAN, TableError, new_token

if TYPE_CHECKING:
    from .server import Server

#: Most seats a game may have in the browser.
MAX_SEATS = 16

log = logging.getLogger(__name__)


def not_kept(exc: StoreError) -> WebError:
    """The answer to a change the store could not keep: nothing changed, and
    no file name (the log has the store's own words)."""
    log.error("the store could not keep a change: %s", exc)
    if exc.full:
        # TRANSLATORS: The web table, an answer to the browser.
        return WebError(507, N_("The server's disk is full: nothing was changed. Try again later."))
    # TRANSLATORS: The web table, an answer to the browser.
    return WebError(503, N_("The server could not save this change, so nothing was changed. Try again later."))


def no_room(exc: TableError) -> WebError:
    """The answer to a new game (or deal) past the server's cap on games."""
    # TRANSLATORS: The web table, an answer to the browser; {n} is a number.
    return WebError(503, N_("Too many games are being played on this server (at most {n}). "
                            "Try again when one has ended."), n=exc.params.get("limit", 0))


@handled
async def list_games(request: Request, server: Server) -> Response:
    return JSONResponse({"games": server.games(request)})


@handled
async def new_game(request: Request, server: Server) -> Response:
    data = await body(request)
    asked = data.get("lang", data.get("language"))  # "language" as the issue words it
    asked = asked if isinstance(asked, str) else None
    lang = choose(asked, server.lang_of(request))
    with speaking(lang):
        if asked is not None and not known(asked):
            # TRANSLATORS: The web table, an answer to the browser; {name} is a code as sent.
            raise WebError(400, N_("No language {name} here."), name=asked[:20])
        variant = variant_named(data.get("variant"), server.default_variant)
        if not can_show(variant.game):
            raise WebError(400, N_("This game cannot be shown in the browser yet."))
        seats = data.get("seats")
        if seats is None:
            seats = [HUMAN] + [default_computer(variant.game)] * (max(2, variant.players.min) - 1)
        if (not isinstance(seats, list) or not 2 <= len(seats) <= MAX_SEATS
                or not all(isinstance(s, str) for s in seats)):
            raise WebError(400, N_("Give the seats as a list of players, one per seat."))
        names = data.get("names") or []
        if not isinstance(names, list) or not all(n is None or isinstance(n, str) for n in names):
            raise WebError(400, N_("Give the names as a list of texts, one per seat."))
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise WebError(400, N_("The seed must be a whole number from 0."))
        # The seed deals every hand: its chooser knows them all. Chosen only where
        # nobody else's cards are at stake (no friend's seat), or said to every seat.
        announced = data.get("announce_seed") is True
        if seed is not None and FRIEND in seats and not announced:
            # TRANSLATORS: The web table, an answer to the browser: a chosen seed in a game with friends.
            raise WebError(400, N_("A chosen seed deals every hand: with friends at the table, it must be "
                                   "shown to all of them (\"announce_seed\": true)."))
        clock = clocks.chosen(data.get("clock"), server.clocks.rules, variant.game, seats,
                              default_computer(variant.game))
        # A seat out of time is played by the clock's computer: it counts as one of the game's.
        played = seats if clock is None else [clock.level if s in (HUMAN, FRIEND) else s for s in seats]
        plan = matches.asked_plan(data, variant)
        try:  # before the computers are asked for anything (see machiavelli.app.costs)
            costs.check(variant, played, server.limits.max_cost)
        except costs.TooCostly as exc:
            raise WebError(400, costs.REFUSAL, **exc.params) from None
        try:
            # Expiry and the store's commit wait for the disk: off the event loop.
            await anyio.to_thread.run_sync(server.tables.make_room)
            table = server.tables.deal(variant, seats, lang, names, seed,
                                       seed_shown=seed is not None and announced, chat=data.get("chat") is not False)
            server.clocks.start(table, clock)
            if plan is not None:
                table.match = matches.first_deal(plan, table)
            # Kept first (the cap checked in the same transaction), then held: a game that cannot be kept is not.
            await anyio.to_thread.run_sync(server.tables.keep, table)
            server.tables.hold(table)
            server.computers.wake(table)
            server.clocks.ensure(table)
        except StoreError as exc:
            raise not_kept(exc) from None
        except TableError as exc:
            if exc.code == "too-many-games":
                raise no_room(exc) from None
            if exc.code == "bad-seats" and exc.params.get("player"):
                # TRANSLATORS: The web table, an answer to the browser; {name} is a code as sent, {available} is
                # the possible codes, listed.
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
        # The watch link: anyone may be given it; it sees only what every seat sees.
        watch = {"token": table.watch, "view": f"/api/games/{table.id}/view?token={table.watch}",
                 "live": f"/api/games/{table.id}/live?token={table.watch}",
                 "page": watch_link(table.id, table.watch or "", lang)}
        return JSONResponse({"id": table.id, "seats": out, "watch": watch}, status_code=201)


@handled
async def new_link(request: Request, server: Server) -> Response:
    """A new link for a person's seat, asked by the game's starter: the old
    link stops working at once, and the pages open on it are closed."""
    table, asker = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    await body(request)  # JSON only, as every POST (nothing in it is read)
    lang = _language(request, server)
    with speaking(lang):
        if asker != table.owner:
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(403, N_("Only the player who started this game can give a seat a new link."))
        raw = request.path_params["seat"]
        seat = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 4 else -1
        if not 0 <= seat < len(table.tokens) or table.tokens[seat] is None:
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(404, N_("This game has no person's seat with that number."))
    async with server.computers.lock(table):
        token = new_token()
        try:
            await anyio.to_thread.run_sync(server.tables.store.new_token, table.id, seat, token)
        except StoreError as exc:
            raise not_kept(exc) from None
        table.tokens[seat] = token
    server.close_seat(table.id, seat)
    return JSONResponse({"seat": seat, "token": token, "link": f"/play/{table.id}?token={token}&lang={lang}"})


#: The longest line of chat, and how many lines a seat may send in CHAT_WINDOW seconds.
CHAT_LENGTH, CHAT_BURST, CHAT_WINDOW = 200, 5, 10.0


@handled
async def chat(request: Request, server: Server) -> Response:
    """A line of the table's chat from a seat (``{"text": ...}``): shown to every
    seat (and the watch link, which reads only), kept with the game."""
    table, seat = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    data = await body(request)
    lang = _language(request, server)
    with speaking(lang):
        if not table.chat_on:
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(403, N_("The chat is turned off at this table."))
        text = data.get("text")
        text = printable(text).strip() if isinstance(text, str) else ""
        if not text:
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(400, N_("Write something to send."))
        if len(text) > CHAT_LENGTH:
            # TRANSLATORS: The web table, an answer to the browser; {n} is a number.
            raise WebError(400, N_("A line of chat has at most {n} characters."), n=CHAT_LENGTH)
        now = time.time()
        recent = [t for t in server.said.get((table.id, seat), []) if now - t < CHAT_WINDOW]
        if len(recent) >= CHAT_BURST:
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(429, N_("Too many lines at once: wait a few seconds."))
        server.said[(table.id, seat)] = recent + [now]
    async with server.computers.lock(table):
        try:
            await anyio.to_thread.run_sync(server.tables.store.say, table.id, seat, text, now)
        except StoreError as exc:
            raise not_kept(exc) from None
        table.chat = (table.chat + [(seat, text, now)])[-CHAT_SHOWN:]
    server.push(table)
    with speaking(lang):
        return JSONResponse({"view": server.view_json(table, seat, lang, server.faces_of(request))}, status_code=201)


@handled
async def rematch(request: Request, server: Server) -> Response:
    """The same seats (people, computers, names), the same variant and a new
    deal, once the game is over: asked by any of its people, made once. Each
    seat's own link to it comes in that seat's view (``rematch``), so that no
    seat learns another's link."""
    table, seat = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    await body(request)
    lang = _language(request, server)
    with speaking(lang):
        if table.game.outcome is None:
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(409, N_("A rematch can be asked for once the game is over."))
    async with server.computers.lock(table):
        if table.rematch is None:
            seats = [s.player for s in table.seats]
            names = [s.name for s in table.seats]
            try:
                await anyio.to_thread.run_sync(server.tables.make_room)
                new = server.tables.deal(table.variant, seats, table.lang, names, chat=table.chat_on)
                new.owner = table.owner
                server.clocks.start(new, None if table.clock is None else table.clock.setting)
                if table.match is not None:  # a match's rematch: a new match of the same plan
                    plan = {"deals": table.match.get("deals"), "target": table.match.get("target")}
                    new.match = matches.first_deal(plan, new)
                await anyio.to_thread.run_sync(server.tables.keep, new)
                server.tables.hold(new)
                await anyio.to_thread.run_sync(server.tables.store.set_setting, table.id, "rematch", new.id)
            except StoreError as exc:
                raise not_kept(exc) from None
            except TableError as exc:
                raise no_room(exc) from None
            table.rematch = new.id
            server.computers.wake(new)
            server.clocks.ensure(new)
            server.push(table)  # every seat's page is told, each of its own link
    with speaking(lang):
        return JSONResponse({"id": table.rematch, **server.view_json(table, seat, lang).get("rematch", {})},
                            status_code=201)


def _language(request: Request, server: Server) -> str:
    """The language a script asks the API for (``lang=``): an unknown one is
    refused, not answered in another language it may not read."""
    asked = request.query_params.get("lang")
    if asked and not known(asked):
        raise WebError(400, N_("No language {name} here."), name=asked[:20])
    return server.lang_of(request)


@handled
async def view(request: Request, server: Server) -> Response:
    table, seat = server.viewer(request.path_params["game_id"], request.query_params.get("token"))
    return JSONResponse(server.view_json(table, seat, _language(request, server), server.faces_of(request)))


@handled
async def record(request: Request, server: Server) -> Response:
    table, _seat = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    if table.game.outcome is None:
        # The record holds the seed, and the seed deals every hand.
        with speaking(server.lang_of(request)):
            raise WebError(409, N_("The record is shown when the game is over."))
    return Response(table.record().dumps(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="web-{table.id}.json"'})


@dataclass
class _Answer:
    """What an accepted command answers besides the new view; ``changed``: the game or the table changed."""

    messages: list[str]
    extra: dict[str, Any]
    changed: bool = False
    #: A hint asked for this seat's view: the solver runs off the event loop.
    hint: Any = None
    #: The move, tried on a copy of the game (the table's own once the store has kept it), or None.
    tried: Any = None
    #: The seats' hand orders after a change of order, or None.
    orders: dict[int, str] | None = None


@handled
async def act(request: Request, server: Server) -> Response:
    """A command under the game's lock: a move is committed to the store
    before the answer, which comes at once; the computers then move in the background."""
    table, seat = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    data = await body(request)
    lang = _language(request, server)
    async with server.computers.lock(table):
        logged = len(table.game.view(seat).log)
        with speaking(lang, table.variant):
            answer = _act(table, seat, data, server, lang)
        if isinstance(answer, Response):
            return answer
        if answer.tried is not None and server.clocks.late(table, seat):
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(409, N_("Your time ran out: the computer is playing this move for you."))
        if answer.hint is not None:
            # The solver may take a while: it thinks in a worker thread, the words come after.
            view = answer.hint
            found = await anyio.to_thread.run_sync(_solve, view)
            with speaking(lang, table.variant):
                from ..presented import style

                look = style([s.name for s in table.seats])
                answer.messages, answer.extra = _hint(view, found, look)
                answer.messages = [isolated(line, view.variant.deck) for line in answer.messages]
        if answer.changed:
            try:
                await server.commit(table, answer.tried, answer.orders)
            except StoreError as exc:
                raise not_kept(exc) from None
            if answer.tried is not None and not answer.messages:
                with speaking(lang, table.variant):
                    answer.messages = _turn_ended(table, seat, logged)
    server.computers.wake(table)
    with speaking(lang, table.variant):
        return JSONResponse({"view": server.view_json(table, seat, lang, server.faces_of(request)),
                             "messages": answer.messages, **answer.extra})


def _turn_ended(table: Any, seat: int, logged: int) -> list[str]:
    """How the seat's move ended its turn, in words, when it did (a draw, a
    restore's penalty): the page says so rather than leaving the turn to end silently."""
    from ..presented import presentation_of, style

    game = table.game
    present = presentation_of(game.variant.game)
    look = style([s.name for s in table.seats])
    return [isolated(present.narrate(e, game.variant, look), game.variant.deck)
            for e in game.view(seat).log[logged:] if e.seat == seat and e.ends_turn]


def _act(table: Any, seat: int, data: dict[str, Any], server: Server, lang: str) -> Response | _Answer:
    """A command typed on the page, read as the terminal reads it: one of
    the table's commands, or the game's move (a line that may mean several
    moves is answered with the list to choose from)."""
    from ..presented import explain, presentation_of, read_typed, style

    command = data.get("command")
    letters = data.get("cards") if data.get("cards") in ("en", "local") else "ask"
    if not isinstance(command, str) or not command.strip():
        # TRANSLATORS: the web table, an answer to the browser; {example} is a command.
        raise WebError(400, N_("Send a command, e.g. {example}."), example="draw")
    game = table.game
    present = presentation_of(game.variant.game)
    deck = game.variant.deck
    view = game.view(seat)
    look = style([s.name for s in table.seats])
    try:
        typed = read_typed(present, command, view, letters)
    except IllegalAction as error:  # read, and refused: its cards named as the table shows them
        reasons = [isolated(r, deck) for r in _rejection(present, view, error, look)]
        return JSONResponse({"error": reasons[0], "details": reasons[1:], "code": error.code}, status_code=422)
    except NotationError as error:
        return JSONResponse({"error": isolated(explain(present, error), deck), "details": [],
                             "code": error.code}, status_code=422)
    if typed is None:
        raise WebError(400, N_("Send a command, e.g. {example}."), example="draw")
    messages: list[str] = []
    extra: dict[str, Any] = {}
    changed = False
    moved = None
    if typed.actions:
        options = typed.actions
        try:
            if not view.my_turn:
                raise IllegalAction("not-your-turn", seat=seat)
            if len(options) == 1:
                moved = table.tried(options[0], seat)
        except IllegalAction as error:
            reasons = [isolated(r, deck) for r in _rejection(present, game.view(seat), error, look)]
            return JSONResponse({"error": reasons[0], "details": reasons[1:], "code": error.code},
                                status_code=422)
        if len(options) > 1:
            # TRANSLATORS: The web table, an answer to the browser.
            messages = [_("Which one? Choose:")]
            extra["choices"] = [{"command": a.text(deck), "text": isolated(present.describe_action(a, view, look), deck)}
                                for a in options]
        else:
            changed = True
    elif typed.command == "sort":
        orders = present.orders
        if orders is None:
            # TRANSLATORS: The web table or the terminal: a game whose hands have one order only.
            return refusal(422, _("This game keeps the hand in one order."))
        try:
            order = orders.named(typed.args[0]) if typed.args else orders.after(table.orders.get(seat, orders.names[0]))
        except NotationError as exc:
            return refusal(422, explain(present, exc))
        return _Answer([], {}, True, orders={**table.orders, seat: order})
    elif typed.command == "hint":
        if present.hint is None:
            # TRANSLATORS: The web table or the terminal: hint in a game that gives none.
            messages = [_("This game gives no hints.")]
        elif not view.my_turn:
            messages = [_("It is not your turn.")]
        else:
            return _Answer([], {}, hint=view)
    elif typed.command == "help":
        lines = present.commands_of(game.variant) + (present.notes(game.variant) if present.notes is not None else [])
        messages = [isolated(line, deck) for line in lines]
    elif typed.command in SAID:
        return _said(typed.command, table, seat, lang)
    return _Answer(messages, extra, changed, tried=moved)


#: The terminal's words that every game's table answers alike, without a move.
SAID = ("rules", "save", "quit", "table")


def _said(command: str, table: Any, seat: int, lang: str) -> _Answer:
    if command == "rules":
        return _Answer([_("The rules are on their own page.")], {"rules": rules_link(table.id, table.tokens[seat], lang)})
    if command in ("save", "quit"):
        return _Answer([_("The game is saved after every move: come back to this link at any time.")], {})
    return _Answer([], {})  # "table": the page shows it already


def default_computer(game: str) -> str:
    """The computer player a new game seats when none is named: Machiavelli's
    club level, or the game's own preferred player."""
    from machiavelli.core import registry

    bots = registry.bots(game)
    if "club" in bots:
        return "club"
    preferred = [b for b in registry.game(game).preferred_bots if b in bots]
    return preferred[0] if preferred else sorted(bots)[0]


def _rejection(present: Any, view: Any, error: IllegalAction, look: Any) -> list[str]:
    """Why the engine refused an action: every invalid meld at the end of a turn."""
    from ..presented import explain

    if present.rejection is not None:
        return present.rejection(view, error, look) or [explain(present, error)]
    return [explain(present, error)]


def _solve(view: Any) -> Any:
    """The game's advice from ``view`` (in a worker thread): a function that
    says it, or the exception that stopped it."""
    from ..presented import presentation_of

    present = presentation_of(view.variant.game)
    try:
        assert present is not None and present.hint is not None
        return present.hint(view)
    except Exception as exc:  # noqa: BLE001 - a hint is advice: a failure must not end the game
        return exc


def _hint(view: Any, found: Any, look: Any) -> tuple[list[str], dict[str, Any]]:
    """The advice as the terminal words it, plus the cards and commands for the page."""
    deck = view.variant.deck
    if isinstance(found, Exception):
        # TRANSLATORS: The web table or the terminal: the game's advice failed.
        return [_("No hint: the solver cannot answer this position.")], {}
    said = found(look)
    extra: dict[str, Any] = {"hint": [deck.card_text(c) for c in said.cards]}
    if said.commands:
        extra["commands"] = list(said.commands)
    return list(said.lines), extra


def _review(record: Any, seats: list[int]) -> Any:
    """The game's review of a finished game's record (None: the game has none)."""
    from ..presented import presentation_of

    hook = presentation_of(record.variant.game).review
    if hook is None:
        return None
    return hook(record, seats, REVIEW_BUDGET, [s.name for s in record.seats])


#: The time a page's review may spend on one position (seconds), as ``machiavelli review``'s default.
REVIEW_BUDGET = 2.0


@handled
async def review(request: Request, server: Server) -> Response:
    """``GET /api/games/{id}/review?token=T[&seat=N]``: the review of a
    finished game, every seat's (the hands are history once the game is
    over; each seat is still judged by what it could see then) or seat N's
    (from 0). The searches run off the event loop; the words, in the
    request's language, on it, from the positions already judged."""
    # The watch link too: once the game is over, its hands are history for every seat alike.
    table, _seat = server.viewer(request.path_params["game_id"], request.query_params.get("token"))
    lang = _language(request, server)
    if table.game.outcome is None:
        with speaking(lang):
            raise WebError(409, N_("The review is shown when the game is over."))
    record = table.record()
    players = len(record.seats)
    asked = request.query_params.get("seat")
    if asked is not None and not (asked.isdigit() and int(asked) < players):
        with speaking(lang):
            raise WebError(400, N_("No such seat in this game."))
    seats = [int(asked)] if asked is not None else list(range(players))
    found = await anyio.to_thread.run_sync(_review, record, seats)  # the searches, in words no one reads
    # In the table's words (a tile game's findings speak of tiles), its tiles lettered as the table shows them.
    with speaking(lang, record.variant):
        if found is None:
            raise WebError(404, N_("This game cannot be reviewed."))
        found = _review(record, seats)  # the same positions, now remembered: only the words
        data = {"id": table.id, "variant": record.variant.name, **found.as_dict()}
        deck = record.variant.deck

        def shown(codes: list[str]) -> list[str]:
            return [glossary.show_card(deck.parse_card(c), deck) for c in codes]

        for turn in data["turns"]:
            turn["shown"] = {"hand": shown(turn["seen"]["hand"]), "table": [shown(m) for m in turn["seen"]["table"]],
                             "best": [shown(m) for m in turn["table"]]}
        data["names"] = [_seat_name(record, s) for s in range(players)]
    return JSONResponse(data)


def _seat_name(record: Any, seat: int) -> str:
    from machiavelli.core.present import player_name

    return player_name(seat, [s.name for s in record.seats])


@handled
async def next_deal(request: Request, server: Server) -> Response:
    """``POST /api/games/{id}/next?token=T``: the match's next deal, once this
    one is over and the match is not: the same seats, the deal passed on,
    made once whoever asks first. Each seat's link to it comes in its view."""
    table, seat = server.seat(request.path_params["game_id"], request.query_params.get("token"))
    await body(request)
    lang = _language(request, server)
    with speaking(lang):
        if table.match is None:
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(409, N_("This game is not a deal of a match."))
        if table.game.outcome is None:
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(409, N_("The next deal can be dealt once this one is over."))
        if matches.over(table, matches.sheet(server.tables, table)):
            # TRANSLATORS: The web table, an answer to the browser.
            raise WebError(409, N_("The match is over: ask for a rematch to play again."))
    async with server.computers.lock(table):
        if not (table.match or {}).get("next"):
            plan, seed, dealer = matches.next_plan(table)
            try:
                await anyio.to_thread.run_sync(server.tables.make_room)
                new = server.tables.deal(table.variant, [s.player for s in table.seats], table.lang,
                                         [s.name for s in table.seats], seed, seed_shown=table.seed_shown,
                                         chat=table.chat_on, dealer=dealer)
                new.owner, new.match = table.owner, plan
                server.clocks.start(new, None if table.clock is None else table.clock.setting)  # the match's clock
                await anyio.to_thread.run_sync(server.tables.keep, new)
                server.tables.hold(new)
                told = {**(table.match or {}), "next": new.id}
                await anyio.to_thread.run_sync(server.tables.store.set_setting, table.id, "match", told)
            except StoreError as exc:
                raise not_kept(exc) from None
            except TableError as exc:
                raise no_room(exc) from None
            table.match = told
            server.computers.wake(new)
            server.clocks.ensure(new)
            server.push(table)  # every seat's page is told, each of its own link
    with speaking(lang):
        link = server.view_json(table, seat, lang).get("scores", {}).get("next", {})
        return JSONResponse({"id": (table.match or {}).get("next"), **link}, status_code=201)
