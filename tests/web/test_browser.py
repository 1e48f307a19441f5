"""The web table in a real headless Chromium (the distribution's package,
driven by Playwright): a real server, two seats in two browser contexts, a
turn by drag and drop, a turn by keyboard, what each seat receives, Arabic.

Screenshots are kept in ``tests/artifacts/web/`` (outside git). Without
Chromium or Playwright the tests are skipped, except in CI where they must run.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

import suite_paths
from browser_support import chromium, needs_browser, serving

ARTIFACTS = suite_paths.ARTIFACTS / "web"
ONE_DECK = "name: one-deck\nextends: bga\ndecks: 1\nhand_size: 10\n"

needs_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``machiavelli serve`` in its own process, with its own data folders."""
    with serving(tmp_path_factory.mktemp("web"), {"one-deck": ONE_DECK}, pause=0.05) as url:
        yield url


def _post(url: str, data: dict) -> tuple[int, dict]:
    if "seed" in data and "friend" in data.get("seats", ()):
        data = {**data, "announce_seed": True}  # a chosen seed at a table with friends is shown to them all
    request = urllib.request.Request(url, json.dumps(data).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _get(url: str) -> dict:
    with urllib.request.urlopen(url) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def browser():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium() as browser:
        yield browser


class Seat:
    """One browser context on one seat's link, recording everything the server sends it."""

    def __init__(self, browser, server: str, link: str, name: str) -> None:
        self.context = browser.new_context(viewport={"width": 1200, "height": 900})
        self.page = self.context.new_page()
        self.name = name
        self.received: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: self.received.append(str(payload))))
        self.page.on("response", self._response)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(server + link)
        self.page.wait_for_selector("#hand .card")

    def _response(self, response) -> None:
        if "/api/" in response.url:
            try:
                self.received.append(response.text())
            except Exception:  # noqa: BLE001 - a body the browser did not keep
                pass

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.code)")

    def table(self) -> list[list[str]]:
        return self.page.eval_on_selector_all(
            "#table .meld", "melds => melds.map(m => [...m.querySelectorAll('.card')].map(c => c.dataset.code))")

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _every_code(texts: list[str]) -> set[str]:
    return set(re.findall(r'"([0-9AJQK]{1,2}[SHDC])"', "\n".join(texts)))


def _game_with_a_play(server: str) -> tuple[dict, int, dict]:
    """A two-person game whose first player can lay down cards (the hint says how)."""
    for seed in range(60):
        status, game = _post(server + "/api/games", {"variant": "one-deck", "seats": ["human", "friend"],
                                                      "lang": "en", "seed": seed})
        assert status == 201, game
        first = _get(f"{server}/api/games/{game['id']}/view?token={game['seats'][0]['token']}")["to_play"]
        token = game["seats"][first]["token"]
        status, hint = _post(f"{server}/api/games/{game['id']}/actions?token={token}", {"command": "hint"})
        commands = hint.get("commands") or []
        if commands and all(c.split()[0] in ("play", "end") for c in commands):
            return game, first, hint
    pytest.fail("no deal in 60 seeds where the first player can lay down melds")


def test_two_friends_play_by_drag_and_drop_and_by_keyboard(server, browser):
    game, first, hint = _game_with_a_play(server)
    other = 1 - first
    mover = Seat(browser, server, game["seats"][first]["link"], "first")
    waiter = Seat(browser, server, game["seats"][other]["link"], "second")
    try:
        mover_hand, waiter_hand = mover.hand(), waiter.hand()
        assert len(mover_hand) == len(waiter_hand) == 10
        assert not set(mover_hand) & set(waiter_hand)  # one deck: every code is one card
        assert mover.page.locator("#turn-line").inner_text().endswith("Your turn.")
        assert "Player" in waiter.page.locator("#turn-line").inner_text()
        assert waiter.page.locator("#others li").inner_text().endswith("10 cards")
        mover.shot("1-before-drag")

        # Turn 1, by drag and drop: each meld's cards into the new meld, laid down, then End.
        played: list[str] = []
        for command in hint["commands"]:
            words = command.split()
            if words[0] != "play":
                continue
            for symbol in words[1:]:
                code = _code(symbol)
                mover.page.drag_and_drop(f'#hand .card[data-code="{code}"] >> nth=0', "#area-new")
                played.append(code)
            assert mover.page.locator("#area-new .card").count() == len(words) - 1
            mover.page.click("#lay-down")
            mover.page.wait_for_function("n => document.querySelectorAll('#table .meld').length >= n",
                                         arg=len([c for c in hint["commands"][:hint["commands"].index(command) + 1]
                                                  if c.startswith("play")]))
        mover.shot("2-melds-laid")
        mover.page.click('#controls button[data-command="end"]')
        waiter.page.wait_for_function("() => document.querySelector('#turn-line').textContent.includes('Your turn')")
        table = waiter.table()
        assert sorted(c for m in table for c in m) == sorted(played)
        assert mover.table() == table
        assert sorted(mover.hand()) == sorted(set(mover_hand) - set(played))
        assert waiter.page.locator("#others li").inner_text().endswith(f"{10 - len(played)} cards")
        assert waiter.page.locator("#since li").count() >= 2  # what the other did, in words
        waiter.shot("3-second-seat-sees-the-melds")

        # Turn 2, by keyboard: the terminal's command words in the command line.
        waiter.page.focus("#command")
        waiter.page.keyboard.type("end")
        waiter.page.keyboard.press("Enter")
        waiter.page.wait_for_selector("#messages .error")
        assert "not played a card" in waiter.page.locator("#messages").inner_text()
        assert waiter.page.input_value("#command") == "end"  # kept, to be corrected
        waiter.page.keyboard.press("Control+A")
        waiter.page.keyboard.type("draw")
        waiter.page.keyboard.press("Enter")
        mover.page.wait_for_function("() => document.querySelector('#turn-line').textContent.includes('Your turn')")
        assert len(waiter.hand()) == 11
        assert waiter.page.locator("#drawn-line").count() == 1
        assert mover.page.locator("#others li").inner_text().endswith("11 cards")
        waiter.shot("4-after-keyboard-draw")

        # A table card dragged into a new meld is taken off the table: its meld is outlined with the reason.
        taken = mover.page.get_attribute("#table .meld .card >> nth=0", "data-code")
        mover.page.drag_and_drop("#table .meld .card >> nth=0", "#area-new")
        mover.page.wait_for_selector("#table .meld.invalid .reason")
        assert mover.page.locator("#area-new .card").get_attribute("data-code") == taken
        assert mover.page.locator("#area-taken .card").count() == 0  # shown once: in the new meld
        assert "↺" not in mover.page.locator("#table .meld.invalid .reason").inner_text()
        mover.shot("5-taken-card-invalid-meld")
        mover.page.click('#controls button[data-command="undo"]')
        mover.page.wait_for_function("() => !document.querySelector('#table .meld.invalid')")
        assert mover.page.locator("#area-new .card").count() == 0
        assert mover.table() == table

        # Click to select, click to place: a hand card onto a meld (the engine may refuse; either way it answers).
        mover.page.click("#hand .card >> nth=0")
        assert mover.page.locator('#hand .card[aria-pressed="true"]').count() == 1
        mover.page.click("#table .meld .handle >> nth=0")
        mover.page.wait_for_function("() => !document.querySelector('#hand .card[aria-pressed=\"true\"]')")

        # Nothing either seat received ever held a card of the other's hand.
        time.sleep(0.5)
        assert not set(waiter.hand()) & _every_code(mover.received)
        assert not (set(mover.hand()) - set(played)) & _every_code(waiter.received)
        assert any('"seat"' in text for text in mover.received)  # the live messages were read
        assert not mover.errors and not waiter.errors
    finally:
        mover.context.close()
        waiter.context.close()


def _code(symbol: str) -> str:
    return symbol.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")


def test_arabic_is_laid_out_right_to_left(server, browser):
    status, game = _post(server + "/api/games", {"variant": "bga", "seats": ["human", "random"], "lang": "en",
                                                 "seed": 1})
    assert status == 201
    seat = Seat(browser, server, game["seats"][0]["link"], "arabic")
    try:
        page = seat.page
        assert page.get_attribute("html", "dir") == "ltr"
        page.select_option("#language", "ar")
        page.wait_for_selector('html[dir="rtl"]')
        page.wait_for_selector("#hand .card")
        assert page.get_attribute("html", "lang") == "ar"
        boxes = page.eval_on_selector_all("#hand .card", "cs => cs.slice(0, 2).map(c => c.getBoundingClientRect().x)")
        assert boxes[0] > boxes[1]  # the first card of the hand is on the right
        assert re.search("[\u0600-\u06ff]", page.locator("#turn-line").inner_text())
        name = page.get_attribute("#hand .card >> nth=0", "aria-label")
        assert re.search("[\u0600-\u06ff]", name)  # card names for screen readers in Arabic
        page.check("#four-colour")
        page.check("#contrast")
        assert page.evaluate("document.body.className").split() >= ["four-colour"]
        unnamed = page.evaluate("""() => [...document.querySelectorAll('button, select, input')]
            .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || (e.labels && e.labels.length)))
            .map(e => e.outerHTML)""")
        assert unnamed == []  # every control has an accessible name
        seat.shot("6-arabic-four-colour-high-contrast")
        page.uncheck("#contrast")
        page.uncheck("#four-colour")
        seat.shot("7-arabic")
        assert not seat.errors
    finally:
        seat.context.close()


def test_the_start_page_starts_a_game_against_computers(server, browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server + "/?lang=it")
        assert page.get_attribute("html", "lang") == "it"
        page.wait_for_function("() => document.querySelector('#rules').src.includes('lang=it')")
        page.select_option("#player-count", "3")
        assert page.locator("#seats select").count() == 3
        page.screenshot(path=str(ARTIFACTS / "0-start-page.png"), full_page=True)
        page.click("#start")
        page.wait_for_selector("#hand .card")
        assert "/play/" in page.url and page.get_attribute("html", "lang") == "it"
        assert page.locator("#others li").count() == 2
        page.goto(server + "/?lang=it")
        assert page.locator("#saved-list .resume").count() >= 1  # this browser can continue it
        assert not errors
    finally:
        context.close()


def test_a_whole_game_against_the_computer_with_buttons_only(server, browser):
    status, game = _post(server + "/api/games", {"variant": "one-deck", "seats": ["human", "random"], "lang": "en",
                                                 "seed": 4})
    assert status == 201
    seat = Seat(browser, server, game["seats"][0]["link"], "whole-game")
    page = seat.page
    try:
        # The hand keeps the order the player gives it: the first card clicked goes before the second.
        before = seat.hand()
        page.drag_and_drop("#hand .card >> nth=0", "#hand .card >> nth=3")
        assert seat.hand() == before[1:3] + before[:1] + before[3:]
        page.focus("#hand .card >> nth=2")
        page.keyboard.press("Alt+ArrowRight")
        arranged = before[1:3] + before[3:4] + before[:1] + before[4:]
        assert seat.hand() == arranged
        page.reload()
        page.wait_for_selector("#hand .card")
        assert seat.hand() == arranged
        # Several cards selected by clicks stay selected together.
        page.click("#hand .card >> nth=0")
        page.click("#hand .card >> nth=1")
        assert page.locator('#hand .card[aria-pressed="true"]').count() == 2
        page.keyboard.press("Escape")
        # Without a mouse: Space selects a card, the zone's button takes it into the new meld.
        page.focus("#hand .card >> nth=0")
        page.keyboard.press("Space")
        page.focus('#area-new button.put-here')
        page.keyboard.press("Enter")
        assert page.locator("#area-new .card").count() == 1
        page.click("#put-back")
        assert seat.hand() == arranged
        page.click('#controls button[data-command="hint"]')
        page.wait_for_selector("#messages p")
        for _ in range(200):
            # The computer moves in the background: wait for the person's turn or the end.
            page.wait_for_function("""() => !document.querySelector('#result').hidden ||
                !document.querySelector('#controls button[data-command="draw"]').disabled""")
            if page.locator("#result").is_visible():
                break
            draw = page.locator('#controls button[data-command="draw"]')
            with page.expect_response(lambda r: "/actions" in r.url):
                draw.click()
        assert page.locator("#result").is_visible()
        assert page.locator("#result-text").inner_text()
        assert page.locator("#result .cards").count() == 2  # every hand is shown at the end
        assert page.locator("#others li[data-partner]").count() == 0  # no teams, no partner marks
        assert page.locator('#controls button[data-command="draw"]').is_disabled()
        href = page.get_attribute("#result a[download]", "href")
        record = page.request.get(server + href)
        assert record.ok and json.loads(record.text())["result"] is not None
        seat.shot("8-game-over")
        # A rematch: the same seats and variant, a new deal, opened through this seat's own link.
        page.click("#ask-rematch")
        page.wait_for_selector("#rematch-link")
        link = page.get_attribute("#rematch-link", "href")
        assert link and game["id"] not in link and game["seats"][0]["token"] not in link
        page.click("#rematch-link")
        page.wait_for_selector("#hand .card")
        assert page.locator("#result").is_hidden() and page.locator("#others li").count() == 1
        assert not seat.errors
    finally:
        seat.context.close()


def _game_with_a_long_meld(server: str) -> tuple[dict, int, list[str]]:
    """A two-person game whose first player can lay down a meld of four cards or more (the hint says how)."""
    for seed in range(120):
        status, game = _post(server + "/api/games", {"variant": "one-deck", "seats": ["human", "friend"],
                                                      "lang": "en", "seed": seed})
        assert status == 201, game
        first = _get(f"{server}/api/games/{game['id']}/view?token={game['seats'][0]['token']}")["to_play"]
        token = game["seats"][first]["token"]
        status, hint = _post(f"{server}/api/games/{game['id']}/actions?token={token}", {"command": "hint"})
        for command in hint.get("commands") or []:
            words = command.split()
            if words[0] == "play" and len(words) >= 5 and not any(w.startswith("*") for w in words):
                return game, first, [_code(w) for w in words[1:]]
    pytest.fail("no deal in 120 seeds where the first player can lay down four cards at once")


def test_a_machiavelli_turn_through_the_one_table_script(server, browser):
    """Machiavelli drawn from the table it declares: a meld laid down by clicks
    (cards, the new meld's button, Lay down), a card added to it by drag and
    drop (the composed ``add``), then End; the other seat sees it all."""
    game, first, meld = _game_with_a_long_meld(server)
    mover = Seat(browser, server, game["seats"][first]["link"], "one-script-mover")
    waiter = Seat(browser, server, game["seats"][1 - first]["link"], "one-script-waiter")
    page = mover.page
    try:
        assert page.locator("#table #area-table.melds").count() == 1 and page.locator("#area-new.area-new").count() == 1
        assert page.locator('#controls button[data-command="end"]').is_disabled()
        *first_cards, last = meld
        # By clicks: the cards, then the new meld's button, then Lay down.
        for code in first_cards:
            page.click(f'#hand .card[data-code="{code}"] >> nth=0')
        assert page.locator('#hand .card[aria-pressed="true"]').count() == len(first_cards)
        page.click("#area-new button.put-here")
        assert sorted(page.eval_on_selector_all("#area-new .card", "cs => cs.map(c => c.dataset.code)")) == sorted(first_cards)
        assert page.locator('#hand .card[aria-pressed="true"]').count() == 0
        page.click("#lay-down")
        page.wait_for_function("() => document.querySelectorAll('#table .meld').length === 1")
        assert sorted(mover.table()[0]) == sorted(first_cards)
        assert page.locator("#area-new .card").count() == 0
        # By drag and drop: the last card onto the meld, composed as ``add 1 ...``.
        with page.expect_response(lambda r: "/actions" in r.url) as answer:
            page.drag_and_drop(f'#hand .card[data-code="{last}"] >> nth=0', '#table .meld[data-meld="1"]')
        assert json.loads(answer.value.request.post_data)["command"].startswith("add 1 ")
        assert answer.value.ok, page.locator("#messages").inner_text()
        page.wait_for_function("n => document.querySelector('#table .meld').querySelectorAll('.card').length === n",
                               arg=len(meld))
        assert sorted(mover.table()[0]) == sorted(meld) and last not in mover.hand()
        assert not page.locator("#table .meld.invalid").count()
        end = page.locator('#controls button[data-command="end"]')
        assert end.is_enabled()
        mover.shot("9-one-script-turn")
        end.click()
        waiter.page.wait_for_function("() => document.querySelector('#turn-line').textContent.includes('Your turn')")
        assert sorted(waiter.table()[0]) == sorted(meld)
        assert waiter.page.locator("#others li").inner_text().endswith(f"{10 - len(meld)} cards")
        assert not mover.errors and not waiter.errors
    finally:
        mover.context.close()
        waiter.context.close()


def test_the_cross_of_makiaveli_is_drawn_for_both_seats(server, browser):
    """The Greek Makiaveli's Cross (issue 28): its four face-up cards in an
    area of their own, named in each seat's language, the same for both."""
    status, game = _post(server + "/api/games", {"variant": "makiaveli", "seats": ["human", "friend"],
                                                  "lang": "en", "seed": 3})
    assert status == 201, game
    cross = _get(f"{server}/api/games/{game['id']}/view?token={game['seats'][0]['token']}")["help"]
    assert len(cross) == 4
    english = Seat(browser, server, game["seats"][0]["link"], "cross-en")
    italian = Seat(browser, server, game["seats"][1]["link"] + "&lang=it", "cross-it")
    try:
        for seat, label in ((english, "The Cross, around the deck"), (italian, "La Croce, intorno al mazzo")):
            area = seat.page.locator("#area-help")
            assert area.get_attribute("aria-label") == label and area.locator("h2").inner_text() == label
            shown = seat.page.eval_on_selector_all("#area-help .card", "cs => cs.map(c => c.dataset.code)")
            assert sorted(shown) == sorted(cross)
            assert not seat.errors
        english.shot("10-makiaveli-cross")
    finally:
        english.context.close()
        italian.context.close()


# -- Cicera: a game drawn from the areas it declares ------------------------------------------


def _cicera_codes(texts: list[str]) -> set[str]:
    return set(re.findall(r'"((?:10|[2-9AFCR])[DCSB])"', "\n".join(texts)))


def _cicera_view(server: str, game: dict, seat: int) -> dict:
    return _get(f"{server}/api/games/{game['id']}/view?token={game['seats'][seat]['token']}")


def _cicera_deal(server: str) -> tuple[int, int, str, int, str]:
    """A seed whose first player has a card with one move only (to drag), after
    which the next player has a card that captures in several ways (to choose)."""
    seats = ["human", "friend", "friend", "friend"]
    for seed in range(150):
        status, game = _post(server + "/api/games", {"variant": "cicera", "seats": seats, "lang": "en", "seed": seed})
        assert status == 201, game
        first = _cicera_view(server, game, 0)["to_play"]
        moves = _cicera_view(server, game, first)["moves"]
        single = next((m for m in moves if sum(1 for o in moves if o["card"] == m["card"]) == 1), None)
        if single is None:
            continue
        token = game["seats"][first]["token"]
        assert _post(f"{server}/api/games/{game['id']}/actions?token={token}", {"command": single["command"]})[0] == 200
        second = (first + 1) % 4
        captures = [m["card"] for m in _cicera_view(server, game, second)["moves"] if m["takes"]]
        several = next((c for c in captures if captures.count(c) > 1), None)
        if several is not None:
            return seed, first, single["card"], second, several
    pytest.fail("no Cicera deal in 150 seeds with a card that captures in several ways on the second turn")


def test_cicera_turns_by_drag_and_drop_and_by_choosing_a_capture(server, browser):
    seed, first, dragged, second, chooser = _cicera_deal(server)
    status, game = _post(server + "/api/games", {"variant": "cicera", "seats": ["human", "friend", "friend", "friend"],
                                                 "lang": "en", "seed": seed})
    assert status == 201
    mover = Seat(browser, server, game["seats"][first]["link"], "cicera-first")
    next_seat = Seat(browser, server, game["seats"][second]["link"], "cicera-second")
    try:
        assert len(mover.hand()) == len(next_seat.hand()) == 12
        assert not set(mover.hand()) & set(next_seat.hand())
        assert mover.page.locator("#turn-line").inner_text().endswith("Your turn.")
        partner = (first + 2) % 4
        assert mover.page.locator(f'#others li[data-seat="{partner}"]').get_attribute("data-partner") == "true"
        assert mover.page.locator(".area-team.mine .members li").count() == 2
        loose = mover.page.locator("#area-table .card").count()

        # Turn 1, by drag and drop: a card with one move only, dropped on the table, is played at once.
        mover.page.drag_and_drop(f'#hand .card[data-code="{dragged}"]', "#area-table")
        next_seat.page.wait_for_function("() => document.querySelector('#turn-line').textContent.includes('Your turn')")
        assert dragged not in mover.hand() and len(mover.hand()) == 11
        last = next_seat.page.locator("#area-last").inner_text()
        assert f"Player {first + 1}" in last
        assert next_seat.page.locator(f'#others li[data-seat="{first}"]').inner_text().endswith("11 cards")
        if mover.page.locator("#area-table .card").count() > loose:  # the card was left: bait for a picada
            assert next_seat.page.locator(f'#area-table .card.left-card[data-code="{dragged}"]').count() == 1

        # Turn 2, click then click: a card that captures in several ways lists the engine's captures.
        page = next_seat.page
        page.click(f'#hand .card[data-code="{chooser}"]')
        assert page.locator('#hand .card[aria-pressed="true"]').count() == 1
        page.click("#area-table button.put-here")
        page.wait_for_selector("#choices button.choice")
        offered = page.eval_on_selector_all("#choices button.choice", "bs => bs.map(b => b.dataset.command)")
        expected = [m["command"] for m in _cicera_view(server, game, second)["moves"]
                    if m["card"] == chooser and m["takes"]]
        assert [c for c in offered if " take " in c] and set(expected) <= set(offered)
        next_seat.shot("9-cicera-choose-a-capture")
        chosen = next(b for b in offered if " take " in b)
        page.click(f'#choices button.choice[data-command="{chosen}"]')
        page.wait_for_function("() => !document.querySelector('#choices')")
        assert chooser not in next_seat.hand()
        taken = chosen.split(" take ")[1].split()
        assert not set(taken) & set(page.eval_on_selector_all("#area-table .card", "cs => cs.map(c => c.dataset.code)"))
        assert f"{len(taken) + 1} cards captured" in page.locator(".area-team.mine").inner_text()
        next_seat.shot("10-cicera-after-the-capture")

        # Each seat received only its own hand.
        time.sleep(0.5)
        assert not set(next_seat.hand()) & _cicera_codes(mover.received)
        assert not set(mover.hand()) & _cicera_codes(next_seat.received)
        assert not mover.errors and not next_seat.errors
    finally:
        mover.context.close()
        next_seat.context.close()


def test_the_start_page_offers_cicera_in_teams_and_starts_it_in_arabic(server, browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server + "/?lang=ar")
        page.select_option("#variant", "cicera")
        assert page.locator("#seats select").count() == 4
        seats = page.eval_on_selector_all("#seats select", "s => s.map(x => x.value)")
        assert seats == ["human", "partner", "partner", "partner"]
        teams = page.eval_on_selector_all("#seats .team", "s => s.map(x => x.dataset.team)")
        assert teams == ["0", "1", "0", "1"]  # partners sit opposite
        page.click("#start")
        page.wait_for_selector("#hand .card")
        assert page.get_attribute("html", "dir") == "rtl"
        assert page.locator("#hand .card").count() == 12
        assert page.locator(".area-team").count() == 2 and page.locator(".area-team.mine").count() == 1
        assert page.locator('#others li[data-partner="true"]').count() == 1
        page.screenshot(path=str(ARTIFACTS / "11-cicera-arabic.png"), full_page=True)
        assert not errors
    finally:
        context.close()


# -- Sì Sè Pái: public cards, answers given unseen, groups, four-colour cards -----------------


def _si_se_pai_turn(page) -> None:
    """Wait until the person is to answer or discard, or the deal is over."""
    page.wait_for_function(f"""() => !document.querySelector('#result').hidden ||
        document.querySelector('#area-answers button.answer') || {_MAY_DISCARD}""")


#: Whether the person may discard now (the public card's place takes a card), as a JavaScript expression.
_MAY_DISCARD = """(document.querySelector('#area-table button.put-here:not([disabled])') ||
    (document.querySelector('#area-table.target') && document.body.classList.contains('my-turn')))"""


def _discardable(page) -> str:
    codes = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.code)")
    return next((c for c in codes if not c.startswith("G") and c != "FL"), codes[0])


def test_a_si_se_pai_deal_against_computers_with_answers_and_discards(server, browser):
    status, game = _post(server + "/api/games", {"variant": "si-se-pai", "lang": "en", "seed": 12,
                                                 "seats": ["human", "keeper", "random", "keeper"]})
    assert status == 201, game
    seat = Seat(browser, server, game["seats"][0]["link"], "si-se-pai")
    page = seat.page
    page.set_viewport_size({"width": 1200, "height": 1700})  # the hand and the public card both in view, to drag
    answers, claims, discards = 0, 0, 0
    try:
        assert page.locator("#hand .group").count() >= 2  # the hand by colour, each group named
        assert page.locator("#area-open-1.area-groups").count() == 1
        for _ in range(400):
            _si_se_pai_turn(page)
            if page.locator("#result").is_visible():
                break
            buttons = page.locator("#area-answers button.answer")
            if buttons.count():
                claim = page.locator('#area-answers button.answer[data-command^="take"], '
                                     '#area-answers button.answer[data-command="win"]')
                if claim.count() and not claims:
                    assert "may claim it" in page.locator("#area-table").inner_text()
                    seat.shot("12-si-se-pai-claim-window")
                button = claim.first if claim.count() else page.locator('#area-answers button.answer[data-command="pass"]')
                claims += bool(claim.count())
                handle = button.element_handle()
                button.click()
                handle.wait_for_element_state("hidden")  # the page drew the answer's view
                answers += 1
                continue
            if not page.evaluate(f"() => !!{_MAY_DISCARD}"):
                continue  # the answers closed between the wait and the look: wait for the turn again
            code = _discardable(page)
            before = page.locator("#hand .card").count()
            if discards % 2 == 0:  # by drag and drop onto the public card's place
                page.drag_and_drop(f'#hand .card[data-code="{code}"] >> nth=0', "#area-table")
            else:  # by click, then click on the place
                page.click(f'#hand .card[data-code="{code}"] >> nth=0')
                page.click("#area-table button.put-here")
            # (A loaded machine may take long to draw the computers' turns after it.)
            page.wait_for_function("n => document.querySelectorAll('#hand .card').length < n", arg=before,
                                   timeout=90_000)
            discards += 1
        assert page.locator("#result").is_visible()
        assert answers >= 1 and claims >= 1, (answers, claims, discards)
        assert page.locator("#result-text").inner_text().startswith(("Player ", "Drawn deal"))
        href = page.get_attribute("#result a[download]", "href")
        record = page.request.get(server + href)
        assert record.ok and json.loads(record.text())["result"] is not None
        unnamed = page.evaluate("""() => [...document.querySelectorAll('button, select, input')]
            .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || (e.labels && e.labels.length)))
            .map(e => e.outerHTML)""")
        assert unnamed == []
        seat.shot("13-si-se-pai-result")
        assert not seat.errors
    finally:
        seat.context.close()


def test_si_se_pai_in_arabic_with_the_cards_chinese_characters(server, browser):
    status, game = _post(server + "/api/games", {"variant": "si-se-pai", "lang": "ar", "seed": 5,
                                                 "seats": ["human", "random", "keeper", "random"]})
    assert status == 201, game
    seat = Seat(browser, server, game["seats"][0]["link"], "si-se-pai-arabic")
    page = seat.page
    try:
        assert page.get_attribute("html", "dir") == "rtl" and page.get_attribute("html", "lang") == "ar"
        _si_se_pai_turn(page)
        page.select_option("#faces", "hanzi")
        page.wait_for_url(re.compile("faces=hanzi"))
        page.wait_for_selector("#hand .card .face")
        faces = page.eval_on_selector_all("#hand .card .face", "fs => fs.map(f => f.textContent)")
        assert all(re.search("[\u4e00-\u9fff]", f) for f in faces)
        name = page.get_attribute("#hand .card >> nth=0", "aria-label")
        assert re.search("[\u0600-\u06ff]", name)  # what a screen reader says: the card's Arabic name
        assert re.search("[\u0600-\u06ff]", page.locator("#turn-line").inner_text())
        boxes = page.eval_on_selector_all("#hand .group", "gs => gs.slice(0, 2).map(g => g.getBoundingClientRect().x)")
        assert boxes[0] > boxes[1]  # the first colour of the hand is on the right
        unnamed = page.evaluate("""() => [...document.querySelectorAll('button, select, input')]
            .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || (e.labels && e.labels.length)))
            .map(e => e.outerHTML)""")
        assert unnamed == []
        seat.shot("14-si-se-pai-arabic-chinese-characters")
        _si_se_pai_turn(page)
        answer = page.locator('#area-answers button.answer[data-command="pass"]')
        if answer.count():
            assert re.search("[\u0600-\u06ff]", answer.inner_text())
            with page.expect_response(lambda r: "/actions" in r.url) as response:
                answer.click()
            assert response.value.ok
        assert not seat.errors
    finally:
        seat.context.close()


def test_the_review_page_steps_through_a_finished_game(server, browser):
    """Issue 29: after a game, the review page lists every turn with its mark,
    steps through them, and draws the table as it was and the best play's."""
    status, game = _post(server + "/api/games", {"variant": "one-deck", "seats": ["human", "random"], "seed": 3})
    assert status == 201
    token = game["seats"][0]["token"]
    for _ in range(300):
        seen = _get(f"{server}/api/games/{game['id']}/view?token={token}")
        if seen["result"] is not None:
            break
        if seen["to_play"] == 0:
            _post(f"{server}/api/games/{game['id']}/actions?token={token}", {"command": "draw"})
        else:
            time.sleep(0.05)
    assert seen["result"] is not None and seen["result"]["review"]
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + seen["result"]["review"])
    page.wait_for_selector("#review-list li")
    data = _get(f"{server}/api/games/{game['id']}/review?token={token}")
    items = page.eval_on_selector_all("#review-list li", "items => items.map(i => i.dataset.verdict)")
    assert items == [t["verdict"] for t in data["turns"]]
    assert page.inner_text("#review-position") == f"Turn 1 of {len(items)}"
    page.click("#review-next")
    assert page.inner_text("#review-position") == f"Turn 2 of {len(items)}"
    assert page.inner_text("#review-turn .review-finding").endswith(data["turns"][1]["text"])
    # A turn of the person's where drawing missed a play: its best table is drawn.
    missed = next(k for k, t in enumerate(data["turns"]) if t["verdict"] in ("missed", "out-missed"))
    page.click(f"#review-list li[data-index='{missed}'] button")
    assert page.get_attribute("#review-turn .review-finding", "data-verdict") == data["turns"][missed]["verdict"]
    best = page.eval_on_selector_all("#review-turn .best li", "melds => melds.map(m => m.innerText)")
    assert len(best) == len(data["turns"][missed]["table"]) > 0
    # Only one player's turns when one is chosen.
    page.select_option("#review-seat", "1")
    assert set(page.eval_on_selector_all("#review-list li", "items => items.length ? ['x'] : []")) <= {"x"}
    assert page.inner_text("#review-summary").startswith("Player 2:")
    assert "null" not in page.inner_text("#review-turn")
    page.screenshot(path=str(ARTIFACTS / "review.png"), full_page=True)
    assert errors == []
    context.close()


def test_a_tile_game_s_review_page_speaks_of_tiles_as_its_table(server, browser):
    """The review of a Rummikub game in Spanish: titled by the game, the rack
    and the findings in tile words, each tile with its Spanish colour letter."""
    status, game = _post(server + "/api/games", {"variant": "rummikub(decks=1,hand_size=6)", "seats": ["human", "random"],
                                                 "seed": 5, "lang": "es"})
    assert status == 201
    token = game["seats"][0]["token"]
    for _ in range(300):
        seen = _get(f"{server}/api/games/{game['id']}/view?token={token}")
        if seen["result"] is not None:
            break
        if seen["to_play"] == 0:
            _post(f"{server}/api/games/{game['id']}/actions?token={token}", {"command": "draw"})
        else:
            time.sleep(0.05)
    assert seen["result"] is not None
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/review/{game['id']}?token={token}&lang=es")
    page.wait_for_selector("#review-list li")
    assert page.inner_text("h1") == "Análisis de una partida de Rummikub"
    hand = page.inner_text("#review-turn .review-hand")
    assert hand.startswith("Atril:"), hand
    tiles = page.eval_on_selector_all("#review-turn .review-hand .review-card", "cards => cards.map(c => c.innerText)")
    assert tiles and all(re.fullmatch(r"\d+(R|A|N|NA)|🃏", t) for t in tiles), tiles
    words = page.inner_text("#review-main")
    assert "ficha" in words and not re.search(r"\bcartas?\b|\bmano\b", words), words
    assert errors == []
    context.close()


def test_the_starter_hands_out_links_once_and_gives_a_leaked_seat_a_new_one(server, browser):
    starter = browser.new_context(viewport={"width": 1200, "height": 900})
    page = starter.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    friend = None
    try:
        page.goto(server + "/?lang=en")
        page.select_option("#player-count", "2")
        page.select_option("#seat-1", "friend")
        page.click("#start")
        page.wait_for_selector("#created input.link[data-seat='1']")
        old_link = page.input_value("#created input.link[data-seat='1']")
        old_token = old_link.split("token=")[1].split("&")[0]
        # The friend's link is shown to hand out, never kept in the starter's browser.
        stored = page.evaluate("() => JSON.stringify(localStorage)")
        assert old_token not in stored and "/play/" in stored
        friend = browser.new_context(viewport={"width": 1200, "height": 900})
        theirs = friend.new_page()
        closed: list[int] = []
        theirs.on("websocket", lambda ws: ws.on("close", lambda _ws: closed.append(1)))
        theirs.goto(old_link)
        theirs.wait_for_selector("#hand .card")
        page.click("#open-seat")
        page.wait_for_selector("#seat-links button.reissue[data-seat='1']")
        page.click("#seat-links button.reissue[data-seat='1']")
        page.wait_for_selector("#seat-links input.link[data-seat='1']")
        new_link = page.input_value("#seat-links input.link[data-seat='1']")
        assert new_link != old_link and "/play/" in new_link
        assert old_token not in page.evaluate("() => JSON.stringify(localStorage)")
        # The page on the old link loses its socket at once and cannot come back.
        theirs.wait_for_function("() => document.querySelector('#messages').dataset.lost === '1'", timeout=10_000)
        assert closed and "not valid" in theirs.inner_text("#messages")
        assert theirs.goto(old_link).status == 403
        theirs.goto(new_link)
        theirs.wait_for_selector("#hand .card")
        assert theirs.locator("#seat-links").is_hidden()  # a friend gives no seat a new link
        page.screenshot(path=str(ARTIFACTS / "link-reissued.png"), full_page=True)
        assert not errors
    finally:
        starter.close()
        if friend is not None:
            friend.close()
