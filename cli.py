"""The ``machiavelli`` command: a thin layer over the kernel in ``core``.

Each command lives in a module of :mod:`machiavelli.app.commands` whose
``register(app)`` adds it to a Typer app. A module is imported only when one
of its commands runs or when ``--help`` lists them, so that a quick command
(``meld check``) never pays for the engine, the solver or the simulator.
"""

from __future__ import annotations

import os

# Pydantic looks for its own plugins (observability hooks) by scanning every
# installed distribution the first time it builds a validator: a price every
# command would pay for hooks the program never uses. Set the variable to an
# empty value to have them loaded.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import gc  # noqa: E402

#: Allocations between two collections of the youngest generation (Python's default: 700).
YOUNG_COLLECTED_EVERY = 10_000
# Start-up makes a few hundred thousand objects that live as long as the
# process (modules, classes, validators): collecting the youngest generation
# every 10,000 allocations instead of 700 examines them far less often while
# they are made (about 14M instructions of `meld check`), and still collects
# a long game's or a simulation's garbage.
gc.set_threshold(YOUNG_COLLECTED_EVERY, *gc.get_threshold()[1:])

import atexit  # noqa: E402
import importlib  # noqa: E402
from collections.abc import Callable, Iterator, MutableMapping
from typing import Annotated, Any

import typer

from machiavelli.app import display
from machiavelli.core import glossary, i18n
from machiavelli.app.help_text import LocalisedGroup
from machiavelli.core.i18n import N_
from machiavelli.app.options import handles_errors

#: Every command of the application, in the order ``--help`` lists them,
#: and the module of ``machiavelli.app.commands`` that registers it.
COMMANDS: dict[str, str] = {
    "rules": "rules",
    "play": "game",
    "replay": "game",
    "review": "review",
    "serve": "serve",
    "simulate": "simulate",
    "plugins": "plugins",
    "variants": "variants",
    "locales": "locales",
}
#: The commands that games add (``machiavelli.commands`` entry points:
#: Machiavelli's ``solve`` and ``meld``) are listed after this one.
GAME_COMMANDS_AFTER = "simulate"
#: How :data:`COMMANDS`' lazy table marks a command a game adds.
GAME_COMMAND = "game:"


def all_commands() -> dict[str, str]:
    """Every command by name, the application's own first where a game's
    has the same name: its module in ``machiavelli.app.commands``, or
    :data:`GAME_COMMAND` and its name for a command a game adds."""
    from machiavelli.app import game_commands

    out: dict[str, str] = {}
    for name, module in COMMANDS.items():
        out[name] = module
        if name == GAME_COMMANDS_AFTER:
            out.update({extra: GAME_COMMAND + extra for extra in game_commands.names() if extra not in COMMANDS})
    return out


def load_commands(module_name: str, listing: bool = False) -> dict[str, Any]:
    """The Click commands that one module of ``machiavelli.app.commands``
    registers, or one command a game adds, by name; with ``listing``, only
    what the root's ``--help`` shows of them (:mod:`~machiavelli.app.command_listing`)."""
    from machiavelli.app import command_listing

    if module_name.startswith(GAME_COMMAND):
        from machiavelli.app import game_commands

        return game_commands.load(module_name[len(GAME_COMMAND):], listing=listing)
    module = importlib.import_module(f"machiavelli.app.commands.{module_name}")
    commands = typer.Typer()
    module.register(commands)
    return command_listing.commands(commands, listing=listing)


class LazyCommands(MutableMapping):
    """A group's commands by name: a command's module is imported the first
    time the command itself is looked up (listing the names imports nothing).
    While ``listing`` (the root's ``--help`` is drawn), a command not loaded
    yet is looked up as that help shows it, and stays unloaded."""

    def __init__(self, lazy: dict[str, str], load: Callable[..., dict[str, Any]],
                 loaded: dict[str, Any] | None = None) -> None:
        self._lazy = dict(lazy)
        self._load = load
        self._loaded: dict[str, Any] = dict(loaded or {})
        self._order = list(dict.fromkeys([*lazy, *self._loaded]))
        self.listing = False
        self._listed: dict[str, dict[str, Any]] = {}

    def __getitem__(self, name: str) -> Any:
        if self.listing and name not in self._loaded and name in self._lazy:
            module_name = self._lazy[name]
            if module_name not in self._listed:
                self._listed[module_name] = self._load(module_name, listing=True)
            return self._listed[module_name][name]
        if name not in self._loaded and name in self._lazy:
            module_name = self._lazy[name]
            found = self._load(module_name)
            for other in [n for n, m in self._lazy.items() if m == module_name]:
                del self._lazy[other]
            for other, command in found.items():
                self._loaded.setdefault(other, command)
                if other not in self._order:
                    self._order.append(other)
        return self._loaded[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._lazy.pop(name, None)
        self._loaded[name] = command
        if name not in self._order:
            self._order.append(name)

    def __delitem__(self, name: str) -> None:
        if name not in self._loaded and name not in self._lazy:
            raise KeyError(name)
        self._loaded.pop(name, None)
        self._lazy.pop(name, None)
        self._order.remove(name)

    def __iter__(self) -> Iterator[str]:
        return iter([n for n in self._order if n in self._loaded or n in self._lazy])

    def __len__(self) -> int:
        return sum(1 for _name in self)

    def __contains__(self, name: object) -> bool:
        return name in self._loaded or name in self._lazy


class MachiavelliGroup(LocalisedGroup):
    """The root command: its sub-commands come from :data:`COMMANDS` and
    the games' (:func:`all_commands`), loaded on demand."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = LazyCommands(all_commands(), load_commands, self.commands)

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        commands = self.commands
        listing = isinstance(commands, LazyCommands)
        if listing:
            commands.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            if listing:
                commands.listing = False


app = typer.Typer(
    name="machiavelli",
    cls=MachiavelliGroup,
    help=N_("Machiavelli, the Italian rummy card game, in any variant and any language."),
    no_args_is_help=True,
    add_completion=False,
)


def _print_version(value: bool) -> None:
    if value:
        from machiavelli import __version__

        typer.echo(f"machiavelli {__version__}")
        raise typer.Exit()


VersionOpt = Annotated[bool, typer.Option("--version", is_eager=True, expose_value=True, callback=_print_version,
                                          help=N_("Print the program's version and exit."))]


@app.callback()
@handles_errors
def global_options(lang: display.LangOpt = None, ascii_cards: display.AsciiOpt = False,
                   cards: display.CardsOpt = None, version: VersionOpt = False) -> None:
    """Machiavelli, the Italian rummy card game, in any variant and any language."""
    display.apply_cards(cards)
    i18n.use_wording({})  # every command starts with the messages as written (a game's words them for its pieces)
    if lang is None:
        # The root group chose the language as it parsed (help_text.LocalisedGroup):
        # a command's own --lang is applied by the command.
        glossary.set_ascii(ascii_cards)
    else:
        display.apply(lang, ascii_cards)


def main() -> None:
    # What is left when the command ends is freed by the system with the
    # process: the collector need not walk it first. Frozen at exit, it is
    # skipped by the interpreter's last collections (more than the whole
    # command costs after `meld check`'s imports: issue 27); standard
    # streams are still flushed, exit handlers still run, and objects
    # outside reference cycles are still finalized as the modules are cleared.
    atexit.register(gc.freeze)
    app()


if __name__ == "__main__":
    main()
