"""Sì Sè Pái's claim windows tell nobody who could claim: every seat is
asked at every offer, the decision is shown without who answered last,
and records written before (version 1, only the seats that could claim
asked) replay as they were played."""

from __future__ import annotations

import json
import random
from pathlib import Path

from machiavelli.app.library import load_variant
from machiavelli.core import registry
from machiavelli.core.records import VERSION, GameRecord, Seat

OLD = Path(__file__).parent / "secret_si_se_pai_v1.json"
SSP = load_variant("si-se-pai", [])


def test_every_seat_but_the_discarder_is_asked_at_every_offer():
    definition = registry.game("si-se-pai")
    for seed in range(6):
        game, rng = definition.new_game(SSP, 4, seed), random.Random(seed)
        while game.outcome is None:
            if game.discarding is None:
                order = [(game.source + k) % 4 for k in range(4)]
                assert set(game.waiting) == set(order if game.drawn else order[1:])
            seat = rng.choice(game.to_move())
            game.apply(rng.choice(game.legal_actions(seat)), seat)


def test_a_record_written_before_every_seat_was_asked_replays_as_it_was_played():
    text = OLD.read_text(encoding="utf-8")
    record = GameRecord.loads(text)
    assert record.version == 1
    game = record.replay()
    assert game.outcome == record.result and game.outcome is not None
    again = GameRecord.of(game, record.seats)
    assert again.version == 1 and json.loads(again.dumps())["version"] == 1
    assert again.dumps() == record.dumps()


def test_new_records_say_every_seat_is_asked_and_replay():
    definition = registry.game("si-se-pai")
    game, rng = definition.new_game(SSP, 4, 11), random.Random(11)
    for _ in range(30):
        seat = rng.choice(game.to_move())
        game.apply(rng.choice(game.legal_actions(seat)), seat)
    record = GameRecord.of(game, [Seat("random")] * 4)
    assert record.version == VERSION == 2
    assert GameRecord.loads(record.dumps()).replay().state() == game.state()
    # The same actions under version 1's conduct are not the same game: the version matters.
    old = GameRecord.loads(record.dumps().replace('"version": 2', '"version": 1', 1))
    try:
        assert old.replay().state() != game.state()
    except Exception as refused:  # noqa: BLE001 - refused is as good: it is not this game
        assert getattr(refused, "code", "") == "record-action"


def test_the_decision_is_shown_alike_whoever_answered_last():
    definition = registry.game("si-se-pai")
    game = definition.new_game(SSP, 4, 5)
    movers = game.to_move()
    forward, backward = game.clone(), game.clone()
    for seat in movers:
        forward.apply(forward.legal_actions(seat)[0], seat)
    for seat in reversed(movers):
        backward.apply(backward.legal_actions(seat)[0], seat)
    for seat in range(4):
        assert forward.view(seat).log == backward.view(seat).log
