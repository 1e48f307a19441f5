"""Matches of several deals (issue 11, point 5): the score sheet, the
dealer passing on, the match record and its replay."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from machiavelli.app import match
from machiavelli.app.library import load_variant
from machiavelli.cli import app
from machiavelli.core.errors import RecordError
from machiavelli.core.records import GameRecord, Seat
from machiavelli.games.machiavelli.game import Game

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_a_match_of_n_deals_moves_the_dealer_and_sums_the_scores(tmp_path):
    out = tmp_path / "m.json"
    result = run("play", "--seat", "greedy", "--deals", "3", "-V", "bga(scoring=cards-left)", "--seed", "4",
                 "--record", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Score sheet after deal") == 3
    replayed = json.loads(run("replay", str(out), "--json").stdout)
    dealers = [deal["dealer"] for deal in replayed["deals"]]
    assert dealers[1] == (dealers[0] + 1) % 3 and dealers[2] == (dealers[1] + 1) % 3
    sheet = replayed["sheet"]
    # cards-left: each deal scores the cards left in each hand, from the replayed games themselves.
    assert sheet["deals"] == [[len(h) for h in deal["hands"]] for deal in replayed["deals"]]
    assert sheet["totals"] == [sum(col) for col in zip(*sheet["deals"])]
    assert sheet["leaders"] == [s for s, t in enumerate(sheet["totals"]) if t == min(sheet["totals"])]
    assert not sheet["higher_wins"]


def test_a_target_ends_the_match_as_soon_as_a_total_reaches_it():
    result = run("play", "--seat", "greedy", "--target", "2", "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)["sheet"]
    totals = [0, 0, 0]
    for k, deal in enumerate(sheet["deals"]):
        assert max(totals) < 2  # not over before this deal
        totals = [a + b for a, b in zip(totals, deal)]
    assert max(totals) >= 2 and sheet["higher_wins"] and sheet["totals"] == totals


def test_counter_clockwise_passes_the_deal_to_the_right():
    variant = load_variant("bga(direction=counter-clockwise)")
    game = Game(variant, 4, 3)
    assert match.next_dealer(game) == (game.dealer - 1) % 4
    later = Game(variant, 4, match.deal_seed(3, 1), dealer=match.next_dealer(game))
    assert later.dealer == (game.dealer - 1) % 4 and later.first == (later.dealer - 1) % 4
    record = GameRecord.loads(GameRecord.of(later, [Seat("greedy")] * 4).dumps())
    assert record.dealer == later.dealer and record.replay().dealer == later.dealer


@pytest.mark.parametrize("text", [
    '{"format": "machiavelli-match-record", "version": 1, "deals": []}',
    '{"format": "machiavelli-match-record", "version": 9, "deals": [{}]}',
    '{"format": "machiavelli-match-record", "version": 1, "target": -1, "deals": [{}]}',
    '{"format": "machiavelli-match-record", "version": 1, "deals": [{"format": "x"}]}',
    '{"format": "machiavelli-match-record", ',
])
def test_a_broken_match_record_is_one_record_error(text):
    with pytest.raises(RecordError):
        match.loads(text)


def test_a_record_whose_dealer_is_no_seat_is_refused():
    game = Game(load_variant("bga"), 3, 1, dealer=2)
    text = GameRecord.of(game, [Seat("random")] * 3).dumps()
    assert '"dealer": 2' in text
    with pytest.raises(RecordError):
        GameRecord.loads(text.replace('"dealer": 2', '"dealer": 7'))


def test_deals_and_target_refuse_a_loaded_game(tmp_path):
    result = run("play", "--seat", "greedy", "--deals", "2", "--load", str(tmp_path / "x.json"))
    assert result.exit_code != 0 and "Traceback" not in result.output
