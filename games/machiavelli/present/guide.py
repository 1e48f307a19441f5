"""``help`` at the table: every command in the player's language, how it is
typed, and how cards are written."""

from __future__ import annotations

from typing import Any

from machiavelli.core.cards import DeckSpec

from machiavelli.core import glossary
from machiavelli.core.i18n import NP_, _, format_list, join_clauses, pgettext
from machiavelli.games.machiavelli.present.words import COMMANDS, IN_FULL, ORDERS, SHORT, local_word, order_word, usage

WHAT: dict[str, str] = {
    "play": NP_("command help", "Put down a new meld from your hand, the cards taken from the table and the "
                "help cards (*7C asks for the help card 7C)."),
    "add": NP_("command help", "Add cards to a meld of the table."),
    "take": NP_("command help", "Take whole melds, or some cards of one meld, off the table: they must go "
                "back before the turn ends."),
    "move": NP_("command help", "Move cards from one meld to another."),
    "split": NP_("command help", "Cut a meld in two: the second part starts at the card named."),
    "join": NP_("command help", "Put the cards of the other melds into the first one."),
    "swap": NP_("command help", "Put a card from your hand in place of a joker of the meld and take the joker: "
                "play it again before the turn ends (variants with jokers)."),
    "undo": NP_("command help", "Take back the last step of this turn (as far back as the start of the turn)."),
    "restore": NP_("command help", "After touching the table: put everything back as it was when the turn began, "
                   "draw the penalty and pass."),
    "draw": NP_("command help", "Draw and pass (only if you have put down no card; the restore penalty if you "
                "touched the table this turn)."),
    "end": NP_("command help", "End the turn: every meld valid, every taken card back, a card of yours played."),
    "knock": NP_("command help", "End your turn and the deal when your hand is worth no more than the variant "
                 "allows: the hand lowest in points wins (variants with knocking)."),
    "hint": NP_("command help", "Say whether you can put cards down, then how many, then the play as commands "
                "(nothing is played); hint all: the whole play at once."),
    "sort": NP_("command help", "Order your hand: by suit, by rank, or grouped into the melds it holds."),
    "table": NP_("command help", "Show every move of the others since your last turn and the whole table, "
                 "one meld a line."),
    "rules": NP_("command help", "Show the rules of this variant."),
    "save": NP_("command help", "Save the game (continue it with: machiavelli play --load FILE)."),
    "help": NP_("command help", "Show this help, or the help of one command."),
    "quit": NP_("command help", "Leave the game (you are asked whether to save it)."),
}


def rows(variant: Any = None) -> list[tuple[str, str]]:
    """(how the command is typed, what it does) for every command, or for
    those ``variant`` offers (no knock without knocking)."""
    out = []
    for command in COMMANDS:
        if command == "knock" and variant is not None and variant.knock_limit is None:
            continue
        shown = usage(command)
        if local_word(command) != command:
            shown += f"  ({command})"
        out.append((shown, pgettext("command help", WHAT[command])))
    return out


def one(command: str) -> list[str]:
    return [usage(command), pgettext("command help", WHAT[command])]


def notes(deck: DeckSpec) -> list[str]:
    """How cards, melds and short forms are typed."""
    ranks = " ".join(r.code for r in deck.ranks)
    # A tile's colour has no symbol: its letter says the colour's name (R=red).
    tiles = glossary.tile_letters(deck)
    suits = " ".join(f"{tiles[s.code]}={glossary.colour_name(s.colour)}" if tiles else f"{s.code}={s.symbol}"
                     for s in deck.suits)
    # TRANSLATORS: The table's help (the help command); {ranks} is ranks, listed, {suits} is suits,
    # listed.
    lines = [_("Cards: the rank ({ranks}) then the suit ({suits}), e.g. 10H or 10♥.", ranks=ranks, suits=suits)]
    rank_letters, suit_letters = glossary.letters(deck)
    # Ranks and suits apart: a letter may be both (Italian F: Fante, Fiori).
    groups = [[f"{k}={v}" for k, v in rank_letters.items() if k != v],
              # A tile's letters are the language's already (above); English ones are read too.
              [f"{k}={deck.suit(v).symbol}" for k, v in suit_letters.items() if k != v and not tiles],
              [f"{k}={e.symbol}" for e in deck.extras for k, v in glossary.extra_letters(deck).items()
               if v == e.code and k != v]]
    if any(groups):
        # TRANSLATORS: The table's help (the help command); {letters} is letters and what they stand for.
        lines.append(_("Your language's letters work too: {letters}.",
                       letters=join_clauses(format_list(g) for g in groups if g)))
    # TRANSLATORS: The table's help (the help command); {short} is short forms, the initials of the
    # English command words (d=draw): say that they come from English.
    lines.append(_("Melds go by the numbers shown on the table. Short forms, from the English command words: "
                   "{short}; or the beginning of any command word.", short=" ".join(f"{k}={local_word(v)}" for k, v in SHORT.items() if k != "?")))
    # TRANSLATORS: The table's help (the help command); {command} is a command word.
    lines.append(_("{command} must be typed in full. An empty line shows the whole screen again.",
                   command=format_list([local_word(c) for c in sorted(IN_FULL)])))
    # TRANSLATORS: The table's help (the help command); {orders} is orders of the hand, listed.
    lines.append(_("Orders of the hand: {orders}.", orders=format_list([order_word(o) for o in ORDERS])))
    return lines
