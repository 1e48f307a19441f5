"""One request's language: the catalogs are process-wide, so a request
switches to its language for the synchronous work it does and back after.

Every handler of the web table runs on the event loop's thread and does its
translating without awaiting in between, so no two requests interleave
inside a ``speaking`` block.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

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
def speaking(lang: str) -> Iterator[str]:
    """Translate into ``lang`` inside the block; the previous language after."""
    before = i18n.language()
    i18n.set_translations(i18n.load(lang), lang)
    try:
        yield lang
    finally:
        i18n.set_translations(i18n.load(before), before)


def direction(lang: str) -> str:
    return "rtl" if i18n.is_rtl(lang) else "ltr"
