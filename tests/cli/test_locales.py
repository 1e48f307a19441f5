"""The translator's workflow: locales list, check, init and update."""

import json
import os
import subprocess
import shutil

import pytest
from babel.messages.pofile import read_po, write_po
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.app import catalogs
from machiavelli.core import i18n, places

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.use_language("en", environ={})


def run(*args):
    return runner.invoke(app, list(args), env=NO_LOCALE_ENV)


@pytest.fixture
def locales(tmp_path):
    """A copy of the shipped catalogs to break."""
    base = tmp_path / "locales"
    shutil.copytree(i18n.locales_dir(), base)
    return base


def edit(base, lang, change):
    path = i18n.catalog_path(lang, base)
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    change(catalog)
    with path.open("wb") as f:
        write_po(f, catalog)


def problems(base):
    result = run("locales", "check", "--dir", str(base), "--json")
    return result.exit_code, json.loads(result.stdout)


def _key(p):
    return p["problem"], p["file"].split("/")[-3] if "LC_MESSAGES" in p["file"] else "template", p["context"], \
        p["message"]


def new_problems(base, plant):
    """The problems that ``plant()`` adds. Messages that others added to the
    code since the last `locales update` are problems of the shipped
    catalogs (test_shipped_catalogs_are_complete_and_up_to_date), not of
    these tests."""
    before = {_key(p) for p in problems(base)[1]}
    plant()
    exit_code, found = problems(base)
    return exit_code, [p for p in found if _key(p) not in before]


def test_shipped_catalogs_are_complete_and_up_to_date():
    """Fails when someone adds a message without translating it: see the
    README, "Adding a message"."""
    result = run("locales", "check")
    assert result.exit_code == 0, result.stdout[-3000:]


def test_list_shows_native_names_and_completeness():
    result = run("locales", "list", "--json")
    assert result.exit_code == 0
    rows = {r["language"]: r for r in json.loads(result.stdout)}
    names = {"ar": "العربية", "en": "English", "it": "italiano", "tr": "Türkçe", "uk": "українська",
             "es": "español", "de": "Deutsch", "zh_Hans": "中文 (简体)"}
    assert set(rows) == set(catalogs.shipped_languages()) | {"en"}
    assert {k: v["name"] for k, v in rows.items() if k in names} == {k: names[k] for k in rows if k in names}
    assert all(r["percent"] == 100 for r in rows.values())
    text = run("locales", "list")
    assert "українська" in text.stdout and "100%" in text.stdout


PLURAL = ("rule:hand_size", "The dealer deals {n} card to each player.")
SINGLE = ("rule:melds.ranks", "Only these ranks may be used: {ranks}.")


def _set(lang, key, value):
    def change(catalog):
        catalog.get(key[1], context=key[0]).string = value
    return lang, change


def _plural_form(lang, index, value):
    def change(catalog):
        message = catalog.get(PLURAL[1], context=PLURAL[0])
        forms = list(message.string)
        forms[index] = value
        message.string = tuple(forms)
    return lang, change


@pytest.mark.parametrize("planted, code", [
    (_plural_form("ar", 2, ""), "empty-plural-form"),
    (_plural_form("it", 2, "Il mazziere distribuisce {numero} carte a ogni giocatore."), "placeholders"),
    (_plural_form("uk", 1, "Роздавач роздає кожному по {n.__class__} карти."), "unsafe-placeholder"),
    (_set("tr", SINGLE, "Yalnızca şu değerler: {ranks[0]}."), "unsafe-placeholder"),
    (_set("ar", SINGLE, "لا يجوز استعمال إلا هذه الرتب."), "placeholders"),
    (_set("it", SINGLE, ""), "missing"),
    # Ukrainian form 0 is 1, 21, 31...: "одну карту" would say one card to 21 players.
    (_plural_form("uk", 0, "Роздавач роздає кожному гравцеві одну карту."), "placeholders"),
    (_plural_form("ar", 5, "يوزّع الموزّع أوراقًا على كل لاعب."), "placeholders"),
])
def test_check_fails_on_planted_errors(locales, planted, code):
    lang, change = planted
    exit_code, found = new_problems(locales, lambda: edit(locales, lang, change))
    assert exit_code == 1
    assert {(p["problem"], lang in p["file"]) for p in found} == {(code, True)}


def test_a_plural_form_for_one_number_alone_may_leave_the_number_out(locales):
    # Arabic form 1 is used for 1 only, form 2 for 2 only: words say the number.
    change_one = _plural_form("ar", 1, "يوزّع الموزّع ورقة واحدة على كل لاعب.")[1]
    change_two = _plural_form("ar", 2, "يوزّع الموزّع ورقتين على كل لاعب.")[1]
    exit_code, found = new_problems(locales, lambda: (edit(locales, "ar", change_one), edit(locales, "ar", change_two)))
    assert found == []


def test_shipped_catalogs_pass_msgfmt_check():
    """GNU msgfmt --check: the same catalogs read by the standard gettext
    tools (brace placeholders checked as python-brace-format)."""
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "GNU gettext's msgfmt is needed (Debian: apt-get install gettext)"
    for lang in catalogs.shipped_languages():
        done = subprocess.run([msgfmt, "--check", "-o", os.devnull, str(i18n.catalog_path(lang))],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]


def test_no_message_claims_a_percent_format():
    """"95% interval" is no %-format: a python-format flag would make
    msgfmt test it as one."""
    for path in [catalogs.template_path(), *map(i18n.catalog_path, catalogs.shipped_languages())]:
        assert "python-format" not in path.read_text(encoding="utf-8"), path


def test_check_fails_on_fuzzy_entries_and_wrong_plural_counts(locales):
    def fuzzy(catalog):
        catalog.get(SINGLE[1], context=SINGLE[0]).flags.add("fuzzy")

    def plural_header(catalog):
        catalog._num_plurals, catalog._plural_expr = 2, "(n != 1)"
        message = catalog.get(PLURAL[1], context=PLURAL[0])
        message.string = tuple(message.string[:2])

    exit_code, found = new_problems(locales, lambda: (edit(locales, "tr", fuzzy), edit(locales, "uk", plural_header)))
    assert exit_code == 1
    codes = {(p["problem"], p["file"].split("/")[-3]) for p in found}
    assert ("fuzzy", "tr") in codes and ("plural-count", "uk") in codes


def test_the_template_must_match_the_code(locales):
    template = locales / catalogs.TEMPLATE

    def plant():
        with template.open("rb") as f:
            catalog = read_po(f)
        catalog.delete(SINGLE[1], context=SINGLE[0])
        with template.open("wb") as f:
            write_po(f, catalog)

    exit_code, found = new_problems(locales, plant)
    assert exit_code == 1
    assert {(p["problem"], p["message"]) for p in found} >= {("template-out-of-date", SINGLE[1]), ("stale", SINGLE[1])}


def test_update_merges_new_messages_into_every_catalog(locales):
    for lang in ("it", "ar"):
        edit(locales, lang, lambda catalog: catalog.delete(SINGLE[1], context=SINGLE[0]))
    assert problems(locales)[0] == 1
    result = run("locales", "update", "--dir", str(locales))
    assert result.exit_code == 0
    exit_code, found = problems(locales)
    assert exit_code == 1
    assert not [p for p in found if p["problem"] == "template-out-of-date"]
    # Back in both catalogs: empty, or guessed by Babel from a similar
    # message and marked fuzzy for review.
    for lang in ("it", "ar"):
        flagged = {p["problem"] for p in found if p["message"] == SINGLE[1] and f"/{lang}/" in p["file"]}
        assert flagged & {"missing", "fuzzy"}, lang
        assert i18n.catalog_path(lang, locales).read_text(encoding="utf-8").count(f'msgid "{SINGLE[1]}"') == 1
    again = run("locales", "update", "--dir", str(locales))
    assert "Everything was up to date." in again.stdout


def test_init_creates_a_catalog_with_cldr_plural_forms(locales):
    result = run("locales", "init", "pl", "--dir", str(locales))
    assert result.exit_code == 0
    path = i18n.catalog_path("pl", locales)
    header = path.read_text(encoding="utf-8")
    assert "nplurals=3;" in header and "n % 10 >= 2 && n % 10 <= 4" in header
    with path.open("rb") as f:
        catalog = read_po(f)
    assert len(catalog) == len(read_po((locales / catalogs.TEMPLATE).open("rb")))
    # A new, untranslated language fails the check until it is translated.
    exit_code, found = problems(locales)
    assert exit_code == 1 and {p["problem"] for p in found if "/pl/" in p["file"]} == {"missing"}
    assert "pl" in i18n.available_languages(locales)


def test_a_new_language_from_a_plain_install_lives_in_the_users_folder(tmp_path, monkeypatch):
    """locales init without --dir writes into the user's own catalogs folder
    (never the installed package), and the program speaks the language at
    once: no reinstall."""
    # A language none of the shipped catalogs has (German now ships).
    own = tmp_path / "own" / "locales"
    monkeypatch.setenv(places.LOCALES_ENV, str(own))
    shipped_before = sorted(p.name for p in i18n.locales_dir().iterdir())
    result = run("locales", "init", "nl")
    assert result.exit_code == 0, result.output
    path = i18n.catalog_path("nl", own)
    assert path.is_file() and str(own) in result.stdout
    assert sorted(p.name for p in i18n.locales_dir().iterdir()) == shipped_before
    assert "nl" in i18n.available_languages()
    listed = {r["language"]: r for r in json.loads(run("locales", "list", "--json").stdout)}
    assert listed["nl"]["translated"] == 0

    # Untranslated: the check (shipped and own catalogs) says what is missing.
    result = run("locales", "check", "--json")
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert found and {p["problem"] for p in found} == {"missing"} and all("/nl/" in p["file"] for p in found)

    # One message translated is used by the next command.
    edit(own, "nl", lambda c: setattr(c.get("Everything was up to date."), "string", "Alles was al bijgewerkt."))
    (tmp_path / "empty").mkdir()
    shutil.copy(catalogs.template_path(), tmp_path / "empty" / catalogs.TEMPLATE)
    result = runner.invoke(app, ["--lang", "nl", "locales", "update", "--dir", str(tmp_path / "empty")],
                           env=NO_LOCALE_ENV)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "Alles was al bijgewerkt."


def test_list_and_check_work_on_a_translators_own_folder(tmp_path):
    # The folder locales init made (no template of its own): both measure it against the program's template.
    own = tmp_path / "own"
    own.mkdir()
    assert run("locales", "init", "nl", "--dir", str(own)).exit_code == 0
    listed = run("locales", "list", "--dir", str(own), "--json")
    assert listed.exit_code == 0, listed.output
    rows = {r["language"]: r for r in json.loads(listed.stdout)}
    total = len([m for m in catalogs.read_catalog(catalogs.template_path()) if m.id])
    assert rows["nl"]["translated"] == 0 and rows["nl"]["total"] == total
    assert run("locales", "check", "--dir", str(own)).exit_code == 1


@pytest.mark.parametrize("args", [["locales", "init", "it"], ["locales", "init", "not-a-language"]])
def test_init_refuses_existing_or_unknown_languages(locales, args):
    result = run(*args, "--dir", str(locales))
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_check_reads_a_broken_catalog_without_a_traceback(locales):
    exit_code, found = new_problems(
        locales, lambda: i18n.catalog_path("tr", locales).write_bytes(b'msgid "a"\nmsgtsr "b"\n'))
    assert exit_code == 1 and [p["problem"] for p in found] == ["bad-catalog"]


# -- glossaries ----------------------------------------------------------------------


def test_the_reference_glossary_names_the_games_terms():
    terms = catalogs.glossary_terms()
    assert {"meld", "set", "run", "suit", "rank", "restore", "help card", "deck", "seed"} <= set(terms)
    assert all(meaning.strip() for meaning in terms.values())


def _write_glossary(locales, lang, text):
    (locales / lang / catalogs.GLOSSARY).write_text(text, encoding="utf-8")


def _full_glossary(extra=""):
    lines = [f"{term}: {{use: [w{n}]}}" for n, term in enumerate(catalogs.glossary_terms())]
    return "\n".join(lines) + "\n" + extra


def test_a_word_the_glossary_avoids_is_refused_wherever_it_is_used(locales):
    # Italian "seme" is the suit: "seme casuale" for a game's seed clashes with it.
    glossary = _full_glossary().replace("seed: {use: [", "seed: {avoid: [seme casuale], use: [")
    _write_glossary(locales, "it", glossary)

    def plant():
        edit(locales, "it", lambda c: setattr(c.get(SINGLE[1], context=SINGLE[0]), "string",
                                              "Solo questi valori, con il seme casuale: {ranks}."))

    exit_code, found = new_problems(locales, plant)
    assert exit_code == 1
    assert [(p["problem"], p["message"]) for p in found] == [("glossary-avoided-word", SINGLE[1])]
    assert all("/it/" in p["file"] for p in found) and "seme casuale" in found[0]["detail"]


def test_a_tile_message_must_use_the_glossary_s_tile_words(locales):
    # German Rummikub players say Stein and Steinhalter: "Karte" is refused, and so is a tile message without Stein.
    rack = ("tile table", "Your rack")

    def plant():
        edit(locales, "de", lambda c: setattr(c.get(rack[1], context=rack[0]), "string", "Deine Ablage"))
        edit(locales, "de", lambda c: setattr(c.get("Draw a tile", context="tile table"), "string", "Eine Karte ziehen"))

    exit_code, found = new_problems(locales, plant)
    assert exit_code == 1
    assert sorted((p["problem"], p["message"]) for p in found) == [
        ("glossary-avoided-word", "Draw a tile"), ("glossary-missing-word", "Draw a tile"),
        ("glossary-missing-word", "Your rack")]


def test_a_glossary_must_give_a_word_for_every_term(locales):
    partial = "\n".join(f"{term}: {{use: [x]}}" for term in list(catalogs.glossary_terms())[1:])
    exit_code, found = new_problems(locales, lambda: _write_glossary(locales, "tr", partial))
    missing = [p for p in found if p["problem"] == "glossary-missing-term"]
    assert exit_code == 1 and [p["message"] for p in missing] == [next(iter(catalogs.glossary_terms()))]


@pytest.mark.parametrize("text", ["meld: &a {use: [x]}\nset: *a\n", "- just a list\n", "meld: {use: [x], colour: red}\n",
                                  "meld: {use: [{nested: 1}]}\n", "\x00\x01"])
def test_a_broken_glossary_is_one_problem_not_a_traceback(locales, text):
    exit_code, found = new_problems(locales, lambda: _write_glossary(locales, "uk", text))
    assert exit_code == 1 and [p["problem"] for p in found] == ["bad-glossary"]


def test_every_message_with_a_placeholder_tells_translators_what_it_holds():
    """A translator cannot see the screen: a `# TRANSLATORS:` comment in the
    code (or the note of its context) says where the message appears and
    what each placeholder holds. The template must carry one for every
    message with a placeholder, and name each placeholder of its own."""
    import re

    template = catalogs.read_catalog(catalogs.template_path())
    lacking, unnamed = [], []
    for message in template:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        fields = set().union(*(i18n.placeholders(text) for text in ids)) - {"n"}
        if not fields and not any("{n}" in text for text in ids):
            continue
        if not message.auto_comments:
            lacking.append((message.context, ids[0]))
            continue
        comment = " ".join(message.auto_comments)
        named = {name for name in fields if "{" + name + "}" in comment}
        if fields - named and catalogs.context_note(message.context) not in message.auto_comments:
            unnamed.append((ids[0], sorted(fields - named)))
    assert not lacking, f"{len(lacking)} messages without a translator comment: {lacking[:20]}"
    assert not unnamed, f"{len(unnamed)} comments that do not say what a placeholder holds: {unnamed[:20]}"


def test_context_notes_reach_every_message_of_their_context():
    for message in catalogs.read_catalog(catalogs.template_path()):
        note = catalogs.context_note(message.context)
        if message.id and note:
            assert message.auto_comments, (message.context, message.id)
