"""A legal move for a computer player that has none of its own.

A computer player may answer with a move the rules refuse (it planned its
turn from a start it never saw: a server restarted in the middle of its
turn, a game loaded from a record saved then), fail while thinking, or run
out of its time (:mod:`.budget`). None of these may stall a game: the
kernel then plays for it one of the moves ``legal_actions`` lists, chosen
to finish the turn quickly, and logs why.
"""

from __future__ import annotations

import logging
from typing import Any

from .actions import Action
from .errors import IllegalAction
from .game import GameState

log = logging.getLogger("machiavelli.computers")

#: Most listed moves tried on a copy of the game to find one that ends the turn.
MAX_TRIED = 400


def fallback_action(game: GameState, seat: int) -> Action:
    """A legal move for ``seat``: one that ends its turn if there is one (an
    ``end``, a ``restore``), else one that gives hand cards back (an
    ``undo``), else the first listed. Each is tried on a copy of the game,
    so the choice needs no knowledge of the game's moves. A seat that may
    act and has no legal move is a bug of its game (RuntimeError)."""
    actions = list(game.legal_actions(seat))
    if not actions:
        raise RuntimeError(f"seat {seat} may act but its game lists no legal action")
    before = game.hand_size(seat)
    giving_back: Action | None = None
    # The moves that close a turn come last in the lists games give: tried first.
    for action in reversed(actions[-MAX_TRIED:]):
        copy = game.clone()
        try:
            entry = copy.apply(action, seat)
        except IllegalAction:
            continue
        if entry.ends_turn or copy.outcome is not None or seat not in copy.to_move():
            return action
        if giving_back is None and copy.hand_size(seat) > before:
            giving_back = action
    return giving_back if giving_back is not None else actions[0]


def tell(game: GameState, seat: int, player: str, why: str, action: Any = None) -> None:
    """Log that the kernel plays for a computer player, and why (a refusal's code, ``out-of-time``...)."""
    log.warning("computer player %s in seat %d (turn %d): %s%s; a legal move is played for it",
                player, seat, game.turn_number, why, "" if action is None else f" ({action})")
