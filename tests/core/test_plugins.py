"""Plugins as a third party ships them: a distribution built from
tests/plugin_example (its own pyproject with entry points), installed into a
folder, seen by `variants list`, `play`, `rules`, `locales list` and
`plugins` in a fresh process; and the user's own variants folder. The
plugin's own game, Eights, is played in tests/conformance/test_plugin_game.py."""

from __future__ import annotations

import json

import pytest

from plugin_support import environment as _env, installed_environment, run


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, str]:
    """The example plugin built and installed into a folder of its own, which
    the commands below find on PYTHONPATH."""
    return installed_environment(tmp_path_factory.mktemp("plugin"))


def test_a_plugin_variant_is_listed_and_works_by_name(installed):
    listed = run(installed, "variants", "list", "--json")
    assert listed.returncode == 0, listed.stderr
    rows = {row["name"]: row for row in json.loads(listed.stdout)}
    assert rows["myhouse"]["source"] == "plugin myhouse-plugin 1.0"
    assert rows["myhouse"]["extends"] == "bga" and rows["bga"]["source"] == "shipped"
    shown = run(installed, "variants", "show", "myhouse", "--json")
    assert json.loads(shown.stdout)["restore_penalty"] == 2


def test_a_plugin_bot_plays_a_plugin_variant(installed):
    result = run(installed, "play", "--variant", "myhouse", "--seat", "patient", "--seat", "random",
                 "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["variant"] == "myhouse" and state["result"]["reason"] in ("went-out", "deck-exhausted")
    # The patient player only ever drew: its hand grew by one card a turn.
    assert len(state["hands"][0]) > 15


def test_a_plugin_language_is_offered_and_used(installed):
    listed = run(installed, "locales", "list", "--json")
    languages = {row["language"]: row for row in json.loads(listed.stdout)}
    assert "eo" in languages and 0 < languages["eo"]["translated"] < languages["it"]["translated"]
    checked = run(installed, "--lang", "eo", "meld", "check", "5C", "6C", "7C")
    assert checked.returncode == 0 and ": valida " in checked.stdout
    rules = run(installed, "--lang", "eo", "rules", "--variant", "myhouse")
    assert rules.returncode == 0, rules.stderr
    assert "2" in rules.stdout  # the house's penalty, in a text that falls back to English


def test_plugins_lists_everything_and_reports_the_broken_one(installed):
    result = run(installed, "plugins", "--json")
    assert result.returncode == 1  # one plugin cannot be used
    data = json.loads(result.stdout)
    assert [g["name"] for g in data["games"]] == ["cicera", "machiavelli", "si-se-pai", "eights"]
    assert data["games"][-1]["from"] == "myhouse-plugin 1.0"
    assert {"name": "patient", "game": "machiavelli", "from": "myhouse-plugin 1.0"} in data["bots"]
    assert any(v["name"] == "myhouse" for v in data["variants"])
    assert data["locales"][0]["languages"] == ["eo", "it"]
    [broken] = data["problems"]
    assert broken["name"] == "broken" and broken["group"] == "machiavelli.games"
    assert "ModuleNotFoundError" in broken["problem"]
    text = run(installed, "plugins")
    assert text.stderr.count("\n") == 1 and "broken" in text.stderr and "Traceback" not in text.stderr


def test_the_users_own_folder_names_variants_and_keeps_shipped_names(tmp_path):
    env = _env(tmp_path)
    own = tmp_path / "own"
    own.mkdir()
    (own / "kitchen.yaml").write_text("extends: classic\nrestore_penalty: 0\n")
    (own / "bga.yaml").write_text("extends: classic\n")  # may not replace the shipped bga
    (own / "notes.txt").write_text("not a variant")
    shown = run(env, "variants", "show", "kitchen", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["restore_penalty"] == 0
    assert json.loads(run(env, "variants", "show", "bga", "--json").stdout)["restore_penalty"] == 1
    report = json.loads(run(env, "plugins", "--json").stdout)
    assert [(p["name"], p["from"]) for p in report["problems"]] == [("bga", "user")]
    told = run({**env, "LANG": "it_IT.UTF-8"}, "plugins").stderr
    assert told.strip() == (f"La variante bga (la tua cartella) non si può usare: il nome è già in uso (inclusa); "
                            f"{own / 'bga.yaml'} non viene usato")
    played = run(env, "play", "--variant", "kitchen", "--seat", "random", "--players", "2", "--seed", "1", "--json")
    assert played.returncode == 0 and json.loads(played.stdout)["variant"] == "kitchen"


def test_an_unknown_variant_names_the_known_ones(tmp_path):
    result = run(_env(tmp_path), "variants", "show", "nowhere")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "bga" in result.stderr



def test_a_deferred_part_imports_its_module_when_called_and_pickles_as_its_name():
    import pickle

    from machiavelli.core.registry import Deferred

    parse = Deferred("json:loads")
    assert repr(parse) == "Deferred('json:loads')" and parse("[1]") == [1]
    again = pickle.loads(pickle.dumps(parse))
    assert again == parse and again("2") == 2
    assert Deferred("fractions:Fraction.from_float")(0.5) == __import__("fractions").Fraction(1, 2)
    with pytest.raises(ValueError):
        Deferred("json.loads")
