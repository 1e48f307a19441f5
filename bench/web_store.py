"""The web table's store: moves per second of one server playing 30 games
at once (computers without a pause), the 99th percentile of an action's
answer, the memory of an idle game, and the time of a move with 100,000
finished games kept beside it.

    python bench/web_store.py [--seconds 20] [--games 30] [--finished 100000]

Run it in a checkout of an earlier version (``PYTHONPATH`` pointing a
``machiavelli`` folder at it) for the anchor: the same requests, whatever
keeps the games.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import urllib.request
from pathlib import Path
from typing import Any

import machiavelli

SEATS = ["human", "random"]


def _with_store() -> bool:
    try:
        import machiavelli.app.web.store  # noqa: F401
    except ImportError:
        return False
    return True


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = dict(os.environ, MACHIAVELLI_DATA_DIR=str(data), MACHIAVELLI_CACHE_DIR=str(data / "cache"))
    process = subprocess.Popen([sys.executable, "-m", "machiavelli", "serve", "--port", str(port), "--pause", "0"],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).read()
            return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


async def _play(client: Any, url: str, until: float, latencies: list[float], moves: list[int]) -> None:
    """One person's games, one after another: draw whenever it is their turn."""
    while time.perf_counter() < until:
        made = (await client.post(url + "/api/games", json={"variant": "bga", "seats": SEATS})).json()
        token = made["seats"][0]["token"]
        base = f"{url}/api/games/{made['id']}"
        version = 0
        while time.perf_counter() < until:
            view = (await client.get(f"{base}/view?token={token}")).json()
            version = view["version"]
            if view["result"] is not None:
                break
            if not view["my_turn"]:
                await asyncio.sleep(0.02)  # the computer's move comes soon
                continue
            start = time.perf_counter()
            r = await client.post(f"{base}/actions?token={token}", json={"command": "draw"})
            latencies.append(time.perf_counter() - start)
            if r.status_code == 200:
                version = r.json()["view"]["version"]
        moves.append(version)


async def _load(url: str, games: int, seconds: float) -> tuple[float, list[float]]:
    import httpx

    latencies: list[float] = []
    moves: list[int] = []
    limits = httpx.Limits(max_connections=games + 5)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        start = time.perf_counter()
        until = start + seconds
        await asyncio.gather(*(_play(client, url, until, latencies, moves) for _ in range(games)))
        elapsed = time.perf_counter() - start
    # Every version is one change: a person's draw or a computer's move.
    return sum(moves) / elapsed, latencies


def moves_per_second(games: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory() as base:
        process, url = _serve(Path(base))
        try:
            rate, latencies = asyncio.run(_load(url, games, seconds))
        finally:
            process.kill()
            process.wait()
    cuts = statistics.quantiles(latencies, n=100)
    print(f"moves per second, one server, {games} games at once, pause 0: {rate:8.1f}")
    print(f"an action's answer over {len(latencies)} actions: p50 {cuts[49] * 1000:6.1f} ms, "
          f"p99 {cuts[98] * 1000:6.1f} ms")


def memory_per_idle_game(count: int = 300) -> None:
    from machiavelli.app import library
    from machiavelli.app.web.tables import Tables

    with tempfile.TemporaryDirectory() as base:
        os.environ["MACHIAVELLI_DATA_DIR"] = base
        variant = library.load_variant("bga")
        tables = Tables()
        tables.create(variant, SEATS, "en")  # the first one loads what every game shares
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(count):
            tables.create(variant, SEATS, "en")
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    print(f"memory per idle game (Python objects, {count} games): {(after - before) / count / 1024:8.1f} kB")


def _fill_store(tables: Any, finished: int) -> None:
    """``finished`` games over, each with the seats and 40 moves of a real one, written by SQL."""
    from machiavelli.app import library

    template = tables.create(library.load_variant("bga"), ["human", "friend"], "en")
    db = tables.store._db
    with tables.store._lock:
        db.execute("BEGIN")
        series = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
        db.execute(series + "INSERT INTO games SELECT 'done' || i, head, lang, created, updated - 86400, version, 1, "
                   "orders, owner, summary FROM n, games WHERE id = ?", (finished, template.id))
        db.execute(series + "INSERT INTO seats SELECT 'done' || i, seat, token || i FROM n, seats WHERE game = ?",
                   (finished, template.id))
        db.execute(series + ", p(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM p WHERE k < 39) "
                   "INSERT INTO moves SELECT 'done' || i, k, k % 2, 'draw' FROM n, p", (finished,))
        db.execute("COMMIT")


def _fill_files(base: Path, finished: int) -> None:
    """``finished`` games over as an earlier version kept them: a record and a table file each."""
    games, web = base / "games", base / "web"
    games.mkdir(parents=True, exist_ok=True)
    web.mkdir(parents=True, exist_ok=True)
    record = json.dumps({"format": "machiavelli-record", "actions": [{"seat": 0, "action": "draw"}] * 40})
    for i in range(finished):
        (games / f"web-done{i}.json").write_text(record)
        (web / f"done{i}.json").write_text('{"format": "machiavelli-web-table", "id": "done%d"}' % i)


def move_with_finished_games(finished: int, moves: int = 60) -> None:
    from starlette.testclient import TestClient

    from machiavelli.app.web.server import create_app
    from machiavelli.app.web.tables import Tables

    with tempfile.TemporaryDirectory() as base:
        os.environ["MACHIAVELLI_DATA_DIR"] = base
        start = time.perf_counter()
        if _with_store():
            tables = Tables()
            _fill_store(tables, finished)
        else:
            _fill_files(Path(base), finished)
            tables = Tables()
        filled = time.perf_counter() - start
        times = []
        with TestClient(create_app(tables, lang="en", pause=0)) as client:
            made = client.post("/api/games", json={"variant": "bga", "seats": ["human", "friend"]}).json()
            tokens = [seat["token"] for seat in made["seats"]]
            for _ in range(moves):
                mover = client.get(f"/api/games/{made['id']}/view?token={tokens[0]}").json()["to_play"]
                start = time.perf_counter()
                r = client.post(f"/api/games/{made['id']}/actions?token={tokens[mover]}", json={"command": "draw"})
                times.append(time.perf_counter() - start)
                assert r.status_code == 200, r.text
    print(f"a move with {finished} finished games kept (filled in {filled:.0f} s): "
          f"median {statistics.median(times) * 1000:6.1f} ms, max {max(times) * 1000:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--finished", type=int, default=100_000)
    args = parser.parse_args()
    print(f"machiavelli from {Path(machiavelli.__file__).parent} ({'SQLite store' if _with_store() else 'JSON files'})")
    moves_per_second(args.games, args.seconds)
    memory_per_idle_game()
    if args.finished:
        move_with_finished_games(args.finished)


if __name__ == "__main__":
    main()
