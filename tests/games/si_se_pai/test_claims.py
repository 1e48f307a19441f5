"""Claims on the public card: seed 001's priority order in every case it
lists, the limits on who may make which group, the pair ban, and the limits
lifted for a win. Each deal is staged: chosen hands, a chosen public card."""

from __future__ import annotations

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core.errors import IllegalAction, PositionError
from machiavelli.games.si_se_pai.actions import Discard, Pass, Take, Win, parse_action
from machiavelli.games.si_se_pai.game import Game
from si_se_pai_staging import JUNK, V, cards, position, staged


def answer_all(game, answers):
    """Every asked seat answers (``answers`` by seat; pass by default), in seat order reversed,
    so that answering first is never what decides."""
    for seat in sorted(game.to_move(), reverse=True):
        game.apply(answers.get(seat, Pass()), seat)


def claimants(game):
    """The seats that may claim the public card (every seat is asked, these may do more than pass)."""
    return {s for s in game.to_move() if game.claims(s)}


def claimed_by(game):
    entry = game.log[-1]
    claims = [e for e in entry.events if e.kind == "claim"]
    return claims[0].seat if claims else None


def test_the_drawers_win_beats_another_win():
    game = staged(["HY GY", JUNK[1], "HY GW", JUNK[3]], "HY", source=0)
    assert claimants(game) == {0, 2} and set(game.to_move()) == {0, 1, 2, 3}
    answer_all(game, {0: Win(), 2: Win()})
    assert game.outcome.winners == (0,)


def test_another_win_beats_a_triple():
    game = staged([JUNK[0], f"CY CY {JUNK[1]}", "CY", JUNK[3]], "CY", source=0)
    answer_all(game, {1: Take(cards("CY CY")), 2: Win()})
    assert game.outcome is not None and game.outcome.winners == (2,)


def test_a_triple_beats_the_drawers_own_group():
    game = staged([f"RY HY {JUNK[0]}", JUNK[1], f"CY CY {JUNK[2]}", JUNK[3]], "CY", source=0)
    answer_all(game, {0: Take(cards("RY HY")), 2: Take(cards("CY CY"))})
    assert claimed_by(game) == 2 and game.discarding == 2


def test_the_drawers_group_beats_the_next_players_mixed_group():
    game = staged([f"SW SR {JUNK[0]}", f"SG SR {JUNK[1]}", JUNK[2], JUNK[3]], "SY", source=0)
    answer_all(game, {0: Take(cards("SW SR")), 1: Take(cards("SG SR"))})
    assert claimed_by(game) == 0


def test_the_next_players_mixed_group_when_nobody_else_claims():
    game = staged([JUNK[0], f"RG HG {JUNK[1]}", JUNK[2], JUNK[3]], "CG", source=0)
    answer_all(game, {1: Take(cards("RG HG"))})
    assert claimed_by(game) == 1
    assert [k for k, _c in game.open_groups(1)] == ["one-colour"]


def test_only_the_next_player_may_make_a_mixed_group():
    # Seat 0, the drawer, may make a triple; seat 2 (not the next player) may not make its mixed group.
    game = staged([f"CG CG {JUNK[0]}", JUNK[1], f"RG HG {JUNK[2]}", JUNK[3]], "CG", source=0)
    assert claimants(game) == {0} and game.claims(2) == []
    # With no claim at all, the card still waits for every seat's answer: waiting tells nothing.
    game = staged([JUNK[0], JUNK[1], f"RG HG {JUNK[2]}", JUNK[3]], "CG", source=0)
    assert claimants(game) == set() and set(game.to_move()) == {0, 1, 2, 3}
    game = staged([JUNK[0], f"RG HG {JUNK[1]}", f"RG HG {JUNK[2]}", JUNK[3]], "CG", source=0)
    assert claimants(game) == {1}


def test_ties_within_a_level_go_in_turn_order_from_the_owner():
    # Two other players win with the same discard: the one nearer after the discarder gets it.
    game = staged([JUNK[0], "HY", JUNK[2], "HY"], "HY", source=2, drawn=False)
    assert claimants(game) == {1, 3} and set(game.to_move()) == {0, 1, 3}
    answer_all(game, {1: Win(), 3: Win()})
    assert game.outcome.winners == (3,)
    game = staged([JUNK[0], "HY", JUNK[2], "HY"], "HY", source=0, drawn=True)
    answer_all(game, {1: Win(), 3: Win()})
    assert game.outcome.winners == (1,)


def test_the_owner_of_a_discard_cannot_claim_it():
    game = Game.at_position(V, position([f"CY CY CY {JUNK[0]}", JUNK[1], JUNK[2], JUNK[3]], discarding=0))
    game.apply(Discard(cards("CY")[0]), 0)
    assert set(game.to_move()) == {1, 2, 3}  # every seat but the owner is asked
    answer_all(game, {})
    entry = game.log[-1]
    # Nobody else could claim it: set aside once all passed, and the next player drew.
    assert game.set_aside(0) == tuple(cards("CY"))
    assert [e.kind for e in entry.events][:2] == ["set-aside", "draw"] and entry.events[1].seat == 1


def test_a_non_winning_claim_may_not_make_a_pair():
    # Seat 3's discard is set aside and seat 0 draws the HY on top of the stock.
    game = Game.at_position(V, position([f"HY {JUNK[0]}", f"HY {JUNK[1]}", f"CY CY {JUNK[2]}", f"AW {JUNK[3]}"],
                                        discarding=3, top=["HY"]))
    game.apply(Discard(cards("AW")[0]), 3)
    answer_all(game, {})  # nobody takes AW: set aside, and seat 0 draws HY
    assert game.public_card() == cards("HY")[0]
    # Neither the drawer nor the next player may pair it: everyone passes, twice, and it is set aside.
    assert claimants(game) == set()
    answer_all(game, {})
    assert claimants(game) == set()
    answer_all(game, {})
    assert game.set_aside(0) == tuple(cards("HY"))
    assert [e.kind for e in game.log[-1].events][:2] == ["set-aside", "draw"]


def test_the_pair_ban_and_other_limits_are_lifted_for_a_win():
    # Seat 2 is not next to the drawer and makes a pair: allowed because it completes the hand.
    game = staged([JUNK[0], JUNK[1], "HY GY", JUNK[3]], "HY", source=0)
    assert claimants(game) == {2}
    answer_all(game, {2: Take(cards("HY"))})
    assert game.outcome.winners == (2,)
    # A mixed group by the player after next, completing the hand.
    game = staged([JUNK[0], JUNK[1], "RG HG FL", JUNK[3]], "CG", source=0)
    answer_all(game, {2: Take(cards("RG HG"))})
    assert game.outcome.winners == (2,) and game.score == 1 + 3


def test_a_pair_claim_is_refused_with_its_reason_and_changes_nothing():
    game = staged([f"HY SW SY {JUNK[0]}", JUNK[1], JUNK[2], JUNK[3]], "SR", source=0)
    before = game.state()
    with pytest.raises(IllegalAction) as error:
        game.apply(Take(cards("SW")), 0)
    assert error.value.code == "not-a-group"
    assert game.state() == before
    game = staged([f"SW SW SY {JUNK[0]}", JUNK[1], JUNK[2], JUNK[3]], "SW", source=0)
    before = game.state()
    with pytest.raises(IllegalAction) as error:
        game.apply(Take(cards("SW")), 0)
    assert error.value.code == "pair-not-allowed"
    assert game.state() == before


def test_others_may_claim_only_identical_triples_or_quads():
    game = staged([JUNK[0], f"SG SR {JUNK[1]}", f"SG SR SG {JUNK[2]}", JUNK[3]], "SY", source=0)
    assert claimants(game) == {1}  # seat 2's soldiers would be a mixed group: not its right
    game = staged([JUNK[0], JUNK[1], f"SY SY SY {JUNK[2]}", JUNK[3]], "SY", source=0)
    answer_all(game, {2: Take(cards("SY SY SY"))})
    assert [k for k, _c in game.open_groups(2)] == ["quad"]


def test_answering_first_gives_no_priority():
    game = staged([f"SW SR {JUNK[0]}", JUNK[1], f"SY SY {JUNK[2]}", JUNK[3]], "SY", source=0)
    game.apply(Take(cards("SW SR")), 0)      # the drawer answers first
    assert game.public is not None and game.to_move() == (1, 2, 3)
    assert game.log[-1].events == ()        # nothing decided, nothing shown
    answer_all(game, {2: Take(cards("SY SY"))})
    assert claimed_by(game) == 2


def test_generals_and_flowers_are_never_discarded():
    game = staged([f"CY CY GY FL {JUNK[0]}", JUNK[1], JUNK[2], JUNK[3]], "CY", source=0)
    answer_all(game, {0: Take(cards("CY CY"))})
    assert game.discarding == 0
    for text in ("GY", "FL"):
        before = game.state()
        with pytest.raises(IllegalAction) as error:
            game.apply(Discard(cards(text)[0]), 0)
        assert error.value.code == "cannot-discard"
        assert game.state() == before
    assert all(c not in cards("GY FL") for c in game.discardable(0))


def test_an_unclaimed_draw_is_offered_again_as_the_drawers_discard():
    game = staged([f"SW SR {JUNK[0]}", f"SG SR {JUNK[1]}", JUNK[2], JUNK[3]], "SY", source=0)
    answer_all(game, {})                     # everyone passes the drawn card
    assert game.public is not None and not game.drawn and game.source == 0
    assert game.to_move() == (1, 2, 3)      # the drawer may not claim its own discard
    assert [e.kind for e in game.log[-1].events] == ["again"]
    answer_all(game, {})
    assert game.aside[0] and game.log[-1].events[1].kind == "draw" and game.log[-1].events[1].seat == 1


def test_next_draw_variant_sets_an_unclaimed_draw_aside_at_once():
    v = load_variant("si-se-pai", ["unclaimed_draw=next-draw"])
    game = staged([f"SW SR {JUNK[0]}", f"SG SR {JUNK[1]}", JUNK[2], JUNK[3]], "SY", source=0, variant=v)
    answer_all(game, {})
    assert game.aside[0] and game.log[-1].events[0].kind == "set-aside"


def test_a_claim_that_completes_the_hand_wins_and_scores_every_group():
    game = staged([JUNK[0], "GW FL HR HR HR SW SY", JUNK[2], JUNK[3]], "SR", source=0)
    answer_all(game, {1: Win()})
    # General 1, flower 3, triple 1, three Soldiers 1.
    assert game.outcome.winners == (1,) and game.score == 6
    assert game.outcome.points == (0, 6, 0, 0)
    assert sorted(k for k, _c in game.winning_groups) == ["flower", "general", "soldiers", "triple"]


def test_a_false_win_is_refused():
    game = staged([f"SW SR {JUNK[0]}", JUNK[1], JUNK[2], JUNK[3]], "SY", source=0)
    before = game.state()
    with pytest.raises(IllegalAction) as error:
        game.apply(Win(), 0)
    assert error.value.code == "no-win" and game.state() == before


@pytest.mark.parametrize("text", ["pass", "win", "take HY HY", "discard GW", "take FL"])
def test_actions_round_trip(text):
    action = parse_action(text)
    assert action.text() == text and eval(repr(action), {"parse_action": parse_action}) == action


def test_a_claim_that_lost_shows_no_card_to_the_others():
    # The next player's mixed group loses to seat 2's triple: RG HG stay concealed in seat 1's hand.
    game = staged([JUNK[0], f"RG HG {JUNK[1]}", f"CG CG {JUNK[2]}", JUNK[3]], "CG", source=0)
    game.apply(Take(cards("CG CG")), 2)
    game.apply(Pass(), 0)
    game.apply(Pass(), 3)
    entry = game.apply(Take(cards("RG HG")), 1)
    assert claimed_by(game) == 2 and entry.events[0].answers == ((0, "pass"), (1, "take"), (2, "take"), (3, "pass"))
    assert set(cards("RG HG")) <= set(game.hand(1))
    for seat in (0, 2, 3):
        shown = game.view(seat).log[-1]
        assert shown.events == entry.events and shown.action.verb == "answered"
    # Seat 1 answered last, and is shown the decision as the others are; then its own answer, as it gave it.
    assert game.view(1).log[-1].events == entry.events and game.view(1).log[-1].action.verb == "answered"
    assert game.view(1).log[-2].action == Take(cards("RG HG"))
