"""Whole games of every game in headless Chromium, played the three ways a
person plays: with the mouse, with the keyboard only, and by touch on a
phone; the layout's figures (a phone shows the table and the hand at once, a
desktop's drags from the hand reach a meld of a full table), the cards'
travel, the turn signal, the whole game's log, and axe-core on every game's page.

Screenshots go to ``tests/artifacts/web/`` (outside git)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import suite_paths
from browser_support import axe_violations, chromium, needs_browser, new_game, seat_view, serving

needs_browser()

ARTIFACTS = suite_paths.ARTIFACTS / "web"
GAMES = {  # variant, seats, seed: small deals that end in a few dozen moves
    "machiavelli": ("tiny", ["human", "random"], 3),
    "cicera": ("cicera", ["human", "random", "random", "random"], 3),
    "si-se-pai": ("si-se-pai", ["human", "random", "random", "random"], 3),
}
LIMIT = 200  # moves of the person before a game is called stuck
FOCUS_LOST = "() => !document.activeElement || document.activeElement === document.body"
# The person can act: a choice, an answer, Draw, or a hand card to put on the table; or the game is over.
READY = """() => !document.querySelector('#result').hidden ||
    document.querySelector('#choices button.choice') || document.querySelector('#area-answers button.answer') ||
    document.querySelector('#controls button[data-command="draw"]:not([disabled])') ||
    (document.body.classList.contains('my-turn') && document.querySelector('#table .zone.target'))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("web-play")) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium() as browser:
        yield browser


def _open(browser, server: str, game: dict[str, Any], **context: Any):
    ctx = browser.new_context(**({"viewport": {"width": 1280, "height": 800}} | context))
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + game["seats"][0]["link"])
    page.wait_for_selector("#hand .card")
    return ctx, page, errors


def _state(page) -> str:
    """What the person can do now."""
    page.wait_for_function(READY, timeout=20000)
    return page.evaluate("""() => !document.querySelector('#result').hidden ? 'over'
        : document.querySelector('#choices button.choice') ? 'choice'
        : document.querySelector('#area-answers button.answer') ? 'answer'
        : document.querySelector('#controls button[data-command="draw"]:not([disabled])') ? 'draw' : 'put'""")


def _moved(page, before: int) -> None:
    """Wait until the page drew the answer to the person's move (a newer view)."""
    page.wait_for_function("n => (window.__views || 0) > n", arg=before, timeout=20000)


def _mark_error(page) -> None:
    """Note the message shown now, so that :func:`_answered` sees a new one."""
    page.evaluate("() => { window.__error = document.querySelector('#messages .error'); }")


def _answered(page, before: int) -> bool:
    """Wait for the answer to a move: a newer view (True) or a new refusal (False)."""
    page.wait_for_function("""n => (window.__views || 0) > n ||
        (document.querySelector('#messages .error') || null) !== (window.__error || null)""", arg=before,
                           timeout=20000)
    return _views(page) > before


def _views(page) -> int:
    return int(page.evaluate("window.__views || 0"))


def _count_views(page) -> None:
    # How many views the page drew: a move is done when a newer one came.
    page.evaluate("""() => { if (window.__counting) return; window.__counting = true;
        Front.register({ after: (k, v) => { if (v !== window.__last) { window.__last = v; window.__views = (window.__views || 0) + 1; } } }); }""")


def _hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.code)")


def _discards_first(page) -> list[str]:
    """The hand's cards, those a Sì Sè Pái seat may always put down (not its generals, not the flower) first."""
    codes = _hand(page)
    return [c for c in codes if not c.startswith("G") and c != "FL"] + [c for c in codes if c.startswith("G") or c == "FL"]


# -- the three ways of playing -------------------------------------------------------------


def _mouse_move(page, state: str) -> None:
    if state == "choice":
        page.click("#choices button.choice >> nth=0")
    elif state == "answer":
        claim = page.locator('#area-answers button.answer[data-command="win"]')
        (claim.first if claim.count() else page.locator("#area-answers button.answer").last).click()
    elif state == "draw":
        page.click('#controls button[data-command="draw"]')
    else:
        code = _discards_first(page)[0]
        page.drag_and_drop(f'#hand .card[data-code="{code}"] >> nth=0', "#table .zone.target")


def _tap_move(page, state: str) -> None:
    if state == "choice":
        page.tap("#choices button.choice >> nth=0")
    elif state == "answer":
        page.locator("#area-answers button.answer").last.tap()
    elif state == "draw":
        page.tap('#controls button[data-command="draw"]')
    else:
        code = _discards_first(page)[0]
        page.tap(f'#hand .card[data-code="{code}"] >> nth=0')
        page.tap("#table .zone.target button.put-here")


# How far ``selector`` is from the focus, forward (Tab) and back (Shift+Tab), in the page's Tab order.
DISTANCE = """s => {
    const all = [...document.querySelectorAll('a[href], button, input, select, summary, [tabindex]')]
        .filter(e => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null);
    const at = all.indexOf(document.activeElement), n = all.length;
    let forward = null, back = null;
    for (let k = 1; k <= n; k++) {
        if (forward === null && all[(at + k + n) % n].matches(s)) forward = k;
        if (back === null && all[((at - k) % n + n) % n].matches(s)) back = k;
    }
    return [forward, back];
}"""


def _tab_to(page, selector: str, limit: int = 40) -> int:
    """Tab or Shift+Tab, the shorter way, until the focus is on ``selector``: how many presses it took."""
    if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
        return 0
    forward, back = page.evaluate(DISTANCE, selector)
    assert forward is not None, f"{selector} is not in the Tab order"
    key, count = ("Tab", forward) if back is None or forward <= back else ("Shift+Tab", back)
    for k in range(1, limit + 1):
        page.keyboard.press(key)
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return k
    raise AssertionError(f"{selector} not reached in {limit} presses of {key} (expected {count}): {_tab_order(page)}")


def _tab_order(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('a[href], button, input, select, summary, [tabindex]')]
        .filter(e => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null)
        .map(e => (e === document.activeElement ? '*' : '') + (e.id || e.className))""")


def _keyboard_move(page, state: str, presses: list[int]) -> bool:
    """The move by keys alone; False when nothing was sent."""
    if state == "choice":
        presses.append(_tab_to(page, "#choices button.choice"))
        page.keyboard.press("Enter")
    elif state == "answer":
        presses.append(_tab_to(page, "#area-answers button.answer"))
        page.keyboard.press("Enter")
    elif state == "draw":
        presses.append(_tab_to(page, '#controls button[data-command="draw"]'))
        page.keyboard.press("Enter")
    else:
        # The hand is one Tab stop: the arrows go to the card, Space picks it, the table's button plays it.
        wanted = _discards_first(page)[0]
        presses.append(_tab_to(page, "#hand .card"))
        for _ in range(30):
            if page.evaluate("() => document.activeElement.dataset.code") == wanted:
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")
        if not page.locator("#table .zone.target button.put-here:not([disabled])").count():
            return False  # a view came meanwhile and cleared the selection: the move is tried again
        presses.append(_tab_to(page, "#table .zone.target button.put-here"))
        page.keyboard.press("Enter")
    return True


def _play_out(page, how: str) -> dict[str, Any]:
    """Play the whole game from the page; after every move the focus is on a control, never the body."""
    _count_views(page)
    moves, refused, presses, lost = 0, 0, [], 0
    for _ in range(LIMIT):
        state = _state(page)
        if state == "over":
            break
        before = _views(page)
        _mark_error(page)
        if how == "mouse":
            _mouse_move(page, state)
        elif how == "touch":
            _tap_move(page, state)
        elif not _keyboard_move(page, state, presses):
            continue
        # Done: a newer view; or several moves fit and the page lists them; or refused, with the engine's reason.
        page.wait_for_function("""([n, choosing]) => (window.__views || 0) > n ||
            (!choosing && document.querySelector('#choices button.choice')) ||
            (document.querySelector('#messages .error') || null) !== (window.__error || null)""",
                               arg=[before, state == "choice"], timeout=20000)
        if _views(page) == before and page.locator("#choices button.choice").count() and state != "choice":
            continue
        if _views(page) == before:  # refused (Sì Sè Pái keeps some cards): the engine said why
            refused += 1
            assert refused < 20, page.locator("#messages").inner_text()
            page.keyboard.press("Escape")
            continue
        moves += 1
        if how == "keyboard" and page.evaluate(FOCUS_LOST):
            lost += 1
    else:
        raise AssertionError("the game did not end")
    return {"moves": moves, "presses": presses, "lost": lost}


def _check_over(page, errors: list[str]) -> None:
    assert page.locator("#result").is_visible()
    assert page.locator("#result-text").inner_text()
    assert page.locator("#log-list li").count() > 0  # the whole game's log
    assert not errors, errors


@pytest.mark.parametrize("game_name", list(GAMES))
def test_a_whole_game_with_the_mouse(server, browser, game_name):
    variant, seats, seed = GAMES[game_name]
    game = new_game(server, variant, seats, seed)
    ctx, page, errors = _open(browser, server, game)
    try:
        played = _play_out(page, "mouse")
        _check_over(page, errors)
        assert axe_violations(page) == []  # the result too: every hand, the score, the log
        page.screenshot(path=str(ARTIFACTS / f"play-mouse-{game_name}.png"), full_page=True)
        assert played["moves"] >= 3
    finally:
        ctx.close()


@pytest.mark.parametrize("game_name", list(GAMES))
def test_a_whole_game_with_the_keyboard_only(server, browser, game_name):
    variant, seats, seed = GAMES[game_name]
    game = new_game(server, variant, seats, seed)
    ctx, page, errors = _open(browser, server, game)
    try:
        played = _play_out(page, "keyboard")
        _check_over(page, errors)
        assert played["lost"] == 0  # after every move the focus was on a control
        # One Tab stop per area: from the top of the page (skip links, header, settings) a control is
        # a score of presses away at most, and then a few (a whole table of cards is one stop).
        assert played["presses"][0] <= 20 and max(played["presses"][1:]) <= 10, played["presses"]
    finally:
        ctx.close()


@pytest.mark.parametrize("game_name", list(GAMES))
def test_a_whole_game_by_touch_on_a_phone(server, browser, game_name):
    variant, seats, seed = GAMES[game_name]
    game = new_game(server, variant, seats, seed)
    ctx, page, errors = _open(browser, server, game, viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True, device_scale_factor=2)
    try:
        # The hand and the buttons are on screen without scrolling.
        assert _on_screen(page, "#hand") and _on_screen(page, "#controls")
        assert axe_violations(page) == []
        _play_out(page, "touch")
        _check_over(page, errors)
        page.screenshot(path=str(ARTIFACTS / f"play-phone-{game_name}.png"))
    finally:
        ctx.close()


def _above_the_dock(page, selector: str) -> bool:
    return bool(page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= document.querySelector('#dock').getBoundingClientRect().top; }""", selector))


def _on_screen(page, selector: str) -> bool:
    return bool(page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.height > 0 && r.top < innerHeight && r.bottom > 0; }""", selector))


# -- the layout's figures ------------------------------------------------------------------


def _full_table(server: str) -> tuple[dict[str, Any], int]:
    """A game (4 seats, big hands) whose table has 12 melds or more while it goes on."""
    import urllib.request

    for seed in range(1, 20):
        game = new_game(server, "big-hands", ["human", "casual", "casual", "casual"], seed)
        for _ in range(30):
            view = seat_view(server, game)
            if view["result"]:
                break
            if len(view["table"]) >= 12 and view["my_turn"]:
                return game, len(view["table"])
            if view["my_turn"]:
                token = game["seats"][0]["token"]
                body = b'{"command": "draw"}'
                request = urllib.request.Request(f"{server}/api/games/{game['id']}/actions?token={token}&lang=en",
                                                 body, {"Content-Type": "application/json"})
                urllib.request.urlopen(request).read()
            else:
                time.sleep(0.05)
    raise AssertionError("no game with a full table")


def test_a_phone_shows_a_full_table_and_the_hand_together(server, browser):
    game, melds = _full_table(server)
    ctx, page, errors = _open(browser, server, game, viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    try:
        assert page.locator("#table .meld").count() == melds >= 12
        figures = page.evaluate("""() => {
            const t = document.querySelector('#table').getBoundingClientRect();
            const h = document.querySelector('#hand').getBoundingClientRect();
            return {tableTop: t.top, tableBottom: t.bottom, handTop: h.top, handBottom: h.bottom, width: document.documentElement.scrollWidth};
        }""")
        assert figures["tableTop"] < 844 and figures["handTop"] < 844 and figures["handBottom"] > 0, figures
        assert figures["width"] <= 390  # nothing wider than the phone
        # Scrolled to the last meld, the hand is still there beside it.
        assert _above_the_dock(page, "#table .meld")  # a whole meld is seen beside the hand
        page.locator("#table .meld").last.scroll_into_view_if_needed()
        assert _on_screen(page, "#table .meld:last-child") and _on_screen(page, "#hand")
        page.screenshot(path=str(ARTIFACTS / "play-phone-full-table.png"))
        print(f"\nphone 390x844, {melds} melds: table top {figures['tableTop']:.0f}, hand top {figures['handTop']:.0f}")
        assert not errors
    finally:
        ctx.close()


def test_desktop_drags_from_the_hand_reach_every_meld_of_a_full_table(server, browser):
    game, melds = _full_table(server)
    ctx, page, errors = _open(browser, server, game)
    try:
        _count_views(page)
        reached = 0
        for k in range(5):
            target = page.locator("#table .meld").nth(melds - 1 - k * 2)
            before = _views(page)
            with page.expect_response(lambda r: "/actions" in r.url) as answer:
                page.drag_and_drop("#hand .card >> nth=0", f"#table .meld >> nth={melds - 1 - k * 2}")
            # The drop reached the meld: the engine answered (a refusal too says the drop happened).
            reached += 1
            if answer.value.ok:  # the card went onto the meld: the next drag starts from the new table
                _moved(page, before)
            assert target is not None
        assert reached == 5
        assert not errors
    finally:
        ctx.close()


# -- motion, turn signal, log --------------------------------------------------------------


def test_cards_travel_to_the_table_unless_motion_is_reduced(server, browser):
    travelled = {}
    for motion in ("no-preference", "reduce"):
        game = new_game(server, *GAMES["cicera"][:2], GAMES["cicera"][2])
        ctx, page, errors = _open(browser, server, game, reduced_motion=motion)
        try:
            page.evaluate("""() => { window.__moving = 0; const animate = Element.prototype.animate;
                Element.prototype.animate = function (...a) { if (this.matches('.card')) window.__moving += 1;
                return animate.apply(this, a); }; }""")
            _state(page)
            logged = page.locator("#log-list li").count()
            _mouse_move(page, "put")
            if _state(page) == "choice":
                _mouse_move(page, "choice")
            # The computers' moves came: their cards travelled from their seats, the person's from the hand.
            page.wait_for_function("n => document.querySelectorAll('#log-list li').length >= n + 3", arg=logged,
                                   timeout=20000)
            travelled[motion] = page.evaluate("window.__moving")
            assert not errors
        finally:
            ctx.close()
    assert travelled["no-preference"] > 0 and travelled["reduce"] == 0, travelled


def test_the_turn_is_signalled_by_banner_title_and_the_chosen_sound(server, browser):
    game = new_game(server, "tiny", ["human", "random"], 3)
    ctx, page, errors = _open(browser, server, game)
    try:
        page.wait_for_selector("#turn-banner:not([hidden])")
        assert page.title().startswith("▶ ")
        page.check("#sound")
        page.click('#controls button[data-command="draw"]')
        page.wait_for_function("() => !document.title.startsWith('▶') || document.body.dataset.beeps")
        page.wait_for_function("() => document.body.dataset.beeps === '1'", timeout=20000)
        assert page.title().startswith("▶ ")
        page.reload()
        page.wait_for_selector("#hand .card")
        assert page.is_checked("#sound")  # remembered in this browser
        assert not errors
    finally:
        ctx.close()


# -- accessibility -------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", list(GAMES))
def test_axe_finds_no_serious_violation(server, browser, game_name):
    variant, seats, seed = GAMES[game_name]
    game = new_game(server, variant, seats, seed)
    ctx, page, errors = _open(browser, server, game)
    try:
        _state(page)
        page.click("#log-panel summary")
        assert axe_violations(page) == []
        page.goto(server + "/?lang=en")
        page.wait_for_selector("#variant option", state="attached")
        assert axe_violations(page) == []
        assert not errors
    finally:
        ctx.close()


def test_a_360_px_phone_in_arabic_keeps_the_table_and_hand_on_screen_right_to_left(server, browser):
    game = new_game(server, *GAMES["si-se-pai"][:2], GAMES["si-se-pai"][2], lang="ar")
    ctx, page, errors = _open(browser, server, game, viewport={"width": 360, "height": 740}, has_touch=True,
                              is_mobile=True)
    try:
        assert page.get_attribute("html", "dir") == "rtl"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scrolling
        assert _on_screen(page, "#table") and _on_screen(page, "#hand")
        assert _above_the_dock(page, "#table .card")  # the public card is seen, not under the hand
        # Right to left: the hand's first colour group starts at the right.
        boxes = page.eval_on_selector_all("#hand .group", "gs => gs.slice(0, 2).map(g => g.getBoundingClientRect().right)")
        assert len(boxes) < 2 or boxes[0] >= boxes[1]
        # The arrows follow the reading direction: ArrowLeft goes to the next card.
        page.focus("#hand .card >> nth=0")
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("document.activeElement.id") == "hand-card-1"
        assert axe_violations(page) == []
        page.screenshot(path=str(ARTIFACTS / "play-phone-arabic.png"))
        assert not errors
    finally:
        ctx.close()


# -- the family: a whole Rummikub game at the web table ------------------------------------

TILE_COLOURS_DE = ("rot", "blau", "schwarz", "orange")


def test_a_whole_rummikub_game_against_computers_in_tile_words(server, browser):
    """The person draws every turn and the computers play the game to its
    end; the page speaks of Steine, Steinhalter and Vorrat, and each tile's
    name says its colour in words (the drawing is aria-hidden, and forced
    colours paint every tile alike)."""
    game = new_game(server, "rummikub", ["human", "club", "club"], 4, lang="de")
    ctx, page, errors = _open(browser, server, game)
    try:
        names = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.getAttribute('aria-label') || c.textContent)")
        assert names and all(any(colour in name.lower() for colour in TILE_COLOURS_DE + ("joker",)) for name in names), names
        words = page.locator("body").inner_text()
        assert "Karte" not in words and "Stapel" not in words, [w for w in words.splitlines() if "Karte" in w or "Stapel" in w]
        assert page.locator('#controls button[data-command="draw"]').inner_text() == "Einen Stein ziehen"
        assert page.locator("h1").inner_text() == "Rummikub"
        _play_out(page, "mouse")
        _check_over(page, errors)
        end = page.locator("body").inner_text()
        assert "Karte" not in end, [w for w in end.splitlines() if "Karte" in w]
        page.screenshot(path=str(ARTIFACTS / "play-mouse-rummikub.png"), full_page=True)
    finally:
        ctx.close()


# -- the rest of the family: each plays to its end at the web table, in a language of its own ------

#: The family's card members (Rummikub above), each in another language; English is everywhere above.
FAMILY = {"carousel": "uk", "guadalupe": "ar", "shanghai": "es", "finagle": "it", "makiaveli": "zh_Hans"}


def _hinted_turn(page, server: str, game: dict[str, Any]) -> None:
    """The person's turn as the hint words it, typed at the page's command line (English always works)."""
    import json
    import urllib.request

    url = f"{server}/api/games/{game['id']}/actions?token={game['seats'][0]['token']}"
    request = urllib.request.Request(url, json.dumps({"command": "hint"}).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        hint = json.loads(response.read())
    for command in hint.get("commands") or ["draw"]:
        if not page.evaluate("() => document.body.classList.contains('my-turn')"):
            break  # the turn (or the game) ended with the last card played
        before = _views(page)
        page.fill("#command", command)
        # The command's own answer (the live socket's copy of the view may come before or after it).
        with page.expect_response(lambda r: "/actions" in r.url and r.request.method == "POST") as sent:
            page.press("#command", "Enter")
        assert sent.value.ok, (command, hint, sent.value.text())
        _moved(page, before)


@pytest.mark.parametrize("variant", sorted(FAMILY))
def test_every_member_of_the_family_plays_to_its_end_in_the_browser(server, browser, variant):
    """Draws by the mouse where the rules let the person draw; where they say
    that one who can play must (Shanghai, Finagle), the person plays the
    hint's commands at the command line."""
    lang = FAMILY[variant]
    game = new_game(server, variant, ["human", "club", "club"], 5, lang=lang)
    ctx, page, errors = _open(browser, server, game)
    try:
        _count_views(page)
        for _ in range(LIMIT):
            state = _state(page)
            if state == "over":
                break
            before = _views(page)
            _mark_error(page)
            if state == "draw":
                page.click('#controls button[data-command="draw"]')
                if _answered(page, before):
                    continue
            _hinted_turn(page, server, game)  # refused (one who can play must) or nothing to draw
        else:
            raise AssertionError("the game did not end")
        _check_over(page, errors)
        assert page.locator("html").get_attribute("lang").replace("-", "_").startswith(lang.split("_")[0])
    finally:
        ctx.close()
