"""Sì Sè Pái at the web table, through the table its presentation declares:
the public card, answers given at once and unseen, open groups, the hand by
colour, the cards named in words (or drawn with their Chinese characters),
and nothing of another seat's hand or answer in any message a seat receives."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from machiavelli.app.catalogs import shipped_languages  # noqa: E402

from starlette.testclient import TestClient  # noqa: E402

from machiavelli.app.web.server import create_app  # noqa: E402
from machiavelli.app.web.tables import Tables  # noqa: E402

import web_support as web  # noqa: E402
from web_support import act, app, client, folders, game_of, settle, strings_in, token, view  # noqa: E402,F401

FRIENDS = ("human", "friend", "friend", "friend")
LANGS = tuple(shipped_languages())


def new_game(client, seats=FRIENDS, seed=3, lang="en"):
    return web.new_game(client, "si-se-pai", seats, seed, lang)


def areas(data):
    return {a["key"]: a for a in data["areas"]}


def visible(played, seat) -> set[str]:
    """The cards the seat may see now: its hand, every open group and set-aside card, the public card."""
    deck = played.variant.deck
    cards = list(played.hand(seat))
    for s in range(played.players):
        cards += [c for _k, group in played.open_groups(s) for c in group] + list(played.set_aside(s))
    if played.public is not None:
        cards.append(played.public_card())
    cards += [c for _k, group in played.winning_groups for c in group]
    return {deck.card_text(c) for c in cards}


def codes_in(data) -> set[str]:
    """Every card the message names: the cards it describes and every list of codes."""
    found = set(data.get("cards", {}))
    for key in ("hand", "table"):
        found.update(data.get(key) or [])
    for area in data.get("areas", []):
        found.update(area["cards"], area["marked"])
        for group in area["groups"]:
            found.update(group["cards"])
    return found


def claim_window(client, app, tries=60):
    """A new game in which some seat may take the public card (not only win or pass)."""
    for seed in range(tries):
        game = new_game(client, seed=seed)
        for seat in range(4):
            data = view(client, game, seat)
            if any(m["command"].startswith("take") for m in data["moves"]):
                return game, seat, data
    pytest.skip("no deal with a claim on the first public card")


def test_the_start_page_offers_si_se_pai(client):
    page = client.get("/").text
    found = page.split('"name": "si-se-pai"')[1][:600]
    assert '"playable": true' in found and '"computer": "keeper"' in found


def test_the_view_declares_the_public_card_answers_open_groups_and_the_hand_by_colour(app, client):
    game = new_game(client)
    played = game_of(app, game)
    deck = played.variant.deck
    for seat in range(4):
        data = view(client, game, seat)
        found = areas(data)
        assert data["game"] == "si-se-pai" and data["layout"]["kind"] == "areas"
        assert list(found) == ["table", "answers", "open-0", "open-1", "open-2", "open-3", "last", "hand"]
        assert sorted(data["hand"]) == sorted(deck.card_text(c) for c in played.hand(seat))
        assert [c for g in found["hand"]["groups"] for c in g["cards"]] == data["hand"]
        assert found["table"]["cards"] == [deck.card_text(played.public_card())]
        assert found["table"]["lines"][0].startswith(deck.card_text(played.public_card()) + " (")
        assert data["to_play"] is None  # answers are given at once: nobody in particular is to play
        assert data["my_turn"] == (seat in played.to_move())
        if data["my_turn"]:
            legal = {a.text(deck) for a in played.legal_actions(seat)}
            assert {m["command"] for m in data["moves"]} == legal and "pass" in legal
            assert all(m["card"] is None and m["text"] for m in data["moves"])
            assert data["status"].startswith("Answer: take the public card")
        else:
            assert data["moves"] == [] and data["status"] == "Waiting for the answers to the public card."
        for code, card in data["cards"].items():
            assert card["name"] and card["text"]
        assert data["faces"]["choices"] == [{"key": "", "label": "letters"},
                                            {"key": "hanzi", "label": "Chinese characters"}]


def test_flowers_and_chess_cards_are_named_and_can_be_drawn_with_their_characters(app, client):
    for seed in range(40):
        game = new_game(client, seed=seed)
        data = view(client, game, 0, faces="hanzi")
        if "FL" in data["hand"]:
            break
    else:
        pytest.skip("no hand with a flower")
    assert data["cards"]["FL"]["name"] == "flower" and data["cards"]["FL"]["text"] == "花"
    assert data["faces"]["chosen"] == "hanzi"
    some = next(c for c in data["hand"] if c != "FL")
    assert data["cards"][some]["text"][0] in "將士象車馬砲卒"
    letters = view(client, game, 0)
    assert letters["cards"][some]["text"] == some and letters["faces"]["chosen"] == ""
    assert view(client, game, 0, faces="nonsense")["cards"][some]["text"] == some
    assert view(client, game, 0, lang="it")["cards"]["FL"]["name"] == "fiore"


def test_a_claim_answer_stays_hidden_until_all_are_in_then_the_claimant_discards(app, client):
    game, seat, data = claim_window(client, app)
    played = game_of(app, game)
    deck = played.variant.deck
    others = [s for s in range(4) if s != seat]
    before = {s: view(client, game, s) for s in others}
    take = next(m for m in data["moves"] if m["command"].startswith("take"))
    r = act(client, game, seat, take["command"])
    assert r.status_code == 200, r.text
    after = r.json()["view"]
    if played.to_move():  # others still answering: nobody else sees a thing, not even that an answer came
        assert after["status"] == "Your answer is in: waiting for the others'."
        assert after["moves"] == [] and not after["my_turn"]
        for s in others:
            assert view(client, game, s) == before[s]
        for s in played.to_move():
            assert act(client, game, s, "pass").status_code == 200
    # Everyone answered: the card went to the best claim (maybe another seat's win or group).
    claimant = played.discarding
    if claimant is None:
        pytest.skip("the claim ended the deal")
    data = view(client, game, claimant)
    found = areas(data)
    assert data["my_turn"] and found["table"]["target"] and found["table"]["cards"] == []
    assert data["status"] == "Discard one concealed card (never a General or a flower)."
    assert {m["command"] for m in data["moves"]} == {a.text(deck) for a in played.legal_actions(claimant)}
    assert all(m["card"] and m["command"] == "discard " + m["card"] for m in data["moves"])
    assert areas(data)[f"open-{claimant}"]["groups"]
    watcher = view(client, game, (claimant + 1) % 4)
    assert watcher["to_play"] == claimant and watcher["status"].endswith(" is discarding.")
    general = next((c for c in data["hand"] if c.startswith(("G", "FL"))), None)
    if general is not None and any(not c.startswith(("G", "FL")) for c in data["hand"]):
        r = act(client, game, claimant, f"discard {general}")
        assert r.status_code == 422 and "stay in the hand" in r.json()["error"]
    move = data["moves"][0]
    r = act(client, game, claimant, move["command"])
    assert r.status_code == 200
    assert move["card"] in areas(view(client, game, (claimant + 1) % 4))["table"]["cards"] or played.public is None


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 60))
def test_no_message_a_seat_receives_shows_another_hand_or_an_answer_not_yet_revealed(app, client, seed, steps):
    """Views, answers to actions and live pushes, for every seat, while the
    four seats play the moves their pages offer."""
    game = new_game(client, seed=seed)
    played = game_of(app, game)
    rng = random.Random(seed)
    seen: dict[int, set[str]] = {s: visible(played, s) for s in range(4)}
    sockets = [client.websocket_connect(f"/api/games/{game['id']}/live?token={token(game, s)}") for s in range(4)]
    lives = [s.__enter__() for s in sockets]
    try:
        received: list[list[dict]] = [[live.receive_json()] for live in lives]
        for _ in range(steps):
            if played.outcome is not None:
                break
            seat = rng.choice(list(played.to_move()))
            data = view(client, game, seat)
            assert data["my_turn"] and data["moves"]
            move = rng.choice(data["moves"])
            before = {s: view(client, game, s) for s in range(4) if s != seat}
            r = act(client, game, seat, move["command"])
            assert r.status_code == 200, r.text
            for s in range(4):
                seen[s] |= visible(played, s)
            assert codes_in(r.json()["view"]) <= seen[seat]
            if move["card"] is None and not played.log[-1].ends_turn:
                # The answer decided nothing yet: no other seat's view moved.
                assert all(view(client, game, s) == before[s] for s in before)
        for s in range(4):
            data = view(client, game, s)
            assert codes_in(data) <= seen[s]
            # Drain what the live socket sent: every push is this seat's own view.
            last = data["version"]
            while received[s][-1]["version"] < last:
                received[s].append(lives[s].receive_json())
            versions = [m["version"] for m in received[s]]
            assert versions == sorted(set(versions))  # in order, never the same view twice
            for message in received[s]:
                assert message["seat"] == s and codes_in(message) <= seen[s]
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)


def test_a_whole_deal_against_computers_ends_with_the_result_and_survives_a_restart(app, client):
    game = new_game(client, seats=("human", "keeper", "random", "keeper"), seed=8)
    played = game_of(app, game)
    for _ in range(400):
        data = view(client, game, 0)
        if data["result"] is not None:
            break
        assert data["my_turn"], data["status"]
        answers = [m for m in data["moves"] if m["command"].startswith(("win", "take"))]
        command = (answers or data["moves"])[0]["command"]
        r = act(client, game, 0, command)
        assert r.status_code == 200, r.text
    data = view(client, game, 0)
    assert data["result"] is not None and played.outcome is not None
    assert data["to_play"] is None and data["moves"] == [] and data["status"] == ""
    assert data["result"]["text"].startswith(("Player ", "Drawn deal"))
    assert areas(data)["result"]["label"] == "Result" and not areas(data)["table"]["target"]
    r = client.get(data["result"]["record"])
    assert r.status_code == 200 and r.json()["result"] is not None
    restarted = Tables()
    # A finished game is not held at the start, but read back when a page asks for it.
    assert restarted.load_saved() == 0 and game["id"] in restarted
    with TestClient(create_app(restarted, lang="en", pause=0)) as again:
        assert view(again, game, 0)["result"] == data["result"]


def test_refusals_come_in_words_and_change_nothing(app, client):
    game, seat, data = claim_window(client, app)
    before = [view(client, game, s) for s in range(4)]
    r = act(client, game, seat, "discard HY")
    assert r.status_code == 422 and r.json()["error"] == "Answer first: take, win or pass."
    r = act(client, game, seat, "win nonsense")
    assert r.status_code == 422 and r.json()["error"]
    r = act(client, game, seat, "¦¦")
    assert r.status_code == 422 and "Traceback" not in r.text
    assert [view(client, game, s) for s in range(4)] == before


def test_help_gives_the_games_own_commands(client):
    game = new_game(client)
    r = act(client, game, 0, "help")
    assert r.status_code == 200 and any("take HY HY" in line for line in r.json()["messages"])
    page = client.get(game["seats"][0]["link"]).text
    assert "take HY HY" in page and "/static/areas.js" in page


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_the_si_se_pai_table_is_translated(app, client, lang):
    from machiavelli.core import i18n

    game, seat, data = claim_window(client, app)
    i18n.clear_misses()
    assert client.get(f"/?lang={lang}").status_code == 200
    link = next(s["link"] for s in game["seats"] if s["seat"] == seat)
    assert client.get(link.replace("lang=en", f"lang={lang}")).status_code == 200
    shown = view(client, game, seat, lang=lang)
    view(client, game, seat, lang=lang, faces="hanzi")
    act(client, game, seat, "help", lang=lang)
    act(client, game, seat, "pass", lang=lang)
    for s in range(4):
        view(client, game, s, lang=lang)
    assert i18n.misses() == []
    assert shown["cards"] and all(c["name"] for c in shown["cards"].values())
    if lang == "ar":
        assert client.get(link.replace("lang=en", "lang=ar")).text.count('dir="rtl"') == 1
