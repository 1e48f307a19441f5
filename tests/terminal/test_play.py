"""``machiavelli play`` with people: the real command, driven through standard input."""

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.games.machiavelli.actions import Action
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.games.machiavelli.bots import RandomBot
from machiavelli.core.cards import Card
from machiavelli.games.machiavelli.game import Game
from machiavelli.core.records import GameRecord
from machiavelli.core import glossary
from machiavelli.games.machiavelli.present import hints
from machiavelli.core import i18n
from machiavelli.app.library import load_variant
from machiavelli.core.words import CardReader, InputError
from machiavelli.games.machiavelli.present.words import command_of, read_line

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
ESCAPE = re.compile(r"\x1b\[")


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """Records the player names no file for go to a temporary directory."""
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    i18n.clear_misses()
    yield
    i18n.use_language("en", environ={})
    glossary.set_ascii(False)


def play(*args, lines=(), env=None):
    text = "".join(line + "\n" for line in lines)
    return runner.invoke(app, ["play", *args], input=text, env={**NO_LOCALE_ENV, **(env or {})})


def scripted(variant="bga", seed=3, seats=("human", "random", "random"), stop=None):
    """A game played in-process with a random player in each human seat:
    the game and the lines a person would type for those seats (up to
    ``stop`` actions)."""
    game = Game(load_variant(variant), len(seats), seed)
    deck = game.variant.deck
    drivers = [RandomBot(1000 + s) if kind == "human" else make_bot(kind, bot_seed(seed, s))
               for s, kind in enumerate(seats)]
    lines = []

    class Enough(Exception):
        pass

    def typed(entry):
        if seats[entry.seat] == "human":
            lines.append(entry.action.text(deck))
        if stop is not None and len(game.log) >= stop:
            raise Enough

    try:
        play_out(game, drivers, on_entry=typed)
    except Enough:
        pass
    return game, lines


def seat_args(seats):
    return [a for kind in seats for a in ("--seat", kind)]


def record_of(path):
    return GameRecord.loads(path.read_text())


# -- whole games through standard input --------------------------------------------------


def test_a_whole_game_typed_on_standard_input_ends_with_a_record_that_replay_reads(tmp_path):
    seats = ("random", "human", "random")
    game, lines = scripted(seats=seats, seed=11)
    assert game.outcome is not None and len(lines) > 20
    path = tmp_path / "game.json"
    result = play("--seed", "11", *seat_args(seats), "--record", str(path), lines=lines)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    record = record_of(path)
    assert record.actions == tuple((e.seat, e.action) for e in game.log)
    assert record.result == game.outcome
    assert "Record written to" in result.stdout and str(path) in result.stdout
    replayed = runner.invoke(app, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0
    assert json.loads(replayed.stdout)["hands"] == game.state()["hands"]
    # The transcript shows the result and every hand at the end.
    assert "wins" in result.stdout or "inner" in result.stdout
    assert "Player 3 (computer): " in result.stdout


def test_a_finished_game_without_record_option_goes_to_the_data_directory(tmp_path):
    game, lines = scripted(seats=("human", "random"), seed=5)
    result = play("--seed", "5", "--seat", "human", "--seat", "random", lines=lines)
    assert result.exit_code == 0, result.output
    saved = list((tmp_path / "data" / "games").glob("*.json"))
    assert len(saved) == 1 and record_of(saved[0]).result == game.outcome
    assert f"machiavelli replay {saved[0]}" in result.stdout


def test_no_options_and_no_input_is_one_person_against_computers_and_ends_cleanly(tmp_path):
    result = play()
    assert result.exit_code == 0, result.output
    assert "Player 1 (person)" in result.stdout
    assert "(person)" not in result.stdout.split("\n")[0].split("Player 1 (person)")[1]
    assert "Player 2 (club player)" in result.stdout, "the fair level, not the strongest"
    assert "Your hand" in result.stdout and "help" in result.stdout
    assert "End of input" in result.stdout
    assert not (tmp_path / "data").exists(), "a script's unfinished game is saved only where asked"


def test_end_of_input_mid_turn_saves_to_the_record_option_and_load_continues_exactly(tmp_path):
    seats = ("human", "random", "random")
    game, lines = scripted(seats=seats, seed=21)
    path = tmp_path / "g.json"
    cut = len(lines) // 2
    first = play("--seed", "21", *seat_args(seats), "--record", str(path), lines=lines[:cut])
    assert first.exit_code == 0, first.output
    assert "machiavelli play --load" in first.stdout
    assert record_of(path).result is None
    second = play("--load", str(path), lines=lines[cut:])
    assert second.exit_code == 0, second.output
    record = record_of(path)
    assert record.actions == tuple((e.seat, e.action) for e in game.log)
    assert record.result == game.outcome


def test_save_then_load_round_trip(tmp_path):
    seats = ("human", "random")
    game, lines = scripted(seats=seats, seed=8)
    cut = 12
    saved = tmp_path / "mid.json"
    first = play("--seed", "8", *seat_args(seats), lines=[*lines[:cut], f"save {saved}", "quit"])
    assert first.exit_code == 0, first.output
    assert f"The game is saved in {saved}" in first.stdout
    middle = record_of(saved)
    assert len([a for a in middle.actions if a[0] == 0]) == cut
    second = play("--load", str(saved), lines=lines[cut:])
    assert second.exit_code == 0, second.output
    assert record_of(saved).actions == tuple((e.seat, e.action) for e in game.log)


def test_quit_on_piped_input_saves_only_where_asked(tmp_path):
    plain = play("--seed", "2", "--seat", "human", "--seat", "random", lines=["sort", "quit"])
    assert plain.exit_code == 0 and "not saved" in plain.stdout
    assert not (tmp_path / "data").exists()
    asked = play("--seed", "2", "--seat", "human", "--seat", "random", lines=["quit here.json"])
    assert asked.exit_code == 0, asked.output
    assert record_of(tmp_path / "here.json").seed == 2


def test_save_never_overwrites_another_file(tmp_path):
    notes = tmp_path / "notes.json"
    notes.write_text("mine")
    result = play("--seed", "2", "--seat", "human", "--seat", "random", lines=[f"save {notes}", "quit"])
    assert result.exit_code == 0
    assert "notes.json exists and holds something else" in result.stdout
    assert notes.read_text() == "mine"


@pytest.mark.parametrize("lang", ["it", "de", "zh_Hans"])
def test_a_save_into_a_missing_folder_says_why_in_the_users_language(lang, tmp_path):
    target = tmp_path / "no" / "such" / "game.json"
    english = play("--seed", "2", "--seat", "human", "--seat", "random", lines=[f"save {target}", "quit"])
    assert "no such folder" in english.stdout, english.stdout[-400:]
    said = play("--lang", lang, "--seed", "2", "--seat", "human", "--seat", "random",
                lines=[f"save {target}", "quit"])
    assert str(target) in said.stdout
    assert "No such file" not in said.stdout and "no such folder" not in said.stdout, said.stdout[-400:]
    assert not target.exists()


# -- rejections change nothing ----------------------------------------------------------------


def first_human_turn(seed=3):
    """(game at the first human turn of seat 0 against one random player, its hand)."""
    game = Game(load_variant("bga"), 2, seed)
    bot = make_bot("random", bot_seed(seed, 1))
    view = game.view(1)
    while game.current != 0:
        game.apply(bot.choose(view), 1)
    return game


def test_rejected_commands_leave_the_game_as_it_was(tmp_path):
    game = first_human_turn()
    hand = game.hand(0)
    missing = next(c for c in game.variant.deck.cards() if c not in hand)
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    bad = [
        f"play {game.variant.deck.card_text(missing)}",  # not in the hand
        "add 9 5S",  # no such meld
        "play 5X",  # not a card
        "frobnicate",  # no such command
        "take",  # no meld named
        "undo",  # nothing to undo
        "end",  # nothing played
    ]
    result = play("--seed", "3", "--seat", "human", "--seat", "random",
                  lines=[f"save {before}", *bad, f"save {after}", "quit"])
    assert result.exit_code == 0, result.output
    assert before.read_text() == after.read_text()
    out = result.stdout
    assert "You have no" in out and "There is no meld 9" in out and "Not a card: 5X" in out
    assert "Unknown command frobnicate" in out and "There is nothing to undo" in out
    assert "You have not played a card from your hand" in out
    assert "take MELD" in out  # the usage of take, in words


def test_end_with_an_invalid_table_names_every_invalid_meld(tmp_path):
    game = first_human_turn(seed=4)
    hand = sorted(game.hand(0), key=game.variant.deck.sort_key)
    text = game.variant.deck.card_text
    # Two pairs: neither is a meld.
    lines = [f"play {text(hand[0])} {text(hand[1])}", f"play {text(hand[2])} {text(hand[3])}", "end",
             f"save {tmp_path / 's.json'}", "quit"]
    result = play("--seed", "4", "--seat", "human", "--seat", "random", lines=lines)
    assert result.exit_code == 0, result.output
    out = result.stdout
    n = len(game.melds())
    assert f"Meld {n + 1} (" in out and f"Meld {n + 2} (" in out and "is not valid" in out
    # Both are marked on the screen too, with the reason.
    assert out.count("✗") >= 2
    # end was refused: the turn goes on (the two steps are the last actions).
    record = record_of(tmp_path / "s.json")
    assert [a.verb for _, a in record.actions[-2:]] == ["play", "play"]


def test_undo_never_reaches_into_the_previous_turn():
    lines = ["draw", "undo"]
    result = play("--seed", "3", "--seat", "human", "--seat", "random", lines=lines)
    assert "Drawn:" in result.stdout.split("> undo")[0].split("> draw")[1]
    assert result.exit_code == 1  # the moves played are not saved: no --record
    assert "There is nothing to undo in this turn." in result.stdout


# -- the screen -------------------------------------------------------------------------------


def test_the_screen_shows_table_hand_opponents_deck_and_moves_in_plain_text():
    game, _ = scripted(seats=("human", "random", "random"), seed=3, stop=1)
    result = play("--seed", "3", "--seat", "human", "--seat", "random", "--seat", "random", lines=[])
    out = result.stdout
    assert not ESCAPE.search(out), "plain text when piped"
    first = out.split("\n> ")[0]
    assert "Since your last turn:" in first and "Player 2 plays" in first
    assert first.index("Machiavelli · ") < first.index("Since your last turn:") < first.index("Table now:"), \
        "the others' moves end with the table as they left it"
    assert re.search(r"►\s+1\s+\S+", first)
    assert re.search(r"Player 2 \(computer\): \d+ cards", first)
    assert re.search(r"\d+ cards in the deck", first)
    assert "Player 1 (you) to play" in first
    assert "Your hand, by suit (15 cards):" in first


def test_taken_cards_are_marked_apart_from_colour_and_ascii_has_no_symbols():
    result = play("--seed", "3", "--seat", "human", "--seat", "random", "--seat", "random", "--ascii",
                  lines=["take 1"])
    out = result.stdout
    screen = out.split("> take 1")[1]
    assert "Taken from the table, to put back: [" in screen
    assert not re.search("[♠♥♦♣►✗─]", out)
    assert re.search(r"\[[0-9AJQK]+[SHDC]\]", screen)


def test_sort_order_is_kept_from_turn_to_turn_and_grouped_order_shows_melds():
    lines = ["sort rank", "draw", "sort", "draw"]
    result = play("--seed", "3", "--seat", "human", "--seat", "random", lines=lines)
    out = result.stdout
    screens = out.split("Machiavelli · ")[1:]
    assert "Your hand, by rank" in screens[1]  # right after sort
    assert "Your hand, by rank" in screens[2]  # next turn
    assert "Your hand, by melds" in screens[3]


@pytest.mark.parametrize("lang, expected", [
    ("en", "xyz is not a way to order the hand: type sort suit, sort rank, or sort melds."),
    ("it", "xyz non è un ordine della mano: scrivi ordina seme, ordina valore o ordina combinazioni."),
])
def test_an_unknown_order_names_the_orders_in_the_table_s_words(lang, expected):
    result = play("--seed", "3", "--seat", "human", "--seat", "random", "--lang", lang, lines=["sort xyz"])
    assert expected in result.stdout


def test_grouped_order_puts_the_melds_the_hand_holds_first():
    variant = load_variant("bga")
    from machiavelli.games.machiavelli.present import hand_order

    hand = [Card.parse(t) for t in "KD 3S 5H 5D 2S 4S 5C 9C".split()]
    groups, melds = hand_order.arrange(hand, "melds", variant)
    assert melds == 2
    assert {tuple(map(str, g)) for g in groups[:2]} == {("2S", "3S", "4S"), ("5H", "5D", "5C")}
    assert [list(map(str, g)) for g in groups[2:]] == [["KD"], ["9C"]]
    assert [str(c) for c in hand_order.arrange(hand, "rank", variant)[0][0]][:3] == ["2S", "3S", "4S"]
    assert [list(map(str, g)) for g in hand_order.arrange(hand, "suit", variant)[0]] == [
        ["2S", "3S", "4S"], ["5H"], ["5D", "KD"], ["5C", "9C"]]


def test_the_card_just_drawn_is_shown_apart():
    game = Game(load_variant("bga"), 2, 3)
    bot = make_bot("random", bot_seed(3, 1))
    while game.current != 0:
        game.apply(bot.choose(game.view(1)), 1)
    game.apply(Action.parse("draw"), 0)
    drawn = game.just_drawn(0)
    result = play("--seed", "3", "--seat", "human", "--seat", "random", lines=["draw"])
    screen = result.stdout.split("> draw")[1]
    assert f"Drawn: {glossary.show_cards(drawn, game.variant.deck)}" in screen


def test_several_people_from_a_pipe_take_turns_without_confirmation():
    result = play("--seed", "3", "--seat", "human", "--seat", "human", lines=["draw", "draw", "draw"])
    assert result.exit_code == 1  # the moves played are not saved: no --record
    assert "Player 1 > draw" in result.stdout and "Player 2 > draw" in result.stdout
    assert "Pass the terminal" not in result.stdout


def test_help_rules_and_hint_play_nothing(tmp_path):
    before, after = tmp_path / "a.json", tmp_path / "b.json"
    result = play("--seed", "3", "--seat", "human", "--seat", "random",
                  lines=[f"save {before}", "help", "help take", "rules", "hint all", "?", f"save {after}", "quit"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Put down a new meld" in out and "Cards: the rank" in out
    assert "Machiavelli" in out and "restore" in out.lower()
    assert "You can put down" in out or "The solver finds no card" in out
    assert before.read_text() == after.read_text()


# -- what people type -------------------------------------------------------------------------


@pytest.mark.parametrize("word, command", [
    ("play", "play"), ("PLAY", "play"), ("p", "play"), ("pl", "play"), ("sp", "split"), ("so", "sort"),
    ("sa", "save"), ("hi", "hint"), ("he", "help"), ("?", "help"), ("restore", "restore"), ("q", "quit"),
])
def test_command_words_and_short_forms(word, command):
    assert command_of(word) == command


@pytest.mark.parametrize("word, code", [("s", "unknown-command"), ("re", "ambiguous-command"),
                                        ("rest", "ambiguous-command"), ("xyzzy", "unknown-command")])
def test_unclear_words_are_refused(word, code):
    with pytest.raises(InputError) as caught:
        command_of(word)
    assert caught.value.code == code


def test_a_costly_command_is_never_guessed_from_its_beginning():
    with pytest.raises(InputError):
        command_of("resto")


def test_lines_become_the_kernels_actions():
    reader = CardReader(load_variant("bga").deck)
    assert read_line("p 5c 6♣ *7C", reader).action == Action.parse("play 5C 6C *7C")
    assert read_line("move 5C 1 2", reader).action == Action.parse("move 5C 1 2")
    assert read_line("  ", reader) is None
    assert read_line("sort rank", reader).args == ("rank",)


@given(st.integers(0, 10_000))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_hints_are_commands_the_rules_accept_and_place_what_they_promise(seed):
    game = Game(load_variant("bga" if seed % 2 else "help-cards"), 3, seed)
    bots = [make_bot("random", bot_seed(seed, s)) for s in range(3)]
    for _ in range(seed % 120):
        if game.outcome is not None:
            return
        game.apply(bots[game.current].choose(game.view(game.current)), game.current)
    if game.outcome is not None or game.turn.steps:
        return
    found = hints.best_play(game.view(game.current))
    seat, hand_before = game.current, len(game.hand(game.current))
    if not found.placed:
        assert found.actions == ()
        return
    assert found.actions, "the solver's steps always become commands"
    for action in found.actions:
        if game.outcome is not None:
            break
        game.apply(action, seat)
    assert hand_before - game.hand_size(seat) == len(found.placed)
    assert game.outcome is not None or game.current != seat


# -- languages ------------------------------------------------------------------------------


def test_italian_words_and_letters_work_and_an_ambiguous_card_is_refused(tmp_path):
    game = first_human_turn()
    hand = game.hand(0)
    result = play("--seed", "3", "--seat", "human", "--seat", "random", "--lang", "it",
                  lines=["p 5C", "aiuto prendi", "ordina valore", "pesca"])
    assert result.exit_code == 1, result.output  # the moves played are not saved: no --record
    out = result.stdout
    assert "5C qui si può leggere in due modi: scrivi 5H per 5♥ o 5F per 5♣." in out
    assert "Prendi dal tavolo" in out
    assert "La tua mano, per valore" in out
    assert "Pescata:" in out.split("> pesca")[1]
    assert i18n.misses() == []
    assert hand  # the deal is the same whatever the language


def test_cards_in_the_languages_letters(monkeypatch):
    i18n.use_language("it", environ={})
    reader = CardReader(load_variant("bga").deck)
    assert reader.card("RC") == Card.parse("KH")  # Re di Cuori
    assert reader.card("fF") == Card.parse("JC")  # Fante di Fiori
    assert reader.card("10Q") == Card.parse("10D")  # Quadri
    assert reader.card("KS") == Card.parse("KS")  # canonical, no Italian reading
    assert reader.card("5♥") == Card.parse("5H")
    with pytest.raises(InputError) as caught:
        reader.card("5C")
    assert caught.value.code == "ambiguous-card"
    assert reader.spelling(Card.parse("5H")) == "5H" and reader.spelling(Card.parse("5C")) == "5F"
    i18n.use_language("ar", environ={})
    reader = CardReader(load_variant("bga").deck)
    assert reader.card("بب") == Card.parse("QS")
    assert command_of("اضافة") == command_of("إضافة") == "add"  # hamza or not


def test_visual_bidi_keeps_cards_in_order_inside_arabic_and_pipes_stay_logical():
    import io

    from rich.console import Console

    from machiavelli.games.machiavelli.present.screen import Screen

    i18n.use_language("ar", environ={})
    out = io.StringIO()
    screen = Screen(Console(file=out, force_terminal=True, color_system=None, width=100), visual=True)
    screen.say(i18n._("You have no {cards} to play: not in your hand, the taken cards or the help cards.",
                      cards="5♠ 6♠"))
    shown = out.getvalue().strip()
    assert "5♠ 6♠" in shown and "♠5" not in shown
    # Reordered (and letters joined) for a terminal without bidi: the line
    # ends with its first words, "ليست لديك", reversed.
    import arabic_reshaper

    assert shown.endswith(arabic_reshaper.reshape("ليست لديك")[::-1]), "reordered for a terminal without bidi"
    logical = play("--seed", "3", "--seat", "human", "--seat", "random", "--lang", "ar", "--bidi", "visual",
                   lines=["p 5S 6S"])
    line = logical.stdout.split("> p 5S 6S")[1].splitlines()[1]
    assert line.startswith("ليست لديك 5♠ 6♠"), "a pipe gets logical order"


def test_a_help_card_bound_for_a_meld_without_hand_cards_goes_in_with_them_then_moves():
    cards = lambda text: [Card.parse(t) for t in text.split()]  # noqa: E731
    game = Game.from_position(load_variant("help-cards", ["help_cards_use=with-hand-card"]), [cards("7H 7D KC"), cards("2C 3C")],
                              table=[cards("5S 6S 7S")], help=cards("4S"), current=0)
    found = hints.best_play(game.view(0))
    # 4S joins 5S 6S, which get no hand card: a hand card goes in with it, then moves.
    assert [a.verb for a in found.actions][-2:] == ["move", "end"]
    assert any(Card.parse("4S") in getattr(a, "help", ()) for a in found.actions)
    for action in found.actions:
        game.apply(action, 0)
    assert sorted(str(m) for m in game.table) == ["4S 5S 6S", "7D 7H 7S"]
    assert game.current == 1 and game.hand(0) == (Card.parse("KC"),)


# -- saving tells the truth ------------------------------------------------------------------


def test_quit_or_end_of_input_after_save_says_where_the_game_is(tmp_path):
    saved = tmp_path / "s.json"
    quit_now = play("--seed", "3", "--seat", "human", "--seat", "random", lines=["draw", f"save {saved}", "quit"])
    assert quit_now.exit_code == 0, quit_now.output
    assert "not saved" not in quit_now.stdout
    assert f"The game is saved in {saved}; nothing was played since." in quit_now.stdout
    ended = play("--seed", "3", "--seat", "human", "--seat", "random", lines=["draw", f"save {saved}"], )
    assert ended.exit_code == 0 and "nothing was played since" in ended.stdout
    later = play("--seed", "3", "--seat", "human", "--seat", "random", lines=["draw", f"save {saved}", "draw", "quit"])
    assert later.exit_code == 1, later.output
    assert f"The moves since the last save are not saved: {saved} holds the game as it was then." in later.stdout


def test_moves_lost_at_the_end_of_input_are_said_and_exit_non_zero(tmp_path):
    result = play("--seed", "3", "--seat", "human", "--seat", "random", lines=["draw"])
    assert result.exit_code == 1, result.output
    assert "not saved" in result.stdout
    nothing = play("--seed", "3", "--seat", "human", "--seat", "random", lines=["sort"])
    assert nothing.exit_code == 0, nothing.output


def test_a_loaded_game_with_other_seats_saves_back_to_its_file(tmp_path):
    path = tmp_path / "g.json"
    first = play("--seed", "3", "--seat", "human", "--seat", "random", "--record", str(path), lines=["draw"])
    assert first.exit_code == 0, first.output
    before = record_of(path)
    again = play("--load", str(path), "--seat", "human", "--seat", "greedy", lines=["draw"])
    assert again.exit_code == 0, again.output
    assert "holds something else" not in again.output
    after = record_of(path)
    assert [s.player for s in after.seats] == ["human", "greedy"]
    assert len(after.actions) > len(before.actions) and after.actions[:len(before.actions)] == before.actions
    # Back to the first seats: still the same game, saved in the same file.
    third = play("--load", str(path), lines=["draw"])
    assert third.exit_code == 0, third.output
    assert [s.player for s in record_of(path).seats] == ["human", "greedy"]
    assert len(record_of(path).actions) > len(after.actions)
    fourth = play("--load", str(path), "--seat", "human", "--seat", "random", lines=["draw"])
    assert fourth.exit_code == 0 and [s.player for s in record_of(path).seats] == ["human", "random"]


# -- which letters win: --cards ----------------------------------------------------------------


def test_cards_setting_decides_which_letters_win():
    i18n.use_language("it", environ={})
    deck = load_variant("bga").deck
    english, local = CardReader(deck, "en"), CardReader(deck, "local")
    assert english.card("5C") == Card.parse("5C") and local.card("5C") == Card.parse("5H")
    assert english.card("RC") == Card.parse("KH") and local.card("KS") == Card.parse("KS")  # one reading: kept
    assert english.spelling(Card.parse("5C")) == "5C" and local.spelling(Card.parse("5C")) == "5F"
    assert local.spelling(Card.parse("5H")) == "5H"  # one reading only


def test_cards_option_is_remembered_in_the_users_configuration(tmp_path, monkeypatch):
    from machiavelli.core import config
    from machiavelli.core import words

    folder = tmp_path / "conf"
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(folder))
    config.forget_cache()
    args = ("--seed", "3", "--seat", "human", "--seat", "random", "--lang", "it")
    asked = play(*args, lines=["p 5C"])
    assert "5C qui si può leggere in due modi" in asked.stdout
    chosen = runner.invoke(app, ["--cards", "en", "play", *args], input="p 5C\n", env=NO_LOCALE_ENV)
    assert "in due modi" not in chosen.stdout and "Non hai 5♣" in chosen.stdout
    assert (folder / "config.toml").read_text() == 'cards = "en"\n'
    # The next run is not asked again: the choice is remembered.
    config.forget_cache()
    words.reset_card_letters()
    again = play(*args, lines=["p 5C"])
    assert "in due modi" not in again.stdout and "Non hai 5♣" in again.stdout
    local = play(*args, "--cards", "local", lines=["p 5C"])
    assert "Non hai 5♥" in local.stdout
    assert (folder / "config.toml").read_text() == 'cards = "local"\n'
    bad = play(*args, "--cards", "fr")
    assert bad.exit_code == 2 and "--cards" in bad.stderr


@pytest.mark.parametrize("content", [b'cards = "klingon"\n', b"cards = \n", b"\xff\xfe", b"x" * 100_000])
def test_a_bad_configuration_is_ignored_with_one_warning(tmp_path, monkeypatch, content):
    from machiavelli.core import config

    folder = tmp_path / "conf"
    folder.mkdir()
    (folder / "config.toml").write_bytes(content)
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(folder))
    config.forget_cache()
    result = play("--seed", "3", "--seat", "human", "--seat", "random", "--lang", "it", lines=["p 5C"])
    assert "in due modi" in result.stdout  # as if nothing were chosen
    warnings = [line for line in result.stderr.splitlines() if "config.toml" in line]
    assert len(warnings) == 1 and "Traceback" not in result.output


def test_a_very_long_piped_line_is_refused_without_being_repeated_whole():
    line = "x" * 100_000
    result = CliRunner().invoke(app, ["play", "--seed", "3", "--lang", "en"], input=line + "\nquit\n")
    assert "The input is too long." in result.output
    shown = re.sub(r"\s", "", result.output)  # the screen wraps long lines
    assert "x" * 200 + "…" in shown and "x" * 201 not in shown  # the start of the line, then an ellipsis


def test_a_very_long_piped_line_at_a_cicera_table_is_not_repeated_whole():
    result = CliRunner().invoke(app, ["play", "--variant", "cicera", "--seed", "3", "--lang", "en"],
                                input="y" * 100_000 + "\nquit\n")
    shown = re.sub(r"\s", "", result.output)
    assert "y" * 200 + "…" in shown and "y" * 201 not in shown
