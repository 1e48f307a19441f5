"""The web table's API fed generated requests (Hypothesis, through
Starlette's test client): any method, address, query, headers and body a
stranger may send. Each answer is below 500; a refusal of the API is JSON
with one line of reason in the asked language, naming no server path; and
a game already under way is exactly as it was, seen by each of its seats.

Short by default; ``pytest -m fuzz --hypothesis-profile=long`` runs long.
"""

from __future__ import annotations

import json
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from machiavelli.app.web.server import create_app
from machiavelli.app.web.tables import Tables

pytestmark = pytest.mark.fuzz

ONE_DECK = "name: one-deck\nextends: bga\ndecks: 1\nhand_size: 10\n"
ORIGIN = "http://testserver"

segments = st.text(alphabet=string.ascii_letters + string.digits + "-_.%~!$&'()*+,;=:@ \u00e9\u202e", max_size=40)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12)
# Bodies that are no command a seat could give (the game must not change).
bodies = st.one_of(
    json_values.filter(lambda v: not (isinstance(v, dict) and isinstance(v.get("command"), str))).map(json.dumps),
    st.text(max_size=200), st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.just("{" * 5000), st.just("[" * 100_000))
game_fields = st.fixed_dictionaries({}, optional={
    "variant": st.one_of(st.sampled_from(["bga", "one-deck", "cicera", "si-se-pai", "../etc/passwd", "x" * 300,
                                          "bga(decks=8)", "bga(hand_size=40)"]), st.text(max_size=30), json_values),
    "seats": st.one_of(st.lists(st.sampled_from(["human", "random", "expert", "nobody", ""]), max_size=20),
                       json_values),
    "lang": st.one_of(st.sampled_from(["en", "it", "ar", "zh_Hans", "xx", ""]), json_values),
    "seed": json_values, "players": json_values})


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A server, its data folder, and one game under way: (client, game, its seats' views, data folder)."""
    base = tmp_path_factory.mktemp("fuzz-web")
    patch = pytest.MonkeyPatch()
    patch.setenv("MACHIAVELLI_DATA_DIR", str(base / "data"))
    (base / "variants").mkdir()
    (base / "variants" / "one-deck.yaml").write_text(ONE_DECK, encoding="utf-8")
    patch.setenv("MACHIAVELLI_VARIANTS_DIR", str(base / "variants"))
    from machiavelli.app import library

    library._index_cached.cache_clear()
    app = create_app(Tables(), lang="en", pause=0)
    with TestClient(app) as client:
        r = client.post("/api/games", json={"variant": "one-deck", "seats": ["human", "human"], "lang": "en"},
                        headers={"Origin": ORIGIN})
        assert r.status_code == 201, r.text
        game = r.json()
        yield client, game, _views(client, game), base
    patch.undo()
    library._index_cached.cache_clear()


def _views(client, game) -> list[str]:
    out = []
    for seat in game["seats"]:
        r = client.get(f"/api/games/{game['id']}/view?token={seat['token']}")
        assert r.status_code == 200
        out.append(r.text)
    return out


def _check(response, base, lang: str | None) -> None:
    assert response.status_code < 500, (response.status_code, response.text[:500])
    if response.status_code >= 400 and response.headers.get("content-type", "").startswith("application/json"):
        error = response.json().get("error")
        assert isinstance(error, str) and error.strip() and "\n" not in error.strip()
        assert str(base) not in error and "Traceback" not in error
        if lang == "it":  # the Italian catalog answers: no English sentence of the API's refusals
            assert not error.startswith(("There is nothing", "This address", "The request", "Only this server"))


def _path(game_id: str, kind: str, segment: str) -> str:
    return {"view": f"/api/games/{segment or game_id}/view", "actions": f"/api/games/{segment or game_id}/actions",
            "record": f"/api/games/{segment or game_id}/record", "games": "/api/games",
            "other": f"/api/{segment}", "play": f"/play/{segment or game_id}", "rules": "/rules"}[kind]


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]),
       kind=st.sampled_from(["view", "actions", "record", "games", "other", "play", "rules"]),
       segment=segments, token=st.one_of(st.none(), segments), lang=st.one_of(st.none(), st.sampled_from(
           ["en", "it", "ar", "xx", "../../etc", "it\x00", "e" * 500])),
       body=bodies, content_type=st.sampled_from(["application/json", "text/plain", "", "multipart/form-data"]),
       origin=st.sampled_from([ORIGIN, "http://evil.example", ""]))
def test_any_request_is_answered_below_500_and_changes_no_game(served, method, kind, segment, token, lang, body,
                                                                content_type, origin):
    client, game, views, base = served
    params = {k: v for k, v in (("token", token), ("lang", lang)) if v is not None}
    headers = {k: v for k, v in (("Content-Type", content_type), ("Origin", origin)) if v}
    response = client.request(method, _path(game["id"], kind, segment), params=params, headers=headers,
                              content=body.encode("utf-8", "surrogatepass") if method != "GET" else None)
    _check(response, base, lang)
    assert _views(client, game) == views


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(fields=game_fields, lang=st.sampled_from(["en", "it"]))
def test_any_new_game_asked_for_is_made_or_refused_in_words(served, fields, lang):
    client, game, views, base = served
    response = client.post(f"/api/games?lang={lang}", json=fields, headers={"Origin": ORIGIN})
    _check(response, base, lang)
    assert response.status_code in (201, 400, 403, 409, 413, 422, 429, 503) or response.status_code < 500
    assert _views(client, game) == views


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=bodies, lang=st.sampled_from(["en", "it"]))
def test_a_seats_malformed_commands_are_refused_and_change_nothing(served, body, lang):
    client, game, views, base = served
    seat = game["seats"][0]
    response = client.post(f"/api/games/{game['id']}/actions?token={seat['token']}&lang={lang}",
                           content=body.encode("utf-8", "surrogatepass"),
                           headers={"Origin": ORIGIN, "Content-Type": "application/json"})
    _check(response, base, lang)
    assert response.status_code >= 400
    assert _views(client, game) == views
