"""Comparisons that mean something: warnings when a differing rule never
came into play or one way of ending dominates, the default table of mixed
player levels, and --robust (each level at every seat)."""

import json

import pytest
from typer.testing import CliRunner

from machiavelli.app import library, sim_figures
from machiavelli.app import sim_report, sim_seats
from machiavelli.cli import app
from machiavelli.core import registry
from machiavelli.core.simulate import GameSummary

runner = CliRunner()


def simulate_json(*args):
    result = runner.invoke(app, ["simulate", "--json", "-", "-q", "-j", "1", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def game(reason="went-out", **counts):
    base = {"rearranged": 0, "draws": 0, "restores": 0, "drawn": 0, "help_used": 0, "deck_emptied": 0}
    base.update(counts)
    return GameSummary(0, 0, reason, (0,), 0, 10, (0, 5), tuple(base.items()), 10)


def variant(name="bga", **update):
    v = library.load_variant(name, [])
    return v.model_copy(update={"name": name + "-x", **update}) if update else v


# -- rules that never came into play ---------------------------------------------------


def test_the_readme_example_with_greedy_seats_warns_that_nobody_restored():
    data = simulate_json("-V", "bga", "-V", "restore-3", "--seat", "greedy", "-n", "12", "--seed", "7")
    (warning,) = [w for w in data["warnings"] if w["code"] == "no-restores"]
    assert (warning["a"], warning["b"], warning["parameter"]) == ("bga", "restore-3", "restore_penalty")
    assert (warning["value_a"], warning["value_b"], warning["count"]) == (1, 3, "restores")
    result = runner.invoke(app, ["simulate", "-V", "bga", "-V", "restore-3", "--seat", "greedy", "-n", "12",
                                 "--seed", "7", "-j", "1", "-q"])
    assert result.exit_code == 0, result.output
    assert "nobody restored the table" in result.stdout and "restore_penalty (1 against 3)" in result.stdout


def test_help_cards_that_nobody_used_are_warned_of():
    a, b = variant(), variant(help_cards=4)
    (warning,) = sim_figures.not_in_play(a, b, [game()] * 3, [game()] * 3)
    assert (warning["code"], warning["parameter"], warning["value_a"], warning["value_b"]) == \
        ("no-help-cards-used", "help_cards", 0, 4)
    assert sim_figures.not_in_play(a, b, [game()] * 3, [game(help_used=2)] + [game()] * 2) == []


def test_deck_end_rules_are_warned_of_when_no_game_reached_the_deck_end():
    a = variant()
    b = variant(deck_runs_out="on-failed-draw", deck_out_winners="fewest-points")
    codes = [(w["code"], w["parameter"]) for w in sim_figures.not_in_play(a, b, [game()] * 2, [game()] * 2)]
    assert codes == [("deck-end-never-reached", "deck_runs_out"), ("deck-end-never-reached", "deck_out_winners")]
    emptied = [game(deck_emptied=1)]  # the deck emptied but play went on: the winners' rule never scored
    assert [w["parameter"] for w in sim_figures.not_in_play(a, b, emptied, [game()])] == ["deck_out_winners"]
    assert sim_figures.not_in_play(a, b, [game("deck-exhausted", deck_emptied=1)], [game()]) == []


def test_a_draw_count_nobody_drew_with_is_warned_of():
    a, b = variant(), variant(draw_count=2)
    (warning,) = sim_figures.not_in_play(a, b, [game()], [game()])
    assert (warning["code"], warning["count"]) == ("no-draws", "draws")
    assert sim_figures.not_in_play(a, b, [game(draws=1)], [game()]) == []


def test_rules_that_came_into_play_and_rules_without_a_count_give_no_warning():
    assert sim_figures.not_in_play(variant(), variant("restore-3"), [game(restores=1)], [game()]) == []
    assert sim_figures.not_in_play(variant(), variant("aces-wrap"), [game()], [game()]) == []


# -- one way of ending -----------------------------------------------------------------


@pytest.mark.parametrize("games, reason", [
    ([game()] * 20, "went-out"),
    ([game("deck-exhausted")] * 19 + [game()], "deck-exhausted"),
    ([game("deck-exhausted")] * 18 + [game()] * 2, None),
    ([game()] * 19 + [game("deck-exhausted")], None),
    ([game()] * 9, None),  # too few games to say
])
def test_games_that_nearly_all_end_one_way_name_the_players(games, reason):
    found = sim_figures.one_ending("bga", games, ["greedy"] * 4)
    assert [w["reason"] for w in found] == ([reason] if reason else [])
    for w in found:
        assert (w["code"], w["variant"], w["seats"], w["n"]) == ("one-ending", "bga", ["greedy"] * 4, len(games))
        text = sim_report.warning_text(w)
        assert "greedy" in text and "bga" in text


# -- the default table -----------------------------------------------------------------


def fake_levels(monkeypatch):
    bots = registry.bots()
    monkeypatch.setitem(registry._BOTS, "machiavelli", {
        **bots, "beginner": bots["random"], "casual": bots["greedy"], "club": bots["greedy"],
        "expert": bots["solver"]})


def test_default_seats_mix_the_levels_or_fall_back_to_one_bot(monkeypatch):
    fake_levels(monkeypatch)
    assert sim_seats.default_seats(4) == ["beginner", "casual", "club", "expert"]
    assert sim_seats.default_seats(2) == ["casual", "club"]
    assert sim_seats.default_seats(6)[4:] == ["beginner", "casual"]
    assert sim_seats.robust_levels() == list(sim_seats.LEVELS)
    monkeypatch.setitem(registry._BOTS, "machiavelli", {k: v for k, v in registry.bots().items()
                                                        if k not in sim_seats.LEVELS})
    assert sim_seats.default_seats(3) == [sim_seats.default_seat()] * 3 == ["greedy"] * 3
    assert sim_seats.robust_levels() == ["random", "greedy", "solver"]


# -- robust conclusions ----------------------------------------------------------------


def cell(difference, significant):
    return {"a": 1.0, "b": 1.0 + difference, "difference": difference, "p_adjusted": 0.01 if significant else 0.5,
            "significant": significant}


def test_a_difference_holds_only_when_significant_the_same_way_at_every_level():
    every = sim_figures.verdict({"beginner": cell(-3, True), "club": cell(-2, True), "expert": cell(-1, True)})
    assert (every["holds"], every["verdict"], every["direction"]) == (True, "every-level", -1)
    some = sim_figures.verdict({"beginner": cell(-3, True), "club": cell(-2, False), "expert": cell(1, False)})
    assert (some["holds"], some["verdict"], some["significant_at"], some["same_sign"]) == \
        (False, "some-levels", ["beginner"], False)
    both = sim_figures.verdict({"beginner": cell(-3, True), "club": cell(2, True), "expert": cell(0, False)})
    assert (both["verdict"], both["higher_at"], both["lower_at"], both["direction"]) == \
        ("opposite", ["club"], ["beginner"], 0)
    none = sim_figures.verdict({"beginner": cell(1, False), "club": cell(2, False), "expert": cell(3, False)})
    assert (none["holds"], none["verdict"], none["same_sign"]) == (False, "no-level", True)
    assert sim_report.verdict_text({**some, "direction": -1}) == "lower only for beginner"
    assert sim_report.verdict_text(every) == "lower at every level"


def test_robust_gathers_each_figure_of_each_level():
    def level_report(difference, significant):
        return {"comparisons": [{"a": "bga", "b": "restore-3", "figures": [
            {"figure": "turns", "kind": "mean", **cell(difference, significant), "p": 0.01}]}]}

    rows = sim_figures.robust({"beginner": level_report(2, True), "casual": level_report(3, True),
                               "club": level_report(1, True)})
    (row,) = rows
    assert (row["a"], row["b"], row["figure"], row["holds"]) == ("bga", "restore-3", "turns", True)
    assert list(row["per_level"]) == ["beginner", "casual", "club"]
    assert set(row["per_level"]["casual"]) == set(sim_figures.ROBUST_CELL)


def test_robust_runs_and_says_it_in_json(monkeypatch):
    data = simulate_json("-V", "bga", "-V", "restore-3", "-n", "3", "-p", "2", "--seed", "3", "--robust")
    levels = data["robust_levels"]
    assert len(levels) >= 3 and set(data["robust_warnings"]) == set(levels)
    assert data["robust"] and {r["figure"] for r in data["robust"]} >= {"turns", "restores_per_game"}
    for row in data["robust"]:
        assert list(row["per_level"]) == levels
        assert isinstance(row["holds"], bool) and row["verdict"] in ("every-level", "some-levels", "opposite",
                                                                     "no-level")
        for entry in row["per_level"].values():
            assert set(entry) == {"a", "b", "difference", "p_adjusted", "significant"}
    result = runner.invoke(app, ["simulate", "-V", "bga", "-V", "restore-3", "-n", "3", "-p", "2", "--seed", "3",
                                 "--robust", "-j", "1", "-q"])
    assert result.exit_code == 0, result.output
    assert "restore-3 against bga, at each level" in result.stdout and "Significant difference" in result.stdout
    result = runner.invoke(app, ["simulate", "-V", "bga", "--robust", "-n", "2", "-q"])
    assert result.exit_code != 0 and "--robust" in result.output


def test_a_one_line_house_rule_is_compared_with_its_parent_and_warned_about_when_never_in_play():
    data = simulate_json("-V", "bga", "-V", "bga(rearranging=free)", "--seat", "greedy", "-n", "6", "--seed", "3")
    assert [v["variant"] for v in data["variants"]] == ["bga", "bga.rearranging-free"]
    assert data["variants"][1]["parameters"]["rearranging"] == "free"
    codes = {(w["code"], w.get("parameter")) for w in data["warnings"]}
    assert ("no-rearrangements", "rearranging") in codes  # greedy never touches the table


def test_rearranging_rules_are_in_play_once_a_game_rearranged():
    a, b = variant(), variant(rearranging="free")
    assert not sim_figures.not_in_play(a, b, [game(rearranged=1)], [game()])
    assert sim_figures.not_in_play(a, b, [game()], [game()])[0]["code"] == "no-rearrangements"
