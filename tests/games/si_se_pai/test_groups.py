"""Sì Sè Pái's groups (the variant's meld kinds) and the win check, against
an exhaustive oracle that tries every split of a hand into blocks."""

from __future__ import annotations

import random

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core.melds import check
from machiavelli.games.si_se_pai.groups import Groups, groups_of


@pytest.fixture(scope="module")
def v():
    return load_variant("si-se-pai", [])


def kind(v, text):
    result = check(v.deck.parse_cards(text), v.groups, deck=v.deck)
    return result.kind if result.valid else result.reason


@pytest.mark.parametrize("text, expected", [
    ("GY", "general"), ("FL", "flower"),
    ("HY HY", "pair"), ("HY HY HY", "triple"), ("HY HY HY HY", "quad"), ("SW SW", "pair"),
    ("GW AW EW", "one-colour"), ("RG HG CG", "one-colour"),
    ("SW SY SR", "soldiers"), ("SW SY SR SG", "four-soldiers"),
])
def test_each_group_kind_is_valid(v, text, expected):
    assert kind(v, text) == expected


@pytest.mark.parametrize("text, reason", [
    ("GY GY", "rank-not-allowed"),          # Generals stand alone
    ("HY", "too-few-cards"),                # a single Horse is no group
    ("HY HR", None),                        # identical means same colour too
    ("GW AW EY", None),                     # one colour only
    ("GW AW CW", "not-a-pattern"),          # General-Advisor-Elephant or Chariot-Horse-Cannon only
    ("SW SY SY", "repeated-suit"),          # Soldiers of different colours
    ("SW SY", "too-few-cards"),
    ("FL FL", "too-many-cards"),            # each flower is its own group
    ("FL GY", "extra-card-not-allowed"),
])
def test_invalid_groups_and_their_reason(v, text, reason):
    result = check(v.deck.parse_cards(text), v.groups, deck=v.deck)
    assert not result.valid
    if reason is not None:
        assert result.reason == reason


def test_every_group_is_listed_once(v):
    g = groups_of(v)
    counts = {}
    for k in g.kind.values():
        counts[k] = counts.get(k, 0) + 1
    # 6 characters x 4 colours for each identical size; 2 combinations x 4 colours;
    # 4 Generals; C(4,3) soldier triples, one quad; one flower.
    assert counts == {"pair": 24, "triple": 24, "quad": 24, "one-colour": 8, "general": 4, "soldiers": 4,
                      "four-soldiers": 1, "flower": 1}


def _partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first, *part[i]]] + part[i + 1:]
        yield [[first], *part]


def oracle(v, cards):
    """The best score of a split of ``cards`` into groups, trying every set partition; None if none."""
    best = None
    for part in _partitions(list(cards)):
        total = 0
        for block in part:
            result = check(block, v.groups, deck=v.deck)
            if not result.valid:
                break
            total += v.points.get(result.kind, 0)
        else:
            best = total if best is None else max(best, total)
    return best


def _hands(v, n, seed):
    """Hands of up to 8 cards: some built from groups (so that many split), some random."""
    rng = random.Random(seed)
    g = groups_of(v)
    groups = list(g.kind)
    out = []
    for _ in range(n):
        cards = []
        while len(cards) < rng.randint(1, 8):
            if rng.random() < 0.7:
                cards += [g.values[i] for i in rng.choice(groups)]
            else:
                cards.append(rng.choice(g.values))
        cards = cards[:8]
        if all(cards.count(c) <= g.available[g.index[c]] for c in cards):
            out.append(cards)
    return out


def test_win_check_matches_the_exhaustive_oracle(v):
    g = Groups(v)
    hands = _hands(v, 300, 12)
    splits = 0
    for cards in hands:
        expected = oracle(v, cards)
        assert g.best(g.hand(cards)) == expected, cards
        splits += expected is not None
        found = g.split(g.hand(cards))
        if expected is None:
            assert found is None
        else:
            assert sorted(c for grp in found for c in grp) == sorted(g.index[c] for c in cards)
            assert sum(v.points[g.kind[grp]] for grp in found) == expected
    assert 50 < splits < len(hands)  # both answers are exercised


def test_loose_counts_the_fewest_cards_left_out(v):
    g = Groups(v)
    for cards in _hands(v, 50, 5):
        # The oracle: the largest sub-multiset that splits.
        n = len(cards)
        best = n
        for mask in range(1 << n):
            sub = [c for i, c in enumerate(cards) if mask >> i & 1]
            if n - len(sub) < best and g.best(g.hand(sub)) is not None:
                best = n - len(sub)
        assert g.loose(g.hand(cards)) == best, cards


def test_a_full_hand_of_21(v):
    g = groups_of(v)
    cards = v.deck.parse_cards("GW AW EW RY HY CY SW SY SR HR HR HR CG CG CG CG EY EY FL RW RW")
    assert len(cards) == 21
    # 1 + 1 + 1 + 1 + 2 + 0 + 3 + 0
    assert g.best(g.hand(cards)) == 9
    assert g.best(g.hand(cards[:-1])) is None
