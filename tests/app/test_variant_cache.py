"""The cache of resolved shipped variants (app.variant_cache): used only
while every file it was made from is unchanged, and a damaged or foreign
cache file is passed over, never trusted and never an error."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import zlib

import pytest

from machiavelli.app import library, variant_cache
from machiavelli.core import places


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """A copy of the shipped variants, and a fresh cache folder."""
    folder = tmp_path / "variants"
    shutil.copytree(library.shipped_dir(), folder)
    monkeypatch.setattr(library, "shipped_dir", lambda: folder)
    monkeypatch.setenv(places.CACHE_ENV, str(tmp_path / "cache"))
    return folder


@pytest.fixture
def resolved(monkeypatch):
    """How many times a variant was resolved from its YAML (a cache miss)."""
    calls = []
    real = library.resolve

    def counting(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(library, "resolve", counting)
    return calls


def _cache_file(name):
    return variant_cache._file(name)


def test_a_shipped_variant_is_read_from_the_cache_the_second_time(shipped, resolved):
    first = library.load_variant("bga")
    assert resolved == ["bga"] and _cache_file("bga").is_file()
    second = library.load_variant("bga")
    assert resolved == ["bga"]  # not resolved again
    assert second == first and second is not first
    assert second.parameters() == first.parameters()
    assert second.check(second.deck.parse_cards("5C 6C 7C")).valid


def test_the_cached_variant_keeps_what_the_chain_gives_it(shipped, resolved):
    first = library.load_variant("jokers")
    second = library.load_variant("jokers")
    assert resolved == ["jokers"]
    assert second == first and second.extends == "bga"
    assert second.extends_title_in("en") == first.extends_title_in("en") == "Board Game Arena"


def test_an_edited_variant_file_is_read_again(shipped, resolved):
    library.load_variant("bga")
    path = shipped / "bga.yaml"
    path.write_text(path.read_text().replace("hand_size: 15", "hand_size: 13") + "\n")
    variant = library.load_variant("bga")
    assert resolved == ["bga", "bga"]
    assert variant.hand_size == 13
    assert library.load_variant("bga").hand_size == 13 and resolved == ["bga", "bga"]  # cached again


def test_a_touched_file_of_the_chain_is_read_again(shipped, resolved):
    library.load_variant("jokers")
    stat = (shipped / "bga.yaml").stat()
    os.utime(shipped / "bga.yaml", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    library.load_variant("jokers")
    assert resolved == ["jokers", "jokers"]


def test_another_version_of_the_program_or_a_library_reads_again(shipped, resolved, monkeypatch):
    library.load_variant("bga")
    monkeypatch.setattr(variant_cache, "_versions", lambda: {"program": "0.0.0", "python": sys.version,
                                                              "pydantic": "0"})
    library.load_variant("bga")
    assert resolved == ["bga", "bga"]


def test_changed_code_of_the_schema_reads_again(shipped, resolved, monkeypatch):
    library.load_variant("bga")
    real = variant_cache._stat

    def moved(path):
        found = real(path)
        return [found[0], found[1], found[2] + 1] if found and path.endswith("cards.py") else found

    monkeypatch.setattr(variant_cache, "_stat", moved)
    library.load_variant("bga")
    assert resolved == ["bga", "bga"]


def test_overrides_and_user_variants_are_never_cached(shipped, resolved, tmp_path):
    library.load_variant("bga", ["hand_size=13"])
    library.load_variant("bga(hand_size=13)")
    own = tmp_path / "own.yaml"
    own.write_text("extends: bga\nhand_size: 12\n")
    library.load_variant(str(own))
    library.load_variant(str(own))
    assert len(resolved) == 4
    assert not _cache_file("bga").exists() and not _cache_file("own").exists()


def _rewrite(name, body_of):
    """Rewrite the cache file of ``name``: ``body_of(header, payload)`` gives
    the new (header, payload), the file's CRC made right again."""
    data = _cache_file(name).read_bytes()
    body = data[len(variant_cache.MAGIC) + 4:]
    size = int.from_bytes(body[:4], "big")
    header, payload = body_of(pickle.loads(body[4:4 + size]), body[4 + size:])
    header_bytes = pickle.dumps(header)
    body = len(header_bytes).to_bytes(4, "big") + header_bytes + payload
    _cache_file(name).write_bytes(variant_cache.MAGIC + zlib.crc32(body).to_bytes(4, "big") + body)


RAN: list[str] = []


def _record(what):
    RAN.append(what)


class _Boom:
    """Unpickled, it would call a function of its choosing."""

    def __reduce__(self):
        return (_record, ("ran",))


@pytest.mark.parametrize("damage", ["empty", "truncated", "garbage", "flipped", "magic", "huge", "directory"])
def test_a_damaged_cache_file_is_passed_over(shipped, resolved, damage):
    good = library.load_variant("bga")
    file = _cache_file("bga")
    data = file.read_bytes()
    if damage == "directory":
        file.unlink()
        file.mkdir()
    else:
        file.write_bytes({
            "empty": b"",
            "truncated": data[: len(data) // 2],
            "garbage": os.urandom(len(data)),
            "flipped": data[:-10] + bytes([data[-10] ^ 0xFF]) + data[-9:],
            "magic": b"x" + data[1:],
            "huge": data + b"\0" * variant_cache.MAX_CACHE_BYTES,
        }[damage])
    assert library.load_variant("bga") == good
    assert resolved == ["bga", "bga"]


@pytest.mark.parametrize("payload", [
    lambda: pickle.dumps(_Boom()),
    lambda: pickle.dumps({"name": "bga"}),
    lambda: pickle.dumps(library.load_variant("bga").deck),  # one of ours, but not a variant
    lambda: pickle.dumps(library.Found("bga", library.shipped_dir() / "bga.yaml", "shipped")),
])
def test_a_foreign_pickle_is_refused_and_never_run(shipped, resolved, payload):
    good = library.load_variant("bga")
    foreign = payload()
    _rewrite("bga", lambda header, _payload: (header, foreign))
    RAN.clear()
    assert library.load_variant("bga") == good
    assert not RAN
    assert resolved[-1] == "bga" and len(resolved) >= 2


def test_a_header_with_a_global_is_refused(shipped, resolved):
    good = library.load_variant("bga")
    _rewrite("bga", lambda header, payload: (_Boom(), payload))
    RAN.clear()
    assert library.load_variant("bga") == good and not RAN and resolved == ["bga", "bga"]


def test_a_cache_file_of_another_variant_is_not_used(shipped, resolved):
    library.load_variant("bga")
    library.load_variant("classic")
    shutil.copyfile(_cache_file("classic"), _cache_file("bga"))
    assert library.load_variant("bga").name == "bga"
    assert resolved == ["bga", "classic", "bga"]


def test_an_unwritable_cache_costs_only_speed(shipped, resolved, tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setenv(places.CACHE_ENV, str(blocked))
    assert library.load_variant("bga") == library.load_variant("bga")
    assert resolved == ["bga", "bga"]


def test_the_command_line_answers_the_same_from_the_cache(tmp_path):
    env = {**os.environ, places.CACHE_ENV: str(tmp_path / "cache"), "LANG": "C.UTF-8"}
    answers = [subprocess.run([sys.executable, "-m", "machiavelli", "meld", "check", "5C", "6C", "7C", *extra],
                              capture_output=True, text=True, env=env, timeout=60)
               for extra in ([], [], ["--json"], ["--json"])]
    assert (tmp_path / "cache" / "variants" / "bga.pickle").is_file()
    assert [a.returncode for a in answers] == [0, 0, 0, 0]
    assert answers[0].stdout == answers[1].stdout and answers[2].stdout == answers[3].stdout
    assert all(a.stderr == "" for a in answers)
