"""The rank search on 4, 6 and 8 decks keeps its answers: the count and the
layout under the tie rules, recorded from the solver before the search drew
its ways to send cards to sets lazily (seeded random tables of 25-50 cards a
deck, hands of 12-24, every ace policy)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core.cards import Card
from machiavelli.games.machiavelli.solver import solve
from machiavelli.games.machiavelli.solver_ranks import forget_shared

ANSWERS = json.loads((Path(__file__).parent / "multideck_answers.json").read_text(encoding="utf-8"))


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


@pytest.mark.parametrize("case", ANSWERS, ids=[f"{i}-{c['variant'][1]}-{c['variant'][2]}" for i, c in enumerate(ANSWERS)])
def test_recorded_answers_on_many_decks(case):
    variant = load_variant(case["variant"][0], case["variant"][1:])
    table = [tuple(_cards(meld)) for meld in case["table"].split("|")]
    forget_shared()  # the answer must not depend on what earlier solves left
    solution = solve(variant, table, _cards(case["hand"]))
    text = variant.deck.card_text
    assert " ".join(text(c) for c in solution.placed) == case["placed"]
    assert " | ".join(" ".join(text(c) for c in m) for m in solution.table) == case["layout"]
