"""Seeds that keep the hands secret: 128 random bits, derived seeds that
do not give the game's seed back, records of any seed, old records
unchanged."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from machiavelli.app import match
from machiavelli.cli import app
from machiavelli.core import registry, seeds
from machiavelli.core.bots import bot_seed
from machiavelli.core.records import GameRecord, Seat

from suite_paths import GOLDEN


def test_new_seeds_have_128_random_bits():
    drawn = [seeds.new_seed() for _ in range(64)]
    assert len(set(drawn)) == 64 and all(0 <= s < 1 << 128 for s in drawn)
    # Every one of the 128 bits is set in some seed and clear in another.
    assert all(any(s >> b & 1 for s in drawn) and not all(s >> b & 1 for s in drawn) for b in range(128))


def test_seeds_derived_from_a_secret_seed_are_hashed_not_arithmetic():
    secret = seeds.new_seed() | seeds.LEGACY_BELOW
    bots = [bot_seed(secret, s) for s in range(4)]
    deals = [match.deal_seed(secret, d) for d in range(1, 4)]
    games: list[int] = []  # simulated games keep 63-bit SplitMix64 seeds: nothing is hidden among computers
    # No difference between neighbours repeats (as it would with a linear formula), and all differ.
    assert len({b - a for a, b in zip(bots, bots[1:])}) == 3
    assert len(set(bots + deals + [secret])) == 8
    assert all(x.bit_length() > 64 for x in bots + deals + games)


def test_small_seeds_derive_as_before_so_old_games_and_transcripts_replay():
    assert bot_seed(2026, 1) == 2026013998  # the playthroughs' header
    assert match.deal_seed(5, 1) == (5 * 1_000_003 + 7_919 + 17) % (1 << 63)


def test_a_record_of_a_secret_seed_round_trips_and_replays():
    from machiavelli.app import library

    definition = registry.game("si-se-pai")

    variant = library.load_variant(definition.default_variant, [])
    seed = (1 << 128) - 3
    game = definition.new_game(variant, 4, seed)
    record = GameRecord.of(game, [Seat("random")] * 4)
    again = GameRecord.loads(record.dumps())
    assert again.seed == seed and json.loads(record.dumps())["seed"] == seed
    assert again.replay().state() == game.state()


def test_the_golden_records_of_32_bit_seeds_still_replay_to_their_results():
    for path in sorted(GOLDEN.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        if json.loads(text).get("format") != "machiavelli-game-record":
            continue
        record = GameRecord.loads(text)
        assert record.seed < 1 << 32 and record.replay().outcome == record.result, path.name


def test_play_with_a_person_keeps_the_seed_it_was_not_given_to_itself():
    runner = CliRunner()
    result = runner.invoke(app, ["play", "--seat", "human", "--seat", "random", "--players", "2"], input="quit\n")
    assert "seed" not in result.stdout.split("\n")[0], result.stdout
    chosen = runner.invoke(app, ["play", "--seed", "7", "--seat", "human", "--seat", "random", "--players", "2"],
                           input="quit\n")
    assert "seed 7" in chosen.stdout
