"""Computer players of Eights: each sees its own view only."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from machiavelli.core.actions import Action

from .actions import Play


class RandomPlayer:
    """Any legal action, at random."""

    game = "eights"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Action:
        return self.rng.choice(view.legal_actions())


class CarefulPlayer:
    """Plays rather than draws; of its plays, a card of the suit it holds
    most of, keeping wild cards for when nothing else fits."""

    game = "eights"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Action:
        legal = view.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0]
        suits = Counter(c.suit for c in view.hand)
        wild = view.variant.wild

        def worth(action: Play) -> tuple[int, int, float]:
            return (0 if wild(action.card.rank) else 1, suits[action.card.suit], self.rng.random())

        return max(plays, key=worth)
