"""Jokers (issue 11): the parameters, the joker card, the meld check and
what a joker stands for, the turn engine's joker rules (swap, one per meld,
no rearranging of joker melds), scoring, notation, computer players and the
joker rule sets."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from machiavelli.app.library import load_variant
from machiavelli.cli import app
from machiavelli.core.bots import bot_seed, play_out
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction, SolverError, VariantError
from machiavelli.games.machiavelli import finder, levels, opening, players, reach
from machiavelli.games.machiavelli.actions import (DRAW, END, RESTORE, UNDO, Action, Add, Join, Move, Play, Split,
                                                   Swap, Take)
from machiavelli.games.machiavelli.bots import RandomBot
from machiavelli.games.machiavelli.game import Game
from machiavelli.games.machiavelli.solver import solve
from engine_checks import check_invariants, snapshot

JK = Card(0, "JK")


def v(**rules):
    return load_variant("bga", [f"{k}={json.dumps(x) if not isinstance(x, str) else x}" for k, x in rules.items()])


def C(text):
    return tuple(Card.parse(t) if t != "JK" else JK for t in text.split())


def game(variant, hands, table=(), deck=None, current=0):
    return Game.from_position(variant, [C(h) for h in hands], table=[C(m) for m in table],
                              deck=None if deck is None else C(deck), current=current, opened=range(len(hands)))


# -- the parameters and the card ------------------------------------------------------


def test_jokers_are_extra_cards_of_the_deck_worth_joker_points():
    variant = v(jokers=2, joker_points=30)
    assert variant.card_count == 108 and Counter(variant.physical_cards)[JK] == 4
    assert variant.deck.points(JK) == 30 and variant.deck.parse_card("jk") == JK
    assert variant.deck.card_symbol(JK) == "🃏" and variant.deck.parse_card("🃏") == JK
    one = v(jokers=1, decks=3)
    assert Counter(one.physical_cards)[JK] == 3 and one.card_count == 159
    assert Counter(load_variant("bga").physical_cards)[JK] == 0


def test_a_resolved_variant_read_back_is_the_same():
    variant = v(jokers=2, joker_points=30, jokers_per_meld=1)
    again = type(variant).model_validate(variant.parameters())
    assert again == variant and len(again.deck.extras) == 1


@pytest.mark.parametrize("rule", ["joker_points=30", "jokers_per_meld=1", "joker_release=exchange",
                                  "joker_melds_rearranged=false"])
def test_joker_rules_without_jokers_are_refused(rule):
    with pytest.raises(VariantError) as caught:
        load_variant("bga", [rule])
    assert "joker-rules-without-jokers" in str(caught.value.params) or "jokers" in str(caught.value)


def test_a_deck_may_not_declare_a_joker_of_its_own():
    with pytest.raises(VariantError):
        load_variant("bga", ["deck.extras=[{code: JK, symbol: J}]"])


def test_joker_rules_without_jokers_say_why_in_the_users_words():
    result = CliRunner().invoke(app, ["variants", "show", "bga(joker_release=exchange)"])
    assert result.exit_code != 0 and "rules about jokers in a game without jokers" in result.output
    assert "Traceback" not in result.output


# -- the meld check -------------------------------------------------------------------


@pytest.mark.parametrize("cards, kind", [
    ("5H 6H JK", "run"), ("JK 6H 7H", "run"), ("5H JK 7H", "run"), ("5H 5S JK", "set"), ("5H 5S 5D JK", "set"),
    ("QH KH JK", "run"), ("5H JK JK", "set"), ("5H 6H JK JK", "run"),
])
def test_a_joker_stands_for_any_card_its_meld_needs(cards, kind):
    assert v(jokers=2).check(C(cards)).kind == kind


@pytest.mark.parametrize("cards, reason", [
    ("JK JK JK", "jokers-only"), ("5H 5S 5D 5C JK", "too-many-cards"), ("5H 6S JK", "mixed-ranks"),
    ("5H 8H JK", "gap"), ("5H 5H JK", "identical-cards"),
])
def test_what_no_joker_can_mend(cards, reason):
    result = v(jokers=2).check(C(cards))
    assert not result.valid and result.reason == reason


def test_at_most_jokers_per_meld():
    variant = v(jokers=2, jokers_per_meld=1)
    assert variant.check(C("5H 6H JK")).valid
    assert variant.check(C("5H 6H JK JK")).reason == "too-many-jokers"


def test_without_jokers_a_joker_is_no_card_of_the_deck():
    with pytest.raises(Exception):
        load_variant("bga").deck.parse_card("JK")


def test_what_the_jokers_stand_for():
    variant = v(jokers=2)
    assert set(variant.stands_for(C("5H 6H JK"))) == {C("4H"), C("7H")}
    assert variant.stands_for(C("5H JK 7H")) == (C("6H"),)
    assert variant.stands_for(C("5H 5S JK JK")) == (tuple(sorted(C("5D 5C"))),)
    assert variant.stands_for(C("5H 6H 7H")) == () and variant.stands_for(C("5H 8H JK")) == ()
    # An ace-low-or-high run: K-A-2 is no run, so A-K-JK stands for Q only.
    assert variant.stands_for(C("AH KH JK")) == (C("QH"),)


def test_a_joker_is_laid_where_it_stands():
    variant = v(jokers=1)
    assert variant.arrange(C("JK 5H 7H")) == C("5H JK 7H")


def test_meld_check_says_what_the_joker_stands_for():
    runner = CliRunner()
    result = runner.invoke(app, ["meld", "check", "5H", "JK", "7H", "--variant", "jokers", "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 0 and data["valid"] and data["kind"] == "run"
    assert data["jokers"] == 1 and data["stands_for"] == [["6H"]]
    plain = runner.invoke(app, ["meld", "check", "5H", "6H", "7H", "--variant", "jokers", "--json"])
    assert json.loads(plain.output)["stands_for"] == [] and json.loads(plain.output)["jokers"] == 0
    # Without jokers the answer is what it always was.
    assert set(json.loads(runner.invoke(app, ["meld", "check", "5H", "6H", "7H", "--json"]).output)) == \
        {"valid", "kind", "reason"}
    text = runner.invoke(app, ["--ascii", "meld", "check", "5H", "JK", "7H", "--variant", "jokers"])
    assert "the joker stands for 6H" in text.output
    bad = runner.invoke(app, ["meld", "check", "5H", "JK", "JK", "--variant", "tahiti"])
    assert bad.exit_code == 1 and "more jokers than this meld may hold" in bad.output


def test_the_table_screen_says_what_a_joker_stands_for():
    from io import StringIO

    from rich.console import Console

    from machiavelli.core import glossary
    from machiavelli.games.machiavelli.present.screen import Screen

    variant = load_variant("jokers")
    g = game(variant, ["2C", "3C"], table=["5H JK 7H"])
    console = Console(file=StringIO(), width=100)
    glossary.set_ascii(True)
    try:
        lines = Screen(console).table_lines(g.view(0))
    finally:
        glossary.set_ascii(False)
    assert "the joker stands for 6H" in lines[0].plain and "5H JK 7H" in lines[0].plain


def test_italian_joker_letters_are_read():
    from machiavelli.core.words import CardReader
    from machiavelli.core import i18n

    i18n.use_language("it")
    try:
        reader = CardReader(load_variant("jokers").deck)
        assert reader.card("JO") == JK and reader.card("jo") == JK and reader.card("JK") == JK
        assert reader.card("5S") == Card(5, "S") and reader.spelling(JK) == "JK"
    finally:
        i18n.use_language("en")


# -- the turn engine ------------------------------------------------------------------


def test_a_joker_played_from_the_hand():
    variant = v(jokers=1)
    g = game(variant, ["5H 6H JK 2C", "KC KD"], deck="9S 9D")
    g.apply(Play(C("5H 6H JK")))
    g.apply(END)
    assert g.melds() == (C("5H 6H JK"),) and g.hand(0) == C("2C") and g.current == 1


def test_scores_count_a_joker_at_joker_points():
    variant = v(jokers=1, scoring="card-values", joker_points=30)
    g = game(variant, ["JK 2C", "5C 6C 7C"], deck="")
    g.apply(DRAW)  # the deck is empty: the game ends, hands are counted
    assert g.outcome is not None and g.scores() == (32, 18)


def test_swap_wins_a_joker_back_and_it_must_be_played_again():
    variant = v(jokers=1, joker_release="exchange")
    g = game(variant, ["4H 9S 9D 2C", "KC KD"], table=["5H 6H JK"])
    before = snapshot(g)
    for action, code in ((Take((1,), C("JK")), "joker-exchange-only"), (Take((1,)), "joker-exchange-only"),
                         (Swap(1, C("9S")[0]), "swap-does-not-fit"), (Swap(1, C("3H")[0]), "swap-card-not-in-hand")):
        with pytest.raises(IllegalAction) as caught:
            g.apply(action)
        assert caught.value.code == code and snapshot(g) == before
    g.apply(Swap(1, C("4H")[0]))
    assert g.melds() == (C("4H 5H 6H"),) and g.view(0).working == (JK,)
    with pytest.raises(IllegalAction) as caught:
        g.apply(END)
    assert caught.value.code == "joker-must-be-played"
    g.apply(Play(C("9S 9D JK")))
    g.apply(END)
    assert g.current == 1 and sorted(map(len, g.melds())) == [3, 3]


def test_undo_and_restore_put_the_joker_back():
    variant = v(jokers=1, joker_release="exchange")
    g = game(variant, ["4H 9S 9D 2C", "KC KD"], table=["5H 6H JK"], deck="2S 3C 4C")
    start = snapshot(g)
    g.apply(Swap(1, C("4H")[0]))
    g.apply(UNDO)
    assert g.melds() == (C("5H 6H JK"),) and g.hand(0) == C("4H 9S 9D 2C")
    g.apply(Swap(1, C("4H")[0]))
    g.apply(Play(C("9S 9D JK")))
    g.apply(RESTORE)
    ids = g.ids()
    assert g.melds() == (C("5H 6H JK"),) and sorted(g.hand(0)) == sorted(C("4H 9S 9D 2C 2S"))
    assert ids != start[0] and not ids["working"]


def test_jokers_move_freely_under_the_free_release():
    variant = v(jokers=1)
    g = game(variant, ["4C 5C 2D", "KC KD"], table=["5H 6H 7H JK"])
    g.apply(Take((1,), C("JK")))
    g.apply(Play(C("4C 5C JK")))
    g.apply(END)
    assert sorted(g.melds()) == sorted([C("5H 6H 7H"), C("4C 5C JK")])


def test_a_meld_holding_a_joker_may_be_added_to_never_broken_up():
    variant = v(jokers=1, joker_melds_rearranged=False)
    g = game(variant, ["4H 9H", "KC KD"], table=["5H 6H JK 8H", "9S 9D 9C"])
    before = snapshot(g)
    for action in (Take((1,), C("5H")), Take((1,)), Split(1, C("JK")[0]), Move(C("8H"), 1, 2)):
        with pytest.raises(IllegalAction) as caught:
            g.apply(action)
        assert caught.value.code == "joker-meld-fixed" and snapshot(g) == before
    g.apply(Add(1, C("4H 9H")))
    assert g.melds()[0] == C("4H 5H 6H JK 8H 9H")


def test_one_joker_per_meld_in_the_engine():
    variant = v(jokers=1, jokers_per_meld=1)
    g = game(variant, ["5H JK JK", "KC KD"])
    g.apply(Play(C("5H JK JK")))
    with pytest.raises(IllegalAction) as caught:
        g.apply(END)
    assert caught.value.code == "invalid-table" and caught.value.params["reason"] == "too-many-jokers"


def test_swap_is_text_that_round_trips():
    action = Action.parse("swap 2 7h")
    assert action == Swap(2, C("7H")[0]) and action.text() == "swap 2 7H" and eval(repr(action)) == action


def test_an_opening_counts_a_joker_as_the_card_it_stands_for():
    variant = v(jokers=1, opening="points", opening_points=30)
    assert opening.points(variant, [C("5H JK 7H")]) == 18  # JK = 6H, not 25
    assert opening.points(variant, [C("5H 6H JK")]) == 15  # the lowest: JK = 4H, not 7H
    assert opening.points(variant, [C("QH KH JK")]) == 21  # JK = AH (ace high, 1 point), not JH


# -- invariants with jokers: fuzzing and replays ----------------------------------------

JOKER_VARIANTS = {
    "jokers": load_variant("jokers"),
    "tahiti": load_variant("tahiti"),
    "vatikan": load_variant("vatikan"),
    "fixed": load_variant("bga(jokers=2, joker_melds_rearranged=false, jokers_per_meld=1)"),
}


def _attempts():
    card = st.one_of(st.builds(Card, st.integers(1, 13), st.sampled_from("SHDC")), st.just(JK))
    cards_ = st.lists(card, min_size=1, max_size=4).map(tuple)
    number = st.integers(1, 8)
    return st.one_of(
        st.builds(Play, cards_), st.builds(Add, number, cards_), st.builds(Swap, number, card),
        st.builds(Take, st.lists(number, min_size=1, max_size=2, unique=True).map(tuple)),
        st.builds(Take, number.map(lambda n: (n,)), cards_), st.builds(Move, cards_, number, number),
        st.builds(Split, number, card), st.builds(Join, st.lists(number, min_size=2, max_size=3, unique=True).map(tuple)),
        st.sampled_from([UNDO, DRAW, END, RESTORE]),
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(JOKER_VARIANTS)), seed=st.integers(0, 10**6), cut=st.integers(0, 200),
       attempts=st.lists(_attempts(), min_size=1, max_size=12))
def test_any_action_with_jokers_is_applied_whole_or_not_at_all(name, seed, cut, attempts):
    """Jokers and swaps at any point of a random game: a rejected action
    changes nothing; an accepted one loses and duplicates no card, jokers included."""
    g = Game(JOKER_VARIANTS[name], 3, seed)
    bots = [RandomBot(bot_seed(seed, s)) for s in range(3)]
    for _ in range(cut):
        if g.outcome is not None:
            break
        g.apply(bots[g.current].choose(g.view(g.current)))
    for action in attempts:
        if g.outcome is not None:
            break
        # Aim some swaps at the melds that hold a joker, with the hand's own cards.
        if isinstance(action, Swap) and g.hand(g.current):
            action = Swap(action.meld, random.Random(seed).choice(g.hand(g.current)))
        before = snapshot(g)
        try:
            entry = g.apply(action)
        except IllegalAction:
            assert snapshot(g) == before
        else:
            check_invariants(g, boundary=entry.ends_turn)


@pytest.mark.parametrize("name", sorted(JOKER_VARIANTS))
def test_a_replay_of_a_joker_game_ends_in_the_same_state(name):
    variant = JOKER_VARIANTS[name]
    for seed in range(3):
        original = Game(variant, 3, seed)
        seen = []
        play_out(original, [levels.make("club", bot_seed(seed, s)) for s in range(3)],
                 on_entry=lambda e: (seen.append(e), check_invariants(original, boundary=e.ends_turn)))
        twin = Game(variant, 3, seed)
        for entry in original.log:
            twin.apply(entry.action, entry.seat)
        assert twin.state() == original.state() and twin.outcome == original.outcome


# -- computer players, hints, the solver ------------------------------------------------


def test_the_solver_places_around_a_table_joker_as_the_meld_check_allows():
    variant = load_variant("jokers")
    solution = solve(variant, [C("5H 6H JK")], C("7H"))
    assert Counter(solution.placed) == Counter(C("7H"))
    assert all(variant.check(m).valid for m in solution.table)
    assert Counter(c for m in solution.table for c in m) == Counter(C("5H 6H JK 7H"))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_every_meld_of_a_joker_solution_passes_the_engines_meld_check(seed):
    """The solver (its own joker model) and the engine (core.melds with wild
    cards) agree: whatever the solver lays out, the engine accepts."""
    rng = random.Random(seed)
    variant = load_variant(rng.choice(["jokers", "tahiti", "vatikan"]))
    deck = list(variant.deck.build(variant.decks))
    rng.shuffle(deck)
    table = []
    for cards in finder.partition(deck[:30], variant):
        table.append(tuple(cards))
    hand = deck[30:30 + rng.randint(1, 8)]
    try:
        solution = solve(variant, table, hand)
    except SolverError:  # a give-up is allowed, a wrong meld is not
        return
    for meld in solution.table:
        assert variant.check(meld).valid, meld
    before = Counter(c for m in table for c in m) + Counter(hand)
    after = Counter(c for m in solution.table for c in m) + (Counter(hand) - Counter(solution.placed))
    assert before == after


def test_the_meld_finder_completes_a_pair_with_a_joker():
    variant = load_variant("jokers")
    assert finder.partition(C("9S 9D JK 2C"), variant) == [C("9S 9D JK")]
    assert finder.partition(C("KH QH JK 5C 6C 7C"), variant) == [C("5C 6C 7C"), C("KH QH JK")]
    assert finder.partition(C("2C 9D JK"), variant) == []


def test_bots_leave_unbreakable_melds_alone():
    variant = load_variant("tahiti")
    assert not reach.breakable(variant, C("5H 6H JK")) and reach.breakable(variant, C("5H 6H 7H"))
    assert reach.breakable(load_variant("jokers"), C("5H 6H JK"))


def test_a_bot_wins_a_pair_with_its_joker_and_adds_the_rest():
    variant = load_variant("jokers")
    g = game(variant, ["9S 9D JK 4H", "KC KD 2S"], table=["5H 6H 7H"])
    plan = players.SolverBot(1).plan(g.view(0))
    assert any(isinstance(a, Play) and Counter(a.cards) == Counter(C("9S 9D JK")) for a in plan)
    for action in plan:
        if g.outcome is None:
            g.apply(action, 0)
    assert g.outcome is not None and g.outcome.winners == (0,)


def test_a_hint_with_jokers_is_a_play_the_rules_accept():
    from machiavelli.games.machiavelli.present import hints

    variant = load_variant("tahiti")
    g = game(variant, ["9S 9D JK 4H", "KC KD 2S"], table=["5H 6H 7H"])
    hint = hints.best_play(g.view(0))
    assert hint.actions and hint.actions[-1] is END
    for action in hint.actions:
        if g.outcome is None:
            g.apply(action, 0)
    assert g.outcome is not None and g.outcome.winners == (0,)  # 9S 9D JK, then 4H on the run


@pytest.mark.parametrize("name", ["jokers", "tahiti", "vatikan"])
@pytest.mark.parametrize("bot", ["greedy", "solver", "beginner", "casual", "club", "expert"])
def test_the_joker_rule_sets_play_to_the_end(name, bot):
    variant = load_variant(name)
    make = {"greedy": players.GreedyBot, "solver": players.SolverBot}.get(bot) or (lambda s: levels.make(bot, s))
    g = Game(variant, 3, 7)
    play_out(g, [make(bot_seed(7, s)) for s in range(3)],
             on_entry=lambda e: check_invariants(g, boundary=e.ends_turn))
    assert g.outcome is not None


def test_the_web_table_says_what_a_joker_stands_for_and_names_it():
    from machiavelli.core import glossary
    from machiavelli.app.web.views import seat_json
    from machiavelli.core.records import Seat

    g = game(load_variant("jokers"), ["2C JK", "3C"], table=["5H JK 7H", "9S 9D 9C"])
    data = seat_json(g.view(0), [Seat("human"), Seat("random")], "suit", {})
    first, second = data["table"][0], data["table"][1]
    assert first["stands_for"] == [["6H"]] and "the joker stands for" in first["jokers"]
    assert "jokers" not in second and "stands_for" not in second
    assert glossary.card_name(JK, load_variant("jokers").deck) == "joker"


@pytest.mark.parametrize("name", ["tahiti", "jokers"])
def test_a_bot_wins_a_joker_back_when_it_completes_a_pair(name):
    g = game(load_variant(name), ["4H 9S 9D 2C", "KC KD 2S"], table=["5H 6H JK"])
    plan = levels.make("expert", 1).plan(g.view(0))
    if name == "tahiti":  # exchange: the joker comes back only for the card it stands for (free: taken as any card)
        assert plan[:2] == [Swap(1, C("4H")[0]), Play(C("9S 9D JK"))]
    for action in plan:
        g.apply(action, 0)
    assert g.hand(0) == C("2C") and g.current == 1
