"""Checks across the keys of a variant, as errors the translations can name.

A validator that compares several keys raises :func:`failed`: pydantic
carries its ``code`` and values to the loader, which reports the problem
under ``field`` with the values, so that the application can say it in any
language; ``english`` is the detail kept for logs and old callers.
"""

from __future__ import annotations

from typing import Any

from pydantic_core import PydanticCustomError


def failed(field: str, code: str, english: str, /, **values: Any) -> PydanticCustomError:
    """The error of a failed check about ``field`` (empty: the section
    itself), named ``code``; ``english`` may use ``{value}`` placeholders."""
    return PydanticCustomError(code, english, {"check": field, **values})
