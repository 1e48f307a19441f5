"""The root's --help lists commands built without their options, and shows
exactly what the fully built commands would."""

from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from machiavelli import cli
from machiavelli.app import command_listing
from machiavelli.app.help_text import LocalisedGroup


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def plain(count: Annotated[int, typer.Option(help="How many.")] = 2, name: str = "x") -> None:
        """Say hello.

        At length, on a second paragraph."""

    @app.command("named", help="Given help.", short_help="Short.", rich_help_panel="Other", hidden=False)
    def _named(flag: bool = False) -> None:
        pass

    @app.command(hidden=True, deprecated=True)
    def old(value: int = 1) -> None:
        """Gone."""

    group = typer.Typer(help="A group's own help.")

    @group.command()
    def inner(value: int = 1) -> None:
        """Inside."""

    app.add_typer(group, name="grouped")
    documented = typer.Typer()

    @documented.callback()
    def documented_callback(value: int = 1) -> None:
        """From the callback's docstring."""

    @documented.command()
    def leaf() -> None:
        """Leaf."""

    app.add_typer(documented, name="documented")
    return app


@pytest.mark.parametrize("attribute", ["name", "help", "short_help", "hidden", "deprecated", "rich_help_panel"])
def test_a_listed_command_shows_what_the_built_one_does(attribute):
    built = command_listing.commands(_app())
    listed = command_listing.commands(_app(), listing=True)
    assert list(listed) == list(built)
    for name in built:
        assert getattr(listed[name], attribute, None) == getattr(built[name], attribute, None), name


def test_a_listed_command_has_no_options_and_never_runs():
    listed = command_listing.commands(_app(), listing=True)
    assert all(not [p for p in command.params if p.name != "help"] for command in listed.values())
    assert not listed["grouped"].commands  # a group keeps its help, none of its commands
    with pytest.raises(RuntimeError):
        listed["plain"].callback()


@pytest.mark.parametrize("lang", ["en", "it", "ar", "zh_Hans"])
def test_root_help_is_the_same_as_with_every_command_built(lang, monkeypatch):
    runner = CliRunner()
    listed = runner.invoke(cli.app, ["--lang", lang, "--help"])
    monkeypatch.setattr(cli.MachiavelliGroup, "format_help", LocalisedGroup.format_help)
    built = runner.invoke(cli.app, ["--lang", lang, "--help"])
    assert listed.exit_code == built.exit_code == 0
    assert listed.stdout == built.stdout
    assert "meld" in listed.stdout and "simulate" in listed.stdout


def test_a_command_runs_whole_after_the_root_help_in_one_process():
    runner = CliRunner()
    assert runner.invoke(cli.app, ["--help"]).exit_code == 0
    result = runner.invoke(cli.app, ["meld", "check", "5C", "6C", "7C", "--json"])
    assert result.exit_code == 0 and '"valid": true' in result.stdout
