"""Files the program writes, and arguments no file can be called: a folder
of records holding a link to a file outside it and a pipe, an output named
by a link, a full disk in the middle of a record, a path longer than the
system allows, a record whose embedded variant fails a check across keys.
Each command answers in one line and exit status 2; nothing outside the
folder is written, no old record is lost half-way."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from machiavelli.app.saves import read_record, write_record
from machiavelli.app.simulate import RecordFolder
from machiavelli.core.errors import RecordError

posix_only = pytest.mark.skipif(os.name != "posix", reason="links and FIFOs as POSIX makes them")
LONG = "c" * 300  # longer than any file name may be (255 bytes)


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "machiavelli", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL,
                          env={**os.environ, "MACHIAVELLI_DATA_DIR": str(cwd or "."), "LANG": "C.UTF-8"})


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr[-2000:]
    return lines[0]


SIMULATE = ("simulate", "-V", "classic", "-n", "3", "-p", "2", "--seat", "random", "-j", "1", "-q", "--seed", "1")


@posix_only
def test_simulate_records_never_write_through_a_link_or_into_a_pipe(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("someone else's file\n")
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "classic-000000.json").symlink_to(outside)
    line = one_line_error(cli(*SIMULATE, "--records", "out", "--force", cwd=tmp_path))
    assert "classic-000000.json" in line and "link" in line
    assert outside.read_text() == "someone else's file\n"
    (folder / "classic-000000.json").unlink()
    os.mkfifo(folder / "classic-000001.json")  # opened for writing, it would wait for a reader forever
    line = one_line_error(cli(*SIMULATE, "--records", "out", "--force", cwd=tmp_path))
    assert "classic-000001.json" in line and "pipe" in line
    assert sorted(p.name for p in folder.iterdir()) == ["classic-000001.json"]


@posix_only
@pytest.mark.parametrize("option", ["--json", "--csv", "--games-csv"])
def test_simulate_outputs_named_by_a_link_are_refused_before_any_game(tmp_path, option):
    outside = tmp_path / "outside.txt"
    outside.write_text("kept\n")
    (tmp_path / "out.txt").symlink_to(outside)
    line = one_line_error(cli(*SIMULATE, option, "out.txt", "--force", cwd=tmp_path))
    assert "out.txt" in line and outside.read_text() == "kept\n"


@posix_only
def test_a_game_record_named_by_a_link_is_refused_before_the_game(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("kept\n")
    (tmp_path / "game.json").symlink_to(outside)
    line = one_line_error(cli("play", "--seat", "random", "--seed", "2", "--record", "game.json", "--force",
                              cwd=tmp_path))
    assert "game.json" in line and outside.read_text() == "kept\n"


class _FullDisk(io.RawIOBase):
    """A file on a disk with room for nothing (its descriptor open, empty)."""

    def __init__(self, fd: int) -> None:
        self._fd = fd

    def fileno(self) -> int:
        return self._fd

    def close(self) -> None:
        if not self.closed:
            os.close(self._fd)
        super().close()

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:  # type: ignore[override]
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _full_disk(monkeypatch) -> None:
    """Every file opened for writing, however it is opened, fails as on a
    full disk (after truncating it, as a real one would)."""
    real_open, real_fdopen = open, os.fdopen

    def full(fd: int, mode: str):
        raw = io.BufferedWriter(_FullDisk(fd))
        return raw if "b" in mode else io.TextIOWrapper(raw)

    def opened(file, mode="r", *args, **kwargs):
        if isinstance(file, (str, os.PathLike)) and any(c in mode for c in "wax+"):
            handle = real_open(file, mode, *args, **kwargs)
            return full(os.dup(handle.fileno()), mode) if not handle.close() else None
        return real_open(file, mode, *args, **kwargs)

    def fdopened(fd, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+"):
            return full(fd, mode)
        return real_fdopen(fd, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", opened)
    monkeypatch.setattr(os, "fdopen", fdopened)


def _summary(record: str):
    from machiavelli.core.simulate import GameSummary

    return GameSummary(index=0, seed=1, reason="went-out", winners=(0,), first=0, turns=1, cards_left=(0, 1), actions=1,
                       counts=(), record=record)


def test_a_full_disk_leaves_the_old_simulated_record_whole(tmp_path, monkeypatch):
    folder = RecordFolder(tmp_path, ["classic"], 1, force=True)
    folder.write("classic", _summary('{"old": true}\n'))
    path = folder.path("classic", 0)
    _full_disk(monkeypatch)
    with pytest.raises(RecordError) as caught:
        folder.write("classic", _summary('{"new": true}\n' * 1000))
    monkeypatch.undo()
    assert caught.value.params.get("why") == "disk-full"
    assert path.read_text() == '{"old": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temporary file left behind


def test_a_full_disk_leaves_the_old_game_record_whole(tmp_path, monkeypatch):
    played = tmp_path / "played.json"
    assert cli("play", "--seat", "random", "--seed", "3", "--record", str(played), cwd=tmp_path).returncode == 0
    record = read_record(played)
    target = tmp_path / "game.json"
    shorter = replace(record, actions=record.actions[:5], result=None)
    write_record(target, shorter)
    before = target.read_bytes()
    _full_disk(monkeypatch)
    with pytest.raises(RecordError):
        write_record(target, record)
    monkeypatch.undo()
    assert target.read_bytes() == before


@pytest.mark.parametrize("args", [
    ("rules", "--variant", LONG),
    ("rules", "--variant", LONG + ".yaml"),
    ("play", "--variant", LONG, "--seat", "random"),
    ("play", "--variant", f"{LONG}(hand_size=13)", "--seat", "random"),
    ("variants", "show", LONG),
    ("play", "--load", LONG),
    ("replay", LONG),
    ("play", "--seat", "random", "--record", LONG),
    (*SIMULATE, "--records", LONG),
    (*SIMULATE, "--json", LONG),
    ("locales", "check", "--dir", LONG),
    ("locales", "list", "--dir", LONG),
], ids=lambda args: " ".join(a[:12] for a in args[:2]))
def test_a_name_longer_than_a_file_name_may_be_is_one_line(tmp_path, args):
    one_line_error(cli(*args, cwd=tmp_path))


GAMES = {"machiavelli": "classic", "cicera": "cicera", "si-se-pai": "si-se-pai"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_record_whose_variant_fails_a_check_across_keys_is_one_line(tmp_path, game):
    played = tmp_path / "played.json"
    result = cli("play", "-V", GAMES[game], "--seat", "random", "--seed", "3", "--record", str(played),
                 "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(played.read_text())
    data["variant"]["players"] = {"min": 5, "max": 3}  # each key valid, the two together not
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    for args in (("replay", "bad.json"), ("play", "--load", "bad.json", "--seat", "random")):
        line = one_line_error(cli(*args, cwd=tmp_path))
        assert "bad.json" in line and "players" in line and "5" in line and "3" in line
