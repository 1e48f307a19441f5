"""Every sentence of the generated rules that says what happens in a game is
played here against the engine (issue 15, point 8).

``SCENARIOS`` maps each rule sentence (context, English msgid) that
describes behaviour to a small game that shows it, run with every variant
whose rules say that sentence; ``NOT_BEHAVIOUR`` lists the sentences that
describe nothing to play (titles, formatting pieces), each with why. A new
sentence in ``app/rules_text.py`` fails :func:`test_every_rule_sentence_is_classified`
until it has a scenario (or a reason to need none), so a sentence cannot
drift from the engine again.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from machiavelli.games.machiavelli.present import rules_text
from machiavelli.app.library import load_variant
from machiavelli.games.machiavelli.present.rules_examples import agrees, ace_examples, meld_examples, playing_example, rearranging_examples
from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction, SetupError
from machiavelli.games.machiavelli import opening
from machiavelli.games.machiavelli.actions import Add, Draw, End, Knock, Play, Restore, Swap, Take, Undo
from machiavelli.games.machiavelli.game import BLOCKED, DECK_EXHAUSTED, KNOCKED, WENT_OUT, Game
from machiavelli.core import glossary

# Variants whose rules together say every sentence a variant can say. The
# last ones change only the melds: only the meld scenarios (which build their
# cards from the variant's kinds) run with them; the others use fixed cards.
VARIANTS = [
    ("bga", ()), ("classic", ()), ("help-cards", ()), ("help-cards", ("help_cards_refill=false",)),
    ("aces-low", ()), ("aces-high", ()), ("aces-wrap", ()),
    ("bga", ("dealer=first-seat", "draw_count=0", "restore_penalty=0", "deck_runs_out=on-failed-draw",
             "deck_out_winners=fewest-points", "players.min=3", "players.max=3")),
    ("bga", ("draw_count=2", "restore_penalty=2")),
    ("bga", ("opening=meld-from-hand", "rearrange_before_opening=false", "cards_per_turn=5",
             "direction=counter-clockwise", "scoring=cards-left", "rearranging=free")),
    ("bga", ("opening=points", "drawing=only-if-unable", "scoring=card-values")),
    ("bga", ("opening=run", "drawing=start-of-turn")),
    ("bga", ("drawing=start-of-turn", "draw_count=0", "rearranging=free")),
    ("jokers", ()), ("tahiti", ()), ("vatikan", ()),
    ("makiaveli", ()), ("makiaveli", ("help_cards_use=with-hand-card",)),
    ("bga", ("jokers=1", "jokers_per_meld=1", "joker_melds_rearranged=false", "opening=points",
             "deck_out_winners=fewest-points", "joker_points=30")),
]
# Tile games (Rummikub): the fixed cards of most scenarios are French, so
# only the scenarios that build their pieces from the variant, or write them
# in either notation, run with these (TILE_SCENARIOS).
TILE_VARIANTS = [("rummikub", ()), ("rummikub", ("players.min=3", "players.max=3"))]
# The family's drawing, penalty values and matches (issue 28): only their
# own scenarios (FAMILY_SCENARIOS) run with these, whose draws leave the turn
# going on where the other scenarios expect a draw to end it.
FAMILY_VARIANTS = [("carousel", ()), ("guadalupe", ()), ("shanghai", ()), ("finagle", ()),
                   ("bga", ("drawing=until-able", "draw_limit=2", "match_winner=lowest")),
                   ("bga", ("drawing=draw-first", "scoring=card-values", "penalty_points={A: 11}",
                            "match_winner=highest", "match_target=50"))]
MELDS_ONLY = [
    ("bga", ("melds.set.max_size=3", "melds.set.ranks=['5', '6', '7', '8', '9', '10']",
             "melds.run.patterns=[['5','6','7'], ['6','7','8'], ['4','5','6','7'], ['5','6','7','8'], ['3','4','5']]",
             "melds.set.distinct=[card, suit]")),
    ("bga", ("melds.trio={same: [rank], distinct: [suit], min_size: 3, max_size: 3}", "melds.set=null")),
]


def cards(v, text):
    return v.deck.parse_cards(text)


def position(v, hands, table=(), deck="", help="", current=0, opened=None):
    """A position; every seat has made its first play unless ``opened`` says
    otherwise (the opening rules have scenarios of their own)."""
    return Game.from_position(v, [cards(v, h) for h in hands], table=[cards(v, m) for m in table],
                              deck=cards(v, deck), help=cards(v, help), current=current,
                              opened=range(len(hands)) if opened is None else opened)


def pass_turn(game):
    """End the current turn without a choice of one's own: draw, or, where a
    player who can play must play, the play the engine names."""
    try:
        return game.apply(Draw())
    except IllegalAction as error:
        assert error.code == "must-play"
    for action in game.possible_play():
        game.apply(action)
    return game.apply(End()) if game.outcome is None else None


def refused(game, action, code):
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.code == code, info.value.code


# -- scenarios: each takes the variant whose rules say the sentence ---------------


def players_range(v):
    for n in (v.players.min, v.players.max):
        assert Game(v, n, 1).players == n
    for n in (v.players.min - 1, v.players.max + 1):
        if n >= 2 and not (v.players.min <= n <= v.players.max):
            with pytest.raises(SetupError):
                Game(v, n, 1)


def going_out_wins(v):
    game = position(v, ["5C 5D 5H", "KD KH KS"], deck="3D 4D")
    entry = game.apply(Play(cards(v, "5C 5D 5H")))
    assert entry.outcome is not None and entry.outcome.winners == (0,) and entry.outcome.reason == WENT_OUT
    assert game.outcome is not None


def lay_as_many_as_you_like(v):
    game = position(v, ["5C 5D 5H 5S 6C 7C 8C 9D", "KD KH KS"], deck="3D 4D")
    game.apply(Play(cards(v, "5C 5D 5H")))
    game.apply(Add(1, cards(v, "5S")))
    game.apply(Play(cards(v, "6C 7C 8C")))
    game.apply(End())  # stopping with 9D still in hand
    assert game.current == 1 and game.hand(0) == cards(v, "9D") and len(game.melds()) == 2


def the_cards(v):
    game = Game(v, v.players.min, 3)
    ids = [i for place in game.ids().values() for i in place]
    assert sorted(ids) == list(range(v.card_count))
    counts = Counter(v.physical_cards)
    # Each deck adds ``jokers`` jokers: extra cards that no suit holds.
    assert counts.pop(Card(0, "JK"), 0) == v.jokers * v.decks
    assert set(counts.values()) == {v.decks} and len(counts) == len(v.deck.suits) * len(v.deck.ranks)
    assert len({c.suit for c in counts}) == len(v.deck.suits) and len({c.rank for c in counts}) == len(v.deck.ranks)
    assert len(v.physical_cards) == v.card_count == v.decks * (52 + v.jokers)


def more_decks_as_a_house_rule(v):
    """Seeds 000 and 004 say "two or more" decks: one more is a valid
    variant whose every deck adds the cards the rules name."""
    if v.decks >= 8:
        return
    more = type(v).model_validate({**v.model_dump(), "decks": v.decks + 1})
    assert more.card_count - v.card_count == v.card_count // v.decks == 52 + v.jokers
    game = Game(more, more.players.min, 3)
    assert sum(len(place) for place in game.ids().values()) == more.card_count


def dealer(v):
    dealers = {Game(v, v.players.min, seed).dealer for seed in range(40)}
    if v.dealer == "first-seat":
        assert dealers == {0}
    else:
        assert len(dealers) > 1


def hand_sizes(v):
    for n in range(v.players.min, v.players.max + 1):
        game = Game(v, n, 5)
        start = v.draw_count if v.drawing == "start-of-turn" else 0  # the first turn's own draw
        assert [game.hand_size(s) for s in range(n)] == [v.hand_size_for(n) + start * (s == game.current)
                                                         for s in range(n)]


def hidden_hands_and_deck(v):
    n = v.players.min
    game = Game(v, n, 5)
    view = game.view(0)
    assert view.hand == game.hand(0) and view.hand_sizes == tuple(game.hand_size(s) for s in range(n))
    assert not hasattr(view, "hands")
    start = v.draw_count if v.drawing == "start-of-turn" else 0
    assert game.deck_count == v.card_count - n * v.hand_size_for(n) - v.face_up - start


def left_of_dealer_starts_clockwise(v):
    n = v.players.min
    game = Game(v, n, 7)
    assert game.current == (game.dealer + 1) % n
    first = game.current
    pass_turn(game)
    assert game.current == (first + 1) % n


def right_of_dealer_starts_counter_clockwise(v):
    n = max(3, v.players.min)
    game = Game(v, n, 7)
    assert game.current == (game.dealer - 1) % n
    first = game.current
    pass_turn(game)
    assert game.current == (first - 1) % n


def at_most_n_cards_a_turn(v):
    n = v.cards_per_turn
    run = " ".join(f"{r}C" for r in range(2, n + 3))  # n + 1 clubs in a row
    game = position(v, [run + " KD", "KH KS"], deck="3D 4D")
    before = game.state()
    refused(game, Play(cards(v, run)), "too-many-cards")
    assert game.state() == before
    game.apply(Play(cards(v, run)[:n]))
    refused(game, Add(1, cards(v, run)[n:]), "too-many-cards")
    game.apply(End())
    assert game.hand_size(0) == 2


def any_first_play(v):
    game = position(v, ["8C KD", "KH KS"], table=["5C 6C 7C"], deck="3D 4D", opened=())
    game.apply(Add(1, cards(v, "8C")))
    game.apply(End())
    assert game.opened(0) and not game.opened(1)


def first_play_a_meld_from_hand(v):
    game = position(v, ["8C 2H 3H 4H KS", "KH KS"], table=["5C 6C 7C"], deck="3D 4D", opened=())
    game.apply(Add(1, cards(v, "8C")))
    refused(game, End(), "opening-not-met")
    game.apply(Play(cards(v, "2H 3H 4H")))
    game.apply(End())
    assert game.opened(0)


def first_play_a_run(v):
    game = position(v, ["9C 9D 9H 2H 3H 4H KS", "KH KS"], deck="3D 4D", opened=())
    game.apply(Play(cards(v, "9C 9D 9H")))
    refused(game, End(), "opening-run-not-met")
    game.apply(Play(cards(v, "2H 3H 4H")))
    game.apply(End())
    assert game.opened(0)


def first_play_worth_points(v):
    need = v.opening_points
    game = position(v, ["2S 3S 4S KC KD KH QC QD QH JC JD JH 5S", "KH KS"], table=["6S 7S 8S"], deck="3D 4D",
                    opened=())
    points = lambda text: sum(v.deck.points(c) for c in cards(v, text))  # noqa: E731
    game.apply(Play(cards(v, "2S 3S 4S")))
    game.apply(Add(1, cards(v, "5S")))  # added to a meld of the table: does not count
    if points("2S 3S 4S") < need:
        with pytest.raises(IllegalAction) as info:
            game.apply(End())
        assert info.value.code == "opening-points-not-met" and info.value.params["points"] == points("2S 3S 4S")
    total = points("2S 3S 4S")
    for meld in ("KC KD KH", "QC QD QH", "JC JD JH"):
        if total >= need:
            break
        game.apply(Play(cards(v, meld)))
        total += points(meld)
    if total >= need:
        game.apply(End())
        assert game.opened(0)


def rearranging_from_the_first_play(v):
    game = position(v, ["KD 2H", "KH KS"], table=["5C 5D 5H 5S"], deck="3D 4D", opened=())
    game.apply(Take((1,), cards(v, "5S")))
    game.apply(Undo())


def no_rearranging_before_opening(v):
    game = position(v, ["KD 2H", "KH KS"], table=["5C 5D 5H 5S", "6S 7S 8S"], deck="3D 4D", opened=())
    before = game.state()
    refused(game, Take((1,), cards(v, "5S")), "rearrange-before-opening")
    assert game.state() == before
    game = position(v, ["KD 2H", "KH KS"], table=["5C 5D 5H 5S", "6S 7S 8S"], deck="3D 4D", opened=(0,))
    game.apply(Take((1,), cards(v, "5S")))


def a_touched_table_needs_a_hand_card(v):
    game = position(v, ["KD 2H", "KH KS"], table=["5C 5D 5H 5S", "6S 7S 8S"], deck="3D 4D 6D 9H 9D")
    game.apply(Take((1,), cards(v, "5S")))
    game.apply(Add(2, cards(v, "5S")))
    refused(game, End(), "nothing-played")
    entry = game.apply(Draw())  # a rearrangement without a hand card is given up: the table goes back
    if v.restore == "free":  # seed 003: putting the table back costs nothing more than the usual draw
        assert not entry.penalty and entry.drew == v.draw_count
    else:
        assert entry.penalty and entry.drew == v.restore_penalty
    assert sorted(map(sorted, game.melds())) == sorted(map(sorted, [cards(v, "5C 5D 5H 5S"), cards(v, "6S 7S 8S")]))


def free_rearranging(v):
    game = position(v, ["KD 2H", "KH KS"], table=["5C 5D 5H 5S", "6S 7S 8S"], deck="3D 4D 6D 9H 9D")
    game.apply(Take((1,), cards(v, "5S")))
    game.apply(Add(2, cards(v, "5S")))
    entry = game.apply(Draw())  # the new arrangement is kept, at the usual price
    assert not entry.penalty and entry.drew == (0 if v.drawing == "start-of-turn" else v.draw_count)
    assert sorted(map(len, game.melds())) == [3, 4]


def drawing_by_choice(v):
    game = position(v, ["7C 8C 9C KD", "2S 3S 4S"], deck="3D 4D 6D")
    entry = game.apply(Draw())
    assert entry.drew == v.draw_count and game.hand_size(0) == 4 + v.draw_count


def drawing_only_if_unable(v):
    game = position(v, ["7C 8C 9C KD", "2S 3S 4S"], deck="3D 4D 6D")
    before = game.state()
    refused(game, Draw(), "must-play")
    assert game.state() == before
    game = position(v, ["7C 9H KD", "2S 3S 4S"], deck="3D 4D 6D")
    assert game.apply(Draw()).drew == v.draw_count


def a_draw_starts_every_turn(v):
    n = v.players.min
    game = Game(v, n, 11)
    size = v.hand_size_for(n)
    assert game.hand_size(game.current) == size + v.draw_count
    nxt = (game.current + v.step) % n
    assert game.hand_size(nxt) == size
    entry = game.apply(Draw())
    assert entry.drew == 0 and entry.next_drew == v.draw_count and game.current == nxt
    assert game.hand_size(nxt) == size + v.draw_count


def scores_of_a_deal(v):
    game = position(v, ["5C 6C 7C", "KD 2H 3S"], deck="3D 4D")
    assert game.scores() is None
    game.apply(Play(cards(v, "5C 6C 7C")))
    assert game.outcome is not None and game.outcome.winners == (0,)
    left = cards(v, "KD 2H 3S")
    expected = {"winner-only": (1, 0), "cards-left": (0, 3),
                "card-values": (0, sum(v.deck.points(c) for c in left))}[v.scoring]
    assert game.scores() == expected


def table_must_be_valid_to_end(v):
    """The table always forms combinations when a turn ends; taken cards go back first."""
    game = position(v, ["7C 8C 9C KD", "2S 3S 4S"], table=["5C 5D 5H 5S"], deck="3D 4D 6D")
    game.apply(Play(cards(v, "KD")))
    refused(game, End(), "invalid-table")
    game2 = position(v, ["7C 8C 9C KD", "2S 3S 4S"], table=["5C 5D 5H 5S"], deck="3D 4D 6D")
    game2.apply(Play(cards(v, "7C 8C 9C")))
    game2.apply(Take((1,), cards(v, "5S")))
    refused(game2, End(), "taken-cards-left")
    refused(game2, Draw(), "draw-after-play")


def rearranging(v):
    """Board Game Arena's example: move 5C from the set to the run, add 4C."""
    game = position(v, ["4C KD", "2S 3S 4S"], table=["5C 5D 5H 5S", "6C 7C 8C"], deck="3D 4D 6D")
    game.apply(Take((1,), cards(v, "5C")))
    game.apply(Add(1, cards(v, "5C 4C")))  # the set is meld 1, the run meld 2 after the take
    refused(game, End(), "invalid-table")  # 5C 4C 5D 5H 5S is no set
    game = position(v, ["4C KD", "2S 3S 4S"], table=["5C 5D 5H 5S", "6C 7C 8C"], deck="3D 4D 6D")
    game.apply(Take((1,), cards(v, "5C")))
    game.apply(Add(2, cards(v, "5C 4C")))
    game.apply(End())
    assert sorted(map(sorted, game.melds())) == sorted(map(sorted, [cards(v, "5D 5H 5S"), cards(v, "4C 5C 6C 7C 8C")]))


def restore(v):
    game = position(v, ["7C 8C 9C KD", "2S 3S 4S"], table=["5C 5D 5H 5S"], deck="3D 4D 6D 9H 9D")
    start_table, start_hand = game.melds(), game.hand(0)
    game.apply(Play(cards(v, "7C 8C 9C")))
    game.apply(Take((1,), cards(v, "5S")))
    entry = game.apply(Restore())
    assert game.melds() == start_table
    # A free restore (seed 003) draws as a turn without a play does; otherwise the penalty.
    drawn = (0 if v.drawing == "start-of-turn" else v.draw_count) if v.restore == "free" else v.restore_penalty
    assert Counter(game.hand(0)) - Counter(start_hand) == Counter(cards(v, "3D 4D 6D")[:drawn])
    assert entry.drew == drawn and entry.penalty == (v.restore != "free") and game.current == 1


def restore_is_free(v):
    """Seed 003: putting the table back costs nothing, by restore or by undoing back and drawing."""
    restore(v)
    game = position(v, ["7C 9H 10D KD", "2S 3S 4S"], table=["5C 5D 5H 5S"], deck="3D 4D 6D 9H 9D")
    game.apply(Take((1,), cards(v, "5S")))
    game.apply(Undo())
    entry = game.apply(Draw())
    assert entry.drew == v.draw_count and not entry.penalty and game.hand_size(0) == 4 + v.draw_count


def _seed_example_two(v):
    """Seed 003's second example: three runs made of three sets leave Q♣ alone."""
    game = position(v, ["9S KD", "QD QS 2C"], table=["10H 10D 10S", "JH JD JS", "QH QD QC"],
                    deck="3D 4D 6D 9H 9D 8D 7D")
    game.apply(Take((1, 2, 3)))
    for run in ("10H JH QH", "10D JD QD", "9S 10S JS", "QC"):
        game.apply(Play(cards(v, run)))
    return game


def invalid_cards_stay(v):
    """A player who cannot make the table valid again draws the penalty and
    leaves the cards; the next player takes them into a valid meld."""
    game = _seed_example_two(v)
    refused(game, End(), "invalid-table")  # ending never leaves them: drawing does, at a price
    entry = game.apply(Draw())
    assert entry.left_invalid and entry.penalty and entry.drew == v.restore_penalty
    assert game.hand_size(0) == 1 + v.restore_penalty and game.current == 1
    assert game.melds()[0] == cards(v, "QC")  # the group to mend comes first
    assert Counter(c for m in game.melds() for c in m) == Counter(cards(v, "10H 10D 10S JH JD JS QH QD QC 9S"))
    game.apply(Add(1, cards(v, "QD QS")))
    entry = game.apply(End())
    assert not entry.penalty and entry.drew == 0 and game.hand(1) == cards(v, "2C")


def invalid_groups_may_be_left_alone(v):
    """Leaving another turn's invalid groups as they are costs nothing: the
    next player plays elsewhere and ends, or draws the usual card."""
    game = position(v, ["9S 2D 3D 4D KD", "7C 8C KS"], table=["QC", "5H 6H 7H"], deck="3C 4C 6C 9H 9D 8D 7D")
    game.apply(Play(cards(v, "2D 3D 4D")))
    entry = game.apply(End())
    assert not entry.penalty and entry.drew == 0 and game.melds()[0] == cards(v, "QC")
    entry = game.apply(Draw())
    assert not entry.penalty and entry.drew == v.draw_count
    # A player who empties the hand with the old group still there wins.
    game = position(v, ["8H 9H 10H", "7C 8C KS"], table=["QC", "5H 6H 7H"], deck="3C 4C 6C")
    entry = game.apply(Add(2, cards(v, "8H 9H 10H")))
    assert entry.outcome is not None and entry.outcome.winners == (0,)


def only_table_cards_stay_invalid(v):
    """Hand cards never stay in an invalid group (a hand is not emptied into a heap)."""
    game = position(v, ["9S KD", "QD QS 2C"], table=["10H 10D 10S"], deck="3D 4D 6D")
    game.apply(Take((1,), cards(v, "10S")))
    game.apply(Play(cards(v, "10S 9S")))
    refused(game, Draw(), "own-cards-in-invalid-meld")
    game.apply(Undo())
    game.apply(Play(cards(v, "10S")))
    entry = game.apply(Draw())  # table cards alone may stay
    assert entry.left_invalid and game.hand(0)[:2] == cards(v, "9S KD")


def undoing_back_costs_the_penalty(v):
    game = position(v, ["7C 9H 10D KD", "2S 3S 4S"], table=["5C 5D 5H 5S"], deck="3D 4D 6D 9H 9D")
    start_table = game.melds()
    game.apply(Take((1,), cards(v, "5S")))
    game.apply(Undo())
    assert game.melds() == start_table
    entry = game.apply(Draw())
    assert entry.drew == v.restore_penalty and entry.penalty and game.hand_size(0) == 4 + v.restore_penalty


def restore_needs_a_touched_table(v):
    game = position(v, ["7C 8C 9C KD", "2S 3S 4S"], table=["5C 5D 5H 5S"], deck="3D 4D 6D 9H 9D")
    refused(game, Restore(), "nothing-to-restore")
    game.apply(Play(cards(v, "7C 8C 9C")))
    refused(game, Restore(), "nothing-to-restore")
    game.apply(Undo())
    if v.drawing == "only-if-unable":
        refused(game, Draw(), "must-play")  # free to undo, but a player who can play must
        return
    entry = game.apply(Draw())  # undoing one's own play is free
    assert entry.drew == (0 if v.drawing == "start-of-turn" else v.draw_count) and not entry.penalty


def drawing_ends_a_turn_without_play(v):
    game = position(v, ["7C 9H 10D KD", "2S 3S 4S"], deck="3D 4D 6D")
    refused(game, End(), "nothing-played")
    entry = game.apply(Draw())
    assert entry.drew == v.draw_count and game.hand_size(0) == 4 + v.draw_count and game.current == 1


def no_draw_after_playing(v):
    game = position(v, ["7C 8C 9C KD", "2S 3S 4S"], deck="3D 4D 6D")
    game.apply(Play(cards(v, "7C 8C 9C")))
    refused(game, Draw(), "draw-after-play")
    entry = game.apply(End())
    assert entry.drew == 0 and game.hand(0) == cards(v, "KD") and game.deck_count == 3


def deck_runs_out(v):
    game = position(v, ["7C KD", "2S 4H", "9D JH"][: max(2, v.players.min)], deck="3D")
    if not v.draw_count:
        return  # nobody draws without a penalty: see restore
    action = Draw()  # with a draw at the start of every turn, the next player's draw
    entry = game.apply(action)
    if v.deck_runs_out == "on-last-card":
        assert entry.outcome is not None and entry.outcome.reason == DECK_EXHAUSTED
    else:
        assert game.outcome is None and game.deck_count == 0  # play goes on
        entry = game.apply(action)
        assert entry.outcome is not None and entry.outcome.reason == DECK_EXHAUSTED


def deck_out_winners(v):
    # Seat 0 draws the last card; then seat 0 holds 3 low cards, seat 1 two high
    # ones and seat 2 (if any) two high ones too.
    hands = ["2C 3C", "KD KH", "QD QH"][: max(2, v.players.min)]
    count = v.draw_count
    if not count:
        return
    game = position(v, hands, deck=" ".join(["4C"] + ["5C", "6C", "7C", "8C"][: count - 1]))
    action = Draw()
    entry = game.apply(action)
    while entry.outcome is None:
        entry = game.apply(action)
    if v.deck_out_winners == "fewest-cards":
        sizes = [game.hand_size(s) for s in range(game.players)]
        assert entry.outcome.winners == tuple(s for s in range(game.players) if sizes[s] == min(sizes))
    else:
        points = [sum(v.deck.points(c) for c in game.hand(s)) for s in range(game.players)]
        assert entry.outcome.winners == tuple(s for s in range(game.players) if points[s] == min(points))
        assert entry.outcome.winners == (0,)


def help_cards_dealt(v):
    assert len(Game(v, v.players.min, 2).help_cards) == v.help_cards


def help_cards_replaced(v):
    game = position(v, ["5C 5D KS", "2S 3S 4S"], help="5H JD", deck="9H 8H 7H")
    game.apply(Play(cards(v, "5C 5D"), help=cards(v, "5H")))
    assert game.help_cards == cards(v, "JD")  # not at once: the turn may still be undone
    entry = game.apply(End())
    if v.help_cards_refill:
        assert entry.laid == cards(v, "9H") and game.help_cards == cards(v, "JD 9H")
    else:
        assert entry.laid == () and game.help_cards == cards(v, "JD")


def help_cards_need_a_hand_card(v):
    game = position(v, ["KS 2D", "2S 3S 4S"], table=["5C 5D 5S"], help="5H JD JC JH", deck="9H 8H 7H")
    refused(game, Play(cards(v, "JD JC JH")), "help-card-needs-hand")
    refused(game, Add(1, cards(v, "5H")), "help-card-needs-hand")
    if v.help_cards_use == "new-meld-from-hand":
        help_cards_only_in_a_new_meld_from_hand(v)
        return
    game = position(v, ["JS 2D", "2S 3S 4S"], help="5H JD JC JH", deck="9H 8H 7H")
    game.apply(Play(cards(v, "JS JD JC")))
    game.apply(End())


def help_cards_only_in_a_new_meld_from_hand(v):
    """Seed 003: a help card goes down only with two hand cards or more, in a new meld of its own."""
    game = position(v, ["JS 5D 2D", "2S 3S 4S"], table=["5C 5S 6S"], help="5H JD JC JH", deck="9H 8H 7H")
    refused(game, Play(cards(v, "JS"), help=cards(v, "JD JC")), "help-card-needs-meld-from-hand")
    refused(game, Add(1, cards(v, "5D"), help=cards(v, "5H")), "help-card-needs-meld-from-hand")
    game.apply(Take((1,), cards(v, "5C")))
    refused(game, Play(cards(v, "5C 5D"), help=cards(v, "5H")), "help-card-needs-meld-from-hand")
    game = position(v, ["JS JD 2D", "2S 3S 4S"], help="5H JD JC JH", deck="9H 8H 7H")
    game.apply(Play(cards(v, "JS JD"), help=cards(v, "JC")))
    entry = game.apply(End())
    assert game.hand(0) == cards(v, "2D") and entry.ends_turn


def cross_laid_at_the_deal(v):
    """The Cross: v.cross cards face up at the deal, out of the hands and the deck."""
    for n in (v.players.min, v.players.max):
        game = Game(v, n, 3)
        assert len(game.help_cards) == v.cross
        assert game.deck_count == v.card_count - n * v.hand_size_for(n) - v.cross
        assert not set(game.ids()["help"]) & set(game.ids()["deck"])


def cross_cards_stay_single_until_completed(v):
    """Single Cross cards never block the end of a turn; a completed one is
    an ordinary table meld (added to, taken from) and is not replaced."""
    game = position(v, ["2S 3S 4S JC KD", "JS JH 9D", "5C 6C 7C"], help="5H JD 9S QC", deck="9H 8H 7H 6H")
    game.apply(Play(cards(v, "2S 3S 4S")))
    game.apply(End())  # four single Cross cards around the deck: no invalid group
    assert game.help_cards == cards(v, "5H JD 9S QC") and game.melds() == (cards(v, "2S 3S 4S"),)
    game.apply(Play(cards(v, "JS JH"), help=cards(v, "JD")))
    entry = game.apply(End())
    assert entry.laid == () and game.help_cards == cards(v, "5H 9S QC")  # never replaced
    assert sorted(game.melds()) == sorted([cards(v, "2S 3S 4S"), v.arrange(cards(v, "JS JH JD"))])
    game.apply(Draw())  # seat 2
    meld = next(n for n, m in enumerate(game.melds(), 1) if cards(v, "JD")[0] in m)
    game.apply(Add(meld, cards(v, "JC")))  # seat 0 adds to it like any table meld
    game.apply(End())
    assert len(game.melds()[meld - 1]) == 4 and game.help_cards == cards(v, "5H 9S QC")


def cross_completed_as_help_cards_use(v):
    """A Cross card goes down only with hand cards, and under
    new-meld-from-hand only in a new meld with two hand cards or more."""
    game = position(v, ["JS 5D 2D", "2S 3S 4S"], table=["5C 5S 6S"], help="5H JD JC 9S", deck="9H 8H 7H")
    refused(game, Play((), help=cards(v, "JD JC")), "cross-card-needs-hand")
    if v.help_cards_use == "new-meld-from-hand":
        refused(game, Play(cards(v, "JS"), help=cards(v, "JD JC")), "cross-card-needs-meld-from-hand")
        refused(game, Add(1, cards(v, "5D"), help=cards(v, "5H")), "cross-card-needs-meld-from-hand")
        game.apply(Take((1,), cards(v, "5C")))
        refused(game, Play(cards(v, "5C 5D"), help=cards(v, "5H")), "cross-card-needs-meld-from-hand")
        return
    game = position(v, ["JS 9H 2D", "2S 3S 4S"], table=["6H 7H 8H"], help="5H JD JC 9S", deck="KH QH 10H")
    game.apply(Play(cards(v, "JS"), help=cards(v, "JD JC")))
    game.apply(Add(1, cards(v, "9H"), help=cards(v, "5H")))  # an addition, with a hand card
    entry = game.apply(End())
    assert entry.laid == () and game.help_cards == cards(v, "9S") and game.hand(0) == cards(v, "2D")


def melds_as_the_examples_say(v):
    """Every meld clause (sizes, same, distinct, sequence, ranks, patterns,
    aces) through the rules' own examples, played in a game: a valid
    example may end the turn, an invalid one is refused for the reason the
    rules give."""
    first = True
    for name, kind in v.melds.items():
        examples = [e for e in meld_examples(name, kind, v, first=first) + ace_examples(name, kind, v)
                    if agrees(e, v)]  # the rules show no other (test_rules_text: none is dropped when shipped)
        first = False
        for example in examples:
            spare = next(c for c in v.deck.parse_cards(_n(v, "13B 12B 11B 2R 3R", "KD QD JD 2H 3H"))
                         if c not in example.cards)
            game = position(v, [" ".join(v.deck.card_text(c) for c in (*example.cards, spare)),
                                _n(v, "2K 3K 4K", "2S 3S 4S")], deck=_n(v, "9R 8R", "9H 8H"))
            game.apply(Play(example.cards))
            if example.valid:
                game.apply(End())
            else:
                with pytest.raises(IllegalAction) as info:
                    game.apply(End())
                assert info.value.code == "invalid-table" and info.value.params["reason"] == example.reason


def tables_as_the_examples_say(v):
    """The playing and rearranging examples, played: take every meld, lay
    the table the example shows; a legal one ends the turn, an illegal one
    leaves cards that cannot."""
    for example in [e for e in (playing_example(v), *rearranging_examples(v)) if e and agrees(e, v)]:
        spare = next(c for c in v.deck.parse_cards(_n(v, "13B 12B 11B", "KD QD JD")) if c not in example.played)
        hand = " ".join(v.deck.card_text(c) for c in (*example.played, spare))
        table = [" ".join(v.deck.card_text(c) for c in m) for m in example.before]
        game = position(v, [hand, _n(v, "2K 3K 4K", "2S 3S 4S")], table=table, deck=_n(v, "9R 8R", "9H 8H"))
        game.apply(Take(tuple(range(1, len(table) + 1))))
        for meld in example.after:
            game.apply(Play(meld))
        if example.legal:
            game.apply(End())
        else:
            if example.left:
                game.apply(Play(example.left))
            refused(game, End(), "invalid-table")


def fewest_points_values(v):
    assert [v.deck.points(c) for c in cards(v, "AC 10C KC")] == [r.points for r in v.deck.ranks
                                                                  if r.code in ("A", "10", "K")]


def a_joker_stands_for_any_card(v):
    game = position(v, ["5H 7H JK 9S 9D 2C", "KD KH KS"], deck="3D 4D")
    game.apply(Play(cards(v, "5H JK 7H")))
    game.apply(End())
    assert game.current == 1 and game.melds() == (cards(v, "5H JK 7H"),)
    assert v.check(cards(v, "JK JK JK")).reason == "jokers-only"
    assert v.check(cards(v, "5H JK 8H")).reason == "gap"  # a joker stands for one card, never two


def jokers_per_meld(v):
    game = position(v, ["5H JK JK 2C", "KD KH KS"], deck="3D 4D")
    game.apply(Play(cards(v, "5H JK JK")))
    if v.jokers_per_meld is None or v.jokers_per_meld >= 2:
        game.apply(End())
        assert game.current == 1
    else:
        refused(game, End(), "invalid-table")
        assert v.check(cards(v, "5H 6H JK")).valid


def joker_release(v):
    game = position(v, ["4H 9S 9D 2C", "KD KH KS"], table=["5H 6H 7H JK"], deck="3D 4D")
    if v.joker_release == "free" and v.joker_melds_rearranged:
        game.apply(Take((1,), cards(v, "JK")))  # a joker moves like any card
    else:
        refused(game, Take((1,), cards(v, "JK")),
                "joker-exchange-only" if v.joker_melds_rearranged else "joker-meld-fixed")
        game = position(v, ["4H 9S 9D 2C", "KD KH KS"], table=["5H 6H JK"], deck="3D 4D")
        game.apply(Swap(1, cards(v, "4H")[0]))  # won back by the card it stands for, from the hand
        assert game.melds() == (cards(v, "4H 5H 6H"),)
    refused(game, End(), "joker-must-be-played")
    game.apply(Play(cards(v, "9S 9D JK")))
    game.apply(End())
    assert game.current == 1


def joker_melds_rearranged(v):
    game = position(v, ["4H 2C", "KD KH KS"], table=["5H 6H JK 8H"], deck="3D 4D")
    if v.joker_melds_rearranged:
        game.apply(Take((1,), cards(v, "5H")))
        game.apply(Add(1, cards(v, "4H 5H")))
    else:
        for action in (Take((1,), cards(v, "5H")), Take((1,))):
            refused(game, action, "joker-meld-fixed")
        game.apply(Add(1, cards(v, "4H")))  # adding is allowed
    game.apply(End())
    assert game.current == 1 and len(game.melds()[0]) == 5


def a_joker_in_an_opening(v):
    value = v.deck.points
    assert opening.points(v, [cards(v, "5H JK 7H")]) == sum(value(c) for c in cards(v, "5H 6H 7H"))
    assert opening.points(v, [cards(v, "5H 6H JK")]) == sum(value(c) for c in cards(v, "4H 5H 6H"))


def a_joker_left_in_hand(v):
    if not v.draw_count:
        return
    game = position(v, ["JK 2C", "5C 6C 7C"], deck="")
    entry = game.apply(Draw())
    assert entry.outcome is not None
    mine, theirs = v.joker_points + v.deck.points(cards(v, "2C")[0]), sum(v.deck.points(c) for c in cards(v, "5C 6C 7C"))
    if v.scoring == "card-values":
        assert game.scores() == (mine, theirs)
    if v.deck_out_winners == "fewest-points":
        assert entry.outcome.winners == ((0,) if mine < theirs else (1,) if theirs < mine else (0, 1))


# -- the family's rules (issue 28): pieces in either notation -------------------


def _n(v, tiles, french):
    """The same position in the variant's notation: tiles (7R: the red 7) or French cards."""
    return tiles if v.pieces == "tiles" else french


def numbers_are_their_worth(v):
    assert all(r.code == str(r.points) for r in v.deck.ranks)
    for card in v.deck.cards():
        if card.rank:
            assert v.deck.points(card) == int(v.deck.rank_code(card.rank))


def colours_named_with_their_letters(v):
    assert glossary.is_tiles(v.deck)
    for suit in v.deck.suits:
        card = v.deck.parse_card(v.deck.ranks[0].code + suit.code)
        assert v.deck.colour(card) == suit.colour
        assert glossary.colour_name(suit.colour) in glossary.card_name(card, v.deck)


def joker_worth_its_tile_in_the_first_play(v):
    """A joker counts as the tile it stands for in an opening, not as the
    points it costs on a rack: 1-2-joker is worth 6, never 33."""
    game = position(v, ["10R 10B JK 1K 2K 3K", "12K 13K"], deck="5O 6O", opened=())
    game.apply(Play(cards(v, "10R 10B JK")))
    game.apply(End())
    assert game.opened(0) and v.opening_points <= 30
    game = position(v, ["1R 2R JK 9B 9K 9O 4O", "12K 13K"], deck="5O 6O", opened=())
    game.apply(Play(cards(v, "1R 2R JK")))
    refused(game, End(), "opening-points-not-met")
    game.apply(Play(cards(v, "9B 9K 9O")))
    game.apply(End())
    assert game.opened(0)


def play_goes_on_until_all_pass(v):
    """With the deck empty, passing draws nothing; the game ends only when
    every player in a row has passed, and a play in between starts the count
    again."""
    if v.deck_runs_out != "when-all-pass":
        return  # the clause of another value (deck_runs_out scenario)
    first, middle, last = _n(v, ["1R 2B", "9O 10O", "11K 12K 13K 1B"], ["AC 2D", "9H 10H", "JS QS KS AD"])
    game = position(v, [first, *[middle] * (v.players.min - 2), last], deck=_n(v, "5O", "5H"))
    assert game.apply(Draw()).outcome is None and game.deck_count == 0  # the last card: play goes on
    for _ in range(v.players.min - 2):
        assert game.apply(Draw()).outcome is None
    game.apply(Play(cards(v, _n(v, "11K 12K 13K", "JS QS KS"))))
    assert game.apply(End()).outcome is None
    entry = None
    for _ in range(v.players.min):
        assert game.outcome is None
        entry = game.apply(Draw())
    assert entry is not None and entry.outcome is not None and entry.outcome.reason == BLOCKED
    points = [sum(v.deck.points(c) for c in game.hand(s)) for s in range(game.players)]
    if v.deck_out_winners == "fewest-points":
        assert entry.outcome.winners == tuple(s for s in range(game.players) if points[s] == min(points))


def losers_pay_the_winner(v):
    """The winner scores what the others hold (beyond the winner's own when
    nobody went out); each loser scores minus what is left on the rack."""
    if v.scoring != "losers-pay-winner":
        return  # the clause of another value (scores_of_a_deal)
    game = position(v, _n(v, ["3R 4R 5R", "12K 13K JK"], ["3H 4H 5H", "QS KS JK"]), deck=_n(v, "5O", "5D"))
    game.apply(Play(cards(v, _n(v, "3R 4R 5R", "3H 4H 5H"))))
    assert game.outcome is not None and game.outcome.reason == WENT_OUT
    left = sum(v.deck.points(c) for c in game.hand(1))
    assert left == 12 + 13 + v.joker_points if v.pieces == "tiles" else left > 0
    assert game.scores() == (left, -left)
    game = position(v, _n(v, ["1R 2B", "9K 13K"], ["AC 2D", "9S KS"]), deck="")
    game.apply(Draw())
    game.apply(Draw())
    if v.deck_runs_out == "when-all-pass":
        assert game.outcome is not None and game.outcome.reason == BLOCKED
    low, high = (sum(v.deck.points(c) for c in game.hand(s)) for s in (0, 1))
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert game.scores() == (high - low, -high)


def knocking_ends_the_game(v):
    """A hand within knock_limit knocks and the lowest hand wins, the
    knocker or not; a hand over it may not knock."""
    if v.knock_limit is None:
        return  # no knocking (knock_limit scenario)
    cheap = min((r.code for r in v.deck.ranks), key=lambda code: v.penalty(cards(v, code + "C")[0]))
    low = cheap + "C"
    assert v.penalty(cards(v, low)[0]) <= v.knock_limit
    over = position(v, _three(v, f"{low} KD", "KS QH 6S"), deck="9H 8S 7S")
    with pytest.raises(IllegalAction):
        over.apply(Knock())
    game = position(v, _three(v, "KD QD", f"{low}", "KS QH 6S"), deck="9H 8S 7S", current=1)
    game.apply(Knock())
    assert game.outcome is not None and game.outcome.reason == KNOCKED and game.outcome.winners == (1,)
    if 2 * v.penalty(cards(v, low)[0]) > v.knock_limit:
        return  # two of the cheapest cards are over the limit (Finagle's 5 points a card)
    # The knocker need not win: the other hand lower still wins.
    game = position(v, _three(v, f"{low} {cheap}D", f"{low}", "KS QH 6S"), deck="9H 8S 7S")
    game.apply(Knock())
    assert game.outcome is not None and game.outcome.winners == (1,)


def decks_for_players(v):
    """decks_by_players: that many copies of the deck at a table of that size."""
    for players, decks in v.decks_by_players.items():
        if v.players.min <= players <= v.players.max:
            game = Game(v, players, 1)
            assert game.variant.decks == decks and game.variant.card_count == v.card_count * decks // v.decks


def lowest_takes_the_difference(v):
    """The winner scores what each other hand holds beyond the winner's; the
    others score nothing."""
    if v.scoring != "lowest-takes-difference":
        return  # the clause of another value (scores_of_a_deal)
    game = position(v, _three(v, "7C 8C 9C", "KS 5S", "2D"), deck="9H 8S 7S")
    game.apply(Play(cards(v, "7C 8C 9C")))
    assert game.outcome is not None and game.outcome.reason == WENT_OUT
    left = [sum(map(v.penalty, game.hand(s))) for s in range(game.players)]
    assert game.scores() == (sum(left), *[0] * (game.players - 1))


def _three(v, *hands):
    """Hands for as many seats as the variant needs (at least three)."""
    spare = ["2S 4S 6S", "3H 5H 8H", "10S QH 2H", "4H 6D 8C"]
    return [*hands, *spare][:max(3, v.players.min, len(hands))]


def draw_first_turns(v):
    n = v.players.min
    game = Game(v, n, 3)
    seat = game.current
    assert game.hand_size(seat) == v.hand_size_for(n) + 1 and game.turn_draws == 1
    for _ in range(1, v.draw_limit or 4):
        assert game.current == seat
        entry = game.apply(Draw())
        assert entry.drew == 1
    assert game.current != seat if v.draw_limit else game.current == seat
    # Drawing again is a choice, even with a meld in hand.
    game = position(v, _three(v, "7C 8C 9C KD"), deck="3D 4D 6D")
    entry = game.apply(Draw())
    assert entry.drew == 1 and (not entry.ends_turn or v.draw_limit == 1)


def draws_until_able(v):
    game = position(v, _three(v, "7C 8C 9C KD"), deck="3D 4D 6D")
    refused(game, Draw(), "must-play")
    game = position(v, _three(v, "7C 8C KD"), deck="9C 2D 4D 6D")
    entry = game.apply(Draw())  # 9C: 7C 8C 9C
    if v.draw_limit == 1:
        assert entry.ends_turn
        return
    assert not entry.ends_turn and game.current == 0
    refused(game, Draw(), "must-play-drawn")
    game.apply(Play(cards(v, "7C 8C 9C")))
    assert game.apply(End()).ends_turn


def draws_without_limit(v):
    game = position(v, _three(v, "7C 9H KD"), deck="2D 4S 6H JD 3C 5S")
    for _ in range(5):
        assert not game.apply(Draw()).ends_turn
    assert game.current == 0 and game.turn_draws == 5


def draw_limit_ends_the_turn(v):
    game = position(v, _three(v, "7C 9H KD"), deck="2D 4S 6H JD 3C 5S 10C")
    for k in range(1, v.draw_limit + 1):
        entry = game.apply(Draw())
        assert entry.drew == 1 and entry.ends_turn == (k == v.draw_limit)
    assert game.current == 1 and game.hand_size(0) == 3 + v.draw_limit


def no_more_draws_after_playing(v):
    game = position(v, _three(v, "7C 8C KD"), deck="9C 2D 4D 6D")
    game.apply(Draw())
    game.apply(Play(cards(v, "7C 8C 9C")))
    refused(game, Draw(), "draw-after-play")
    entry = game.apply(End())
    assert entry.drew == 0 and game.hand(0) == cards(v, "KD") and game.current == 1


def penalty_points_score(v):
    game = position(v, _three(v, "7C 8C 9C", "AD KH 5S"), deck="3D 4D")
    game.apply(Play(cards(v, "7C 8C 9C")))
    left = cards(v, "AD KH 5S")
    cost = sum(v.penalty(c) for c in left)
    assert cost != sum(v.deck.points(c) for c in left)
    assert all(v.penalty(c) == v.penalty_points.get(v.deck.ranks[c.rank - 1].code, v.deck.points(c)) for c in left)
    scores = game.scores()
    assert scores is not None and scores[1] == (cost if v.scoring == "card-values" else -cost)


def match_to_a_target(v):
    from machiavelli.app import match

    sheet = match.sheet_for(v, 2)
    sheet.deals.append((v.match_target - 1, 0))
    assert not sheet.over(None, v.match_target)
    sheet.deals.append((1, 0))
    assert sheet.over(None, v.match_target)


def match_winner(v):
    from machiavelli.app import match

    sheet = match.sheet_for(v, 2)
    sheet.deals.append((5, 9))
    assert sheet.leaders() == ((0,) if v.match_winner == "lowest" else (1,))


SCENARIOS = {
    ("rule:drawing", "Every turn starts with a draw: you take a card from the deck before you play. Then you either "
     "lay down cards or draw again, one card at a time, even when you could lay down cards."): [draw_first_turns],
    ("rule:drawing", "A player who can lay down a card from the hand must do so. A player who cannot draws a card "
     "from the deck and goes on with the turn: if the card drawn lets you play, you must play; if not, you draw "
     "again."): [draws_until_able],
    ("rule:draw_limit", "There is no limit to the cards drawn in one turn: the draws go on until you play or the "
     "deck is empty."): [draws_without_limit],
    ("rule:draw_limit", "You draw at most {n} card in one turn: the draw that makes {n} ends your turn, even if the "
     "card would let you play."): [draw_limit_ends_the_turn],
    ("rule:drawing", "Once you have laid down a card from your hand, you draw no more."): [no_more_draws_after_playing],
    ("rule:penalty_points", "{ranks}: {n} point"): [penalty_points_score],
    ("rule:penalty_points", "Cards left in hand cost: {values}. In combinations the cards keep their own values."):
        [penalty_points_score],
    ("rule:match_target", "A match is played to {n} point: deals go on until a player's total reaches {n}."):
        [match_to_a_target],
    ("rule:match_winner", "In a match of several deals, the lowest total wins."): [match_winner],
    ("rule:match_winner", "In a match of several deals, the highest total wins."): [match_winner],
    ("rule:game_name", "{game} is a rummy game for {n} player."): [players_range],
    ("rule:game_name", "{game} is a rummy game for {low} to {n} player."): [players_range],
    ("rule:deck", "Each card is worth the number on it."): [numbers_are_their_worth],
    ("rule:deck", "{name} ({code})"): [colours_named_with_their_letters],
    ("rule:opening", "In your first play a joker is worth the card it stands for (the lowest, if it could stand for "
     "several)."): [joker_worth_its_tile_in_the_first_play],
    ("rule:joker_points", "A joker left in hand costs {n} point."): [losers_pay_the_winner],
    ("rule:deck_runs_out", "When the deck is empty, play goes on without drawing; the game ends when every player "
     "in a row has passed without laying a card down."): [play_goes_on_until_all_pass],
    ("rule:scoring", "Scoring: at the end of a deal every loser scores the values of the cards left in hand as minus "
     "points, and the winner scores what the losers hold beyond the winner's own cards as plus points; over several "
     "deals, the most points win."): [losers_pay_the_winner],
    ("rule:knock_limit", "On your turn, once every combination is valid and no taken card is left in your hand, "
     "you may knock if the cards in your hand are worth at most {n} point: the game ends, and the player whose "
     "cards in hand are worth the fewest points wins, even if that is not you; tied players win together."):
        [knocking_ends_the_game],
    ("rule:decks_by_players", "With {players} players the game is played with {n} deck."): [decks_for_players],
    ("rule:scoring", "Scoring: at the end of a deal every player counts the values of the cards left in hand; the "
     "winner, lowest in points, scores the difference between each other hand and the winner's own, and the "
     "others score nothing; over several deals, the most points win."): [lowest_takes_the_difference],
    ("rule:players", "Machiavelli is a rummy game for {n} player."): [players_range],
    ("rule:players", "Machiavelli is a rummy game for {low} to {n} player."): [players_range],
    ("rules", "Players take turns laying cards from their hand on the table in combinations. During a turn a "
     "player may rearrange all the combinations on the table, as long as every card on the table is part of a "
     "valid combination when the turn ends. The first player to get rid of all their cards wins."):
        [left_of_dealer_starts_clockwise, rearranging, table_must_be_valid_to_end, going_out_wins],
    ("rule:decks", "The game is played with {n} deck."): [the_cards],
    ("rule:decks", "That makes {n} card in all."): [the_cards],
    ("rule:jokers", "There are no jokers."): [the_cards],
    ("rule:jokers", "Each deck adds {n} joker."): [the_cards],
    ("rule:jokers", "A joker stands for any card its combination needs. A combination must hold at least one card "
     "that is not a joker."): [a_joker_stands_for_any_card],
    ("rule:jokers_per_meld", "A combination may hold any number of jokers."): [jokers_per_meld],
    ("rule:jokers_per_meld", "A combination may hold at most {n} joker."): [jokers_per_meld],
    ("rule:joker_release", "When you rearrange the table, a joker moves like any other card."): [joker_release],
    ("rule:joker_release", "A joker on the table leaves its combination only when you put in its place a card from "
     "your hand that it stands for (swap). You then hold the joker and must play it again before your turn ends."):
        [joker_release],
    ("rule:joker_melds_rearranged", "Combinations that hold a joker may be rearranged like any other."):
        [joker_melds_rearranged],
    ("rule:joker_melds_rearranged", "You may add cards to a combination that holds a joker, but you may not take, "
     "move or split cards out of it."): [joker_melds_rearranged],
    ("rule:opening", "a joker: the value of the card it stands for (the lowest, if it could stand for several)"):
        [a_joker_in_an_opening],
    ("rule:joker_points", "a joker: {n} point"): [a_joker_left_in_hand],
    ("rule:deck", "Each deck has {n} suit: {suits}."): [the_cards],
    ("rule:deck", "Each suit has {n} rank, in this order: {ranks}."): [the_cards, melds_as_the_examples_say],
    ("rule:dealer", "The dealer is chosen at random."): [dealer],
    ("rule:dealer", "The player in the first seat deals."): [dealer],
    ("rule:hand_size", "The dealer deals {n} card to each player."): [hand_sizes],
    ("rule:hand_size", "How many cards each player is dealt depends on the number of players:"): [hand_sizes],
    ("rule:hand_size", "{players}: {n} card each"): [hand_sizes],
    ("rule:players", "{n} player"): [hand_sizes],
    ("rule:players", "{low} to {n} player"): [hand_sizes],
    ("rule:help_cards", "Then {n} card is laid face up on the table as a help card: any player may use it in a "
     "combination."): [help_cards_dealt, help_cards_need_a_hand_card],
    ("rule:cross", "Then {n} card is laid face up beside the deck: the Cross."): [cross_laid_at_the_deal],
    ("rule:cross", "A card of the Cross stays on its own, and counts as no invalid group, until a player completes "
     "it into a combination; that combination is then part of the table like any other. A card of the Cross that "
     "has been used is not replaced."): [cross_cards_stay_single_until_completed],
    ("rule:cross", "You may complete a card of the Cross into a combination, or use it in any of your plays, but "
     "only together with at least one card from your hand in the same play."): [cross_completed_as_help_cards_use],
    ("rule:cross", "You may complete a card of the Cross only into a new combination of at least three cards whose "
     "other cards, two or more, all come from your hand: never added to a combination already on the table, never "
     "with cards taken from the table."): [cross_completed_as_help_cards_use],
    ("rule:help_cards_refill", "A help card that has been used is replaced with the top card of the deck when the "
     "turn ends."): [help_cards_replaced],
    ("rule:help_cards_refill", "Help cards that have been used are not replaced."): [help_cards_replaced],
    ("rule:help_cards", "You may use the face-up help cards in your combinations, but only together with at least "
     "one card from your hand in the same play."): [help_cards_need_a_hand_card],
    ("rules", "Players keep their cards hidden from the others. The remaining cards are placed face down in the "
     "middle of the table: they are the deck."): [hidden_hands_and_deck],
    ("rules", "The player to the dealer's left plays first, and play goes on clockwise."):
        [left_of_dealer_starts_clockwise],
    ("rules", "The cards on the table must always form combinations."): [table_must_be_valid_to_end],
    ("rule:direction", "The player to the dealer's right plays first, and play goes on counter-clockwise."):
        [right_of_dealer_starts_counter_clockwise],
    ("rule:cards_per_turn", "On your turn you may lay down at most {n} card from your hand: as new combinations, "
     "or added to combinations already on the table."): [at_most_n_cards_a_turn],
    ("rule:opening", "Your first play may be any play: there is no opening requirement."): [any_first_play],
    ("rule:opening", "Your first play must include a new combination made only of cards from your hand."):
        [first_play_a_meld_from_hand],
    ("rule:opening", "Your first play must include a new run made only of cards from your hand."):
        [first_play_a_run],
    ("rule:opening", "Your first play must be new combinations made only of cards from your hand and worth at "
     "least {n} point in all; cards added to other combinations do not count."): [first_play_worth_points],
    ("rule:opening", "{rank}: {n} point"): [fewest_points_values, first_play_worth_points],
    ("rule:opening", "Card values: {values}."): [fewest_points_values, first_play_worth_points],
    ("rule:rearrange_before_opening", "You may rearrange the table from your very first play."):
        [rearranging_from_the_first_play],
    ("rule:rearrange_before_opening", "Until your first play is on the table, you may not take, move, split or "
     "join cards of the table."): [no_rearranging_before_opening],
    ("rule:rearranging", "A turn in which you touched the table must end with at least one card from your hand "
     "laid down; otherwise you must restore."): [a_touched_table_needs_a_hand_card],
    ("rule:rearranging", "You may also rearrange the table without laying down a card of your own: if every taken "
     "card is back and every combination is valid, you may keep the new arrangement and end your turn with the "
     "usual draw. Only a table put back as it was counts as restoring."): [free_rearranging],
    ("rule:drawing", "You may draw instead of playing, even when you could lay down cards."): [drawing_by_choice],
    ("rule:drawing", "You may draw only when you cannot lay down any card from your hand: a player who can play "
     "must play."): [drawing_only_if_unable],
    ("rule:drawing", "Every turn starts with a draw: you take {n} card from the deck before you play. A turn in "
     "which you lay down no card from your hand then simply ends."): [a_draw_starts_every_turn],
    ("rule:drawing", "Every turn would start with a draw, but in this variant the draw gives you no card. A turn "
     "in which you lay down no card from your hand simply ends."): [a_draw_starts_every_turn],
    ("rule:scoring", "Scoring: each winner of a deal scores 1 point; over several deals, the most points win."):
        [scores_of_a_deal],
    ("rule:scoring", "Scoring: at the end of a deal every player scores 1 penalty point for each card left in "
     "hand; over several deals, the fewest points win."): [scores_of_a_deal],
    ("rule:scoring", "Scoring: at the end of a deal every player scores the values of the cards left in hand as "
     "penalty points; over several deals, the fewest points win."): [scores_of_a_deal],
    ("rule:scoring", "{rank}: {n} point"): [fewest_points_values, scores_of_a_deal],
    ("rule:scoring", "Card values: {values}."): [fewest_points_values, scores_of_a_deal],
    ("rule:melds", "This variant has {n} kind of combination: {kinds}."): [melds_as_the_examples_say],
    **{("rule:melds." + clause, text): [melds_as_the_examples_say] for clause, text in [
        ("min_size", "It has exactly {n} card."), ("min_size", "It has at least {n} card."),
        ("max_size", "It has from {low} to {n} card."),
        ("same", "All its cards have the same rank."), ("same", "All its cards have the same suit."),
        ("distinct", "No two of its cards are identical."), ("distinct", "No two of its cards have the same rank."),
        ("distinct", "No two of its cards have the same suit."),
        ("sequence", "Its ranks follow each other without a gap."),
        ("ranks", "Only these ranks may be used: {ranks}."),
        ("patterns", "Only these combinations of ranks are allowed: {patterns}."),
    ]},
    **{("rule:aces", text): [melds_as_the_examples_say] for text in [
        "An ace is always low: it comes before the 2, never after the king.",
        "An ace is always high: it comes after the king, never before the 2.",
        "An ace may be low (before the 2) or high (after the king), but not both in one run: a run cannot go "
        "around the corner from the king to the 2.",
        "Runs may go around the corner: the ace comes both after the king and before the 2, so a run may go on "
        "from the king through the ace to the 2.",
    ]},
    ("rules example", "{cards} is a set."): [melds_as_the_examples_say],
    ("rules example", "{cards} is a run."): [melds_as_the_examples_say],
    ("rules example", "{cards} is a valid combination of kind {kind}."): [melds_as_the_examples_say],
    ("rules example", "{cards} is not a combination: {reason}."): [melds_as_the_examples_say],
    ("rules", "On your turn you may lay down as many cards from your hand as you like: as new combinations, or "
     "added to combinations already on the table. You may stop at any time."): [lay_as_many_as_you_like],
    ("rules example", "For example, the table has {before}: you may add {cards} to it, and the table then has "
     "{after}."): [tables_as_the_examples_say],
    ("rules", "You may also rearrange the combinations on the table: take cards from them, split them, join them "
     "and form new ones, together with cards from your hand."): [rearranging],
    ("rules", "Cards taken from the table never stay in your hand: all of them must be back on the table, in valid "
     "combinations, before your turn ends."): [table_must_be_valid_to_end],
    ("rules example", "For example, the table has {before} and you want to play {cards}. Move {moved} from the "
     "first combination to the second and add {cards} to it: the table now has {after}."):
        [tables_as_the_examples_say],
    ("rules example", "But if the table has {before}, you may not take {moved} to play {new} with {cards}: {left} "
     "would be left over, and they form no combination."): [tables_as_the_examples_say],
    ("rules", "If you cannot leave the table valid, you restore it: the table is put back exactly as it was at the "
     "start of your turn, and the cards you played return to your hand."): [restore],
    ("rule:restore_penalty", "Then you draw {n} card from the deck as a penalty, and your turn ends."): [restore],
    ("rule:restore", "Restoring costs nothing: your turn then ends as a turn in which you lay down no card from your "
     "hand, and so does a turn in which you undid your steps back to the start."): [restore_is_free],
    ("rule:leftover_invalid", "You may end your turn only when no card taken from the table is left in your hand "
     "and every combination is valid, save the invalid groups an earlier turn left."):
        [invalid_cards_stay, invalid_groups_may_be_left_alone],
    ("rule:leftover_invalid", "If you cannot make every combination valid again, you may end your turn with a draw "
     "and leave cards of the table in invalid groups: you then draw {n} card from the deck as a penalty, and the "
     "groups stay on the table."): [invalid_cards_stay],
    ("rule:leftover_invalid", "Only cards that were on the table when your turn began may be left so: cards from "
     "your hand and help cards must be in valid combinations or go back."): [only_table_cards_stay_invalid],
    ("rule:leftover_invalid", "Any later player may take the cards of such groups into valid combinations; leaving "
     "them as they are costs nothing."): [invalid_cards_stay, invalid_groups_may_be_left_alone],
    ("rule:leftover_invalid", "As Wikipedia puts it: “If they cannot do so, they must draw three cards. The other "
     "players will then try to bring the cards back into their groups. Invalid cards left on the table will later "
     "be taken into valid groups by other players.”"): [invalid_cards_stay],
    ("rule:help_cards_use", "You may lay a help card only in a new combination of at least three cards whose other "
     "cards, two or more, all come from your hand: never added to a combination already on the table, never with "
     "cards taken from the table."): [help_cards_only_in_a_new_meld_from_hand],
    ("rule:help_cards_use", "As Wikipedia puts it: “These cards can be placed only if you can make at least three "
     "with other cards.”"): [help_cards_only_in_a_new_meld_from_hand],
    ("rule:restore_penalty", "Restoring costs nothing more, but your turn ends."): [restore],
    ("rules", "You may restore only after taking, moving, splitting or joining cards of the table. Undoing a step "
     "that moved only cards of your own hand costs nothing."): [restore_needs_a_touched_table],
    ("rule:restore_penalty", "Putting the table back by undoing your steps and then drawing counts as restoring: a "
     "turn in which you touched the table and that ends without a card of your hand on it costs the penalty of {n} "
     "card, not the usual draw."): [undoing_back_costs_the_penalty],
    ("rule:restore_penalty", "Putting the table back by undoing your steps and then drawing counts as restoring: a "
     "turn in which you touched the table and that ends without a card of your hand on it ends without drawing."):
        [undoing_back_costs_the_penalty],
    ("rules", "You may end your turn only when every card on the table is part of a valid combination and no card "
     "taken from the table is left in your hand."): [table_must_be_valid_to_end],
    ("rule:draw_count", "A turn in which you lay down no card from your hand ends with a draw: you take {n} card "
     "from the deck."): [drawing_ends_a_turn_without_play],
    ("rule:draw_count", "A turn in which you lay down no card from your hand ends with a draw, but in this variant "
     "the draw gives you no card."): [drawing_ends_a_turn_without_play],
    ("rules", "If you laid down at least one card, you draw nothing."): [no_draw_after_playing],
    ("rule:leftover_invalid", "If you laid down at least one card and left no new invalid group, you draw "
     "nothing."): [no_draw_after_playing, invalid_cards_stay],
    ("rule:leftover_invalid", "Players take turns laying cards from their hand on the table in combinations. During "
     "a turn a player may rearrange all the combinations on the table; cards that cannot be put back into valid "
     "combinations cost a penalty and stay on the table until later players take them into combinations. The first "
     "player to get rid of all their cards wins."):
        [left_of_dealer_starts_clockwise, rearranging, invalid_cards_stay, going_out_wins],
    ("rule:leftover_invalid", "The cards on the table form combinations; only a player who cannot make them all "
     "valid again may leave invalid groups, at a price."): [invalid_cards_stay, only_table_cards_stay_invalid],
    ("rule:decks", "More decks may be shuffled in as a house rule: each adds {n} card."): [more_decks_as_a_house_rule],
    ("rules", "A player who has no cards left in hand wins at once."): [going_out_wins],
    ("rule:deck_runs_out", "The game also ends as soon as the last card of the deck has been drawn."):
        [deck_runs_out],
    ("rule:deck_runs_out", "When the deck is empty, play goes on without drawing; the game ends when a player has "
     "to draw and cannot."): [deck_runs_out],
    ("rule:deck_out_winners", "Then the player with the fewest cards in hand wins; tied players win together."):
        [deck_out_winners],
    ("rule:deck_out_winners", "Then the player whose cards in hand are worth the fewest points wins; tied players "
     "win together."): [deck_out_winners],
    ("rule:deck_out_winners", "{rank}: {n} point"): [fewest_points_values, deck_out_winners],
    ("rule:deck_out_winners", "Card values: {values}."): [fewest_points_values, deck_out_winners],
}

# Sentences that describe nothing a game can show, and why.
NOT_BEHAVIOUR = {
    ("rules", "Machiavelli: the rules of {variant}"): "the title",
    ("rule:game_name", "The rules of {variant}"): "the title of a game with a name of its own",
    ("rules", "For example:"): "introduces examples (each example has its scenario)",
    ("rules", "[in English]"): "marks the variant's own text",
    ("rules", "{parameter}: {value}"): "a raw parameter no clause covers (test_rules_text fails on any)",
    ("rule:extends", "This variant is based on {parent}."): "the variant's history, not a rule",
    ("rule:deck", "{name} {symbol}"): "how a suit is named",
    ("rule:deck", "{name} ({letter})"): "how a rank is named",
    ("meld kind title", "Combinations of kind {kind}"): "a heading",
    ("rule:melds.extras", "It is made of the deck's extra cards only."):
        "said only of a deck with extra cards, which no Machiavelli variant has: Sì Sè Pái's flower group is "
        "played in tests/games/si_se_pai/test_groups.py",
    **{("rules section", title): "a heading" for title in rules_text.SECTIONS.values()},
    **{("meld kind title", title): "a heading" for title in rules_text.KIND_TITLES.values()},
}


def _written_sentences() -> set[tuple[str, str]]:
    """(context, msgid) of every sentence rules_text.py can say, read from its source."""
    tree = ast.parse(Path(rules_text.__file__).read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name in ("_p", "_np", "NP_", "pgettext", "npgettext") and len(node.args) >= 2:
            context, message = node.args[0], node.args[1]
            if isinstance(context, ast.Constant) and isinstance(message, ast.Constant):
                found.add((context.value, message.value))
    return found


def test_every_rule_sentence_is_classified():
    written = _written_sentences()
    assert len(written) > 50
    unclassified = sorted(written - set(SCENARIOS) - set(NOT_BEHAVIOUR))
    assert not unclassified, f"rule sentences without a game scenario: {unclassified}"
    assert not set(SCENARIOS) & set(NOT_BEHAVIOUR)
    stale = sorted((set(SCENARIOS) | set(NOT_BEHAVIOUR)) - written)
    assert not stale, f"scenarios for sentences the rules no longer say: {stale}"


def _composed():
    out = []
    for only, variants in ((None, VARIANTS), (MELD_SCENARIOS, MELDS_ONLY), (TILE_SCENARIOS, TILE_VARIANTS),
                           (FAMILY_SCENARIOS, FAMILY_VARIANTS)):
        for name, overrides in variants:
            variant = load_variant(name, list(overrides))
            out.append((f"{name} {' '.join(overrides)}".strip(), variant, rules_text.compose(variant), only))
    return out


def test_the_variants_here_say_every_behavioural_sentence():
    said = {s for _, _, doc, _ in _composed() for s in doc.sentences}
    assert not set(SCENARIOS) - said, sorted(set(SCENARIOS) - said)


MELD_SCENARIOS = (melds_as_the_examples_say, tables_as_the_examples_say)
TILE_SCENARIOS = (*MELD_SCENARIOS, players_range, numbers_are_their_worth, colours_named_with_their_letters,
                  joker_worth_its_tile_in_the_first_play, play_goes_on_until_all_pass, losers_pay_the_winner)


FAMILY_SCENARIOS = (draw_first_turns, draws_until_able, draws_without_limit, draw_limit_ends_the_turn,
                    no_more_draws_after_playing, penalty_points_score, match_to_a_target, match_winner,
                    knocking_ends_the_game, decks_for_players, lowest_takes_the_difference)


def _cases():
    for label, variant, doc, only in _composed():
        for sentence in doc.sentences:
            for scenario in SCENARIOS.get(sentence, ()):
                if only is not None and scenario not in only:
                    continue
                yield pytest.param(variant, scenario, id=f"{label}-{scenario.__name__}-{sentence[1][:30]}")


@pytest.mark.parametrize("variant, scenario", list(_cases()))
def test_the_engine_does_what_the_rules_say(variant, scenario):
    scenario(variant)
