"""A deal of Sì Sè Pái: concealed hands, open groups, the stock, one public
card at a time and the answers to it.

Seats count from 0 in turn order. Each physical card is an index into
``variant.physical_cards``; hands, groups, stock and set-aside cards hold
indices, so tests can prove no card is lost or doubled.

The turn, as seed 001 plays it: a card drawn from the stock is public;
every seat that could claim it answers (take, win or pass; the answers stay
hidden until all are in, so answering first gives no priority), then the
priority order decides (see :mod:`.claims`). The claimant lays the group
open; if every card is then grouped they win, otherwise they discard, and
the discard is offered the same way. A drawn card nobody takes counts as
the drawer's discard and is offered again; a discard nobody takes is set
aside and the next player draws. Drawing needs no decision, so the game
draws by itself.

Every seat is asked at every offer, even one that may only pass: were only
the seats that can claim asked, whoever waits would learn that another
hand matches the card. Records written before that (format version 1)
replay as they were played, asking only those seats (:meth:`Game.as_of`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Iterable

from machiavelli.core.actions import Action
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction, PositionError, SetupError
from machiavelli.core.game import Outcome
from machiavelli.core.numbers import MAX_DIGITS
from machiavelli.core.position import Position, check_cards, check_seat

from .actions import Discard, Pass, Take, Win
from .claims import Claim, answers_for, judge, winner_of
from .ending import Ending
from .groups import groups_of
from .variant import SiSePaiVariant


@dataclass(frozen=True)
class Event:
    """Something every seat sees happen: ``draw`` (seat draws ``cards``),
    ``claim`` (seat lays ``cards`` open as a group of ``kind``), ``again``
    (the drawer's unclaimed card is offered as a discard), ``set-aside``
    (nobody took ``cards``), ``win`` (seat wins with ``points``, its groups
    in ``groups``), ``drawn-deal`` (the stock is empty)."""

    kind: str
    seat: int
    cards: tuple[Card, ...] = ()
    group: str | None = None
    points: int = 0
    groups: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    #: For a claim: every seat's answer, revealed together (seat, verb).
    answers: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class Entry:
    """One accepted action and what followed from it."""

    turn: int
    seat: int
    action: Action
    events: tuple[Event, ...] = ()
    ends_turn: bool = False
    outcome: Outcome | None = None
    #: The first action's entry also carries what happened before anyone
    #: acted (the dealer's draw, and on), so that a narration misses nothing.
    before: tuple[Event, ...] = ()


Group = tuple[str, tuple[Card, ...]]


@dataclass(frozen=True)
class SiSePaiPosition(Position):
    """A deal of Sì Sè Pái set up by hand (see :mod:`machiavelli.core.position`):
    besides the concealed hands and the stock (``deck``, top first), each
    seat's ``open`` groups (kind, cards) and the cards it set ``aside``;
    then either the ``public`` card, whose it is (``source``), whether it
    was ``drawn``, and the ``answers`` given to it so far, unseen by the
    others (seat, action); or the seat that claimed and is ``discarding``.
    ``turn`` is the number of the turn; the dealer (None: ``source``) is
    shown. Every card of the deck is placed once."""

    open: tuple[tuple[Group, ...], ...] = ()
    aside: tuple[tuple[Card, ...], ...] = ()
    public: Card | None = None
    source: int = 0
    drawn: bool = True
    answers: tuple[tuple[int, Action], ...] = ()
    discarding: int | None = None
    turn: int = 1
    dealer: int | None = None

    def seen_by(self, seat: int) -> dict[str, Any]:
        """As every position, and only this seat's own answer: whether the
        others have answered is as secret as what."""
        out = super().seen_by(seat)
        out["answers"] = tuple((s, a) for s, a in self.answers if s == seat)
        return out

    def varied(self, seat: int, rng: random.Random) -> "SiSePaiPosition":
        """Redealt, and each other seat's answer kept or not given yet."""
        other = self.redealt(seat, rng)
        return replace(other, answers=tuple((s, a) for s, a in self.answers if s == seat or rng.random() < 0.5))


class Game:
    """A deal in progress; ``apply`` raises IllegalAction and changes nothing
    when the rules reject an action."""

    outcome: Outcome | None

    def __init__(self, variant: SiSePaiVariant, players: int, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise SetupError("bad-seed", seed=str(seed)[:40])
        if seed >= 10 ** MAX_DIGITS:
            raise SetupError("seed-too-large", seed=str(seed)[:20] + "…", digits=MAX_DIGITS)
        if not isinstance(players, int) or isinstance(players, bool) or players < variant.players.min:
            raise SetupError("too-few-players", players=str(players), min=variant.players.min)
        if players > variant.players.max:
            raise SetupError("too-many-players", players=players, max=variant.players.max)
        self.variant, self.players, self.seed = variant, players, seed
        self.groups = groups_of(variant)
        rng = random.Random(seed)
        order = list(range(len(variant.physical_cards)))
        rng.shuffle(order)
        self.dealer = rng.randrange(players) if variant.dealer == "random" else 0
        self.first = self.dealer
        n = variant.hand_size
        self.hands: list[list[int]] = [[] for _ in range(players)]
        for k in range(n * players):
            self.hands[(self.dealer + k) % players].append(order[k])
        self.stock: list[int] = order[n * players:]
        self.open: list[list[tuple[str, list[int]]]] = [[] for _ in range(players)]
        self.aside: list[list[int]] = [[] for _ in range(players)]
        self.public: int | None = None
        self.source, self.drawn = self.dealer, True
        self.waiting: list[int] = []
        self.answers: dict[int, Action] = {}
        self.discarding: int | None = None
        self.turn_number = 0
        self.outcome: Outcome | None = None
        self.score = 0
        self.winning_groups: tuple[tuple[str, tuple[Card, ...]], ...] = ()
        self._log: list[Entry] = []
        self._events: list[Event] = []
        #: Whether a seat that may only pass is asked too (see the module's docstring).
        self.asks_everyone = True
        self._draw(self.dealer)
        #: What happened before anyone acted (the first draw, and on).
        self.opening: tuple[Event, ...] = tuple(self._events)

    #: The record format that first asked every seat.
    EVERY_SEAT_ASKED = 2

    @property
    def record_version(self) -> int:
        """The record format this deal is played by (1: only seats that can claim are asked)."""
        return self.EVERY_SEAT_ASKED if self.asks_everyone else 1

    def as_of(self, version: int) -> None:
        """Play this deal, just dealt, as records of format ``version`` were
        played: before version 2, only the seats that could claim were asked."""
        if version >= self.EVERY_SEAT_ASKED or not self.asks_everyone:
            return
        assert not self._log, "a deal is set back only before anyone acts"
        self.asks_everyone = False
        self._events = list(self.opening)
        if self.public is not None:
            self.waiting = [s for s in self.waiting if answers_for(self, s)]
            if not self.waiting:
                self._unclaimed()
        self.opening = tuple(self._events)

    @classmethod
    def at_position(cls, variant: SiSePaiVariant, position: SiSePaiPosition) -> "Game":
        """A deal set up at ``position``; raises PositionError for one that
        cannot occur: a card missing or twice, a group that is none, a
        public card nobody may claim (the deal would have gone on), an
        answer the rules refuse, or every answer in (it would be decided)."""
        players = len(position.hands)
        if not variant.players.min <= players <= variant.players.max:
            raise PositionError("bad-players", players=players, min=variant.players.min, max=variant.players.max)
        opened = position.open or tuple(() for _ in range(players))
        aside = position.aside or tuple(() for _ in range(players))
        if len(opened) != players or len(aside) != players:
            raise PositionError("bad-seats", players=players)
        for seat, what in ((position.source, "source"), (position.discarding, "discarding"),
                           (position.dealer, "dealer"), *((s, "answers") for s, _a in position.answers)):
            check_seat(seat, players, what)
        public = () if position.public is None else (position.public,)
        check_cards([*position.cards(), *(c for g in opened for _k, cards in g for c in cards),
                     *(c for a in aside for c in a), *public], variant.physical_cards, variant.deck, every=True)
        if (position.public is None) == (position.discarding is None):
            raise PositionError("public-or-discarding")
        game = cls.__new__(cls)
        game.variant, game.players, game.seed = variant, players, position.seed
        game.groups = groups_of(variant)
        for groups in opened:
            for kind, cards in groups:
                if game.groups.kind_of(cards) != kind:
                    raise PositionError("not-a-group", cards=variant.deck.format_cards(cards), kind=kind)
        free: dict[Card, list[int]] = {}
        for i, card in enumerate(variant.physical_cards):
            free.setdefault(card, []).append(i)

        def ids(cards: Iterable[Card]) -> list[int]:
            return [free[c].pop(0) for c in cards]

        game.hands = [ids(h) for h in position.hands]
        game.stock = ids(reversed(position.deck))
        game.open = [[(kind, ids(cards)) for kind, cards in groups] for groups in opened]
        game.aside = [ids(a) for a in aside]
        game.dealer = position.source if position.dealer is None else position.dealer
        game.first = game.dealer
        game.public = ids(public)[0] if public else None
        game.source, game.drawn = position.source, position.drawn
        game.discarding, game.answers, game.waiting = position.discarding, {}, []
        game.turn_number, game.outcome, game.score, game.winning_groups = position.turn, None, 0, ()
        game._log, game._events, game.opening = [], [], ()
        game.asks_everyone = True
        if position.public is not None:
            order = [(game.source + k) % players for k in range(players)]
            game.waiting = order if game.drawn else order[1:]
            for seat, answer in position.answers:
                if seat not in game.waiting or seat in game.answers:
                    raise PositionError("answer-not-asked", seat=seat)
                if not isinstance(answer, Pass):
                    try:
                        judge(game, seat, answer)
                    except IllegalAction as refused:
                        raise PositionError("answer-refused", seat=seat, reason=refused.code) from None
                game.answers[seat] = answer
            if not game.to_move():
                raise PositionError("every-answer-in")
        elif position.answers:
            raise PositionError("answer-not-asked", seat=position.answers[0][0])
        return game

    def position(self) -> SiSePaiPosition:
        """The deal now, without its history (see :meth:`at_position`)."""
        return SiSePaiPosition(
            hands=tuple(self.hand(s) for s in range(self.players)), deck=self.cards(self.stock[::-1]),
            seed=self.seed, open=tuple(self.open_groups(s) for s in range(self.players)),
            aside=tuple(self.set_aside(s) for s in range(self.players)), public=self.public_card(),
            source=self.source, drawn=self.drawn, answers=tuple(self.answers.items()),
            discarding=self.discarding, turn=self.turn_number, dealer=self.dealer)

    # -- reading ------------------------------------------------------------------

    def card(self, index: int) -> Card:
        return self.variant.physical_cards[index]

    def cards(self, indices: list[int]) -> tuple[Card, ...]:
        return tuple(self.variant.physical_cards[i] for i in indices)

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.cards(self.hands[seat])

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat])

    def public_card(self) -> Card | None:
        return self.card(self.public) if self.public is not None else None

    def open_groups(self, seat: int) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        return tuple((kind, self.cards(ids)) for kind, ids in self.open[seat])

    def set_aside(self, seat: int) -> tuple[Card, ...]:
        return self.cards(self.aside[seat])

    @property
    def log(self) -> tuple[Entry, ...]:
        return tuple(self._log)

    def to_move(self) -> tuple[int, ...]:
        if self.outcome is not None:
            return ()
        if self.discarding is not None:
            return (self.discarding,)
        return tuple(s for s in self.waiting if s not in self.answers)

    def claims(self, seat: int) -> list[Claim]:
        """Every claim the seat may make on the public card now."""
        if self.outcome is not None or self.public is None or seat not in self.waiting or seat in self.answers:
            return []
        return answers_for(self, seat)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        if self.discarding == seat:
            return [Discard(c) for c in dict.fromkeys(self.discardable(seat))]
        return [Pass(), *(c.action for c in self.claims(seat))]

    def discardable(self, seat: int) -> tuple[Card, ...]:
        """The concealed cards the seat may discard (Generals and flowers never,
        unless nothing else is left)."""
        hand = self.hand(seat)
        allowed = tuple(c for c in hand if self.variant.code_of(c.rank, c.suit) not in self.variant.keep)
        return allowed or hand

    # -- playing ------------------------------------------------------------------

    def apply(self, action: Any, seat: int | None = None) -> Entry:
        if self.outcome is not None:
            raise IllegalAction("game-over")
        moving = self.to_move()
        seat = moving[0] if seat is None and moving else seat
        if seat is None or seat not in moving:
            raise IllegalAction("not-your-turn", seat=seat)
        if self.discarding is not None:
            if not isinstance(action, Discard):
                raise IllegalAction("must-discard")
            return self._discard(seat, action)
        if isinstance(action, Discard):
            raise IllegalAction("must-answer")
        if not isinstance(action, (Pass, Take, Win)):
            raise IllegalAction("unknown-action", action=type(action).__name__)
        if not isinstance(action, Pass):
            judge(self, seat, action)  # raises when the claim is not allowed
        self._events = []
        self.answers[seat] = action
        turn = self.turn_number
        if not self.to_move():
            self._resolve()
        entry = Entry(turn, seat, action, tuple(self._events), bool(self._events), self.outcome,
                      () if self._log else self.opening)
        self._log.append(entry)
        return entry

    def _discard(self, seat: int, action: Discard) -> Entry:
        hand = self.hands[seat]
        found = next((i for i in hand if self.card(i) == action.card), None)
        if found is None:
            raise IllegalAction("card-not-in-hand", card=self.variant.deck.card_text(action.card))
        if action.card not in self.discardable(seat):
            raise IllegalAction("cannot-discard", card=self.variant.deck.card_text(action.card))
        self._events = []
        turn = self.turn_number
        hand.remove(found)
        self.discarding = None
        self.turn_number += 1
        self._offer(found, seat, drawn=False)
        entry = Entry(turn, seat, action, tuple(self._events), True, self.outcome,
                      () if self._log else self.opening)
        self._log.append(entry)
        return entry

    def _draw(self, seat: int) -> None:
        if not self.stock:
            self.public = None
            self._end(Outcome((), Ending.DRAWN, self._teams(), (0,) * self.players))
            self._events.append(Event("drawn-deal", seat))
            return
        card = self.stock.pop()
        self.turn_number += 1
        self._events.append(Event("draw", seat, (self.card(card),)))
        self._offer(card, seat, drawn=True)

    def _offer(self, card: int, source: int, drawn: bool) -> None:
        self.public, self.source, self.drawn = card, source, drawn
        self.answers = {}
        order = [(source + k) % self.players for k in range(self.players)]
        self.waiting = order if drawn else order[1:]
        if not self.asks_everyone:
            self.waiting = [s for s in self.waiting if answers_for(self, s)]
        if not self.waiting:
            self._unclaimed()

    def _unclaimed(self) -> None:
        card, source = self.public, self.source
        assert card is not None
        if self.drawn and self.variant.unclaimed_draw == "discard":
            self._events.append(Event("again", source, (self.card(card),)))
            self._offer(card, source, drawn=False)
            return
        self.aside[source].append(card)
        self.public = None
        self._events.append(Event("set-aside", source, (self.card(card),)))
        self._draw((source + 1) % self.players)

    def _resolve(self) -> None:
        answers = self.answers
        found = winner_of(self, answers)
        revealed = tuple((s, answers[s].verb) for s in self.waiting)
        self.waiting, self.answers = [], {}
        if found is None:
            self._unclaimed()
            return
        seat, claim = found
        card = self.public
        assert card is not None
        hand = self.hands[seat]
        ids = [card]
        for c in claim.cards:
            i = next(i for i in hand if self.card(i) == c and i not in ids)
            ids.append(i)
        for i in ids[1:]:
            hand.remove(i)
        self.public = None
        self.open[seat].append((claim.kind, ids))
        self._events.append(Event("claim", seat, self.cards(ids), claim.kind, answers=revealed))
        rest = self.groups.hand(self.hand(seat))
        if self.groups.best(rest) is not None:
            self._win(seat, rest)
        else:
            self.discarding = seat

    def _win(self, seat: int, rest: tuple[int, ...]) -> None:
        split = self.groups.split(rest) or []
        shown = [(kind, self.cards(ids)) for kind, ids in self.open[seat]]
        for group in split:
            cards = tuple(self.groups.values[v] for v in group)
            shown.append((self.groups.kind[group], cards))
        points = sum(self.variant.points.get(kind, 0) for kind, _c in shown)
        self.score, self.winning_groups = points, tuple(shown)
        scores = tuple(points if s == seat else 0 for s in range(self.players))
        self._events.append(Event("win", seat, points=points, groups=tuple(shown)))
        self._end(Outcome((seat,), Ending.WON, self._teams(), scores))

    def _teams(self) -> tuple[tuple[int, ...], ...]:
        # Everyone plays alone: one-seat teams carry each seat's points to the reports.
        return tuple((s,) for s in range(self.players))

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.waiting, self.answers, self.discarding = [], {}, None

    # -- copies and views -----------------------------------------------------------

    def clone(self) -> "Game":
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.open = [[(k, list(ids)) for k, ids in groups] for groups in self.open]
        other.aside = [list(a) for a in self.aside]
        other.stock = list(self.stock)
        other.waiting = list(self.waiting)
        other.answers = dict(self.answers)
        other._log = list(self._log)
        other._events = []
        return other

    def view(self, seat: int) -> Any:
        from .view import View

        return View(self, seat)

    def state(self) -> dict[str, Any]:
        deck = self.variant.deck

        def text(cards: Iterable[Card]) -> list[str]:
            return [deck.card_text(c) for c in cards]

        public = self.public_card()
        return {
            "game": "si-se-pai",
            "result": self.outcome.as_dict() if self.outcome else None,
            "dealer": self.dealer,
            "turn": self.turn_number,
            "public": deck.card_text(public) if public is not None else None,
            "public_from": self.source if self.public is not None else None,
            "drawn": self.drawn if self.public is not None else None,
            "to_move": list(self.to_move()),
            "discarding": self.discarding,
            "stock": len(self.stock),
            "hands": [text(self.hand(s)) for s in range(self.players)],
            "open": [[{"kind": k, "cards": text(c)} for k, c in self.open_groups(s)] for s in range(self.players)],
            "set_aside": [text(self.set_aside(s)) for s in range(self.players)],
            "score": self.score if self.outcome is not None else None,
        }
