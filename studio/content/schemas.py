"""Schema registry: one JSON Schema (Draft 2020-12) per file format, picked by ``format:``.

Schemas live in ``schemas/*.schema.json``; their ``$id`` ends in ``NAME/VERSION`` and that is the
format string a file declares (``format: realm-board/1``). Older versions are migrated to the
current one before validation through :data:`MIGRATIONS`.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, TypeGuard

from studio.content.paths import schemas_dir

if TYPE_CHECKING:  # pragma: no cover
    from jsonschema import Draft202012Validator

# jsonschema is imported only when a file needs its findings worded (not for play, nor for a
# file the quick check passes); the bundled schemas are checked against the metaschema by
# tests/test_schema_metaschema.py, not at every start (that took about a second).

_FORMAT = re.compile(r"^([a-z][a-z0-9-]*)/(\d+)$")



def _realm_board_1_to_2(data: dict) -> dict:
    """realm-board/1 -> /2: the same keys; /2 adds the optional ``location``, which only the
    file's place can tell (the scenario listing it), so the loader fills it in
    (:func:`studio.model.locations.migrated_location`)."""
    return dict(data)


# (name, from_version) -> function upgrading the data by one version (a shallow copy: the
# caller's data is never changed).
MIGRATIONS: dict[tuple[str, int], Callable[[dict], dict]] = {
    ("realm-board", 1): _realm_board_1_to_2,
}


@lru_cache(maxsize=None)
def _registry() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for path in sorted(schemas_dir().glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        m = re.search(r"([a-z][a-z0-9-]*/\d+)$", schema.get("$id", ""))
        if not m:
            raise RuntimeError(f"schema {path} has no $id ending in NAME/VERSION")
        out[m.group(1)] = schema
    return out


def known_formats() -> list[str]:
    return sorted(_registry())


def parse_format(fmt: Any) -> tuple[str, int] | None:
    if not isinstance(fmt, str):
        return None
    m = _FORMAT.match(fmt)
    return (m.group(1), int(m.group(2))) if m else None


def current_version(name: str) -> int | None:
    versions = [int(f.split("/")[1]) for f in _registry() if f.split("/")[0] == name]
    return max(versions) if versions else None


def schema_for(fmt: str) -> dict:
    """The schema of a format string such as ``realm-board/1``. KeyError if unknown."""
    return _registry()[fmt]


def _whole_number(_checker, instance) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=1)
def strict_validator_class():
    """Draft 2020-12 with ``integer`` meaning a Python int. JSON Schema counts 6.0 as an
    integer; the studio does not: the engine indexes, counts and ranges with these values, and
    ``6.0`` would reach it as a float (issue 12). Every ``type: integer`` of every schema is a
    Python int, so a file writes ``6``, never ``6.0``. Built on first use: play never imports
    jsonschema."""
    import jsonschema.validators
    from jsonschema import Draft202012Validator

    return jsonschema.validators.extend(
        Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number),
        validators={"additionalProperties": _additional_properties(Draft202012Validator.VALIDATORS[
            "additionalProperties"]), "required": _required})


@lru_cache(maxsize=1)
def missing_key_error() -> type:
    """The class of the studio's ``required`` errors: a jsonschema ``ValidationError`` with
    jsonschema's message that also names the missing key in its ``key`` field (jsonschema's own
    names it only in the message). Made on first use: play never imports jsonschema."""
    from jsonschema.exceptions import ValidationError

    class MissingKey(ValidationError):
        def __init__(self, key: str) -> None:
            super().__init__(f"{key!r} is a required property")
            self.key = key

    return MissingKey


def _required(validator, required, instance, schema):
    """jsonschema's ``required`` (same verdicts, same messages, one error per missing key in
    the schema's order), each error a :func:`missing_key_error` naming its key."""
    if not validator.is_type(instance, "object"):
        return
    error = missing_key_error()
    for key in required:
        if key not in instance:
            yield error(key)


_FEW_EXTRAS = 20


def _additional_properties(original):
    """jsonschema's ``additionalProperties`` with the same verdicts, whose message for a
    mapping with many unknown keys names the first few and counts the rest: jsonschema's
    sorts and quotes every one (a second for 400,000 stray keys, for a message the studio
    words itself from the instance)."""

    def check(validator, value, instance, schema):
        if value is False and isinstance(instance, dict) and len(instance) > _FEW_EXTRAS:
            props = schema.get("properties", {})
            patterns = "|".join(schema.get("patternProperties", {}))
            extras = [k for k in instance if k not in props and not (patterns and re.search(patterns, str(k)))]
            if len(extras) > _FEW_EXTRAS:
                from jsonschema.exceptions import ValidationError

                shown = ", ".join(repr(k) for k in extras[:_FEW_EXTRAS])
                yield ValidationError(f"Additional properties are not allowed ({shown} and "
                                      f"{len(extras) - _FEW_EXTRAS:,} more were unexpected)")
                return
        yield from original(validator, value, instance, schema)
    return check


@lru_cache(maxsize=None)
def validator_for(fmt: str) -> "Draft202012Validator":  # of strict_validator_class()
    """The validator of a format string, built once. Its schema has local ``$defs`` references
    expanded in place (:func:`inline_local_refs`): same verdicts and messages, and a board checks
    about 1.6 times faster (no reference to resolve at each node), which matters because the
    editor re-validates after each edit."""
    return strict_validator_class()(inlined_schema(fmt))


@lru_cache(maxsize=None)
def inlined_schema(fmt: str) -> dict:
    """The schema of ``fmt`` with its local references expanded (:func:`inline_local_refs`),
    built once (shared: do not change it). KeyError if the format is unknown."""
    return inline_local_refs(schema_for(fmt))


@lru_cache(maxsize=None)
def quick_check_for(fmt: str):
    """The :func:`studio.content.schema_check.compile_check` of a format's schema (True
    only for data that is surely valid), built once."""
    from studio.content.schema_check import compile_check

    return compile_check(inlined_schema(fmt))


# Keywords that only annotate: a reference with nothing else beside them can be merged into the
# object holding it. Any other sibling keyword could interact with the referenced schema's own
# (additionalProperties sees its siblings' properties), so such references become allOf items.
_ANNOTATIONS = frozenset({"title", "description", "$comment", "default", "examples", "deprecated",
                          "readOnly", "writeOnly"})
# Keywords whose values are data, never schemas: left untouched.
_DATA_KEYWORDS = frozenset({"const", "enum", "default", "examples"})
# Keywords whose values map names (any text, even "$ref") to schemas.
_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})
_LOCAL_DEF = "#/$defs/"


def inline_local_refs(schema: dict) -> dict:
    """A copy of ``schema`` in which every ``{"$ref": "#/$defs/NAME"}`` is replaced by the
    definition itself (recursively). A definition that refers to itself, directly or not, keeps
    its ``$ref`` there, so the root's ``$defs`` stay in the copy. Other references (remote,
    JSON pointers elsewhere) are left as they are. The input is not modified."""
    defs = schema.get("$defs", {}) if isinstance(schema, dict) else {}

    def expand(node: Any, open_refs: frozenset) -> Any:
        if isinstance(node, list):
            return [expand(item, open_refs) for item in node]
        if not isinstance(node, dict):
            return node
        out = {}
        for key, value in node.items():
            if key == "$ref":
                continue
            if key in _DATA_KEYWORDS:
                out[key] = value
            elif key in _SCHEMA_MAPS and isinstance(value, dict):
                out[key] = {name: expand(sub, open_refs) for name, sub in value.items()}
            else:
                out[key] = expand(value, open_refs)
        ref = node.get("$ref")
        if ref is None:
            return out
        name = ref[len(_LOCAL_DEF):] if isinstance(ref, str) and ref.startswith(_LOCAL_DEF) else None
        if name is None or "/" in name or name not in defs or ref in open_refs:
            return {"$ref": ref, **out}
        target = expand(defs[name], open_refs | {ref})
        if isinstance(target, dict) and set(out) <= _ANNOTATIONS and not set(out) & set(target):
            return {**out, **target}
        if not out:
            return target
        return {**out, "allOf": [target, *out.get("allOf", [])]}

    return expand(schema, frozenset())


def migrate(data: dict) -> dict:
    """Upgrade ``data`` to the current version of its format (a no-op for current files)."""
    parsed = parse_format(data.get("format"))
    if parsed is None:
        return data
    name, version = parsed
    latest = current_version(name)
    while latest is not None and version < latest and (name, version) in MIGRATIONS:
        data = MIGRATIONS[(name, version)](data)
        version += 1
        data["format"] = f"{name}/{version}"
    return data


# --- schema findings -------------------------------------------------------------------------

from studio.content.findings import MAX_PER_FILE, Finding, LeftOut  # noqa: E402
from studio.content.schema_messages import (  # noqa: E402
    _is_key_check,
    close_match,
    describe,
    expected,
    kind_of,
    missing_key,
    unknown_key,
)


def _oversized(data: dict, schema: dict, at, path: str | None, fmt: str) -> list[Finding]:
    """``schema/length`` findings for top-level lists and mappings longer than the schema
    allows: found without walking their entries, so a file with 100,000 pegs is refused at
    once instead of after validating each one."""
    out = []
    for key, sub in (schema.get("properties") or {}).items():
        value = data.get(key)
        limit = sub.get("maxItems") if isinstance(value, list) else (
            sub.get("maxProperties") if isinstance(value, dict) else None)
        if isinstance(limit, int) and isinstance(value, (list, dict)) and len(value) > limit:
            kind = "entries" if isinstance(value, dict) else "items"
            line, col = at((key,), prefer_key=True)
            out.append(Finding("schema/length", "error",
                               f"'{key}' has {len(value)} {kind}; at most {limit} are allowed", path, line, col,
                               finding_element(fmt, data, (key,)), (key,)))
    return out


_KEYWORD_CODES = {
    "required": "schema/missing-key",
    "additionalProperties": "schema/unknown-key",
    "unevaluatedProperties": "schema/unknown-key",
    "type": "schema/type",
    "enum": "schema/value",
    "const": "schema/value",
    "pattern": "schema/pattern",
    "propertyNames": "schema/bad-key",
    "minimum": "schema/range", "maximum": "schema/range",
    "minItems": "schema/length", "maxItems": "schema/length",
    "minProperties": "schema/length", "maxProperties": "schema/length",
    "minLength": "schema/length", "maxLength": "schema/length",
    "uniqueItems": "schema/duplicate-item",
    "oneOf": "schema/invalid", "anyOf": "schema/invalid",
}


def schema_findings(data: Any, source, path: str | None) -> list[Finding]:
    """Check ``data`` against the schema named by its ``format:``; one finding per problem,
    positioned through ``source`` (a :class:`~studio.content.yamlio.SourceMap`)."""

    def at(json_path, prefer_key=False):
        if source is None:
            return (None, None)
        return source.locate(json_path, prefer_key)

    json_file = str(path or "").lower().endswith(".json")  # told in JSON's words, not YAML's
    if not isinstance(data, dict):
        line, col = at(())
        whole = "a JSON object with a \"format\" key" if json_file else \
            "a mapping of keys to values with a 'format:' key"
        got = "null" if json_file and data is None else _whole_file(data)
        return [Finding("schema/not-a-mapping", "error", f"a studio file is {whole}, got {got}",
                        path, line, col, json_path=())]
    fmt = data.get("format")
    if fmt is None:
        line, col = at(())
        format_key = '"format"' if json_file else "'format:'"
        return [Finding("schema/no-format", "error",
                        f"missing {format_key} key (one of: {', '.join(known_formats())})", path, line, col,
                        json_path=("format",))]
    parsed = parse_format(fmt)
    if parsed is None or fmt not in _registry():
        line, col = at(("format",))
        hint = ""
        if parsed and current_version(parsed[0]) is not None:
            hint = f"; this studio reads {parsed[0]}/{current_version(parsed[0])}"
        return [Finding("schema/unknown-format", "error",
                        f"unknown format {fmt!r}{hint} (known: {', '.join(known_formats())})", path, line, col,
                        json_path=("format",))]
    oversized = _oversized(data, schema_for(fmt), at, path, fmt)
    if oversized:
        return oversized  # checking every entry of a huge list first would take seconds
    if quick_check_for(fmt)(data):
        return []  # surely valid: jsonschema is needed only to find and word problems
    findings: list[Finding] = []
    rest = LeftOut()              # past the cap: counted, never worded nor placed (it costs)
    misspelt: set = set()        # (mapping path, the known key an unknown one is close to)
    missing: list = []           # (mapping path, key) of each missing-key finding, in order
    missing_rest: list = []      # the same for missing keys past the cap
    errors = _one_per_value(sorted(validator_for(fmt).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))))
    written = getattr(source, "written", None)
    for error in errors:
        also = None
        while error.validator in ("oneOf", "anyOf") and error.context:
            union = error
            # a branch of the value's own type is the one the author meant (99 for "0-20 or a
            # list" is a number out of range, not "not a list"); among those, the branch that
            # got furthest into the value (nested unions included), then the one whose keys fit
            # the value best (a one-step quest with a bad reward is that step, not "use steps:")
            same_type = [e for e in error.context if not _wrong_type_branch(union, e.relative_schema_path[0])]
            context = same_type or list(error.context)
            if not same_type and all(len(e.absolute_path) == len(union.absolute_path) for e in context):
                break  # no branch takes this kind of value: the union's words list them all
            branch = max({e.relative_schema_path[0] for e in context},
                         key=lambda b: _branch_fit(union, [e for e in context if e.relative_schema_path[0] == b]))
            mine = [e for e in context if e.relative_schema_path[0] == branch]
            furthest = max(_reach(e) for e in mine)
            from jsonschema.exceptions import best_match

            best = best_match(e for e in mine if _reach(e) == furthest)
            if best is None or len(best.absolute_path) < len(union.absolute_path):
                break
            error = best
            if same_type and furthest == len(union.absolute_path):
                # the value itself is wrong: name the other forms it could take too
                branches = union.validator_value
                others = [expected(b, schema_for(fmt)) for i, b in enumerate(branches) if i != branch]
                also = " or ".join(dict.fromkeys(others)) or None
        if error.validator == "items" and error.validator_value is False and any(
                e.validator == "maxItems" and e.absolute_path == error.absolute_path
                for e in errors):
            continue  # "items: false" past the prefix repeats maxItems' finding in jsonschema's words
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            props = error.schema.get("properties", {})
            where = tuple(error.absolute_path)
            extra = [key for key in error.instance if key not in props]
            room = max(0, MAX_PER_FILE - len(findings))
            for key in extra[:room]:
                jp = where + (key,)
                line, col = at(jp, prefer_key=True)
                findings.append(Finding("schema/unknown-key", "error", unknown_key(key, list(props), where), path,
                                        line, col, finding_element(fmt, data, jp), jp))
                misspelt.add((where, close_match(key, props)))
            if len(extra) > room:
                rest.add("error", len(extra) - room, lambda: at(where + (extra[room],), prefer_key=True))
            continue
        prefer_key = _is_key_check(error)
        jp = tuple(error.absolute_path)
        if prefer_key and isinstance(error.instance, str):
            jp = jp + (error.instance,)
        if len(findings) >= MAX_PER_FILE:
            if error.validator == "required":
                missing_rest.append((tuple(error.absolute_path), missing_key(error)))
            rest.add("error", 1, lambda: at(jp, prefer_key=prefer_key))
            continue
        line, col = at(jp, prefer_key=prefer_key)
        code = "schema/bad-key" if prefer_key else _KEYWORD_CODES.get(error.validator, "schema/invalid")
        if error.validator == "required":
            key = missing_key(error)
            missing.append((tuple(error.absolute_path), key))
            if key is not None:
                jp = jp + (key,)  # the missing key's own path
        text = written(tuple(error.absolute_path)) if written is not None else None
        findings.append(Finding(code, "error", describe(error, schema_for(fmt), also, text), path, line, col,
                                finding_element(fmt, data, tuple(error.absolute_path)), jp))
    # a misspelt key also leaves the right key missing: the unknown-key finding says it all
    rest.add("error", -sum(1 for m in missing_rest if m in misspelt), None)
    drop = {i for i, (where, key) in enumerate(missing) if (where, key) in misspelt}
    out, i = [], 0
    for f in findings:  # the i-th missing-key finding is missing[i] (linear: a file may have many)
        if f.code == "schema/missing-key":
            i += 1
            if i - 1 in drop:
                continue
        out.append(f)
    return out + rest.findings(path)


# Keywords about a value itself, by how much their finding helps: when several of one schema
# node fail for one value (players: 6.0 is not a whole number and is above 4), only the most
# useful is reported, whose words name the rest (a whole number from 2 to 4).
_VALUE_KEYWORDS = {"type": 0, "const": 1, "enum": 1, "pattern": 2, "format": 2, "multipleOf": 3,
                   "minimum": 3, "maximum": 3, "exclusiveMinimum": 3, "exclusiveMaximum": 3,
                   "minLength": 3, "maxLength": 3, "minItems": 3, "maxItems": 3,
                   "minProperties": 3, "maxProperties": 3, "uniqueItems": 4}


def _one_per_value(errors: list) -> list:
    """``errors`` with one error per value and schema node among the value keywords
    (:data:`_VALUE_KEYWORDS`): the most useful; ties keep the first. Errors of other
    keywords (a missing key and an unknown key of one mapping are two problems) all stay."""
    best: dict = {}
    for i, error in enumerate(errors):
        rank = _VALUE_KEYWORDS.get(error.validator)
        if rank is None:
            continue
        key = (tuple(error.absolute_path), id(error.schema))
        j = best.get(key)
        if j is None or rank < _VALUE_KEYWORDS[errors[j].validator]:
            best[key] = i
    keep = set(best.values())
    return [e for i, e in enumerate(errors) if e.validator not in _VALUE_KEYWORDS or i in keep]


def _whole_file(data: Any) -> str:
    """What a file that is not a mapping holds, in words: ``the text 'hello there'`` (cut
    when long), ``a list of 3 items``, ``the number 12``."""
    if isinstance(data, str):
        shown = data if len(data) <= 60 else data[:57] + "..."
        return f"the text {shown!r}" + (" (plain text, not a studio file?)" if " " in data.strip() else "")
    if isinstance(data, list):
        return f"a list of {len(data)} item{'' if len(data) == 1 else 's'}"
    return kind_of(data)


def finding_element(fmt: str, data: dict, json_path: tuple) -> tuple | None:
    """The element a schema finding at ``json_path`` of a ``fmt`` file is about, so an editor
    can select it: :func:`board_element` (Rule the Realm boards), :func:`island_element`,
    :func:`tree_element`; None for other formats or when nothing can be named."""
    if fmt.startswith("realm-board/"):
        return board_element(data, json_path)
    if fmt.startswith("rivages-island/"):
        return island_element(data, json_path)
    if fmt.startswith("rivages-tree/"):
        return tree_element(data, json_path)
    return None


def _hex_of(value) -> tuple | None:
    """``(q, r)`` of a ``[q, r]`` list of two integers, else None."""
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return tuple(value)
    return None


def island_element(data: dict, json_path: tuple) -> tuple | None:
    """The island element a schema finding at ``json_path`` is about, in the form the island
    lint uses: ``("space", q, r)``, ``("bridge", q1, r1, q2, r2)``, ``("fort", q, r)``,
    ``("goal", "quest")`` or ``("goal", "mission N")`` (N from 1); None for a top-level field or
    an entry too damaged to name (a space whose ``at`` is not two integers)."""
    if len(json_path) < 2:
        return None
    kind, key = json_path[0], json_path[1]
    if kind == "goals":
        if key == "quest":
            return ("goal", "quest")
        if key == "missions" and len(json_path) >= 3 and isinstance(json_path[2], int):
            return ("goal", f"mission {json_path[2] + 1}")
        return None
    entries = data.get(kind)
    if not (isinstance(entries, list) and isinstance(key, int) and key < len(entries)):
        return None
    entry = entries[key]
    if kind == "spaces":
        h = _hex_of(entry.get("at")) if isinstance(entry, dict) else None
        return None if h is None else ("space", *h)
    if kind == "forts":
        h = _hex_of(entry)
        return None if h is None else ("fort", *h)
    if kind == "bridges" and isinstance(entry, list) and len(entry) == 2:
        one, other = (_hex_of(e) for e in entry)
        if one is not None and other is not None:
            return ("bridge", *one, *other)
        good = one if one is not None else other  # one end is broken: select the other
        return None if good is None else ("space", *good)
    return None


def tree_element(data: dict, json_path: tuple) -> tuple | None:
    """The tree element a schema finding at ``json_path`` is about, in the form the tree lint
    uses: ``("node", side, node id)`` for a node, its effect, a link (its first end that is a
    node id) or the start; None for top-level fields and whole sides."""
    if len(json_path) < 3 or json_path[0] != "sides" or not isinstance(json_path[1], str):
        return None
    side, part = json_path[1], json_path[2]
    key = json_path[3] if len(json_path) > 3 else None
    sides = data.get("sides")
    body = sides.get(side) if isinstance(sides, dict) else None
    if not isinstance(body, dict):
        return None
    if part == "start":
        return ("node", side, body["start"]) if isinstance(body.get("start"), str) else None
    if part == "nodes" and isinstance(key, str):
        return ("node", side, key)
    if part == "links" and isinstance(key, int):
        links = body.get("links")
        link = links[key] if isinstance(links, list) and key < len(links) else None
        if isinstance(link, list):
            listed = body.get("nodes")
            nodes = listed if isinstance(listed, dict) else {}
            ends = [e for e in link if isinstance(e, str)]
            named = [e for e in ends if e in nodes] or ends
            if named:
                return ("node", side, named[0])
    return None


def board_entries(data: dict) -> dict[tuple, tuple]:
    """``(list key, element) -> (list key, index)`` of every entry of a board's top-level
    lists (lines, segments, line items) that names an element (:func:`board_element`), the
    first of equal ones: what :attr:`SourceMap.entries` holds for a board as its file has it."""
    out: dict[tuple, tuple] = {}
    for kind, entries in data.items():
        if isinstance(entries, list):
            for i in range(len(entries)):
                element = board_element(data, (kind, i))
                if element is not None and element[0] != "board":
                    out.setdefault((kind, element), (kind, i))
    return out


def board_element(data: dict, json_path: tuple) -> tuple | None:
    """The board element a finding at ``json_path`` is about, in the form findings use
    (``("peg", "a1")``, ``("line", "a1", "a2")``, ``("segment", ...)`` sorted, ``("seat",
    "south")``, ``("picture", name)``, ``("island", name)``, ``("crater",)``), else the board
    property or section it is in: ``("board", "location")``, ``("board", "seats")`` (so a
    board never saved, whose findings have no line, still says where: Board ▸ Location);
    ``("board",)`` for the whole file. Never None for a board (an entry too damaged to name
    gives its section)."""
    if not json_path:
        return ("board",)
    kind = json_path[0]
    key = json_path[1] if len(json_path) > 1 else None
    if kind == "pegs" and isinstance(key, str):
        return ("peg", key)
    if kind == "seats" and isinstance(key, str):
        return ("seat", key)
    if kind == "pictures" and isinstance(key, str):
        return ("picture", key)
    if kind == "crater":
        return ("crater",)
    entries = data.get(kind) if isinstance(data, dict) else None
    entry = entries[key] if isinstance(entries, list) and isinstance(key, int) and key < len(entries) else None
    if kind == "lines" and _peg_pair(entry):
        return ("line", *entry)
    if kind == "line_items" and isinstance(entry, dict) and _peg_pair(entry.get("line")):
        return ("line", *entry["line"])
    if kind == "segments" and isinstance(entry, dict):
        pegs = entry.get("pegs")
        if isinstance(pegs, list) and len(pegs) == 3 and all(isinstance(p, str) for p in pegs):
            return ("segment", *sorted(pegs))
    if kind == "canals" and len(json_path) > 2:
        canals = entries if isinstance(entries, dict) else {}
        part, index = json_path[1], json_path[2]
        if part == "islands" and isinstance(index, str):
            return ("island", index)
        bridges = canals.get("bridges")
        if part == "bridges" and isinstance(bridges, list) and isinstance(index, int) and index < len(bridges):
            bridge = bridges[index]
            if isinstance(bridge, dict) and _peg_pair(bridge.get("line")):
                return ("line", *bridge["line"])
    return ("board", str(kind))


def _peg_pair(value) -> TypeGuard[list[str]]:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(p, str) for p in value)


def _reach(error) -> int:
    """How deep into the document ``error`` or any error nested in it (a union's branches) got."""
    return max([len(error.absolute_path)] + [_reach(e) for e in error.context or ()])


def _branch_fit(union, errors: list) -> tuple:
    """How well one branch of ``union`` fits the value, from the branch's ``errors``: further
    into the value first, then fewer keys it does not know (and more of those close to a key it
    does know: a misspelling), then fewer problems at the value itself."""
    depth = len(union.absolute_path)
    unknown, close = 0, 0
    for e in errors:
        if e.validator == "additionalProperties" and isinstance(e.instance, dict) \
                and len(e.absolute_path) == depth:
            props = e.schema.get("properties", {})
            extra = [k for k in e.instance if k not in props]
            unknown += len(extra)
            close += sum(1 for k in extra if close_match(k, props))
    shallow = sum(1 for e in errors if _reach(e) == depth)
    return (max(_reach(e) for e in errors), -unknown, close, -shallow)


def _wrong_type_branch(union, branch: int) -> bool:
    """Whether branch ``branch`` of the ``oneOf``/``anyOf`` error ``union`` failed on the
    value's type itself (a type error at the union's own place)."""
    return any(e.validator == "type" and e.relative_schema_path[0] == branch
               and len(e.absolute_path) == len(union.absolute_path) for e in union.context)

