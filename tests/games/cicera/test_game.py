"""A deal of Cicera: turns, the last cards, team totals, rejected plays,
card conservation, records replayed, the computer players, a golden deal."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from machiavelli.app.library import load_variant
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.core.errors import IllegalAction
from machiavelli.core.records import GameRecord, Seat
from machiavelli.core.simulate import play_game
from machiavelli.games.cicera.actions import Play, parse_action
from machiavelli.games.cicera.cards import card
from machiavelli.games.cicera.game import CiceraPosition, Game

import suite_paths

GOLDEN = suite_paths.GOLDEN / "cicera-deal.json"


@pytest.fixture(scope="module")
def v():
    return load_variant("cicera", [])


def rig(v, hands: list[str], table: str, current: int = 0) -> Game:
    """A deal staged with chosen cards in the hands and on the table (the rest in the team piles)."""
    held = tuple(tuple(card(t) for t in h.split()) for h in hands)
    laid = tuple(card(t) for t in table.split())
    rest = list(v.physical_cards)
    for c in [*(c for h in held for c in h), *laid]:
        rest.remove(c)
    return Game.at_position(v, CiceraPosition(hands=held, table=laid, piles=(tuple(rest[::2]), tuple(rest[1::2])),
                                              current=current))


def test_deal_and_seat_order(v):
    g = Game(v, 4, 1)
    assert [len(h) for h in g.hands] == [12] * 4 and len(g.table) == 4
    assert g.first == (g.dealer + 1) % 4 and g.to_move() == (g.first,)
    assert g.teams == ((0, 2), (1, 3))


def test_notation_round_trips(v):
    for text in ("play 7D", "play 7D take 3C 4C", "play RB take RC"):
        action = parse_action(text, v.deck)
        assert action.text(v.deck) == text and eval(repr(action)) == action  # noqa: S307


def test_a_rejected_play_changes_nothing(v):
    g = rig(v, ["7D 2B", "3S", "4D", "5S"], "7C 3B 4S")
    before = g.state()
    for action in (Play(card("9D")), Play(card("7D"), (card("9C"),)), Play(card("7D"), (card("3B"),))):
        with pytest.raises(IllegalAction):
            g.apply(action, 0)
        assert g.state() == before
    with pytest.raises(IllegalAction):
        g.apply(Play(card("3S")), 1)
    assert g.state() == before


def test_capture_goes_to_the_team_pile_and_leaving_is_allowed(v):
    g = rig(v, ["7D 2B", "7S 3S", "4D 5D", "5S 6S"], "7C 3B 4S")
    pile0, pile1 = len(g.piles[0]), len(g.piles[1])
    g.apply(Play(card("7D"), (card("3B"), card("4S"))), 0)
    assert len(g.piles[0]) == pile0 + 3 and g.table_cards() == (card("7C"),)
    g.apply(Play(card("3S")), 1)  # may leave even though 7S could take
    assert g.left_card() == card("3S")


def test_must_capture_variant():
    v = load_variant("cicera", ["capture_optional=false"])
    g = rig(v, ["7D 2B", "7S", "4D", "5S"], "7C")
    with pytest.raises(IllegalAction) as error:
        g.apply(Play(card("7D")), 0)
    assert error.value.code == "must-capture"
    g.apply(Play(card("2B")), 0)  # 2B cannot take: it may be left


def test_last_capture_takes_the_table_and_team_totals(v):
    g = rig(v, ["7D", "9S", "6B", "8C"], "7C 2B")
    g.apply(Play(card("7D"), (card("7C"),)), 0)   # team 0 captures
    g.apply(Play(card("9S")), 1)
    g.apply(Play(card("6B")), 2)
    entry = g.apply(Play(card("8C")), 3)           # nobody captures after team 0
    assert entry.leftover_team == 0 and set(entry.leftover) == set(map(card, ("2B", "9S", "6B", "8C")))
    assert not g.table and g.outcome is not None
    assert list(g.outcome.points) == g.totals()
    assert g.outcome.teams == ((0, 2), (1, 3))
    winner = max(range(2), key=lambda t: g.totals()[t])
    if g.totals()[0] != g.totals()[1]:
        assert g.outcome.winners == g.teams[winner]


def test_nobody_captured_leaves_the_cards_unclaimed_and_the_deal_drawn():
    # Every award off (null drops a special card: {} would keep them), so the piles score nothing.
    v = load_variant("cicera", ["hand_size=1", "table_cards=0", "most_cards_points=0", "most_suit_points=0",
                                "special_cards={2S: null, 10D: null, FC: null}", "napola=false"])
    g = rig(v, ["7D", "9S", "6B", "8C"], "")
    for seat, c in enumerate(("7D", "9S", "6B", "8C")):
        g.apply(Play(card(c)), seat)
    assert len(g.table) == 4 and g.outcome.reason == "drawn-deal" and g.outcome.winners == (0, 1, 2, 3)


def test_unclaimed_variant_keeps_the_last_cards_on_the_table():
    v = load_variant("cicera", ["leftover=unclaimed"])
    g = rig(v, ["7D", "9S", "6B", "8C"], "7C 2B")
    g.apply(Play(card("7D"), (card("7C"),)), 0)
    for seat, c in ((1, "9S"), (2, "6B"), (3, "8C")):
        entry = g.apply(Play(card(c)), seat)
    assert entry.leftover == () and len(g.table) == 4


def _all_cards(g: Game) -> list[int]:
    return sorted([*(i for h in g.hands for i in h), *g.table, *(i for p in g.piles for i in p)])


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 1000), min_size=48, max_size=48))
def test_cards_are_never_lost_or_doubled(seed, choices):
    v = load_variant("cicera", [])
    g = Game(v, 4, seed)
    everything = list(range(52))
    for pick in choices:
        if g.outcome is not None:
            break
        actions = g.legal_actions()
        g.apply(actions[pick % len(actions)])
        assert _all_cards(g) == everything
    assert g.outcome is not None and not any(g.hands)


@pytest.mark.parametrize("bot", ["random", "greedy", "partner"])
def test_records_replay_to_the_same_state(v, bot):
    g = Game(v, 4, 11)
    play_out(g, [make_bot(bot, bot_seed(11, s), "cicera") for s in range(4)])
    text = GameRecord.of(g, [Seat(bot)] * 4).dumps()
    again = GameRecord.loads(text).replay()
    assert again.state() == g.state() and again.outcome == g.outcome


def test_a_record_with_a_wrong_team_result_is_refused(v):
    g = Game(v, 4, 12)
    play_out(g, [make_bot("greedy", s, "cicera") for s in range(4)])
    data = json.loads(GameRecord.of(g, [Seat("greedy")] * 4).dumps())
    data["result"]["points"] = [p + 1 for p in data["result"]["points"]]
    from machiavelli.core.errors import RecordError

    with pytest.raises(RecordError):
        GameRecord.loads(json.dumps(data)).replay()


def test_players_see_only_their_view(v):
    g = Game(v, 4, 13)
    view = g.view(0)
    assert set(view.unseen()) == set(g.hand(1)) | set(g.hand(2)) | set(g.hand(3))


def test_golden_record_of_a_bot_deal(v):
    summary = play_game(v, ["partner", "greedy", "partner", "greedy"], 2024, record=True)
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert json.loads(summary.record) == golden


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 47), played=st.integers(0, 51),
       taken=st.lists(st.integers(0, 51), max_size=4, unique=True))
def test_any_rejected_play_changes_nothing(seed, steps, played, taken):
    v = load_variant("cicera", [])
    g = Game(v, 4, seed)
    for _ in range(steps):
        g.apply(g.legal_actions()[0])
    cards = v.physical_cards
    action = Play(cards[played], tuple(sorted(cards[t] for t in taken)))
    before = g.state()
    if action in g.legal_actions():
        return
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.state() == before and len(g.log) == steps


@pytest.mark.parametrize("players, code", [(3, "too-few-players"), (5, "too-many-players")])
def test_only_four_players_sit_at_the_table(v, players, code):
    from machiavelli.core.errors import SetupError

    with pytest.raises(SetupError) as error:
        Game(v, players, 1)
    assert error.value.code == code


FORTY = """
game: cicera
name: scopa-40
deck:
  suits:
    - {code: D, symbol: "●", colour: yellow}
    - {code: C, symbol: "∪", colour: red}
    - {code: S, symbol: "†", colour: blue}
    - {code: B, symbol: "¦", colour: green}
  ranks:
    - {code: A, points: 1}
    - {code: "2", points: 2}
    - {code: "3", points: 3}
    - {code: "4", points: 4}
    - {code: "5", points: 5}
    - {code: "6", points: 6}
    - {code: "7", points: 7}
    - {code: F, points: 8}
    - {code: C, points: 9}
    - {code: R, points: 10}
hand_size: 9
courts_in_sums: true
match_first: true
capture_optional: false
picada_points: 0
simile_points: 0
quartet_points: 0
most_cards_points: 1
suit_award: D
special_cards: {7D: 1, 10D: null, 2S: null, FC: null}   # null drops a default card
napola: false
napola_max: 7
"""


def test_a_forty_card_scopa_house_rule_is_a_variant(tmp_path):
    from machiavelli.app.library import load_variant_file
    from machiavelli.games.cicera.rules_text import compose

    path = tmp_path / "scopa-40.yaml"
    path.write_text(FORTY, encoding="utf-8")
    v = load_variant_file(str(path))
    assert v.card_count == 40
    g = Game(v, 4, 9)
    assert [len(h) for h in g.hands] == [9] * 4 and len(g.table) == 4
    # Courts count in sums: the Re (10) takes 3 and 7 when no Re is on the table.
    from machiavelli.games.cicera.rules import captures

    assert captures(v.deck.parse_card("RD"), [v.deck.parse_card("3C"), v.deck.parse_card("7S")], v) == [
        (v.deck.parse_card("3C"), v.deck.parse_card("7S"))]
    play_out(g, [make_bot("greedy", s, "cicera") for s in range(4)])
    assert _all_cards(g) == list(range(40)) and g.outcome is not None
    doc = compose(v)
    assert not doc.uncovered and not doc.dropped
