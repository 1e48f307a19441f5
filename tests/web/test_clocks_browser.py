"""The clocks in headless Chromium: the start page sends the chosen clock;
at the table the seat's clock shows and counts down, runs out, and the
computer's move for the seat appears with the notice; a reloaded page shows
the server's time. The server runs in this process, so that its settings
allow a clock of a few seconds (a user's request cannot go below ten)."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import urllib.request

import pytest

from browser_support import axe_violations, chromium, needs_browser

needs_browser()

from playwright.sync_api import expect  # noqa: E402

from machiavelli.app.web.clocks import ClockRules  # noqa: E402
from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Tables  # noqa: E402


@pytest.fixture(scope="module")
def server():
    import uvicorn

    app = create_app(Tables(save=False), lang="en", pause=0, clocks=ClockRules(minimum=1))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    end = time.time() + 30
    while not running.started:
        assert time.time() < end and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield url, app
    running.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


def _new_game(url: str, body: dict) -> dict:
    request = urllib.request.Request(url + "/api/games", json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def _seconds(text: str) -> int:
    m, s = re.search(r"(\d+):(\d\d)", text).groups()
    return int(m) * 60 + int(s)


def test_the_start_page_sends_the_chosen_clock(server, browser):
    url, app = server
    page = browser.new_page()
    page.goto(url + "/?lang=en")
    assert page.locator("#clock-seconds").is_hidden()  # no clock unless chosen
    page.select_option("#clock-kind", "game")
    assert page.locator("#clock-seconds").input_value() == "600" and page.locator("#clock-increment").is_visible()
    page.fill("#clock-increment", "3")
    page.select_option("#seat-1", "random")
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/"))
    game_id = page.url.split("/play/")[1].split("?")[0]
    setting = app.state.server.tables.get(game_id).clock.setting
    assert (setting.kind, setting.seconds, setting.increment) == ("game", 600, 3)
    expect(page.locator("#clocks")).to_be_visible()
    expect(page.locator("#clocks .note")).to_contain_text("10:00 for each player's whole game, 3 s added")
    page.close()


def test_the_clock_counts_down_runs_out_and_the_computer_s_move_appears_with_the_notice(server, browser):
    url, app = server
    game = _new_game(url, {"variant": "bga", "seats": ["human", "random"], "seed": 2,
                           "clock": {"kind": "move", "seconds": 4}})
    table = app.state.server.tables.get(game["id"])
    end = time.time() + 10
    while table.game.to_move() != (0,):  # the computer's first move, if it starts
        assert time.time() < end
        time.sleep(0.05)
    turn = table.game.turn_number
    page = browser.new_page()
    page.goto(url + game["seats"][0]["link"])
    mine = page.locator('#clocks .clock[data-seat="0"]')
    expect(mine).to_have_class(re.compile(r"\brunning\b"))
    expect(mine).to_have_attribute("role", "timer")
    first = _seconds(mine.inner_text())
    assert 1 <= first <= 4
    assert axe_violations(page) == []
    page.wait_for_function("() => /0:0[0-2]/.test(document.querySelector('#clocks .clock[data-seat=\"0\"]').textContent)",
                           timeout=6000)
    expect(page.locator('#clocks .clock[data-seat="0"]')).to_have_class(re.compile(r"\blow\b"))
    # Run out: the computer plays the turn for the seat, and the table says so.
    notice = page.locator("#clocks .clock-notice")
    expect(notice).to_have_text("Your time ran out: the computer played for you.", timeout=8000)
    assert page.locator("#log-list li", has_text="Your time ran out").count() >= 1  # the log tells it too
    assert table.game.turn_number > turn
    played = [e for e in table.game.log if e.turn == turn and e.seat == 0]
    assert played and played[-1].ends_turn
    # A page opened again shows the server's time: the seat's next clock, full or running down.
    end = time.time() + 10
    while table.game.to_move() != (0,):
        assert time.time() < end
        time.sleep(0.05)
    page.reload()
    expect(page.locator('#clocks .clock[data-seat="0"]')).to_have_class(re.compile(r"\brunning\b"))
    assert _seconds(page.locator('#clocks .clock[data-seat="0"]').inner_text()) <= 4
    page.close()
