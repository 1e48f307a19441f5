"""Where the shipped data lives: installed package data, or the checkout."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """``variants`` or ``locales``: installed beside this package (see
    pyproject's package-dir), or at the top of the checkout."""
    installed = _HERE / name
    return installed if installed.is_dir() else _HERE.parent / name
