"""Finding variants: shipped names and users' YAML files."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from machiavelli.core.errors import VariantError
from machiavelli.core import registry
from machiavelli.core.variant import MAX_VARIANT_BYTES, Variant, resolve

from .resources import data_dir

YAML_SUFFIXES = (".yaml", ".yml")


def shipped_dir() -> Path:
    return data_dir("variants")


def shipped_names() -> list[str]:
    return sorted(p.stem for p in shipped_dir().glob("*.yaml"))


def _read(path: Path, label: str) -> bytes:
    try:
        if path.stat().st_size > MAX_VARIANT_BYTES:
            raise VariantError(file=label, path="", line=None,
                               detail=f"file is larger than the limit of {MAX_VARIANT_BYTES} bytes")
        return path.read_bytes()
    except FileNotFoundError:
        raise VariantError("missing-file", file=label, path="", line=None, detail="no such file") from None
    except IsADirectoryError:
        raise VariantError(file=label, path="", line=None, detail="is a directory, not a file") from None
    except OSError as exc:
        raise VariantError(file=label, path="", line=None, detail=exc.strerror or "cannot be read") from None


def _looks_like_path(spec: str) -> bool:
    return spec.endswith(YAML_SUFFIXES) or "/" in spec or "\\" in spec


def _fetcher(base: Path | None):
    def fetch(name: str) -> tuple[bytes, str]:
        if _looks_like_path(name):
            path = Path(name) if base is None or Path(name).is_absolute() else base / name
            return _read(path, str(path)), str(path.resolve())
        if name in shipped_names():
            path = shipped_dir() / f"{name}.yaml"
            return _read(path, name), str(path)
        raise VariantError("unknown-variant", file=name, path="", line=None,
                           detail="no such variant", name=name, available=", ".join(shipped_names()))
    return fetch


def load_variant(spec: str, overrides: Sequence[str] = ()) -> Variant:
    """A shipped variant by name, or a user's YAML file by path; ``extends``
    inside a user's file may name a shipped variant or a path relative to it."""
    if not _looks_like_path(spec) and spec in shipped_names():
        path = shipped_dir() / f"{spec}.yaml"
        text, base, label, default = _read(path, spec), path.parent, spec, spec
    elif _looks_like_path(spec) or Path(spec).is_file():
        path = Path(spec)
        text, base, label, default = _read(path, spec), path.parent, spec, _stem(path)
    else:
        raise VariantError("unknown-variant", file=spec, path="", line=None, detail="no such variant",
                           name=spec, available=", ".join(shipped_names()))
    return resolve(text, label, _fetcher(base), default_name=default, overrides=tuple(overrides),
                   schemas=_schema)


def load_variant_file(path: str, overrides: Sequence[str] = ()) -> Variant:
    """A user's YAML file, even one whose name looks like a shipped variant's."""
    file = Path(path)
    return resolve(_read(file, path), path, _fetcher(file.parent), default_name=_stem(file),
                   overrides=tuple(overrides), schemas=_schema)


def _schema(game: str) -> type[Variant]:
    return registry.game(game).variant_schema


def _stem(path: Path) -> str:
    stem = "".join(ch if ch.isalnum() or ch in "_.-" else "-" for ch in path.stem).strip("-.") or "custom"
    return stem[:64]


def all_shipped() -> list[Variant]:
    return [load_variant(name) for name in shipped_names()]
