"""Cicera through the command line: play from standard input in Italian,
replay, rules in every format and language, simulate's JSON."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core import i18n

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def staged(mine, table):
    """A deal of Cicera staged for seat 0 to play ``mine`` (card text) onto
    ``table``; each other seat holds as many cards, the rest is in the piles."""
    from machiavelli.app.library import load_variant
    from machiavelli.games.cicera.cards import card
    from machiavelli.games.cicera.game import CiceraPosition, Game

    variant = load_variant("cicera", [])
    hand, laid = tuple(map(card, mine.split())), tuple(map(card, table.split()))
    rest = list(variant.physical_cards)
    for c in hand + laid:
        rest.remove(c)
    n = len(hand)
    hands = (hand, *(tuple(rest[k * n:(k + 1) * n]) for k in range(3)))
    rest = rest[3 * n:]
    return Game.at_position(variant, CiceraPosition(hands=hands, table=laid,
                                                    piles=(tuple(rest[::2]), tuple(rest[1::2]))))


def test_play_piped_in_italian_with_local_words_and_a_choice(tmp_path):
    record = tmp_path / "deal.json"
    # Italian words (gioca/prendi), an ambiguous capture answered by number,
    # a card not in the hand refused, then the person leaves.
    lines = "aiuto\ngioca 7D\n" + "esci\n"
    result = run("play", "--variant", "cicera", "--seed", "3", "--lang", "it", "--record", str(record),
                 input=lines)
    out = result.output
    assert "Tocca a" in out or "Turno" in out
    assert "non è nella tua mano" in out          # 7D is not in seat 0's hand on seed 3
    assert record.exists()


def test_play_a_whole_deal_from_stdin_and_replay(tmp_path):
    from machiavelli.app.library import load_variant
    from machiavelli.games.cicera.game import Game

    record = tmp_path / "deal.json"
    game = Game(load_variant("cicera", []), 4, 5)
    # Every card of seat 0's hand, in order: each line leaves or plays it.
    lines = "".join(f"play {game.variant.deck.card_text(c)}\n" for c in game.hand(0))
    result = run("play", "--variant", "cicera", "--seed", "5", "--record", str(record), input=lines)
    assert result.exit_code == 0, result.output
    assert "win the deal" in result.output or "Drawn deal" in result.output
    replayed = run("replay", str(record), "--json")
    data = json.loads(replayed.output)
    assert data["result"]["teams"] == [[0, 2], [1, 3]] and len(data["result"]["points"]) == 2
    text = run("replay", str(record), "--moves").output
    assert "Turn 1:" in text and "actions replayed" in text


def test_ambiguous_capture_is_listed(tmp_path):
    from machiavelli.games.cicera import present
    from machiavelli.games.cicera.cards import card

    game = staged("7D", "7C 3B 4S 2S 5B")
    view = game.view(game.current)
    options = present.read_command("play 7D take", view)
    assert {frozenset(a.take) for a in options} == {frozenset({card("7C")}), frozenset({card("3B"), card("4S")}),
                                                    frozenset({card("2S"), card("5B")})}
    assert present.read_command("play 7D take 3B", view)[0].take == (card("3B"), card("4S"))
    assert present.read_command("play 7D", view)[0].take == ()


@pytest.mark.parametrize("lang, letters", [("uk", "7М"), ("ar", "7ن"), ("tr", "7A"), ("it", "7D")])
def test_cards_typed_with_each_languages_letters(lang, letters):
    from machiavelli.games.cicera.cards import card
    from machiavelli.games.cicera.glossary import read_card
    from machiavelli.games.cicera.cards import BRESCIAN

    i18n.use_language(lang, environ={})
    assert read_card(letters, BRESCIAN) == card("7D")


@pytest.mark.parametrize("lang", ["en", "it", "tr", "uk", "ar"])
@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_rules_in_every_language_and_format(lang, fmt):
    result = run("rules", "--variant", "cicera", "--lang", lang, "-f", fmt)
    assert result.exit_code == 0, result.output
    assert "napola" in result.output.lower() or "напол" in result.output.lower() or "نابولا" in result.output


@pytest.mark.parametrize("lang", ["it", "tr", "uk", "ar"])
def test_rules_are_translated_and_complete(lang):
    from machiavelli.app.library import load_variant
    from machiavelli.games.cicera.rules_text import compose

    i18n.use_language(lang, environ={})
    i18n.clear_misses()
    doc = compose(load_variant("cicera", []))
    assert not doc.uncovered and not doc.dropped and len(doc.examples) == 4
    assert not i18n.misses()


@pytest.mark.parametrize("setting", ["match_first=true", "sum_captures=false", "capture_optional=false",
                                     "napola=false", "scopa_points=0", "quartet_min_taken=2",
                                     "bonuses_on_last_play=false", "leftover=unclaimed", "courts_in_sums=true"])
def test_rules_of_house_variants_keep_every_example_true(setting):
    from machiavelli.app.library import load_variant
    from machiavelli.games.cicera.rules_text import compose

    doc = compose(load_variant("cicera", [setting]))
    assert not doc.uncovered and not doc.dropped


def test_simulate_json_shape(tmp_path):
    result = run("simulate", "--variant", "cicera", "-n", "6", "--seat", "greedy", "--seat", "random",
                 "--seat", "greedy", "--seat", "random", "--seed", "3", "-j", "1", "-q", "--json", "-")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    fig = data["variants"][0]
    assert data["seats"] == ["greedy", "random", "greedy", "random"]
    assert [t["seats"] for t in fig["teams"]] == [[0, 2], [1, 3]]
    assert fig["teams"][0]["players"] == ["greedy", "greedy"]
    wins = sum(t["wins"]["k"] for t in fig["teams"]) + fig["drawn"]["k"]
    assert wins == 6 and set(fig["teams"][0]["wins"]) == {"k", "n", "share", "low", "high"}
    assert {"scopa", "picada", "simile", "quartet"} <= set(fig["per_deal"])


def test_unknown_capture_gets_one_clear_line():
    result = run("play", "--variant", "cicera", "--seed", "3", "--record", "/dev/null", input="gioca\nplay ZZ\n")
    assert "Traceback" not in result.output


def test_the_table_lists_an_ambiguous_capture_and_takes_the_choice_in_italian(tmp_path):
    import io

    from rich.console import Console

    from machiavelli.app.human import Session, Terminal
    from machiavelli.app.screen import screen_of
    from machiavelli.core.records import Seat
    from machiavelli.games.cicera.cards import card
    from machiavelli.games.cicera.present import PRESENTATION

    i18n.use_language("it", environ={})
    game = staged("7D RB", "7C 3B 4S")
    seat = game.current
    out = io.StringIO()
    screen = screen_of(PRESENTATION, Console(file=out, width=200))
    seats = [Seat("human" if s == seat else "random") for s in range(4)]
    session = Session(game, seats, PRESENTATION, screen,
                      Terminal(io.StringIO("gioca 9D\ngioca 7D prendi\n2\n"), screen), record=tmp_path / "r.json")
    action = session.player(seat).choose(game.view(seat))
    shown = out.getvalue()
    lines = shown.splitlines()
    assert "In tavola:" in shown and "La tua mano" in shown
    # The refusal names the card as the table shows it (9●), not by its notation (9D).
    assert "9● non è nella tua mano." in shown and "9D non" not in shown
    assert "Quale? Scrivi il suo numero:" in shown and "  2. prendere" in shown
    assert action.take == (card("3B"), card("4S")) or action.take == (card("7C"),)
    listed = [line for line in lines if line.startswith("  1. ") or line.startswith("  2. ")]
    chosen = listed[1]
    assert ("3" in chosen and "4" in chosen) == (len(action.take) == 2)
    entry = game.apply(action, seat)
    text = PRESENTATION.narrate(entry, game.variant, session.style)
    assert "gioca 7●" in text and "prende" in text


@pytest.mark.parametrize("game", ["cicera", "si-se-pai"])
@pytest.mark.parametrize("lang", ["it", "uk", "zh_Hans"])
def test_the_meaning_of_every_parameter_is_in_the_users_language(game, lang):
    from machiavelli.core import registry

    schema = registry.game(game).variant_schema
    english = [field.description for field in schema.model_fields.values() if field.description]
    result = run("--lang", lang, "variants", "options", "--game", game, "--json")
    assert result.exit_code == 0, result.output
    meanings = {row["key"]: row["meaning"] for row in json.loads(result.output)}
    assert len(meanings) >= len(english)
    left = [key for key, meaning in meanings.items() if meaning in english]
    assert not left, left


@pytest.mark.parametrize("setting", [
    "cicera(napola_min=11)", "cicera(courts=[ZZ])", "cicera(suit_award=X)", "cicera(special_cards={QQ: 1})",
    "cicera(partners=opposite, players.min=2)", "si-se-pai(keep=[ZZ])", "si-se-pai(claim_next=[nope])",
])
def test_a_refused_house_rule_is_explained_in_the_users_language(setting):
    english = run("variants", "show", setting).output
    # Words of the English sentence, but for the values typed and the variant's own keys (groups).
    words = {w for w in english.split("): ", 1)[1].replace(":", " ").split() if w.isalpha() and len(w) > 3
             and w not in setting and w != "groups"}
    assert words, english
    result = run("--lang", "it", "variants", "show", setting)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not words & set(result.output.split()), result.output
