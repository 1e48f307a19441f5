"""No message of any game shows a card by its internal code where the
screen draws it otherwise (issue 30): tests/test_no_english.py's idea,
for the cards. Sì Sè Pái in Ukrainian (Cyrillic letters) and in Chinese
characters, Cicera with its suit signs, in every language: a game between
computer players, its replay, and refusals at a person's table."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from machiavelli.app.catalogs import shipped_languages
from machiavelli.cli import app
from machiavelli.core import glossary

runner = CliRunner()
ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "120"}
#: Sì Sè Pái's notation (character then colour, the flower FL) as a word of its own.
SI_SE_PAI_CODE = re.compile(r"(?<![\w-])(?:[GAERHCS][WYRGwyrg]|FL)(?![\w-])")  # Gw: the deck's symbol
#: Cicera's notation (rank then suit letter: 7D, FC, 10B) as a word of its own.
CICERA_CODE = re.compile(r"(?<![\w-])(?:10|[2-9AFCR])[DCSB](?![\w-])")
#: Lines that teach the notation on purpose (the help's examples of what to type).
TEACHING = re.compile(r"(?i)\be\.g\.|\bz\.\s?b\.|\bad es\.|\bp\. ?ej\.|例如|наприклад|örneğin|مثل|مثلًا")


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("MACHIAVELLI_CONFIG_DIR", str(tmp_path / "config"))
    glossary.set_faces(None)
    yield
    glossary.set_faces(None)


def run(*args, input=None):
    result = runner.invoke(app, list(args), input=input, env=ENV)
    assert result.exit_code in (0, 1), result.output[-800:]
    return result.output


def shown_codes(text: str, pattern: re.Pattern[str]) -> list[str]:
    # A line starting with the prompt is what the player typed, echoed.
    return [line for line in text.splitlines()
            if pattern.search(line) and not TEACHING.search(line) and not line.startswith(">")]


def game_texts(lang: str, variant: str, tmp_path, faces: tuple[str, ...] = (), human: str = ""):
    record = tmp_path / f"{lang}-{variant}.json"
    base = ["--lang", lang, *faces]
    yield "bots", run(*base, "play", "--variant", variant, "--seed", "5", "--seat", "random", "--players", "4",
                      "--moves", "--record", str(record))
    yield "replay", run(*base, "replay", str(record), "--moves")
    if human:
        yield "table", run(*base, "play", "--variant", variant, "--seed", "3", input=human)


@pytest.mark.parametrize("lang, faces", [("uk", ()), ("zh_Hans", ("--cards", "hanzi")), ("en", ("--cards", "hanzi"))])
def test_si_se_pai_never_shows_its_notation(lang, faces, tmp_path):
    # Refusals that name cards: not a group, not in the hand, a claim not allowed, a discard refused.
    typed = "take GY\ntake SY SY SY\ntake SW SG\ntake SY\ndiscard GY\nquit\n"
    texts = dict(game_texts(lang, "si-se-pai", tmp_path, faces, typed))
    for cards in ("GW GW", "HY HY HY", "GY AY HY"):
        texts[f"meld check {cards}"] = run("--lang", lang, *faces, "meld", "check", "--variant", "si-se-pai",
                                           *cards.split())
    hits = {name: shown_codes(text, SI_SE_PAI_CODE) for name, text in texts.items()}
    assert not any(hits.values()), hits


@pytest.mark.parametrize("lang", shipped_languages())
def test_cicera_never_shows_its_notation(lang, tmp_path):
    typed = "play 3D take 9D\nplay 9C take 9D\nplay 3D\nquit\n"
    hits = {name: shown_codes(text, CICERA_CODE) for name, text in game_texts(lang, "cicera", tmp_path, (), typed)}
    assert not any(hits.values()), hits


def test_the_check_finds_a_code():
    assert shown_codes("Гравець 2 скидає SY.", SI_SE_PAI_CODE)
    assert shown_codes("Player 2 plays 9D.", CICERA_CODE)
    assert not shown_codes("Гравець 2 скидає ТЖ.", SI_SE_PAI_CODE)
