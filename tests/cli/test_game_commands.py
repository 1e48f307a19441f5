"""Commands a game adds to the command line (core.present.GameCommand):
declared by the game's presentation and its ``machiavelli.commands`` entry
point, listed by --help without loading any game's engine, run like the
application's own, and a broken one reported, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import typer
from typer.testing import CliRunner

from machiavelli.app import game_commands
from machiavelli.cli import app
from machiavelli.core import plugins, registry
from machiavelli.core.present import CommandKit, GameCommand

runner = CliRunner()


def test_every_command_a_presentation_lists_is_declared_as_an_entry_point_and_back():
    listed = {}
    for name, definition in registry.games().items():
        presentation = definition.presentation() if definition.presentation else None
        for command in getattr(presentation, "commands", ()):
            assert command.game == name
            listed[command.name] = command
    assert set(listed) >= {"solve", "meld"}
    assert set(game_commands.names()) == set(listed)
    for name, command in listed.items():
        assert game_commands.command(name) is command
    assert game_commands.problems() == []


def test_the_help_lists_the_games_commands_without_loading_an_engine():
    code = ("import sys\nfrom machiavelli.cli import main\nsys.argv = ['machiavelli', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('machiavelli'))), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            env={"COLUMNS": "200", "PATH": "", "LANG": "C.UTF-8"})
    assert result.returncode == 0, result.stderr
    assert " solve " in result.stdout.replace("│", " ") and " meld " in result.stdout.replace("│", " ")
    loaded = set(result.stderr.split())
    assert "machiavelli.games.machiavelli.present.commands" in loaded
    heavy = {m for m in loaded if m.startswith("machiavelli.games.") and not m.endswith((".present", ".commands"))}
    assert heavy <= {"machiavelli.games", "machiavelli.games.machiavelli"}
    assert not {"machiavelli.core.variant", "machiavelli.core.present", "machiavelli.core.game"} & loaded


class FakeEntryPoint:
    def __init__(self, name, obj, value="plugin_game.commands:HELLO"):
        self.name, self.value, self._obj = name, value, obj

    def load(self):
        if isinstance(self._obj, Exception):
            raise self._obj
        return self._obj


def _hello(app: typer.Typer, kit: CommandKit) -> None:
    def hello(variant_name: str = "bga") -> None:
        variant = kit.load_variant(variant_name, [])
        if variant.game != "machiavelli":
            raise kit.not_for(variant_name, "machiavelli")
        kit.print_json({"hello": variant.name})

    app.command("hello", help="Say hello to a variant.")(kit.guard(hello))


def test_a_plugin_games_command_is_listed_run_and_a_broken_one_reported(monkeypatch):
    declared = [(FakeEntryPoint("hello", GameCommand("hello", "machiavelli", _hello)), "plugin-game 1.0"),
                (FakeEntryPoint("broken", ImportError("no module named plugin_game")), "plugin-game 1.0"),
                (FakeEntryPoint("wrong", SimpleNamespace(name="wrong")), "plugin-game 1.0")]
    real, real_by_name = plugins._entry_points, plugins._by_name

    def entry_points(group):
        return tuple(declared) + real(group) if group == plugins.COMMANDS else real(group)

    def by_name(group):
        extra = tuple(ep for ep, _origin in declared) if group == plugins.COMMANDS else ()
        return extra + real_by_name(group)

    monkeypatch.setattr(plugins, "_entry_points", entry_points)
    monkeypatch.setattr(plugins, "_by_name", by_name)
    plugins.load.cache_clear()
    try:
        listing = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
        assert listing.exit_code == 0 and "Say hello to a variant." in listing.stdout
        assert runner.invoke(app, ["hello"]).stdout.strip() == '{"hello": "bga"}'
        refused = runner.invoke(app, ["hello", "--variant-name", "cicera"])
        assert refused.exit_code == 2 and "not for the game machiavelli" in refused.stderr
        assert runner.invoke(app, ["broken"]).exit_code == 2
        found = runner.invoke(app, ["plugins", "--json"])
        problems = {p["name"]: p["problem"] for p in __import__("json").loads(found.stdout)["problems"]}
        assert found.exit_code == 1 and "ImportError" in problems["broken"] and "GameCommand" in problems["wrong"]
    finally:
        plugins.load.cache_clear()
