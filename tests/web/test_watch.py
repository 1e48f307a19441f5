"""The watch link: a spectator's view holds only what every seat sees (the
public part of every seat's view, checked leaf by leaf as the game goes on),
no hand's card, every seat's card count; it reads, live too, and moves nothing."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from web_support import app, client, folders, settle, strings_in  # noqa: E402,F401

IGNORED = {"players", "watching", "seat", "version", "scores"}


def _game(client):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "friend", "random"]})
    assert r.status_code == 201, r.text
    settle(client)
    return r.json()


def _views(client, game):
    seats = [client.get(f"/api/games/{game['id']}/view?token={s['token']}").json() for s in game["seats"] if "token" in s]
    watch = client.get(game["watch"]["view"])
    assert watch.status_code == 200, watch.text
    return seats, watch.json()


def _at(data, path):
    for step in path:
        if isinstance(step, tuple):  # ("key", k) or ("number", n): the object of a keyed list
            data = next((x for x in data if isinstance(x, dict) and x.get(step[0]) == step[1]), None)
            if data is None:
                return KeyError
        elif isinstance(data, dict):
            if step not in data:
                return KeyError
            data = data[step]
        else:
            return KeyError
    return data


def _leaves(data, path=()):
    if isinstance(data, dict):  # an empty object shows nothing
        for k, v in data.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(data, list) and data and any(all(isinstance(x, dict) and key in x for x in data)
                                                 for key in ("key", "number")):
        key = "key" if all("key" in x for x in data) else "number"
        for x in data:
            yield from _leaves(x, path + ((key, x[key]),))
    else:
        yield path, data


def _check_public(client, app, game):
    seats, watch = _views(client, game)
    table = app.state.server.tables.get(game["id"])
    assert watch["watching"] is True and watch["seat"] is None and "hand" not in watch
    # Everything the spectator is shown, every seat's own view shows at the same place.
    for path, value in _leaves({k: v for k, v in watch.items() if k not in IGNORED}):
        for own in seats:
            assert _at(own, path) == value, (path, value)
    # No card of any hand (one deck: a code names one card); every seat's count, as the others see it.
    hands = {c.code if hasattr(c, "code") else str(c) for s in range(3) for c in table.game.view(s).hand}
    assert not hands & strings_in(watch), hands & strings_in(watch)
    counts = [len(table.game.view(s).hand) for s in range(3)]
    assert [p.get("cards") for p in watch["players"]] == counts
    return watch


def test_the_spectator_sees_the_public_part_of_every_seat_view_as_the_game_goes_on(app, client):
    game = _game(client)
    watch = _check_public(client, app, game)
    table = app.state.server.tables.get(game["id"])
    assert table.game.outcome is None, table.game.outcome
    for _turn in range(6):
        if table.game.outcome is not None:
            break
        seat = next(s for s in table.game.to_move())
        r = client.post(f"/api/games/{game['id']}/actions?token={game['seats'][seat]['token']}", json={"command": "draw"})
        assert r.status_code == 200, r.text
        settle(client)
        watch = _check_public(client, app, game)
    assert watch["turn"] > 2


def test_the_watch_link_reads_live_and_moves_nothing(app, client):
    game = _game(client)
    token = game["watch"]["token"]
    assert all(token != s.get("token") for s in game["seats"])
    table = app.state.server.tables.get(game["id"])
    with client.websocket_connect(game["watch"]["live"]) as ws:
        first = ws.receive_json()
        assert first["watching"] is True and "hand" not in first
        seat = next(s for s in table.game.to_move())
        r = client.post(f"/api/games/{game['id']}/actions?token={game['seats'][seat]['token']}", json={"command": "draw"})
        assert r.status_code == 200
        later = ws.receive_json()
        assert later["version"] > first["version"] and "hand" not in later
    r = client.post(f"/api/games/{game['id']}/actions?token={token}", json={"command": "draw"})
    assert r.status_code == 403
    assert client.post(f"/api/games/{game['id']}/seats/1/link?token={token}", json={}).status_code == 403
    assert client.get(f"/api/games/{game['id']}/record?token={token}").status_code == 403
    assert token not in str(client.get("/api/games").json())


def test_the_watch_link_survives_a_restart(folders):
    from starlette.testclient import TestClient

    from machiavelli.app.web.server import create_app
    from machiavelli.app.web.tables import Tables

    with TestClient(create_app(Tables(), lang="en", pause=0)) as first:
        game = _game(first)
    tables = Tables()
    tables.load_saved()
    with TestClient(create_app(tables, lang="en", pause=0)) as again:
        assert again.get(game["watch"]["view"]).json()["watching"] is True


def test_the_table_stays_when_the_seats_marks_on_its_melds_differ():
    from machiavelli.app.web.watch import public_view

    meld = {"number": 1, "cards": ["3S", "3D", "3C"], "valid": True}
    views = [{"table": [{**meld, "changed": True}]}, {"table": [{**meld, "changed": False}]}]
    assert public_view(views)["table"] == [meld]


def test_the_watch_page_is_the_table_read_only_and_only_the_starter_is_shown_its_link(client):
    game = _game(client)
    page = client.get(game["watch"]["page"])
    assert page.status_code == 200
    assert "<title>Watching: " in page.text and '"watching": true' in page.text
    assert 'id="command-form"' not in page.text and "/static/table.js" in page.text
    wrong = client.get(f"/watch/{game['id']}?token={game['seats'][0]['token']}")  # a seat's token is no watch link
    assert wrong.status_code == 403 and "Traceback" not in wrong.text
    starter = client.get(f"/api/games/{game['id']}/view?token={game['seats'][0]['token']}").json()
    friend = client.get(f"/api/games/{game['id']}/view?token={game['seats'][1]['token']}").json()
    assert starter["watch_link"] == game["watch"]["page"] and "watch_link" not in friend
    assert game["watch"]["token"] not in json.dumps(friend)


def test_the_watch_link_reviews_the_game_once_it_is_over(app, client):
    from machiavelli.core.fallback import fallback_action

    game = _game(client)
    token = game["watch"]["token"]
    assert client.get(f"/api/games/{game['id']}/review?token={token}").status_code == 409
    table = app.state.server.tables.get(game["id"])
    while table.game.outcome is None:
        seat = table.game.to_move()[0]
        table.game.apply(fallback_action(table.game, seat), seat)
    watched = client.get(game["watch"]["view"]).json()
    assert watched["result"]["review"] == f"/review/{game['id']}?token={token}&lang=en"
    assert watched["scores"]["names"] and "next" not in watched["scores"]
    page = client.get(watched["result"]["review"])
    assert page.status_code == 200 and f'href="/watch/{game["id"]}?token={token}' in page.text
    assert client.get(f"/api/games/{game['id']}/review?token={token}").status_code == 200
