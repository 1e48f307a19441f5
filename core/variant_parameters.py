"""The variant parameters as documentation: every parameter of a game's
schema, nested sections flattened to dotted keys (``players.min``), with
its type, default, bounds and description, generated from the schema
(:func:`parameters_of`). Apart from :mod:`.variant`, so that reading a
variant does not define what only ``machiavelli variants`` shows."""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from .cards import DeckSpec


@dataclass(frozen=True)
class Parameter:
    """One documented variant parameter, generated from the schema."""

    key: str
    type: str
    default: Any
    allowed: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    description: str


def _type_name(annotation: Any) -> tuple[str, tuple[Any, ...] | None]:
    origin = get_origin(annotation)
    if origin is Literal:
        return "choice", get_args(annotation)
    if origin in (Union, types.UnionType):
        names = [_type_name(a)[0] for a in get_args(annotation) if a is not type(None)]
        optional = type(None) in get_args(annotation)
        return " or ".join(names) + (" or none" if optional else ""), None
    if origin is dict:
        return "mapping", None
    if origin is tuple or origin is list:
        inner = get_args(annotation)[:1]
        return "list", (_type_name(inner[0])[1] if inner else None)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "section", None
    return getattr(annotation, "__name__", str(annotation)), None


def parameters_of(model: type[BaseModel], prefix: str = "") -> list[Parameter]:
    """Every parameter of a schema, nested sections flattened to dotted
    keys (``players.min``); the single source for documentation."""
    out: list[Parameter] = []
    for name, field in model.model_fields.items():
        key = f"{prefix}{name}"
        kind, allowed = _type_name(field.annotation)
        lo = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
        hi = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
        default = None if field.is_required() else field.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            default = default.model_dump(mode="json")
        elif isinstance(default, dict):
            default = {k: v.model_dump(mode="json") if isinstance(v, BaseModel) else v for k, v in default.items()}
        out.append(Parameter(key, kind, default, allowed, lo, hi, field.description or ""))
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel) and annotation is not DeckSpec:
            out.extend(parameters_of(annotation, key + "."))
        elif get_origin(annotation) is dict:
            value_type = get_args(annotation)[1]
            if isinstance(value_type, type) and issubclass(value_type, BaseModel):
                out.extend(parameters_of(value_type, key + ".<kind>."))
    return out
