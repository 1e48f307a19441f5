"""Computers that always resume: a computer player found in the middle of
its turn (a server restarted, a record loaded) finishes it, and a move the
rules refuse is logged and replaced by a legal one, in the kernel's loop,
the terminal's ``play --load`` and the web table: no game stalls."""

from __future__ import annotations

import logging

import pytest
from typer.testing import CliRunner

from machiavelli.app.saves import write_record
from machiavelli.cli import app as cli
from machiavelli.core import registry
from machiavelli.core.bots import bot_seed, play_out
from machiavelli.core.errors import IllegalAction
from machiavelli.core.fallback import fallback_action
from machiavelli.core.records import GameRecord, Seat
from machiavelli.app import library

from web_support import folders  # noqa: F401


def mid_turn(name: str, players: int = 2, variant: str = "bga", person: bool = False):
    """A game stopped just after the computer ``name`` put cards down, before it
    ended its turn (with ``person``: in a seat other than 0, which a person takes),
    where a fresh player of that name would plan the turn as if it began now and
    find nothing but ``draw`` (which the rules refuse once cards are down)."""
    v = library.load_variant(variant)
    for seed in range(40):
        game = registry.game(v.game).new_game(v, players, seed)
        bots = [registry.make_bot(name, bot_seed(seed, s), v.game) for s in range(players)]
        for _ in range(3000):
            seat = game.to_move()[0]
            entry = game.apply(bots[seat].choose(game.view(seat)), seat)
            if game.outcome is not None:
                break
            if not entry.ends_turn and game.view(seat).played_from_hand and not (person and seat == 0):
                fresh = registry.make_bot(name, bot_seed(seed, seat), v.game)
                if not hasattr(fresh, "plan") or str(fresh.plan(game.view(seat))[0]) == "draw":
                    return game, seat
    pytest.skip("no deal where the computer stops mid-turn")


@pytest.mark.parametrize("name", sorted(registry.bots("machiavelli")))
def test_every_machiavelli_computer_finishes_a_turn_found_under_way(name):
    game, seat = mid_turn(name)
    fresh = registry.make_bot(name, bot_seed(game.seed, seat), "machiavelli")
    turn = game.turn_number
    for _ in range(200):  # a fresh player, as after a restart: it goes on from the state
        game.apply(fresh.choose(game.view(seat)), seat)
        if game.turn_number != turn or game.outcome is not None:
            break
    assert game.turn_number != turn or game.outcome is not None


class Stubborn:
    """A computer player that only ever answers ``draw``, refused once it has played."""

    def __init__(self, inner):
        self.inner = inner
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        if view.played_from_hand:
            return registry.game("machiavelli").parse_action("draw", view.variant)
        return self.inner.choose(view)


def test_a_refused_computer_move_is_logged_and_answered_with_a_legal_move(caplog):
    game, seat = mid_turn("beginner")
    players = [registry.make_bot("greedy", s, "machiavelli") for s in range(game.players)]
    players[seat] = Stubborn(players[seat])
    with pytest.raises(IllegalAction):  # by default (simulations, tests) a refusal is a bug and is said
        play_out(game.clone(), [Stubborn(registry.make_bot("greedy", s, "machiavelli")) for s in range(2)])
    with caplog.at_level(logging.WARNING, logger="machiavelli.computers"):
        outcome = play_out(game, players, steady=True,
                           names=["stubborn" if s == seat else "greedy" for s in range(game.players)])
    assert outcome is not None
    assert "draw-after-play" in caplog.text and "stubborn" in caplog.text


def test_the_fallback_ends_a_turn_under_way_with_end_or_restore():
    game, seat = mid_turn("beginner")
    action = fallback_action(game, seat)
    assert str(action) in ("end", "restore")
    assert game.apply(action, seat).ends_turn


@pytest.mark.parametrize("variant", ["cicera", "si-se-pai"])
def test_the_fallback_is_legal_in_every_game(variant):
    v = library.load_variant(variant)
    game = registry.game(v.game).new_game(v, 4, 3)
    for _ in range(60):
        if game.outcome is not None:
            break
        seat = game.to_move()[0]
        action = fallback_action(game, seat)
        assert action in game.legal_actions(seat)
        game.apply(action, seat)


def test_play_load_of_a_record_saved_in_a_computers_turn_finishes_the_game(tmp_path):
    game, _seat = mid_turn("beginner")
    path = tmp_path / "stopped.json"
    write_record(path, GameRecord.of(game, [Seat("beginner"), Seat("beginner")]), force=True)
    result = CliRunner().invoke(cli, ["play", "--load", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output


# -- the web table ---------------------------------------------------------------------------------


def web_table(game, seats, computer_seat):
    """A table as the server reads it back after a restart: the person in
    the other seat, the computer's turn under way."""
    from machiavelli.app.web.tables import Table

    tokens = [None if s == computer_seat else f"token-{s}" for s in range(game.players)]
    return Table("stopped", game, [Seat(p) for p in seats], tokens, "en", stored=len(game.log))


def settle_and_draw(client, server, table, person):
    """The person draws whenever it is their turn, until the game is over."""
    for _ in range(400):
        assert server.computers.settled(30), "the computers never stopped"
        if table.game.outcome is not None:
            return
        assert table.computer_to_move() is None, "a computer is to move but no one plays it"
        r = client.post(f"/api/games/stopped/actions?token=token-{person}", json={"command": "draw"})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_a_server_restarted_in_a_computers_turn_goes_on_to_the_end(folders):
    from starlette.testclient import TestClient

    from machiavelli.app.web.server import create_app
    from machiavelli.app.web.tables import Tables

    game, seat = mid_turn("beginner", person=True)
    seats = ["human" if s != seat else "beginner" for s in range(game.players)]
    tables = Tables(save=False)
    table = web_table(game, seats, seat)
    tables.store.add(table.saved())  # as it was kept before the restart
    tables.hold(table)
    app = create_app(tables, lang="en", pause=0)
    with TestClient(app) as client:  # its start wakes the computers of the games it holds
        settle_and_draw(client, app.state.server, table, 1 - seat)


def test_a_refused_computer_move_at_the_web_table_is_logged_and_the_game_goes_on(folders, caplog):
    from starlette.testclient import TestClient

    from machiavelli.app.web.server import create_app
    from machiavelli.app.web.tables import Tables

    game, seat = mid_turn("beginner", person=True)
    seats = ["human" if s != seat else "beginner" for s in range(game.players)]
    tables = Tables(save=False)
    table = web_table(game, seats, seat)
    table._bots[seat] = Stubborn(registry.make_bot("greedy", 1, "machiavelli"))
    tables.store.add(table.saved())  # as it was kept before the restart
    tables.hold(table)
    app = create_app(tables, lang="en", pause=0)
    with caplog.at_level(logging.WARNING, logger="machiavelli.computers"), TestClient(app) as client:
        settle_and_draw(client, app.state.server, table, 1 - seat)
    assert "draw-after-play" in caplog.text and "a legal move is played for it" in caplog.text
