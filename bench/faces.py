"""Drawn card faces: how long Chromium takes to draw a full table of faces
(faces.js builds each card's SVG, laid out with faces.css), beside the
anchor of one animation frame, and the bytes the faces add to a seat's JSON.

    python bench/faces.py [CARDS]     (default 60 cards: a busy table and a hand)

Needs Playwright and Chromium (/usr/bin/chromium or MACHIAVELLI_CHROMIUM).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "app" / "web" / "static"
CHROMIUM = os.environ.get("MACHIAVELLI_CHROMIUM", "/usr/bin/chromium")
FRAME_MS = 16.7


def _looks() -> list[dict[str, str]]:
    from machiavelli.app.library import load_variant
    from machiavelli.app.presented import presentation_of

    out = []
    for name in ("jokers", "cicera", "si-se-pai"):
        variant = load_variant(name)
        face = presentation_of(variant.game).face
        out += [dict(face(c, variant.deck)) for c in sorted(set(variant.deck.build(1)), key=variant.deck.sort_key)]
    return out


def main() -> None:
    from playwright.sync_api import sync_playwright

    cards = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    looks = _looks()
    page_html = (f"<!DOCTYPE html><html lang='en'><head><style>{(STATIC / 'table.css').read_text()}"
                 f"{(STATIC / 'faces.css').read_text()}</style></head><body><div class='cards' id='g'></div>"
                 f"<script>{(STATIC / 'faces.js').read_text()}</script></body></html>")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.set_content(page_html)
        for kind in ("french", "italian", "si-se-pai"):
            chosen = [look for look in looks if look["face"] == kind]
            times = page.evaluate("""([looks, n]) => { const g = document.getElementById('g'), out = [];
                for (let r = 0; r < 21; r++) {
                  g.replaceChildren(); const t0 = performance.now();
                  for (let k = 0; k < n; k++) { const b = document.createElement('button'); b.className = 'card';
                    Faces.dress(b, {look: looks[k % looks.length]}); g.append(b); }
                  void g.offsetHeight; out.push(performance.now() - t0); }
                out.sort((a, b) => a - b); return [out[10], out[18]]; }""", [chosen, cards])
            print(f"{kind:10} {cards} faces drawn and laid out: median {times[0]:6.1f} ms, p90 {times[1]:6.1f} ms"
                  f"   (anchor: one frame, {FRAME_MS} ms)")
        browser.close()
    sizes = [len(json.dumps(look, ensure_ascii=False).encode()) + len(',"look":') for look in looks]
    print(f"JSON per card's look: {min(sizes)}-{max(sizes)} bytes (anchor: its name and symbols, about 100 bytes)")


if __name__ == "__main__":
    main()
