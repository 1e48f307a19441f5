import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from suite_paths import GOLDEN, ROOT

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_variants_list_json():
    result = run("variants", "list", "--json")
    assert result.exit_code == 0
    rows = {r["name"]: r for r in json.loads(result.stdout)}
    assert rows["restore-3"]["extends"] == "bga"
    assert rows["bga"]["extends"] is None
    assert "Board Game Arena" in rows["bga"]["description"]


def test_variants_list_text_names_every_variant():
    result = run("variants", "list")
    assert result.exit_code == 0
    for name in ("bga", "classic", "help-cards", "restore-3", "aces-low", "aces-high", "aces-wrap"):
        assert name in result.stdout


def test_variants_show_resolves_overrides():
    result = run("variants", "show", "bga", "--set", "restore_penalty=3", "--set", "aces=wrap", "--json")
    data = json.loads(result.stdout)
    assert (data["restore_penalty"], data["aces"], data["decks"]) == (3, "wrap", 2)
    text = run("variants", "show", "help-cards")
    assert "help_cards: 4" in text.stdout and "extends: classic" in text.stdout


def test_user_file_extending_a_shipped_variant(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: bga\nrestore_penalty: 2\naces: wrap\n")
    data = json.loads(run("variants", "show", str(house), "--json").stdout)
    assert (data["name"], data["extends"], data["restore_penalty"], data["hand_size"]) == ("house", "bga", 2, 15)
    result = run("meld", "check", "KC AC 2C", "--variant", str(house), "--json")
    assert json.loads(result.stdout) == {"valid": True, "kind": "run", "reason": None}


def test_validate_reports_every_error(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("extends: classic\nhand_size: 10\n")
    bad1 = tmp_path / "bad1.yaml"
    bad1.write_text("decks: 2\ncolour: blue\n")
    bad2 = tmp_path / "bad2.yaml"
    bad2.write_text("aces: sideways\n")
    assert run("variants", "validate", str(good)).exit_code == 0
    result = run("variants", "validate", str(good), str(bad1), str(bad2), "--json")
    assert result.exit_code == 1
    rows = json.loads(result.stdout)
    assert [r["valid"] for r in rows] == [True, False, False]
    assert (rows[1]["path"], rows[1]["line"]) == ("colour", 2)
    text = run("variants", "validate", str(bad1), str(bad2))
    assert text.exit_code == 1
    assert "bad1.yaml:2" in text.stderr and "bad2.yaml:1" in text.stderr


@pytest.mark.parametrize(
    "cards, variant, expected",
    [
        ("K♣ A♣ 2♣", "bga", {"valid": False, "kind": None, "reason": "ace-both-ways"}),
        ("K♣ A♣ 2♣", "aces-wrap", {"valid": True, "kind": "run", "reason": None}),
        ("5C,5D,5H", "bga", {"valid": True, "kind": "set", "reason": None}),
        ("AC 2C 3C", "aces-high", {"valid": False, "kind": None, "reason": "ace-low-not-allowed"}),
    ],
)
def test_meld_check_json(cards, variant, expected):
    result = run("meld", "check", cards, "--variant", variant, "--json")
    assert json.loads(result.stdout) == expected
    assert result.exit_code == (0 if expected["valid"] else 1)


def test_meld_check_text_shows_symbols_and_reason():
    ok = run("meld", "check", "QC", "KC", "AC")
    assert ok.exit_code == 0 and "Q♣ K♣ A♣" in ok.stdout and "run" in ok.stdout
    bad = run("meld", "check", "5C 6C 8C")
    assert bad.exit_code == 1 and "consecutive" in bad.stdout


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["meld", "check", "5C 5X 5H"], "5X"),
        (["meld", "check", "5C 5D 5H", "--variant", "nope"], "nope"),
        (["meld", "check", "5C 5D 5H", "--set", "aces=sideways"], "aces"),
        (["meld", "check", "5C 5D 5H", "--set", "aces"], "key=value"),
        (["variants", "show", "missing.yaml"], "missing.yaml"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, fragment):
    result = run(*args)
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_broken_yaml_file_exits_2(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("decks: [\n")
    result = run("meld", "check", "5C 5D 5H", "--variant", str(broken))
    assert result.exit_code == 2 and "broken.yaml" in result.stderr


def test_every_command_has_help():
    for args in (["--help"], ["variants", "--help"], ["variants", "list", "--help"], ["variants", "show", "--help"],
                 ["variants", "validate", "--help"], ["meld", "check", "--help"]):
        assert run(*args).exit_code == 0, args


def _installed_command():
    script = Path(sys.executable).parent / "machiavelli"
    return str(script) if script.exists() else shutil.which("machiavelli")


def test_installed_command_works_from_any_directory(tmp_path):
    command = _installed_command()
    assert command, "the package is not installed: run the README's test command"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([command, "variants", "list", "--json"], cwd=tmp_path, capture_output=True,
                            text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "help-cards" in {r["name"] for r in json.loads(result.stdout)}
    bad = subprocess.run([command, "meld", "check", "ZZ"], cwd=tmp_path, capture_output=True, text=True, env=env,
                         timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_variants_diff_json_and_text():
    data = json.loads(run("variants", "diff", "bga", "bga", "--set", "aces=wrap", "--json").stdout)
    assert data["parameters"] == [{"key": "aces", "a": "low-or-high", "b": "wrap"}]
    text = run("variants", "diff", "bga", "restore-3")
    assert text.exit_code == 0 and "restore_penalty" in text.stdout
    same = run("variants", "diff", "bga", "bga")
    assert same.exit_code == 0 and "restore_penalty" not in same.stdout
    assert run("variants", "diff", "bga", "nope").exit_code == 2


@pytest.mark.parametrize("args, right", [(["bga", "bga(aces=wrap)"], "bga(aces=wrap)"),
                                         (["bga", "bga", "--set", "aces=wrap"], "bga --set aces=wrap")])
def test_variants_diff_tells_apart_two_variants_of_one_name(args, right):
    # Both sides are called bga: each is labelled as it was typed, in the table and before each rule.
    text = run("variants", "diff", *args).stdout
    assert right in text.splitlines()[0], text.splitlines()[0]        # the table's header
    assert f"  {right}: " in text and "  bga: " in text, text         # the rule sentences


def test_variants_params_lists_the_schema():
    rows = {r["key"]: r for r in json.loads(run("variants", "params", "--json").stdout)}
    assert rows["restore_penalty"]["default"] == 1
    assert rows["deck_runs_out"]["allowed"] == ["on-last-card", "on-failed-draw", "when-all-pass"]
    assert rows["pieces"]["allowed"] == ["cards", "tiles"] and rows["pieces"]["default"] == "cards"


def test_version_is_the_distributions_and_agrees_with_pyproject():
    import tomllib
    from importlib.metadata import version

    import machiavelli

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert machiavelli.__version__ == pyproject["project"]["version"] == version("machiavelli-variants")
    result = run("--version")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"machiavelli {machiavelli.__version__}"


@pytest.mark.parametrize("columns", ["60", "80", "200"])
def test_variants_params_never_cuts_a_key(columns):
    from machiavelli.core import registry
    from machiavelli.core.variant_parameters import parameters_of

    result = runner.invoke(app, ["variants", "params"], env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    starts = {line.split()[0] for line in result.stdout.splitlines() if line and not line[0].isspace()}
    for p in parameters_of(registry.game("machiavelli").variant_schema):
        assert p.key in starts
    assert "on-failed-draw" in result.stdout


def test_solve_help_explains_every_json_field():
    answer = json.loads(run("solve", "--hand", "4C", "--table", "5C 6C 7C", "--json").stdout)
    text = " ".join(runner.invoke(app, ["solve", "--help"], env={"COLUMNS": "200"}).stdout.split())
    for field in [*answer, *answer["steps"][0]]:
        assert f"{field} " in text or f"{field}:" in text, field


# -- validate lists every problem (issue 15, point 3) ---------------------------


TYPOS = "decks: two\ncolour: blue\naces: hihg\nhand_size: abc\nmelds:\n  run:\n    sequense: true\n"


def test_validate_json_lists_every_problem_with_suggestions(tmp_path):
    bad = tmp_path / "typos.yaml"
    bad.write_text(TYPOS)
    result = run("variants", "validate", str(bad), "--json")
    assert result.exit_code == 1
    row = json.loads(result.stdout)[0]
    # The keys of before stay, with the first problem.
    assert (row["file"], row["valid"], row["name"], row["code"], row["path"], row["line"]) == (
        str(bad), False, None, "bad-variant", "decks", 1)
    assert "more problem" not in row["error"]
    problems = {p["path"]: p for p in row["problems"]}
    assert list(problems) == ["decks", "colour", "aces", "hand_size", "melds.run.sequense"]  # reading order
    assert [p["line"] for p in row["problems"]] == [1, 2, 3, 4, 7]
    assert problems["decks"]["code"] == "wrong-type" and problems["decks"]["got"] == "two"
    assert problems["aces"]["code"] == "not-a-choice" and problems["aces"]["suggestion"] == "high"
    assert "wrap" in problems["aces"]["expected"]
    assert problems["melds.run.sequense"]["code"] == "unknown-key"
    assert problems["melds.run.sequense"]["suggestion"] == "sequence"
    assert "suggestion" not in problems["colour"]  # nothing close to colour
    # pydantic's names of union members stay out: one problem for hand_size.
    assert problems["hand_size"]["expected"] == "integer or mapping"
    assert not any(".int" in p["path"] or "dict[" in p["path"] for p in row["problems"])
    for p in row["problems"]:
        assert p["message"].startswith(f"{bad}:{p['line']} ({p['path']}): ")


def test_validate_text_lists_every_problem(tmp_path):
    bad = tmp_path / "typos.yaml"
    bad.write_text(TYPOS)
    result = run("variants", "validate", str(bad))
    lines = result.stderr.splitlines()
    assert len(lines) == 5 and "did you mean high?" in lines[2] and "did you mean sequence?" in lines[4]
    assert "more problem" not in result.stderr


def test_other_commands_show_the_first_problem_and_point_to_validate(tmp_path):
    bad = tmp_path / "typos.yaml"
    bad.write_text(TYPOS)
    result = run("variants", "show", str(bad))
    assert result.exit_code != 0
    text = " ".join(result.output.split())
    assert "(decks)" in text and "colour" not in text
    assert f"and 4 more problems: run machiavelli variants validate {bad}" in text


def test_validate_speaks_the_users_language(tmp_path):
    """Every word of a problem comes from the catalog (a marking catalog
    shows which); the values are the file's own."""
    import gettext

    from machiavelli.core import i18n
    from machiavelli.core.reasons import problem_message
    from machiavelli.app.library import load_variant_file
    from machiavelli.core.errors import VariantError

    class Marked(gettext.NullTranslations):
        def gettext(self, message):
            return "«" + message + "»"

    bad = tmp_path / "typos.yaml"
    bad.write_text(TYPOS)
    with pytest.raises(VariantError) as info:
        load_variant_file(str(bad))
    i18n.set_translations(Marked(), "it")
    messages = [problem_message(p) for p in info.value.params["problems"]]
    assert messages[0] == f"«{bad}:1 (decks): «expected «a whole number», got two»»"
    assert messages[2].endswith("low-or-high o wrap, got hihg»; did you mean high?»»")  # Italian "or"
    assert "«a mapping of keys to values»" in messages[3]


@pytest.mark.parametrize("text, code, values, italian", [
    ("extends: bga\nhand_size: {2: 10, 3: 10}\n", "hand-sizes-missing", {"missing": "4, 5"},
     "manca il numero di carte per mano con questi numeri di giocatori: 4, 5"),
    ("extends: bga\nplayers: {min: 5, max: 4}\n", "players-order", {"min": 5, "max": 4},
     "il numero minimo di giocatori (5) supera il massimo (4)"),
    ("extends: bga\ndecks: 1\n", "too-few-cards-to-deal", {"cards": 52, "players": 4, "hand": 15, "needed": 60},
     "carte insufficienti: mani da 15 per 4 giocatori richiedono 60 carte, i mazzi ne hanno 52"),
])
def test_checks_across_keys_are_named_and_said_in_the_language(tmp_path, text, code, values, italian):
    """A problem that compares several keys has its own code and values in
    the JSON, and its message in the user's language (not pydantic's English)."""
    path = tmp_path / "house.yaml"
    path.write_text(text)
    result = runner.invoke(app, ["variants", "validate", str(path), "--json"])
    [problem] = json.loads(result.stdout)[0]["problems"]
    assert problem["code"] == code
    for key, value in values.items():
        assert problem["values"][key] == value
    result = runner.invoke(app, ["--lang", "it", "variants", "validate", str(path)])
    assert result.exit_code == 1 and italian in result.stderr


def test_an_unknown_game_in_a_variant_or_a_record_is_one_clear_line(tmp_path):
    variant = tmp_path / "other.yaml"
    variant.write_text("game: rummikub\n")
    result = runner.invoke(app, ["variants", "show", str(variant)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"Unknown game rummikub in {variant}:1 (game). Installed games: cicera, machiavelli, si-se-pai"
    record = json.loads((GOLDEN / "bga.json").read_text())
    record["variant"]["game"] = "rummikub"
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(saved)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"Game record {saved} is a game of rummikub, which is not installed."


# -- variants options (issue 11, point 7) ---------------------------------------------------------


def test_variants_options_lists_every_field_of_the_schema_with_its_facts():
    from machiavelli.games.machiavelli.variant import MachiavelliVariant

    result = run("variants", "options", "--json")
    assert result.exit_code == 0, result.output
    rows = {r["key"]: r for r in json.loads(result.stdout)}
    assert set(MachiavelliVariant.model_fields) <= set(rows)
    assert {"players.min", "melds.<kind>.min_size"} <= set(rows)
    assert rows["restore_penalty"]["default"] == 1 and rows["restore_penalty"]["maximum"] == 10
    assert rows["dealer"]["allowed"] == ["random", "first-seat"] and rows["dealer"]["type"] == "choice"
    assert all(r["meaning"] == r["description"] and r["description"] for r in rows.values())


@pytest.mark.parametrize("lang", ["it", "tr", "uk", "ar"])
def test_variants_options_says_every_meaning_in_the_chosen_language(lang):
    rows = json.loads(run("variants", "options", "--lang", lang, "--json").stdout)
    untranslated = [r["key"] for r in rows if r["meaning"] == r["description"]]
    assert not untranslated
    text = runner.invoke(app, ["variants", "options", "--lang", lang], env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "restore_penalty" in text.stdout
    assert rows[0]["meaning"].split()[0] in text.stdout


def test_variants_params_text_says_the_meanings_in_the_language():
    rows = json.loads(run("--lang", "de", "variants", "options", "--json").stdout)
    text = runner.invoke(app, ["--lang", "de", "variants", "params"], env={"COLUMNS": "250"})
    assert text.exit_code == 0
    restore = next(r for r in rows if r["key"] == "restore_penalty")
    assert restore["meaning"].split(",")[0] in text.stdout and restore["description"] not in text.stdout


def test_variants_options_refuses_an_unknown_language_or_game_in_one_line():
    for args in (["--lang", "xx"], ["--game", "nope"]):
        result = run("variants", "options", *args)
        assert result.exit_code != 0 and "Traceback" not in result.output


def test_a_one_line_variant_is_accepted_wherever_a_variant_is():
    one = run("variants", "show", "bga(hand_size=13, aces=wrap)", "--json")
    two = run("variants", "show", "bga", "--set", "hand_size=13", "--set", "aces=wrap", "--json")
    assert one.exit_code == 0 and one.stdout == two.stdout
    rules = run("rules", "--variant", "bga(restore_penalty=3)")
    assert rules.exit_code == 0 and "3" in rules.stdout
    sim = run("simulate", "-V", "bga(hand_size=13)", "-n", "2", "--json", "-")
    assert sim.exit_code == 0, sim.output
    bad = run("rules", "--variant", "bga(hand_size=13")
    assert bad.exit_code == 2 and "Traceback" not in bad.output and len(bad.output.strip().splitlines()) == 1


def test_meld_check_of_a_variant_without_melds_is_one_clear_error():
    # Cicera has no melds to check: a message, not a traceback.
    variant = "cicera"
    result = run("meld", "check", "5D 5C 5S", "--variant", variant)
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert variant in result.stderr and "not for the game machiavelli" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_meld_check_and_help_start_without_what_they_never_print_with():
    """A command without --cards reads no configuration, and neither --help
    nor ``meld check`` loads Rich's crash report (with Pygments) or its
    Markdown: each is paid for only when used."""
    probe = ("import sys\n"
             "from machiavelli.cli import main\n"
             "sys.argv = ['machiavelli', *sys.argv[1:]]\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "names = ('machiavelli.core.config', 'rich.traceback', 'pygments', 'rich.markdown', 'markdown_it')\n"
             "print(sorted(m for m in names if m in sys.modules))\n")
    for args in (["meld", "check", "5C", "6C", "7C"], ["--help"], ["meld", "check", "5C", "6C", "7C", "--variant", "bga"]):
        out = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True).stdout
        assert out.strip().splitlines()[-1] == "[]", args
