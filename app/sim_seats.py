"""Who sits at the tables of ``machiavelli simulate``: the seats when none
are given, and the players ``--robust`` seats at every seat in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from machiavelli.core import registry
from machiavelli.core.i18n import _
from .options import fail

if TYPE_CHECKING:
    from machiavelli.core.variant import Variant

DEFAULT_PLAYERS = 4
#: Bots tried in this order for seats not given when the player levels are
#: not registered: the strongest cheap one.
PREFERRED_BOTS = ("greedy", "random")
#: The player levels, weakest first. A table of mixed levels is the default:
#: one kind of player everywhere makes games end one way (greedy players
#: never restore and mostly exhaust the deck), which says more about the
#: players than about the rules.
LEVELS = ("beginner", "casual", "club", "expert")
#: Levels for tables smaller than four: the middle of the range first.
SMALL_TABLES = {2: ("casual", "club"), 3: ("casual", "club", "expert")}
#: Bots that stand in for the levels in --robust while the levels are not registered.
ROBUST_FALLBACK = ("random", "greedy", "solver")
#: Fewest levels --robust compares (a game with only two computer players: those two).
ROBUST_MIN_LEVELS = 3


def default_seat(game: str = registry.DEFAULT_GAME) -> str:
    found = registry.bots(game)
    # A game's own preferred players come before "random" (Sì Sè Pái: keeper).
    order = (*PREFERRED_BOTS[:1], *registry.game(game).preferred_bots, *PREFERRED_BOTS[1:])
    return next((name for name in order if name in found), sorted(found)[0])


def default_seats(players: int, game: str = registry.DEFAULT_GAME) -> list[str]:
    """The seats when none are given: a mixed table of player levels
    (beginner, casual, club, expert, then round again for more than four
    players), or :func:`default_seat` in every seat when the levels are
    not registered."""
    found = registry.bots(game)
    if not all(level in found for level in LEVELS):
        return [default_seat(game)] * players
    if players in SMALL_TABLES:
        return list(SMALL_TABLES[players])
    return [LEVELS[i % len(LEVELS)] for i in range(players)]


def robust_levels(game: str = registry.DEFAULT_GAME) -> list[str]:
    """The players --robust seats at every seat in turn: the registered
    levels, or while fewer than three are, the random, greedy and solver
    bots; for a game with none of those, every computer player of the
    game, the weakest first (the reverse of its preferred players)."""
    found = registry.bots(game)
    levels = [level for level in LEVELS if level in found]
    if len(levels) < ROBUST_MIN_LEVELS:
        levels = [name for name in ROBUST_FALLBACK if name in found]
    if len(levels) < ROBUST_MIN_LEVELS:
        strongest = [name for name in registry.game(game).preferred_bots if name in found]
        levels = [*sorted(set(found) - set(strongest)), *reversed(strongest)]
    return levels


def choose_seats(seats: list[str] | None, players: int | None, variants: Sequence[Variant]) -> list[str]:
    if seats and len(seats) > 1:
        if players is not None and players != len(seats):
            raise fail(_("{players} players but {seats} seats: give one --seat per player, or a single --seat.",
                         players=players, seats=len(seats)))
        return list(seats)
    if players is None:
        top = min(v.players.max for v in variants)
        bottom = max(v.players.min for v in variants)
        players = max(bottom, min(DEFAULT_PLAYERS, top))
    if players < 2:
        raise fail(_("--players must be at least 2."))
    if seats:
        return [seats[0]] * players
    return default_seats(players, variants[0].game)
