import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli.games.machiavelli import actions
from machiavelli.games.machiavelli.actions import DRAW, END, RESTORE, UNDO, Action, Add, Join, Move, Play, Split, Take, parse_action
from machiavelli.core.cards import FRENCH, Card
from machiavelli.core.errors import NotationError

C = Card.parse

EXAMPLES = [
    ("play 5C 6C 7C", Play((C("5C"), C("6C"), C("7C")))),
    ("play 5C 6C *7C", Play((C("5C"), C("6C")), (C("7C"),))),
    ("add 2 5S", Add(2, (C("5S"),))),
    ("add 2 *5S 6S", Add(2, (C("6S"),), (C("5S"),))),
    ("take 3", Take((3,))),
    ("take 1 2", Take((1, 2))),
    ("take 3 5C", Take((3,), (C("5C"),))),
    ("take 3 5C 10H", Take((3,), (C("5C"), C("10H")))),
    ("move 5C 1 2", Move((C("5C"),), 1, 2)),
    ("move 5C 6C 1 2", Move((C("5C"), C("6C")), 1, 2)),
    ("split 4 7H", Split(4, C("7H"))),
    ("join 1 2", Join((1, 2))),
    ("join 3 1 2", Join((3, 1, 2))),
    ("undo", UNDO), ("restore", RESTORE), ("draw", DRAW), ("end", END),
]


@pytest.mark.parametrize("text, action", EXAMPLES)
def test_notation_parses_round_trips_and_pastes_back(text, action):
    assert parse_action(text) == action
    assert action.text() == str(action)
    assert parse_action(str(action)) == action
    assert eval(repr(action), {"Action": Action}) == action


def test_the_canonical_text_is_normalised():
    assert str(parse_action("play *7C 5C, 6C")) == "play 5C 6C *7C"
    assert parse_action("PLAY 5♣ 6♣ 7♣") == parse_action("play 5c 6c 7c")
    assert parse_action("  take   3   ") == Take((3,))


@pytest.mark.parametrize("text, code", [
    ("", "bad-action"),
    ("jump 5C", "unknown-action"),
    ("play", "bad-action"),
    ("play 5X", "bad-card"),
    ("add 5C", "bad-action"),
    ("add 0 5C", "bad-action"),
    ("add x 5C", "bad-action"),
    ("take", "bad-action"),
    ("take 1 1", "bad-action"),
    ("take 1 2 5C", "bad-action"),
    ("take 5C", "bad-action"),
    ("move 5C 1", "bad-action"),
    ("move 1 2", "bad-action"),
    ("split 4", "bad-action"),
    ("split 4 7H 8H", "bad-action"),
    ("join 1", "bad-action"),
    ("join 1 1", "bad-action"),
    ("draw now", "bad-action"),
    ("play " + "5C " * 10000, "input-too-long"),
])
def test_bad_notation_names_the_problem(text, code):
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.code == code


def test_values_are_checked_when_built_directly():
    for build in (lambda: Play(()), lambda: Add(0, (C("5C"),)), lambda: Take(()), lambda: Join((1,)),
                  lambda: Move((), 1, 2), lambda: Split(True, C("5C")), lambda: Take((1, 2), (C("5C"),))):
        with pytest.raises(NotationError):
            build()
    assert Take(3) == Take((3,)) and Play([C("5C")]).cards == (C("5C"),)
    assert hash(Play([C("5C")])) == hash(Play((C("5C"),)))


def test_every_verb_has_usage_text():
    assert set(actions.VERBS) == {"play", "add", "take", "move", "split", "join", "swap", "undo", "restore", "draw",
                                  "end", "knock"}


_card = st.builds(Card, st.integers(1, 13), st.sampled_from("SHDC"))
_cards = st.lists(_card, min_size=1, max_size=5).map(tuple)
_number = st.integers(1, 99)
_any = st.one_of(
    st.builds(Play, _cards, st.lists(_card, max_size=2).map(tuple)),
    st.builds(Add, _number, _cards, st.lists(_card, max_size=2).map(tuple)),
    st.builds(Take, st.lists(_number, min_size=1, max_size=3, unique=True).map(tuple)),
    st.builds(Take, _number.map(lambda n: (n,)), _cards),
    st.builds(Move, _cards, _number, _number),
    st.builds(Split, _number, _card),
    st.builds(Join, st.lists(_number, min_size=2, max_size=4, unique=True).map(tuple)),
    st.sampled_from([UNDO, RESTORE, DRAW, END]),
)


@given(_any)
def test_every_action_round_trips_through_its_text(action):
    assert parse_action(action.text(FRENCH)) == action
