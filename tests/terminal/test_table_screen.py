"""The terminal table as players meet it: moves described against the cards
they name, screens that fit a small terminal, visual bidi everywhere."""

import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core import i18n
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.games.machiavelli.actions import Add, Join, Move, Split, Take
from machiavelli.games.machiavelli.game import Game
from machiavelli.core import glossary
from machiavelli.app.library import load_variant
from machiavelli.games.machiavelli.present.narrate import entry_text

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    yield
    i18n.use_language("en", environ={})
    glossary.set_ascii(False)


def play(*args, lines=(), env=None):
    text = "".join(line + "\n" for line in lines)
    return runner.invoke(app, ["play", *args], input=text, env={**NO_LOCALE_ENV, **(env or {})})


# -- 1. moves described by the cards they touch ------------------------------------------


def test_the_others_moves_name_melds_by_their_cards_and_say_what_came_from_the_table():
    # A rearrangement kept without a card of the hand, then the usual draw: the house rule
    # rearranging=free (under Board Game Arena's rule the draw would give the rearrangement up).
    out = play("--seed", "7", "-V", "bga(rearranging=free)", "--level", "solver",
               lines=["move 3D 2 1", "end", "draw"]).stdout
    since = out.split("> draw")[1]
    assert "Player 2 takes 3♠ 3♥ 3♦ 3♣ off the table." in since
    assert "Player 2 adds 2♦ 3♦ to 4♦ 5♦ 6♦. From the table: 3♦." in since
    assert "Player 2 adds 4♥ to 5♥ 6♥ 7♥." in since
    assert "Player 2 plays 3♠ 3♥ 3♣. From the table: 3♠ 3♥ 3♣." in since, "as the table lays the set out"
    assert "meld 1" not in since


@pytest.mark.parametrize("seed, bot", [(1, "solver"), (2, "solver"), (5, "random"), (6, "random")])
def test_every_step_names_the_melds_as_they_were_before_it(seed, bot):
    variant = load_variant("bga")
    game = Game(variant, 3, seed)
    tables = [game.melds()]
    play_out(game, [make_bot(bot, bot_seed(seed, s)) for s in range(3)],
             on_entry=lambda entry: tables.append(game.melds()))
    deck = variant.deck
    for before, entry in zip(tables, game.log):
        action = entry.action
        numbers = {Add: lambda a: (a.meld,), Split: lambda a: (a.meld,), Take: lambda a: a.melds,
                   Join: lambda a: a.melds, Move: lambda a: (a.source, a.target)}.get(type(action))
        if numbers is None:
            assert entry.named == ()
            continue
        assert entry.named == tuple(before[n - 1] for n in numbers(action))
        text = entry_text(entry, deck)
        assert not re.search(r"\bmelds? \d", text), text


# -- 5. a whole game in an 80x24 terminal ---------------------------------------------------


def scripted(seed, seats):
    """The lines a person would type for the human seats of a game (a
    computer player chooses them) and the finished game."""
    game = Game(load_variant("bga"), len(seats), seed)
    deck = game.variant.deck
    drivers = [make_bot("solver" if kind == "human" else kind, bot_seed(seed, s) + 17 * (kind == "human"))
               for s, kind in enumerate(seats)]
    lines = []

    def typed(entry):
        if seats[entry.seat] == "human":
            lines.append(entry.action.text(deck))

    play_out(game, drivers, on_entry=typed)
    return game, lines


def screens(out):
    """What the terminal shows before each prompt: the lines printed since
    the previous prompt (the two lines that introduce the game aside)."""
    chunks, chunk = [], []
    for line in out.splitlines()[2:]:
        if line.startswith("> "):
            chunks.append(chunk)
            chunk = []
        else:
            chunk.append(line)
    return chunks


def rows(lines, width=80):
    from rich.cells import cell_len

    return sum(max(1, -(-cell_len(line.rstrip()) // width)) for line in lines)


@pytest.mark.parametrize("seed, seats", [(7, ("human", "solver", "solver")), (11, ("human", "greedy")),
                                         (4, ("human", "solver", "solver", "solver"))])
def test_a_whole_game_fits_an_80_by_24_terminal(seed, seats):
    game, lines = scripted(seed, seats)
    # Looking at the table and asking for a hint on the way, at every turn.
    typed = [extra for line in lines for extra in ((line, "hint", "") if line in ("draw", "end") else (line,))]
    args = [a for kind in seats for a in ("--seat", kind)]
    result = play("--seed", str(seed), *args, lines=typed, env={"COLUMNS": "80", "LINES": "24"})
    assert "Record written to" in result.stdout
    assert game.outcome is not None
    shown = screens(result.stdout)
    assert len(shown) >= len(lines)
    tall = max(shown, key=rows)
    assert rows(tall) <= 23, "\n".join(tall)
    drawn = [s for s in shown if any(line.startswith("Machiavelli · ") for line in s)]
    assert len(drawn) > 10
    assert all(any(line.startswith("Your hand") for line in s) for s in drawn), "the hand never scrolls away"


def test_a_hint_is_shown_once():
    out = play("--seed", "7", lines=["hint all", "move 3D 2 1", "undo"]).stdout
    after = out.split("> hint")[1]
    hint, later = after.split("> move 3D 2 1")
    assert "You can put down" in hint
    assert "You can put down" not in later


def test_table_shows_every_move_and_the_whole_table():
    out = play("--seed", "7", lines=["move 3D 2 1", "end", "draw", "table", "tab"]).stdout
    shown = out.split("> table")[1].split("> tab\n")[0]
    assert shown.lstrip("\n").startswith("Since your last turn:")
    assert "Player 3 draws 1 card." in shown and "Table now:" in shown
    assert "Unknown command" not in out


# -- 6. visual order for every line of the session -----------------------------------------


def visual_of(text):
    """``text`` as the screen sends it to a terminal in visual order (Arabic)."""
    import io

    from rich.console import Console

    from machiavelli.games.machiavelli.present.screen import Screen

    screen = Screen(Console(file=io.StringIO(), force_terminal=True, color_system=None, width=80), visual=True)
    return screen.prompt(text)


def test_visual_order_reaches_the_introduction_and_the_questions_in_a_terminal(tmp_path):
    import os

    import pexpect

    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR")}
    env.update(TERM="xterm-256color", COLUMNS="80", LINES="24", MACHIAVELLI_DATA_DIR=str(tmp_path / "data"),
               LANG="C.UTF-8")
    child = pexpect.spawn(sys.executable, ["-m", "machiavelli", "play", "--seed", "3", "--seat", "human", "--seat",
                                           "random", "--lang", "ar", "--bidi", "visual", "--record", "g.json"],
                          cwd=str(tmp_path), env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    child.expect("> ")
    first = child.before
    i18n.use_language("ar", environ={})
    intro = i18n._("{variant}, seed {seed}: {players}.", variant="bga", seed=3,
                   players=i18n.format_list([
                       i18n._("{player} ({kind})", player=i18n._("Player {n}", n=i18n.format_number(1)),
                              kind=i18n.pgettext("player level", "person")),
                       i18n._("{player} ({kind})", player=i18n._("Player {n}", n=i18n.format_number(2)),
                              kind=i18n.pgettext("player level", "random moves"))]))
    assert visual_of(intro) != intro
    assert visual_of(intro) in first and intro not in first
    child.sendline("quit")
    no = i18n.pgettext("answer", "no")
    question = i18n._("Type 1, 2, 3 or 4 (Enter: 1): ")
    child.expect_exact(visual_of(question.rstrip()))
    child.sendline(no)
    child.expect(pexpect.EOF)
    child.close()


def test_visual_order_asked_for_a_pipe_says_once_that_it_stays_logical():
    result = play("--seed", "3", "--seat", "human", "--seat", "random", "--lang", "ar", "--bidi", "visual",
                  lines=["draw", "draw"])
    i18n.use_language("ar", environ={})
    note = i18n._("--bidi visual applies to terminals only: this output stays in logical order.")
    assert result.stderr.count(note) == 1
    assert note not in result.stdout
    english = play("--seed", "3", "--seat", "human", "--seat", "random", "--bidi", "visual", lines=["draw"])
    assert "--bidi visual" not in english.output, "nothing to reorder: nothing to say"


def test_visual_order_reaches_a_game_of_computer_players_in_a_terminal(tmp_path):
    """`play --moves` between computer players prints its moves and the
    summary in visual order too when asked for on a terminal."""
    import os

    import pexpect

    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR")}
    env.update(TERM="xterm-256color", COLUMNS="200", LINES="24", LANG="C.UTF-8")
    child = pexpect.spawn(sys.executable, ["-m", "machiavelli", "--lang", "ar", "play", "--seed", "3", "--seat",
                                           "random", "--players", "2", "--moves", "--bidi", "visual"],
                          cwd=str(tmp_path), env=env, encoding="utf-8", timeout=60, dimensions=(24, 200))
    child.expect(pexpect.EOF)
    out = child.before
    i18n.use_language("ar", environ={})
    intro = i18n._("{dealer} deals; {first} starts.", dealer=i18n._("Player {n}", n=i18n.format_number(1)),
                   first=i18n._("Player {n}", n=i18n.format_number(2)))
    left = i18n.ngettext("{n} card left in the deck.", "{n} cards left in the deck.", 0)
    for line in (intro, left):
        assert visual_of(line) != line
        assert visual_of(line) in out and line not in out


@pytest.mark.parametrize("seed, seats", [(7, ("human", "solver", "solver")), (4, ("human", "solver", "solver", "solver"))])
def test_a_chinese_game_fits_an_80_by_24_terminal_by_display_width(seed, seats):
    """Chinese characters take two columns: the screen is measured in
    columns, so the title rule ends at the edge and no screen scrolls."""
    from rich.cells import cell_len

    game, lines = scripted(seed, seats)
    typed = [extra for line in lines for extra in ((line, "提示", "") if line in ("draw", "end") else (line,))]
    args = [a for kind in seats for a in ("--seat", kind)]
    result = play("--lang", "zh_Hans", "--seed", str(seed), *args, lines=typed, env={"COLUMNS": "80", "LINES": "24"})
    assert "对局记录已写入" in result.stdout
    shown = screens(result.stdout)
    tall = max(shown, key=rows)
    assert rows(tall) <= 23, "\n".join(tall)
    titles = [line for s in shown for line in s if line.startswith("马基雅维利 · ")]
    assert len(titles) > 10 and all(cell_len(t) == 80 for t in titles)
    assert all(any(line.startswith("您的手牌") for line in s) for s in shown if any(l.startswith("马基雅维利 · ") for l in s))


@pytest.mark.parametrize("variant", ["cicera", "si-se-pai"])
def test_visual_order_reaches_every_line_of_a_game_that_draws_itself(tmp_path, variant):
    """Games shown through their own presentation (Cicera, Sì Sè Pái) honour
    --bidi visual too: every Arabic line of the logical output reaches a
    terminal reordered, none in logical order."""
    import os
    import subprocess

    import pexpect

    args = ["-m", "machiavelli", "--lang", "ar", "play", "-V", variant, "--seed", "2", "--seat", "random",
            "--moves"]
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR")}
    env.update(TERM="xterm-256color", COLUMNS="250", LINES="24", LANG="C.UTF-8")
    logical = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=60,
                             cwd=str(tmp_path)).stdout.splitlines()
    child = pexpect.spawn(sys.executable, [*args, "--bidi", "visual"], cwd=str(tmp_path), env=env,
                          encoding="utf-8", timeout=60, dimensions=(24, 250))
    child.expect(pexpect.EOF)
    shown = child.before.replace("\r\n", "\n")
    i18n.use_language("ar", environ={})
    arabic = [line for line in logical if any("\u0600" <= ch <= "\u06ff" for ch in line)]
    assert len(arabic) > 5
    for line in arabic:
        assert visual_of(line) in shown and line not in shown, line
    if variant == "cicera":  # cards keep their rank before their suit's sign, as players read them
        import re

        cards = set(re.findall(r"(?<![\w●∪†¦])([0-9A-Z]{1,2})([●∪†¦])", "\n".join(arabic)))
        assert len(cards) > 5
        for rank, suit in cards:
            assert rank + suit in shown and suit + rank not in shown, rank + suit
