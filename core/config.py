"""The user's configuration: a few settings the program remembers.

A small TOML file, ``config.toml``, in the platform's user configuration
folder (``MACHIAVELLI_CONFIG_DIR`` overrides the folder)::

    cards = "en"    # how ambiguous cards are read: "en" or "local"
    faces = "hanzi" # how cards are drawn, where a game offers it: "hanzi" or "letters"
    opponents-machiavelli = "club"  # the computer players a person meets in a game

The file is read with a size limit; anything wrong with it (too large, not
TOML, a value this program does not know) is ignored with one warning line
on standard error, and the program goes on as if it said nothing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from machiavelli.core.files import MISSING, FileError, read_bounded
from machiavelli.core.places import APP_NAME
from machiavelli.core.i18n import _
from machiavelli.core.terminal import printable
from machiavelli.core.i18n import join_values

#: The environment variable naming the configuration folder.
CONFIG_ENV = "MACHIAVELLI_CONFIG_DIR"
FILE_NAME = "config.toml"
#: The largest configuration file read.
MAX_CONFIG_BYTES = 16 * 1024
#: Every setting and the values it may take.
SETTINGS: dict[str, tuple[str, ...]] = {
    "cards": ("en", "local"),
    "faces": ("hanzi", "letters"),
}

#: Settings whose names begin so take a name (a computer player of a game,
#: ``opponents-machiavelli = "club"``), checked where it is used.
NAMED = ("opponents-",)

_cache: dict[str, str] | None = None


def config_folder() -> Path:
    if os.environ.get(CONFIG_ENV):
        return Path(os.environ[CONFIG_ENV]).expanduser()
    from platformdirs import user_config_path

    return user_config_path(APP_NAME, appauthor=False)


def config_file() -> Path:
    return config_folder() / FILE_NAME


def _warn(path: Path, detail: str) -> None:
    # TRANSLATORS: A warning about the configuration file; {file} is a file's path, {detail} is what
    # went wrong, in words (may come from the system in English).
    print(_("Ignoring the configuration file {file}: {detail}", file=printable(str(path), visible=True),
            detail=printable(detail, visible=True)), file=sys.stderr)


def _read(path: Path) -> dict[str, str]:
    try:
        data = read_bounded(path, MAX_CONFIG_BYTES)
    except FileError as exc:
        if exc.code != MISSING:
            _warn(path, str(exc.params.get("detail") or exc.code))
        return {}
    import tomllib  # only when there is a file: most users have none

    try:
        table: dict[str, Any] = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        _warn(path, str(exc))
        return {}
    settings: dict[str, str] = {}
    bad: list[str] = []
    for key, value in table.items():
        allowed = SETTINGS.get(key)
        if allowed is None and key.startswith(NAMED):
            if isinstance(value, str) and value.isascii() and value.replace("-", "").isalnum() and len(value) < 40:
                settings[key] = value
            else:
                bad.append(f"{key} = {value!r}")
            continue
        if allowed is None:
            continue  # a setting of another version of the program
        if value in allowed:
            settings[key] = value
        else:
            bad.append(f"{key} = {value!r}")
    if bad:
        _warn(path, join_values(bad))
    return settings


def settings() -> dict[str, str]:
    """The remembered settings (read once per run)."""
    global _cache
    if _cache is None:
        _cache = _read(config_file())
    return dict(_cache)


def get(key: str) -> str | None:
    return settings().get(key)


def remember(key: str, value: str | None) -> None:
    """Keep ``key = value`` in the file (None forgets the key); a file that
    cannot be written costs one warning line, never the command."""
    from machiavelli.core.writing import write_atomically

    global _cache
    current = settings()
    if current.get(key) == value:
        return
    if value is None:
        current.pop(key, None)
    else:
        current[key] = value
    path = config_file()
    text = "".join(f'{k} = "{v}"\n' for k, v in sorted(current.items()))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
    except OSError as exc:
        print(_("Cannot write {file}: {detail}", file=printable(str(path), visible=True),
                detail=exc.strerror or str(exc)), file=sys.stderr)
        return
    _cache = current


def forget_cache() -> None:
    """Read the file again the next time (tests, and a changed folder)."""
    global _cache
    _cache = None
