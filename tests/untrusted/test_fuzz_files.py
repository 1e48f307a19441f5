"""Every file reader fed generated files, read the way the commands read
them (from a path), and every refusal said the way the commands say it
(:func:`~machiavelli.core.reasons.describe`): a record whose embedded
variant is valid key by key but not as a whole once gave a traceback in
the describing, not in the reading. Each property: the reader returns or
raises the program's own error, that error is one line, and the file read
is left as it was.

Short by default; ``pytest -m fuzz --hypothesis-profile=long`` runs long.
"""

from __future__ import annotations

import importlib.util
import json
import string
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from machiavelli.app import library
from machiavelli.app.catalogs import read_catalog
from machiavelli.app.saves import read_record
from machiavelli.core import plugins
from machiavelli.core.errors import MachiavelliError
from machiavelli.core.reasons import describe
from machiavelli.core.records import GameRecord, Seat

pytestmark = pytest.mark.fuzz
FIXTURES = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

numbers = st.one_of(st.integers(-3, 70), st.sampled_from([0, 1, 2, 1000, 10**30, -1]))
values = st.one_of(numbers, st.booleans(), st.none(), st.sampled_from(["low", "wrap", "points", "", "x" * 100]),
                   st.lists(numbers, max_size=3), st.dictionaries(st.sampled_from(["min", "max", "2", "3", "en"]),
                                                                 numbers, max_size=3))
#: Keys of every game's variants, and nested ones that checks across keys compare.
KEYS = ["players", "players.min", "players.max", "hand_size", "hand_size.2", "decks", "opening_points",
        "deck.ranks", "melds.set.min_size", "melds.run.max_size", "melds.set.max_size", "cards_per_turn",
        "restore_penalty", "help_cards", "target", "opening", "aces", "melds", "deck.extras", "claims", "teams"]


def _one_line(error: MachiavelliError) -> None:
    text = describe(error)
    assert isinstance(text, str) and text.strip() and "\n" not in text.strip()


def _set(data: dict, dotted: str, value) -> dict:
    *parents, last = dotted.split(".")
    node = data
    for key in parents:
        child = node.get(key)
        if not isinstance(child, dict):
            child = node[key] = {}
        node = child
    node[last] = value
    return data


def _record(game: str) -> dict:
    from machiavelli.app.library import load_variant

    variant = load_variant({"machiavelli": "classic", "cicera": "cicera", "si-se-pai": "si-se-pai"}[game])
    seats = (Seat("random"), Seat("random"))
    return json.loads(GameRecord(variant=variant, seed=5, seats=seats, actions=()).dumps())


RECORDS = {game: _record(game) for game in ("machiavelli", "cicera", "si-se-pai")}


@FIXTURES
@given(game=st.sampled_from(sorted(RECORDS)), changes=st.lists(st.tuples(st.sampled_from(KEYS), values),
                                                              min_size=1, max_size=3))
def test_records_with_any_embedded_variant(tmp_path, game, changes):
    data = json.loads(json.dumps(RECORDS[game]))
    for key, value in changes:
        _set(data["variant"], key, value)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    try:
        read_record(path).replay()
    except MachiavelliError as error:
        _one_line(error)
    assert path.read_bytes() == before


@FIXTURES
@given(game=st.sampled_from(["machiavelli", "cicera", "si-se-pai"]),
       changes=st.lists(st.tuples(st.sampled_from(KEYS), values), min_size=1, max_size=4))
def test_variant_files_with_any_values(tmp_path, game, changes):
    data: dict = {"game": game, "extends": {"machiavelli": "bga", "cicera": "cicera", "si-se-pai": "si-se-pai"}[game]}
    for key, value in changes:
        _set(data, key, value)
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(data))
    before = path.read_bytes()
    try:
        library.load_variant_file(str(path))
    except MachiavelliError as error:
        _one_line(error)
    assert path.read_bytes() == before


po_lines = st.sampled_from(['msgid ""', 'msgstr ""', '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
                            '"Content-Type: text/plain; charset=utf-8\\n"', 'msgid "Table:"', 'msgstr "T:"',
                            'msgid_plural "{n} cards"', 'msgstr[0] "{n}"', 'msgstr[9] "x"', '#, fuzzy', 'msgctxt "a"',
                            '"', 'msgid "\\x"', "\x00", "\udcff"])


@FIXTURES
@given(lines=st.lists(po_lines | st.text(alphabet=string.printable, max_size=40), max_size=12),
       raw=st.binary(max_size=60))
def test_catalog_files(tmp_path, lines, raw):
    path = tmp_path / "messages.po"
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogateescape") + raw)
    before = path.read_bytes()
    try:
        read_catalog(path, "it")
    except MachiavelliError as error:
        _one_line(error)
    assert path.read_bytes() == before


def _importable(value: str) -> bool:
    """Whether the value's module exists: those are not imported here (one
    could open a browser)."""
    module = value.partition(":")[0].strip()
    try:
        return bool(module) and importlib.util.find_spec(module.split(".")[0]) is not None
    except (ImportError, ValueError):
        return False


@given(value=st.text(alphabet=string.ascii_letters + string.digits + ":._-[] \x00\u00e9", max_size=40)
       .filter(lambda v: not _importable(v)))
def test_plugin_entry_points_with_any_value(value):
    entry = EntryPoint(name="fuzz", value=value, group=plugins.GAMES)
    try:
        plugins._guarded(entry)
    except plugins._Failed as failed:
        assert failed.detail and "\n" not in failed.detail


@FIXTURES
@given(data=st.dictionaries(st.sampled_from(["format", "version", "id", "tokens", "lang", "created", "orders",
                                             "owner", "changes"]),
                            values | st.sampled_from(["machiavelli-web-table", "t1", [None, "a"]]), max_size=9),
       raw=st.booleans())
def test_web_table_files(tmp_path, monkeypatch, data, raw):
    """A table file an earlier version left in the web server's data folder,
    whatever it holds: the server starts, and a file it cannot import stays
    as it was (only the store's own files are new)."""
    from machiavelli.app.web.tables import STORE_FILE, Tables, folder

    monkeypatch.setenv("MACHIAVELLI_DATA_DIR", str(tmp_path / "data"))
    base = folder()
    base.mkdir(parents=True, exist_ok=True)
    path = base / "t1.json"
    path.write_text(json.dumps(data) if not raw else json.dumps(data)[:-1])
    def files() -> dict[Path, bytes]:
        # The store's own files come and grow (and one tmp_path serves every example).
        return {p: p.read_bytes() for p in Path(tmp_path).rglob("*") if p.is_file() and not p.name.startswith(STORE_FILE)}

    before = files()
    tables = Tables()
    assert tables.load_saved() == 0  # no record beside it: nothing to import
    assert files() == before
