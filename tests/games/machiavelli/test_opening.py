"""First plays under the opening rules, and the plays a forced-play rule sees, with jokers
(games/machiavelli/opening.py and the finder's melds with jokers)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from machiavelli.app.library import load_variant
from machiavelli.core.errors import IllegalAction
from machiavelli.games.machiavelli import finder, opening
from machiavelli.games.machiavelli.actions import DRAW, END, Play
from machiavelli.games.machiavelli.game import Game


def cards(variant, text):
    return variant.deck.parse_cards(text)


def position(variant, hand, table=(), opened=False):
    return Game.from_position(variant, [cards(variant, hand), cards(variant, "KH KS")],
                              table=[cards(variant, m) for m in table], deck=cards(variant, "2D 3D 4D"),
                              opened=(0, 1) if opened else (1,))


def opens(variant, hand):
    """The bots' opening for ``hand``, played on a game: the engine must accept it."""
    melds = opening.best_opening(variant, cards(variant, hand))
    assert melds, "no opening found"
    game = position(variant, hand)
    for meld in melds:
        game.apply(Play(meld), 0)
    game.apply(END, 0)
    assert game.opened(0)
    return melds


def test_a_run_opening_may_be_completed_by_a_joker():
    variant = load_variant("bga(jokers=2, opening=run)")
    melds = opens(variant, "5H 6H JK 9C 9D KS")
    assert any(Counter(cards(variant, "5H 6H JK")) <= Counter(m) for m in melds)


def test_a_points_opening_counts_what_the_jokers_complete():
    variant = load_variant("bga(jokers=2, opening=points, opening_points=60)")
    # Without the joker only 30 points: the queens (30) and the kings with the joker (30) make 60.
    assert opening.best_opening(load_variant("bga(opening=points, opening_points=60)"),
                                cards(variant, "KC KD QH QS QD 3C")) == []
    melds = opens(variant, "KC KD JK QH QS QD 3C")
    assert opening.points(variant, melds) >= 60


def test_a_card_and_two_jokers_open_when_nothing_else_does():
    variant = load_variant("bga(jokers=2, opening=meld-from-hand)")
    melds = opens(variant, "5H JK JK 9C")
    assert [sorted(m) for m in melds] == [sorted(cards(variant, "5H JK JK"))]


def test_the_limit_of_jokers_per_meld_holds_in_openings():
    variant = load_variant("bga(jokers=2, jokers_per_meld=1, opening=meld-from-hand)")
    assert opening.best_opening(variant, cards(variant, "5H JK JK 9C")) == []
    assert finder.joker_melds(cards(variant, "5H JK JK 9C"), variant) == []


def test_forced_play_sees_a_meld_the_jokers_complete():
    variant = load_variant("bga(jokers=2, drawing=only-if-unable)")
    game = position(variant, "5H 6H JK 9C", opened=True)
    with pytest.raises(IllegalAction) as info:
        game.apply(DRAW, 0)
    assert info.value.code == "must-play"
    free = position(load_variant("bga(drawing=only-if-unable)"), "5H 6H 2C 9C", opened=True)
    free.apply(DRAW, 0)  # the same hand without its joker cannot play: drawing is allowed


JOKER_GAMES = ["bga(jokers=2)", "bga(jokers=2, jokers_per_meld=1)", "bga(jokers=2, aces=wrap)",
               "bga(jokers=2, aces=high)"]


@settings(max_examples=150, deadline=None)
@given(spec=st.sampled_from(JOKER_GAMES), data=st.data())
def test_melds_with_jokers_are_valid_drawn_from_the_hand_and_miss_none(spec, data):
    variant = load_variant(spec)
    # Cards close together (a few ranks of two suits, the ace and the king for the ace rules) and 1-3 jokers.
    naturals = [c for c in variant.deck.cards() if c.suit in "HS" and c.rank in (1, 2, 3, 4, 5, 6, 12, 13)]
    hand = data.draw(st.lists(st.sampled_from(naturals), min_size=1, max_size=7))
    hand += cards(variant, " ".join(["JK"] * data.draw(st.integers(1, 3))))
    found = finder.joker_melds(hand, variant)
    limit = variant.jokers_per_meld
    for meld in found:
        jokers = sum(1 for c in meld if c.rank == 0)
        assert variant.check(meld).valid and 1 <= jokers
        assert limit is None or jokers <= limit
        assert Counter(meld) <= Counter(hand)
    assert len({tuple(sorted(m)) for m in found}) == len(found)
    # Every valid meld of hand cards with a joker is matched by a candidate as long that keeps its natural cards.
    candidates = opening._candidates(variant, hand)
    small = sorted(hand)[:8]
    for size in range(3, len(small) + 1):
        for pick in _submultisets(small, size):
            if any(c.rank == 0 for c in pick) and variant.check(pick).valid:
                naturals = Counter(c for c in pick if c.rank != 0)
                assert any(len(c) >= len(pick) and naturals <= Counter(c) for c in candidates), pick


def _submultisets(cards, size):
    from itertools import combinations

    return {tuple(p) for p in combinations(cards, size)}


def test_a_smaller_meld_with_jokers_opens_within_a_limit_of_cards():
    variant = load_variant("bga(jokers=3, opening=meld-from-hand, cards_per_turn=3)")
    melds = opening.best_opening(variant, cards(variant, "5H JK JK JK 9C"))
    # 5H with three jokers is the largest meld, but four cards break the limit: 5H and two jokers open.
    assert [sorted(m) for m in melds] == [sorted(cards(variant, "5H JK JK"))]
