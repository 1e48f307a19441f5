"""What the tests that play whole games in headless Chromium share: a real
``machiavelli serve`` (computers without a pause) with small variants, the
browser, new games through the API, axe-core's check of a page.

Without Chromium or Playwright the importing module is skipped, except in CI
where it must run."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("MACHIAVELLI_CHROMIUM", "/usr/bin/chromium")
#: Small variants keep a whole game short: one deck, small hands; hands big enough for a full table.
VARIANTS = {
    "tiny": "name: tiny\nextends: bga\ndecks: 1\nhand_size: 6\n",
    "big-hands": "name: big-hands\nextends: bga\nhand_size: 20\n",
}


def needs_browser() -> None:
    if not os.environ.get("CI"):
        pytest.importorskip("playwright.sync_api")
        pytest.importorskip("uvicorn")
        pytest.importorskip("axe_playwright_python")
        if not Path(CHROMIUM).exists():
            pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(base: Path, variants: dict[str, str] | None = VARIANTS, pause: float = 0,
                 env: dict[str, str] | None = None) -> tuple[str, subprocess.Popen]:
    """``machiavelli serve --pause PAUSE`` in its own process, with its own data folders under ``base``
    and ``variants`` (name: YAML text) as the user's variants folder (None: the user's folder is left
    as ``env`` has it); ``env`` instead of this process's environment."""
    env = dict(os.environ if env is None else env, MACHIAVELLI_DATA_DIR=str(base / "data"),
               MACHIAVELLI_CACHE_DIR=str(base / "cache"))
    if variants is not None:
        folder = base / "variants"
        folder.mkdir()
        for name, text in variants.items():
            (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
        env["MACHIAVELLI_VARIANTS_DIR"] = str(folder)
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "machiavelli", "serve", "--port", str(port), "--lang", "en",
                                "--pause", str(pause)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).read()
            return url, process
        except OSError:
            if process.poll() is not None or time.time() > deadline:
                process.kill()
                pytest.fail("the server did not start: " + (process.stdout.read() if process.stdout else ""))
            time.sleep(0.2)


@contextmanager
def serving(base: Path, variants: dict[str, str] | None = VARIANTS, pause: float = 0,
            env: dict[str, str] | None = None) -> Iterator[str]:
    """:func:`start_server` for a ``with`` block (or a fixture): its URL, the server stopped after."""
    url, process = start_server(base, variants, pause, env)
    try:
        yield url
    finally:
        stop_server(process)


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Chromium driven by Playwright, closed after."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # As root Chromium needs --no-sandbox; containers often have a small /dev/shm.
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        try:
            yield browser
        finally:
            browser.close()


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


def new_game(server: str, variant: str, seats: list[str], seed: int, lang: str = "en") -> dict[str, Any]:
    body: dict[str, Any] = {"variant": variant, "seats": seats, "lang": lang, "seed": seed}
    if "friend" in seats:  # a chosen seed at a table with friends is shown to them all
        body["announce_seed"] = True
    request = urllib.request.Request(server + "/api/games", json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 201
        return dict(json.loads(response.read()))


def seat_view(server: str, game: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    token = game["seats"][seat]["token"]
    with urllib.request.urlopen(f"{server}/api/games/{game['id']}/view?token={token}&lang=en") as response:
        return dict(json.loads(response.read()))


def axe_violations(page: Any) -> list[str]:
    """The serious and critical rules axe-core (shipped by axe-playwright-python) finds on the page."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {len(v['nodes'])} × {v['nodes'][0]['target']}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
