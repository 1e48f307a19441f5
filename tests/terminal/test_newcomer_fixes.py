"""Issue 31's small lies and gaps, each at its root: refusals that name the
way out, a hint that tells a little at a time, the fair default level and
what scripts still get, meld parameters that contradict each other, a new
meld named as the table lays it out, look-alike letters, "game" in every
record's JSON, a command a game does not have, intervals for counts, and a
plugin's locales package."""

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core import i18n
from machiavelli.core.cards import Card

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
from suite_paths import ROOT


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    yield
    i18n.use_language("en", environ={})


def run(*args, lines=()):
    text = "".join(line + "\n" for line in lines)
    return runner.invoke(app, list(args), input=text, env=NO_LOCALE_ENV)


def after(out, command):
    return out.split(f"> {command}\n", 1)[1].split("\n> ", 1)[0]


# -- refusals name the way out, with its cost ---------------------------------------------


def test_an_end_refused_for_taken_cards_names_undo_and_restore_with_its_cost():
    out = run("play", "--seed", "3", "--seat", "human", "--seat", "random", "-V", "bga(restore_penalty=2)",
              lines=["take 1", "end"]).stdout
    refused = after(out, "end")
    assert "Cards taken from the table must go back first" in refused
    assert "Type undo to take back your last step (it costs nothing)." in refused
    assert "type restore to put the table back as it was when your turn began: you then draw 2 cards" in refused


# -- the hint, a little at a time ------------------------------------------------------------


def test_the_hint_says_there_is_a_play_then_how_many_cards_then_the_play():
    out = run("play", "--seed", "5", "--seat", "human", "--seat", "random", "--seat", "random",
              lines=["hint", "hint", "hint", "hint all"]).stdout
    first, second, third = out.split("> hint\n")[1:4]
    assert first.startswith("There is a play.") and "You can put down" not in first
    assert re.match(r"\d+ cards of your hand can go down\.", second) and "You can put down" not in second
    assert "You can put down" in third
    assert "You can put down" in after(out, "hint all")


# -- the computer players a newcomer meets -------------------------------------------------


def test_a_script_is_asked_nothing_and_meets_the_fair_level():
    result = run("play", "--seed", "2", lines=["quit"])
    assert result.exit_code == 0, result.output
    assert "How strong" not in result.stdout
    assert "Player 2 (club player), and Player 3 (club player)" in result.stdout


def test_seat_names_the_players_exactly_as_before_and_level_is_remembered(tmp_path):
    seated = run("play", "--seed", "2", "--seat", "human", "--seat", "solver", "--seat", "solver", lines=["quit"])
    assert "Player 2 (solver, the strongest), and Player 3 (solver, the strongest)" in seated.stdout
    chosen = run("play", "--seed", "2", "--level", "beginner", lines=["quit"])
    assert "Player 2 (beginner)" in chosen.stdout
    later = run("play", "--seed", "2", lines=["quit"])
    assert "Player 2 (beginner)" in later.stdout, "remembered like --cards"
    both = run("play", "--seed", "2", "--level", "club", "--seat", "human", "--seat", "random")
    assert both.exit_code == 2 and "--level" in both.stderr and "Traceback" not in both.output
    unknown = run("play", "--seed", "2", "--level", "grandmaster")
    assert unknown.exit_code == 2 and "Unknown player grandmaster" in unknown.stderr


# -- contradictory meld parameters -------------------------------------------------------


def test_a_set_longer_than_its_distinct_suits_allow_is_refused_with_the_reason(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: bga\nmelds:\n  set: {max_size: 8}\n")
    result = run("variants", "validate", str(house))
    assert result.exit_code != 0
    assert "melds.set: 8 cards, but no two of its cards may share a suit, so it holds at most 4" in result.output
    assert "Traceback" not in result.output


def test_the_readmes_house_rule_does_what_the_readme_says(tmp_path):
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## Writing a house rule", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "house.yaml").write_text(block)
    assert run("variants", "validate", "house.yaml").exit_code == 0
    from machiavelli.app.library import load_variant_file

    variant = load_variant_file("house.yaml")
    assert (variant.restore_penalty, variant.aces) == (3, "wrap")
    assert variant.melds["run"].max_size == 8 and variant.melds["set"].max_size == 4, "nested keys merge"
    rules = run("rules", "-V", "house.yaml").stdout
    assert "8" in rules


# -- a new meld named as the table lays it out -------------------------------------------


def test_a_played_run_is_narrated_in_the_tables_order():
    from machiavelli.app.library import load_variant
    from machiavelli.games.machiavelli.actions import Play
    from machiavelli.games.machiavelli.game import Entry
    from machiavelli.games.machiavelli.present.narrate import entry_text

    variant = load_variant("bga")
    cards = tuple(Card.parse(c) for c in ("AS", "JS", "QS", "KS"))
    entry = Entry(turn=3, seat=1, action=Play(cards), melds=(1,))
    assert entry_text(entry, variant.deck, None, variant) == "Player 2 plays J♠ Q♠ K♠ A♠."
    assert tuple(variant.arrange(cards)) == tuple(Card.parse(c) for c in ("JS", "QS", "KS", "AS"))


# -- look-alike letters ----------------------------------------------------------------------


def test_latin_look_alikes_in_a_ukrainian_card_are_read_as_meant():
    from machiavelli.app.library import load_variant
    from machiavelli.core.words import CardReader, fold

    i18n.use_language("uk", environ={})
    reader = CardReader(load_variant("bga").deck)
    assert reader.card("TП") == reader.card("ТП") == Card.parse("AS")  # Latin T, Cyrillic П
    assert reader.card("BЧ") == Card.parse("JH")
    assert reader.card("КS") == Card.parse("KS")  # Cyrillic К in the deck's notation
    assert fold("take") == "take", "a word in one script is left alone"


# -- "game" in every record's JSON --------------------------------------------------------


@pytest.mark.parametrize("variant, seats", [("bga", 3), ("cicera", 4), ("si-se-pai", 4)])
def test_replay_json_names_the_game_of_every_record(tmp_path, variant, seats):
    record = tmp_path / f"{variant}.json"
    played = run("play", "-V", variant, "--seed", "1", *["--seat", "random"] * seats, "--record", str(record))
    assert played.exit_code == 0, played.output
    state = json.loads(run("replay", str(record), "--json").stdout)
    assert state["game"] == {"bga": "machiavelli"}.get(variant, variant)


# -- a command the game does not have --------------------------------------------------------


def test_a_command_of_another_game_is_answered_as_a_command_not_as_a_card():
    out = run("play", "-V", "cicera", "--seed", "1", *["--seat", "human"], *["--seat", "random"] * 3,
              lines=["take 1", "hint"]).stdout
    assert "This game has no command take: type help for its commands." in after(out, "take 1")
    assert "Not a card" not in after(out, "take 1")
    assert "This game gives no hints." in after(out, "hint")


def test_meld_check_with_another_games_variant_does_not_call_it_broken():
    result = run("meld", "check", "7D 7C", "--variant", "cicera")
    assert result.exit_code == 2
    assert "Broken" not in result.stderr and "broken" not in result.stderr
    assert "The variant cicera is not for the game machiavelli" in result.stderr


# -- intervals for counts ------------------------------------------------------------------


@pytest.mark.parametrize("k, low, high", [
    # Garwood's exact 95% limits for a Poisson count (Ulm 1990; the chi-square tables).
    (0, 0.0, 3.6889), (1, 0.0253, 5.5716), (5, 1.6235, 11.6683), (10, 4.7954, 18.3904), (20, 12.2165, 30.8884)])
def test_the_poisson_interval_matches_the_published_exact_limits(k, low, high):
    from machiavelli.app.stats import poisson_interval

    got = poisson_interval(k)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_the_poisson_interval_matches_scipy_for_fractional_counts():
    from scipy.stats import chi2

    from machiavelli.app.stats import poisson_interval

    for k in (0.5, 3.3, 47.25):
        assert poisson_interval(k) == pytest.approx((chi2.ppf(0.025, 2 * k) / 2, chi2.ppf(0.975, 2 * k + 2) / 2),
                                                     rel=1e-7)


def test_a_rare_count_per_deal_never_gets_an_interval_below_zero():
    from machiavelli.app.stats import mean_entry, mean_interval

    claims = [0] * 9 + [2]  # four Soldiers, now and then: 0.20 per deal
    assert mean_interval(claims).low < 0, "what the normal interval said"
    entry = mean_entry(claims)
    assert 0 < entry["low"] < entry["mean"] < entry["high"]
    none = mean_entry([0] * 30)
    assert none["low"] == 0 and none["high"] == pytest.approx(3.6889 / 30, abs=1e-4)
    spread = mean_entry([0.5, -1.5, 2.0])  # not counts: the normal interval as before
    assert spread["low"] == pytest.approx(mean_interval([0.5, -1.5, 2.0]).low)


# -- a plugin's locales package ------------------------------------------------------------


def test_locales_init_accepts_a_package_that_holds_only_its_init(tmp_path):
    package = tmp_path / "myhouse" / "locales"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    result = run("locales", "init", "fr", "--dir", str(package))
    assert result.exit_code == 0, result.output
    assert (package / "fr" / "LC_MESSAGES" / "messages.po").is_file()
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("x")
    assert run("locales", "init", "fr", "--dir", str(tmp_path / "other")).exit_code == 2
