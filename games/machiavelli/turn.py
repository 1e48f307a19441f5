"""A turn as a transaction over the table, the hand and the help cards.

The current player changes the table step by step (play, add, take, move,
split, join); in between, the table may be invalid. Each step is checked
completely before anything changes, so a rejected step leaves everything as
it was; each accepted step pushes a snapshot so that ``undo`` takes it back
and ``restore`` returns to the turn's start. Snapshots are cheap: melds are
immutable tuples of card ids, so a snapshot copies a few short lists.

The turn works on the game's own lists (shared, mutated in place); it knows
nothing about the deck or the other players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence, cast

from .actions import Add, Join, Move, Play, Split, Swap, Take
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction
from machiavelli.core.melds import MeldCheck
from machiavelli.core.table import MeldRules

if TYPE_CHECKING:
    from .variant import MachiavelliVariant

#: What undo goes back to: table, hand, help cards, working area, and the table cards touched.
_Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], frozenset[int]]


def _sorted(ids: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(ids))


def _find(pool: Sequence[int], value: Sequence[int], v: int) -> int:
    """Position of the first id of value ``v`` in ``pool``, or -1."""
    for k, i in enumerate(pool):
        if value[i] == v:
            return k
    return -1


class Turn:
    """One player's turn. ``table`` is a list of melds (sorted tuples of
    ids), ``hand``, ``help`` and ``working`` lists of ids."""

    __slots__ = ("seat", "number", "rules", "table", "hand", "help", "working",
                 "touched", "disturbed", "start", "_steps")

    def __init__(self, seat: int, number: int, rules: MeldRules, table: list[tuple[int, ...]],
                 hand: list[int], help: list[int], working: list[int]) -> None:
        self.seat = seat
        self.number = number
        self.rules = rules
        self.table = table
        self.hand = hand
        self.help = help
        self.working = working
        #: Table cards taken or moved during this turn (Board Game Arena marks them red).
        self.touched: frozenset[int] = frozenset()
        #: Whether a step of this turn took, moved, split or joined table
        #: cards, even if undone since: a turn that then ends without a play
        #: gave up a rearrangement and pays the restore penalty, however the
        #: table went back (``restore`` or ``undo``).
        self.disturbed = False
        self.start = (tuple(table), tuple(hand), tuple(help))
        self._steps: list[_Snapshot] = []

    def copy(self, table: list[tuple[int, ...]], hand: list[int], help: list[int], working: list[int]) -> "Turn":
        """This turn over copies of the game's lists (see ``Game.clone``)."""
        twin = Turn.__new__(Turn)
        twin.seat, twin.number, twin.rules = self.seat, self.number, self.rules
        twin.table, twin.hand, twin.help, twin.working = table, hand, help, working
        twin.touched, twin.start, twin._steps = self.touched, self.start, list(self._steps)
        twin.disturbed = self.disturbed
        return twin

    # -- questions -------------------------------------------------------------

    @property
    def played(self) -> bool:
        """Whether a hand card is on the table now (undo can take it back)."""
        return len(self.hand) < len(self.start[1])

    def played_ids(self) -> tuple[int, ...]:
        """The hand cards on the table now."""
        hand = set(self.hand)
        return tuple(i for i in self.start[1] if i not in hand)

    def help_used(self) -> int:
        """How many help cards are on the table now."""
        return len(self.start[2]) - len(self.help)

    @property
    def steps(self) -> int:
        """Steps that undo can take back."""
        return len(self._steps)

    def invalid(self) -> list[tuple[int, MeldCheck]]:
        """(1-based number, MeldCheck) of every invalid meld right now."""
        return self.rules.invalid(self.table)

    def check_table(self) -> None:
        """Raise unless every taken card is back and every meld is valid."""
        if self.working:
            jokers = [i for i in self.working if self._is_joker(i)]
            if jokers:
                raise IllegalAction("joker-must-be-played", cards=self.cards_text(jokers))
            raise IllegalAction("taken-cards-left", cards=self.cards_text(self.working))
        rules = self.rules
        for number, meld in enumerate(self.table, 1):
            if not rules.valid(meld):
                raise IllegalAction("invalid-table", meld=number, cards=self._meld_text(meld),
                                    reason=rules.check(meld).reason)

    def can_end(self) -> bool:
        if self.working:
            return False
        valid = self.rules.valid
        return all(valid(m) for m in self.table)

    # -- steps ---------------------------------------------------------------

    def _save(self) -> None:
        self._steps.append((tuple(self.table), tuple(self.hand), tuple(self.help),
                            tuple(self.working), self.touched))

    def _load(self, snap: _Snapshot) -> None:
        self.table[:] = snap[0]
        self.hand[:] = snap[1]
        self.help[:] = snap[2]
        self.working[:] = snap[3]
        self.touched = snap[4]

    def undo(self) -> tuple[int, ...]:
        if not self._steps:
            raise IllegalAction("nothing-to-undo")
        self._load(self._steps.pop())
        return ()

    def restore(self) -> None:
        """Back to the turn's start (the caller ends the turn)."""
        table, hand, help = self.start
        self._load((table, hand, help, (), frozenset()))
        self._steps.clear()

    def play(self, action: Play) -> tuple[int, ...]:
        ids, pools = self._pick(action.cards, action.help, new=True)
        self._save()
        self._commit(pools)
        self.table.append(_sorted(ids))
        return (len(self.table),)

    def add(self, action: Add) -> tuple[int, ...]:
        index = self._meld_index(action.meld)
        ids, pools = self._pick(action.cards, action.help)
        self._save()
        self._commit(pools)
        self.table[index] = _sorted((*self.table[index], *ids))
        return (action.meld,)

    def take(self, action: Take) -> tuple[int, ...]:
        indices = [self._meld_index(n) for n in action.melds]
        table = self.table
        for number, index in zip(action.melds, indices):
            self._joker_guard(number, table[index], action.cards if action.cards else None)
        if action.cards:
            index = indices[0]
            ids, rest = self._from_meld(table[index], action.cards, action.melds[0])
            self._save()
            self.disturbed = True
            self.working.extend(ids)
            self.touched = self.touched.union(ids)
            if rest:
                table[index] = rest
                return (action.melds[0],)
            del table[index]
            return ()
        self._save()
        self.disturbed = True
        taken = [i for index in indices for i in table[index]]
        for index in sorted(indices, reverse=True):
            del table[index]
        self.working.extend(taken)
        self.touched = self.touched.union(taken)
        return ()

    def move(self, action: Move) -> tuple[int, ...]:
        source, target = self._meld_index(action.source), self._meld_index(action.target)
        if source == target:
            raise IllegalAction("same-meld", meld=action.source)
        table = self.table
        self._joker_guard(action.source, table[source], action.cards)
        ids, rest = self._from_meld(table[source], action.cards, action.source)
        self._save()
        self.disturbed = True
        self.touched = self.touched.union(ids)
        table[target] = _sorted((*table[target], *ids))
        if rest:
            table[source] = rest
            return (action.source, action.target)
        del table[source]
        return (action.target - (source < target),)

    def split(self, action: Split) -> tuple[int, ...]:
        index = self._meld_index(action.meld)
        rules = self.rules
        arranged = rules.arrange(self.table[index])
        v = rules.index.get(action.card)
        at = next((k for k, i in enumerate(arranged) if rules.value[i] == v), None)
        if at is None:
            raise IllegalAction("card-not-in-meld", meld=action.meld,
                                cards=rules.deck.card_text(action.card))
        if at == 0:
            raise IllegalAction("nothing-to-split", meld=action.meld,
                                cards=rules.deck.card_text(action.card))
        self._joker_guard(action.meld, self.table[index], ())
        self._save()
        self.disturbed = True
        self.table[index] = _sorted(arranged[:at])
        self.table.append(_sorted(arranged[at:]))
        return (action.meld, len(self.table))

    def join(self, action: Join) -> tuple[int, ...]:
        indices = [self._meld_index(n) for n in action.melds]
        self._save()
        self.disturbed = True
        table = self.table
        first = indices[0]
        table[first] = _sorted(i for index in indices for i in table[index])
        for index in sorted(indices[1:], reverse=True):
            del table[index]
        return (first + 1 - sum(1 for index in indices[1:] if index < first),)

    def swap(self, action: Swap) -> tuple[int, ...]:
        """A joker won back (see :class:`~.actions.Swap`): checked whole, then done."""
        rules = self.rules
        wild = rules.variant.wild
        if wild is None:
            raise IllegalAction("no-jokers")
        index = self._meld_index(action.meld)
        meld = self.table[index]
        joker = next((i for i in meld if self._is_joker(i)), None)
        if joker is None:
            raise IllegalAction("no-joker-in-meld", meld=action.meld)
        card = rules.deck.card_text(action.card)
        at = _find(self.hand, rules.value, rules.index.get(action.card, -1))
        if at < 0 or self._is_joker(self.hand[at]):
            raise IllegalAction("swap-card-not-in-hand", cards=card)
        placed = self.hand[at]
        new = _sorted((*(i for i in meld if i != joker), placed))
        if not rules.valid(new):
            raise IllegalAction("swap-does-not-fit", meld=action.meld, cards=card)
        self._save()
        self.disturbed = True
        del self.hand[at]
        self.working.append(joker)
        self.touched = self.touched.union((joker,))
        self.table[index] = new
        return (action.meld,)

    # -- helpers -------------------------------------------------------------

    def _is_joker(self, i: int) -> bool:
        wild = self.rules.variant.wild
        return wild is not None and self.rules.cards[i].rank == 0 and self.rules.cards[i].suit == wild.code

    def _joker_guard(self, number: int, meld: Sequence[int], cards: Sequence[Card] | None) -> None:
        """Refuse to take ``cards`` (None: the whole meld; empty: to cut it)
        out of a meld holding a joker when the joker rules forbid it."""
        variant = cast("MachiavelliVariant", self.rules.variant)
        if variant.wild is None or not any(self._is_joker(i) for i in meld):
            return
        if not variant.joker_melds_rearranged:
            raise IllegalAction("joker-meld-fixed", meld=number)
        if variant.joker_release == "exchange" and (
                cards is None or any(c.rank == 0 and c.suit == variant.wild.code for c in cards)):
            raise IllegalAction("joker-exchange-only", meld=number)

    def _meld_index(self, number: int) -> int:
        if not 1 <= number <= len(self.table):
            raise IllegalAction("no-such-meld", meld=number, melds=len(self.table))
        return number - 1

    def _pick(self, cards: Sequence[Card], marked_help: Sequence[Card], new: bool = False
              ) -> tuple[list[int], tuple[list[int], list[int], list[int]]]:
        """Physical ids for the cards of a play or an addition, removed from
        their places (working area first, then hand, then help cards), and
        the three places without them. Nothing changes here: the caller
        saves a snapshot, then commits."""
        rules = self.rules
        index, value = rules.index, rules.value
        working, hand, help = list(self.working), list(self.hand), list(self.help)
        from_working: list[int] = []
        from_hand: list[int] = []
        from_help: list[int] = []
        missing: list[Card] = []
        wanted: list[tuple[Card, tuple[tuple[list[int], list[int]], ...]]] = [
            (c, ((help, from_help),)) for c in marked_help]
        everywhere = ((working, from_working), (hand, from_hand), (help, from_help))
        wanted += [(c, everywhere) for c in cards]
        for card, places in wanted:
            v = index.get(card, -1)
            for pool, out in places:
                at = _find(pool, value, v)
                if at >= 0:
                    out.append(pool.pop(at))
                    break
            else:
                missing.append(card)
        variant = cast("MachiavelliVariant", rules.variant)
        # The Cross's cards follow the help cards' rule; only the message names them.
        kind = "cross-card" if variant.cross else "help-card"
        if missing:
            raise IllegalAction("card-not-available-cross" if variant.cross else "card-not-available",
                                cards=rules.deck.format_cards(missing))
        if from_help and not from_hand:
            raise IllegalAction(f"{kind}-needs-hand", cards=self.cards_text(from_help))
        if from_help and variant.help_cards_use == "new-meld-from-hand" \
                and (not new or from_working or len(from_hand) < 2):
            # Seed 003: "only if you can make at least three with other cards" of the hand.
            raise IllegalAction(f"{kind}-needs-meld-from-hand", cards=self.cards_text(from_help))
        return from_working + from_hand + from_help, (working, hand, help)

    def _commit(self, pools: tuple[list[int], list[int], list[int]]) -> None:
        self.working[:], self.hand[:], self.help[:] = pools

    def _from_meld(self, meld: tuple[int, ...], cards: Sequence[Card], number: int
                   ) -> tuple[list[int], tuple[int, ...]]:
        """(ids of ``cards`` in ``meld``, the rest of the meld), or raise."""
        rules = self.rules
        index, value = rules.index, rules.value
        rest = list(meld)
        ids: list[int] = []
        missing: list[Card] = []
        for card in cards:
            at = _find(rest, value, index.get(card, -1))
            if at < 0:
                missing.append(card)
            else:
                ids.append(rest.pop(at))
        if missing:
            raise IllegalAction("card-not-in-meld", meld=number, cards=rules.deck.format_cards(missing))
        return ids, tuple(rest)

    def cards_text(self, ids: Sequence[int]) -> str:
        """Canonical text of physical cards (for reasons)."""
        cards = self.rules.cards
        return self.rules.deck.format_cards(cards[i] for i in ids)

    def _meld_text(self, meld: Sequence[int]) -> str:
        return self.rules.deck.format_cards(self.rules.meld_cards(tuple(meld)))
