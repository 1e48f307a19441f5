"""Why a refused action was refused, as the terminal and the web page say it (app/reasons.py)."""

import pytest

from machiavelli.games.machiavelli.present.reasons import rejection
from machiavelli.core.errors import IllegalAction
from machiavelli.games.machiavelli.actions import Action
from engine_checks import position, run


def refusal(game, text):
    with pytest.raises(IllegalAction) as caught:
        game.apply(Action.parse(text))
    return caught.value


def show(cards):
    return "<" + " ".join(sorted(str(c) for c in cards)) + ">"


def test_an_invalid_table_names_every_invalid_meld_in_the_screen_s_cards(bga):
    game = position(bga, ["8C 2S", "KH KD"], "6C 6D 6H | 7C 7D 7H", deck="9S 9H")
    run(game, "take 1 6C", "take 2 7C", "play 6C 7C 8C")
    lines = rejection(game.view(0), refusal(game, "end"), show)
    assert lines[:2] == ["Meld 1 (<6D 6H>) is not valid: there are too few cards.",
                         "Meld 2 (<7D 7H>) is not valid: there are too few cards."]
    assert [line.split(" ")[1] for line in lines[2:]] == ["undo", "type"], "then the ways out"


def test_cards_taken_and_left_in_hand_are_named_before_the_melds(bga):
    game = position(bga, ["8C 2S", "KH KD"], "6C 6D 6H 6S | 9C 10C JC", deck="9S 9H")
    run(game, "take 1 6C", "play 8C")
    lines = rejection(game.view(0), refusal(game, "end"), show)
    assert lines[0] == "Cards taken from the table must go back first: <6C>."
    assert lines[1:2] == ["Meld 3 (<8C>) is not valid: there are too few cards."]


def test_other_refusals_show_their_cards_as_the_screen_does(bga):
    game = position(bga, ["4C 5C KD", "2H 3H"], "")
    run(game, "play 4C 5C")
    lines = rejection(game.view(0), refusal(game, "draw"), show)
    assert len(lines) == 1 and "<4C 5C>" in lines[0]


# -- what went wrong with a variant, a record or a file: said in the user's language ------------------------------

def _refusal(load):
    from machiavelli.core.errors import MachiavelliError

    with pytest.raises(MachiavelliError) as caught:
        load()
    return caught.value


def _bad_inputs(tmp_path):
    from machiavelli.app.library import load_variant
    from machiavelli.app.saves import read_record

    files = {
        "twice.yaml": "extends: bga\naces: wrap\naces: low\n",
        "list.yaml": "- a\n- b\n",
        "alias.yaml": "extends: bga\nx: &a 1\ny: *a\n",
        "tag.yaml": "extends: bga\nx: !!str 1\n",
        "outside.yaml": "extends: ../other\n",
        "unnamed.yaml": "extends: [1]\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "binary.yaml").write_bytes(b"\xff\xfe")
    (tmp_path / "big.yaml").write_text("a: " + "x" * 70_000)
    (tmp_path / "folder.yaml").mkdir()
    (tmp_path / "empty.json").write_text("")
    (tmp_path / "text.json").write_text("hello")
    (tmp_path / "other.json").write_text('{"format": "x"}')
    loads = [lambda: load_variant("bga(hand_size=13, aces=wrap", []),
             lambda: load_variant("bga(hand_size)", []),
             lambda: load_variant("bga(aces=[low)", []),
             lambda: load_variant("bga", ["aces"]),
             lambda: load_variant("bga", ["aces=&a x"])]
    loads += [lambda p=tmp_path / name: load_variant(str(p), []) for name in
              [*files, "binary.yaml", "big.yaml", "folder.yaml"]]
    loads += [lambda p=tmp_path / name: read_record(p) for name in ["empty.json", "text.json", "other.json",
                                                                    "folder.yaml"]]
    return loads


@pytest.mark.parametrize("lang", ["it", "de", "uk", "zh_Hans"])
def test_what_is_wrong_with_a_variant_a_record_or_a_file_is_said_in_the_users_language(lang, tmp_path):
    from machiavelli.core.reasons import describe
    from machiavelli.core import i18n

    for load in _bad_inputs(tmp_path):
        error = _refusal(load)
        detail = str(error.params.get("detail", ""))
        assert detail, error                  # the kernel says it in English (logs, JSON)
        i18n.use_language(lang, environ={})
        try:
            said = describe(error)
        finally:
            i18n.use_language("en", environ={})
        english = [w for w in detail.replace(",", " ").split() if w.isalpha() and len(w) > 3
                   and w not in ("YAML", "UTF-8", "JSON", "bga", "aces", "wrap", "hand_size", "extends",
                   "file")]  # Italian says file too
        assert not [w for w in english if w in said.split()], (detail, said)


def _hostile_records(tmp_path):
    """Records damaged in their fields, their variant or their actions."""
    import json as _json

    from machiavelli.app.library import load_variant
    from machiavelli.app.saves import named, read_record
    from machiavelli.core import registry
    from machiavelli.core.records import GameRecord, Seat

    game = registry.game("machiavelli").new_game(load_variant("bga", []), 2, 5)
    good = _json.loads(GameRecord.of(game, [Seat("human"), Seat("random")]).dumps())
    first = game.to_move()[0]
    damaged = {
        "variant.json": {**good, "variant": "nope"},
        "seed.json": {**good, "seed": "abc"},
        "seats.json": {**good, "seats": []},
        "seat.json": {**good, "actions": [{"seat": 7, "action": "draw"}]},
        "result.json": {**good, "result": {"winners": [0], "reason": "nope"}},
        "rules.json": {**good, "variant": {**good["variant"], "hand_size": "abc"}},
        "turn.json": {**good, "actions": [{"seat": 1 - first, "action": "draw"}]},
        "card.json": {**good, "actions": [{"seat": first, "action": "play ZZ"}]},
    }
    for name, data in damaged.items():
        (tmp_path / name).write_text(_json.dumps(data))
    def replayed(path):
        with named(path):            # as replay and play --load name the file
            return read_record(path).replay()

    return [lambda p=tmp_path / name: replayed(p) for name in damaged]


@pytest.mark.parametrize("lang", ["it", "de", "uk"])
def test_what_is_wrong_with_a_record_s_fields_and_actions_is_said_in_the_users_language(lang, tmp_path):
    from machiavelli.core.reasons import describe
    from machiavelli.core import i18n

    for load in _hostile_records(tmp_path):
        error = _refusal(load)
        english = describe(error)
        words = {w.strip(".,:;()") for w in english.split(": ", 1)[-1].split()}
        words = {w for w in words if w.isalpha() and len(w) > 3 and w not in (
            "nope", "draw", "play", "abc", "variant", "seed", "seats", "actions", "seat", "action", "result",
            "reason", "winners", "hand_size", "blocked", "knocked")}   # what was typed, the record's fields and codes
        assert words, english
        i18n.use_language(lang, environ={})
        try:
            said = describe(error)
        finally:
            i18n.use_language("en", environ={})
        assert not words & {w.strip(".,:;()") for w in said.split()}, (english, said)


def test_more_problems_point_to_variants_validate_only_when_it_would_list_them(tmp_path):
    from machiavelli.app.library import load_variant
    from machiavelli.core.reasons import describe

    house = tmp_path / "house.yaml"
    house.write_text("extends: bga\nhand_size: 1000\nplayers: {min: 5, max: 2}\n")
    said = describe(_refusal(lambda: load_variant(str(house), [])))
    assert f"(and 1 more problem: run machiavelli variants validate {house})" in said
    # A shipped name with --set: variants validate takes files, and would not see the --set.
    for load in (lambda: load_variant("bga", ["game=cicera"]), lambda: load_variant(str(house), ["decks=0"])):
        said = describe(_refusal(load))
        assert "more problem" in said and "variants validate" not in said, said


def test_another_games_refused_action_in_a_record_is_said_by_that_game(tmp_path):
    import json as _json

    from machiavelli.app.library import load_variant
    from machiavelli.core.reasons import describe
    from machiavelli.app.saves import named, read_record
    from machiavelli.core import i18n
    from machiavelli.core.records import GameRecord, Seat
    from machiavelli.games.cicera.game import Game

    game = Game(load_variant("cicera", []), 4, 5)
    data = _json.loads(GameRecord.of(game, [Seat("random")] * 4).dumps())
    held = {game.variant.deck.card_text(c) for c in game.hand(game.to_move()[0])}
    missing = next(f"{r}{s}" for s in "DCSB" for r in ("A", "2", "3", "4", "5", "6", "7") if f"{r}{s}" not in held)
    data["actions"] = [{"seat": game.to_move()[0], "action": f"play {missing}"}]
    path = tmp_path / "deal.json"
    path.write_text(_json.dumps(data))

    def replayed():
        with named(path):
            return read_record(path).replay()

    error = _refusal(replayed)
    i18n.use_language("it", environ={})
    try:
        said = describe(error)
    finally:
        i18n.use_language("en", environ={})
    assert "card-not-in-hand" not in said and missing in said, said
