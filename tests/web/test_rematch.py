"""A rematch: once a game is over, the same seats and variant dealt anew,
made once whoever asks; each seat's view gives that seat's own link only."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from machiavelli.app.web.tables import Tables  # noqa: E402

from web_support import app, client, folders, settle  # noqa: E402,F401


def _finished(client, app):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "friend", "random"],
                                        "names": ["Ada", "Bea", None]})
    assert r.status_code == 201, r.text
    game = r.json()
    settle(client)
    table = app.state.server.tables.get(game["id"])
    return game, table


def _rematch(client, game, seat):
    return client.post(f"/api/games/{game['id']}/rematch?token={game['seats'][seat]['token']}", json={})


def _end(app, table):
    """Play the game out in memory with a legal move for each seat (the test is
    about what comes after; the store still holds the game as it began)."""
    from machiavelli.core.fallback import fallback_action

    while table.game.outcome is None:
        seat = table.game.to_move()[0]
        table.game.apply(fallback_action(table.game, seat), seat)


def test_a_rematch_is_refused_before_the_end_and_made_once_after(app, client):
    game, table = _finished(client, app)
    r = _rematch(client, game, 1)
    assert r.status_code == 409 and r.json()["error"]
    _end(app, table)
    first = _rematch(client, game, 1)
    assert first.status_code == 201, first.text
    again = _rematch(client, game, 0)
    assert again.json()["id"] == first.json()["id"]  # one rematch, whoever asks
    new = app.state.server.tables.get(first.json()["id"])
    assert [s.player for s in new.seats] == [s.player for s in table.seats]
    assert [s.name for s in new.seats] == ["Ada", "Bea", None]
    assert new.variant.name == table.variant.name and new.game.seed != table.game.seed
    assert new.owner == table.owner and new.tokens[0] and new.tokens[1] and new.tokens[2] is None
    # Each asker, and each seat's view, has its own seat's link to it and no other's.
    assert first.json()["link"].endswith(f"token={new.tokens[1]}&lang=en")
    assert again.json()["link"].endswith(f"token={new.tokens[0]}&lang=en")
    for seat in (0, 1):
        seen = client.get(f"/api/games/{game['id']}/view?token={game['seats'][seat]['token']}").json()
        assert seen["rematch"]["link"].endswith(f"token={new.tokens[seat]}&lang=en")
        assert new.tokens[1 - seat] not in json.dumps(seen)
    watch = client.get(game["watch"]["view"]).json()
    assert all(t not in json.dumps(watch) for t in new.tokens if t)


def test_a_seat_s_open_page_is_told_of_the_rematch(app, client):
    game, table = _finished(client, app)
    _end(app, table)
    with client.websocket_connect(f"/api/games/{game['id']}/live?token={game['seats'][1]['token']}") as ws:
        ws.receive_json()
        assert _rematch(client, game, 0).status_code == 201
        told = ws.receive_json()
        new = app.state.server.tables.get(told["rematch"]["id"])
        assert told["rematch"]["link"].endswith(f"token={new.tokens[1]}&lang=en")


def test_the_rematch_is_remembered_across_a_restart(app, client):
    game, table = _finished(client, app)
    _end(app, table)
    made = _rematch(client, game, 0).json()["id"]
    again = Tables()
    again.load_saved()
    assert again.get(game["id"]).rematch == made
