"""Time of the rules text of the largest variants a file may describe: 8
suits x 32 ranks x 8 decks (2,048 cards) and as many kinds of meld as fit in
64 kB. Before the examples were bounded (8 kinds with examples), each
kind's examples were proven against every kind: the cost grew with the
square of the kinds (a 63 kB file took 17 s on a slow machine).

    python bench/rules_cost.py [kinds per shape, default 340]

It prints figures and never fails; tests/test_untrusted_rules.py checks the
cost by counting the engine's checks, not by timing.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import yaml


def huge(folder: Path, kinds: int) -> Path:
    suits = [{"code": c, "symbol": c, "colour": "red"} for c in "ABCDEFGH"]
    ranks = [{"code": f"A{i}", "points": i} for i in range(32)]
    melds = {f"m{i}": {"same": ["suit"], "distinct": ["card"], "sequence": True, "min_size": 3, "max_size": 64}
             for i in range(kinds)}
    melds.update({f"s{i}": {"same": ["rank"], "distinct": ["suit"], "min_size": 3} for i in range(kinds)})
    data = {"game": "machiavelli", "name": "huge", "extends": "classic", "hand_size": 15, "decks": 8,
            "deck": {"suits": suits, "ranks": ranks}, "melds": melds, "players": {"min": 2, "max": 16}}
    path = folder / "huge.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def main() -> None:
    from machiavelli.app import library
    from machiavelli.app.presented import rules_document
    from machiavelli.app.rules_render import render

    kinds = int(sys.argv[1]) if len(sys.argv) > 1 else 340
    with tempfile.TemporaryDirectory() as tmp:
        path = huge(Path(tmp), kinds)
        variant = library.load_variant_file(str(path))
        start = time.perf_counter()
        text = render(rules_document(variant), "text")
        took = time.perf_counter() - start
        print(f"{path.stat().st_size} bytes, {len(variant.melds)} kinds of meld, "
              f"{len(variant.deck.build(variant.decks))} cards: rules in {took:.2f} s ({len(text)} characters)")


if __name__ == "__main__":
    main()
