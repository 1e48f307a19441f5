"""Machiavelli's table as a graphical page draws it: the
:class:`~machiavelli.core.present.TableView` of one seat, built from that
seat's :class:`~machiavelli.games.machiavelli.view.View` alone (never from
the game, so that no other hand can reach a browser).

The table declares its numbered melds with their marks, the help cards,
the cards taken from the table, the new meld, the hand, the buttons with
their state, and how cards put on a target become Machiavelli's commands
(``play``, ``add``, ``take``, ``move``, ``join``, ``split``). The fields
scripts read from Machiavelli's seat JSON (the README's API table) come
in ``fields``.
"""

from __future__ import annotations

from typing import Any, Iterable

from machiavelli.core import glossary
from machiavelli.core.cards import Card
from machiavelli.core.i18n import _, format_number, ngettext
from machiavelli.core.present import MAX_SINCE, Area, Button, Compose, Meld, Style, TableView
from machiavelli.core.reasons import meld_reason
from machiavelli.games.machiavelli.cross import is_cross

from . import hand_order
from .narrate import entry_text, outcome_text

#: How cards picked and put on a target become commands (see :class:`Compose`).
COMPOSE = (
    Compose("hand", "new", gather=True),
    Compose("help", "new", gather=True),
    Compose("taken", "new", gather=True),
    Compose("meld", "new", "take {from} {cards}", gather=True),
    Compose("whole", "new", "take {from}", gather=True),
    Compose("hand", "meld", "add {to} {cards}"),
    Compose("help", "meld", "add {to} {cards}"),
    Compose("taken", "meld", "add {to} {cards}"),
    Compose("meld", "meld", "move {cards} {from} {to}"),
    Compose("whole", "meld", "join {to} {from}"),
    Compose("meld", "taken", "take {from} {cards}"),
    Compose("whole", "taken", "take {from}"),
)


def ngettext_deck(n: int) -> str:
    return ngettext("{n} card left in the deck.", "{n} cards left in the deck.", n)


def table(view: Any, style: Style) -> TableView:
    """The seat's table (see the module docstring)."""
    deck = view.variant.deck
    code = deck.card_text
    names: list[str | None] = list(style.names)

    def codes(cards: Iterable[Card]) -> list[str]:
        return [code(c) for c in cards]

    order = style.order if style.order in hand_order.ORDERS else hand_order.SUIT
    groups, meld_groups = hand_order.arrange(view.hand, order, view.variant)
    hand = tuple(c for g in groups for c in g)
    melds = []
    for meld in view.layout:
        check = meld.check
        melds.append(Meld(
            number=meld.number,
            # TRANSLATORS: The web table, a seat's screen; {n} is a number.
            label=_("Meld {n}", n=format_number(meld.number)), cards=tuple(meld.cards), moved=tuple(meld.moved),
            changed=meld.changed, valid=check.valid, reason="" if check.valid else meld_reason(check.reason),
            kind=glossary.kind_name(check.kind) if check.kind else "",
            note=glossary.jokers_text(meld.jokers, deck) if meld.jokers else "",
            stands_for=tuple(tuple(combo) for combo in meld.jokers) if meld.jokers else ()))
    my_turn = view.my_turn
    over = view.outcome is not None
    taken = tuple(view.working) if my_turn else ()
    areas = [Area("table", "melds", _("Table"), melds=tuple(melds))]
    if view.help_cards and is_cross(view.variant):
        # TRANSLATORS: The web table, a seat's screen. The Cross: the Greek Makiaveli's cards laid face
        # up around the deck, which any player may complete into combinations.
        areas.append(Area("help", "cards", _("The Cross, around the deck"), cards=tuple(view.help_cards),
                          marked=tuple(view.help_cards), mark=_("card of the Cross"), prefix="*"))
    elif view.help_cards:
        # TRANSLATORS: The web table, a seat's screen.
        areas.append(Area("help", "cards", _("Help cards"), cards=tuple(view.help_cards),
                          marked=tuple(view.help_cards), mark=_("help card"), prefix="*"))
    areas += [
        Area("taken", "working", _("Taken from the table (must go back)"), cards=taken, marked=taken,
             mark=_("taken: must go back")),
        Area("new", "new", _("New meld"), command="play {cards}"),
        Area("hand", "hand", _("Your hand"), cards=hand, marked=tuple(view.just_drawn), mark=_("just drawn")),
    ]
    if over:
        hands = tuple(view.final_hands or ())
        areas.append(Area("result", "result", _("Result"), lines=(outcome_text(view.outcome, names),),
                          seats=tuple(range(len(hands))),
                          groups=tuple((style.names[s] if s < len(style.names) else "", tuple(sorted(h, key=deck.sort_key)))
                                       for s, h in enumerate(hands))))
    lines = [("deck", _("Deck") + ": " + ngettext_deck(view.deck_count))]
    if view.just_drawn:
        lines.append(("drawn", _("You drew: {cards}", cards=", ".join(glossary.card_name(c, deck)
                                                                       for c in view.just_drawn))))
    can_end = my_turn and view.can_end and view.played_from_hand
    can_draw = my_turn and not view.played_from_hand
    buttons = (
        # TRANSLATORS: The web table, a seat's screen.
        Button("undo", _("Undo"), "undo", not over and view.can_undo),
        # TRANSLATORS: The web table, a seat's screen.
        Button("restore", _("Restore the table"), "restore", not over and my_turn),
        # TRANSLATORS: The web table, a seat's screen.
        Button("draw", _("Draw a card"), "draw", not over and can_draw),
        # TRANSLATORS: The web table, a seat's screen.
        Button("end", _("End the turn"), "end", not over and can_end),
        *((Button("knock", _("Knock"), "knock", not over and view.may_knock),) if view.variant.knock_limit is not None
          else ()),
        Button("hint", _("Hint"), "hint", not over and my_turn),
        Button("split", _("Split before the selected card"), "split {from} {cards}", not over and my_turn,
               needs="table-card"),
    )
    since = tuple(entry_text(e, deck, names, view.variant) for e in view.since_my_last_turn()[-MAX_SINCE:] if e.seat != view.seat)
    fields = {
        "hand_groups": [len(g) for g in groups],
        "hand_melds": meld_groups,
        "order": order,
        "just_drawn": codes(view.just_drawn),
        "help": codes(view.help_cards),
        "deck": view.deck_count,
        "deck_text": ngettext_deck(view.deck_count),
        "taken": codes(taken),
        "played": codes(view.played) if my_turn else [],
        "can_undo": view.can_undo,
        "can_end": can_end,
        "can_draw": can_draw,
    }
    return TableView(areas=tuple(areas), current=None if over else view.current, lines=tuple(lines),
                     buttons=buttons, compose=COMPOSE, since=since, fields=fields)
