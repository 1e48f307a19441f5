"""The command-line library's words without a pinned Typer (issue 30,
point 6): every place they go is looked for first, and a Typer that lacks
one prints that word in English, never a traceback."""

from __future__ import annotations

from typer.testing import CliRunner

from machiavelli.app import cli_words
from machiavelli.cli import app

runner = CliRunner()
ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "100"}


def test_the_installed_typer_has_every_hook():
    missing = [key for key, found in cli_words.hooks().items() if not found]
    assert not missing, f"this Typer lacks {missing}: those words stay English ({cli_words.HOOKS})"


def test_a_typer_without_the_hooks_is_left_as_it_is():
    """A later Typer whose help module has none of these names: nothing is set, nothing fails."""
    from types import SimpleNamespace

    moved = SimpleNamespace(OTHER="kept")
    cli_words._translate(moved)
    assert vars(moved) == {"OTHER": "kept"}


def test_a_command_without_usage_pieces_keeps_its_own_usage():
    class Bare:
        params: list = []

    command = Bare()
    cli_words.localise_command(command)
    assert not hasattr(command, "format_usage")


def test_the_requirement_is_a_range_not_a_pin():
    import tomllib

    from suite_paths import ROOT

    # The checkout's file: the package may be installed elsewhere (CI installs it, not in place).
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    typer_req = next(r for r in project["project"]["dependencies"] if r.startswith("typer"))
    assert "<0.30" not in typer_req and ">=0.29" in typer_req
