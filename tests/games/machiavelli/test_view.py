"""What a seat sees: the view's card-valued properties, screens drawn from a
view alone, and one translator and one meld finder for bots and people."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from rich.console import Console

from machiavelli.core import glossary
from machiavelli.games.machiavelli.present import hand_order, hints
from machiavelli.games.machiavelli.present.screen import Screen, Seats
from machiavelli.core.cards import Card
from machiavelli.core.melds import MeldCheck
from machiavelli.core.table import MeldRules
from machiavelli.games.machiavelli import finder, moves
from machiavelli.games.machiavelli.game import Entry, Game, Outcome
from machiavelli.games.machiavelli.players import GreedyBot, SolverBot
from machiavelli.games.machiavelli.turn import Turn
from machiavelli.games.machiavelli.view import LaidMeld, Position, View
from machiavelli.app.library import load_variant

from engine_checks import cards, position, run


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def _mid_turn(bga) -> Game:
    """Seat 0 has taken 5C from the set and moved 8D onto the run: one card
    to put back, one meld that is no longer valid."""
    game = position(bga, ["2H 3H 9C", "KD QD JD 4S"], "5S 5D 5C | 6C 7C 8C | 8H 8D 8S 8C",
                    deck="AS 2S 3S 4H")
    run(game, "take 1 5C", "move 8D 3 2")
    return game


# -- the view's properties ---------------------------------------------------------------


def test_the_layout_shows_cards_laid_out_moved_cards_validity_and_changes(bga):
    game = _mid_turn(bga)
    mine, theirs = game.view(0), game.view(1)
    layout = mine.layout
    assert all(isinstance(m, LaidMeld) for m in layout)
    assert [m.number for m in layout] == [1, 2, 3]
    assert [cards(m.cards) for m in layout] == [cards("5S 5D"), cards("6C 7C 8C 8D"), cards("8H 8S 8C")]
    assert {str(c): moved for c, moved in zip(layout[1].cards, layout[1].moved)} == {
        "6C": False, "7C": False, "8C": False, "8D": True}
    assert not any(layout[0].moved) and not any(layout[2].moved)
    assert [m.number for m in layout if not m.check.valid] == [n for n, _ in mine.invalid_melds()] == [1, 2]
    assert layout[0].check.reason == "too-few-cards"
    assert all(m.changed for m in layout), "seat 0 has not ended a turn yet: everything is new to it"
    assert theirs.layout == tuple(LaidMeld(m.number, m.cards, m.moved, m.check, m.changed) for m in layout)
    assert cards(mine.working) == ["5C"]


def test_the_turns_start_is_shown_to_the_player_whose_turn_it_is_only(bga):
    game = _mid_turn(bga)
    start = game.view(0).turn_start
    assert isinstance(start, Position)
    assert start.table == game.view(0).turn_start.table == tuple(bga.arrange(m) for m in (
        _cards("5S 5D 5C"), _cards("6C 7C 8C"), _cards("8H 8D 8S 8C")))
    assert cards(start.hand) == cards("2H 3H 9C") and start.help == ()
    assert game.view(1).turn_start is None, "another seat's hand at the turn's start is not public"


def test_can_end_says_whether_the_table_would_let_the_turn_end(bga):
    game = _mid_turn(bga)
    view = game.view(0)
    assert not view.can_end
    run(game, "undo", "undo")
    assert view.can_end
    run(game, "take 3 8D", "add 2 8D")
    assert not view.can_end  # 8H 8S 8C is still a set, but 6C-8C + 8D is not a run
    run(game, "undo", "undo")
    assert view.can_end


def test_every_hand_is_shown_once_the_game_is_over_and_not_before(bga):
    game = position(bga, ["5C 6C 7C", "2H 3H KS"], deck="AS 2S 3S 4S")
    assert all(game.view(s).final_hands is None for s in range(2))
    run(game, "play 5C 6C 7C")
    assert game.outcome is not None
    hands = game.view(1).final_hands
    assert hands == game.view(0).final_hands == ((), tuple(game.hand(1)))


def test_the_view_exposes_no_engine_internals(bga):
    game = _mid_turn(bga)
    view = game.view(0)
    for gone in ("rules", "hand_values", "table_keys"):
        assert not hasattr(view, gone)
    allowed = (Card, MeldCheck, LaidMeld, Position, Entry, Outcome, str, int, bool, type(None))
    engine = (Game, Turn, MeldRules, list, dict, set, frozenset)

    def walk(value, path):
        assert not isinstance(value, engine), path
        if isinstance(value, tuple):
            for k, item in enumerate(value):
                walk(item, f"{path}[{k}]")
        elif isinstance(value, (LaidMeld, Position)):
            for name in value.__slots__:
                walk(getattr(value, name), f"{path}.{name}")

    for name in dir(view):
        if name.startswith("_") or name in ("variant", "table", "log"):
            continue  # the rules, a Table value and log entries: made of cards
        value = getattr(view, name)
        if callable(value):
            value = value()
        walk(value, name)
        assert isinstance(value, allowed) or isinstance(value, (tuple, list)), name


# -- screens drawn from a view alone -----------------------------------------------------


class Public:
    """A view that answers its public properties only: drawing through it
    proves the screen never reaches the game behind the view."""

    def __init__(self, view: View) -> None:
        self._view = view

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(f"the screen reached for {name}")
        return getattr(self._view, name)


def _screen() -> tuple[Screen, io.StringIO]:
    out = io.StringIO()
    return Screen(Console(file=out, width=120, color_system=None)), out


def _shown(cards_: tuple[Card, ...], deck) -> list[str]:
    return [glossary.show_card(c, deck) for c in cards_]


def test_a_turns_screen_comes_from_the_view_and_shows_no_other_hand(bga):
    game = _mid_turn(bga)
    screen, out = _screen()
    seats = Seats(["human", "human"])
    screen.turn(Public(game.view(0)), seats, hand_order.SUIT)
    text = out.getvalue()
    deck = bga.deck
    for card in _shown(game.hand(0), deck) + ["[8♦]", "[5♣]"]:
        assert card in text
    for card in _shown(game.hand(1), deck):
        assert card not in text
    assert "too few cards" in text.lower() or "✗" in text
    assert "Player 2: 4 cards" in text


def test_the_hot_seat_screen_shows_no_hand(bga):
    game = _mid_turn(bga)
    screen, out = _screen()
    screen.waiting(Public(game.view(1)), Seats(["human", "human"]))
    text = out.getvalue()
    assert "Player 2's turn" in text
    for card in _shown(game.hand(0) + game.hand(1), bga.deck):
        assert card not in text


def test_the_final_screen_shows_every_hand_from_a_view(bga):
    game = position(bga, ["5C 6C 7C", "2H 3H KS"], deck="AS 2S 3S 4S")
    run(game, "play 5C 6C 7C")
    screen, out = _screen()
    screen.final(Public(game.view(0)), Seats(["human", "solver"]), since=True)
    text = out.getvalue()
    for card in _shown(_cards("2H 3H KS 5C 6C 7C"), bga.deck):
        assert card in text


# -- hints: the solver player's translator, from the view --------------------------------


def test_hints_and_the_solver_player_use_one_translator(bga, monkeypatch):
    calls = []
    translate = moves.realize

    def counted(old, solution):
        calls.append(solution.placed)
        return translate(old, solution)

    monkeypatch.setattr(moves, "realize", counted)
    game = position(bga, ["7H 7D KC 9S", "2C 3C"], "4S 5S 6S 7S | 8S 8H 8D", deck="AS 2S 3S 4S")
    hint = hints.best_play(game.view(0))
    plan = SolverBot().plan(game.view(0))
    assert len(calls) == 2 and calls[0] == calls[1]
    assert list(hint.actions) == plan
    for action in hint.actions:
        game.apply(action, 0)
    assert game.current == 1 and len(game.hand(0)) == 4 - len(hint.placed)


def test_a_hint_mid_turn_starts_from_the_turns_start_while_the_table_is_invalid(bga):
    game = position(bga, ["7H 7D KC", "2C 3C"], "4S 5S 6S 7S | 8S 8H 8D", deck="AS 2S 3S 4S")
    run(game, "take 2 8D")
    found = hints.best_play(game.view(0))
    assert found.from_start and found.placed and found.actions
    run(game, "undo")
    for action in found.actions:
        game.apply(action, 0)
    assert game.current == 1 and len(game.hand(0)) == 3 - len(found.placed)


def test_a_hint_mid_turn_goes_on_from_a_valid_table(bga):
    game = position(bga, ["7H 7D KC 2D 3D 4D", "2C 3C"], "4S 5S 6S 7S", deck="AS 2S 3S 4S")
    run(game, "play 2D 3D 4D")
    found = hints.best_play(game.view(0))
    assert not found.from_start and cards(found.placed) == cards("7H 7D")
    for action in found.actions:
        game.apply(action, 0)
    assert game.current == 1 and cards(game.hand(0)) == ["KC"]


# -- one meld finder ---------------------------------------------------------------------


def test_the_finder_groups_ranks_and_suit_stretches_with_the_ace_low_and_high(bga):
    groups = finder.groups(_cards("AS 2S 3S QS KS 5H 5D 5C 9C 9C"), bga.deck)
    assert [(g.run, list(map(str, g.cards))) for g in groups] == [
        (False, ["5H", "5D", "5C"]), (True, ["AS", "2S", "3S"]), (True, ["QS", "KS", "AS"])]
    whole = finder.groups([Card(r, "H") for r in range(1, 14)], bga.deck)
    assert [len(g.cards) for g in whole] == [14], "a whole suit: one stretch, the ace at both ends"
    assert all(p[0] != p[-1] for p in whole[0].parts()), "no part holds the ace twice"


def test_the_finder_picks_the_largest_meld_and_partitions_a_multiset(bga):
    assert list(map(str, finder.largest(_cards("5H 5D 5C 5S 6S 7S 8S 9S"), bga))) == [
        "5S", "6S", "7S", "8S", "9S"]
    assert finder.largest(_cards("AS KD 2H"), bga) is None
    melds = finder.partition(_cards("5H 5D 5C 5H 5D 5C 2S 3S 4S KD"), bga)
    assert sorted(sorted(map(str, m)) for m in melds) == [["2S", "3S", "4S"], ["5C", "5D", "5H"],
                                                          ["5C", "5D", "5H"]]
    assert finder.fitting(_cards("6C 7C 8C"), _cards("5C 9C 9D 8H"), bga) == _cards("5C 9C")


def test_the_greedy_player_plays_what_the_finder_finds(bga):
    game = position(bga, ["5H 5D 5C 2S 3S 4S 5S KD", "2C 3C"], "8C 9C 10C", deck="AS 2S 3S 4S")
    plan = GreedyBot().plan(game.view(0))
    played = [a for a in plan if a.verb == "play"]
    assert [list(a.cards) for a in played] == [list(m) for m in finder.partition(game.hand(0), bga)]
    for action in plan:
        game.apply(action, 0)
    assert game.current == 1 and cards(game.hand(0)) == ["KD"]


def test_the_hands_melds_order_falls_back_on_the_finder(bga, monkeypatch):
    from machiavelli.games.machiavelli import solver

    def gives_up(*args, **kwargs):
        raise RuntimeError("no answer")

    monkeypatch.setattr(solver, "solve", gives_up)
    hand = _cards("KD 3S 5H 5D 2S 4S 5C 9C")
    groups, melds = hand_order.arrange(hand, "melds", bga)
    assert melds == 2
    assert {tuple(sorted(map(str, g))) for g in groups[:2]} == {("2S", "3S", "4S"), ("5C", "5D", "5H")}
    assert Counter(c for g in groups for c in g) == Counter(hand)


@pytest.mark.parametrize("name", ["bga", "aces-high", "aces-low", "aces-wrap"])
def test_every_meld_the_finder_offers_is_valid(name):
    variant = load_variant(name)
    hand = _cards("AS 2S 3S QS KS 4H 4D 4C 4S JH QH KH AH 2H")
    for meld in finder.partition(hand, variant):
        assert variant.check(list(meld)).valid


@pytest.mark.parametrize("spec", ["bga", "jokers", "bga(opening=meld-from-hand)"])
def test_a_hint_names_the_cards_it_puts_down_in_the_deck_s_order(spec):
    variant = load_variant(spec)
    game = position(variant, ["5S 3S 4S 9H 9D 9C KC", "2C 3C"], "6S 7S 8S", deck="AS 2S 3S 4S")
    found = hints.best_play(game.view(0))
    assert len(found.placed) >= 6
    assert list(found.placed) == sorted(found.placed, key=variant.deck.sort_key)
