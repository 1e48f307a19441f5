"""The web table's JSON API through Starlette's test client: what each seat
receives, the command words, refusals, saving and live updates."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Tables  # noqa: E402
from machiavelli.core.records import GameRecord  # noqa: E402

import web_support as web  # noqa: E402
from web_support import act, app, client, folders, view  # noqa: E402,F401
from web_support import strings_in as codes_in  # noqa: E402


def new_game(client, seats=("human", "friend"), variant="one-deck", seed=5, lang="en"):
    return web.new_game(client, variant, seats, seed, lang)


def table_of(app, game_id):
    return app.state.server.tables.get(game_id)


def test_new_game_gives_each_person_a_secret_link_and_computers_none(client):
    game = new_game(client, seats=("human", "friend", "random"))
    people = [s for s in game["seats"] if "link" in s]
    assert [s["seat"] for s in people] == [0, 1]
    assert "token" not in game["seats"][2] and "link" not in game["seats"][2]
    tokens = {s["token"] for s in people}
    assert len(tokens) == 2 and all(len(t) >= 32 for t in tokens)
    assert all(s["link"].startswith(f"/play/{game['id']}?token={s['token']}") for s in people)


def test_view_has_the_contract_fields_and_the_seats_own_hand(app, client):
    game = new_game(client)
    data = view(client, game, 0)
    table = table_of(app, game["id"])
    deck = table.variant.deck
    assert data["seat"] == 0
    assert sorted(data["hand"]) == sorted(deck.card_text(c) for c in table.game.hand(0))
    assert data["others"] == [{"seat": 1, "name": "Player 2", "cards": 10, "cards_text": "10 cards", "partner": False,
                               "last": ""}]  # what the seat did last: nothing yet
    assert data["table"] == [] and data["deck"] == 52 - 20
    assert data["to_play"] == table.game.current and data["my_turn"] == (table.game.current == 0)
    assert data["result"] is None
    for code in data["hand"]:
        assert data["cards"][code]["name"]  # what a screen reader says


def test_a_seat_never_receives_another_hand(app, client):
    game = new_game(client)
    table = table_of(app, game["id"])
    deck = table.variant.deck
    for seat in (0, 1):
        other = {deck.card_text(c) for c in table.game.hand(1 - seat)}
        assert not other & codes_in(view(client, game, seat))


def test_wrong_token_gets_403_and_reveals_nothing(client):
    game = new_game(client)
    wrong = client.get(f"/api/games/{game['id']}/view?token=not-the-token")
    missing = client.get(f"/api/games/{game['id']}/view")
    unknown = client.get(f"/api/games/nothing-here/view?token={game['seats'][0]['token']}")
    assert wrong.status_code == missing.status_code == unknown.status_code == 403
    assert wrong.json() == missing.json() == unknown.json() == {"error": "This link is not valid for any game here."}
    assert client.post(f"/api/games/{game['id']}/actions?token=x", json={"command": "draw"}).status_code == 403
    assert client.get(f"/play/{game['id']}?token=x").status_code == 403


def _current(client, game):
    data = view(client, game, 0)
    return data["to_play"]


def test_an_accepted_action_answers_with_the_new_view(client):
    game = new_game(client)
    seat = _current(client, game)
    r = act(client, game, seat, "draw")
    assert r.status_code == 200
    data = r.json()["view"]
    assert data["seat"] == seat and len(data["hand"]) == 11 and data["to_play"] == 1 - seat
    assert data["just_drawn"] and data["just_drawn"][0] in data["hand"]
    assert view(client, game, 1 - seat)["since"] == [f"Player {seat + 1} draws 1 card."]


def test_a_refused_action_gives_the_engines_reason_and_changes_nothing(client):
    game = new_game(client)
    seat = _current(client, game)
    before = view(client, game, seat)
    r = act(client, game, seat, "end")
    assert r.status_code == 422
    assert r.json()["error"] == "You have not played a card from your hand: draw or restore instead."
    assert r.json()["code"] == "nothing-played"
    assert view(client, game, seat) == before
    r = act(client, game, 1 - seat, "draw")
    assert r.status_code == 422 and r.json()["error"] == "It is not your turn."
    r = act(client, game, seat, "play")
    assert r.status_code == 422 and "play" in r.json()["error"]
    r = act(client, game, seat, "sort sideways")
    assert r.status_code == 422 and "sideways" in r.json()["error"]
    assert view(client, game, seat) == before


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=st.text(max_size=40))
def test_any_line_is_answered_without_a_server_error(client, line):
    game = new_game(client, seed=11)
    seat = _current(client, game)
    before = view(client, game, 1 - seat)
    r = act(client, game, seat, line)
    assert r.status_code in (200, 400, 422)
    body = r.json()
    assert ("view" in body) if r.status_code == 200 else isinstance(body["error"], str) and body["error"]
    if r.status_code != 200:  # a refused line changes nothing anyone sees
        assert view(client, game, 1 - seat) == before


def test_the_command_words_of_the_language_work(client):
    game = new_game(client, lang="it")
    seat = _current(client, game)
    r = act(client, game, seat, "pesca", lang="it")
    assert r.status_code == 200, r.text
    assert r.json()["view"]["to_play"] == 1 - seat
    r = act(client, game, seat, "pesca", lang="it")
    assert r.status_code == 422 and r.json()["error"] == "Non è il tuo turno."


def test_hint_and_play_by_the_hints_commands(client):
    for seed in range(40):
        game = new_game(client, seed=seed)
        seat = _current(client, game)
        hint = act(client, game, seat, "hint").json()
        if hint.get("commands"):
            break
    else:
        pytest.fail("no deal with a play in 40 seeds")
    hand_before = view(client, game, seat)["hand"]
    for command in hint["commands"]:
        r = act(client, game, seat, command)
        assert r.status_code == 200, r.text
    data = r.json()["view"]
    assert len(data["hand"]) == len(hand_before) - len(hint["hint"])
    assert sum(len(m["cards"]) for m in data["table"]) == len(hint["hint"])
    other = view(client, game, 1 - seat)
    assert [m["cards"] for m in other["table"]] == [m["cards"] for m in data["table"]]


def test_taken_cards_are_marked_and_an_invalid_meld_gives_its_reason(client):
    for seed in range(40):
        game = new_game(client, seed=seed)
        seat = _current(client, game)
        hint = act(client, game, seat, "hint").json()
        if hint.get("commands") and hint["commands"][0].startswith("play"):
            break
    r = act(client, game, seat, hint["commands"][0])
    meld = r.json()["view"]["table"][0]
    r = act(client, game, seat, f"take 1 {meld['cards'][0]}")
    data = r.json()["view"]
    assert data["taken"] == [meld["cards"][0]]
    assert data["table"][0]["valid"] is False and data["table"][0]["reason"]
    r = act(client, game, seat, "end")
    assert r.status_code == 422
    assert "must go back" in r.json()["error"] and r.json()["details"]
    assert act(client, game, seat, "undo").json()["view"]["taken"] == []


def test_the_record_is_given_once_the_game_is_over(client):
    game = new_game(client, seats=("human", "random"), seed=3)
    token = game["seats"][0]["token"]
    url = f"/api/games/{game['id']}/record?token={token}"
    assert client.get(url).status_code == 409  # its seed would deal every hand
    for _ in range(300):
        data = view(client, game, 0)
        if data["result"] is not None:
            break
        assert act(client, game, 0, "draw").status_code == 200
    assert data["result"]["text"] and data["result"]["record"] == url
    assert len(data["result"]["hands"]) == 2
    r = client.get(url)
    assert r.status_code == 200
    replayed = GameRecord.loads(r.text).replay()
    assert replayed.outcome is not None and list(replayed.outcome.winners) == data["result"]["winners"]


def test_games_survive_a_restart(folders, client):
    game = new_game(client)
    seat = _current(client, game)
    act(client, game, seat, "draw")
    act(client, game, seat, "sort rank")
    before = view(client, game, 0)
    tables = Tables()
    assert tables.load_saved() == 1 and not tables.unreadable
    with TestClient(create_app(tables, lang="en", pause=0), base_url="http://127.0.0.1:8000") as again:
        after = view(again, game, 0)
        # The same view; its version is the seat's own and never goes back across a restart.
        assert after["version"] >= before["version"]
        assert {k: v for k, v in after.items() if k != "version"} == {k: v for k, v in before.items() if k != "version"}
        listed = again.get("/api/games").json()["games"]
        assert [g["id"] for g in listed] == [game["id"]]
        # No seat's link, not even the starter's (the starter's browser keeps its own).
        assert "link" not in listed[0]
        assert all(s.get("token", "-") not in json.dumps(listed) for s in game["seats"])
    with TestClient(create_app(tables, lang="en", local=False, pause=0)) as remote:
        assert "token" not in json.dumps(remote.get("/api/games").json())
    record = Tables().get(game["id"]).record().dumps()
    assert GameRecord.loads(record).replay().turn_number == 2


def test_live_updates_reach_the_other_seat_with_its_own_view_only(app, client):
    game = new_game(client)
    seat = _current(client, game)
    other = 1 - seat
    table = table_of(app, game["id"])
    deck = table.variant.deck
    token = game["seats"][other]["token"]
    with client.websocket_connect(f"/api/games/{game['id']}/live?token={token}") as ws:
        first = ws.receive_json()
        assert first["seat"] == other and first["to_play"] == seat
        act(client, game, seat, "draw")
        pushed = ws.receive_json()
        assert pushed["seat"] == other and pushed["my_turn"] and pushed["since"]
        mover_hand = {deck.card_text(c) for c in table.game.hand(seat)}
        assert not mover_hand & (codes_in(first) | codes_in(pushed))


def test_live_with_a_wrong_token_is_closed(client):
    from starlette.websockets import WebSocketDisconnect

    game = new_game(client)
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"/api/games/{game['id']}/live?token=wrong") as ws:
            ws.receive_json()


def test_bad_requests_get_one_translated_reason(client):
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json() == {"error": "The request is not JSON."}
    r = client.post("/api/games?lang=it", json={"variant": "nope", "seats": ["human", "random"]})
    assert r.status_code == 400 and "nope" in r.json()["error"] and "Traceback" not in r.text
    r = client.post("/api/games", json={"variant": "bga", "seats": ["human", "grandmaster"]})
    assert r.status_code == 400 and "grandmaster" in r.json()["error"]
    r = client.post("/api/games", json={"variant": "bga", "seats": ["random", "random"]})
    assert r.status_code == 400 and r.json()["error"] == "At least one seat must be a person's."
    r = client.post("/api/games", json={"variant": "bga", "lang": "xx", "seats": ["human", "random"]})
    assert r.status_code == 400 and r.json()["error"] == "No language xx here."
    r = client.post("/api/games", json={"variant": "bga", "language": "it", "seats": ["human", "random"]})
    assert r.status_code == 201 and r.json()["seats"][0]["link"].endswith("&lang=it")
    r = client.post("/api/games", json={"variant": "../../etc/passwd", "seats": ["human", "random"]})
    assert r.status_code == 400
    r = client.post("/api/games", content=b"x" * 20000, headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/games?lang=it", content=b"[]", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] != "The request is not a JSON object."


def test_pages_are_in_the_chosen_language_and_direction(client):
    game = new_game(client, lang="ar")
    link = game["seats"][0]["link"]
    page = client.get(link).text
    assert '<html lang="ar" dir="rtl">' in page
    assert '<html lang="it" dir="ltr">' in client.get("/?lang=it").text
    data = view(client, game, 0, lang="ar")
    assert re.search("[\u0600-\u06ff]", data["deck_text"])
    card = data["cards"][data["hand"][0]]["name"]
    assert re.search("[\u0600-\u06ff]", card)
    rules = client.get("/rules?variant=bga&lang=ar").text
    assert 'dir="rtl"' in rules
    assert client.get("/?lang=xx").status_code == 400


def test_another_sites_page_cannot_send_moves(client):
    game = new_game(client)
    seat = _current(client, game)
    token = game["seats"][seat]["token"]
    url = f"/api/games/{game['id']}/actions?token={token}"
    r = client.post(url, json={"command": "draw"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and r.json() == {"error": "Only this server's own pages may send moves."}
    assert view(client, game, seat)["to_play"] == seat
    r = client.post("/api/games", json={"seats": ["human", "random"]}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    assert client.post(url, json={"command": "draw"}, headers={"origin": "http://testserver"}).status_code == 200


def test_a_game_without_a_web_view_is_refused_in_words(app, client, monkeypatch):
    from dataclasses import replace

    from machiavelli.core import registry

    game = new_game(client)
    defined = registry.game("machiavelli")
    shown = defined.presentation()
    monkeypatch.setitem(registry._GAMES, "machiavelli",
                        replace(defined, presentation=lambda: replace(shown, table=None)))
    r = client.get(f"/api/games/{game['id']}/view?token={game['seats'][0]['token']}")
    assert r.status_code == 409 and r.json() == {"error": "This game cannot be shown in the browser yet."}
    r = client.post("/api/games", json={"variant": "bga", "seats": ["human", "random"]})
    assert r.status_code == 400


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 40))
def test_no_view_ever_holds_the_other_hand(app, client, seed, steps):
    """Whatever is played (the random player's actions, sent as commands), each
    seat's JSON names no card of the other seat's hand (one deck: a code is one card)."""
    from machiavelli.core.registry import make_bot

    game = new_game(client, seed=seed)
    table = table_of(app, game["id"])
    deck = table.variant.deck
    bots = [make_bot("random", seed + s) for s in (0, 1)]
    for _ in range(steps):
        if table.game.outcome is not None:
            break
        seat = table.game.current
        action = bots[seat].choose(table.game.view(seat))
        before = [view(client, game, s) for s in (0, 1)]
        r = act(client, game, seat, action.text(deck))
        assert r.status_code in (200, 422)
        if r.status_code == 422:
            assert [view(client, game, s) for s in (0, 1)] == before
            break
        for s in (0, 1):
            other = {deck.card_text(c) for c in table.game.hand(1 - s)}
            assert not other & codes_in(view(client, game, s))


def test_unknown_addresses_and_methods_are_refused_in_words(client):
    r = client.get("/api/nothing?lang=it")
    assert r.status_code == 404 and r.json() == {"error": "Non c'è niente a questo indirizzo."}
    r = client.delete("/api/games")
    assert r.status_code == 405 and r.json()["error"] == "This address does not take this kind of request."
    r = client.get("/nowhere?lang=ar")
    assert r.status_code == 404 and '<html lang="ar" dir="rtl">' in r.text
    assert client.get("/static/nothing.js").status_code == 404


def test_static_files_are_served_from_the_package(client):
    for name in ("table.js", "start.js", "common.js", "table.css"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and len(r.text) > 100
    page = client.get("/").text
    assert "http://" not in page and "https://" not in page  # nothing from the network


def test_serve_warns_when_listening_beyond_this_computer(monkeypatch):
    import uvicorn
    from typer.testing import CliRunner

    from machiavelli.cli import app as cli
    from machiavelli.app.commands.serve import is_loopback

    calls = []

    def run(self, sockets=None):
        calls.append(sockets[0].getsockname()[:2])
        sockets[0].close()

    monkeypatch.setattr(uvicorn.Server, "run", run)
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--port", "8123", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Warning: listening on 0.0.0.0" in result.output
    assert "http://0.0.0.0:8123/" in result.output
    assert calls == [("0.0.0.0", 8123)]
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.4")


def test_serve_says_in_words_that_it_cannot_listen_and_never_that_the_table_is_open(monkeypatch):
    import socket

    import uvicorn
    from typer.testing import CliRunner

    from machiavelli.cli import app as cli

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: pytest.fail("served"))
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port), "--lang", "it"])
    assert result.exit_code != 0
    assert f"http://127.0.0.1:{port}/" in result.output and "Traceback" not in result.output
    assert "aperto" not in result.output  # "Il tavolo è aperto su ...": never said when it is not
    assert result.output.startswith(f"Impossibile mettersi in ascolto su http://127.0.0.1:{port}/: ")


def test_cards_inside_arabic_sentences_keep_their_order():
    from machiavelli.core.glossary import isolated
    from machiavelli.app.web.speaking import speaking
    from machiavelli.core.cards import FRENCH

    text = "يلعب اللاعب 2 A♠ K♠ Q♠ و *10♥."
    with speaking("ar"):
        assert isolated(text, FRENCH) == "يلعب اللاعب 2 \u2066A♠ K♠ Q♠\u2069 و \u2066*10♥\u2069."
    with speaking("en"):
        assert isolated("Ann plays A♠ K♠.", FRENCH) == "Ann plays A♠ K♠."


@pytest.mark.parametrize("lang", ["it", "tr", "uk", "ar"])
def test_every_word_of_the_pages_and_views_is_translated(client, lang):
    from machiavelli.core import i18n

    game = new_game(client, seats=("human", "club"), lang=lang, variant="bga")
    i18n.clear_misses()
    assert client.get(f"/?lang={lang}").status_code == 200
    assert client.get(game["seats"][0]["link"]).status_code == 200
    data = view(client, game, 0, lang=lang)
    act(client, game, 0, "hint", lang=lang)
    act(client, game, 0, "draw", lang=lang)
    assert client.get(f"/rules?variant=bga&lang={lang}").status_code == 200
    assert i18n.misses() == []
    assert data["lang"] == lang and data["others"][0]["name"] != "Player 2 (computer: club player)"


def test_an_unknown_language_asked_of_the_api_is_refused_after_the_token(client):
    game = new_game(client)
    token = game["seats"][0]["token"]
    base = f"/api/games/{game['id']}"
    r = client.get(f"{base}/view?token={token}&lang=xx")
    assert r.status_code == 400 and r.json() == {"error": "No language xx here."}
    before = client.get(f"{base}/view?token={token}").json()
    r = client.post(f"{base}/actions?token={token}&lang=xx", json={"command": "draw"})
    assert r.status_code == 400 and client.get(f"{base}/view?token={token}").json() == before
    assert client.get(f"{base}/view?token=nope&lang=xx").status_code == 403  # the token first: nothing told
    assert client.get(f"{base}/view?token={token}&lang=it").status_code == 200
