"""Translations: gettext catalogs under ``locales/``, read with Babel.

Placeholders are named (``{player}``, ``{n}``) and filled by
:func:`safe_format`, which refuses attribute and index access: translation
files are data from strangers and must never reach Python objects.
"""

from __future__ import annotations

import gettext
import string
from typing import Any

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


class PlaceholderError(ValueError):
    """A format string asks for something other than a plain named field."""


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


def language() -> str:
    return _language


def set_translations(translations: gettext.NullTranslations, lang: str) -> None:
    global _translations, _language
    _translations, _language = translations, lang


def _(message: str, /, **values: Any) -> str:
    text = _translations.gettext(message)
    return safe_format(text, **values) if values else text


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    return safe_format(_translations.ngettext(singular, plural, n), n=n, **values)


def pgettext(context: str, message: str, /, **values: Any) -> str:
    text = _translations.pgettext(context, message)
    return safe_format(text, **values) if values else text


def npgettext(context: str, singular: str, plural: str, n: int, /, **values: Any) -> str:
    return safe_format(_translations.npgettext(context, singular, plural, n), n=n, **values)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message
