"""The atomic actions legal now: what ``Game.legal_actions`` lists.

Every legal action of Machiavelli is too many to list: a new meld may be
any selection of the cards at hand, in any order. The list holds the
*atomic* actions instead, each legal now and each once:

* ``play C`` and ``add N C``: one card of the working area or the hand
  (the working area's copy first, as the engine picks it), and, for a hand
  card, the same with any selection of the help cards (``play C *H *K``),
  help cards by rank, then suit; under ``help_cards_use:
  new-meld-from-hand`` help cards go down only in a new meld with two hand
  cards, so those plays name two (``play C D *H``), in the deck's order;
* ``take N`` (a whole meld), ``take N C`` (one card of it), ``move C N M``
  (one card), ``split N C`` (at each card but the first), ``join N M``
  (two melds, either way round) and ``swap N C`` (jokers);
* ``undo``, ``restore``, ``draw`` and ``end`` when the rules accept them.

Every position a legal action reaches, a sequence of listed actions
reaches too (a meld of three is played as one card, then two additions);
:func:`listed` says which actions are atomic, so that a test can check
the list misses none of them. The rules are those ``Game.apply`` enforces
(rearranging before one's first play, cards per turn, the joker rules,
forced play, the opening); no action is tried on a copy.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from machiavelli.core.actions import Action as BaseAction
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction

from .actions import DRAW, END, KNOCK, RESTORE, UNDO, Action, Add, Join, Move, Play, Split, Swap, Take

if TYPE_CHECKING:
    from .game import Game
    from .variant import MachiavelliVariant


def listed(action: BaseAction, variant: "MachiavelliVariant") -> bool:
    """Whether ``action`` is of a kind :func:`legal_actions` lists under
    ``variant``'s rules when it is legal (an atomic action in its one spelling)."""
    if isinstance(action, (Play, Add)):
        if list(action.help) != sorted(action.help, key=_help_order):
            return False
        if isinstance(action, Play) and action.help and variant.help_cards_use == "new-meld-from-hand":
            # The smallest play with a help card holds two hand cards: one spelling of the pair.
            return len(action.cards) <= 2 and list(action.cards) == sorted(action.cards, key=variant.deck.sort_key)
        return len(action.cards) <= 1
    if isinstance(action, Take):
        return len(action.melds) == 1 and len(action.cards) <= 1
    if isinstance(action, Move):
        return len(action.cards) == 1
    if isinstance(action, Join):
        return len(action.melds) == 2
    return isinstance(action, Action)


def _help_order(card: Card) -> tuple[int, str]:
    """The one order in which listed actions give their help cards."""
    return card.rank, card.suit


def legal_actions(game: "Game", seat: int) -> list[Action]:
    """The atomic actions ``seat`` may take now (see the module's docstring);
    none when it is not its turn or the game is over."""
    if game.outcome is not None or seat != game.current:
        return []
    turn, variant, rules = game.turn, game.variant, game.rules
    values, value = rules.values, rules.value
    cards = rules.cards
    limit = variant.cards_per_turn
    # A card from the hand adds one to the turn's count; one from the working area does not.
    room = limit is None or len(turn.played_ids()) < limit
    working = {value[i] for i in turn.working}
    hand = {value[i] for i in turn.hand}
    helps = _selections(sorted((cards[i] for i in turn.help), key=_help_order))
    melds = len(turn.table)
    strict = variant.help_cards_use == "new-meld-from-hand"

    def placed(meld: int | None) -> list[Action]:
        """New melds (``meld`` None) or additions to ``meld`` of one card, with help cards."""
        out: list[Action] = []
        for v in sorted(working | hand):
            if v not in working and not room:
                continue
            # Help cards go down with a hand card only (the working area's copy is picked first).
            extras: list[tuple[Card, ...]] = [(), *helps] if v not in working and not strict else [()]
            for help in extras:
                out.append(Play((values[v],), help) if meld is None else Add(meld, (values[v],), help))
        if strict and meld is None and helps and (limit is None or len(turn.played_ids()) + 2 <= limit):
            out.extend(Play(pair, help) for pair in _hand_pairs(game) for help in helps)
        return out

    out = placed(None)
    for n in range(1, melds + 1):
        out += placed(n)
    if variant.rearrange_before_opening or game.opened(seat):
        out += _rearrangements(game, room)
    if turn.steps:
        out.append(UNDO)
    if turn.disturbed:
        out.append(RESTORE)
    leaves = _leaves(game)
    if leaves:  # invalid cards left behind (leftover_invalid: stay): ``draw`` ends the turn with the penalty
        if not turn.played or game._opening_problem() is None:
            out.append(DRAW)
    elif leaves is not None:
        if not turn.played and (not variant.forced_play or not game.possible_play()):
            out.append(DRAW)
        if turn.played and game._opening_problem() is None:
            out.append(END)
    if game.may_knock():
        out.append(KNOCK)
    return out


def _leaves(game: "Game") -> bool | None:
    """Whether ending the turn now leaves new invalid cards behind; None
    when the table may not be left as it is."""
    try:
        return game._leaves_invalid()
    except IllegalAction:
        return None


def _hand_pairs(game: "Game") -> list[tuple[Card, Card]]:
    """Two hand cards for a new meld with help cards (seed 003: "at least
    three with other cards" of the hand), in the deck's order, each pair once;
    none of a card the working area holds, whose copy there the engine would
    take instead."""
    rules, turn = game.rules, game.turn
    working = {rules.value[i] for i in turn.working}
    mine = sorted((rules.cards[i] for i in turn.hand if rules.value[i] not in working), key=game.variant.deck.sort_key)
    return list(dict.fromkeys((a, b) for k, a in enumerate(mine) for b in mine[k + 1:]))


def _selections(help: list[Card]) -> list[tuple[Card, ...]]:
    """Every non-empty selection of the help cards, each once (two copies of a card are one choice)."""
    found: dict[tuple[Card, ...], None] = {}
    for size in range(1, len(help) + 1):
        for chosen in combinations(help, size):
            found.setdefault(chosen, None)
    return list(found)


def _rearrangements(game: "Game", room: bool) -> list[Action]:
    """Take, move, split, join and swap, one card or one meld at a time, as
    the joker rules allow."""
    turn, variant, rules = game.turn, game.variant, game.rules
    values, value = rules.values, rules.value
    wild = variant.wild
    table = turn.table
    numbers = range(1, len(table) + 1)
    out: list[Action] = []
    for n, meld in zip(numbers, table):
        kinds = sorted({value[i] for i in meld})
        joker = wild is not None and any(_is_joker(values[v], wild.code) for v in kinds)
        code = wild.code if wild is not None else ""
        # Which of the meld's cards may leave it (None: the meld stays as it is).
        free = kinds
        whole = True
        if joker:
            if not variant.joker_melds_rearranged:
                free, whole = [], False
            elif variant.joker_release == "exchange":
                free, whole = [v for v in kinds if not _is_joker(values[v], code)], False
        if whole:
            out.append(Take((n,)))
        for v in free:
            out.append(Take((n,), (values[v],)))
            out += [Move((values[v],), n, m) for m in numbers if m != n]
        if not joker or variant.joker_melds_rearranged:
            arranged = [value[i] for i in rules.arrange(meld)]
            out += [Split(n, values[v]) for at, v in enumerate(arranged) if at and arranged.index(v) == at]
        out += [Join((n, m)) for m in numbers if m != n]
        if joker and room:
            out += _swaps(game, n, meld)
    return out


def _swaps(game: "Game", number: int, meld: tuple[int, ...]) -> list[Action]:
    """``swap`` of a hand card for meld ``number``'s joker, where the meld stays valid."""
    rules, turn = game.rules, game.turn
    wild = game.variant.wild
    assert wild is not None
    joker = next(i for i in meld if _is_joker(rules.cards[i], wild.code))
    rest = tuple(i for i in meld if i != joker)
    out: list[Action] = []
    seen: set[int] = set()
    for i in turn.hand:
        v = rules.value[i]
        if v in seen or _is_joker(rules.cards[i], wild.code):
            continue
        seen.add(v)
        if rules.valid(tuple(sorted((*rest, i)))):
            out.append(Swap(number, rules.values[v]))
    return out


def _is_joker(card: Card, code: str) -> bool:
    return card.rank == 0 and card.suit == code
