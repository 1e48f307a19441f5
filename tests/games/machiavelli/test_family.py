"""The manipulation-rummy family as data (issue 28): Rummikub's parameters
(pieces, game_name, suits without symbols, losers-pay-winner scoring,
when-all-pass) as the schema, the rules and the scores read them."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from typer.testing import CliRunner

from machiavelli.app.library import load_variant, shipped_names
from machiavelli.app.rules_render import render
from machiavelli.cli import app
from machiavelli.core import glossary, i18n
from machiavelli.core.errors import VariantError
from machiavelli.core.variant import differences
from machiavelli.games.machiavelli.present import rules_text
from machiavelli.games.machiavelli.present.rules_tiles import TILES
from machiavelli.games.machiavelli.scoring import losers_pay

CARD_WORDS = re.compile(r"\b(cards?|decks?|hands?|suits?|ranks?)\b", re.I)


@pytest.fixture(autouse=True)
def _english():
    i18n.use_language("en", environ={})
    yield
    i18n.use_language("en", environ={})


def test_rummikub_is_the_box_s_game():
    v = load_variant("rummikub")
    assert v.card_count == 106 and v.hand_size == 14 and (v.players.min, v.players.max) == (2, 4)
    assert [s.colour for s in v.deck.suits] == ["red", "blue", "black", "orange"]
    assert all(s.symbol == s.code for s in v.deck.suits) and glossary.is_tiles(v.deck)
    assert v.check(v.deck.parse_cards("12R 13R 1R")).reason is not None  # 1 is low only: no corner
    assert v.check(v.deck.parse_cards("1R 2R 3R")).valid


def test_rummikub_rules_speak_of_tiles_rack_and_pool():
    doc = rules_text.compose(load_variant("rummikub"))
    text = render(doc, "text")
    assert doc.title == "The rules of Rummikub" and "Machiavelli" not in text
    assert not CARD_WORDS.findall(text), CARD_WORDS.findall(text)
    for word in ("tiles", "rack", "pool", "orange (O)"):
        assert word in text
    assert doc.uncovered == [] and doc.dropped == []


@pytest.mark.parametrize("lang", ["it", "de", "es", "tr", "uk", "ar", "zh_Hans"])
def test_rummikub_rules_in_every_language_use_its_tile_words(lang):
    i18n.use_language(lang, environ={})
    text = render(rules_text.compose(load_variant("rummikub")), "text")
    assert i18n.misses() == []
    tile = {"it": "tessere", "de": "Steine", "es": "fichas", "tr": "taş", "uk": "фішки", "ar": "قطع",
            "zh_Hans": "牌架"}[lang]
    card = {"it": "carte", "de": "Karten", "es": "cartas", "tr": "kart", "uk": "карти", "ar": "أوراق",
            "zh_Hans": "手牌"}[lang]
    assert tile in text and card not in text
    avoided, _words = _card_words(lang)
    assert not avoided.findall(text), [line for line in text.splitlines() if avoided.search(line)]


def test_every_tile_wording_stands_for_a_sentence_of_the_rules():
    tree = ast.parse(Path(rules_text.__file__).read_text(encoding="utf-8"))
    said = {(n.args[0].value, n.args[1].value) for n in ast.walk(tree)
            if isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", "")) in ("_p", "_np")
            and len(n.args) >= 2 and all(isinstance(a, ast.Constant) for a in n.args[:2])}
    said |= {("rules section", title) for title in rules_text.SECTIONS.values()}
    assert set(TILES) <= said, sorted(set(TILES) - said)
    for (context, message), (tile_context, singular, plural) in TILES.items():
        words = re.sub(r"\{\w+\}", "", singular + " " + (plural or ""))  # placeholders keep their names
        assert tile_context == context and not CARD_WORDS.search(words), words
        assert set(re.findall(r"\{\w+\}", message)) == set(re.findall(r"\{\w+\}", singular))


def test_a_tile_is_named_by_its_colour_and_number():
    v = load_variant("rummikub")
    card = v.deck.parse_card("13O")
    assert glossary.card_name(card, v.deck) == "orange 13"
    described = glossary.describe_cards({card}, v.deck)["13O"]
    assert described["face"] == "tile" and described["colour_name"] == "orange" and described["rank"] == "13"
    i18n.use_language("it", environ={})
    assert glossary.card_name(card, v.deck) == "13 arancione"
    french = load_variant("bga")
    assert "face" not in glossary.describe_cards({french.deck.parse_card("5H")}, french.deck)["5H"]


def test_the_new_parameters_are_validated():
    for bad in ("pieces=stones", "game_name=rummy", "scoring=losers-pay", "deck_runs_out=never"):
        with pytest.raises(VariantError):
            load_variant("rummikub", [bad])
    with pytest.raises(VariantError):
        load_variant("bga", ["deck.suits=[{code: R, colour: purple}]"])


def test_rummikub_and_vatikan_differ_in_exactly_these_rules():
    keys = {key for key, _, _ in differences(load_variant("rummikub"), load_variant("vatikan"))}
    assert keys == {"deck.suits", "deck.ranks", "deck.extras", "players.max", "aces", "pieces", "joker_points",
                    "hand_size", "restore_penalty", "deck_runs_out", "deck_out_winners", "opening",
                    "opening_points", "scoring", "game_name"}


@given(st.lists(st.integers(0, 200), min_size=2, max_size=6), st.data())
def test_losers_pay_the_winner(left, data):
    """The losers' minus points are what they hold; the winner gets the
    differences, so a deal won by going out adds up to zero."""
    winner = data.draw(st.integers(0, len(left) - 1))
    scores = losers_pay(left, (winner,))
    assert sum(scores) == -(len(left) - 1) * left[winner]
    assert all(scores[s] == -left[s] for s in range(len(left)) if s != winner)
    if left[winner] == 0:
        assert scores[winner] == sum(left)


# -- the family plays to the end at the terminal ---------------------------------------

#: The manipulation-rummy family of issue 28 as the other helpers name their
#: variants; a tile variant belongs to it whatever its name.
FAMILY_NAMES = {"rummikub", "carousel", "guadalupe", "shanghai", "finagle", "makiaveli"}
LANGUAGES = ("en", "it", "tr", "uk", "ar", "es", "de", "zh_Hans")
LEVELS = ("beginner", "casual", "club", "expert", "random")


def family() -> list[str]:
    return sorted(name for name in shipped_names()
                  if name in FAMILY_NAMES or getattr(load_variant(name), "pieces", "cards") == "tiles")


def _family_games() -> list[tuple[str, str, int]]:
    """Every member at least once and every language at least once, so the
    run stays as long as the longer list."""
    names = family()
    return [(names[i % len(names)], LANGUAGES[i % len(LANGUAGES)], i) for i in range(max(len(names), len(LANGUAGES)))]


def test_rummikub_is_in_the_family():
    assert "rummikub" in family()


@pytest.mark.parametrize("name, lang, i", _family_games())
def test_the_family_plays_to_the_end_at_the_terminal(tmp_path, monkeypatch, name, lang, i):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    variant = load_variant(name)
    seats = [LEVELS[(i + s) % len(LEVELS)] for s in range(min(3, variant.players.max))]
    record = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "-V", name, "--seed", str(11 + i), "--lang", lang, "--record",
                                      str(record), *[a for seat in seats for a in ("--seat", seat)]],
                                env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    saved = json.loads(record.read_text(encoding="utf-8"))
    if saved["format"] == "machiavelli-match-record":  # a variant that plays to a target (Carousel, Finagle)
        assert saved["deals"] and saved["target"] == variant.match_target, saved["target"]
        saved = saved["deals"][-1]
    outcome = saved["result"]
    assert outcome["winners"] and outcome["reason"], outcome


# -- a tile game's screens speak of tiles in every language ----------------------------

#: What a person types at a Rummikub table to see most of its screens: the help,
#: hints, refusals (a tile not held, no meld 1, not a tile, ending without
#: playing, nothing to restore) and draws.
TYPED = ["help", "hint", "hint", "hint all", "play 1R 2R 3R", "add 1 5O", "play 99Z", "end", "restore", "draw",
         "table", "help swap", "draw", "draw", "quit", "n"]


def _card_words(lang: str) -> tuple[re.Pattern[str], list[str]]:
    """The card words a tile message must not use in ``lang`` (the avoid lists
    of its glossary's tile, rack and pool) and its tile words."""
    if lang == "en":
        return CARD_WORDS, ["tiles", "rack", "pool"]
    from machiavelli.app.catalogs import TILE_TERMS, glossary as words_of

    terms = words_of(lang)
    assert terms is not None
    avoided = [w for term in TILE_TERMS for w in terms[term]["avoid"]]
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in avoided) + r")(?!\w)", re.I)
    return pattern, [terms["tile"]["use"][0], terms["rack"]["use"][0]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rummikub_table_speaks_of_tiles_rack_and_pool(tmp_path, monkeypatch, lang):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    runner = CliRunner()
    person = runner.invoke(app, ["play", "-V", "rummikub", "--seed", "3", "--lang", lang, "--seat", "human", "--seat",
                                 "random"], input="\n".join(TYPED) + "\n", env=env)
    computers = runner.invoke(app, ["play", "-V", "rummikub", "--seed", "5", "--lang", lang, "--moves", "--seat", "club",
                                    "--seat", "expert", "--record", str(tmp_path / "game.json")], env=env)
    # A script whose moves were refused ends with 1: the refusals are what is looked at here.
    assert isinstance(person.exception, (SystemExit, type(None))) and computers.exit_code == 0, computers.output
    review = runner.invoke(app, ["--lang", lang, "review", str(tmp_path / "game.json")], env=env)
    assert review.exit_code == 0, review.output
    text = person.output + computers.output + review.output
    avoided, tile_words = _card_words(lang)
    lines = [line for line in text.splitlines() if avoided.search(line)]
    assert not lines, lines
    for word in tile_words:
        assert re.search(r"(?<!\w)" + re.escape(word), text, re.I), word
    if lang == "en":  # the help's legend says each colour's letter in words
        assert "R=red B=blue K=black O=orange" in text
    assert i18n.misses() == []


def test_a_card_game_keeps_its_card_words_after_a_tile_game(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    runner = CliRunner()
    runner.invoke(app, ["play", "-V", "rummikub", "--seed", "5", "--seat", "club", "--seat", "club"], env=env)
    after = runner.invoke(app, ["play", "-V", "bga", "--seed", "5", "--seat", "club", "--seat", "club"], env=env)
    assert "cards" in after.output and "tiles" not in after.output


def test_simulate_labels_a_tile_game_s_figures_in_tile_words(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    env = {"LANGUAGE": "de", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    runner = CliRunner()
    alone = runner.invoke(app, ["simulate", "-V", "rummikub", "--games", "2", "--jobs", "1", "--seed", "3"], env=env)
    assert alone.exit_code == 0, alone.output
    assert "Steine auf den Steinhaltern der Verlierer" in alone.output and "Karte" not in alone.output
    # Compared with a card game, the shared rows keep the card words.
    both = runner.invoke(app, ["simulate", "-V", "rummikub", "-V", "vatikan", "--games", "2", "--jobs", "1", "--seed",
                               "3"], env=env)
    assert both.exit_code == 0, both.output
    assert "Steinhalter" not in both.output
