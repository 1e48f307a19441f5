"""What one seat may know about a game: for UIs and bots.

A view reads the game live (it is not a copy) and shows only public
information plus the seat's own hand: other hands only by their size (every
hand once the game is over), the deck only by its count, draws in the log
only by how many cards. Everything it gives is made of cards, never of the
engine's physical card ids.

This game's own computer players may read the engine's fast encodings
behind a view through :func:`_internals`; nothing outside the package should.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from machiavelli.core.cards import Card
from machiavelli.core.melds import MeldCheck
from machiavelli.core.table import MeldRules, Table
from machiavelli.core.view import SeatWindow

if TYPE_CHECKING:
    from .game import Entry, Game
    from .variant import MachiavelliVariant as Variant


@dataclass(frozen=True, slots=True)
class LaidMeld:
    """One meld of the table as the players see it."""

    #: Its number in actions (from 1).
    number: int
    #: Its cards as a player lays them out (a run in sequence).
    cards: tuple[Card, ...]
    #: For each card: taken or moved during the current turn.
    moved: tuple[bool, ...]
    #: Whether it is a valid meld right now, and why not.
    check: MeldCheck
    #: New or changed since the viewing seat last ended a turn.
    changed: bool
    #: What its jokers can stand for: each valid assignment, one card per
    #: joker (empty without jokers, or while the meld is not valid).
    jokers: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Position:
    """What a turn works with: the table's melds, the player's hand and the help cards."""

    table: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    help: tuple[Card, ...]


class View(SeatWindow["Game"]):
    """The game as ``seat`` sees it (its hand in the order the cards were received)."""

    __slots__ = ()

    # -- the game --------------------------------------------------------------

    @property
    def variant(self) -> "Variant":
        return self._game.variant

    @property
    def current(self) -> int:
        return self._game.current

    @property
    def my_turn(self) -> bool:
        # As the base says, without building the tuple of seats to move (bots ask often).
        return self._game.outcome is None and self._game.current == self.seat

    # -- cards -----------------------------------------------------------------

    @property
    def just_drawn(self) -> tuple[Card, ...]:
        """The cards this seat drew at the end of its last turn (shown apart)."""
        return self._game.just_drawn(self.seat)

    @property
    def deck_count(self) -> int:
        return self._game.deck_count

    @property
    def help_cards(self) -> tuple[Card, ...]:
        return self._game.help_cards

    @property
    def melds(self) -> tuple[tuple[Card, ...], ...]:
        """The table's melds as laid out, numbered from 1 in actions."""
        return self._game.melds()

    @property
    def table(self) -> Table:
        return self._game.table

    @property
    def layout(self) -> tuple[LaidMeld, ...]:
        """The table as it is drawn: each meld laid out, with the cards moved
        this turn, whether it is valid and whether it changed."""
        game = self._game
        rules, touched = game.rules, game.turn.touched
        cards, check = rules.cards, rules.check
        changed = set(game.changed_since(self.seat))
        out = []
        wild = game.variant.wild
        for number, meld in enumerate(game.turn.table, 1):
            ids = rules.arrange(meld)
            laid = tuple(cards[i] for i in ids)
            result = check(meld)
            stands = (game.variant.stands_for(laid)
                      if wild is not None and result.valid and any(c.suit == wild.code for c in laid) else ())
            out.append(LaidMeld(number, laid, tuple(i in touched for i in ids), result, number in changed, stands))
        return tuple(out)

    def invalid_melds(self) -> tuple[tuple[int, MeldCheck], ...]:
        """(meld number, why) for every meld that is not valid right now."""
        return tuple(self._game.turn.invalid())

    @property
    def final_hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every seat's hand once the game is over (then they are shown); None before."""
        game = self._game
        if game.outcome is None:
            return None
        return tuple(game.hand(s) for s in range(game.players))

    # -- the current turn ------------------------------------------------------

    @property
    def working(self) -> tuple[Card, ...]:
        """Cards taken from the table this turn that must go back (BGA marks them red)."""
        return self._game.working

    @property
    def rearranged(self) -> tuple[Card, ...]:
        """Table cards taken or moved this turn, wherever they are now, in
        the deck's order (the engine's card ids say which copy of a card
        was dealt where: never shown)."""
        cards, deck = self._game.rules.cards, self._game.variant.deck
        return tuple(sorted((cards[i] for i in self._game.turn.touched), key=deck.sort_key))

    @property
    def opened(self) -> tuple[bool, ...]:
        """Per seat, whether it has made its first play (public: the
        opening rules apply until then)."""
        game = self._game
        return tuple(game.opened(s) for s in range(game.players))

    @property
    def disturbed(self) -> bool:
        """Whether the current turn has taken, moved, split or joined table
        cards, even if undone since: ending it without a play costs the
        restore penalty, and only then may it ``restore``."""
        return self._game.turn.disturbed

    @property
    def played(self) -> tuple[Card, ...]:
        """Hand cards the current player has put on the table this turn, in
        the deck's order (the order of their hand is theirs alone)."""
        cards, deck = self._game.rules.cards, self._game.variant.deck
        return tuple(sorted((cards[i] for i in self._game.turn.played_ids()), key=deck.sort_key))

    @property
    def played_from_hand(self) -> bool:
        """Whether the current player has a hand card on the table this turn."""
        return self._game.turn.played

    @property
    def turn_draws(self) -> int:
        """Cards the current player has drawn so far this turn (public: the
        others see each draw)."""
        return self._game.turn_draws

    @property
    def can_undo(self) -> bool:
        return self.my_turn and self._game.turn.steps > 0

    @property
    def can_end(self) -> bool:
        """Whether the table would let the current player end the turn now
        without a penalty: every meld valid (or, where invalid cards may
        stay, only those the turn began with) and no taken card left over."""
        return self._game._may_close()

    @property
    def may_knock(self) -> bool:
        """Whether this seat may knock now (its turn, ``knock_limit``)."""
        return self.my_turn and self._game.may_knock()

    @property
    def hand_points(self) -> int:
        """What this seat's hand costs left in hand (penalty_points)."""
        return sum(map(self.variant.penalty, self.hand))

    @property
    def turn_start(self) -> Position | None:
        """The table, this seat's hand and the help cards as the current
        turn began (the seat saw them then); None when it is not this seat's turn."""
        if not self.my_turn:
            return None
        turn = self._game.turn
        rules = turn.rules
        table, hand, help = turn.start
        cards = rules.cards
        return Position(tuple(rules.meld_cards(m) for m in table), tuple(cards[i] for i in hand),
                        tuple(cards[i] for i in help))

    # -- what happened ---------------------------------------------------------

    @property
    def log(self) -> tuple["Entry", ...]:
        """Every accepted action so far (public information only)."""
        return self._game.log

    def changed_melds(self) -> tuple[int, ...]:
        """Numbers of the melds that changed or appeared since this seat's
        last turn ended (for highlighting)."""
        return self._game.changed_since(self.seat)

    def since_my_last_turn(self) -> tuple["Entry", ...]:
        """What the others did since this seat's last turn ended (everything
        so far if it has not played yet)."""
        log = self._game._log
        for k in range(len(log) - 1, -1, -1):
            entry = log[k]
            if entry.seat == self.seat and entry.ends_turn:
                return tuple(log[k + 1:])
        return tuple(log)


class _Internals:
    """The engine's fast encodings behind a view: value indices
    (``rules.values[v]`` is the Card) and memoised meld checks. For this
    game's own computer players, which must answer in microseconds."""

    __slots__ = ("_game", "_seat")

    def __init__(self, game: "Game", seat: int) -> None:
        self._game = game
        self._seat = seat

    @property
    def rules(self) -> MeldRules:
        return self._game.rules

    @property
    def hand_values(self) -> tuple[int, ...]:
        """The seat's hand as value indices."""
        value = self._game.rules.value
        return tuple(value[i] for i in self._game._hands[self._seat])

    @property
    def table_keys(self) -> tuple[tuple[int, ...], ...]:
        """Each meld as a sorted tuple of value indices."""
        key = self._game.rules.meld_key
        return tuple(key(m) for m in self._game._table)


def _internals(view: View) -> _Internals:
    """What :class:`_Internals` says, for the seat of ``view`` (package-private)."""
    return _Internals(view._game, view.seat)
