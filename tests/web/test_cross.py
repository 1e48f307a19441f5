"""The Cross (makiaveli, issue 28) on the web table: both seats see the
four face-up cards around the deck under the Cross's own name, in their
language, and a play of Cross cards alone is refused in the Cross's words."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import web_support as web  # noqa: E402
from web_support import act, app, client, folders, view  # noqa: E402,F401


def _cross(data):
    return next(a for a in data["areas"] if a["key"] == "help")


def test_both_seats_see_the_cross_in_their_language(app, client):
    game = web.new_game(client, "makiaveli", ("human", "friend"), 3)
    dealt = web.game_of(app, game).help_cards
    deck = web.game_of(app, game).variant.deck
    codes = [deck.card_text(c) for c in dealt]
    for seat, lang, label in ((0, "en", "The Cross, around the deck"), (1, "it", "La Croce, intorno al mazzo")):
        data = view(client, game, seat, lang=lang)
        area = _cross(data)
        assert area["label"] == label and area["cards"] == codes and area["prefix"] == "*"
        assert data["help"] == codes and len(codes) == 4
    assert view(client, game, 0)["deck"] == 104 - 2 * 15 - 4


def test_cross_cards_alone_are_refused_in_the_cross_s_words(app, client):
    game = web.new_game(client, "makiaveli", ("human", "friend"), 3)
    seat = web.game_of(app, game).current
    first = _cross(view(client, game, seat))["cards"][0]
    r = act(client, game, seat, f"play *{first}")
    assert 400 <= r.status_code < 500
    assert "Cards of the Cross" in r.text and "Traceback" not in r.text
    assert len(web.game_of(app, game).help_cards) == 4
