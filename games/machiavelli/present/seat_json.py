"""A seat's view as the JSON the page draws: built from that seat's
:class:`~machiavelli.games.machiavelli.view.View` alone, never from the
game, so that no other hand can reach a browser.

Machiavelli's presentation hands it to the page as its ``web_view``: the
areas it has and the buttons it offers, in ``layout``; the page draws what
the game declares.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from machiavelli.core import registry
from machiavelli.core.cards import Card, DeckSpec
from machiavelli.core.i18n import NP_, _, format_number, is_rtl, ngettext, pgettext

from machiavelli.core import glossary
from machiavelli.games.machiavelli.present import hand_order
from machiavelli.core.bidi import isolate
from machiavelli.games.machiavelli.present.narrate import entry_text, outcome_text, player_name
from machiavelli.core.reasons import meld_reason
from machiavelli.core.glossary import describe_cards, isolated
from machiavelli.core.present import MAX_SINCE, count_text, seat_label

def machiavelli_view(view: Any, seats: list[Any], order: str, links: dict[str, str]) -> dict[str, Any]:
    """The JSON of one Machiavelli seat: see the module docstring and the README's API section."""
    deck = view.variant.deck
    code = deck.card_text

    def codes(cards: Iterable[Card]) -> list[str]:
        return [code(c) for c in cards]

    shown: set[Card] = set()
    seat = view.seat
    groups, meld_groups = hand_order.arrange(view.hand, order, view.variant)
    hand = [c for g in groups for c in g]
    shown.update(hand)
    table = []
    for meld in view.layout:
        shown.update(meld.cards)
        # TRANSLATORS: The web table, a seat's screen; {n} is a number.
        table.append({"number": meld.number, "label": _("Meld {n}", n=format_number(meld.number)), "cards": codes(meld.cards), "moved": list(meld.moved),
                      "valid": meld.check.valid, "kind": glossary.kind_name(meld.check.kind) if meld.check.kind else None,
                      "reason": None if meld.check.valid else meld_reason(meld.check.reason),
                      "changed": meld.changed})
        if meld.jokers:  # what its jokers stand for, as the terminal's table says it
            table[-1]["jokers"] = glossary.jokers_text(meld.jokers, view.variant.deck)
            table[-1]["stands_for"] = [codes(combo) for combo in meld.jokers]
    for cards in (view.help_cards, view.working, view.just_drawn):
        shown.update(cards)
    names = [s.name for s in seats]
    others = [{"seat": s, "name": seat_label(s, seats, seat), "cards": n,
               "cards_text": count_text(n)}
              for s, n in enumerate(view.hand_sizes) if s != seat]
    since = [isolated(entry_text(e, deck, names), deck) for e in view.since_my_last_turn()[-MAX_SINCE:] if e.seat != seat]
    result = None
    if view.outcome is not None:
        hands = view.final_hands or ()
        for h in hands:
            shown.update(h)
        result = {"winners": list(view.outcome.winners), "reason": str(view.outcome.reason),
                  "text": outcome_text(view.outcome, names),
                  "hands": [{"seat": s, "name": seat_label(s, seats, seat), "cards": codes(sorted(h, key=deck.sort_key))}
                            for s, h in enumerate(hands)],
                  "record": links.get("record")}
    my_turn = view.my_turn
    return {
        "game": view.variant.game,
        "variant": view.variant.name,
        "seat": seat,
        "name": seat_label(seat, seats, seat),
        "players": view.players,
        "hand": codes(hand),
        "hand_groups": [len(g) for g in groups],
        "hand_melds": meld_groups,
        "order": order,
        "just_drawn": codes(view.just_drawn),
        "others": others,
        "table": table,
        "help": codes(view.help_cards),
        "deck": view.deck_count,
        "deck_text": ngettext_deck(view.deck_count),
        "turn": view.turn,
        "turn_text": _("Turn {n}", n=format_number(view.turn)),
        "to_play": None if view.outcome is not None else view.current,
        "to_play_name": None if view.outcome is not None else seat_label(view.current, seats, seat),
        "my_turn": my_turn,
        "taken": codes(view.working) if my_turn else [],
        "played": codes(view.played) if my_turn else [],
        "can_undo": view.can_undo,
        "can_end": my_turn and view.can_end and view.played_from_hand,
        "can_draw": my_turn and not view.played_from_hand,
        "since": since,
        "result": result,
        "cards": describe_cards(shown, deck),
        "layout": _layout(),
    }


def ngettext_deck(n: int) -> str:
    return ngettext("{n} card left in the deck.", "{n} cards left in the deck.", n)


def _layout() -> dict[str, Any]:
    """What the page shows of a Machiavelli game and the buttons it offers
    (each sends the command word named)."""
    return {
        "areas": [
            {"key": "table", "kind": "melds", "label": _("Table")},
            # TRANSLATORS: The web table, a seat's screen.
            {"key": "help", "kind": "cards", "label": _("Help cards"), "mark": "*"},
            {"key": "taken", "kind": "cards", "label": _("Taken from the table (must go back)")},
            {"key": "new", "kind": "new-meld", "label": _("New meld")},
            {"key": "hand", "kind": "hand", "label": _("Your hand")},
        ],
        "buttons": [
            # TRANSLATORS: The web table, a seat's screen.
            {"command": "undo", "label": _("Undo"), "enabled": "can_undo"},
            # TRANSLATORS: The web table, a seat's screen.
            {"command": "restore", "label": _("Restore the table"), "enabled": "my_turn"},
            # TRANSLATORS: The web table, a seat's screen.
            {"command": "draw", "label": _("Draw a card"), "enabled": "can_draw"},
            # TRANSLATORS: The web table, a seat's screen.
            {"command": "end", "label": _("End the turn"), "enabled": "can_end"},
            {"command": "hint", "label": _("Hint"), "enabled": "my_turn"},
        ],
        "orders": [{"order": o, "label": pgettext("hand order", w)} for o, w in
                   (("suit", "suit"), ("rank", "rank"), ("melds", "melds"))],
    }
