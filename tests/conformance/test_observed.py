"""The kit's check that nothing a seat is told depends on another seat's
secrets (core/conformance.py, check 9 and the hidden events): it finds the
leaks main had before every seat was asked in Sì Sè Pái, and a reader of
another seat's cards or of every change of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core import conformance, registry

SSP = load_variant("si-se-pai", [])


@pytest.fixture
def asking_only_claimers(monkeypatch):
    """Sì Sè Pái conducted as before record version 2: only the seats that
    can claim the public card are asked (``Game.as_of(1)``, kept for old
    records), registered under its own name so that the kit finds its players."""
    real = registry.game("si-se-pai")

    def old(game):
        game.as_of(1)
        return game

    definition = replace(real, name="si-se-pai-v1",
                         new_game=lambda variant, players, seed: old(real.new_game(variant, players, seed)),
                         stage=lambda variant, position: old(real.stage(variant, position)))
    monkeypatch.setitem(registry._GAMES, definition.name, definition)
    monkeypatch.setitem(registry._BOTS, definition.name, registry.bots("si-se-pai"))
    return definition


def test_asking_only_the_seats_that_can_claim_is_found(asking_only_claimers):
    # Staged alike for a seat, the two games part at the first answer: the card
    # goes on in the one where no other hand could claim it.
    import random

    rng = random.Random(1)
    found = None
    for seed in range(6):
        game = asking_only_claimers.new_game(SSP, 4, seed)
        for steps in range(30):
            if game.outcome is not None or found:
                break
            try:
                conformance.check_observed(asking_only_claimers, game, steps % 4, rng)
            except conformance.ConformanceError as error:
                found = error
            seat = rng.choice(game.to_move())
            game.apply(rng.choice(game.legal_actions(seat)), seat)
    assert found is not None and found.code == "secret-observed"
    message = str(found)
    assert message.startswith("secret-observed: si-se-pai-v1: seat ") and " at step " in message
    assert "differs in" in message


def test_the_battery_finds_it_too(asking_only_claimers):
    with pytest.raises(conformance.ConformanceError) as found:
        conformance.check_game(asking_only_claimers, SSP, conformance.Settings(seeds=(1, 2)))
    # Staged with its public card, such a game may already have passed the card on (view-leak).
    assert found.value.code in ("secret-observed", "view-leak")


def test_every_seat_asked_passes():
    report = conformance.check_game(registry.game("si-se-pai"), SSP, conformance.Settings(seeds=(1,)))
    assert report.checks["observed-pair"] and report.checks["observed-step"] > report.checks["observed-pair"]


def another_hand(seat):
    """A leaky reader: the next seat's hand, read behind the view's back."""
    return lambda view: [str(card) for card in view._game.hand((seat + 1) % view.players)]


def every_change(seat):
    """The version as the web server gave it before: one more for every change of the game, hidden ones too."""
    seen: list[object] = []

    def version(view):
        state = view._game.state()
        if not seen or seen[-1] != state:
            seen.append(state)
        return len(seen)

    return version


def test_a_reader_of_another_hand_is_named_with_the_seat_and_step():
    definition = registry.game("cicera")
    with pytest.raises(conformance.ConformanceError) as found:
        conformance.check_game(definition, load_variant("cicera", []),
                               conformance.Settings(seeds=(1,), streams=(another_hand,)))
    assert found.value.code == "secret-observed"
    assert "cicera: seat " in str(found.value) and "stream another_hand" in str(found.value)
    assert found.value.params["step"] == 0


def test_a_version_that_counts_hidden_answers_is_found():
    with pytest.raises(conformance.ConformanceError) as found:
        conformance.check_game(registry.game("si-se-pai"), SSP, conformance.Settings(seeds=(1,),
                                                                                   streams=(every_change,)))
    assert found.value.code == "hidden-event-seen" and "stream every_change" in str(found.value)


def test_the_web_servers_version_moves_only_with_what_the_seat_sees():
    from web_views import web_version

    definition = registry.game("si-se-pai")
    report = conformance.check_game(definition, SSP, conformance.Settings(seeds=(2,), players=(4,),
                                                                        streams=(web_version,)))
    assert report.checks["hidden-event"] and report.checks["observed-step"]
