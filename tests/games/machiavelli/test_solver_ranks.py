"""The rank search's memos: moves shared by every position through what
they depend on (the cell, the tokens, the cards the runs may still need)
never change an answer, and each key holds all that its answer reads."""

from __future__ import annotations

import random

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core.melds import ACE_POLICIES
from machiavelli.games.machiavelli.solver import solve
from machiavelli.games.machiavelli.solver_jokers import JokerSearch
from machiavelli.games.machiavelli.solver_ranks import (EPART, JSTEP, MOVE_TABLES, NORMAL, WAIT, WSTART, Cells, Grouped,
                                                        RankModel, forget_shared, shape_of)
from joker_oracles import joker_position, joker_variant
from solver_oracles import random_position


def _answers_alone_and_after_others(variant, positions):
    forget_shared(tables=True)
    after_others = []
    for table, hand in positions:
        forget_shared()  # only the tables of moves carry over
        after_others.append(solve(variant, table, hand))
    assert any(MOVE_TABLES), "the positions left moves to share"
    for (table, hand), shared in zip(positions, after_others):
        forget_shared(tables=True)
        assert solve(variant, table, hand) == shared, (table, hand)


@pytest.mark.parametrize("aces", ACE_POLICIES)
def test_answers_do_not_depend_on_the_moves_other_positions_left(aces):
    variant = load_variant("bga", [f"aces={aces}"])
    rng = random.Random(f"tables-{aces}")
    positions = [random_position(variant, rng, rng.choice((20, 40, 80)), rng.randint(8, 20))[:2] for _ in range(20)]
    _answers_alone_and_after_others(variant, positions)


@pytest.mark.parametrize("aces", ACE_POLICIES)
def test_joker_answers_do_not_depend_on_the_moves_other_positions_left(aces):
    variant = joker_variant(load_variant("bga", [f"aces={aces}"]))
    rng = random.Random(f"joker-tables-{aces}")
    positions = []
    for _ in range(10):
        table, hand, _ = joker_position(variant, rng, rng.choice((20, 40, 80)), rng.randint(8, 16), rng.randint(0, 2),
                                        rng.randint(0, 2))
        positions.append((table, hand))
    _answers_alone_and_after_others(variant, positions)


def _random_cells(rng: random.Random, shape, decks: int = 2, fill: float = 1.0) -> Cells:
    """Random counts per rank and suit: table cards (some in sets; a cell
    empty unless a draw under ``fill``), hand and help cards."""
    R, S = shape.ranks, shape.suits
    rows = {name: [[0] * S] for name in ("table", "in_sets", "hand", "help")}
    for _ in range(R):
        table = [rng.randint(0, decks) if rng.random() < fill else 0 for _ in range(S)]
        hand = [rng.randint(0, decks - t) if rng.random() < 0.3 else 0 for t in table]
        rows["table"].append(table)
        rows["in_sets"].append([rng.randint(0, t) for t in table])
        rows["hand"].append(hand)
        rows["help"].append([0] * S)
    frozen = {name: tuple(map(tuple, grid)) for name, grid in rows.items()}
    return Cells(frozen["table"], frozen["in_sets"], frozen["hand"], frozen["help"], tuple(range(R + 1)))


def _some_tokens(rng: random.Random, m: int, flags: bool) -> tuple[int, ...]:
    kinds = [NORMAL + rng.randint(1, m), WSTART + rng.randint(1, max(1, m - 1)), WAIT + rng.randint(1, max(1, m - 1)),
             EPART + rng.randint(0, max(0, m - 2))]
    tokens = [rng.choice(kinds[:1] * 4 + kinds[1:]) + (JSTEP * rng.randint(0, 3) if flags else 0)
              for _ in range(rng.randint(1, 3))]
    return tuple(sorted(tokens))


@pytest.mark.parametrize("aces", ACE_POLICIES)
def test_moves_are_shared_only_where_everything_they_depend_on_is_the_same(aces):
    shape = shape_of(load_variant("bga", [f"aces={aces}"]))
    rng = random.Random(f"keys-{aces}")
    models = [RankModel(shape, _random_cells(rng, shape)) for _ in range(30)]
    made: dict[tuple[object, ...], Grouped] = {}
    shared = 0
    for _ in range(3000):
        model, r, s = rng.choice(models), rng.randint(1, shape.ranks), rng.randrange(shape.suits)
        tokens = _some_tokens(rng, model.m, flags=False)
        key = model._options_key(r, s, tokens)
        grouped = model._grouped(r, s, tokens)
        shared += key in made
        assert made.setdefault(key, grouped) == grouped, (key, tokens)
    assert shared > 300  # the keys are met again: the check checks something


@pytest.mark.parametrize("aces", ACE_POLICIES)
def test_the_joker_lookahead_is_shared_only_where_what_it_reads_is_the_same(aces):
    shape = shape_of(load_variant("bga", [f"aces={aces}"]))
    rng = random.Random(f"joker-keys-{aces}")
    models = [JokerSearch(shape, _random_cells(rng, shape, fill=rng.choice((0.2, 1.0))),
                          (rng.randint(0, 2), rng.randint(0, 2), 0), None)
              for _ in range(30)]
    answers: dict[tuple[object, ...], bool] = {}
    shared = 0
    for _ in range(6000):
        model, r, s = rng.choice(models), rng.randint(0, shape.ranks), rng.randrange(shape.suits)
        tokens = _some_tokens(rng, model.m, flags=True)
        key = (model._read_ahead(r, s, tokens), tokens, model.J)
        fits = model._lookahead_now(r, s, tokens)
        shared += key in answers
        assert answers.setdefault(key, fits) == fits, (key, r)
    assert shared > 100
