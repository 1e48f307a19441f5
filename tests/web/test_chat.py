"""The table's chat: lines from the seats, shown to every seat as text
(control and bidi characters gone, length and rate bounded), kept with the
game, read only through the watch link, and off when the game was started so."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from machiavelli.app.web.tables import Tables  # noqa: E402

from web_support import app, client, folders  # noqa: E402,F401


def _game(client, **more):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "friend", "random"], **more})
    assert r.status_code == 201, r.text
    return r.json()


def _say(client, game, seat, text, lang="en"):
    return client.post(f"/api/games/{game['id']}/chat?token={game['seats'][seat]['token']}&lang={lang}",
                       json={"text": text})


def _chat(client, game, seat):
    return client.get(f"/api/games/{game['id']}/view?token={game['seats'][seat]['token']}").json()["chat"]


def test_a_line_reaches_every_seat_live_and_the_watch_link_reads_it(client):
    game = _game(client)
    with client.websocket_connect(f"/api/games/{game['id']}/live?token={game['seats'][1]['token']}") as ws:
        ws.receive_json()
        r = _say(client, game, 0, "  <b>ciao</b> \u202e!  ")
        assert r.status_code == 201, r.text
        told = ws.receive_json()
        for _ in range(5):  # the computer may move first: its view comes before the chat's
            if told["chat"]:
                break
            told = ws.receive_json()
    line = {"seat": 0, "name": "Player 1", "text": "<b>ciao</b> !"}  # kept as text: the page never reads it as markup
    assert told["chat"] == [line] and _chat(client, game, 0) == [line] and _chat(client, game, 1) == [line]
    assert client.get(game["watch"]["view"]).json()["chat"] == [line]
    assert client.post(f"/api/games/{game['id']}/chat?token={game['watch']['token']}", json={"text": "hi"}
                       ).status_code == 403


def test_lines_are_bounded_in_length_and_rate_and_refused_in_words(client):
    game = _game(client)
    assert _say(client, game, 0, "").status_code == 400
    assert _say(client, game, 0, "x" * 201, lang="it").status_code == 400
    assert _say(client, game, 0, "x" * 200).status_code == 201
    for k in range(4):
        assert _say(client, game, 0, f"line {k}").status_code == 201
    r = _say(client, game, 0, "one more", lang="de")
    assert r.status_code == 429 and r.json()["error"] and "Traceback" not in r.text
    assert _say(client, game, 1, "the other seat is not held back").status_code == 201
    assert len(_chat(client, game, 1)) == 6


def test_the_chat_is_kept_with_the_game_and_can_be_turned_off(client):
    game = _game(client)
    _say(client, game, 1, "a domani")
    again = Tables()
    again.load_saved()
    assert [t for _s, t, _w in again.get(game["id"]).chat] == ["a domani"]
    quiet = _game(client, chat=False)
    r = _say(client, quiet, 0, "hello?")
    assert r.status_code == 403 and r.json()["error"]
    assert "chat" not in client.get(f"/api/games/{quiet['id']}/view?token={quiet['seats'][0]['token']}").json()
    again = Tables()
    again.load_saved()
    assert again.get(quiet["id"]).chat_on is False
