"""Matches at the web table: ``deals`` or ``target`` when a game is made,
the score table once a deal is over (the terminal's sheet), the next deal
dealt once by any person and passed on, the match's end and winner, all kept
across a restart; one game gets the score table too; old requests unchanged."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from machiavelli.app import match  # noqa: E402
from machiavelli.app.web.tables import Tables  # noqa: E402

from web_support import app, client, folders, settle  # noqa: E402,F401


def _start(client, **asked):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "friend", "random"],
                                        "names": ["Ada", "Bea", None], **asked})
    assert r.status_code == 201, r.text
    settle(client)
    return r.json()


def _end(table):
    """Play the deal out in memory with a legal move for each seat (the test is about what comes after)."""
    from machiavelli.core.fallback import fallback_action

    while table.game.outcome is None:
        seat = table.game.to_move()[0]
        table.game.apply(fallback_action(table.game, seat), seat)


def _view(client, game_id, token):
    r = client.get(f"/api/games/{game_id}/view?token={token}")
    assert r.status_code == 200, r.text
    return r.json()


def _next(client, table, seat):
    return client.post(f"/api/games/{table.id}/next?token={table.tokens[seat]}", json={})


def test_a_game_without_a_match_is_as_before_and_gets_a_score_table_once_over(app, client):
    game = _start(client)
    table = app.state.server.tables.get(game["id"])
    assert table.match is None
    seen = _view(client, game["id"], game["seats"][0]["token"])
    assert "scores" not in seen
    _end(table)
    scores = _view(client, game["id"], game["seats"][0]["token"])["scores"]
    assert scores["match"] is False and "next" not in scores and "over" not in scores
    assert scores["names"] == ["Ada", "Bea", "Player 3"]
    assert scores["deals"] == [list(match.sheet_of([table.game]).deals[0])]
    assert scores["totals"] == scores["deals"][0]
    refused = client.post(f"/api/games/{game['id']}/next?token={game['seats'][0]['token']}", json={})
    assert refused.status_code == 409 and refused.json()["error"]


@pytest.mark.parametrize("asked", [{"deals": 0}, {"deals": 501}, {"deals": "3"}, {"target": True},
                                   {"target": 100_001}])
def test_a_wrong_match_is_refused_in_one_sentence(client, asked):
    r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"], **asked})
    assert r.status_code == 400 and "Traceback" not in r.text and r.json()["error"]


def test_a_game_of_one_deal_at_a_time_has_no_match(client):
    r = client.post("/api/games", json={"variant": "cicera", "seats": ["human", "random"], "deals": 2})
    assert r.status_code == 400 and "cicera" in r.json()["error"]


def test_a_match_of_two_deals_passes_the_deal_on_and_ends_with_its_winner(app, client):
    game = _start(client, deals=2)
    first = app.state.server.tables.get(game["id"])
    heading = _view(client, first.id, first.tokens[0])["scores"]["heading"]
    assert heading.startswith("Deal 1 of 2.")
    assert _next(client, first, 0).status_code == 409  # not before the deal is over
    _end(first)
    seen = _view(client, first.id, first.tokens[0])["scores"]
    assert seen["match"] is True and seen["over"] is False and "next" not in seen
    made = _next(client, first, 1)
    assert made.status_code == 201, made.text
    again = _next(client, first, 0)
    assert again.json()["id"] == made.json()["id"]  # one next deal, whoever asks
    second = app.state.server.tables.get(made.json()["id"])
    assert second.game.seed == match.deal_seed(first.game.seed, 1)
    assert second.game.dealer == match.next_dealer(first.game)
    assert [s.name for s in second.seats] == ["Ada", "Bea", None] and second.owner == first.owner
    # Each seat is given its own seat's link to the next deal, and no other's; the watch link its watch page.
    for seat in (0, 1):
        told = _view(client, first.id, first.tokens[seat])["scores"]["next"]
        assert told["link"].endswith(f"token={second.tokens[seat]}&lang=en")
        assert second.tokens[1 - seat] not in json.dumps(_view(client, first.id, first.tokens[seat]))
    watched = client.get(game["watch"]["view"]).json()["scores"]
    assert watched["next"]["link"] == f"/watch/{second.id}?token={second.watch}&lang=en"
    assert all(t not in json.dumps(watched) for t in second.tokens if t)
    _end(second)
    scores = _view(client, second.id, second.tokens[0])["scores"]
    sheet = match.sheet_of([first.game, second.game])
    assert scores["deals"] == [list(d) for d in sheet.deals] and scores["totals"] == list(sheet.totals())
    assert scores["over"] is True and "next" not in scores
    assert scores["end"][0] == "The match is over after 2 deals."
    assert "with a total of" in scores["end"][1]
    assert _next(client, second, 0).status_code == 409


def test_a_match_to_a_target_goes_on_until_a_total_reaches_it(app, client):
    game = _start(client, target=100_000)
    table = app.state.server.tables.get(game["id"])
    assert _view(client, table.id, table.tokens[0])["scores"]["heading"].startswith("Deal 1, to ")
    _end(table)
    assert _view(client, table.id, table.tokens[0])["scores"]["over"] is False


def test_a_match_is_kept_across_a_restart(app, client):
    game = _start(client, deals=3)
    first = app.state.server.tables.get(game["id"])
    _end(first)
    made = _next(client, first, 0).json()["id"]
    again = Tables()
    again.load_saved()
    assert again.get(game["id"]).match["next"] == made
    kept = again.get(made).match
    assert kept["deals"] == 3 and kept["earlier"] == [game["id"]] and kept["seed"] == first.game.seed


def test_the_rematch_of_a_match_is_a_new_match_of_the_same_plan(app, client):
    game = _start(client, deals=1, chat=False)
    table = app.state.server.tables.get(game["id"])
    _end(table)
    assert _view(client, table.id, table.tokens[0])["scores"]["over"] is True
    r = client.post(f"/api/games/{table.id}/rematch?token={table.tokens[0]}", json={})
    assert r.status_code == 201, r.text
    new = app.state.server.tables.get(r.json()["id"])
    assert new.match["deals"] == 1 and new.match["earlier"] == [] and new.chat_on is False
