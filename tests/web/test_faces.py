"""Card faces and titles at the web table, through the API (no browser):
every card a seat's JSON names carries the face its game draws, and each
table page is titled with its game's own name in the page's language."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from machiavelli.core import faces  # noqa: E402

from web_support import app, client, folders, new_game, token, view  # noqa: E402,F401

GAMES = (
    ("jokers", ["human", "friend"], "french"),
    ("cicera", ["human", "friend", "friend", "friend"], "italian"),
    ("si-se-pai", ["human", "friend", "friend", "friend"], "si-se-pai"),
)


@pytest.mark.parametrize("variant, seats, kind", GAMES)
def test_every_card_a_seat_is_shown_carries_its_drawn_face(client, variant, seats, kind):
    game = new_game(client, variant, seats, 4)
    for seat in range(len(seats)):
        data = view(client, game, seat)
        assert set(data["hand"]) <= set(data["cards"])
        for code, card in data["cards"].items():
            assert faces.check(card["look"]) == [], (code, card)
            assert code not in card["name"].split()
        assert kind in {card["look"]["face"] for card in data["cards"].values()}


def _title(client, game, seat, lang) -> tuple[str, str]:
    page = client.get(f"/play/{game['id']}?token={token(game, seat)}&lang={lang}").text
    title = re.search(r"<title>(.*?)</title>", page).group(1)
    heading = re.search(r"<h1>(.*?)</h1>", page).group(1)
    return html.unescape(title), html.unescape(heading)


@pytest.mark.parametrize("variant, seats, lang, expected", [
    ("jokers", ["human", "friend"], "en", "Machiavelli: Jokers"),
    ("jokers", ["human", "friend"], "it", "Machiavelli: Jolly"),
    ("cicera", ["human", "friend", "friend", "friend"], "en", "Cicera"),
    ("cicera", ["human", "friend", "friend", "friend"], "uk", "Чічера"),
    ("si-se-pai", ["human", "friend", "friend", "friend"], "en", "Sì Sè Pái"),
    ("si-se-pai", ["human", "friend", "friend", "friend"], "zh_Hans", "四色牌"),
    ("bga", ["human", "friend"], "zh_Hans", "马基雅维利：Board Game Arena"),
])
def test_a_table_page_is_titled_with_its_games_own_name(client, variant, seats, lang, expected):
    game = new_game(client, variant, seats, 1)
    assert _title(client, game, 0, lang) == (expected, expected)
