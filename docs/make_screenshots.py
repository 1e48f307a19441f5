"""Regenerate the README's screenshots of the web table (docs/screenshots/).

Starts ``machiavelli serve`` on a free port with its own empty data folders,
deals one seeded game of each shipped game against computer players, and
photographs a seat's page in headless Chromium (Playwright, the
distribution's /usr/bin/chromium unless MACHIAVELLI_CHROMIUM says
otherwise): desktop 1280x800 and phone 390x844 for each game, plus the
table in Arabic and in Chinese. PNGs are written with a reduced palette
when Pillow is installed (smaller files; the pages have few colours).

    python docs/make_screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("MACHIAVELLI_CHROMIUM", "/usr/bin/chromium")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: (file name stem, variant, seats, language, seed, viewports)
SHOTS = (
    ("machiavelli", "jokers", ["human", "club"], "en", 7, ("desktop", "phone")),
    ("cicera", "cicera", ["human", "partner", "partner", "partner"], "en", 3, ("desktop", "phone")),
    ("si-se-pai", "si-se-pai", ["human", "keeper", "keeper", "keeper"], "en", 12, ("desktop", "phone")),
    ("machiavelli-arabic", "bga", ["human", "club"], "ar", 4, ("desktop",)),
    ("si-se-pai-chinese", "si-se-pai", ["human", "keeper", "keeper", "keeper"], "zh_Hans", 5, ("desktop",)),
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, data: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(data).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return dict(json.loads(response.read()))


def _serve(base: Path) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ, MACHIAVELLI_DATA_DIR=str(base / "data"), MACHIAVELLI_CACHE_DIR=str(base / "cache"))
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "machiavelli", "serve", "--port", str(port), "--pause", "0"],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).read()
            return process, url
        except OSError:
            if process.poll() is not None or time.time() > deadline:
                process.kill()
                raise SystemExit("the server did not start")
            time.sleep(0.2)


def _optimise(path: Path) -> None:
    try:
        from PIL import Image
    except ImportError:  # the PNG as Chromium wrote it
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        process, url = _serve(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
                for stem, variant, seats, lang, seed, sizes in SHOTS:
                    game = _post(url + "/api/games", {"variant": variant, "seats": seats, "lang": lang, "seed": seed})
                    for size in sizes:
                        viewport = DESKTOP if size == "desktop" else PHONE
                        context = browser.new_context(viewport=viewport, device_scale_factor=1,
                                                      is_mobile=size == "phone", has_touch=size == "phone")
                        page = context.new_page()
                        page.goto(url + game["seats"][0]["link"])
                        page.wait_for_selector("#hand .card svg")
                        if size == "phone":  # the hand in view, as a player on a phone holds it
                            page.locator("#hand").scroll_into_view_if_needed()
                        page.wait_for_timeout(300)
                        path = args.out / f"{stem}-{size}.png"
                        page.screenshot(path=str(path))
                        _optimise(path)
                        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}  "
                              f"{path.stat().st_size // 1024} KiB")
                        context.close()
                browser.close()
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
