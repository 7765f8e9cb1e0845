"""Schema errors in plain words: what is wrong and what is expected.

jsonschema speaks of "integer", "array", "additionalProperties" and regular expressions; a
designer who misspells a key or writes ``players: three`` should read
``unknown key 'tresure' (did you mean 'treasure'?)`` or ``'players' must be a whole number from 2
to 4, got 'three'``. :func:`describe` turns one :class:`jsonschema.ValidationError` into such a
sentence, using the schema beside the failing keyword (type, bounds, allowed values, item
counts) so the message says what would be accepted.
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

from studio.content.findings import json_path_text

# JSON Schema types in words, singular and plural
TYPE_WORDS = {
    "integer": ("a whole number", "whole numbers"),
    "number": ("a number", "numbers"),
    "string": ("a text", "texts"),
    "boolean": ("true or false", "true/false values"),
    "array": ("a list", "lists"),
    "object": ("a mapping of keys to values", "mappings"),
    "null": ("empty", "empty values"),
}

# Patterns of the studio's schemas, in words (anything else is shown as it is)
PATTERN_WORDS = {
    "^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$": "an id: letters, digits, '-' and '_', starting with a letter or digit, "
                                        "at most 64 characters, no spaces",
    "^#[0-9a-fA-F]{6}$": "a colour written #rrggbb, e.g. '#3d7a3a'",
    "\\.ya?ml$": "a file name ending in .yaml or .yml",
    "/$": "a folder name ending in '/'",
    "^[a-z][a-z0-9-]{0,31}$": "a lower-case name: letters, digits and '-', starting with a letter, at most 32 characters",
    "^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$": "a peg id: letters, digits, '-' and '_', starting with a letter or digit, "
                                        "at most 32 characters",
    "^[A-Za-z0-9_-]{1,32}$": "an id: letters, digits, '-' and '_', at most 32 characters, no spaces",
    "^[1-9][0-9]?$": "a number from 1 to 99",
    "^(human|random|greedy|mcts)(:.*)?$": "a player: human, random, greedy or mcts (with settings after ':')",
}


def close_match(word: Any, choices) -> str | None:
    """The choice closest in spelling to ``word`` (case aside), or None when none is close."""
    if not isinstance(word, str):
        word = str(word)
    options = [str(c) for c in choices]
    lowered = {c.lower(): c for c in options}
    if word.lower() in lowered and lowered[word.lower()] != word:
        return lowered[word.lower()]
    found = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[found[0]] if found else None


def did_you_mean(word: Any, choices) -> str:
    """`` (did you mean 'treasure'?)`` or the empty string."""
    match = close_match(word, choices)
    return f" (did you mean {match!r}?)" if match is not None and match != word else ""


def value_text(value: Any) -> str:
    """A value as the author wrote it: ``'three'``, ``7``, ``2.5``, ``true``, ``[0]``, ``nothing``."""
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, float):  # 6.0 as written: "6" would hide why a whole number was refused
        return repr(value) if value.is_integer() and abs(value) < 1e16 else f"{value:g}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 40 else f"a list of {_count(len(value), 'item')}"
    if isinstance(value, dict):
        return "a mapping" if not value else f"a mapping (keys {', '.join(map(str, list(value)[:4]))}" \
            f"{', ...' if len(value) > 4 else ''})"
    return repr(value)


def kind_of(value: Any) -> str:
    """What kind of value the author wrote, for messages about types."""
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return f"{value_text(value)} (true/false)"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):  # 6.0 shown as written: "the number 6" would hide the mistake
        return f"the number {value!r}" if value.is_integer() else f"the number {value:g}"
    if isinstance(value, list):
        return f"a list {value_text(value)}" if len(value_text(value)) <= 40 and value else \
            ("an empty list" if not value else value_text(value))
    if isinstance(value, dict):
        return value_text(value)
    return repr(value)


def name_of(path) -> str:
    """``'players'``, ``'pegs.a1.colour'``, ``'segments[1].treasure'``; ``the file`` at the top."""
    path = tuple(path)
    return f"'{json_path_text(path)}'" if path else "the file"


def resolve(schema: Any, root: dict | None) -> Any:
    """``schema`` with a local ``{"$ref": "#/$defs/NAME"}`` replaced by the definition in
    ``root`` (so the words are the same whether or not the schema had its references inlined)."""
    if isinstance(schema, dict) and root and isinstance(schema.get("$ref"), str) \
            and schema["$ref"].startswith("#/$defs/"):
        target = root.get("$defs", {}).get(schema["$ref"][len("#/$defs/"):])
        if isinstance(target, dict):
            return {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def expected(schema: dict, root: dict | None = None) -> str:
    """What ``schema`` accepts, in words: ``a whole number from 2 to 4``, ``one of A, B``,
    ``a list of 2 numbers``, ``a text or a list``. ``root``: the whole schema, for local
    ``$ref`` definitions."""
    schema = resolve(schema, root)
    if not isinstance(schema, dict):
        return "a valid value"
    if "const" in schema:
        return f"exactly {value_text(schema['const'])}"
    if "enum" in schema:
        return "one of " + ", ".join(str(v) for v in schema["enum"])
    types = schema.get("type")
    if isinstance(types, list):
        return " or ".join(TYPE_WORDS.get(t, (t,))[0] for t in types)
    if types in ("integer", "number"):
        return TYPE_WORDS[types][0] + _bounds(schema)
    if types == "string":
        if "pattern" in schema:
            return PATTERN_WORDS.get(schema["pattern"], f"a text of the form {schema['pattern']}")
        return "a text" + _length(schema, "character")
    if types == "array":
        items = resolve(schema.get("items"), root)
        return _list_words(schema, items if isinstance(items, dict) else {}, root)
    if types == "object" and schema.get("required"):
        return "a mapping with the keys " + ", ".join(map(str, schema["required"]))
    if types in TYPE_WORDS:
        return TYPE_WORDS[types][0]
    for union in ("oneOf", "anyOf"):
        if union in schema:
            forms = [expected(branch, root) for branch in schema[union]]
            return " or ".join(dict.fromkeys(forms))
    return "a valid value"


def _bounds(schema: dict) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    low_text: str | None
    high_text: str | None
    if "exclusiveMinimum" in schema:
        low_text = f"more than {value_text(schema['exclusiveMinimum'])}"
    else:
        low_text = None if low is None else f"at least {value_text(low)}"
    if low is not None and high is not None:
        return f" from {value_text(low)} to {value_text(high)}"
    if "exclusiveMaximum" in schema:
        high_text = f"less than {value_text(schema['exclusiveMaximum'])}"
    else:
        high_text = None if high is None else f"at most {value_text(high)}"
    words = [w for w in (low_text, high_text) if w]
    return (" " + " and ".join(words)) if words else ""


def _length(schema: dict, unit: str) -> str:
    low, high = schema.get("minLength", schema.get("minItems")), schema.get("maxLength", schema.get("maxItems"))
    if low is not None and high is not None and low == high:
        return f" of exactly {_count(low, unit)}"
    if low not in (None, 0) and high is not None:
        return f" of {low} to {_count(high, unit)}"
    if low not in (None, 0):
        return f" of at least {_count(low, unit)}"
    if high is not None:
        return f" of at most {_count(high, unit)}"
    return ""


def _list_words(schema: dict, items: dict, root: dict | None = None) -> str:
    item_type = items.get("type") if isinstance(items, dict) else None
    prefix = [resolve(p, root) for p in schema.get("prefixItems") or []]
    if item_type is None and prefix and all(isinstance(p, dict) for p in prefix):
        kinds = {p.get("type") if isinstance(p.get("type"), str) else None for p in prefix}  # ["integer", "null"]
        item_type = kinds.pop() if len(kinds) == 1 else None
    if isinstance(items, dict) and "enum" in items:
        one_or_more = "one or more" if schema.get("minItems") else "any"
        return f"a list of {one_or_more} of {', '.join(str(v) for v in items['enum'])}"
    unit = TYPE_WORDS[item_type][1] if isinstance(item_type, str) and item_type in TYPE_WORDS else "items"
    if isinstance(items, dict) and str(items.get("pattern", "")).startswith("^[A-Za-z0-9]"):
        unit = "names"  # ids of other elements (challenges, nodes...), not free text
    low, high = schema.get("minItems"), schema.get("maxItems")
    if low is not None and low == high:
        return f"a list of exactly {low} {unit if low != 1 else unit.rstrip('s')}"
    if low and high is not None:
        return f"a list of {low} to {high} {unit}"
    if low:
        return f"a list of at least {low} {unit if low != 1 else unit.rstrip('s')}"
    if high is not None:
        return f"a list of at most {high} {unit}"
    return f"a list of {unit}" if unit != "items" else "a list"


def _count(n: int, unit: str) -> str:
    return f"{n} {unit}{'' if n == 1 else 's'}"


def _size(value: Any) -> str:
    if isinstance(value, str):
        return _count(len(value), "character")
    if isinstance(value, (list, dict)):
        return _count(len(value), "item" if isinstance(value, list) else "key")
    return value_text(value)


def unknown_key(key: Any, allowed, where) -> str:
    """``unknown key 'tresure' (did you mean 'treasure'?)``; without a close key the message
    lists the keys allowed there. ``where``: the mapping's JSON path."""
    place = "" if not tuple(where) else f" in {name_of(where)}"
    hint = did_you_mean(key, allowed)
    if hint:
        return f"unknown key {key!r}{place}{hint}"
    listed = ", ".join(map(str, allowed)) if allowed else "none"
    return f"unknown key {key!r}{place}; the keys allowed here are: {listed}"


def describe(error, root: dict | None = None, also: str | None = None, written: str | None = None) -> str:
    """One plain sentence for a jsonschema ``ValidationError``: what is wrong, where (by name)
    and what is expected. ``root``: the whole schema (for its local ``$ref`` definitions).
    ``also``: the other forms the value may take (the other branches of a ``oneOf``), said
    after what is expected: ``must be a whole number from 0 to 20 (or a list of ...), got 99``.
    ``written``: the value's text in the file when it is a number or true/false value written
    otherwise than Python prints it (``1e3``): the message quotes that, not ``1000.0``."""
    if also:
        text = describe(error, root, written=written)
        want = expected(resolve(error.schema, root) if isinstance(error.schema, dict) else {}, root)
        head = f" must be {want}"
        if head in text:
            return text.replace(head, f"{head} (or {also})", 1)
        return text
    path = tuple(error.absolute_path)
    kw = error.validator
    schema = resolve(error.schema, root) if isinstance(error.schema, dict) else {}
    value = error.instance
    name = name_of(path)
    if written is not None and isinstance(value, (bool, int, float)):
        shown, kind = written, (f"{written} (true/false)" if isinstance(value, bool) else f"the number {written}")
    else:
        shown, kind = value_text(value), kind_of(value)
    if kw == "required":
        missing = missing_key(error)
        if missing is None:  # not a required error of a mapping: jsonschema's own words
            return f"{name}: {error.message}"
        where = "" if not path else f" in {name}"
        wanted = (schema.get("properties") or {}).get(missing)
        what = expected(wanted, root) if isinstance(wanted, dict) else "a valid value"
        return f"missing key {missing!r}{where}: it is required ({what})" if what != "a valid value" else \
            f"missing key {missing!r}{where}: it is required"
    if _is_key_check(error):
        # a key is text: 2 and "2" (both listed for YAML loaders that read 2: as a number) are one key
        allowed = list(dict.fromkeys(str(v) for v in schema.get("enum") or []))
        listed = ", ".join(allowed) if allowed else expected(schema, root)
        return f"key {value!r} is not allowed in {name}: the keys here are {listed}{did_you_mean(value, allowed)}"
    if kw == "enum":
        hint = did_you_mean(value, error.validator_value) if isinstance(value, str) else ""
        return f"{name} must be one of {', '.join(str(v) for v in error.validator_value)}, got {shown}{hint}"
    if kw == "const":
        return f"{name} must be {value_text(error.validator_value)}, got {shown}"
    if kw == "type":
        quote = ""
        if schema.get("type") == "string" and isinstance(value, (int, float, bool)):
            # YAML read 1, 2.5 or yes as a number or true/false: quotes keep it text
            quote = f" (put it in quotes, '{shown}', to make it a text)"
        elif schema.get("type") in ("number", "integer") and isinstance(value, str):
            quote = _number_as_text(value, schema)
        elif schema.get("type") == "integer" and isinstance(value, float) and value.is_integer():
            # 6.0 is refused everywhere (the engine counts with whole numbers): say how to write
            # it, when the whole number would do (not for players: 6.0 where 2 to 4 are allowed)
            quote = f" (write {int(value)}, without the decimal point)" if abs(value) < 1e15 and _within(
                schema, value) else ""
        return f"{name} must be {expected(schema, root)}, got {kind}{quote}"
    if kw in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{name} must be {expected(schema, root)}, got {shown}"
    if kw == "pattern":
        return f"{name} must be {PATTERN_WORDS.get(error.validator_value, f'a text of the form {error.validator_value}')}, " \
               f"got {shown}"
    if kw in ("minItems", "maxItems"):
        return f"{name} must be {expected(schema, root)}, got {shown} ({_size(value)})"
    if kw in ("minLength", "maxLength"):
        return f"{name} must be a text{_length(schema, 'character')}, got {_size(value)}"
    if kw in ("minProperties", "maxProperties"):
        want = (f"at least {_count(schema['minProperties'], 'key')}" if kw == "minProperties"
                else f"at most {_count(schema['maxProperties'], 'key')}")
        return f"{name} must have {want}, got {_size(value)}"
    if kw == "uniqueItems":
        repeated = next((item for i, item in enumerate(value) if item in value[:i]), None)
        return f"{name} lists {value_text(repeated)} more than once; each item may appear only once"
    if kw in ("oneOf", "anyOf"):
        return f"{name} must be {expected(schema, root)}, got {kind}"
    if kw == "items" and error.validator_value is False and isinstance(value, list):
        # items past the fixed positions of prefixItems
        return f"{name} must be {expected(schema, root)}, got {shown} ({_size(value)})"
    if kw == "not":
        return f"{name} has a value that is not allowed here: {shown}"
    return f"{name}: {error.message}"


def _within(schema: dict, value: float) -> bool:
    """Whether ``value`` meets the bounds of ``schema`` (minimum, maximum and the exclusive ones)."""
    checks = (("minimum", lambda b: value >= b), ("maximum", lambda b: value <= b),
              ("exclusiveMinimum", lambda b: value > b), ("exclusiveMaximum", lambda b: value < b))
    return all(ok(schema[k]) for k, ok in checks if isinstance(schema.get(k), (int, float)))


_NUMBER_TEXT = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def _number_as_text(text: str, schema: dict) -> str:
    """Why a number reached the schema as text: the files are read as YAML 1.2, where ``1e308``
    and ``2.5`` are numbers, so a text that reads as a number was written in quotes. "" for
    other texts."""
    if not _NUMBER_TEXT.fullmatch(text.strip()):
        return ""
    return " (it is in quotes, which makes it a text: remove the quotes)"


def missing_key(error) -> str | None:
    """The key a ``required`` error is about, from its fields: the ``key`` the studio's
    validator gives it (:func:`studio.content.schemas.missing_key_error`), else the one key of
    ``validator_value`` missing from ``instance``. A plain jsonschema error with several keys
    missing names which only in its message: the one of them the message starts with. None
    when none fits."""
    key = getattr(error, "key", None)
    if isinstance(key, str):
        return key
    instance = error.instance if isinstance(error.instance, dict) else {}
    missing = [k for k in error.validator_value if k not in instance]
    if len(missing) == 1:
        return missing[0]
    return next((k for k in missing if error.message.startswith(f"{k!r} ")), None)


def _is_key_check(error) -> bool:
    """Whether the error is about a mapping's key (``propertyNames``), not its value."""
    return error.validator == "propertyNames" or "propertyNames" in tuple(error.relative_schema_path)
