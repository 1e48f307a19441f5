"""The conformance kit: one battery of checks that every game of the family
passes, for a game's author to run from the game's tests::

    import pytest
    from machiavelli.core import conformance, registry

    @pytest.mark.parametrize("name", sorted(registry.games()))
    def test_the_game_conforms(name):
        definition = registry.game(name)
        conformance.check_game(definition, my_variant_of(definition))

Modelled on OpenSpiel's ``integration_tests/api_test.py``, which runs one
battery over every registered game. :func:`check_game` plays random games
(the game's ``random`` player, else the kernel's) for a few seeds and seat
counts and checks, along the way:

1. ``clone()`` is independent: an action on the copy leaves the original's
   ``state()`` unchanged, and the other way round;
2. a refused action (IllegalAction) changes nothing: ``state()``, log,
   outcome and every seat's view are as before;
3. every action's notation round-trips: ``parse_action(action.text(deck))``
   is the action;
4. a record saved at any point, and at the end, replays to the same state,
   the same outcome and the same views (:func:`check_endings` plays more
   games to reach every kind of ending);
5. no seat's view holds what it may not see (:meth:`Position.seen_by` says
   what it may know): two games staged at positions the seat cannot tell
   apart (:meth:`Position.varied`: the other hands, the deck, the seed,
   hidden answers drawn again) look the same to it; two staged with the
   hidden cards dealt again go on looking the same while both take the
   same actions and what the seat may know of them agrees (no hidden card
   kept in a log), and so do two that differ only in a secret choice (two
   answers of one verb that change nothing the others may know); an
   action that changes nothing the seat may know leaves its view as it
   was (no counter of hidden events); the seed is nowhere in a view;
6. ``legal_actions(seat)`` lists actions only for the seats that may act,
   each once; each is accepted (on a copy); and an action it does not list
   is refused (actions read from the notation of changed legal ones, legal
   ones by a seat that may not act, earlier ones again), among the kinds
   the game lists (``GameDefinition.listed``);
7. random play ends within a bound of steps;
8. a game's position, staged again (``GameDefinition.stage``), gives the
   same ``state()`` and position;
9. nothing a seat observes depends on another seat's secrets
   (:func:`check_observed`): two games staged at positions the seat cannot
   tell apart (:meth:`Position.varied`: other hands, deck, hidden answers)
   take the same actions, and at every step everything the seat is told
   (its view, legal actions, whether it is asked, the narration of each new
   log entry, the caller's ``Settings.observers`` and ``Settings.streams``,
   such as a page's version counter) is the same in both, until the seat
   learns by the rules a card that differs (the public course of the game,
   whose turn, which phase, never differs).

A view is compared as plain data (:func:`observe`): its public properties
and the methods that need nothing or one seat number, together with what
the game's presentation draws for the seat (``seat_view`` and ``table``)
and what the caller's ``Settings.observers`` make of it.
Every failure raises :class:`ConformanceError`, whose ``code`` names the
property and whose message says where. :func:`check_secret_order` (the
order of answers given unseen stays secret) is a check of its own, outside
the battery, until every shipped game passes it.
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
import random
import types
from collections import Counter, abc
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Iterator, Sequence

from pydantic import BaseModel

from . import registry
from .actions import Action
from .bots import MAX_STEPS_PER_TURN, bot_seed
from .cards import FRENCH, Card, DeckSpec
from .errors import IllegalAction, MachiavelliError, NotationError, PositionError, SetupError
from .game import GameState
from .position import Position
from .present import Presentation, Style
from .records import GameRecord, Seat
from .registry import GameDefinition
from .simulate import game_seed
from .variant import Variant

__all__ = ["ConformanceError", "Settings", "Report", "check_game", "check_endings", "observe", "lens", "check_clone",
           "check_refused", "check_notation", "check_record", "check_legal_actions", "check_views",
           "check_secret_order", "check_staging", "check_observed"]


#: Most actions a game of :func:`check_endings` may take.
MAX_STEPS = 20_000


class ConformanceError(MachiavelliError, AssertionError):
    """A game that breaks one of the kit's properties; ``code`` names it
    (``clone-shared``, ``refusal-changed``, ``notation``, ``record``,
    ``view-leak``, ``hidden-event-seen``, ``seed-in-view``, ``legal-refused``,
    ``not-listed``, ``legal-list``, ``endless``, ``staging``, ``bot-refused``,
    ``secret-observed``)."""

    code = "nonconforming"

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(code, f"{code}: {message}", **params)


@dataclass(frozen=True)
class Settings:
    """How much the kit plays: ``seeds`` (each game's seed is drawn from one
    of them: a long number, so that a view that shows it is found), the
    seat counts (None: the variant's fewest and most), the most actions a
    game may take, how many legal actions are tried at each state (and at
    the heavier states, every n-th, where the views are compared too) and
    how many other candidates.
    ``staging``: the game must offer ``position`` and ``stage`` (a game
    that cannot be set up by hand says False: then of 5 only the seed is
    looked for, and 8 is left out). ``observers``: more of what a seat is
    shown, each made from its view (the application's web page, say), held
    to the same checks as the view. ``streams``: what a seat is told that
    depends on what it was told before (a page's version counter, say):
    each, called with a seat number, makes a reader that is given the
    seat's view at every step of :func:`check_observed`. ``observed_steps``:
    how far those two games go on alike."""

    seeds: tuple[int, ...] = (1, 2, 3)
    players: tuple[int, ...] | None = None
    max_steps: int = MAX_STEPS
    legal_sample: int = 6
    heavy_sample: int = 150
    candidates: int = 12
    every: int = 7
    staging: bool = True
    observers: tuple[Callable[[Any], Any], ...] = ()
    streams: tuple[Callable[[int], Callable[[Any], Any]], ...] = ()
    observed_steps: int = 10


@dataclass
class Report:
    """What the kit did: games played, states visited, how the games ended,
    and how many times each check ran (``checks``)."""

    games: int = 0
    states: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    checks: Counter[str] = field(default_factory=Counter)

    def merge(self, other: "Report") -> None:
        self.games += other.games
        self.states += other.states
        self.endings.update(other.endings)
        self.checks.update(other.checks)


# -- the battery ---------------------------------------------------------------

def check_game(definition: GameDefinition, variant: Variant, settings: Settings = Settings()) -> Report:
    """Every check of the module's docstring over random games of ``variant``;
    raises :class:`ConformanceError` at the first failure."""
    if settings.staging and (definition.position is None or definition.stage is None):
        raise ConformanceError("staging", f"{definition.name} offers no position and stage "
                                          "(Settings(staging=False) for a game that cannot be set up by hand)")
    report = Report()
    counts = settings.players or tuple(sorted({variant.players.min, variant.players.max}))
    for players in counts:
        for base in settings.seeds:
            seed = game_seed(base, players)
            report.merge(_play_checked(definition, variant, players, seed, settings))
    return report


def check_endings(definition: GameDefinition, variant: Variant, games: int = 80, seed: int = 1,
                  wanted: Sequence[str] | None = None, players: Sequence[str] = ("random",)) -> Report:
    """Plays up to ``games`` games (the computer ``players`` named, in turn
    at each seat) until every ending in ``wanted`` (default: every
    termination of the game) was seen, and checks the record of each game
    replays. ``Report.endings`` says which were reached."""
    report = Report()
    names = list(players)
    goal = set(wanted if wanted is not None else (str(t) for t in definition.terminations))
    counts = sorted({variant.players.min, variant.players.max})
    for i in range(games):
        if goal <= set(report.endings):
            break
        seats = counts[i % len(counts)]
        game = definition.new_game(variant, seats, game_seed(seed, i))
        bots = [registry.make_bot(names[(i + s) % len(names)], bot_seed(game.seed, s), definition.name)
                for s in range(seats)]
        steps = 0
        while game.outcome is None:
            seat = game.to_move()[0]
            try:
                game.apply(bots[seat].choose(game.view(seat)), seat)
            except IllegalAction as refused:
                raise ConformanceError("bot-refused", f"{definition.name}: a computer player's action was "
                                                      f"refused ({refused.code})") from None
            steps += 1
            if steps > MAX_STEPS:
                raise ConformanceError("endless", f"{definition.name}: no end after {steps} actions")
        check_record(game, report)
        report.games += 1
        report.endings[str(game.outcome.reason)] += 1
    return report


def _play_checked(definition: GameDefinition, variant: Variant, players: int, seed: int,
                  settings: Settings) -> Report:
    """One random game, every check at the states it passes through."""
    report = Report(games=1)
    rng = random.Random(seed)
    game = definition.new_game(variant, players, seed)
    bots = [registry.make_bot("random", bot_seed(seed, s), definition.name) for s in range(players)]
    look = lens(definition, settings.observers)
    history: list[tuple[int, Action]] = []
    # States where a record is saved and replayed, besides the end.
    saves = {rng.randrange(1, 200) for _ in range(2)}
    steps = per_turn = 0
    turn = game.turn_number
    while game.outcome is None:
        heavy = steps % settings.every == 0
        report.states += 1
        lists = [list(game.legal_actions(s)) for s in range(players)]
        check_legal_actions(definition, game, rng, settings, report, history, heavy=heavy, lists=lists)
        if heavy:
            check_views(definition, game, rng, report, look, staging=settings.staging, lockstep=False)
            if settings.staging:
                check_staging(definition, game, report)
                # From the deal every seat, later one in turn: each pair plays on for several steps.
                seats = range(players) if not steps else (steps // settings.every % players,)
                for observer in seats:
                    check_observed(definition, game, observer, rng, report, look, settings)
        if settings.staging:  # at every state: secret answers are rare
            _check_secret_choices(definition, game, rng, report, look, 8)
        if steps in saves:
            check_record(game, report, look)
        seat = rng.choice(game.to_move())
        action = bots[seat].choose(game.view(seat))
        check_notation(definition, variant, action, report)
        _step(definition, game, seat, action, lists[seat], rng, report, look, settings)
        history.append((seat, action))
        steps += 1
        per_turn = per_turn + 1 if game.turn_number == turn else 0
        turn = game.turn_number
        if steps > settings.max_steps or per_turn > MAX_STEPS_PER_TURN:
            raise ConformanceError("endless", f"{definition.name}: random play has not ended after {steps} "
                                              f"actions (seed {seed}, {players} players)", seed=seed)
    report.endings[str(game.outcome.reason)] += 1
    check_legal_actions(definition, game, rng, settings, report, history, heavy=True)
    check_views(definition, game, rng, report, look, staging=False)
    check_record(game, report, look)
    return report


def _step(definition: GameDefinition, game: GameState, seat: int, action: Action, options: Sequence[Action],
          rng: random.Random, report: Report, look: Look, settings: Settings) -> None:
    """Apply the player's action, checking that a copy made before stays as
    it was, that an action on the copy leaves the game alone (1), and that
    no seat saw what it may not (5)."""
    twin = game.clone()
    before = game.state()
    seen = _seen(definition, game) if settings.staging else None
    try:
        game.apply(action, seat)
    except IllegalAction as refused:
        raise ConformanceError("bot-refused", f"{definition.name}: the random player's {_text(action)!r} was "
                                              f"refused ({refused.code})") from None
    if twin.state() != before:
        raise ConformanceError("clone-shared", f"{definition.name}: {_text(action)!r} on the game changed its "
                                               f"copy: {_first_difference(before, twin.state())}")
    report.checks["clone"] += 1
    if seen is not None:
        _check_hidden_event(definition, twin, game, seat, seen, report, look, settings.streams)
    after = game.state()
    if options:
        other = rng.choice(list(options))
        try:
            twin.apply(other, seat)
        except IllegalAction:
            pass  # the legal list is checked on its own
        if game.state() != after:
            raise ConformanceError("clone-shared", f"{definition.name}: {_text(other)!r} on a copy changed the "
                                                   f"game: {_first_difference(after, game.state())}")
        report.checks["clone"] += 1


# -- 1. copies -------------------------------------------------------------------

def check_clone(game: GameState, action: Action, seat: int) -> None:
    """``action`` by ``seat`` on a copy of ``game`` leaves the game as it was."""
    before = game.state()
    twin = game.clone()
    try:
        twin.apply(action, seat)
    except IllegalAction:
        pass
    if game.state() != before:
        raise ConformanceError("clone-shared", f"{_text(action)!r} on a copy changed the game: "
                                               f"{_first_difference(before, game.state())}")


# -- 2. refusals --------------------------------------------------------------------

def _snapshot(game: GameState, look: Look) -> tuple[Any, ...]:
    return (game.state(), tuple(game.log), game.outcome, game.turn_number, game.to_move(),
            [look(game.view(s)) for s in range(game.players)])


def check_refused(game: GameState, action: Action, seat: int, look: Look | None = None) -> None:
    """``action`` by ``seat`` is refused, and changes nothing: ``state()``,
    log, outcome, whose move and every seat's view (read by ``look``,
    :func:`observe` by default) are as before."""
    look = look or observe
    before = _snapshot(game, look)
    try:
        game.apply(action, seat)
    except IllegalAction:
        pass
    else:
        raise ConformanceError("refusal-changed", f"{_text(action)!r} by seat {seat} was expected to be refused")
    after = _snapshot(game, look)
    if after != before:
        raise ConformanceError("refusal-changed", f"the refused {_text(action)!r} by seat {seat} changed "
                                                  f"{_first_difference(before, after)}")


# -- 3. notation -------------------------------------------------------------------

def check_notation(definition: GameDefinition, variant: Variant, action: Action,
                   report: Report | None = None) -> None:
    """``action``'s text, read back with the game's ``parse_action``, is the
    action, and writes the same text."""
    text = action.text(variant.deck)
    try:
        again = definition.parse_action(text, variant)
    except NotationError as refused:
        raise ConformanceError("notation", f"{definition.name} cannot read its own {text!r} ({refused.code})",
                               action=text) from None
    if again != action or again.text(variant.deck) != text:
        raise ConformanceError("notation", f"{text!r} reads back as {again!r}, not {action!r}", action=text)
    if report is not None:
        report.checks["notation"] += 1


# -- 4. records ----------------------------------------------------------------------

def check_record(game: GameState, report: Report | None = None, look: Look | None = None) -> None:
    """The game's record, written and read back, replays to the same state,
    outcome and log length, and every seat sees the replayed game as this
    one (read by ``look``, :func:`observe` by default)."""
    look = look or observe
    seats = tuple(Seat("random") for _ in range(game.players))
    text = GameRecord.of(game, seats).dumps()
    try:
        again = GameRecord.loads(text).replay()
    except MachiavelliError as refused:
        raise ConformanceError("record", f"the record of {game.variant.game} at action {len(game.log)} "
                                         f"({game.outcome.reason if game.outcome else 'going on'}) is refused: "
                                         f"{refused.message}") from None
    if (again.state(), again.outcome, len(again.log)) != (game.state(), game.outcome, len(game.log)):
        raise ConformanceError("record", f"the record replays to another state: "
                                         f"{_first_difference(game.state(), again.state())}")
    for seat in range(game.players):
        mine, theirs = look(game.view(seat)), look(again.view(seat))
        if mine != theirs:
            raise ConformanceError("record", f"seat {seat} sees the replayed game otherwise: "
                                             f"{_first_difference(mine, theirs)}")
    if report is not None:
        report.checks["record"] += 1


# -- 5. what each seat sees ------------------------------------------------------------------

def observe(view: Any, presentation: Presentation | None = None,
            observers: Sequence[Callable[[Any], Any]] = ()) -> dict[str, Any]:
    """Everything ``view`` offers, as plain data: each public property, each
    public method that needs no argument (called) or one seat number
    (called for every seat), with the game's ``presentation`` the lines of
    ``seat_view`` and the ``table`` it draws, and what each of
    ``observers`` makes of the view (the application's page, say). Values
    become plain data: cards (as the deck writes them), actions (values
    themselves), dataclasses, sequences and mappings in full; any other
    object only by its type."""
    out: dict[str, Any] = {}
    players = view.players
    deck = getattr(getattr(view, "variant", None), "deck", None)
    plain = _Plain(deck if isinstance(deck, DeckSpec) else FRENCH)
    for name in sorted(dir(type(view))):
        if name.startswith("_"):
            continue
        member = inspect.getattr_static(view, name)
        if isinstance(member, (property, types.MemberDescriptorType, types.GetSetDescriptorType)):
            out[name] = plain.call(lambda: getattr(view, name))
        elif inspect.isfunction(member):
            bound = getattr(view, name)
            needed = [p for p in inspect.signature(bound).parameters.values()
                      if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            if not needed:
                out[name + "()"] = plain.call(bound)
            elif len(needed) == 1:
                out[name + "(seat)"] = [plain.call(partial(bound, s)) for s in range(players)]
    if presentation is not None:
        style = Style(names=tuple(f"Player {s + 1}" for s in range(players)))
        out["presentation.seat_view"] = plain.call(lambda: presentation.seat_view(view, style))
        if presentation.table is not None:
            table = presentation.table
            out["presentation.table"] = plain.call(lambda: table(view, style))
    for k, observer in enumerate(observers):
        out[f"observer[{k}]"] = plain.call(partial(observer, view))
    return out


#: How the kit reads a seat's view: :func:`observe` with what the game and the caller add.
Look = Callable[[Any], dict[str, Any]]


def lens(definition: GameDefinition, observers: Sequence[Callable[[Any], Any]] = ()) -> Look:
    """How the kit reads a seat's view of ``definition``'s game: the view,
    what the game's presentation draws of it, and ``observers``."""
    presentation = definition.presentation() if definition.presentation is not None else None
    return partial(observe, presentation=presentation, observers=tuple(observers))


@dataclass(frozen=True)
class _Plain:
    """Values as plain data: cards written with ``deck``, actions kept as
    they are (small immutable values, compared by value)."""

    deck: DeckSpec
    texts: dict[Card, str] = field(default_factory=dict)

    def call(self, read: Callable[[], Any]) -> Any:
        try:
            return self(read())
        except Exception as exc:  # noqa: BLE001 - a view that raises for one seat is compared as such
            return f"<raises {type(exc).__name__}>"

    def __call__(self, value: Any, depth: int = 0) -> Any:
        # The commonest values first: a view is read thousands of times a game.
        if value is None or type(value) in _SCALARS:
            return value
        if depth > 12:
            return "<deep>"
        if type(value) in (tuple, list):
            return [self(v, depth + 1) for v in value]
        if isinstance(value, Card):
            text = self.texts.get(value)
            if text is None:
                try:
                    text = self.texts[value] = self.deck.card_text(value)
                except ValueError:
                    text = f"<card {value.rank} {value.suit}>"
            return text
        if isinstance(value, Action):
            return value
        if isinstance(value, enum.Enum):
            return self(value.value, depth + 1)
        if isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, BaseModel):
            return f"<{type(value).__name__} {getattr(value, 'name', '')}>"
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {"<type>": type(value).__name__,
                    **{f.name: self(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}}
        if isinstance(value, abc.Mapping):
            return {str(self(k, depth + 1)): self(v, depth + 1) for k, v in value.items()}
        if isinstance(value, (set, frozenset)):
            return sorted((self(v, depth + 1) for v in value), key=repr)
        if isinstance(value, (tuple, list)) or (hasattr(value, "__iter__") and not hasattr(value, "_game")):
            try:
                return [self(v, depth + 1) for v in value]
            except TypeError:
                pass
        return f"<{type(value).__name__}>"


_SCALARS = (bool, int, float, str)


def _seen(definition: GameDefinition, game: GameState) -> list[dict[str, Any]] | None:
    """What each seat may know of the game's position (None: no position)."""
    if definition.position is None:
        return None
    position = definition.position(game)
    return [position.seen_by(s) for s in range(game.players)]


def _check_hidden_event(definition: GameDefinition, before: GameState, after: GameState, actor: int,
                        seen: list[dict[str, Any]], report: Report, look: Look,
                        streams: Sequence[Callable[[int], Callable[[Any], Any]]] = ()) -> None:
    """Seats for which the action changed nothing they may know see nothing
    change: neither their view nor what a stream's reader, given the view
    before and then after, says (a page's version)."""
    if after.outcome is not None:
        return  # the end shows every hand
    now = _seen(definition, after)
    assert now is not None
    for seat in range(after.players):
        if seat == actor or seen[seat] != now[seat]:
            continue
        old, new = look(before.view(seat)), look(after.view(seat))
        for k, make in enumerate(streams):
            read, name = make(seat), f"stream {getattr(make, '__name__', k)}"
            old[name], new[name] = _said(partial(read, before.view(seat))), _said(partial(read, after.view(seat)))
        if old != new:
            raise ConformanceError("hidden-event-seen", f"{definition.name}: seat {seat} sees seat {actor}'s "
                                                        f"{_text(after.log[-1].action)!r}, which changed nothing "
                                                        f"it may know: {_first_difference(old, new)}",
                                   seat=seat)
        report.checks["hidden-event"] += 1


def check_views(definition: GameDefinition, game: GameState, rng: random.Random, report: Report | None = None,
                look: Look | None = None, *, staging: bool = True, tries: int = 4,
                steps: int = 8, lockstep: bool = True) -> None:
    """No seat's view holds the seed; and, with staging, the game's position
    and another the seat cannot tell from it (:meth:`Position.varied`),
    both staged, look the same to the seat. Then, for one seat, two games
    staged with the hidden cards dealt otherwise (:meth:`Position.redealt`)
    take the same actions (up to ``steps``) and look the same to it as long
    as nothing it may know of them differs (a hidden card kept in a log shows);
    without ``lockstep`` (:func:`check_game`, where :func:`check_observed`
    does more) not."""
    report = report if report is not None else Report()
    look = look or observe
    for seat in range(game.players):
        _check_no_seed(definition, look(game.view(seat)), game.seed, seat)
        report.checks["seed"] += 1
    if not staging or definition.position is None or definition.stage is None or game.outcome is not None:
        return
    position = definition.position(game)
    try:
        one = definition.stage(game.variant, position)
    except (PositionError, SetupError):
        return  # a position the game cannot set up (the middle of a turn)
    for seat in range(game.players):
        other = _staged_alike(definition, game, position, position.varied, seat, rng, tries)
        if other is None:
            continue
        mine, theirs = look(one.view(seat)), look(other.view(seat))
        if theirs != mine:
            raise ConformanceError("view-leak", f"{definition.name}: seat {seat} tells apart two positions "
                                                f"that differ only in what it may not see: "
                                                f"{_first_difference(mine, theirs)}", seat=seat)
        report.checks["view-pair"] += 1
        if other.state() != one.state():
            report.checks["view-pair-differs"] += 1
    if not lockstep:
        return
    seat = rng.randrange(game.players)
    other = _staged_alike(definition, game, position, position.redealt, seat, rng, tries)
    if other is not None:
        _lockstep(definition, one.clone(), other, [seat], rng, steps, report, look)


def _check_secret_choices(definition: GameDefinition, game: GameState, rng: random.Random, report: Report,
                          look: Look, steps: int, pairs: int = 2) -> None:
    """Two actions a seat may take now that change nothing another seat may
    know, and share their verb (all a secret answer shows once revealed),
    look the same to those seats, now and while both games go on alike."""
    assert definition.position is not None
    before = definition.position(game)
    for actor in game.to_move():
        alike: dict[str, list[Action]] = {}
        for action in game.legal_actions(actor):
            alike.setdefault(action.verb, []).append(action)
        choices = [group for group in alike.values() if len(group) > 1]
        for _ in range(pairs if choices else 0):
            first, second = rng.sample(rng.choice(choices), 2)
            one, other = game.clone(), game.clone()
            one.apply(first, actor)
            other.apply(second, actor)
            mine, theirs = definition.position(one), definition.position(other)
            seats = [s for s in range(game.players)
                     if s != actor and mine.seen_by(s) == before.seen_by(s) == theirs.seen_by(s)]
            if seats:
                report.checks["secret-choice"] += 1
                _lockstep(definition, one, other, seats, rng, steps, report, look, now=True)


def _staged_alike(definition: GameDefinition, game: GameState, position: Position,
                  change: Callable[[int, random.Random], Position], seat: int, rng: random.Random,
                  tries: int) -> GameState | None:
    """A game staged at ``change(seat, rng)``, a position the seat cannot
    tell from ``position`` (None when no try gives one the game can set up)."""
    assert definition.stage is not None
    for _ in range(tries):
        changed = change(seat, rng)
        if changed.seen_by(seat) != position.seen_by(seat):
            raise ConformanceError("view-leak", f"{definition.name}: {change.__name__} changes what seat {seat} "
                                                "may know of the position")
        try:
            return definition.stage(game.variant, changed)
        except (PositionError, SetupError):
            continue  # hidden cards dealt so that the position cannot occur: another deal
    return None


def check_secret_order(definition: GameDefinition, game: GameState, look: Look | None = None) -> int:
    """Where two seats may act now and each one's action changes nothing
    the others may know (answers given unseen), the order in which they
    act is secret too: both orders, when they reach the same position, look
    the same to every seat. Returns how many pairs were compared (a game
    whose seats act one at a time has none). Not part of :func:`check_game`:
    a game that tells who answered last fails it (see the module's tests)."""
    assert definition.position is not None
    look = look or observe
    before = definition.position(game)
    movers = game.to_move()
    compared = 0
    for k, first in enumerate(movers):
        for second in movers[k + 1:]:
            a, b = game.legal_actions(first)[0], game.legal_actions(second)[0]
            one, other = game.clone(), game.clone()
            one.apply(a, first)
            other.apply(b, second)
            hidden = all(definition.position(g).seen_by(s) == before.seen_by(s)
                         for g, actor in ((one, first), (other, second)) for s in range(game.players) if s != actor)
            if not hidden or second not in one.to_move() or first not in other.to_move():
                continue
            one.apply(b, second)
            other.apply(a, first)
            if definition.position(one) != definition.position(other):
                continue
            for seat in range(game.players):
                seen, yours = look(one.view(seat)), look(other.view(seat))
                if seen != yours:
                    raise ConformanceError("view-leak", f"{definition.name}: seat {seat} sees in which order seats "
                                                        f"{first} and {second} answered unseen: "
                                                        f"{_first_difference(seen, yours)}", seat=seat)
            compared += 1
    return compared


def _lockstep(definition: GameDefinition, one: GameState, other: GameState, seats: list[int], rng: random.Random,
              steps: int, report: Report, look: Look, *, now: bool = False) -> None:
    """Both games take the same actions (listed by the first, accepted by
    both); after each (and, with ``now``, before the first), each of
    ``seats`` that may know the same of both must see them alike."""
    assert definition.position is not None
    for step in range(steps + 1):
        if step or now:
            if one.outcome is not None or other.outcome is not None:
                return  # the end shows every hand
            mine, theirs = definition.position(one), definition.position(other)
            # A seat that may know something different of them now (a hidden card shown) is no longer held to it.
            seats = [s for s in seats if mine.seen_by(s) == theirs.seen_by(s)]
            if not seats:
                return
            for seat in seats:
                seen, yours = look(one.view(seat)), look(other.view(seat))
                if seen != yours:
                    last = f"after {_text(one.log[-1].action)!r} by seat {one.log[-1].seat}, " if one.log else ""
                    raise ConformanceError("view-leak", f"{definition.name}: {last}seat {seat} tells apart two games "
                                                        f"that differ only in what it may not see: "
                                                        f"{_first_difference(seen, yours)}", seat=seat)
                report.checks["view-lockstep"] += 1
        if step == steps or one.outcome is not None or not one.to_move():
            return
        actor = rng.choice(one.to_move())
        options = list(one.legal_actions(actor))
        for action in rng.sample(options, min(3, len(options))):
            try:
                other.apply(action, actor)
            except IllegalAction:
                continue  # the other game's hidden cards do not allow it: try another
            one.apply(action, actor)
            break
        else:
            return


def _check_no_seed(definition: GameDefinition, data: Any, seed: int, seat: int) -> None:
    digits = str(seed)
    if digits not in repr(data):
        return  # nowhere, not even inside a longer number or a text: no need to look closer
    for path, value in _leaves(data, ""):
        if (isinstance(value, int) and not isinstance(value, bool) and value == seed) or (
                len(digits) >= 6 and isinstance(value, str) and digits in value):
            raise ConformanceError("seed-in-view", f"{definition.name}: seat {seat}'s view shows the seed at "
                                                   f"{path}", seat=seat)


def _leaves(data: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, f"{path}.{k}")
    elif isinstance(data, list):
        for k, v in enumerate(data):
            yield from _leaves(v, f"{path}[{k}]")
    else:
        yield path, data


# -- 9. everything a seat is told -----------------------------------------------------------

def check_observed(definition: GameDefinition, game: GameState, seat: int, rng: random.Random,
                   report: Report | None = None, look: Look | None = None,
                   settings: Settings = Settings(), tries: int = 4) -> bool:
    """Two games staged for ``seat`` at the game's position and at another
    it cannot tell from it (:meth:`Position.varied`) take the same actions
    (up to ``settings.observed_steps``); at each step all that the seat is
    told (:func:`_observed`) must be the same in both. The seat is let go
    once what it may know of them differs only in which cards it saw (a
    card drawn or turned up): while the public course of the two games
    differs (whose turn, which phase, how many cards where), nothing it is
    told may (when the two positions differ in more than where cards lie,
    an answer given in one only, say, the seat is let go at any difference
    it may know: the answer's decision). Returns whether a pair was played
    (not at a position the game cannot set up)."""
    report = report if report is not None else Report()
    look = look or observe
    if definition.position is None or definition.stage is None or game.outcome is not None:
        return False
    position = definition.position(game)
    try:
        one = definition.stage(game.variant, position)
    except (PositionError, SetupError):
        return False  # the middle of a turn
    varied = _varied_alike(definition, game, position, seat, rng, tries)
    if varied is None:
        return False
    other, changed = varied
    # Cards dealt otherwise must never steer the public course of the game; secrets of
    # another kind (an answer given or not yet) come out by the rules when they are decided.
    strict = all(_course(changed.seen_by(s)) == _course(position.seen_by(s)) for s in range(game.players))
    presentation = definition.presentation() if definition.presentation is not None else None
    tellers = [_Teller(seat, look, presentation, settings.streams) for _ in range(2)]
    played: list[str] = []
    for step in range(settings.observed_steps + 1):
        if one.outcome is not None or other.outcome is not None:
            break  # the end shows every hand
        mine, theirs = definition.position(one).seen_by(seat), definition.position(other).seen_by(seat)
        if mine != theirs and (not strict or _course(mine) == _course(theirs)):
            break  # the seat learnt something that differs: from now on it may tell them apart
        told, yours = tellers[0](one), tellers[1](other)
        if told != yours:
            where = f"after {', '.join(played[-3:])}" if played else "before any action"
            differ = [k for k in told if told[k] != yours.get(k)]
            raise ConformanceError("secret-observed", f"{definition.name}: seat {seat} is told something that "
                                                      f"depends on another seat's hidden cards or answers, at "
                                                      f"step {step} ({where}) of two games staged alike for it; "
                                                      f"it differs in {', '.join(differ)}; first at "
                                                      f"{_first_difference(told, yours)}", seat=seat, step=step)
        report.checks["observed-step"] += 1
        if step == settings.observed_steps or not one.to_move():
            break
        done = _same_action(one, other, rng)
        if done is None:
            break
        played.append(f"{_text(done[1], game.variant.deck)!r} by seat {done[0]}")
    report.checks["observed-pair"] += 1
    return True


def _varied_alike(definition: GameDefinition, game: GameState, position: Position, seat: int,
                  rng: random.Random, tries: int) -> tuple[GameState, Position] | None:
    """A game staged at a variation of ``position`` that ``seat`` cannot
    tell from it, and that variation (None: no try gives one the game can
    set up)."""
    assert definition.stage is not None
    for _ in range(tries):
        changed = position.varied(seat, rng)
        if changed.seen_by(seat) != position.seen_by(seat):
            raise ConformanceError("view-leak", f"{definition.name}: varied changes what seat {seat} "
                                                "may know of the position")
        try:
            return definition.stage(game.variant, changed), changed
        except (PositionError, SetupError):
            continue
    return None


def _same_action(one: GameState, other: GameState, rng: random.Random) -> tuple[int, Action] | None:
    """One action that both games accept, by a seat that may act in the
    first (None when a few tries find none: their hidden cards differ)."""
    actor = rng.choice(one.to_move())
    options = list(one.legal_actions(actor))
    for action in rng.sample(options, min(3, len(options))):
        try:
            other.apply(action, actor)
        except IllegalAction:
            continue
        one.apply(action, actor)
        return actor, action
    return None


class _Teller:
    """What one seat of one game is told, step by step, as plain data: its
    view (as ``look`` reads it: properties, presentation, observers), the
    game's word on its legal actions and whether it is asked, how the
    presentation narrates each log entry new since the first step and words
    the seat's first legal actions, and what each stream's reader says."""

    def __init__(self, seat: int, look: Look, presentation: Presentation | None,
                 streams: Sequence[Callable[[int], Callable[[Any], Any]]]) -> None:
        self.seat, self.look, self.presentation = seat, look, presentation
        self.readers = [(getattr(make, "__name__", str(k)), make(seat)) for k, make in enumerate(streams)]
        self.style = Style(names=())
        self.start: int | None = None

    def __call__(self, game: GameState) -> dict[str, Any]:
        view = game.view(self.seat)
        told = dict(self.look(view))
        legal = list(game.legal_actions(self.seat))
        told["game: asked"] = self.seat in game.to_move()
        told["game: legal actions"] = legal
        if self.start is None:
            self.start = len(getattr(view, "log", ()))
            self.style = Style(names=tuple(f"Player {s + 1}" for s in range(game.players)))
        if self.presentation is not None:
            present, variant, style = self.presentation, game.variant, self.style
            told["presentation: narration"] = [_said(partial(present.narrate, entry, variant, style))
                                               for entry in list(getattr(view, "log", ()))[self.start:]]
            told["presentation: actions"] = [_said(partial(present.describe_action, action, view, style))
                                             for action in legal[:20]]
        for name, read in self.readers:
            told[f"stream {name}"] = _said(partial(read, view))
        return told


def _said(say: Callable[[], Any]) -> Any:
    try:
        return say()
    except Exception as exc:  # noqa: BLE001 - what raises for one game must raise for the other too
        return f"<raises {type(exc).__name__}>"


def _course(seen: Any) -> Any:
    """What a seat may know of a position with every card it sees written
    alike: the public course of the game (whose turn, which phase, how many
    cards where), which the rules never let hidden cards steer."""
    if isinstance(seen, Card):
        return "<card>"
    if isinstance(seen, Action):
        return seen.verb
    if isinstance(seen, dict):
        return {k: _course(v) for k, v in seen.items()}
    if isinstance(seen, (tuple, list)):
        return [_course(v) for v in seen]
    if dataclasses.is_dataclass(seen) and not isinstance(seen, type):
        return {f.name: _course(getattr(seen, f.name)) for f in dataclasses.fields(seen)}
    return seen


# -- 6. legal actions -----------------------------------------------------------------

def check_legal_actions(definition: GameDefinition, game: GameState, rng: random.Random,
                        settings: Settings = Settings(), report: Report | None = None,
                        history: Sequence[tuple[int, Action]] = (), *, heavy: bool = False,
                        lists: Sequence[Sequence[Action]] | None = None) -> None:
    """``legal_actions`` (``lists``: as the game gave them for each seat):
    empty for every seat that may not act and not for one that may, each
    action once; a sample of them (a larger one when ``heavy``) accepted on
    copies and read back from their notation; and candidates it does not
    list refused, changing nothing (``heavy``: one of them on the game
    itself, every seat's view included)."""
    report = report if report is not None else Report()
    variant = game.variant
    moving = set(game.to_move())
    rule = definition.listed

    def listed(action: Action) -> bool:
        return rule is None or rule(action, variant)

    if lists is None:
        lists = [list(game.legal_actions(s)) for s in range(game.players)]
    for seat in range(game.players):
        actions = list(lists[seat])
        if seat not in moving:
            if actions:
                raise ConformanceError("legal-list", f"{definition.name}: seat {seat} may not act, yet "
                                                     f"legal_actions lists {_text(actions[0])!r}", seat=seat)
            continue
        if not actions:
            raise ConformanceError("legal-list", f"{definition.name}: seat {seat} may act but has no legal action",
                                   seat=seat)
        if len(set(actions)) != len(actions):
            twice = next(a for a, n in Counter(actions).items() if n > 1)
            raise ConformanceError("legal-list", f"{definition.name}: {_text(twice)!r} is listed twice", seat=seat)
        size = settings.heavy_sample if heavy else settings.legal_sample
        chosen = rng.sample(actions, min(len(actions), size))
        for action in chosen:
            if not listed(action):
                raise ConformanceError("legal-list", f"{definition.name}: {_text(action)!r} is listed, but the "
                                                     "game's `listed` says it is not of a listed kind", seat=seat)
            check_notation(definition, variant, action, report)
            twin = game.clone()
            try:
                twin.apply(action, seat)
            except IllegalAction as refused:
                raise ConformanceError("legal-refused", f"{definition.name}: the listed {_text(action)!r} of seat "
                                                        f"{seat} is refused ({refused.code})", seat=seat) from None
            report.checks["legal-accepted"] += 1
        known = set(actions)
        for candidate in _candidates(definition, variant, actions, history, rng, settings.candidates):
            if candidate in known or not listed(candidate):
                continue
            _check_unlisted(definition, game, candidate, seat, report)
        # Another seat's turn is no turn of this one's.
        for other in sorted(set(range(game.players)) - moving)[:1]:
            _check_unlisted(definition, game, rng.choice(actions), other, report)
    if heavy and moving:
        seat = min(moving)
        known = set(lists[seat])
        for candidate in _candidates(definition, variant, lists[seat], history, rng, 3):
            if candidate not in known and listed(candidate) and _refused_on_copy(game, candidate, seat):
                check_refused(game, candidate, seat)
                report.checks["refusal"] += 1
                break


def _refused_on_copy(game: GameState, action: Action, seat: int) -> bool:
    try:
        game.clone().apply(action, seat)
    except IllegalAction:
        return True
    return False


def _check_unlisted(definition: GameDefinition, game: GameState, action: Action, seat: int, report: Report) -> None:
    """An action the list leaves out is refused on a copy, which stays as it was."""
    twin = game.clone()
    before = twin.state()
    try:
        twin.apply(action, seat)
    except IllegalAction:
        if twin.state() != before:
            raise ConformanceError("refusal-changed", f"{definition.name}: the refused {_text(action)!r} by seat "
                                                      f"{seat} changed {_first_difference(before, twin.state())}",
                                   seat=seat) from None
        report.checks["unlisted-refused"] += 1
        return
    raise ConformanceError("not-listed", f"{definition.name}: {_text(action)!r} by seat {seat} is accepted but "
                                         "legal_actions does not list it", seat=seat)


def _candidates(definition: GameDefinition, variant: Variant, legal: Sequence[Action],
                history: Sequence[tuple[int, Action]], rng: random.Random, count: int) -> Iterator[Action]:
    """Actions near the legal ones: their notation with a card, a number or
    a word changed, dropped or doubled, and actions played earlier."""
    deck = variant.deck
    cards = sorted({deck.card_text(c) for c in variant.physical_cards})
    for _ in range(count):
        if history and rng.random() < 0.25:
            yield rng.choice(history)[1]
            continue
        tokens = rng.choice(legal).text(deck).split()
        at = rng.randrange(len(tokens))
        kind = rng.randrange(5)
        if kind == 0:
            tokens.insert(at + 1, rng.choice(cards))
        elif kind == 1 and at:
            tokens[at] = rng.choice(cards)
        elif kind == 2 and tokens[at].isdigit():
            tokens[at] = str(max(0, int(tokens[at]) + rng.choice((-1, 1, 2))))
        elif kind == 3 and at:
            del tokens[at]
        else:
            tokens.insert(at, tokens[at])
        try:
            yield definition.parse_action(" ".join(tokens), variant)
        except (NotationError, ValueError):
            continue


# -- 8. staging ------------------------------------------------------------------------

def check_staging(definition: GameDefinition, game: GameState, report: Report | None = None) -> None:
    """The game's position, staged again, has the same ``state()`` and the
    same position (where the game can set it up)."""
    if definition.position is None or definition.stage is None or game.outcome is not None:
        return
    position: Position = definition.position(game)
    try:
        staged = definition.stage(game.variant, position)
    except (PositionError, SetupError):
        return
    if staged.state() != game.state():
        raise ConformanceError("staging", f"{definition.name}: the staged position is another state: "
                                          f"{_first_difference(game.state(), staged.state())}")
    if definition.position(staged) != position:
        raise ConformanceError("staging", f"{definition.name}: the staged game reports another position")
    if report is not None:
        report.checks["staging"] += 1


# -- reporting ---------------------------------------------------------------------------

def _text(action: Action, deck: DeckSpec | None = None) -> str:
    try:
        return action.text(deck) if deck is not None else action.text()
    except Exception:  # noqa: BLE001 - an action whose text needs its game's deck
        return repr(action)


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two plain values first differ, and how (for messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k, "<absent>") != b.get(k, "<absent>"):
                return _first_difference(a.get(k, "<absent>"), b.get(k, "<absent>"), f"{path}.{k}")
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for k, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{k}]")
        if len(a) != len(b):
            k = min(len(a), len(b))
            extra = a[k] if len(a) > k else b[k]
            return f"{path or 'the value'}: {len(a)} / {len(b)} items, the first extra one {_short(extra)}"
    return f"{path or 'the value'}: {_short(a)} / {_short(b)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."
