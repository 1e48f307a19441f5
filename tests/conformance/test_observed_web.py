"""Through the web table's HTTP API: one browser seat's stream of responses
(views, versions, statuses) is the same in two games staged with the same
public state and the other hands dealt otherwise, every shipped game."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from web_support import app, client, folders, game_of, settle, token  # noqa: E402,F401 - the fixtures

from machiavelli.core import registry  # noqa: E402
from machiavelli.core.errors import IllegalAction  # noqa: E402

#: Each shipped game's variant at the web table (Machiavelli's one deck keeps the game short).
SHIPPED = {"machiavelli": "one-deck", "cicera": "cicera", "si-se-pai": "si-se-pai"}


def _told(client, game, seat, response=None):  # noqa: F811
    """What the seat's page gets, with the game's own id and tokens (which differ by design) written alike."""
    r = response if response is not None else client.get(f"/api/games/{game['id']}/view?token={token(game, seat)}")
    text = r.text.replace(game["id"], "<id>")
    for s in game["seats"]:
        if s.get("token"):
            text = text.replace(s["token"], "<token>")
    if game.get("watch", {}).get("token"):  # the starter's view holds the watch link
        text = text.replace(game["watch"]["token"], "<watch>")
    data = json.loads(text) if r.headers.get("content-type", "").startswith("application/json") else text
    return r.status_code, data


def _difference(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return _difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for k, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _difference(x, y, f"{path}[{k}]")
    return f"{path}: {a!r:.200} / {b!r:.200}"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_seat_is_told_the_same_whatever_the_other_hands_hold(client, name):  # noqa: F811
    definition = registry.game(name)
    from machiavelli.app.library import load_variant

    players = max(2, load_variant(SHIPPED[name]).players.min)
    body = {"variant": SHIPPED[name], "seats": ["human"] + ["friend"] * (players - 1)}
    games = [client.post("/api/games", json=body).json() for _ in range(2)]
    tables = [client.app.state.server.tables.get(g["id"]) for g in games]
    rng = random.Random(7)
    position = definition.position(tables[0].game)
    tables[1].game = definition.stage(tables[1].game.variant, position.redealt(0, rng))
    tables[0].game = definition.stage(tables[0].game.variant, position)
    one, other = tables[0].game, tables[1].game
    assert [one.hand(s) for s in range(1, players)] != [other.hand(s) for s in range(1, players)]
    streams: list[list[object]] = [[], []]
    steps = 0
    while steps < 25 and one.outcome is None and one.to_move():
        if definition.position(one).seen_by(0) != definition.position(other).seen_by(0):
            break  # seat 0 saw a card that differs (a card drawn or turned up): it may tell them apart now
        for k, game in enumerate(games):
            streams[k].append(_told(client, game, 0))
        actor = rng.choice(one.to_move())
        # In random order, the first action both games accept (another seat's own cards differ between
        # them: often only its draw or pass is common to both).
        legal = list(one.legal_actions(actor))
        for action in rng.sample(legal, len(legal)):
            try:
                other.clone().apply(action, actor)
            except IllegalAction:
                continue
            break
        else:
            break
        command = action.text(one.variant.deck)
        answers = []
        for game in games:
            r = client.post(f"/api/games/{game['id']}/actions?token={token(game, actor)}", json={"command": command})
            assert r.status_code == 200, r.text
            answers.append(r)
        settle(client)
        steps += 1
        if one.outcome is not None or other.outcome is not None:
            break  # the end shows every hand
        if actor == 0 and definition.position(one).seen_by(0) == definition.position(other).seen_by(0):
            for k, game in enumerate(games):
                streams[k].append(_told(client, game, 0, answers[k]))
    assert steps >= 2, f"{name}: the two games parted at once"
    # A version counts from the seat's first view (its time): each stream is read from its own start.
    for stream in streams:
        base = stream[0][1]["version"]
        for _status, data in stream:
            # An action is answered with the new view (inside "view"), a look with the view itself.
            shown = data.get("view", data) if isinstance(data, dict) else None
            if isinstance(shown, dict) and "version" in shown:
                shown["version"] -= base
    for k, (mine, theirs) in enumerate(zip(*streams)):
        assert mine == theirs, f"{name}: seat 0's response {k} differs: {_difference(mine, theirs)}"
    assert len(streams[0]) == len(streams[1]) > steps
