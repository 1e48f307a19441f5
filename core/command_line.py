"""Commands a game adds to the ``machiavelli`` command line: the
:class:`GameCommand` a game declares (``Presentation.commands`` and the
``machiavelli.commands`` entry point) and the :class:`CommandKit` the
command line lends it. Re-exported by :mod:`machiavelli.core.present`;
kept apart, with no import but the standard library's, because the
command line imports every game's commands to build ``--help``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from .errors import MachiavelliError
    from .variant import Variant


@dataclass(frozen=True)
class CommandKit:
    """What the command line lends the commands a game adds, so that they
    read variants, answer and fail as its own commands do.

    ``load_variant(spec, overrides)`` reads a variant by name or file (house
    rules in one line allowed) with ``--set`` overrides; ``not_for(spec,
    game)`` is the error for a variant of another game where only
    ``game``'s will do; ``fail(message, code)`` prints ``message`` on
    standard error and returns the exit to raise; ``guard(command)`` turns
    the kernel's errors inside a command into one clear line and exit
    ``bad_input``; ``print_json(data)`` writes one line of JSON, safe for a
    terminal. ``variant_option``, ``set_option`` and ``json_option`` are
    the Typer declarations of the options every command shares
    (``--variant``, ``--set``, ``--json``), to put in ``Annotated``."""

    load_variant: Callable[[str, Sequence[str]], Variant]
    not_for: Callable[[str, str], MachiavelliError]
    fail: Callable[..., BaseException]
    guard: Callable[[Callable[..., Any]], Callable[..., Any]]
    print_json: Callable[[Any], None]
    variant_option: Any
    set_option: Any
    json_option: Any
    bad_input: int = 2


@dataclass(frozen=True)
class GameCommand:
    """A command a game adds to the ``machiavelli`` command line.

    ``name`` is its word (a group's, such as ``meld``, whose sub-commands
    it holds); ``register(app, kit)`` adds it to ``app``, a Typer app, as
    ``app.command(name)`` or ``app.add_typer(group, name=name)`` would,
    with the application's pieces from ``kit`` (:class:`CommandKit`);
    ``game`` is the game it belongs to. The command line finds it through
    the ``machiavelli.commands`` entry point named ``name`` and imports its
    module to list it in ``--help``: keep that module's imports light and
    the engine inside the command. A command runs for any variant it is
    given: it refuses another game's with ``kit.not_for``."""

    name: str
    game: str
    register: Callable[[Any, CommandKit], None]
