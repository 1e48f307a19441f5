"""The web table's store: a move is shown only once committed, a full disk
refuses it (and keeps nothing of it), versions name one state each, the
files are private, games being played are capped and old ones expire,
and games saved as files by earlier versions are read once."""

from __future__ import annotations

import errno
import json
import os
import stat
import threading
import time

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from machiavelli.app import library  # noqa: E402
from machiavelli.app.web import store as store_module  # noqa: E402
from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.store import SQLiteStore, StoreError  # noqa: E402
from machiavelli.app.web.tables import DAY, Keeping, TableError, Tables, folder, records_folder, store_path  # noqa: E402
from machiavelli.core.records import GameRecord, Seat  # noqa: E402

from web_support import folders  # noqa: E402,F401

SEATS = ["human", "friend"]


def _any_move(game, seat):
    """A legal move of ``seat`` (a computer player's)."""
    from machiavelli.core import registry

    return registry.make_bot("random", 1, game.variant.game).choose(game.view(seat))


def _new(client):
    r = client.post("/api/games", json={"variant": "bga", "seats": SEATS})
    assert r.status_code == 201, r.text
    return r.json()


def _url(game, seat, what):
    return f"/api/games/{game['id']}/{what}?token={game['seats'][seat]['token']}"


def _mover(client, game):
    return client.get(_url(game, 0, "view")).json()["to_play"]


# -- committed before shown --------------------------------------------------------------


def test_a_page_never_sees_a_move_before_it_is_committed(folders, monkeypatch):
    app = create_app(Tables(), lang="en", pause=0)
    entered, release = threading.Event(), threading.Event()
    original = SQLiteStore.change

    def slow(self, change):
        entered.set()
        assert release.wait(10)
        original(self, change)

    with TestClient(app) as client:
        game = _new(client)
        mover = _mover(client, game)
        before = client.get(_url(game, 1 - mover, "view")).json()
        monkeypatch.setattr(SQLiteStore, "change", slow)
        answer: dict = {}
        thread = threading.Thread(target=lambda: answer.update(
            r=client.post(_url(game, mover, "actions"), json={"command": "draw"})))
        thread.start()
        assert entered.wait(10)
        # The draw is being committed: every page still sees the game before it.
        during = client.get(_url(game, 1 - mover, "view")).json()
        assert during == before
        release.set()
        thread.join(10)
        assert answer["r"].status_code == 200
        after = client.get(_url(game, 1 - mover, "view")).json()
        assert after["version"] == before["version"] + 1 and after["to_play"] != before["to_play"]


# -- a full disk ---------------------------------------------------------------------------


def _full_commit(self):
    raise OSError(errno.ENOSPC, "No space left on device", str(store_path()))


def test_a_full_disk_refuses_the_move_without_a_path_and_the_game_survives_a_restart(folders, monkeypatch):
    app = create_app(Tables(), lang="en", pause=0)
    with TestClient(app) as client:
        game = _new(client)
        mover = _mover(client, game)
        table = app.state.server.tables.get(game["id"])
        before = (table.game.state(), table.version, len(table.game.log))
        with monkeypatch.context() as full:
            full.setattr(SQLiteStore, "_write_commit", _full_commit)
            r = client.post(_url(game, mover, "actions"), json={"command": "draw"})
        assert r.status_code == 507
        text = r.json()["error"]
        assert "disk is full" in text and str(folders) not in r.text and "sqlite" not in r.text
        # Not made: the game, its version and every page's view are as before.
        assert (table.game.state(), table.version, len(table.game.log)) == before
        assert client.get(_url(game, mover, "view")).json()["to_play"] == mover
        again = Tables()
        assert again.load_saved() == 1
        assert again.get(game["id"]).game.state() == before[0] and again.get(game["id"]).version == before[1]
        # Room again: the same move is taken.
        assert client.post(_url(game, mover, "actions"), json={"command": "draw"}).status_code == 200


def test_a_database_that_fills_up_for_real_refuses_in_words_and_keeps_what_it_had(folders):
    tables = Tables()
    with TestClient(create_app(tables, lang="it", pause=0)) as client:
        game = _new(client)
        # SQLite's own size limit: the next page it needs is refused with SQLITE_FULL, as on a full disk.
        pages = tables.store._db.execute("PRAGMA page_count").fetchone()[0]  # type: ignore[attr-defined]
        tables.store._db.execute(f"PRAGMA max_page_count = {pages + 2}")  # type: ignore[attr-defined]
        statuses = []
        for _ in range(100):  # until a page more is needed
            r = client.post("/api/games", json={"variant": "bga", "seats": SEATS, "lang": "it"})
            statuses.append(r.status_code)
            if r.status_code != 201:
                break
        assert statuses[-1] == 507 and set(statuses[:-1]) <= {201}
        assert "Traceback" not in r.text and "/" not in r.json()["error"] and "disco" in r.json()["error"]
        listed = client.get("/api/games").json()["games"]
        assert len(listed) == len(statuses)  # the first game and those made before the disk filled
        mover = _mover(client, game)
        held = tables.get(game["id"])
        moves_before = len(held.game.log)
        r = client.post(_url(game, mover, "actions"), json={"command": "draw"})
        assert r.status_code in (200, 507)
        # What the server holds (and shows) is what the store kept: the draw, or nothing of it.
        kept = Tables().get(game["id"])
        assert len(kept.game.log) == moves_before + (r.status_code == 200) == len(held.game.log)
        assert kept.version == held.version


def test_a_failed_write_answers_503_and_a_new_game_is_not_held(folders, monkeypatch):
    def broken(self):
        raise OSError(errno.EIO, "Input/output error", "/srv/secret/web.sqlite3")

    with TestClient(create_app(Tables(), lang="en", pause=0)) as client:
        game = _new(client)
        with monkeypatch.context() as failing:
            failing.setattr(SQLiteStore, "_write_commit", broken)
            r = client.post(_url(game, _mover(client, game), "actions"), json={"command": "draw"})
            assert r.status_code == 503 and "/srv" not in r.text
            r = client.post("/api/games", json={"variant": "bga", "seats": SEATS})
            assert r.status_code == 503 and "/srv" not in r.text
        assert [g["id"] for g in client.get("/api/games").json()["games"]] == [game["id"]]


# -- versions ------------------------------------------------------------------------------


def test_a_version_names_one_state_and_a_stale_change_is_refused(folders):
    tables = Tables()
    table = tables.create(library.load_variant("bga"), SEATS, "en")
    mover = table.game.current
    tried = table.tried(_any_move(table.game, mover), mover)
    change = table.change(tried.game, table.orders)
    tables.store.change(change)
    # The same version again (a second server, a change made twice): refused, nothing kept.
    with pytest.raises(StoreError):
        tables.store.change(change)
    saved = tables.store.load(table.id)
    assert saved is not None and saved.version == 1 and len(saved.moves) == len(tried.game.log)


def test_versions_only_grow_and_each_names_one_state_across_restarts(folders):
    states: dict[int, str] = {}
    last = -1
    game = None
    for _round in range(3):
        tables = Tables()
        tables.load_saved()
        with TestClient(create_app(tables, lang="en", pause=0)) as client:
            game = game or _new(client)
            for _ in range(4):
                mover = _mover(client, game)
                r = client.post(_url(game, mover, "actions"), json={"command": "draw"})
                assert r.status_code == 200
                view = client.get(_url(game, 0, "view")).json()
                assert view["version"] > last
                last = view["version"]
                shown = json.dumps({k: v for k, v in view.items() if k != "version"}, sort_keys=True)
                assert states.setdefault(view["version"], shown) == shown
        tables.store.close()


# -- private files --------------------------------------------------------------------------


def test_the_store_and_its_folder_are_private_whatever_the_umask(folders):
    old = os.umask(0o022)
    try:
        with TestClient(create_app(Tables(), lang="en", pause=0)) as client:
            game = _new(client)
            client.post(_url(game, _mover(client, game), "actions"), json={"command": "draw"})
            base = store_path()
            made = [base, base.with_name(base.name + "-wal"), base.with_name(base.name + "-shm")]
            for path in made:
                assert path.exists(), path
                assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
            assert stat.S_IMODE(base.parent.stat().st_mode) == 0o700
    finally:
        os.umask(old)


def test_a_store_left_readable_by_others_is_made_private_again(folders):
    path = store_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"")
    os.chmod(path, 0o644)
    os.chmod(path.parent, 0o755)
    SQLiteStore(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700


# -- the cap and expiry --------------------------------------------------------------------


def test_a_full_cap_refuses_new_games_until_expiry_frees_room(folders, monkeypatch):
    limits = Keeping(games=2, abandoned_days=3, finished_days=1)
    tables = Tables(keeping=limits)
    with TestClient(create_app(tables, lang="it", pause=0)) as client:
        first, second = _new(client), _new(client)
        r = client.post("/api/games", json={"variant": "bga", "seats": SEATS, "lang": "it"})
        assert r.status_code == 503 and "2" in r.json()["error"] and "Traceback" not in r.text
    # Still full after a restart: nothing expired yet.
    again = Tables(keeping=limits)
    assert again.load_saved() == 2
    with pytest.raises(TableError):
        again.create(library.load_variant("bga"), SEATS, "en")
    # Four days without a move: both are abandoned, and forgotten.
    later = time.time() + 4 * DAY
    monkeypatch.setattr(time, "time", lambda: later)
    third = again.create(library.load_variant("bga"), SEATS, "en")
    assert first["id"] not in again and second["id"] not in again and third.id in again
    assert again.store.count_playing() == 1


def test_finished_games_are_kept_for_their_time_then_removed(folders):
    limits = Keeping(games=5, abandoned_days=30, finished_days=2)
    tables = Tables(keeping=limits)
    table = tables.create(library.load_variant("bga"), SEATS, "en")
    playing = tables.create(library.load_variant("bga"), SEATS, "en")
    store = tables.store
    with store._lock:  # type: ignore[attr-defined]
        store._db.execute("UPDATE games SET finished = 1 WHERE id = ?", (table.id,))  # type: ignore[attr-defined]
    now = time.time()
    assert tables.expire(now + 1 * DAY) == []
    assert store.count_playing() == 1
    assert tables.expire(now + 3 * DAY) == [table.id]
    assert table.id not in tables and playing.id in tables
    assert tables.expire(now + 31 * DAY) == [playing.id]


def test_the_limits_come_from_the_environment_and_a_bad_one_is_said_in_one_line(folders, monkeypatch):
    assert Keeping.from_env({}) == Keeping()
    assert Keeping.from_env({"MACHIAVELLI_WEB_MAX_GAMES": "7", "MACHIAVELLI_WEB_FINISHED_DAYS": "0.5"}) == \
        Keeping(games=7, finished_days=0.5)
    for bad in ("0", "many", "1e9"):
        with pytest.raises(TableError):
            Keeping.from_env({"MACHIAVELLI_WEB_MAX_GAMES": bad})
    from typer.testing import CliRunner

    from machiavelli.cli import app

    monkeypatch.setenv("MACHIAVELLI_WEB_MAX_GAMES", "lots")
    result = CliRunner().invoke(app, ["serve", "--port", "8765"])
    assert result.exit_code == 2
    said = result.output.strip().splitlines()
    assert len(said) == 1 and "MACHIAVELLI_WEB_MAX_GAMES" in said[0] and "lots" in said[0]
    assert "Traceback" not in result.output


def test_listing_and_loading_ask_the_store_not_the_folder(folders, monkeypatch):
    tables = Tables()
    made = [tables.create(library.load_variant("bga"), SEATS, "en") for _ in range(3)]
    again = Tables()

    def no_scan(*_args, **_kwargs):
        raise AssertionError("the data folder was scanned")

    assert again.load_saved() == 3
    monkeypatch.setattr(type(store_path()), "iterdir", no_scan)
    monkeypatch.setattr(os, "scandir", no_scan)
    monkeypatch.setattr(os, "listdir", no_scan)
    assert {summary["id"] for summary, _token in again.listing()} == {t.id for t in made}
    with TestClient(create_app(again, lang="en", pause=0)) as client:
        game = {"id": made[0].id, "seats": [{"token": t} for t in made[0].tokens]}
        r = client.post(_url(game, made[0].game.current, "actions"), json={"command": "draw"})
        assert r.status_code == 200


# -- games saved by earlier versions -------------------------------------------------------


def _old_game(seed: int = 5) -> tuple[str, list[str | None], GameRecord]:
    """A game as earlier versions left it in the data folder: its record and its table file."""
    from machiavelli.core import registry

    variant = library.load_variant("bga")
    game = registry.game("machiavelli").new_game(variant, 2, seed)
    game.apply(_any_move(game, game.current), game.current)
    seats = (Seat("human"), Seat("human"))
    record = GameRecord.of(game, seats)
    game_id, tokens = f"oldgame{seed}", [f"tok-{seed}-a" * 3, f"tok-{seed}-b" * 3]
    records_folder().mkdir(parents=True, exist_ok=True)
    folder().mkdir(parents=True, exist_ok=True)
    (records_folder() / f"web-{game_id}.json").write_text(record.dumps(), encoding="utf-8")
    (folder() / f"{game_id}.json").write_text(json.dumps({
        "format": "machiavelli-web-table", "version": 1, "id": game_id, "tokens": tokens, "lang": "it",
        "created": 1_700_000_000.0, "orders": {"1": "rank"}, "owner": 0, "changes": 7}), encoding="utf-8")
    return game_id, tokens, record


def test_games_saved_as_files_by_earlier_versions_are_imported_once(folders):
    game_id, tokens, record = _old_game()
    tables = Tables()
    assert tables.load_saved() == 1 and not tables.unreadable
    table = tables.get(game_id)
    assert table.tokens == tokens and table.lang == "it" and table.orders == {1: "rank"} and table.version == 7
    assert table.record().dumps() == record.dumps()
    # Imported once: the table file moved aside (private), the record left for `machiavelli replay`.
    assert not (folder() / f"{game_id}.json").exists()
    moved = folder() / "imported" / f"{game_id}.json"
    assert moved.exists() and stat.S_IMODE(moved.stat().st_mode) == 0o600
    assert (records_folder() / f"web-{game_id}.json").exists()
    again = Tables()
    assert again.load_saved() == 1 and again.get(game_id).version == 7
    with TestClient(create_app(again, lang="en", pause=0)) as client:
        game = {"id": game_id, "seats": [{"token": t} for t in tokens]}
        played = again.get(game_id).game
        move = _any_move(played, played.current).text(played.variant.deck)
        r = client.post(_url(game, played.current, "actions"), json={"command": move})
        assert r.status_code == 200 and again.get(game_id).version == 8
        assert isinstance(r.json()["view"]["version"], int)


def test_a_downloaded_record_replays_in_the_terminal(folders, tmp_path):
    from typer.testing import CliRunner

    from machiavelli.cli import app

    tables = Tables()
    with TestClient(create_app(tables, lang="en", pause=0)) as client:
        r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "random"]})
        game = r.json()
        table = tables.get(game["id"])
        for _ in range(400):
            if table.game.outcome is not None:
                break
            client.post(_url(game, 0, "actions"), json={"command": "draw"})
            assert client.app.state.server.computers.settled(30)
        assert table.game.outcome is not None
        download = client.get(_url(game, 0, "record"))
    assert download.status_code == 200
    path = tmp_path / "downloaded.json"
    path.write_bytes(download.content)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output


def test_the_systems_errors_become_store_errors_that_say_whether_the_disk_is_full():
    with pytest.raises(StoreError) as caught:
        with store_module._failing():
            raise OSError(errno.ENOSPC, "No space left on device", "/srv/x")
    assert caught.value.full
    with pytest.raises(StoreError) as caught:
        with store_module._failing():
            raise OSError(errno.EIO, "Input/output error")
    assert not caught.value.full


def test_a_computer_move_the_store_could_not_keep_is_tried_again(folders, monkeypatch):
    from machiavelli.app.web import computers

    monkeypatch.setattr(computers, "RETRY", 0.2)
    original = SQLiteStore.change
    calls, refused = [], []

    def once_full(self, change):
        calls.append(change.version)
        if len(calls) == 2:  # the first is the person's draw, the second the computer's first move
            refused.append(change.version)
            raise StoreError("database or disk is full", full=True)
        original(self, change)

    app = create_app(Tables(), lang="en", pause=0)
    with TestClient(app) as client:
        game = client.post("/api/games", json={"variant": "bga", "seats": ["human", "random"]}).json()
        assert app.state.server.computers.settled(30)
        table = app.state.server.tables.get(game["id"])
        if table.game.current != 0:
            pytest.skip("the computer starts")
        monkeypatch.setattr(SQLiteStore, "change", once_full)
        assert client.post(_url(game, 0, "actions"), json={"command": "draw"}).status_code == 200
        # The person's draw was kept; the computer's first move was not, and is made again.
        deadline = time.time() + 20
        while table.game.current != 0 and time.time() < deadline:
            time.sleep(0.05)
        assert refused and table.game.current == 0
        assert Tables().get(game["id"]).version == table.version
