"""The terminal's table drawing a tile game's pieces: a tile is its number in
its colour on a light face, with the colour's letter beside it, so that a
screen without colour (a pipe, --ascii) still tells the colours apart."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from machiavelli.app.library import load_variant
from machiavelli.core import glossary
from machiavelli.games.machiavelli.present.screen import Screen


@pytest.fixture
def rummikub():
    return load_variant("rummikub")


def _screen(colour: bool) -> tuple[Screen, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, force_terminal=colour, color_system="truecolor" if colour else None, width=80)
    return Screen(console), out


@pytest.mark.parametrize("code, colour", [("7R", "red"), ("7B", "blue"), ("7O", "dark_orange"), ("13K", "black")])
def test_a_tile_is_its_number_in_its_colour_on_a_tile_face(rummikub, code, colour):
    screen, _ = _screen(True)
    text = screen.card(rummikub.deck.parse_card(code), rummikub.deck)
    assert text.plain == code
    number, letter = text.spans
    assert text.plain[number.start:number.end] == code[:-1] and text.plain[letter.start:letter.end] == code[-1]
    assert str(number.style).startswith(f"bold {colour} on ") and " on " in str(letter.style)
    assert number.style != letter.style  # the letter is quieter than the number


def test_without_colour_or_with_ascii_the_letter_says_the_colour(rummikub):
    screen, out = _screen(False)
    screen.console.print(screen.cards(rummikub.deck.parse_cards("7R 7B 7K 7O"), rummikub.deck))
    assert out.getvalue().split() == ["7R", "7B", "7K", "7O"]
    glossary.set_ascii(True)
    try:
        screen, out = _screen(False)
        screen.console.print(screen.cards(rummikub.deck.parse_cards("1O 13O"), rummikub.deck))
        assert out.getvalue().split() == ["1O", "13O"]
    finally:
        glossary.set_ascii(False)


def test_a_game_of_its_own_name_is_headed_by_its_title(rummikub):
    from machiavelli.app.library import load_variant
    from machiavelli.games.machiavelli.game import Game
    from machiavelli.games.machiavelli.present.screen import heading_text

    rummikub_view = Game(rummikub, 2, 1).view(0)
    assert heading_text(rummikub_view).startswith("Rummikub · turn ")
    bga_view = Game(load_variant("bga"), 2, 1).view(0)
    assert heading_text(bga_view).startswith("Machiavelli · bga · turn ")
