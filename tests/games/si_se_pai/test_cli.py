"""Sì Sè Pái through the command line: a person against three computer
players in every shipped language, the Chinese characters, replay, rules
in every language with every example true, simulate's figures."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app

runner = CliRunner()
LANGS = ["en", "it", "tr", "uk", "ar"]


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


@pytest.fixture(autouse=True)
def _folders(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    from machiavelli.core import config, glossary

    config.forget_cache()
    glossary.set_faces(None)
    yield
    glossary.set_faces(None)
    config.forget_cache()


@pytest.mark.parametrize("lang", LANGS)
def test_a_person_plays_a_whole_deal_against_three_computer_players(lang, tmp_path):
    record = tmp_path / "deal.json"
    # "help", then always the first claim offered (or pass) ("take" alone lists them, 1 picks),
    # and the first card that may go ("discard" alone lists them): the person takes
    # part in the claims; a word out of place gets its one-line answer and play goes on.
    from machiavelli.core import i18n
    from machiavelli.games.si_se_pai.present import WORDS

    i18n.use_language(lang)
    take = i18n.pgettext("sisepai command", WORDS["take"])
    discard = i18n.pgettext("sisepai command", WORDS["discard"])
    passing = i18n.pgettext("sisepai command", WORDS["pass"])
    i18n.use_language("en")
    # Every seat answers every card: a window with nothing to take ends with the pass.
    lines = "help\n" + f"{take}\n1\n{discard}\n1\n{passing}\n" * 800
    result = run("play", "--variant", "si-se-pai", "--seed", "4", "--lang", lang, "--record", str(record),
                 input=lines)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Traceback" not in result.output
    data = json.loads(record.read_text())
    assert data["seats"][0]["player"] == "human" and len(data["seats"]) == 4
    assert data["result"] is not None
    replayed = run("replay", str(record), "--json")
    assert json.loads(replayed.output)["result"] == data["result"]


def test_the_table_shows_groups_the_public_card_and_who_may_claim(tmp_path):
    result = run("play", "--variant", "si-se-pai", "--seed", "3", input="quit\n")
    out = result.output
    assert "Public card:" in out and "may claim it" in out and "Your hand (Player 1):" in out
    assert "concealed cards" in out


def test_hanzi_faces_are_shown_and_remembered(tmp_path):
    result = run("play", "--variant", "si-se-pai", "--seed", "3", "--cards", "hanzi", input="quit\n")
    assert any(ch in result.output for ch in "將士象車馬砲卒")
    from machiavelli.core import config, glossary

    glossary.set_faces(None)
    config.forget_cache()
    again = run("play", "--variant", "si-se-pai", "--seed", "3", input="quit\n")
    assert any(ch in again.output for ch in "將士象車馬砲卒")
    back = run("play", "--variant", "si-se-pai", "--seed", "3", "--cards", "letters", input="quit\n")
    assert not any(ch in back.output.split("Your hand")[-1] for ch in "將士象車馬砲卒")


def test_a_bad_command_gets_one_clear_line():
    result = run("play", "--variant", "si-se-pai", "--seed", "3", input="take ZZ\nfly\nquit\n")
    # Asked about a card it cannot claim, the seat is told so whatever it tried to take.
    assert "Not a card: ZZ" in result.output or "You cannot claim" in result.output
    assert "This game has no command fly: type help for its commands." in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("lang", LANGS)
def test_rules_in_every_language_have_every_example_true(lang):
    from machiavelli.app.library import load_variant
    from machiavelli.core import i18n
    from machiavelli.games.si_se_pai.rules_text import compose

    i18n.use_language(lang)
    try:
        doc = compose(load_variant("si-se-pai", []))
    finally:
        i18n.use_language("en")
    assert doc.dropped == [] and len(doc.examples) >= 5
    assert doc.uncovered == []
    result = run("rules", "--variant", "si-se-pai", "--lang", lang)
    assert result.exit_code == 0 and "將" in result.output
    if lang != "en":
        english = run("rules", "--variant", "si-se-pai", "--lang", "en").output
        assert result.output != english


def test_simulate_reports_wins_by_seat_drawn_deals_and_scores(tmp_path):
    out = tmp_path / "sim.json"
    result = run("simulate", "--variant", "si-se-pai", "-n", "12", "--seed", "2", "-j", "1", "-q", "--json", str(out))
    assert result.exit_code == 0, result.output
    fig = json.loads(out.read_text())["variants"][0]
    assert fig["games"] == 12 and len(fig["teams"]) == 4
    assert all(t["players"] == ["keeper"] for t in fig["teams"])
    won = 12 - fig["drawn"]["k"]
    assert sum(t["wins"]["k"] for t in fig["teams"]) == won
    assert sum(s["k"] for s in fig["winning_points"].values()) == won
    assert "Wins: seat 1" in result.output and "Drawn deals" in result.output and "Won with" in result.output


def test_meld_check_answers_for_a_group():
    result = run("meld", "check", "GY AY EY", "--variant", "si-se-pai", "--json")
    assert json.loads(result.output) == {"valid": True, "kind": "one-colour", "reason": None}
    result = run("meld", "check", "GY GY", "--variant", "si-se-pai", "--json")
    assert json.loads(result.output)["valid"] is False and result.exit_code == 1


@pytest.mark.parametrize("lang", __import__("machiavelli.app.catalogs", fromlist=["x"]).shipped_languages())
def test_the_rules_name_each_card_with_the_letters_the_table_reads(lang):
    """The rules' card list gives each character and colour the letter a
    player of that language types and sees at the table (Italian Cavallo V,
    verde V), never the English one: each character's letter followed by a
    colour's letter reads as that card (among the English reading, which the
    table asks about when the two differ)."""
    import re

    from machiavelli.app.library import load_variant
    from machiavelli.core import i18n
    from machiavelli.core.cards import Card
    from machiavelli.games.si_se_pai.glossary import HANZI, HANZI_COLOURS, SIMPLIFIED, read_card, show

    deck = load_variant("si-se-pai", []).deck
    output = run("rules", "--variant", "si-se-pai", "--lang", lang).output
    text = " ".join(re.sub("[\u2066-\u2069]", "", output).split())  # without bidi isolates
    characters = dict(re.findall(r"[(（]([^\s,，()（）]+)[,，،] ?([將士象車馬砲卒将车马炮])[)）]", text))  # letter -> hanzi
    # Where a character's name is its sign (Chinese 将), the sign is not said twice: 将（G）.
    characters.update((letter, sign) for sign, letter in re.findall(r"([將士象車馬砲卒将车马炮])（([A-Z])）", text))
    shown = SIMPLIFIED if lang == "zh_Hans" else HANZI  # the Simplified interface writes Simplified characters
    assert sorted(characters.values()) == sorted(shown.values()), text[:600]
    # The colours come first in the card list, in the deck's order, each with its letter alone.
    colours = dict(zip([s.code for s in deck.suits], re.findall(r"[(（](\w{1,2})[)）]", text)))
    assert set(colours) == set(HANZI_COLOURS), text[:600]
    i18n.use_language(lang)
    try:
        for letter, hanzi in characters.items():
            for code, colour in colours.items():
                code_of = {v: k for k, v in shown.items()}[hanzi]
                read = {(deck.rank_code(c.rank), c.suit) for c in read_card(letter + colour, deck)}
                assert (code_of, code) in read, (lang, letter + colour, read)
                # ... and the table writes the card with the same letters.
                card = Card([r.code for r in deck.ranks].index(code_of) + 1, code)
                assert show(card, deck) == letter + colour, (lang, show(card, deck), letter + colour)
    finally:
        i18n.use_language("en")
