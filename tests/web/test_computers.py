"""Computer players at the web table move in the background, off the event
loop: the person's request is answered at once, each computer move reaches
every page over the live socket in order, a game changes under one lock at a
time, and what is saved is always the game as the pages were told it."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from machiavelli.app.web.store import SQLiteStore  # noqa: E402
from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Tables  # noqa: E402
from machiavelli.core import registry  # noqa: E402

from web_support import folders  # noqa: E402,F401


class Gate:
    """A computer player that waits at a gate before each move (the test opens it)."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.waiting = threading.Event()
        self.moves = 0

    def factory(self, seed: int):
        inner = registry.make_bot("random", seed)
        gate = self

        class Slow:
            def choose(self, view):
                gate.waiting.set()
                assert gate.open.wait(30), "the test never opened the gate"
                gate.moves += 1
                return inner.choose(view)

        return Slow()


@pytest.fixture
def gate(folders):
    found = Gate()
    registry.register_bot("slow", found.factory)
    yield found
    found.open.set()
    registry.bots().pop("slow", None)


def new_game(client, seats, seed=5):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": list(seats), "lang": "en", "seed": seed,
                                        "announce_seed": "friend" in seats})
    assert r.status_code == 201, r.text
    return r.json()


def url(game, seat, what):
    return f"/api/games/{game['id']}/{what}?token={game['seats'][seat]['token']}"


def person_first(client, seats, tries=40):
    """A new game in which the person (seat 0) plays first."""
    for seed in range(tries):
        game = new_game(client, seats, seed)
        if client.get(url(game, 0, "view")).json()["my_turn"]:
            return game
    pytest.skip("no deal where seat 0 starts")


def saved_game(folders, game_id):
    """The game as the store keeps it (read back by another server)."""
    return Tables().get(game_id).game


def test_the_answer_comes_while_the_computer_is_still_thinking(folders, gate):
    app = create_app(Tables(), lang="en", pause=0)
    with TestClient(app) as client:
        gate.open.set()  # let it through while we look for a deal where the person starts
        game = person_first(client, ("human", "slow"))
        assert app.state.server.computers.settled(30)
        gate.open.clear()
        gate.waiting.clear()
        moves = gate.moves
        r = client.post(url(game, 0, "actions"), json={"command": "draw"})
        assert r.status_code == 200
        answer = r.json()["view"]
        assert not answer["my_turn"] and answer["to_play"] == 1
        assert gate.waiting.wait(10)  # the computer is thinking now, and stays there
        assert app.state.server.computers.busy(game["id"])
        # The server still answers (the event loop is free): a view, the start page.
        again = client.get(url(game, 0, "view")).json()
        assert again["version"] == answer["version"] and not again["my_turn"]
        assert client.get("/").status_code == 200
        assert gate.moves == moves
        gate.open.set()
        assert app.state.server.computers.settled(30)
        assert gate.moves > moves
        assert client.get(url(game, 0, "view")).json()["my_turn"]


def test_each_computer_move_reaches_the_page_in_order(folders):
    app = create_app(Tables(), lang="en", pause=0)
    with TestClient(app) as client:
        game = person_first(client, ("human", "random", "random"))
        table = app.state.server.tables.get(game["id"])
        with client.websocket_connect(url(game, 0, "live")) as live:
            first = live.receive_json()
            entries = len(table.game.log)
            r = client.post(url(game, 0, "actions"), json={"command": "draw"})
            assert r.status_code == 200 and r.json()["view"]["version"] == first["version"] + 1
            assert app.state.server.computers.settled(30)
            changes = len(table.game.log) - entries
            assert changes >= 3  # the person's draw and at least one action of each computer
            received = [live.receive_json() for _ in range(changes)]
        assert [v["version"] for v in received] == list(range(first["version"] + 1, first["version"] + 1 + changes))
        assert received[0]["to_play"] == 1 and received[-1]["my_turn"]
        order = [v["to_play"] for v in received]  # seat 1's moves, then seat 2's, then the person's turn
        assert order[:-1] == sorted(order[:-1]) and set(order[:-1]) == {1, 2} and order[-1] == 0


def test_the_pause_lets_people_follow_and_a_request_gets_in_between(folders):
    app = create_app(Tables(), lang="en", pause=0.3)
    with TestClient(app) as client:
        game = new_game(client, ("human", "friend", "random"), seed=1)
        server = app.state.server
        assert server.computers.settled(30)
        seat = next(s for s in (0, 1) if client.get(url(game, s, "view")).json()["my_turn"])
        r = client.post(url(game, seat, "actions"), json={"command": "draw"})
        assert r.status_code == 200
        # The answer comes before the computer's move: it waits a pause first.
        table = server.tables.get(game["id"])
        if table.game.to_move() == (2,):
            assert server.computers.busy(game["id"])
            moved = len(table.game.log)
            assert server.computers.settled(30)
            assert len(table.game.log) > moved
        assert server.computers.settled(30)


def test_two_quick_requests_never_interleave_and_the_record_is_the_last_state(folders, monkeypatch):
    app = create_app(Tables(), lang="en", pause=0)
    slow_first = threading.Event()
    original = SQLiteStore.change

    def save(self, change):
        if not slow_first.is_set():
            slow_first.set()
            time.sleep(0.4)  # the first save is slow: the second request must wait for it
        original(self, change)

    with TestClient(app) as client:
        game = person_first(client, ("human", "friend"))
        table = app.state.server.tables.get(game["id"])
        start = len(table.game.log)
        monkeypatch.setattr(SQLiteStore, "change", save)
        with client.websocket_connect(url(game, 1, "live")) as live:
            before = live.receive_json()["version"]
            with ThreadPoolExecutor(2) as pool:
                one = pool.submit(client.post, url(game, 0, "actions"), json={"command": "draw"})
                while not slow_first.is_set():
                    time.sleep(0.01)
                two = pool.submit(client.post, url(game, 1, "actions"), json={"command": "draw"})
                first, second = one.result(), two.result()
            assert first.status_code == second.status_code == 200, (first.text, second.text)
            # Each seat's version is its own: seat 1 saw both draws, one after the other.
            assert second.json()["view"]["version"] == before + 2
            pushed = [live.receive_json()["version"] for _ in range(2)]
        assert pushed == [before + 1, before + 2]
        assert len(table.game.log) == start + 2
        saved = saved_game(folders, game["id"])
        assert len(saved.log) == len(table.game.log) and saved.state() == table.game.state()


def test_a_server_stopped_while_a_computer_thinks_goes_on_after_a_restart(folders, gate):
    app = create_app(Tables(), lang="en", pause=0)
    with TestClient(app) as client:
        gate.open.set()
        game = person_first(client, ("human", "slow"))
        assert app.state.server.computers.settled(30)
        gate.open.clear()
        gate.waiting.clear()
        assert client.post(url(game, 0, "actions"), json={"command": "draw"}).status_code == 200
        assert gate.waiting.wait(10)
        # The computer is thinking: what is on disk is the game up to the person's draw.
        table = app.state.server.tables.get(game["id"])
        on_disk = saved_game(folders, game["id"])
        assert on_disk.state() == table.game.state()
        restarted = Tables()
        assert restarted.load_saved() == 1 and not restarted.unreadable
        gate.open.set()
    gate.open.set()
    again_app = create_app(restarted, lang="en", pause=0)
    with TestClient(again_app) as again:
        assert again_app.state.server.computers.settled(30)  # the new server's computers went on
        data = again.get(url(game, 0, "view")).json()
        assert data["my_turn"] and data["hand"]
        resumed = restarted.get(game["id"]).game
        assert saved_game(folders, game["id"]).state() == resumed.state()
