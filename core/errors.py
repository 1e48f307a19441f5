"""Distinct errors for distinct failures.

Every error carries a reason ``code`` (a stable kebab-case string the locales
translate) and ``params``: the input that caused it, as plain strings and
numbers, so a message can be composed in any language without touching
Python objects.
"""

from __future__ import annotations

from typing import Any


class MachiavelliError(Exception):
    """Base class: a reason code plus the parameters that explain it."""

    code: str = "error"

    def __init__(self, code: str | None = None, message: str | None = None, **params: Any) -> None:
        if code is not None:
            self.code = code
        self.params = params
        self.message = message or self._default_message()
        super().__init__(self.message)

    def _default_message(self) -> str:
        detail = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.code}: {detail}" if detail else self.code


class NotationError(MachiavelliError, ValueError):
    """Text that is not a card, meld, table or action (params: ``token``)."""

    code = "bad-card"


class VariantError(MachiavelliError, ValueError):
    """A variant that cannot be loaded or resolved.

    params: ``file`` (or variant name), ``path`` (dotted key path, may be
    empty), ``line`` (1-based, or None), ``detail`` (English explanation).
    """

    code = "bad-variant"


class SetupError(MachiavelliError, ValueError):
    """A game that cannot be set up (too many players, ...)."""

    code = "bad-setup"


class IllegalAction(MachiavelliError):
    """A turn action the rules reject; the game state is unchanged."""

    code = "illegal-action"


class RecordError(MachiavelliError, ValueError):
    """A game record that is damaged, truncated or foreign."""

    code = "bad-record"


class PositionError(MachiavelliError, ValueError):
    """A table and hand that cannot occur: an invalid meld on the table, a
    card not in the deck, more copies of a card than the decks hold."""

    code = "bad-position"


class SolverError(MachiavelliError):
    """A position the solver cannot answer exactly (it never guesses)."""

    code = "solver-gave-up"
