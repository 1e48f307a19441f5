"""What a seat of the web table can learn: no chosen seed behind the
friends' backs, and in Sì Sè Pái the same answers, statuses and versions
whatever the other hands hold."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from web_support import app, client, folders  # noqa: E402,F401 - the fixtures


def test_a_chosen_seed_with_friends_must_be_announced(client):  # noqa: F811
    refused = client.post("/api/games", json={"variant": "bga", "seats": ["human", "friend"], "seed": 1})
    assert refused.status_code == 400 and "seed" in refused.json()["error"] and "Traceback" not in refused.text
    alone = client.post("/api/games", json={"variant": "bga", "seats": ["human", "random"], "seed": 1})
    assert alone.status_code == 201
    shown = client.post("/api/games", json={"variant": "bga", "seats": ["human", "friend"], "seed": 1,
                                            "announce_seed": True}).json()
    for seat in shown["seats"]:
        assert client.get(f"/api/games/{shown['id']}/view?token={seat['token']}").json()["seed"] == 1


def test_no_seat_sees_a_seed_it_was_not_told(client):  # noqa: F811
    game = client.post("/api/games", json={"variant": "si-se-pai", "seats": ["human", "friend", "friend", "friend"]})
    table = client.app.state.server.tables.get(game.json()["id"])
    for seat in game.json()["seats"]:
        text = client.get(f"/api/games/{table.id}/view?token={seat['token']}").text
        assert str(table.game.seed) not in text
        assert client.get(f"/api/games/{table.id}/record?token={seat['token']}").status_code == 409


def _observed(client, game, seat):  # noqa: F811
    data = client.get(f"/api/games/{game['id']}/view?token={game['seats'][seat]['token']}").json()
    return data


def test_si_se_pai_through_the_api_a_seat_sees_the_same_whatever_the_other_hands_hold(client):  # noqa: F811
    """Two seats of four (the others friends who pass): seat 0 passes every
    card; what it receives (view, status, version) at each step may not
    depend on whether seat 1 could claim."""
    game = client.post("/api/games", json={"variant": "si-se-pai", "seats": ["human", "friend", "friend", "friend"],
                                           "seed": 3, "announce_seed": True}).json()
    table = client.app.state.server.tables.get(game["id"])
    versions, statuses = [], []
    for _ in range(12):
        movers = table.game.to_move()
        if table.game.outcome is not None or table.game.discarding is not None:
            break
        # Every seat but the card's owner is asked, whoever could claim it.
        order = [(table.game.source + k) % 4 for k in range(4)]
        assert set(movers) == set(order if table.game.drawn else order[1:])
        for seat in movers:
            view = _observed(client, game, 0)
            versions.append(view["version"])
            statuses.append([a["lines"] for a in view["areas"] if a["key"] == "answers"])
            r = client.post(f"/api/games/{game['id']}/actions?token={game['seats'][seat]['token']}",
                            json={"command": "pass"})
            assert r.status_code == 200, r.text
    # Seat 0's version moved on only with what it saw: never more than one step at a time.
    assert all(b - a in (0, 1) for a, b in zip(versions, versions[1:]))
    assert len(versions) > 4
