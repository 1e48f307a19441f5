"""Carousel, Guadalupe, Shanghai and Finagle (issue 28): their drawing
(draw-first, until-able, draw_limit), Finagle's penalty values, a match to
a target whichever way it is won, and every computer player playing each
of them to the end."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from machiavelli.app import match
from machiavelli.app.library import load_variant
from machiavelli.cli import app
from machiavelli.core import registry
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.core.errors import IllegalAction, SetupError, VariantError
from machiavelli.core.records import GameRecord, Seat
from machiavelli.core.variant import differences
from machiavelli.games.machiavelli.actions import Add, Draw, End, Knock, Play, Take, Undo
from machiavelli.games.machiavelli.game import Game

FAMILY = ("carousel", "guadalupe", "shanghai", "finagle")


def cards(v, text):
    return v.deck.parse_cards(text)


def position(v, hands, deck, table=()):
    return Game.from_position(v, [cards(v, h) for h in hands], table=[cards(v, m) for m in table],
                              deck=cards(v, deck), opened=range(len(hands)))


def refused(game, action, code):
    before = game.state()
    with pytest.raises(IllegalAction) as error:
        game.apply(action)
    assert error.value.code == code
    assert game.state() == before


# -- draw-first: Carousel and Guadalupe ---------------------------------------

def test_every_carousel_turn_starts_with_one_card_drawn():
    v = load_variant("carousel")
    game = Game(v, 3, 5)
    assert game.hand_size(game.current) == 11 and game.turn_draws == 1
    others = [s for s in range(3) if s != game.current]
    assert all(game.hand_size(s) == 10 for s in others)


def test_carousel_draws_one_card_at_a_time_and_the_third_ends_the_turn():
    v = load_variant("carousel")
    game = position(v, ["7C 9H KD", "2S 4S 6S", "3H 5H 8H"], deck="3D 4D 6D JC QC")
    first = game.apply(Draw())
    assert first.drew == 1 and not first.ends_turn and game.current == 0 and game.turn_draws == 1
    second = game.apply(Draw())
    assert not second.ends_turn and game.hand(0)[-2:] == cards(v, "3D 4D")
    third = game.apply(Draw())
    assert third.ends_turn and third.drew == 1 and game.current == 1 and game.hand_size(0) == 6
    # The next turn starts with its own draw.
    assert game.hand_size(1) == 4 and game.turn_draws == 1


def test_after_a_draw_the_carousel_player_may_meld_and_then_draws_no_more():
    v = load_variant("carousel")
    game = position(v, ["7C 8C KD", "2S 4S 6S"], deck="9C 4D 6D")
    refused(game, End(), "nothing-played")
    game.apply(Draw())  # 9C: now 7C 8C 9C is a run
    game.apply(Play(cards(v, "7C 8C 9C")))
    refused(game, Draw(), "draw-after-play")
    entry = game.apply(End())
    assert entry.ends_turn and game.hand(0) == cards(v, "KD") and game.current == 1


def test_drawing_again_is_a_choice_even_when_a_meld_is_possible():
    v = load_variant("carousel")
    game = position(v, ["7C 8C 9C KD", "2S 4S 6S"], deck="3D 4D 6D")
    assert not game.apply(Draw()).ends_turn


def test_guadalupe_draws_at_most_two_cards():
    v = load_variant("guadalupe")
    game = Game(v, 2, 3)
    seat = game.current
    size = game.hand_size(seat)
    entry = game.apply(Draw())  # the start draw was the first; this one is the second and last
    assert entry.ends_turn and entry.drew == 1 and game.hand_size(seat) == size + 1 and game.current != seat


def test_a_rearrangement_given_up_by_drawing_ends_the_turn_as_restoring_does():
    v = load_variant("carousel")
    game = position(v, ["7C 9H KD", "2S 4S 6S"], deck="3D 4D 6D", table=["5H 5D 5C"])
    game.apply(Take((1,), cards(v, "5H")))
    game.apply(Add(1, cards(v, "5H")))
    entry = game.apply(Draw())
    assert entry.ends_turn and entry.penalty and game.current == 1


# -- until-able: Shanghai and Finagle ------------------------------------------

def test_a_shanghai_player_who_can_meld_may_not_draw():
    v = load_variant("shanghai")
    game = position(v, ["7C 8C 9C KD", "2S 4S 6S", "3H 5H 8H"], deck="3D 4D 6D")
    refused(game, Draw(), "must-play")


def test_a_shanghai_player_who_cannot_draws_until_able_and_must_then_play():
    v = load_variant("shanghai")
    game = position(v, ["7C 8C KD", "2S 4S 6S", "3H 5H 8H"], deck="2D 3D 9C 6D")
    assert game.turn_draws == 0 and game.hand_size(0) == 3  # no draw starts the turn
    assert not game.apply(Draw()).ends_turn  # 2D: still nothing to play
    assert not game.apply(Draw()).ends_turn  # 3D
    entry = game.apply(Draw())  # 9C: 7C 8C 9C
    assert not entry.ends_turn and game.current == 0 and game.turn_draws == 3
    refused(game, Draw(), "must-play-drawn")
    game.apply(Play(cards(v, "7C 8C 9C")))
    assert game.apply(End()).ends_turn and game.current == 1


def test_draws_under_until_able_stop_at_the_limit_and_at_the_end_of_the_deck():
    v = load_variant("shanghai", ["draw_limit=2", "deck_runs_out=when-all-pass"])
    game = position(v, ["7C KD", "2S 6S", "3H 8H"], deck="2D 3D 4D")
    assert not game.apply(Draw()).ends_turn
    assert game.apply(Draw()).ends_turn and game.current == 1 and game.hand_size(0) == 4
    entry = game.apply(Draw())  # 4D, the last card: the deck is empty
    assert not entry.ends_turn and game.deck_count == 0
    entry = game.apply(Draw())
    assert entry.ends_turn and entry.drew == 0 and game.outcome is None and game.current == 2


def test_the_last_card_of_the_deck_ends_the_game_mid_turn():
    v = load_variant("shanghai")  # Board Game Arena's on-last-card
    game = position(v, ["7C KD", "2S 6S", "3H 8H"], deck="2D")
    entry = game.apply(Draw())
    assert entry.ends_turn and game.outcome is not None and game.outcome.reason == "deck-exhausted"


def test_legal_actions_offer_a_draw_only_to_a_player_who_cannot_play():
    v = load_variant("shanghai")
    able = position(v, ["7C 8C 9C KD", "2S 4S 6S", "3H 5H 8H"], deck="3D 4D 6D")
    unable = position(v, ["7C 9H KD", "2S 4S 6S", "3H 5H 8H"], deck="3D 4D 6D")
    assert Draw() not in able.view(0).legal_actions() and Draw() in unable.view(0).legal_actions()


# -- Finagle's penalty values and the matches ------------------------------------

def test_finagle_scores_aces_15_court_cards_10_and_the_rest_5():
    v = load_variant("finagle")
    game = position(v, ["QC KC AC", "AD KH 2S 9S", "JH 10H"], deck="3D 4D 6D")
    game.apply(Play(cards(v, "QC KC AC")))
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert game.scores() == (0, 15 + 10 + 5 + 5, 10 + 5)
    # In melds the cards keep the deck's values.
    assert v.deck.points(cards(v, "AD")[0]) == 1 and v.penalty(cards(v, "AD")[0]) == 15


def test_penalty_points_decide_who_wins_when_the_deck_runs_out():
    v = load_variant("bga", ["deck_out_winners=fewest-points", "penalty_points={K: 1}"])
    game = position(v, ["KD KS KH", "9S 8D"], deck="7H")
    game.apply(Draw())  # the last card: the deck is out
    # Three kings at 1 point and 7H: 10 against 17 (at the deck's values, 37).
    assert game.outcome is not None and game.outcome.winners == (0,)


@pytest.mark.parametrize("bad", [
    "draw_limit=3",  # without a drawing that draws on
    "drawing=draw-first,draw_count=2",
    "penalty_points={Z: 5}", "penalty_points={JK: 5}", "penalty_points={A: 5000}",
    "match_target=0", "match_winner=first", "drawing=draw-all",
    "drawing=until-able,cards_per_turn=3"])
def test_the_new_parameters_are_validated(bad):
    with pytest.raises(VariantError):
        load_variant("bga", bad.split(","))


def test_a_match_is_won_the_way_the_variant_says():
    sheet = match.Sheet("card-values", 2, winner="highest")
    sheet.deals = [(10, 3), (5, 1)]
    assert sheet.higher_wins and sheet.leaders() == (0,)
    assert match.sheet_for(load_variant("finagle"), 3).leaders() == (0, 1, 2)
    assert not match.sheet_for(load_variant("finagle"), 3).higher_wins
    assert match.sheet_for(load_variant("carousel"), 3).higher_wins
    assert match.Sheet("winner-only", 2, winner="lowest").higher_wins is False


def test_play_plays_finagle_to_its_target_with_the_lowest_total_winning():
    result = CliRunner().invoke(app, ["play", "-V", "finagle(match_target=40)", "--seat", "greedy", "--players", "3",
                                      "--seed", "5", "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)["sheet"]
    assert max(sheet["totals"]) >= 40 and not sheet["higher_wins"] and sheet["winner"] == "lowest"
    assert sheet["leaders"] == [s for s, t in enumerate(sheet["totals"]) if t == min(sheet["totals"])]


# -- the shipped variants ----------------------------------------------------------

@pytest.mark.parametrize("name", FAMILY)
def test_every_computer_player_plays_the_variant_to_the_end(name):
    """A player has no second try: a refused action raises."""
    variant = load_variant(name)
    bots = sorted(registry.bots("machiavelli"))
    n = variant.players.max
    for start in range(0, len(bots), n):
        seats = (bots[start:] + bots)[:n]
        game = Game(variant, n, start + 1)
        outcome = play_out(game, [make_bot(s, bot_seed(start, i)) for i, s in enumerate(seats)])
        assert outcome is not None and outcome.winners


@pytest.mark.parametrize("name, parent, keys", [
    ("carousel", "bga", {"deck.extras", "jokers", "hand_size", "drawing", "draw_limit", "scoring",
                         "deck_out_winners", "match_target", "match_winner", "game_name", "knock_limit",
                         "decks_by_players.2"}),
    ("guadalupe", "carousel", {"draw_limit"}),
    ("shanghai", "carousel", {"players.min", "jokers", "deck.extras", "aces", "drawing", "draw_limit"}),
    ("finagle", "shanghai", {"hand_size", "aces", "scoring", "match_target", "match_winner",
                             *(f"penalty_points.{r}" for r in ("A", "K", "Q", "J", *map(str, range(2, 11))))}),
])
def test_each_variant_differs_from_its_parent_in_exactly_these_rules(name, parent, keys):
    assert {key for key, _, _ in differences(load_variant(parent), load_variant(name))} == keys
    assert load_variant(name).extends == parent


def test_the_variants_diff_command_lists_the_same_rules():
    result = CliRunner().invoke(app, ["variants", "diff", "shanghai", "finagle"])
    assert result.exit_code == 0, result.output
    for key in ("hand_size", "aces", "scoring", "match_target", "penalty_points.A"):
        assert key in result.stdout
    assert "drawing" not in result.stdout.split("The rules that read differently")[0]


def test_simulate_compares_carousel_and_finagle():
    result = CliRunner().invoke(app, ["simulate", "-V", "carousel", "-V", "finagle", "--games", "4"])
    assert result.exit_code == 0, result.output
    assert "finagle against carousel" in result.stdout and "Draws per game" in result.stdout


@pytest.mark.parametrize("name", FAMILY)
def test_the_conformance_kit_passes_each_variant(name):
    """Legal actions accepted, unlisted ones refused, records, clones and
    each seat's view, through turns whose draws leave them going on."""
    from machiavelli.core import conformance

    variant = load_variant(name)
    report = conformance.check_game(registry.game("machiavelli"), variant, conformance.Settings(
        seeds=(1,), players=(variant.players.min,), heavy_sample=40))
    assert report.games and report.checks["legal-accepted"] and report.checks["unlisted-refused"]
    assert report.checks["record"] and report.checks["view-pair"]


# -- Carousel's knock (knock_limit) --------------------------------------------

def test_a_carousel_player_with_five_points_or_less_knocks_and_the_lowest_hand_wins():
    v = load_variant("carousel")
    # Seat 0 holds 2+3 = 5 after drawing; seat 1 holds an ace and a 2, lower still.
    game = position(v, ["2C 3D", "AS 2H", "KD QD"], deck="9H 8S 7S")
    entry = game.apply(Knock())
    assert entry.ends_turn and game.outcome is not None and game.outcome.reason == "knocked"
    assert game.outcome.winners == (1,)  # the knocker need not win
    assert game.scores() == (0, (5 - 3) + (20 - 3), 0)


def test_a_knock_over_the_limit_or_without_knocking_is_refused():
    carousel = load_variant("carousel")
    refused(position(carousel, ["2C 4D", "AS 2H"], deck="9H 8S"), Knock(), "knock-over-limit")
    refused(position(load_variant("bga"), ["2C", "AS 2H"], deck="9H 8S"), Knock(), "no-knocking")


def test_a_knock_may_follow_a_play_but_never_leaves_the_table_invalid():
    v = load_variant("carousel")
    game = position(v, ["7C 8C 9C AD", "KS QH 6S"], deck="9H 8S 7S", table=["5H 5D 5C 5S"])
    game.apply(Take((1,), cards(v, "5H")))
    refused(game, Knock(), "taken-cards-left")
    game.apply(Undo())
    assert Knock() not in game.view(0).legal_actions()  # 7C 8C 9C AD: 25 points
    game.apply(Play(cards(v, "7C 8C 9C")))
    assert Knock() in game.view(0).legal_actions()
    game.apply(Knock())
    assert game.outcome is not None and game.outcome.winners == (0,) and game.scores() == (25, 0)


@pytest.mark.parametrize("name, knocks", [("carousel", True), ("bga", False), ("rummikub", False)])
def test_the_table_help_names_knock_where_the_variant_knocks(name, knocks):
    """The help every table draws from (terminal, web help, table page)."""
    present = registry.game("machiavelli").presentation()
    listed = any(line.split()[0] == "knock" for line in present.commands_of(load_variant(name)))
    assert listed == knocks
    assert any(line.split()[0] == "knock" for line in present.commands_help())  # every command, without a variant


def test_knock_limit_is_validated_and_said_in_the_rules():
    with pytest.raises(VariantError):
        load_variant("bga", ["knock_limit=-1"])
    assert load_variant("bga").knock_limit is None and load_variant("carousel").knock_limit == 5


# -- Carousel for two: one deck (decks_by_players) ------------------------------

def test_two_carousel_players_deal_from_one_deck_and_three_from_two():
    v = load_variant("carousel")
    two, three = Game(v, 2, 5), Game(v, 3, 5)
    assert two.variant.card_count == 53 and three.variant.card_count == 106
    assert two.deck_count + 2 * 10 + 1 == 53 and two.variant.decks_by_players == {2: 1}
    assert v.at_table(2).at_table(2) == v.at_table(2) and v.at_table(4) is v


def test_one_deck_for_two_refuses_a_second_copy_of_a_card():
    v = load_variant("carousel")
    with pytest.raises(SetupError):
        Game.from_position(v, [cards(v, "5C 5C"), cards(v, "6H")])
    assert Game.from_position(v, [cards(v, "5C 5C"), cards(v, "6H"), cards(v, "7S")]).players == 3


@pytest.mark.parametrize("name", ["carousel", "shanghai", "finagle"])
def test_the_hint_at_three_plays_the_second_copies_two_players_would_not_have(name):
    from machiavelli.games.machiavelli.present import hints

    v = load_variant(name)
    game = Game.from_position(v, [cards(v, "5H 6H 7H 8H"), cards(v, "KS"), cards(v, "KD")],
                              table=[cards(v, "5H 6H 7H")], opened=range(3))
    hint = hints.best_play(game.view(0))
    assert sorted(map(str, hint.placed)) == ["5H", "6H", "7H", "8H"] and hint.actions


def test_decks_by_players_is_validated():
    for bad in ("decks_by_players={2: 0}", "decks_by_players={2: 9}", "decks_by_players={2: 1},hand_size=30"):
        with pytest.raises(VariantError):
            load_variant("carousel", bad.split(","))
    assert load_variant("carousel", ["players.min=3"]).at_table(3).decks == 2  # no table of two: ignored


def test_a_two_player_carousel_record_replays_from_one_deck():
    v = load_variant("carousel")
    game = Game(v, 2, 11)
    play_out(game, [make_bot("greedy", bot_seed(11, s)) for s in range(2)])
    record = GameRecord.loads(GameRecord.of(game, [Seat("greedy")] * 2).dumps())
    again = record.replay()
    assert again.variant.card_count == 53 and again.state() == game.state()


# -- Carousel's scoring (lowest-takes-difference) -------------------------------

def test_carousel_scores_the_winner_the_differences_and_the_others_nothing():
    v = load_variant("carousel")
    game = position(v, ["7C 8C 9C", "KS 5S", "2D"], deck="9H 8S 7S")
    game.apply(Play(cards(v, "7C 8C 9C")))  # out: 15 and 2 left
    assert game.outcome is not None and game.outcome.reason == "went-out"
    assert game.scores() == (15 + 2, 0, 0)
    assert load_variant("carousel", ["scoring=losers-pay-winner"]).scoring == "losers-pay-winner"


def test_an_old_carousel_record_without_the_new_rules_still_loads():
    params = load_variant("carousel").parameters()
    for key in ("knock_limit", "decks_by_players"):
        del params[key]
    old = registry.game("machiavelli").variant_schema.model_validate({**params, "scoring": "losers-pay-winner"})
    assert old.knock_limit is None and old.at_table(2).decks == 2 and old.scoring == "losers-pay-winner"
