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
from machiavelli.core.errors import IllegalAction, SetupError
from machiavelli.core.game import Outcome
from machiavelli.core.numbers import MAX_DIGITS

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
