"""One request's language: the catalogs are process-wide, so a request
switches to its language for the synchronous work it does and back after.

Every handler of the web table runs on the event loop's thread and does its
translating without awaiting in between, so no two requests interleave
inside a ``speaking`` block.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from machiavelli.core import i18n


def languages() -> list[str]:
    """Every language a page can be shown in."""
    return i18n.available_languages()


def choose(requested: str | None, default: str) -> str:
    """The language of a request: ``requested`` when it has a catalog (a
    close match such as ``pt_BR`` for ``pt`` counts), else ``default``."""
    if requested:
        found = i18n.match_language(requested, languages())
        if found:
            return found
    return default


def known(requested: str) -> bool:
    return i18n.match_language(requested, languages()) is not None


@contextmanager
def speaking(lang: str, variant: Any = None) -> Iterator[str]:
    """Translate into ``lang`` inside the block, worded for the pieces of
    ``variant`` (a table's: a tile game's tiles and rack) when it is given;
    the previous language and wording after."""
    before = i18n.language()
    worded = i18n.wording()
    i18n.set_translations(i18n.load(lang), lang)
    if variant is not None:
        from ..presented import wording_of

        i18n.use_wording(wording_of(variant))
    try:
        yield lang
    finally:
        i18n.set_translations(i18n.load(before), before)
        i18n.use_wording(worded)


def direction(lang: str) -> str:
    return "rtl" if i18n.is_rtl(lang) else "ltr"
