"""The terminal's printing pieces that every game's screens share: a
:class:`Printer` on a Rich console says lines, errors and prompts, safe to
print and in the order the terminal needs, so that a game's own screens
(:class:`~machiavelli.core.present.GameScreen`) and the application's
default screens print alike.

Text stays in logical order unless visual order is asked for (``--bidi
visual``, terminals without bidi support) and the output is a terminal:
then a paragraph is first wrapped to the terminal's width, between words
(a Chinese character takes two columns and may end a row), and only then is
each row reordered, so that the rows read from the top down and no word is
cut; the rows of a paragraph that took several are right-aligned, as
``machiavelli rules --bidi visual`` prints them. Cards keep their rank
before their suit's sign (``5♣ 6♣``, never ``♣6 ♣5``). In logical order a
terminal gets a paragraph wrapped between words by the console; a pipe
always gets it whole, one line.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from typing import Any, Iterable, Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.containers import Lines
from rich.text import Text

from .bidi import LRI, PDI, visual as visual_line
from .i18n import _, is_rtl
from .terminal import printable

# A card as the screens show it: its rank code, then its suit's symbol, which
# any game's deck may choose (♥, Cicera's ● ∪ † ¦ ...): any sign that is not a
# letter, digit, space, Arabic or the punctuation of sentences. A number and
# its sign ("95%") kept left to right as well is harmless.
_CARD = r"[*\[]?[0-9A-Z]{1,3}[^\w\s.,:;!?()\[\]{}«»\"'\u0600-\u06FF-]\]?"
CARD_RUN = re.compile(f"{_CARD}(?:[ ,]+{_CARD})*")

#: Characters that take two terminal columns (CJK scripts, full-width forms).
_WIDE = "\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\U00020000-\U0003fffd"
#: Punctuation that never starts a line, and that never ends one.
_CLOSING = "、。，．：；！？）」』】〉》”’"
_OPENING = "（「『【〈《“‘"
#: The pieces a line is made of: spaces, one wide character or a word, each
#: with the punctuation around it. Lines break between pieces: Chinese has no spaces.
PIECES = re.compile(f"\\s+|[{_OPENING}]*(?:[{_WIDE}]|[^\\s{_WIDE}]+)[{_CLOSING}]*")


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` terminal columns (a Chinese
    character takes two), broken between words or beside wide characters;
    a word longer than the width is left whole."""
    lines: list[str] = []
    line, size = "", 0
    for piece in PIECES.findall(text):
        if piece.isspace():
            if line:
                line, size = line + " ", size + 1
            continue
        piece_size = cell_len(piece)
        if line.strip() and size + piece_size > width:
            lines.append(line.rstrip())
            line, size = "", 0
        line, size = line + piece, size + piece_size
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def row_starts(text: str, width: int, *, fold: bool = True) -> list[int]:
    """Where each row after the first starts when ``text`` (one line) is
    wrapped to ``width`` columns as :func:`wrap` does: between words, beside
    a wide character, never before closing or after opening punctuation. A
    piece wider than a whole row is cut into rows (``fold``) or left whole."""
    starts: list[int] = []
    size = 0
    for match in PIECES.finditer(text):
        piece = match.group(0)
        if piece.isspace():
            size += cell_len(piece) if size else 0
            continue
        piece_size = cell_len(piece)
        if size and size + piece_size > width:
            starts.append(match.start())
            size = 0
        if piece_size > width and fold:
            for i, ch in enumerate(piece):
                cells = cell_len(ch)
                if size and size + cells > width:
                    starts.append(match.start() + i)
                    size = 0
                size += cells
            continue
        size += piece_size
    return starts


class BreakingText(Text):
    """A Rich text wrapped by the rules of :func:`row_starts` instead of
    Rich's, which breaks at spaces only: a Chinese sentence has none, and
    Rich would cut "machiavelli" or start a row with "。"."""

    __slots__ = ()

    def __rich__(self) -> "_Kept":
        # Console.print joins the Text objects it is given into one plain Text
        # (and so Rich's own wrapping): handed over inside a box, this one stays.
        return _Kept(self)

    def wrap(self, console: Console, width: int, *, justify: Any = None, overflow: Any = None,
             tab_size: int = 8, no_wrap: bool | None = None) -> Lines:
        if no_wrap or self.no_wrap or overflow == "ignore":
            return super().wrap(console, width, justify=justify, overflow=overflow, tab_size=tab_size,
                                no_wrap=no_wrap)
        wrap_justify = justify or self.justify or "default"
        wrap_overflow = overflow or self.overflow or "fold"
        lines = Lines()
        for line in self.split(allow_blank=True):
            if "\t" in line:
                line.expand_tabs(tab_size)
            rows = line.divide(row_starts(line.plain, width, fold=wrap_overflow == "fold"))
            for row in rows:
                row.rstrip_end(width)
            rows.justify(console, width, justify=wrap_justify, overflow=wrap_overflow)
            for row in rows:
                row.truncate(width, overflow=wrap_overflow)
            lines.extend(rows)
        return lines


class _Kept:
    """A :class:`BreakingText` as Rich renders and measures it, not merged into another text."""

    def __init__(self, text: BreakingText) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: Any) -> Any:
        return self.text.__rich_console__(console, options)

    def __rich_measure__(self, console: Console, options: Any) -> Any:
        return self.text.__rich_measure__(console, options)


def breaking(text: Text | str, style: str = "") -> BreakingText:
    """``text`` (a Rich text or a plain string, never read as markup) as a
    :class:`BreakingText`, its styles kept."""
    if isinstance(text, str):
        return BreakingText(text, style=style)
    out = text.copy()
    out.__class__ = BreakingText
    return out  # type: ignore[return-value]


def rjust(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal columns."""
    return " " * max(0, width - cell_len(text)) + text


class Printer:
    """Says text on a Rich console: lines, errors, prompts, in logical or
    visual order (see the module's docstring). Translations and echoed
    input are data: never read as markup, never sent with a control
    character."""

    def __init__(self, console: Console, *, visual: bool = False) -> None:
        self.console = console
        # As for `machiavelli rules`: a pipe or a file always gets logical order.
        self.visual = visual and is_rtl() and console.is_terminal
        #: Visual order was asked for but the output is not a terminal.
        self.visual_refused = visual and is_rtl() and not console.is_terminal
        #: Screens are made to fit the console's height: on a terminal, or
        #: when the environment gives a height (LINES) for a transcript.
        self.fit = console.is_terminal or bool(os.environ.get("LINES"))

    def visual_notice(self) -> None:
        """Say once, on standard error, that visual order was asked for but
        the output is not a terminal (it stays in logical order)."""
        if self.visual_refused:
            print(_("--bidi visual applies to terminals only: this output stays in logical order."),
                  file=sys.stderr)

    def prompt(self, text: str) -> str:
        """A prompt or a question as the terminal should get it (visual
        order too), its trailing space kept where the answer is typed."""
        body = text.rstrip(" ")
        if not any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in body):
            return printable(text, lines=True, keep_bidi=True, visible=True)  # "> " stays as typed
        return self.t(body) + text[len(body):]

    def t(self, text: str) -> str:
        """A phrase as the terminal should get it: control characters that
        an echoed input may carry shown as escapes, never sent; in visual
        mode reordered, with each run of cards kept left to right. A phrase
        longer than the terminal is wide goes through :meth:`rows`."""
        text = printable(text, lines=True, keep_bidi=True, visible=True)
        if not self.visual:
            return text
        return visual_line(CARD_RUN.sub(lambda m: LRI + m.group(0) + PDI, text), rtl=True)

    def rows(self, text: str, *, whole: bool = False, indent: int = 0) -> list[str]:
        """A paragraph (or several, one a line) as the terminal's rows. In
        logical order, one row a line: the console wraps it. In visual
        order, wrapped to the width between words first (``indent`` columns
        are left for what comes before it; ``whole``: never wrapped, it
        holds something to copy), then each row reordered; the rows of a
        paragraph that took several are right-aligned."""
        text = printable(text, lines=True, keep_bidi=True, visible=True)
        if not self.visual:
            return text.split("\n")
        width = max(20, self.console.width - indent)
        out: list[str] = []
        for line in text.split("\n"):
            if whole or cell_len(line) <= width:
                out.append(self.t(line))
                continue
            out.extend(rjust(self.t(piece), width) for piece in wrap(line, width))
        return out

    def line(self, text: str, style: str = "") -> Text:
        """A paragraph as one Rich text for a screen's list of lines (in
        visual order already cut into rows that fit)."""
        return breaking("\n".join(self.rows(text)), style)

    def say(self, text: str, style: str = "", *, whole: bool = False) -> None:
        """A paragraph (lines apart: one a line). A terminal gets it wrapped
        between words, unless it holds something to copy (``whole``: a
        command, a path); a pipe always gets it whole."""
        keep = whole or not self.console.is_terminal or self.visual
        for row in self.rows(text, whole=whole):
            self.console.print(breaking(row, style), soft_wrap=keep)

    def error(self, text: str) -> None:
        self.say(text, "bold red")

    def lines(self, lines: Iterable[str], style: str = "") -> None:
        for line in lines:
            self.say(line, style)

    def show(self, lines: Iterable[Text]) -> None:
        """Lines already drawn (cards in colour, marks), as they are."""
        for line in lines:
            self.console.print(line, soft_wrap=not self.console.is_terminal)

    def height(self, lines: Sequence[Text]) -> int:
        """How many rows of the terminal ``lines`` take (long lines wrap)."""
        width = max(1, self.console.width)
        return sum(max(1, len(line.wrap(self.console, width))) if line.cell_len > width or "\n" in line.plain
                   else 1 for line in lines)

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
