"""The global display options of the CLI: language and card symbols."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from . import glossary

from machiavelli.core import i18n
from machiavelli.core.i18n import N_

LangOpt = Annotated[
    Optional[str],
    typer.Option("--lang", help=N_("Language of all output (en, it, tr, uk, ar, ...). "
                 "Default: LANGUAGE, LC_ALL, LC_MESSAGES or LANG.")),
]
AsciiOpt = Annotated[bool, typer.Option("--ascii", help=N_("Show suits as S H D C instead of ♠ ♥ ♦ ♣."))]


def apply(lang: str | None, ascii_cards: bool | None = None) -> str:
    """Switch the language (an unknown one raises UnknownLanguage, reported
    in the environment's language) and, if given, the card style."""
    if ascii_cards is not None:
        glossary.set_ascii(ascii_cards)
    return i18n.use_language(lang)
