import pytest

from machiavelli.core.errors import VariantError
from machiavelli.core.variant import parse_override, resolve
from machiavelli.core.variant_yaml import MAX_VARIANT_BYTES
from machiavelli.games.machiavelli.variant import MachiavelliVariant as Variant
from machiavelli.app.library import _schema
from machiavelli.app.library import load_variant, shipped_names


def fetch_from(files):
    def fetch(name):
        if name not in files:
            raise VariantError("unknown-variant", file=name, path="", line=None, detail="no such variant")
        return files[name], name
    return fetch


def load(text, files=None, overrides=()):
    return resolve(text, "user.yaml", fetch_from(files or {}), default_name="user", overrides=overrides,
                   schemas=_schema)


def error_of(text, files=None, overrides=()):
    with pytest.raises(VariantError) as info:
        load(text, files, overrides)
    return info.value.params


EXPECTED_SHIPPED = {
    "bga": dict(decks=2, hand_size=15, aces="low-or-high", restore_penalty=1, help_cards=0, extends=None),
    "classic": dict(decks=2, aces="low-or-high", restore_penalty=3, help_cards=0, extends=None),
    "help-cards": dict(hand_size=6, help_cards=4, restore_penalty=3, extends="classic"),
    "restore-3": dict(hand_size=15, restore_penalty=3, aces="low-or-high", extends="bga"),
    "aces-low": dict(aces="low", restore_penalty=1, extends="bga"),
    "aces-high": dict(aces="high", restore_penalty=1, extends="bga"),
    "aces-wrap": dict(aces="wrap", restore_penalty=1, extends="bga"),
    "thirty-six": dict(opening="points", opening_points=36, rearrange_before_opening=False, hand_size=15,
                       extends="bga"),
    "italian-13": dict(hand_size=13, opening="none", restore_penalty=1, extends="bga"),
    "physical-table": dict(restore_penalty=3, rearranging="with-hand-card", extends="classic"),
}


def test_every_required_variant_is_shipped():
    assert set(EXPECTED_SHIPPED) <= set(shipped_names())


@pytest.mark.parametrize("name", sorted(EXPECTED_SHIPPED))
def test_shipped_variant_values(name):
    variant = load_variant(name)
    assert variant.name == name
    for key, value in EXPECTED_SHIPPED[name].items():
        assert getattr(variant, key) == value, key
    assert variant.jokers == 0
    for lang in ("en", "it", "tr", "uk", "ar"):
        assert variant.text("description", lang)[1] == lang


def test_classic_deals_fewer_cards_to_more_than_five_players():
    classic = load_variant("classic")
    assert [classic.hand_size_for(n) for n in range(2, 6)] == [15] * 4
    sizes = [classic.hand_size_for(n) for n in range(6, classic.players.max + 1)]
    assert all(3 <= s < 15 for s in sizes) and sizes == sorted(sizes, reverse=True)


def test_defaults_are_board_game_arena():
    assert load("").parameters() | {"name": "bga"} == load_variant("bga").parameters() | {
        "title": {}, "description": {}, "notes": {}}


def test_extends_overrides_only_what_it_names():
    parent = "name: base\ndecks: 3\naces: high\nrestore_penalty: 2\ndescription: parent text\n"
    child = load("extends: base\naces: wrap\n", {"base": parent})
    assert (child.decks, child.aces, child.restore_penalty) == (3, "wrap", 2)
    assert child.extends == "base"
    assert child.name == "user"  # names and descriptions are not inherited
    assert child.description == {}


def test_extends_merges_nested_keys_and_can_drop_a_meld_kind():
    child = load("melds:\n  run:\n    max_size: 8\n")
    assert child.melds["run"].max_size == 8 and child.melds["run"].min_size == 3
    assert child.melds["run"].sequence and "set" in child.melds
    no_sets = load("melds: {set: null}")
    assert list(no_sets.melds) == ["run"]


def test_set_overrides_like_extends():
    variant = load("aces: high", overrides=["restore_penalty=3", "aces=wrap", "players.max=4"])
    assert (variant.restore_penalty, variant.aces, variant.players.max) == (3, "wrap", 4)
    assert load_variant("bga", ["restore_penalty=3", "aces=wrap"]).aces == "wrap"


def test_set_values_are_typed():
    assert parse_override("help_cards_refill=false") == (("help_cards_refill",), False)
    assert parse_override("hand_size=12") == (("hand_size",), 12)
    assert parse_override("melds.set.max_size=4") == (("melds", "set", "max_size"), 4)


@pytest.mark.parametrize("bad", ["aces", "=3", "a..b=1", ""])
def test_malformed_set(bad):
    with pytest.raises(VariantError) as info:
        parse_override(bad)
    assert info.value.code == "bad-override"


def test_set_errors_name_the_override():
    params = error_of("", overrides=["aces=sideways"])
    assert params["file"] == "--set aces=sideways" and params["path"] == "aces"


@pytest.mark.parametrize(
    "text, path, line",
    [
        ("decks: 2\ncolour: blue\n", "colour", 2),                        # unknown key
        ("decks: two\n", "decks", 1),                                     # wrong type
        ("decks: 0\n", "decks", 1),                                       # impossible value
        ("\n\nhand_size: 0\n", "hand_size", 3),                           # a hand of 0 cards
        ("hand_size: 40\n", "hand_size", 1),                              # deck too small
        ("decks: 1\nhelp_cards: 4\nhand_size: 13\nplayers: {max: 4}\n", "hand_size", 3),
        ("melds:\n  set:\n    min_size: 5\n    max_size: 4\n", "melds.set.min_size", 3),
        ("players:\n  min: 6\n  max: 3\n", "players.min", 2),
        ("aces: sideways\n", "aces", 1),
        ("melds:\n  run:\n    sequense: true\n", "melds.run.sequense", 3),  # typo in a nested key
        ("hand_size: {2: 15, 3: 15}\n", "hand_size", 1),                 # no size for 4 and 5 players
        ("\nhand_size: abc\n", "hand_size", 2),                            # neither member of a union
        ("hand_size: {2: 15, 3: x}\n", "hand_size.3", 1),                # the member the value's shape is
    ],
)
def test_errors_name_file_key_path_and_line(text, path, line):
    params = error_of(text)
    assert params["file"] == "user.yaml"
    assert params["path"] == path
    assert params["line"] == line


def test_error_is_located_in_the_parent_that_caused_it():
    params = error_of("extends: base\n", {"base": "name: base\n\ndecks: -1\n"})
    assert (params["file"], params["path"], params["line"]) == ("base", "decks", 3)


@pytest.mark.parametrize(
    "text, files, fragment",
    [
        ("extends: nowhere\n", {}, "nowhere"),
        ("extends: 3\n", {}, "name a variant"),
        ("extends: a\n", {"a": "extends: b\n", "b": "extends: a\n"}, "cycle"),
        ("extends: user.yaml\n", {"user.yaml": "extends: user.yaml\n"}, "cycle"),
    ],
)
def test_bad_extends(text, files, fragment):
    with pytest.raises(VariantError) as info:
        load(text, files)
    assert info.value.code == "bad-extends"
    assert fragment in info.value.params["detail"]


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("[1, 2]", "mapping"),
        ("decks: [\n", "YAML"),
        ("decks: 2\ndecks: 3\n", "twice"),
        ("x: !!python/object/apply:os.system ['true']\n", "YAML"),
        ("a: " + "x" * MAX_VARIANT_BYTES, "limit"),
        (b"\xff\xfe", "UTF-8"),
    ],
)
def test_malformed_documents(text, fragment):
    params = error_of(text)
    assert fragment in params["detail"]


def test_variants_are_frozen():
    variant = load("")
    with pytest.raises(Exception):
        variant.decks = 3  # type: ignore[misc]
    assert Variant.model_config["extra"] == "forbid"


def test_variant_checks_melds_with_its_ace_policy():
    from machiavelli.core.cards import FRENCH
    kak = FRENCH.parse_cards("KC AC 2C")
    assert not load_variant("bga").check(kak).valid
    assert load_variant("aces-wrap").check(kak).valid


def test_differences_between_variants():
    from machiavelli.core.variant import differences
    bga, classic = load_variant("bga"), load_variant("classic")
    rows = {key: (a, b) for key, a, b in differences(bga, classic)}
    assert rows["restore_penalty"] == (1, 3)
    assert rows["players.max"] == (5, 8)
    assert rows["hand_size"][0] == 15 and rows["hand_size"][1]["6"] == 13
    assert "name" not in rows and "description" not in rows
    assert differences(bga, load_variant("bga")) == []
    nested = differences(bga, load_variant("bga", ["melds.run.max_size=8"]))
    assert nested == [("melds.run.max_size", None, 8)]


def test_every_schema_parameter_is_documented():
    from machiavelli.core.variant_parameters import parameters_of
    params = {p.key: p for p in parameters_of(Variant)}
    for key in ("decks", "hand_size", "aces", "restore_penalty", "help_cards", "players.min", "players.max",
                "melds.<kind>.min_size"):
        assert key in params
    assert all(p.description for p in params.values())
    assert params["aces"].allowed == ("low", "high", "low-or-high", "wrap")
    assert params["melds.<kind>.same"].allowed == ("rank", "suit")
    assert (params["decks"].minimum, params["decks"].maximum, params["decks"].default) == (1, 8, 2)


# -- the game a variant belongs to --------------------------------------------------


def test_a_variant_names_its_game_and_a_file_without_one_is_machiavelli():
    assert load("restore_penalty: 2").game == "machiavelli"
    assert load("game: machiavelli\nextends: base\n", {"base": "decks: 3\n"}).decks == 3


def test_an_unknown_game_is_named_with_its_line():
    with pytest.raises(VariantError) as caught:
        load("name: x\n\ngame: rummikub\n")
    error = caught.value
    assert error.code == "unknown-game" and error.params["line"] == 3 and error.params["path"] == "game"
    assert "machiavelli" in error.params["available"]


def test_a_variant_cannot_extend_another_games_variant():
    with pytest.raises(VariantError) as caught:
        load("game: machiavelli\nextends: other\n", {"other": "game: scopa\n"})
    assert caught.value.code == "bad-extends" and "scopa" in caught.value.params["detail"]


# -- the one-line form (issue 11, point 8) ---------------------------------------------------------


from hypothesis import given, settings, strategies as st  # noqa: E402

from machiavelli.core.variant import MAX_CALL_CHARS, split_call  # noqa: E402


@pytest.mark.parametrize("text, expected", [
    ("bga(hand_size=13, aces=wrap)", ("bga", ["hand_size=13", "aces=wrap"])),
    ("  bga ( hand_size=13 ,aces=wrap, )  ", ("bga", ["hand_size=13", "aces=wrap"])),
    ("bga()", ("bga", [])),
    ("bga(melds.set.ranks=[5, 6, 7], notes='a, b')", ("bga", ["melds.set.ranks=[5, 6, 7]", "notes='a, b'"])),
    ("house/x.yaml(aces=low)", ("house/x.yaml", ["aces=low"])),
    ("bga", None),
])
def test_split_call(text, expected):
    assert split_call(text) == expected


@pytest.mark.parametrize("text", ["bga(hand_size=13", "bga(a=[1)", "bga(a={1]})", "bga(notes='x)", "(a=1)",
                                  "bga(oops)", "bga(a=1)x", "bga(" + "a=1," * MAX_CALL_CHARS + ")"])
def test_a_broken_one_line_variant_is_one_variant_error(text):
    with pytest.raises(VariantError) as info:
        split_call(text)
    assert info.value.code == "bad-override"


def test_the_one_line_form_equals_set_and_wins_under_set():
    one = load_variant("bga(hand_size=13, aces=wrap)")
    assert one == load_variant("bga", ["hand_size=13", "aces=wrap"])
    assert (one.hand_size, one.aces, one.name) == (13, "wrap", "bga")
    assert load_variant("bga(aces=wrap)", ["aces=low"]).aces == "low"


def test_the_one_line_form_gives_the_same_errors_as_set():
    with pytest.raises(VariantError) as one:
        load_variant("bga(hand_size=zz)")
    with pytest.raises(VariantError) as two:
        load_variant("bga", ["hand_size=zz"])
    assert one.value.code == two.value.code and one.value.params["problems"] == two.value.params["problems"]


def test_the_one_line_form_evaluates_nothing():
    with pytest.raises(VariantError):
        load_variant("bga(name=__import__('os').system('false'))")
    assert load_variant("bga(notes=__import__('os'))").notes == {"en": "__import__('os')"}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="bga()[]{}',=\" x1.", max_size=40))
def test_any_text_is_a_call_a_name_or_one_variant_error(text):
    try:
        found = split_call(text)
    except VariantError as exc:
        assert exc.code == "bad-override"
    else:
        assert found is None or isinstance(found[1], list)


def test_every_shipped_variant_has_a_description_in_every_shipped_language():
    """The one-line description of `variants list`, `rules` and the web's
    start page comes from the variant file: none may fall back to English."""
    from machiavelli.app.catalogs import shipped_languages
    from machiavelli.core import i18n

    languages = set(shipped_languages()) | {i18n.SOURCE_LANGUAGE}
    for name in shipped_names():
        description = load_variant(name).description
        assert set(description) >= languages, (name, sorted(languages - set(description)))
        assert all(text.strip() for text in description.values()), name
        for lang in languages - {i18n.SOURCE_LANGUAGE}:
            assert description[lang] != description[i18n.SOURCE_LANGUAGE], (name, lang)


@pytest.mark.parametrize("setting, path", [("aces.x=1", "aces"), ("restore_penalty.n=2", "restore_penalty"),
                                           ("players.max.n=2", "players.max")])
def test_a_set_that_reaches_under_a_plain_value_is_blamed_not_the_shipped_file(setting, path):
    # --set aces.x=1 turns aces into a mapping: the problem is the option's, not bga.yaml's line.
    from machiavelli.app.library import load_variant

    with pytest.raises(VariantError) as caught:
        load_variant("bga", [setting])
    problem = caught.value.params["problems"][0]
    assert problem["path"] == path
    assert problem["file"] == f"--set {setting}" and problem.get("line") is None


# -- what is derived from a variant, once per variant object ----------------------------


def test_per_variant_builds_once_per_variant_object_and_forgets_the_oldest():
    from machiavelli.core.variant import per_variant

    built = []
    derived = per_variant(lambda v: built.append(v) or len(built), keep=2)
    a, b, c = load_variant("bga"), load_variant("classic"), load_variant("help-cards")
    assert (derived(a), derived(a), derived(b)) == (1, 1, 2)
    assert derived(load_variant("bga", ["hand_size=13"])) == 3  # another object, even of the same name
    assert derived(b) == 2 and derived(c) == 4
    assert derived(a) == 5  # a was forgotten to keep two
    assert built[0] is a and built[-1] is a
