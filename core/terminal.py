"""Text from strangers made safe to print on a terminal.

A seat name in a shared record, a variant's description, a token typed or
read from a file, a translation: any of them may hold control characters.
Printed raw, ``ESC ] 0 ; ... BEL`` retitles the window, ``ESC [ 2 J``
clears the screen, a C1 ``CSI`` (U+009B) does the same on some terminals,
a carriage return overwrites what came before, and a right-to-left
override (U+202E) turns the rest of the line around. :func:`printable` is
the one function that removes them; it is applied where untrusted strings
meet the terminal (names, descriptions, error messages that echo input).

What goes: every C0 control (newline and tab kept in ``lines`` mode,
otherwise turned into a space, as are the other line breaks), DEL, every
C1 control, whole escape sequences (CSI, OSC, DCS and the other strings,
two-character escapes), lone surrogates (replaced: they cannot be written
as UTF-8) and, unless ``keep_bidi``, the explicit bidi embeddings,
overrides and isolates (U+202A-U+202E, U+2066-U+2069), which a name never
needs: the terminal's bidi algorithm lays out Arabic or Hebrew letters by
itself. Letters of every script, the marks LRM, RLM and ALM and the
joiners ZWJ and ZWNJ (Persian and Arabic spelling) stay, so right-to-left
text is shown as written. Translations hold isolates around cards and
names on purpose: a whole message of our own is cleaned with ``keep_bidi``.
An error message that quotes the input shows those characters as escapes
instead (``visible``), so that what was refused can be seen.
"""

from __future__ import annotations

import re

#: Escape sequences, 7-bit and 8-bit: CSI ... final byte; OSC, DCS, SOS,
#: PM and APC strings up to their terminator (BEL or ST), or to the end
#: when unterminated; any other escape (intermediates, then a final byte).
#: (Patterns here and below are compiled by ``re`` on first use and kept in
#: its cache: a command that prints nothing untrusted never compiles them.)
_SEQUENCE = (
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Line breaks besides LF: a space on one line, LF when lines are kept.
_BREAKS = frozenset("\r\x0b\x0c\x85\u2028\u2029")


def printable(text: object, *, lines: bool = False, keep_bidi: bool = False, visible: bool = False) -> str:
    """``text`` (any object, as ``str``) without anything that drives a
    terminal. ``lines``: keep newlines and tabs (multi-line text);
    ``keep_bidi``: keep the bidi embeddings and isolates (our own messages);
    ``visible``: show each such character as an escape (``\\x1b``,
    ``\\u202e``) instead of removing it, for an error message that quotes
    the input (``Unknown player rand\\x1b[2Jom``, not ``random``)."""
    text = "" if text is None else str(text)
    if text.isprintable():  # no control, format, separator or surrogate character at all
        return text
    if not visible:
        text = re.sub(_SEQUENCE, "", text)
    out = []
    for ch in text:
        code = ord(ch)
        if (ch == "\n" or ch == "\t") and (lines or not visible):
            out.append(ch if lines else " ")
        elif ch in _BREAKS and not visible:
            if ch != "\r":  # CR LF is a newline; a lone CR overwrites the line: dropped either way
                out.append("\n" if lines else " ")
        elif code < 0x20 or 0x7F <= code <= 0x9F or ch in _BREAKS or (ch in _BIDI_CONTROLS and not keep_bidi):
            if visible:
                out.append(f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


#: Most characters of a line read from a pipe that a table's transcript repeats.
ECHO_CHARS = 200


def echoed(line: str) -> str:
    """A line read from a pipe as the transcript repeats it: printable, and
    of a very long line only its start and an ellipsis."""
    shown = line if len(line) <= ECHO_CHARS else line[:ECHO_CHARS] + "…"
    return printable(shown, visible=True)


#: Characters that JSON may carry raw but a terminal would obey.
_JSON_UNSAFE = "[\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff]"


def json_printable(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) with DEL, the C1
    controls, bidi controls and line separators written as ``\\uXXXX``
    escapes: the same data, safe to print (those characters can only occur
    inside strings, where an escape means the same)."""
    return re.sub(_JSON_UNSAFE, lambda m: f"\\u{ord(m.group(0)):04x}", text)
