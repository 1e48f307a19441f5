"""The shipped variants, resolved once and kept in the user's cache folder.

Reading a shipped variant by name (``machiavelli meld check`` reads ``bga``)
means parsing its YAML, following its ``extends`` chain and building the
validators of its game's schema: more than the rest of a quick command. A
resolved shipped variant is kept instead, one file per name in
``variants/`` of :func:`~machiavelli.core.places.cache_folder`, and read
back by the next process.

A cached variant is used only when everything it was made from is as it
was: the program's, Python's and pydantic's versions, and the size and
modification time of every file involved (the variant files of the chain,
and the source of the modules that define the schema and resolve it).
Anything else is a miss: the variant is resolved from its files as always,
and the cache file written again.

A cache file is never trusted blindly. It is read as a regular file of at
most :data:`MAX_CACHE_BYTES`, must begin with :data:`MAGIC` and pass its
CRC-32; its header (plain data) is unpickled with no global allowed at all,
and the variant with only the program's own models (and cards) allowed as
classes and no other global, so that nothing runs but the building of
those objects; the result must be an instance of the schema of the game
the header names. A file that fails any of this is a
miss, never an error. Only shipped variants are cached: a user's own file
or a plugin's is validated on every read.
"""

from __future__ import annotations

import io
import os
import pickle
import sys
import zlib
from pathlib import Path
from typing import Any, Callable, Iterable

from machiavelli.core.files import FileError, read_bounded
from machiavelli.core.places import cache_folder
from machiavelli.core.variant import Variant

#: The first bytes of a cache file; the number is the format's.
MAGIC = b"machiavelli resolved variant 1\n"
#: A resolved variant pickles to some 10 KB; anything larger is not ours.
MAX_CACHE_BYTES = 1024 * 1024
#: The modules whose code decides what a variant file resolves to, besides
#: the schema's own (and its bases').
RESOLVING = ("machiavelli.core.variant", "machiavelli.core.variant_yaml", "machiavelli.core.cards",
             "machiavelli.core.melds", "machiavelli.core.checks", "machiavelli.app.library", __name__)
_OWN = "machiavelli."
#: The classes a cache file may name besides the program's own models.
_VALUES = {("machiavelli.core.cards", "Card")}

Schemas = Callable[[str], type[Variant]]


def _file(name: str) -> Path:
    return cache_folder() / "variants" / f"{name}.pickle"


def _stat(path: str) -> list[Any] | None:
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return [path, found.st_size, found.st_mtime_ns]


def _versions() -> dict[str, str]:
    from pydantic import VERSION

    from machiavelli import __version__

    return {"program": __version__, "python": sys.version, "pydantic": VERSION}


class _Unpickler(pickle.Unpickler):
    """Builds the program's own models and cards, and nothing else: any
    other global a file names is refused (the modules must be imported
    already: a cache file never imports one)."""

    def __init__(self, data: bytes, classes: bool = True) -> None:
        super().__init__(io.BytesIO(data))
        self.classes = classes
        self.modules: set[str] = set()

    def find_class(self, module: str, name: str) -> Any:
        from pydantic import BaseModel

        found = getattr(sys.modules.get(module), name, None) if self.classes and module.startswith(_OWN) else None
        if not isinstance(found, type) or not (issubclass(found, BaseModel) or (module, name) in _VALUES):
            raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a variant cache")
        self.modules.add(module)
        return found


def _source(name: str) -> str | None:
    """The file of one of the program's modules, imported or not (a module
    that only resolving needs, such as the YAML reader, is not imported
    when a variant comes from the cache)."""
    module = sys.modules.get(name)
    if module is not None:
        path = getattr(module, "__file__", None)
        return path if isinstance(path, str) else None
    package, _, leaf = name.rpartition(".")
    folders = getattr(sys.modules.get(package), "__path__", None)
    return os.path.join(next(iter(folders)), leaf + ".py") if folders and leaf.isidentifier() else None


def _modules(schema: type[Variant], used: Iterable[str]) -> list[list[Any]] | None:
    """[module, file, size, modification time] of every module that
    decides the variant; None when one has no file to check."""
    names = {*RESOLVING, *used, *(c.__module__ for c in schema.__mro__ if c.__module__.startswith(_OWN))}
    out = []
    for name in sorted(names):
        path = _source(name)
        found = _stat(path) if path is not None else None
        if found is None:
            return None
        out.append([name, *found])
    return out


def load(name: str, path: Path, schemas: Schemas) -> Variant | None:
    """The shipped variant ``name`` (its file: ``path``) from the cache;
    None when the cache has no sound, current copy of it."""
    try:
        data = read_bounded(_file(name), MAX_CACHE_BYTES)
    except FileError:
        return None
    try:
        return _parse(data, name, path, schemas)
    except Exception:  # noqa: BLE001 - a cache file that does not read, whatever is wrong with it, is a miss
        return None


def _parse(data: bytes, name: str, path: Path, schemas: Schemas) -> Variant | None:
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + 8:
        return None
    body = data[len(MAGIC):]
    if zlib.crc32(body[4:]) != int.from_bytes(body[:4], "big"):
        return None
    size = int.from_bytes(body[4:8], "big")
    header = _Unpickler(body[8:8 + size], classes=False).load()
    if not isinstance(header, dict) or header.get("name") != name or header.get("versions") != _versions():
        return None
    files = header.get("files")
    if not isinstance(files, list) or not files or files[0][0] != str(path):
        return None
    if any(_stat(file[0]) != file for file in files):
        return None
    game = header.get("game")
    schema = schemas(game) if isinstance(game, str) else None
    if schema is None or header.get("modules") != _modules(schema, [m[0] for m in header["modules"]]):
        return None
    variant = _Unpickler(body[8 + size:]).load()
    return variant if type(variant) is schema else None


def store(name: str, variant: Variant, files: Iterable[Path], schemas: Schemas) -> None:
    """Keep the shipped variant ``name``, resolved from ``files`` (its own
    first, then its chain's). A cache that cannot be written only costs
    speed: nothing is said."""
    try:
        schema = schemas(variant.game)
        payload = pickle.dumps(variant, protocol=pickle.HIGHEST_PROTOCOL)
        reader = _Unpickler(payload)
        if reader.load() != variant:  # only what reads back as the same variant is kept
            return
        modules = _modules(schema, reader.modules)
        stats = [_stat(str(file)) for file in files]
        if modules is None or None in stats or type(variant) is not schema:
            return
        header = pickle.dumps({"name": name, "game": variant.game, "versions": _versions(), "files": stats,
                               "modules": modules}, protocol=pickle.HIGHEST_PROTOCOL)
        body = len(header).to_bytes(4, "big") + header + payload
        target = _file(name)
        target.parent.mkdir(parents=True, exist_ok=True)
    except Exception:  # noqa: BLE001 - whatever does not pickle or cannot be kept: the variant is still returned
        return
    import tempfile

    try:  # atomic, so that another process never reads half a file
        with tempfile.NamedTemporaryFile(dir=target.parent, prefix=f".{name}.", delete=False) as tmp:
            tmp.write(MAGIC + zlib.crc32(body).to_bytes(4, "big") + body)
        os.replace(tmp.name, target)
    except OSError:  # a full disk, a read-only home: it only costs speed
        try:
            os.unlink(tmp.name)
        except (OSError, NameError):
            pass
