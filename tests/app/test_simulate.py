"""Mass simulation: reproducible per game, identical across --jobs and Dask,
records that replay, figures in the promised shapes, and comparisons that
flag a planted difference and nothing where there is none."""

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.games.machiavelli.actions import Action
from machiavelli.core import registry
from machiavelli.games.machiavelli.game import Game
from machiavelli.core.records import GameRecord
from machiavelli.core.simulate import GameSummary, Plan, game_seed, play_game, run_batch
from machiavelli.games.machiavelli.tally import Tally as _Tally
from machiavelli.app import sim_figures, sim_plot
from machiavelli.app import sim_csv, sim_labels, sim_report, sim_seats
from machiavelli.app import simulate as simulate_module
from machiavelli.app.simulate import batch_size, batches, run

runner = CliRunner()
SEAT = sim_seats.default_seat()


def cli(*args):
    return runner.invoke(app, list(args))


def simulate_json(*args):
    result = cli("simulate", "--json", "-", "-q", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# -- seeds and single games ------------------------------------------------------------


def test_game_seeds_are_fixed_numbers():
    # Golden values: a change here changes every published simulation.
    assert (game_seed(0, 0), game_seed(2024, 5)) == (3119036373970289394, 4591809280646859715)
    assert len({game_seed(s, i) for s in range(20) for i in range(500)}) == 20 * 500


@given(st.integers(0, 2**64), st.integers(0, 10**7))
def test_game_seeds_fit_63_bits(master, index):
    assert 0 <= game_seed(master, index) < 2**63


def test_a_summary_agrees_with_its_own_record(bga):
    s = play_game(bga, [SEAT] * 4, 12345, index=3, record=True)
    record = GameRecord.loads(s.record)
    game = record.replay()
    assert (s.index, s.seed, record.seed) == (3, 12345, 12345)
    assert game.outcome.winners == s.winners and game.outcome.reason == s.reason
    assert s.turns == game.turn_number and s.first == game.first
    assert s.cards_left == tuple(game.hand_size(seat) for seat in range(4))
    verbs = [a.verb for _, a in record.actions]
    penalties = sum(1 for entry in game.log if entry.penalty)
    assert s.restores == penalties and s.draws == verbs.count("draw") + verbs.count("restore") - penalties
    assert s.actions == len(record.actions)
    assert s.draws + s.restores + verbs.count("end") + (s.reason == "went-out") == s.turns


def test_rearranging_turns_are_those_that_leave_table_cards_moved(bga):
    parse = lambda text: bga.deck.parse_cards(text)  # noqa: E731
    game = Game.from_position(bga, [parse("9C KD 2H"), parse("2S 9H 4D")], table=[parse("5C 6C 7C 8C")],
                              deck=parse("3S 3H 3D 4S 4H"))
    tally = _Tally(game)
    script = [
        (0, "take 1 8C"), (0, "add 1 8C"), (0, "add 1 9C"), (0, "end"),   # moved and put back: rearranged
        (1, "draw"),                                                     # a draw
        (0, "take 1"), (0, "undo"), (0, "draw"),                        # undone back: a restore
        (1, "take 1 5C"), (1, "restore"),                                # restored: not rearranged
    ]
    for seat, text in script:
        tally(game.apply(Action.parse(text), seat))
    assert (tally.rearranged, tally.draws, tally.restores, tally.drawn) == (1, 1, 2, 3)


def test_the_tally_counts_help_cards_used_and_the_empty_deck(bga):
    variant = bga.model_copy(update={"help_cards": 2, "help_cards_refill": True})
    parse = lambda text: variant.deck.parse_cards(text)  # noqa: E731
    game = Game.from_position(variant, [parse("5C 6C KD"), parse("2S 9H 4D")], deck=parse("3S 3H"),
                              help=parse("7C QD"))
    tally = _Tally(game)
    script = [
        (0, "play 5C 6C 7C"), (0, "undo"), (0, "play 5C 6C 7C"), (0, "end"),  # one help card, refilled
        (1, "draw"),                                                          # the deck is empty now
    ]
    for seat, text in script:
        tally(game.apply(Action.parse(text), seat))
    counts = tally.counts()
    assert (counts["help_used"], counts["deck_emptied"]) == (1, 1)
    assert _Tally(Game.from_position(bga, [parse("5C 6C KD"), parse("2S 9H 4D")])).counts()["deck_emptied"] == 0


def test_batches_cover_every_game_once():
    for games in (1, 7, 100, 2001):
        for workers in (1, 2, 16):
            spans = batches(games, batch_size(games, workers))
            assert [i for a, b in spans for i in range(a, b)] == list(range(games))


def test_a_batch_plays_the_same_games_wherever_it_starts(bga):
    plan = Plan(bga, (SEAT,) * 3, master_seed=99)
    whole = run_batch(plan, 0, 6)
    parts = run_batch(plan, 0, 2) + run_batch(plan, 2, 6)
    assert whole == parts
    assert [g.seed for g in whole] == [game_seed(99, i) for i in range(6)]


def test_a_batch_collects_garbage_less_often_and_restores_the_thresholds(bga, monkeypatch):
    import gc

    from machiavelli.core import simulate as simulate_core

    seen = []

    class Watcher:
        def __init__(self, seed):
            pass

        def choose(self, view):
            seen.append(gc.get_threshold())
            raise RuntimeError("stop")

    monkeypatch.setitem(registry._BOTS, "machiavelli", {**registry.bots(), "watcher": Watcher})
    before = gc.get_threshold()
    try:
        gc.set_threshold(1234, 5, 6)
        run_batch(Plan(bga, ("watcher", "watcher"), 5), 0, 2)
        after = gc.get_threshold()
    finally:
        gc.set_threshold(*before)
    assert seen and all(t == simulate_core.BATCH_GC_THRESHOLDS for t in seen)
    assert after == (1234, 5, 6)


def test_a_failing_bot_names_its_game(bga, monkeypatch):
    class Broken:
        def __init__(self, seed):
            pass

        def choose(self, view):
            raise RuntimeError("confused")

    monkeypatch.setitem(registry._BOTS, "machiavelli", {**registry.bots(), "broken": Broken})
    out = run_batch(Plan(bga, ("broken", "broken"), 5), 4, 5)
    assert out[0].index == 4 and out[0].seed == game_seed(5, 4) and "confused" in out[0].error
    result = cli("simulate", "--seat", "broken", "-p", "2", "-n", "3", "--seed", "5", "-j", "1", "-q")
    assert result.exit_code == 1
    assert "seed" in result.stderr and "confused" in result.stderr and "Traceback" not in result.output


# -- the same figures whatever runs them ---------------------------------------------


ARGS = ("-V", "bga", "-V", "help-cards", "-n", "24", "--seed", "2024")


def test_figures_are_identical_for_one_and_two_jobs():
    one = simulate_json(*ARGS, "-j", "1")
    two = simulate_json(*ARGS, "-j", "2")
    assert one == two
    assert one["variants"][0]["games"] == 24


def test_every_bot_plays_the_same_games_in_another_process():
    # Spawned workers salt str hashes differently: a bot that iterates over
    # a set of cards would play other games there.
    mixed = ("-V", "bga", "-V", "help-cards", "-n", "6", "--seed", "77", "-p", "3",
             "--seat", "greedy", "--seat", "solver", "--seat", "random")
    assert simulate_json(*mixed, "-j", "1") == simulate_json(*mixed, "-j", "2")


def test_figures_are_identical_on_a_dask_cluster():
    import distributed

    with distributed.LocalCluster(processes=False, n_workers=2, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        on_dask = simulate_json(*ARGS, "--dask", cluster.scheduler_address)
    assert on_dask == simulate_json(*ARGS, "-j", "1")


def test_run_gives_games_in_order_and_reports_each_batch(bga):
    seen = []
    plan = Plan(bga, ("random",) * 2, 3)
    results = run([plan], 10, jobs=1, on_batch=lambda p, s: seen.extend(g.index for g in s))
    assert [g.index for g in results[0]] == list(range(10)) == sorted(seen)


# -- outputs ----------------------------------------------------------------------------


def test_json_shape():
    data = simulate_json("-V", "bga", "-V", "restore-3", "-n", "12", "--seed", "1", "-j", "1", "-p", "3")
    assert (data["format"], data["version"], data["games"], data["players"]) == ("machiavelli-simulation", 1, 12, 3)
    assert data["seats"] == sim_seats.default_seats(3)
    fig = data["variants"][0]
    assert fig["variant"] == "bga" and fig["parameters"]["restore_penalty"] == 1
    # Every ending of the game, reached or not: the keys do not depend on the games played.
    assert set(fig["ended"]) == {"went-out", "deck-exhausted", "blocked", "knocked"}
    assert sum(e["k"] for e in fig["ended"].values()) == 12
    assert [e["position"] for e in fig["win_share_by_position"]] == [1, 2, 3]
    assert sum(e["k"] for e in fig["win_share_by_position"]) == sum(e["k"] for e in fig["win_share_by_seat"])
    for entry in fig["win_share_by_position"] + [fig["joint_wins"], fig["rearranging_turns"]]:
        assert entry["low"] <= entry["share"] <= entry["high"]
    for key in ("turns", "cards_left_losers", "draws_per_game", "restores_per_game"):
        assert set(fig[key]) == {"n", "mean", "sd", "low", "high", "median", "p90", "min", "max"}
    assert fig["turns"]["min"] <= fig["turns"]["median"] <= fig["turns"]["p90"] <= fig["turns"]["max"]
    (comp,) = data["comparisons"]
    assert (comp["a"], comp["b"]) == ("bga", "restore-3")
    keys = [row["figure"] for row in comp["figures"]]
    assert keys[:2] == ["ended.went-out", "joint_wins"] and "win_share_by_position.3" in keys
    for row in comp["figures"]:
        assert set(row) == {"figure", "kind", "a", "b", "difference", "p", "p_adjusted", "significant",
                            "games_needed"}
        assert row["p"] <= row["p_adjusted"] <= 1
    assert isinstance(data["warnings"], list) and all("code" in w for w in data["warnings"])


def test_csv_files(tmp_path):
    figures, games = tmp_path / "figures.csv", tmp_path / "games.csv"
    result = cli("simulate", "-V", "bga", "-V", "aces-wrap", "-n", "8", "--seed", "4", "-j", "1", "-q",
                 "--csv", str(figures), "--games-csv", str(games), "--json", str(tmp_path / "all.json"))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(figures.read_text())))
    assert list(rows[0]) == list(sim_csv.FIGURE_COLUMNS)
    assert {r["variant"] for r in rows} == {"bga", "aces-wrap"}
    data = json.loads((tmp_path / "all.json").read_text())
    turns = next(r for r in rows if r["variant"] == "bga" and r["figure"] == "turns")
    assert float(turns["value"]) == pytest.approx(data["variants"][0]["turns"]["mean"])
    per_game = list(csv.DictReader(io.StringIO(games.read_text())))
    assert len(per_game) == 16 and list(per_game[0]) == ["variant", "index", "seed", "reason", "winners", "first",
                                                         "turns", "cards_left", "rearranged", "draws", "restores",
                                                         "drawn", "actions"]
    bga_turns = [int(r["turns"]) for r in per_game if r["variant"] == "bga"]
    assert sum(bga_turns) / 8 == pytest.approx(data["variants"][0]["turns"]["mean"])
    assert f"Wrote {figures}." in result.stdout


def test_records_replay_to_the_simulated_result(tmp_path):
    folder = tmp_path / "records"
    result = cli("simulate", "-V", "help-cards", "-n", "5", "--seed", "8", "-j", "2", "-q",
                 "--records", str(folder), "--games-csv", str(tmp_path / "games.csv"))
    assert result.exit_code == 0, result.output
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"help-cards-{i:06d}.json" for i in range(5)]
    rows = list(csv.DictReader(io.StringIO((tmp_path / "games.csv").read_text())))
    replayed = cli("replay", str(files[3]), "--json")
    assert replayed.exit_code == 0, replayed.output
    state = json.loads(replayed.stdout)
    assert state["seed"] == int(rows[3]["seed"]) == game_seed(8, 3)
    assert " ".join(map(str, state["result"]["winners"])) == rows[3]["winners"]
    assert state["result"]["reason"] == rows[3]["reason"]
    assert [len(h) for h in state["hands"]] == [int(n) for n in rows[3]["cards_left"].split()]
    # A second run must not overwrite them silently; --force may.
    again = cli("simulate", "-V", "help-cards", "-n", "5", "--seed", "9", "-j", "1", "-q", "--records", str(folder))
    assert again.exit_code == 2 and "help-cards-000000.json" in again.stderr
    assert json.loads(cli("replay", str(files[3]), "--json").stdout) == state
    assert cli("simulate", "-V", "help-cards", "-n", "5", "--seed", "9", "-j", "1", "-q", "--records", str(folder),
               "--force").exit_code == 0


def test_plot_is_a_png(tmp_path):
    if not sim_plot.available():
        pytest.fail("matplotlib is part of the [test] extra")
    out = tmp_path / "cmp.png"
    result = cli("simulate", "-V", "bga", "-V", "help-cards", "-n", "10", "--seed", "3", "-j", "1", "-q",
                 "--plot", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000


def test_robust_plot_adds_a_row_of_differences_per_level(tmp_path):
    plain, robust = tmp_path / "plain.png", tmp_path / "robust.png"
    args = ("simulate", "-V", "bga", "-V", "restore-3", "-n", "4", "--seed", "3", "-j", "1", "-q")
    assert cli(*args, "--plot", str(plain)).exit_code == 0
    result = cli(*args, "--robust", "--plot", str(robust))
    assert result.exit_code == 0, result.output
    from matplotlib.image import imread

    # The same width, a second row of charts below.
    h_plain, w_plain = imread(plain).shape[:2]
    h_robust, w_robust = imread(robust).shape[:2]
    assert w_robust == w_plain and h_robust > 1.5 * h_plain


def test_robust_rows_drawn_are_the_first_comparison_in_a_fixed_order():
    def row(a, b, figure):
        return {"a": a, "b": b, "figure": figure, "kind": "mean", "per_level": {}}

    rows = [row("bga", "x", "restores_per_game"), row("bga", "x", "joint_wins"), row("bga", "x", "turns"),
            row("bga", "y", "turns"), row("bga", "x", "ended.went-out")]
    drawn = sim_plot.robust_rows(rows)
    assert [(r["b"], r["figure"]) for r in drawn] == [("x", "turns"), ("x", "ended.went-out"),
                                                     ("x", "restores_per_game")]
    assert sim_plot.robust_rows([]) == []


def test_text_report_compares_side_by_side():
    result = cli("simulate", "-V", "bga", "-V", "restore-3", "-n", "10", "--seed", "3", "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seed 3" in out and "restore-3 against bga" in out and "Games needed" in out
    assert out.count("Wins: player 1 in turn order") == 3


# -- significance -------------------------------------------------------------------------


def _variant_file(tmp_path: Path, name: str, extra: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"name: {name}\nextends: bga\n{extra}")
    return str(path)


def test_a_planted_difference_is_significant_and_no_difference_is_not(tmp_path):
    small = _variant_file(tmp_path, "tiny-hands", "hand_size: 3\n")
    same = _variant_file(tmp_path, "bga-copy", "")
    data = simulate_json("-V", "bga", "-V", small, "-V", same, "-n", "60", "--seed", "11", "-j", "1",
                         "--seat", "random")
    planted, copy = data["comparisons"]
    rows = {r["figure"]: r for r in planted["figures"]}
    assert rows["turns"]["significant"]
    assert rows["draws_per_game"]["significant"] and rows["draws_per_game"]["difference"] > 0
    assert rows["turns"]["games_needed"] < 60
    # The same rules under another name play the very same games.
    assert not any(r["significant"] for r in copy["figures"])
    assert all(r["difference"] in (0, None) and r["games_needed"] is None for r in copy["figures"])


def test_compare_flags_only_what_differs():
    def summary(i, winner, turns):
        return GameSummary(i, i, "deck-exhausted", (winner,), 0, turns, (1, 2, 3, 4), (), 0)

    seats = ["random"] * 4
    even = [summary(i, i % 4, 50 + i % 7) for i in range(2000)]
    first = [summary(i, 0 if i % 2 else i % 4, 50 + i % 7) for i in range(2000)]
    report = sim_figures.report([("even", even), ("first", first)], seats)
    rows = {r["figure"]: r for r in report["comparisons"][0]["figures"]}
    assert rows["win_share_by_position.1"]["significant"]
    assert rows["win_share_by_position.1"]["difference"] == pytest.approx(0.75 - 0.25)
    assert not rows["turns"]["significant"] and rows["turns"]["games_needed"] is None


# -- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("args, words", [
    (("-n", "0"), "--games"),
    (("--seat", "nobody"), "nobody"),
    (("-p", "9"), "bga"),
    (("--seat", "random", "--seat", "random", "-p", "3"), "3"),
    (("--json", "-", "--csv", "-"), "standard output"),
    (("-V", "bga", "-V", "bga"), "bga"),
    (("-V", "no-such-variant"), "no-such-variant"),
    (("--json", "/no/such/folder/out.json"), "/no/such/folder/out.json"),
    (("-j", "0"), "--jobs"),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    result = cli("simulate", "-n", "2", "-q", *args) if "-n" not in args else cli("simulate", "-q", *args)
    assert result.exit_code == 2, result.output
    assert words in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_missing_extra_names_it(monkeypatch, tmp_path):
    monkeypatch.setattr(sim_plot, "available", lambda: False)
    result = cli("simulate", "-n", "2", "-q", "--plot", str(tmp_path / "x.png"))
    assert result.exit_code == 2 and "machiavelli-variants[plot]" in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_an_unreachable_cluster_is_one_line(monkeypatch):
    monkeypatch.setattr(simulate_module, "DASK_CONNECT_TIMEOUT", "1s")
    result = cli("simulate", "-n", "2", "-q", "--dask", "tcp://127.0.0.1:1")
    assert result.exit_code == 1 and "127.0.0.1:1" in result.stderr and "Traceback" not in result.output


def test_one_game_is_reported_but_proves_nothing():
    data = simulate_json("-V", "bga", "-V", "restore-3", "-n", "1", "--seed", "3", "-j", "1")
    assert data["variants"][0]["turns"]["sd"] is None
    assert not any(row["significant"] for row in data["comparisons"][0]["figures"])


def test_set_applies_to_every_variant_and_mixed_seats_are_reported_by_seat(monkeypatch):
    from machiavelli.games.machiavelli.bots import RandomBot

    monkeypatch.setitem(registry._BOTS, "machiavelli", {**registry.bots(), "other": RandomBot})
    data = simulate_json("-V", "bga", "-V", "restore-3", "--set", "aces=wrap", "-n", "6", "--seed", "2", "-j", "1",
                         "--seat", "random", "--seat", "other", "--seat", "random")
    assert data["settings"] == ["aces=wrap"] and data["players"] == 3
    assert [v["parameters"]["aces"] for v in data["variants"]] == ["wrap", "wrap"]
    assert [e["player"] for e in data["variants"][0]["win_share_by_seat"]] == ["random", "other", "random"]
    keys = [row["figure"] for row in data["comparisons"][0]["figures"]]
    assert "win_share_by_seat.1" in keys


def test_plot_labels_are_in_the_language_shaped_and_wrapped():
    """Arabic labels reach matplotlib joined (presentation forms) and in
    display order, not in English; a long Italian title is wrapped, not cut."""
    from machiavelli.core import i18n

    i18n.use_language("ar", environ={})
    label = sim_plot._label("wins", sim_plot.TITLE_WIDTH)
    assert "Win share" not in label
    assert any("\ufe70" <= ch <= "\ufeff" for ch in label)  # letters joined by arabic-reshaper
    i18n.use_language("it", environ={})
    title = sim_plot._label("wins", sim_plot.TITLE_WIDTH)
    assert "\n" in title and all(len(line) <= sim_plot.TITLE_WIDTH for line in title.splitlines())
    assert title.replace("\n", " ") == i18n._(sim_plot.LABELS["wins"])


def test_arabic_plot_labels_mirror_brackets():
    """In display order the logical closing bracket of a right-to-left
    line is drawn at its left end as an opening one (rule L4), so the
    label's first character is "(" and its last is ")"."""
    from machiavelli.core import i18n

    i18n.use_language("ar", environ={})
    text = "نسبة الفوز (مجال 95%)"
    shown = sim_plot.drawn(text)
    assert shown[0] == "(" and not shown.endswith(")")
    assert shown.index("(") < shown.index(")")


def test_simulate_reports_penalty_points_when_the_variant_scores_them():
    from machiavelli.app.sim_figures import figures
    from machiavelli.app.library import load_variant as load
    from machiavelli.core.records import GameRecord as Record

    variant = load("bga(scoring=cards-left)")
    games = [play_game(variant, ["greedy"] * 3, seed, index=seed, record=True) for seed in range(4)]
    fig = figures("house", ["greedy"] * 3, games)
    expected = [[0.0] * 4 for _ in range(3)]
    for k, s in enumerate(games):
        game = Record.loads(s.record).replay()
        for seat in range(3):
            expected[s.position(seat)][k] = game.hand_size(seat)  # cards-left: one point a card
    assert [row["mean"] for row in fig["points_by_position"]] == pytest.approx([sum(r) / 4 for r in expected])
    plain = figures("bga", ["greedy"] * 3, [play_game(load("bga"), ["greedy"] * 3, 1)])
    assert "points_by_position" not in plain


def test_games_csv_on_standard_output_is_nothing_but_the_csv():
    import csv
    import io

    result = runner.invoke(app, ["simulate", "-V", "bga", "--games", "3", "--seed", "1", "--jobs", "1",
                                 "--seat", "greedy", "--games-csv", "-"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 3 and all(row["variant"] == "bga" for row in rows), result.stdout[:300]
    both = runner.invoke(app, ["simulate", "-V", "bga", "--games", "3", "--seed", "1", "--jobs", "1",
                               "--seat", "greedy", "--games-csv", "-", "--json", "-"])
    assert both.exit_code == 2 and "--games-csv" in both.output


@pytest.mark.parametrize("variant", ["cicera", "si-se-pai"])
def test_robust_csv_and_plot_work_for_every_game(variant, tmp_path):
    """Once refused for games of points ("compare Machiavelli's figures"):
    every game is compared, written as CSV and drawn, on its own endings."""
    from machiavelli.core import registry

    out = {name: tmp_path / name for name in ("figures.csv", "games.csv", "all.json", "cmp.png")}
    result = cli("simulate", "-V", variant, "-V", variant + "(hand_size=8)", "-n", "3", "--seed", "5", "-j", "1",
                 "-q", "--robust", "--csv", str(out["figures.csv"]), "--games-csv", str(out["games.csv"]),
                 "--json", str(out["all.json"]), "--plot", str(out["cmp.png"]))
    assert result.exit_code == 0, result.output
    endings = [str(t) for t in registry.game(variant).terminations]
    data = json.loads(out["all.json"].read_text())
    fig = data["variants"][0]
    assert list(fig["ended"]) == endings and fig["teams"] and "per_deal" in fig
    (comp,) = data["comparisons"]
    keys = [row["figure"] for row in comp["figures"]]
    assert keys[0] == "ended." + endings[0] and "teams.1.points" in keys and "turns" in keys
    assert data["robust_levels"] == sim_seats.robust_levels(variant) and len(data["robust_levels"]) >= 2
    assert {"turns", "ended." + endings[0], "teams.1.points"} <= {r["figure"] for r in data["robust"]}
    rows = list(csv.DictReader(io.StringIO(out["figures.csv"].read_text())))
    assert {r["figure"] for r in rows} >= {"ended." + e for e in endings} | {"teams.1.wins", "turns"}
    per_game = list(csv.DictReader(io.StringIO(out["games.csv"].read_text())))
    assert len(per_game) == 6 and "points" in per_game[0] and "rearranged" not in per_game[0]
    assert out["cmp.png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = result.stdout
    assert "against " + variant in text and "at each level" in text and "Ended: " + endings[0] not in text


def test_a_game_that_adds_nothing_is_reported_from_its_endings_and_counts(monkeypatch):
    """A game whose presentation has no simulate hook: its Termination
    values and its tally's counts, named by their codes."""
    from dataclasses import replace

    from machiavelli.core import registry

    cicera = registry.game("cicera")
    plain = replace(cicera, presentation=lambda: replace(cicera.presentation(), simulate=None), count_label=None)
    monkeypatch.setitem(registry._GAMES, "cicera", plain)
    result = cli("simulate", "-V", "cicera", "-V", "cicera(hand_size=8)", "-n", "2", "--seed", "1", "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert "Ended: higher-total" in result.stdout and "Ended: drawn-deal" in result.stdout
    assert "scopa" in result.stdout and "cicera(hand_size=8)" not in result.stdout
    figures = sim_figures.of_game("cicera")
    assert figures.endings == ("higher-total", "drawn-deal") and not figures.report.figures


def test_each_game_names_its_endings_and_warns_by_its_own_thresholds():
    from machiavelli.core import i18n

    def deal(reason, winners=(0, 2)):
        return GameSummary(0, 0, reason, winners, 0, 40, (0, 0, 0, 0), (), 40, teams=((0, 2), (1, 3)), points=(9, 4))

    cicera = sim_figures.of_game("cicera")
    assert cicera.endings == ("higher-total", "drawn-deal")
    # Nearly every deal won outright is what Cicera's players should do: no warning.
    assert sim_figures.one_ending("cicera", [deal("higher-total")] * 20, ["partner"] * 4, cicera) == []
    (warning,) = sim_figures.one_ending("cicera", [deal("drawn-deal", (0, 1, 2, 3))] * 20, ["random"] * 4, cicera)
    assert warning["reason"] == "drawn-deal"
    i18n.use_language("it", environ={})
    try:
        assert "i totali erano uguali" in sim_report.warning_text(warning, spec=cicera)
        assert sim_labels.figure_label("ended.drawn-deal", ["random"] * 4, cicera) == \
            "Fine: smazzata pari (totali uguali)"
    finally:
        i18n.use_language("en", environ={})
    fig = sim_figures.figures("cicera", ["random"] * 4, [deal("higher-total"), deal("drawn-deal", (0, 1, 2, 3))],
                              cicera)
    assert fig["joint_wins"]["k"] == 1 == fig["drawn"]["k"] and fig["teams"][0]["wins"]["k"] == 1
    machiavelli = sim_figures.of_game()
    assert machiavelli.endings == ("went-out", "deck-exhausted", "blocked", "knocked")
    assert [f.key for f in machiavelli.report.figures] == ["rearranging_turns", "draws_per_game", "restores_per_game"]
