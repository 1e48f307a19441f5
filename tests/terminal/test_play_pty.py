"""``machiavelli play`` in a real pseudo-terminal, as a person sees it."""

import os
import re
import sys

import pexpect
import pytest

from machiavelli.core.records import GameRecord
from suite_paths import ROOT

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TIMEOUT = 30


def spawn(tmp_path, *args, lang=""):
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR")}
    env.update(TERM="xterm-256color", COLUMNS="120", LINES="40", MACHIAVELLI_DATA_DIR=str(tmp_path / "data"),
               LANG=lang or "C.UTF-8")
    child = pexpect.spawn(sys.executable, ["-m", "machiavelli", "play", *args], cwd=str(tmp_path), env=env,
                          encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 120))
    return child


def screen_text(child):
    return ANSI.sub("", child.before or "")


def test_a_person_sees_hand_and_table_moves_cards_and_leaves_saving(tmp_path):
    child = spawn(tmp_path, "--seed", "3", "--seat", "human", "--seat", "random", "--seat", "random")
    child.expect("> ")
    first = screen_text(child)
    assert "Your hand, by suit (15 cards):" in first
    assert re.search(r"Table now:\s+►\s+1\s+\S+", first), first
    assert "\x1b[31m" in child.before, "hearts and diamonds in red on a colour terminal"
    child.sendline("take 1")
    child.expect("> ")
    taken = screen_text(child)
    assert "Taken from the table, to put back: [" in taken
    assert "\x1b[1;4m" in child.before or "\x1b[4m" in child.before, "taken cards are underlined too"
    child.sendline("quit")
    child.expect("Save the game before leaving")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = list((tmp_path / "data" / "games").glob("*.json"))
    assert len(saved) == 1
    assert [a.text() for _, a in GameRecord.loads(saved[0].read_text()).actions][-1] == "take 1"


def test_at_one_terminal_the_next_hand_stays_hidden_until_its_player_confirms(tmp_path):
    child = spawn(tmp_path, "--seed", "3", "--seat", "human", "--seat", "human")
    child.expect("press Enter")
    waiting = screen_text(child)
    assert "Your hand" not in waiting and "Pass the terminal to Player" in waiting
    child.sendline("")
    child.expect(r"Player \d > ")
    first = screen_text(child)
    assert "Your hand" in first
    child.sendline("draw")
    child.expect("press Enter")
    between = screen_text(child)
    assert "Your hand" not in between, "the hand of the player who just drew is gone"
    child.sendline("")
    child.expect(r"Player \d > ")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "machiavelli play --load" in screen_text(child)


@pytest.mark.parametrize("lang, hand", [("it_IT.UTF-8", "mano"), ("ar_EG.UTF-8", "يدك")])
def test_the_screen_speaks_the_terminals_language(tmp_path, lang, hand):
    child = spawn(tmp_path, "--seed", "3", "--seat", "human", "--seat", "random", lang=lang)
    child.expect("> ")
    assert hand in screen_text(child)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_keeps_the_game_and_quit_can_leave_without_saving(tmp_path):
    child = spawn(tmp_path, "--seed", "3", "--seat", "human", "--seat", "random")
    child.expect("> ")
    child.sendline("take 1")
    child.expect("> ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    saved = list((tmp_path / "data" / "games").glob("*.json"))
    assert len(saved) == 1 and f"machiavelli play --load {saved[0]}" in screen_text(child)
    again = spawn(tmp_path, "--load", str(saved[0]))
    again.expect("> ")
    assert "Taken from the table, to put back:" in screen_text(again), "the turn goes on where it stopped"
    again.sendline("quit")
    again.expect("Save the game before leaving")
    again.sendline("n")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0
    assert [a.text() for _, a in GameRecord.loads(saved[0].read_text()).actions][-1] == "take 1"
