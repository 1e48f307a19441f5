"""``machiavelli solve``: text, JSON, batch and bad input."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.app.library import load_variant

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_json_answer_has_the_contract_shape():
    result = run("solve", "--variant", "bga", "--table", "5C 5D 5H 5S | 6C 7C 8C", "--hand", "4C KD", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["placed"] == ["4C"]
    assert sorted(map(sorted, data["table"])) == sorted(map(sorted, [["5S", "5H", "5D"], ["4C", "5C", "6C", "7C", "8C"]]))
    assert data["steps"] == [{"cards": ["5C"], "from": 1, "to": 2, "new": False},
                             {"cards": ["4C"], "from": "hand", "to": 2, "new": False}]
    assert data["numbers"] == [1, 2] and data["changed"] == [1] and data["help_used"] == []
    # each meld is laid out in order: the run goes up from the 4
    assert ["4C", "5C", "6C", "7C", "8C"] in data["table"]


def test_text_answer_lists_steps_and_new_table():
    result = run("solve", "--table", "5C 5D 5H | 6C 6D 6H | 7C 7D 7H", "--hand", "8C")
    assert result.exit_code == 0
    out = result.stdout
    assert "8♣" in out.splitlines()[0]
    assert "New meld 6: 5♣ from meld 1, 6♣ from meld 2, 7♣ from meld 3, and 8♣ from your hand." in out
    assert "6: 5♣ 6♣ 7♣ 8♣" in out


def test_nothing_to_place_shows_the_table_unchanged():
    result = run("solve", "--table", "6C 6D 6H | 7C 7D 7H", "--hand", "8C")
    assert result.exit_code == 0
    assert "No card from your hand can be placed." in result.stdout
    assert "Steps" not in result.stdout


def test_help_cards_and_variant_overrides():
    result = run("solve", "--variant", "help-cards", "--table", "10H 10D 10S | JH JD JS | QH QD QC",
                 "--hand", "9S QS", "--help-cards", "QD 2C", "--json")
    data = json.loads(result.stdout)
    assert sorted(data["placed"]) == ["9S", "QS"] and data["help_used"] == ["QD"]
    wrap = run("solve", "--set", "aces=wrap", "--table", "QC KC AC", "--hand", "2C", "--json")
    assert json.loads(wrap.stdout)["placed"] == ["2C"]
    plain = run("solve", "--table", "QC KC AC", "--hand", "2C", "--json")
    assert json.loads(plain.stdout)["placed"] == []


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--table", "5C 5D 5X", "--hand", "4C"], "5X"),
        (["--table", "5C 6C", "--hand", "4C"], "Meld 1"),
        (["--table", "5C 5D 5H | 4C 5C 6C", "--hand", "5C"], "There are more 5C than 2 decks hold."),
        (["--table", "5C 5D 5H"], "--hand"),
        (["--variant", "nope", "--hand", "4C"], "nope"),
        (["--batch", "missing.jsonl"], "missing.jsonl"),
        (["--batch", "-", "--hand", "4C"], "--batch"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, fragment):
    result = run("solve", *args)
    assert result.exit_code == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_invalid_meld_says_why():
    result = run("solve", "--table", "5S 6S 8S", "--hand", "7S")
    assert result.exit_code == 2 and "consecutive" in result.stderr and "5♠" not in result.stdout


def test_batch_answers_each_line_in_order(tmp_path):
    lines = [
        {"table": [["5C", "5D", "5H", "5S"], ["6C", "7C", "8C"]], "hand": ["4C", "KD"]},
        {"table": [], "hand": ["AH", "2H", "3H"]},
        {"table": [["6C", "6D", "6H"], ["7C", "7D", "7H"]], "hand": ["8C"]},
    ]
    path = tmp_path / "positions.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    result = run("solve", "--batch", str(path), "--json")
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["placed"] for a in answers] == [["4C"], ["AH", "2H", "3H"], []]
    single = json.loads(run("solve", "--table", "5C 5D 5H 5S | 6C 7C 8C", "--hand", "4C KD", "--json").stdout)
    assert answers[0] == single


def test_batch_reports_bad_lines_and_goes_on():
    lines = "\n".join([
        json.dumps({"table": [["5C", "6C"]], "hand": ["4C"]}),
        "not json",
        json.dumps({"table": [["5C", "5D", "5H"]], "hand": ["5S"]}),
        json.dumps({"table": [["5C", "5D", "ZZ"]], "hand": []}),
        json.dumps({"hand": "4C"}),
        json.dumps({"table": [["5C", "5D", "5H"], ["5C", "6C", "7C"]], "hand": ["5C"]}),
    ]) + "\n"
    result = run("solve", "--batch", "-", "--json", input=lines)
    assert result.exit_code == 2
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 6
    assert answers[0]["error"]["code"] == "invalid-meld" and answers[0]["line"] == 1
    assert "5♣ 6♣" in answers[0]["error"]["message"]  # cards shown as everywhere else
    assert answers[1]["error"]["code"] == "bad-position-line" and answers[1]["line"] == 2
    assert answers[2]["placed"] == ["5S"]
    assert answers[3]["error"]["code"] == "bad-card" and "ZZ" in answers[3]["error"]["message"]
    assert answers[4]["error"]["code"] == "bad-position-line"
    assert answers[5]["error"]["code"] == "too-many-copies"


def test_batch_answers_are_valid_tables():
    variant = load_variant("bga")
    hands = [["4C", "4D", "4H"], ["9S", "10S", "JS", "QS"], ["KD", "KH"], ["2C"]]
    table = [["5C", "5D", "5H"], ["6S", "7S", "8S"], ["KC", "KS", "KD"]]
    text = "\n".join(json.dumps({"table": table, "hand": h}) for h in hands)
    result = run("solve", "--batch", "-", "--json", input=text)
    assert result.exit_code == 0
    for hand, line in zip(hands, result.stdout.splitlines()):
        answer = json.loads(line)
        new = Counter(c for m in answer["table"] for c in m)
        assert new == Counter(c for m in table for c in m) + Counter(answer["placed"])
        assert not Counter(answer["placed"]) - Counter(hand)
        for meld in answer["table"]:
            assert variant.check(variant.deck.parse_cards(" ".join(meld))).valid


@pytest.mark.parametrize("variant", ["cicera", "si-se-pai"])
def test_another_games_variant_is_one_clear_error(variant):
    result = run("solve", "--variant", variant, "--hand", "5D 5C 5S")
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert variant in result.stderr and "not for the game machiavelli" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
