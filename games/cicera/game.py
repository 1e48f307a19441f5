"""A deal of Cicera: four hands, loose cards on the table, two capture piles.

Seats count from 0 in turn order (the seat after the dealer plays first;
round the table that is to the dealer's right, counter-clockwise). Each
physical card is an index into ``variant.physical_cards``; hands, table and
piles hold indices, so tests can prove no card is lost or doubled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction, PositionError, SetupError
from machiavelli.core.game import Outcome
from machiavelli.core.numbers import MAX_DIGITS
from machiavelli.core.position import Position, check_cards, check_seat

from .actions import Play
from .ending import Ending
from .rules import Award, Bonus, awards, bonuses, captures
from .variant import CiceraVariant


@dataclass(frozen=True)
class Entry:
    """One accepted play, as every seat sees it."""

    turn: int
    seat: int
    action: Play
    #: The table cards taken (empty: the card was left on the table).
    taken: tuple[Card, ...] = ()
    bonuses: tuple[Bonus, ...] = ()
    #: Cards left on the table at the end that went to a team (last entry only).
    leftover: tuple[Card, ...] = ()
    leftover_team: int | None = None
    awards: tuple[Award, ...] = ()
    ends_turn: bool = True
    outcome: Outcome | None = None

    @property
    def points(self) -> int:
        return sum(b.points for b in self.bonuses)


@dataclass(frozen=True)
class CiceraPosition(Position):
    """A deal of Cicera set up by hand (see :mod:`machiavelli.core.position`):
    besides the hands, the loose cards on the ``table``, each team's
    capture ``pile`` and ``bonus_points`` (empty: none yet), who plays now
    and the number of the turn, the dealer and the first player (None: the
    seat before ``current``, and the seat after the dealer), the card the
    previous player ``left`` on the table and the last seat that captured.
    Every card of the deck is in a hand, on the table or in a pile; there
    is no deck to draw from."""

    table: tuple[Card, ...] = ()
    piles: tuple[tuple[Card, ...], ...] = ()
    bonus_points: tuple[int, ...] = ()
    current: int = 0
    turn: int = 1
    dealer: int | None = None
    first: int | None = None
    left: Card | None = None
    last_capturer: int | None = None


class Game:
    """A deal in progress; ``apply`` raises IllegalAction and changes nothing
    when the rules reject a play. ``bonus_points``: each team's capture
    bonuses so far; ``left``: the card the previous player left on the
    table (None after a capture)."""

    outcome: Outcome | None
    left: int | None
    last_capturer: int | None
    awards: tuple[Award, ...]

    def __init__(self, variant: CiceraVariant, players: int, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise SetupError("bad-seed", seed=str(seed)[:40])
        if seed >= 10 ** MAX_DIGITS:  # a record holds no longer number
            raise SetupError("seed-too-large", seed=str(seed)[:20] + "…", digits=MAX_DIGITS)
        if not isinstance(players, int) or isinstance(players, bool) or players < variant.players.min:
            raise SetupError("too-few-players", players=str(players), min=variant.players.min)
        if players > variant.players.max:
            raise SetupError("too-many-players", players=players, max=variant.players.max)
        self.variant, self.players, self.seed = variant, players, seed
        self.teams = variant.teams(players)
        self._team_of = {s: t for t, seats in enumerate(self.teams) for s in seats}
        rng = random.Random(seed)
        order = list(range(len(variant.physical_cards)))
        rng.shuffle(order)
        self.dealer = rng.randrange(players) if variant.dealer == "random" else players - 1
        self.first = self.current = (self.dealer + 1) % players
        n = variant.hand_size
        # Dealt one by one from the player after the dealer, then the table.
        self.hands: list[list[int]] = [[] for _ in range(players)]
        for k in range(n * players):
            self.hands[(self.first + k) % players].append(order[k])
        self.table = order[n * players: n * players + variant.table_cards]
        self.piles: list[list[int]] = [[] for _ in self.teams]
        self.bonus_points = [0] * len(self.teams)
        self.turn_number, self.left, self.last_capturer = 1, None, None
        self.outcome: Outcome | None = None
        self.awards: tuple[Award, ...] = ()
        self._log: list[Entry] = []

    @classmethod
    def at_position(cls, variant: CiceraVariant, position: CiceraPosition) -> "Game":
        """A deal set up at ``position``, the current seat to play; raises
        PositionError for a position that cannot occur (a card missing or
        twice, hand sizes that no deal gives, a card left that is not on
        the table)."""
        players = len(position.hands)
        if not variant.players.min <= players <= variant.players.max:
            raise PositionError("bad-players", players=players, min=variant.players.min, max=variant.players.max)
        teams = variant.teams(players)
        piles = position.piles or tuple(() for _ in teams)
        bonus = position.bonus_points or tuple(0 for _ in teams)
        if len(piles) != len(teams) or len(bonus) != len(teams):
            raise PositionError("bad-teams", teams=len(teams))
        if position.deck:
            raise PositionError("no-deck", cards=variant.deck.format_cards(position.deck[:8]))
        for seat, what in ((position.current, "current"), (position.dealer, "dealer"), (position.first, "first"),
                           (position.last_capturer, "last_capturer")):
            check_seat(seat, players, what)
        check_cards([*position.cards(), *position.table, *(c for p in piles for c in p)],
                    variant.physical_cards, variant.deck, every=True)
        # Play goes round one card each: from the current seat, hands of n cards, then of n - 1.
        sizes = [len(position.hands[(position.current + k) % players]) for k in range(players)]
        n = sizes[0]
        if n == 0 or any(b not in (n, n - 1) or b > a for a, b in zip(sizes, sizes[1:])):
            raise PositionError("hand-sizes", sizes=" ".join(map(str, sizes)))
        if position.left is not None and position.left not in position.table:
            raise PositionError("left-not-on-table", card=variant.deck.card_text(position.left))
        game = cls.__new__(cls)
        game.variant, game.players, game.seed = variant, players, position.seed
        game.teams = teams
        game._team_of = {s: t for t, seats in enumerate(teams) for s in seats}
        free: dict[Card, list[int]] = {}
        for i, card in enumerate(variant.physical_cards):
            free.setdefault(card, []).append(i)

        def ids(cards: tuple[Card, ...]) -> list[int]:
            return [free[c].pop(0) for c in cards]

        game.hands = [ids(h) for h in position.hands]
        game.table = ids(position.table)
        game.piles = [ids(p) for p in piles]
        game.bonus_points = list(bonus)
        game.current, game.turn_number = position.current, position.turn
        game.dealer = (position.current - 1) % players if position.dealer is None else position.dealer
        game.first = (game.dealer + 1) % players if position.first is None else position.first
        left = position.left
        game.left = None if left is None else next(i for i in game.table if game.card(i) == left)
        game.last_capturer = position.last_capturer
        game.outcome, game.awards, game._log = None, (), []
        return game

    def position(self) -> CiceraPosition:
        """The deal now, without its history (see :meth:`at_position`)."""
        return CiceraPosition(
            hands=tuple(self.hand(s) for s in range(self.players)), seed=self.seed, table=self.table_cards(),
            piles=tuple(self.pile(t) for t in range(len(self.teams))), bonus_points=tuple(self.bonus_points),
            current=self.current, turn=self.turn_number, dealer=self.dealer, first=self.first,
            left=self.left_card(), last_capturer=self.last_capturer)

    # -- reading ----------------------------------------------------------------

    def card(self, index: int) -> Card:
        return self.variant.physical_cards[index]

    def cards(self, indices: list[int]) -> tuple[Card, ...]:
        return tuple(self.variant.physical_cards[i] for i in indices)

    def team_of(self, seat: int) -> int:
        return self._team_of[seat]

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.cards(self.hands[seat])

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat])

    def table_cards(self) -> tuple[Card, ...]:
        return self.cards(self.table)

    def pile(self, team: int) -> tuple[Card, ...]:
        return self.cards(self.piles[team])

    def left_card(self) -> Card | None:
        return self.card(self.left) if self.left is not None else None

    def award_points(self) -> list[int]:
        out = [0] * len(self.teams)
        for a in self.awards:
            out[a.team] += a.points
        return out

    def totals(self) -> list[int]:
        """Each team's points: bonuses so far, plus the awards once the deal is over."""
        return [b + a for b, a in zip(self.bonus_points, self.award_points())]

    @property
    def log(self) -> tuple[Entry, ...]:
        return tuple(self._log)

    def to_move(self) -> tuple[int, ...]:
        return () if self.outcome is not None else (self.current,)

    def legal_actions(self, seat: int | None = None) -> list[Play]:
        """Every play the seat may make now (the current seat by default)."""
        seat = self.current if seat is None else seat
        if self.outcome is not None or seat != self.current:
            return []
        table, out = self.table_cards(), []
        for card in dict.fromkeys(self.hand(seat)):
            options = captures(card, table, self.variant)
            out += [Play(card, t) for t in options]
            if self.variant.capture_optional or not options:
                out.append(Play(card))
        return out

    # -- playing ----------------------------------------------------------------

    def apply(self, action: Any, seat: int | None = None) -> Entry:
        seat = self.current if seat is None else seat
        if self.outcome is not None:
            raise IllegalAction("game-over")
        if seat != self.current:
            raise IllegalAction("not-your-turn", seat=seat)
        if not isinstance(action, Play):
            raise IllegalAction("unknown-action", action=type(action).__name__)
        hand = self.hands[seat]
        played = next((i for i in hand if self.card(i) == action.card), None)
        if played is None:
            raise IllegalAction("card-not-in-hand", card=self.variant.deck.card_text(action.card))
        table = self.table_cards()
        options = captures(action.card, table, self.variant)
        wanted = tuple(sorted(action.take))
        if wanted and wanted not in options:
            missing = next((c for c in wanted if c not in table), None)
            if missing is not None:
                raise IllegalAction("card-not-on-table", card=self.variant.deck.card_text(missing))
            raise IllegalAction("cannot-take", card=self.variant.deck.card_text(action.card))
        if not wanted and options and not self.variant.capture_optional:
            raise IllegalAction("must-capture", card=self.variant.deck.card_text(action.card))
        # Accepted: from here on nothing raises.
        team = self.team_of(seat)
        hand.remove(played)
        last_play = not any(self.hands)
        if wanted:
            taken_ids = []
            pool = list(self.table)
            for c in wanted:
                i = next(i for i in pool if self.card(i) == c)
                pool.remove(i)
                taken_ids.append(i)
            earned = bonuses(action.card, wanted, table, self.left_card(), self.variant, last_play=last_play)
            self.table = pool
            self.piles[team] += [played, *taken_ids]
            self.bonus_points[team] += sum(b.points for b in earned)
            self.last_capturer, self.left = seat, None
        else:
            earned = ()
            self.table.append(played)
            self.left = played
        entry = Entry(self.turn_number, seat, Play(action.card, wanted), wanted, earned)
        if last_play:
            entry = self._finish(entry)
        else:
            self.current = (seat + 1) % self.players
            self.turn_number += 1
        self._log.append(entry)
        return entry

    def _finish(self, entry: Entry) -> Entry:
        leftover, to = self.table_cards(), None
        if self.table and self.variant.leftover == "last-capturer" and self.last_capturer is not None:
            to = self.team_of(self.last_capturer)
            self.piles[to] += self.table
            self.table = []
        self.awards = awards([self.pile(t) for t in range(len(self.teams))], self.variant)
        totals = self.totals()
        best = max(totals)
        winning = [t for t, p in enumerate(totals) if p == best]
        seats = tuple(sorted(s for t in winning for s in self.teams[t]))
        self.outcome = Outcome(seats, Ending.HIGHER_TOTAL if len(winning) == 1 else Ending.DRAWN,
                               self.teams, tuple(totals))
        return Entry(entry.turn, entry.seat, entry.action, entry.taken, entry.bonuses,
                     leftover if to is not None else (), to, self.awards, True, self.outcome)

    # -- copies and views -----------------------------------------------------

    def clone(self) -> "Game":
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.table = list(self.table)
        other.piles = [list(p) for p in self.piles]
        other.bonus_points = list(self.bonus_points)
        other._log = list(self._log)
        return other

    def view(self, seat: int) -> Any:
        from .view import View

        return View(self, seat)

    def state(self) -> dict[str, Any]:
        deck = self.variant.deck

        def text(cards: Iterable[Card]) -> list[str]:
            return [deck.card_text(c) for c in cards]

        left = self.left_card()
        return {
            "game": "cicera",
            "result": self.outcome.as_dict() if self.outcome else None,
            "dealer": self.dealer,
            "first": self.first,
            "current": None if self.outcome else self.current,
            "turn": self.turn_number,
            "hands": [text(self.hand(s)) for s in range(self.players)],
            "table": text(self.table_cards()),
            "left_by_previous": deck.card_text(left) if left is not None else None,
            "teams": [{"seats": list(seats), "pile": text(self.pile(t)), "bonus_points": self.bonus_points[t],
                       "award_points": self.award_points()[t], "points": self.totals()[t]}
                      for t, seats in enumerate(self.teams)],
            "awards": [{"award": a.kind, "team": a.team, "points": a.points, "detail": a.detail}
                       for a in self.awards],
            "last_capturer": self.last_capturer,
        }
