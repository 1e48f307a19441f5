"""Game records: a game is its resolved variant, seed, seats and actions.

The record is versioned JSON, read and written as strings (files are the
application's business)::

    {
      "format": "machiavelli-game-record",
      "version": 1,
      "variant": {...every resolved parameter, name included...},
      "seed": 42,
      "seats": [{"player": "random"}, {"player": "human", "name": "Ann"}],
      "actions": [
        {"seat": 1, "action": "play 5C 6C 7C"},
        {"seat": 1, "action": "end"}
      ],
      "result": {"winners": [1], "reason": "went-out"}
    }

Version 2 changed how Sì Sè Pái is conducted (every seat answers every
offer of a card, so that nobody learns who could claim it): a record
reads back with the version it was written in, and a game that plays by
an older version's conduct offers ``as_of(version)``, which the replay
calls on the game just dealt, and ``record_version``, which its record
keeps. Records of every other game are written as version 1, as before.

A game that ends with nobody winning (a drawn deal) has ``"winners": []``.
In a game of teams the result also names the ``teams`` (seats of each) and
their ``points``: ``{"winners": [0, 2], "reason": "higher-total",
"teams": [[0, 2], [1, 3]], "points": [9, 4]}``.

Seats count from 0 in turn order. ``actions`` lists every accepted action,
steps inside turns included (a record saved mid-turn continues mid-turn).
``result`` is informative: replaying must reach it, or the record is
rejected as inconsistent. Anything damaged, truncated or foreign raises
:class:`RecordError` naming what is wrong.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Sequence

from pydantic import ValidationError

from . import registry
from .actions import Action
from .errors import IllegalAction, NotationError, RecordError, SetupError, VariantError
from .game import GameState, Outcome
from .numbers import NumberTooLong, parse_json_int
from .registry import DEFAULT_GAME, GameDefinition
from .variant import Variant
from .variant_problems import _problem_of

FORMAT = "machiavelli-game-record"
VERSION = 2
MAX_RECORD_CHARS = 16_000_000
MAX_ACTIONS = 200_000
MAX_ACTION_CHARS = 2_000
MAX_NAME_CHARS = 64


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: the kind of player (``random``, ``human``, ...)
    and, optionally, a name to show."""

    player: str
    name: str | None = None

    def as_dict(self) -> dict[str, str]:
        return {"player": self.player, **({"name": self.name} if self.name is not None else {})}


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game exactly."""

    variant: Variant
    seed: int
    seats: tuple[Seat, ...]
    actions: tuple[tuple[int, Action], ...] = ()
    result: Outcome | None = None
    #: The dealer, when the game did not draw it from the seed (a later
    #: deal of a match: the deal passes on).
    dealer: int | None = None
    #: The format version the game was played by (see the module's docstring).
    version: int = VERSION

    @classmethod
    def of(cls, game: GameState, seats: Sequence[Seat]) -> "GameRecord":
        """The record of a game so far."""
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players}")
        dealer = getattr(game, "dealer", None) if getattr(game, "dealer_given", False) else None
        return cls(game.variant, game.seed, tuple(seats),
                   tuple((e.seat, e.action) for e in game.log), game.outcome, dealer,
                   getattr(game, "record_version", 1))

    def new_game(self) -> Any:
        """The game as dealt, before any action."""
        try:
            new_game = _definition(self.variant.game).new_game
            if self.dealer is not None:
                game = new_game(self.variant, len(self.seats), self.seed, dealer=self.dealer)  # type: ignore[call-arg]
            else:
                game = new_game(self.variant, len(self.seats), self.seed)
            as_of = getattr(game, "as_of", None)
            if as_of is not None:
                as_of(self.version)
            return game
        except SetupError as exc:
            raise RecordError("record-setup", detail=exc.message) from None
        except TypeError:
            raise RecordError("record-setup", detail="this game cannot be dealt by a chosen dealer",
                              why="no-chosen-dealer") from None

    def replay(self) -> Any:
        """Re-execute every action; the game reaches exactly the recorded state."""
        game = self.new_game()
        deck = self.variant.deck
        for index, (seat, action) in enumerate(self.actions, 1):
            try:
                game.apply(action, seat)
            except IllegalAction as exc:
                raise RecordError("record-action", index=index, action=action.text(deck), detail=exc.code,
                                  seat=seat, why="refused-action", cause={"code": exc.code, **exc.params},
                                  game=self.variant.game) from None
        if self.result is not None and self.result != game.outcome:
            raise RecordError("record-result", detail="replaying the actions does not give the recorded result",
                              why="result-differs")
        return game

    def continues(self, other: "GameRecord") -> bool:
        """Whether this record is ``other`` played further (or the same):
        saving it over ``other`` loses nothing."""
        return (
            self.seed == other.seed
            and self.seats == other.seats
            and self.variant.parameters() == other.variant.parameters()
            and self.actions[: len(other.actions)] == other.actions
        )

    # -- text ------------------------------------------------------------------

    def dumps(self) -> str:
        """The record as JSON text, one action per line."""
        deck = self.variant.deck
        head = {
            "format": FORMAT,
            "version": self.version,
            "variant": self.variant.parameters(),
            "seed": self.seed,
            **({"dealer": self.dealer} if self.dealer is not None else {}),
            "seats": [s.as_dict() for s in self.seats],
        }
        lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
        actions = [json.dumps({"seat": seat, "action": action.text(deck)}, ensure_ascii=False)
                   for seat, action in self.actions]
        lines.append('  "actions": [' + ("\n    " + ",\n    ".join(actions) + "\n  " if actions else "") + "],")
        lines.append(f'  "result": {json.dumps(self.result.as_dict() if self.result else None)}')
        return "{\n" + "\n".join(lines) + "\n}\n"

    @classmethod
    def loads(cls, text: str | bytes) -> "GameRecord":
        """Read a record; raises RecordError naming what is wrong."""
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError("record-too-large", size=len(text), limit=MAX_RECORD_CHARS)
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError("not-a-record", detail="not UTF-8 text", why="not-utf8") from None
        if not text.strip():
            raise RecordError("record-damaged", line=1, detail="the file is empty", why="empty-file")
        try:
            data = json.loads(text, parse_int=parse_json_int)
        except json.JSONDecodeError as exc:
            if text.lstrip()[:1] not in ("{", "["):
                raise RecordError("not-a-record", detail="not JSON", why="not-json") from None
            raise RecordError("record-damaged", line=exc.lineno, detail=exc.msg) from None
        except NumberTooLong as exc:
            raise RecordError("record-damaged", line=_line_of_digits(text, exc.digits), detail=str(exc)) from None
        except RecursionError:
            raise RecordError("record-damaged", line=1, detail="nested too deeply", why="json-depth") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> "GameRecord":
        """A record from parsed JSON (see :meth:`loads`)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not-a-record", detail=f"no \"format\": \"{FORMAT}\"", why="no-format", format=FORMAT)
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise _field("version", "field-whole-from", "a whole number from 1", low=1)
        if version > VERSION:
            raise RecordError("record-version", version=version, supported=VERSION)
        variant = _variant(data.get("variant"))
        definition = _definition(variant.game)
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise _field("seed", "field-whole-from", "a whole number from 0", low=0)
        seats = _seats(data.get("seats"))
        dealer = data.get("dealer")
        if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)
                                   or not 0 <= dealer < len(seats)):
            raise _field("dealer", "field-seat", "a seat number")
        actions = _actions(data.get("actions"), len(seats), variant, definition)
        result = _result(data.get("result", None), len(seats), definition)
        return cls(variant, seed, seats, actions, result, dealer, version)


def _line_of_digits(text: str, digits: int) -> int:
    """The line of the first run of exactly ``digits`` digits: where the
    number too long is (or, rarely, a string as long before it), found in
    one pass."""
    for found in re.finditer("[0-9]+", text):
        if found.end() - found.start() == digits:
            return text.count("\n", 0, found.start()) + 1
    return 1


def _field(path: str, why: str, expected: str, **values: Any) -> RecordError:
    """A field that is not what it must be: ``why`` (the reason code the
    application translates, with ``values``), ``expected`` in English."""
    return RecordError("record-field", field=path, detail=f"{path} must be {expected}", why=why, **values)


def _definition(game: str) -> GameDefinition:
    try:
        return registry.game(game)
    except VariantError:
        raise RecordError("record-game", field="variant.game", game=game,
                          detail=f"no game called {game[:40]!r} is installed") from None


def _variant(data: Any) -> Variant:
    if not isinstance(data, dict):
        raise _field("variant", "field-variant", "the variant's parameters")
    game = data.get("game", DEFAULT_GAME)
    if not isinstance(game, str):
        raise _field("variant.game", "field-game", "the name of a game")
    try:
        return _definition(game).variant_schema.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        schema = _definition(game).variant_schema
        loc, _, problem = _problem_of(first, data, schema)
        where = ".".join(str(p) for p in loc) or where
        # As a variant file's problems are given (Problem.as_dict): a check
        # across keys brings its values as pairs, the message wants a mapping.
        if isinstance(problem.get("values"), tuple):
            problem["values"] = dict(problem["values"])
        raise RecordError("record-variant", field="variant." + where if where else "variant",
                          detail=first["msg"], problems=(problem,)) from None


def _short_string(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME_CHARS


def _seats(data: Any) -> tuple[Seat, ...]:
    if not isinstance(data, list) or not 2 <= len(data) <= 16:
        raise _field("seats", "field-seats", "a list of 2 to 16 seats", low=2, high=16)
    seats = []
    for k, item in enumerate(data):
        if not isinstance(item, dict) or not _short_string(item.get("player")):
            raise _field(f"seats[{k}].player", "field-name", f"a name of 1 to {MAX_NAME_CHARS} characters",
                         limit=MAX_NAME_CHARS)
        name = item.get("name")
        if name is not None and not _short_string(name):
            raise _field(f"seats[{k}].name", "field-name", f"a name of 1 to {MAX_NAME_CHARS} characters",
                         limit=MAX_NAME_CHARS)
        seats.append(Seat(item["player"], name))
    return tuple(seats)


def _actions(data: Any, players: int, variant: Variant, definition: GameDefinition) -> tuple[tuple[int, Action], ...]:
    if not isinstance(data, list) or len(data) > MAX_ACTIONS:
        raise _field("actions", "field-actions", f"a list of at most {MAX_ACTIONS} actions", limit=MAX_ACTIONS)
    out = []
    for k, item in enumerate(data):
        if not isinstance(item, dict):
            raise _field(f"actions[{k}]", "field-action", "an object with seat and action")
        seat, text = item.get("seat"), item.get("action")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise _field(f"actions[{k}].seat", "field-seat-up-to", f"a seat number from 0 to {players - 1}",
                         high=players - 1)
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            raise _field(f"actions[{k}].action", "field-action-text", "an action in text")
        try:
            out.append((seat, definition.parse_action(text, variant)))
        except NotationError as exc:
            raise RecordError("record-action", index=k + 1, action=text[:60], detail=exc.code, seat=seat,
                              why="refused-action", cause={"code": exc.code, **exc.params}) from None
    return tuple(out)


def _result(data: Any, players: int, definition: GameDefinition) -> Outcome | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise _field("result", "field-result", "null or an object with winners and reason")
    winners, reason = data.get("winners"), data.get("reason")
    # No winner is a result too (a drawn deal of Sì Sè Pái): an empty list is read.
    if (not isinstance(winners, list)
            or any(not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < players for w in winners)):
        raise _field("result.winners", "field-seats-list", "a list of seat numbers")
    reasons = tuple(definition.terminations)
    if reason not in reasons:
        raise _field("result.reason", "field-choice", " or ".join(reasons), choices=", ".join(reasons))
    teams, points = data.get("teams", []), data.get("points", [])
    if (not isinstance(teams, list) or len(teams) > players
            or any(not isinstance(t, list) or not t or any(not isinstance(s, int) or isinstance(s, bool)
                                                           or not 0 <= s < players for s in t) for t in teams)):
        raise _field("result.teams", "field-teams", "a list of teams, each a list of seat numbers")
    if (not isinstance(points, list) or len(points) != len(teams)
            or any(not isinstance(p, int) or isinstance(p, bool) for p in points)):
        raise _field("result.points", "field-points", "one whole number per team")
    return Outcome(tuple(winners), definition.terminations(reason), tuple(tuple(t) for t in teams), tuple(points))

