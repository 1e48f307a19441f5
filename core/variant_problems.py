"""What is wrong with a variant, in stable codes: pydantic's validation
errors turned into :class:`Problem` values with the file, line and
parameter of each, for the user's language to say."""

from __future__ import annotations

import re
import types
from dataclasses import dataclass
from typing import Any, Mapping, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from .errors import VariantError
from .variant_yaml import _line_of, _Source


# pydantic's error types, as the stable codes of a variant problem.
_TYPE_NAMES = {
    "int_parsing": "integer", "int_type": "integer", "int_from_float": "integer", "int_parsing_size": "integer",
    "bool_parsing": "boolean", "bool_type": "boolean", "string_type": "text",
    "dict_type": "mapping", "model_type": "mapping", "model_attributes_type": "mapping",
    "tuple_type": "list", "list_type": "list", "none_required": "nothing",
}
_BOUNDS = {"greater_than_equal": ("too-small", "ge", ">="), "greater_than": ("too-small", "gt", ">"),
           "less_than_equal": ("too-large", "le", "<="), "less_than": ("too-large", "lt", "<"),
           "string_too_short": ("too-short", "min_length", "length >="),
           "too_short": ("too-short", "min_length", "length >="),
           "string_too_long": ("too-long", "max_length", "length <="),
           "too_long": ("too-long", "max_length", "length <=")}
#: Most problems one variant reports (a file of a thousand typos is one story).
MAX_PROBLEMS = 50


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a variant: where (file, line, dotted key path),
    what (``code``: unknown-key, missing, wrong-type, not-a-choice,
    too-small, too-large, too-short, too-long, bad-format, invalid), what
    was ``expected`` and what it ``got`` (plain text), a ``suggestion`` for
    a mistyped key or choice, and an English ``detail``. ``types``,
    ``choices`` and ``limit`` let a message be composed in any language."""

    file: str
    path: str
    line: int | None
    code: str
    expected: str
    detail: str
    got: str | None = None
    suggestion: str | None = None
    types: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    limit: int | None = None
    #: The numbers and names a check across keys reports (core.checks).
    values: tuple[tuple[str, int | str], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if v is not None and v != ()}
        if self.values:
            out["values"] = dict(self.values)
        return out


def _shown(value: Any) -> str | None:
    """A scalar input as written in YAML (None for mappings and lists)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        try:
            return str(value)[:60]
        except ValueError:  # a whole number too long to write out
            return "a number too long to show"
    if isinstance(value, str):
        return value[:60]
    if value is None:
        return "null"
    return None


def _clean_loc(loc: tuple[Any, ...], data: Any, missing: bool) -> tuple[tuple[Any, ...], bool]:
    """The key path of ``loc`` in the validated data, without pydantic's
    names of union members and validators (``hand_size.int``); and whether
    such a name was dropped (the error is about one member of a union)."""
    out: list[Any] = []
    node, tagged = data, False
    for k, part in enumerate(loc):
        if isinstance(node, Mapping) and part in node:
            out.append(part)
            node = node[part]
        elif isinstance(node, (list, tuple)) and isinstance(part, int) and 0 <= part < len(node):
            out.append(part)
            node = node[part]
        elif missing and k == len(loc) - 1:
            out.append(part)
        else:
            tagged = True  # 'int', 'dict[int,int]', 'function-after[...]', '[key]'
    return tuple(out), tagged


def _model_at(schema: type[BaseModel], path: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model whose keys may stand at ``path`` (None if not a model)."""
    model: type[BaseModel] = schema
    parts = list(path)
    while parts:
        field = model.model_fields.get(str(parts.pop(0)))
        if field is None:
            return None
        annotation = field.annotation
        if get_origin(annotation) in (Union, types.UnionType):
            annotation = next((a for a in get_args(annotation) if a is not type(None)), annotation)
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            model = annotation
        elif get_origin(annotation) is dict and isinstance(get_args(annotation)[1], type) \
                and issubclass(get_args(annotation)[1], BaseModel) and parts:
            parts.pop(0)
            model = get_args(annotation)[1]
        else:
            return None
    return model


def _close(word: str, choices: Any) -> str | None:
    import difflib

    found = difflib.get_close_matches(word, [str(c) for c in choices], n=1, cutoff=0.6)
    return found[0] if found else None


def _problem_of(error: Any, data: Any, schema: type[BaseModel]) -> tuple[tuple[Any, ...], bool, dict[str, Any]]:
    """(key path, union member?, fields of a Problem) for one pydantic error."""
    kind = error["type"]
    loc, tagged = _clean_loc(tuple(error["loc"]), data, kind == "missing")
    ctx = error.get("ctx") or {}
    value = error.get("input")
    got = _shown(value)
    said = repr(got) if isinstance(value, str) else got  # how the English detail shows it
    msg = str(error["msg"]).removeprefix("Value error, ")
    if kind == "extra_forbidden":
        model = _model_at(schema, loc[:-1])
        keys = tuple(model.model_fields) if model else ()
        key = str(loc[-1]) if loc else ""
        return loc, tagged, dict(code="unknown-key", expected="one of: " + ", ".join(keys), got=key[:60],
                                 suggestion=_close(key, keys), choices=keys, detail=f"unknown key {key[:60]!r}")
    if kind == "missing":
        return loc, tagged, dict(code="missing", expected="a value", detail="a value is required")
    if kind == "literal_error":
        expected = str(ctx.get("expected", ""))
        # Text choices come quoted ('low' or 'high'); numbers bare (0 or 4).
        choices = tuple(re.findall(r"'([^']*)'", expected)) \
            or tuple(p for p in re.split(r",\s*|\s+or\s+", expected) if p)
        return loc, tagged, dict(code="not-a-choice", expected="one of: " + ", ".join(choices), got=got,
                                 choices=choices, suggestion=_close(value, choices) if isinstance(value, str) else None,
                                 detail=f"expected one of {', '.join(choices)}, got {said}")
    if kind in _TYPE_NAMES:
        name = _TYPE_NAMES[kind]
        return loc, tagged, dict(code="wrong-type", expected=name, got=got, types=(name,),
                                 detail=f"expected {name}" + (f", got {said}" if got is not None else ""))
    if kind in _BOUNDS:
        code, key, sign = _BOUNDS[kind]
        limit = ctx.get(key)
        limit = int(limit) if isinstance(limit, int) else None
        return loc, tagged, dict(code=code, expected=f"{sign} {limit}", got=got, limit=limit,
                                 detail=f"{msg}" + (f" (got {said})" if got is not None else ""))
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        return loc, tagged, dict(code="bad-format", expected=f"text matching {pattern}", got=got,
                                 detail=f"{msg} (got {said})")
    if "check" in ctx:
        # A check across keys (core.checks.failed): its code and values.
        field = str(ctx["check"])
        values = tuple((k, v) for k, v in ctx.items() if k != "check" and isinstance(v, (int, str)))
        return (*loc, field) if field else loc, tagged, dict(code=kind, expected=msg, detail=msg, values=values)
    field, sep, rest = msg.partition(": ")
    if sep and kind == "value_error" and re.fullmatch(r"[a-z_]+", field):
        # Cross-field checks name the key they are about (see the validators).
        loc, msg = (*loc, field), rest
    return loc, tagged, dict(code="invalid", expected=msg, got=got if kind != "value_error" else None,
                             detail=msg + (f" (got {said})" if got is not None and kind != "value_error" else ""))


def _where(loc: tuple[Any, ...], chain: list[_Source],
           overrides: list[tuple[str, tuple[str, ...], Any]]) -> tuple[str, int | None]:
    """The file (or ``--set`` option) and line that gave the value at ``loc``."""
    key = tuple(str(p) for p in loc)
    for text, opath, _ in reversed(overrides):
        # The option gave the value at loc, or one under it (aces.x=1 makes aces a mapping).
        if key and (key[: len(opath)] == opath or opath[: len(key)] == key):
            return "--set " + text, None
    best: tuple[str, int | None, int] = (chain[0].label, None, -1)
    for src in chain:
        line, depth = _line_of(src.root, loc)
        if depth > best[2]:
            best = (src.label, line, depth)
        if depth == len(loc):
            break
    return best[0], best[1]


def problems_of(exc: ValidationError, data: Any, schema: type[BaseModel], chain: list[_Source],
                overrides: list[tuple[str, tuple[str, ...], Any]]) -> list[Problem]:
    """Every problem pydantic found, one per key path: the members of a
    union (``hand_size``: a number or a mapping) make one problem, about the
    member whose shape the value has when there is one."""
    found = [_problem_of(error, data, schema) for error in exc.errors(include_url=False)]
    deeper = {loc[:k] for loc, tagged, _ in found if tagged for k in range(len(loc))}
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    for loc, tagged, fields in found:
        if tagged and fields["code"] == "wrong-type" and loc in deeper:
            continue  # the value has the shape of another member: its problems tell more
        key = tuple(str(p) for p in loc)
        if key in merged:
            if fields["code"] == "wrong-type" and merged[key]["code"] == "wrong-type":
                old = merged[key]
                old["types"] = tuple(dict.fromkeys((*old["types"], *fields["types"])))
                old["expected"] = " or ".join(old["types"])
                old["detail"] = fields["detail"].replace(fields["expected"], old["expected"], 1)
                continue
            key = (*key, str(len(merged)))  # two problems at one key: keep both
        merged[key] = dict(fields, _loc=loc)
    out = []
    for fields in merged.values():
        loc = fields.pop("_loc")
        file, line = _where(loc, chain, overrides)
        out.append(Problem(file=file, path=".".join(str(p) for p in loc), line=line, **fields))
    # In reading order: the file first, then its parents, then --set.
    order = {src.label: k for k, src in enumerate(chain)}
    out.sort(key=lambda p: (order.get(p.file, len(order)), p.line or 0))
    return out[:MAX_PROBLEMS]


def _explain(exc: ValidationError, data: Any, schema: type[BaseModel], chain: list[_Source],
             overrides: list[tuple[str, tuple[str, ...], Any]]) -> VariantError:
    """Every problem pydantic found, as one VariantError: ``file``, ``path``,
    ``line`` and ``detail`` of the first, ``problems`` (dicts, see
    :class:`Problem`) and ``source`` (the document resolved)."""
    problems = problems_of(exc, data, schema, chain, overrides)
    first = problems[0]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return VariantError(message=f"bad-variant: {first.file}:{first.line or ''} ({first.path}): {first.detail}{more}",
                        file=first.file, path=first.path, line=first.line, detail=first.detail,
                        problems=tuple(p.as_dict() for p in problems), source=chain[0].label)
