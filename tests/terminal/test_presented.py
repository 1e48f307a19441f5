"""Games drawn through their own presentation (Cicera, Sì Sè Pái) at the
terminal's one loop (app.human): where a person's game is kept when no
--record was given."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app

runner = CliRunner()


def _at_a_terminal(monkeypatch, lines):
    """A person typing ``lines`` at a terminal (not a script)."""
    typed = iter(lines)
    _interactive(monkeypatch)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))


def _interactive(monkeypatch):
    """The terminal loop's input is a person's (a terminal), not a pipe."""
    from machiavelli.app import human

    init = human.Terminal.__init__

    def interactive_init(self, stream, screen, interactive=None):
        init(self, stream, screen, interactive=True)

    monkeypatch.setattr(human.Terminal, "__init__", interactive_init)


@pytest.mark.parametrize("variant", ["cicera", "si-se-pai"])
def test_a_left_game_is_kept_in_a_data_folder_that_does_not_exist_yet(variant, tmp_path, monkeypatch):
    data = tmp_path / "fresh" / "data"   # a first run: not even the data folder exists
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(data))
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path / "config"))
    _at_a_terminal(monkeypatch, ["quit", ""])  # Enter: saved where the question says
    result = runner.invoke(app, ["play", "--variant", variant, "--seed", "1"])
    assert "Traceback" not in result.output
    records = list((data / "games").glob("*.json"))
    assert len(records) == 1, result.output[-600:]
    assert records[0].name.endswith(f"-{variant}-1.json")
    assert json.loads(records[0].read_text())["seats"][0]["player"] == "human"
    assert str(records[0]) in result.output


def test_a_finished_game_whose_record_cannot_be_written_says_so_and_fails(tmp_path, monkeypatch):
    from machiavelli.app.library import load_variant
    from machiavelli.games.cicera.game import Game

    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(blocker))
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path / "config"))
    game = Game(load_variant("cicera", []), 4, 5)
    # Every card of seat 0's hand, in order: the deal is played to its end.
    lines = "".join(f"play {game.variant.deck.card_text(c)}\n" for c in game.hand(0))
    result = runner.invoke(app, ["play", "--variant", "cicera", "--seed", "5"], input=lines)
    assert "win the deal" in result.output or "Drawn deal" in result.output
    assert "Traceback" not in result.output
    assert "Cannot write" in result.output
    assert result.exit_code != 0


@pytest.mark.parametrize("variant, moves", [("cicera", ""), ("si-se-pai", ""), ("cicera", "help\n"),
                                            ("si-se-pai", "quit\n")])
def test_a_script_s_unfinished_game_is_kept_only_where_the_command_line_says(variant, moves, tmp_path,
                                                                              monkeypatch):
    # As Machiavelli's table: piped commands that end (or quit) before the game leave no record
    # behind in the data folder unless --record names one.
    data = tmp_path / "data"
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(data))
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path / "config"))
    result = runner.invoke(app, ["play", "--variant", variant, "--seed", "1"], input=moves)
    assert "Traceback" not in result.output
    assert not list(data.glob("games/*.json")), result.output[-400:]
    assert "not saved" in result.output
    assert result.exit_code == 0             # the person played nothing: nothing is lost
    kept = tmp_path / "kept.json"
    result = runner.invoke(app, ["play", "--variant", variant, "--seed", "1", "--record", str(kept)], input=moves)
    assert kept.exists() and str(kept) in result.output


def test_a_script_that_played_and_ends_unsaved_says_so_and_fails(tmp_path, monkeypatch):
    from machiavelli.app.library import load_variant
    from machiavelli.games.cicera.game import Game

    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path / "config"))
    game = Game(load_variant("cicera", []), 4, 5)
    first = game.variant.deck.card_text(game.hand(0)[0])
    result = runner.invoke(app, ["play", "--variant", "cicera", "--seed", "5"], input=f"play {first}\n")
    assert "not saved" in result.output and result.exit_code == 1
    assert not list((tmp_path / "data").glob("games/*.json"))


@pytest.mark.parametrize("variant", ["cicera", "si-se-pai"])
def test_ctrl_c_at_the_table_keeps_the_game_as_machiavellis_table_does(variant, tmp_path, monkeypatch):
    data = tmp_path / "data"
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(data))
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path / "config"))

    def interrupted(prompt=""):
        raise KeyboardInterrupt

    _interactive(monkeypatch)
    monkeypatch.setattr("builtins.input", interrupted)
    result = runner.invoke(app, ["play", "--variant", variant, "--seed", "1"])
    assert result.exit_code == 130, result.output[-300:]
    records = list(data.glob("games/*.json"))
    assert len(records) == 1 and str(records[0]) in result.output
