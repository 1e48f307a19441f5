"""Where the program keeps a user's own files.

One definition for the kernel and the application: the platform's user data
folder (platformdirs), or ``MACHIAVELLI_DATA_DIR``. Variants, records and
translations started with ``machiavelli locales init`` live below it, never
in the installed package.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "machiavelli-variants"
DATA_ENV = "MACHIAVELLI_DATA_DIR"
#: A translator's catalogs, when they are kept elsewhere than the data folder.
LOCALES_ENV = "MACHIAVELLI_LOCALES_DIR"
#: Where the program keeps what it can make again (compiled catalogs,
#: resolved variants), instead of the user's cache directory.
CACHE_ENV = "MACHIAVELLI_CACHE_DIR"


def data_folder() -> Path:
    """The program's folder in the platform's user data folder, or
    ``MACHIAVELLI_DATA_DIR``."""
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV]).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def user_locales() -> Path:
    """The user's own catalogs (``LL/LC_MESSAGES/messages.po``): read before
    plugins' and the shipped ones, so a translation in progress is used at once."""
    if os.environ.get(LOCALES_ENV):
        return Path(os.environ[LOCALES_ENV]).expanduser()
    return data_folder() / "locales"


def cache_folder() -> Path:
    """The program's folder in the user's cache directory
    (``$XDG_CACHE_HOME`` or ``~/.cache``), or ``MACHIAVELLI_CACHE_DIR``:
    files made again when they are missing or do not read."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    root = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(root) / APP_NAME
