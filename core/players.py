"""The kernel's own computer player: any legal action, chosen by chance.

Every game lists its seats' legal actions (``GameState.legal_actions``), so
a game that brings no ``random`` player of its own gets this one (see
:func:`machiavelli.core.registry.bots`).
"""

from __future__ import annotations

import random

from .actions import Action
from .game import SeatView


class RandomPlayer:
    """Plays one of the view's legal actions, chosen with its own seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        actions = view.legal_actions()
        if not actions:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        return self.rng.choice(actions)
