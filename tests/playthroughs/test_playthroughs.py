"""Golden playthroughs (tests/playthroughs/): each game's default variant
played by its computer players, every seat's terminal table, web JSON and
legal moves at every step, compared with the stored transcript.

A difference is a change in what some seat sees or in how the game went:
if it is meant, regenerate with ``python tests/playthroughs/make.py GAME``
and review the diff."""

from __future__ import annotations

import difflib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from suite_paths import ROOT

FOLDER = Path(__file__).resolve().parent
MAKE = FOLDER / "make.py"


def _load():
    name = "playthroughs_make"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, MAKE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


make = _load()
#: The transcripts by their file's stem (machiavelli-bga, machiavelli-makiaveli, cicera, ...).
SETUPS = {Path(setup.file).stem: setup for setup in make.SETUPS}


def _difference(stored: str, made: str, file: str, game: str) -> str:
    old, new = stored.splitlines(), made.splitlines()
    first = next((k for k, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    diff = list(difflib.unified_diff(old, new, f"stored {file}", "regenerated", n=3, lineterm=""))
    shown = "\n".join(line[:300] for line in diff[:60])
    more = f"\n… {len(diff) - 60} more diff lines" if len(diff) > 60 else ""
    where = next((line for line in reversed(old[:first + 1]) if line.startswith("=== ")), "the header")
    return (f"The playthrough of {game} differs from tests/playthroughs/{file}, first at line {first + 1}, "
            f"in {where!r} (stored {len(old)} lines, regenerated {len(new)}):\n{shown}{more}\n"
            f"If the change is meant, regenerate it with: python tests/playthroughs/make.py {game} "
            f"(and review the diff).")


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_playthrough_is_unchanged(game):
    setup = SETUPS[game]
    path = FOLDER / setup.file
    assert path.exists(), f"no {path.name}: make it with python tests/playthroughs/make.py {game}"
    stored = path.read_text(encoding="utf-8")
    made = make.transcript(setup)
    if made != stored:
        pytest.fail(_difference(stored, made, setup.file, game), pytrace=False)


def test_every_registered_game_has_a_playthrough_of_its_default_variant():
    from machiavelli.core import registry

    shipped = {"machiavelli", "cicera", "si-se-pai"}
    assert shipped <= set(registry.games())
    # And the test plugin's game, a stranger's game written the same way.
    defaults = {setup.game: setup for setup in make.SETUPS if setup.variant is None}
    assert set(defaults) == shipped | {"eights"} == set(make.DRAWINGS)
    assert len(defaults) == sum(1 for setup in make.SETUPS if setup.variant is None)  # one each
    for game, setup in defaults.items():
        with make.registered(game):
            definition = registry.game(game)
            assert definition.default_variant, game
            assert setup.bot == definition.preferred_bots[0], game
    assert "eights" not in registry.games()  # registered only while its transcript is made


def test_two_regenerations_are_byte_identical():
    """Twice in this process, and once more in another with another hash seed
    (set and dict orders of strings change with it) and another terminal size,
    language and colour setting in the environment."""
    setup = SETUPS["si-se-pai"]  # the shortest; the other files are checked by the subprocess below
    assert make.transcript(setup).encode("utf-8") == make.transcript(setup).encode("utf-8")
    env = {**os.environ, "PYTHONHASHSEED": "4242", "LINES": "12", "COLUMNS": "40", "LANG": "it_IT.UTF-8",
           "LANGUAGE": "fr", "FORCE_COLOR": "1"}
    result = subprocess.run([sys.executable, str(MAKE), "--check"], capture_output=True, text=True, env=env,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_transcripts_hold_no_path_nor_time():
    import re

    for setup in make.SETUPS:
        text = (FOLDER / setup.file).read_text(encoding="utf-8")
        assert str(ROOT) not in text
        assert not re.search(r"\b20\d\d-\d\d-\d\d\b|\b\d\d:\d\d:\d\d\b", text), setup.file
        # Machiavelli: its seat JSON carries its declared areas beside the fields scripts read, and every
        # take and join the seat to move may make is listed among its legal moves, and every view
        # holds the game's public log so far (about 4.9 MB).
        assert len(text.encode("utf-8")) < 5_500_000, setup.file
