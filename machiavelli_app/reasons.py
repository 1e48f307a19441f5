"""Human sentences for the kernel's reason codes, in the user's language."""

from __future__ import annotations

from typing import Any

from core.errors import MachiavelliError

from .i18n import N_, NP_, _, pgettext

# Why a group of cards is not a meld (core.melds.REASONS).
MELD_REASONS: dict[str, str] = {
    "empty": NP_("meld reason", "there are no cards"),
    "no-meld-kinds": NP_("meld reason", "this variant allows no melds"),
    "mixed-ranks": NP_("meld reason", "the cards are not all of one rank"),
    "mixed-suits": NP_("meld reason", "the cards are not all of one suit"),
    "too-few-cards": NP_("meld reason", "there are too few cards"),
    "too-many-cards": NP_("meld reason", "there are too many cards"),
    "rank-not-allowed": NP_("meld reason", "a rank that this kind of meld does not allow"),
    "identical-cards": NP_("meld reason", "there are identical cards"),
    "repeated-rank": NP_("meld reason", "a rank appears twice"),
    "repeated-suit": NP_("meld reason", "a suit appears twice"),
    "not-a-pattern": NP_("meld reason", "the ranks are not one of the allowed combinations"),
    "gap": NP_("meld reason", "the ranks are not consecutive"),
    "ace-both-ways": NP_("meld reason", "an ace cannot be both low and high"),
    "ace-high-not-allowed": NP_("meld reason", "aces cannot be high in this variant"),
    "ace-low-not-allowed": NP_("meld reason", "aces cannot be low in this variant"),
}

# Errors of input, files and setup: one line each.
ERRORS: dict[str, str] = {
    "bad-card": N_("Not a card: {token}"),
    "input-too-long": N_("The input is too long."),
    "bad-variant": N_("Broken variant {where}: {detail}"),
    "bad-extends": N_("Broken variant {where}: {detail}"),
    "bad-override": N_("Bad --set: {detail}"),
    "missing-file": N_("No such file: {file}"),
    "unknown-variant": N_("Unknown variant {name}. Available: {available}"),
    "unknown-language": N_("Unknown language {name}. Available: {available}"),
    "unknown-locale": N_("Babel knows no language {name}: use a code such as fr or pt_BR."),
    "bad-catalog": N_("Broken translation file {file}: {detail}"),
    "catalog-exists": N_("{file} exists already."),
}


def meld_reason(code: str | None) -> str:
    if code is None:
        return ""
    template = MELD_REASONS.get(code)
    return pgettext("meld reason", template) if template else code


def _where(params: dict[str, Any]) -> str:
    where = str(params.get("file", ""))
    if params.get("line"):
        where += f":{params['line']}"
    if params.get("path"):
        where += f" ({params['path']})"
    return where


def describe(error: MachiavelliError) -> str:
    """One line that says what went wrong, in the user's language."""
    params = {k: ("" if v is None else v) for k, v in error.params.items()}
    params.setdefault("detail", "")
    params["where"] = _where(error.params)
    template = ERRORS.get(error.code)
    if template is None:
        return error.message
    try:
        return _(template, **params)
    except (KeyError, ValueError):
        return error.message
