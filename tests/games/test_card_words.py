"""Cards named as the screen shows them, refusals in the game's own words,
and plurals chosen from what they count (issue 30, points 1 to 3)."""

import pytest
from typer.testing import CliRunner

from machiavelli.app.library import load_variant
from machiavelli.cli import app
from machiavelli.core import glossary, i18n
from machiavelli.core.errors import IllegalAction

runner = CliRunner()
ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    # --cards hanzi is remembered: never in the user's own configuration.
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path))
    glossary.set_faces(None)
    yield
    glossary.set_faces(None)
    i18n.use_language("en")


def run(*args):
    return runner.invoke(app, list(args), env=ENV)


@pytest.mark.parametrize("cards, reason", [
    ("GW GW", "a General stands alone"),
    ("FL FL", "a flower stands alone"),
    ("SY SR", "identical cards"),
    ("SY SR SR", "Soldiers make a group in different colours"),
    ("GY AY HY", "General–Advisor–Elephant or Chariot–Horse–Cannon"),
    ("HY HY HY HY HY", "more than 4 cards"),
])
def test_si_se_pai_meld_check_gives_the_games_reason(cards, reason):
    result = run("meld", "check", "--variant", "si-se-pai", *cards.split())
    assert result.exit_code == 1, result.output
    assert reason in result.output
    assert "rank that this kind of meld" not in result.output
    assert "Gw" not in result.output and "not a meld" not in result.output


def test_si_se_pai_meld_check_shows_the_cards_as_the_table_does():
    result = run("--lang", "uk", "meld", "check", "--variant", "si-se-pai", "HY", "HY", "HY")
    assert result.exit_code == 0, result.output
    assert "HY" not in result.output and "НЖ НЖ НЖ" in result.output  # К is the Chariot (Колісниця): the Horse is Н
    result = run("--lang", "zh_Hans", "--cards", "hanzi", "meld", "check", "--variant", "si-se-pai", "GW", "GW")
    assert result.exit_code == 1 and "将白 将白" in result.output, result.output


def test_machiavelli_meld_check_is_unchanged():
    result = run("meld", "check", "5C", "6C", "7C")
    assert result.exit_code == 0 and "a valid run" in result.output, result.output


# -- Chinese characters -------------------------------------------------------------

def deck():
    return load_variant("si-se-pai", []).deck


@pytest.mark.parametrize("typed", ["將白", "将白", "白將", "白将", "卒黄", "卒黃", "黄卒", "黃卒", "马绿", "綠馬"])
def test_both_scripts_are_read_in_either_order(typed):
    from machiavelli.games.si_se_pai.glossary import read_card

    found = read_card(typed, deck())
    assert len(found) == 1, (typed, found)


def test_the_simplified_interface_draws_simplified_characters_others_traditional():
    from machiavelli.games.si_se_pai.glossary import show
    from machiavelli.core.cards import Card

    horse = Card(5, "Y")
    i18n.use_language("zh_Hans")
    assert show(horse, deck(), "hanzi") == "马黄"
    i18n.use_language("en")
    assert show(horse, deck(), "hanzi") == "馬黃"


def test_simplified_cards_typed_at_the_chinese_table():
    result = runner.invoke(app, ["--lang", "zh_Hans", "--cards", "hanzi", "play", "--variant", "si-se-pai",
                                 "--seed", "3"], input="吃 将白 士白\nquit\n", env=ENV)
    assert "不是一张牌" not in result.output, result.output[-400:]
    assert "將" not in result.output and "黃" not in result.output


# -- refusals in the game's words -----------------------------------------------------

def test_a_claim_refusal_names_the_groups_the_player_may_make():
    """Seed 3: Player 1 may claim the yellow Soldier only for a triple;
    three Soldiers are the next player's (the rules call them so, not a "mixed group").
    Every seat is asked at every offer: Player 1 passes the first three."""
    result = runner.invoke(app, ["play", "--variant", "si-se-pai", "--seed", "3"],
                           input="pass\npass\npass\ntake SW SG\ntake GY\nquit\n", env=ENV)
    assert "you may claim it only for a triple, or to win" in result.output, result.output[-600:]
    assert "mixed group" not in result.output
    assert "Those cards do not make a group with SY." in result.output


def test_a_claim_refusal_without_the_table_still_reads_whole():
    from machiavelli.games.si_se_pai.present import explain

    assert explain(IllegalAction("claim-not-allowed", card="SY")) == "You may not claim SY for that group."


# -- plurals from the number they count ----------------------------------------------

@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_cicera_points_agree_with_the_points_not_the_cards(lang):
    from machiavelli.games.cicera.present import team_line

    i18n.use_language(lang)
    one, many = team_line("T", 10, 1), team_line("T", 1, 10)
    # One point is said in the singular however many cards were captured.
    assert one != team_line("T", 10, 2).replace("2", "1"), one
    if lang == "en":
        assert one == "T: 10 cards captured, 1 point so far." and many == "T: 1 card captured, 10 points so far."


# -- Spanish words and titles (issue 30's es findings) ------------------------------------------


def test_spanish_titles_name_the_variant_not_its_code():
    out = run("--lang", "es", "rules", "--variant", "help-cards").stdout
    first = out.splitlines()[0]
    assert "help-cards" not in first and load_variant("help-cards").title_in("es") in first


def test_spanish_calls_the_fante_sota_and_the_french_jack_jota():
    cicera = run("--lang", "es", "rules", "--variant", "cicera").stdout
    bga = run("--lang", "es", "rules", "--variant", "bga").stdout
    assert "sota (F)" in cicera and "jota" not in cicera
    assert "jota (J)" in bga


def test_spanish_rules_say_the_cross_and_the_single_general_as_a_spanish_player_does():
    makiaveli = run("--lang", "es", "rules", "--variant", "makiaveli").stdout
    assert "completar una carta de la Cruz" not in makiaveli and "Una carta de la Cruz solo puede entrar en una combinación nueva" in makiaveli
    assert "• General solo: 1 carta (General)" in run("--lang", "es", "rules", "--variant", "si-se-pai").stdout


def test_cicera_courts_are_words_whose_letters_the_cards_show():
    # zh names the French king by its letter K; the Brescian Re shows R, so it needs a word.
    chinese = run("--lang", "zh_Hans", "rules", "--variant", "cicera").stdout
    assert "国王（R）" in chinese and "K（R）" not in chinese
    assert "K" in run("--lang", "zh_Hans", "rules", "--variant", "bga").stdout
    english = run("rules", "--variant", "cicera").stdout
    assert "knave (F)" in english and "jack" not in english


def test_spanish_short_forms_say_they_come_from_english_and_letters_are_spanish():
    table = runner.invoke(app, ["--lang", "es", "play", "--seed", "3"], input="help\nquit\ny\n", env=ENV).stdout
    assert "Formas cortas, tomadas de los comandos en inglés: p=bajar" in table
    si_se_pai = run("--lang", "es", "rules", "--variant", "si-se-pai").stdout
    assert "Las letras entre paréntesis son las del español" in si_se_pai


def test_chinese_awards_put_no_ascii_space_after_a_full_width_bracket():
    out = run("--lang", "zh_Hans", "play", "--variant", "cicera", "--seed", "7",
              *["--seat", "random"] * 4).stdout
    line = next(line for line in out.splitlines() if "奖分" in line)
    assert "）+" in line and "） +" not in line
