"""A seat's view as the JSON the page draws: built from that seat's
:class:`~machiavelli.games.machiavelli.view.View` alone, never from the
game, so that no other hand can reach a browser.

Each game of the family declares how the page shows it (:data:`BUILDERS`,
by game name): the areas it has and the buttons it offers, in ``layout``;
the page draws what the game declares. Any other game is shown from the
table its presentation declares (:mod:`.declared`); :mod:`.views` chooses.
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

#: How far back "since your last turn" goes (a long game's log stays out).
MAX_SINCE = 60

# TRANSLATORS: a card's name as a screen reader says it: "queen of hearts"; {rank} is a rank's
# name, {suit} a suit's name.
CARD_NAME = NP_("card name", "{rank} of {suit}")
def level_name(name: str, game: str = registry.DEFAULT_GAME) -> str:
    return registry.player_label(name, game)


def card_name(card: Card, deck: DeckSpec) -> str:
    """What a screen reader says for a card, in the page's language."""
    extra = deck.extra(card)
    if extra is not None:
        return glossary.extra_name(extra.code) or extra.symbol
    rank = deck.rank_code(card.rank)
    if glossary.is_french(deck):
        return pgettext("card name", CARD_NAME, rank=glossary.rank_name(rank), suit=glossary.suit_name(card.suit))
    return deck.card_symbol(card)


def card_runs(deck: DeckSpec) -> "re.Pattern[str]":
    """Runs of cards in symbol notation (``A♠ K♠ Q♠``) inside a sentence."""
    ranks = "|".join(sorted((re.escape(r.code) for r in deck.ranks), key=len, reverse=True))
    suits = "".join(re.escape(s.symbol) for s in deck.suits)
    extras = "|".join(re.escape(e.symbol) for e in deck.extras)
    card = f"\\*?(?:(?:{ranks})[{suits}]" + (f"|{extras}" if extras else "") + ")"
    return re.compile(f"(?<![\\w]){card}(?: {card})*")


def isolated(text: str, deck: DeckSpec) -> str:
    """In right-to-left text, each run of cards as a left-to-right isolate,
    so that the browser keeps ``A♠ K♠ Q♠`` in order inside Arabic."""
    if not is_rtl():
        return text
    return card_runs(deck).sub(lambda m: isolate(m.group(0)), text)


def describe_cards(cards: set[Card], deck: DeckSpec) -> dict[str, dict[str, Any]]:
    """Every card the JSON names, by code: symbol, suit, rank, colour and name."""
    out = {}
    for card in sorted(cards, key=deck.sort_key):
        extra = deck.extra(card)
        out[deck.card_text(card)] = {
            "symbol": deck.card_symbol(card),
            "rank": "" if extra else deck.rank_code(card.rank),
            "suit": card.suit,
            "suit_symbol": extra.symbol if extra else deck.suit(card.suit).symbol,
            "colour": deck.colour(card),
            "name": card_name(card, deck),
        }
    return out


def seat_label(seat: int, seats: list[Any], viewer: int, game: str = registry.DEFAULT_GAME) -> str:
    name = player_name(seat, [s.name for s in seats])
    kind = seats[seat].player
    if seat == viewer:
        return _("{player} (you)", player=name)
    if kind == "human":
        return name
    # TRANSLATORS: The web table, a seat's screen; {player} is a player's name (Player 2), {level} is
    # a kind of computer player.
    return _("{player} (computer: {level})", player=name, level=level_name(kind, game))


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


def count_text(n: int) -> str:
    """Another seat's number of cards, in words."""
    return ngettext("{n} card", "{n} cards", n)


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


#: The view builder of each game that the page can show, by game name:
#: ``builder(view, seats, order, links)`` returns the seat's JSON, with a
#: ``layout`` naming the areas and buttons the page draws.
BUILDERS: dict[str, Callable[..., dict[str, Any]]] = {"machiavelli": machiavelli_view}


def register_view(game: str, builder: Callable[..., dict[str, Any]]) -> None:
    """Let the page show ``game``: ``builder`` makes a seat's JSON from that seat's view only."""
    BUILDERS[game] = builder
