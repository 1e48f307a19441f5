"""Plugins: games, variants, computer players and languages that installed
distributions declare through entry points (as pytest and Datasette find
theirs).

Groups and what an entry point names:

* ``machiavelli.games``: a :class:`~machiavelli.core.registry.GameDefinition`;
* ``machiavelli.variants``: an importable package whose folder holds
  ``*.yaml`` variant files;
* ``machiavelli.bots``: a bot factory ``factory(seed) -> Bot``; its ``game``
  attribute names the game it plays (default: Machiavelli);
* ``machiavelli.locales``: an importable package whose folder holds
  ``LL/LC_MESSAGES/messages.po`` catalogs, adding or overriding languages.

A plugin that fails to load is reported as a :class:`Problem` and never
stops the others. Everything is looked up once per process.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
import sys
from dataclasses import dataclass
from importlib.machinery import PathFinder
from pathlib import Path
from typing import Any, NamedTuple

GAMES = "machiavelli.games"
VARIANTS = "machiavelli.variants"
BOTS = "machiavelli.bots"
LOCALES = "machiavelli.locales"
GROUPS = (GAMES, VARIANTS, BOTS, LOCALES)
#: The distribution that ships Machiavelli itself.
OWN_DISTRIBUTION = "machiavelli-variants"
MAX_DETAIL_CHARS = 200


@dataclass(frozen=True, slots=True)
class Plugin:
    """One loaded entry point: ``origin`` is the distribution that declares it."""

    group: str
    name: str
    value: str
    origin: str
    obj: Any


@dataclass(frozen=True, slots=True)
class Problem:
    """A plugin that could not be used, and why (one line)."""

    group: str
    name: str
    origin: str
    detail: str


def _short(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    return text[:MAX_DETAIL_CHARS]


# How importlib.metadata reads an entry point's value: ``module``,
# ``module:attribute.path``, optional ``[extras]``.
_VALUE = r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$"


class EntryPoint(NamedTuple):
    """One entry point that a distribution declares; ``origin`` is that
    distribution's name and version."""

    group: str
    name: str
    value: str
    origin: str

    def load(self) -> Any:
        """The object the entry point names (imported as importlib.metadata does)."""
        match = re.match(_VALUE, self.value)
        if match is None:
            raise ValueError(f"{self.value!r} names no module")
        obj: Any = importlib.import_module(match.group("module"))
        for attribute in filter(None, (match.group("attr") or "").split(".")):
            obj = getattr(obj, attribute)
        return obj


# -- finding entry points ------------------------------------------------------
#
# importlib.metadata costs more to import than everything else a quick
# command does, so the usual case is read here with the standard library
# alone: the ``*.dist-info`` and ``*.egg-info`` folders of the directories on
# sys.path, the first distribution of each name winning, as importlib.metadata
# finds them. Anything else (a zip file or an egg on sys.path, another
# distribution finder installed) is left to importlib.metadata.


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def _metadata_folders() -> list[str] | None:
    """The metadata folder of every distribution on sys.path, in the order
    importlib.metadata finds them; None when only importlib.metadata can tell."""
    if any(getattr(finder, "find_distributions", None) is not None and finder is not PathFinder
           for finder in sys.meta_path):
        return None
    seen: set[str] = set()
    found: list[str] = []
    for entry in sys.path:
        if not isinstance(entry, str) or os.path.basename(entry).lower().endswith(".egg"):
            return None
        root = entry or "."
        try:
            children = os.listdir(root)
        except OSError:
            if os.path.isfile(root):
                return None
            continue
        here: dict[str, str] = {}
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")):
                here.setdefault(_normalized(low.rpartition(".")[0].partition("-")[0]), os.path.join(root, child))
        for name, folder in here.items():
            if name not in seen:
                seen.add(name)
                found.append(folder)
    return found


def _read(folder: str, name: str) -> str | None:
    try:
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return None


def _declared_groups(text: str) -> list[tuple[str, str, str]]:
    """(group, name, value) of the entry points of Machiavelli's groups in an
    ``entry_points.txt``."""
    out: list[tuple[str, str, str]] = []
    group = None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line.strip("[]")
            continue
        name, sep, value = line.partition("=")
        if group in GROUPS and sep:
            out.append((group, name.strip(), value.strip()))
    return out


def _name_and_version(folder: str) -> str:
    """``name version`` from a metadata folder's headers (METADATA or PKG-INFO)."""
    for file in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(folder, file), encoding="utf-8") as handle:
                headers: dict[str, str] = {}
                for line in handle:
                    if not line.strip():
                        break
                    key, sep, value = line.partition(":")
                    if sep and not line[0].isspace():
                        headers.setdefault(key.strip().lower(), value.strip())
        except (OSError, UnicodeDecodeError):
            continue
        return f"{headers.get('name') or '?'} {headers.get('version') or '?'}"
    return "? ?"


def _origin(dist: Any) -> str:
    if dist is None:
        return "?"
    name = dist.metadata["Name"] if dist.metadata is not None else None
    return f"{name or '?'} {dist.version}"


@functools.cache
def _declared() -> tuple[EntryPoint, ...]:
    """Every entry point of Machiavelli's groups, from every installed distribution."""
    folders = _metadata_folders()
    out: list[EntryPoint] = []
    if folders is None:
        from importlib.metadata import entry_points

        for group in GROUPS:
            out.extend(EntryPoint(group, ep.name, ep.value, _origin(getattr(ep, "dist", None)))
                       for ep in entry_points(group=group))
        return tuple(out)
    for folder in folders:
        text = _read(folder, "entry_points.txt")
        declared = _declared_groups(text) if text else []
        if declared:
            origin = _name_and_version(folder)
            out.extend(EntryPoint(group, name, value, origin) for group, name, value in declared)
    return tuple(out)


@functools.cache
def _entry_points(group: str) -> tuple[EntryPoint, ...]:
    seen: set[tuple[str, str]] = set()
    out = []
    # A distribution on the path twice (an editable install and a build)
    # declares its entry points twice: keep the first.
    for ep in _declared():
        if ep.group == group and (ep.name, ep.value) not in seen:
            seen.add((ep.name, ep.value))
            out.append(ep)
    return tuple(sorted(out, key=lambda ep: (OWN_DISTRIBUTION not in ep.origin, ep.name)))


@functools.cache
def load(group: str) -> tuple[tuple[Plugin, ...], tuple[Problem, ...]]:
    """Every plugin of ``group`` that loads, and a problem for each that does
    not; the kernel's own distribution comes first."""
    plugins: list[Plugin] = []
    problems: list[Problem] = []
    for ep in _entry_points(group):
        try:
            obj = ep.load()
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not stop the others
            problems.append(Problem(group, ep.name, ep.origin, _short(exc)))
            continue
        plugins.append(Plugin(group, ep.name, ep.value, ep.origin, obj))
    return tuple(plugins), tuple(problems)


def folder_of(plugin: Plugin) -> Path | None:
    """The folder of a plugin that names a package (variants, locales)."""
    paths = getattr(plugin.obj, "__path__", None)
    if paths:
        return Path(next(iter(paths)))
    file = getattr(plugin.obj, "__file__", None)
    return Path(file).parent if file else None


def folders(group: str) -> tuple[list[tuple[Plugin, Path]], list[Problem]]:
    """(plugin, folder) of each package plugin of ``group``, and problems."""
    plugins, problems = load(group)
    found: list[tuple[Plugin, Path]] = []
    extra: list[Problem] = []
    for plugin in plugins:
        folder = folder_of(plugin)
        if folder is None or not folder.is_dir():
            extra.append(Problem(group, plugin.name, plugin.origin, f"{plugin.value} is not a package with a folder"))
        else:
            found.append((plugin, folder))
    return found, [*problems, *extra]


def reset() -> None:
    """Forget what was found (tests; ``registry.reset`` calls it)."""
    _declared.cache_clear()
    _entry_points.cache_clear()
    load.cache_clear()
