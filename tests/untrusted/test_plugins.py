"""Plugins that misbehave while they are imported: one that raises
``SystemExit`` or ``KeyboardInterrupt``, one that prints (on standard output
and standard error), one that hangs. Each is a distribution of its own (a
``.dist-info`` folder beside its module, as pip leaves them) on PYTHONPATH,
declaring a variants package; the commands run in a fresh process. Whatever
the plugin does, ``variants list --json`` stays whole JSON with the shipped
variants, and ``plugins`` names the plugin in one line on standard error."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from plugin_support import environment, run

BODIES = {
    "exits": "raise SystemExit(0)\n",
    "interrupts": "raise KeyboardInterrupt\n",
    "prints": "import sys\nprint('hello from a plugin')\nprint('noise', file=sys.stderr)\n"
              "sys.stdout = open(__file__ + '.out', 'w')\n",
    "hangs": "import time\ntime.sleep(3600)\n",
}


def _distribution(site: Path, name: str, body: str) -> None:
    """``bad_NAME``, a variants plugin whose package runs ``body`` when imported."""
    module = f"bad_{name}"
    package = site / module
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(body)
    info = site / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[machiavelli.variants]\n{name} = {module}\n")


def _env(tmp_path: Path, *names: str, **extra: str) -> dict[str, str]:
    site = tmp_path / "site"
    for name in names:
        _distribution(site, name, BODIES[name])
    return environment(tmp_path, PYTHONPATH=str(site), **extra)


def _listed(result) -> set[str]:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return {row["name"] for row in json.loads(result.stdout)}


@pytest.mark.parametrize("name", ["exits", "interrupts"])
def test_a_plugin_that_exits_or_interrupts_is_named_and_the_listing_stays_whole(tmp_path, name):
    env = _env(tmp_path, name)
    names = _listed(run(env, "variants", "list", "--json"))
    assert {"classic", "bga", "cicera", "si-se-pai"} <= names
    result = run(env, "plugins", "--json")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    [problem] = json.loads(result.stdout)["problems"]
    assert problem["name"] == name and problem["group"] == "machiavelli.variants"
    text = run(env, "plugins")
    assert text.stderr.count("\n") == 1 and name in text.stderr, text.stderr


def test_what_a_plugin_prints_while_it_loads_is_kept_out_of_the_output(tmp_path):
    env = _env(tmp_path, "prints")
    listed = run(env, "variants", "list", "--json")
    assert {"classic", "cicera"} <= _listed(listed) and listed.stderr == ""
    result = run(env, "plugins", "--json")
    assert result.returncode == 0 and result.stderr == ""
    data = json.loads(result.stdout)  # nothing the plugin printed is mixed in
    assert data["problems"] == [] and "hello" not in result.stdout
    text = run(env, "plugins")
    assert "hello from a plugin" not in text.stdout and text.stderr == "" and "Games" in text.stdout


def test_a_plugin_that_hangs_is_skipped_in_time_and_named_in_one_line(tmp_path):
    env = _env(tmp_path, "hangs", "prints", MACHIAVELLI_PLUGIN_SECONDS="1")
    started = time.monotonic()
    names = _listed(run(env, "variants", "list", "--json"))
    # Generous against a loaded machine: the import sleeps for an hour.
    assert time.monotonic() - started < 60
    assert {"classic", "cicera"} <= names
    text = run(env, "plugins")
    assert text.returncode == 1
    lines = text.stderr.splitlines()
    assert len(lines) == 1 and "hangs" in lines[0] and "1" in lines[0], text.stderr
    assert "Traceback" not in text.stderr and "Games" in text.stdout


def test_a_hung_plugin_is_said_in_the_users_language(tmp_path):
    env = _env(tmp_path, "hangs", MACHIAVELLI_PLUGIN_SECONDS="1")
    text = run(env, "--lang", "it", "plugins")
    assert text.returncode == 1 and "hangs" in text.stderr
    assert "took longer" not in text.stderr
