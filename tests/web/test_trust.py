"""Trust between the seats of a web table: no listing hands out a seat's
link, the starter can give a leaked seat a new link (the old one stops at
once, its live pages are closed), POSTs take JSON only and only from this
server's own pages, and the server's sockets send at once (TCP_NODELAY)."""

from __future__ import annotations

import json
import socket

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Tables  # noqa: E402

from web_support import app, client, folders  # noqa: E402,F401


def _friends(client, lang="en"):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "friend", "friend"], "lang": lang})
    assert r.status_code == 201, r.text
    return r.json()


def _link(client, game, seat, by=0, lang="en"):
    token = game["seats"][by]["token"]
    return client.post(f"/api/games/{game['id']}/seats/{seat}/link?token={token}&lang={lang}", json={})


def test_the_listing_holds_no_seats_link_or_token(client):
    game = _friends(client)
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]]
    text = json.dumps(listed) + client.get("/").text
    assert all(s["token"] not in text for s in game["seats"] if "token" in s)
    assert "link" not in listed[0]


def test_the_starter_gives_a_seat_a_new_link_and_the_old_one_stops_at_once(client):
    game = _friends(client)
    old = game["seats"][1]["token"]
    with client.websocket_connect(f"/api/games/{game['id']}/live?token={old}") as ws:
        assert ws.receive_json()["seat"] == 1
        r = _link(client, game, 1)
        assert r.status_code == 200, r.text
        new = r.json()
        assert new["seat"] == 1 and new["token"] != old and new["link"].startswith(f"/play/{game['id']}?token=")
        # The page open on the old link is closed, with the code a page reads as "link withdrawn".
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    assert client.get(f"/api/games/{game['id']}/view?token={old}").status_code == 403
    assert client.get(f"/play/{game['id']}?token={old}").status_code == 403
    assert client.get(f"/api/games/{game['id']}/view?token={new['token']}").json()["seat"] == 1
    # The other friend's link still works; the new one holds after a restart (it is stored).
    assert client.get(f"/api/games/{game['id']}/view?token={game['seats'][2]['token']}").status_code == 200
    again = Tables()
    again.load_saved()
    assert again.get(game["id"]).seat_of(new["token"]) == 1 and again.get(game["id"]).seat_of(old) is None


def test_only_the_starter_gives_new_links_and_only_to_peoples_seats(client):
    game = _friends(client)
    assert _link(client, game, 2, by=1).status_code == 403  # a friend cannot take another's seat
    assert _link(client, game, 0, by=1).status_code == 403  # nor the starter's
    assert _link(client, game, 7).status_code == 404
    assert _link(client, game, "x").status_code == 404
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"]}).json()
    assert _link(client, r, 1).status_code == 404  # a computer's seat has no link
    r = _link(client, game, 9, lang="it")
    assert r.status_code == 404 and "Traceback" not in r.text and r.json()["error"]


def test_the_starters_view_names_the_friends_seats_and_no_other_does(client):
    game = _friends(client)
    starter = client.get(f"/api/games/{game['id']}/view?token={game['seats'][0]['token']}").json()
    friend = client.get(f"/api/games/{game['id']}/view?token={game['seats'][1]['token']}").json()
    assert starter["starter"] is True and [f["seat"] for f in starter["friends"]] == [1, 2]
    assert "starter" not in friend and "friends" not in friend
    assert all(s["token"] not in json.dumps(starter) for s in game["seats"][1:])


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_posts_take_json_only(client, kind):
    game = _friends(client)
    headers = {"content-type": kind} if kind else {}
    body = json.dumps({"variant": "one-deck", "seats": ["human", "random"]})
    r = client.post("/api/games", content=body, headers=headers)
    assert r.status_code == 415 and r.json()["error"]
    r = client.post(f"/api/games/{game['id']}/actions?token={game['seats'][0]['token']}",
                    content=json.dumps({"command": "draw"}), headers=headers)
    assert r.status_code == 415
    assert client.post("/api/games", content=body, headers={"content-type": "application/json; charset=utf-8"}
                       ).status_code == 201


def test_a_foreign_origin_is_refused_and_no_origin_or_our_own_is_served(folders):
    with TestClient(create_app(Tables(), lang="en", pause=0), base_url="http://127.0.0.1:8000") as client:
        body = {"variant": "one-deck", "seats": ["human", "random"]}
        for origin in ("http://evil.example", "null", "http://127.0.0.1:9999"):
            r = client.post("/api/games", json=body, headers={"origin": origin})
            assert r.status_code == 403, origin
        assert client.post("/api/games", json=body, headers={"origin": "http://127.0.0.1:8000"}).status_code == 201
        assert client.post("/api/games", json=body).status_code == 201  # a script (curl, the CLI): no Origin
        game = client.post("/api/games", json=body).json()
        r = client.post(f"/api/games/{game['id']}/seats/0/link?token={game['seats'][0]['token']}", json={},
                        headers={"origin": "http://evil.example"})
        assert r.status_code == 403


def test_accepted_connections_send_without_delay():
    from machiavelli.app.web.limits import _no_delay

    listening = socket.create_server(("127.0.0.1", 0))  # as serve makes it: protocol 0
    with listening, socket.create_connection(listening.getsockname()) as _peer:
        accepted, _addr = listening.accept()
        with accepted:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0

            class Transport:
                def get_extra_info(self, name):
                    return accepted if name == "socket" else None

            _no_delay(Transport())  # type: ignore[arg-type]
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
