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
            return [*out, *way_out(view)]
    params = dict(error.params)
    if isinstance(params.get("cards"), str):
        # The engine names cards in the notation; show them as this screen does.
        try:
            params["cards"] = show(view.variant.deck.parse_cards(params["cards"]))
        except NotationError:
            pass
    return [action_reason(IllegalAction(error.code, **params))]


def way_out(view: Any) -> list[str]:
    """How to leave a table that cannot end the turn as it is: ``undo``
    takes back the last step for free, ``restore`` puts the turn's table
    back at the variant's price (after a rearrangement, as the rules allow)."""
    from machiavelli.core.i18n import ngettext

    from .words import local_word

    out = []
    if view.can_undo:
        # TRANSLATORS: The table: the way out of a table that cannot end the turn; {undo} is the undo
        # command's word.
        out.append(_("Type {undo} to take back your last step (it costs nothing).", undo=local_word("undo")))
    if view.disturbed:
        # TRANSLATORS: The table: the way out of a table that cannot end the turn; {restore} is the restore
        # command's word, {n} the cards it costs.
        out.append(ngettext("Or type {restore} to put the table back as it was when your turn began: you then "
                            "draw {n} card and your turn ends.",
                            "Or type {restore} to put the table back as it was when your turn began: you then "
                            "draw {n} cards and your turn ends.", view.variant.restore_penalty,
                            restore=local_word("restore")))
    return out
