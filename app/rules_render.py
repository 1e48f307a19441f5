"""Print a rules :class:`~machiavelli.core.present.RulesDocument` as text, Markdown or HTML.

Text is in logical order, one line per paragraph, so that terminals and
editors that implement bidi (and any program reading a pipe) get Arabic as
written. ``visual=True`` is for terminals that do not: lines are wrapped to
the width first, then each is reordered and right-aligned. Markdown and HTML
state the direction (``dir="rtl"``) and escape everything they print:
translations and variant notes are data from strangers.
"""

from __future__ import annotations

import html
import re

from rich.cells import cell_len

from machiavelli.core import i18n

from machiavelli.core.bidi import LRI, PDI, RLI, visual as visual_line
from machiavelli.core.console import rjust as _rjust, wrap
from machiavelli.core.present import Bullets, Heading, Paragraph, RulesDocument as Document

FORMATS = ("text", "markdown", "html")
_ISOLATE = re.compile(f"([{LRI}{RLI}])(.*?){PDI}")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~])")


def _plain(text: str, doc: Document) -> str:
    return text if doc.rtl else re.sub(f"[{LRI}{RLI}{PDI}]", "", text)


def render_text(doc: Document, *, visual: bool = False, width: int = 80) -> str:
    lines: list[str] = []

    def para(text: str, indent: str = "", bullet: str = "") -> None:
        text = _plain(text, doc)
        if not visual:
            lines.append(indent + bullet + text)
            return
        body = width - cell_len(indent) - cell_len(bullet)
        wrapped = wrap(text, max(20, body))
        for i, line in enumerate(wrapped):
            prefix = (bullet if i == 0 else " " * cell_len(bullet))
            shown = visual_line(indent + prefix + line, rtl=doc.rtl)
            lines.append(_rjust(shown, width) if doc.rtl else shown)

    def heading(text: str, underline: str) -> None:
        para(text)
        rule = underline * max(4, cell_len(_strip(text)))
        lines.append(_rjust(rule, width) if visual and doc.rtl else rule)

    heading(doc.title, "=")
    if doc.subtitle:
        lines.append("")
        para(doc.subtitle)
    for section in doc.sections:
        lines.append("")
        heading(section.title, "-")
        for block in section.blocks:
            if isinstance(block, Paragraph):
                lines.append("")
                para(block.text)
            elif isinstance(block, Heading):
                lines.append("")
                para(block.text)
            elif isinstance(block, Bullets):
                lines.append("")
                for item in block.items:
                    para(item, bullet="• ")
    return "\n".join(lines).rstrip() + "\n"


def _md(text: str, doc: Document) -> str:
    return _MD_SPECIAL.sub(r"\\\1", _plain(text, doc))


def render_markdown(doc: Document) -> str:
    out: list[str] = []
    if doc.rtl:
        out += [f'<div dir="rtl" lang="{html.escape(i18n.language_tag(doc.language))}">', ""]
    out += ["# " + _md(doc.title, doc), ""]
    if doc.subtitle:
        out += ["*" + _md(doc.subtitle, doc) + "*", ""]
    for section in doc.sections:
        out += ["## " + _md(section.title, doc), ""]
        for block in section.blocks:
            if isinstance(block, Paragraph):
                out += [_md(block.text, doc), ""]
            elif isinstance(block, Heading):
                out += ["### " + _md(block.text, doc), ""]
            elif isinstance(block, Bullets):
                out += ["- " + _md(item, doc) for item in block.items] + [""]
    if doc.rtl:
        out += ["</div>", ""]
    return "\n".join(out).rstrip() + "\n"


def _html(text: str) -> str:
    escaped = html.escape(text, quote=True)
    return _ISOLATE.sub(lambda m: f'<bdi dir="{"rtl" if m.group(1) == RLI else "ltr"}">{m.group(2)}</bdi>', escaped)


def render_html(doc: Document) -> str:
    direction = "rtl" if doc.rtl else "ltr"
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{html.escape(i18n.language_tag(doc.language))}" dir="{direction}">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{_html(_strip(doc.title))}</title>",
        "<style>body{font-family:sans-serif;max-width:44em;margin:2em auto;line-height:1.5}"
        "bdi{white-space:nowrap}</style>",
        "</head>",
        "<body>",
        f"<h1>{_html(doc.title)}</h1>",
    ]
    if doc.subtitle:
        out.append(f'<p class="description"><em>{_html(doc.subtitle)}</em></p>')
    for section in doc.sections:
        out.append(f'<section id="{html.escape(section.key)}">')
        out.append(f"<h2>{_html(section.title)}</h2>")
        for block in section.blocks:
            if isinstance(block, Paragraph):
                out.append(f"<p>{_html(block.text)}</p>")
            elif isinstance(block, Heading):
                out.append(f"<h3>{_html(block.text)}</h3>")
            elif isinstance(block, Bullets):
                out.append("<ul>")
                out += [f"<li>{_html(item)}</li>" for item in block.items]
                out.append("</ul>")
        out.append("</section>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _strip(text: str) -> str:
    return re.sub(f"[{LRI}{RLI}{PDI}]", "", text)


def render(doc: Document, fmt: str = "text", *, visual: bool = False, width: int = 80) -> str:
    if fmt == "markdown":
        return render_markdown(doc)
    if fmt == "html":
        return render_html(doc)
    return render_text(doc, visual=visual, width=width)
