"""Why Machiavelli's engine refused an action, in the user's language."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError
from machiavelli.core.i18n import N_, _
from machiavelli.core.reasons import action_reason, meld_reason
from machiavelli.core.terminal import printable

# Why Machiavelli's rules refuse a turn action (its IllegalAction codes; the
# kernel says the ones any game gives: not-your-turn, game-over).
ACTION_REASONS: dict[str, str] = {
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards.
    "card-not-available": N_("You have no {cards} to play: not in your hand, the taken cards or the help cards."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards.
    "help-card-needs-hand": N_("Help cards ({cards}) can only be played together with cards from your hand."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown.
    "help-card-needs-meld-from-hand": N_("Help cards ({cards}) can only go into a new combination with at least two "
                                         "cards from your hand and no card from the table."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards. The Cross: the four cards laid face up around the deck (the Greek Makiaveli).
    "card-not-available-cross": N_("You have no {cards} to play: not in your hand, the taken cards or the "
                                   "Cross."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards. The Cross: the four cards laid face up around the deck (the Greek Makiaveli).
    "cross-card-needs-hand": N_("Cards of the Cross ({cards}) can only be played together with cards from your "
                                "hand."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown. The
    # Cross: the four cards laid face up around the deck (the Greek Makiaveli).
    "cross-card-needs-meld-from-hand": N_("A card of the Cross ({cards}) can only be completed into a new "
                                          "combination with at least two cards from your hand and no card from "
                                          "the table."),
    # TRANSLATORS: An error message (command line, table or web page), when a player would leave invalid
    # cards on the table; {cards} is cards as shown.
    "own-cards-in-invalid-meld": N_("{cards}: cards from your hand and help cards cannot stay in an invalid group. "
                                    "Put them in a valid combination, or take them back."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a meld's number on
    # the table.
    "no-such-meld": N_("There is no meld {meld} on the table."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a meld's number on
    # the table, {cards} is cards as shown, or a number of cards.
    "card-not-in-meld": N_("Meld {meld} has no {cards}."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a meld's number on
    # the table.
    "same-meld": N_("Cards cannot move from meld {meld} to itself."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a meld's number on
    # the table, {cards} is cards as shown, or a number of cards.
    "nothing-to-split": N_("Meld {meld} starts with {cards}: there is nothing to split off."),
    "nothing-to-undo": N_("There is nothing to undo in this turn."),
    "nothing-to-restore": N_("You have taken nothing from the table this turn, so there is nothing to restore: undo "
                             "your own plays, or draw."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards.
    "draw-after-play": N_("You have played {cards} this turn: end the turn, or undo before drawing."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards.
    "taken-cards-left": N_("Cards taken from the table must go back first: {cards}."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a meld's number on
    # the table, {cards} is cards as shown, or a number of cards, {reason} is why, a clause without a
    # capital.
    "invalid-table": N_("Meld {meld} ({cards}) is not valid: {reason}."),
    "nothing-played": N_("You have not played a card from your hand: draw or restore instead."),
    "no-knocking": N_("There is no knocking in this variant."),
    # TRANSLATORS: An error message (command line, table or web page); {points} is the points of the
    # player's hand, {limit} the most a hand may hold to knock.
    "knock-over-limit": N_("Your hand is worth {points} points: you may knock with at most {limit}."),
    "rearrange-before-opening": N_("You may not take, move, split or join table cards before your first play "
                                   "is on the table."),
    # TRANSLATORS: An error message (command line, table or web page); {limit} is a number, the limit.
    "too-many-cards": N_("Too many cards: the most cards of your hand you may lay down in one turn is {limit}."),
    "opening-not-met": N_("Your first play must include a new combination made only of cards from your hand."),
    "opening-run-not-met": N_("Your first play must include a new run made only of cards from your hand."),
    # TRANSLATORS: An error message (command line, table or web page); {needed} is a number of points,
    # {points} is a number of points.
    "opening-points-not-met": N_("Your first play must be new combinations of cards from your hand worth at least "
                                 "{needed} points; these are worth {points}."),
    "no-jokers": N_("This game has no jokers."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a meld's number.
    "no-joker-in-meld": N_("Meld {meld} holds no joker."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is the card typed, as shown.
    "swap-card-not-in-hand": N_("You have no {cards} in your hand to put in place of a joker."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is a card, {meld} a number.
    "swap-does-not-fit": N_("{cards} cannot take the joker's place in meld {meld}: the meld would not be valid."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is the joker as shown (🃏).
    "joker-must-be-played": N_("The joker you won back ({cards}) must be played again before your turn ends."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a meld's number.
    "joker-meld-fixed": N_("Meld {meld} holds a joker: in this variant such a meld may be added to, never broken "
                           "up."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a number; swap CARD as typed.
    "joker-exchange-only": N_("The joker of meld {meld} leaves its meld only when a card from your hand takes its "
                              "place: swap {meld} CARD."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards.
    "must-play": N_("You can lay down cards this turn, so you may not draw: for example {cards}."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards.
    "must-play-drawn": N_("What you drew lets you lay down cards, so you must play now: for example {cards}."),
}


def refusal(error: MachiavelliError) -> str | None:
    """Why Machiavelli's rules refused an action, in the user's language;
    None for another error, or a code that is not one of its refusals."""
    if not isinstance(error, IllegalAction) or error.code not in ACTION_REASONS:
        return None
    if error.code == "invalid-table":
        # The meld's reason is a code (from a record, perhaps a stranger's text): its words, or it shown safely.
        code = error.params.get("reason")
        return action_reason(error, ACTION_REASONS, reason=meld_reason(printable(code, visible=True) if code else None))
    return action_reason(error, ACTION_REASONS)


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
    refused = IllegalAction(error.code, **params)
    return [refusal(refused) or action_reason(refused)]


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
                            "draw {n} cards and your turn ends.", _restore_draws(view.variant),
                            restore=local_word("restore")))
    variant = view.variant
    if variant.leftover_invalid == "stay" and not view.working:
        # TRANSLATORS: The table: the way out of a table that cannot end the turn (invalid cards may stay
        # on the table); {draw} is the draw command's word, {n} the cards it costs.
        out.append(ngettext("Or type {draw} to leave the invalid groups on the table: you then draw {n} card as "
                            "a penalty and your turn ends.",
                            "Or type {draw} to leave the invalid groups on the table: you then draw {n} cards as "
                            "a penalty and your turn ends.", variant.restore_penalty, draw=local_word("draw")))
    return out


def _restore_draws(variant: Any) -> int:
    """Cards a restore draws: the penalty, or the usual draw when restoring is free."""
    if variant.restore == "free":
        return 0 if variant.drawing == "start-of-turn" else int(variant.draw_count)
    return int(variant.restore_penalty)
