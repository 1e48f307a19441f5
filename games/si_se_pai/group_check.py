"""``machiavelli meld check`` for Sì Sè Pái: is this one group, in the
game's words? The cards are read as the table reads them (the language's
letters, the Chinese characters) and shown as the table shows them; a
refusal gives the game's own reason ("a General stands alone"), not the
kernel's meld check's ("a rank that this kind of meld does not allow")."""

from __future__ import annotations

from typing import Sequence

from machiavelli.core.cards import Card
from machiavelli.core.i18n import NP_, format_list, npgettext, pgettext

from .glossary import character_name, group_name, read_card, show_all
from .variant import SiSePaiVariant

# TRANSLATORS: Sì Sè Pái's meld check: why cards are not a group, after "not a group:" (a clause: no
# capital, no full stop).
REASONS = {
    "general-alone": NP_("sisepai group check", "a General stands alone"),
    "flower-alone": NP_("sisepai group check", "a flower stands alone"),
    "not-identical": NP_("sisepai group check", "a pair, a triple or a quad is made of identical cards"),
    "soldiers-colours": NP_("sisepai group check", "Soldiers make a group in different colours"),
    "no-group": NP_("sisepai group check", "no group of this variant has these cards"),
}
# TRANSLATORS: Sì Sè Pái's meld check, why three cards of one colour are not a group; {patterns} is the
# allowed sets of characters, listed with "or" ("General–Advisor–Elephant or Chariot–Horse–Cannon").
PATTERNS = NP_("sisepai group check", "three cards of one colour make a group only as {patterns}")
# TRANSLATORS: Sì Sè Pái's meld check; {cards} is cards as shown at the table (HY HY HY), {kind} a kind
# of group (triple).
VALID = NP_("sisepai group check", "{cards}: a valid group ({kind})")
# TRANSLATORS: Sì Sè Pái's meld check; {cards} is cards as shown at the table (GW GW), {reason} why
# not, a clause without a capital.
INVALID = NP_("sisepai group check", "{cards}: not a group: {reason}")


def reason_code(cards: Sequence[Card], variant: SiSePaiVariant) -> str:
    """Why ``cards`` are no group of the variant, as the game would say it."""
    kinds = variant.groups
    largest = max((k.max_size or len(cards)) for k in kinds.values())
    codes = [variant.code_of(c.rank, c.suit) for c in cards]
    singles = {key for key, k in kinds.items() if k.max_size == 1}
    one_colour = kinds.get("one-colour")
    if one_colour is not None and len(cards) == 3 and len({c.suit for c in cards}) == 1 and len(set(codes)) == 3:
        return "patterns"
    if len(cards) > 1 and any(c.rank == 0 for c in cards) and "flower" in singles:
        return "flower-alone"
    if len(cards) > 1 and "G" in codes and "general" in singles:
        return "general-alone"
    if len(cards) > largest:
        return "too-many"
    if set(codes) == {"S"} and len({c.suit for c in cards}) not in (1, len(cards)):
        return "soldiers-colours"
    if len(set(codes)) == 1 and len({c.suit for c in cards}) == 1:
        return "no-group"
    if len(cards) in (2, 3, 4) and (len(set(codes)) == 1 or len({c.suit for c in cards}) == 1):
        return "not-identical"
    return "no-group"


def reason_text(code: str, variant: SiSePaiVariant) -> str:
    if code == "too-many":
        top = max((k.max_size or 0) for k in variant.groups.values())
        # TRANSLATORS: Sì Sè Pái's meld check, why cards are not a group; {n} is a number.
        return npgettext("sisepai group check", "no group has more than {n} card", "no group has more than {n} cards",
                         top)
    if code == "patterns":
        kind = variant.groups["one-colour"]
        # Each set as one word of its characters (General–Advisor–Elephant): "or" stands between sets only.
        sets = ["–".join(character_name(c) for c in pattern) for pattern in kind.patterns or ()]
        return pgettext("sisepai group check", PATTERNS, patterns=format_list(sets, "or"))
    return pgettext("sisepai group check", REASONS[code])


def answer(variant: SiSePaiVariant, tokens: Sequence[str], faces: str = "") -> tuple[bool, str]:
    """(whether the cards typed are one group, the answer as a line)."""
    cards = [read_card(t, variant.deck)[0] for t in " ".join(tokens).split()]
    result = variant.check(cards)
    shown = show_all(cards, variant.deck, faces)
    if result.valid:
        return True, pgettext("sisepai group check", VALID, cards=shown, kind=group_name(result.kind or ""))
    return False, pgettext("sisepai group check", INVALID, cards=shown,
                           reason=reason_text(reason_code(cards, variant), variant))
