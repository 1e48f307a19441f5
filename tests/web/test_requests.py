"""The web table against strangers' requests: no file of the server is read
through a variant name, text that cannot be written is refused before it is
kept, a broken games folder does not stop the server, and the starter's
link is given to this computer's own pages only."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Tables, folder  # noqa: E402

SECRET = "TOPSECRET-not-a-variant"


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("MACHIAVELLI_VARIANTS_DIR", str(tmp_path / "variants"))
    (tmp_path / "variants").mkdir()
    from machiavelli.app import library

    library._index_cached.cache_clear()
    yield tmp_path
    library._index_cached.cache_clear()


@pytest.fixture
def client(folders):
    with TestClient(create_app(Tables(), lang="en", pause=0), base_url="http://127.0.0.1:8000") as c:
        yield c


@pytest.mark.parametrize("spec", ["{dir}/secret.yaml", "{dir}/secret.txt", "secret.txt", "../{name}/secret.yaml",
                                  "secret.txt(hand_size=13)"])
def test_a_variant_is_named_never_read_from_a_file(folders, client, monkeypatch, spec):
    # A file beside the server (and one in its current folder) whose first key says a secret.
    for name in ("secret.yaml", "secret.txt"):
        (folders / name).write_text(f"{SECRET}: 1\n", encoding="utf-8")
    monkeypatch.chdir(folders)
    spec = spec.format(dir=folders, name=folders.name)
    for r in (client.get("/rules", params={"variant": spec}),
              client.post("/api/games", json={"variant": spec, "seats": ["human", "random"]})):
        assert r.status_code == 400, r.text
        assert SECRET not in r.text and "Traceback" not in r.text
    assert not list(folder().glob("*.json")) if folder().exists() else True


def test_a_one_line_house_rule_of_a_known_variant_is_still_accepted(client):
    r = client.post("/api/games", json={"variant": "bga(hand_size=13)", "seats": ["human", "random"], "seed": 3})
    assert r.status_code == 201, r.text
    assert client.get("/rules", params={"variant": "bga(hand_size=13)"}).status_code == 200


@pytest.mark.parametrize("variant", ["bga(" + "x" * 5000 + ")", "bga(" * 300, "b\u202ega"])
def test_an_overlong_or_odd_variant_name_gets_one_reason(client, variant):
    for r in (client.get("/rules", params={"variant": variant}),
              client.post("/api/games", json={"variant": variant, "seats": ["human", "random"]})):
        assert 400 <= r.status_code < 500, r.text
        assert "Traceback" not in r.text and "Internal Server Error" not in r.text


@pytest.mark.parametrize("field", [{"lang": "\ud800"}, {"variant": "bga\udfff"}, {"seats": ["human", "\ud800"]},
                                   {"names": ["An\ud800na"]}, {"command": "draw\ud800"}])
def test_a_lone_surrogate_is_refused_and_nothing_is_kept(client, field):
    body = {"variant": "bga", "seats": ["human", "random"], **field}
    r = client.post("/api/games", content=json.dumps(body), headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "The request is not JSON."
    assert client.get("/api/games").json()["games"] == []


def test_names_lose_their_control_and_direction_characters(client):
    r = client.post("/api/games", json={"variant": "bga", "seats": ["human", "friend"], "announce_seed": True, "seed": 1,
                                        "names": ["Ann\u202e\x1b[2J", "\u200f\u2066Bob"]})
    assert r.status_code == 201
    game = r.json()
    seats = client.app.state.server.tables.get(game["id"]).seats
    names = [s.name for s in seats]
    assert names[0] == "Ann" and names[1].endswith("Bob")
    assert not any(ch in name for name in names for ch in "\u202e\x1b\u2066")


def test_a_game_that_cannot_be_saved_is_not_held(folders, client, monkeypatch):
    from machiavelli.app.web.store import SQLiteStore, StoreError

    def broken(self, saved, limit=None):
        raise StoreError(f"cannot write {folders}/data/web.sqlite3", full=True)

    monkeypatch.setattr(SQLiteStore, "add", broken)
    r = client.post("/api/games", json={"variant": "bga", "seats": ["human", "random"]})
    assert r.status_code == 507 and "Traceback" not in r.text and str(folders) not in r.text
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("content", ['{"format": "machiavelli-web-table", "id": ' + "[" * 20000 + "]" * 20000 + "}",
                                     "\xff\xfe not text", '{"format": "machiavelli-web-table", "id": "x"}',
                                     '{"format": "machiavelli-web-table", "id": "odd", "tokens": {}}'])
def test_a_broken_file_in_the_games_folder_does_not_stop_the_server(folders, content):
    good = TestClient(create_app(Tables(), lang="en", pause=0))
    with good:
        made = good.post("/api/games", json={"variant": "bga", "seats": ["human", "random"], "seed": 2}).json()
    folder().mkdir(parents=True, exist_ok=True)  # where earlier versions kept their tables
    (folder() / "odd.json").write_bytes(content.encode("latin-1", "replace")[:60_000])
    tables = Tables()
    assert tables.load_saved() == 1
    assert [path for path, _why in tables.unreadable] == [str(folder() / "odd.json")]
    assert made["id"] in tables


def test_no_seats_link_is_listed_not_even_to_this_computers_pages(folders):
    tables = Tables()
    with TestClient(create_app(tables, lang="en", pause=0), base_url="http://127.0.0.1:8000") as local:
        game = local.post("/api/games", json={"variant": "bga", "seats": ["human", "random"]}).json()
        token = game["seats"][0]["token"]
        # A friend on the same computer is a local client too: the listing is no seat's.
        assert token not in json.dumps(local.get("/api/games").json())
        assert token not in local.get("/").text
        # Another site's name pointed at 127.0.0.1 (DNS rebinding): the request comes from this
        # computer, but its Host is that site's; it must not learn the seat's token.
        for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example"):
            listed = local.get("/api/games", headers={"host": host})
            assert listed.status_code == 200 and token not in listed.text
            assert token not in local.get("/", headers={"host": host}).text


def test_whatever_a_page_sends_on_the_live_socket_is_dropped(client):
    game = client.post("/api/games", json={"variant": "bga", "seats": ["human", "friend"], "announce_seed": True, "seed": 1}).json()
    token = game["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{game['id']}/live?token={token}") as socket:
        first = socket.receive_json()
        socket.send_bytes(b"\x00\xff")
        socket.send_text("anything")
        moved = client.post(f"/api/games/{game['id']}/actions?token={token}", json={"command": "sort rank"})
        assert moved.status_code == 200, moved.text
        # Still served after the odd frames: the next view comes.
        assert socket.receive_json()["version"] > first["version"]
    assert client.app.state.server.live[game["id"]] == []


def test_the_rules_a_game_links_to_are_its_own_house_rules(client):
    game = client.post("/api/games", json={"variant": "bga(hand_size=9)", "seats": ["human", "friend"],
                                           "announce_seed": True, "seed": 1}).json()
    token = game["seats"][0]["token"]
    answer = client.post(f"/api/games/{game['id']}/actions?token={token}", json={"command": "rules"}).json()
    page = client.get(f"/play/{game['id']}?token={token}").text
    link = re.search(r'id="rules-link"[^>]*href="([^"]+)"', page).group(1).replace("&amp;", "&")
    for url in (answer["rules"], link):
        assert "deals 9 cards" in client.get(url).text
    assert "deals 9 cards" not in client.get("/rules?variant=bga").text
    refused = client.get(f"/rules?game={game['id']}&token=wrong")
    assert refused.status_code == 403 and "deals" not in refused.text


def test_asking_in_another_language_tells_nothing_of_changes_the_seat_cannot_see(client):
    game = client.post("/api/games", json={"variant": "bga", "seats": ["human", "friend"], "announce_seed": True, "seed": 1}).json()
    (mine, theirs) = (game["seats"][0]["token"], game["seats"][1]["token"])
    url = f"/api/games/{game['id']}/view?token={mine}"
    before = client.get(url + "&lang=en").json()["version"]
    # The other seat's own order of hand: a change this seat does not see.
    assert client.post(f"/api/games/{game['id']}/actions?token={theirs}", json={"command": "sort rank"}).status_code == 200
    assert client.get(url + "&lang=en").json()["version"] == before
    for lang in ("it", "ar"):
        assert client.get(url + f"&lang={lang}").json()["version"] == before
    assert client.get(url + "&lang=en&faces=hanzi").json()["version"] == before
    # A change it sees moves every language on.
    assert client.post(f"/api/games/{game['id']}/actions?token={mine}", json={"command": "sort rank"}).status_code == 200
    after = {client.get(url + f"&lang={lang}").json()["version"] for lang in ("en", "it", "de")}
    assert len(after) == 1 and after.pop() > before


def test_the_version_a_seat_receives_counts_only_the_changes_it_saw(client):
    game = client.post("/api/games", json={"variant": "bga", "seats": ["human", "friend"], "announce_seed": True, "seed": 1}).json()
    (mine, theirs) = (game["seats"][0]["token"], game["seats"][1]["token"])
    url = f"/api/games/{game['id']}/view?token={mine}&lang=en"
    before = client.get(url).json()["version"]
    for order in ("rank", "suit"):  # the other seat's own order of hand, twice: changes this seat does not see
        assert client.post(f"/api/games/{game['id']}/actions?token={theirs}",
                           json={"command": f"sort {order}"}).status_code == 200
    assert client.post(f"/api/games/{game['id']}/actions?token={mine}", json={"command": "sort rank"}).status_code == 200
    assert client.get(url).json()["version"] == before + 1


def test_a_move_that_cannot_be_saved_is_said_and_not_made(client, monkeypatch):
    from machiavelli.app.web.store import SQLiteStore, StoreError

    game = client.post("/api/games", json={"variant": "bga", "seats": ["human", "friend"], "announce_seed": True, "seed": 1}).json()
    server = client.app.state.server
    table = server.tables.get(game["id"])
    mover = table.game.current
    before = (table.game.state(), table.version)
    pushed = []
    monkeypatch.setattr(server, "push", lambda t: pushed.append((t.id, t.game.turn_number)))

    def full_disk(self, change):
        raise StoreError("disk I/O error: /home/someone/.local/share/machiavelli/web.sqlite3", full=True)

    monkeypatch.setattr(SQLiteStore, "change", full_disk)
    r = client.post(f"/api/games/{game['id']}/actions?token={game['seats'][mover]['token']}", json={"command": "draw"})
    assert r.status_code == 507 and "disk is full" in r.json()["error"] and "/" not in r.json()["error"]
    # The draw did not happen: no page is told of it, the game is as it was.
    assert pushed == [] and (table.game.state(), table.version) == before and table.game.current == mover


@pytest.mark.parametrize("length", [b"9" * 5000, b"\xb2", b"-1", b"1e3"])
def test_an_odd_content_length_is_refused_in_words(client, length):
    import asyncio

    app = client.app
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message):
        sent.append(message)

    # Raw ASGI: an HTTP client would not send such a header, a stranger's script may.
    scope = {"type": "http", "method": "POST", "path": "/api/games", "raw_path": b"/api/games", "query_string": b"",
             "headers": [(b"content-length", length), (b"host", b"127.0.0.1")], "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 80), "scheme": "http", "http_version": "1.1", "root_path": "", "app": app}
    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    assert start["status"] == 413 and json.loads(body)["error"] == "The request is too large."


def test_no_text_in_a_pages_json_can_end_its_script_element():
    from machiavelli.app.web.pages import _json_block

    tricky = {"description": "<!--<script>alert(1)</script>--> </SCRIPT> <b>"}
    block = _json_block("data", tricky)
    inner = block[block.index(">") + 1: block.rindex("</script>")]
    assert "<" not in inner and json.loads(inner) == tricky
