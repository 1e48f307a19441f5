"""A deal of Sì Sè Pái as a whole: cards are conserved, a rejected action
changes nothing, a record replays to the same state, views hide other
hands and secret answers, and the keeper plays better than chance."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from machiavelli.app.library import load_variant
from machiavelli.core.bots import play_out
from machiavelli.core.cards import DeckSpec
from machiavelli.core.errors import IllegalAction
from machiavelli.core.records import GameRecord, Seat
from machiavelli.games.si_se_pai.actions import Discard, Pass, Take, Win
from machiavelli.games.si_se_pai.game import Game
from machiavelli.games.si_se_pai.players import KeeperBot, RandomBot

V = load_variant("si-se-pai", [])
SMALL = load_variant("si-se-pai", ["players.min=2"])


def every_card(game):
    ids = [i for h in game.hands for i in h] + list(game.stock) + [i for a in game.aside for i in a]
    ids += [i for groups in game.open for _k, g in groups for i in g]
    if game.public is not None and game.outcome is None:
        ids.append(game.public)
    return sorted(ids)


def test_the_deck_has_117_cards_and_five_flowers():
    assert V.card_count == 117
    assert sum(1 for c in V.physical_cards if c.rank == 0) == 5


def test_extra_cards_with_their_own_count_ignore_the_number_of_decks():
    deck = DeckSpec.model_validate({"extras": [{"code": "JK", "symbol": "J", "copies": 3}, {"code": "XX", "symbol": "X"}]})
    built = deck.build(2)
    assert sum(1 for c in built if c.suit == "JK") == 3 and sum(1 for c in built if c.suit == "XX") == 2
    assert len(built) == 2 * 52 + 3 + 2


def test_the_deal():
    game = Game(V, 4, 7)
    assert [game.hand_size(s) for s in range(4)] == [20, 20, 20, 20]
    assert game.opening[0].kind == "draw" and game.opening[0].seat == game.dealer
    assert every_card(game) == list(range(117))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_cards_are_never_lost_or_doubled(seed, players):
    game = Game(V if players == 4 else SMALL, players, seed)
    rng = random.Random(seed)
    while game.outcome is None:
        seat = rng.choice(game.to_move())
        game.apply(rng.choice(game.legal_actions(seat)), seat)
        assert every_card(game) == list(range(117))
        for s in range(players):
            grouped = sum(len(g) for _k, g in game.open_groups(s))
            assert game.hand_size(s) + grouped in (20, 21)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_a_rejected_action_changes_nothing(seed, data):
    game = Game(V, 4, seed)
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 30)):
        if game.outcome is not None:
            break
        seat = rng.choice(game.to_move())
        game.apply(rng.choice(game.legal_actions(seat)), seat)
    card = data.draw(st.sampled_from(V.deck.cards()))
    other = data.draw(st.sampled_from(V.deck.cards()))
    action = data.draw(st.sampled_from([Pass(), Win(), Take((card,)), Take((card, other)), Discard(card)]))
    seat = data.draw(st.integers(0, 3))
    before, log = game.state(), len(game.log)
    try:
        game.apply(action, seat)
    except IllegalAction:
        assert game.state() == before and len(game.log) == log


def test_a_record_replays_to_the_same_state(tmp_path):
    for seed in range(5):
        game = Game(V, 4, seed)
        play_out(game, [KeeperBot(seed + s) for s in range(4)])
        record = GameRecord.of(game, [Seat("keeper")] * 4)
        again = GameRecord.loads(record.dumps()).replay()
        assert again.state() == game.state() and again.outcome == game.outcome


def test_a_view_shows_no_other_hand_nor_undecided_answers():
    game = Game(V, 4, 11)
    while len(game.to_move()) < 2:
        seat = game.to_move()[0]
        game.apply(game.legal_actions(seat)[0], seat)
    first, second = game.to_move()[:2]
    game.apply(Pass(), first)
    view = game.view(second)
    assert all(e.seat != first for e in view.log[-1:]) or view.log[-1].ends_turn
    assert not hasattr(view, "hands")
    assert len(view.unseen()) == len(game.stock) + sum(game.hand_size(s) for s in range(4) if s != second)


def test_the_keeper_wins_far_more_than_random_players():
    wins = 0
    for seed in range(30):
        game = Game(V, 4, seed)
        players = [KeeperBot(seed), RandomBot(seed + 1), RandomBot(seed + 2), RandomBot(seed + 3)]
        outcome = play_out(game, players)
        wins += outcome.winners == (0,)
    assert wins >= 15


def test_the_keeper_claims_what_completes_a_group_and_keeps_pairs():
    from si_se_pai_staging import JUNK, cards, staged

    game = staged([f"CY CY SW {JUNK[0]}", JUNK[1], JUNK[2], JUNK[3]], "CY", source=0)
    bot = KeeperBot(1)
    action = bot.choose(game.view(0))
    assert action == Take(tuple(cards("CY CY")))
    for seat in (0, 1, 2, 3):  # every seat answers; the others pass
        game.apply(action if seat == 0 else Pass(), seat)
    # Discards a lone card, never one that belongs to a group or a near group.
    assert bot.choose(game.view(0)).card in cards("SW AW EY")
