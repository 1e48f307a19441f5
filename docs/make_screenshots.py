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
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import chromium, serving  # noqa: E402

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


def _post(url: str, data: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(data).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return dict(json.loads(response.read()))


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
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, serving(Path(tmp), variants={}) as url, chromium() as browser:
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


if __name__ == "__main__":
    main()
