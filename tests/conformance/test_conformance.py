"""The conformance kit (core/conformance.py) over every registered game:
its default variant, a few seeds, the fewest and the most seats. A game a
plugin registers is checked the same way, with nothing to add here."""

from __future__ import annotations

import pytest

from machiavelli.app.library import load_variant, shipped_names
from machiavelli.app.web.views import can_show
from machiavelli.core import conformance, registry
from web_views import web_page, web_version

GAMES = sorted(registry.games())

#: The endings random play reaches in the shipped games' default variants
#: (Machiavelli's "blocked" needs players who neither play nor draw).
ENDINGS = {
    "machiavelli": ("went-out", "deck-exhausted"),
    "cicera": ("higher-total", "drawn-deal"),
    "si-se-pai": ("won", "drawn-deal"),
}


def default_variant(definition):
    return load_variant(definition.default_variant or definition.name)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_conforms(name):
    definition = registry.game(name)
    report = conformance.check_game(definition, default_variant(definition))
    assert report.games and report.states
    # Each check ran (a game whose views never differ in hidden cards would prove nothing).
    for check in ("clone", "notation", "record", "legal-accepted", "unlisted-refused", "refusal", "seed",
                  "view-pair", "view-pair-differs", "staging", "observed-pair", "observed-step"):
        assert report.checks[check], f"{name}: the kit never ran {check}"


@pytest.mark.parametrize("name", [name for name in GAMES if can_show(name)])
def test_the_web_page_of_every_seat_shows_only_what_it_may_see(name):
    definition = registry.game(name)
    variant = default_variant(definition)
    report = conformance.check_game(definition, variant, conformance.Settings(
        seeds=(4,), players=(variant.players.max,), observers=(web_page,), streams=(web_version,)))
    assert report.checks["view-pair"] and report.checks["record"] and report.checks["observed-step"]


@pytest.mark.parametrize("name", GAMES)
def test_every_kind_of_ending_replays(name):
    definition = registry.game(name)
    report = conformance.check_endings(definition, default_variant(definition), wanted=ENDINGS.get(name))
    assert report.endings and report.checks["record"] == report.games
    assert set(ENDINGS.get(name, ())) <= set(report.endings)


def test_answers_given_unseen_are_checked_as_hidden_events():
    definition = registry.game("si-se-pai")
    report = conformance.check_game(definition, default_variant(definition), conformance.Settings(seeds=(1,)))
    assert report.checks["hidden-event"]


def test_the_order_of_answers_given_unseen_stays_secret():
    import random

    definition = registry.game("si-se-pai")
    variant = default_variant(definition)
    compared = 0
    for seed in range(20):
        game = definition.new_game(variant, 4, seed)
        rng = random.Random(seed)
        while game.outcome is None and not compared:
            compared += conformance.check_secret_order(definition, game)
            seat = rng.choice(game.to_move())
            game.apply(rng.choice(game.legal_actions(seat)), seat)
    assert compared


def test_a_game_without_a_random_player_gets_the_kernels(monkeypatch):
    from dataclasses import replace

    from machiavelli.core.bots import bot_seed, play_out
    from machiavelli.core.players import RandomPlayer

    cicera = registry.game("cicera")
    bare = replace(cicera, name="cicera-bare", bots={})
    registry.games()  # the plugins are loaded before the registry is patched
    monkeypatch.setitem(registry._GAMES, bare.name, bare)
    monkeypatch.setitem(registry._BOTS, bare.name, {})
    assert registry.bots(bare.name) == {"random": RandomPlayer} and "random" in registry.bots("cicera")
    variant = default_variant(cicera)
    game = bare.new_game(variant, 4, 5)
    outcome = play_out(game, [registry.make_bot("random", bot_seed(5, s), bare.name) for s in range(4)])
    assert outcome is not None and not any(game.hand_size(s) for s in range(4))


#: Every shipped variant that lays cards face up (help cards, the Cross): plays that take several of them.
FACE_UP = [name for name in shipped_names("machiavelli") if load_variant(name).face_up]


@pytest.mark.parametrize("name", FACE_UP)
def test_every_variant_with_face_up_cards_conforms(name):
    # Not leftover_invalid: stay: staging puts invalid melds first, so a turn under way staged again is another state.
    variant = load_variant(name, ["leftover_invalid=forbidden"])
    report = conformance.check_game(registry.game("machiavelli"), variant, conformance.Settings(
        seeds=(1,), players=(variant.players.min,), heavy_sample=40))
    assert report.checks["legal-accepted"] and report.checks["unlisted-refused"] and report.checks["staging"]
