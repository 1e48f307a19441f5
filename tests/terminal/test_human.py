"""The terminal's one loop (app/human.py) for every game: Cicera and Sì Sè
Pái get what Machiavelli's table has (save and load, quit with the
question, help, rules, table, hint or a clear answer, undo or a clear
answer, hot seat), narration cut to fit the terminal with ``table``
showing it all, lines wrapped before bidi reordering, and refusals that
name cards as the table shows them, in every language. Driven through
piped standard input as a person's script is (CliRunner), or through
``input()`` where a person at a terminal is meant."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from machiavelli.app.library import load_variant
from machiavelli.cli import app
from machiavelli.core import glossary, i18n, registry
from machiavelli.core.bidi import visual
from machiavelli.core.console import wrap
from machiavelli.core.records import GameRecord

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
GAMES = ["cicera", "si-se-pai"]


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    from machiavelli.core import config

    config.forget_cache()
    glossary.set_faces(None)
    yield
    i18n.use_language("en", environ={})
    glossary.set_ascii(False)
    glossary.set_faces(None)
    config.forget_cache()


def play(*args, lines=(), env=None):
    text = "".join(line + "\n" for line in lines)
    return runner.invoke(app, ["play", *args], input=text, env={**NO_LOCALE_ENV, **(env or {})})


def first_move(variant: str, seed: int = 3) -> str:
    """A move the person in seat 0 can type at its first prompt."""
    game = registry.game(variant).new_game(load_variant(variant), 4, seed)
    if variant == "cicera":
        return "play " + game.variant.deck.card_text(game.hand(0)[0])
    return "pass"  # Sì Sè Pái: the first prompt is an answer to the public card


def after(out: str, command: str) -> str:
    """What the table printed after ``command`` was typed (up to the next prompt)."""
    return out.split(f"> {command}\n", 1)[1].split("\n> ", 1)[0]


# -- save and load ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", GAMES)
def test_save_then_load_goes_on_from_the_saved_game(variant, tmp_path):
    saved = tmp_path / "kept.json"
    move = first_move(variant)
    result = play("--variant", variant, "--seed", "3", lines=[move, f"save {saved}"])
    assert result.exit_code == 0, result.output[-800:]
    assert f"The game is saved in {saved}" in result.output
    assert f"machiavelli play --load {saved}" in result.output
    kept = GameRecord.loads(saved.read_text())
    assert any(seat == 0 for seat, _action in kept.actions), "the person's move is in the record"
    again = play("--load", str(saved), lines=["table", "quit"])
    assert again.exit_code == 0, again.output[-800:]
    assert "Traceback" not in again.output
    later = GameRecord.loads(saved.read_text())
    assert later.actions[:len(kept.actions)] == kept.actions, "the loaded game goes on from its save"
    assert "nothing was played since" in again.output or "The game is saved in" in again.output


@pytest.mark.parametrize("variant", GAMES)
def test_quit_asks_whether_to_save_with_each_answer(variant, tmp_path, monkeypatch):
    from machiavelli.app import human

    init = human.Terminal.__init__
    monkeypatch.setattr(human.Terminal, "__init__",
                        lambda self, stream, screen, interactive=None: init(self, stream, screen, interactive=True))

    asked: list[str] = []

    def typing(*lines):
        typed = iter(lines)

        def answer(prompt=""):
            asked.append(prompt)
            return next(typed)

        monkeypatch.setattr("builtins.input", answer)

    typing(first_move(variant), "quit", "n")
    left = runner.invoke(app, ["play", "--variant", variant, "--seed", "3"])
    assert any(p.startswith("Type 1, 2, 3 or 4") for p in asked)
    assert "The game was not saved." in left.output
    assert left.exit_code == 1, "the person's move is lost: said by the exit status"
    assert not list((tmp_path / "data").glob("games/*.json"))
    elsewhere = tmp_path / "there.json"
    typing(first_move(variant), "quit", "2", str(elsewhere))
    kept = runner.invoke(app, ["play", "--variant", variant, "--seed", "3"])
    assert kept.exit_code == 0 and elsewhere.exists(), kept.output[-600:]
    assert f"machiavelli play --load {elsewhere}" in kept.output


# -- help, rules, table, hint, undo ------------------------------------------------------


@pytest.mark.parametrize("variant", GAMES)
def test_help_lists_the_games_commands_the_tables_and_nothing_it_lacks(variant):
    out = play("--variant", variant, "--seed", "3", lines=["help", "quit"]).output
    shown = after(out, "help")
    present = registry.game(variant).presentation()
    for line in present.commands_help():
        assert line in shown
    for word in ("table", "rules", "save [FILE]", "help", "quit [FILE]"):
        assert re.search(rf"^{re.escape(word)}  ", shown, re.M), word
    assert not re.search(r"^(hint|sort)\b", shown, re.M), "no line for what the game does not offer"


@pytest.mark.parametrize("variant, word", [("cicera", "napola"), ("si-se-pai", "將")])
def test_rules_at_the_table_are_the_variants_rules_and_play_nothing(variant, word):
    result = play("--variant", variant, "--seed", "3", lines=["rules"])
    shown = after(result.output, "rules")
    assert word in shown.lower()
    title = registry.game(variant).presentation().rules(load_variant(variant)).title
    assert title in shown
    assert result.exit_code == 0, "nothing was played"


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("lang", ["en", "it", "zh_Hans"])
def test_hint_and_undo_get_one_clear_sentence_where_the_game_has_none(variant, lang):
    i18n.use_language(lang, environ={})
    hint, undo = i18n.pgettext("command", "hint"), i18n.pgettext("command", "undo")
    no_hint, no_undo = i18n._("This game gives no hints."), i18n._("Moves cannot be taken back in this game.")
    i18n.use_language("en", environ={})
    result = play("--variant", variant, "--seed", "3", "--lang", lang, lines=[hint, undo, "undo"])
    assert after(result.output, hint).strip() == no_hint
    assert after(result.output, undo).strip() == no_undo
    assert after(result.output, "undo").strip() == no_undo, "the English word works too"
    assert result.exit_code == 0


def test_machiavelli_s_undo_is_its_own_action_and_its_hint_is_the_solver_s():
    out = play("--seed", "7", lines=["hint all", "move 3D 2 1", "undo", "quit"]).output
    assert "You can put down" in after(out, "hint all")
    assert "Moves cannot be taken back" not in out
    assert "Taken from the table" not in after(out, "undo")


def sessions_lines(out: str) -> list[list[str]]:
    """What the terminal shows before each prompt (the introduction's two lines aside)."""
    chunks, chunk = [], []
    for line in out.splitlines()[2:]:
        if line.startswith("> "):
            chunks.append(chunk)
            chunk = []
        else:
            chunk.append(line)
    return chunks


def rows(lines, width=80):
    return sum(max(1, -(-cell_len(line.rstrip()) // width)) for line in lines)


@pytest.mark.parametrize("variant, moves", [("si-se-pai", ["pass"] * 5), ("cicera", None)])
def test_the_story_since_the_last_turn_is_cut_to_fit_and_table_shows_it_all(variant, moves):
    if moves is None:  # Cicera: seat 0 plays its cards in order
        game = registry.game(variant).new_game(load_variant(variant), 4, 3)
        moves = [f"play {game.variant.deck.card_text(c)}" for c in game.hand(0)[:6]]
    env = {"COLUMNS": "80", "LINES": "24"}
    out = play("--variant", variant, "--seed", "3", lines=[*moves, "table", "quit"], env=env).output
    screens = sessions_lines(out)
    tall = max(screens[:-1], key=rows)
    assert rows(tall) <= 23, "\n".join(tall)
    shown = after(out, "table")
    if variant == "si-se-pai":
        cut = [s for s in screens if any(line.startswith("… ") and "earlier line" in line for line in s)]
        assert cut, "one pass in Sì Sè Pái tells more than a screen holds"
    # `table` shows every line of the story the last screen told, none cut.
    before = out.split("> table\n")[0].rsplit("\n> ", 1)[1].split("\n", 1)[1]
    story = [line for line in before.splitlines() if not line.startswith("… ")]
    for line in story:
        assert line in shown
    assert rows(shown.splitlines()) >= rows(story)
    # A pipe that gives no height: nothing cut.
    whole = play("--variant", variant, "--seed", "3", lines=[*moves, "quit"], env={"LINES": None}).output
    assert "earlier line" not in whole


# -- several people at one terminal ------------------------------------------------------


def test_two_people_at_one_terminal_pass_it_between_turns(tmp_path, monkeypatch):
    from machiavelli.app import human

    init = human.Terminal.__init__
    monkeypatch.setattr(human.Terminal, "__init__",
                        lambda self, stream, screen, interactive=None: init(self, stream, screen, interactive=True))
    typed = iter(["", first_move("cicera"), "", "quit", "n"])
    asked: list[str] = []

    def answer(prompt=""):
        asked.append(prompt)
        return next(typed)

    monkeypatch.setattr("builtins.input", answer)
    seats = ["--seat", "human", "--seat", "partner", "--seat", "human", "--seat", "partner"]
    result = runner.invoke(app, ["play", "--variant", "cicera", "--seed", "3", *seats])
    out = result.output
    first, second = out.index("Pass the terminal to Player 1"), out.index("Pass the terminal to Player 3")
    assert first < out.index("Your hand (Player 1)") < second < out.index("Your hand (Player 3)")
    assert "Your hand (Player 3)" not in out[:second], "a hand stays hidden until its player takes the terminal"
    assert "Player 1 > " in asked and "Player 3 > " in asked
    assert result.exit_code == 1, "Player 1's move is lost: the exit status says so"


def test_several_people_from_a_pipe_take_turns_without_confirmation():
    seats = ["--seat", "human", "--seat", "partner", "--seat", "human", "--seat", "partner"]
    out = play("--variant", "cicera", "--seed", "3", *seats, lines=[first_move("cicera"), "quit"]).output
    assert "Pass the terminal" not in out
    assert f"Player 1 > {first_move('cicera')}" in out and "Player 3 > quit" in out


# -- refusals name cards as the table shows them ------------------------------------------


@pytest.mark.parametrize("lang", ["it", "de", "uk", "zh_Hans", "ar"])
def test_a_cicera_refusal_names_the_card_as_the_table_shows_it(lang):
    game = registry.game("cicera").new_game(load_variant("cicera"), 4, 3)
    deck = game.variant.deck
    missing = next(c for c in deck.cards() if c not in game.hand(0) and c.rank not in (1,))
    code, shown = deck.card_text(missing), deck.card_symbol(missing)
    out = play("--variant", "cicera", "--seed", "3", "--lang", lang, lines=[f"play {code}", "quit"]).output
    refusal = after(out, f"play {code}").strip()
    assert shown in refusal and code not in refusal, refusal
    i18n.use_language(lang, environ={})
    assert refusal == i18n.pgettext("cicera reason", "{card} is not in your hand.", card=shown)


@pytest.mark.parametrize("lang, faces", [("it", ""), ("de", ""), ("uk", ""), ("tr", ""), ("zh_Hans", "hanzi"),
                                         ("en", "hanzi")])
def test_a_si_se_pai_refusal_names_the_public_card_in_the_language_s_letters(lang, faces):
    from machiavelli.games.si_se_pai.glossary import show

    # The public card at the person's first prompt, from the English table (its letters are the notation's;
    # seed 2: a card whose letters differ in every language tried, now that every seat is asked at once).
    english = play("--variant", "si-se-pai", "--seed", "2", lines=["quit"]).output
    code = re.search(r"Public card: (\w\w) \(", english).group(1)
    deck = load_variant("si-se-pai").deck
    i18n.use_language(lang, environ={})
    shown, win = show(deck.parse_card(code), deck, faces), i18n.pgettext("sisepai command", "win")
    i18n.use_language("en", environ={})
    assert shown != code, "letters (or characters) that differ from the notation's"
    cards = ["--cards", faces] if faces else []
    out = play("--variant", "si-se-pai", "--seed", "2", "--lang", lang, *cards, lines=[win, "quit"]).output
    refusal = after(out, win).strip()
    assert shown in refusal and code not in refusal.replace(shown, ""), refusal


def test_the_rejection_hooks_render_the_engines_card_codes():
    from machiavelli.core.errors import IllegalAction
    from machiavelli.core.present import Style

    i18n.use_language("it", environ={})
    game = registry.game("cicera").new_game(load_variant("cicera"), 4, 3)
    present = registry.game("cicera").presentation()
    assert present.rejection is not None
    lines = present.rejection(game.view(0), IllegalAction("must-capture", card="7D"),
                              Style(names=("A", "B", "C", "D")))
    assert lines and "7●" in lines[0] and "7D" not in lines[0]
    ascii_lines = present.rejection(game.view(0), IllegalAction("must-capture", card="7D"),
                                    Style(names=("A", "B", "C", "D"), symbols=False))
    assert "7D" in ascii_lines[0], "--ascii: the table shows codes, so does the refusal"


# -- wrapping, then bidi ------------------------------------------------------------------


def _terminal(width: int) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=True, color_system=None, width=width, height=200), out


@pytest.mark.parametrize("variant", ["cicera", "si-se-pai", "bga"])
def test_visual_order_wraps_each_paragraph_first_and_keeps_its_rows_in_reading_order(variant):
    """Under --bidi visual a long Arabic line is cut into rows between words
    first, then each row is reordered: the top row holds the paragraph's
    first words, no row is wider than the terminal, no word is cut."""
    from machiavelli.app.screen import screen_of

    i18n.use_language("ar", environ={})
    v = load_variant(variant)
    definition = registry.game(v.game)
    game = definition.new_game(v, 4 if variant != "bga" else 3, 3)
    console, out = _terminal(40)
    screen = screen_of(definition.presentation(), console, visual=True)
    paragraph = i18n.ngettext("Or type {restore} to put the table back as it was when your turn began: you then "
                              "draw {n} card and your turn ends.",
                              "Or type {restore} to put the table back as it was when your turn began: you then "
                              "draw {n} cards and your turn ends.", 3, restore="restore").strip()
    assert "Or type" not in paragraph  # a sentence the Arabic catalog has
    screen.say(paragraph)
    printed = [row for row in out.getvalue().splitlines() if row.strip()]
    pieces = wrap(paragraph, 40)
    assert len(pieces) > 2 and len(printed) == len(pieces)
    for row, piece in zip(printed, pieces):
        assert cell_len(row) <= 40
        assert row.strip() == visual(piece).strip(), "wrapped in logical order, then reordered"
    words = {w for w in visual(paragraph).split()}
    assert {w for row in printed for w in row.split()} == words, "no word is cut"
    # The table's own lines too, drawn for the seat to play.
    console, out = _terminal(40)
    screen = screen_of(definition.presentation(), console, visual=True)
    seats = [__import__("machiavelli.core.records", fromlist=["Seat"]).Seat("human")] * game.players
    seat = game.to_move()[0]
    screen.turn(game.view(seat), seats, None, [], history=True)
    assert all(cell_len(row) <= 40 or " " not in row.strip() for row in out.getvalue().splitlines())


def test_logical_order_on_a_terminal_wraps_between_words():
    from machiavelli.app.screen import screen_of

    present = registry.game("si-se-pai").presentation()
    game = registry.game("si-se-pai").new_game(load_variant("si-se-pai"), 4, 3)
    console, out = _terminal(50)
    screen = screen_of(present, console)
    from machiavelli.app.presented import style
    from machiavelli.core.records import Seat

    seats = [Seat("human")] * 4
    screen.turn(game.view(0), seats, None, [], history=True)
    words = {w for line in present.seat_view(game.view(0), style([None] * 4)) for w in line.split()}
    printed = out.getvalue().splitlines()
    assert max(cell_len(row) for row in printed) <= 50
    assert {w for row in printed for w in row.split()} <= words, "every word whole"


def test_every_games_screen_hook_answers_the_loops_questions():
    """The screen hook's protocol: whatever a game's ``screen`` makes (or
    the default screens) has every method the loop calls."""
    from machiavelli.app.screen import DefaultScreen, screen_of

    needed = ("say", "error", "lines", "prompt", "clear", "visual_notice", "turn", "waiting", "everything",
              "final", "help", "outcome")
    for name, definition in registry.games().items():
        if definition.presentation is None:
            continue
        present = definition.presentation()
        screen = screen_of(present, _terminal(80)[0])
        assert all(callable(getattr(screen, method, None)) for method in needed), name
        assert isinstance(screen.matches, bool) and isinstance(screen.visual, bool)
        assert (present.screen is None) == isinstance(screen, DefaultScreen), name
    assert screen_of(registry.game("machiavelli").presentation(), _terminal(80)[0]).matches
    assert not screen_of(registry.game("cicera").presentation(), _terminal(80)[0]).matches


def test_a_match_stays_machiavelli_s_and_is_refused_elsewhere_in_one_line():
    result = play("--variant", "cicera", "--deals", "2", "--seat", "random")
    assert result.exit_code == 2 and "one deal at a time" in result.output
    match = play("--deals", "2", "--seat", "random", "--players", "2", "--seed", "4", "--json")
    assert match.exit_code == 0, match.output[-500:]
    assert len(json.loads(match.output)["deals"]) == 2
