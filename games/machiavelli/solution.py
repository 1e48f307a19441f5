"""The solver's answer as values: the steps from the old table to the new
one, and the whole solution (see :func:`.solver.solve`)."""

from __future__ import annotations

from dataclasses import dataclass

from machiavelli.core.cards import Card

from .variant import MachiavelliVariant as Variant

Source = int | str  # an old meld's number (from 1), or "hand" or "help"


@dataclass(frozen=True, slots=True)
class Step:
    """Cards moved to one meld from one place.

    ``source`` is an old meld's number (from 1), ``"hand"`` or ``"help"``;
    ``target`` is a meld number: old melds keep theirs, new melds are
    numbered after the last old one. ``new`` marks the step that starts meld
    ``target``."""

    cards: tuple[Card, ...]
    source: Source
    target: int
    new: bool = False

    def as_dict(self, variant: Variant | None = None) -> dict[str, object]:
        text = variant.deck.card_text if variant is not None else str
        return {"cards": [text(c) for c in self.cards], "from": self.source, "to": self.target, "new": self.new}


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer.

    ``table`` holds the new melds, each arranged as a player lays it out,
    and ``numbers`` the number each of them goes by in ``steps`` (old melds
    keep theirs). ``changed`` lists the old melds that lost cards."""

    placed: tuple[Card, ...]
    help_used: tuple[Card, ...]
    table: tuple[tuple[Card, ...], ...]
    numbers: tuple[int, ...]
    steps: tuple[Step, ...]
    changed: tuple[int, ...]
    method: str  # "rank-search" or "generic"

    @property
    def count(self) -> int:
        return len(self.placed)

    def as_dict(self, variant: Variant) -> dict[str, object]:
        text = variant.deck.card_text
        return {
            "placed": [text(c) for c in self.placed],
            "table": [[text(c) for c in meld] for meld in self.table],
            "steps": [step.as_dict(variant) for step in self.steps],
            "help_used": [text(c) for c in self.help_used],
            "numbers": list(self.numbers),
            "changed": list(self.changed),
        }
