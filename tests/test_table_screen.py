"""The terminal table as players meet it: moves described against the cards
they name, screens that fit a small terminal, visual bidi everywhere."""

import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core import i18n
from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.games.machiavelli.actions import Add, Join, Move, Split, Take
from machiavelli.games.machiavelli.game import Game
from machiavelli.app import glossary
from machiavelli.app.library import load_variant
from machiavelli.app.narrate import entry_text

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    yield
    i18n.use_language("en", environ={})
    glossary.set_ascii(False)


def play(*args, lines=(), env=None):
    text = "".join(line + "\n" for line in lines)
    return runner.invoke(app, ["play", *args], input=text, env={**NO_LOCALE_ENV, **(env or {})})


# -- 1. moves described by the cards they touch ------------------------------------------


def test_the_others_moves_name_melds_by_their_cards_and_say_what_came_from_the_table():
    out = play("--seed", "7", lines=["move 3D 2 1", "end", "draw"]).stdout
    since = out.split("> draw")[1]
    assert "Player 2 takes 3♠ 3♥ 3♦ 3♣ off the table." in since
    assert "Player 2 adds 2♦ 3♦ to 4♦ 5♦ 6♦. From the table: 3♦." in since
    assert "Player 2 adds 4♥ to 5♥ 6♥ 7♥." in since
    assert "Player 2 plays 3♣ 3♥ 3♠. From the table: 3♣ 3♥ 3♠." in since
    assert "meld 1" not in since


@pytest.mark.parametrize("seed, bot", [(1, "solver"), (2, "solver"), (5, "random"), (6, "random")])
def test_every_step_names_the_melds_as_they_were_before_it(seed, bot):
    variant = load_variant("bga")
    game = Game(variant, 3, seed)
    tables = [game.melds()]
    play_out(game, [make_bot(bot, bot_seed(seed, s)) for s in range(3)],
             on_entry=lambda entry: tables.append(game.melds()))
    deck = variant.deck
    for before, entry in zip(tables, game.log):
        action = entry.action
        numbers = {Add: lambda a: (a.meld,), Split: lambda a: (a.meld,), Take: lambda a: a.melds,
                   Join: lambda a: a.melds, Move: lambda a: (a.source, a.target)}.get(type(action))
        if numbers is None:
            assert entry.named == ()
            continue
        assert entry.named == tuple(before[n - 1] for n in numbers(action))
        text = entry_text(entry, deck)
        assert not re.search(r"\bmelds? \d", text), text
