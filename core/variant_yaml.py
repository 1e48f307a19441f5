"""Variant files as data from strangers: YAML read within bounds (size,
depth, number lengths; no tags, anchors or aliases; no duplicate keys),
with the line of every node kept for the problems reported."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import yaml

from .errors import VariantError
from .numbers import MAX_DIGITS

#: Largest variant file read (bytes).
MAX_VARIANT_BYTES = 64 * 1024


class _Source(NamedTuple):
    label: str
    data: dict[str, Any]
    root: yaml.Node | None


def _reject_duplicate_keys(node: yaml.Node, label: str) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key, value in node.value:
            k = key.value if isinstance(key, yaml.ScalarNode) else id(key)
            if k in seen:
                raise VariantError(file=label, path=str(k), line=key.start_mark.line + 1,
                                   detail=f"key {k!r} is given twice", why="key-twice", key=str(k)[:60])
            seen.add(k)
            _reject_duplicate_keys(value, label)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _reject_duplicate_keys(item, label)


# libyaml's safe loader when PyYAML was built with it: same documents, faster.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: Deepest nesting of mappings and lists in a variant (the schema needs 4).
MAX_YAML_DEPTH = 32
#: Most digits of a whole number in a variant (no rule needs more than a few).
MAX_NUMBER_DIGITS = MAX_DIGITS
# A plain scalar that YAML may read as a whole number (decimal, 0x, 0o, 0b,
# base 60 with colons) and is too long: int() refuses more than 4300 decimal
# digits, and no message can show a number that long.
_LONG_NUMBER = re.compile(r"[-+]?[0-9][0-9a-fA-FxXoO_:]{%d,}" % MAX_NUMBER_DIGITS)


class _Refused(Exception):
    """YAML that a variant may not hold (internal: ``line``, ``detail``, and
    ``why`` with its ``values``: the reason code the application translates)."""

    def __init__(self, line: int | None, detail: str, why: str, **values: Any) -> None:
        super().__init__(detail)
        self.line, self.detail, self.why, self.values = line, detail, why, values


def _check_events(text: str) -> None:
    """The YAML budget, checked on the event stream before any node is
    built: no anchors or aliases (``&a``, ``*a``: a few hundred bytes of
    nested aliases stand for billions of nodes, and ``a: &a [*a]`` for an
    endless one), no tags (``!!python/...``, ``!!set``: plain values
    only), mappings and lists at most :data:`MAX_YAML_DEPTH` deep,
    whole numbers of at most :data:`MAX_NUMBER_DIGITS` digits. Within
    that budget, building the document and walking it cost time in
    proportion to the text. Raises _Refused, or yaml.YAMLError for text
    that is not YAML."""
    depth = 0
    for event in yaml.parse(text, Loader=_SafeLoader):
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if isinstance(event, yaml.AliasEvent) or (isinstance(event, yaml.NodeEvent) and event.anchor is not None):
            raise _Refused(line, "anchors and aliases (&name, *name) are not allowed in a variant", "yaml-alias")
        if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and event.tag is not None:
            raise _Refused(line, "YAML tags (!name, !!type) are not allowed in a variant", "yaml-tag")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_YAML_DEPTH:
                raise _Refused(line, f"mappings and lists are nested more than {MAX_YAML_DEPTH} levels deep",
                              "yaml-depth", limit=MAX_YAML_DEPTH)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent) and event.implicit[0] and _LONG_NUMBER.fullmatch(event.value):
            raise _Refused(line, f"a number of more than {MAX_NUMBER_DIGITS} digits", "long-number",
                          limit=MAX_NUMBER_DIGITS)


def _load_checked(text: str) -> tuple[yaml.Node | None, Any]:
    """Parse once within the budget (:func:`_check_events`): the node tree
    (for line numbers and duplicate keys) and the data built from that same
    tree with the safe constructor. Raises _Refused or yaml.YAMLError."""
    _check_events(text)
    loader = _SafeLoader(text)
    try:
        root = loader.get_single_node()
        return root, (loader.construct_document(root) if root is not None else None)
    except RecursionError:  # not within the budget above; kept as a last guard
        raise _Refused(None, f"mappings and lists are nested more than {MAX_YAML_DEPTH} levels deep",
                       "yaml-depth", limit=MAX_YAML_DEPTH) from None
    except ValueError as exc:  # a value the safe constructor cannot build: a 13th month, ...
        raise _Refused(None, f"not valid YAML: {str(exc)[:80]}", "not-yaml", problem=str(exc)[:80]) from None
    finally:
        loader.dispose()


def load_bounded_yaml(text: str) -> Any:
    """Data from a stranger's YAML file (a translator's glossary, ...):
    safe constructors only, within the same budget as a variant file. Raises
    ValueError with a short reason when the text is refused."""
    if len(text.encode()) > MAX_VARIANT_BYTES:
        raise ValueError(f"more than {MAX_VARIANT_BYTES} bytes")
    try:
        return _load_checked(text)[1]
    except _Refused as exc:
        raise ValueError(exc.detail) from None
    except yaml.YAMLError as exc:
        raise ValueError(str(exc).splitlines()[0][:120]) from None


def parse_source(text: str | bytes, label: str) -> _Source:
    """Parse one variant document (untrusted): size limit, safe YAML only
    within the budget of :func:`_check_events`, a mapping at the top, no
    duplicate keys."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_VARIANT_BYTES:
        raise VariantError(file=label, path="", line=None,
                           detail=f"file is {size} bytes, more than the limit of {MAX_VARIANT_BYTES}",
                           why="too-large", limit=MAX_VARIANT_BYTES)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise VariantError(file=label, path="", line=None, detail="file is not UTF-8 text",
                               why="not-utf8") from None
    try:
        root, data = _load_checked(text)
    except _Refused as exc:
        raise VariantError(file=label, path="", line=exc.line, detail=exc.detail, why=exc.why,
                           **exc.values) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise VariantError(file=label, path="", line=mark.line + 1 if mark else None,
                           detail=f"not valid YAML: {problem}", why="not-yaml", problem=str(problem)[:80]) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise VariantError(file=label, path="", line=1, detail="a variant must be a mapping of keys to values",
                           why="not-a-mapping")
    if root is not None:
        _reject_duplicate_keys(root, label)
    return _Source(label, data, root)


def _line_of(root: yaml.Node | None, path: tuple[Any, ...]) -> tuple[int | None, int]:
    """(line of the deepest node found along ``path``, how many keys matched)."""
    node, line, depth = root, None, 0
    for key in path:
        if isinstance(node, yaml.MappingNode):
            nxt = next(((k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == str(key)), None)
            if nxt is None:
                break
            line, node = nxt[0].start_mark.line + 1, nxt[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            node = node.value[key]
            line = node.start_mark.line + 1
        else:
            break
        depth += 1
    return line, depth
