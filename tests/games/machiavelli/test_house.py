"""House rules (issue 11): every computer player and the hint keep them,
and the opening rules agree with what the engine demands."""

from __future__ import annotations

from collections import Counter

import pytest

from machiavelli.games.machiavelli.present import hints
from machiavelli.app.library import load_variant
from machiavelli.core import registry
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.core.errors import IllegalAction
from machiavelli.games.machiavelli import opening
from machiavelli.games.machiavelli.actions import DRAW, END
from machiavelli.games.machiavelli.game import Game

HOUSE = ["bga(opening=meld-from-hand)", "bga(opening=points, rearrange_before_opening=false)", "bga(opening=run)",
         "bga(cards_per_turn=4)", "bga(drawing=only-if-unable)", "bga(drawing=start-of-turn)",
         "bga(rearranging=free)", "bga(direction=counter-clockwise, scoring=card-values)"]


@pytest.mark.parametrize("spec", HOUSE)
@pytest.mark.parametrize("bot", sorted(registry.bots()))
def test_every_computer_player_keeps_the_house_rules_to_the_end(spec, bot):
    variant = load_variant(spec)
    game = Game(variant, 3, 5)
    limit = variant.cards_per_turn
    placed = Counter()

    def watch(entry):
        if entry.action.verb in ("play", "add"):
            placed[entry.turn] += len(entry.action.cards) - len(entry.from_table)
        if entry.action.verb == "end" and not game.opened(entry.seat):
            raise AssertionError("a turn ended without opening")  # never reached: the engine checks

    # play_out raises on the first action the rules refuse: every action here was legal.
    outcome = play_out(game, [make_bot(bot, bot_seed(5, s)) for s in range(3)], watch)
    assert outcome is not None and game.scores() is not None
    if limit is not None:
        assert max(placed.values(), default=0) <= limit


def _position(variant, hand, table=(), opened=False):
    v = variant
    return Game.from_position(v, [v.deck.parse_cards(hand), v.deck.parse_cards("KH KS")],
                              table=[v.deck.parse_cards(m) for m in table], deck=v.deck.parse_cards("2D 3D 4D"),
                              opened=(0, 1) if opened else (1,))


@pytest.mark.parametrize("spec, hand, expected", [
    ("bga(opening=run)", "9C 9D 9H 2H 3H 4H KS", "2H 3H 4H"),
    ("bga(opening=points)", "2S 3S 4S KC KD KH QC QD QH 8D", "KC KD KH QC QD QH"),
    ("bga(opening=meld-from-hand)", "2S 3S 4S 8D", "2S 3S 4S"),
])
def test_the_hint_before_opening_is_an_opening_the_engine_accepts(spec, hand, expected):
    variant = load_variant(spec)
    game = _position(variant, hand, table=["5C 6C 7C"])
    hint = hints.best_play(game.view(0))
    assert hint.actions and hint.actions[-1] is END
    for action in hint.actions:
        if game.outcome is None:
            game.apply(action, 0)
    assert game.opened(0)
    assert Counter(variant.deck.parse_cards(expected)) <= Counter(hint.placed)


def test_no_opening_in_the_hand_means_the_hint_says_draw():
    variant = load_variant("bga(opening=points)")
    game = _position(variant, "2S 3S 4S 8D", table=["5C 6C 7C"])
    assert opening.best_opening(variant, game.hand(0)) == []
    assert hints.best_play(game.view(0)).actions == ()


def test_the_hint_keeps_the_limit_of_cards():
    variant = load_variant("bga(cards_per_turn=4)")
    game = _position(variant, "2S 3S 4S 5S 6S 7S 9D", opened=True)
    hint = hints.best_play(game.view(0))
    assert 0 < len(hint.placed) <= 4
    for action in hint.actions:
        game.apply(action, 0)


def test_forced_play_refuses_a_draw_and_names_a_play():
    variant = load_variant("bga(drawing=only-if-unable)")
    game = _position(variant, "2S 3S 4S 9D", opened=True)
    with pytest.raises(IllegalAction) as info:
        game.apply(DRAW, 0)
    assert info.value.code == "must-play" and "2S" in info.value.params["cards"]


@pytest.mark.parametrize("spec, code", [
    ("bga(opening=run, melds={set: {same: [rank], distinct: [card, suit], min_size: 3}, run: null})",
     "opening-run-without-runs"),
    ("bga(cards_per_turn=3, drawing=only-if-unable)", "forced-play-with-limit"),
    ("bga(cards_per_turn=2, opening=meld-from-hand)", "opening-over-limit"),
])
def test_contradictory_house_rules_are_one_clear_error(spec, code):
    from machiavelli.core.errors import VariantError

    with pytest.raises(VariantError) as info:
        load_variant(spec)
    assert [p["code"] for p in info.value.params["problems"]] == [code]


def test_counter_clockwise_deals_and_plays_to_the_right():
    variant = load_variant("bga(direction=counter-clockwise)")
    for seed in range(5):
        game = Game(variant, 4, seed)
        assert game.current == (game.dealer - 1) % 4
        seat = game.current
        game.apply(DRAW, seat)
        assert game.current == (seat - 1) % 4


@pytest.mark.parametrize("name", ["thirty-six", "italian-13", "physical-table"])
@pytest.mark.parametrize("bot", ["greedy", "solver", "casual", "fallible"])
def test_each_shipped_rule_set_plays_to_the_end(name, bot):
    game = Game(load_variant(name), 4, 9)
    outcome = play_out(game, [make_bot(bot, bot_seed(9, s)) for s in range(4)])
    assert outcome.winners and game.scores() is not None


def test_the_screen_tells_the_player_what_the_house_rules_ask():
    from machiavelli.games.machiavelli.present.screen import house_notes
    from machiavelli.games.machiavelli.actions import Play

    variant = load_variant("thirty-six(cards_per_turn=9)")
    game = _position(variant, "2S 3S 4S 8D", table=["5C 6C 7C"])
    notes = house_notes(game.view(0))
    assert any("36" in n for n in notes) and any("take, move, split or join" in n for n in notes)
    assert notes[-1] == "Cards of your hand laid down this turn: 0 of 9."
    game.apply(Play(variant.deck.parse_cards("2S 3S 4S")), 0)
    assert house_notes(game.view(0))[-1] == "Cards of your hand laid down this turn: 3 of 9."
    assert house_notes(game.view(1)) == []  # not its turn
    opened = _position(variant, "2S 3S 4S 8D", opened=True)
    assert house_notes(opened.view(0)) == ["Cards of your hand laid down this turn: 0 of 9."]
    assert house_notes(_position(load_variant("bga"), "2S 3S 4S 8D").view(0)) == []


@pytest.mark.parametrize("spec", HOUSE)
def test_a_record_of_a_house_rule_game_replays_to_the_same_state(spec):
    from machiavelli.core.records import GameRecord, Seat

    game = Game(load_variant(spec), 3, 21)
    play_out(game, [make_bot("casual", bot_seed(21, s)) for s in range(3)])
    again = GameRecord.loads(GameRecord.of(game, [Seat("casual")] * 3).dumps()).replay()
    assert again.state() == game.state() and [e.next_drew for e in again.log] == [e.next_drew for e in game.log]
