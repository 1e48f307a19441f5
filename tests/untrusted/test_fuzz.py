"""Every parser of data from strangers, fed generated hostile input.

Each property says the same thing: the parser answers (a value, or its own
error with a reason code) quickly, never another exception. The generators
stay here so that a long run finds what a short one missed:

    python -m pytest -m fuzz --hypothesis-profile=long

(the default profile, used by every test run and CI, is a short run).
"""

from __future__ import annotations

import json
import string
import time

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from machiavelli.app.library import _fetcher, _schema, load_variant
from machiavelli.core.words import CardReader
from machiavelli.games.machiavelli.present.words import read_line
from machiavelli.core import i18n
from machiavelli.core.cards import FRENCH
from machiavelli.core.errors import MachiavelliError, NotationError, RecordError, VariantError
from machiavelli.core.records import GameRecord, Seat
from machiavelli.core.variant import parse_override, resolve
from machiavelli.games.machiavelli.actions import parse_action
from machiavelli.app.catalogs import shipped_languages

pytestmark = pytest.mark.fuzz

#: Generous: a parser that takes longer on a small input has a blow-up.
SECONDS = 2.0

# Characters that have broken parsers elsewhere: digits that are not ASCII,
# control and format characters, suits with variation selectors, bidi marks.
NASTY = "²³¹٣۳߃੩०０\x00\x1b\x07\r\t\u200b\u200e\u202e\ufe0f♠♥♦♣♤♡*|,;:&!%{}[]<>\\'\"#-=.~^@`$"
TOKENS = ["play", "add", "take", "move", "split", "join", "undo", "restore", "draw", "end", "gioca", "prendi",
          "10H", "QS", "AC", "5♣", "*7C", "1", "2", "99999999", "0", "-1", "K♦️", "RC"]
texts = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=string.printable + NASTY, max_size=200),
    st.lists(st.sampled_from(TOKENS + list(NASTY)), max_size=12).map(" ".join),
)


def quickly(call, *args):
    start = time.process_time()  # CPU time: a loaded machine is no blow-up
    try:
        return call(*args)
    finally:
        assert time.process_time() - start < SECONDS, f"{call.__name__} took too long"


@given(texts)
def test_card_notation(text):
    try:
        cards = quickly(FRENCH.parse_cards, text)
    except NotationError:
        return
    assert FRENCH.parse_cards(FRENCH.format_cards(cards)) == cards


@given(texts)
def test_action_notation(text):
    try:
        action = quickly(parse_action, text, FRENCH)
    except NotationError:
        return
    assert parse_action(action.text(FRENCH), FRENCH) == action


@pytest.mark.parametrize("lang", shipped_languages())
@given(line=texts)
def test_lines_typed_at_the_table(lang, line):
    i18n.use_language(lang, environ={})
    reader = CardReader(FRENCH)
    try:
        typed = quickly(read_line, line, reader)
    except NotationError:
        return
    assert typed is None or typed.command


# -- variant files -------------------------------------------------------------------

KEYS = ["name", "extends", "game", "decks", "players", "min", "max", "hand_size", "aces", "melds", "set", "run",
        "same", "distinct", "sequence", "min_size", "max_size", "restore_penalty", "help_cards", "deck", "suits",
        "ranks", "code", "symbol", "colour", "points", "extras", "description", "notes", "jokers", "dealer"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                    st.sampled_from(["wrap", "low", "high", "bga", "classic", "random", "rank", "suit", "♥", "H",
                                     "machiavelli", "../bga.yaml", "/etc/passwd", "*a", "&a x", "!!python/none"]),
                    st.text(alphabet=string.printable + NASTY, max_size=30))
documents = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner, max_size=6)),
    max_leaves=30)


def _resolve(text):
    return resolve(text, "fuzz.yaml", _fetcher(None), default_name="fuzz", schemas=_schema)


@given(documents)
def test_variant_documents(data):
    text = yaml.safe_dump(data, allow_unicode=True)
    try:
        variant = quickly(_resolve, text)
    except VariantError as exc:
        assert exc.code and "file" in exc.params
        return
    assert variant.name


@given(st.text(alphabet=string.printable + NASTY, max_size=300) | st.binary(max_size=300))
def test_variant_files_as_raw_text(text):
    try:
        quickly(_resolve, text)
    except VariantError:
        pass


@given(st.lists(st.sampled_from(["a: &a [x, x, x]", "b: &b [*a, *a, *a]", "c: [*b, *b, *b]", "d: &d [*d]",
                                 "e: " + "[" * 40 + "]" * 40, "restore_penalty: 1", "extends: bga",
                                 "decks: " + "9" * 5000, "x: !!binary aGVsbG8=", "<<: *a"]), max_size=6))
def test_variant_files_with_aliases_and_depth(lines):
    try:
        quickly(_resolve, "\n".join(lines))
    except VariantError:
        pass


@given(st.lists(st.tuples(st.sampled_from(KEYS + ["melds.set.max_size", "players.max", "deck.suits", "a..b", ""]),
                          texts), max_size=4))
def test_set_overrides(pairs):
    overrides = [f"{key}={value}" for key, value in pairs]
    try:
        for text in overrides:
            quickly(parse_override, text)
        quickly(load_variant, "bga", overrides)
    except VariantError:
        pass


# -- records -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_data():
    from machiavelli.core.bots import bot_seed, play_out
    from machiavelli.games.machiavelli.bots import RandomBot
    from machiavelli.games.machiavelli.game import Game

    game = Game(load_variant("bga"), 2, 3)
    play_out(game, [RandomBot(bot_seed(3, s)) for s in range(2)])
    return json.loads(GameRecord.of(game, [Seat("random"), Seat("random")]).dumps())


def _step(node, key):
    if isinstance(node, list) and node and isinstance(key, int):
        return node[key % len(node)]
    if isinstance(node, dict):
        return node.get(str(key))
    return None


def _mutate(data, path, value):
    """``data`` with the value at ``path`` (list indices wrap) replaced."""
    node = data
    for key in path[:-1]:
        node = _step(node, key)
        if node is None:
            return data
    last = path[-1]
    if isinstance(node, list) and node and isinstance(last, int):
        node[last % len(node)] = value
    elif isinstance(node, dict):
        node[str(last)] = value
    return data


@given(mutations=st.lists(st.tuples(
    st.lists(st.sampled_from(["variant", "seats", "actions", "result", "seed", "version", "format", "decks",
                              "melds", "set", "player", "name", "seat", "action", "winners", "reason", 0, 1, 3]),
             min_size=1, max_size=4),
    scalars | st.lists(scalars, max_size=3) | st.sampled_from(["take ²", "play 5C 6C 7C", "add 1 KH", "draw",
                                                               "\x1b]0;owned\x07", 10**5000 // 10**4990])),
    min_size=1, max_size=4))
def test_records(record_data, mutations):
    data = json.loads(json.dumps(record_data))
    for path, value in mutations:
        data = _mutate(data, path, value)
    try:
        text = json.dumps(data)
    except ValueError:
        return
    try:
        quickly(lambda: GameRecord.loads(text).replay())
    except RecordError:
        pass


@given(st.binary(max_size=400) | st.text(alphabet=string.printable + NASTY, max_size=400))
def test_records_as_raw_text(text):
    try:
        quickly(GameRecord.loads, text)
    except RecordError:
        pass


# -- catalogs ------------------------------------------------------------------------

HEADER = ('msgid ""\nmsgstr ""\n"Language: xx\\n"\n"Plural-Forms: nplurals={n}; plural={expr};\\n"\n'
          '"Content-Type: text/plain; charset=utf-8\\n"\n\n')
plural_expressions = st.one_of(
    st.sampled_from(["n != 1", "(n==1 ? 0 : 1)", "n/0", "n%0", "((((((((((n))))))))))" * 20, "n ? 1 : 2 : 3",
                     "__import__('os')", "n > 1 && n < 5 ? 1 : 2", "9" * 5000, "n -", ""]),
    st.text(alphabet="n0123456789 ()?:!=<>&|%+-*/", max_size=60))


@given(n=st.integers(-3, 300), expr=plural_expressions,
       body=st.sampled_from(['msgid "Table:"\nmsgstr "T:"\n', 'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
                             'msgstr[0] "{n} x"\nmsgstr[5] "{n.__class__}"\n', 'msgid "x\n', ""]))
def test_catalogs(n, expr, body):
    text = HEADER.format(n=n, expr=expr) + body
    try:
        quickly(i18n.compile_catalog, text.encode(), "xx", "fuzz.po")
    except MachiavelliError:
        pass

