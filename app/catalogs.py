"""The translator's workflow: extract, update, init, list and check catalogs.

Babel does the extraction and the merging (its Python extractor with this
project's keywords, ``Catalog.update``); this module adds the checks Babel
lacks: complete catalogs, plural forms as CLDR counts them, no empty plural
form, the same placeholders as the source, no attribute or index access, and
a template that matches the code.
"""

from __future__ import annotations

import io
import re
import string
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, cast

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

from machiavelli.core import i18n
from machiavelli.core.files import os_why
from machiavelli.core.i18n import _

#: The project's gettext keywords (pybabel's -k syntax in the README).
KEYWORDS = {
    "_": None,
    "N_": None,
    "NP_": ((1, "c"), 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    # The rules composer's own pgettext and npgettext (they note each sentence).
    "_p": ((1, "c"), 2),
    "_np": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("TRANSLATORS:",)
#: What the messages of a context are, for translators: the extracted
#: comment (``#.``) of every message of the context that has none of its own
#: in the code (a context groups many short entries: card words, commands).
CONTEXT_NOTES = {
    "argument": "An argument's name in --help and in usage errors (capitals, no spaces).",
    "value kind": "In --help, the kind of value an option takes, shown between < and >.",
    "command line": "The command-line library's own words in --help.",
    "parameter type": "The type of a variant parameter (variants options and params).",
    "help panel": "The title of a panel of --help.",
    "card letter": "The letter a player types for this rank or suit at the table; all letters must differ.",
    "card rank": "The name of a rank, used inside sentences of the table and the rules.",
    "card suit": "The name of a suit, used inside sentences of the table and the rules.",
    "meld kind": "The name of a kind of meld, used inside sentences.",
    "meld kind title": "A heading of the rules, over one kind of meld.",
    "command help": "The table's help (the help command): one line explaining a command.",
    "command": "A command word typed at the table: one word, that the others do not begin with.",
    "command usage": "How a command is typed, in the table's help (capitals stand for what to type).",
    "hand order": "An order of the hand, typed after the sort command and shown in \"Your hand, by ...\".",
    "answer": "An answer the person types to a question of the table.",
    "meld reason": "Why cards are not a meld, after \"not a meld:\" (a clause: no capital, no full stop).",
    "rules": "The rules of a Machiavelli variant (rules command, the table, the web page).",
    "rules example": "An example in the rules of a Machiavelli variant, checked by the engine before it is shown.",
    "rules section": "A section title of the rules of a Machiavelli variant.",
    "player level": "A kind of computer player, shown after a player's name (\"Player 2 (...)\") and in simulate.",
    "variant parameter": "What a variant parameter means (variants options, the rules' notes).",
    "italian rank letter": "The letter typed for an Italian card's rank at Cicera's table; all must differ.",
    "italian suit letter": "The letter typed for an Italian suit at Cicera's table; all must differ.",
    "cicera award": "An award at the end of a Cicera deal.",
    "cicera bonus": "A capture bonus of Cicera.",
    "cicera help": "Cicera's table: one line of its help.",
    "cicera narration": "Cicera's table: what just happened.",
    "cicera reason": "Cicera's table: why a move is refused.",
    "cicera table": "Cicera's table.",
    "cicera rules": "One sentence of Cicera's rules.",
    "cicera command": "A command word typed at Cicera's table.",
    "sisepai character": "The name of a character of Sì Sè Pái's four-colour cards.",
    "sisepai character letter": "The letter typed for a character of Sì Sè Pái's cards; the seven must differ.",
    "sisepai colour": "The name of a colour of Sì Sè Pái's four-colour cards.",
    "sisepai colour letter": "The letter typed for a colour of Sì Sè Pái's cards; the four must differ.",
    "sisepai colour in a card name": "The colour inside a Sì Sè Pái card's name (\"yellow Horse\").",
    "sisepai group": "A kind of group of Sì Sè Pái, used inside sentences.",
    "sisepai card": "Sì Sè Pái's flower card.",
    "sisepai card name": "A Sì Sè Pái card's full name.",
    "sisepai command": "A command word typed at Sì Sè Pái's table.",
    "sisepai help": "Sì Sè Pái's table: one line of its help.",
    "sisepai narration": "Sì Sè Pái's table: what just happened.",
    "sisepai reason": "Sì Sè Pái's table: why a move is refused.",
    "sisepai table": "Sì Sè Pái's table.",
    "sisepai rules": "One sentence of Sì Sè Pái's rules.",
    "separator": "A separator between parts of a text, as your language writes it.",
    "card name": "A card's full name.",
    "tile letter": "A tile colour's letter, shown and typed (7R: red 7); not another colour's, nor R B K O Y.",
    "tile table": "A tile game's table (Rummikub): screen, help, refusals, web page; tile, rack, pool as the glossary.",
}
#: The note of the contexts ``rule:PARAMETER``: one clause of the generated rules.
RULE_CONTEXT_NOTE = "A clause of the rules of a Machiavelli variant, written from its parameter {parameter}."


def context_note(context: str | None) -> str | None:
    """The translators' note of a message context (None: none)."""
    if context is None:
        return None
    if context.startswith("rule:"):
        return RULE_CONTEXT_NOTE.format(parameter=context[len("rule:"):])
    return CONTEXT_NOTES.get(context)
#: Where messages are extracted from, relative to the source root.
SOURCES = ("cli.py", "app", "core", "games")
TEMPLATE = f"{i18n.DOMAIN}.pot"
PROJECT = "machiavelli-variants"


def source_root() -> Path:
    """The package directory, holding ``cli.py``, ``core``, ``games`` and ``app``."""
    return Path(__file__).resolve().parent.parent


# -- extraction ---------------------------------------------------------------


def _source_files(root: Path) -> list[Path]:
    files: list[Path] = []
    for name in SOURCES:
        path = root / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(p for p in sorted(path.rglob("*.py")) if "__pycache__" not in p.parts)
    return files


def extract(root: Path | None = None) -> Catalog:
    """A fresh template catalog from the source code (Babel's extractor)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    root = root or source_root()
    catalog = Catalog(project=PROJECT, version="", fuzzy=False, charset="utf-8",
                      creation_date=datetime(2000, 1, 1, tzinfo=timezone.utc))
    for path in _source_files(root):
        relative = path.relative_to(root).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            catalog.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    for entry in catalog:
        note = context_note(entry.context)
        if entry.id and note and not entry.auto_comments:
            entry.auto_comments.append(note)
        # Babel guesses "python-format" from a "%" ("95%"); our messages use
        # str.format fields, which msgfmt --check verifies as python-brace-format.
        entry.flags.discard("python-format")
        # Babel's ids: a string, or a tuple for a plural message (never a list here).
        if entry.id and _BRACE_FIELD.search(" ".join(entry.id) if isinstance(entry.id, tuple) else cast(str, entry.id)):
            entry.flags.add("python-brace-format")
    return catalog


_BRACE_FIELD = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*[^{}]*\}")


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _shape(catalog: Catalog) -> dict[tuple[str | None, str], tuple[Any, ...]]:
    """What a template promises translators: ids, plurals and comments."""
    return {_key(m): (m.id, tuple(m.auto_comments)) for m in catalog if m.id}


def _write(catalog: Catalog, path: Path, *, template: bool = False) -> None:
    """Write a catalog atomically (a reader never sees half a file);
    CatalogError ``cannot-write`` when the file or its folder cannot be."""
    from babel.messages.pofile import write_po

    from machiavelli.core.writing import write_atomically

    out = io.BytesIO()
    # No line numbers: they change with every edit of the code, and a
    # translator needs the file name only.
    write_po(out, catalog, width=100, include_lineno=False, ignore_obsolete=True, omit_header=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, out.getvalue())
    except OSError as exc:
        raise i18n.CatalogError("cannot-write", file=str(path), detail=exc.strerror or str(exc),
                                why=os_why(exc, writing=True)) from None


def is_locales_folder(folder: Path) -> bool:
    """A folder that holds a template or a catalog."""
    return template_path(folder).is_file() or bool(shipped_languages(folder))


#: What a plugin's new locales package holds before it has catalogs.
PACKAGE_FILES = frozenset({"__init__.py", "__pycache__"})


def check_writable_folder(folder: Path) -> None:
    """Refuse, before anything is written, a ``--dir`` that is not a
    folder, cannot be written, or is neither a locales folder (a template
    or a catalog in it) nor an empty folder (or a package's, with only its
    ``__init__.py``): a mistyped path must not grow
    a tree of catalogs. The folder is never created (``mkdir`` it to start
    a new one). Raises CatalogError."""
    import errno
    import os

    if not folder.exists():
        raise i18n.CatalogError("missing-folder", file=str(folder))
    if not folder.is_dir():
        raise i18n.CatalogError("not-a-folder", file=str(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise i18n.CatalogError("cannot-write", file=str(folder), detail=os.strerror(errno.EACCES))
    if is_locales_folder(folder):
        return
    try:
        # A plugin's locales folder starts as a package: its __init__.py
        # (and the bytecode folder beside it) is all it holds before its catalogs.
        empty = not any(not entry.name.startswith(".") and entry.name not in PACKAGE_FILES
                        for entry in os.scandir(folder))
    except OSError as exc:
        raise i18n.CatalogError("cannot-read", file=str(folder), detail=exc.strerror or str(exc)) from None
    if not empty:
        raise i18n.CatalogError("not-a-locales-folder", file=str(folder), template=TEMPLATE)


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    from babel.messages.pofile import read_po

    data = i18n._read_catalog_bytes(path)
    try:
        catalog = read_po(io.BytesIO(data), locale=lang, abort_invalid=True)
    except Exception as exc:  # Babel raises several types for a broken file
        raise i18n.CatalogError(file=str(path), detail=str(exc).splitlines()[0] if str(exc) else type(exc).__name__) \
            from None
    for message in catalog:
        # Babel adds "python-format" to any text with "% i" in it ("95% interval"):
        # no message here is a %-format, and msgfmt --check would test it as one.
        message.flags.discard("python-format")
    return catalog


def template_path(locales: Path | None = None) -> Path:
    return (locales or i18n.locales_dir()) / TEMPLATE


def shipped_languages(locales: Path | None = None) -> list[str]:
    """Languages with a catalog file (English included when it has one)."""
    base = locales or i18n.locales_dir()
    return sorted(p.parent.parent.name for p in base.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po"))


# -- update and init ----------------------------------------------------------


def update(locales: Path | None = None, root: Path | None = None) -> list[Path]:
    """Re-extract the template and merge it into every catalog; returns the
    files that changed."""
    locales = locales or i18n.locales_dir()
    check_writable_folder(locales)
    template = extract(root)
    changed: list[Path] = []
    tpath = template_path(locales)
    if not tpath.is_file() or _shape(read_catalog(tpath)) != _shape(template) or \
            _locations(read_catalog(tpath)) != _locations(template):
        _write(template, tpath, template=True)
        changed.append(tpath)
    for lang in shipped_languages(locales):
        path = i18n.catalog_path(lang, locales)
        before = i18n._read_catalog_bytes(path)
        catalog = read_catalog(path, lang)
        catalog.update(template, update_creation_date=False)
        for message in catalog:
            # Babel may carry a guessed message's format flag over to a new
            # id; the template's flags are the truth (and keep update idempotent).
            source = template.get(_key(message)[1], context=message.context) if message.id else None
            if source is not None:
                message.flags = set(source.flags) | ({"fuzzy"} if message.fuzzy else set())
        _write(catalog, path)
        if i18n._read_catalog_bytes(path) != before:
            changed.append(path)
    return changed


def _locations(catalog: Catalog) -> dict[tuple[str | None, str], tuple[str, ...]]:
    return {_key(m): tuple(sorted({f for f, _ in m.locations})) for m in catalog if m.id}


def init(lang: str, locales: Path | None = None, root: Path | None = None) -> Path:
    """A new catalog for ``lang`` with CLDR's plural header (Babel), in
    ``locales`` or else the user's own catalogs folder (created if need
    be), which the program reads at once: a translator never writes into
    the installed package."""
    from babel.core import Locale, UnknownLocaleError

    if locales is None:
        locales = i18n.user_dir()
        try:
            locales.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise i18n.CatalogError("cannot-write", file=str(locales), detail=exc.strerror or str(exc),
                                    why=os_why(exc, writing=True)) from None
    check_writable_folder(locales)
    try:
        locale = Locale.parse(lang.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        raise i18n.UnknownLanguage("unknown-locale", name=lang, available="") from None
    code = str(locale)
    path = i18n.catalog_path(code, locales)
    if path.exists():
        raise i18n.CatalogError("catalog-exists", file=str(path), detail="exists")
    tpath = template_path(locales)
    shipped = template_path()
    template = read_catalog(tpath) if tpath.is_file() else read_catalog(shipped) if shipped.is_file() else \
        extract(root)
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=code, project=PROJECT, version="", fuzzy=False, charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    _write(catalog, path)
    return path


# -- statistics ---------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    language: str
    name: str
    translated: int
    total: int

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


def _is_translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return not message.fuzzy and all(s for s in strings) and bool(strings)


def native_name(lang: str) -> str:
    from babel.core import Locale

    try:
        return Locale.parse(lang).display_name or lang
    except Exception:
        return lang


def stats(locales: Path | None = None) -> list[Stats]:
    """Completeness of every language, against the template."""
    folders = [locales] if locales else [*i18n.extra_dirs(), i18n.locales_dir()]
    locales = locales or i18n.locales_dir()
    # A translator's own folder (locales init) has catalogs and no template: the program's is the measure.
    template = read_catalog(template_path(locales) if template_path(locales).is_file() else template_path())
    wanted = [_key(m) for m in template if m.id]
    rows = []
    languages = {lang for folder in folders for lang in shipped_languages(folder)}
    for lang in sorted(languages | {i18n.SOURCE_LANGUAGE}):
        if lang == i18n.SOURCE_LANGUAGE:
            rows.append(Stats(lang, native_name(lang), len(wanted), len(wanted)))
            continue
        # A message counts as translated when any catalog of the language has it.
        catalogs = [read_catalog(path, lang) for folder in folders
                    if (path := i18n.catalog_path(lang, folder)).is_file()]
        done = sum(1 for key in wanted
                   if any((m := c.get(key[1], context=key[0])) is not None and _is_translated(m) for c in catalogs))
        rows.append(Stats(lang, native_name(lang), done, len(wanted)))
    return rows


# -- checks -------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    file: str
    problem: str  # kebab-case code
    message: str  # the msgid concerned ("" for the whole file)
    context: str | None = None
    detail: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _fields(text: str) -> tuple[set[str], list[str]]:
    """(plain placeholder names, unsafe fields such as ``n.__class__``)."""
    names: set[str] = set()
    unsafe: list[str] = []
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            unsafe.append("{" + name + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}")
        else:
            names.add(name)
    return names, unsafe


#: Counts tried to learn which numbers each plural form covers.
_PLURAL_PROBE = range(0, 1000)


def plural_coverage(header: str) -> list[list[int]]:
    """For each plural form of a catalog's ``Plural-Forms`` header, the
    numbers below 1000 that pick it (Ukrainian form 0: 1, 21, 31, ...)."""
    count, rule = i18n.plural_forms(header)
    covered: list[list[int]] = [[] for _ in range(count)]
    for n in _PLURAL_PROBE:
        covered[rule(n)].append(n)
    return covered


def _check_message(message: Message, source_fields: set[str], plural: bool, file: str,
                   coverage: list[list[int]] | None = None) -> list[Problem]:
    problems: list[Problem] = []
    key = _key(message)
    forms = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]

    def add(code: str, detail: str = "") -> None:
        problems.append(Problem(file, code, key[1], key[0], detail))

    for form in forms:
        if not form:
            continue
        try:
            names, unsafe = _fields(form)
        except ValueError as exc:
            add("bad-format", f"{form!r}: {exc}")
            continue
        if unsafe:
            add("unsafe-placeholder", ", ".join(unsafe))
            continue
        required = source_fields - {"n"} if plural else source_fields
        if names - source_fields or required - names:
            extra = sorted(names - source_fields)
            lacking = sorted(required - names)
            detail = "; ".join(filter(None, [
                # TRANSLATORS: Locales check, a problem found in a catalog; {names} is placeholders, listed.
                _("unknown: {names}", names=", ".join("{" + n + "}" for n in extra)) if extra else "",
                # TRANSLATORS: Locales check, a problem found in a catalog; {names} is placeholders, listed.
                _("missing: {names}", names=", ".join("{" + n + "}" for n in lacking)) if lacking else "",
            ]))
            add("placeholders", f"{form!r}: {detail}")
    if plural and any(forms) and "n" in source_fields:
        # A form may leave the number out only where it stands for one
        # number (English "a card"); msgfmt --check refuses the rest too.
        covers = coverage or [[1], list(_PLURAL_PROBE)]
        for i, form in enumerate(forms):
            numbers = covers[i] if i < len(covers) else list(_PLURAL_PROBE)
            if form and len(numbers) > 1 and _is_safe(form) and "n" not in _safe_names(form):
                shown = ", ".join(map(str, numbers[:4])) + (", …" if len(numbers) > 4 else "")
                # TRANSLATORS: Locales check, a problem found in a catalog; {text} is the translation, {form} is a
                # plural form's number, {numbers} is numbers, listed.
                add("placeholders", _("{text}: plural form {form} stands for {numbers} and must show {{n}}",
                                      text=repr(form), form=i, numbers=shown))
    return problems


def _is_safe(text: str) -> bool:
    """Parses as a format and has plain fields only (else reported as such)."""
    try:
        return not _fields(text)[1]
    except ValueError:
        return False


def _safe_names(text: str) -> set[str]:
    try:
        return _fields(text)[0]
    except ValueError:
        return set()


GLOSSARY = "glossary.yaml"
#: The largest glossary read (a translator's file: data from a stranger).
MAX_GLOSSARY_BYTES = 64 * 1024


def glossary_terms(locales: Path | None = None) -> dict[str, str]:
    """The reference terms (``locales/glossary.yaml``): term -> meaning."""
    data: Any = _read_glossary((locales or i18n.locales_dir()) / GLOSSARY)  # the shipped file: a mapping
    return {str(k): str(v) for k, v in (data or {}).items()}


def _read_glossary(path: Path) -> object:
    from machiavelli.core.files import FileError, read_bounded
    from machiavelli.core.variant_yaml import load_bounded_yaml

    try:
        text = read_bounded(path, MAX_GLOSSARY_BYTES).decode("utf-8")
        return load_bounded_yaml(text)
    except (FileError, UnicodeDecodeError, ValueError) as exc:
        raise i18n.CatalogError("bad-glossary", file=str(path), detail=str(exc)[:120]) from None


def glossary(lang: str, locales: Path | None = None) -> dict[str, dict[str, list[str]]] | None:
    """A language's glossary (``locales/LL/glossary.yaml``): term -> {"use":
    [...], "avoid": [...]}; None when the language has none. CatalogError
    for a file that is not one."""
    path = (locales or i18n.locales_dir()) / lang / GLOSSARY
    if not path.is_file():
        return None
    data = _read_glossary(path)
    if not isinstance(data, dict):
        raise i18n.CatalogError("bad-glossary", file=str(path), detail="not a mapping of terms")
    out: dict[str, dict[str, list[str]]] = {}
    for term, entry in data.items():
        if not isinstance(entry, dict) or set(entry) - {"use", "avoid", "note"}:
            raise i18n.CatalogError("bad-glossary", file=str(path), detail=f"{str(term)[:40]}: use, avoid, note")
        lists = {key: entry.get(key) or [] for key in ("use", "avoid")}
        lists = {key: [value] if isinstance(value, str) else value for key, value in lists.items()}
        if any(not isinstance(v, list) or not all(isinstance(w, str) and w.strip() for w in v) for v in lists.values()):
            raise i18n.CatalogError("bad-glossary", file=str(path), detail=f"{str(term)[:40]}: words")
        out[str(term)] = lists
    return out


#: The glossary's terms of a tile game, and the card terms they stand for.
TILE_TERMS = ("tile", "rack", "pool")
CARD_TERMS = ("card", "deck", "hand", "suit", "rank")
_TILE_WORDS = re.compile(r"\b(tiles?|racks?|pool)\b", re.I)


def _speaks_of_tiles(msgid: str | tuple[str, ...] | list[str]) -> bool:
    """Whether an English message is worded for tiles (``pieces: tiles``)."""
    return bool(_TILE_WORDS.search(" ".join(msgid) if isinstance(msgid, (list, tuple)) else msgid))


_CARD_WORDS = re.compile(r"\b(cards?|hands?|decks?)\b")


def _speaks_of_cards(msgid: str | tuple[str, ...] | list[str]) -> bool:
    return bool(_CARD_WORDS.search(" ".join(msgid) if isinstance(msgid, (list, tuple)) else msgid))


#: The English word that asks for each tile term in a translation.
_TILE_TERM_WORDS = {"tile": re.compile(r"\btiles?\b", re.I), "rack": re.compile(r"\bracks?\b", re.I),
                    "pool": re.compile(r"\bpool\b", re.I)}


def _missing_tile_words(message: Message, text: str, terms: dict[str, dict[str, list[str]]],
                        file: str) -> list[Problem]:
    """A tile message's translation that names a tile, the rack or the pool
    without the glossary's word for it (any of its forms, inside a longer
    word too: German Strafsteine, Turkish taşlarını)."""
    english = " ".join(message.id) if isinstance(message.id, (list, tuple)) else str(message.id)
    folded = text.casefold()
    problems = []
    for term, pattern in _TILE_TERM_WORDS.items():
        uses = terms.get(term, {}).get("use") or []
        if uses and pattern.search(english) and not any(word.casefold() in folded for word in uses):
            # TRANSLATORS: Locales check, a problem found in a catalog; {term} is a glossary term (tile, rack,
            # pool), {words} is the glossary's words for it, listed.
            problems.append(Problem(file, "glossary-missing-word", _key(message)[1], message.context,
                                    _("names the {term} without the glossary's word for it ({words})", term=term,
                                      words=", ".join(uses))))
    return problems


def _glossary_problems(lang: str, locales: Path, catalog: Catalog, file: str) -> list[Problem]:
    """Terms missing from the language's glossary, and translations that use
    a word the glossary says to avoid."""
    try:
        terms = glossary(lang, locales)
    except i18n.CatalogError as exc:
        return [Problem(str(exc.params.get("file", file)), "bad-glossary", "", detail=str(exc.params.get("detail", "")))]
    if terms is None:
        return []
    problems: list[Problem] = []
    gfile = str(locales / lang / GLOSSARY)
    try:
        reference = glossary_terms()
    except i18n.CatalogError:
        reference = {}
    for term in reference:
        if not terms.get(term, {}).get("use"):
            problems.append(Problem(gfile, "glossary-missing-term", term, detail=_("no word for this term")))
    avoided = [(term, word, re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.I))
               for term, entry in terms.items() for word in entry["avoid"]]
    for message in catalog:
        if not message.id or not avoided:
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        text = " ".join(f for f in forms if f)
        # A message of a tile game (Rummikub) speaks of tiles, a rack and a
        # pool: the card words' avoid lists (Italian "tessera") do not apply
        # to it, the tile words' do (Italian "carta"), and the other way round.
        tiles, cards = _speaks_of_tiles(message.id), _speaks_of_cards(message.id)
        if tiles and not cards and text:
            problems += _missing_tile_words(message, text, terms, file)
        for term, word, pattern in avoided:
            if term in TILE_TERMS and not (tiles and not cards) or term in CARD_TERMS and tiles:
                continue  # a message that names both (a parameter's description) may use both
            if pattern.search(text):
                problems.append(Problem(file, "glossary-avoided-word", _key(message)[1], message.context,
                                        # TRANSLATORS: Locales check, a problem found in a catalog; {word} is a
                                        # word, {term} is a glossary term.
                                        _("uses {word}, which the glossary avoids for {term}", word=repr(word),
                                          term=term)))
    return problems


def check_user() -> list[Problem]:
    """Every problem of the user's own catalogs (``locales init``),
    against the shipped template; none when there are none."""
    folder = i18n.user_dir()
    if not shipped_languages(folder):
        return []
    return check(folder, template=template_path())


def check(locales: Path | None = None, root: Path | None = None, *, languages: Iterable[str] | None = None,
          template: Path | None = None) -> list[Problem]:
    """Every problem of a folder's template and catalogs (the shipped ones
    by default). With ``template``, the catalogs are checked against that
    template, which is not itself checked against the code."""
    locales = locales or i18n.locales_dir()
    if template is not None:
        if not template.is_file():
            return [Problem(str(template), "template-missing", "", detail=_("run: machiavelli locales update"))]
        return _check_catalogs(locales, read_catalog(template), languages)
    problems: list[Problem] = []
    tpath = template_path(locales)
    fresh = extract(root)
    if not tpath.is_file():
        return [Problem(str(tpath), "template-missing", "", detail=_("run: machiavelli locales update"))]
    template_catalog = read_catalog(tpath)
    problems += _check_template(tpath, template_catalog, fresh)
    return problems + _check_catalogs(locales, template_catalog, languages)


def _check_template(tpath: Path, template: Catalog, fresh: Catalog) -> list[Problem]:
    problems: list[Problem] = []
    old, new = _shape(template), _shape(fresh)
    for key in sorted(set(new) - set(old), key=str):
        problems.append(Problem(str(tpath), "template-out-of-date", key[1], key[0],
                                _("in the code, not in the template: run machiavelli locales update")))
    for key in sorted(set(old) - set(new), key=str):
        problems.append(Problem(str(tpath), "template-out-of-date", key[1], key[0],
                                _("in the template, not in the code: run machiavelli locales update")))
    for key in sorted(set(old) & set(new), key=str):
        if old[key] != new[key]:
            problems.append(Problem(str(tpath), "template-out-of-date", key[1], key[0],
                                    _("plural or translator comment changed: run machiavelli locales update")))
    for message in fresh:
        if message.id:
            ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
            for text in ids:
                try:
                    unsafe = _fields(text)[1]
                except ValueError as exc:
                    unsafe = [str(exc)]
                if unsafe:
                    problems.append(Problem(str(tpath), "unsafe-placeholder", _key(message)[1], message.context,
                                            ", ".join(unsafe)))
    return problems


def _check_catalogs(locales: Path, template: Catalog, languages: Iterable[str] | None) -> list[Problem]:
    from babel.messages.plurals import get_plural

    problems: list[Problem] = []
    langs = list(languages) if languages is not None else shipped_languages(locales)
    for lang in langs:
        path = i18n.catalog_path(lang, locales)
        file = str(path)
        try:
            catalog = read_catalog(path, lang)
        except i18n.CatalogError as exc:
            problems.append(Problem(file, "bad-catalog", "", detail=str(exc.params.get("detail", ""))))
            continue
        # The plural rule as the program will read it: a rule that divides
        # by zero, nests too deeply or names something else than n would
        # break every message of the language at run time.
        coverage = None
        try:
            coverage = plural_coverage(catalog.plural_forms)
        except i18n.PluralFormsError as exc:
            problems.append(Problem(file, "plural-forms", "", detail=exc.detail))
        else:
            try:
                i18n.parse_compiled(i18n.compile_catalog(i18n._read_catalog_bytes(path), lang, file), file)
            except i18n.CatalogError as exc:
                problems.append(Problem(file, "bad-catalog", "", detail=str(exc.params.get("detail", ""))))
                continue
        try:
            expected = get_plural(lang).num_plurals
        except Exception:
            expected = None
        if expected is not None and catalog.num_plurals != expected:
            # TRANSLATORS: Locales check, a problem found in a catalog; {header} is a number, {cldr} is a
            # number.
            problems.append(Problem(file, "plural-count", "", detail=_("the header says {header} plural forms, CLDR has {cldr}",
                                                           header=catalog.num_plurals, cldr=expected)))
        source = lang == i18n.SOURCE_LANGUAGE
        for tmsg in template:
            if not tmsg.id:
                continue
            key = _key(tmsg)
            plural = isinstance(tmsg.id, (list, tuple))
            ids = list(tmsg.id) if isinstance(tmsg.id, (list, tuple)) else [tmsg.id]
            try:
                source_fields = set().union(*(_fields(i)[0] for i in ids))
            except ValueError:
                continue
            msg = catalog.get(key[1], context=key[0])
            if msg is None:
                problems.append(Problem(file, "missing", key[1], key[0], _("not in the catalog: run machiavelli locales update")))
                continue
            forms = list(msg.string) if isinstance(msg.string, (list, tuple)) else [msg.string]
            if msg.fuzzy and any(forms):
                problems.append(Problem(file, "fuzzy", key[1], key[0], _("marked fuzzy: review it, then remove the flag")))
            if plural and expected is not None and len(forms) != expected:
                problems.append(Problem(file, "plural-count", key[1], key[0],
                                        # TRANSLATORS: Locales check, a problem found in a catalog; {forms} is a
                                        # number of forms, {cldr} is a number.
                                        _("{forms} plural forms, CLDR has {cldr}", forms=len(forms), cldr=expected)))
            if plural and any(forms) and not all(forms):
                empty = [str(i) for i, f in enumerate(forms) if not f]
                # TRANSLATORS: Locales check, a problem found in a catalog; {forms} is a number of forms.
                problems.append(Problem(file, "empty-plural-form", key[1], key[0], _("empty form: {forms}", forms=", ".join(empty))))
            elif not any(forms) and not source:
                # TRANSLATORS: Locales check, a problem found in a catalog.
                problems.append(Problem(file, "missing", key[1], key[0], _("not translated")))
            problems.extend(_check_message(msg, source_fields, plural, file, coverage))
        problems.extend(_glossary_problems(lang, locales, catalog, file))
        for msg in catalog:
            if msg.id and template.get(_key(msg)[1], context=msg.context) is None:
                problems.append(Problem(file, "stale", _key(msg)[1], msg.context,
                                        _("not in the template: run machiavelli locales update")))
    return problems
