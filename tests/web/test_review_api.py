"""The review of a finished game on the web table (issue 29):
``GET /api/games/{id}/review`` and the page that steps through it."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

import web_support as web  # noqa: E402
from web_support import act, app, client, folders, view  # noqa: E402,F401


def finished(client, seats=("human", "random"), seed=3, variant="one-deck"):
    """A game (of one-deck) in which the person draws every turn until it is over."""
    game = web.new_game(client, variant, list(seats), seed)
    for _ in range(200):
        seen = view(client, game, 0)
        if seen["result"] is not None:
            return game, seen
        assert act(client, game, 0, "draw").status_code == 200
    raise AssertionError("the game did not end")


def test_no_review_before_the_end(client):
    game = web.new_game(client, "one-deck", ["human", "random"], 3)
    r = client.get(f"/api/games/{game['id']}/review?token={web.token(game, 0)}")
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_the_review_of_a_finished_game(client):
    game, seen = finished(client)
    assert seen["result"]["review"].startswith(f"/review/{game['id']}?")
    url = f"/api/games/{game['id']}/review?token={web.token(game, 0)}"
    data = client.get(url).json()
    assert {s["seat"] for s in data["seats"]} == {0, 1} and data["names"] == ["Player 1", "Player 2"]
    mine = [t for t in data["turns"] if t["seat"] == 0]
    assert mine and all(t["played"][-1] == "draw" for t in mine)
    # Drawing when cards could go down is a missed play, with the best play's table shown.
    missed = [t for t in mine if t["verdict"] in ("missed", "out-missed")]
    for t in missed:
        assert t["best"] and len(t["shown"]["best"]) == len(t["table"])
        assert len(t["shown"]["hand"]) == len(t["seen"]["hand"])
    one = client.get(url + "&seat=1").json()
    assert {t["seat"] for t in one["turns"]} == {1} and [s["seat"] for s in one["seats"]] == [1]
    italian = client.get(url + "&lang=it").json()
    assert [t["verdict"] for t in italian["turns"]] == [t["verdict"] for t in data["turns"]]
    assert client.get(url + "&seat=7").status_code == 400
    assert client.get(f"/api/games/{game['id']}/review?token=wrong").status_code == 403
    page = client.get(f"/review/{game['id']}?token={web.token(game, 0)}")
    assert page.status_code == 200 and "/static/review.js" in page.text


def test_a_tile_game_s_review_speaks_of_tiles_and_letters_them_as_its_table(client):
    """A Rummikub game's review, page and findings, in the table's words: its
    title, tiles on a rack, each tile with the language's colour letter."""
    game, _seen = finished(client, seed=5, variant="rummikub(decks=1,hand_size=6)")
    token = web.token(game, 0)
    data = client.get(f"/api/games/{game['id']}/review?token={token}&lang=es").json()
    texts = " ".join(t["text"] for t in data["turns"])
    assert "ficha" in texts and "carta" not in texts
    shown = {c for t in data["turns"] for c in t["shown"]["hand"]}
    tiles = {c for c in shown if c[0].isdigit()}
    assert tiles and all(re.fullmatch(r"\d+(R|A|N|NA)", c) for c in tiles), tiles  # rojo azul negro naranja
    page = client.get(f"/review/{game['id']}?token={token}&lang=es").text
    assert "<h1>Análisis de una partida de Rummikub</h1>" in page and '"hand": "Atril"' in page
