"""The example plugin (tests/plugin_example) as a third party ships it: built
and installed into a folder as a real distribution, and the commands run in
a fresh process that finds it on PYTHONPATH (tests/core/test_plugins.py,
tests/conformance/test_plugin_game.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parent / "plugin_example"


def run(env: dict[str, str], *args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "machiavelli", *args], env=env, capture_output=True,
                          text=True, timeout=120, input=input)


def environment(tmp: Path, **extra: str) -> dict[str, str]:
    """An environment of our own: no language from the caller, fresh data, variants and cache folders."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(MACHIAVELLI_VARIANTS_DIR=str(tmp / "own"), MACHIAVELLI_DATA_DIR=str(tmp / "data"),
               MACHIAVELLI_CACHE_DIR=str(tmp / "cache"), LANG="C.UTF-8", **extra)
    return env


def install(tmp: Path) -> Path:
    """The example plugin built and installed into ``tmp/site``; that folder."""
    source = tmp / "source"
    shutil.copytree(EXAMPLE, source)
    target = tmp / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--target", str(target), str(source)], check=True, capture_output=True,
                   timeout=300)
    assert list(target.glob("myhouse_plugin-1.0.dist-info"))
    return target


def installed_environment(tmp: Path) -> dict[str, str]:
    return environment(tmp, PYTHONPATH=str(install(tmp)))
