"""The global display options of the CLI: language, card symbols, and
which letters win when a typed card reads two ways."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from machiavelli.core import glossary

from machiavelli.core import i18n
from machiavelli.core.i18n import N_

LangOpt = Annotated[
    Optional[str],
    typer.Option("--lang", help=N_("Language of all output (en, it, tr, uk, ar, ...). "
                 "Default: LANGUAGE, LC_ALL, LC_MESSAGES or LANG.")),
]
AsciiOpt = Annotated[bool, typer.Option("--ascii", help=N_("Show suits as S H D C instead of ♠ ♥ ♦ ♣."))]
CardsOpt = Annotated[
    Optional[str],
    typer.Option("--cards", metavar="en|local|ask|hanzi|letters", help=N_(
        "When a card typed at the table reads two ways (Italian 5C: 5♣ or 5♥), read it with the English "
        "letters (en) or the language's letters (local); ask refuses it and shows both spellings, as when "
        "nothing is chosen. hanzi draws the cards of Sì Sè Pái with their Chinese characters, letters with "
        "letters again. Remembered for the next games.")),
]


def apply(lang: str | None, ascii_cards: bool | None = None) -> str:
    """Switch the language (an unknown one raises UnknownLanguage, reported
    in the environment's language) and, if given, the card style."""
    if ascii_cards is not None:
        glossary.set_ascii(ascii_cards)
    i18n.use_wording({})  # every command starts as written; a game's own words its messages for its pieces
    return i18n.use_language(lang)


def apply_cards(value: str | None) -> None:
    """Use ``--cards`` for this run and remember it in the user's
    configuration (None: the remembered choice)."""
    if value is None:
        return
    from machiavelli.core import config
    from machiavelli.core import words

    if value in glossary.FACES:
        glossary.set_faces(value)
        config.remember("faces", value)
        return
    if value not in words.CARD_LETTERS:
        from .options import fail

        # TRANSLATORS: A mistake in an option of the command line; {name} is what was typed.
        raise fail(i18n._("--cards must be en, local, ask, hanzi or letters, not {name}", name=value))
    words.set_card_letters(value)
    config.remember("cards", None if value == "ask" else value)
