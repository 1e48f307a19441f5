"""Drawn card faces in a real headless Chromium: each game's cards drawn as
SVG faces named in words, the four-colour deck repainting diamonds and
clubs, the Chinese script switch, forced colours, the game's name in the
title; each setting remembered by the browser. Skipped without Chromium or
Playwright, except in CI."""

from __future__ import annotations

import json
import urllib.request

import pytest

from browser_support import chromium, needs_browser, serving

needs_browser()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``machiavelli serve`` in its own process, with its own data folders."""
    with serving(tmp_path_factory.mktemp("faces"), variants={}) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


def _game(server: str, variant: str, seats: list[str], lang: str = "en", seed: int = 3) -> dict:
    body = {"variant": variant, "seats": seats, "lang": lang, "seed": seed}
    request = urllib.request.Request(server + "/api/games", json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return dict(json.loads(response.read()))


def _view(server: str, game: dict, lang: str = "en") -> dict:
    url = f"{server}/api/games/{game['id']}/view?token={game['seats'][0]['token']}&lang={lang}"
    with urllib.request.urlopen(url) as response:
        return dict(json.loads(response.read()))


def _open(browser, server: str, game: dict, lang: str = "en", context=None):
    context = context or browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + game["seats"][0]["link"] + ("" if lang == "en" else f"&lang={lang}"))
    page.wait_for_selector("#hand .card svg.drawn")
    return page, errors


def _hand_faces(page) -> list[dict]:
    return page.eval_on_selector_all("#hand .card", """cards => cards.map(c => ({
        code: c.dataset.code, label: c.getAttribute('aria-label'), classes: c.className,
        svg: Boolean(c.querySelector(':scope > svg.drawn[aria-hidden="true"]'))}))""")


def _fill(page, code: str, selector: str = "g path, g circle") -> str:
    return page.eval_on_selector(f'#hand .card[data-code="{code}"]',
                                 f"c => getComputedStyle(c.querySelector('{selector}')).fill")


@pytest.mark.parametrize("variant, seats, kind, title", [
    ("jokers", ["human", "expert"], "face-french", "Machiavelli: Jokers"),
    ("cicera", ["human", "partner", "partner", "partner"], "face-italian", "Cicera"),
    ("si-se-pai", ["human", "keeper", "keeper", "keeper"], "face-si-se-pai", "Sì Sè Pái"),
])
def test_each_games_cards_are_drawn_faces_named_in_words(server, browser, variant, seats, kind, title):
    game = _game(server, variant, seats)
    cards = _view(server, game)["cards"]
    page, errors = _open(browser, server, game)
    try:
        assert page.title().endswith(title) and page.locator("h1").inner_text() == title
        hand = _hand_faces(page)
        assert hand and all(card["svg"] and kind in card["classes"].split() for card in hand)
        for card in hand:
            # The name a screen reader says is the card's name in words, never its code.
            assert card["label"].startswith(cards[card["code"]]["name"]) and card["code"] not in card["label"].split()
        # Every card on the page is drawn, the table's too.
        assert page.locator(".card:not(.drawn-face)").count() == 0
        assert not errors
    finally:
        page.context.close()


def test_the_four_colour_deck_repaints_diamonds_and_clubs_and_is_remembered(server, browser):
    for seed in range(40):
        game = _game(server, "bga", ["human", "expert"], seed=seed)
        hand = _view(server, game)["hand"]
        diamond = next((c for c in hand if c.endswith("D")), None)
        club = next((c for c in hand if c.endswith("C")), None)
        heart = next((c for c in hand if c.endswith("H")), None)
        if diamond and club and heart:
            break
    else:
        pytest.fail("no deal in 40 seeds with a diamond, a club and a heart")
    page, errors = _open(browser, server, game)
    try:
        red, black = _fill(page, heart), _fill(page, diamond)
        assert black == red == "rgb(192, 20, 27)"  # two colours: diamonds red like hearts
        assert _fill(page, club) == "rgb(26, 26, 26)"
        page.check("#four-colour")
        assert _fill(page, diamond) == "rgb(23, 70, 162)" and _fill(page, club) == "rgb(17, 112, 47)"
        assert _fill(page, heart) == red
        page.reload()
        page.wait_for_selector("#hand .card svg.drawn")
        assert page.is_checked("#four-colour") and _fill(page, diamond) == "rgb(23, 70, 162)"
        # High contrast: every suit black on white.
        page.check("#contrast")
        assert _fill(page, diamond) == _fill(page, heart) == "rgb(0, 0, 0)"
        assert not errors
    finally:
        page.context.close()


def test_forced_colours_paint_the_faces_in_the_systems_colours(server, browser):
    game = _game(server, "jokers", ["human", "expert"], seed=5)
    context = browser.new_context(viewport={"width": 1200, "height": 900}, forced_colors="active")
    page, errors = _open(browser, server, game, context=context)
    try:
        text = page.evaluate("""() => { const p = document.createElement('p'); p.style.color = 'CanvasText';
            document.body.append(p); const c = getComputedStyle(p).color; p.remove(); return c; }""")
        for code in _view(server, game)["hand"]:
            assert _fill(page, code) == text
        assert not errors
    finally:
        context.close()


def _shown_hanzi(page, code: str) -> list[str]:
    return page.eval_on_selector(f'#hand .card[data-code="{code}"]', """c => [...c.querySelectorAll('text.hanzi')]
        .filter(t => getComputedStyle(t).display !== 'none').map(t => t.textContent)""")


def test_the_chinese_script_is_the_players_choice_and_is_remembered(server, browser):
    game = _game(server, "si-se-pai", ["human", "keeper", "keeper", "keeper"], seed=12)
    cards = _view(server, game)["cards"]
    code = next(c for c, d in cards.items() if c in _view(server, game)["hand"] and d["look"]["char"] != d["look"]["simplified"])
    look = cards[code]["look"]
    page, errors = _open(browser, server, game)
    try:
        assert _shown_hanzi(page, code) == [look["char"]]  # English page: as printed on the cards
        letters = page.eval_on_selector(f'#hand .card[data-code="{code}"]', "c => c.querySelector('text.letter').textContent")
        assert letters == code  # the letters an English player types
        page.select_option("#script", "simplified")
        assert _shown_hanzi(page, code) == [look["simplified"]]
        page.reload()
        page.wait_for_selector("#hand .card svg.drawn")
        assert page.input_value("#script") == "simplified" and _shown_hanzi(page, code) == [look["simplified"]]
        page.select_option("#script", "traditional")
        assert _shown_hanzi(page, code) == [look["char"]]
        assert not errors
    finally:
        page.context.close()
    # A Simplified Chinese page writes Simplified characters unless the player chose otherwise.
    zh = _game(server, "si-se-pai", ["human", "keeper", "keeper", "keeper"], lang="zh_Hans", seed=12)
    page, errors = _open(browser, server, zh, lang="zh_Hans")
    try:
        assert page.title().endswith("四色牌")  # after the turn signal, when it is the seat's turn
        assert _shown_hanzi(page, code) == [look["simplified"]]
        names = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.getAttribute('aria-label'))")
        assert all(not n.isascii() for n in names)  # named in Chinese
    finally:
        page.context.close()


def test_the_script_choice_is_offered_only_where_cards_carry_chinese_characters(server, browser):
    game = _game(server, "jokers", ["human", "expert"], seed=2)
    page, _errors = _open(browser, server, game)
    try:
        assert not page.locator("#script").is_visible()
        assert page.locator("#four-colour").is_visible()
    finally:
        page.context.close()


def test_the_start_page_names_the_game_of_the_chosen_variant(server, browser):
    page = browser.new_page()
    try:
        page.goto(server + "/?lang=uk")
        page.wait_for_selector("#variant option", state="attached")
        page.select_option("#variant", "cicera")
        assert page.title() == "Чічера: стіл у браузері" == page.locator("h1").inner_text()
        page.select_option("#variant", "si-se-pai")
        assert page.title() == "Сі Се Пай: стіл у браузері"
        page.select_option("#variant", "jokers")
        assert page.title() == "Макіавеллі: стіл у браузері"
    finally:
        page.close()


def _tile(page, code: str) -> dict:
    return page.eval_on_selector(f'#hand .card[data-code="{code}"]', """c => {
        const shown = (e) => e && getComputedStyle(e).display !== 'none';
        const number = c.querySelector('svg.drawn text:not(.tile-letter)'), letter = c.querySelector('text.tile-letter');
        return {fill: getComputedStyle(number).fill, letter: shown(letter) ? letter.textContent : null,
                label: c.getAttribute('aria-label')}; }""")


def test_tiles_show_their_colour_in_every_mode(server, browser):
    """A Rummikub tile is its number in its colour (orange too); its name
    says the colour in words; forced colours, which paint every tile alike,
    show the colour's letter instead."""
    game = _game(server, "rummikub", ["human", "expert"], seed=2)
    hand = [c for c in _view(server, game)["hand"] if c != "JK"]
    by_colour = {c[-1]: c for c in hand}
    assert set(by_colour) == {"R", "B", "K", "O"}, hand
    page, errors = _open(browser, server, game)
    try:
        fills = {colour: _tile(page, code) for colour, code in by_colour.items()}
        assert fills["R"]["fill"] == "rgb(192, 20, 27)" and fills["O"]["fill"] == "rgb(196, 92, 0)"
        assert len({f["fill"] for f in fills.values()}) == 4 and all(f["letter"] is None for f in fills.values())
        for colour, word in {"R": "red", "B": "blue", "K": "black", "O": "orange"}.items():
            assert word in fills[colour]["label"], fills[colour]
        assert page.locator("#four-colour").count() == 0  # no card deck to repaint at a tile table
        assert not errors
    finally:
        page.context.close()
    context = browser.new_context(viewport={"width": 1200, "height": 900}, forced_colors="active")
    page, errors = _open(browser, server, game, context=context)
    try:
        forced = {colour: _tile(page, code) for colour, code in by_colour.items()}
        assert len({f["fill"] for f in forced.values()}) == 1  # the system's text colour for all
        assert {colour: f["letter"] for colour, f in forced.items()} == {c: c for c in by_colour}
        assert not errors
    finally:
        context.close()
