import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli.core.cards import FRENCH, Card
from machiavelli.core.melds import Meld
from machiavelli.core.table import MeldRules, Table, rules_for
from machiavelli.app.library import load_variant

P = FRENCH.parse_cards


def test_table_notation_round_trips_and_pastes_back():
    table = Table.parse("5C 5D 5H 5S | 6C 7C 8C")
    assert len(table) == 2 and table.melds[1] == Meld(P("8C 7C 6C"))
    assert Table.parse(str(table)) == table
    assert eval(repr(table), {"Table": Table}) == table
    assert Table.parse(" | 5C 6C 7C |  ") == Table([P("5C 6C 7C")])


def test_table_check_names_every_invalid_meld_with_its_reason(bga):
    check = Table.parse("6C 7C 8C | 6D 6H | 7D 7H | QC KC AC | KC AC 2C").check(bga)
    assert not check.valid
    assert [(n, c.reason) for n, c in check.invalid] == [(2, "too-few-cards"), (3, "too-few-cards"),
                                                         (5, "ace-both-ways")]
    assert Table.parse("5C 5D 5H | QC KC AC").check(bga).valid


@pytest.mark.parametrize("name", ["bga", "aces-high", "aces-low", "aces-wrap"])
def test_memoised_checks_agree_with_the_variant_on_every_copy(name):
    variant = load_variant(name)
    rules = MeldRules(variant)
    assert rules_for(variant) is rules_for(variant)
    rng = __import__("random").Random(name)
    for _ in range(3000):
        ids = tuple(sorted(rng.sample(range(variant.card_count), rng.randint(1, 6))))
        cards = [variant.physical_cards[i] for i in ids]
        expected = variant.check(cards)
        assert rules.check(ids) == expected
        assert rules.valid(ids) == expected.valid
        assert rules.check_cards(cards) == expected


def test_fits_lists_the_single_cards_that_complete_a_meld(bga):
    rules = rules_for(bga)

    def fits(text):
        key = tuple(sorted(rules.index[c] for c in P(text)))
        return sorted(str(rules.values[v]) for v in rules.fits(key))

    assert fits("5C 5D 5H") == ["5S"]
    assert fits("5C 5D 5H 5S") == []
    assert fits("6C 7C 8C") == ["5C", "9C"]
    assert fits("QC KC AC") == ["JC"]
    assert fits("AC 2C 3C") == ["4C"]
    assert fits("5C 6C") == ["4C", "7C"]
    assert fits("5C 5D") == ["5H", "5S"]
    assert rules_for(load_variant("aces-wrap")).fits(tuple(sorted(rules.index[c] for c in P("QC KC AC")))) \
        == frozenset(rules.index[c] for c in P("JC 2C"))


def test_melds_are_laid_out_as_players_see_them():
    high = rules_for(load_variant("aces-high"))
    full = tuple(sorted(high.index[c] for c in P("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")))
    assert FRENCH.format_cards(high.meld_cards(full)) == "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    wrap = rules_for(load_variant("aces-wrap"))
    meld = tuple(sorted(wrap.index[c] for c in P("2C KC AC QC")))
    assert FRENCH.format_cards(wrap.meld_cards(meld)) == "QC KC AC 2C"


@given(st.lists(st.integers(0, 103), min_size=1, max_size=8, unique=True))
def test_arrange_keeps_exactly_the_meld_ids(ids):
    rules = rules_for(load_variant("bga"))
    meld = tuple(sorted(ids))
    arranged = rules.arrange(meld)
    assert sorted(arranged) == list(meld)
    assert [rules.cards[i] for i in arranged] == list(rules.variant.arrange([rules.cards[i] for i in meld]))


def test_unknown_cards_are_checked_not_crashed(bga):
    assert not rules_for(bga).check_cards([Card(14, "C"), Card(1, "C"), Card(2, "C")]).valid
