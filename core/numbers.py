"""Whole numbers read from text: the one way the program reads them.

``str.isdigit()`` is true for ``²``, ``١`` and ``𝟗``, which ``int()``
refuses or reads as other numbers, and ``int()`` itself refuses more than
4300 digits (Python's guard against slow conversions) with a ValueError.
So a number typed at the table, stored in a record's action or in JSON is
read here: ASCII digits only, a bounded length, a range; anything else is
not a number (None), never an exception.
"""

from __future__ import annotations

#: Most digits of any number the program reads (seeds included).
MAX_DIGITS = 100


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits and nothing else."""
    return bool(text) and text.isascii() and text.isdigit()


def parse_count(text: str, lo: int = 0, hi: int | None = None, *, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` writes in ASCII digits (no sign, space or
    underscore), of at most ``max_digits`` digits (and no more than ``hi``
    has) and from ``lo`` to ``hi``; None for anything else."""
    if hi is not None:
        max_digits = min(max_digits, len(str(hi)))
    if not is_digits(text) or len(text) > max_digits:
        return None
    value = int(text)
    if value < lo or (hi is not None and value > hi):
        return None
    return value


def parse_json_int(text: str) -> int:
    """``parse_int`` for :func:`json.loads`: JSON's whole numbers (an
    optional minus, ASCII digits) of at most :data:`MAX_DIGITS` digits;
    ValueError beyond (caught where the JSON is read)."""
    negative = text.startswith("-")
    value = parse_count(text[1:] if negative else text)
    if value is None:
        raise NumberTooLong(text)
    return -value if negative else value


class NumberTooLong(ValueError):
    """A JSON number of more than :data:`MAX_DIGITS` digits (``digits``: how many)."""

    def __init__(self, text: str) -> None:
        super().__init__(f"a number of more than {MAX_DIGITS} digits")
        self.digits = len(text.lstrip("-"))
