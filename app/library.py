"""Finding variants: by name among the shipped ones, the user's own folder
and installed plugins, or by the path of a YAML file.

Names are looked up in that order. The shipped names are reserved: a
user's file or a plugin's that takes one is reported (``machiavelli
plugins``) and not used, so ``bga`` always means Board Game Arena's rules.
Between the user's folder and plugins, the user's file wins.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable, NamedTuple, Sequence

from machiavelli.core import plugins, registry
from machiavelli.core.places import data_folder
from machiavelli.core.errors import SetupError, VariantError
from machiavelli.core.files import MISSING, NOT_A_FILE, TOO_LARGE, FileError, read_bounded
from machiavelli.core.variant import Variant, resolve, split_call

from .resources import data_dir
from machiavelli.core.i18n import join_values

YAML_SUFFIXES = (".yaml", ".yml")
#: The user's own variants folder (overrides the platform's data folder).
VARIANTS_ENV = "MACHIAVELLI_VARIANTS_DIR"
#: Most variant files read from one folder.
MAX_FILES_PER_FOLDER = 1000

SHIPPED, USER, PLUGIN = "shipped", "user", "plugin"


class Found(NamedTuple):
    """Where a variant name comes from: ``kind`` is shipped, user or plugin;
    ``origin`` names the plugin's distribution."""

    name: str
    path: Path
    kind: str
    origin: str = ""

    @property
    def source(self) -> str:
        return f"{self.kind} {self.origin}".strip()


class Conflict(NamedTuple):
    """A variant file that was not used because its name is taken."""

    name: str
    path: Path
    source: str
    taken_by: str


def source_name(source: str) -> str:
    """Where a variant comes from (``Found.source``), in the user's language."""
    from machiavelli.core.i18n import _

    kind, _sep, origin = source.partition(" ")
    if kind == SHIPPED:
        # TRANSLATORS: Variants list and plugins.
        return _("shipped")
    if kind == USER:
        # TRANSLATORS: Variants list and plugins.
        return _("your folder")
    # TRANSLATORS: where a variant comes from (variants list, plugins); {name} is a plugin's
    # distribution.
    return _("plugin {name}", name=origin)


def shipped_dir() -> Path:
    return data_dir("variants")


def user_dir() -> Path:
    """The user's own variants: ``--variant myhouse`` finds ``myhouse.yaml`` here."""
    if os.environ.get(VARIANTS_ENV):
        return Path(os.environ[VARIANTS_ENV]).expanduser()
    return data_folder() / "variants"


def _yaml_files(folder: Path) -> list[Path]:
    """Regular ``*.yaml`` files of a folder, by name (links and oddities left out)."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return []
    files = [p for p in entries if p.suffix == ".yaml" and not p.is_symlink() and p.is_file()]
    return files[:MAX_FILES_PER_FOLDER]


def shipped_names(game: str | None = None) -> list[str]:
    """The shipped variants' names (of one game only, when ``game`` is given)."""
    names = [p.stem for p in _yaml_files(shipped_dir())]
    return names if game is None else [n for n in names if load_variant(n).game == game]


@lru_cache(maxsize=1)
def _index_cached(user: Path) -> tuple[dict[str, Found], tuple[Conflict, ...]]:
    found: dict[str, Found] = {}
    conflicts: list[Conflict] = []

    def offer(item: Found) -> None:
        if item.name in found:
            conflicts.append(Conflict(item.name, item.path, item.source, found[item.name].source))
        else:
            found[item.name] = item

    for path in _yaml_files(shipped_dir()):
        offer(Found(path.stem, path, SHIPPED))
    for path in _yaml_files(user):
        offer(Found(path.stem, path, USER))
    for plugin, folder in plugins.folders(plugins.VARIANTS)[0]:
        if plugin.origin.split(" ")[0] == plugins.OWN_DISTRIBUTION:
            continue  # the shipped folder, already read
        for path in _yaml_files(folder):
            offer(Found(path.stem, path, PLUGIN, plugin.origin))
    return found, tuple(conflicts)


def index() -> dict[str, Found]:
    """Every variant known by name."""
    return _index_cached(user_dir())[0]


def conflicts() -> tuple[Conflict, ...]:
    """Variant files not used because another took the name first."""
    return _index_cached(user_dir())[1]



def _read(path: Path, label: str) -> bytes:
    """A variant file's bytes (regular files of at most MAX_VARIANT_BYTES
    only); VariantError naming ``label`` otherwise."""
    from machiavelli.core.variant_yaml import MAX_VARIANT_BYTES

    try:
        return read_bounded(path, MAX_VARIANT_BYTES, label)
    except FileError as exc:
        if exc.code == MISSING:
            raise VariantError("missing-file", file=label, path="", line=None, detail="no such file",
                               why="no-such-file") from None
        why = exc.params.get("why")
        if exc.code == NOT_A_FILE:
            detail = "is a directory, not a file" if why == "directory" else \
                f"is not a regular file ({exc.params.get('detail')})"
        elif exc.code == TOO_LARGE:
            detail = f"file is larger than the limit of {MAX_VARIANT_BYTES} bytes"
        else:
            detail = str(exc.params.get("detail") or "cannot be read")
        raise VariantError(file=label, path="", line=None, detail=detail, why=why,
                           limit=MAX_VARIANT_BYTES) from None


def _looks_like_path(spec: str) -> bool:
    return spec.endswith(YAML_SUFFIXES) or "/" in spec or "\\" in spec


def _unknown(name: str) -> VariantError:
    return VariantError("unknown-variant", file=name, path="", line=None, detail="no such variant", why="no-such-variant",
                        name=name, available=join_values(sorted(index())))


def not_for(name: str, game: str) -> SetupError:
    """The error for a variant ``name`` of another game where only ``game``'s
    will do: the variant is sound, the command is not for it."""
    return SetupError("variant-of-another-game", variant=name, game=game)


def _fetcher(base: Path | None) -> Callable[[str], tuple[bytes, str]]:
    """``fetch`` for :func:`resolve`: what an ``extends:`` may name.

    * A variant known by name (shipped, the user's folder, a plugin).
    * A ``.yaml`` or ``.yml`` file in the same folder as the file that
      names it, by its bare file name: no absolute path, no ``..``, no
      subfolder, and no link that leads out of the folder.

    Nothing else: a variant from a stranger cannot read an arbitrary file
    by naming it. And an error never quotes a word of a file that is not a
    proper variant file: a variant known by name is one (those folders hold
    variants), a file named by path is one only if it reads as a mapping of
    the keys of its game's variant schema and nothing else. Any other file
    is refused as "not a variant file", with no key, value or YAML problem
    of it in the message.
    """
    folder: list[Path | None] = [base]  # the folder of the file whose extends: is followed

    def fetch(name: str) -> tuple[bytes, str]:
        if not _looks_like_path(name):
            found = _named(name)
            if found is None:
                raise _unknown(name)
            folder[0] = found.path.parent
            return _read(found.path, name), str(found.path)
        path = _beside(folder[0], name)
        label = str(path)
        text = _read(path, label)
        _require_variant(text, label)
        return text, str(path.resolve())
    return fetch


def _beside(folder: Path | None, name: str) -> Path:
    """The file ``name`` in ``folder``, if ``name`` is a bare ``.yaml`` or
    ``.yml`` file name there (``./`` allowed) and is not a link leading out
    of it; VariantError otherwise."""
    bare = name[2:] if name.startswith("./") else name
    if (folder is None or not bare.endswith(YAML_SUFFIXES) or "/" in bare or "\\" in bare or bare.startswith(".")
            or Path(bare).is_absolute() or ":" in bare):
        raise VariantError("bad-extends", file=name, path="", line=None,
                           detail="extends names a variant, or a .yaml file in the same folder by its file name",
                           why="extends-where")
    path = folder / bare
    try:
        escapes = os.path.dirname(os.path.realpath(path)) != os.path.realpath(folder)
    except (OSError, ValueError):
        escapes = True
    if escapes:
        raise VariantError("bad-extends", file=name, path="", line=None,
                           detail="the file is a link that leads out of its folder", why="link-out")
    return path


def _require_variant(text: bytes, label: str) -> None:
    """Refuse, without quoting it, a file named by path that is not a
    proper variant file (see :func:`_fetcher`)."""
    from machiavelli.core.variant_yaml import parse_source

    not_variant = VariantError("bad-extends", file=label, path="", line=None, detail="it is not a variant file",
                               why="not-a-variant-file")
    try:
        data = parse_source(text, label).data
    except VariantError:
        raise not_variant from None
    game = data.get("game", registry.DEFAULT_GAME)
    try:
        keys = set(_schema(game).model_fields) if isinstance(game, str) else set()
    except VariantError:
        keys = set()
    if not keys or any(not isinstance(key, str) or key not in keys for key in data):
        raise not_variant


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def _named(name: str) -> Found | None:
    """The variant called ``name``. Shipped names are reserved, so a shipped
    one is found without reading the user's folder or the plugins."""
    if _NAME.fullmatch(name):
        path = shipped_dir() / f"{name}.yaml"
        if path.is_file() and not path.is_symlink():
            return Found(name, path, SHIPPED)
    return index().get(name)


def _schema(game: str) -> type[Variant]:
    return registry.game(game).variant_schema


def load_variant(spec: str, overrides: Sequence[str] = ()) -> Variant:
    """A variant by name (shipped, the user's folder, a plugin) or a YAML
    file by path; ``extends`` inside a file may name any known variant or a
    ``.yaml`` file in the same folder (see :func:`_fetcher`). The one-line
    form ``bga(hand_size=13, aces=wrap)`` is ``bga`` with those overrides,
    applied before ``overrides`` (see :func:`split_call`)."""
    if "(" in spec and not _is_file(spec):
        call = split_call(spec)
        if call is not None:
            return load_variant(call[0], [*call[1], *overrides])
    found = None if _looks_like_path(spec) else _named(spec)
    if found is not None and found.kind == SHIPPED and not overrides and _NAME.fullmatch(spec):
        return _shipped(found)
    if found is not None:
        text, base, label, default = _read(found.path, spec), found.path.parent, spec, spec
    elif _looks_like_path(spec) or _is_file(spec):
        path = Path(spec)
        text, base, label, default = _read(path, spec), path.parent, spec, _stem(path)
    else:
        raise _unknown(spec)
    return resolve(text, label, _fetcher(base), default_name=default, overrides=tuple(overrides),
                   schemas=_schema)


def _shipped(found: Found) -> Variant:
    """A shipped variant by name: from the cache of resolved variants
    (:mod:`.variant_cache`) when it holds a current copy, else resolved and
    kept there. A shipped variant's chain is shipped files only (the
    shipped names are reserved); one that reaches any other is not kept."""
    from . import variant_cache

    cached = variant_cache.load(found.name, found.path, _schema)
    if cached is not None:
        return cached
    read = [found.path]
    fetch = _fetcher(found.path.parent)

    def recording(name: str) -> tuple[bytes, str]:
        text, label = fetch(name)
        read.append(Path(label))
        return text, label

    variant = resolve(_read(found.path, found.name), found.name, recording, default_name=found.name,
                      schemas=_schema)
    shipped = shipped_dir()
    if all(path.parent == shipped for path in read):
        variant_cache.store(found.name, variant, read, _schema)
    return variant


def load_variant_file(path: str, overrides: Sequence[str] = ()) -> Variant:
    """A user's YAML file, even one whose name looks like a shipped variant's."""
    file = Path(path)
    return resolve(_read(file, path), path, _fetcher(file.parent), default_name=_stem(file),
                   overrides=tuple(overrides), schemas=_schema)


def _is_file(spec: str) -> bool:
    """Whether ``spec`` names a file; False for what no file can be called
    (a name longer than the system allows, a NUL), which is then looked up
    as a variant's name and reported as unknown."""
    try:
        return Path(spec).is_file()
    except (OSError, ValueError):
        return False


def _stem(path: Path) -> str:
    stem = "".join(ch if ch.isalnum() or ch in "_.-" else "-" for ch in path.stem).strip("-.") or "custom"
    return stem[:64]



def all_known() -> list[tuple[Found, Variant | VariantError]]:
    """Every variant known by name, loaded, or the error that stops it."""
    out: list[tuple[Found, Variant | VariantError]] = []
    for name, found in index().items():
        try:
            out.append((found, load_variant(name)))
        except VariantError as exc:
            out.append((found, exc))
    return out
