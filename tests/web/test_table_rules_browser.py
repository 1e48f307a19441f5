"""The table's rules in headless Chromium: the watch page follows a game live
and never shows a hand's card; the game-over summary (score table, the review
stepped move by move, rematch) for seats and the watch link; a match of two
deals started at the start page, dealt on and won; a game started with the
chat off has no chat box and the API refuses its chat."""

from __future__ import annotations

import itertools
import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from browser_support import axe_violations, needs_browser, new_game, seat_view, start_server, stop_server

needs_browser()

from playwright.sync_api import sync_playwright  # noqa: E402

from browser_support import CHROMIUM  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    url, process = start_server(tmp_path_factory.mktemp("table-rules"))
    yield url
    stop_server(process)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        yield chromium
        chromium.close()


def _post(url: str, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, json.dumps(data).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(json.loads(response.read()))
    except urllib.error.HTTPError as exc:
        return exc.code, dict(json.loads(exc.read()))


def _get(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url) as response:
        return dict(json.loads(response.read()))


def _act(server: str, game_id: str, token: str, command: str) -> int:
    return _post(f"{server}/api/games/{game_id}/actions?token={token}", {"command": command})[0]


def _meld(hand: list[str]) -> list[str] | None:
    """Three cards of the hand that make a set or a run (one deck: every code is one card)."""
    order = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    for three in itertools.combinations(hand, 3):
        ranks, suits = [c[:-1] for c in three], [c[-1] for c in three]
        if len(set(ranks)) == 1 and len(set(suits)) == 3:
            return list(three)
        if len(set(suits)) == 1:
            places = sorted(order.index(r) for r in ranks)
            if places[2] - places[0] == 2 and len(set(places)) == 3:
                return list(three)
    return None


def _turn(server: str, game_id: str, token: str, view: dict[str, Any]) -> None:
    """The seat's turn: a meld from its hand when it has one, else a draw."""
    found = _meld(view["hand"])
    if found and _act(server, game_id, token, "play " + " ".join(found)) == 200:
        assert _act(server, game_id, token, "end") == 200
        return
    assert _act(server, game_id, token, "draw" if view["can_draw"] else "end") == 200


def _page_codes(page) -> set[str]:
    return set(page.eval_on_selector_all(".card[data-code]", "cs => cs.map(c => c.dataset.code)"))


def _open(browser, url: str):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return ctx, page, errors


def test_the_watch_page_follows_a_game_live_and_never_shows_a_hand_card(server, browser):
    game = new_game(server, "tiny", ["human", "friend"], seed=5)
    tokens = [s["token"] for s in game["seats"]]
    ctx, page, errors = _open(browser, server + game["watch"]["page"])
    page.wait_for_selector("#turn-line")
    assert page.title().startswith("Watching: ")
    # Read only: no hand, no action, no command line, no chat to send.
    assert page.locator("#hand .card").count() == 0 and page.locator("#controls button").count() == 0
    assert page.locator("#command-form").count() == 0 and page.locator("#chat-form").count() == 0
    assert axe_violations(page) == []
    seen_table = 0
    for _ in range(120):
        views = [seat_view(server, game, seat) for seat in (0, 1)]
        if views[0]["result"]:
            break
        watched = _get(server + game["watch"]["view"])
        # The page follows over its socket: it shows what the watch link's view shows now.
        page.wait_for_function("t => (document.querySelector('#deck-line') || {}).textContent === t",
                               arg=next(line["text"] for line in watched["lines"] if line["key"] == "deck"),
                               timeout=10000)
        hands = set(views[0]["hand"]) | set(views[1]["hand"])
        shown = _page_codes(page)
        assert not shown & hands, shown & hands
        seen_table = max(seen_table, len(shown))
        seat = views[0]["to_play"]
        _turn(server, game["id"], tokens[seat], views[seat])
    else:
        raise AssertionError("the game did not end")
    assert seen_table > 0  # melds were laid down and the page showed them
    # Game over: the summary's score table and its link to step through the game, for the watch link too.
    page.wait_for_selector("#summary:not([hidden]) #score-table")
    assert page.locator("#score-table tbody tr").count() == 2
    assert page.locator("#ask-rematch").count() == 0  # the watch link asks for nothing
    assert axe_violations(page) == []
    page.click("#summary-review")
    page.wait_for_selector("#review-list li", timeout=60000)
    page.click("#review-next")
    assert page.locator("#review-position").inner_text().startswith("Turn 2 of ")
    assert not errors, errors
    ctx.close()


def test_a_seat_s_summary_has_the_score_table_the_review_and_the_rematch(server, browser):
    game = new_game(server, "tiny", ["human", "random"], seed=3)
    _draw_out(server, game["id"], game["seats"][0]["token"])
    ctx, page, errors = _open(browser, server + game["seats"][0]["link"])
    page.wait_for_selector("#summary:not([hidden]) #score-table")
    totals = page.eval_on_selector_all("#score-table td.total", "cs => cs.map(c => c.textContent)")
    assert totals == [str(t) for t in seat_view(server, game)["scores"]["totals"]]
    assert page.locator("#summary #ask-rematch").is_visible()
    assert axe_violations(page) == []
    page.click("#summary-review")
    page.wait_for_selector("#review-list li", timeout=60000)
    assert not errors, errors
    ctx.close()


def _start(page, variant: str, *, chat: bool = True, deals: int | None = None) -> str:
    """Start a game against the random computer at the start page; the seat's token."""
    page.select_option("#variant", variant)
    page.select_option("#seat-1", "random")
    if not chat:
        page.uncheck("#chat-on")
    if deals is not None:
        page.select_option("#match-kind", "deals")
        page.fill("#match-size", str(deals))
    page.click("#start")
    page.wait_for_selector("#hand .card")
    return str(page.evaluate("() => new URLSearchParams(location.search).get('token')"))


def _draw_out(server: str, game_id: str, token: str) -> None:
    deadline = time.time() + 60
    while time.time() < deadline:
        view = _get(f"{server}/api/games/{game_id}/view?token={token}")
        if view["result"]:
            return
        if view["my_turn"]:
            assert _act(server, game_id, token, "draw" if view["can_draw"] else "end") == 200
        else:
            time.sleep(0.05)  # the computer is moving
    raise AssertionError("the deal did not end")


def test_a_match_of_two_deals_from_the_start_page(server, browser):
    ctx, page, errors = _open(browser, server + "/?lang=en")
    assert axe_violations(page) == []
    token = _start(page, "tiny", deals=2)
    game_id = page.url.split("/play/")[1].split("?")[0]
    page.wait_for_selector("#match-line")
    assert page.locator("#match-line").inner_text().startswith("Deal 1 of 2.")
    _draw_out(server, game_id, token)
    page.wait_for_selector("#summary:not([hidden]) #score-table")
    assert page.locator("#score-table thead th").count() == 3  # player, deal 1, total
    page.click("#deal-next")
    page.click("#next-deal-link")
    page.wait_for_selector("#hand .card")
    second = page.url.split("/play/")[1].split("?")[0]
    assert second != game_id
    _draw_out(server, second, str(page.evaluate("() => new URLSearchParams(location.search).get('token')")))
    page.wait_for_selector("#summary:not([hidden]) .match-end")
    assert page.locator("#score-table thead th").count() == 4  # player, deal 1, deal 2, total
    assert page.locator(".match-end").first.inner_text() == "The match is over after 2 deals."
    assert page.locator("#deal-next").count() == 0 and page.locator("#ask-rematch").is_visible()
    assert not errors, errors
    ctx.close()


def test_a_game_started_with_the_chat_off_has_no_chat(server, browser):
    ctx, page, errors = _open(browser, server + "/?lang=en")
    token = _start(page, "tiny", chat=False)
    game_id = page.url.split("/play/")[1].split("?")[0]
    assert page.locator("#chat").is_hidden() and page.locator("#chat-line").count() == 0
    status, answer = _post(f"{server}/api/games/{game_id}/chat?token={token}", {"text": "hello"})
    assert status == 403 and answer["error"] == "The chat is turned off at this table."
    # With the box left ticked, the chat is there.
    page.goto(server + "/?lang=en")
    _start(page, "tiny")
    page.wait_for_selector("#chat-line")
    assert not errors, errors
    ctx.close()


def test_the_starter_is_shown_the_watch_link_to_copy(server, browser):
    ctx, page, errors = _open(browser, server + "/?lang=en")
    page.select_option("#variant", "tiny")
    page.select_option("#seat-1", "friend")
    page.click("#start")
    watch = page.input_value("#created-watch")
    assert "/watch/" in watch and "token=" in watch
    page.click("#open-seat")
    page.wait_for_selector("#seat-links #watch-link")
    assert page.input_value("#seat-links #watch-link") == watch
    ctx.close()
    ctx, page, errors = _open(browser, watch)
    page.wait_for_selector("#turn-line")
    assert page.locator("#hand .card").count() == 0
    assert not errors, errors
    ctx.close()
