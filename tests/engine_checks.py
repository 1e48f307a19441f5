"""Helpers shared by the turn-engine tests: positions, invariants, snapshots."""

from __future__ import annotations

from machiavelli.games.machiavelli.actions import Action
from machiavelli.core.cards import FRENCH
from machiavelli.games.machiavelli.game import Game

P = FRENCH.parse_cards


def position(variant, hands, table="", deck=None, help="", current=0):
    """A game set up from card text: hands as strings, table as ``A B C | D E F``."""
    return Game.from_position(
        variant,
        hands=[P(h) for h in hands],
        table=FRENCH.parse_table(table),
        deck=None if deck is None else P(deck),
        help=P(help),
        current=current,
    )


def run(game, *actions):
    for text in actions:
        game.apply(Action.parse(text))


def melds(text_or_game) -> list[list[str]]:
    """A table as a sorted list of sorted card texts (order-free comparison)."""
    if isinstance(text_or_game, Game):
        raw = [[str(c) for c in m] for m in text_or_game.melds()]
    else:
        raw = [[str(c) for c in m] for m in FRENCH.parse_table(text_or_game)]
    return sorted(sorted(m) for m in raw)


def cards(text_or_cards) -> list[str]:
    if isinstance(text_or_cards, str):
        return sorted(str(c) for c in P(text_or_cards))
    return sorted(str(c) for c in text_or_cards)


def snapshot(game):
    """Everything an action could change."""
    turn = game.turn
    return (game.ids(), game.state(), turn.seat, turn.number, turn.steps, turn.touched, turn.start,
            turn.disturbed, game.entries, game.outcome, [game.just_drawn(s) for s in range(game.players)])


def check_invariants(game, *, boundary: bool) -> None:
    """Every physical card in exactly one place; at a turn boundary the
    table is valid (where the variant lets invalid cards stay, its invalid
    melds are table cards only) and nothing is left in the working area."""
    ids = game.ids()
    every = sorted(i for place in ids.values() for i in place)
    assert every == list(range(game.variant.card_count)), "a card is lost or duplicated"
    if boundary:
        assert not ids["working"], "taken cards left in the working area between turns"
        if getattr(game.variant, "leftover_invalid", "forbidden") == "stay":
            return
        assert not game.rules.invalid(game._table), "invalid meld at a turn boundary"
