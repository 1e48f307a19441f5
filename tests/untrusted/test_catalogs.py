"""Issue 16, untrusted input: translation catalogs and the locales folder.

A catalog comes from a stranger (a language plugin, a contributed ``.po``)
and its compiled form sits in a cache that a full disk may truncate: none
of that may stop the program. A plural rule that cannot be used is a
problem ``locales check`` reports, and at run time the language falls back
to English with a one-line warning. ``locales init/update --dir`` write
only into a locales folder (or an empty one), and say so in one line.
"""

import json
import os
import shutil
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.app import catalogs
from machiavelli.core import i18n

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}

#: (Plural-Forms header, what is wrong with it)
UNUSABLE_RULES = [
    ("nplurals=3; plural=(n / 0);", "divides by zero"),
    ("nplurals=3; plural=(n == 7 ? n % (n - 7) : n == 1 ? 0 : 2);", "divides by zero for n = 7"),
    ("nplurals=3; plural=" + "(" * 25 + "n == 1" + ")" * 25 + ";", "nests"),
    ("nplurals=3; plural=" + "n == 1 ? 0 : " * 25 + "2;", "nests"),
    ("nplurals=3; plural=(n == 1 ? 0 : n $ 2);", "'$'"),
    ("nplurals=3; plural=(n == 1 ? 0 : n ** 2);", "cannot be read"),
    ("nplurals=3; plural=(n == 1 ? 0 : nn);", "cannot be read"),
    ("nplurals=3; plural=(n == 1 ? 0 : n + 1);", "forms are 0 to 2"),
    ("nplurals=12; plural=(n == 1 ? 0 : 2);", "nplurals"),
    ("nplurals=3; plural=" + "n+" * 600 + "0;", "longer than"),
]


@pytest.fixture(autouse=True)
def fresh_state(tmp_path, monkeypatch):
    """A cache of our own, and no catalog loaded by another test."""
    monkeypatch.setenv(i18n.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(i18n, "_loaded", {})
    monkeypatch.setattr(i18n, "_warned", set(), raising=False)
    yield
    i18n.use_language("en", environ={})


def _locales_with(base, *langs):
    """A copy of the shipped locales folder at ``base`` with only the catalogs
    of ``langs`` (and the template): a check then reads those, not all eight."""
    shipped = i18n.locales_dir()
    shutil.copytree(shipped, base, ignore=lambda folder, names: [
        n for n in names if folder == str(shipped) and (shipped / n).is_dir() and n not in langs
        and not n.startswith("__")])
    return base


def _with_plural_rule(tmp_path, lang, header):
    """A copy of the shipped locales whose ``lang`` catalog has ``header``."""
    base = _locales_with(tmp_path / "locales", lang)
    path = i18n.catalog_path(lang, base)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(k for k, line in enumerate(lines) if line.startswith('"Plural-Forms:'))
    end = start
    while not lines[end].rstrip().endswith('\\n"'):
        end += 1
    lines[start:end + 1] = [f'"Plural-Forms: {header}\\n"\n']
    path.write_text("".join(lines), encoding="utf-8")
    return base


def _one_line(text):
    return len(text.strip().splitlines()) == 1 and "Traceback" not in text


# -- locales check ----------------------------------------------------------------------------------


@pytest.mark.parametrize("header, why", UNUSABLE_RULES)
def test_check_reports_an_unusable_plural_rule(tmp_path, header, why):
    base = _with_plural_rule(tmp_path, "it", header)
    started = time.process_time()  # CPU time: a loaded machine is no blow-up
    result = runner.invoke(app, ["locales", "check", "--dir", str(base), "--json"], env=NO_LOCALE_ENV)
    assert time.process_time() - started < 5
    assert result.exit_code == 1, result.output
    found = [p for p in json.loads(result.stdout) if p["problem"] == "plural-forms"]
    assert [p["file"] for p in found] == [str(i18n.catalog_path("it", base))]
    assert why in found[0]["detail"]


def test_check_accepts_every_shipped_plural_rule_and_cldrs():
    from babel.messages.plurals import get_plural

    for lang in catalogs.shipped_languages():
        with i18n.catalog_path(lang).open("rb") as f:
            from babel.messages.pofile import read_po

            i18n.plural_forms(read_po(f, locale=lang).plural_forms)
    for code in ("ar", "cy", "ga", "gd", "kw", "lt", "pl", "ru", "sl", "br", "mt"):
        plural = get_plural(code)
        assert i18n.plural_forms(f"nplurals={plural.num_plurals}; plural={plural.plural_expr};")[0] == \
            plural.num_plurals


# -- at run time ------------------------------------------------------------------------------------


@pytest.mark.parametrize("header, why", UNUSABLE_RULES)
def test_a_language_with_an_unusable_plural_rule_falls_back_to_english(tmp_path, monkeypatch, header, why):
    base = _with_plural_rule(tmp_path, "it", header)
    monkeypatch.setattr(i18n, "locales_dir", lambda: base)
    started = time.process_time()  # CPU time: a loaded machine is no blow-up
    result = runner.invoke(app, ["--lang", "it", "play", "--seat", "random", "--players", "2", "--seed", "3"],
                           env=NO_LOCALE_ENV)
    assert time.process_time() - started < 5
    assert result.exit_code == 0, result.output
    assert "card left in the deck" in result.stdout or "cards left in the deck" in result.stdout  # English
    assert _one_line(result.stderr) and str(i18n.catalog_path("it", base)) in result.stderr
    assert why in result.stderr
    assert i18n.language() == "en"


def test_the_environments_language_with_an_unusable_plural_rule_falls_back_to_english(tmp_path, monkeypatch):
    base = _with_plural_rule(tmp_path, "it", "nplurals=3; plural=(n / 0);")
    monkeypatch.setattr(i18n, "locales_dir", lambda: base)
    result = runner.invoke(app, ["meld", "check", "5S 6S 7S"], env={**NO_LOCALE_ENV, "LANG": "it_IT.UTF-8"})
    assert result.exit_code == 0, result.output
    assert _one_line(result.stderr) and "divides by zero" in result.stderr
    assert "Traceback" not in result.output


def test_a_plural_rule_is_never_an_exception_beyond_the_counts_checked(tmp_path):
    # Checked from 0 to 1000, this rule divides by zero at 5000 only.
    base = _with_plural_rule(tmp_path, "it", "nplurals=3; plural=(n == 5000 ? n / (n - 5000) : n == 1 ? 0 : 2);")
    i18n.set_translations(i18n.load("it", base), "it")
    assert i18n.ngettext("{n} card", "{n} cards", 5000).endswith("carte")
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "1 carta"


def test_a_broken_catalog_from_the_environment_does_not_stop_a_command(tmp_path, monkeypatch):
    base = tmp_path / "locales"
    shutil.copytree(i18n.locales_dir(), base)
    i18n.catalog_path("tr", base).write_bytes(b'msgid "a"\nmsgtsr "b"\n')
    monkeypatch.setattr(i18n, "locales_dir", lambda: base)
    result = runner.invoke(app, ["meld", "check", "5S 6S 7S"], env={**NO_LOCALE_ENV, "LANG": "tr_TR.UTF-8"})
    assert result.exit_code == 0, result.output
    assert _one_line(result.stderr) and "tr" in result.stderr


def _cached_mo(cache, lang):
    po = i18n.catalog_path(lang).read_bytes()
    return cache / f"{lang}-{i18n.catalog_key(po)}.mo"


@pytest.mark.parametrize("damage", ["truncated", "empty", "garbage"])
def test_a_damaged_cached_catalog_is_compiled_again(tmp_path, damage):
    cache = tmp_path / "cache"
    i18n.load("it")
    mo = _cached_mo(cache, "it")
    good = mo.read_bytes()
    mo.write_bytes({"truncated": good[: len(good) // 2], "empty": b"",
                    "garbage": b"\xde\x12\x04\x95" + b"\xff" * 64}[damage])
    env = {**os.environ, **NO_LOCALE_ENV, i18n.CACHE_ENV: str(cache)}
    result = subprocess.run([sys.executable, "-m", "machiavelli", "--lang", "it", "meld", "check", "5S 6S 7S"],
                            capture_output=True, text=True, env=env, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and result.stderr == ""
    assert "scala" in result.stdout.lower()  # Italian
    assert mo.read_bytes() == good  # rewritten from the .po
    # No temporary file left (the folder of cached variants aside, and none in it).
    assert not [p.name for p in cache.iterdir() if p != mo and p.name != "variants"]
    assert all(p.suffix == ".pickle" for p in (cache / "variants").iterdir())


# -- locales init and update --dir ------------------------------------------------------------------


def _run(*args):
    started = time.process_time()  # CPU time: a loaded machine is no blow-up
    result = runner.invoke(app, list(args), env=NO_LOCALE_ENV)
    assert time.process_time() - started < 5
    return result


@pytest.mark.parametrize("command", [["init", "fr"], ["update"]])
def test_a_mistyped_dir_is_refused_not_created(tmp_path, command):
    target = tmp_path / "locals" / "typo"
    result = _run("locales", *command, "--dir", str(target))
    assert result.exit_code == 2 and _one_line(result.stderr) and "No such folder" in result.stderr
    assert not (tmp_path / "locals").exists()


@pytest.mark.parametrize("command", [["init", "fr"], ["update"]])
def test_a_dir_that_is_a_file_is_one_line(tmp_path, command):
    target = tmp_path / "file"
    target.write_text("not a folder")
    result = _run("locales", *command, "--dir", str(target))
    assert result.exit_code == 2 and _one_line(result.stderr) and "is not a folder" in result.stderr
    assert target.read_text() == "not a folder"


@pytest.mark.parametrize("command", [["init", "fr"], ["update"]])
def test_a_folder_that_is_not_a_locales_folder_is_refused(tmp_path, command):
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    result = _run("locales", *command, "--dir", str(folder))
    assert result.exit_code == 2 and _one_line(result.stderr) and "messages.pot" in result.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]


def test_an_empty_folder_starts_new_catalogs(tmp_path):
    folder = tmp_path / "new"
    folder.mkdir()
    assert _run("locales", "update", "--dir", str(folder)).exit_code == 0
    assert (folder / catalogs.TEMPLATE).is_file()
    assert _run("locales", "init", "fr", "--dir", str(folder)).exit_code == 0
    assert i18n.catalog_path("fr", folder).is_file()


def test_a_catalog_that_cannot_be_written_is_one_line(tmp_path):
    # Root may write anywhere: a file where a folder must go fails for everyone.
    folder = tmp_path / "locales"
    shutil.copytree(i18n.locales_dir(), folder)
    (folder / "fr").write_text("in the way")
    result = _run("locales", "init", "fr", "--dir", str(folder))
    assert result.exit_code == 2 and _one_line(result.stderr) and "Cannot write" in result.stderr


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in read-only folders")
@pytest.mark.parametrize("command", [["init", "fr"], ["update"]])
def test_a_read_only_dir_is_one_line(tmp_path, command):
    folder = tmp_path / "locales"
    shutil.copytree(i18n.locales_dir(), folder)
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        result = _run("locales", *command, "--dir", str(folder))
    finally:
        for path in [folder, *folder.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
    assert result.exit_code == 2 and _one_line(result.stderr) and "Cannot write" in result.stderr


@pytest.mark.parametrize("command", [["init", "fr"], ["update"]])
def test_a_dir_without_write_permission_is_one_line(tmp_path, monkeypatch, command):
    """As the test above, for root too: the permission check is what is tested."""
    folder = tmp_path / "locales"
    shutil.copytree(i18n.locales_dir(), folder)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if mode & os.W_OK and str(path) == str(folder)
                        else real_access(path, mode, **kw))
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    result = _run("locales", *command, "--dir", str(folder))
    assert result.exit_code == 2 and _one_line(result.stderr) and "Cannot write" in result.stderr
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before


def test_check_prints_no_control_character(tmp_path):
    base = _locales_with(tmp_path / "loc\x1b]0;pwned\x07ales", "tr")
    i18n.catalog_path("tr", base).write_bytes(b'msgid "a"\nmsgtsr "b"\n')
    result = _run("locales", "check", "--dir", str(base))
    assert result.exit_code == 1
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "loc\\x1b]0;pwned\\x07ales" in result.stdout
