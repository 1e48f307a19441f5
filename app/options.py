"""Options shared by several commands, and the error boundary of the CLI."""

from __future__ import annotations

import functools
import sys
from typing import Annotated, Any, Callable, Optional, TypeVar

import typer

from machiavelli.core.errors import MachiavelliError
from machiavelli.core.terminal import json_printable, printable

from machiavelli.core.i18n import N_
from machiavelli.core.reasons import describe

F = TypeVar("F", bound=Callable[..., Any])

VariantOpt = Annotated[str, typer.Option("--variant", "-V", help=N_(
    "A shipped variant's name or a YAML file, with house rules if you like: \"bga(hand_size=13, aces=wrap)\"."))]
SetOpt = Annotated[
    Optional[list[str]],
    typer.Option("--set", "-s", help=N_("Override a rule: key=value (dotted keys reach nested values). Repeatable.")),
]
JsonOpt = Annotated[bool, typer.Option("--json", help=N_("Print JSON instead of text."))]

#: Exit code for bad input: a card, a variant, a file.
EXIT_BAD_INPUT = 2


def fail(message: str, code: int = EXIT_BAD_INPUT) -> typer.Exit:
    """Print ``message`` on stderr (control characters that an echoed input
    may carry shown as escapes, never sent) and return the exit to raise."""
    typer.echo(printable(message, lines=True, keep_bidi=True, visible=True), err=True)
    return typer.Exit(code)


def handles_errors(func: F) -> F:
    """Turn the kernel's errors into one clear line on stderr and exit 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except MachiavelliError as exc:
            raise fail(describe(exc)) from None
        except BrokenPipeError:
            raise
        except OSError as exc:
            # A file the command did not expect to fail on (a name longer than
            # the system allows, a folder that vanished): the system's reason
            # in one line, never a traceback.
            raise fail(os_error_line(exc)) from None

    return wrapper  # type: ignore[return-value]


def os_error_line(exc: OSError) -> str:
    """One line in the user's language for a system error about a file."""
    from machiavelli.core.files import os_why
    from machiavelli.core.i18n import _
    from machiavelli.core.reasons import detail_text

    detail = detail_text({"why": os_why(exc)}) or exc.strerror or type(exc).__name__
    if exc.filename is None:
        # TRANSLATORS: An error message: a file could not be used; {detail} is why (may come from the
        # system in English).
        return _("A file could not be used: {detail}", detail=detail)
    # TRANSLATORS: An error message: a file could not be used; {file} is a file's path, {detail} is why
    # (may come from the system in English).
    return _("Cannot use {file}: {detail}", file=str(exc.filename), detail=detail)


def print_json(data: Any) -> None:
    import json

    # Escaped, not removed: the data stay as they are, the terminal obeys nothing.
    sys.stdout.write(json_printable(json.dumps(data, ensure_ascii=False, indent=None)) + "\n")
