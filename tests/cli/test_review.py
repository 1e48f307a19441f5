"""``machiavelli review`` through the real command (issue 29)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    path = tmp_path_factory.mktemp("review") / "bga.json"
    played = run("play", "--variant", "bga", "--seat", "greedy", "--seat", "random", "--seat", "solver",
                 "--seed", "7", "--record", str(path), "--json")
    assert played.exit_code == 0, played.output
    return path


def one_line_error(result):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(result.stderr.strip().splitlines()) == 1
    return result.stderr


def test_json_has_every_turn_and_a_summary_per_seat(record):
    result = run("review", str(record), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["game"], data["variant"], data["seed"], data["unit"]) == ("machiavelli", "bga", 7, "cards")
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2]
    turn = data["turns"][0]
    assert set(turn) == {"turn", "seat", "actions", "verdict", "did", "could", "missed", "out", "restores",
                         "points_missed", "played", "best", "table", "seen", "text"}
    for seat in data["seats"]:
        mine = [t for t in data["turns"] if t["seat"] == seat["seat"]]
        assert seat["missed"] == sum(t["missed"] for t in mine)
        assert seat["missed_turns"] == sum(t["verdict"] in ("missed", "out-missed") for t in mine)
    # The solver player's own play is the best the review finds.
    assert data["seats"][2]["missed"] == 0


def test_the_same_in_every_language_apart_from_the_words(record):
    english = json.loads(run("review", str(record), "--json").stdout)
    italian = json.loads(run("--lang", "it", "review", str(record), "--json").stdout)

    def bare(data):
        return [{k: v for k, v in t.items() if k != "text"} for t in data["turns"] + data["seats"]]

    assert bare(english) == bare(italian)
    assert english["turns"][0]["text"] != italian["turns"][0]["text"]


def test_one_seat_and_the_text(record):
    result = run("review", str(record), "--seat", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert lines[-1].startswith("Player 1: ") and "turns reviewed" in lines[-1]
    assert all("Player 2" not in line and "Player 3" not in line for line in lines[1:])


def test_bad_input_is_one_line(tmp_path, record):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    assert "bad.json" in one_line_error(run("review", str(bad)))
    damaged = tmp_path / "damaged.json"
    data = json.loads(record.read_text())
    data["actions"][0]["action"] = "play 5C 6C 7C 8C 9C 10C"
    damaged.write_text(json.dumps(data))
    one_line_error(run("review", str(damaged)))
    one_line_error(run("review", str(record), "--seat", "9"))
    one_line_error(run("review", str(record), "--budget", "0"))
    assert "Traceback" not in one_line_error(run("--lang", "it", "review", str(tmp_path / "none.json")))


def test_a_game_without_the_hook_says_so(record, monkeypatch):
    from machiavelli.app import presented

    real = presented.presentation_of
    monkeypatch.setattr(presented, "presentation_of", lambda name: dataclasses.replace(real(name), review=None))
    assert "cannot be reviewed" in one_line_error(run("review", str(record)))


@pytest.mark.parametrize("variant, seats", [("cicera", ["greedy", "random", "partner", "random"]),
                                            ("si-se-pai", ["keeper", "random", "keeper", "random"])])
def test_the_other_games(tmp_path, variant, seats):
    path = tmp_path / "game.json"
    played = run("play", "--variant", variant, *(a for s in seats for a in ("--seat", s)), "--seed", "4",
                 "--record", str(path), "--json")
    assert played.exit_code == 0, played.output
    data = json.loads(run("review", str(path), "--json").stdout)
    assert len(data["seats"]) == 4 and data["turns"]
    assert all(t["verdict"] in ("best", "missed", "out-missed", "no-choice") for t in data["turns"])
