"""Computer players on a table holding invalid groups (classic, leftover_invalid: stay)."""

from __future__ import annotations

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core.bots import play_out
from machiavelli.games.machiavelli.actions import DRAW, END
from machiavelli.games.machiavelli.definition import GAME
from machiavelli.games.machiavelli.game import Game

BOTS = ["random", "greedy", "solver", "fallible", "beginner", "casual", "club", "expert"]


def _left_invalid():
    v = load_variant("classic")
    c = v.deck.parse_cards
    return v, Game.from_position(v, [c("QD QS 3D 4D 5D 9C"), c("2H 3H 4H KS KH"), c("7C 8C")],
                                 table=[c("10H 10D 10S"), c("JH JD JS"), c("QH QC"), c("5S 9H")],
                                 seed=3, opened=range(3))


def test_the_groups_to_mend_lead_the_table():
    v, game = _left_invalid()
    assert [v.deck.format_cards(m) for m in game.melds()[:2]] == ["QC QH", "5S 9H"] or \
        not any(game.rules.valid(m) for m in game.turn.table[:2])
    assert all(game.rules.valid(m) for m in game.turn.table[2:])


@pytest.mark.parametrize("name", BOTS)
def test_every_player_plays_a_table_with_invalid_groups_to_the_end(name):
    _, game = _left_invalid()
    outcome = play_out(game, [GAME.bots[name](s) for s in range(3)])  # a refused move raises
    assert outcome is not None and game.outcome is outcome


def test_the_solver_mends_the_groups_it_can():
    _, game = _left_invalid()
    bot = GAME.bots["solver"](0)
    actions = []
    while game.current == 0 and game.outcome is None:
        action = bot.choose(game.view(0))
        actions.append(action)
        game.apply(action, 0)
    # QD QS make the lone queens a set again; the solver's play takes them there.
    assert actions[-1] in (END, DRAW)
    assert not any(set(m) >= {"QC", "QH"} and len(m) < 3 for m in ([str(c) for c in meld] for meld in game.melds()))


@pytest.mark.parametrize("name", ["classic", "help-cards", "physical-table"])
def test_whole_games_end(name):
    v = load_variant(name)
    for seed in range(2):
        game = Game(v, 3, seed)
        assert play_out(game, [GAME.bots[b](seed) for b in ("expert", "casual", "random")]) is not None
