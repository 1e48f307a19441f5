"""``simulate --review`` (issue 29): the missed plays per kind of player,
added to the report, the JSON and both CSV files without changing what
they held before."""

from __future__ import annotations

import csv
import io
import json

from typer.testing import CliRunner

from machiavelli.app.library import load_variant
from machiavelli.cli import app
from machiavelli.core.simulate import play_game

runner = CliRunner()
SEATS = ("greedy", "random", "solver")


def test_a_reviewed_game_carries_each_seats_missed_plays():
    variant = load_variant("bga")
    plain = play_game(variant, SEATS, 5)
    judged = play_game(variant, SEATS, 5, review=True)
    assert plain.review == () and len(judged.review) == 3
    # Reviewing changes nothing of the game itself.
    assert (judged.turns, judged.winners, judged.cards_left) == (plain.turns, plain.winners, plain.cards_left)
    for turns, missed_turns, missed in judged.review:
        assert 0 <= missed_turns <= turns and missed >= missed_turns
    assert judged.review[2][1] == 0  # the solver player plays the review's own answer


def test_the_report_json_and_csv_gain_the_review_and_keep_the_rest(tmp_path):
    args = ["simulate", "-n", "3", *(a for s in SEATS for a in ("--seat", s)), "--seed", "2", "-j", "1", "-q"]
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    runner.invoke(app, [*args, "--json", str(before)])
    result = runner.invoke(app, [*args, "--review", "--json", str(after), "--games-csv", str(tmp_path / "g.csv")])
    assert result.exit_code == 0, result.output
    old, new = json.loads(before.read_text())["variants"][0], json.loads(after.read_text())["variants"][0]
    review = new.pop("review_by_player")
    assert new == old
    assert [r["player"] for r in review] == list(SEATS)
    solver = review[2]
    assert solver["missed_turns"]["k"] == 0 and solver["missed_per_game"]["mean"] == 0
    assert review[0]["missed_turns"]["n"] > 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "g.csv").read_text())))
    assert len(rows) == 3 and all(len(r["missed"].split()) == 3 for r in rows)
    assert list(rows[0])[-3:] == ["missed_turns", "missed", "actions"]
    text = runner.invoke(app, [*args, "--review"]).stdout
    assert "Turns with a missed play: greedy" in text and "Cards missed per game: solver, the strongest" in text
