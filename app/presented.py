"""Every game as the application shows it, through its own presentation
(:class:`machiavelli.core.present.Presentation`): the presentation of a
game by name, a line typed at any game's table read one way (the terminal's
loop, :mod:`.human`, and the web table both read through here), the texts'
style, refusals in words, a record's moves and summary, and the rules
document.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Callable, Sequence

from machiavelli.core import i18n, registry
from machiavelli.core.errors import MachiavelliError
from machiavelli.core.i18n import _
from machiavelli.core.present import TABLE_COMMANDS, Presentation, Style, Typed, player_name, table_word

from machiavelli.core import glossary
from machiavelli.core.reasons import describe
from machiavelli.core.words import fold


def presentation_of(game_name: str) -> Presentation:
    """The game's presentation; for a game that brings none, the plain one
    built from the kernel's protocol (:mod:`machiavelli.core.present_plain`)."""
    definition = registry.game(game_name)
    if definition.presentation is None:
        from machiavelli.core.present_plain import plain

        return plain(definition)
    return definition.presentation()


def wording_of(variant: Any) -> i18n.Wording:
    """The messages the variant's game words for its pieces (none: as written)."""
    present = presentation_of(variant.game)
    return present.wording(variant) if present.wording is not None else {}


def use_wording_of(variant: Any) -> None:
    """Word every message from now on for the variant's pieces (a terminal
    shows one game at a time)."""
    i18n.use_wording(wording_of(variant))


@contextmanager
def worded(variant: Any) -> Iterator[None]:
    """Word the messages for the variant's pieces inside the block (a web
    request shows one table; see app/web/speaking.py)."""
    before = i18n.use_wording(wording_of(variant))
    try:
        yield
    finally:
        i18n.use_wording(before)


def rules_document(variant: Any) -> Any:
    """The rules of any variant as :mod:`.rules_render` prints them: the
    game's own document (the kernel's blocks)."""
    return presentation_of(variant.game).rules(variant)


def read_typed(present: Presentation, text: str, view: Any, letters: str | None = None) -> Typed | None:
    """A line typed at any game's table: one of the table's commands, or
    the game's actions. A game with its own ``read_line`` reads it whole;
    for any other, the table's words are matched whole (English, the
    language's, ``?`` for help) and the rest goes to ``read_command``."""
    if present.read_line is not None:
        return present.read_line(text, view, letters)
    words = text.split()
    if not words:
        return None
    first = fold(words[0])
    if first == "?":
        return Typed("help", tuple(words[1:]))
    for name in TABLE_COMMANDS:
        if first in (name, fold(table_word(name))):
            return Typed(name, tuple(words[1:]))
    return Typed(actions=present.read_command(text, view))


def style(names: Sequence[str | None]) -> Style:
    shown = tuple(player_name(s, list(names)) for s in range(len(names)))
    return Style(names=shown, symbols=not glossary.ascii_cards(), rtl=i18n.is_rtl(), faces=glossary.card_faces())


def explain(present: Presentation, error: MachiavelliError) -> str:
    return present.explain(error) or describe(error)


def replay_text(game: Any, present: Presentation, names: Sequence[str | None], moves: bool,
                echo: Callable[[str], None], replayed: str = "") -> None:
    """A record as ``replay`` prints it: with ``moves`` every action in
    words, then the line ``replayed`` (how many actions), then the summary."""
    look = style(names)
    if moves:
        for entry in game.log:
            # TRANSLATORS: Play and replay in the terminal (or a mistake in their options); {turn} is a turn's
            # number, {text} is what happened, a sentence.
            echo(_("Turn {turn}: {text}", turn=entry.turn, text=present.narrate(entry, game.variant, look)))
    if replayed:
        echo(replayed)
    for line in present.summary(game, look):
        echo(line)
