"""The Click commands of a Typer app, whole or as the root's ``--help``
lists them.

The root's help shows each command's name, help and panel, nothing of its
options; Typer builds a command's options by reading every parameter's
annotations and making its converter, which for all the commands costs
``--help`` about 15 ms. :func:`listed` builds them from copies whose
functions take no parameters: the same names and help, as Typer itself
works them out, without the options. A listed command is never run.
"""

from __future__ import annotations

import copy
import inspect
from typing import Any, Callable

import typer


def commands(app: typer.Typer, *, listing: bool = False) -> dict[str, Any]:
    """The Click commands that ``app`` registers, by name; only what the
    root's ``--help`` lists of them when ``listing``."""
    return dict(typer.main.get_group(listed(app) if listing else app).commands)


def listed(app: typer.Typer) -> typer.Typer:
    """A copy of ``app`` whose commands and groups take no parameters (a
    group keeps its own help and none of its commands)."""
    out = copy.copy(app)
    out.registered_commands = [_bare(info) for info in app.registered_commands]
    out.registered_groups = [_bare_group(info) for info in app.registered_groups]
    return out


def _bare_group(info: Any) -> Any:
    out = _bare(info)
    sub = getattr(info, "typer_instance", None)
    if isinstance(sub, typer.Typer):
        bare = copy.copy(sub)
        bare.registered_commands = []
        bare.registered_groups = []
        bare.registered_callback = _bare(sub.registered_callback) if sub.registered_callback else None
        bare.info = _bare(sub.info)
        out.typer_instance = bare
    return out


def _bare(info: Any) -> Any:
    out = copy.copy(info)
    callback = getattr(info, "callback", None)
    if inspect.isfunction(callback):
        out.callback = _without_parameters(callback)
    return out


def _without_parameters(function: Callable[..., Any]) -> Callable[..., Any]:
    # Not functools.wraps: its __wrapped__ would lead Typer back to the parameters.
    def listed_command() -> None:
        raise RuntimeError("a command built for --help's list is never run")

    for attribute in ("__name__", "__qualname__", "__module__", "__doc__"):
        setattr(listed_command, attribute, getattr(function, attribute))
    return listed_command
