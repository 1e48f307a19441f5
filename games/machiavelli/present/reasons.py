"""Why Machiavelli's engine refused an action, in the user's language."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from machiavelli.core.errors import IllegalAction, NotationError
from machiavelli.core.i18n import _
from machiavelli.core.reasons import ACTION_REASONS, action_reason, meld_reason


def rejection(view: Any, error: IllegalAction, show: Callable[[Sequence[Any]], str]) -> list[str]:
    """Why Machiavelli's engine refused an action, one line each, cards
    drawn by ``show``: at the end of a turn, the cards taken and left and
    every invalid meld of ``view``'s table."""
    out = []
    if error.code in ("invalid-table", "taken-cards-left"):
        if view.working:
            out.append(_(ACTION_REASONS["taken-cards-left"], cards=show(view.working)))
        for meld in view.layout:
            if not meld.check.valid:
                out.append(_(ACTION_REASONS["invalid-table"], meld=meld.number, cards=show(meld.cards),
                             reason=meld_reason(meld.check.reason)))
        if out:
            return out
    params = dict(error.params)
    if isinstance(params.get("cards"), str):
        # The engine names cards in the notation; show them as this screen does.
        try:
            params["cards"] = show(view.variant.deck.parse_cards(params["cards"]))
        except NotationError:
            pass
    return [action_reason(IllegalAction(error.code, **params))]
