"""The ``greedy`` and ``solver`` computer players."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.games.machiavelli.actions import Add, Draw, End, Move, Play, Take
from machiavelli.core import registry
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.games.machiavelli.game import Game
from machiavelli.core.melds import ACE_POLICIES
from machiavelli.games.machiavelli.solver import solve
from machiavelli.games.machiavelli.moves import realize
from machiavelli.core.table import rules_for
from machiavelli.games.machiavelli.turn import Turn
from machiavelli.app.library import load_variant, shipped_names

from solver_oracles import random_position


def test_both_players_are_registered():
    assert {"random", "greedy", "solver", "fallible"} <= set(registry.bots("machiavelli"))


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
def test_games_between_the_players_run_to_their_end(name):
    """Every action of every turn is accepted by the rules (a rejection would
    raise: these players have no second try)."""
    variant = load_variant(name)
    for seed in range(3):
        seats = ["solver", "greedy", "random"]
        game = Game(variant, len(seats), seed)
        bots = [make_bot(seat, bot_seed(seed, i)) for i, seat in enumerate(seats)]
        outcome = play_out(game, bots)
        assert outcome is not None and outcome.winners


def _turn_for(variant, table, hand, helps) -> Turn:
    """An engine turn holding this table, hand and help cards."""
    rules = rules_for(variant)
    spare: dict[int, list[int]] = {}
    for i, v in enumerate(rules.value):
        spare.setdefault(v, []).append(i)

    def ids(cards):
        return [spare[rules.index[c]].pop() for c in cards]

    return Turn(0, 1, rules, [tuple(sorted(ids(m))) for m in table], ids(hand), ids(helps), [])


def _carry_out(turn: Turn, actions) -> None:
    run = {Play: turn.play, Add: turn.add, Take: turn.take, Move: turn.move}
    for action in actions:
        run[type(action)](action)


@pytest.mark.parametrize("aces", ACE_POLICIES)
def test_solver_plans_reach_the_solution_through_the_engine(aces):
    """The solver's answer, carried out action by action by the turn engine,
    leaves a valid table holding exactly the answer's melds, and takes
    exactly the cards placed from the hand and the help cards used."""
    variant = load_variant("help-cards", [f"aces={aces}", "help_cards_use=with-hand-card"])
    rules = rules_for(variant)
    rng = random.Random(aces)
    for n in range(60):
        table, hand, helps = random_position(variant, rng, rng.randint(0, 70), rng.randint(3, 15), rng.randint(0, 4))
        solution = solve(variant, table, hand, helps)
        actions = realize(table, solution)
        if actions is None:  # no hand card could be lent to a help card
            solution = solve(variant, table, hand)
            actions = realize(table, solution)
        turn = _turn_for(variant, table, hand, helps)
        _carry_out(turn, actions)
        assert turn.can_end(), (n, table, hand, helps, actions)
        laid = sorted(sorted(rules.cards[i] for i in meld) for meld in turn.table)
        assert laid == sorted(sorted(m) for m in solution.table)
        assert Counter(rules.cards[i] for i in turn.played_ids()) == Counter(solution.placed)
        assert turn.help_used() == len(solution.help_used)


def test_a_help_card_with_no_hand_card_of_its_own_borrows_one():
    # The help card Q♦ completes 10♦ J♦ (cards from the table): the engine
    # wants a hand card in that action, so one is lent and moved back.
    variant = load_variant("help-cards", ["help_cards_use=with-hand-card"])  # the lending rule
    table = [tuple(map(variant.deck.parse_card, m.split())) for m in ("10H 10D 10S", "JH JD JS", "QH QD QC")]
    hand = tuple(variant.deck.parse_cards("9S QS"))
    helps = tuple(variant.deck.parse_cards("QD 2C"))
    solution = solve(variant, table, hand, helps)
    assert solution.help_used == (variant.deck.parse_card("QD"),)
    actions = realize(table, solution)
    assert any(isinstance(a, Move) for a in actions)
    turn = _turn_for(variant, table, hand, helps)
    _carry_out(turn, actions)
    assert turn.can_end() and len(turn.played_ids()) == 2


def _turn_actions(game: Game, seat: int):
    return [entry.action for entry in game.log if entry.seat == seat]


def test_greedy_never_rearranges_and_solver_places_the_most():
    variant = load_variant("bga")
    for seed in range(4):
        game = Game(variant, 2, seed)
        bots = [make_bot("greedy", 1), make_bot("solver", 2)]
        views = [game.view(0), game.view(1)]
        while game.outcome is None:
            seat = game.current
            if seat == 1:
                best = solve(variant, game.melds(), game.hand(1), game.help_cards).count
                before = len(game.hand(1))
            turn = game.turn_number
            while game.outcome is None and game.turn_number == turn:
                game.apply(bots[seat].choose(views[seat]), seat)
            if seat == 1:
                drew = game.log[-1].drew
                assert before - len(game.hand(1)) + drew == best
        assert {type(a) for a in _turn_actions(game, 0)} <= {Play, Add, End, Draw}


def test_play_command_seats_the_new_players(tmp_path):
    record = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "--variant", "bga", "--seat", "solver", "--seat", "greedy",
                                      "--seed", "5", "--record", str(record)])
    assert result.exit_code == 0, result.output
    data = json.loads(record.read_text())
    assert "solver" in json.dumps(data) and "greedy" in json.dumps(data)


@pytest.mark.parametrize("name, players", [("bga", 2), ("aces-wrap", 2), ("help-cards(help_cards_use=with-hand-card)", 3)])
def test_skipping_the_solver_never_hides_a_play(name, players, monkeypatch):
    """Whenever the solver player skips the solver, the solver itself agrees
    that nothing can be placed."""
    from machiavelli.core.bots import bot_seed, make_bot, play_out
    from machiavelli.games.machiavelli.game import Game
    from machiavelli.games.machiavelli.solver import solve
    from machiavelli.games.machiavelli.players import SolverBot

    variant = load_variant(name)
    skipped = []
    original = SolverBot._nothing_new

    def checked(self, view, table, help, hand):
        result = original(self, view, table, help, hand)
        if result:
            skipped.append(view.turn)
            assert not solve(view.variant, view.melds, view.hand, view.help_cards).placed
        return result

    monkeypatch.setattr(SolverBot, "_nothing_new", checked)
    for seed in range(4):
        game = Game(variant, players, seed)
        play_out(game, [make_bot("solver", bot_seed(seed, s)) for s in range(players)])
    if name == "bga":
        assert skipped, "two-player games give the skip something to do"


def test_fallible_player_restores_sometimes_and_pays_the_variants_penalty():
    from machiavelli.core.bots import bot_seed, make_bot, play_out
    from machiavelli.games.machiavelli.game import Game

    drawn_on_restore = {}
    for name in ("bga", "restore-3"):
        variant = load_variant(name)
        restores = penalties = 0
        for seed in range(6):
            game = Game(variant, 4, seed)
            outcome = play_out(game, [make_bot("fallible", bot_seed(seed, s)) for s in range(4)])
            assert outcome is not None
            for entry in game.log:
                if entry.action.verb == "restore":
                    restores += 1
                    penalties += entry.drew
        assert restores > 0
        drawn_on_restore[name] = penalties / restores
    # Fewer than the penalty only when the deck is short at the very end.
    assert drawn_on_restore["bga"] == 1
    assert 2.5 < drawn_on_restore["restore-3"] <= 3


def test_fallible_player_is_reproducible():
    from machiavelli.core.bots import bot_seed, make_bot, play_out
    from machiavelli.games.machiavelli.game import Game

    logs = []
    for _ in range(2):
        game = Game(load_variant("bga"), 3, 11)
        play_out(game, [make_bot("fallible", bot_seed(11, s)) for s in range(3)])
        logs.append([(e.seat, str(e.action)) for e in game.log])
    assert logs[0] == logs[1]
