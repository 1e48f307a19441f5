"""The rule sentences on which two variants differ, in the user's language.

Both variants' rules are composed by their game's presentation; a
sentence is one paragraph or one bullet of that text (bullets under a
heading, such as the clauses of one kind of meld, keep the heading as their
context) and a paragraph is cut into its sentences. What one variant says
and the other does not is the difference, section by section, in the order
the rules are read. The title, the one-line description, the free-text
notes and the variant a rule set extends are not rules and are left out.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from machiavelli.core.i18n import labelled
from machiavelli.core.variant import Variant

from .presented import rules_document
from machiavelli.core.present import Bullets, Heading, Paragraph

#: Sections of free text, not generated from the parameters.
SKIPPED_SECTIONS = ("notes",)
# A sentence ends at . ! ? or the Arabic question mark before a space; not
# before a lower-case letter (Turkish writes ordinals as "3. oyuncu").
_END = re.compile(r"(?<=[.!?\u061f])\s+(?=\S)")


def split_sentences(text: str) -> list[str]:
    parts: list[str] = []
    for piece in _END.split(text):
        if parts and piece[:1].islower():
            parts[-1] += " " + piece
        else:
            parts.append(piece)
    return parts


@dataclass(frozen=True)
class SectionDiff:
    """What only ``a`` and only ``b`` say in one section of the rules."""

    key: str
    title: str
    a: tuple[str, ...]
    b: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {"section": self.key, "title": self.title, "a": list(self.a), "b": list(self.b)}


def sentences(variant: Variant) -> list[tuple[str, str, str]]:
    """(section key, section title, sentence) of every rule, in reading
    order; a bullet under a heading reads ``heading: bullet``."""
    out: list[tuple[str, str, str]] = []
    # Which variant a rule set extends is its history, not one of its rules.
    for section in rules_document(variant.model_copy(update={"extends": None})).sections:
        if section.key in SKIPPED_SECTIONS:
            continue
        heading = ""
        for block in section.blocks:
            if isinstance(block, Heading):
                heading = block.text
            elif isinstance(block, Paragraph):
                out.extend((section.key, section.title, text) for text in split_sentences(block.text))
            elif isinstance(block, Bullets):
                out.extend((section.key, section.title, labelled(heading, item) if heading else item)
                           for item in block.items)
    return out


def _only(mine: list[str], theirs: list[str]) -> tuple[str, ...]:
    left = Counter(theirs)
    out = []
    for text in mine:
        if left[text]:
            left[text] -= 1
        else:
            out.append(text)
    return tuple(out)


def differing(a: Variant, b: Variant) -> list[SectionDiff]:
    """The sections whose sentences differ, in the order of ``a``'s rules
    (sections only ``b`` has come after)."""
    sa, sb = sentences(a), sentences(b)
    order: list[str] = []
    titles: dict[str, str] = {}
    for key, title, _ in sa + sb:
        if key not in titles:
            order.append(key)
            titles[key] = title
    out = []
    for key in order:
        only_a = _only([t for k, _, t in sa if k == key], [t for k, _, t in sb if k == key])
        only_b = _only([t for k, _, t in sb if k == key], [t for k, _, t in sa if k == key])
        if only_a or only_b:
            out.append(SectionDiff(key, titles[key], only_a, only_b))
    return out


def show(a: str, b: str, diffs: list[SectionDiff]) -> None:
    """Print the differing sentences under their section titles, each
    labelled with the variant that says it."""
    import typer

    from machiavelli.core.bidi import isolate
    from machiavelli.core.i18n import _, is_rtl

    if not diffs:
        return
    name = (lambda n: isolate(n)) if is_rtl() else (lambda n: n)  # noqa: E731
    typer.echo("")
    typer.echo(_("The rules that read differently:"))
    for diff in diffs:
        typer.echo("")
        typer.echo(diff.title)
        for variant, texts in ((a, diff.a), (b, diff.b)):
            for text in texts:
                # TRANSLATORS: Variants diff, the rule sentences that differ; {variant} is a variant's name (bga),
                # {rule} is a rule's sentence.
                typer.echo("  " + _("{variant}: {rule}", variant=name(variant), rule=text))
