"""Localised text: gettext catalogs under ``locales/`` and from language
plugins, read with Babel; the kernel knows no game's words.

Placeholders are named (``{player}``, ``{n}``) and filled by
:func:`safe_format`, which refuses attribute and index access: translation
files are data from strangers and must never reach Python objects. A
translation that breaks that rule, or names a placeholder the code does not
supply, is not used: the English source is shown and the miss is recorded.

Catalogs ship as ``.po`` text only. The first use of a language compiles it
with Babel and keeps the compiled ``.mo`` in a cache directory, keyed by the
``.po`` file's content, so later runs load it with the standard library
alone (Babel's import alone costs more than the whole lookup).

English is the source language: its catalog may override a wording, and an
empty entry there means "as in the source". Every other language records
each message it lacks (:func:`misses`), which the tests turn into failures.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import string
import sys
import unicodedata
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from . import places
from .errors import MachiavelliError

SOURCE_LANGUAGE = "en"
DOMAIN = "messages"
#: A catalog is a few hundred kilobytes at most; anything bigger is refused.
MAX_CATALOG_BYTES = 4 * 1024 * 1024
#: Where compiled catalogs are kept (overrides the user's cache directory).
CACHE_ENV = places.CACHE_ENV
#: Environment variables that name the user's language, in gettext's order.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
RTL_LANGUAGES = frozenset({"ar", "fa", "he", "ur", "ps", "yi", "ckb", "dv", "sd", "ug"})
#: Limits of a catalog's plural rule. CLDR's longest expression has 472
#: characters, 6 forms and 5 conditions; gettext itself refuses 1000
#: characters or 20 levels of parentheses (with an exception, at run time).
MAX_PLURAL_CHARS = 1000
MAX_PLURAL_DEPTH = 20
MAX_PLURAL_FORMS = 10
#: A plural rule is checked for every count from 0 to this one.
PLURAL_CHECKED_UP_TO = 1000
#: What a plural expression is made of (gettext's C subset).
_PLURAL_CHARACTERS = frozenset("0123456789n \t()?:!=<>&|+-*/%")


class PlaceholderError(ValueError):
    """A format string asks for something other than a plain named field."""


class UnknownLanguage(MachiavelliError, ValueError):
    """``--lang`` names a language with no catalog (params: ``name``, ``available``)."""

    code = "unknown-language"


class CatalogError(MachiavelliError, ValueError):
    """A translation file that cannot be read (params: ``file``, ``detail``)."""

    code = "bad-catalog"


class PluralFormsError(ValueError):
    """A ``Plural-Forms`` header that gettext cannot use safely (``detail``
    says why, in the user's language)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


# -- formatting ---------------------------------------------------------------


class _SafeFormatter(string.Formatter):
    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        if not field_name.isidentifier():
            raise PlaceholderError(field_name)
        return self.get_value(field_name, args, kwargs), field_name

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec:
            raise PlaceholderError(format_spec)
        return str(value)

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion:
            raise PlaceholderError(conversion)
        return value


_FORMATTER = _SafeFormatter()


def safe_format(template: str, /, **values: Any) -> str:
    """``template.format(**values)`` for plain ``{name}`` fields only."""
    return _FORMATTER.vformat(template, (), values)


def placeholders(template: str) -> set[str]:
    """The field names of a format string (for catalog checks)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# -- misses -------------------------------------------------------------------


class Miss(NamedTuple):
    """A message shown in English although another language was asked for."""

    language: str
    context: str | None
    message: str
    why: str  # "missing" (no usable translation) or "broken" (bad placeholders)


_misses: list[Miss] = []


def misses() -> list[Miss]:
    """Every miss since the last :func:`clear_misses` (tests fail on any)."""
    return list(_misses)


def clear_misses() -> None:
    _misses.clear()


class _RecordMisses(gettext.NullTranslations):
    """The last fallback of a catalog: answers in English and remembers it."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def _miss(self, context: str | None, message: str) -> None:
        _misses.append(Miss(self.lang, context, message, "missing"))

    def gettext(self, message: str) -> str:
        self._miss(None, message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self._miss(None, msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self._miss(context, message)
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self._miss(context, msgid1)
        return msgid1 if n == 1 else msgid2


# -- catalogs -----------------------------------------------------------------


def locales_dir() -> Path:
    """The shipped catalogs: ``locales/`` beside the kernel in the package."""
    return Path(__file__).resolve().parent.parent / "locales"


def catalog_path(lang: str, base: Path | None = None) -> Path:
    return (base or locales_dir()) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def plugin_dirs() -> list[Path]:
    """Folders of installed language plugins (``machiavelli.locales`` entry
    points), in the order they override the shipped catalogs."""
    from machiavelli.core import plugins

    return [folder for plugin, folder in plugins.folders(plugins.LOCALES)[0]
            if plugin.origin.split(" ")[0] != plugins.OWN_DISTRIBUTION]


def user_dir() -> Path:
    """The user's own catalogs (``machiavelli locales init`` writes there)."""
    from .places import user_locales

    return user_locales()


def extra_dirs() -> list[Path]:
    """Catalog folders read before the shipped one, first wins: the user's
    own, then installed language plugins'."""
    return [user_dir(), *plugin_dirs()]


def _languages_in(folder: Path) -> set[str]:
    return {p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}


def available_languages(base: Path | None = None) -> list[str]:
    """English plus every language with a catalog (shipped or from a
    plugin; only ``base`` when given), sorted."""
    found = _languages_in(base or locales_dir())
    if base is None:
        for folder in extra_dirs():
            found |= _languages_in(folder)
    return sorted(found | {SOURCE_LANGUAGE})


def _cache_dir() -> Path | None:
    return places.cache_folder()


def compile_catalog(po_bytes: bytes, lang: str, label: str) -> bytes:
    """A ``.po`` file's bytes compiled to ``.mo`` bytes with Babel (fuzzy
    and empty entries are left out, so they count as missing)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    try:
        catalog = read_po(io.BytesIO(po_bytes), locale=lang, abort_invalid=True)
    except Exception as exc:  # Babel raises several types for a broken file
        raise CatalogError(file=label, detail=str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def plural_forms(header: str) -> tuple[int, Callable[[int], int]]:
    """The number of forms and the plural function of a ``Plural-Forms``
    header, read exactly as :mod:`gettext` reads it, once it is known to be
    safe: at most :data:`MAX_PLURAL_CHARS` characters of numbers, ``n`` and
    C operators, parentheses at most :data:`MAX_PLURAL_DEPTH` deep as many
    conditions at most, and for every count from 0 to
    :data:`PLURAL_CHECKED_UP_TO` a form from 0 to nplurals - 1 (no division
    by zero). Raises :class:`PluralFormsError`."""
    parts = header.split(";")
    count = parts[0].split("=", 1)
    if len(parts) < 2 or count[0].strip() != "nplurals" or "plural=" not in parts[1]:
        raise PluralFormsError(_("the Plural-Forms header is not nplurals=N; plural=EXPRESSION;"))
    try:
        nplurals = int(count[1].strip()) if len(count) == 2 and count[1].strip().isdigit() else 0
    except ValueError:  # more digits than int() reads
        nplurals = 0
    if not 1 <= nplurals <= MAX_PLURAL_FORMS:
        # TRANSLATORS: A problem with a translation file; {max} is a number, the most allowed.
        raise PluralFormsError(_("nplurals must be a whole number from 1 to {max}", max=MAX_PLURAL_FORMS))
    expression = parts[1].split("plural=")[1]  # gettext's own reading
    if len(expression) > MAX_PLURAL_CHARS:
        # TRANSLATORS: A problem with a translation file; {max} is a number, the most allowed.
        raise PluralFormsError(_("the plural expression is longer than {max} characters", max=MAX_PLURAL_CHARS))
    wrong = sorted({ch for ch in expression if ch not in _PLURAL_CHARACTERS})
    if wrong:
        # TRANSLATORS: A problem with a translation file; {characters} is the characters refused, listed.
        raise PluralFormsError(_("the plural expression holds {characters}: only numbers, n, parentheses and C "
                                 "operators are allowed", characters=" ".join(repr(ch) for ch in wrong[:5])))
    depth = deepest = 0
    for ch in expression:
        depth += (ch == "(") - (ch == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_PLURAL_DEPTH or expression.count("?") > MAX_PLURAL_DEPTH:
        # TRANSLATORS: A problem with a translation file; {max} is a number, the most allowed.
        raise PluralFormsError(_("the plural expression nests deeper than {max} levels", max=MAX_PLURAL_DEPTH))
    try:
        plural = gettext.c2py(expression)
    except (ValueError, RecursionError, MemoryError, SyntaxError) as exc:
        # TRANSLATORS: A problem with a translation file; {detail} is what went wrong, in words (may come
        # from the system in English).
        raise PluralFormsError(_("the plural expression cannot be read: {detail}", detail=str(exc))) from None
    for n in range(PLURAL_CHECKED_UP_TO + 1):
        try:
            form = plural(n)
        except ArithmeticError:
            # TRANSLATORS: A problem with a translation file; {n} is a number.
            raise PluralFormsError(_("the plural expression divides by zero for n = {n}", n=str(n))) from None
        if not 0 <= form < nplurals:
            # TRANSLATORS: A problem with a translation file; {form} is a plural form's number, {n} is a
            # number, {last} is a number.
            raise PluralFormsError(_("the plural expression gives form {form} for n = {n}; the forms are 0 to {last}",
                                     form=str(form), n=str(n), last=str(nplurals - 1)))
    return nplurals, plural


def _plural_header(mo: bytes) -> str | None:
    """The ``Plural-Forms`` header of a compiled catalog that gettext
    refused, found by a plain search (for the error message only)."""
    start = mo.find(b"\nPlural-Forms:")
    if start < 0:
        start = mo.find(b"\x00Plural-Forms:")
    if start < 0:
        return None
    line = mo[start + 1:].split(b"\n", 1)[0].split(b"\x00", 1)[0]
    return line.partition(b":")[2].decode("utf-8", "replace").strip()


def _guarded(plural: Callable[[int], int], nplurals: int) -> Callable[[int], int]:
    """``plural`` for counts beyond the checked ones too: a division by zero
    or a form out of range there gives the English choice instead."""

    def guarded(n: int) -> int:
        try:
            form = plural(n)
        except Exception:  # noqa: BLE001 - a stranger's expression: never an exception to the caller
            form = -1
        return form if 0 <= form < nplurals else min(int(n != 1), nplurals - 1)

    return guarded


def parse_compiled(mo: bytes, label: str) -> gettext.GNUTranslations:
    """A compiled catalog read with :mod:`gettext`, its plural rule checked
    (:func:`plural_forms`); CatalogError naming ``label`` for a truncated
    or damaged file or an unsafe plural rule."""
    try:
        translations = gettext.GNUTranslations(io.BytesIO(mo))
    except Exception as exc:  # noqa: BLE001 - struct, OSError, Unicode, lookup, plural errors...
        detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        header = _plural_header(mo)
        if header is not None:  # gettext may have refused the plural rule: say why as the check does
            try:
                plural_forms(header)
            except PluralFormsError as plural_exc:
                detail = plural_exc.detail
        raise CatalogError(file=label, detail=detail) from None
    header = translations.info().get("plural-forms")
    if header is not None:
        try:
            nplurals, _plural = plural_forms(header)
        except PluralFormsError as exc:
            raise CatalogError(file=label, detail=exc.detail) from None
        translations.plural = _guarded(translations.plural, nplurals)  # type: ignore[attr-defined]
    return translations


def _read_catalog_bytes(path: Path) -> bytes:
    from .files import FileError, read_bounded

    try:
        return read_bounded(path, MAX_CATALOG_BYTES)
    except FileError as exc:
        raise CatalogError(file=str(path), detail=exc.params.get("detail") or "cannot be read") from None


def catalog_key(po: bytes) -> str:
    """What a ``.po`` file's compiled catalog is cached under: its size and
    two checksums of its bytes (CRC-32 and Adler-32), so that any edit is
    another file. Checksums, not a cryptographic hash: the cache lies in the
    user's own folder, and SHA-256 of the English catalog (some 370 KB,
    read by every command) cost about 8M instructions (issue 27)."""
    import zlib

    return f"{len(po):x}-{zlib.crc32(po):08x}{zlib.adler32(po):08x}"


def _compiled(lang: str, path: Path, *, refresh: bool = False) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file: from the cache, or compiled and
    cached (``refresh``: compiled again, whatever the cache holds)."""
    po = _read_catalog_bytes(path)
    key = catalog_key(po)
    cache = _cache_dir()
    cached = cache / f"{lang}-{key}.mo" if cache else None
    if cached is not None and not refresh:
        from .files import FileError, read_bounded

        try:
            return read_bounded(cached, MAX_CATALOG_BYTES)
        except FileError:
            pass
    mo = compile_catalog(po, lang, str(path))
    if cached is not None:
        try:  # atomic, so that two processes never read half a file
            import tempfile

            cached.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=cached.parent, delete=False) as tmp:
                tmp.write(mo)
            os.replace(tmp.name, cached)
        except OSError:
            pass  # a read-only home only costs speed
    return mo


_loaded: dict[tuple[str, Path, tuple[Path, ...]], gettext.NullTranslations] = {}


def load(lang: str, base: Path | None = None) -> gettext.NullTranslations:
    """The translations of ``lang`` (cached per process): the user's own
    catalog first, then language plugins', then the shipped one (or
    ``base``'s alone)."""
    path = catalog_path(lang, base)
    paths = [catalog_path(lang, folder) for folder in extra_dirs()] if base is None else []
    paths = [p for p in [*paths, path] if p.is_file()]
    key = (lang, path, tuple(paths))
    if key not in _loaded:
        if lang == SOURCE_LANGUAGE:
            fallback: gettext.NullTranslations = gettext.NullTranslations()
        else:
            fallback = _RecordMisses(lang)
        if not paths and lang != SOURCE_LANGUAGE:
            raise UnknownLanguage(name=lang, available=join_values(available_languages(base)))
        translations: gettext.NullTranslations = fallback
        # gettext asks each catalog in turn: build the chain from the last.
        for catalog in reversed(paths):
            layer = _layer(lang, catalog)
            layer.add_fallback(translations)
            translations = layer
        _loaded[key] = translations
    return _loaded[key]


def _layer(lang: str, path: Path) -> gettext.GNUTranslations:
    """One catalog, read and checked (CatalogError if it cannot be used).
    A cached compiled file that does not read (truncated by a full disk,
    damaged) is compiled again from the ``.po`` and replaced."""
    try:
        return parse_compiled(_compiled(lang, path), str(path))
    except CatalogError:
        return parse_compiled(_compiled(lang, path, refresh=True), str(path))


# -- the user's language ------------------------------------------------------


def match_language(code: str, available: Iterable[str]) -> str | None:
    """``it_IT.UTF-8`` -> ``it`` when only ``it`` is available; None if nothing fits.

    A catalog named by script (``zh_Hans``) is found from the script's usual
    regions too: ``zh_CN`` and ``zh`` mean Simplified Chinese by CLDR's
    likely subtags, while ``zh_TW`` (Traditional) does not match it."""
    code = code.split(".")[0].split("@")[0].strip()
    if not code:
        return None
    if code in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    from babel.core import parse_locale  # Babel's import costs more than the rest: only for a real code

    try:
        parts = parse_locale(code.replace("-", "_"))
    except ValueError:
        return None
    language, territory, script = parts[0].lower(), parts[1], parts[2] or _likely_script(parts[0], parts[1])
    options = {a.lower(): a for a in available}
    candidates = [
        f"{language}_{script}_{territory}" if script and territory else None,
        f"{language}_{script}" if script else None,
        f"{language}_{territory}" if territory else None,
        language,
    ]
    for candidate in candidates:
        if candidate and candidate.lower() in options:
            return options[candidate.lower()]
    return None


def _likely_script(language: str, territory: str | None) -> str | None:
    """The script a language is written in, in a region or by default
    (CLDR's likely subtags: ``zh_TW`` -> ``Hant``, ``zh`` -> ``Hans``)."""
    from babel.core import get_global, parse_locale

    likely = get_global("likely_subtags")
    full = (likely.get(f"{language}_{territory}") if territory else None) or likely.get(language)
    if not full:
        return None
    try:
        return parse_locale(full)[2]
    except ValueError:
        return None


def environment_language(environ: Mapping[str, str] | None = None, available: Iterable[str] | None = None) -> str:
    """The first available language the environment asks for, else English."""
    environ = os.environ if environ is None else environ
    available = list(available or available_languages())
    for variable in LANGUAGE_VARIABLES:
        value = environ.get(variable, "")
        for part in value.split(":") if variable == "LANGUAGE" else [value]:
            found = match_language(part, available)
            if found:
                return found
    return SOURCE_LANGUAGE


def resolve_language(requested: str | None, environ: Mapping[str, str] | None = None,
                     available: Iterable[str] | None = None) -> str:
    """``--lang`` if given (an unknown one is an error), else the environment's."""
    available = list(available or available_languages())
    if not requested:
        return environment_language(environ, available)
    found = match_language(requested, available)
    if found is None:
        raise UnknownLanguage(name=requested, available=join_values(available))
    return found


def use_language(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Switch every message to ``requested`` (or the environment's language).

    An unknown language raises :class:`UnknownLanguage` *after* switching to
    the environment's language, so that the error itself is understood."""
    # Looked for once: finding the catalogs reads folders and plugins.
    available = available_languages()
    env_lang = environment_language(environ, available)
    try:
        lang = resolve_language(requested, environ, available)
    except UnknownLanguage:
        _switch(env_lang)
        raise
    return _switch(lang)


_warned: set[str] = set()


def _switch(lang: str) -> str:
    """Switch to ``lang``; the language switched to. A catalog that cannot
    be used (broken file, unsafe plural rule) must not stop every command in
    its language: English is used instead, with a one-line warning on
    standard error (once per file and process)."""
    try:
        translations = load(lang)
    except CatalogError as exc:
        file, detail = str(exc.params.get("file", "")), str(exc.params.get("detail", ""))
        if file not in _warned:
            _warned.add(file)
            from .terminal import printable

            # TRANSLATORS: A problem with a translation file; {file} is a file's path, {detail} is what went
            # wrong, in words (may come from the system in English).
            warning = _("Warning: the translation file {file} cannot be used ({detail}); the program speaks "
                        "English instead.", file=printable(file), detail=printable(detail))
            try:
                sys.stderr.write(warning + "\n")
                sys.stderr.flush()
            except (OSError, ValueError):
                pass  # no standard error to warn on
        if lang == SOURCE_LANGUAGE:
            translations = gettext.NullTranslations()
        else:
            return _switch(SOURCE_LANGUAGE)
    set_translations(translations, lang)
    return lang


def language() -> str:
    return _language


def language_tag(lang: str | None = None) -> str:
    """A catalog's name as a BCP 47 language tag, for HTML's ``lang``
    attribute: ``zh_Hans`` -> ``zh-Hans``."""
    return (lang or _language).replace("_", "-")


def is_rtl(lang: str | None = None) -> bool:
    return (lang or _language).split("_")[0] in RTL_LANGUAGES


def set_translations(translations: gettext.NullTranslations, lang: str) -> None:
    global _translations, _language
    _translations, _language = translations, lang


_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


# -- numbers and lists in the user's language ---------------------------------


def format_number(n: int | float) -> str:
    """A number as the user's language writes it (Babel, Latin digits)."""
    if isinstance(n, int) and 0 <= n < 1000:
        return str(n)  # no grouping below a thousand in any Latin-digit locale
    from babel.numbers import format_decimal

    return format_decimal(n, locale=_language)


def join_sentences(*texts: str) -> str:
    """Sentences one after the other, as the language's catalog joins them
    (context ``separator``); a catalog that has not said gets a space
    between them, none after a wide character (Chinese and Japanese end a
    sentence with a full-width 。 that carries its own space)."""
    out = ""
    for text in texts:
        if not text:
            continue
        if not out:
            out = text
            continue
        joined = pgettext("separator", SENTENCES, first=out, second=text)
        untranslated = joined == f"{out} {text}"
        if untranslated and unicodedata.east_asian_width(out[-1]) in ("W", "F"):
            joined = out + text
        out = joined
    return out


def format_list(items: Iterable[str], style: str = "standard") -> str:
    """``a, b and c`` in the user's language (Babel's CLDR list patterns).

    Chinese and Japanese patterns join items without spaces (``甲、乙和丙``),
    right between wide characters; where a Latin item (a code, a number)
    meets a wide letter of the pattern (``和``, ``或``), a space keeps them
    apart as CJK typesetting does (``low、high 或 wrap``). Wide punctuation
    (``、``) carries its own space."""
    from babel.lists import format_list as babel_format_list

    items = list(items)
    if len(items) == 1:
        return items[0]
    if not items:
        return ""
    marks = [chr(0xE000 + i) for i in range(len(items))]  # private-use stand-ins, one per item
    pattern = babel_format_list(marks, style=style, locale=_language)  # type: ignore[arg-type]
    out = []
    for i, ch in enumerate(pattern):
        index = ord(ch) - 0xE000
        if not 0 <= index < len(items):
            out.append(ch)
            continue
        item = items[index]
        before = pattern[i - 1] if i > 0 else ""
        after = pattern[i + 1] if i + 1 < len(pattern) else ""
        if item and _wide_letter(before) and not _wide(item[0]):
            out.append(" ")
        if item and out:
            out = [_euphonic("".join(out), item)]
        out.append(item)
        if item and _wide_letter(after) and not _wide(item[-1]):
            out.append(" ")
    return "".join(out)


#: Conjunctions that change before a sound (CLDR's patterns keep one form):
#: Italian "ed esperto" (the d only before the same vowel, as the Crusca
#: advises), Spanish "e iguales" (not before "hie": "y hierro") and "u otro".
#: (The patterns are compiled by ``re`` when a list in that language is made.)
_EUPHONIC: dict[str, tuple[tuple[str, str, str], ...]] = {
    "it": ((" e ", " ed ", r"[eEèÈéÉ]"),),
    "es": ((" y ", " e ", r"(?i)(?:i|hi(?![aeou]))"),
           (" o ", " u ", r"(?i)(?:o|ho|8|11(?!\d))")),
}


def _euphonic(joint: str, item: str) -> str:
    """The list pattern's text ``joint`` (which ends before ``item``) with
    its conjunction in the form the language wants before that item."""
    for plain, changed, sound in _EUPHONIC.get(_language.split("_")[0], ()):
        if joint.endswith(plain) and re.match(sound, item):
            return joint[: -len(plain)] + changed
    return joint


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _wide_letter(ch: str) -> bool:
    """A wide character that is a letter (和), not punctuation (、)."""
    return bool(ch) and _wide(ch) and unicodedata.category(ch).startswith("L")


# -- lookups ------------------------------------------------------------------


def _fill(text: str, source: str, context: str | None, values: dict[str, Any]) -> str:
    """Format a translation; a broken one falls back to the English source."""
    try:
        return safe_format(text, **values)
    except (PlaceholderError, KeyError, IndexError, ValueError):
        if text is source:
            raise
        _misses.append(Miss(_language, context, source, "broken"))
        return safe_format(source, **values)


#: Messages worded for the pieces of the game being shown: (context, English
#: message) -> (context, singular, plural or None) of the message said instead
#: (a tile game's "tiles" and "rack" where a card game says "cards" and
#: "hand"). Each replacement is a message of its own in the catalogs, so that
#: every language words it as its players do. The game's presentation gives
#: it (``Presentation.wording``); empty: every message as written.
Wording = Mapping[tuple["str | None", str], tuple["str | None", str, "str | None"]]
_wording: Wording = {}


def use_wording(wording: Wording) -> Wording:
    """Say ``wording``'s messages instead of those they replace, from now
    on; the wording used before (to put back)."""
    global _wording
    before, _wording = _wording, wording
    return before


def wording() -> Wording:
    return _wording


def _reworded(context: str | None, message: str, n: int | None, values: dict[str, Any]) -> str | None:
    found = _wording.get((context, message))
    if found is None:
        return None
    ctx, singular, plural = found
    if plural is not None and n is not None:
        text = (_translations.npgettext(ctx, singular, plural, n) if ctx is not None
                else _translations.ngettext(singular, plural, n))
        return _fill(text, singular if n == 1 else plural, ctx, {"n": format_number(n), **values})
    text = _translations.pgettext(ctx, singular) if ctx is not None else _translations.gettext(singular)
    filled = {**({"n": format_number(n)} if n is not None else {}), **values}
    return _fill(text, singular, ctx, filled) if filled else text


def _(message: str, /, **values: Any) -> str:
    if _wording and (worded := _reworded(None, message, None, values)) is not None:
        return worded
    text = _translations.gettext(message)
    return _fill(text, message, None, values) if values else text


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    if _wording and (worded := _reworded(None, singular, n, values)) is not None:
        return worded
    text = _translations.ngettext(singular, plural, n)
    return _fill(text, singular if n == 1 else plural, None, {"n": format_number(n), **values})


def pgettext(context: str, message: str, /, **values: Any) -> str:
    if _wording and (worded := _reworded(context, message, None, values)) is not None:
        return worded
    text = _translations.pgettext(context, message)
    return _fill(text, message, context, values) if values else text


def npgettext(context: str, singular: str, plural: str, n: int, /, **values: Any) -> str:
    if _wording and (worded := _reworded(context, singular, n, values)) is not None:
        return worded
    text = _translations.npgettext(context, singular, plural, n)
    return _fill(text, singular if n == 1 else plural, context, {"n": format_number(n), **values})


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark a string with a context for extraction; translate it later with
    ``pgettext(context, message)``."""
    return message


# -- separators in the user's language ----------------------------------------


# TRANSLATORS: between values listed side by side (codes, numbers, card names), e.g. "low, high,
# wrap": the comma of your language with its spacing (Chinese "、", Arabic "، ").
VALUE_SEPARATOR = NP_("separator", ", ")
# TRANSLATORS: two sentences one after the other, e.g. "Player 2 plays 5♣ 6♣ 7♣. From the table: 7♣.":
# your language's spacing between sentences (Chinese "{first}{second}": 。 carries its own space).
SENTENCES = NP_("separator", "{first} {second}")

# TRANSLATORS: between facts or clauses listed side by side, e.g. "whole number; default: 2;
# allowed: 1..8": the semicolon of your language with its spacing (Chinese "；", Arabic "؛ ").
CLAUSE_SEPARATOR = NP_("separator", "; ")


def join_values(items: Iterable[str]) -> str:
    """Values side by side, with the language's comma: ``low, high, wrap``
    (for codes and numbers, where "and" would read as part of the list)."""
    return pgettext("separator", VALUE_SEPARATOR).join(items)


def before_value(label: str) -> str:
    """A label ("Drawn:", "Usage:") ready for what follows it on the line:
    a space after it, none after a wide character (a Chinese full-width
    colon carries its own space, and "摸到： 6♦" reads as a typo)."""
    if label and unicodedata.east_asian_width(label[-1]) in ("W", "F"):
        return label
    return label + " "


def join_clauses(items: Iterable[str]) -> str:
    """Facts side by side, with the language's semicolon."""
    return pgettext("separator", CLAUSE_SEPARATOR).join(items)


def labelled(label: str, value: str) -> str:
    """``label: value`` with the language's colon (Chinese ``标签：值``)."""
    # TRANSLATORS: a label and what it labels, e.g. "yellow: G Y R" or "Player 2: plays 5♣ 6♣ 7♣";
    # the colon of your language with its spacing (Chinese "{label}：{value}").
    return pgettext("separator", "{label}: {value}", label=label, value=value)


def two_values(first: str, second: str) -> str:
    """Two figures shown together, ``117.0 / 121.0``."""
    # TRANSLATORS: two numbers shown together in one cell of a table, e.g. "median / 90th percentile";
    # {first} and {second} are the numbers.
    return pgettext("separator", "{first} / {second}", first=first, second=second)
