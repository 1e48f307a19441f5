"""The family's drawing at the web table (issue 28): a Carousel draw leaves
the turn going on until the third card, and a Shanghai player who can play
hears why the draw is refused."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import web_support as web  # noqa: E402
from web_support import act, app, client, folders, view  # noqa: E402,F401


def _my_turn(client, game):
    for _ in range(50):
        data = view(client, game, 0)
        if data["to_play"] == 0 or data["result"] is not None:
            return data
        web.settle(client)
    raise AssertionError("the computer never moved")


def test_a_carousel_turn_goes_on_after_a_draw_until_the_third_card(client):
    game = web.new_game(client, "carousel", ("human", "random"), seed=5)
    start = _my_turn(client, game)
    # The turn began with the first card; the second leaves it going on.
    r = act(client, game, 0, "draw")
    assert r.status_code == 200, r.text
    now = view(client, game, 0)
    assert now["to_play"] == 0 and now["turn"] == start["turn"] and now["can_draw"]
    assert len(now["hand"]) == len(start["hand"]) + 1 and len(now["just_drawn"]) == 2
    assert act(client, game, 0, "draw").status_code == 200  # the third ends it
    assert view(client, game, 0)["turn"] > start["turn"]


def test_a_shanghai_player_who_can_play_may_not_draw(client):
    game = web.new_game(client, "shanghai", ("human", "random", "random"), seed=2)
    for _ in range(200):
        data = _my_turn(client, game)
        if data["result"] is not None:
            break
        r = act(client, game, 0, "draw")
        if r.status_code == 422:
            assert r.json()["code"] in ("must-play", "must-play-drawn")
            assert "you must play" in r.json()["error"] or "you may not draw" in r.json()["error"]
            return
        assert r.status_code == 200, r.text
    pytest.fail("the human never could play")
