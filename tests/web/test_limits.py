"""Bounded cost: one client cannot deny the table to everyone. Connections
that never finish their headers are closed and do not hold up a real
request; a seat's live pages are capped; a game that would ask too much of
the computers is refused before it starts; and a game whose computer
thinks too long plays a simpler move at the end of its budget without
holding up another game's computers."""

from __future__ import annotations

import http.client
import logging
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from machiavelli.app.web.limits import REPLACED, Limits, config  # noqa: E402
from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Tables  # noqa: E402
from machiavelli.cli import app as cli  # noqa: E402
from machiavelli.core import budget, registry  # noqa: E402

from web_support import folders  # noqa: E402,F401

HUGE = "bga(decks=8, players={min: 2, max: 15})"


def test_a_game_too_costly_for_the_computers_is_refused_in_the_browser(folders):
    app = create_app(Tables(), lang="en", pause=0, limits=Limits(max_cost=5000))
    with TestClient(app) as client:
        r = client.post("/api/games", json={"variant": HUGE, "seats": ["human"] + ["expert"] * 14})
        assert r.status_code == 400, r.text
        assert "5,000" in r.json()["error"] or "5000" in r.json()["error"]
        assert app.state.server.tables.all() == []
        # The same table with weak players fits.
        r = client.post("/api/games", json={"variant": "bga", "seats": ["human", "expert", "expert"]})
        assert r.status_code == 201, r.text


def test_a_game_too_costly_is_refused_by_play_in_one_line(monkeypatch):
    result = CliRunner().invoke(cli, ["play", "--variant", HUGE, "--players", "15", "--seat", "expert",
                                      "--lang", "en"])
    assert result.exit_code == 2, result.output
    assert "MACHIAVELLI_MAX_COST" in result.output and "Traceback" not in result.output
    monkeypatch.setenv("MACHIAVELLI_MAX_COST", "1000000")
    result = CliRunner().invoke(cli, ["play", "--variant", "bga", "--players", "2", "--seat", "random",
                                      "--lang", "en"])
    assert result.exit_code == 0, result.output


def test_a_seats_oldest_live_page_is_closed_past_the_cap(folders):
    app = create_app(Tables(), lang="en", pause=0, limits=Limits(sockets_per_seat=2))
    with TestClient(app) as client:
        game = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"]}).json()
        live = f"/api/games/{game['id']}/live?token={game['seats'][0]['token']}"
        with client.websocket_connect(live) as first:
            first.receive_json()
            with client.websocket_connect(live) as second, client.websocket_connect(live) as third:
                second.receive_json()
                third.receive_json()
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        first.receive_json()
                assert closed.value.code == REPLACED
                assert len(app.state.server.live[game["id"]]) == 2


class Server:
    """The web table under real uvicorn on a loopback port, in a thread."""

    def __init__(self, limits: Limits) -> None:
        import uvicorn

        self.listening = socket.create_server(("127.0.0.1", 0))
        self.port = self.listening.getsockname()[1]
        self.server = uvicorn.Server(config(create_app(Tables(save=False), pause=0), limits, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.listening]}, daemon=True)

    def __enter__(self) -> "Server":
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.05)
        raise AssertionError("uvicorn did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def get(self, path: str) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.request("GET", path)
            return conn.getresponse().status
        finally:
            conn.close()


def test_connections_that_never_finish_their_headers_do_not_block_a_request(folders):
    with Server(Limits(header_timeout=1.0, connections=100)) as server:
        idle = []
        for _ in range(300):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end of the headers
            idle.append(s)
        try:
            assert server.get("/api/games") == 200
            # The server lets them go by itself: each reads the end of its connection.
            time.sleep(1.5)
            closed = 0
            for s in idle:
                s.settimeout(3)
                try:
                    closed += s.recv(1024) == b""
                except (ConnectionResetError, socket.timeout):
                    closed += 1
            assert closed == len(idle)
            assert server.get("/api/games") == 200
        finally:
            for s in idle:
                s.close()


def test_a_slow_computer_plays_within_its_budget_and_does_not_hold_up_another_game(folders, caplog):
    """One game's computer thinks forever (watching its budget): each of its
    moves is replaced at the end of the budget, and the other game's computers
    play on meanwhile."""

    class Endless:
        def choose(self, view):
            while True:
                budget.check()

    registry.register_bot("endless", lambda seed: Endless())
    try:
        app = create_app(Tables(), lang="en", pause=0, limits=Limits(move_budget=0.5, workers=2))
        with caplog.at_level(logging.WARNING, logger="machiavelli.computers"), TestClient(app) as client:
            server = app.state.server
            slow = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "endless", "endless"]})
            assert slow.status_code == 201, slow.text
            slow_table = server.tables.get(slow.json()["id"])
            if slow_table.computer_to_move() is None:  # the person starts: they draw, the computers are next
                token = slow.json()["seats"][0]["token"]
                assert client.post(f"/api/games/{slow_table.id}/actions?token={token}",
                                   json={"command": "draw"}).status_code == 200
            started = time.monotonic()
            quick = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random", "random"]})
            quick_table = server.tables.get(quick.json()["id"])
            # The quick game's computers get to the person's turn while the slow one still thinks.
            while quick_table.computer_to_move() is not None:
                assert time.monotonic() - started < 5, "the quick game was held up"
                time.sleep(0.02)
            assert slow_table.computer_to_move() is not None  # still thinking
            assert server.computers.settled(30)
            assert slow_table.computer_to_move() is None  # its computers moved, each with the fallback
        assert "out-of-time" in caplog.text
    finally:
        registry.bots().pop("endless", None)
