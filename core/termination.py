"""How a game ended, as a value: :class:`Termination`, which each game
subclasses with its own members. Re-exported by :mod:`.game`; kept apart so
that a game's definition names its endings without importing the engine's
protocols (``machiavelli meld check`` reads a game's definition, never
plays)."""

from __future__ import annotations

from enum import StrEnum


class Termination(StrEnum):
    """How a game ended. Each game subclasses it with its own members; the
    values are the stable kebab-case codes that records and JSON carry."""
