"""The Cross of the Greek Makiaveli (issue 28): four face-up cards around
the deck, completed into melds with hand cards, never replaced; the
`makiaveli` variant that lays it, played by people's rules and by every
computer player, recorded and replayed."""

from __future__ import annotations

import pytest

from machiavelli.app.library import load_variant
from machiavelli.core import registry
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.core.errors import VariantError
from machiavelli.core.records import GameRecord, Seat
from machiavelli.core.variant import differences
from machiavelli.games.machiavelli import moves
from machiavelli.games.machiavelli.actions import Play
from machiavelli.games.machiavelli.cross import is_cross, laid_at_deal, replaced
from machiavelli.games.machiavelli.game import Game


@pytest.fixture(scope="module")
def makiaveli():
    return load_variant("makiaveli")


def cards(v, text):
    return v.deck.parse_cards(text)


def test_makiaveli_differs_from_the_classic_game_by_the_cross_only(makiaveli):
    keys = [key for key, _, _ in differences(makiaveli, load_variant("classic"))]
    assert keys == ["help_cards_use", "cross"]


def test_the_cross_is_four_face_up_cards_never_replaced(makiaveli):
    assert laid_at_deal(makiaveli) == 4 and not replaced(makiaveli) and is_cross(makiaveli)
    helped = load_variant("help-cards")
    assert laid_at_deal(helped) == 4 and replaced(helped) and not is_cross(helped)
    assert not is_cross(None)  # a story told without its variant speaks of help cards


@pytest.mark.parametrize("bad, said", [
    ("cross=3", "expected one of 0, 4, got 3"), ("cross=all", "expected one of 0, 4"),
    ("help_cards=2", "the Cross and help cards cannot both be laid"),
])
def test_the_cross_is_validated(bad, said):
    with pytest.raises(VariantError) as info:
        load_variant("makiaveli", [bad])
    assert said in str(info.value)


def test_a_cross_needs_cards_to_be_laid():
    # 8 players of 13 take all 104 cards: no room for the Cross.
    with pytest.raises(VariantError):
        load_variant("makiaveli", ["hand_size=13"])


def test_the_solver_may_use_cross_cards_and_need_not_use_them_all(makiaveli):
    v = makiaveli
    plan = moves.best(v, [cards(v, "2S 3S 4S")], cards(v, "JS JH 9D"), cards(v, "JD 5H 9S QC"))
    played = [a for a in plan.actions if isinstance(a, Play)]
    assert played and {c for a in played for c in a.help} == set(cards(v, "JD"))


@pytest.mark.parametrize("player", sorted(registry.bots("machiavelli")))
def test_every_computer_player_plays_makiaveli_to_the_end(makiaveli, player):
    used = 0
    for seed in range(3):
        game = Game(makiaveli, 3, seed)
        outcome = play_out(game, [make_bot(player, bot_seed(seed, s)) for s in range(3)])
        assert outcome is not None and outcome.winners
        assert all(e.laid == () for e in game.log)  # the Cross is never refilled
        used += 4 - len(game.help_cards)
    if player not in ("random",):
        assert used > 0, "a computer player that never completes a Cross card"


def test_a_recorded_makiaveli_game_replays_to_the_same_end(makiaveli):
    game = Game(makiaveli, 3, 11)
    play_out(game, [make_bot("club", bot_seed(11, s)) for s in range(3)])
    text = GameRecord.of(game, [Seat("club")] * 3).dumps()
    again = GameRecord.loads(text).replay()
    assert again.state() == game.state() and again.help_cards == game.help_cards


def test_the_seat_views_show_the_cross_to_everyone(makiaveli):
    game = Game(makiaveli, 3, 4)
    assert all(game.view(s).help_cards == game.help_cards for s in range(3))


def test_the_variants_diff_command_lists_the_cross():
    from typer.testing import CliRunner

    from machiavelli.cli import app

    result = CliRunner().invoke(app, ["variants", "diff", "makiaveli", "classic"])
    assert result.exit_code == 0, result.output
    listed = result.stdout.split("The rules that read differently")[0]
    assert "cross" in listed and "help_cards_use" in listed and "hand_size" not in listed

