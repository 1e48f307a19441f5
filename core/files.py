"""Reading a file whose path someone typed: the one way the program does it.

A path from the command line, a variant's ``extends:``, a record or a
catalog may name anything: a directory, a device that never ends
(``/dev/zero``), one that waits forever (a FIFO, a terminal,
``/dev/stdin``), a file that grows while it is read. So:

* only regular files are read: the path is checked before it is opened,
  opened without blocking (``O_NONBLOCK``: a FIFO with no writer does not
  hang), and checked again on the open descriptor (``fstat``), so a swap in
  between changes nothing;
* at most ``limit + 1`` bytes are read, whatever the size the file claims,
  and more than ``limit`` is refused;
* every failure is one :class:`FileError` naming the file, with a reason
  code: ``missing-file``, ``not-a-file``, ``too-large`` or ``cannot-read``
  (``detail`` says more, in English, for callers that convert the error
  into their own: a VariantError, a RecordError, ...).

A regular file reached through a link (``/dev/stdin`` when standard input
is redirected from a file) is read like any regular file: the danger of
``/dev/stdin`` is waiting on a terminal or a pipe, and those are refused.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from .errors import MachiavelliError

#: Codes of :class:`FileError`.
MISSING, NOT_A_FILE, TOO_LARGE, CANNOT_READ = "missing-file", "not-a-file", "too-large", "cannot-read"

_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
          | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


class FileError(MachiavelliError, ValueError):
    """A file that cannot be read as asked (params: ``file``, ``detail``;
    ``limit`` for ``too-large``)."""

    code = CANNOT_READ


def _kind(mode: int) -> tuple[str, str]:
    """What a non-regular file is: (``why``, the reason code the application
    translates; ``detail``, in English)."""
    if stat.S_ISDIR(mode):
        return "directory", "a directory"
    if stat.S_ISFIFO(mode):
        return "pipe", "a pipe"
    if stat.S_ISSOCK(mode):
        return "socket", "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device", "a device"
    return "special-file", "not a regular file"


def _not_a_file(label: str, mode: int) -> FileError:
    why, detail = _kind(mode)
    return FileError(NOT_A_FILE, file=label, detail=detail, why=why)


def os_why(exc: OSError, *, writing: bool = False) -> str | None:
    """The reason code (``why``) of a system error that the application
    translates; None for one it can only show in the system's words."""
    import errno

    why = getattr(exc, "why", None)  # writing.NotRegularTarget says what the target is
    if isinstance(why, str):
        return why
    if isinstance(exc, FileNotFoundError) or exc.errno == errno.ENOENT:
        return "no-such-folder" if writing else "no-such-file"
    if isinstance(exc, PermissionError) or exc.errno in (errno.EACCES, errno.EPERM):
        return "permission-denied"
    if isinstance(exc, IsADirectoryError):
        return "directory"
    if isinstance(exc, NotADirectoryError):
        return "not-a-folder-in-path"
    if exc.errno == errno.ENAMETOOLONG:
        return "name-too-long"
    if exc.errno == errno.ENOSPC:
        return "disk-full"
    if exc.errno == errno.EROFS:
        return "read-only"
    return None


def _os_error(label: str, exc: OSError) -> FileError:
    if isinstance(exc, FileNotFoundError):
        return FileError(MISSING, file=label, detail="no such file", why="no-such-file")
    if isinstance(exc, IsADirectoryError):
        return FileError(NOT_A_FILE, file=label, detail="a directory", why="directory")
    return FileError(CANNOT_READ, file=label, detail=exc.strerror or type(exc).__name__, why=os_why(exc))


def open_regular(path: str | os.PathLike[str], label: str | None = None) -> BinaryIO:
    """A regular file opened for reading (blocking reads again once it is
    known to be one); FileError otherwise. ``label`` names the file in the
    error (default: the path as given)."""
    name = str(path) if label is None else label
    try:
        mode = os.stat(path).st_mode
        # Checked before opening too: opening some devices has effects.
        fd = os.open(path, _FLAGS) if stat.S_ISREG(mode) else -1
    except OSError as exc:
        if os.path.isdir(path):  # Windows refuses to open a directory
            raise FileError(NOT_A_FILE, file=name, detail="a directory", why="directory") from None
        raise _os_error(name, exc) from None
    except ValueError:  # a NUL in the path
        raise FileError(CANNOT_READ, file=name, detail="not a valid path", why="bad-path") from None
    if fd < 0:
        raise _not_a_file(name, mode)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_a_file(name, mode)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException as exc:
        os.close(fd)
        if isinstance(exc, OSError):
            raise _os_error(name, exc) from None
        raise


def read_bounded(path: str | os.PathLike[str], limit: int, label: str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileError
    (naming ``label``, default the path) for anything else."""
    name = str(path) if label is None else label
    with open_regular(path, name) as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise _os_error(name, exc) from None
    if len(data) > limit:
        raise FileError(TOO_LARGE, file=name, limit=limit, detail=f"larger than the limit of {limit} bytes",
                        why="too-large")
    return data


__all__ = ["FileError", "open_regular", "read_bounded", "os_why", "MISSING", "NOT_A_FILE", "TOO_LARGE", "CANNOT_READ"]
