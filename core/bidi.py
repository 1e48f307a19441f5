"""Visual order for terminals that do not implement the Unicode bidi algorithm.

Output stays in logical order unless ``--bidi visual`` is asked for on a
terminal; then each line is reordered here. This is the implicit part of the
Unicode Bidirectional Algorithm (UAX #9: rules W1-W7, N1-N2, I1-I2, L1, L2
and bracket mirroring from L4) applied to one line, with isolates (LRI, RLI,
FSI ... PDI) kept as units, which is how the rule text marks cards and
Latin names inside Arabic. Explicit embeddings and overrides (LRE, RLE, LRO,
RLO, PDF) never occur in our text and are dropped. Bracket pairs (N0) are
resolved as ordinary neutrals. Arabic letters are joined by arabic-reshaper.

Why not python-bidi alone: its engine (the Rust unicode-bidi crate) leaves
mirroring (L4) to the renderer, so "(3)" comes out as ")3(" in a terminal,
and its older pure-Python algorithm refuses isolates, which every card and
name in our Arabic text is. tests/core/test_bidi.py checks this implementation
against python-bidi's on every line where the two should agree.
"""

from __future__ import annotations

import unicodedata

LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
_INITIATORS = (LRI, RLI, FSI)
_DROPPED = set("\u202a\u202b\u202c\u202d\u202e\u200e\u200f\u061c")
_MIRROR = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹"))
_NEUTRAL = {"B", "S", "WS", "ON", "ISO"}


def isolate(text: str, rtl: bool = False) -> str:
    """``text`` as a directional isolate (a unit inside text of the other direction)."""
    return (RLI if rtl else LRI) + text + PDI


def _first_strong(text: str) -> str | None:
    depth = 0
    for ch in text:
        if ch in _INITIATORS:
            depth += 1
        elif ch == PDI:
            depth = max(0, depth - 1)
        elif depth == 0:
            cls = unicodedata.bidirectional(ch)
            if cls == "L":
                return "L"
            if cls in ("R", "AL"):
                return "R"
    return None


def _split(line: str) -> list[tuple[str, str]]:
    """Top-level items: (text, class); an isolate is one item of class ISO
    whose text is already in visual order."""
    items: list[tuple[str, str]] = []
    i = 0
    while i < len(line):
        ch = line[i]
        if ch in _INITIATORS:
            depth, j = 1, i + 1
            while j < len(line) and depth:
                depth += line[j] in _INITIATORS
                depth -= line[j] == PDI
                j += 1
            inner = line[i + 1: j - 1 if depth == 0 else j]
            rtl = ch == RLI or (ch == FSI and _first_strong(inner) == "R")
            items.append((_visual(inner, rtl=rtl), "ISO"))
            i = j
            continue
        if ch == PDI or ch in _DROPPED:
            i += 1
            continue
        items.append((ch, unicodedata.bidirectional(ch) or "L"))
        i += 1
    return items


def _levels(classes: list[str], base: int) -> list[int]:
    sos = "R" if base % 2 else "L"
    types = list(classes)
    # W1: a non-spacing mark takes the type of what it follows.
    prev = sos
    for i, t in enumerate(types):
        if t == "NSM":
            types[i] = "ON" if prev == "ISO" else prev
        elif t == "BN":
            types[i] = prev if prev not in ("ISO",) else "ON"
        prev = types[i]
    # W2, W3: European numbers after Arabic letters are Arabic numbers.
    last_strong = sos
    for i, t in enumerate(types):
        if t in ("L", "R", "AL"):
            last_strong = t
        elif t == "EN" and last_strong == "AL":
            types[i] = "AN"
    types = ["R" if t == "AL" else t for t in types]
    # W4: one separator between two numbers of a kind joins them.
    for i in range(1, len(types) - 1):
        if types[i] == "ES" and types[i - 1] == types[i + 1] == "EN":
            types[i] = "EN"
        elif types[i] == "CS" and types[i - 1] == types[i + 1] and types[i - 1] in ("EN", "AN"):
            types[i] = types[i - 1]
    # W5: terminators (%, $) next to European numbers are numbers.
    i = 0
    while i < len(types):
        if types[i] == "ET":
            j = i
            while j < len(types) and types[j] == "ET":
                j += 1
            if (i > 0 and types[i - 1] == "EN") or (j < len(types) and types[j] == "EN"):
                types[i:j] = ["EN"] * (j - i)
            i = j
        else:
            i += 1
    # W6, W7
    types = ["ON" if t in ("ES", "ET", "CS") else t for t in types]
    last_strong = sos
    for i, t in enumerate(types):
        if t in ("L", "R"):
            last_strong = t
        elif t == "EN" and last_strong == "L":
            types[i] = "L"
    # N1, N2: neutrals between two strong types of one direction take it.
    def strong(t: str) -> str:
        return "R" if t in ("R", "EN", "AN") else t

    i = 0
    while i < len(types):
        if types[i] in _NEUTRAL:
            j = i
            while j < len(types) and types[j] in _NEUTRAL:
                j += 1
            before = strong(types[i - 1]) if i > 0 else sos
            after = strong(types[j]) if j < len(types) else sos
            direction = before if before == after else sos
            types[i:j] = [direction] * (j - i)
            i = j
        else:
            i += 1
    # I1, I2
    levels = []
    for t in types:
        if base % 2 == 0:
            levels.append(base + (1 if t == "R" else 2 if t in ("AN", "EN") else 0))
        else:
            levels.append(base + (1 if t in ("L", "EN", "AN") else 0))
    return levels


def shaped(line: str) -> str:
    """Arabic letters in their joined forms (arabic-reshaper): a terminal
    that cannot reorder cannot join letters either."""
    if not any("\u0600" <= ch <= "\u06ff" for ch in line):
        return line
    import arabic_reshaper  # type: ignore[import-untyped]

    return str(arabic_reshaper.reshape(line))


def visual(line: str, rtl: bool = True) -> str:
    """One line of logical-order text in left-to-right display order, its
    Arabic letters joined."""
    return _visual(shaped(line), rtl)


def _visual(line: str, rtl: bool) -> str:
    items = _split(line)
    if not items:
        return ""
    base = 1 if rtl else 0
    levels = _levels([c for _, c in items], base)
    # L1: trailing whitespace goes to the paragraph level.
    k = len(items)
    while k > 0 and items[k - 1][1] in ("WS", "S", "B", "BN"):
        k -= 1
        levels[k] = base
    texts = [_MIRROR.get(t, t) if lvl % 2 and c != "ISO" else t for (t, c), lvl in zip(items, levels)]
    # L2: reverse every run at or above each level, from the highest down.
    order = list(range(len(items)))
    top = max(levels)
    lowest_odd = min(lvl for lvl in levels if lvl % 2) if any(lvl % 2 for lvl in levels) else top + 1
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return "".join(texts[i] for i in order)
