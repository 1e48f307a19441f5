"""A game of Machiavelli: setup, turns, drawing and the end of the game.

Every physical card (``variant.physical_cards``; the index is its id) is in
exactly one place: the deck, a hand, the table, the working area of the
current turn, or the help cards. :meth:`Game.apply` takes one action of the
current player; a rejected action raises :class:`IllegalAction` and changes
nothing. Seats are numbered from 0 in turn order; play passes to seat + 1.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction, PositionError, SetupError
from machiavelli.core.game import Outcome
from machiavelli.core.numbers import MAX_DIGITS
from machiavelli.core.position import Position, check_cards, check_seat
from machiavelli.core.table import MeldRules, Table, rules_for

from .ending import BLOCKED, DECK_EXHAUSTED, KNOCKED, WENT_OUT, Ending
from .actions import Action, Add, Draw, End, Join, Knock, Move, Play, Restore, Split, Swap, Take, Undo
from . import leftover
from .cross import laid_at_deal, replaced
from .scoring import losers_pay, lowest_takes
from .turn import Turn
from .variant import MachiavelliVariant as Variant

if TYPE_CHECKING:
    from .view import View

__all__ = ["Game", "MachiavelliPosition", "Entry", "Outcome", "Ending", "WENT_OUT", "DECK_EXHAUSTED", "BLOCKED", "KNOCKED", "OUTCOME_REASONS"]

OUTCOME_REASONS = tuple(Ending)


@dataclass(frozen=True, slots=True)
class Entry:
    """One accepted action in the game's log. Public information only: the
    number of cards drawn, never which."""

    turn: int
    seat: int
    action: Action
    #: Melds the step created or changed (1-based numbers after the step).
    melds: tuple[int, ...] = ()
    #: Cards the seat took from the deck (draw or restore penalty).
    drew: int = 0
    #: Help cards laid face up from the deck at the end of the turn.
    laid: tuple[Card, ...] = ()
    ends_turn: bool = False
    outcome: Outcome | None = None
    #: The melds the action names by number, as they were before the step
    #: (laid out, in the action's order), so that a description need not
    #: rely on numbers that the step changes.
    named: tuple[tuple[Card, ...], ...] = ()
    #: Cards of a play or an addition that came from the table (taken
    #: earlier in the turn) and from the help cards; the rest came from the hand.
    from_table: tuple[Card, ...] = ()
    from_help: tuple[Card, ...] = ()
    #: The cards drawn were the restore penalty: the turn gave up a
    #: rearrangement that touched the table (by ``restore`` or by undoing back).
    penalty: bool = False
    #: Cards the next player drew to start their turn (``drawing: start-of-turn``).
    next_drew: int = 0
    #: The turn left new invalid cards on the table (``leftover_invalid:
    #: stay``): the cards drawn are the penalty for them.
    left_invalid: bool = False


@dataclass(frozen=True)
class MachiavelliPosition(Position):
    """A game of Machiavelli set up by hand (see :mod:`machiavelli.core.position`):
    besides the hands and the deck, the ``table``'s melds as laid out, the
    ``help`` cards, the cards in the ``working`` area (only as a game
    reports its position mid-turn: none can be set up), whose turn it is
    and its number, the dealer (None: the seat before ``current``) and the
    seats that have ``opened``. Cards the position does not place are set
    aside, out of play."""

    table: tuple[tuple[Card, ...], ...] = ()
    help: tuple[Card, ...] = ()
    working: tuple[Card, ...] = ()
    current: int = 0
    turn: int = 1
    dealer: int | None = None
    opened: tuple[int, ...] = ()


#: The steps that change melds already on the table.
_REARRANGING = (Take, Move, Split, Join, Swap)

# Each step takes its own kind of action.
_STEPS: dict[type, Callable[[Turn, Any], tuple[int, ...]]] = {
    Play: Turn.play, Add: Turn.add, Take: Turn.take, Move: Turn.move,
    Split: Turn.split, Join: Turn.join, Swap: Turn.swap, Undo: lambda turn, action: turn.undo(),
}


class Game:
    """One game from its setup; see the module docstring."""

    def __init__(self, variant: Variant, players: int, seed: int, dealer: int | None = None) -> None:
        # Random(-n) shuffles like Random(n): negative seeds would alias other games.
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise SetupError("bad-seed", seed=str(seed)[:40])
        if seed >= 10 ** MAX_DIGITS:  # a record holds no longer number (and str() may refuse it)
            shown = str(seed)[:20] if seed.bit_length() < 14_000 else ""
            raise SetupError("seed-too-large", seed=shown + "…", digits=MAX_DIGITS)
        if not isinstance(players, int) or isinstance(players, bool) or players < 2:
            raise SetupError("too-few-players", players=str(players), min=max(2, variant.players.min))
        if players < variant.players.min:
            raise SetupError("too-few-players", players=players, min=variant.players.min)
        if players > variant.players.max:
            raise SetupError("too-many-players", players=players, max=variant.players.max)
        variant = variant.at_table(players)
        hand_size = variant.hand_size_for(players)
        if players * hand_size + laid_at_deal(variant) > variant.card_count:
            raise SetupError("not-enough-cards", players=players, cards=variant.card_count,
                             needed=players * hand_size + laid_at_deal(variant))
        rng = random.Random(seed)
        deck = list(range(variant.card_count))
        rng.shuffle(deck)
        drawn = rng.randrange(players) if variant.dealer == "random" else 0
        #: Whether the dealer was given (a later deal of a match) rather than drawn.
        self.dealer_given = dealer is not None
        if dealer is None:
            dealer = drawn
        elif not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise SetupError("bad-dealer", dealer=str(dealer)[:20], players=players)
        step = variant.step
        first = (dealer + step) % players
        # The top of the deck is the end of the list; dealing goes the way
        # play goes, one card at a time, starting with the first player.
        hands: list[list[int]] = [[] for _ in range(players)]
        for _ in range(hand_size):
            for k in range(players):
                hands[(first + step * k) % players].append(deck.pop())
        help = [deck.pop() for _ in range(laid_at_deal(variant))]
        got: tuple[int, ...] = ()
        if variant.starts_with_draw:
            # The first turn starts with its draw like every other.
            got = tuple(deck.pop() for _ in range(min(variant.draw_count, len(deck))))
            hands[first].extend(got)
        self._begin(variant, seed, dealer, first, deck, hands, [], help, [])
        self._turn_got = len(got)
        self._drawn[first] = got

    def _begin(self, variant: Variant, seed: int, dealer: int, first: int, deck: list[int],
               hands: list[list[int]], table: list[tuple[int, ...]], help: list[int], aside: list[int],
               turn: int = 1) -> None:
        self.variant = variant
        self.players = len(hands)
        self.seed = seed
        self.rules: MeldRules = rules_for(variant)
        #: Who dealt; the player on the dealer's left starts.
        self.dealer = dealer
        self.first = first
        self._deck = deck
        self._hands = hands
        self._table = table
        self._help = help
        self._working: list[int] = []
        #: Cards a position set up by hand leaves out of play (never in a dealt game).
        self._aside = aside
        self._drawn: list[tuple[int, ...]] = [() for _ in range(self.players)]
        #: The table as each seat left it at the end of its last turn.
        self._left: list[tuple[tuple[int, ...], ...]] = [() for _ in range(self.players)]
        self._log: list[Entry] = []
        #: Which seats have made their first play (the opening rules apply before).
        self._opened: list[bool] = [False] * self.players
        #: Cards the current player drew to start the turn (drawing: start-of-turn).
        self._start_got = 0
        #: Cards the current player has drawn this turn so far (draw_limit counts them).
        self._turn_got = 0
        self._idle = 0
        self.outcome: Outcome | None = None
        self._turn = Turn(first, turn, self.rules, table, hands[first], help, self._working)
        self._handlers = {Draw: self._draw, Restore: self._restore, End: self._end, Knock: self._knock}

    @classmethod
    def from_position(cls, variant: Variant, hands: Sequence[Iterable[Card]], table: Iterable[Iterable[Card]] = (),
                      deck: Iterable[Card] | None = None, help: Iterable[Card] = (), current: int = 0,
                      seed: int = 0, opened: Iterable[int] = (), turn: int = 1,
                      dealer: int | None = None) -> "Game":
        """A game set up by hand (tests, puzzles, hints): ``hands`` per seat
        and ``table`` melds as cards, ``deck`` top first. Without ``deck``,
        every card not placed forms the deck, shuffled by ``seed``; with it,
        the cards not placed are set aside, out of play. ``current`` starts
        turn number ``turn``; ``dealer`` (None: the seat before ``current``)
        is only shown. :meth:`at_position` takes the same as one value."""
        variant = variant.at_table(len(hands))
        rules = rules_for(variant)
        free: dict[int, list[int]] = {}
        for i in reversed(range(variant.card_count)):
            free.setdefault(rules.value[i], []).append(i)

        def ids(cards: Iterable[Card]) -> list[int]:
            out = []
            for card in cards:
                pool = free.get(rules.index.get(card, -1))
                if not pool:
                    raise SetupError("too-many-copies", cards=variant.deck.card_text(card),
                                     decks=variant.decks)
                out.append(pool.pop())
            return out

        if len(hands) < 2:
            raise SetupError("too-few-players", players=len(hands), min=2)
        game = cls.__new__(cls)
        held = [ids(h) for h in hands]
        melds = [tuple(sorted(ids(m))) for m in table]
        if variant.leftover_invalid == "stay":  # as every turn leaves them (see leftover.invalid_first)
            leftover.invalid_first(rules, melds)
        laid = ids(help)
        rest = sorted(i for pool in free.values() for i in pool)
        if deck is None:
            random.Random(seed).shuffle(rest)
            pile, aside = rest, []
        else:
            pile = list(reversed(ids(deck)))
            aside = sorted(i for pool in free.values() for i in pool)
        game._begin(variant, seed, (current - variant.step) % len(hands) if dealer is None else dealer, current,
                    pile, held, melds, laid, aside, turn)
        for seat in opened:  # seats that made their first play before this position
            game._opened[seat] = True
        return game

    @classmethod
    def at_position(cls, variant: Variant, position: "MachiavelliPosition") -> "Game":
        """A game set up at ``position`` (see :class:`MachiavelliPosition`),
        the current seat's turn starting there; PositionError for cards the
        decks do not hold, a seat that is none, or cards in the working area
        (taken from melds this turn: with no history, they have nowhere to
        go back to)."""
        players = len(position.hands)
        if not max(2, variant.players.min) <= players <= variant.players.max:
            raise PositionError("bad-players", players=players, min=variant.players.min, max=variant.players.max)
        variant = variant.at_table(players)
        for seat, what in ((position.current, "current"), (position.dealer, "dealer"),
                           *((s, "opened") for s in position.opened)):
            check_seat(seat, players, what)
        if position.working:
            raise PositionError("working-area", cards=variant.deck.format_cards(position.working))
        check_cards([*position.cards(), *(c for m in position.table for c in m), *position.help],
                    variant.physical_cards, variant.deck, every=False)
        return cls.from_position(variant, position.hands, position.table, position.deck, position.help,
                                 position.current, position.seed, position.opened, position.turn, position.dealer)

    def position(self) -> "MachiavelliPosition":
        """The game now, without its history (see :meth:`at_position`); in
        the middle of a turn, with what the turn has done so far."""
        return MachiavelliPosition(
            hands=tuple(self.hand(s) for s in range(self.players)), deck=self.deck, seed=self.seed,
            table=self.melds(), help=self.help_cards, working=self.working, current=self.current,
            turn=self.turn_number, dealer=self.dealer, opened=tuple(s for s in range(self.players) if self._opened[s]))

    # -- whose turn ----------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        """The seat that may act now (one at a time in Machiavelli); none once the game is over."""
        return () if self.outcome is not None else (self._turn.seat,)

    def legal_actions(self, seat: int) -> list[Action]:
        """The atomic actions ``seat`` may take now, each legal and listed
        once (a new meld of several cards is its first card, then
        additions): see :mod:`.legal`. None when it is not the seat's turn."""
        from .legal import legal_actions

        return legal_actions(self, seat)

    def clone(self) -> "Game":
        """An independent copy of the game, mid-turn included."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._deck = list(self._deck)
        twin._hands = [list(h) for h in self._hands]
        twin._table = list(self._table)
        twin._help = list(self._help)
        twin._working = list(self._working)
        twin._aside = list(self._aside)
        twin._drawn = list(self._drawn)
        twin._opened = list(self._opened)
        twin._left = list(self._left)
        twin._log = list(self._log)
        twin._turn = self._turn.copy(twin._table, twin._hands[self._turn.seat], twin._help, twin._working)
        twin._handlers = {Draw: twin._draw, Restore: twin._restore, End: twin._end}
        return twin

    @property
    def current(self) -> int:
        """The seat whose turn it is (the last one to play once the game is over)."""
        return self._turn.seat

    @property
    def turn_number(self) -> int:
        return self._turn.number

    @property
    def turn(self) -> Turn:
        """The current turn (read it; change it only through :meth:`apply`)."""
        return self._turn

    # -- actions ---------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> Entry:
        """Apply the current player's action (``seat``, when given, must be
        the current seat). Returns the log entry; raises IllegalAction and
        changes nothing when the rules reject it."""
        if self.outcome is not None:
            raise IllegalAction("game-over")
        if seat is not None and seat != self._turn.seat:
            raise IllegalAction("not-your-turn", seat=seat, current=self._turn.seat)
        step = _STEPS.get(type(action))
        if step is not None:
            turn = self._turn
            variant = self.variant
            if (isinstance(action, _REARRANGING) and not variant.rearrange_before_opening
                    and not self._opened[turn.seat]):
                raise IllegalAction("rearrange-before-opening")
            named = self._named(action)
            places = (tuple(turn.working), tuple(turn.help)) if isinstance(action, (Play, Add)) else None
            melds = step(turn, action)
            limit = variant.cards_per_turn
            if limit is not None and (places is not None or isinstance(action, Swap)) \
                    and len(turn.played_ids()) > limit:
                turn.undo()  # the step was whole and saved: taking it back leaves everything as it was
                raise IllegalAction("too-many-cards", limit=limit)
            sources: dict[str, Any] = {"named": named}
            if places is not None:
                cards = self.rules.cards
                for key, before, after in (("from_table", places[0], turn.working),
                                           ("from_help", places[1], turn.help)):
                    left = set(after)
                    sources[key] = tuple(cards[i] for i in before if i not in left)
            if not turn.hand and self._may_close() and self._opening_problem() is None:
                self._opened[turn.seat] = True
                return self._close(action, melds, outcome=Outcome((turn.seat,), WENT_OUT), **sources)
            entry = Entry(turn.number, turn.seat, action, melds, **sources)
            self._log.append(entry)
            return entry
        handler = self._handlers.get(type(action))
        if handler is None:
            raise IllegalAction("not-an-action", action=repr(action)[:80])
        return handler(action)

    def _named(self, action: Action) -> tuple[tuple[Card, ...], ...]:
        """The melds ``action`` names by number, as they are now (see Entry.named)."""
        if isinstance(action, (Add, Split, Swap)):
            numbers: tuple[int, ...] = (action.meld,)
        elif isinstance(action, (Take, Join)):
            numbers = tuple(action.melds)
        elif isinstance(action, Move):
            numbers = (action.source, action.target)
        else:
            return ()
        table, meld_cards = self._table, self.rules.meld_cards
        if not all(1 <= n <= len(table) for n in numbers):
            return ()  # the step refuses it
        return tuple(meld_cards(table[n - 1]) for n in numbers)

    def _draw(self, action: Action) -> Entry:
        turn = self._turn
        variant = self.variant
        if turn.played:
            if variant.leftover_invalid == "stay" and leftover.leaves(turn):
                return self._finish(action, leaves=True)  # the cards played stay, the invalid groups too
            raise IllegalAction("draw-after-play", cards=turn.cards_text(turn.played_ids()))
        if self._leaves_invalid():
            return self._pass(action, variant.restore_penalty, penalty=True, left=True)  # the table stays
        if variant.forced_play:
            plan = self.possible_play()
            if plan:
                hand = set(self.rules.cards[i] for i in turn.start[1])
                cards = [c for a in plan if isinstance(a, (Play, Add)) for c in a.cards if c in hand]
                # Shanghai: "If this card enables him to play he must do so".
                code = "must-play-drawn" if self._turn_got and variant.drawing == "until-able" else "must-play"
                raise IllegalAction(code, cards=variant.deck.format_cards(cards[:8]))
        if variant.draws_on and not turn.disturbed:
            limit = variant.draw_limit
            if limit is not None and self._turn_got >= limit:
                return self._pass(action, 0)  # the start draw was the last one allowed
            return self._draw_on(action)
        # The usual draw, or none when every turn starts with one.
        usual = 0 if variant.drawing == "start-of-turn" else variant.draw_count
        if turn.disturbed and (variant.rearranging != "free" or tuple(turn.table) == turn.start[0]):
            # Undoing back to the start is giving the rearrangement up: the
            # same price as ``restore``, or the penalty could always be dodged;
            # and a rearrangement without a hand card is not kept.
            turn.restore()
            return self._pass(action, *self._restore_cost(usual))
        return self._pass(action, usual)

    def _draw_on(self, action: Action) -> Entry:
        """One card drawn under ``drawing: draw-first`` or ``until-able``: the
        turn goes on (the player may play or draw again) until the draw
        that reaches ``draw_limit``; an empty deck ends it."""
        turn = self._turn
        seat, deck = turn.seat, self._deck
        if not deck:
            return self._pass(action, 1)
        card = deck.pop()
        self._hands[seat].append(card)
        self._turn_got += 1
        self._drawn[seat] = (*self._drawn[seat], card) if self._turn_got > 1 else (card,)
        self._idle = 0
        if self._deck_out(1, 1):
            return self._close(action, (), drew=1, outcome=self._scored(DECK_EXHAUSTED))
        limit = self.variant.draw_limit
        if limit is not None and self._turn_got >= limit:
            return self._close(action, (), drew=1)
        entry = Entry(turn.number, seat, action, (), 1)
        self._log.append(entry)
        # The turn starts again from here: restoring keeps the card drawn.
        self._turn = Turn(seat, turn.number, self.rules, self._table, self._hands[seat], self._help, self._working)
        return entry

    @property
    def turn_draws(self) -> int:
        """Cards the current player has drawn so far this turn."""
        return self._turn_got

    def possible_play(self) -> list[Action]:
        """Actions that would place a hand card of the current player from
        the turn's start under the variant's rules (``end`` not included);
        empty when there are none. What ``drawing: only-if-unable`` asks."""
        from .opening import can_play

        turn = self._turn
        rules = self.rules
        cards = rules.cards
        table, hand, help = turn.start
        return can_play(self.variant, [rules.meld_cards(m) for m in table], [cards[i] for i in hand],
                        [cards[i] for i in help], self._opened[turn.seat])

    def _opening_problem(self) -> str | None:
        """Why the current turn is no valid first play (None when it is, or
        when the seat has opened before)."""
        turn = self._turn
        if self._opened[turn.seat] or self.variant.opening == "none":
            return None
        from .opening import met

        own = set(turn.played_ids())
        meld_cards = self.rules.meld_cards
        return met(self.variant, [meld_cards(m) for m in turn.table if own.issuperset(m)])

    def opened(self, seat: int) -> bool:
        """Whether ``seat`` has made its first play."""
        return self._opened[seat]

    def _restore(self, action: Action) -> Entry:
        if not self._turn.disturbed:
            raise IllegalAction("nothing-to-restore")
        self._turn.restore()
        return self._pass(action, *self._restore_cost(0 if self.variant.drawing == "start-of-turn"
                                                      else self.variant.draw_count))

    def _restore_cost(self, usual: int) -> tuple[int, bool]:
        """(cards drawn, whether they are a penalty) for a turn whose
        rearrangement was given up: the penalty, or under ``restore: free``
        the usual draw of a turn without a play (seed 003)."""
        if self.variant.restore == "free":
            return usual, False
        return self.variant.restore_penalty, True

    def _leaves_invalid(self) -> bool:
        """Check the table for the end of the turn (raise when it may not be
        left so); True when the turn leaves new invalid cards behind
        (``leftover_invalid: stay`` only; see :mod:`.leftover`)."""
        if self.variant.leftover_invalid == "stay":
            return leftover.settle(self._turn)
        self._turn.check_table()
        return False

    def _may_close(self) -> bool:
        """Whether the turn could end now without a penalty."""
        if self.variant.leftover_invalid == "stay":
            return leftover.clean(self._turn)
        return self._turn.can_end()

    def _pass(self, action: Action, count: int, penalty: bool = False, left: bool = False) -> Entry:
        """End a turn in which nothing was played: draw ``count`` cards."""
        seat = self._turn.seat
        deck = self._deck
        got = tuple(deck.pop() for _ in range(min(count, len(deck))))
        self._hands[seat].extend(got)
        if got or not self._start_got:
            self._drawn[seat] = got
        # A turn that drew nothing, at its start or its end, and played nothing.
        self._idle = 0 if got or self._start_got or self._turn_got else self._idle + 1
        out = self._deck_out(count, len(got))
        outcome = None
        if out:
            outcome = self._scored(DECK_EXHAUSTED)
        elif self._idle >= self.players:
            outcome = self._scored(BLOCKED)
        return self._close(action, (), drew=len(got), outcome=outcome, penalty=penalty, left_invalid=left)

    def _end(self, action: Action) -> Entry:
        turn = self._turn
        if self.variant.leftover_invalid == "stay":
            # Leaving invalid cards is ``draw``'s (it draws the penalty): ``end`` never costs cards.
            leftover.refuse_end(turn)
        else:
            turn.check_table()
        if not turn.played:
            raise IllegalAction("nothing-played")
        return self._finish(action, leaves=False)

    def _knock(self, action: Action) -> Entry:
        """End the turn and the deal with a hand of at most ``knock_limit``
        points (Carousel: "The knock must be done during a player's turn,
        after they have drawn their cards"); the table as ``end`` needs it."""
        limit = self.variant.knock_limit
        if limit is None:
            raise IllegalAction("no-knocking")
        turn = self._turn
        turn.check_table()
        if turn.disturbed and not turn.played:
            raise IllegalAction("nothing-played")  # a rearrangement keeps a hand card, or goes back
        points = self._hand_points(turn.seat)
        if points > limit:
            raise IllegalAction("knock-over-limit", points=points, limit=limit)
        if turn.played:
            problem = self._opening_problem()
            if problem is not None:
                raise IllegalAction(problem, needed=self.variant.opening_points, points=self._own_points())
            self._opened[turn.seat] = True
        return self._close(action, (), outcome=self._scored(KNOCKED))

    def may_knock(self) -> bool:
        """Whether the current player may knock now."""
        limit, turn = self.variant.knock_limit, self._turn
        if limit is None or self.outcome is not None or self._hand_points(turn.seat) > limit:
            return False
        if not turn.can_end() or (turn.disturbed and not turn.played):
            return False
        return not turn.played or self._opening_problem() is None

    def _hand_points(self, seat: int) -> int:
        """What ``seat``'s hand costs left in hand (penalty_points)."""
        points, cards = self.variant.penalty, self.rules.cards
        return sum(points(cards[i]) for i in self._hands[seat])

    def _finish(self, action: Action, leaves: bool) -> Entry:
        """End a turn that laid hand cards (and, if ``leaves``, left new
        invalid cards behind: the penalty is drawn)."""
        turn = self._turn
        problem = self._opening_problem()
        if problem is not None:
            raise IllegalAction(problem, needed=self.variant.opening_points, points=self._own_points())
        seat = turn.seat
        self._opened[seat] = True
        self._idle = 0
        self._drawn[seat] = ()
        used = turn.help_used()
        laid: tuple[int, ...] = ()
        outcome = None
        if used and replaced(self.variant):
            deck = self._deck
            laid = tuple(deck.pop() for _ in range(min(used, len(deck))))
            self._help.extend(laid)
            if self.variant.deck_runs_out == "on-last-card" and not deck:
                outcome = self._scored(DECK_EXHAUSTED)
        got: tuple[int, ...] = ()
        if leaves and outcome is None:
            # Cards played and invalid cards left: the penalty all the same.
            count, deck = self.variant.restore_penalty, self._deck
            got = tuple(deck.pop() for _ in range(min(count, len(deck))))
            self._hands[seat].extend(got)
            self._drawn[seat] = got
            if count and (not deck if self.variant.deck_runs_out == "on-last-card" else len(got) < count):
                outcome = self._scored(DECK_EXHAUSTED)
        cards = self.rules.cards
        return self._close(action, (), drew=len(got), laid=tuple(cards[i] for i in laid), outcome=outcome,
                           penalty=leaves, left_invalid=leaves)

    def _own_points(self) -> int:
        """Points of the new melds made only of this turn's hand cards."""
        turn = self._turn
        own = set(turn.played_ids())
        cards, points = self.rules.cards, self.variant.deck.points
        return sum(points(cards[i]) for m in turn.table if own.issuperset(m) for i in m)

    def _close(self, action: Action, melds: tuple[int, ...], *, drew: int = 0,
               laid: tuple[Card, ...] = (), outcome: Outcome | None = None, penalty: bool = False,
               left_invalid: bool = False, **sources: Any) -> Entry:
        """Log the action that ends the turn, then pass or end the game."""
        turn = self._turn
        entry = Entry(turn.number, turn.seat, action, melds, drew, laid, True, outcome, penalty=penalty,
                      left_invalid=left_invalid, **sources)
        self._log.append(entry)
        if self.variant.leftover_invalid == "stay":
            leftover.invalid_first(self.rules, self._table)
        self._left[turn.seat] = tuple(self._table)
        self._turn_got = 0
        if outcome is None and self.variant.starts_with_draw:
            outcome = self._start_draw(entry)
            if outcome is not None:
                self._log[-1] = replace(self._log[-1], outcome=outcome)
            entry = self._log[-1]
        if outcome is not None:
            self.outcome = outcome
        else:
            seat = (turn.seat + self.variant.step) % self.players
            self._turn = Turn(seat, turn.number + 1, self.rules, self._table, self._hands[seat],
                              self._help, self._working)
        return entry

    def _start_draw(self, entry: Entry) -> Outcome | None:
        """The next player's draw that starts every turn (``drawing:
        start-of-turn``), told in the closing entry (``next_drew``)."""
        seat = (entry.seat + self.variant.step) % self.players
        count, deck = self.variant.draw_count, self._deck
        got = tuple(deck.pop() for _ in range(min(count, len(deck))))
        self._hands[seat].extend(got)
        self._drawn[seat] = got
        self._start_got = self._turn_got = len(got)
        self._log[-1] = replace(entry, next_drew=len(got))
        if count and self._deck_out(count, len(got)):
            return self._scored(DECK_EXHAUSTED)
        return None

    def _deck_out(self, count: int, got: int) -> bool:
        """Whether a draw of ``count`` cards that got ``got`` ends the game
        for lack of cards (``when-all-pass``: never; the game then ends
        when every player in a row has passed, see BLOCKED)."""
        rule = self.variant.deck_runs_out
        if rule == "on-last-card":
            return count > 0 and not self._deck
        return rule == "on-failed-draw" and got < count

    def scores(self) -> tuple[int, ...] | None:
        """What each seat scores for this deal under the variant's scoring,
        once the game is over (None before): 1 point to each winner, or the
        cards left in hand, or their values, as penalty points."""
        if self.outcome is None:
            return None
        rule = self.variant.scoring
        if rule == "winner-only":
            return tuple(int(s in self.outcome.winners) for s in range(self.players))
        if rule == "cards-left":
            return tuple(len(hand) for hand in self._hands)
        points, cards = self.variant.penalty, self.rules.cards
        left = tuple(sum(points(cards[i]) for i in hand) for hand in self._hands)
        if rule == "losers-pay-winner":
            return losers_pay(left, self.outcome.winners)
        if rule == "lowest-takes-difference":
            return lowest_takes(left, self.outcome.winners)
        return left

    def _scored(self, reason: Ending) -> Outcome:
        """Joint winners by the variant's rule when nobody went out."""
        if self.variant.deck_out_winners == "fewest-points" or reason == KNOCKED:
            score = [self._hand_points(s) for s in range(self.players)]
        else:
            score = [len(hand) for hand in self._hands]
        best = min(score)
        return Outcome(tuple(s for s in range(self.players) if score[s] == best), reason)

    # -- reading the state ---------------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand in the order it was received."""
        cards = self.rules.cards
        return tuple(cards[i] for i in self._hands[seat])

    def hand_size(self, seat: int) -> int:
        return len(self._hands[seat])

    @property
    def table(self) -> Table:
        """The table as a value (melds in order, numbered from 1)."""
        meld_cards = self.rules.meld_cards
        return Table(meld_cards(m) for m in self._table)

    def melds(self) -> tuple[tuple[Card, ...], ...]:
        """The melds as players lay them out (runs in sequence)."""
        meld_cards = self.rules.meld_cards
        return tuple(meld_cards(m) for m in self._table)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards left to draw, top first."""
        cards = self.rules.cards
        return tuple(cards[i] for i in reversed(self._deck))

    @property
    def deck_count(self) -> int:
        return len(self._deck)

    @property
    def help_cards(self) -> tuple[Card, ...]:
        cards = self.rules.cards
        return tuple(cards[i] for i in self._help)

    @property
    def working(self) -> tuple[Card, ...]:
        """Cards taken from the table this turn and not yet put back."""
        cards = self.rules.cards
        return tuple(cards[i] for i in self._working)

    def just_drawn(self, seat: int) -> tuple[Card, ...]:
        """The cards the seat drew when its last turn ended, still in its hand."""
        hand = set(self._hands[seat])
        cards = self.rules.cards
        return tuple(cards[i] for i in self._drawn[seat] if i in hand)

    def changed_since(self, seat: int) -> tuple[int, ...]:
        """Numbers of the melds on the table now that were not there when
        ``seat`` last ended a turn (all of them before its first)."""
        left = set(self._left[seat])
        return tuple(n for n, meld in enumerate(self._table, 1) if meld not in left)

    @property
    def log(self) -> tuple[Entry, ...]:
        return tuple(self._log)

    @property
    def entries(self) -> int:
        """How many actions were accepted so far."""
        return len(self._log)

    def view(self, seat: int) -> "View":
        """What ``seat`` may see, for UIs and bots (see :class:`machiavelli.games.machiavelli.view.View`)."""
        from .view import View

        return View(self, seat)

    def ids(self) -> dict[str, tuple[int, ...]]:
        """Every physical card id by place (for invariant checks)."""
        return {
            "deck": tuple(self._deck),
            **{f"hand {s}": tuple(h) for s, h in enumerate(self._hands)},
            "table": tuple(i for m in self._table for i in m),
            "working": tuple(self._working),
            "help": tuple(self._help),
            "aside": tuple(self._aside),
        }

    def state(self) -> dict[str, object]:
        """The whole state as plain data (canonical card text), for JSON."""
        deck = self.variant.deck
        text = deck.card_text
        cards = self.rules.cards

        def held(ids: Iterable[int]) -> list[str]:
            return [text(c) for c in sorted((cards[i] for i in ids), key=deck.sort_key)]

        return {
            "game": self.variant.game,
            "variant": self.variant.name,
            "seed": self.seed,
            "players": self.players,
            "dealer": self.dealer,
            "turn": self._turn.number,
            "current": self._turn.seat,
            "result": self.outcome.as_dict() if self.outcome else None,
            "hands": [held(h) for h in self._hands],
            "table": [[text(c) for c in m] for m in self.melds()],
            "deck": [text(c) for c in self.deck],
            "help_cards": [text(c) for c in self.help_cards],
            "working": [text(c) for c in self.working],
            "opened": list(self._opened),
            "scores": list(scores) if (scores := self.scores()) is not None else None,
        }
