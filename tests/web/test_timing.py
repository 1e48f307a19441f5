"""What the web table's timing may tell: a computer's move is shown a fixed
pause after it was begun, however long it thought (the thinking depends on
the hands), with the game's lock free while it waits; making room for a new
game runs off the event loop; the cap on games holds under creations at once."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from machiavelli.app import library  # noqa: E402
from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Keeping, Tables, TableError  # noqa: E402
from machiavelli.core import registry  # noqa: E402

from web_support import folders  # noqa: E402,F401

PAUSE = 0.4


@pytest.fixture
def sleepy(folders):
    """A computer player whose thinking takes, move after move, the times in ``delays`` (cycled)."""
    delays = [0.0, 0.25]
    count = [0]

    def factory(seed: int):
        inner = registry.make_bot("random", seed)

        class Sleepy:
            def choose(self, view):
                time.sleep(delays[count[0] % len(delays)])
                count[0] += 1
                return inner.choose(view)

        return Sleepy()

    registry.register_bot("sleepy", factory)
    yield delays
    registry.bots().pop("sleepy", None)


def _commits(server):
    """Record the time of each change the server commits."""
    times: list[float] = []
    commit = server.commit

    async def timed(table, tried=None, orders=None):
        await commit(table, tried, orders)
        if tried is not None and not table.is_person(tried.seat):
            times.append(time.monotonic())

    server.commit = timed
    return times


def _let_the_computers_start(client, game, seat):
    """The person at ``seat`` draws if the deal gave them the first turn (the computers then play)."""
    table = client.app.state.server.tables.get(game["id"])
    if seat in table.game.to_move():
        token = game["seats"][seat]["token"]
        r = client.post(f"/api/games/{game['id']}/actions?token={token}", json={"command": "draw"})
        assert r.status_code == 200, r.text


def test_a_computer_move_shows_the_same_pause_however_long_it_thought(sleepy):
    app = create_app(Tables(), lang="en", pause=PAUSE)
    server = app.state.server
    times = _commits(server)
    with TestClient(app) as client:
        r = client.post("/api/games", json={"variant": "one-deck", "seats": ["sleepy", "sleepy", "sleepy", "human"]})
        assert r.status_code == 201
        assert server.computers.settled(30)
        if 3 in server.tables.get(r.json()["id"]).game.to_move():
            times.clear()  # the computers' first run ended at the person's turn: the next one is timed
        _let_the_computers_start(client, r.json(), 3)
        assert server.computers.settled(30)
    assert len(times) >= 3, times
    gaps = [b - a for a, b in zip(times, times[1:])]
    # Thinking 0 s or 0.25 s: every move shows one pause after the last (a pause
    # before the thinking gave 0.4 s, then 0.65 s); the margin is for a loaded machine.
    assert all(PAUSE - 0.02 <= gap <= PAUSE + 0.15 for gap in gaps), gaps


def test_the_games_lock_is_free_while_a_computer_waits_to_show_its_move(folders):
    app = create_app(Tables(), lang="en", pause=1.0)
    server = app.state.server
    with TestClient(app) as client:
        r = client.post("/api/games", json={"variant": "one-deck", "seats": ["random", "human"]})
        assert r.status_code == 201, r.text
        game = r.json()
        token = game["seats"][1]["token"]
        _let_the_computers_start(client, game, 1)
        time.sleep(0.2)  # the computer has thought (random: at once) and waits to show its move
        assert server.computers.busy(game["id"])
        started = time.monotonic()
        r = client.post(f"/api/games/{game['id']}/actions?token={token}", json={"command": "sort"})
        took = time.monotonic() - started
        assert r.status_code == 200, r.text
        # Served at once, not after the computer's pause.
        assert took < 0.5, took
        assert server.computers.settled(30)


def test_making_room_for_a_new_game_runs_off_the_event_loop(folders):
    app = create_app(Tables(), lang="en", pause=0)
    store = app.state.server.tables.store
    seen: list[bool] = []
    for name in ("expire", "add", "count_playing"):
        real = getattr(store, name)

        def watched(*args, _real=real, **kwargs):
            try:
                asyncio.get_running_loop()
                seen.append(True)  # called on the event loop
            except RuntimeError:
                seen.append(False)
            return _real(*args, **kwargs)

        setattr(store, name, watched)
    app.state.server.tables._expired_at = 0  # expiry is due
    with TestClient(app) as client:
        r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"]})
        assert r.status_code == 201
    assert seen and not any(seen)


def test_the_cap_admits_no_extra_game_under_creations_at_once(folders):
    tables = Tables(keeping=Keeping(games=3))
    variant = library.load_variant("one-deck")
    dealt = [tables.deal(variant, ["human", "random"], "en") for _ in range(12)]
    start = threading.Barrier(len(dealt))
    kept: list[str] = []
    refused: list[str] = []

    def keep(table):
        start.wait()
        try:
            tables.keep(table)
            kept.append(table.id)
        except TableError as exc:
            refused.append(exc.code)

    threads = [threading.Thread(target=keep, args=(t,)) for t in dealt]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(kept) == 3 and refused == ["too-many-games"] * 9
    assert tables.store.count_playing() == 3


def test_concurrent_creations_through_the_api_fill_the_cap_exactly(folders):
    app = create_app(Tables(keeping=Keeping(games=2)), lang="en", pause=0)
    with TestClient(app) as client:
        results: list[int] = []

        def create():
            results.append(client.post("/api/games", json={"variant": "one-deck",
                                                           "seats": ["human", "random"]}).status_code)

        threads = [threading.Thread(target=create) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [201, 201, 503, 503, 503, 503]
        assert app.state.server.tables.store.count_playing() == 2
