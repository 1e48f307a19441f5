"""Where ``machiavelli simulate`` writes: the outputs checked before any
game is played, then written atomically (or to standard output)."""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from typing import Any, BinaryIO, Callable

from machiavelli.core.errors import RecordError
from machiavelli.core.i18n import _
from machiavelli.core.reasons import describe
from .options import fail


def finite(data: Any) -> Any:
    """NaN (a figure of too few games) as null: JSON has no NaN."""
    if isinstance(data, float) and math.isnan(data):
        return None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, list):
        return [finite(v) for v in data]
    return data


def check_outputs(outputs: list[str | Path | None], *, force: bool) -> None:
    """Refuse, before any game is played, an output that cannot be written
    or (without ``force``) would replace an existing file, and one file
    named for two outputs."""
    seen: set[str] = set()
    for out in outputs:
        if out is None or str(out) == "-":
            continue
        _check_output(Path(out), force=force)
        key = os.path.normcase(os.path.abspath(out))
        if key in seen:
            # TRANSLATORS: Simulate (its report, or a mistake in its options); {file} is a file's path.
            raise fail(_("{file} is named for two outputs: give each its own file.", file=str(out)))
        seen.add(key)


def _check_output(path: Path, *, force: bool) -> None:
    from machiavelli.core.files import os_why
    from machiavelli.core.reasons import detail_text

    try:
        _check_output_path(path, force=force)
    except OSError as exc:  # a name too long, a link, a pipe: the reason, never a traceback
        detail = detail_text({"why": os_why(exc, writing=True)}) or exc.strerror or type(exc).__name__
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=detail)) from None


def _check_output_path(path: Path, *, force: bool) -> None:
    import errno

    from machiavelli.core.writing import refuse_special

    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        # TRANSLATORS: Simulate (its report, or a mistake in its options); {file} is a file's path,
        # {detail} is what went wrong, in words (may come from the system in English).
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=_("it is a folder")))
    if not parent.is_dir():
        # TRANSLATORS: Simulate (its report, or a mistake in its options).
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=_("no such folder")))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=os.strerror(errno.EACCES)))
    refuse_special(path)
    if not force and os.path.lexists(path):
        raise fail(describe(RecordError("file-exists", file=str(path))))


def write(out: str, content: str | Callable[[BinaryIO], None], *, force: bool) -> None:
    """Standard output for ``-``; otherwise the file, atomically (a
    temporary file renamed over it, debris of interrupted runs cleaned up),
    never over an existing file without ``force``."""
    from machiavelli.core.writing import write_atomically

    if out == "-":
        if callable(content):  # a PNG
            sys.stdout.flush()
            content(sys.stdout.buffer)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(content)
            sys.stdout.flush()
        return
    path = Path(out)
    try:
        write_atomically(path, content, replace=force)
    except FileExistsError:  # created while the games were played
        raise fail(describe(RecordError("file-exists", file=str(path)))) from None
    except OSError as exc:
        from machiavelli.core.files import os_why

        from machiavelli.core.reasons import detail_text

        detail = detail_text({"why": os_why(exc, writing=True)}) or exc.strerror or str(exc)
        raise fail(_("Cannot write {file}: {detail}", file=str(path), detail=detail)) from None
