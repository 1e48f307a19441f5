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
  ``LL/LC_MESSAGES/messages.po`` catalogs, adding or overriding languages;
* ``machiavelli.commands``: a :class:`~machiavelli.core.present.GameCommand`
  a game adds to the command line, named by its word (``solve``): the
  command line lists the names without loading anything, and loads one
  command's entry point when it runs or its help is shown (:func:`load_named`).

A plugin that fails to load is reported as a :class:`Problem` and never
stops the others, whatever it raises (``SystemExit`` and
``KeyboardInterrupt`` too). What it prints while it loads is dropped: the
command's own output (``--json``) stays whole. A plugin whose import takes
more than :func:`load_seconds` is reported and skipped: an import cannot be
interrupted, so each is run in a thread of its own that is left behind if
it hangs (a daemon thread: it never keeps the program from ending).
Everything is looked up once per process.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TextIO

GAMES = "machiavelli.games"
VARIANTS = "machiavelli.variants"
BOTS = "machiavelli.bots"
LOCALES = "machiavelli.locales"
COMMANDS = "machiavelli.commands"
GROUPS = (GAMES, VARIANTS, BOTS, LOCALES, COMMANDS)
#: The distribution that ships Machiavelli itself.
OWN_DISTRIBUTION = "machiavelli-variants"
MAX_DETAIL_CHARS = 200
#: Seconds a plugin may take to load, unless MACHIAVELLI_PLUGIN_SECONDS says otherwise.
LOAD_SECONDS = 5.0
#: Problem.code of a plugin that did not load in time.
TIMED_OUT = "timed-out"


@dataclass(frozen=True, slots=True)
class Plugin:
    """One loaded entry point: ``origin`` names the distribution that
    declares it (``source``: that distribution, described when asked)."""

    group: str
    name: str
    value: str
    source: Any = field(repr=False, compare=False)
    obj: Any = None

    @property
    def origin(self) -> str:
        return _origin(self.source)


class Problem(NamedTuple):
    """A plugin that could not be used, and why (one line)."""

    group: str
    name: str
    origin: str
    detail: str
    #: What kind of problem: ``timed-out`` (:data:`TIMED_OUT`, the
    #: application says it in the user's language), or ``error``.
    code: str = "error"


def load_seconds() -> float:
    """How long a plugin may take to load: MACHIAVELLI_PLUGIN_SECONDS (a
    positive number) or :data:`LOAD_SECONDS`."""
    try:
        seconds = float(os.environ.get("MACHIAVELLI_PLUGIN_SECONDS", LOAD_SECONDS))
    except ValueError:
        return LOAD_SECONDS
    return seconds if 0 < seconds < float("inf") else LOAD_SECONDS


class _Muted:
    """A stream that drops what threads loading a plugin write to it and
    passes everything else on: while a plugin loads, and for good once one
    hung (its thread may print whenever it wakes up)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        if threading.current_thread().name.startswith(_THREAD):
            return len(text)
        return self._stream.write(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if not threading.current_thread().name.startswith(_THREAD):
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


_THREAD = "machiavelli-plugin-load"
#: Where this program's own entry points lead (machiavelli.games.cicera:GAME).
_OWN_PACKAGE = "machiavelli."
#: Modules whose import hung: loading from them again would wait on their lock.
_hung: set[str] = set()


class _Failed(Exception):
    def __init__(self, detail: str, code: str = "error") -> None:
        super().__init__(detail)
        self.detail, self.code = detail, code


def _guarded(ep: Any) -> Any:
    """What ``ep`` names, loaded in a thread that may take
    :func:`load_seconds`, its prints dropped; _Failed otherwise."""
    module = str(ep.value).partition(":")[0].strip()
    if module.startswith(_OWN_PACKAGE):
        # Our own modules, which neither hang nor print: loaded here, without
        # a thread, so that every command starts as fast as before.
        try:
            return ep.load()
        except Exception as exc:  # noqa: BLE001 - reported like any plugin's
            raise _Failed(_short(exc)) from None
    if any(module == m or module.startswith(m + ".") for m in _hung):
        raise _Failed(f"{module} did not load in time", TIMED_OUT)
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, ep.load()))
        except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt of a plugin are its problem
            outcome.append((False, exc))

    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Muted(saved[0]), _Muted(saved[1])
    thread = threading.Thread(target=run, name=f"{_THREAD}-{ep.name}", daemon=True)
    thread.start()
    thread.join(load_seconds())
    if thread.is_alive():
        # Left muted: the stuck thread may still print one day.
        _hung.add(module)
        raise _Failed(f"{module} did not load in {load_seconds():g} seconds", TIMED_OUT)
    # Also undoes a plugin's own replacing of the streams.
    sys.stdout, sys.stderr = saved
    ok, value = outcome[0]
    if not ok:
        raise _Failed(_short(value))
    return value


def _short(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    return text[:MAX_DETAIL_CHARS]


@functools.lru_cache(maxsize=256)
def _origin(source: Any) -> str:
    """``name version`` of a distribution (reading its metadata: only
    when a plugin is reported or listed, not for every command)."""
    if isinstance(source, str):
        return source
    if source is None:
        return "?"
    metadata = source.metadata
    name = metadata["Name"] if metadata is not None else None
    version = metadata["Version"] if metadata is not None else None
    return f"{name or '?'} {version or '?'}"


def _own(ep: Any, source: Any) -> bool:
    if isinstance(source, str):
        return source.split(" ")[0] == OWN_DISTRIBUTION
    return str(ep.value).startswith(_OWN_PACKAGE)


@functools.cache
def _declared() -> Any:
    """Every installed entry point, read once per process (pydantic has
    imported importlib.metadata already by the time a variant is loaded)."""
    from importlib.metadata import entry_points

    return entry_points()


@functools.cache
def _entry_points(group: str) -> tuple[tuple[Any, Any], ...]:
    """(entry point, source) of a group, the kernel's own first; the source
    is the declaring distribution (or its ``name version``)."""
    seen: set[tuple[str, str]] = set()
    out = []
    # A distribution on the path twice (an editable install and a build)
    # declares its entry points twice: keep the first.
    for ep in _declared().select(group=group):
        if (ep.name, ep.value) not in seen:
            seen.add((ep.name, ep.value))
            out.append((ep, getattr(ep, "dist", None)))
    return tuple(sorted(out, key=lambda item: (not _own(*item), item[0].name)))


@functools.cache
def load(group: str) -> tuple[tuple[Plugin, ...], tuple[Problem, ...]]:
    """Every plugin of ``group`` that loads, and a problem for each that does
    not; the kernel's own distribution comes first."""
    plugins: list[Plugin] = []
    problems: list[Problem] = []
    for ep, source in _entry_points(group):
        try:
            obj = _guarded(ep)
        except _Failed as failed:  # a broken plugin must not stop the others
            problems.append(Problem(group, ep.name, _origin(source), failed.detail[:MAX_DETAIL_CHARS], failed.code))
            continue
        plugins.append(Plugin(group, ep.name, ep.value, source, obj))
    return tuple(plugins), tuple(problems)


@functools.cache
def _by_name(group: str) -> tuple[Any, ...]:
    """The entry points of a group, one per name (the kernel's own, or the
    first on the path), in name order, without their origins: finding a
    distribution's name reads its metadata, which the command line must not
    pay for to list the games' commands."""
    found: dict[str, Any] = {}
    for ep in _declared().select(group=group):
        # The kernel's own entry point wins over another of its name, as in load().
        if ep.name not in found or (str(ep.value).startswith(_OWN_PACKAGE)
                                    and not str(found[ep.name].value).startswith(_OWN_PACKAGE)):
            found[ep.name] = ep
    return tuple(found[name] for name in sorted(found))


def names(group: str) -> tuple[str, ...]:
    """The names the entry points of ``group`` declare, in name order,
    without loading any."""
    return tuple(ep.name for ep in _by_name(group))


def load_named(group: str, name: str) -> Any:
    """What the entry point of ``group`` called ``name`` names, loaded
    without the group's others (None when there is none); ValueError when
    it does not load (:func:`load` reports why as a :class:`Problem`)."""
    for ep in _by_name(group):
        if ep.name == name:
            try:
                return _guarded(ep)
            except _Failed as failed:
                raise ValueError(failed.detail) from None
    return None


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
    _origin.cache_clear()
    _entry_points.cache_clear()
    _by_name.cache_clear()
    load.cache_clear()
