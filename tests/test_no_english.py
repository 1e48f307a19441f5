"""No untranslated English on any screen of a non-English language.

Every screen a user can reach (the table of each game, --help of every
command, usage and input errors, the rules of every shipped variant, the
variants commands, a simulation's report, replay, meld check) is drawn in
each shipped language (discovered, never listed) and cut into words. A word
fails when it is English only: a word of the English messages (the
template's msgids) that the language's own catalog never uses. What may stay
Latin in any language is listed in :data:`ALLOWED` (proper names, notation)
or recognised as a code (card codes, options, file names); a screen that
names codes to type (--help, errors, the parameter tables) may show them.
``variants show`` is left out: it prints a variant file (YAML keys, values
and the English description among the others), data rather than text.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest
import typer.main
from typer.testing import CliRunner

from machiavelli.app import catalogs
from machiavelli.app.catalogs import read_catalog, shipped_languages, template_path
from machiavelli.cli import app
from machiavelli.core import i18n

runner = CliRunner()
ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "120"}
OTHER_LANGUAGES = [lang for lang in shipped_languages() if lang != i18n.SOURCE_LANGUAGE]

#: Latin words any language may show: names of games, places, sites and
#: programs, and the notation of cards and rules.
ALLOWED = frozenset("""
    machiavelli bga board game arena wikipedia cicera brescia napola sì sè pái si se pai png csv json yaml
    dask tcp http https html localhost utf unicode cldr python typer click english holm
    tab alt esc escape ctrl shift
    """.split())


#: Words a language shares with English (the same word, its own): checked
#: by a native reader, not guessed from the catalogs.
COGNATES = {
    "de": "hand computer median version rest bonus general name team teams partner joker server standard option "
          "parameter in so was also links text browser terminal orange bank chat",
    "it": "no computer file input link note data figure come per server extra percentile browser chat",
    "es": "no general final total error rummy extra club terminal chat",
    "tr": "general",
    "uk": "",
    "ar": "",
    "zh_Hans": "",
}
#: The games' own words, kept in every language: Cicera's bonuses.
GAME_TERMS = frozenset("picada simile scopa napola napolas asso fante cavallo re denari coppe spade bastoni".split())


@lru_cache(maxsize=None)
def command_names() -> frozenset[str]:
    """The command line's own command names (typed as they are)."""
    return frozenset(w for path in _commands() for w in path)


@lru_cache(maxsize=None)
def table_commands() -> frozenset[str]:
    """The English words typed at a game's table, which every language
    accepts beside its own (the table's help names them)."""
    return frozenset(w for m in read_catalog(template_path())
                     if m.id and m.context and m.context.endswith("command") for w in _words(m.id))


@lru_cache(maxsize=None)
def player_codes() -> frozenset[str]:
    """The codes of the computer players (typed after --seat)."""
    from machiavelli.core import registry

    return frozenset(w for game in registry.games() for name in registry.bots(game) for w in _words(name))

#: A word of any script; only words of ASCII letters can be English.
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
#: Codes in a screen's text that are no words: options, paths and file
#: names, commands quoted with the program's name, card codes, variant names.
CODE = re.compile(r"--?[A-Za-z][\w-]*|\S*[/\\]\S*|\S+\.(?:json|yaml|yml|csv|png|txt|po|pot)\b|machiavelli [a-z ]+"
                  r"|\b[a-z]+(?:-[a-z0-9]+)+\b|\b[a-z_]+(?:\.[a-z_]+)+\b|\b[a-z]+_[a-z_]+\b|\b[a-z]+=\S*")
CARD = re.compile(r"^(?:[AKQJ]|10|[2-9])?[SHDCX]?$|^[A-Z0-9]{1,3}$|^[a-z]$")


def _latin(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w.isascii()]


def _words(text: str) -> set[str]:
    return {w.lower() for w in _latin(text)}


def _texts(message) -> list[str]:
    value = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return [v for v in value if v]


@lru_cache(maxsize=None)
def english_words() -> frozenset[str]:
    words: set[str] = set()
    for message in read_catalog(template_path()):
        if message.id:
            for text in message.id if isinstance(message.id, (list, tuple)) else [message.id]:
                words |= _words(CODE.sub(" ", re.sub(r"\{\w+\}", " ", text)))
    return frozenset(words)


def _message_words(text: str) -> set[str]:
    return _words(CODE.sub(" ", re.sub(r"\{\w+\}", " ", text)))


@lru_cache(maxsize=None)
def _catalog_words(lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the language's own words, the English words its translations keep
    as they are). A word of a translation that its English message has too
    is kept, not translated: a code (``--seat human``, a JSON key) or a miss."""
    own: set[str] = set()
    kept: set[str] = set()
    for message in read_catalog(i18n.catalog_path(lang), lang):
        if not message.id:
            continue
        source = set().union(*map(_message_words, message.id if isinstance(message.id, (list, tuple))
                                  else [message.id]))
        for text in _texts(message):
            words = _message_words(text)
            own |= words - source
            kept |= words & source
    return frozenset(own), frozenset(kept - own)


@lru_cache(maxsize=None)
def english_only(lang: str) -> frozenset[str]:
    """English message words the language never writes as its own."""
    cognates = set(COGNATES.get(lang, "").split())
    # A shipped variant's name is an identifier typed as it is (the variant "jokers").
    names = {name.lower() for name in _variants()}
    return frozenset(english_words() - _catalog_words(lang)[0] - ALLOWED - GAME_TERMS - cognates - names)


@lru_cache(maxsize=None)
def parameter_codes() -> frozenset[str]:
    """Variant parameters' keys and values, as a variant file writes them."""
    from machiavelli.core import registry
    from machiavelli.core.variant_parameters import parameters_of

    words = set(_words("true false none null kind")) | {lang.lower() for lang in shipped_languages()}
    for game in registry.games():
        for p in parameters_of(registry.game(game).variant_schema):
            words |= _words(p.key) | _words(" ".join(map(str, p.allowed or ())))
    return frozenset(words)


def kept_codes(lang: str) -> frozenset[str]:
    """Words the language's translations keep in English (codes to type)."""
    return _catalog_words(lang)[1]


def untranslated(text: str, lang: str, codes: frozenset[str] = frozenset()) -> list[str]:
    """The English-only words of a screen, with the line each stands on
    (``codes``: words typed as they are that this screen may name)."""
    found = []
    english = english_only(lang) - codes
    for line in text.splitlines():
        if line.startswith("> "):
            continue  # what the person typed, echoed
        plain = CODE.sub(" ", line)
        for token in _latin(plain):
            if CARD.match(token):
                continue  # card codes and metavars' letters (5C, KD, X)
            if token.lower() in english:
                found.append(f"{token!r} in {line.strip()[:150]!r}")
    return found


# -- the screens --------------------------------------------------------------------------


def _commands(command=None, path=()):
    command = command or typer.main.get_command(app)
    yield path
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _commands(sub, (*path, name))


def _variants() -> list[str]:
    from machiavelli.app.library import shipped_names

    return shipped_names()


#: Usage errors (Click's own) and bad input (ours), each one screen.
MISTAKES = [
    ["simulate", "--games", "x"], ["simulate", "--nope"], ["rules", "--variant"], ["no-such-command"],
    ["meld", "check"], ["variants", "show", "bga", "extra"], ["play", "--players", "two"],
    ["meld", "check", "5X 6C"], ["meld", "check", "5C 6C 8C"], ["rules", "--variant", "nope"],
    ["variants", "show", "nope"], ["play", "--seat", "nobody"], ["rules", "--set", "aces=sideways"],
    ["rules", "--set", "hand_size=x"], ["replay", "no-such-record.json"], ["solve", "--hand", "5C 5X"],
    ["simulate", "--games", "2", "--seat", "nobody"], ["play", "--players", "1"],
]

#: What a person types at each game's table: help, the views, a mistake, leave.
TABLE_INPUT = {
    "bga": ["help", "sort", "sort rank", "hint", "table", "rules", "bogus", "play 5X", "play 5C 6C", "end",
            "help take", "undo", "quit"],
    "help-cards": ["help", "hint", "play *7C", "quit"],
    # KD is on the Cross at seed 3 (a play of Cross cards alone: the Cross's refusal).
    "makiaveli": ["help", "hint", "play *KD", "table", "quit"],
    "cicera": ["help", "hint", "bogus", "play 5X", "quit"],
    "si-se-pai": ["help", "take", "discard", "bogus", "rules", "quit"],
}


def screens(lang: str, tmp_path):
    """(name, text, codes the screen may name) of every screen in ``lang``."""
    def run(*args, input=None):
        result = runner.invoke(app, ["--lang", lang, *args], input=input, env=ENV)
        return result.output

    # Help pages and errors name commands and the --seat codes to type.
    typed = command_names() | player_codes() | kept_codes(lang) | parameter_codes() | {"nobody", "sideways", "extra"}
    for path in _commands():
        yield f"{' '.join(path)} --help", run(*path, "--help"), typed
    for args in MISTAKES:
        yield " ".join(args), run(*args), typed
    for name in _variants():
        yield f"rules {name}", run("rules", "--variant", name), frozenset()
    yield "variants list", run("variants", "list"), frozenset()
    for args in (["params"], ["options"], ["diff", "bga", "classic"], ["diff", "bga", "thirty-six"], ["diff", "makiaveli", "classic"],
                 ["validate", "no-such.yaml"]):
        yield f"variants {' '.join(args)}", run("variants", *args), parameter_codes()
    yield "meld check", run("meld", "check", "5C 6C 7C"), frozenset()
    yield "meld check set", run("meld", "check", "5C 5D 5H"), frozenset()
    yield "solve", run("solve", "--hand", "4C 5C 6C KD", "--table", "7C 8C 9C"), frozenset()
    yield "locales list", run("locales", "list"), frozenset(w.lower() for w in shipped_languages())
    yield "plugins", run("plugins"), typed
    for variant, lines in TABLE_INPUT.items():
        record = tmp_path / f"{lang}-{variant}.json"
        yield f"play {variant}", run("play", "--variant", variant, "--seed", "3", "--record", str(record),
                                     input="".join(line + "\n" for line in lines)), table_commands()
    for variant in TABLE_INPUT:
        record = tmp_path / f"{lang}-{variant}-bots.json"
        players = ["--players", "4"] if variant != "bga" else []
        yield f"play {variant} bots", run("play", "--variant", variant, "--seed", "5", "--seat", "random",
                                          *players, "--moves", "--record", str(record)), frozenset()
        yield f"replay {variant}", run("replay", str(record)), frozenset()
        yield f"replay {variant} --moves", run("replay", str(record), "--moves"), frozenset()
    quick = ["--seed", "1", "--jobs", "1", "--quiet"]
    yield "simulate", run("simulate", "--games", "6", *quick, "--seat", "random", "--seat", "greedy"), frozenset()
    yield "simulate two variants", run("simulate", "--games", "6", *quick, "--variant", "bga", "--variant",
                                       "aces-high", "--players", "2"), frozenset()
    for variant in ("cicera", "si-se-pai"):
        yield f"simulate {variant}", run("simulate", "--games", "2", *quick, "--variant", variant), frozenset()


def _page_text(page: str) -> str:
    """What a browser shows of an HTML page: no scripts, styles or tags."""
    import html

    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    return html.unescape(re.sub(r"(?s)<[^>]+>", "\n", page))


def web_screens(lang: str):
    """The web table's pages (start, rules, a game's table), in ``lang``.
    The table itself is drawn in the browser from the view's JSON, whose
    texts the catalogs give and whose codes are the API's."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from machiavelli.app.web.server import create_app
    from machiavelli.app.web.tables import Tables

    app_ = create_app(Tables(), lang=lang, pause=0)
    with TestClient(app_) as client:
        yield "web start page", _page_text(client.get(f"/?lang={lang}").text), frozenset()
        yield "web rules", _page_text(client.get(f"/rules?lang={lang}&variant=bga").text), frozenset()
        for variant, seats in (("bga", ["human", "random"]), ("si-se-pai", ["human", "random", "random", "random"])):
            made = client.post("/api/games", json={"variant": variant, "seats": seats, "lang": lang, "seed": 3})
            assert made.status_code == 201, made.text
            game = made.json()
            token = game["seats"][0]["token"]
            app_.state.server.computers.settled(30)
            page = client.get(f"/play/{game['id']}?token={token}&lang={lang}").text
            yield f"web table {variant}", _page_text(page), table_commands()
            yield f"web watch page {variant}", _page_text(client.get(game["watch"]["page"]).text), table_commands()


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_screen_shows_an_untranslated_english_word(lang, tmp_path):
    hits = []
    for name, text, codes in [*screens(lang, tmp_path), *web_screens(lang)]:
        assert "Traceback" not in text, (name, text[-2000:])
        hits += [f"{name}: {hit}" for hit in untranslated(text, lang, codes)]
    assert not hits, f"{len(hits)} English words in {lang}:\n" + "\n".join(hits[:80])


def test_the_check_finds_english_and_lets_codes_and_names_pass():
    lang = "it" if "it" in OTHER_LANGUAGES else OTHER_LANGUAGES[0]
    found = untranslated("Giocatore 2 (solver) has no cards", lang)
    assert [hit.split()[0] for hit in found] == ["'solver'", "'has'", "'cards'"]
    assert not untranslated("machiavelli play --seed 3, 5C 10H KD AS, Board Game Arena, bga.yaml, x", lang)
    assert not untranslated("Giocatore 2 (solver)", lang, codes=player_codes())
    assert not untranslated("> play 5C 6C", lang)  # what the person typed
