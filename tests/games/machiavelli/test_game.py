"""Setup, the end of the game, help cards, views, and invariants checked
after every action of many random games of every shipped variant."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli.games.machiavelli.actions import DRAW, END, RESTORE, UNDO, Add, Join, Move, Play, Split, Take
from machiavelli.core.bots import bot_seed, play_out
from machiavelli.games.machiavelli.bots import RandomBot
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction, SetupError
from machiavelli.games.machiavelli.game import Game
from engine_checks import cards, check_invariants, position, run, snapshot
from machiavelli.app.library import load_variant, shipped_names

VARIANTS = {name: load_variant(name) for name in shipped_names("machiavelli")}
# House rules (issue 11) under the same invariants and fuzzing.
VARIANTS.update({
    "house-opening": load_variant("thirty-six(cards_per_turn=6, scoring=card-values)"),
    "house-forced": load_variant("bga(drawing=only-if-unable, opening=run)"),
    "house-start": load_variant("bga(drawing=start-of-turn, rearranging=free, direction=counter-clockwise)"),
})


def variant(name, *overrides):
    return load_variant(name, list(overrides))


# -- setup ------------------------------------------------------------------------


def test_setup_is_a_seeded_shuffle_dealt_clockwise_from_the_dealers_left(bga):
    game = Game(bga, 4, 2024)
    rng = random.Random(2024)
    order = list(range(bga.card_count))
    rng.shuffle(order)
    dealer = rng.randrange(4)
    assert (game.dealer, game.first, game.current) == (dealer, (dealer + 1) % 4, (dealer + 1) % 4)
    hands = game.ids()
    for r in range(15):
        for k in range(4):
            seat = (game.first + k) % 4
            assert hands[f"hand {seat}"][r] == order[-1 - (r * 4 + k)]
    assert game.deck_count == 104 - 60
    assert game.deck[0] == bga.physical_cards[order[-61]]  # the next card to draw
    assert Game(bga, 4, 2024).state() == game.state()
    assert Game(bga, 4, 2025).state() != game.state()


def test_hand_size_by_player_count_and_help_cards():
    classic = VARIANTS["classic"]
    assert [Game(classic, n, 1).hand_size(0) for n in (5, 6, 7, 8)] == [15, 13, 11, 9]
    helped = Game(VARIANTS["help-cards"], 3, 1)
    assert len(helped.help_cards) == 4 and helped.hand_size(2) == 6
    assert helped.deck_count == 104 - 18 - 4
    check_invariants(helped, boundary=True)


def test_a_position_cannot_hold_more_copies_than_the_decks(bga):
    with pytest.raises(SetupError) as caught:
        position(bga, ["5C 5C", "5C 2H"], "")
    assert caught.value.code == "too-many-copies" and caught.value.params["cards"] == "5C"
    game = position(bga, ["5C 5C", "2H 3H"], "6C 7C 8C", deck="9C")
    assert len(game.ids()["aside"]) == 104 - 8  # what the position leaves out is set aside
    check_invariants(game, boundary=True)


def test_first_seat_dealer():
    game = Game(variant("bga", "dealer=first-seat"), 3, 99)
    assert (game.dealer, game.first, game.current) == (0, 1, 1)


@pytest.mark.parametrize("players, code", [(1, "too-few-players"), (6, "too-many-players"), (0, "too-few-players")])
def test_impossible_setups_fail_before_dealing(bga, players, code):
    with pytest.raises(SetupError) as caught:
        Game(bga, players, 1)
    assert caught.value.code == code


@pytest.mark.parametrize("seed", [True, "12", 1.5, None, -1])
def test_seed_must_be_a_whole_number(bga, seed):
    with pytest.raises(SetupError) as caught:
        Game(bga, 2, seed)
    assert caught.value.code == "bad-seed"


# -- the end of the game ------------------------------------------------------------


@pytest.mark.parametrize("mode", ["on-last-card", "on-failed-draw"])
def test_drawing_from_an_empty_deck_ends_the_game(mode):
    game = position(variant("bga", f"deck_runs_out={mode}"), ["4C 5D", "2H 3H 9S"], "5C 5H 5S", deck="")
    entry = game.apply(DRAW)
    assert entry.drew == 0 and game.outcome.reason == "deck-exhausted" and game.outcome.winners == (0,)
    check_invariants(game, boundary=True)


def test_on_last_card_ends_as_soon_as_the_last_card_is_drawn():
    game = position(VARIANTS["bga"], ["4C 5D", "2H 3H 9S KD"], "", deck="KS")
    game.apply(DRAW)
    assert game.outcome.reason == "deck-exhausted" and game.outcome.winners == (0,)


def test_on_failed_draw_lets_play_go_on_until_a_draw_fails():
    game = position(variant("bga", "deck_runs_out=on-failed-draw"), ["4C 5D", "2H 3H 4H 9S"], "", deck="KS")
    game.apply(DRAW)
    assert game.outcome is None and game.deck_count == 0
    run(game, "play 2H 3H 4H", "end")  # seat 1 still plays
    assert game.outcome is None
    game.apply(DRAW)  # seat 0 must draw and cannot
    assert game.outcome.reason == "deck-exhausted" and game.outcome.winners == (1,)


def test_joint_winners_when_the_deck_runs_out(bga):
    game = position(bga, ["4C", "2H 3H", "9S KD", "AS 2S 7D"], "", deck="KS")
    game.apply(DRAW)
    assert game.outcome.winners == (0, 1, 2) and game.outcome.reason == "deck-exhausted"
    assert game.outcome.as_dict() == {"winners": [0, 1, 2], "reason": "deck-exhausted"}


def test_fewest_points_decides_and_ties_share():
    points = variant("bga", "deck_out_winners=fewest-points")
    game = position(points, ["4C", "KH 3H", "AS 2S"], "", deck="2C")
    game.apply(DRAW)  # seat 0 holds 4C 2C = 6 points; seat 2 holds A 2 = 3 points
    assert game.outcome.winners == (2,)
    game = position(points, ["4C", "AH 2H", "AS 2S"], "", deck="AC")
    game.apply(DRAW)  # 5 points, 3, 3
    assert game.outcome.winners == (1, 2)


def test_a_blocked_game_ends_when_nobody_can_draw_anything():
    quiet = variant("bga", "draw_count=0", "restore_penalty=0")
    game = position(quiet, ["4C", "2H 3H", "AS 2S"], "", deck="2C 3C")
    for _ in range(2):
        game.apply(DRAW)
        assert game.outcome is None
    game.apply(DRAW)  # restore needs a table that was touched (issue 11)
    assert game.outcome.reason == "blocked" and game.outcome.winners == (0,)


# -- help cards -----------------------------------------------------------------------


@pytest.fixture()
def helped():
    # The mechanics of help cards (refill, restore, going out) under the rule of one hand card per
    # action; help-cards' own rule (two hand cards, a new meld: seed 003) is played in
    # tests/games/machiavelli/present/test_rules_behaviour.py.
    return variant("help-cards", "help_cards_use=with-hand-card")


def test_help_cards_join_hand_cards_and_are_refilled_at_the_end(helped):
    # Help-cards (seed 003): a help card goes down with two hand cards or more.
    game = position(helped, ["6C 7C 9S KD", "2H 3H"], "", deck="2S 3S 4S", help="5C 10H 9H 9D")
    run(game, "play 5C 6C 7C")
    entry = game.apply(END)
    assert entry.laid == (Card.parse("2S"),)
    assert cards(game.help_cards) == cards("10H 9H 9D 2S") and game.deck_count == 2
    assert cards(game.hand(0)) == cards("9S KD")
    check_invariants(game, boundary=True)


def test_help_cards_alone_are_refused(helped):
    game = position(helped, ["7C 9S", "2H 3H"], "5D 5H 5S", help="5C 6C 9H 9D")
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        run(game, "add 1 5C")
    assert caught.value.code == "help-card-needs-hand" and caught.value.params["cards"] == "5C"
    assert snapshot(game) == before
    run(game, "take 1")
    with pytest.raises(IllegalAction) as caught:
        run(game, "play 5D 5H 5S 5C")  # taken cards and a help card, nothing from the hand
    assert caught.value.code == "help-card-needs-hand"


def test_star_asks_for_the_help_copy(helped):
    game = position(helped, ["9H 9S 9C", "2H 3H"], "", deck="2S 3S 4S", help="9H 6C 9D KC")
    run(game, "play 9S 9C *9H")
    assert cards(game.hand(0)) == ["9H"] and cards(game.help_cards) == cards("6C 9D KC")
    run(game, "undo")
    assert cards(game.help_cards) == cards("9H 6C 9D KC")
    run(game, "play 9S 9C 9H")  # without the star the hand's copy is played: the player goes out
    assert game.hand(0) == () and game.outcome.reason == "went-out"
    assert cards(game.help_cards) == cards("9H 6C 9D KC")


def test_restore_returns_help_cards(helped):
    game = position(helped, ["7C 9S KD", "2H 3H"], "JS QS KS AS", deck="2S 3S 4S", help="5C 6C 9H 9D")
    run(game, "play 5C 6C 7C", "take 1 AS", "restore")  # free as in classic (seed 003): the usual draw
    assert cards(game.help_cards) == cards("5C 6C 9H 9D") and cards(game.hand(0)) == cards("7C 9S KD 2S")


def test_without_refill_used_help_cards_are_gone():
    game = position(variant("help-cards", "help_cards_refill=false", "help_cards_use=with-hand-card"), ["7C 9S KD", "2H 3H"], "",
                    deck="2S 3S 4S", help="5C 6C 9H 9D")
    run(game, "play 5C 6C 7C", "end")
    assert cards(game.help_cards) == cards("9H 9D") and game.deck_count == 3


def test_refilling_the_last_card_ends_the_game_on_last_card(helped):
    game = position(helped, ["7C 9S KD 4D", "2H 3H"], "", deck="2S", help="5C 6C 9H 9D")
    run(game, "play 5C 6C 7C", "end")
    assert game.deck_count == 0 and game.outcome.reason == "deck-exhausted" and game.outcome.winners == (1,)


# -- views ----------------------------------------------------------------------------


def test_a_view_shows_only_what_the_seat_may_know(bga):
    game = position(bga, ["9C 9D", "2H 3H KS"], "5C 5D 5H 5S | 6C 7C 8C", deck="AS 2S 3S 4S")
    run(game, "draw")
    mine, theirs = game.view(0), game.view(1)
    assert cards(mine.just_drawn) == ["AS"] and theirs.just_drawn == ()
    assert mine.hand_sizes == theirs.hand_sizes == (3, 3) and mine.deck_count == 3
    assert cards(theirs.hand) == cards("2H 3H KS") and theirs.my_turn and not mine.my_turn
    entry = theirs.since_my_last_turn()[-1]
    assert entry.drew == 1 and not hasattr(entry, "cards")  # how many, never which
    run(game, "take 1 5C", "add 2 5C")
    assert theirs.working == () and cards(theirs.rearranged) == ["5C"] and theirs.can_undo
    run(game, "move 5D 1 2")
    assert mine.since_my_last_turn() == game.log[-3:]
    assert theirs.since_my_last_turn() == game.log  # seat 1 has not finished a turn yet
    assert mine.changed_melds() == (1, 2)
    run(game, "undo", "undo", "undo", "draw")
    assert mine.changed_melds() == () and theirs.changed_melds() == ()
    run(game, "take 1", "play 5C 5D 5H 5S", "add 1 9C", "end")
    # 6C 7C 8C grew into meld 1; the set is unchanged, only renumbered from 1 to 2.
    assert theirs.changed_melds() == (1,) and mine.changed_melds() == ()


# -- invariants over whole random games -----------------------------------------------


def _checked_game(name, players, seed):
    game = Game(VARIANTS[name], players, seed)
    check_invariants(game, boundary=True)
    boundaries = []

    def check(entry):
        check_invariants(game, boundary=entry.ends_turn)
        boundaries.append(entry.ends_turn)

    play_out(game, [RandomBot(bot_seed(seed, s)) for s in range(players)], on_entry=check)
    return game, boundaries


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_games_keep_every_card_in_one_place(name):
    low, high = VARIANTS[name].players.min, VARIANTS[name].players.max
    for seed in range(20):
        game, boundaries = _checked_game(name, low + seed % (high - low + 1), 1000 + seed)
        assert game.outcome is not None and boundaries[-1]
        assert sum(boundaries) >= game.turn_number - 1


def _attempts():
    card = st.builds(Card, st.integers(1, 13), st.sampled_from("SHDC"))
    cards_ = st.lists(card, min_size=1, max_size=4).map(tuple)
    number = st.integers(1, 12)
    return st.one_of(
        st.builds(Play, cards_), st.builds(Play, cards_, cards_), st.builds(Add, number, cards_),
        st.builds(Take, st.lists(number, min_size=1, max_size=2, unique=True).map(tuple)),
        st.builds(Take, number.map(lambda n: (n,)), cards_), st.builds(Move, cards_, number, number),
        st.builds(Split, number, card), st.builds(Join, st.lists(number, min_size=2, max_size=3, unique=True).map(tuple)),
        st.sampled_from([UNDO, DRAW, END, RESTORE]),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10**6), cut=st.integers(0, 400),
       attempts=st.lists(_attempts(), min_size=1, max_size=12))
def test_any_action_at_any_point_is_applied_whole_or_not_at_all(name, seed, cut, attempts):
    """Fuzz: arbitrary actions in the middle of a random game. A rejected
    one changes nothing; an accepted one keeps every card in one place."""
    game = Game(VARIANTS[name], 3, seed)
    bots = [RandomBot(bot_seed(seed, s)) for s in range(3)]
    views = [game.view(s) for s in range(3)]
    for _ in range(cut):
        if game.outcome is not None:
            break
        game.apply(bots[game.current].choose(views[game.current]))
    for action in attempts:
        before = snapshot(game)
        try:
            entry = game.apply(action)
        except IllegalAction:
            assert snapshot(game) == before
        else:
            check_invariants(game, boundary=entry.ends_turn)
            bots = [RandomBot(bot_seed(seed + 1, s)) for s in range(3)]  # plans are stale now


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), stop=st.integers(0, 400))
def test_a_clone_is_independent_and_replays_like_the_original(bga, seed, stop):
    """Cloned at any point, mid-turn included: playing the original on
    leaves the clone as it was, and the same actions take the clone to the
    same end."""
    original = Game(bga, 3, seed)
    players = [RandomBot(bot_seed(seed, s)) for s in range(3)]
    views = [original.view(s) for s in range(3)]

    def step() -> None:
        seat = original.current
        original.apply(players[seat].choose(views[seat]), seat)

    while original.outcome is None and original.entries < stop:
        step()
    twin = original.clone()
    before = snapshot(original)
    assert snapshot(twin) == before and twin.to_move() == original.to_move()
    while original.outcome is None:
        step()
    assert snapshot(twin) == before  # the clone shares nothing that changes
    for entry in original.log[len(twin.log):]:
        twin.apply(entry.action, entry.seat)
    check_invariants(twin, boundary=True)
    assert twin.state() == original.state() and twin.outcome == original.outcome and twin.to_move() == ()
