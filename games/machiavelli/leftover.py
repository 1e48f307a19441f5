"""Invalid cards left on the table between turns (``leftover_invalid: stay``).

Seed 003 (Wikipedia): a player who rearranged and cannot put the table back
"must draw three cards. The other players will then try to bring the cards
back into their groups. Invalid cards left on the table will later be taken
into valid groups by other players." So a turn may end with table cards in
invalid groups; the player who leaves new ones draws ``restore_penalty``
cards; later players may take them into valid melds, and leaving the groups
that were already there as they are costs nothing ("try": nobody must).

What may be left is table cards only: the player's own hand cards and help
cards go back where they came from, as at a real table (or a hand could be
emptied into a heap). A turn's own new invalid cards are the cards in
invalid melds now that were not in invalid melds when the turn began.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from machiavelli.core.errors import IllegalAction
from machiavelli.core.table import MeldRules

if TYPE_CHECKING:
    from .turn import Turn


def loose(rules: MeldRules, table: Iterable[tuple[int, ...]]) -> set[int]:
    """The card ids in the invalid melds of ``table``."""
    valid = rules.valid
    return {i for meld in table if not valid(meld) for i in meld}


def settle(turn: "Turn") -> bool:
    """Whether ending ``turn`` now leaves new invalid cards on the table
    (the player then draws the penalty); raise when the table may not be
    left as it is: taken cards not put down, or hand or help cards in an
    invalid meld."""
    if turn.working:
        turn.check_table()  # says which taken cards are left (jokers first)
    rules = turn.rules
    now = loose(rules, turn.table)
    if not now:
        return False
    on_table = {i for meld in turn.start[0] for i in meld}
    own = sorted(i for i in now if i not in on_table)
    if own:
        raise IllegalAction("own-cards-in-invalid-meld", cards=turn.cards_text(own))
    return not now <= loose(rules, turn.start[0])


def refuse_end(turn: "Turn") -> None:
    """Raise why ``end`` may not end ``turn`` unless it is :func:`clean`:
    taken cards left, or the first invalid meld that is not one of the
    groups the turn began with (``end`` never leaves new ones: ``draw`` does)."""
    if turn.working:
        turn.check_table()
    rules = turn.rules
    before = loose(rules, turn.start[0])
    for number, meld in enumerate(turn.table, 1):
        if not rules.valid(meld) and not before.issuperset(meld):
            raise IllegalAction("invalid-table", meld=number, cards=rules.deck.format_cards(rules.meld_cards(meld)),
                                reason=rules.check(meld).reason)


def leaves(turn: "Turn") -> bool:
    """Whether ``turn`` may end leaving new invalid cards (the penalty);
    raises only when its own hand or help cards are in an invalid meld
    (what a player who means to leave the groups needs to hear)."""
    try:
        return settle(turn)
    except IllegalAction as error:
        if error.code == "own-cards-in-invalid-meld":
            raise
        return False


def clean(turn: "Turn") -> bool:
    """Whether ``turn`` may end now without the penalty (the invalid groups
    it began with may stay)."""
    try:
        return not settle(turn)
    except IllegalAction:
        return False


def invalid_first(rules: MeldRules, table: list[tuple[int, ...]]) -> None:
    """Put the invalid melds first, in place, each part in its order: the
    groups to mend lead the table, and the valid melds after them keep
    their numbers whatever a turn does to them (see :mod:`.around`)."""
    valid = rules.valid
    table[:] = [m for m in table if not valid(m)] + [m for m in table if valid(m)]
