"""The web table over real sockets on loopback: the round trip of an action
on a kept-alive connection (p50, goal under 10 ms, beside its anchor), the
time a move (a person's, a computer's) takes to reach the other pages over
their live sockets, and 30 games played at once with 100 live sockets open,
counting errors.

    python bench/web_table.py [--actions 200] [--pushes 15] [--games 30] [--sockets 100] [--rounds 8]

The server is ``machiavelli serve`` in its own process (pause 0) with a data
folder of its own. The anchor is the issue's figure for main before
TCP_NODELAY: 44 ms for every answer after the first on one connection.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ANCHOR_MS = 44.0
GOAL_MS = 10.0
#: A memory file system, to tell the disk's sync apart from the server's own time.
MEMORY = "/dev/shm"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(base: Path) -> tuple[subprocess.Popen[str], int]:
    port = _free_port()
    env = dict(os.environ, MACHIAVELLI_DATA_DIR=str(base / "data"), MACHIAVELLI_CACHE_DIR=str(base / "cache"))
    process = subprocess.Popen([sys.executable, "-m", "machiavelli", "serve", "--port", str(port), "--pause", "0",
                                "--lang", "en"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               text=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process, port
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def _call(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    answer = conn.getresponse()
    return answer.status, json.loads(answer.read() or b"null")


def round_trips(port: int, count: int) -> dict[str, float]:
    """p50 and p90 in ms of a committed action (``sort``) and of a view, on one kept-alive connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port)
    status, game = _call(conn, "POST", "/api/games", {"variant": "bga", "seats": ["human", "friend"]})
    assert status == 201, game
    token = game["seats"][0]["token"]
    act = f"/api/games/{game['id']}/actions?token={token}"
    look = f"/api/games/{game['id']}/view?token={token}"
    times: dict[str, list[float]] = {"action": [], "view": []}
    for _ in range(count):
        for kind, method, path, body in (("action", "POST", act, {"command": "sort"}), ("view", "GET", look, None)):
            started = time.perf_counter()
            status, _data = _call(conn, method, path, body)
            times[kind].append((time.perf_counter() - started) * 1000)
            assert status == 200, (kind, status)
    conn.close()
    out = {}
    for kind, values in times.items():
        values = values[1:]  # the first answer on the connection is not what is measured
        out[f"{kind}_p50"] = statistics.median(values)
        out[f"{kind}_p90"] = statistics.quantiles(values, n=10)[-1]
    return out


async def pushes(port: int, rounds: int) -> dict[str, float]:
    """How long a move takes to reach the other pages over their live sockets
    (the server without the pause): a person's draw (from its sending: the
    round trip and the store's commit included) to the other person's page, and the computer's move that follows (from the
    person's answer before it: the computer's choice, the store's commit and
    the push) to both people's pages; p50 in ms."""
    import websockets

    conn = http.client.HTTPConnection("127.0.0.1", port)
    status, game = _call(conn, "POST", "/api/games", {"variant": "bga", "seats": ["human", "friend", "random"]})
    assert status == 201, game
    tokens = [game["seats"][0]["token"], game["seats"][1]["token"]]
    live = [f"ws://127.0.0.1:{port}/api/games/{game['id']}/live?token={t}" for t in tokens]
    # Every view each page receives, with when it came.
    came: list[list[tuple[float, dict[str, Any]]]] = [[], []]
    news = [asyncio.Event(), asyncio.Event()]

    async def read(ws: Any, seat: int) -> None:
        async for message in ws:
            came[seat].append((time.perf_counter(), json.loads(message)))
            news[seat].set()

    async def shown(seat: int, since: int, to_play: int) -> float:
        """When page ``seat`` was first shown a view after index ``since`` with ``to_play`` to play (or over)."""
        while True:
            for at, view in came[seat][since:]:
                if view.get("to_play") == to_play or view.get("result") is not None:
                    return at
            news[seat].clear()
            await asyncio.wait_for(news[seat].wait(), 30)

    person: list[float] = []
    computer: list[float] = []
    async with websockets.connect(live[0]) as ws0, websockets.connect(live[1]) as ws1:
        readers = [asyncio.create_task(read(ws0, 0)), asyncio.create_task(read(ws1, 1))]
        await shown(0, 0, 0)
        for _ in range(rounds):
            for seat in (0, 1):
                other = 1 - seat
                marks = [len(came[0]), len(came[1])]
                sent = time.perf_counter()
                status, data = await asyncio.to_thread(_call, conn, "POST", f"/api/games/{game['id']}/actions?token="
                                                       f"{tokens[seat]}", {"command": "draw"})
                answered = time.perf_counter()
                if status != 200 or data["view"].get("result") is not None:
                    break
                if seat == 0:
                    # From the sending: the push may come before the answer is read.
                    person.append((await shown(other, marks[other], 1) - sent) * 1000)
                else:
                    computer.append((max(await shown(0, marks[0], 0), await shown(1, marks[1], 0)) - answered) * 1000)
            else:
                continue
            break
        for task in readers:
            task.cancel()
    conn.close()
    return {"person_p50": statistics.median(person), "computer_p50": statistics.median(computer),
            "person_n": len(person), "computer_n": len(computer)}


async def crowd(port: int, games: int, sockets: int, rounds: int) -> dict[str, Any]:
    """``games`` games against two computers, ``sockets`` live pages spread over
    their people's seats, each person drawing ``rounds`` times; errors counted."""
    import websockets

    errors: list[str] = []
    made = []
    conn = http.client.HTTPConnection("127.0.0.1", port)
    for _ in range(games):
        status, game = _call(conn, "POST", "/api/games", {"variant": "bga", "seats": ["human", "random", "random"]})
        if status != 201:
            errors.append(f"create {status}")
            continue
        made.append(game)
    conn.close()
    received = [0]
    turns: dict[str, asyncio.Event] = {g["id"]: asyncio.Event() for g in made}
    #: The version of the view each person's last draw answered: a page's older view is no turn.
    acted: dict[str, int] = {g["id"]: 0 for g in made}
    #: The newest version any page of the seat was shown.
    newest: dict[str, int] = {g["id"]: 0 for g in made}
    opened: list[Any] = []

    async def watch(game: dict[str, Any]) -> None:
        token = game["seats"][0]["token"]
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/api/games/{game['id']}/live?token={token}") as ws:
                opened.append(ws)
                async for message in ws:
                    received[0] += 1
                    data = json.loads(message)
                    newest[game["id"]] = max(newest[game["id"]], data.get("version", 0))
                    if data.get("version", 0) > acted[game["id"]] and (data.get("my_turn")
                                                                       or data.get("result") is not None):
                        turns[game["id"]].set()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - counted, the bench goes on
            errors.append(f"socket {type(exc).__name__}")

    watchers = [asyncio.create_task(watch(made[k % len(made)])) for k in range(sockets)]
    while len(opened) + sum(1 for e in errors if e.startswith("socket")) < sockets:
        await asyncio.sleep(0.05)

    def play(game: dict[str, Any]) -> int:
        own = http.client.HTTPConnection("127.0.0.1", port)
        path = f"/api/games/{game['id']}/actions?token={game['seats'][0]['token']}"
        status, data = _call(own, "POST", path, {"command": "draw"})
        own.close()
        if status == 200:
            acted[game["id"]] = max(acted[game["id"]], data["view"]["version"])
        else:
            errors.append(f"draw {status} {data.get('code') if isinstance(data, dict) else ''}")
        return status

    async def player(game: dict[str, Any]) -> int:
        moves = 0
        for _ in range(rounds):
            event = turns[game["id"]]
            try:
                await asyncio.wait_for(event.wait(), 60)
            except asyncio.TimeoutError:
                errors.append("no turn in 60 s")
                return moves
            event.clear()
            acted[game["id"]] = newest[game["id"]]  # what another page shows late is no new turn
            if await asyncio.to_thread(play, game) == 200:
                moves += 1
        return moves

    started = time.perf_counter()
    moved = await asyncio.gather(*(player(g) for g in made))
    took = time.perf_counter() - started
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    return {"games": len(made), "sockets": len(opened), "draws": sum(moved), "views_received": received[0],
            "seconds": took, "errors": errors}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--sockets", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--pushes", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, port = _serve(Path(folder))
        try:
            trips = round_trips(port, args.actions)
            print(f"action round trip, kept-alive connection: p50 {trips['action_p50']:.1f} ms "
                  f"(p90 {trips['action_p90']:.1f}); goal < {GOAL_MS:.0f} ms; anchor {ANCHOR_MS:.0f} ms (before TCP_NODELAY)")
            print(f"view round trip, kept-alive connection:   p50 {trips['view_p50']:.1f} ms "
                  f"(p90 {trips['view_p90']:.1f})")
            if Path(MEMORY).is_dir():
                # The same with the store in memory (tmpfs): what the disk's full sync of each committed move costs.
                with tempfile.TemporaryDirectory(dir=MEMORY) as quick:
                    fast, fast_port = _serve(Path(quick))
                    try:
                        shm = round_trips(fast_port, args.actions)
                    finally:
                        fast.terminate()
                        fast.wait(10)
                print(f"action round trip, store on tmpfs ({MEMORY}): p50 {shm['action_p50']:.1f} ms "
                      f"(p90 {shm['action_p90']:.1f}); goal < {GOAL_MS:.0f} ms: the rest is the disk's sync per move")
            moved = asyncio.run(pushes(port, args.pushes))
            print(f"a person's move to the other person's page (live socket): p50 {moved['person_p50']:.1f} ms "
                  f"over {moved['person_n']} moves (from its sending: the commit included)")
            print(f"a computer's move to both people's pages (live sockets, no pause): p50 "
                  f"{moved['computer_p50']:.1f} ms over {moved['computer_n']} moves (from the last person's answer: "
                  f"the computer's choice, the store's commit and the push)")
            result = asyncio.run(crowd(port, args.games, args.sockets, args.rounds))
            print(f"{result['games']} games, {result['sockets']} live sockets: {result['draws']} draws and the "
                  f"computers' answers in {result['seconds']:.1f} s, {result['views_received']} views pushed, "
                  f"{len(result['errors'])} errors (goal 0)")
            for error in sorted(set(result["errors"]))[:10]:
                print("  error:", error)
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    main()
