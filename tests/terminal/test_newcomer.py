"""The terminal table as a newcomer meets it (issue 31), in a real
pseudo-terminal of 80x24 where the screen matters: a match's deals, the
ways to leave, the level of the computer players, a pager for long texts."""

import json
import os
import re
import sys

import pexpect
import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
CLEAR = re.compile(r"\x1b\[2J|\x1b\[H\x1b\[J|\x1bc")
TIMEOUT = 60
ROWS, COLUMNS = 24, 80


def spawn(tmp_path, *args):
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR", "COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", MACHIAVELLI_DATA_DIR=str(tmp_path / "data"),
               MACHIAVELLI_CONFIG_DIR=str(tmp_path / "config"), LANG="C.UTF-8")
    return pexpect.spawn(sys.executable, ["-m", "machiavelli", "play", *args], cwd=str(tmp_path), env=env,
                         encoding="utf-8", timeout=TIMEOUT, dimensions=(ROWS, COLUMNS))


def plain(text):
    return ANSI.sub("", text or "")


def last_screen(raw):
    """What the terminal shows: the text since the screen was last cleared."""
    return plain(CLEAR.split(raw)[-1])


def rows(text):
    """How many rows of an 80-column terminal ``text`` takes."""
    return sum(max(1, -(-len(line) // COLUMNS)) for line in text.replace("\r", "").split("\n"))


MATCH = ("--deals", "3", "--seed", "4", "--seat", "human", "--seat", "expert", "--seat", "expert")
PAUSE = r"Press Enter for deal (\d)"


def draw_until_pause(child):
    """Draw at every turn until the deal ends; the screen at the pause."""
    while True:
        seen = child.expect(["> ", PAUSE, "The match is over"])
        if seen:
            return seen, child.before
        child.sendline("draw")


def test_a_deal_ends_on_a_screen_that_waits_and_fits_and_the_next_shows_the_score(tmp_path):
    child = spawn(tmp_path, *MATCH)
    child.expect("> ")
    assert "Deal 1 of 3. Score: Player 1 0, Player 2 0, Player 3 0" in last_screen(child.before)
    deals = 0
    while True:
        child.sendline("draw")
        seen, before = draw_until_pause(child)
        if seen == 2:
            break
        deals += 1
        screen = last_screen(before)
        assert f"Score sheet after deal {deals}:" in screen
        assert rows(screen) <= ROWS, f"the deal's end fits, the question on its last row:\n{screen}"
        top = screen.lstrip("\n").split("\n")
        assert top[0].startswith("Machiavelli · bga · turn")
        assert "won" in top[1] or "wins" in top[1] or "ran out" in top[1], "the result is in view"
        child.sendline("")  # the next deal starts only now
        child.expect("> ")
        assert re.search(rf"Deal {deals + 1} of 3\. Score: Player 1 \d+, Player 2 \d+, Player 3 \d+",
                         last_screen(child.before))
    assert deals == 2
    child.expect(pexpect.EOF)
    assert "Winner" in plain(child.before)


def test_quitting_a_match_with_each_choice_and_resuming_it(tmp_path):
    child = spawn(tmp_path, *MATCH)
    child.expect("> ")
    child.sendline("quit")
    child.expect(r"Type 1, 2, 3 or 4 \(Enter: 1\): ")
    question = plain(child.before)
    assert "1. Save it in" in question and "4. Back to the game" in question
    child.sendline("oyna 9♠ 10♠")  # a command is not an answer, nor a file name
    child.expect("Not one of the choices")
    child.expect("Type 1, 2, 3 or 4")
    child.sendline("4")
    child.expect("> ")  # back at the table
    child.sendline("draw")
    child.expect("> ")
    child.sendline("quit")
    child.expect("Type 1, 2, 3 or 4")
    child.sendline("2")
    child.expect("File name")
    child.sendline("draw")
    child.expect("draw is a command, not a file name")
    child.expect("Type 1, 2, 3 or 4")
    child.sendline("2")
    child.expect("File name")
    child.sendline("my match.json")
    child.expect(pexpect.EOF)
    saved = tmp_path / "my match.json"
    assert saved.exists()
    assert "machiavelli play --load 'my match.json'" in plain(child.before), "a command that can be pasted"
    data = json.loads(saved.read_text())
    assert data["format"] == "machiavelli-match-record" and data["deals_planned"] == 3

    again = spawn(tmp_path, "--load", "my match.json")
    again.expect("> ")
    assert "Deal 1 of 3" in last_screen(again.before)
    again.sendline("draw")
    again.expect("> ")
    again.sendline("quit")
    again.expect("Type 1, 2, 3 or 4")
    assert "Save it in my match.json and leave" in plain(again.before), "where the match came from"
    again.sendline("3")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 1, "the move played is lost: said by the exit status"
    assert "not saved" in plain(again.before)

    third = spawn(tmp_path, "--load", "my match.json")
    third.expect("> ")
    third.sendline("draw")
    third.expect("> ")
    third.sendline("quit")
    third.expect("Type 1, 2, 3 or 4")
    third.sendline("")  # Enter: the named default
    third.expect(pexpect.EOF)
    third.close()
    assert third.exitstatus == 0
    assert len(json.loads(saved.read_text())["deals"][0]["actions"]) > len(data["deals"][0]["actions"])


def test_saving_over_another_game_is_asked_at_the_table(tmp_path):
    other = tmp_path / "other.json"
    other.write_text("not this game\n")
    child = spawn(tmp_path, "--seed", "3", "--seat", "human", "--seat", "random")
    child.expect("> ")
    child.sendline("save other.json")
    child.expect(r"other.json exists and holds something else\. Replace it\? \(yes/no\) ")
    assert "--force" not in plain(child.before)
    child.sendline("no")
    child.expect("Not saved: other.json is left as it was.")
    child.expect("> ")
    assert other.read_text() == "not this game\n"
    child.sendline("save other.json")
    child.expect("Replace it")
    child.sendline("yes")
    child.expect("The game is saved in other.json")
    child.expect("> ")
    child.sendline("quit")
    child.expect("Type 1, 2, 3 or 4")
    assert "Save it in other.json and leave" in plain(child.before)
    child.sendline("3")
    child.expect(pexpect.EOF)
    assert json.loads(other.read_text())["format"] == "machiavelli-game-record"


def test_the_level_is_asked_once_with_a_fair_default_and_remembered(tmp_path):
    child = spawn(tmp_path, "--seed", "3")
    child.expect(r"Type 1 to 4 \(Enter: 3")
    asked = plain(child.before)
    assert "How strong should the computer players be?" in asked
    assert "3. club player (the default" in asked and "4. expert" in asked
    child.sendline("2")
    child.expect("> ")
    assert "Player 2 (casual player), and Player 3 (casual player)" in plain(child.before)
    child.sendline("quit")
    child.expect("Type 1, 2, 3 or 4")
    child.sendline("3")
    child.expect(pexpect.EOF)
    assert 'opponents-machiavelli = "casual"' in (tmp_path / "config" / "config.toml").read_text()
    again = spawn(tmp_path, "--seed", "3")
    again.expect("> ")
    assert "How strong" not in plain(again.before), "asked once"
    assert "Player 2 (casual player)" in plain(again.before)
    again.sendline("q")
    again.expect("Type 1, 2, 3 or 4")
    again.sendline("3")
    again.expect(pexpect.EOF)


def test_help_and_rules_come_a_page_at_a_time(tmp_path):
    child = spawn(tmp_path, "--seed", "3", "--seat", "human", "--seat", "random")
    child.expect("> ")
    child.sendline("rules")
    child.expect("-- more: Enter for the next page, q to stop --")
    page = plain(child.before)
    assert "Machiavelli: the rules of Board Game Arena" in page, "the start of the text is in view"
    assert rows(page.split("rules", 1)[1].lstrip("\r\n")) <= ROWS
    child.sendline("q")
    child.expect("> ")
    child.sendline("help")
    seen = child.expect(["-- more", "> "])
    if seen == 0:
        child.sendline("q")
        child.expect("> ")
    child.sendline("quit")
    child.expect("Type 1, 2, 3 or 4")
    child.sendline("3")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("answer", ["", "2"])
def test_a_cicera_game_asks_its_own_levels(tmp_path, answer):
    child = spawn(tmp_path, "--variant", "cicera", "--seed", "1")
    child.expect(r"Type 1 to 3 \(Enter: 3")
    assert "1. random moves" in plain(child.before)
    child.sendline(answer)
    child.expect("> ")
    kind = "team player, the strongest" if not answer else "greedy"
    assert f"Player 2 ({kind})" in plain(child.before)
    child.sendline("quit")
    child.expect("Type 1, 2, 3 or 4")
    child.sendline("3")
    child.expect(pexpect.EOF)
