"""Cicera's review (issue 29): a capture that would have earned more at that moment."""

from __future__ import annotations

from machiavelli.app.library import load_variant
from machiavelli.core import review as core
from machiavelli.games.cicera.actions import parse_action
from machiavelli.games.cicera.cards import card
from machiavelli.games.cicera.game import CiceraPosition, Game
from machiavelli.games.cicera.review import review_game

V = load_variant("cicera", [])


def rig(hands, table, current=0, variant=V):
    held = tuple(tuple(card(t) for t in h.split()) for h in hands)
    laid = tuple(card(t) for t in table.split())
    rest = list(variant.physical_cards)
    for c in [*(c for h in held for c in h), *laid]:
        rest.remove(c)
    return Game.at_position(variant, CiceraPosition(hands=held, table=laid, piles=(tuple(rest[::2]), tuple(rest[1::2])),
                                              current=current))


def judged(game, *moves, seats=None):
    return review_game(game, [(s, parse_action(t, V.deck)) for s, t in moves], seats)


def test_a_capture_that_missed_the_scopa_is_found():
    # 5D takes 3C and 2S by sum, the whole table: a scopa; 3B takes only 3C.
    game = rig(["5D 3B", "6C", "7C", "7S"], "3C 2S")
    (turn,) = judged(game, (0, "play 3B take 3C"), seats=[0])
    assert turn.verdict == core.MISSED and turn.points_missed == V.scopa_points
    assert turn.best == ("play 5D take 3C 2S",) and (turn.did, turn.could) == (2, 3)


def test_the_best_capture_is_the_best():
    game = rig(["5D 3B", "6C", "7C", "7S"], "3C 2S")
    (turn,) = judged(game, (0, "play 5D take 2S 3C"), seats=[0])
    assert (turn.verdict, turn.points_missed, turn.best) == (core.BEST, 0, ())


def test_leaving_a_card_when_a_capture_was_open_misses_its_cards():
    game = rig(["4D 6B", "6C", "7C", "7S"], "4C AS")
    (turn,) = judged(game, (0, "play 6B"), seats=[0])
    assert turn.verdict == core.MISSED and turn.did == 0 and turn.could >= 2


def test_a_single_play_is_no_choice():
    # Captures are compulsory here: 4D must take 4C.
    game = rig(["4D", "6C", "7C", "7S"], "4C AS", variant=load_variant("cicera(capture_optional=false)", []))
    (turn,) = judged(game, (0, "play 4D take 4C"), seats=[0])
    assert turn.verdict == core.NO_CHOICE and core.summarise([turn], [0])[0].turns == 0


def test_it_never_counts_on_cards_of_another_hand():
    # The picada bait: the previous player left 5C, but the only 5 is in another hand.
    game = rig(["4D 6B", "5S 9C", "7C", "7S"], "2C", current=0)
    turns = judged(game, (0, "play 6B"), (1, "play 9C"), seats=[0, 1])
    assert turns[0].verdict == core.BEST and turns[0].best == ()  # nothing to take from 2C with 4D or 6B
