"""The commands that games add to the command line
(:class:`~machiavelli.core.present.GameCommand`), found through the
``machiavelli.commands`` entry point: their names are listed without
loading any game, and a command's module is imported when the command
runs or its help is shown. A game reads variants, answers and fails
through the :class:`~machiavelli.core.present.CommandKit` lent here, as
the application's own commands do."""

from __future__ import annotations

from typing import Any, Sequence, get_args

from machiavelli.core import plugins
from machiavelli.core.command_line import CommandKit, GameCommand

from .options import EXIT_BAD_INPUT, JsonOpt, SetOpt, VariantOpt, fail, handles_errors, print_json


def names() -> tuple[str, ...]:
    """The words of every command that an installed game adds."""
    return plugins.names(plugins.COMMANDS)


def _load_variant(spec: str, overrides: Sequence[str] = ()) -> Any:
    from . import library

    return library.load_variant(spec, overrides)


def _not_for(spec: str, game: str) -> Any:
    from . import library

    return library.not_for(spec, game)


def kit() -> CommandKit:
    """What a game's commands are lent: the application's variant reader,
    refusal, errors, JSON and shared options."""
    return CommandKit(load_variant=_load_variant, not_for=_not_for, fail=fail, guard=handles_errors,
                      print_json=print_json, variant_option=get_args(VariantOpt)[1],
                      set_option=get_args(SetOpt)[1], json_option=get_args(JsonOpt)[1], bad_input=EXIT_BAD_INPUT)


def command(name: str) -> GameCommand | None:
    """The command a game adds under ``name``; None when none does, or when
    its entry point does not load or is not a GameCommand of that name
    (``machiavelli plugins`` names the problem)."""
    try:
        found = plugins.load_named(plugins.COMMANDS, name)
    except Exception:  # noqa: BLE001 - a broken plugin must not stop the program
        return None
    return found if isinstance(found, GameCommand) and found.name == name else None


def problems() -> list[tuple[str, str, str, str]]:
    """Command entry points that loaded but cannot be used: (group, name, origin, why)."""
    out = []
    for plugin in plugins.load(plugins.COMMANDS)[0]:
        if not isinstance(plugin.obj, GameCommand):
            out.append((plugin.group, plugin.name, plugin.origin, f"{plugin.value} is not a GameCommand"))
        elif plugin.obj.name != plugin.name:
            out.append((plugin.group, plugin.name, plugin.origin,
                        f"{plugin.value} is the command {plugin.obj.name!r}, not {plugin.name!r}"))
    return out


def load(name: str, listing: bool = False) -> dict[str, Any]:
    """The Click commands that the game command ``name`` registers, by name
    (none when it cannot be loaded); with ``listing``, only what the root's
    ``--help`` shows of them."""
    import typer

    from . import command_listing

    found = command(name)
    if found is None:
        return {}
    app = typer.Typer()
    found.register(app, kit())
    return command_listing.commands(app, listing=listing)
