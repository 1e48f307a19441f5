"""Game records on disk: read with a size limit, written atomically, and
never over a file whose contents would be lost."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Literal

from machiavelli.core.errors import RecordError
from machiavelli.core.files import NOT_A_FILE, TOO_LARGE, FileError, os_why, read_bounded
from machiavelli.core.records import MAX_RECORD_CHARS, GameRecord
from machiavelli.core.writing import refuse_special


def read_record(path: Path | str) -> GameRecord:
    """Load a record (a regular file of at most MAX_RECORD_CHARS bytes);
    every failure is a RecordError naming the file."""
    path = Path(path)
    try:
        data = read_bounded(path, MAX_RECORD_CHARS)
    except FileError as exc:
        if exc.code == TOO_LARGE:
            raise RecordError("record-too-large", file=str(path), limit=MAX_RECORD_CHARS) from None
        if exc.code == NOT_A_FILE:
            raise RecordError("not-a-record", file=str(path), detail=exc.params.get("detail", ""),
                              why=exc.params.get("why")) from None
        raise RecordError(exc.code, file=str(path), detail=exc.params.get("detail", ""),
                          why=exc.params.get("why")) from None
    with named(path):
        return GameRecord.loads(data)


class named:
    """Context manager: RecordErrors raised inside name ``path`` as their file."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> Literal[False]:
        if isinstance(error, RecordError):
            error.params.setdefault("file", self.path)
        return False


def check_writable(path: Path | str, record: GameRecord | None = None, *, force: bool = False) -> None:
    """Raise unless writing ``record`` to ``path`` loses nothing: the file
    does not exist, or holds this very game at an earlier point, whoever
    sat in its seats then (:func:`same_game`), or ``force``. Without a record yet, only a missing file is safe."""
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    try:
        if not parent.is_dir():
            # Said before the game, not after it: a mistyped folder would lose the whole game.
            raise RecordError("cannot-write", file=str(path), detail="no such folder", why="no-such-folder")
        # A link or a pipe is refused before the game too, with --force as well.
        refuse_special(path)
        if force or not path.exists():
            return
    except OSError as exc:  # a name too long, a loop of links...: the system's reason, never a traceback
        raise RecordError("cannot-write", file=str(path), detail=exc.strerror or "", why=os_why(exc, writing=True)) \
            from None
    if record is not None:
        try:
            existing = read_record(path)
        except RecordError:
            existing = None
        if existing is not None and same_game(record, existing):
            return
    raise RecordError("file-exists", file=str(path))


def same_game(record: GameRecord, existing: GameRecord) -> bool:
    """Whether ``record`` is ``existing`` played further (or the same),
    whoever sits in its seats now. A loaded game may change who plays a seat
    (``play --load FILE --seat ...``): it is still the same game, and its
    record names the seats as they are at its last save."""
    if len(record.seats) != len(existing.seats):
        return False
    return record.continues(replace(existing, seats=record.seats))


def write_record(path: Path | str, record: GameRecord, *, force: bool = False) -> None:
    """Save atomically (a temporary file renamed over the target), refusing
    to replace a file that holds anything but an earlier point of this game.
    Leftover temporary files of earlier saves to ``path`` that were
    interrupted (kill -9) are removed (:func:`machiavelli.core.writing.clean_leftovers`)."""
    from machiavelli.core.writing import write_atomically

    path = Path(path)
    check_writable(path, record, force=force)
    text = record.dumps()
    try:
        write_atomically(path, text, sync=True)
    except OSError as exc:
        raise RecordError("cannot-write", file=str(path), detail=exc.strerror or str(exc),
                          why=os_why(exc, writing=True)) from None
