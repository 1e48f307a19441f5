"""What the web table's API tests share: data folders with a small
one-deck variant, a server whose computer players move without a pause, and
the calls a page makes (a new game, a seat's view, an action). Test modules
import the fixtures by name."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from machiavelli.app.web.server import create_app
from machiavelli.app.web.tables import Tables

ONE_DECK = "name: one-deck\nextends: bga\ndecks: 1\nhand_size: 10\n"


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """The data folder and a user variants folder holding ``one-deck``."""
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    variants = tmp_path / "variants"
    variants.mkdir()
    (variants / "one-deck.yaml").write_text(ONE_DECK, encoding="utf-8")
    monkeypatch.setenv("MACHIAVELLI_VARIANTS_DIR", str(variants))
    from machiavelli.app import library

    library._index_cached.cache_clear()
    yield tmp_path
    library._index_cached.cache_clear()


@pytest.fixture
def app(folders):
    return create_app(Tables(), lang="en", pause=0)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


def settle(client):
    """Wait until the computers (who move in the background) are done."""
    assert client.app.state.server.computers.settled(30)


def new_game(client, variant, seats, seed, lang="en"):
    """A new game (``seats`` None: the server's default seats), once the computers have moved."""
    body = {"variant": variant, "lang": lang, "seed": seed}
    if seats is not None:
        body["seats"] = list(seats)
        if "friend" in seats:  # a chosen seed at a table with friends is shown to them all
            body["announce_seed"] = True
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    settle(client)
    return r.json()


def game_of(app, game):
    return app.state.server.tables.get(game["id"]).game


def token(game, seat):
    return game["seats"][seat]["token"]


def view(client, game, seat, lang="en", faces=""):
    extra = f"&faces={faces}" if faces else ""
    r = client.get(f"/api/games/{game['id']}/view?token={token(game, seat)}&lang={lang}{extra}")
    assert r.status_code == 200, r.text
    return r.json()


def act(client, game, seat, command, lang="en"):
    r = client.post(f"/api/games/{game['id']}/actions?token={token(game, seat)}&lang={lang}",
                    json={"command": command})
    settle(client)
    return r


def strings_in(data) -> set[str]:
    """Every string anywhere in a JSON value, keys included (card codes among them)."""
    found: set[str] = set()

    def walk(v):
        if isinstance(v, str):
            found.add(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                found.add(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(data)
    return found
