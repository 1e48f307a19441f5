"""The web table: how long after a person's move a computer's answer move is
drawn on the pages of the table (the mover's and another person's), with
``--pause 0``, in headless Chromium. Each page notes the time it draws every
view (Date.now(), one clock); the figure is from the mover's page drawing the
answer to its own move to each page drawing the computer's move.

    python bench/web_turns.py [TURNS]     (default 30; needs Playwright and /usr/bin/chromium)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from browser_support import CHROMIUM, new_game, start_server, stop_server  # noqa: E402

ANCHOR_MS = 100  # a move felt as at once
NOTE = """() => { window.__drawn = []; Front.register({ after: (k, v) => {
    const log = v.log || [];
    if (v !== window.__last) { window.__last = v;
        window.__drawn.push([Date.now(), log.length, log.length ? log[log.length - 1].seat : null]); } } }); }"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    url, process = start_server(Path(tempfile.mkdtemp()))
    try:
        # Seat 0 moves (a person), seat 1 is a computer, seat 2 another person watching.
        game = new_game(url, "bga", ["human", "random", "friend"], 5)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
            pages = []
            for seat in (0, 2):
                page = browser.new_page()
                page.goto(url + game["seats"][seat]["link"])
                page.wait_for_selector("#hand .card")
                page.evaluate(NOTE)
                pages.append(page)
            mover, other = pages
            own, watcher = [], []
            ready = '#controls button[data-command="draw"]:not([disabled])'
            mover.wait_for_function("""s => document.querySelector(s) ||
                document.querySelector('#others li.current[data-seat="2"]')""", arg=ready)
            if not mover.locator(ready).count():  # the deal begins with the other person: they draw first
                other.wait_for_selector(ready, timeout=20000)
                other.click(ready)
            for _ in range(turns):
                mover.wait_for_selector('#controls button[data-command="draw"]:not([disabled])', timeout=20000)
                logged = mover.evaluate("document.querySelectorAll('#log-list li').length")
                mover.click('#controls button[data-command="draw"]')
                # The computer's move is drawn on both pages; then seat 2 (the other person) draws by its API.
                for page in pages:
                    page.wait_for_function("n => window.__drawn.some(d => d[1] >= n + 2 && d[2] === 1)", arg=logged)
                drawn = mover.evaluate("window.__drawn")
                answered = next(d[0] for d in drawn if d[1] == logged + 1)
                computer = next(d[0] for d in drawn if d[1] >= logged + 2 and d[2] == 1)
                seen = next(d[0] for d in other.evaluate("window.__drawn") if d[1] >= logged + 2 and d[2] == 1)
                own.append(computer - answered)
                watcher.append(seen - answered)
                other.wait_for_selector('#controls button[data-command="draw"]:not([disabled])', timeout=20000)
                other.click('#controls button[data-command="draw"]')
                if mover.locator("#result").is_visible():
                    break
            browser.close()
    finally:
        stop_server(process)
    for name, figures in (("the mover's page", own), ("another person's page", watcher)):
        figures.sort()
        p90 = figures[int(len(figures) * 0.9) - 1] if len(figures) >= 10 else figures[-1]
        print(f"computer's move drawn on {name:22}: p50 {statistics.median(figures):5.0f} ms, p90 {p90:5.0f} ms "
              f"over {len(figures)} moves (anchor {ANCHOR_MS} ms)")


if __name__ == "__main__":
    time.sleep(0)
    main()
