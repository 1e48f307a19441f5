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


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


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


@pytest.mark.parametrize("text, english", [
    ('{"format": "machiavelli-match-record", "version": 1, "deals": []}', "must hold from 1 to"),
    ('{"format": "machiavelli-match-record", "version": 0, "deals": [{}]}', "must be a whole number"),
    ('{"format": "machiavelli-match-record", "version": 1, "target": -1, "deals": [{}]}', "or null"),
    ('{"format": "machiavelli-match-record", "version": 1, "deals": "all"}', "must hold from 1 to"),
])
def test_a_broken_match_record_is_explained_in_the_users_language(text, english, tmp_path):
    from machiavelli.core import i18n

    path = tmp_path / "match.json"
    path.write_text(text)
    assert english in run("replay", str(path)).output
    result = run("--lang", "it", "replay", str(path))
    assert result.exit_code == 2 and english not in result.output and "expected" not in result.output
    i18n.use_language("en", environ={})


def test_a_record_whose_dealer_is_no_seat_is_refused():
    game = Game(load_variant("bga"), 3, 1, dealer=2)
    text = GameRecord.of(game, [Seat("random")] * 3).dumps()
    assert '"dealer": 2' in text
    with pytest.raises(RecordError):
        GameRecord.loads(text.replace('"dealer": 2', '"dealer": 7'))


def test_deals_and_target_refuse_a_loaded_game(tmp_path):
    result = run("play", "--seat", "greedy", "--deals", "2", "--load", str(tmp_path / "x.json"))
    assert result.exit_code != 0 and "Traceback" not in result.output


def test_a_match_left_in_the_middle_of_a_deal_goes_on_from_its_save(tmp_path):
    out = tmp_path / "m.json"
    left = run("play", "--seat", "human", "--seat", "greedy", "--deals", "2", "--seed", "5",
               "--record", str(out), input="draw\ndraw\n")
    assert left.exit_code == 0, left.output
    saved, planned, target = match.read(out)
    assert (planned, target) == (2, None) and len(saved) == 1
    first = saved[0]
    assert first.replay().outcome is None and first.actions  # the unfinished deal, the person's draws in it
    done = run("play", "--load", str(out), "--seat", "greedy")
    assert done.exit_code == 0, done.output
    assert "Score sheet after deal 2" in done.stdout and "The match is over after 2 deals." in done.stdout
    final, planned, _ = match.read(out)
    assert planned == 2 and len(final) == 2
    # The deal played on is the saved one continued, not dealt again.
    assert final[0].seed == first.seed and final[0].actions[: len(first.actions)] == first.actions
    assert all(r.replay().outcome is not None for r in final)
    sheet = json.loads(run("replay", str(out), "--json").stdout)["sheet"]
    assert sheet["totals"] == [sum(col) for col in zip(*sheet["deals"])] and len(sheet["deals"]) == 2


def test_a_finished_match_goes_on_when_more_deals_are_asked(tmp_path):
    out = tmp_path / "m.json"
    assert run("play", "--seat", "greedy", "--deals", "1", "--seed", "3", "--record", str(out)).exit_code == 0
    before, _, _ = match.read(out)
    more = run("play", "--load", str(out), "--deals", "2")
    assert more.exit_code == 0, more.output
    after, planned, _ = match.read(out)
    assert planned == 2 and len(after) == 2 and after[0].actions == before[0].actions
    assert after[1].seed == match.deal_seed(before[0].seed, 1)
    assert after[1].replay().dealer == (before[0].replay().dealer + 1) % 3


def test_a_loaded_match_never_overwrites_another_file(tmp_path):
    out, other = tmp_path / "m.json", tmp_path / "other.json"
    assert run("play", "--seat", "greedy", "--deals", "1", "--seed", "3", "--record", str(out)).exit_code == 0
    other.write_text("my notes")
    result = run("play", "--load", str(out), "--deals", "2", "--record", str(other))
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert other.read_text() == "my notes"


def test_a_match_file_refuses_a_match_that_does_not_continue_it(tmp_path):
    out = tmp_path / "m.json"
    assert run("play", "--seat", "greedy", "--deals", "1", "--seed", "3", "--record", str(out)).exit_code == 0
    text = out.read_text()
    stranger = run("play", "--seat", "greedy", "--deals", "1", "--seed", "4", "--record", str(out))
    assert stranger.exit_code != 0 and out.read_text() == text
    records, _, _ = match.read(out)
    with pytest.raises(RecordError):
        other = GameRecord.of(Game(load_variant("bga"), 3, 99), [Seat("greedy")] * 3)
        match.save(out, [other], 1, None)
    assert out.read_text() == text
    match.save(out, records, 2, None)  # the same match, one deal more planned: allowed
    assert match.read(out)[1] == 2
