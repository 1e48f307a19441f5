"""The player levels: beginner, casual, club and expert."""

from __future__ import annotations

import dataclasses
import statistics

import pytest

from machiavelli.app.library import load_variant, shipped_names
from machiavelli.core import registry
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.games.machiavelli.actions import End
from machiavelli.games.machiavelli.game import Game
from machiavelli.games.machiavelli.levels import LEVELS, Level, LevelBot

NAMES = ("beginner", "casual", "club", "expert")


def test_the_levels_are_registered_beside_the_other_players():
    found = registry.bots("machiavelli")
    assert {"random", "greedy", "solver", "fallible", *NAMES} <= set(found)
    for name in NAMES:
        bot = make_bot(name, 5)
        assert isinstance(bot, LevelBot) and bot.level is LEVELS[name]


def test_parameters_are_valid_and_distinct():
    assert tuple(LEVELS) == NAMES
    seen = set()
    for name, level in LEVELS.items():
        assert level.name == name
        assert level.__doc__  # the dataclass's; each level has its own rationale in the module
        params = level.parameters()
        assert set(params) == {"notice", "reach", "attempt", "slip", "hold"}
        Level(name, **params)  # validates
        key = tuple(params.values())
        assert key not in seen
        seen.add(key)
    # Weakest first: more noticed, further reach, fewer slips.
    levels = list(LEVELS.values())
    for weaker, stronger in zip(levels, levels[1:]):
        assert weaker.notice <= stronger.notice
        assert (stronger.reach is None) or (weaker.reach is not None and weaker.reach <= stronger.reach)
    assert LEVELS["expert"].reach is None and LEVELS["expert"].slip == 0


@pytest.mark.parametrize("bad", [
    dict(notice=0.0), dict(notice=1.5), dict(slip=-0.1), dict(hold=2.0), dict(reach=-1),
    dict(reach=0, attempt=0.5), dict(reach=0, slip=0.1),
])
def test_invalid_parameters_are_refused(bad):
    params = {**LEVELS["club"].parameters(), **bad}
    with pytest.raises(ValueError):
        Level("odd", **params)


def test_levels_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        LEVELS["club"].slip = 0.5  # type: ignore[misc]


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
def test_every_level_plays_whole_games_of_every_variant(name):
    """Every action is accepted: a level has no second try, so a rejection raises."""
    variant = load_variant(name)
    for seed in range(2):
        seats = NAMES[seed:] + NAMES[:seed]
        game = Game(variant, len(seats), seed)
        outcome = play_out(game, [make_bot(s, bot_seed(seed, i)) for i, s in enumerate(seats)])
        assert outcome is not None and outcome.winners
    # The fewest players of one level, for the levels that rearrange least.
    fewest = max(2, variant.players.min)
    for level in ("beginner", "casual"):
        game = Game(variant, fewest, 7)
        assert play_out(game, [make_bot(level, bot_seed(7, i)) for i in range(fewest)]) is not None


def _positions(count: int):
    """Positions at the start of a turn, from games between greedy players."""
    variant = load_variant("bga")
    found = []
    seed = 0
    while len(found) < count:
        game = Game(variant, 4, seed)
        bots = [make_bot("greedy", bot_seed(seed, s)) for s in range(4)]
        turn = game.turn_number
        while game.outcome is None and len(found) < count:
            if game.turn_number != turn and game.turn_number % 6 == 0:
                found.append(game.clone())
            turn = game.turn_number
            seat = game.current
            game.apply(bots[seat].choose(game.view(seat)), seat)
        seed += 1
    return found


def _placed(level: str, game: Game, seed: int) -> int:
    """Hand cards the level puts down on this turn."""
    game = game.clone()
    seat = game.current
    actions = make_bot(level, seed).plan(game.view(seat))
    if not isinstance(actions[-1], End):
        return 0
    for action in actions[:-1]:
        game.apply(action, seat)
    return len(game.view(seat).played)


def test_stronger_levels_place_at_least_as_many_cards_on_average():
    positions = _positions(30)
    means = {
        level: statistics.mean(_placed(level, game, seed) for game in positions for seed in range(2))
        for level in NAMES
    }
    assert means["beginner"] <= means["casual"] <= means["club"] <= means["expert"], means
    assert means["beginner"] < means["expert"]


def test_expert_plays_as_the_solver_player():
    for game in _positions(12):
        view = game.view(game.current)
        assert make_bot("expert", 3).plan(view) == make_bot("solver", 3).plan(view)


def test_levels_that_give_up_rearrangements_restore_sometimes():
    variant = load_variant("bga")
    restores = {name: 0 for name in NAMES}
    for seed in range(4):
        seats = NAMES[seed:] + NAMES[:seed]
        game = Game(variant, 4, seed)
        play_out(game, [make_bot(s, bot_seed(seed, i)) for i, s in enumerate(seats)])
        for entry in game.log:
            if entry.action.verb == "restore":
                restores[seats[entry.seat]] += 1
    for name, level in LEVELS.items():
        if level.slip:
            assert restores[name] > 0, restores
        else:
            assert restores[name] == 0, restores


def _log(game: Game):
    return [(e.seat, e.action.text(), e.drew) for e in game.log]


def test_games_are_reproducible_from_the_seed():
    variant = load_variant("bga")
    logs = []
    for _ in range(2):
        game = Game(variant, 4, 21)
        play_out(game, [make_bot(s, bot_seed(21, i)) for i, s in enumerate(NAMES)])
        logs.append(_log(game))
    assert logs[0] == logs[1]


def test_a_game_taken_up_at_a_turn_boundary_goes_on_identically():
    """Behaviour is re-seeded per turn: fresh players (as after loading a
    record) carry on exactly as the players that started the game."""
    variant = load_variant("bga")
    whole = Game(variant, 4, 33)
    play_out(whole, [make_bot(s, bot_seed(33, i)) for i, s in enumerate(NAMES)])

    game = Game(variant, 4, 33)
    bots = [make_bot(s, bot_seed(33, i)) for i, s in enumerate(NAMES)]
    while game.outcome is None and game.turn_number < 12:
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat)), seat)
    play_out(game, [make_bot(s, bot_seed(33, i)) for i, s in enumerate(NAMES)])
    assert _log(game) == _log(whole)
