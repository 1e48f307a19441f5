"""Issue 16, untrusted input: what the program writes and prints.

* Outputs: ``simulate --json/--csv/--games-csv/--plot`` never replace an
  existing file without ``--force`` (refused before any game is played),
  and write through a temporary file renamed over the target.
* Terminal escapes: names and descriptions from a shared record or a
  variant file, and input echoed by an error message, never reach the
  terminal as control characters; right-to-left text stays as written.
* Leftovers: a save killed half-way leaves a hidden temporary file that the
  next save to the same target removes (ours only, and only when stale).
"""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from machiavelli.app import sim_plot
from machiavelli.app.commands import simulate as simulate_command
from machiavelli.cli import app
from machiavelli.core import i18n
from machiavelli.app.catalogs import shipped_languages

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
#: What a terminal obeys: ESC, BEL, CR, C1 (CSI, OSC, NEL), bidi overrides and isolates.
DANGEROUS = ["\x1b", "\x07", "\r", "\x9b", "\x9d", "\x85", "\u202e", "\u202d", "\u2066", "\u2067", "\u2069"]
HOSTILE_NAME = "\x1b]0;pwned\x07Eve\x9b2J\u202eevil\r\x1b[2J"
ARABIC_NAME = "لاعب\u200cثاني\u200f"  # with a ZWNJ and an RLM, which stay


def cli(*args, env=None):
    started = time.process_time()  # CPU time: a loaded machine is no blow-up
    result = runner.invoke(app, list(args), env={**NO_LOCALE_ENV, **(env or {})})
    assert time.process_time() - started < 5
    return result


def _safe(text):
    return not any(ch in text for ch in DANGEROUS)


def _one_line(text):
    return len(text.strip().splitlines()) == 1 and "Traceback" not in text


# -- simulate outputs ------------------------------------------------------------------------------

OUTPUTS = [("--json", "out.json"), ("--csv", "figures.csv"), ("--games-csv", "games.csv"), ("--plot", "cmp.png")]


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if a game is played."""

    def played(*args, **kwargs):
        raise AssertionError("games were played before the outputs were checked")

    monkeypatch.setattr(simulate_command, "_play", played)


@pytest.mark.parametrize("option, name", OUTPUTS)
def test_an_existing_output_is_refused_before_any_game(tmp_path, no_games, option, name):
    out = tmp_path / name
    out.write_text("precious")
    result = cli("simulate", "-n", "2", "--seed", "1", "-j", "1", "-q", option, str(out))
    assert result.exit_code == 2 and _one_line(result.stderr), result.output
    assert "--force" in result.stderr and name in result.stderr
    assert result.stdout == ""
    assert out.read_text() == "precious"


@pytest.mark.parametrize("option, name", OUTPUTS)
def test_force_replaces_an_output_atomically(tmp_path, option, name):
    out = tmp_path / name
    out.write_text("old")
    result = cli("simulate", "-n", "2", "--seed", "1", "-j", "1", "-q", option, str(out), "--force")
    assert result.exit_code == 0, result.output
    assert out.read_bytes() != b"old" and out.stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # no temporary file left


def test_two_outputs_in_one_file_are_refused(tmp_path, no_games):
    out = tmp_path / "both"
    result = cli("simulate", "-n", "2", "-q", "--json", str(out), "--csv", str(tmp_path / "." / "both"))
    assert result.exit_code == 2 and _one_line(result.stderr) and not out.exists()


def test_a_plot_that_fails_half_way_leaves_the_old_file(tmp_path, monkeypatch):
    if not sim_plot.available():
        pytest.fail("matplotlib is part of the [test] extra")
    out = tmp_path / "cmp.png"
    out.write_bytes(b"the old plot")

    def broken(target, *args, **kwargs):
        if isinstance(target, (str, Path)):
            Path(target).write_bytes(b"half a PNG")
        else:
            target.write(b"half a PNG")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sim_plot, "plot", broken)
    result = cli("simulate", "-n", "2", "--seed", "1", "-j", "1", "-q", "--plot", str(out), "--force")
    assert result.exit_code == 2 and _one_line(result.stderr) and "the disk is full" in result.stderr
    assert out.read_bytes() == b"the old plot"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cmp.png"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in read-only folders")
def test_an_output_in_a_read_only_folder_is_refused_before_any_game(tmp_path, no_games):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        result = cli("simulate", "-n", "2", "-q", "--json", str(folder / "out.json"))
    finally:
        folder.chmod(0o755)
    assert result.exit_code == 2 and _one_line(result.stderr) and "Cannot write" in result.stderr


def test_an_output_in_a_folder_without_write_permission_is_refused_before_any_game(tmp_path, monkeypatch, no_games):
    """As the test above, for root too: the permission check is what is tested."""
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if mode & os.W_OK and str(path) == str(tmp_path)
                        else real_access(path, mode, **kw))
    result = cli("simulate", "-n", "2", "-q", "--json", str(tmp_path / "out.json"))
    assert result.exit_code == 2 and _one_line(result.stderr) and "Cannot write" in result.stderr
    assert list(tmp_path.iterdir()) == []


# -- leftovers of interrupted writes ---------------------------------------------------------------


def _age(path, seconds=3600):
    then = time.time() - seconds
    os.utime(path, (then, then))


def _plant_leftovers(folder, target):
    """Temporary files around ``target``: which must go and which stay."""
    stale = folder / f".{target}.ab12cd_9.tmp"
    keep = {
        folder / f".{target}.ef34gh56.tmp": "fresh: a save under way in another process",
        folder / f".{target}.notours.tmp": "not our pattern",
        folder / f".{target}.ab12cd_9.tmp.bak": "not our pattern",
        folder / f"{target}.ab12cd_9.tmp": "not hidden",
        folder / f".other.json.ab12cd_9.tmp": "another target's",
    }
    stale.write_text("half a save")
    _age(stale)
    for path in keep:
        path.write_text("someone's")
        if "fresh" not in keep[path]:
            _age(path)
    (folder / f".{target}.zz99zz99.tmp").mkdir()  # a folder: not ours to remove
    _age(folder / f".{target}.zz99zz99.tmp")
    return stale, list(keep)


def test_a_save_removes_its_own_stale_leftovers_only(tmp_path):
    stale, keep = _plant_leftovers(tmp_path, "game.json")
    result = cli("play", "--seat", "random", "--players", "2", "--seed", "1", "--record", str(tmp_path / "game.json"))
    assert result.exit_code == 0, result.output
    assert not stale.exists()
    assert all(path.exists() for path in keep)
    assert (tmp_path / ".game.json.zz99zz99.tmp").is_dir()


@pytest.mark.parametrize("option, name", OUTPUTS[:3])
def test_a_simulation_output_removes_its_own_stale_leftovers(tmp_path, option, name):
    stale, keep = _plant_leftovers(tmp_path, name)
    result = cli("simulate", "-n", "2", "--seed", "1", "-j", "1", "-q", option, str(tmp_path / name))
    assert result.exit_code == 0, result.output
    assert not stale.exists() and all(path.exists() for path in keep)


def test_a_save_killed_half_way_is_cleaned_up_by_the_next_one(tmp_path):
    """kill -9 during a save, for real: the leftover goes with the next save."""
    target = tmp_path / "game.json"
    script = (
        "import os, sys, time\n"
        "os.fsync = lambda fd: time.sleep(60)  # the save hangs with its temporary file written\n"
        "from machiavelli.cli import app\n"
        "sys.argv = ['machiavelli', 'play', '--seat', 'random', '--players', '2', '--seed', '1', '--record', "
        f"{str(target)!r}]\n"
        "app()\n"
    )
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not list(tmp_path.glob(".game.json.*.tmp")) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    leftovers = list(tmp_path.glob(".game.json.*.tmp"))
    assert len(leftovers) == 1 and not target.exists()
    _age(leftovers[0])
    result = cli("play", "--seat", "random", "--players", "2", "--seed", "1", "--record", str(target))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# -- terminal escapes ------------------------------------------------------------------------------


def test_printable_removes_what_drives_a_terminal_and_keeps_every_script():
    from machiavelli.core.terminal import printable

    assert printable(HOSTILE_NAME) == "Eveevil"
    assert printable("a\x9b31mb\x9d0;t\x9cc") == "abc"
    assert printable("one\ntwo\tthree") == "one two three"
    assert printable("one\r\ntwo\tthree\u2028four", lines=True) == "one\ntwo\tthree\nfour"
    assert printable("\ud800x") == "\ufffdx"
    assert printable("rand\x1b[2Jom", visible=True) == "rand\\x1b[2Jom"
    assert printable("a\u202eb", visible=True) == "a\\u202eb"
    for text in (ARABIC_NAME, "Ολυμπία", "Київ", "İstanbul", "שלום", "मशीन", "نامه\u200cها", "👩‍👩‍👧"):
        assert printable(text) == text
    assert printable("\u2068بنت\u2069 x") == "بنت x"
    assert printable("\u2068بنت\u2069 x", keep_bidi=True) == "\u2068بنت\u2069 x"


def test_our_own_arabic_messages_go_through_unchanged():
    """Every translation passes the cleaning of whole messages untouched
    (isolates around cards and names included)."""
    from babel.messages.pofile import read_po

    from machiavelli.core.terminal import printable

    for lang in [lang for lang in shipped_languages() if lang != "en"]:
        with i18n.catalog_path(lang).open("rb") as f:
            catalog = read_po(f, locale=lang)
        for message in catalog:
            forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            for form in forms:
                assert printable(form, lines=True, keep_bidi=True) == form, (lang, message.id)


def test_json_printable_keeps_the_data_and_escapes_the_rest():
    from machiavelli.core.terminal import json_printable

    data = {"name": HOSTILE_NAME + ARABIC_NAME + "\x85\u2028\ud800"}
    text = json_printable(json.dumps(data, ensure_ascii=False))
    assert _safe(text) and "\u2028" not in text
    assert json.loads(text) == data
    assert ARABIC_NAME[:4] in text  # letters stay letters


@pytest.fixture
def hostile_record(tmp_path):
    """A finished game whose seats carry hostile and Arabic names."""
    path = tmp_path / "shared.json"
    result = cli("play", "--seat", "random", "--players", "2", "--seed", "1", "--record", str(path))
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seats"] = [{"player": "random", "name": HOSTILE_NAME}, {"player": "random", "name": ARABIC_NAME}]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_replay_shows_a_records_names_without_control_characters(hostile_record):
    result = cli("replay", str(hostile_record), "--moves")
    assert result.exit_code == 0, result.output
    assert _safe(result.stdout)
    assert "Eveevil (random moves)" in result.stdout
    assert ARABIC_NAME in result.stdout


def test_replay_in_arabic_keeps_the_names_and_the_messages(hostile_record):
    result = cli("replay", str(hostile_record), "--moves", env={"LANG": "ar"})
    assert result.exit_code == 0, result.output
    assert ARABIC_NAME in result.stdout and "Eveevil" in result.stdout
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout and "\x9b" not in result.stdout


def test_replay_json_escapes_but_keeps_the_names(hostile_record):
    result = cli("replay", str(hostile_record), "--json")
    assert result.exit_code == 0, result.output
    assert _safe(result.stdout)
    assert [s.get("name") for s in json.loads(result.stdout)["seats"]] == [HOSTILE_NAME, ARABIC_NAME]


def test_a_records_unknown_player_is_shown_escaped(hostile_record):
    data = json.loads(hostile_record.read_text(encoding="utf-8"))
    data["seats"][0]["player"] = "rand\x1b[2Jom\x9b"
    hostile_record.write_text(json.dumps(data), encoding="utf-8")
    for args in (["play", "--load", str(hostile_record)], ["play", "--load", str(hostile_record), "--seat", "x\x1b"]):
        result = cli(*args)
        assert result.exit_code == 2 and _one_line(result.stderr), result.output
        assert _safe(result.stderr)
    assert "rand\\x1b[2Jom\\x9b" in cli("play", "--load", str(hostile_record)).stderr


@pytest.mark.parametrize("args", [
    ["meld", "check", "5S \x1b]0;pwned\x07"],
    ["play", "--seat", "\x1b]0;pwned\x07"],
    ["play", "--bidi", "\x1b[2J"],
    ["variants", "show", "\x1b]0;pwned\x07"],
    ["--lang", "\x1b]0;x\x07", "variants", "list"],
    ["replay", "\x1b]0;x\x07.json"],
])
def test_an_error_that_echoes_input_shows_no_control_character(args):
    result = cli(*args)
    assert result.exit_code == 2 and _one_line(result.stderr), result.output
    assert _safe(result.stderr) and "\\x1b" in result.stderr


@pytest.fixture
def hostile_variant(tmp_path, monkeypatch):
    folder = tmp_path / "variants"
    folder.mkdir()
    description = {"en": "Evil \x1b]0;pwned\x07house\x9b2J rules \u202eesrever [link=https://evil.example]click[/link]",
                   "ar": "قواعد \u202eالبيت"}
    (folder / "evil.yaml").write_text(json.dumps({"game": "machiavelli", "name": "evil", "extends": "bga",
                                                  "description": description}), encoding="utf-8")
    monkeypatch.setenv("MACHIAVELLI_VARIANTS_DIR", str(folder))
    return folder / "evil.yaml"


def test_variants_list_shows_a_description_as_plain_text(hostile_variant):
    result = cli("variants", "list")
    assert result.exit_code == 0, result.output
    assert _safe(result.stdout)
    words = " ".join(result.stdout.split())  # a table folds long descriptions
    assert "evil Evil house rules esrever" in words and "[link=https://evil.example]click[/link]" in words
    arabic = cli("variants", "list", env={"LANG": "ar"})
    assert arabic.exit_code == 0 and _safe(arabic.stdout) and "قواعد البيت" in arabic.stdout


def test_variants_show_prints_no_control_character(hostile_variant):
    result = cli("variants", "show", str(hostile_variant))
    assert result.exit_code == 0, result.output
    assert _safe(result.stdout) and "esrever" in result.stdout


@pytest.mark.parametrize("form", ["text", "markdown", "html"])
def test_rules_show_a_variants_description_and_notes_without_control_characters(hostile_variant, form):
    data = json.loads(hostile_variant.read_text(encoding="utf-8"))
    data["notes"] = {"en": "First \x1b[2Jnote.\nSecond \x1b]0;x\x07note."}
    hostile_variant.write_text(json.dumps(data), encoding="utf-8")
    result = cli("rules", "-V", str(hostile_variant), "--format", form)
    assert result.exit_code == 0, result.output
    assert _safe(result.stdout) and "esrever" in result.stdout and "Second note." in result.stdout


def test_screen_labels_show_names_without_control_characters():
    from machiavelli.core.present import player_name
    from machiavelli.games.machiavelli.present.screen import Seats

    seats = Seats(["human", "random", "random"], [HOSTILE_NAME, ARABIC_NAME, "\x1b[2J"])
    assert seats.label(0, 0) == "Eveevil (you)"
    assert seats.label(1, 0) == f"{ARABIC_NAME} (computer)"
    assert player_name(2, seats.names) == "Player 3"  # nothing printable left: the seat's number
