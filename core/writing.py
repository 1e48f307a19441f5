"""Writing a file the one way the program does it: atomically, never over
an existing file unless asked, and without leaving debris behind.

The contents go to a hidden temporary file in the target's folder,
``.NAME.XXXXXXXX.tmp`` (``tempfile.mkstemp``'s eight random characters),
which is then renamed over the target (``os.replace``) or, when nothing
may be replaced, linked to it (``os.link`` fails if the target exists, so
a file that appeared meanwhile is never lost). A reader sees the old file
or the new one, never half of one.

Only a regular file is ever replaced: a target that is a link (to a file
of someone else's, say), a pipe, a device or a folder is refused
(:class:`NotRegularTarget`), and the contents never go through it. A write
that fails (a full disk) leaves the old file as it was.

A write killed half-way (``kill -9``, a power cut) leaves its temporary
file behind. Every write cleans up the leftovers for its own target: files
of exactly that pattern, regular files of this user, older than
:data:`STALE_AFTER` (a write under way in another process is younger).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import BinaryIO, Callable, Union

#: Seconds after which a temporary file of ours is a leftover, not a write
#: under way: writes take well under a second.
STALE_AFTER = 300.0
TEMP_SUFFIX = ".tmp"
#: The random part of a name from ``tempfile.mkstemp``.
_RANDOM = re.compile(r"[a-z0-9_]{8}")

Content = Union[bytes, str, Callable[[BinaryIO], None]]


class NotRegularTarget(OSError):
    """The target exists and is no regular file; ``why`` says what it is
    (``link``, ``pipe``, ``socket``, ``device``, ``directory``,
    ``special-file``: reason codes the application translates)."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(errno.EEXIST, f"not a regular file ({why})", str(path))
        self.why = why


def refuse_special(path: Path | str) -> None:
    """Raise :class:`NotRegularTarget` unless ``path`` is missing or a
    regular file (links are not followed); other OSErrors as they come."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if stat.S_ISREG(mode):
        return
    why = ("link" if stat.S_ISLNK(mode) else "directory" if stat.S_ISDIR(mode) else "pipe" if stat.S_ISFIFO(mode)
           else "socket" if stat.S_ISSOCK(mode) else "device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
           else "special-file")
    raise NotRegularTarget(Path(path), why)


def folder_of(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _prefix(path: Path) -> str:
    return f".{path.name}."


def is_temporary_of(name: str, path: Path) -> bool:
    """Whether ``name`` (in ``path``'s folder) is a temporary file that a
    write to ``path`` makes."""
    prefix = _prefix(path)
    if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
        return False
    return _RANDOM.fullmatch(name[len(prefix):-len(TEMP_SUFFIX)]) is not None


def clean_leftovers(path: Path | str, *, older_than: float = STALE_AFTER) -> list[Path]:
    """Remove what interrupted writes to ``path`` left behind (see the
    module's docstring); the files removed. Never raises."""
    path = Path(path)
    folder = folder_of(path)
    now = time.time()
    removed: list[Path] = []
    uid = os.getuid() if hasattr(os, "getuid") else None
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not is_temporary_of(entry.name, path):
                    continue
                try:
                    info = entry.stat(follow_symlinks=False)
                    if not stat.S_ISREG(info.st_mode) or (uid is not None and info.st_uid != uid):
                        continue
                    if now - info.st_mtime < older_than:
                        continue
                    os.unlink(entry.path)
                    removed.append(folder / entry.name)
                except OSError:
                    continue
    except OSError:
        pass
    return removed


def write_atomically(path: Path | str, content: Content, *, replace: bool = True, sync: bool = False) -> None:
    """Write ``content`` (bytes, text as UTF-8, or a function writing to a
    binary file) to ``path`` through a temporary file in the same folder.
    ``replace=False``: FileExistsError if ``path`` exists, even if it
    appeared while writing. ``sync``: on disk before the rename. Leftovers
    of earlier interrupted writes to ``path`` are removed. Raises OSError
    (:class:`NotRegularTarget` for a target that is a link or a special file)."""
    path = Path(path)
    refuse_special(path)
    clean_leftovers(path)
    tmp: str | None
    fd, tmp = tempfile.mkstemp(prefix=_prefix(path), suffix=TEMP_SUFFIX, dir=folder_of(path))
    try:
        with os.fdopen(fd, "wb") as handle:
            if hasattr(os, "fchmod"):  # mkstemp's 0600 would outlive the rename: a new file's mode
                os.fchmod(handle.fileno(), 0o666 & ~_umask())
            if callable(content):
                content(handle)
            else:
                handle.write(content.encode("utf-8") if isinstance(content, str) else content)
            if sync:
                handle.flush()
                os.fsync(handle.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            _link(tmp, path)
        tmp = None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _link(tmp: str, path: Path) -> None:
    """Move ``tmp`` to ``path`` unless ``path`` exists (FileExistsError)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        # A file system without hard links: check, then rename (a file
        # created in between would be replaced; nothing better exists there).
        if os.path.lexists(path):
            raise FileExistsError(17, os.strerror(17), str(path)) from None
        os.replace(tmp, path)
        return
    try:
        os.unlink(tmp)
    except OSError:
        pass  # the target is written; a stale name is cleaned up next time
