"""A corpus of nasty inputs, one file each (tests/untrusted/corpus), run through the
real command in a fresh process: every one answers within 5 seconds with
the expected exit status, at most one line of error, never a traceback, and
never echoes what it must not (a secret file's line, a terminal escape).

tests/untrusted/corpus/expected.json says, per file: the command's arguments
(``{file}`` is the corpus file, ``{dir}`` a locales folder holding it), the
exit status, text the error line must hold and text no output may hold.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from machiavelli.core import i18n

CORPUS = Path(__file__).parent / "corpus"
EXPECTED = json.loads((CORPUS / "expected.json").read_text())
# A guard against a hang (an input that makes a command loop), not a speed goal:
# generous enough for a loaded machine.
SECONDS = 30


def machiavelli(args: list[str], tmp_path: Path, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(LANG="C.UTF-8", MACHIAVELLI_DATA_DIR=str(tmp_path / "data"),
               MACHIAVELLI_CACHE_DIR=str(tmp_path / "cache"), COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "machiavelli", *args], input=stdin, capture_output=True,
                          env=env, cwd=tmp_path, timeout=SECONDS)


def _no_traceback(result: subprocess.CompletedProcess[bytes]) -> None:
    assert b"Traceback" not in result.stderr and b"Traceback" not in result.stdout, result.stderr[-2000:]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_nasty_input_gets_one_clear_answer(name, tmp_path):
    args, status, holds, never = EXPECTED[name]
    source = CORPUS / name
    folder = tmp_path / "locales"
    if name.startswith("catalogs/"):
        target = folder / "xx" / "LC_MESSAGES" / "messages.po"
        target.parent.mkdir(parents=True)
        shutil.copy(source, target)
        shutil.copy(i18n.locales_dir() / "messages.pot", folder / "messages.pot")
    stdin = source.read_bytes() if name.startswith("commands/") else b""
    args = [a.replace("{file}", str(source)).replace("{dir}", str(folder)) for a in args]
    result = machiavelli(args, tmp_path, stdin)
    _no_traceback(result)
    assert result.returncode == status, (result.stdout[-1000:], result.stderr[-1000:])
    error = result.stderr.decode("utf-8", "replace")
    if status == 2:
        assert len(error.strip().splitlines()) == 1, error
    if holds is not None:
        assert holds in error or holds in result.stdout.decode("utf-8", "replace"), error
    if never is not None:
        assert never.encode() not in result.stderr and never.encode() not in result.stdout


@pytest.mark.parametrize("args", [
    ["variants", "show", "/dev/zero"],
    ["variants", "validate", "/dev/zero"],
    ["replay", "/dev/zero"],
    ["play", "--load", "/dev/zero"],
    ["solve", "--batch", "/dev/zero"],
    ["variants", "show", "/dev/stdin"],
])
def test_special_files_are_refused_at_once(args, tmp_path):
    result = machiavelli(args, tmp_path, stdin=b"decks: 3\n")
    _no_traceback(result)
    assert result.returncode in (1, 2)
    assert "/dev/" in result.stderr.decode("utf-8", "replace") or b"/dev/" in result.stdout


def test_a_fifo_never_blocks(tmp_path):
    fifo = tmp_path / "variant.yaml"
    os.mkfifo(fifo)
    for args in (["variants", "show", str(fifo)], ["replay", str(fifo)]):
        result = machiavelli(args, tmp_path)  # a block would exceed the timeout
        _no_traceback(result)
        assert result.returncode == 2
