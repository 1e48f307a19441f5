"""Computer players of Cicera.

* ``random``: any legal play.
* ``greedy``: the play worth most at once: its capture bonuses plus what
  the cards taken are worth towards the awards; when it takes nothing, it
  leaves the card worth least.
* ``partner``: plays for its team. For each legal play it deals the cards it
  cannot see to the other hands many times over (each deal consistent with
  what it knows: the hand sizes and every card shown), plays the round out
  until its next turn with the others choosing greedily (the partner for
  the team, the opponents against it), and keeps the play with the best
  average difference between the teams. Near the end of the deal it looks
  to the end, where the awards and the last cards are decided.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from machiavelli.core.variant import per_variant

from .actions import Play
from .rules import awards as deal_awards
from .variant import CiceraVariant


class _Deck:
    """The variant's cards as small integers with what the players need of
    each: rank, suit, value in sums (None: a court) and worth towards the awards."""

    def __init__(self, variant: CiceraVariant) -> None:
        self.variant = variant
        self._options: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        self.cards = variant.physical_cards
        self.index = {c: i for i, c in enumerate(self.cards)}
        self.rank = [c.rank for c in self.cards]
        self.suit = [c.suit for c in self.cards]
        from .rules import value

        self.value = [value(c, variant) for c in self.cards]
        specials = {variant.deck.parse_card(t): p for t, p in variant.special_cards.items()}
        total = len(self.cards)
        per_card = variant.most_cards_points / (total / 2) if total else 0
        suit_count = sum(1 for c in self.cards if c.suit == variant.suit_award) or 1
        self.worth = []
        for c in self.cards:
            w = per_card
            if c.suit == variant.suit_award:
                w += variant.most_suit_points / (suit_count / 2)
            w += specials.get(c, 0)
            if variant.napola and c.suit == variant.napola_suit and c.rank <= variant.napola_max:
                w += 0.6 if c.rank <= variant.napola_min else 0.25
            self.worth.append(w)

    def options(self, card: int, table: Sequence[int]) -> list[tuple[int, ...]]:
        """Every set of table cards ``card`` may take (see rules.captures),
        remembered: the same table comes back in every sampled deal."""
        key = (card, *table)
        found = self._options.get(key)
        if found is None:
            if len(self._options) > 200_000:
                self._options.clear()
            found = self._options[key] = self._find(card, table)
        return found

    def _find(self, card: int, table: Sequence[int]) -> list[tuple[int, ...]]:
        v = self.variant
        rank = self.rank[card]
        matches: list[tuple[int, ...]] = [(t,) for t in table if self.rank[t] == rank]
        target = self.value[card]
        if target is None or not v.sum_captures or (matches and v.match_first):
            return matches
        pool = [t for t in table if self.value[t] is not None]
        out = list(matches)
        seen = {tuple(sorted(m)) for m in matches}

        def walk(start: int, left: int, chosen: list[int]) -> None:
            for i in range(start, len(pool)):
                val = self.value[pool[i]] or 0
                if val == left:
                    if chosen:
                        found = tuple(sorted([*chosen, pool[i]]))
                        if found not in seen:
                            seen.add(found)
                            out.append(found)
                elif val < left:
                    chosen.append(pool[i])
                    walk(i + 1, left - val, chosen)
                    chosen.pop()

        walk(0, target, [])
        return out

    def bonus(self, card: int, taken: Sequence[int], table_size: int, left: int | None, last: bool) -> int:
        v = self.variant
        if not taken or (last and not v.bonuses_on_last_play):
            return 0
        points = 0
        if len(taken) == table_size:
            points += v.scopa_points
        if left is not None and len(taken) == 1 and taken[0] == left and self.rank[card] == self.rank[left]:
            points += v.picada_points
        if all(self.suit[t] == self.suit[card] for t in taken):
            points += v.simile_points
        if len(taken) >= v.quartet_min_taken:
            points += v.quartet_points
        return points


_deck = per_variant(_Deck, keep=16)


class _Sim:
    """A deal in small integers, fast enough to play thousands of times."""

    __slots__ = ("d", "hands", "table", "left", "score", "bonus", "piles", "last_team", "current", "team_of",
                 "players")

    def __init__(self, d: _Deck, hands: list[list[int]], table: list[int], left: int | None,
                 current: int, team_of: Sequence[int], last_team: int | None,
                 piles: list[list[int]] | None = None) -> None:
        self.d, self.hands, self.table, self.left = d, hands, table, left
        self.current, self.team_of, self.players = current, team_of, len(hands)
        teams = max(team_of) + 1
        #: Bonuses plus the worth of the cards taken, per team (from now on).
        self.score = [0.0] * teams
        #: Bonuses alone (from now on), and every team's whole pile.
        self.bonus = [0] * teams
        self.piles = piles if piles is not None else [[] for _ in range(teams)]
        self.last_team = last_team

    def moves(self) -> list[tuple[int, tuple[int, ...]]]:
        out: list[tuple[int, tuple[int, ...]]] = []
        optional = self.d.variant.capture_optional
        for card in self.hands[self.current]:
            options = self.d.options(card, self.table)
            out += [(card, t) for t in options]
            if optional or not options:
                out.append((card, ()))
        return out

    def gain(self, move: tuple[int, tuple[int, ...]]) -> float:
        """What a play is worth at once to the player's team."""
        card, taken = move
        if not taken:
            return -0.5 * self.d.worth[card] - 0.05 * (self.d.value[card] or 0) / 10
        last = sum(len(h) for h in self.hands) == 1
        worth = self.d.worth
        return (self.d.bonus(card, taken, len(self.table), self.left, last)
                + worth[card] + sum(worth[t] for t in taken))

    def play(self, move: tuple[int, tuple[int, ...]]) -> None:
        card, taken = move
        seat = self.current
        hand = self.hands[seat]
        hand.remove(card)
        team = self.team_of[seat]
        if taken:
            last = not any(self.hands)
            worth = self.d.worth
            bonus = self.d.bonus(card, taken, len(self.table), self.left, last)
            self.bonus[team] += bonus
            self.score[team] += bonus + worth[card] + sum(worth[t] for t in taken)
            self.piles[team] += [card, *taken]
            self.table = [t for t in self.table if t not in taken]
            self.left, self.last_team = None, team
        else:
            self.table = self.table + [card]
            self.left = card
        self.current = (seat + 1) % self.players
        if not any(self.hands) and self.table and self.last_team is not None \
                and self.d.variant.leftover == "last-capturer":
            self.score[self.last_team] += sum(self.d.worth[t] for t in self.table)
            self.piles[self.last_team] += self.table
            self.table = []

    def greedy(self, rng: random.Random) -> tuple[int, tuple[int, ...]]:
        moves = self.moves()
        best, chosen = -1e9, moves[0]
        for m in moves:
            g = self.gain(m) + rng.random() * 1e-6
            if g > best:
                best, chosen = g, m
        return chosen

    def done(self) -> bool:
        return not any(self.hands)


def _legal(view: Any) -> tuple[Play, ...]:
    actions: tuple[Play, ...] = view.legal_actions()
    if not actions:
        raise RuntimeError("asked to play out of turn")
    return actions


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Play:
        return self.rng.choice(_legal(view))


def _moves_of(view: Any, d: _Deck) -> tuple[_Sim, list[tuple[tuple[int, tuple[int, ...]], Play]]]:
    """A simulation of what the seat knows (other hands empty) and its
    legal plays both ways."""
    hand = [d.index[c] for c in view.hand]
    table = [d.index[c] for c in view.table]
    left = d.index[view.left] if view.left is not None else None
    team_of = [view.team_of(s) for s in range(view.players)]
    hands: list[list[int]] = [[] for _ in range(view.players)]
    hands[view.seat] = hand
    last = view.team_of(view.last_capturer) if view.last_capturer is not None else None
    piles = [[d.index[c] for c in view.pile(t)] for t in range(len(view.teams))]
    sim = _Sim(d, hands, table, left, view.seat, team_of, last, piles)
    pairs = []
    for action in _legal(view):
        move = (d.index[action.card], tuple(d.index[c] for c in action.take))
        pairs.append((move, action))
    return sim, pairs


class GreedyBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Play:
        d = _deck(view.variant)
        sim, pairs = _moves_of(view, d)
        best, chosen = -1e9, pairs[0][1]
        for move, action in pairs:
            g = sim.gain(move) + self.rng.random() * 1e-6
            if g > best:
                best, chosen = g, action
        return chosen


class PartnerBot:
    """Determinised look-ahead for the team (see the module's docstring)."""

    def __init__(self, seed: int, samples: int = 24, horizon: int = 4, endgame: int = 8) -> None:
        self.rng = random.Random(seed)
        self.samples, self.horizon, self.endgame = samples, horizon, endgame

    def choose(self, view: Any) -> Play:
        d = _deck(view.variant)
        base, pairs = _moves_of(view, d)
        if len(pairs) == 1:
            return pairs[0][1]
        unseen = [d.index[c] for c in view.unseen()]
        sizes = view.hand_sizes
        cards_left = sum(sizes)
        # To the end of the deal when few cards remain: the awards are near.
        depth = cards_left if cards_left <= self.endgame else self.horizon
        team = view.team
        totals = {i: 0.0 for i in range(len(pairs))}
        for _ in range(self.samples):
            self.rng.shuffle(unseen)
            hands, k = [], 0
            for s in range(view.players):
                if s == view.seat:
                    hands.append(list(base.hands[s]))
                else:
                    hands.append(unseen[k:k + sizes[s]])
                    k += sizes[s]
            for i, (move, _action) in enumerate(pairs):
                sim = _Sim(d, [list(h) for h in hands], list(base.table), base.left, view.seat, base.team_of,
                           base.last_team, [list(p) for p in base.piles])
                sim.play(move)
                for _step in range(depth - 1):
                    if sim.done():
                        break
                    sim.play(sim.greedy(self.rng))
                if sim.done():
                    totals[i] += _final(sim, view, d)
                else:
                    # The table left to the next player: what it could take at once.
                    threat = 0.0
                    if sim.hands[sim.current]:
                        threat = max(sim.gain(m) for m in sim.moves())
                    sign = 1 if sim.team_of[sim.current] == team else -1
                    totals[i] += sim.score[team] - _others(sim.score, team) + 0.5 * sign * threat
        best = max(totals.values())
        choices = [pairs[i][1] for i, t in totals.items() if t >= best - 1e-9]
        return self.rng.choice(choices)


def _others(score: Sequence[float], team: int) -> float:
    return max((s for t, s in enumerate(score) if t != team), default=0.0)


def _final(sim: _Sim, view: Any, d: _Deck) -> float:
    """At the end of a simulated deal: the bonuses it played and the real awards."""
    team: int = view.team
    points = list(sim.bonus)
    for award in deal_awards([[d.cards[i] for i in pile] for pile in sim.piles], d.variant):
        points[award.team] += award.points
    return points[team] - _others(points, team)
