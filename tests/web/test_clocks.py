"""Clocks at the web table: chosen at the start (per move, or a bank per
game), enforced by the server (a seat out of time is played by a computer,
and the log says so), kept across a restart, and telling nothing hidden.

The server's settings let these tests use clocks of a second or two; a
user's request cannot go below ten seconds."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from machiavelli.app.web.clocks import ClockRules, MIN_SECONDS  # noqa: E402
from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Tables  # noqa: E402

from web_support import app, client, folders, game_of, settle, token, view  # noqa: E402,F401

FAST = ClockRules(minimum=1)


@pytest.fixture
def fast(folders):
    """A server whose clocks may be as short as a second (its own settings, not the API's)."""
    app = create_app(Tables(), lang="en", pause=0, clocks=FAST)
    with TestClient(app) as c:
        yield c


def start(client, clock, seats=("human", "club"), names=None, variant="one-deck", seed=7, lang="en"):
    body = {"variant": variant, "seats": list(seats), "clock": clock, "seed": seed}
    if "friend" in seats:
        body["announce_seed"] = True
    if names:
        body["names"] = names
    r = client.post(f"/api/games?lang={lang}", json=body)
    assert r.status_code == 201, r.text
    settle(client)
    return r.json()


def wait_for(check, seconds=15.0):
    end = time.time() + seconds
    while time.time() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("not in time")


def timer(data, seat):
    return next(c for c in data["clock"]["seats"] if c["seat"] == seat)


def test_no_clock_unless_asked_and_old_requests_are_unchanged(client):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"]})
    assert r.status_code == 201
    settle(client)
    assert "clock" not in view(client, r.json(), 0)
    null = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"], "clock": None})
    assert null.status_code == 201 and "clock" not in view(client, null.json(), 0)


@pytest.mark.parametrize("clock", [
    {"kind": "hourglass", "seconds": 60}, {"seconds": 60}, "60", [60], {"kind": "move", "seconds": -5},
    {"kind": "move", "seconds": 0}, {"kind": "game", "seconds": 10 ** 9}, {"kind": "move", "seconds": 30.5},
    {"kind": "move", "seconds": True}, {"kind": "move", "seconds": MIN_SECONDS - 1},
    {"kind": "move", "seconds": 60, "increment": 5}, {"kind": "game", "seconds": 60, "increment": -1},
    {"kind": "game", "seconds": 60, "increment": 100_000}, {"kind": "move", "seconds": 60, "level": "grandmaster"},
    {"kind": "move", "seconds": 60, "colour": "red"},
])
def test_a_wrong_clock_is_refused_in_one_clear_sentence(client, clock):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"], "clock": clock})
    assert r.status_code == 400
    error = r.json()["error"]
    assert "Traceback" not in error and ("clock" in error.lower() or "computer player" in error)
    assert not client.app.state.server.tables.all()  # nothing was dealt


def test_the_refusal_speaks_the_request_s_language(client):
    r = client.post("/api/games?lang=it", json={"variant": "one-deck", "seats": ["human", "random"],
                                                "clock": {"kind": "move", "seconds": -1}})
    english = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"],
                                              "clock": {"kind": "move", "seconds": -1}}).json()["error"]
    assert r.status_code == 400 and r.json()["error"] != english and "86" in r.json()["error"]


def test_the_view_has_each_person_s_clock_the_one_to_play_running(client):
    game = start(client, {"kind": "move", "seconds": 60}, seats=("human", "friend", "random"), names=["Ada", "Bea"])
    played = game_of(client.app, game)
    mover = played.to_move()[0]
    data = view(client, game, 0)
    clock = data["clock"]
    assert clock["kind"] == "move" and clock["seconds"] == 60 and clock["level"] == "random"
    assert [c["seat"] for c in clock["seats"]] == [0, 1]  # people only: computers have no clock
    running = [c["seat"] for c in clock["seats"] if c["running"]]
    assert running == ([mover] if mover in (0, 1) else [])
    if running:
        assert 55 < timer(data, mover)["left"] <= 60
    other = view(client, game, 1)["clock"]  # the same for every seat, but for the time gone by
    assert [dict(c, left=0) for c in other["seats"]] == [dict(c, left=0) for c in clock["seats"]]
    watch = client.get(game["watch"]["view"]).json()
    assert watch["clock"]["kind"] == "move" and [c["seat"] for c in watch["clock"]["seats"]] == [0, 1]


def test_the_seat_s_level_is_the_table_s_strongest_computer_or_the_one_chosen(client):
    game = start(client, {"kind": "move", "seconds": 60}, seats=("human", "random", "club"))
    assert view(client, game, 0)["clock"]["level"] == "club"
    alone = start(client, {"kind": "game", "seconds": 600}, seats=("human", "friend"))
    assert view(client, alone, 0)["clock"]["level"] == "club"  # the game's default player
    chosen = start(client, {"kind": "move", "seconds": 60, "level": "beginner"}, seats=("human", "club"))
    assert view(client, chosen, 0)["clock"]["level"] == "beginner"


def test_on_time_out_the_computer_plays_the_seat_s_turn_and_every_log_says_so(fast):
    game = start(fast, {"kind": "move", "seconds": 1}, seats=("human", "friend"), names=["Ada", "Bea"], seed=11)
    table = fast.app.state.server.tables.get(game["id"])
    first = table.game.to_move()[0]
    other = 1 - first
    turn = table.game.turn_number
    wait_for(lambda: table.game.turn_number > turn)
    # Its turn was played with legal moves (the engine took them) and ended.
    played = [e for e in table.game.log if e.turn == turn]
    assert played and all(e.seat == first for e in played) and played[-1].ends_turn
    names = ["Ada", "Bea"]
    own = view(fast, game, first)["log"]
    assert {"seat": first, "turn": turn, "text": "Your time ran out: the computer played for you.",
            "clock": True} in own
    theirs = view(fast, game, other)["log"]
    told = [e for e in theirs if e.get("clock")]
    assert told[0]["text"] == f"Time ran out for {names[first]}: the computer played for them."
    # Told before the moves made for the seat.
    at = theirs.index(told[0])
    assert theirs[at + 1]["seat"] == first and theirs[at + 1]["turn"] == turn
    assert sum(1 for e in own if e.get("clock") and e["turn"] == turn) == 1  # once per move, not per action
    # The next seat's clock runs now.
    data = view(fast, game, other)
    assert timer(data, other)["running"] or table.game.to_move()[0] != other
    it = [e["text"] for e in fast.get(f"/api/games/{game['id']}/view?token={token(game, other)}&lang=it").json()["log"]
          if e.get("clock")]
    assert names[first] in it[0] and it[0] != told[0]["text"]  # in Italian


def test_a_seat_out_of_time_cannot_move_while_the_computer_plays_for_it(fast):
    game = start(fast, {"kind": "move", "seconds": 60}, seats=("human", "random"), seed=3)
    server = fast.app.state.server
    table = server.tables.get(game["id"])
    wait_for(lambda: table.game.to_move() == (0,))
    timers = server.clocks._timers
    handle = timers.pop(table.id)
    handle.cancel()  # the computer's move is held back: the seat is caught out of time
    table.clock.deadlines[0] = time.time() - 1
    r = fast.post(f"/api/games/{game['id']}/actions?token={token(game, 0)}", json={"command": "draw"})
    assert r.status_code == 409 and r.json()["error"] == "Your time ran out: the computer is playing this move for you."
    assert fast.post(f"/api/games/{game['id']}/actions?token={token(game, 0)}", json={"command": "help"}).status_code == 200


def test_a_clock_per_game_spends_the_bank_while_it_is_the_seat_s_move_and_adds_the_increment(fast):
    game = start(fast, {"kind": "game", "seconds": 120, "increment": 5}, seats=("human", "random"), seed=5)
    table = fast.app.state.server.tables.get(game["id"])
    wait_for(lambda: table.game.to_move() == (0,))
    time.sleep(1.2)
    before = timer(view(fast, game, 0), 0)
    assert before["running"] and 117 < before["left"] < 119
    r = fast.post(f"/api/games/{game['id']}/actions?token={token(game, 0)}", json={"command": "draw"})
    assert r.status_code == 200, r.text
    after = timer(r.json()["view"], 0)
    assert not after["running"] or table.game.to_move() == (0,)
    # The bank: 120 less the time spent, plus 5 for the move made.
    assert 122 < table.clock.banks[0] < 124


def test_a_restart_resumes_the_clocks_at_their_kept_deadlines(folders):
    app = create_app(Tables(), lang="en", pause=0, clocks=FAST)
    with TestClient(app) as c:
        game = start(c, {"kind": "move", "seconds": 30}, seats=("human", "random"), seed=4)
        table = app.state.server.tables.get(game["id"])
        wait_for(lambda: table.game.to_move() == (0,))
        deadline = table.clock.deadlines[0]
    time.sleep(0.5)
    again = Tables()
    again.load_saved()
    assert again.get(game["id"]).clock.deadlines[0] == pytest.approx(deadline)
    app = create_app(again, lang="en", pause=0, clocks=FAST)
    with TestClient(app) as c:
        left = timer(view(c, game, 0), 0)
        assert left["running"] and deadline - time.time() - 0.2 < left["left"] <= deadline - time.time() + 0.1


def test_a_deadline_passed_while_the_server_was_down_runs_out_just_after_the_restart(folders):
    app = create_app(Tables(), lang="en", pause=0, clocks=FAST)
    with TestClient(app) as c:
        game = start(c, {"kind": "move", "seconds": 2}, seats=("human", "random"), seed=4)
        table = app.state.server.tables.get(game["id"])
        turn = table.game.turn_number
        assert table.game.to_move() == (0,)
    time.sleep(2.5)  # no server: nobody played for the seat
    again = Tables()
    again.load_saved()
    assert again.get(game["id"]).game.turn_number == turn
    app = create_app(again, lang="en", pause=0, clocks=FAST)
    with TestClient(app) as c:
        table = app.state.server.tables.get(game["id"])
        wait_for(lambda: table.game.turn_number > turn)
        assert any(e.get("clock") for e in view(c, game, 0)["log"])


def test_a_rematch_keeps_the_clock(client):
    from machiavelli.core.fallback import fallback_action

    game = start(client, {"kind": "game", "seconds": 300, "increment": 2}, seats=("human", "random"))
    table = client.app.state.server.tables.get(game["id"])
    while table.game.outcome is None:
        seat = table.game.to_move()[0]
        table.game.apply(fallback_action(table.game, seat), seat)
    r = client.post(f"/api/games/{game['id']}/rematch?token={token(game, 0)}", json={})
    assert r.status_code == 201, r.text
    new = client.app.state.server.tables.get(r.json()["id"])
    assert new.clock is not None and new.clock.setting == table.clock.setting


def test_unseen_answers_run_no_seat_s_clock_and_a_time_out_there_is_told_to_that_seat_alone(fast):
    seats = ("human", "friend", "friend", "friend")
    names = ["Ada", "Bea", "Cy", "Dee"]
    game = start(fast, {"kind": "move", "seconds": 60}, seats=seats, names=names, variant="si-se-pai", seed=3)
    server = fast.app.state.server
    table = server.tables.get(game["id"])
    if table.clock.answers is None:
        pytest.skip("the deal opens with a discard")
    views = [view(fast, game, s) for s in range(4)]
    for data in views:  # the same for all: nobody's clock runs, the answer's time is everyone's
        assert not any(c["running"] for c in data["clock"]["seats"])
        assert 55 < data["clock"]["answers"] <= 60
        assert [c["left"] for c in data["clock"]["seats"]] == [60.0] * 4
    # Some answer, the others run out of time (their deadline moved into the past).
    answering = list(table.game.to_move())
    assert fast.post(f"/api/games/{game['id']}/actions?token={token(game, answering[0])}",
                     json={"command": "pass"}).status_code == 200
    server.clocks._timers.pop(table.id).cancel()
    late = [s for s in answering[1:]]
    table.clock.answers = time.time() - 1  # the answers' own deadline, everyone's
    for seat in late:
        table.clock.deadlines[seat] = table.clock.answers
    assert not any(c["running"] for c in view(fast, game, 0)["clock"]["seats"])  # and this sets the timer again
    wait_for(lambda: table.clock.answers is None or table.clock.answers > time.time())  # all in, decided
    assert {n.seat for n in table.clock.notices} == set(late) and all(n.own for n in table.clock.notices)
    for seat in range(4):
        texts = [e["text"] for e in view(fast, game, seat)["log"] if e.get("clock")]
        assert texts == (["Your time ran out: the computer played for you."] if seat in late else [])
    watch = json.dumps(fast.get(game["watch"]["view"]).json())
    assert "Time ran out" not in watch and "time ran out" not in watch


def test_a_store_made_before_clocks_still_loads_its_games(folders):
    import sqlite3

    from machiavelli.app.web.tables import store_path

    app = create_app(Tables(), lang="en", pause=0)
    with TestClient(app) as c:
        game = start(c, None, seats=("human", "random"))
    app.state.server.tables.store.close()
    with sqlite3.connect(store_path()) as db:  # the layout of earlier versions: no clocks table
        db.execute("DROP TABLE clocks")
    again = Tables()
    assert again.load_saved() == 1 and again.get(game["id"]).clock is None
    with TestClient(create_app(again, lang="en", pause=0)) as c:
        assert "clock" not in view(c, game, 0)


def test_the_clock_is_kept_in_the_same_transaction_as_the_move(fast):
    game = start(fast, {"kind": "game", "seconds": 300}, seats=("human", "random"), seed=5)
    server = fast.app.state.server
    table = server.tables.get(game["id"])
    wait_for(lambda: table.game.to_move() == (0,))
    r = fast.post(f"/api/games/{game['id']}/actions?token={token(game, 0)}", json={"command": "draw"})
    assert r.status_code == 200
    settle(fast)
    kept = server.tables.store.load(game["id"])
    assert kept is not None and json.loads(kept.clock)["ply"] == len(kept.moves) == len(table.game.log)


class _Game:
    """What the clock reads of a game: its log, whose move it is, its turn."""

    def __init__(self, moving, log=(), turn=1, players=3):
        self.log, self.moving, self.turn_number, self.players, self.outcome = list(log), moving, turn, players, None

    def to_move(self):
        return self.moving


class _Entry:
    def __init__(self, seat, ends_turn=False):
        self.seat, self.ends_turn = seat, ends_turn


def test_the_answers_time_runs_on_once_the_people_have_answered():
    from machiavelli.app.web.clocks import Setting, advanced, started

    game = _Game((1, 2))
    clock = started(Setting("move", 30, 0, "club"), game, {0, 1}, True, 1000.0)
    assert clock.answers == 1030.0 and clock.deadlines == {1: 1030.0}
    game.log.append(_Entry(1))  # the person answered; a computer has still to
    game.moving = (2,)
    later = advanced(clock, game, {0, 1}, True, 1005.0)
    assert later.answers == 1030.0 and later.deadlines == {}


def test_a_bank_is_spent_only_on_the_seat_s_own_public_moves():
    from machiavelli.app.web.clocks import Setting, advanced, started

    game = _Game((0,))
    clock = started(Setting("game", 100, 2, "club"), game, {0, 1}, False, 1000.0)
    assert clock.deadlines == {0: 1100.0}
    game.log.append(_Entry(0))  # a move within the turn: the bank runs on
    clock = advanced(clock, game, {0, 1}, False, 1010.0)
    assert clock.banks[0] == 90 and clock.deadlines == {0: 1100.0}
    game.log.append(_Entry(0, ends_turn=True))
    game.moving, game.turn_number = (1,), 2
    clock = advanced(clock, game, {0, 1}, False, 1020.0)
    assert clock.banks == [82.0, 100.0, 100.0] and clock.deadlines == {1: 1120.0}
    game.log.append(_Entry(1, ends_turn=True))  # answers given unseen take from no bank
    game.moving, game.turn_number = (0, 1), 3
    clock = advanced(clock, game, {0, 1}, True, 1050.0)
    assert clock.banks == [82.0, 70.0 + 2, 100.0] and clock.answers == 1080.0
    game.log.append(_Entry(0))
    game.moving = (1,)
    clock = advanced(clock, game, {0, 1}, True, 1070.0)
    assert clock.banks == [82.0, 72.0, 100.0] and clock.deadlines == {1: 1080.0}
