"""The kernel's idea of an action: a small immutable value with a text
notation (a verb, then arguments). Each game defines its actions and how
they are read; records store them as text.
"""

from __future__ import annotations

from typing import ClassVar

from .cards import FRENCH, DeckSpec


class Action:
    """Base of every game's actions: ``text(deck)`` round-trips through the
    game's ``parse_action``."""

    __slots__ = ()
    verb: ClassVar[str] = ""

    def args(self, deck: DeckSpec) -> list[str]:
        return []

    def text(self, deck: DeckSpec = FRENCH) -> str:
        return " ".join([self.verb, *self.args(deck)])

    def __str__(self) -> str:
        return self.text()
