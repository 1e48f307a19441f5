"""The rules of any valid variant cost at most a bound: a variant file of
64 kB may list hundreds of kinds of meld over 2,048 cards, and proving every
kind's examples against every other kind made the text's cost grow with the
square of the kinds (17 s for one such file). The cost is counted, not
timed: the kernel's checks of one kind of meld against some cards."""

from __future__ import annotations

import yaml

from machiavelli.app import library
from machiavelli.app.presented import rules_document
from machiavelli.core import melds
from machiavelli.core.variant_yaml import MAX_VARIANT_BYTES

KINDS = 340  # runs and sets each: 680 kinds, the file just under the 64 kB limit


def _huge(tmp_path):
    suits = [{"code": c, "symbol": c, "colour": "red"} for c in "ABCDEFGH"]
    ranks = [{"code": f"A{i}", "points": i} for i in range(32)]
    kinds = {f"m{i}": {"same": ["suit"], "distinct": ["card"], "sequence": True, "min_size": 3, "max_size": 64}
             for i in range(KINDS)}
    kinds.update({f"s{i}": {"same": ["rank"], "distinct": ["suit"], "min_size": 3} for i in range(KINDS)})
    data = {"game": "machiavelli", "name": "huge", "extends": "classic", "hand_size": 15, "decks": 8,
            "deck": {"suits": suits, "ranks": ranks}, "melds": kinds, "players": {"min": 2, "max": 16}}
    path = tmp_path / "huge.yaml"
    path.write_text(yaml.safe_dump(data))
    assert 50_000 < path.stat().st_size <= MAX_VARIANT_BYTES
    return library.load_variant_file(str(path))


def test_the_rules_of_a_huge_valid_variant_cost_in_proportion_to_its_kinds(tmp_path, monkeypatch):
    variant = _huge(tmp_path)
    assert len(variant.deck.build(variant.decks)) == 2048 and len(variant.melds) >= 2 * KINDS
    calls = [0]
    real = melds._kind_reason

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(melds, "_kind_reason", counted)
    document = rules_document(variant)
    # Every kind is still described; examples are shown for the first few.
    text = repr(document)
    assert "m339" in text and "s339" in text
    assert document.examples
    assert calls[0] <= 40 * len(variant.melds), calls[0]  # it was about 1,000 per kind
