"""`variants diff` explains a difference in words, in every shipped language."""

import json

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core import i18n
from machiavelli.app.library import load_variant
from machiavelli.app.rules_diff import differing, split_sentences
from machiavelli.app.catalogs import shipped_languages

runner = CliRunner()
LANGUAGES = tuple(shipped_languages())


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.use_language("en")


def diff_json(*args):
    result = runner.invoke(app, ["variants", "diff", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_restore_penalty_is_two_sentences_in_one_section():
    data = diff_json("bga", "restore-3")
    assert data["parameters"] == [{"key": "restore_penalty", "a": 1, "b": 3}]
    (section,) = data["rules"]
    assert section["section"] == "restore"
    undo = ("Putting the table back by undoing your steps and then drawing counts as restoring: a turn in which you "
            "touched the table and that ends without a card of your hand on it costs the penalty of {}, not the "
            "usual draw.")
    assert section["a"] == ["Then you draw 1 card from the deck as a penalty, and your turn ends.",
                            undo.format("1 card")]
    assert section["b"] == ["Then you draw 3 cards from the deck as a penalty, and your turn ends.",
                            undo.format("3 cards")]


def test_the_same_rules_have_no_sentences_apart():
    assert diff_json("bga", "bga")["rules"] == []
    # Only the name and the parent differ: no rule does.
    assert differing(load_variant("bga"), load_variant("bga", ["name=house", "extends=classic"])) == []


def test_a_house_rule_on_the_command_line_is_explained():
    data = diff_json("bga", "bga", "--set", "aces=wrap")
    (section,) = data["rules"]
    assert section["section"] == "melds"
    assert any("around the corner" in s for s in section["b"])
    assert any("K♣ A♣ 2♣ is a run" in s for s in section["b"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_language_explains_help_cards(lang):
    i18n.clear_misses()
    data = diff_json("bga", "help-cards", "--lang", lang)
    sections = {s["section"]: s for s in data["rules"]}
    assert {"overview", "deal", "restore"} <= set(sections)
    deal = sections["deal"]
    assert any("15" in s for s in deal["a"]) and any("6" in s for s in deal["b"])
    assert len(deal["b"]) == 3  # six cards, four help cards, their refill
    assert not [m for m in i18n.misses() if m.language == lang]
    if lang != "en":
        english = {s["section"]: s for s in diff_json("bga", "help-cards", "--lang", "en")["rules"]}
        assert deal["title"] != english["deal"]["title"] and deal["b"] != english["deal"]["b"]


def test_text_output_names_each_variant_under_the_section():
    result = runner.invoke(app, ["variants", "diff", "bga", "help-cards", "--lang", "it"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "help-cards: " in out and "bga: " in out
    assert out.index("restore_penalty") < out.index("bga: ")


def test_sentences_split_at_full_stops_but_not_turkish_ordinals():
    assert split_sentences("One. Two! Three?") == ["One.", "Two!", "Three?"]
    assert split_sentences("Oyun 3. oyuncu ile başlar. Sonra biter.") == ["Oyun 3. oyuncu ile başlar.", "Sonra biter."]
    assert split_sentences("هل تلعب؟ نعم.") == ["هل تلعب؟", "نعم."]
