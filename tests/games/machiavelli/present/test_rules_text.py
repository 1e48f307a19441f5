"""Rules generated from a variant: complete, translated, and proven by the kernel."""

import re
import typing
from collections import Counter

import arabic_reshaper
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core.melds import ACE_POLICIES, MeldKind
from machiavelli.core.variant import Players
from machiavelli.games.machiavelli.variant import MachiavelliVariant as Variant
from machiavelli.core import bidi
from machiavelli.core import i18n
from machiavelli.app.commands import rules as rules_command
from machiavelli.app.library import load_variant, shipped_names
from machiavelli.games.machiavelli.present.rules_examples import MeldExample
from machiavelli.app.rules_render import render
from machiavelli.games.machiavelli.present.rules_text import compose
from machiavelli.app.catalogs import shipped_languages

runner = CliRunner()
LANGUAGES = shipped_languages()
COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 101]
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


def run(*args):
    return runner.invoke(app, list(args), env=NO_LOCALE_ENV)


def with_counts(variant: Variant, n: int) -> Variant:
    """Every counted parameter set to ``n`` (validation skipped on purpose:
    the text must read right for any number)."""
    size = max(1, n)
    melds = {name: kind.model_copy(update={"min_size": size, "max_size": None if name == "run" else size})
             for name, kind in variant.melds.items()}
    hand = {p: n for p in variant.hand_size} if isinstance(variant.hand_size, dict) else n
    return variant.model_copy(update={
        "decks": n, "hand_size": hand, "restore_penalty": n, "draw_count": n, "help_cards": n,
        "players": Players.model_construct(min=2, max=n), "melds": melds,
    })


def _without_isolates(text: str) -> str:
    return re.sub(f"[{bidi.LRI}{bidi.RLI}].*?{bidi.PDI}", " ", text)


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_variant_language_and_count_renders_without_a_catalog_miss(name, lang):
    base = load_variant(name)
    i18n.use_language(lang, environ={})
    for n in COUNTS:
        variant = with_counts(base, n)
        doc = compose(variant)
        assert doc.uncovered == []
        for fmt in ("text", "markdown", "html"):
            assert render(doc, fmt)
        assert i18n.misses() == [], (name, lang, n, i18n.misses()[:3])
    if lang == "ar":
        # Latin letters outside card notation and names come only from the
        # variant's own Arabic description (it names Board Game Arena).
        text = render(compose(base), "text")
        allowed = set(re.findall(r"[A-Za-z]+", base.text("description", "ar")[0]))
        leaked = set(re.findall(r"[A-Za-z]+", _without_isolates(text))) - allowed
        assert leaked == set()


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
def test_every_parameter_has_a_clause_and_no_example_is_disputed(name):
    variant = load_variant(name)
    doc = compose(variant)
    assert doc.uncovered == [] and doc.dropped == []
    assert set(Variant.model_fields) <= doc.covered
    assert {f"melds.{f}" for f in MeldKind.model_fields} <= doc.covered
    assert len(doc.examples) >= 10


def _literal_values(annotation):
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    if annotation is bool:
        return [True, False]
    return None


LITERAL_FIELDS = [(name, _literal_values(f.annotation)) for name, f in Variant.model_fields.items()
                  if _literal_values(f.annotation)]


def test_the_literal_fields_are_found():
    assert {"dealer", "aces", "deck_runs_out", "deck_out_winners", "help_cards_refill", "joker_release",
            "joker_melds_rearranged"} <= \
        {name for name, _ in LITERAL_FIELDS}
    assert set(dict(LITERAL_FIELDS)["aces"]) == set(ACE_POLICIES)


@pytest.mark.parametrize("field, values", LITERAL_FIELDS)
def test_every_allowed_value_has_its_own_clause(field, values):
    texts = {}
    for value in values:
        # help-cards has help cards, so that help_cards_refill is in play.
        # and jokers, so that the joker rules are.
        jokers = ["jokers=1"] if field.startswith("joker") else []
        # The Cross goes without help cards: on the classic game, which has none.
        base = "classic" if field == "cross" else "help-cards"
        variant = load_variant(base, [*jokers, f"{field}={str(value).lower() if isinstance(value, bool) else value}"])
        doc = compose(variant)
        key = (field, str(value).lower() if isinstance(value, bool) else str(value))
        assert key in doc.clauses, key
        assert doc.dropped == []
        texts[value] = render(doc, "text")
    assert len(set(texts.values())) == len(values)


def _agrees_independently(example, variant):
    if isinstance(example, MeldExample):
        result = variant.check(example.cards)
        if example.valid:
            return result.valid and result.kind == example.kind
        return (not result.valid) and result.reason == example.reason
    before = Counter(c for m in example.before for c in m) + Counter(example.played)
    after = Counter(c for m in example.after for c in m) + Counter(example.left)
    melds_ok = all(variant.check(m).valid for m in (*example.before, *example.after))
    left_no_meld = all(not variant.check(part).valid for part in _groups(example.left))
    return melds_ok and before == after and (example.legal or left_no_meld)


def _groups(cards):
    """Every non-empty subset of a handful of cards."""
    cards = list(cards)
    return [tuple(c for i, c in enumerate(cards) if mask >> i & 1) for mask in range(1, 1 << len(cards))]


@pytest.mark.parametrize("name", shipped_names("machiavelli"))
def test_every_example_shown_is_what_the_kernel_says(name):
    variant = load_variant(name)
    doc = compose(variant)
    text = render(doc, "text")
    for example in doc.examples:
        assert _agrees_independently(example, variant), example
        shown = example.cards if isinstance(example, MeldExample) else example.played
        assert variant.deck.format_cards(shown, symbols=True) in text


def test_the_rules_show_the_sources_examples():
    text = render(compose(load_variant("bga")), "text")
    assert "K♣ A♣ 2♣ is not a combination: an ace cannot be both low and high." in text
    assert "5♣ 5♦ 5♦ is not a combination: there are identical cards." in text
    assert "the table now has 5♦ 5♥ 5♠ and 4♣ 5♣ 6♣ 7♣ 8♣" in text
    wrap = render(compose(load_variant("aces-wrap")), "text")
    assert "K♣ A♣ 2♣ is a run." in wrap


kinds = st.builds(
    lambda same, distinct, seq, lo, extra: MeldKind(same=same, distinct=distinct, sequence=seq, min_size=lo,
                                                    max_size=None if extra is None else lo + extra),
    st.sampled_from([(), ("rank",), ("suit",)]),
    st.sampled_from([(), ("card",), ("suit",), ("card", "suit"), ("rank",)]),
    st.booleans(), st.integers(1, 5), st.one_of(st.none(), st.integers(0, 3)),
).filter(lambda kind: "suit" not in kind.distinct or (kind.max_size or kind.min_size) <= 4)  # else refused


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(melds=st.dictionaries(st.sampled_from(["set", "run", "quad", "pair"]), kinds, min_size=1, max_size=3),
       aces=st.sampled_from(ACE_POLICIES), decks=st.integers(1, 3), penalty=st.integers(0, 10),
       draw=st.integers(0, 10), ends=st.sampled_from(["on-last-card", "on-failed-draw"]),
       winners=st.sampled_from(["fewest-cards", "fewest-points"]), lang=st.sampled_from(LANGUAGES))
def test_any_house_rule_gets_complete_rules_and_only_true_examples(melds, aces, decks, penalty, draw, ends, winners,
                                                                  lang):
    variant = Variant(name="house", melds=melds, aces=aces, decks=decks, hand_size=5, restore_penalty=penalty,
                      draw_count=draw, deck_runs_out=ends, deck_out_winners=winners)
    i18n.use_language(lang, environ={})
    i18n.clear_misses()
    doc = compose(variant)
    assert doc.uncovered == []
    for example in doc.examples:
        assert _agrees_independently(example, variant), example
    render(doc, "html")
    assert i18n.misses() == []


def test_a_users_own_variant_in_italian(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: bga\nname: casa\nnotes: 'Only on Sundays.'\nrestore_penalty: 0\ndeck_out_winners: fewest-points\n"
        "melds:\n  pair: {same: [rank], distinct: [suit], min_size: 2, max_size: 2}\n", encoding="utf-8")
    result = run("rules", "--variant", str(house), "--lang", "it")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Machiavelli: le regole della variante «casa»" in out  # a file without a title: its name
    assert "Combinazioni di tipo pair" in out
    assert "5♣ 5♦ è una combinazione valida di tipo pair." in out
    assert "[in inglese] Only on Sundays." in out  # English fallback is marked
    assert "Il ripristino non costa altro" in out
    assert "Re (K): 10 punti" in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_parent_variant_is_named_by_its_title_in_the_language(lang):
    """"This variant is based on classic" named the parent by its code
    (issue 30): its title in the language, Classic (Wikipedia) in English."""
    i18n.use_language(lang, environ={})
    text = render(compose(load_variant("help-cards")), "text")
    assert load_variant("classic").title_in(lang) in text
    assert not re.search(r"\bclassic\b", text)


def test_a_parent_without_a_title_is_named_by_its_code_and_titles_leave_equality_alone(tmp_path):
    (tmp_path / "base.yaml").write_text("extends: bga\nname: base\n", encoding="utf-8")
    (tmp_path / "child.yaml").write_text("extends: base.yaml\nname: child\n", encoding="utf-8")
    child = load_variant(str(tmp_path / "child.yaml"))
    i18n.use_language("en", environ={})
    assert "This variant is based on base.yaml." in render(compose(child), "text")
    assert load_variant("help-cards").extends_title_in("de") == "Klassisch (Wikipedia)"
    assert load_variant("help-cards") == Variant.model_validate(load_variant("help-cards").model_dump())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bga_rules_say_where_they_differ_from_the_italian_page_and_that_decks_may_be_added(lang):
    """Seeds 000/004 say "two or more" decks and 004 orders the ranks from the
    ace to the king and lists its own actions (issue 30): the rules of every
    card variant say more decks are a house rule away; bga's notes name 004's
    order and actions where this variant differs, once."""
    i18n.use_language(lang, environ={})
    for name in ("bga", "restore-3"):
        variant = load_variant(name)
        text = render(compose(variant), "text", width=10_000)
        notes = variant.text("notes", lang)[0]
        assert notes and notes.split("\n\n")[1] in text  # the Italian page's ranks and actions
        house = i18n.npgettext("rule:decks", "More decks may be shuffled in as a house rule: each adds {n} card.",
                               "More decks may be shuffled in as a house rule: each adds {n} cards.", 52)
        assert text.count(house) == 1
    english = variant.text("notes", "en")[0]
    assert "“from the ace to the king”" in english and "draw, play, take, restore and pass" in english


def test_every_card_variant_says_more_decks_are_a_house_rule():
    from machiavelli.core import glossary

    i18n.use_language("en", environ={})
    for name in shipped_names("machiavelli"):
        variant = load_variant(name)
        text = render(compose(variant), "text", width=10_000)
        said = f"More decks may be shuffled in as a house rule: each adds {variant.card_count // variant.decks} cards."
        assert (said in text) != glossary.is_tiles(variant.deck), name  # tiles come in fixed sets


def test_markdown_and_html_mark_the_direction_and_escape(tmp_path):
    house = tmp_path / "evil.yaml"
    house.write_text("extends: bga\nnotes:\n  ar: '<script>alert(1)</script> *bold*'\n", encoding="utf-8")
    page = run("rules", "-V", str(house), "--lang", "ar", "--format", "html")
    assert page.exit_code == 0
    assert '<html lang="ar" dir="rtl">' in page.stdout
    assert "<script>" not in page.stdout and "&lt;script&gt;alert(1)&lt;/script&gt;" in page.stdout
    assert '<bdi dir="ltr">5♣ 5♦ 5♥</bdi>' in page.stdout
    md = run("rules", "-V", str(house), "--lang", "ar", "--format", "markdown")
    assert md.stdout.startswith('<div dir="rtl" lang="ar">')
    assert "<script>" not in md.stdout and r"\*bold\*" in md.stdout
    english = run("rules", "--format", "html")
    assert '<html lang="en" dir="ltr">' in english.stdout and "<bdi" not in english.stdout


def test_ukrainian_markdown():
    md = run("rules", "-V", "classic", "--lang", "uk", "--format", "markdown")
    assert md.exit_code == 0
    assert md.stdout.startswith("# Макіавеллі: правила варіанта «Класична \\(Вікіпедія\\)»")  # its title
    assert "- від 2 до 5 гравців: по 15 карт" in md.stdout
    assert "- 8 гравців: по 9 карт" in md.stdout


def test_bidi_visual_reorders_only_on_a_terminal(monkeypatch):
    logical = run("rules", "--lang", "ar")
    piped = run("rules", "--lang", "ar", "--bidi", "visual")
    assert piped.stdout == logical.stdout
    monkeypatch.setattr(rules_command, "_is_terminal", lambda: True)
    shown = run("rules", "--lang", "ar", "--bidi", "visual")
    assert shown.exit_code == 0 and shown.stdout != logical.stdout
    # "نظرة عامة" (Overview) joined and in display order.
    assert arabic_reshaper.reshape("نظرة عامة")[::-1] in shown.stdout
    assert bidi.LRI not in shown.stdout


@pytest.mark.parametrize("args", [["rules", "--format", "pdf"], ["rules", "--bidi", "sideways"],
                                  ["rules", "--variant", "nope"], ["rules", "--lang", "xx"]])
def test_bad_rules_options_are_one_line_and_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_chinese_rules_name_each_figure_once_and_join_sentences_without_spaces():
    i18n.use_language("zh_Hans", environ={})
    text = render(compose(load_variant("bga")), "text")
    # CLDR's list without spaces (J、Q和K), with the space the catalog puts
    # between Han and Latin text ("共 104 张牌") around the connecting 和.
    assert "J、Q 和 K" in text and "A（A）" not in text
    assert "。 " not in text and "使用 2 副牌，洗在一起。共计 104 张牌。" in text
