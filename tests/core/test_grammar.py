"""Lists inside sentences read as the language writes them (issue 30,
point 3): Sì Sè Pái's claim sentences never paste "...: pair" after a
colon, in the rules and at the table."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from machiavelli.app.catalogs import shipped_languages
from machiavelli.cli import app
from machiavelli.core import i18n

runner = CliRunner()
ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "200"}


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path))
    yield
    i18n.use_language("en")


def group_names(lang: str) -> list[str]:
    from machiavelli.games.si_se_pai.glossary import GROUP_NAMES, group_name

    i18n.use_language(lang)
    try:
        return [group_name(k) for k in GROUP_NAMES]
    finally:
        i18n.use_language("en")


@pytest.mark.parametrize("lang", shipped_languages())
def test_no_group_name_is_pasted_after_a_colon(lang):
    rules = runner.invoke(app, ["--lang", lang, "rules", "--variant", "si-se-pai"], env=ENV).output
    table = runner.invoke(app, ["--lang", lang, "play", "--variant", "si-se-pai", "--seed", "3"],
                          input="quit\n", env=ENV).output
    names = "|".join(re.escape(n) for n in sorted(group_names(lang), key=len, reverse=True))
    # "darf ein Anspruch nie ergeben: Paar", "крім: пара": a group's name right after a colon, in a
    # sentence (a list of points, "Paar: 0 Punkte", puts the name before its colon).
    pasted = re.compile(f"[:：] ?(?:{names})(?=[.;,،؛。；，]| (?:oder|or|o|или|або|veya|ya da|أو|或))")
    found = [line for line in (rules + table).splitlines() if pasted.search(line) and not line.startswith("•  ")]
    assert not found, found


def test_the_old_german_sentence_is_caught():
    names = "|".join(re.escape(n) for n in group_names("de"))
    pasted = re.compile(f"[:：] ?(?:{names})(?=[.;,])")
    assert pasted.search("Ohne Sieg darf ein Anspruch nie ergeben: Paar; andere Spieler")


@pytest.mark.parametrize("lang", [lang for lang in shipped_languages() if lang != "en"])
def test_the_glossary_names_the_one_colour_group_and_forbids_mixed(lang):
    """One word for the group in the rules, the refusals and the screens: the
    glossary's, which ``locales check`` holds every message to."""
    from machiavelli.app import catalogs

    terms = catalogs.glossary(lang)
    assert terms is not None and {"one-colour group", "flower", "fante"} <= set(terms)
    entry = terms["one-colour group"]
    assert entry["avoid"], "the 'mixed' words are the ones to refuse"
    from machiavelli.games.si_se_pai.glossary import GROUP_NAMES

    name = group_names(lang)[list(GROUP_NAMES).index("one-colour")]
    assert any(word in name for word in entry["use"]), (name, entry["use"])
    assert not [p for p in catalogs.check(languages=[lang]) if p.problem.startswith("glossary")]


def test_german_capitalises_a_whole_sentence_after_a_colon():
    """Duden: after a colon a complete sentence starts with a capital ("…: Gib ein --seat pro Spieler
    an"); a list or a fragment does not ("Standard: du gegen zwei Computerspieler")."""
    from machiavelli.app.catalogs import read_catalog
    from machiavelli.core.i18n import catalog_path, locales_dir

    catalog = read_catalog(catalog_path("de", locales_dir()))
    # Imperatives and sentence openings that once followed a colon in lower case.
    lower = re.compile(r": (?:gib|lass|beginne|übersetze|komm|wähle|verwende|mach|beende|zieh|nimm|"
                       r"die Kennzahlen können|der Löser kann|diese Ausgabe bleibt|die Partie bleibt|"
                       r"es steht|es gibt|du darfst|du ziehst|sie müssen|der Tisch wird|wer spielen kann) ")
    found = []
    for message in catalog:
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        found += [f for f in forms if f and lower.search(f)]
    assert not found, found


def test_german_meld_reasons_after_a_colon_start_with_a_capital_when_they_are_sentences():
    """"5♦ 5♣: keine Kombination: es sind zu wenige Karten" (issue 30's
    review): a whole sentence after the colon takes a capital; a fragment
    ("ein Wert, den …") does not."""
    if "de" not in shipped_languages():
        pytest.skip("no German catalog")
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    out = runner.invoke(app, ["--lang", "de", "meld", "check", "5D", "5C"], env=env).stdout
    assert "keine Kombination: Es sind zu wenige Karten" in out
    rules = runner.invoke(app, ["--lang", "de", "rules", "--variant", "bga"], env=env).stdout
    assert "ist keine Kombination: Es sind zu wenige Karten." in rules
    assert not re.search(r"keine Kombination: (?:es|die|ein Ass|eine) ", rules)
