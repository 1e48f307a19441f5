import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli.core.cards import FRENCH, Card
from machiavelli.core.melds import ACE_POLICIES, REASONS, Meld, MeldKind, check
from machiavelli.games.machiavelli.variant import MachiavelliVariant as Variant

KINDS = Variant(name="t").melds


def verdict(text, aces="low-or-high"):
    result = check(FRENCH.parse_cards(text), KINDS, aces=aces)
    return result.kind if result.valid else result.reason


# Every meld example in the sources (../shared/seeds), with the answer the
# source gives. Board Game Arena (000, 004) allows aces at either end.
SEED_EXAMPLES = [
    # 000, "Examples"
    ("5♣ 5♦ 5♥", "set"),
    ("5♣ 5♦ 5♥ 5♠", "set"),
    ("5♣ 5♦", "too-few-cards"),
    ("5♣ 5♦ 5♦", "identical-cards"),
    ("5♣ 6♣ 7♣", "run"),
    ("5♣ 6♣ 7♣ 8♣", "run"),
    ("5♣ 6♣", "too-few-cards"),
    ("5♣ 6♣ 8♣", "gap"),
    ("A♣ 2♣ 3♣", "run"),
    ("Q♣ K♣ A♣", "run"),
    ("K♣ A♣ 2♣", "ace-both-ways"),
    # 000, "Playing cards"
    ("6♣ 6♦ 6♥", "set"),
    ("A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣", "run"),
    # 000, "Rearranging cards"
    ("5♦ 5♥ 5♠", "set"),
    ("4♣ 5♣ 6♣ 7♣ 8♣", "run"),
    ("5♣ 6♣ 7♣ 8♣", "run"),
    ("5♦ 6♦ 7♦", "run"),
    ("6♦ 6♥", "too-few-cards"),
    ("7♦ 7♥", "too-few-cards"),
    # 003 (Wikipedia)
    ("7♥ 7♦ 7♠", "set"),
    ("3♠ 4♠ 5♠", "run"),
    ("2♠ 3♠ 4♠ 5♠", "run"),
    ("7♥ 7♦ 7♠ 7♣", "set"),
    ("K♥ K♦ K♣", "set"),
    ("J♥ Q♥ K♥", "run"),
    ("J♣ Q♣ K♣ A♣", "run"),
    ("10♥ J♥ Q♥", "run"),
    ("9♠ 10♠ J♠", "run"),
    ("Q♣", "too-few-cards"),
    ("Q♣ Q♦ Q♠", "set"),
    # 004 (Board Game Arena, Italian)
    ("Q♥ Q♦ Q♣", "set"),
    ("8♥ 9♥ 10♥ J♥ Q♥", "run"),
    ("3♣ 4♣ 5♣ 6♣ 7♣ 8♣", "run"),
    ("3♣ 4♣ 5♣", "run"),
    ("J♥ Q♥ K♥", "run"),
    ("Q♦ Q♠ Q♣", "set"),
]


@pytest.mark.parametrize("text, expected", SEED_EXAMPLES)
def test_seed_examples(text, expected):
    assert verdict(text) == expected


ACE_TABLE = {
    # meld:          low, high, low-or-high, wrap
    "A♣ 2♣ 3♣": ("run", "ace-low-not-allowed", "run", "run"),
    "Q♣ K♣ A♣": ("ace-high-not-allowed", "run", "run", "run"),
    "K♣ A♣ 2♣": ("ace-both-ways", "ace-both-ways", "ace-both-ways", "run"),
    "Q♣ K♣ A♣ 2♣ 3♣": ("ace-both-ways", "ace-both-ways", "ace-both-ways", "run"),
    "J♣ Q♣ K♣": ("run", "run", "run", "run"),
    "K♣ 2♣ 3♣": ("gap", "gap", "gap", "gap"),
    "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣": ("run", "run", "run", "run"),
    "A♥ 5♥ 6♥": ("gap", "gap", "gap", "gap"),
}


@pytest.mark.parametrize("text", ACE_TABLE)
@pytest.mark.parametrize("index, aces", list(enumerate(ACE_POLICIES)))
def test_ace_policies(text, index, aces):
    assert verdict(text, aces) == ACE_TABLE[text][index]


@pytest.mark.parametrize("aces", ACE_POLICIES)
def test_every_run_of_every_length_matches_its_ace_policy(aces):
    """Brute force: a run of length n starting at rank s (cyclically) is valid
    exactly when the policy admits where its ace stands."""
    for length in range(3, 14):
        for start in range(1, 14):
            ranks = [((start - 1 + i) % 13) + 1 for i in range(length)]
            cards = [Card(r, "H") for r in ranks]
            has_ace = 1 in ranks
            low = has_ace and ranks[0] == 1
            high = has_ace and ranks[-1] == 1
            wraps = has_ace and not low and not high
            if not has_ace:
                expected = True
            elif length == 13:
                expected = True  # A..K reads as low, and 2..A as high
            elif wraps:
                expected = aces == "wrap"
            elif low:
                expected = aces != "high"
            else:
                expected = aces != "low"
            assert check(cards, KINDS, aces=aces).valid is expected, (aces, ranks)


@given(st.permutations(FRENCH.parse_cards("9♠ 10♠ J♠ Q♠ K♠")), st.sampled_from(ACE_POLICIES))
def test_order_of_listing_does_not_matter(cards, aces):
    assert check(cards, KINDS, aces=aces).kind == "run"
    assert Meld(cards) == Meld.parse("9S 10S JS QS KS")


def test_two_identical_cards_never_form_a_meld():
    for card in FRENCH.cards():
        for extra in FRENCH.cards():
            cards = [card, card, extra]
            assert not check(cards, KINDS, aces="wrap").valid


def test_meld_value_round_trips():
    meld = Meld.parse("8C 6C 7C")
    assert eval(repr(meld), {"Meld": Meld}) == meld
    assert Meld.parse(str(meld)) == meld


def test_reason_codes_are_declared():
    seen = {check(FRENCH.parse_cards(t), KINDS, aces=a).reason
            for t in ["5C 5D 5D", "5C 6C", "5C 6D 8H", "5C 6D 7C", "5C 6C 8C", "KC AC 2C", "5C 5D 5H 5S 5C"]
            for a in ACE_POLICIES}
    assert seen - {None} <= set(REASONS)


def test_si_se_pai_kinds_can_be_declared():
    """Seed 001's groups, declared as data: singles, identical groups,
    fixed one-colour triples and soldiers of different colours."""
    kinds = {
        "single": MeldKind(min_size=1, max_size=1, ranks=("G",)),
        "identical": MeldKind(same=("rank", "suit"), min_size=2, max_size=4, ranks=("A", "E", "R", "H", "C", "S")),
        "mixed": MeldKind(same=("suit",), distinct=("rank",), min_size=3, max_size=3,
                          patterns=(("G", "A", "E"), ("R", "H", "C"))),
        "soldiers": MeldKind(same=("rank",), distinct=("suit",), min_size=3, max_size=4, ranks=("S",)),
    }
    from machiavelli.core.cards import DeckSpec
    deck = DeckSpec.model_validate({
        "suits": [{"code": c, "symbol": c, "colour": col} for c, col in
                  [("W", "white"), ("Y", "yellow"), ("R", "red"), ("G", "green")]],
        "ranks": [{"code": c, "points": 0} for c in ["G", "A", "E", "R", "H", "C", "S"]],
    })

    def kind(text):
        result = check(deck.parse_cards(text), kinds, deck=deck)
        return result.kind if result.valid else result.reason

    assert kind("GW") == "single"
    assert kind("AW") == "too-few-cards"
    assert kind("HR HR HR") == "identical"
    assert kind("GR GR") == "rank-not-allowed"
    assert kind("GY AY EY") == "mixed"
    assert kind("RY HY CY") == "mixed"
    assert kind("GY AY CY") == "not-a-pattern"
    assert kind("SW SY SR SG") == "soldiers"
    assert kind("SW SY SY") == "repeated-suit"


def test_permutations_of_invalid_melds_give_the_same_reason():
    for text in ["K♣ A♣ 2♣", "5♣ 6♣ 8♣", "5♣ 5♦ 5♦"]:
        reasons = {check(p, KINDS).reason for p in itertools.permutations(FRENCH.parse_cards(text))}
        assert len(reasons) == 1
