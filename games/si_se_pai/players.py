"""Computer players of Sì Sè Pái.

* ``random``: any legal answer or discard.
* ``keeper``: plays towards a grouped hand. It measures a hand by the
  fewest cards left out of groups (an exact search, :meth:`Groups.loose`);
  it always wins when it can, takes a public card when the best discard
  after the claim leaves the hand no further from complete than passing
  does, and discards the card whose loss costs least: left-out cards first,
  among them the one with fewest partners (copies, its colour's
  General-Advisor-Elephant or Chariot-Horse-Cannon partners, Soldiers of
  other colours) still in play.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Discard, Pass, Take, Win
from .groups import groups_of


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        return self.rng.choice(view.legal_actions())


class KeeperBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        g = groups_of(view.variant)
        hand = g.hand(view.hand)
        if view.discarding:
            return Discard(self._discard(view, g, hand)[0])
        claims = view.claims()
        win = next((c for c in claims if isinstance(c.action, Win)), None)
        if win is not None:
            return win.action
        now = g.loose(hand)
        best, best_after = None, now + 1
        for claim in claims:
            if not isinstance(claim.action, Take):
                continue
            left = list(hand)
            for c in claim.cards:
                left[g.index[c]] -= 1
            after = self._discard(view, g, tuple(left))[1]
            if after < best_after or (after == best_after and best is not None and claim.level < best.level):
                best, best_after = claim, after
        return best.action if best is not None and best_after <= now else Pass()

    def _discard(self, view: Any, g: Any, hand: tuple[int, ...]) -> tuple[Any, int]:
        """(the card to discard from ``hand``, how many cards it leaves out of groups)."""
        keep = view.variant.keep
        options = [v for v, n in enumerate(hand) if n and view.variant.code_of(g.values[v].rank, g.values[v].suit)
                   not in keep] or [v for v, n in enumerate(hand) if n]
        scored = []
        for v in options:
            left = list(hand)
            left[v] -= 1
            scored.append((g.loose(tuple(left)), self._partners(g, hand, v), self.rng.random(), v))
        loose, _p, _r, v = min(scored)
        return g.values[v], loose

    @staticmethod
    def _partners(g: Any, hand: tuple[int, ...], value: int) -> int:
        return sum(hand[o] - (1 if o == value else 0) for group in g.containing[value] for o in set(group))
