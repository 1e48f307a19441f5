"""Simulated games: one game between computer players, summed up in a few numbers.

:func:`play_game` plays a whole game from ``(variant, seats, seed)`` and
returns a :class:`GameSummary`, compact enough to ship thousands between
processes. :func:`run_batch` plays games ``start..stop`` of a :class:`Plan`;
game ``i`` always gets the seed :func:`game_seed` ``(master, i)``, so the same
plan gives the same games whichever process, machine or batch plays them.

Pure: no printing, no files. A game whose bot breaks the rules or never ends
its turn is not raised out of the batch but returned with ``error`` set, so
that a pool or a cluster hands back plain data and the caller names the
game that failed.
"""

from __future__ import annotations

import gc
import json
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from . import registry
from .bots import bot_seed, play_out
from .errors import SetupError
from .records import GameRecord, Seat
from .registry import DEFAULT_GAME
from .variant import Variant
from .i18n import join_values

_MASK64 = (1 << 64) - 1


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``master``: SplitMix64
    of the pair, a 63-bit number. Plain arithmetic (no ``hash()``, which
    Python salts per process), so every process and machine agrees."""
    z = ((master & _MASK64) * 0x9E3779B97F4A7C15 + index + 1) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> 1


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What a simulated game comes to. Seats count from 0 in turn order;
    ``first`` is the seat that played the first turn (left of the dealer)."""

    index: int
    seed: int
    reason: str
    winners: tuple[int, ...]
    first: int
    #: Turns played, the last one included.
    turns: int
    #: Cards in each seat's hand at the end.
    cards_left: tuple[int, ...]
    #: What the game's tally counted (see ``GameDefinition.tally``), e.g.
    #: Machiavelli's ``rearranged``, ``draws``, ``restores`` and ``drawn``.
    counts: tuple[tuple[str, int], ...]
    #: Actions accepted, steps inside turns included.
    actions: int
    #: The game record (JSON text) when the plan asks for records.
    record: str | None = field(default=None, repr=False)
    #: Why the game could not be finished (a bot's bug), or None.
    error: str | None = None
    #: In a game of teams: the seats of each team and each team's points.
    teams: tuple[tuple[int, ...], ...] = ()
    points: tuple[int, ...] = ()
    #: With a plan that reviews its games: per seat, (turns judged, turns
    #: with a missed play, units missed) by the game's review (empty: not reviewed).
    review: tuple[tuple[int, int, int], ...] = ()

    def count(self, name: str) -> int:
        """One of the game's counts (0 when the game keeps no such count)."""
        return next((n for key, n in self.counts if key == name), 0)

    @property
    def rearranged(self) -> int:
        """Turns that ended with table cards taken or moved (and not restored)."""
        return self.count("rearranged")

    @property
    def draws(self) -> int:
        """Turns ended by drawing."""
        return self.count("draws")

    @property
    def restores(self) -> int:
        """Turns ended by restoring the table."""
        return self.count("restores")

    @property
    def drawn(self) -> int:
        """Cards taken from the deck by draws and penalties."""
        return self.count("drawn")

    def position(self, seat: int) -> int:
        """Where ``seat`` came in the order of play: 0 for the first player."""
        return (seat - self.first) % len(self.cards_left)


def check_seats(seats: Sequence[str], game: str = DEFAULT_GAME) -> None:
    """Raise SetupError unless every seat names a computer player of ``game``."""
    found = registry.bots(game)
    for name in seats:
        if name not in found:
            raise SetupError("unknown-player", player=name, available=join_values(sorted(found)))


#: The time the review of a simulated game may spend on one position (seconds).
REVIEW_BUDGET = 1.0


def reviewed(game: Any, seats: Sequence[str]) -> tuple[tuple[int, int, int], ...]:
    """Per seat, (turns judged, turns with a missed play, units missed) by
    the game's ``review`` hook (empty for a game without one)."""
    definition = registry.game(game.variant.game)
    presentation = definition.presentation() if definition.presentation is not None else None
    hook = getattr(presentation, "review", None)
    if hook is None:
        return ()
    found = hook(GameRecord.of(game, [Seat(n) for n in seats]), list(range(len(seats))), REVIEW_BUDGET)
    return tuple((s.turns, s.missed_turns, s.missed) for s in found.seats)


def play_game(variant: Variant, seats: Sequence[str], seed: int, *, index: int = 0,
              record: bool = False, review: bool = False) -> GameSummary:
    """Play one game between the bots named by ``seats`` (one per seat, in
    turn order) to its end. Each bot's seed derives from the game's seed."""
    definition = registry.game(variant.game)
    game = definition.new_game(variant, len(seats), seed)
    bots = [registry.make_bot(name, bot_seed(seed, s), variant.game) for s, name in enumerate(seats)]
    tally = definition.tally(game) if definition.tally is not None else None
    outcome = play_out(game, bots, on_entry=tally)
    text = GameRecord.of(game, [Seat(n) for n in seats]).dumps() if record else None
    return GameSummary(
        index=index, seed=seed, reason=str(outcome.reason), winners=outcome.winners, first=game.first,
        turns=game.turn_number, cards_left=tuple(game.hand_size(s) for s in range(game.players)),
        counts=tuple(tally.counts().items()) if tally is not None else (),
        actions=len(game.log), record=text, teams=outcome.teams, points=outcome.points,
        review=reviewed(game, seats) if review else (),
    )


@dataclass(frozen=True)
class Plan:
    """A run of games: one variant, the bots in each seat, the master seed."""

    variant: Variant
    seats: tuple[str, ...]
    master_seed: int
    records: bool = False
    #: Review every game (:func:`reviewed`): the missed plays per player level.
    review: bool = False

    def seed(self, index: int) -> int:
        return game_seed(self.master_seed, index)


# One Variant object per rule set in each process, so that every batch of a
# long run shares the memoised meld checks (core.table.rules_for is keyed on
# the object) instead of warming up a fresh copy unpickled for each batch.
_SHARED: dict[str, Variant] = {}
_SHARED_LIMIT = 32


def _shared(variant: Variant) -> Variant:
    key = json.dumps(variant.parameters(), sort_keys=True)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _SHARED_LIMIT:
            _SHARED.pop(next(iter(_SHARED)))
        found = _SHARED[key] = variant
    return found


#: The collector's thresholds while batches run (Python's are 700, 10, 10).
#: The bots keep large memos that live for the whole run (the meld checks,
#: the solver's moves and look-aheads), and each full collection walks all
#: of them again, while a game leaves only a few hundred objects in cycles:
#: collecting less often saves about a tenth of a strong player's games
#: (bench/simulate.py) and keeps memory flat.
BATCH_GC_THRESHOLDS = (10_000, 50, 100)
_gc_lock = threading.Lock()
_gc_users = 0
_gc_saved: tuple[int, ...] = ()


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """:data:`BATCH_GC_THRESHOLDS` while any batch of this process runs
    (Dask runs batches in threads), the process's own thresholds after."""
    global _gc_users, _gc_saved
    with _gc_lock:
        if _gc_users == 0:
            _gc_saved = gc.get_threshold()
            gc.set_threshold(*BATCH_GC_THRESHOLDS)
        _gc_users += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_users -= 1
            if _gc_users == 0:
                gc.set_threshold(*_gc_saved)


def run_batch(plan: Plan, start: int, stop: int) -> list[GameSummary]:
    """Games ``start`` to ``stop - 1`` of the plan, in order. A module-level
    function of picklable arguments, so process pools (spawn included) and
    Dask workers can call it."""
    variant = _shared(plan.variant)
    out = []
    with _fewer_collections():
        for index in range(start, stop):
            seed = plan.seed(index)
            try:
                out.append(play_game(variant, plan.seats, seed, index=index, record=plan.records,
                                          review=plan.review))
            except Exception as exc:  # a bot's bug: report the game, not a traceback from afar
                out.append(GameSummary(index, seed, "error", (), 0, 0, (), (), 0,
                                       error=f"{type(exc).__name__}: {exc}"))
    return out
