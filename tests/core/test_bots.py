import pytest

from machiavelli.core import bots, registry
from machiavelli.core.bots import bot_seed, make_bot, play_out, register_bot
from machiavelli.games.machiavelli.actions import DRAW, END, Action
from machiavelli.games.machiavelli.bots import RandomBot
from machiavelli.core.errors import IllegalAction, SetupError
from machiavelli.games.machiavelli.game import Game
from machiavelli.app.library import load_variant, shipped_names


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
def test_random_players_finish_games_of_every_size(name):
    variant = load_variant(name)
    verbs = set()
    for players in range(variant.players.min, variant.players.max + 1):
        game = Game(variant, players, players)
        outcome = play_out(game, [RandomBot(bot_seed(players, s)) for s in range(players)],
                           on_entry=lambda e: verbs.add(e.action.verb))
        assert outcome is game.outcome and outcome.winners
    # Aimless, but it uses every kind of action over a few games.
    assert verbs >= {"play", "add", "take", "move", "split", "join", "undo", "draw", "end"}


def test_the_same_seed_gives_the_same_game(bga):
    def once():
        game = Game(bga, 3, 77)
        play_out(game, [make_bot("random", bot_seed(77, s)) for s in range(3)])
        return game.log

    assert once() == once()


def test_bots_only_see_their_view(bga):
    seen = []

    class Spy(RandomBot):
        def choose(self, view):
            seen.append(view)
            return super().choose(view)

    game = Game(bga, 2, 1)
    play_out(game, [Spy(1), Spy(2)])
    assert {type(v).__name__ for v in seen} == {"View"}
    assert all(v.my_turn or game.outcome for v in seen[:-1])
    public = [name for name in dir(seen[0]) if not name.startswith("_")]
    assert "hands" not in public and "deck" not in public  # only hand_sizes and deck_count


def test_unknown_players_are_a_setup_error():
    with pytest.raises(SetupError) as caught:
        make_bot("grandmaster", 1)
    assert caught.value.code == "unknown-player" and "random" in caught.value.params["available"]


def test_registering_a_bot_makes_it_available(bga, monkeypatch):
    registry.bots()
    monkeypatch.setattr(registry, "_BOTS", {game: dict(found) for game, found in registry._BOTS.items()})

    class Drawer:
        def __init__(self, seed):
            pass

        def choose(self, view):
            return DRAW

    register_bot("drawer", Drawer)
    game = Game(bga, 2, 4)
    outcome = play_out(game, [make_bot("drawer", 0), make_bot("drawer", 1)])
    assert outcome.reason == "deck-exhausted" and outcome.winners == (0, 1)


def test_an_illegal_bot_action_is_a_bug_unless_the_player_listens(bga):
    class Stubborn:
        def __init__(self):
            self.told = []

        def choose(self, view):
            return END if not self.told else DRAW

    game = Game(bga, 2, 4)
    with pytest.raises(IllegalAction):
        play_out(game, [Stubborn(), Stubborn()])

    class Listener(Stubborn):
        def rejected(self, error):
            self.told.append(error.code)

    game = Game(bga, 2, 4)
    players = [Listener(), Listener()]
    play_out(game, players)
    assert players[game.first].told == ["nothing-played"]


def test_a_player_that_never_ends_its_turn_is_stopped(bga, monkeypatch):
    monkeypatch.setattr(bots, "MAX_STEPS_PER_TURN", 50)

    class Fidget:
        def __init__(self):
            self.n = 0

        def choose(self, view):
            self.n += 1
            return Action.parse("play " + " ".join(map(str, view.hand[:3])) if self.n % 2 else "undo")

    with pytest.raises(RuntimeError):
        play_out(Game(bga, 2, 4), [Fidget(), Fidget()])
