"""The games of the family and their computer players, by name.

A game is a :class:`GameDefinition` registered under its name, through the
``machiavelli.games`` entry point (see :mod:`machiavelli.core.plugins`) or
:func:`register_game`; Machiavelli itself is registered the first way, like
any third party's game. Computer players come with their game or through the
``machiavelli.bots`` entry point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

from .errors import SetupError, VariantError
from .i18n import join_values

if TYPE_CHECKING:  # annotations only: the registry starts without the schemas and the engine
    from .actions import Action
    from .game import GameState, SeatView, Termination
    from .position import Position
    from .present import Presentation
    from .variant import Variant

#: The game of a variant file or record that names none (files written
#: before the family had other games).
DEFAULT_GAME = "machiavelli"


class Bot(Protocol):
    """A player that :func:`~machiavelli.core.bots.play_out` drives. A player
    that also has ``rejected(error)`` is told when the rules reject its
    action and is asked again; without it, a rejection is a bug."""

    def choose(self, view: Any) -> Action:
        """The next action of this seat, seen through its view."""
        ...


BotFactory = Callable[[int], Bot]


class Deferred:
    """What ``"package.module:name"`` names (``name`` may be dotted:
    ``Game.at_position``), imported the first time it is called, then called.
    A game's definition names its engine, players and presentation this way,
    so that a command that only reads a variant imports none of them; it
    pickles as its name (simulations send bot factories to workers)."""

    __slots__ = ("target", "_found")

    def __init__(self, target: str) -> None:
        module, sep, name = target.partition(":")
        if not module or not sep or not name:
            raise ValueError(f"not module:name: {target!r}")
        self.target = target
        self._found: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._found is None:
            import importlib

            module, _, name = self.target.partition(":")
            found: Any = importlib.import_module(module)
            for part in name.split("."):
                found = getattr(found, part)
            self._found = found
        return self._found(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Deferred({self.target!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deferred) and other.target == self.target

    def __hash__(self) -> int:
        return hash(self.target)

    def __reduce__(self) -> tuple[Any, ...]:
        return Deferred, (self.target,)


class Tally(Protocol):
    """Counts a game keeps while it is simulated (``on_entry`` sees every
    accepted action); ``counts()`` names them for reports."""

    def __call__(self, entry: Any) -> None: ...

    def counts(self) -> dict[str, int]: ...


@dataclass(frozen=True)
class GameDefinition:
    """Everything the kernel and the application need of one game.

    ``new_game(variant, players, seed)`` deals a game; ``parse_action(text,
    variant)`` reads the notation ``Action.text`` writes; ``terminations``
    lists how a game can end; ``bots`` are its own computer players;
    ``tally(game)`` makes the counters of a simulated game;
    ``presentation()`` returns the game's
    :class:`~machiavelli.core.present.Presentation` (how the application
    draws, narrates and reads it, and its rules text), for games the
    application has no screens of its own for."""

    name: str
    variant_schema: type[Variant]
    new_game: Callable[[Any, int, int], GameState]
    parse_action: Callable[[str, Any], Action]
    terminations: type[Termination]
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    tally: Callable[[Any], Tally] | None = None
    #: The variant played when none is named.
    default_variant: str | None = None
    #: Computer players a person meets by default, strongest first.
    preferred_bots: tuple[str, ...] = ()
    #: The levels a person is offered for the computer players, weakest
    #: first (empty: ``preferred_bots`` from the weakest), and the one seated
    #: when nobody chose: one a newcomer can beat sometimes (None: the strongest).
    levels: tuple[str, ...] = ()
    fair_bot: str | None = None
    description: str = ""
    #: The game's own name, in English, marked ``NP_("game name", ...)`` so
    #: that the catalogs translate it (pages are titled with it); empty: ``name``.
    title: str = ""
    presentation: Callable[[], Presentation] | None = None
    #: What people call each computer player, in English, marked
    #: ``NP_("player level", ...)`` so that the catalogs translate it.
    bot_labels: Mapping[str, str] = field(default_factory=dict)
    #: The name of one of ``tally``'s counts in the user's language, for a
    #: simulation's report (None: a count the application names itself).
    count_label: Callable[[str], str | None] | None = None
    #: Which actions the state's ``legal_actions`` lists when they are legal,
    #: ``listed(action, variant)`` (None: every one, the list is complete). A
    #: game whose legal actions are too many to list (Machiavelli's
    #: rearrangements) lists the atomic ones and says here which those are
    #: under the variant's rules.
    listed: Callable[[Action, Variant], bool] | None = None
    #: A game's position now, without its history
    #: (:class:`~machiavelli.core.position.Position`), and ``stage(variant,
    #: position)``, a game set up there: how tests and puzzles set up a
    #: position (None: the game cannot be set up by hand).
    position: Callable[[Any], Position] | None = None
    stage: Callable[[Any, Any], GameState] | None = None


_GAMES: dict[str, GameDefinition] = {}
_BOTS: dict[str, dict[str, BotFactory]] = {}
_loaded = False


def register_game(definition: GameDefinition) -> None:
    """Make a game available by name (for tests and embedding; installed
    games use the entry point)."""
    _GAMES[definition.name] = definition
    _BOTS.setdefault(definition.name, {}).update(definition.bots)


def register_bot(name: str, factory: BotFactory, game: str = DEFAULT_GAME) -> None:
    """Make a computer player available by name (``--seat NAME``)."""
    _load()
    _BOTS.setdefault(game, {})[name] = factory


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from . import plugins

    for plugin in plugins.load(plugins.GAMES)[0]:
        if isinstance(plugin.obj, GameDefinition) and plugin.obj.name not in _GAMES:
            register_game(plugin.obj)
    for plugin in plugins.load(plugins.BOTS)[0]:
        game = getattr(plugin.obj, "game", DEFAULT_GAME)
        if callable(plugin.obj) and isinstance(game, str):
            _BOTS.setdefault(game, {}).setdefault(plugin.name, plugin.obj)


def problems() -> list[tuple[str, str, str, str]]:
    """Game and bot plugins that loaded but cannot be used: (group, name, origin, why)."""
    from . import plugins

    out = []
    for plugin in plugins.load(plugins.GAMES)[0]:
        if not isinstance(plugin.obj, GameDefinition):
            out.append((plugin.group, plugin.name, plugin.origin, f"{plugin.value} is not a GameDefinition"))
    for plugin in plugins.load(plugins.BOTS)[0]:
        if not callable(plugin.obj) or not isinstance(getattr(plugin.obj, "game", DEFAULT_GAME), str):
            out.append((plugin.group, plugin.name, plugin.origin, f"{plugin.value} is not a bot factory"))
    return out


def games() -> dict[str, GameDefinition]:
    """Every registered game by name."""
    _load()
    return dict(_GAMES)


def _load_one(name: str) -> None:
    """The game whose entry point is called ``name``, alone: reading one
    variant should not import every installed game (the others are found
    by :func:`_load` when a list or a name it does not give asks for them)."""
    from . import plugins

    try:
        obj = plugins.load_named(plugins.GAMES, name)
    except ValueError:
        return  # reported, with the others, by _load
    if isinstance(obj, GameDefinition) and obj.name == name:
        register_game(obj)


def game(name: str) -> GameDefinition:
    """The game called ``name``; VariantError when there is none."""
    if name not in _GAMES and not _loaded:
        _load_one(name)
    if name not in _GAMES:
        _load()
    found = _GAMES.get(name)
    if found is None:
        raise VariantError("unknown-game", file=name, path="game", line=None, detail="no such game",
                           game=name, available=join_values(sorted(_GAMES)) or "-")
    return found


def bots(game_name: str = DEFAULT_GAME) -> dict[str, BotFactory]:
    """The computer players of a game by name; a game that brings no
    ``random`` player gets the kernel's, which plays any of its legal actions."""
    _load()
    found = dict(_BOTS.get(game_name, {}))
    if game_name in _GAMES and "random" not in found:
        from .players import RandomPlayer

        found["random"] = RandomPlayer
    return found


#: What a person at the table is called beside the computer players.
PERSON = "human"


def player_label(name: str, game_name: str = DEFAULT_GAME) -> str:
    """A seat's kind of player in the user's language: ``person`` for
    :data:`PERSON`, a computer player's label from its game, else its
    registered name (a plugin's bot without a label)."""
    from .i18n import NP_, pgettext

    if name == PERSON:
        return pgettext("player level", NP_("player level", "person"))
    _load()
    definition = _GAMES.get(game_name)
    label = definition.bot_labels.get(name) if definition is not None else None
    return pgettext("player level", label) if label else name


def game_title(game_name: str) -> str:
    """A game's own name in the user's language (its registered name when it gives none)."""
    from .i18n import pgettext

    try:
        definition: GameDefinition | None = game(game_name)
    except VariantError:
        definition = None
    return pgettext("game name", definition.title) if definition is not None and definition.title else game_name


def make_bot(name: str, seed: int, game_name: str = DEFAULT_GAME) -> Bot:
    """A computer player made from its own seed; SetupError for an unknown name."""
    found = bots(game_name)
    factory = found.get(name)
    if factory is None:
        raise SetupError("unknown-player", player=name, available=join_values(sorted(found)))
    return factory(seed)


def reset() -> None:
    """Forget every registration and every plugin found (tests)."""
    global _loaded
    from . import plugins

    plugins.reset()
    _GAMES.clear()
    _BOTS.clear()
    _loaded = False
