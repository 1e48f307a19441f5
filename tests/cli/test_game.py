"""``machiavelli play`` and ``machiavelli replay`` through the real command."""

import json

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core.records import GameRecord

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def one_line_error(result, fragment):
    assert result.exit_code == 2, result.output
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_play_writes_a_record_that_replays_to_the_same_end(tmp_path):
    path = tmp_path / "game.json"
    played = run("play", "--variant", "help-cards", "--seat", "random", "--seat", "random", "--seat", "random",
                 "--seed", "8", "--record", str(path), "--json")
    assert played.exit_code == 0, played.output
    end = json.loads(played.stdout)
    assert len(end["hands"]) == 3 and len(end["help_cards"]) <= 4
    replayed = run("replay", str(path), "--json")
    assert replayed.exit_code == 0
    again = json.loads(replayed.stdout)
    for key in ("result", "hands", "table", "deck", "help_cards"):
        assert again[key] == end[key]
    assert again["result"]["reason"] in ("went-out", "deck-exhausted")
    assert again["seats"] == [{"player": "random"}] * 3
    record = GameRecord.loads(path.read_text())
    assert record.seed == 8 and record.variant.name == "help-cards"


def test_a_makiaveli_game_shows_the_cross_and_replays_from_its_record(tmp_path):
    path = tmp_path / "makiaveli.json"
    played = run("play", "--variant", "makiaveli", "--seat", "club", "--seat", "expert", "--seed", "4",
                 "--record", str(path), "--moves")
    assert played.exit_code == 0, played.output
    assert "From the Cross:" in played.stdout  # the computers complete the Cross's cards
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    shown = run("play", "--variant", "makiaveli", "--seed", "4", input="table\nquit\n")
    assert "The Cross, around the deck:" in shown.stdout


def test_computer_players_alone_play_a_whole_game():
    result = run("play", "--seed", "1", "--seat", "random", "--players", "4")
    assert result.exit_code == 0, result.output
    assert "bga, seed 1" in result.stdout and "Player 4 (random moves)" in result.stdout
    assert "wins" in result.stdout or "winner" in result.stdout.lower()


def test_moves_are_told_in_words():
    result = run("play", "--seed", "2", "--players", "2", "--seat", "random", "--moves")
    assert result.exit_code == 0
    assert "Turn 1: Player" in result.stdout and " draws 1 card." in result.stdout


def test_text_replay_shows_result_table_and_hands(tmp_path):
    path = tmp_path / "g.json"
    run("play", "--seed", "4", "--players", "3", "--seat", "random", "--record", str(path))
    text = run("replay", str(path), "--moves")
    assert text.exit_code == 0
    assert "actions replayed" in text.stdout and "Player 3:" in text.stdout and "Turn 1:" in text.stdout


def test_play_never_overwrites_another_file(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("my notes")
    one_line_error(run("play", "--seed", "3", "--record", str(path)), "notes.json")
    assert path.read_text() == "my notes"
    forced = run("play", "--seed", "3", "--seat", "random", "--players", "4", "--record", str(path), "--force")
    assert forced.exit_code == 0 and GameRecord.loads(path.read_text()).seed == 3


def test_load_continues_a_saved_game_and_updates_its_record(tmp_path):
    path = tmp_path / "g.json"
    run("play", "--seed", "6", "--players", "2", "--seat", "random", "--record", str(path))
    full = GameRecord.loads(path.read_text())
    # Cut after a turn that ended with a draw: random players go on exactly as before.
    cut = next(k for k in range(50, len(full.actions)) if full.actions[k][1].verb == "draw") + 1
    part = GameRecord(full.variant, full.seed, full.seats, full.actions[:cut])
    path.write_text(part.dumps())
    result = run("play", "--load", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert GameRecord.loads(path.read_text()) == full
    one_line_error(run("play", "--load", str(path), "--seed", "1"), "--seed")


@pytest.mark.parametrize("content, fragment", [
    ('{"format": "machiavelli-game-record", "version": 1, "var', "damaged"),
    ("[1, 2, 3]", "not a Machiavelli game record"),
    ("", "damaged"),
])
def test_bad_records_are_one_line_and_exit_2(tmp_path, content, fragment):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run("replay", str(path))
    one_line_error(result, fragment)
    assert "bad.json" in result.stderr
    assert path.read_text() == content


def test_an_inconsistent_record_names_the_action(tmp_path):
    path = tmp_path / "g.json"
    run("play", "--seed", "6", "--players", "2", "--seat", "random", "--record", str(path))
    data = json.loads(path.read_text())
    data["actions"].insert(0, {"seat": data["actions"][0]["seat"], "action": "end"})
    path.write_text(json.dumps(data))
    one_line_error(run("replay", str(path)), "action 1 (end)")


@pytest.mark.parametrize("args, fragment", [
    (["replay", "missing.json"], "missing.json"),
    (["play", "--seat", "human", "--seat", "random", "--json"], "--json"),
    (["play", "--seat", "grandmaster"], "grandmaster"),
    (["play", "--players", "7"], "at most 5"),
    (["play", "--players", "1"], "at least 2"),
    (["play", "--players", "3", "--seat", "random", "--seat", "random"], "--seat"),
    (["play", "--variant", "nope"], "nope"),
])
def test_bad_play_input(args, fragment):
    one_line_error(run(*args), fragment)


def test_commands_have_help():
    for args in (["play", "--help"], ["replay", "--help"]):
        assert run(*args).exit_code == 0


def test_the_readme_first_command_works_installed_from_any_directory(tmp_path):
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    script = Path(sys.executable).parent / "machiavelli"
    command = str(script) if script.exists() else shutil.which("machiavelli")
    assert command, "the package is not installed: run the README's test command"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([command, "play", "--seed", "5", "--players", "2", "--seat", "random", "--record", "g.json"], cwd=tmp_path,
                            capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "bga, seed 5" in result.stdout and (tmp_path / "g.json").exists()


def test_a_single_seat_fills_every_seat_as_the_help_says(tmp_path):
    path = tmp_path / "g.json"
    result = run("play", "--seat", "random", "--seed", "4", "--record", str(path))
    assert result.exit_code == 0, result.output
    assert [s.player for s in GameRecord.loads(path.read_text()).seats] == ["random"] * 3
    four = run("play", "--seat", "random", "--players", "4", "--seed", "4", "--json")
    assert four.exit_code == 0 and len(json.loads(four.stdout)["hands"]) == 4


@pytest.mark.parametrize("args, sentence", [
    (["--players", "1", "--seat", "random"], "1 player is too few: this variant needs at least 2."),
    (["--players", "0", "--seat", "random"], "0 players are too few"),
    (["--players", "9", "--seat", "random"], "9 players are too many: this variant allows at most 5."),
])
def test_too_few_or_too_many_players_is_grammatical(args, sentence):
    one_line_error(run("play", *args), sentence)


@pytest.mark.parametrize("args", [["--seed", "1"], ["--seat", "random", "--seat", "random", "--seed", "1"],
                                  ["--variant", "cicera", "--seed", "1"]])
def test_a_record_into_a_missing_folder_is_refused_before_anyone_plays(args, tmp_path):
    # Not after an hour's game: the first line says the record cannot be written.
    target = tmp_path / "no" / "such" / "game.json"
    result = CliRunner().invoke(app, ["play", *args, "--record", str(target)], input="draw\n")
    assert result.exit_code == 2, result.output[-300:]
    assert "no such folder" in result.output and ">" not in result.output and "deals" not in result.output
    assert not target.exists()


def test_the_players_help_says_what_a_game_for_more_seats():
    # The help of --players tells the default of a variant that needs more than three (cicera: four), and
    # that game does seat four without --players.
    helped = " ".join(CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output.split())
    assert "cicera" in helped and "as many as it needs" in helped
    result = CliRunner().invoke(app, ["play", "--variant", "cicera", "--seed", "1"], input="")
    assert "Player 4" in result.output and "Player 5" not in result.output
