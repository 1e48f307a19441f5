"""The test plugin's own game, Eights (tests/plugin_example/myhouse_plugin/eights),
written through the kernel's public API only: installed as a real
distribution, it plays at the terminal (a person typing, computers alone),
replays, documents its rules in the user's language and simulates; in
process, its web table plays a whole game through the API, each seat seeing
only its own hand; in a real browser, by drag and drop and buttons. Nothing
of the application was changed for it."""

from __future__ import annotations

import json
import urllib.request

import pytest

import suite_paths
from browser_support import chromium, needs_browser, serving
from plugin_support import EXAMPLE, installed_environment, run

VARIANTS = EXAMPLE / "myhouse_plugin" / "variants"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, str]:
    return installed_environment(tmp_path_factory.mktemp("eights"))


@pytest.fixture
def eights(monkeypatch):
    """The plugin's game registered in this process, from its source folder."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    from machiavelli.core import registry
    from myhouse_plugin.eights import GAME

    registry.games()  # the installed games first, so that this one is not loaded over
    registry.register_game(GAME)
    yield GAME
    registry._GAMES.pop(GAME.name, None)
    registry._BOTS.pop(GAME.name, None)


def _variant(name: str = "eights"):
    from machiavelli.app.library import load_variant

    return load_variant(str(VARIANTS / f"{name}.yaml"))


def _person_lines(definition, seed: int, seats: tuple[str, ...]) -> tuple[list[str], str]:
    """What a person in seat 0 types to play a whole game against the
    computer players ``seats[1:]`` (the moves a careful player would make),
    and how the game ends."""
    from machiavelli.core.bots import bot_seed
    from machiavelli.core.registry import make_bot

    game = definition.new_game(_variant(), len(seats), seed)
    players = [make_bot("careful" if s == 0 else name, bot_seed(seed, s), definition.name)
               for s, name in enumerate(seats)]
    lines = []
    while game.outcome is None:
        seat = game.to_move()[0]
        action = players[seat].choose(game.view(seat))
        if seat == 0:
            lines.append(action.text(game.variant.deck))
        game.apply(action, seat)
    return lines, str(game.outcome.reason)


def test_the_game_and_its_variants_come_from_the_plugin(installed):
    listed = {row["name"]: row for row in json.loads(run(installed, "variants", "list", "--json").stdout)}
    assert listed["eights"]["source"] == listed["eights-open"]["source"] == "plugin myhouse-plugin 1.0"
    shown = json.loads(run(installed, "variants", "show", "eights-open", "--json").stdout)
    assert shown["game"] == "eights" and shown["wild_rank"] is None and shown["hand_size"] == 7
    refused = run(installed, "variants", "show", "eights", "--set", "colour=blue")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr  # the schema forbids unknown keys
    options = run(installed, "variants", "params", "--game", "eights")
    assert options.returncode == 0 and "wild_rank" in options.stdout and "draw_when_able" in options.stdout


def test_a_person_plays_a_whole_game_at_the_terminal_and_it_replays(installed, eights, tmp_path):
    seed = 11
    lines, reason = _person_lines(eights, seed, ("human", "careful"))
    record = tmp_path / "eights.json"
    played = run(installed, "play", "--variant", "eights", "--seat", "human", "--seat", "careful", "--seed",
                 str(seed), "--record", str(record), input="help\nplay ZZ\n" + "\n".join(lines) + "\n")
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr
    out = played.stdout
    assert "Traceback" not in out + played.stderr
    assert "Player 1 starts." in out or "Player 2 starts." in out
    assert "play CARD: put the card on the pile" in out and "Not a card: ZZ" in out
    assert "Your hand (Player 1):" in out and "On the pile:" in out
    assert ("played their last card and wins." if reason == "went-out" else "nobody wins") in out
    assert f"Record written to {record}." in out

    replayed = run(installed, "replay", str(record), "--moves")
    assert replayed.returncode == 0, replayed.stderr
    assert f"{len(json.loads(record.read_text())['actions'])} actions replayed." in replayed.stdout
    assert "Turn 1: Player " in replayed.stdout and "Player 1: " in replayed.stdout
    state = json.loads(run(installed, "replay", str(record), "--json").stdout)
    assert state["game"] == "eights" and state["result"]["reason"] == reason


def test_the_language_s_words_and_letters_are_read(installed, eights):
    from machiavelli.core import glossary, i18n
    from machiavelli.core.bots import bot_seed
    from machiavelli.core.registry import make_bot

    seed, seats = 3, ("human", "careful")
    game = eights.new_game(_variant(), 2, seed)
    computer = make_bot("careful", bot_seed(seed, 1), "eights")
    while game.current != 0:
        game.apply(computer.choose(game.view(1)), 1)
    card = next(a.card for a in game.legal_actions(0) if hasattr(a, "card"))
    try:
        i18n.use_language("it", environ={})
        # The card with the Italian letters (Asso di Cuori: AC), and the Italian word for play.
        typed = glossary.letter(game.variant.deck.rank_code(card.rank)) + glossary.letter(card.suit)
    finally:
        i18n.use_language("en", environ={})
    played = run(installed, "--lang", "it", "play", "--variant", "eights", "--seat", *seats[:1], "--seat", seats[1],
                 "--seed", str(seed), input=f"gioca {typed}\nq\n")
    out = played.stdout
    assert "Traceback" not in out + played.stderr
    assert "In cima agli scarti:" in out and "La tua mano (Giocatore 1):" in out and "Inizia Giocatore" in out
    assert f"Giocatore 1 gioca {game.variant.deck.card_symbol(card)}." in out


def test_computer_players_alone_and_their_json(installed):
    result = run(installed, "play", "--variant", "eights-open", "--seat", "careful", "--seat", "random",
                 "--seed", "4", "--moves", "--json")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["game"] == "eights" and state["result"]["reason"] in ("went-out", "blocked")
    assert sum(map(len, state["hands"])) + len(state["pile"]) + len(state["stock"]) == 52
    told = run(installed, "play", "--variant", "eights", "--seat", "careful", "--players", "3", "--seed", "4",
               "--moves")
    assert told.returncode == 0 and "Turn 1: Player " in told.stdout and " plays " in told.stdout


def test_a_blocked_game_with_no_winner_replays(installed, tmp_path):
    record = tmp_path / "blocked.json"
    # Seed 7, two careful players: the stock runs out and both pass (found by playing seeds in order).
    played = run(installed, "play", "--variant", "eights", "--seat", "careful", "--players", "2", "--seed", "7",
                 "--record", str(record))
    assert played.returncode == 0 and "The game is blocked: nobody wins." in played.stdout
    assert json.loads(record.read_text())["result"] == {"winners": [], "reason": "blocked"}
    replayed = run(installed, "replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "The game is blocked: nobody wins." in replayed.stdout


def test_the_rules_in_the_user_s_language(installed):
    english = run(installed, "rules", "--variant", "eights")
    assert english.returncode == 0, english.stderr
    assert "Every 8 is wild" in english.stdout and "For example, 5♥ goes on 5♠" in english.stdout
    italian = run(installed, "--lang", "it", "rules", "--variant", "eights-open", "--format", "markdown")
    assert italian.returncode == 0, italian.stderr
    assert "# Otto: eights-open" in italian.stdout and "Invece di giocare puoi pescare" in italian.stdout
    assert "jolly:" not in italian.stdout  # no wild card in this variant


def test_simulate_reports_the_game_s_own_endings_and_counts(installed):
    result = run(installed, "simulate", "-V", "eights", "-V", "eights-open", "--games", "60", "--seed", "1",
                 "--seat", "careful", "--seat", "random", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for label in ("a player went out", "blocked, nobody won", "Cards played per game", "Wild cards played per game",
                  "Cards drawn per game", "Passes per game"):
        assert label in out
    assert "Restores" not in out and "rearranged" not in out


def test_simulate_plays_the_game_to_its_endings(installed):
    """What simulate does with the game today: every game played to one of its endings."""
    result = run(installed, "simulate", "-V", "eights", "--games", "40", "--seed", "1", "--seat", "careful",
                 "--seat", "random", "--jobs", "1", "--json", "-")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["games"] == 40


def test_the_tally_counts_the_game_s_own_events(eights):
    from machiavelli.core.simulate import play_game

    summary = play_game(_variant(), ("careful", "random"), 5)
    counts = dict(summary.counts)
    assert set(counts) == {"plays", "wild-plays", "draws", "passes"}
    assert counts["plays"] + counts["draws"] + counts["passes"] == summary.actions
    assert eights.count_label("wild-plays") == "Wild cards played per game" and eights.count_label("x") is None


# -- the web table -----------------------------------------------------------------


@pytest.fixture
def web(eights, tmp_path, monkeypatch):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from machiavelli.app import library
    from machiavelli.app.web.server import create_app
    from machiavelli.app.web.tables import Tables

    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    own = tmp_path / "variants"
    own.mkdir()
    for name in ("eights", "eights-open"):
        (own / f"{name}.yaml").write_text((VARIANTS / f"{name}.yaml").read_text(), encoding="utf-8")
    monkeypatch.setenv("MACHIAVELLI_VARIANTS_DIR", str(own))
    library._index_cached.cache_clear()
    app = create_app(Tables(), lang="en", pause=0)
    with TestClient(app) as client:
        yield client
    library._index_cached.cache_clear()


def _settle(client) -> None:
    assert client.app.state.server.computers.settled(30)


def test_a_whole_game_on_the_web_table(web):
    page = web.get("/").text
    assert '"name": "eights"' in page and '"playable": true' in page.split('"name": "eights"')[1][:400]
    r = web.post("/api/games", json={"variant": "eights", "seats": ["human", "careful"], "seed": 4, "lang": "en"})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["seats"][0]["token"]
    played = web.app.state.server.tables.get(game["id"]).game
    deck = played.variant.deck
    for _ in range(200):
        _settle(web)
        view = web.get(f"/api/games/{game['id']}/view?token={token}").json()
        areas = {a["key"]: a for a in view["areas"]}
        assert view["game"] == "eights" and view["layout"]["kind"] == "areas"
        assert view["hand"] == areas["hand"]["cards"] == [deck.card_text(c) for c in played.hand(0)]
        hidden = {deck.card_text(c) for c in played.hand(1)}
        shown = {*view["hand"], *(c for a in view["areas"] for c in a["cards"]), *view["cards"],
                 *(m["card"] for m in view["moves"] if m["card"])}
        assert not shown & hidden - {deck.card_text(played.top)}
        if view["result"] is not None:
            break
        assert view["my_turn"] and areas["table"]["target"]
        assert areas["table"]["cards"] == [deck.card_text(played.top)]
        plays = [m for m in view["moves"] if m["card"]]
        others = [m for m in view["moves"] if not m["card"]]
        assert ("answers" in areas) == bool(others)
        move = (plays or others)[0]
        answer = web.post(f"/api/games/{game['id']}/actions?token={token}", json={"command": move["command"]})
        assert answer.status_code == 200, answer.text
    else:
        pytest.fail("the game did not end")
    assert view["result"]["text"] in ("Player 1 played their last card and wins.",
                                      "Player 2 played their last card and wins.",
                                      "The game is blocked: nobody wins.")


def test_the_web_table_refuses_in_the_game_s_words(web):
    # (In this process the plugin is imported from its folder, without its catalogs: English.)
    r = web.post("/api/games", json={"variant": "eights", "seats": ["human", "careful"], "seed": 4, "lang": "en"})
    game = r.json()
    _settle(web)
    token = game["seats"][0]["token"]
    url = f"/api/games/{game['id']}/actions?token={token}"
    refused = web.post(url, json={"command": "pass"})
    assert refused.status_code == 422 and refused.json()["error"] == "The stock is not empty: draw a card."
    helped = web.post(url, json={"command": "help"}).json()
    assert any(line.startswith("play CARD:") for line in helped["messages"])


# -- in a real browser -------------------------------------------------------------


@pytest.fixture(scope="module")
def server(installed, tmp_path_factory):
    """``machiavelli serve`` in its own process, the plugin installed."""
    needs_browser()
    with serving(tmp_path_factory.mktemp("eights-web"), variants=None, pause=0.05, env=installed) as url:
        yield url


def _post(url: str, data: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, json.dumps(data).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return response.status, json.loads(response.read())


def _get(url: str) -> dict:
    with urllib.request.urlopen(url) as response:
        return json.loads(response.read())


def test_a_whole_game_in_the_browser_by_drag_and_drop_clicks_and_buttons(server):
    status, game = _post(server + "/api/games", {"variant": "eights", "seats": ["human", "careful"], "lang": "en",
                                                 "seed": 6})
    assert status == 201
    token = game["seats"][0]["token"]
    view_url = f"{server}/api/games/{game['id']}/view?token={token}"
    artifacts = suite_paths.ARTIFACTS / "web"
    artifacts.mkdir(parents=True, exist_ok=True)
    dropped = clicked = pressed = 0
    with chromium() as browser:
        page = browser.new_context(viewport={"width": 1200, "height": 1400}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server + game["seats"][0]["link"])
        page.wait_for_selector("#hand .card")
        assert page.locator("#area-table h2").inner_text() == "Pile"
        for _ in range(150):
            page.wait_for_function("() => document.querySelector('#result:not([hidden])') || "
                                   "document.querySelector('#turn-line').textContent.includes('Your turn')")
            if page.locator("#result").is_visible():
                break
            view = _get(view_url)
            turn = view["turn"]
            plays = [m for m in view["moves"] if m["card"]]
            if plays:
                code = plays[0]["card"]
                if (dropped + clicked) % 2 == 0:
                    page.drag_and_drop(f'#hand .card[data-code="{code}"]', "#area-table")
                    dropped += 1
                else:
                    page.click(f'#hand .card[data-code="{code}"]')
                    page.click("#area-table button.put-here")
                    clicked += 1
            else:
                command = view["moves"][0]["command"]
                page.click(f'#area-answers button.answer[data-command="{command}"]')
                pressed += 1
            page.wait_for_function(
                "t => !document.querySelector('#turn-line').textContent.includes('Turn ' + t + ' ')", arg=turn)
        assert page.locator("#result").is_visible()
        assert page.locator("#result-text").inner_text().endswith(("wins.", "nobody wins."))
        page.screenshot(path=str(artifacts / "20-eights-result.png"), full_page=True)
        assert dropped and clicked and not errors, (dropped, clicked, pressed, errors)


def test_the_game_passes_the_conformance_kit(eights):
    """The kit of README's "Writing a game" (core/conformance.py), staging positions too."""
    from machiavelli.core import conformance

    variant = eights.variant_schema(name="eights")
    report = conformance.check_game(eights, variant)
    for check in ("clone", "notation", "record", "legal-accepted", "unlisted-refused", "refusal", "seed",
                  "view-pair", "view-pair-differs", "staging", "observed-pair", "observed-step"):
        assert report.checks[check], f"the kit never ran {check}"
    endings = conformance.check_endings(eights, variant, wanted=("went-out", "blocked"))
    assert set(endings.endings) == {"went-out", "blocked"} and endings.checks["record"] == endings.games
