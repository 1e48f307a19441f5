"""``machiavelli serve`` killed with SIGKILL in the middle of games, again
and again: each time it comes back with every move it answered, versions
that never go back, and no version naming two states."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

#: Kills (each a restart, about a second).
ROUNDS = 6


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(base: Path, port: int) -> subprocess.Popen[str]:
    env = dict(os.environ, MACHIAVELLI_DATA_DIR=str(base / "data"), MACHIAVELLI_CACHE_DIR=str(base / "cache"))
    process = subprocess.Popen([sys.executable, "-m", "machiavelli", "serve", "--port", str(port), "--lang", "en",
                                "--pause", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).read()
            return process
        except OSError:
            if process.poll() is not None or time.time() > deadline:
                process.kill()
                pytest.fail("the server did not start: " + (process.stdout.read() if process.stdout else ""))
            time.sleep(0.1)


def _call(url: str, data: dict | None = None) -> tuple[int, dict]:
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(url, body, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _state(view: dict) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "version"}, sort_keys=True)


def test_kill_9_in_the_middle_of_games_loses_no_answered_move_and_no_version_goes_back(tmp_path):
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    process = _start(tmp_path, port)
    games = []
    try:
        for seats in (["human", "random", "random", "random"], ["human", "random", "random"], ["human", "friend", "random"]):
            status, made = _call(base + "/api/games", {"variant": "bga", "seats": seats})
            assert status == 201, made
            games.append(made)
        #: Per game and seat: every version seen, with the state it named.
        seen: dict[tuple[str, int], dict[int, str]] = {}
        rounds = random.Random(25)
        for _round in range(ROUNDS):
            until = time.time() + rounds.uniform(0.2, 0.8)
            while time.time() < until:
                for game in games:
                    for entry in game["seats"]:
                        if "token" not in entry:
                            continue
                        seat, token = entry["seat"], entry["token"]
                        status, view = _call(f"{base}/api/games/{game['id']}/view?token={token}")
                        assert status == 200
                        states = seen.setdefault((game["id"], seat), {})
                        assert view["version"] >= max(states, default=0), "a version went back"
                        assert states.setdefault(view["version"], _state(view)) == _state(view), \
                            "one version named two states"
                        if view["my_turn"]:
                            status, answer = _call(f"{base}/api/games/{game['id']}/actions?token={token}",
                                                   {"command": "draw"})
                            assert status in (200, 422), answer  # 422: the game is over
                            if status == 200:
                                states.setdefault(answer["view"]["version"], _state(answer["view"]))
            # The computers may be in the middle of their moves: killed at once, no goodbye.
            process.send_signal(signal.SIGKILL)
            process.wait(10)
            process = _start(tmp_path, port)
            for game in games:
                for entry in game["seats"]:
                    if "token" not in entry:
                        continue
                    status, view = _call(f"{base}/api/games/{game['id']}/view?token={entry['token']}")
                    assert status == 200, view
                    states = seen[(game["id"], entry["seat"])]
                    last = max(states)
                    # Every answered move is still there: the version is at least the last one seen.
                    assert view["version"] >= last, "a restart went back"
                    if view["version"] in states:
                        assert states[view["version"]] == _state(view), "one version named two states"
        status, listed = _call(base + "/api/games")
        assert status == 200 and {g["id"] for g in listed["games"]} == {g["id"] for g in games}
    finally:
        process.kill()
        process.wait(10)
