"""Issue 16, untrusted input: numbers.

``str.isdigit()`` is true for ``²`` and other digits that ``int()`` refuses
or reads differently, and ``int()`` refuses more than 4300 digits. Every
number read from text (at the table, in a record's actions, in a record's
JSON, in a variant's YAML, in ``--set``) goes through
machiavelli.core.numbers: a clear error, never a ValueError.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core.errors import NotationError, RecordError, SetupError, VariantError
from machiavelli.core.records import GameRecord, Seat
from machiavelli.games.machiavelli.actions import parse_action
from machiavelli.games.machiavelli.game import Game

#: Digits that str.isdigit() accepts and int() refuses or reads as another number.
STRANGE = ["²", "³", "¹²", "١", "١٢", "٣", "९", "𝟗", "①", "፩"]
HUGE = "9" * 5000  # beyond int()'s 4300 digits


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "machiavelli", *args], input=stdin, capture_output=True,
                          text=True, timeout=30, env={**os.environ, "COLUMNS": "200"})


def one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr + result.stdout, result.stderr[-2000:]
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr[-2000:]
    return lines[0]


# -- the one reader ----------------------------------------------------------------


def test_a_count_is_ascii_digits_within_bounds():
    from machiavelli.core.numbers import is_digits, parse_count

    assert parse_count("12") == 12 and parse_count("007") == 7
    assert parse_count("3", 1, 5) == 3
    for text in STRANGE + ["", " 1", "1 ", "+1", "-1", "1_000", "1.0", "0x10", HUGE, "9" * 101]:
        assert parse_count(text) is None, text
        assert not is_digits(text) or text in ("9" * 101, HUGE)
    assert parse_count("0", 1, 5) is None and parse_count("6", 1, 5) is None
    assert parse_count("0000001", 1, 999_999) is None  # longer than the highest number allowed


# -- at the table and in actions ---------------------------------------------------


@pytest.mark.parametrize("digit", STRANGE)
@pytest.mark.parametrize("template", ["take {d}", "take 1 {d}", "take {d} 5C", "add {d} 5C", "move 5C {d} 2",
                                      "move 5C 1 {d}", "split {d} 5C", "join 1 {d}"])
def test_strange_digits_in_an_action_are_not_a_number(template, digit):
    with pytest.raises(NotationError):
        parse_action(template.format(d=digit))


@pytest.mark.parametrize("text", ["take " + HUGE, "split 99999999999999999999 5C", "add 1000000 5C"])
def test_huge_meld_numbers_are_not_a_number(text):
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize("line", ["take ²", "add ³ 5C", "join 1 ١", "t ²", "take " + HUGE[:19_000]])
def test_strange_digits_typed_at_the_table_are_refused(line, bga):
    from machiavelli.core.words import CardReader
    from machiavelli.games.machiavelli.present.words import read_line

    with pytest.raises(NotationError):
        read_line(line, CardReader(bga.deck))


def test_the_session_goes_on_after_strange_digits():
    result = cli("play", "--seed", "1", "--seat", "human", "--seat", "random",
                 stdin="take ²\nadd ³ 5C\nsplit 99999999999999999999 5C\nquit\n")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Traceback" not in result.stderr + result.stdout


# -- records -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def record():
    game = Game(load_variant("bga"), 2, 3)
    return json.loads(GameRecord.of(game, (Seat("random"), Seat("random"))).dumps())


@pytest.mark.parametrize("action", ["take ²", "add ³ 5C", "join ١ ٢"])
def test_strange_digits_in_a_records_action_are_a_record_error(record, action):
    record = {**record, "actions": [{"seat": 0, "action": action}]}
    with pytest.raises(RecordError) as info:
        GameRecord.loads(json.dumps(record, ensure_ascii=False))
    assert info.value.code == "record-action"


@pytest.mark.parametrize("field", ["seed", "version", "seat", "winner"])
@pytest.mark.parametrize("digits", [101, 5000])
def test_a_number_too_long_in_a_record_is_a_record_error(record, field, digits):
    big = "7" * digits
    text = json.dumps({**record, "actions": [{"seat": 0, "action": "draw"}],
                       "result": {"winners": [0], "reason": "went-out"}}, indent=1)
    old = {"seed": '"seed": 3', "version": '"version": 1', "seat": '"seat": 0',
           "winner": '"winners": [\n   0'}[field]
    assert old in text
    text = text.replace(old, old[:-1] + big, 1)
    with pytest.raises(RecordError) as info:
        GameRecord.loads(text)
    assert info.value.code == "record-damaged" and "digits" in info.value.params["detail"]
    assert info.value.params["line"] == text[:text.index(big)].count("\n") + 1


def test_replay_answers_a_huge_seed_with_one_line(record, tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(record).replace('"seed": 3', '"seed": ' + HUGE))
    assert "huge.json" in one_line_error(cli("replay", str(path)))
    path.write_text(json.dumps({**record, "actions": [{"seat": 0, "action": "take ²"}]}))
    assert "huge.json" in one_line_error(cli("replay", str(path)))


def test_a_seed_no_record_could_hold_is_refused(bga):
    with pytest.raises(SetupError) as info:
        Game(bga, 2, 10 ** 100)
    assert info.value.code == "seed-too-large"
    with pytest.raises(SetupError):
        Game(bga, 2, 10 ** 5000)  # too long even to be written out
    assert Game(bga, 2, 10 ** 100 - 1).seed == 10 ** 100 - 1
    line = one_line_error(cli("play", "--seed", "1" + "0" * 150, "--seat", "random", "--seat", "random"))
    assert "100" in line


# -- variants and --set ------------------------------------------------------------


@pytest.mark.parametrize("override", ["decks=" + HUGE, "decks=-" + HUGE, "players.max=" + "1" * 200])
def test_a_set_value_too_long_is_one_line(override):
    with pytest.raises(VariantError) as info:
        load_variant("bga", [override])
    assert info.value.code == "bad-override"
    assert "digits" in one_line_error(cli("rules", "--set", override))


@pytest.mark.parametrize("value", ["0x" + "f" * 5000, "0o" + "7" * 5000, "1" + "0" * 99, "1.5e99999"])
def test_other_long_numbers_in_a_variant_are_plain_errors(value):
    # Hexadecimal and octal do not meet int()'s limit; they are only wrong values.
    with pytest.raises(VariantError) as info:
        load_variant("bga", ["decks=" + value])
    assert info.value.params["path"] == "decks"
