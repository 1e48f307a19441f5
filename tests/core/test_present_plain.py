"""A game that brings no presentation gets the plain one
(machiavelli.core.present_plain), built from the kernel's protocol alone:
it plays at the terminal and on the web page, replays and documents its
rules from its variant schema, never with a traceback. Shown on the test
plugin's Eights with its presentation left out, and on a bare game that has
nothing beyond the protocol (no dealer, no hand, no legal actions, a view
that is not the kernel's SeatWindow)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest
from pydantic import Field
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core import i18n, registry
from machiavelli.core.actions import Action
from machiavelli.core.errors import IllegalAction, NotationError
from machiavelli.core.game import Outcome, Termination
from machiavelli.core.present import Style
from machiavelli.core.present_plain import plain
from machiavelli.core.variant import Variant

from plugin_support import EXAMPLE

runner = CliRunner()
EIGHTS = EXAMPLE / "myhouse_plugin" / "variants" / "eights.yaml"


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.use_language("en", environ={})


@pytest.fixture
def eights(monkeypatch):
    """Eights registered without its presentation."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    from myhouse_plugin.eights import GAME

    registry.games()
    registry.register_game(replace(GAME, presentation=None))
    yield registry.game("eights")
    registry._GAMES.pop("eights", None)
    registry._BOTS.pop("eights", None)


def test_presentation_of_gives_the_plain_one_to_a_game_without_its_own(eights):
    from machiavelli.app.presented import presentation_of

    found = presentation_of("eights")
    assert found.table is not None and found.screen is None
    assert presentation_of("cicera").rules is not found.rules


def test_a_person_plays_at_the_terminal_by_number_and_by_notation(eights, tmp_path):
    record = tmp_path / "plain.json"
    result = runner.invoke(app, ["play", "--variant", str(EIGHTS), "--seat", "human", "--seat", "careful",
                                 "--seed", "3", "--record", str(record)],
                           input="help\nplay ZZ\n99\ndraw\n1\nquit\n")
    out = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), out
    assert "Traceback" not in out
    assert "Player 2 starts." in out  # no dealer in this game
    assert "Your moves (type one, or its number):\n  1. play 3D\n  2. play 4D" in out
    assert "Cards in hand: Player 1: 5; Player 2: 4" in out and "top: J♦" in out and "stock: 41" in out
    assert "Your hand (Player 1): A♥ 3♦ 4♠ 7♥ 4♦" in out
    assert "Type a move as the game writes it" in out
    assert "Not a card: ZZ" in out
    assert "Not a move: 99. Type a move as the list of your moves writes it, or its number." in out
    assert "The rules refuse this move (must-play)." in out  # the game's own code, no template of the kernel's
    assert "Player 1: play 3D" in out  # move 1, narrated in the game's notation
    replayed = runner.invoke(app, ["replay", str(record), "--moves"])
    assert replayed.exit_code == 0, replayed.output
    assert "Turn 2: Player 1: play 3D" in replayed.output
    assert "  Player 1: 4 cards: A♥ 4♠ 7♥ 4♦" in replayed.output


def test_computer_players_alone_are_narrated(eights):
    result = runner.invoke(app, ["play", "--variant", str(EIGHTS), "--seat", "careful", "--players", "2",
                                 "--seed", "5", "--moves"])
    assert result.exit_code == 0, result.output
    assert "Turn 1: Player " in result.output and "Game over (went-out): Player " in result.output


@pytest.mark.parametrize("lang, expected", [
    ("en", ["eights: eights", "About these rules", "This game comes without a rules text of its own",
            "2 to 5 players.", "One deck of 52 cards: ranks A 2 3 4 5 6 7 8 9 10 J Q K, suits ♠ ♥ ♦ ♣.",
            "hand_size = 5: Cards dealt to each player.",
            "wild_rank = 8: The rank that may be played on any card (null: no wild cards).",
            "draw_when_able = no: A player who could play may draw instead.",
            "(the game's own codes): went-out and blocked."]),
    ("it", ["Giocatori e carte", "Da 2 a 5 giocatori.", "hand_size = 5: Carte date a ogni giocatore.",
            "draw_when_able = no:"]),
])
def test_the_rules_come_from_the_variant_schema(eights, lang, expected):
    result = runner.invoke(app, ["--lang", lang, "rules", "--variant", str(EIGHTS)])
    assert result.exit_code == 0, result.output
    for text in expected:
        assert text in result.output, text


def test_every_parameter_of_the_schema_is_covered(eights):
    from machiavelli.app.library import load_variant

    variant = load_variant(str(EIGHTS))
    doc = plain(eights).rules(variant)
    assert not doc.uncovered and not doc.dropped
    assert set(type(variant).model_fields) <= doc.covered


def test_the_web_table_is_built_from_the_view(eights):
    from machiavelli.app.library import load_variant

    game = eights.new_game(load_variant(str(EIGHTS)), 2, 3)
    present = plain(eights)
    look = Style(names=("Ann", "Bob"))
    mover = game.current
    drawn = present.table(game.view(mover), look)
    areas = {a.key: a for a in drawn.areas}
    assert areas["hand"].cards == game.hand(mover)
    plays = [m for m in drawn.moves if m.card is not None]
    assert plays and all(m.card in game.hand(mover) and m.text.startswith("play ") for m in plays)
    targets = [a for a in drawn.areas if a.target]
    assert len(targets) == 1 and targets[0].label == "top" and targets[0].cards == (game.top,)
    assert "stock: 41" in areas["facts"].lines and drawn.current == mover
    waiting = present.table(game.view(1 - mover), look)
    assert not waiting.moves and not any(a.target for a in waiting.areas)
    assert {a.key for a in waiting.areas} >= {"hand", "facts"}


def test_a_whole_game_on_the_web_page(eights, tmp_path, monkeypatch):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from machiavelli.app import library
    from machiavelli.app.web.server import create_app
    from machiavelli.app.web.tables import Tables

    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "eights.yaml").write_text(EIGHTS.read_text(), encoding="utf-8")
    monkeypatch.setenv("MACHIAVELLI_VARIANTS_DIR", str(tmp_path / "variants"))
    library._index_cached.cache_clear()
    try:
        with TestClient(create_app(Tables(), lang="en", pause=0)) as client:
            r = client.post("/api/games", json={"variant": "eights", "seats": ["human", "careful"], "seed": 2})
            assert r.status_code == 201, r.text
            game = r.json()
            url = f"/api/games/{game['id']}"
            token = game["seats"][0]["token"]
            for _ in range(200):
                assert client.app.state.server.computers.settled(30)
                view = client.get(f"{url}/view?token={token}").json()
                assert view["layout"]["kind"] == "areas"
                if view["result"] is not None:
                    break
                move = view["moves"][0]
                answer = client.post(f"{url}/actions?token={token}", json={"command": move["command"]})
                assert answer.status_code == 200, answer.text
            assert view["result"]["text"].startswith("Game over (")
    finally:
        library._index_cached.cache_clear()


# -- a bare game: the protocol and nothing more --------------------------------


class Count(Termination):
    REACHED = "reached"
    GAVE_UP = "gave-up"


class CountVariant(Variant):
    game: str = "countdown"
    decks: int = 1
    target: int = Field(default=10, ge=1, le=100, description="What the players count down from.")
    largest: int = Field(default=3, ge=1, le=9)


@dataclass(frozen=True)
class Take(Action):
    verb: ClassVar[str] = "take"
    n: int

    def args(self, deck: Any = None) -> list[str]:
        return [str(self.n)]


@dataclass(frozen=True)
class Stop(Action):
    verb: ClassVar[str] = "stop"


def parse(text: str, variant: Any) -> Action:
    words = text.split()
    if words == ["stop"]:
        return Stop()
    if len(words) == 2 and words[0] == "take" and words[1].isdigit():
        return Take(int(words[1]))
    raise NotationError("bad-countdown", token=text)


@dataclass
class Entry:
    turn: int
    seat: int
    action: Action
    ends_turn: bool = True
    outcome: Outcome | None = None


@dataclass
class BareView:
    """Not a SeatWindow: the protocol's facts, and the one the game adds."""

    seat: int
    players: int
    turn: int
    my_turn: bool
    outcome: Outcome | None
    left: int


class Countdown:
    """Players take 1 to ``largest`` in turn; whoever reaches 0 wins; ``stop`` ends it with no winner."""

    def __init__(self, variant: CountVariant, players: int, seed: int) -> None:
        self.variant, self.players, self.seed = variant, players, seed
        self.first = self.current = seed % players
        self.left, self.turn_number, self.outcome, self._log = variant.target, 1, None, []

    def to_move(self):
        return () if self.outcome else (self.current,)

    def apply(self, action, seat=None):
        seat = self.current if seat is None else seat
        if self.outcome is not None or seat != self.current:
            raise IllegalAction("not-your-turn", seat=seat)
        if isinstance(action, Take):
            if not 1 <= action.n <= min(self.variant.largest, self.left):
                raise IllegalAction("too-many", n=action.n)
            self.left -= action.n
            if not self.left:
                self.outcome = Outcome((seat,), Count.REACHED)
        elif isinstance(action, Stop):
            self.outcome = Outcome((), Count.GAVE_UP)
        else:
            raise IllegalAction("unknown-action", token=type(action).__name__)
        entry = Entry(self.turn_number, seat, action, True, self.outcome)
        self._log.append(entry)
        self.current, self.turn_number = (seat + 1) % self.players, self.turn_number + 1
        return entry

    def view(self, seat):
        return BareView(seat, self.players, self.turn_number, seat in self.to_move(), self.outcome, self.left)

    def hand_size(self, seat):
        return 0

    def clone(self):
        raise NotImplementedError

    @property
    def log(self):
        return tuple(self._log)

    def state(self):
        return {"game": "countdown", "left": self.left, "result": self.outcome.as_dict() if self.outcome else None}


class TakeOne:
    def __init__(self, seed: int) -> None:
        pass

    def choose(self, view):
        return Take(1)


@pytest.fixture
def countdown(tmp_path):
    from machiavelli.core.registry import GameDefinition

    registry.games()
    registry.register_game(GameDefinition(name="countdown", variant_schema=CountVariant, new_game=Countdown,
                                          parse_action=parse, terminations=Count, bots={"one": TakeOne}))
    path = tmp_path / "count.yaml"
    path.write_text("game: countdown\nname: count\ntarget: 5\nplayers: {min: 2, max: 3}\n")
    yield path
    registry._GAMES.pop("countdown", None)
    registry._BOTS.pop("countdown", None)


def test_a_bare_game_plays_at_the_terminal(countdown):
    result = runner.invoke(app, ["play", "--variant", str(countdown), "--seat", "human", "--seat", "one",
                                 "--seed", "2"], input="take 9\ntake x\ntake 2\ntake 2\n")
    out = result.output
    assert "Traceback" not in out and not isinstance(result.exception, (AttributeError, TypeError)), out
    assert "Player 1 starts." in out
    assert "Turn 1: your move." in out and "left: 5" in out
    assert "The rules refuse this move (too-many)." in out
    assert "Not a move: take x." in out
    assert "Player 1: take 2" in out and "Player 2: take 1" in out
    assert "Game over (reached): Player 1 wins." in out
    assert "  Player 1: 0 cards" in out


def test_a_bare_game_with_no_winner_and_its_rules(countdown):
    result = runner.invoke(app, ["play", "--variant", str(countdown), "--seat", "human", "--seat", "one",
                                 "--seed", "2"], input="stop\n")
    assert "Game over (gave-up): nobody wins." in result.output, result.output
    rules = runner.invoke(app, ["rules", "--variant", str(countdown)])
    assert rules.exit_code == 0, rules.output
    assert "target = 5: What the players count down from." in rules.output
    assert "largest = 3" in rules.output
    assert "A game ends in one of these ways (the game's own codes): reached and gave-up." in rules.output


def test_a_bare_game_s_view_is_drawn_without_a_hand_or_moves(countdown):
    definition = registry.game("countdown")
    present = plain(definition)
    from machiavelli.app.library import load_variant

    game = Countdown(load_variant(str(countdown)), 2, 0)
    look = Style(names=("Ann", "Bob"))
    assert present.seat_view(game.view(0), look) == ["Turn 1: your move.", "left: 5"]
    assert present.seat_view(game.view(1), look) == ["Turn 1: waiting for the others.", "left: 5"]
    drawn = present.table(game.view(0), look)
    assert not drawn.moves and [a.key for a in drawn.areas] == ["facts", "hand"]
    assert drawn.status == "Turn 1: your move."
    with pytest.raises(NotationError):
        present.read_command("take x", game.view(0))  # no variant on this view, no legal moves to match
    assert json.dumps(game.state())
