"""A quick "surely valid" check of plain data against a JSON Schema (draft 2020-12).

:func:`compile_check` turns a schema into one Python closure per schema node. The check
answers True only when the data is valid for the keywords the studio's schemas use (type,
properties, required, additionalProperties, items, prefixItems, lengths and sizes, minimum /
maximum, pattern, enum, const, uniqueItems, propertyNames, dependentRequired, oneOf, anyOf,
allOf); annotations are ignored, and any other keyword makes it answer False. False means
"not sure": the caller then runs jsonschema, which finds and words every problem.

Why: jsonschema walks a 5,000-peg board in about half a second, on every open and every
validation; valid files are by far the common case, and this check takes a tenth of that."""

from __future__ import annotations

import re
from collections.abc import Callable, Sized
from typing import Any

Check = Callable[[Any], bool]

_ANNOTATIONS = frozenset({"title", "description", "$comment", "default", "examples", "deprecated", "readOnly",
                          "writeOnly", "$schema", "$id", "$defs", "format"})


def _never(_instance: Any) -> bool:
    return False


def _always(_instance: Any) -> bool:
    return True


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


_TYPES: dict[str, Check] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
    "number": _is_number,
    # 6.0 is not a whole number here (unlike JSON Schema): see schemas.strict_validator_class
    "integer": lambda x: isinstance(x, int) and not isinstance(x, bool),
}


def _canon(x: Any) -> Any:
    """A hashable form in which JSON-equal values are equal (1 == 1.0, True != 1)."""
    if isinstance(x, bool):
        return ("b", x)
    if isinstance(x, (int, float)):
        return ("n", float(x))
    if isinstance(x, str):
        return ("s", x)
    if x is None:
        return ("z",)
    if isinstance(x, list):
        return ("l", tuple(_canon(v) for v in x))
    if isinstance(x, dict):
        return ("d", frozenset((k, _canon(v)) for k, v in x.items()))
    return ("?", id(x))


def compile_check(schema: Any) -> Check:
    """The "surely valid" check of ``schema`` (see the module docstring)."""
    if schema is True:
        return _always
    if schema is False or not isinstance(schema, dict):
        return _never
    unknown = set(schema) - _ANNOTATIONS - _KEYWORDS.keys()
    if unknown:
        return _never
    checks = [c for c in (_KEYWORDS[k](schema[k], schema) for k in schema if k in _KEYWORDS) if c is not None]
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]

    def all_of(x: Any) -> bool:
        for check in checks:
            if not check(x):
                return False
        return True
    return all_of


def _type(value, _schema) -> Check:
    names = value if isinstance(value, list) else [value]
    tests = [_TYPES.get(n, _never) for n in names]
    if len(tests) == 1:
        return tests[0]
    return lambda x: any(t(x) for t in tests)


def _properties(value: dict, schema: dict) -> Check:
    subs = {k: compile_check(v) for k, v in value.items()}
    extra = schema.get("additionalProperties", True)
    extra_check = compile_check(extra) if extra is not True else None

    def check(x: Any) -> bool:
        if not isinstance(x, dict):
            return True
        for k, v in x.items():
            sub = subs.get(k)
            if sub is not None:
                if not sub(v):
                    return False
            elif extra_check is not None and not extra_check(v):
                return False
        return True
    return check


def _additional(value, schema: dict) -> Check | None:
    if "properties" in schema:
        return None  # checked with the properties
    if value is True:
        return None
    sub = compile_check(value)
    return lambda x: not isinstance(x, dict) or all(sub(v) for v in x.values())


def _required(value: list, _schema) -> Check:
    keys = list(value)
    return lambda x: not isinstance(x, dict) or all(k in x for k in keys)


def _items(value, schema: dict) -> Check:
    sub = compile_check(value)
    start = len(schema.get("prefixItems", []))

    def check(x: Any) -> bool:
        if not isinstance(x, list):
            return True
        for v in x[start:] if start else x:
            if not sub(v):
                return False
        return True
    return check


def _prefix_items(value: list, _schema) -> Check:
    subs = [compile_check(v) for v in value]
    return lambda x: not isinstance(x, list) or all(s(v) for s, v in zip(subs, x))


def _size(kind: type[Sized], compare: Callable[[int, int], bool]):
    def make(value, _schema) -> Check:
        return lambda x: not isinstance(x, kind) or compare(len(x), value)
    return make


def _bound(compare: Callable[[float, float], bool]):
    def make(value, _schema) -> Check:
        return lambda x: not _is_number(x) or compare(x, value)
    return make


def _pattern(value: str, _schema) -> Check:
    search = re.compile(value).search
    return lambda x: not isinstance(x, str) or search(x) is not None


def _enum(value: list, _schema) -> Check:
    allowed = {_canon(v) for v in value}
    return lambda x: _canon(x) in allowed


def _const(value, _schema) -> Check:
    wanted = _canon(value)
    return lambda x: _canon(x) == wanted


def _unique(value: bool, _schema) -> Check | None:
    if not value:
        return None
    return lambda x: not isinstance(x, list) or len({_canon(v) for v in x}) == len(x)


def _property_names(value, _schema) -> Check:
    sub = compile_check(value)
    return lambda x: not isinstance(x, dict) or all(sub(k) for k in x)


def _dependent_required(value: dict, _schema) -> Check:
    return lambda x: not isinstance(x, dict) or all(all(d in x for d in deps) for k, deps in value.items() if k in x)


def _one_of(value: list, _schema) -> Check:
    subs = [compile_check(v) for v in value]
    return lambda x: sum(1 for s in subs if s(x)) == 1


def _any_of(value: list, _schema) -> Check:
    subs = [compile_check(v) for v in value]
    return lambda x: any(s(x) for s in subs)


def _all_of(value: list, _schema) -> Check:
    subs = [compile_check(v) for v in value]
    return lambda x: all(s(x) for s in subs)


_KEYWORDS: dict[str, Callable[[Any, dict], Check | None]] = {
    "type": _type,
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "items": _items,
    "prefixItems": _prefix_items,
    "minItems": _size(list, lambda n, v: n >= v),
    "maxItems": _size(list, lambda n, v: n <= v),
    "minProperties": _size(dict, lambda n, v: n >= v),
    "maxProperties": _size(dict, lambda n, v: n <= v),
    "minLength": _size(str, lambda n, v: n >= v),
    "maxLength": _size(str, lambda n, v: n <= v),
    "minimum": _bound(lambda x, v: x >= v),
    "maximum": _bound(lambda x, v: x <= v),
    "exclusiveMinimum": _bound(lambda x, v: x > v),
    "exclusiveMaximum": _bound(lambda x, v: x < v),
    "pattern": _pattern,
    "enum": _enum,
    "const": _const,
    "uniqueItems": _unique,
    "propertyNames": _property_names,
    "dependentRequired": _dependent_required,
    "oneOf": _one_of,
    "anyOf": _any_of,
    "allOf": _all_of,
}
