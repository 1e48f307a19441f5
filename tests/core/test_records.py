import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli.games.machiavelli.actions import Action
from machiavelli.core.bots import bot_seed, play_out
from machiavelli.games.machiavelli.bots import RandomBot
from machiavelli.core.errors import RecordError
from machiavelli.games.machiavelli.game import Game
from machiavelli.core.records import FORMAT, VERSION, GameRecord, Seat
from machiavelli.app.library import load_variant, shipped_names
from suite_paths import GOLDEN

SEATS = (Seat("random"), Seat("human", "Ann"), Seat("random"))


def finished(name="bga", seed=5, players=3):
    game = Game(load_variant(name), players, seed)
    play_out(game, [RandomBot(bot_seed(seed, s)) for s in range(players)])
    return game


@pytest.fixture(scope="module")
def record_text():
    return GameRecord.of(finished(), SEATS).dumps()


def test_record_holds_variant_seed_seats_actions_and_result(record_text):
    data = json.loads(record_text)
    assert (data["format"], data["version"], data["seed"]) == (FORMAT, 1, 5)  # version 2 only changed how Sì Sè Pái is conducted
    assert data["variant"]["name"] == "bga" and data["variant"]["restore_penalty"] == 1
    assert data["seats"] == [{"player": "random"}, {"player": "human", "name": "Ann"}, {"player": "random"}]
    assert all(set(a) == {"seat", "action"} for a in data["actions"])
    assert data["result"]["reason"] in ("went-out", "deck-exhausted")


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
def test_a_replayed_game_reaches_exactly_the_same_state(name):
    players = max(2, load_variant(name).players.min)
    game = finished(name, seed=11, players=players)
    again = GameRecord.loads(GameRecord.of(game, SEATS[:players]).dumps()).replay()
    assert again.ids() == game.ids() and again.state() == game.state()
    assert again.outcome == game.outcome and again.log == game.log


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(shipped_names("machiavelli")), players=st.integers(2, 5), seed=st.integers(0, 2**40),
       stop=st.integers(0, 600))
def test_any_game_saved_at_any_point_replays_to_the_same_state(name, players, seed, stop):
    variant = load_variant(name)
    players = max(variant.players.min, min(players, variant.players.max))  # Rummikub: at most 4
    game = Game(variant, players, seed)
    bots = [RandomBot(bot_seed(seed, s)) for s in range(players)]
    for _ in range(stop):
        if game.outcome is not None:
            break
        game.apply(bots[game.current].choose(game.view(game.current)))
    seats = tuple(Seat("random") for _ in range(players))
    again = GameRecord.loads(GameRecord.of(game, seats).dumps()).replay()
    assert (again.ids(), again.state(), again.log, again.outcome) == (game.ids(), game.state(), game.log, game.outcome)
    assert (again.turn.steps, again.turn.touched, again.turn.start) == (game.turn.steps, game.turn.touched,
                                                                       game.turn.start)


def test_a_record_saved_mid_turn_continues_mid_turn(bga):
    game = Game(bga, 2, 3)
    bots = [RandomBot(s) for s in range(2)]
    views = [game.view(s) for s in range(2)]
    while not game.turn.touched and game.outcome is None:  # stop inside a turn that rearranges
        game.apply(bots[game.current].choose(views[game.current]))
    assert game.outcome is None and game.turn.steps > 0
    loaded = GameRecord.loads(GameRecord.of(game, SEATS[:2]).dumps()).replay()
    assert loaded.ids() == game.ids() and loaded.turn.steps == game.turn.steps
    assert loaded.turn.touched == game.turn.touched and loaded.turn.start == game.turn.start
    game.apply(Action.parse("undo"))
    loaded.apply(Action.parse("undo"))
    assert loaded.ids() == game.ids()


def test_continues_means_the_same_game_played_further(bga):
    game = finished()
    full = GameRecord.of(game, SEATS)
    part = GameRecord(full.variant, full.seed, full.seats, full.actions[:40])
    assert full.continues(part) and full.continues(full) and not part.continues(full)
    assert not full.continues(GameRecord(full.variant, 6, full.seats, full.actions[:40]))
    assert not full.continues(GameRecord(full.variant, full.seed, (Seat("random"),) * 3, full.actions[:40]))


def _broken(record_text, change):
    data = json.loads(record_text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("text, code", [
    ("", "record-damaged"),
    ("   \n", "record-damaged"),
    ("hello", "not-a-record"),
    ("[1, 2]", "not-a-record"),
    ('{"format": "something-else", "version": 1}', "not-a-record"),
    ("format: machiavelli-game-record\n", "not-a-record"),
    (b"\xff\xfe\x00{", "not-a-record"),
    ("[" * 100_000, "record-damaged"),
    ("x" * 16_000_001, "record-too-large"),
])
def test_foreign_and_empty_files(text, code):
    with pytest.raises(RecordError) as caught:
        GameRecord.loads(text)
    assert caught.value.code == code


@pytest.mark.parametrize("change, code, field", [
    (lambda d: d.update(version=VERSION + 1), "record-version", None),
    (lambda d: d.update(version="1"), "record-field", "version"),
    (lambda d: d.pop("seed"), "record-field", "seed"),
    (lambda d: d.update(seed=True), "record-field", "seed"),
    (lambda d: d.update(seed=-3), "record-field", "seed"),
    (lambda d: d.update(seats=[{"player": "random"}]), "record-field", "seats"),
    (lambda d: d["seats"][1].update(name=""), "record-field", "seats[1].name"),
    (lambda d: d["seats"][0].pop("player"), "record-field", "seats[0].player"),
    (lambda d: d["variant"].update(aces="sideways"), "record-variant", "variant.aces"),
    (lambda d: d.update(variant="bga"), "record-field", "variant"),
    (lambda d: d["variant"].update(game="backgammon"), "record-game", "variant.game"),
    (lambda d: d["variant"].update(game=7), "record-field", "variant.game"),
    (lambda d: d["actions"][3].update(seat=7), "record-field", "actions[3].seat"),
    (lambda d: d["actions"][3].update(action=5), "record-field", "actions[3].action"),
    (lambda d: d["actions"].insert(0, "draw"), "record-field", "actions[0]"),
    (lambda d: d["actions"][0].update(action="fly away"), "record-action", None),
    (lambda d: d.update(result={"winners": [9], "reason": "went-out"}), "record-field", "result.winners"),
    (lambda d: d.update(result={"winners": [0], "reason": "luck"}), "record-field", "result.reason"),
])
def test_damaged_fields_are_named(record_text, change, code, field):
    with pytest.raises(RecordError) as caught:
        GameRecord.loads(_broken(record_text, change))
    assert caught.value.code == code
    if field:
        assert caught.value.params["field"] == field


def test_an_illegal_action_is_named_by_its_position(record_text):
    data = json.loads(record_text)
    seat = data["actions"][0]["seat"]
    data["actions"].insert(1, {"seat": seat, "action": "take 9"})
    record = GameRecord.loads(json.dumps(data))
    with pytest.raises(RecordError) as caught:
        record.replay()
    assert caught.value.code == "record-action"
    assert caught.value.params["index"] == 2 and caught.value.params["action"] == "take 9"
    assert caught.value.params["detail"] == "no-such-meld"


def test_a_wrong_result_is_inconsistent(record_text):
    data = json.loads(record_text)
    data["result"] = {"winners": [(data["result"]["winners"][0] + 1) % 3], "reason": "went-out"}
    with pytest.raises(RecordError) as caught:
        GameRecord.loads(json.dumps(data)).replay()
    assert caught.value.code == "record-result"


def test_an_impossible_setup_is_a_record_error(record_text):
    data = json.loads(record_text)
    data["variant"]["players"] = {"min": 4, "max": 5}
    data["actions"] = []
    data["result"] = None
    with pytest.raises(RecordError) as caught:
        GameRecord.loads(json.dumps(data)).replay()
    assert caught.value.code == "record-setup"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 10_000))
def test_a_truncated_record_is_always_a_record_error(record_text, cut):
    cut = cut % len(record_text)
    with pytest.raises(RecordError):
        GameRecord.loads(record_text[:cut]).replay()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_damage_gives_a_record_error_or_a_valid_game(record_text, data):
    """Fuzz: flip a byte anywhere; the result is RecordError or a record that replays."""
    raw = bytearray(record_text.encode())
    at = data.draw(st.integers(0, len(raw) - 1))
    raw[at] = data.draw(st.integers(0, 255))
    try:
        GameRecord.loads(bytes(raw)).replay()
    except RecordError:
        pass



def test_a_drawn_deal_with_no_winner_replays():
    """A Sì Sè Pái deal whose stock ran out has no winner: its record (with
    ``"winners": []``) was refused as damaged; it is read and replays."""
    from machiavelli.core.simulate import play_game

    variant = load_variant("si-se-pai")
    summary = play_game(variant, ["random"] * 4, 0, record=True)
    assert summary.reason == "drawn-deal" and summary.winners == () and summary.record is not None
    assert json.loads(summary.record)["result"]["winners"] == []
    record = GameRecord.loads(summary.record)
    assert record.result is not None and record.result.winners == () and record.result.reason == "drawn-deal"
    game = record.replay()
    assert game.outcome == record.result and game.stock == []
    # The forms written before stay readable: a winner, and teams with their points.
    assert GameRecord.loads(GameRecord.of(finished(), SEATS).dumps()).result.winners


def test_winners_must_still_be_seats(record_text):
    for winners in ([0, 9], ["0"], [True], "0", None):
        with pytest.raises(RecordError) as caught:
            GameRecord.loads(_broken(record_text, lambda d: d.update(result={"winners": winners,
                                                                              "reason": "went-out"})))
        assert caught.value.params["field"] == "result.winners"

# -- golden records: how seeded games of every shipped variant end -------------------
# Regenerate with tests/golden/make_golden.py only after a deliberate change.


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
def test_golden_record_replays_to_its_recorded_end(name):
    record = GameRecord.loads((GOLDEN / f"{name}.json").read_text())
    ends = json.loads((GOLDEN / "ends.json").read_text())
    game = record.replay()
    assert game.state() == ends[name]
    assert game.outcome == record.result is not None


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
def test_the_same_seed_still_plays_the_golden_game(name):
    golden = GameRecord.loads((GOLDEN / f"{name}.json").read_text())
    game = Game(load_variant(name), len(golden.seats), golden.seed)
    play_out(game, [RandomBot(bot_seed(golden.seed, s)) for s in range(len(golden.seats))])
    assert GameRecord.of(game, golden.seats).actions == golden.actions
    assert game.outcome == golden.result
