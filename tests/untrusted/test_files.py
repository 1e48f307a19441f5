"""Issue 16, untrusted input: files named by the user.

Every path the program reads from goes through one reader
(machiavelli.core.files): regular files only, opened without blocking, at
most limit + 1 bytes read whatever the size the file claims. Every command
given a hostile path answers within 5 seconds with one line on stderr and
exit status 2.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from machiavelli.core import i18n
from machiavelli.core.errors import RecordError, VariantError
from machiavelli.app import library
from machiavelli.app.saves import read_record

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev are POSIX")


def cli(*args: str, cwd: Path | None = None, stdin: int | None = subprocess.DEVNULL,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The command in a process of its own, given 5 seconds and 2 GB at most."""

    def limit_memory() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    return subprocess.run([sys.executable, "-m", "machiavelli", *args], cwd=cwd, stdin=stdin,
                          capture_output=True, text=True, timeout=30, env={**os.environ, **(env or {})},
                          preexec_fn=limit_memory if os.name == "posix" else None)


def one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr[-2000:]
    return lines[0]


def returns_soon(function, *args, seconds: float = 5):
    """``function(*args)``'s result or exception, failing if it blocks."""
    out: dict[str, object] = {}

    def call() -> None:
        try:
            out["value"] = function(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            out["error"] = exc

    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{function.__name__} blocked"
    if "error" in out:
        raise out["error"]  # type: ignore[misc]
    return out.get("value")


@pytest.fixture
def fifo(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


# -- the reader ------------------------------------------------------------------


def read_bounded(path, limit):
    from machiavelli.core.files import read_bounded

    return read_bounded(path, limit)


def FileError():
    from machiavelli.core.files import FileError

    return FileError


def test_reads_a_regular_file_up_to_the_limit(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 10)
    assert read_bounded(path, 10) == b"x" * 10
    with pytest.raises(FileError()) as info:
        read_bounded(path, 9)
    assert info.value.code == "too-large" and info.value.params["file"] == str(path)


@posix_only
def test_the_size_a_file_claims_is_not_trusted():
    # /proc files say they hold 0 bytes and hold more.
    if not Path("/proc/self/status").is_file():
        pytest.skip("no /proc")
    with pytest.raises(FileError()) as info:
        read_bounded("/proc/self/status", 10)
    assert info.value.code == "too-large"


@pytest.mark.parametrize("kind", ["directory", "missing"])
def test_what_is_not_a_file_is_named(tmp_path, kind):
    path = tmp_path / "thing"
    if kind == "directory":
        path.mkdir()
    with pytest.raises(FileError()) as info:
        read_bounded(path, 100)
    assert info.value.code == ("not-a-file" if kind == "directory" else "missing-file")
    assert info.value.params["file"] == str(path)


@posix_only
def test_a_fifo_or_a_device_is_refused_without_blocking(fifo):
    for path in (fifo, Path("/dev/zero"), Path("/dev/null")):
        with pytest.raises(FileError()) as info:
            returns_soon(read_bounded, path, 100)
        assert info.value.code == "not-a-file", path


def test_a_nul_in_a_path_is_an_error_not_a_crash():
    with pytest.raises(FileError()):
        read_bounded("a\0b", 100)


# -- every reader uses it --------------------------------------------------------


@posix_only
def test_a_record_that_is_a_fifo_is_refused_at_once(fifo):
    with pytest.raises(RecordError) as info:
        returns_soon(read_record, fifo)
    assert info.value.code == "not-a-record" and info.value.params["file"] == str(fifo)


def test_a_record_larger_than_the_limit_is_refused(tmp_path, monkeypatch):
    from machiavelli.app import saves

    monkeypatch.setattr(saves, "MAX_RECORD_CHARS", 100)
    path = tmp_path / "big.json"
    path.write_text("{" + " " * 200 + "}")
    with pytest.raises(RecordError) as info:
        read_record(path)
    assert info.value.code == "record-too-large"


@posix_only
def test_a_variant_or_extends_target_that_is_a_fifo_is_refused_at_once(fifo, tmp_path):
    with pytest.raises(VariantError) as info:
        returns_soon(library.load_variant, str(fifo))
    assert "regular file" in info.value.params["detail"]
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: {fifo.name}\n")
    with pytest.raises(VariantError) as info:
        returns_soon(library.load_variant, str(house))
    assert info.value.code == "bad-extends" and "regular file" in info.value.params["detail"]


@posix_only
def test_a_catalog_that_is_a_fifo_is_refused_at_once(fifo):
    with pytest.raises(i18n.CatalogError):
        returns_soon(i18n._read_catalog_bytes, fifo)


@posix_only
def test_a_fifo_in_the_catalog_cache_is_passed_over(tmp_path, monkeypatch):
    monkeypatch.setenv(i18n.CACHE_ENV, str(tmp_path / "cache"))
    po = i18n.catalog_path("it")
    key = i18n.catalog_key(po.read_bytes())
    (tmp_path / "cache").mkdir()
    os.mkfifo(tmp_path / "cache" / f"it-{key}.mo")
    mo = returns_soon(i18n._compiled, "it", po, seconds=30)
    assert mo[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")  # a .mo file, compiled afresh


# -- the commands ----------------------------------------------------------------

HOSTILE = ["/dev/zero", "/dev/null", "/dev/stdin", "FIFO", "DIR", "MISSING"]


def _hostile(name: str, tmp_path: Path) -> str:
    if name == "FIFO":
        path = tmp_path / "pipe"
        os.mkfifo(path)
        return str(path)
    if name == "DIR":
        return str(tmp_path)
    if name == "MISSING":
        return str(tmp_path / "missing.json")
    return name


@posix_only
@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize("command", [
    ["replay", "{}"],
    ["play", "--load", "{}"],
    ["solve", "--batch", "{}"],
    ["rules", "--variant", "{}"],
    ["variants", "show", "{}"],
])
def test_every_command_answers_a_hostile_path_with_one_line(tmp_path, name, command):
    path = _hostile(name, tmp_path)
    # Standard input is a terminal-like endless source: a pipe nobody writes to.
    read_end, write_end = os.pipe()
    try:
        line = one_line_error(cli(*[a.replace("{}", path) for a in command], cwd=tmp_path, stdin=read_end))
    finally:
        os.close(read_end)
        os.close(write_end)
    assert path in line or name in line


@posix_only
def test_a_batch_file_is_still_read_line_by_line(tmp_path):
    batch = tmp_path / "positions.jsonl"
    batch.write_text('{"table": [], "hand": ["5C", "6C", "7C"]}\nnot json\n')
    result = cli("solve", "--batch", str(batch))
    assert result.returncode == 2
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2 and '"placed"' in lines[0] and '"error"' in lines[1]


# -- YAML within a budget ----------------------------------------------------------


def _laughs(levels: int = 9) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def _variant_error(text: str, files: dict[str, str] | None = None) -> VariantError:
    from machiavelli.core.variant import resolve

    def fetch(name):
        if name not in (files or {}):
            raise VariantError("unknown-variant", file=name, path="", line=None, detail="no such variant")
        return files[name], name

    with pytest.raises(VariantError) as info:
        returns_soon(lambda: resolve(text, "house.yaml", fetch, default_name="house", schemas=library._schema))
    return info.value


@pytest.mark.parametrize("text, line, fragment", [
    (_laughs(), 1, "aliases"),                                    # billions of nodes from 600 bytes
    ("decks: 2\nmelds: &a [*a]\n", 2, "aliases"),                 # an alias to itself: endless
    ("decks: &two 2\nhand_size: *two\n", 1, "aliases"),           # even a harmless one
    ("base: &b {decks: 1}\n<<: *b\n", 1, "aliases"),              # merge keys need aliases
    ("notes: " + "[" * 40 + "]" * 40 + "\n", 1, "nested more than 32"),
    ("notes: " + "{a: " * 40 + "1" + "}" * 40 + "\n", 1, "nested more than 32"),
    ("a: " + "[" * 20000 + "]" * 20000 + "\n", None, ""),          # far too deep: refused, not RecursionError
    ("decks: " + "9" * 5000 + "\n", 1, "digits"),                 # beyond int()'s 4300 digits
    ("decks: -1_" + "0" * 200 + "\n", 1, "digits"),
    ("notes: 2001-13-01\n", None, "month"),                        # a date that is not one
    ("notes: !!binary aGVsbG8=\n", 1, "tags"),                      # plain values only
    ("x: !!python/object/apply:os.system ['true']\n", 1, "tags"),
])
def test_a_variant_file_is_read_within_a_budget(text, line, fragment):
    error = _variant_error(text)
    assert error.params["file"] == "house.yaml"
    assert fragment in error.params["detail"]
    if line is not None:
        assert error.params["line"] == line


def test_the_budget_holds_through_extends(tmp_path):
    error = _variant_error("extends: base\n", {"base": _laughs()})
    assert error.params["file"] == "base" and "aliases" in error.params["detail"]
    (tmp_path / "base.yaml").write_text(_laughs())
    (tmp_path / "house.yaml").write_text("extends: base.yaml\n")
    with pytest.raises(VariantError):
        returns_soon(library.load_variant, str(tmp_path / "house.yaml"))


def test_the_budget_holds_with_the_pure_python_parser(monkeypatch):
    import yaml

    from machiavelli.core import variant_yaml

    monkeypatch.setattr(variant_yaml, "_SafeLoader", yaml.SafeLoader)
    for text in (_laughs(), "a: &a [*a]\n", "a: " + "[" * 5000 + "]" * 5000 + "\n"):
        assert "house.yaml" == _variant_error(text).params["file"]


@pytest.mark.parametrize("override, fragment", [
    ("melds=&a [*a]", "aliases"),
    ("notes=" + "[" * 40 + "]" * 40, "nested"),
    ("decks=" + "9" * 5000, "digits"),
    ("notes=2001-13-01", "month"),
])
def test_set_values_are_read_within_the_same_budget(override, fragment):
    from machiavelli.core.variant import parse_override

    with pytest.raises(VariantError) as info:
        returns_soon(parse_override, override)
    assert info.value.code == "bad-override" and fragment in info.value.params["detail"]


def test_ordinary_yaml_is_still_read():
    from machiavelli.core.variant import parse_override

    assert parse_override("decks=1")[1] == 1
    assert parse_override("name=a: b")[1] == {"a": "b"}
    assert parse_override("name=[")[1] == "["
    assert parse_override("notes=" + "[" * 30 + "]" * 30)[1] == [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
    assert parse_override("notes.en='x'")[1] == "x"
    assert library.load_variant("bga", ["players.max=4", "notes={en: 'x'}"]).players.max == 4


@posix_only
@pytest.mark.parametrize("text", [_laughs(), "a: &a [*a]\n", "decks: " + "9" * 5000 + "\n"])
def test_the_command_answers_a_hostile_variant_with_one_line(tmp_path, text):
    (tmp_path / "house.yaml").write_text(text)
    line = one_line_error(cli("rules", "--variant", "house.yaml", cwd=tmp_path))
    assert "house.yaml:1" in line


# -- what extends: may name ---------------------------------------------------------

SECRET = "s3cretuser: x:0:0:s3cretuser:/home/s3cret:/bin/bash\nd4emon: x:1:1:d4emon\n"


@pytest.fixture
def folders(tmp_path):
    """house/ holds the variant being loaded, a sibling variant and a file
    that is not a variant; elsewhere/ holds what house/ must not reach."""
    house, elsewhere = tmp_path / "house", tmp_path / "elsewhere"
    house.mkdir()
    elsewhere.mkdir()
    (elsewhere / "base.yaml").write_text("restore_penalty: 2\n")
    (elsewhere / "secret.yaml").write_text(SECRET)
    (house / "sibling.yaml").write_text("restore_penalty: 2\n")
    (house / "sibling.yml").write_text("restore_penalty: 2\n")
    (house / "secret.yaml").write_text(SECRET)
    (house / "sub").mkdir()
    (house / "sub" / "base.yaml").write_text("restore_penalty: 2\n")
    if hasattr(os, "symlink"):
        (house / "out.yaml").symlink_to(elsewhere / "base.yaml")
        (house / "in.yaml").symlink_to(house / "sibling.yaml")
    return house, elsewhere


def _extends(house: Path, target: str):
    (house / "main.yaml").write_text(f"extends: {target}\n")
    return returns_soon(library.load_variant, str(house / "main.yaml"))


@pytest.mark.parametrize("target", ["bga", "sibling.yaml", "./sibling.yaml", "sibling.yml", "in.yaml"])
def test_extends_names_a_variant_or_a_file_beside(folders, target):
    house, _ = folders
    if target == "in.yaml" and not (house / target).exists():
        pytest.skip("no symbolic links")
    assert _extends(house, target).extends == target


@pytest.mark.parametrize("target", [
    "{elsewhere}/base.yaml",          # absolute
    "../elsewhere/base.yaml",         # out of the folder
    "sub/base.yaml",                  # a subfolder
    "sub/../sibling.yaml",
    "/etc/passwd",
    "sibling",                        # not a name known: a file needs its .yaml
    "sibling.txt",
    "out.yaml",                       # a link out of the folder
])
def test_extends_reaches_nothing_else(folders, target):
    house, elsewhere = folders
    target = target.format(elsewhere=elsewhere)
    if target == "out.yaml" and not (house / target).exists():
        pytest.skip("no symbolic links")
    with pytest.raises(VariantError) as info:
        _extends(house, target)
    assert info.value.code in ("bad-extends", "unknown-variant")
    assert info.value.params["file"] == str(house / "main.yaml")


@pytest.mark.parametrize("target", ["secret.yaml", "/etc/passwd", "../elsewhere/secret.yaml"])
def test_an_error_never_quotes_a_file_that_is_not_a_variant(folders, target):
    house, _ = folders
    with pytest.raises(VariantError) as info:
        _extends(house, target)
    shown = f"{info.value.message} {info.value.params}"
    for word in ("s3cret", "d4emon", "root:", "/bin/bash", "x:0"):
        assert word not in shown
    from machiavelli.core.reasons import describe

    assert "s3cret" not in describe(info.value)


@pytest.mark.parametrize("content", [
    "notes: {en: x}\npassword: hunter2\n",       # one key a variant has not
    "- hunter2\n",                               # not a mapping
    "hunter2: [\n",                              # not YAML
    "hunter2: 1\nhunter2: 2\n",                  # a key twice
    "game: hunter2\n",                           # no such game
])
def test_a_file_beside_that_is_not_a_variant_is_not_quoted(folders, content):
    house, _ = folders
    (house / "other.yaml").write_text(content)
    with pytest.raises(VariantError) as info:
        _extends(house, "other.yaml")
    assert "hunter2" not in f"{info.value.message} {info.value.params}"
    assert "not a variant file" in info.value.params["detail"]


def test_errors_of_a_proper_variant_beside_still_name_key_and_value(folders):
    house, _ = folders
    (house / "sibling.yaml").write_text("restore_penalty: lots\n")
    with pytest.raises(VariantError) as info:
        _extends(house, "sibling.yaml")
    assert info.value.params["path"] == "restore_penalty" and "lots" in info.value.params["detail"]
