"""The studio's one YAML reader and writer.

Reading is safe by construction: only plain mappings, sequences and scalars are built; tags,
anchors, aliases, merge keys and duplicate keys are rejected; files are capped in size and
nesting. Every node keeps its 1-based line and column in a :class:`SourceMap`, so findings can
point to ``file:line:col``. Writing is atomic: a temp file in the same folder, then a rename.
"""

from __future__ import annotations

import errno
import io
import math
import os
import re
import shutil
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from studio.content.errors import LoadError, refuse_control_characters
from studio.content.findings import MAX_PER_FILE
from studio.content.gc_hold import gc_hold
from studio.content.paths import unreadable_reason

MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 40
MAX_NODES = 500_000

JsonPath = tuple  # tuple[str | int, ...]


@dataclass
class SourceMap:
    """Line/column of every node of a parsed file, keyed by JSON path (tuple of keys/indices).

    ``values[path]`` is where the value starts; ``keys[path]`` where its mapping key starts.
    Lines and columns are 1-based."""

    path: str | None = None
    values: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    keys: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    texts: dict[JsonPath, str] = field(default_factory=dict)
    """The text as written of each number or true/false value written otherwise than Python
    prints it (``1e3`` read as 1000.0, ``0x1F``, ``+12``, ``True``), so messages quote it."""
    entries: dict[tuple, JsonPath] | None = None
    """For a model an editor changes after reading it: ``(list key, element) -> (list key,
    index)`` of each entry of the file's top-level lists (``("lines", ("line", "a1", "a2")) ->
    ("lines", 12)``), so a finding about an entry is placed on its line in the file after
    entries before it were added or removed (None: the model is the file, indices match)."""

    def written(self, json_path: JsonPath) -> str | None:
        """How the number or true/false value at ``json_path`` was written, when Python would
        print it otherwise (``1e3`` for 1000.0), else None."""
        return self.texts.get(tuple(json_path))

    def holds(self, json_path: JsonPath) -> bool:
        """Whether the file has a node at ``json_path`` (exactly there, not an ancestor)."""
        p = tuple(json_path)
        return p in self.values or p in self.keys

    def locate(self, json_path: JsonPath, prefer_key: bool = False) -> tuple[int | None, int | None]:
        """Position of ``json_path``, or of its nearest ancestor that has one."""
        p = tuple(json_path)
        while True:
            if prefer_key and p in self.keys:
                return self.keys[p]
            if p in self.values:
                return self.values[p]
            if not p:
                return (None, None)
            p = p[:-1]


@dataclass
class Document:
    """A parsed content file: plain data, where each node came from, and the file path."""

    data: Any
    source: SourceMap
    path: str | None = None

    @property
    def format(self) -> str | None:
        if isinstance(self.data, dict):
            fmt = self.data.get("format")
            return fmt if isinstance(fmt, str) else None
        return None


# YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution): PyYAML resolves
# YAML 1.1, where ``1:00`` is the number 60, ``010`` is 8, ``yes`` is true and ``2001-01-01`` a
# date. Content is read as 1.2: those are texts, except ``010`` (a number with a leading zero,
# 8 to one reader and 10 to another), which is refused with a plain message.
_CORE_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_CORE_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_CORE_INT = re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
_CORE_FLOAT = re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")
_LEADING_ZERO = re.compile(r"^[-+]?0[0-9]+$")


class _CoreSchema:
    """Resolver and constructors of the YAML 1.2 core schema, for the pure and the C loader."""

    def resolve(self, kind, value, implicit):  # noqa: D401 - PyYAML hook
        if kind is ScalarNode and implicit[0]:
            if _CORE_NULL.match(value):
                return "tag:yaml.org,2002:null"
            if _CORE_BOOL.match(value):
                return "tag:yaml.org,2002:bool"
            if _CORE_INT.match(value):
                return "tag:yaml.org,2002:int"
            if _CORE_FLOAT.match(value):
                return "tag:yaml.org,2002:float"
            return "tag:yaml.org,2002:str"
        return super().resolve(kind, value, implicit)

    def construct_core_int(self, node):
        text = self.construct_scalar(node)
        if _LEADING_ZERO.match(text):
            digits = text.lstrip("+-").lstrip("0") or "0"
            sign = "-" if text.startswith("-") else ""
            raise _Refused("yaml/leading-zero", f"{text!r} has a leading zero: write {sign}{digits} for the number, "
                           f"or '{text}' in quotes for a text (YAML 1.1 would read it as a base-8 number)",
                           node.start_mark)
        body = text.lstrip("+-")
        sign = -1 if text.startswith("-") else 1
        if body.startswith("0o"):
            return sign * int(body[2:], 8)
        if body.startswith("0x"):
            return sign * int(body[2:], 16)
        return sign * int(body, 10)

    def construct_core_bool(self, node):
        text = self.construct_scalar(node)
        if not _CORE_BOOL.match(text):
            raise ValueError(text)
        return text.lower() == "true"


class _StrictLoader(_CoreSchema, yaml.SafeLoader):
    """SafeLoader that refuses anchors and aliases while composing, reading YAML 1.2 core."""

    def compose_node(self, parent, index):  # noqa: D401 - PyYAML hook
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise _Refused("yaml/alias", "aliases (*name) are not allowed in studio files", event.start_mark)
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused("yaml/anchor", f"anchors (&{anchor}) are not allowed in studio files", event.start_mark)
        return super().compose_node(parent, index)


class _Refused(Exception):
    def __init__(self, code: str, message: str, mark) -> None:
        super().__init__(message)
        self.code, self.message, self.mark = code, message, mark


_SAFE_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq",
}


def _printed(value: Any) -> str | None:
    """How Python prints a number or true/false value (to compare with the text written)."""
    if value.__class__ is bool:
        return "true" if value else "false"
    if value.__class__ is int:
        return str(value)
    if value.__class__ is float:
        return repr(value)
    return None


def _pos(mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


class _Builder:
    def __init__(self, loader: _StrictLoader, source: SourceMap) -> None:
        self.loader = loader
        self.source = source
        self.count = 0
        self.strays = _StrayKeys()

    def build(self, node: Node, path: JsonPath, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _Refused("yaml/too-large", f"more than {MAX_NODES:,} values", node.start_mark)
        if depth > MAX_DEPTH:
            raise _Refused("yaml/too-deep", f"nesting deeper than {MAX_DEPTH} levels", node.start_mark)
        if node.tag not in _SAFE_TAGS:
            raise _Refused("yaml/tag", f"the tag {_tag_text(node.tag)} {_NO_TAGS}", node.start_mark)
        self.source.values[path] = _pos(node.start_mark)
        if isinstance(node, ScalarNode):
            value = _construct(self.loader, node)
            if isinstance(value, float) and not math.isfinite(value):
                raise _Refused("yaml/non-finite", f"{node.value!r} is not a finite number (NaN and infinity "
                               "are not allowed)", node.start_mark)
            printed = _printed(value)
            if printed is not None and printed != node.value:
                self.source.texts[path] = node.value
            return value
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ_TAG:
                raise _Refused("yaml/tag", f"the tag {_tag_text(node.tag)} is not allowed on a list (remove the tag)",
                               node.start_mark)
            return [self.build(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
        if isinstance(node, MappingNode):
            if node.tag != _MAP_TAG:
                raise _Refused("yaml/tag", f"the tag {_tag_text(node.tag)} is not allowed on a mapping (remove the "
                               "tag)", node.start_mark)
            out: dict = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    raise _Refused("yaml/complex-key", "mapping keys must be plain scalars", key_node.start_mark)
                if key_node.tag == "tag:yaml.org,2002:merge" or key_node.value == "<<":
                    raise _Refused("yaml/merge-key", "merge keys (<<) are not allowed", key_node.start_mark)
                if key_node.tag not in _SAFE_TAGS:
                    raise _Refused("yaml/tag", f"the tag {_tag_text(key_node.tag)} {_NO_TAGS}",
                                   key_node.start_mark)
                key = _construct(self.loader, key_node)
                if isinstance(key, (int, float, bool)) or key is None:
                    key = key_node.value  # ids like 1 or yes stay the text the author wrote
                if key in out:
                    first = self.source.keys.get(path + (key,))
                    where = f" (first at line {first[0]})" if first else ""
                    raise _Refused("yaml/duplicate-key", f"duplicate key {key!r}{where}", key_node.start_mark)
                self.source.keys[path + (key,)] = _pos(key_node.start_mark)
                if not path:
                    self.strays.add(key, self.source.keys[(key,)])
                out[key] = self.build(value_node, path + (key,), depth + 1)
                if not path and key == "format" and isinstance(out[key], str):
                    self.strays.start(out[key], out, self.source.keys)
            return out
        raise _Refused("yaml/node", f"unsupported node {node!r}", node.start_mark)


def _tag_text(tag: str) -> str:
    """A tag as an author writes it: ``!!python/object`` for ``tag:yaml.org,2002:python/object``."""
    return "!!" + tag[len(_YAML_TAG):] if tag.startswith(_YAML_TAG) else tag


_YAML_TAG = "tag:yaml.org,2002:"
_NO_TAGS = "is not allowed: studio files hold plain data only (remove the tag)"
_TAG_NAMES = {"tag:yaml.org,2002:int": "whole number", "tag:yaml.org,2002:float": "number",
              "tag:yaml.org,2002:bool": "true/false value", "tag:yaml.org,2002:null": "null"}


def _construct(loader, node: ScalarNode) -> Any:
    """The value of a scalar node; an explicit tag the text does not fit (``!!int x``) is a
    ``yaml/tag`` refusal, not a crash."""
    constructor = loader.yaml_constructors.get(node.tag)
    if constructor is None:
        raise _Refused("yaml/tag", f"the tag {_tag_text(node.tag)} {_NO_TAGS}", node.start_mark)
    try:
        return constructor(loader, node)
    except (ValueError, KeyError, TypeError, yaml.YAMLError):
        what = _TAG_NAMES.get(node.tag, node.tag)
        raise _Refused("yaml/tag", f"{node.value!r} is not a {what}, as its tag {_tag_text(node.tag)} says (remove "
                       "the tag)", node.start_mark) from None


_FLOW_OPENERS = {"while parsing a flow mapping": "{", "while parsing a flow sequence": "["}


def _syntax_error(exc: yaml.MarkedYAMLError, text: str = "") -> tuple[int | None, int | None, str]:
    """(line, col, message) of a PyYAML syntax error.

    PyYAML marks where it noticed the problem. For a flow mapping or sequence that is never
    closed that is the next line or the end of the file, past the real mistake, so the position
    given is that of the opening ``{`` or ``[`` and the message says where the parser stopped. A
    problem on the opening line (a missing comma) keeps the parser's own position. When the
    file ends where a value should follow (``[`` or a ',' last), PyYAML names no opener: it is
    found in ``text``."""
    problem = exc.problem or exc.context or "invalid YAML"
    opener = _FLOW_OPENERS.get(exc.context or "")
    start, stop = exc.context_mark, exc.problem_mark
    if exc.context == "while parsing a flow node" and "<stream end>" in (exc.problem or "") and stop is not None:
        found = _unclosed_flow_opener(text)
        if found is not None:
            line, col = _pos(stop)
            return found[0], found[1], (f"'{found[2]}' opened here is not closed (the parser stopped at line {line}, "
                                        f"column {col}: the file ends where a value should follow)")
    if opener and start is not None and stop is not None and exc.problem and (
            stop.line > start.line or "<stream end>" in exc.problem):
        line, col = _pos(stop)
        return (*_pos(start), f"'{opener}' opened here is not closed (the parser stopped at line {line}, "
                              f"column {col}: {plain_syntax_problem(exc.problem)})")
    if exc.problem == "but found another document":
        stop_line = _pos(stop)[0] if stop is not None else None
        at = f" at line {stop_line}" if stop_line is not None else ""
        return (*(_pos(stop) if stop is not None else (None, None)),
                f"the file holds more than one YAML document (a second '---'{at}); a content file holds one")
    problem = plain_syntax_problem(exc.problem, exc.context)
    mark = stop or start
    line, col = _pos(mark) if mark else (1, 1)
    return line, col, problem


def _unclosed_flow_opener(text: str) -> tuple[int, int, str] | None:
    """(line, col, '[' or '{') of the innermost flow collection ``text`` never closes, or None.
    A rough scan for an error message only: quotes and comments are skipped, and a bracket
    counts as an opener only where a value starts (after ':', '-', ',', '[', '{' or at the
    start of a line), so ``name: a[1`` is text."""
    stack: list[tuple[int, int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        quote = None
        before = " "  # the last character that is not a space, or a space at the start of a line
        i = 0
        while i < len(line):
            ch = line[i]
            if quote:
                if ch == "\\" and quote == '"':
                    i += 1
                elif ch == quote:
                    quote = None
            elif ch in "'\"" and before in " :-,[{?":
                quote = ch
            elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
                break
            elif ch in "[{" and before in " :-,[{?":
                stack.append((number, i + 1, ch))
            elif ch in "]}" and stack:
                stack.pop()
            if ch not in " \t":
                before = ch
            i += 1
    return stack[-1] if stack else None


_TOKEN_WORDS = {
    "'<block end>'": "the end of the indented block", "<block end>": "the end of the indented block",
    "'<block mapping start>'": "a more indented key", "'<block sequence start>'": "a more indented list",
    "'?'": "a key", "'-'": "a list item ('-')", "'<scalar>'": "more text", "'<stream end>'": "the end of the file",
    "'<document start>'": "'---'", "'<document end>'": "'...'", "'<block entry>'": "a list item ('-')",
    "'<flow mapping start>'": "'{'", "'<flow sequence start>'": "'['", "'<anchor>'": "an anchor ('&')",
    "'<alias>'": "an alias ('*')", "'<tag>'": "a tag ('!')", "'\\n'": "the end of the line",
    "'\\t'": "a tab", "'\\x00'": "the end of the file", "'\\ufeff'": "a byte order mark",
}


def _token(text: str) -> str:
    return _TOKEN_WORDS.get(text.strip(), text.strip())


_SYNTAX_WORDS: list[tuple[re.Pattern, Any]] = [
    (re.compile(r"found character '\\t' that cannot start any token"),
     lambda m: "a tab character here: YAML allows only spaces for indentation and before a comment "
               "(replace the tab with spaces)"),
    (re.compile(r"found a tab character"),
     lambda m: "a tab character where indentation is expected: YAML allows only spaces (replace it with spaces)"),
    (re.compile(r"found character (.+) that cannot start any token"),
     lambda m: f"the character {m[1]} cannot start a value here (put the value in quotes)"),
    (re.compile(r"found unexpected end of stream"),
     lambda m: "a quoted text is not closed: its closing quote is missing"),
    (re.compile(r"found unknown escape character (.+)"),
     lambda m: f"{m[1]} after a backslash is not a known escape in a double-quoted text (write \\\\ for a "
               "backslash, or use single quotes)"),
    (re.compile(r"expected escape sequence of (\d+) hexadecimal numbers, but found (.+)"),
     lambda m: f"a \\x, \\u or \\U escape needs {m[1]} hexadecimal digits, found {_token(m[2])}"),
    (re.compile(r"mapping values are not allowed here"),
     lambda m: "a ':' here starts a key inside a value: check the indentation, or put the value in quotes "
               "if it holds ': '"),
    (re.compile(r"block sequence entries are not allowed here"),
     lambda m: "a list item ('-') cannot start here: check the indentation"),
    (re.compile(r"mapping keys are not allowed here"),
     lambda m: "a key ('?') cannot start here: check the indentation"),
    (re.compile(r"could not find expected ':'"),
     lambda m: "a key is missing its ':' (or a text runs over several lines: put it in quotes)"),
    (re.compile(r"expected <block end>, but found '([\]}])'"),
     lambda m: f"a closing '{m[1]}' here has no opening '{'[' if m[1] == ']' else '{'}' before it"),
    (re.compile(r"expected <block end>, but found (.+)"),
     lambda m: f"the indentation does not match the lines above: found {_token(m[1])} where the indented "
               "block should end (keys of one mapping and items of one list line up)"),
    (re.compile(r"expected ',' or '(\]|\})', but got (.+)"),
     lambda m: f"a {'list' if m[1] == ']' else 'mapping'} in {'[ ]' if m[1] == ']' else '{ }'} is missing a "
               f"',' or its closing '{m[1]}' (found {_token(m[2])})"),
    (re.compile(r"expected the node content, but found (.+)"),
     lambda m: f"a value is missing before {_token(m[1])}"),
    (re.compile(r"did not find expected node content"), lambda m: "a value is missing here"),
    (re.compile(r"expected '<document start>', but found (.+)"),
     lambda m: f"something follows the end of the content: found {_token(m[1])} (a content file holds one "
               "mapping; check the indentation of this line)"),
    (re.compile(r"found undefined tag handle (.+)"),
     lambda m: f"unknown tag {m[1]}: tags are not allowed in studio files"),
    (re.compile(r"expected alphabetic or numeric character, but found (.+)"),
     lambda m: f"'&' or '*' must be followed by a name, found {_token(m[1])}"),
    (re.compile(r"expected (?:indentation indicator|chomping or indentation indicators|a comment or a line "
                r"break).*?, but found (.+)"),
     lambda m: f"after '|' or '>' only a digit 1-9, '+' or '-' and a comment may follow, found {_token(m[1])}"),
    (re.compile(r"found unexpected document separator|found unexpected document end"),
     lambda m: "a '---' or '...' inside a quoted text: close the quote first"),
    (re.compile(r"expected (.+), but found (.+)"),
     lambda m: f"expected {_token(m[1])} here, found {_token(m[2])}"),
]


def plain_syntax_problem(problem: str | None, context: str | None = None) -> str:
    """A PyYAML scanner or parser problem in plain words (``found character '\\t' that cannot
    start any token`` -> ``a tab character here: YAML allows only spaces ...``); an unknown one
    keeps PyYAML's words with its token names translated."""
    text = problem or context or "the YAML cannot be read here"
    for pattern, words in _SYNTAX_WORDS:
        m = pattern.search(text)
        if m is not None:
            return words(m)
    for raw, plain in _TOKEN_WORDS.items():
        text = text.replace(raw, plain)
    return text


def parse_yaml(text: str, path: str | None = None) -> Document:
    """Parse YAML text into a :class:`Document`. Raises :class:`LoadError` with the position
    of the first problem (syntax, duplicate key, anchor/alias, tag, size or depth).

    With libyaml (PyYAML's C parser) the text is parsed into events in C and built here
    (:class:`_EventBuilder`), about twenty times faster than PyYAML's pure-Python scanner;
    the same refusals apply at the same positions. A syntax error is reported by re-parsing
    with the pure-Python parser, whose messages and positions the studio documents."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise LoadError("yaml/too-large", f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB", path)
    refuse_control_characters(text, path)  # PyYAML's reader would raise outside its marked errors
    with gc_hold():  # every object built lives on: collecting while building only costs time
        if _CLoader is not None and "\t" not in text:  # libyaml takes tabs the pure parser refuses
            try:
                return _parse_events(text, path)
            except _SlowPath:
                pass
        return _parse_composed(text, path)


def _parse_composed(text: str, path: str | None) -> Document:
    """The pure-Python path: compose the whole node tree, then build it."""
    source = SourceMap(path=path)
    loader = _StrictLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise LoadError("yaml/empty", "file is empty", path, 1, 1)
        data = _Builder(loader, source).build(node, (), 0)
    except _Refused as exc:
        line, col = _pos(exc.mark)
        raise LoadError(exc.code, exc.message, path, line, col) from None
    except _StrayRefusal as exc:
        raise LoadError(exc.code, exc.message, path, exc.line, exc.col) from None
    except yaml.MarkedYAMLError as exc:
        at_line, at_col, problem = _syntax_error(exc, text)
        prefix = "" if problem.startswith("the file holds more than one") else "YAML syntax error: "
        raise LoadError("yaml/syntax", f"{prefix}{problem}", path, at_line, at_col) from None
    except yaml.YAMLError as exc:  # unmarked (a reader error): the start of the file
        raise LoadError("yaml/syntax", f"YAML syntax error: {exc}", path, 1, 1) from None
    except RecursionError:
        line, col = _too_deep_at(text)
        raise LoadError("yaml/too-deep", f"nesting deeper than {MAX_DEPTH} levels", path, line, col) from None
    finally:
        loader.dispose()
    return Document(data=data, source=source, path=path)


def _too_deep_at(text: str) -> tuple[int, int]:
    """Where nesting first goes past MAX_DEPTH, found from parser events (PyYAML's parser keeps
    its own stack; only composing recurses), else where parsing stopped, else line 1."""
    loader = yaml.SafeLoader(text)
    depth, last = 0, (1, 1)
    try:
        while loader.check_event():
            event = loader.get_event()
            last = _pos(event.start_mark)
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH + 1:
                    return last
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        return _pos(mark) if mark is not None else last
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return last


_StrictLoader.add_constructor("tag:yaml.org,2002:int", _CoreSchema.construct_core_int)
_StrictLoader.add_constructor("tag:yaml.org,2002:bool", _CoreSchema.construct_core_bool)

if getattr(yaml, "__with_libyaml__", False):
    class _CLoader(_CoreSchema, yaml.CSafeLoader):
        """libyaml's parser with the core schema's resolver and constructors."""

    _CLoader.add_constructor("tag:yaml.org,2002:int", _CoreSchema.construct_core_int)
    _CLoader.add_constructor("tag:yaml.org,2002:bool", _CoreSchema.construct_core_bool)
else:  # pragma: no cover - PyYAML built without libyaml
    _CLoader = None  # type: ignore[assignment, misc]
_MERGE_TAG = "tag:yaml.org,2002:merge"
_STR_TAG = "tag:yaml.org,2002:str"
# the first characters of every plain scalar the core schema reads as null, true/false or a
# number (~, null, true, false, 12, -1, +1, .5, .inf): any other plain scalar is a text
_NOT_PLAIN_TEXT = frozenset("0123456789+-.~nNtTfF")
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MAP_TAG = "tag:yaml.org,2002:map"


def _size_limits(fmt: str) -> dict[str, int]:
    """Top-level key -> the most items or entries its schema allows (maxItems or
    maxProperties), for the format named ``fmt``; empty for an unknown format."""
    from studio.content.schemas import known_formats, schema_for

    if fmt not in known_formats():
        return {}
    out = {}
    for key, sub in (schema_for(fmt).get("properties") or {}).items():
        limit = sub.get("maxItems", sub.get("maxProperties")) if isinstance(sub, dict) else None
        if isinstance(limit, int):
            out[key] = limit
    return out


class _StrayKeys:
    """The top-level keys a file's format does not have, counted as they are read (once
    ``format:`` names a known format whose top level is closed). Past
    :data:`~studio.content.findings.MAX_PER_FILE` of them the file is refused at the first
    one, in one finding: a file of 400,000 stray keys (or a board whose pegs lost their
    indentation) is not read to its end to list 200 of them and count the rest; reading it
    took seconds and hundreds of MB (issue 12)."""

    def __init__(self) -> None:
        self.fmt: str | None = None
        self.allowed: frozenset | None = None
        self.order: tuple | None = None
        self.found: list[tuple[Any, tuple[int, int]]] = []

    def start(self, fmt: str, read: dict, keys: dict) -> None:
        """``format:`` says ``fmt``; ``read``: the top-level keys read so far, placed by ``keys``."""
        self.fmt, self.order = fmt, _top_level_keys(fmt)
        self.allowed = frozenset(self.order) if self.order is not None else None
        for key in read:
            self.add(key, keys[(key,)])

    def add(self, key, pos: tuple[int, int]) -> None:
        if self.allowed is None or key in self.allowed:
            return
        self.found.append((key, pos))
        if len(self.found) > MAX_PER_FILE:
            raise _StrayRefusal(self)

    def message(self) -> str:
        named = ", ".join(f"{k!r} (line {pos[0]})" for k, pos in self.found[:3])
        return (f"more than {MAX_PER_FILE} keys at the top level that a {self.fmt} file does not have: {named} "
                f"and more; the file was not read further. A {self.fmt} file has only the keys "
                f"{', '.join(self.order or ())}: check the format, and whether these keys lost their "
                "indentation under a key above")


class _StrayRefusal(Exception):
    def __init__(self, strays: _StrayKeys) -> None:
        super().__init__(strays.message())
        self.code, self.message = "schema/unknown-key", strays.message()
        self.line, self.col = strays.found[0][1]


def _top_level_keys(fmt: str) -> tuple | None:
    """The keys a file of format ``fmt`` may have at its top level, or None when the format is
    unknown or its top level takes any key."""
    from studio.content.schemas import known_formats, schema_for

    if fmt not in known_formats():
        return None
    schema = schema_for(fmt)
    if schema.get("additionalProperties", True) is not False or schema.get("patternProperties"):
        return None
    return tuple(schema.get("properties") or ())


class _SlowPath(Exception):
    """The C parser found a syntax error (or an input the event path leaves alone): parse
    again with the pure-Python parser for its exact message and position."""


def _parse_events(text: str, path: str | None) -> Document:
    source = SourceMap(path=path)
    loader = _CLoader(text)
    try:
        try:
            loader.get_event()  # stream start
            if loader.check_event(yaml.StreamEndEvent):
                raise LoadError("yaml/empty", "file is empty", path, 1, 1)
            loader.get_event()  # document start
            builder = _EventBuilder(loader, source, text)
            try:
                data = builder.build((), 0)
            except _Refused as refused:
                # the pure path refuses anchors and aliases while composing, and composes the
                # whole file before building: for the other refusals, a syntax error, an alias
                # or an anchor anywhere comes first
                if refused.code not in ("yaml/anchor", "yaml/alias", "schema/length"):
                    builder.drain()  # (not past a size refusal: stopping early is its point)
                raise refused
            loader.get_event()  # document end
            if not loader.check_event(yaml.StreamEndEvent):
                raise _SlowPath  # a second document: the composer's own message
        except _Refused as exc:
            line, col = _pos(exc.mark)
            raise LoadError(exc.code, exc.message, path, line, col) from None
        except _StrayRefusal as exc:  # (stopping early is its point: the rest is not drained)
            raise LoadError(exc.code, exc.message, path, exc.line, exc.col) from None
        except (yaml.YAMLError, RecursionError):
            raise _SlowPath from None
    finally:
        loader.dispose()
    return Document(data=data, source=source, path=path)


class _EventBuilder:
    """Plain data from parser events, refusing what :class:`_StrictLoader` and
    :class:`_Builder` refuse (anchors, aliases, tags, merge and complex keys, duplicate keys,
    non-finite numbers, too many nodes, too deep), at the same nodes. Scalars are resolved
    and constructed once per distinct text (a board repeats its peg ids and numbers)."""

    def __init__(self, loader, source: SourceMap, text: str) -> None:
        self.loader = loader
        self.source = source
        self.text = text
        self.count = 0
        self.scalars: dict[tuple, tuple[str, Any]] = {}
        self.limits: dict[str, int] = {}  # top-level key -> most entries, once ``format:`` is read
        self.strays = _StrayKeys()

    def _empty_pos(self, event) -> tuple[int, int]:
        """Where an empty value (``key:`` with nothing after it) is: just after its ``:`` or
        ``-``, as the pure parser marks it (libyaml marks the next token, maybe lines on)."""
        text, i = self.text, event.start_mark.index
        j = i
        while j > 0 and text[j - 1] in " \r\n":
            j -= 1
        if j == i or j == 0 or text[j - 1] not in ":-?":
            return _pos(event.start_mark)
        line = text.count("\n", 0, j) + 1
        return line, j - (text.rfind("\n", 0, j) + 1) + 1

    def _check(self, event) -> None:
        if isinstance(event, yaml.AliasEvent):
            raise _Refused("yaml/alias", "aliases (*name) are not allowed in studio files", event.start_mark)
        anchor = event.anchor
        if anchor is not None:
            raise _Refused("yaml/anchor", f"anchors (&{anchor}) are not allowed in studio files", event.start_mark)

    def _scalar(self, event) -> tuple[str, Any]:
        """(tag, value) of a scalar event. A quoted scalar, or a plain one that cannot be a
        null, true/false or number (its first character says so), is its text: no resolver,
        no constructor, nothing cached (ids and keys are mostly distinct; caching them cost
        memory for nothing). The rest is resolved once per distinct text."""
        tag, value = event.tag, event.value
        if tag is None and (not event.implicit[0] or (value and value[0] not in _NOT_PLAIN_TEXT)):
            return _STR_TAG, value
        key = (value, tag, event.implicit, event.style)
        found = self.scalars.get(key)
        if found is None:
            if tag is None or tag == "!":
                tag = _STR_TAG if tag == "!" else self.loader.resolve(ScalarNode, value, event.implicit)
            if tag not in _SAFE_TAGS:
                found = (tag, None)  # refused where it is used (merge key, tag)
            else:
                found = (tag, _construct(self.loader, ScalarNode(tag, value, event.start_mark,
                                                                 event.end_mark, event.style)))
            self.scalars[key] = found
        return found

    def build(self, path: JsonPath, depth: int) -> Any:
        return self._node(self.loader.get_event(), path, depth)

    def _node(self, event, path: JsonPath, depth: int) -> Any:
        """The value that starts with ``event``, read to its end. (The hot loop of every load:
        one type test per event, the anchor test inline, a key's path tuple shared by the
        key and value positions.)"""
        kind = event.__class__
        if kind is yaml.AliasEvent or event.anchor is not None:
            self._check(event)
        self.count += 1
        if self.count > MAX_NODES:
            raise _Refused("yaml/too-large", f"more than {MAX_NODES:,} values", event.start_mark)
        if depth > MAX_DEPTH:
            raise _Refused("yaml/too-deep", f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
        if kind is yaml.ScalarEvent:
            tag, value = self._scalar(event)
            if tag is not _STR_TAG:
                if tag not in _SAFE_TAGS:
                    raise _Refused("yaml/tag", f"the tag {_tag_text(tag)} {_NO_TAGS}", event.start_mark)
                if value.__class__ is float and not math.isfinite(value):
                    raise _Refused("yaml/non-finite", f"{event.value!r} is not a finite number (NaN and "
                                   "infinity are not allowed)", event.start_mark)
                printed = _printed(value)
                if printed is not None and printed != event.value:
                    self.source.texts[path] = event.value
            mark = event.start_mark
            if not event.value and event.implicit[0] and not event.style:
                self.source.values[path] = self._empty_pos(event)
            else:
                self.source.values[path] = (mark.line + 1, mark.column + 1)
            return value
        if kind is yaml.SequenceStartEvent:
            self._collection_tag(event, _SEQ_TAG)
            self.source.values[path] = _pos(event.start_mark)
            out_list: list = []
            get = self.loader.get_event
            limit = self._limit(path)
            depth += 1
            i = 0
            while True:
                item = get()
                if item.__class__ is yaml.SequenceEndEvent:
                    return out_list
                if i == limit:
                    self._too_many(path, limit, "items", item)
                out_list.append(self._node(item, path + (i,), depth))
                i += 1
        if kind is yaml.MappingStartEvent:
            self._collection_tag(event, _MAP_TAG)
            self.source.values[path] = _pos(event.start_mark)
            out: dict = {}
            keys = self.source.keys
            get = self.loader.get_event
            limit = self._limit(path)
            depth += 1
            while True:
                key_event = get()
                key_kind = key_event.__class__
                if key_kind is yaml.MappingEndEvent:
                    return out
                if len(out) == limit:
                    self._too_many(path, limit, "entries", key_event)
                if key_kind is not yaml.ScalarEvent:
                    self._check(key_event)
                    raise _Refused("yaml/complex-key", "mapping keys must be plain scalars", key_event.start_mark)
                if key_event.anchor is not None:
                    self._check(key_event)
                tag, key = self._scalar(key_event)
                if tag is not _STR_TAG or key == "<<":  # (a text key is its own text)
                    if tag == _MERGE_TAG or key_event.value == "<<":
                        raise _Refused("yaml/merge-key", "merge keys (<<) are not allowed", key_event.start_mark)
                    if tag not in _SAFE_TAGS:
                        raise _Refused("yaml/tag", f"the tag {_tag_text(tag)} {_NO_TAGS}",
                                       key_event.start_mark)
                    if isinstance(key, (int, float, bool)) or key is None:
                        key = key_event.value  # ids like 1 or yes stay the text the author wrote
                key_path = path + (key,)
                if key in out:
                    first = keys.get(key_path)
                    where = f" (first at line {first[0]})" if first else ""
                    raise _Refused("yaml/duplicate-key", f"duplicate key {key!r}{where}", key_event.start_mark)
                mark = key_event.start_mark
                keys[key_path] = at = (mark.line + 1, mark.column + 1)
                if not path:
                    self.strays.add(key, at)
                value = out[key] = self._node(get(), key_path, depth)
                if not path and key == "format" and isinstance(value, str):
                    self.limits = _size_limits(value)
                    self.strays.start(value, out, keys)
        raise _Refused("yaml/node", f"unsupported event {event!r}", event.start_mark)

    def _limit(self, path: JsonPath) -> int | None:
        return self.limits.get(path[0]) if len(path) == 1 else None

    def _too_many(self, path: JsonPath, limit: int, kind: str, event) -> None:
        # the schema would refuse it anyway: stop before building the rest of a huge file
        raise _Refused("schema/length", f"'{path[0]}' has more than {limit} {kind}; at most {limit} are allowed",
                       event.start_mark)

    def _collection_tag(self, event, implicit_tag: str) -> None:
        tag = event.tag
        if tag is not None and tag != "!" and tag != implicit_tag:
            if tag not in _SAFE_TAGS:
                raise _Refused("yaml/tag", f"the tag {_tag_text(tag)} {_NO_TAGS}", event.start_mark)
            what = "list" if implicit_tag == _SEQ_TAG else "mapping"
            raise _Refused("yaml/tag", f"the tag {_tag_text(tag)} is not allowed on a {what} (remove the tag)",
                           event.start_mark)

    def drain(self) -> None:
        """Read the rest of the stream: raises the first alias or anchor refusal, or a
        YAMLError for a syntax error, as composing the whole file first would."""
        loader = self.loader
        while not loader.check_event(yaml.StreamEndEvent):
            event = loader.get_event()
            if isinstance(event, (yaml.AliasEvent, yaml.ScalarEvent, yaml.SequenceStartEvent,
                                  yaml.MappingStartEvent)):
                self._check(event)


def load_document(path: str | os.PathLike, name: str | None = None) -> Document:
    """Read and parse a content file. Raises :class:`LoadError` (``io/not-found`` for a path
    that does not exist, ``io/unreadable``, ``io/not-utf8``, ``yaml/*``, ``json/*``) — never a bare
    OSError or YAMLError.

    ``name``: how the document and its errors name the file (default ``path``); the file read
    is always ``path`` (a reference is resolved once and that very file read, shown as the
    author spelled it)."""
    p = str(path)
    try:
        doc = _load_document(p)
    except LoadError as exc:
        code = JSON_CODES.get(exc.code, exc.code) if p.lower().endswith(".json") else exc.code
        if code == exc.code and (name is None or exc.path != p):
            raise
        raise LoadError(code, exc.message, str(name) if name is not None and exc.path == p else exc.path,
                        exc.line, exc.col) from None
    if name is not None:
        doc.path = doc.source.path = str(name)
    return doc


JSON_CODES = {"yaml/too-large": "json/too-large", "yaml/too-deep": "json/too-deep"}
"""The reader's limits named for a ``.json`` file: a JSON file is not told about YAML."""


def _load_document(p: str) -> Document:
    try:
        info = os.stat(p)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(p)
        if not stat.S_ISREG(info.st_mode):  # a FIFO or device would block or never end
            raise LoadError("io/unreadable", "is not a regular file (a pipe, socket or device)", p)
        size = info.st_size
        if size > MAX_BYTES:
            raise LoadError("yaml/too-large", f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB", p)
        with open(p, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except LoadError:
        raise
    except IsADirectoryError:
        raise LoadError("io/unreadable", "is a folder, not a file", p) from None
    except OSError as exc:
        if exc.errno == errno.ENOENT and not os.path.islink(p):  # a dangling link is io/unreadable, with its target
            raise LoadError("io/not-found", "no such file", p) from None
        raise LoadError("io/unreadable", unreadable_reason(p, exc), p) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise LoadError("io/not-utf8", "file is not UTF-8 text", p, line, 1) from None
    json_file = p.lower().endswith(".json")  # a saved game, a report, a board saved as JSON
    if json_file:
        _check_json(text, p)
        # JSON allows a tab wherever it allows a space (outside texts, where a raw tab is refused
        # above); PyYAML's pure parser refuses tabs before keys. One space each keeps every column.
        text = text.replace("\t", " ")
    try:
        return parse_yaml(text, p)
    except LoadError as exc:
        if json_file and exc.code == "yaml/duplicate-key":  # JSON itself keeps the last silently
            raise LoadError("json/duplicate-key", exc.message, exc.path, exc.line, exc.col) from None
        if exc.code in ("yaml/syntax", "yaml/non-finite") and _looks_like_json(text):
            _check_json(text, p)  # JSON under another name (stdin, a .yaml): raises when JSON refuses it too
        raise


def _looks_like_json(text: str) -> bool:
    """Whether ``text`` opens as a JSON object or list does (``{"`` or ``[``), not as YAML
    written by hand (``format:`` or ``{format: ...}``)."""
    head = text.lstrip("\ufeff \t\r\n")
    return head.startswith("[") or re.match(r'\{\s*"', head) is not None


_MISSING_COMMA = "Expecting ',' after this value"
_NON_FINITE = "Non-finite number"
_JSON_SPACE = " \t\r\n"


_TOO_LARGE = "Number too large"


class _Constant(Exception):
    def __init__(self, name: str) -> None:
        self.name = name


class _TooLarge(Exception):
    def __init__(self, literal: str) -> None:
        self.literal = literal


def _refuse_constant(name: str):
    raise _Constant(name)


def _finite_float(literal: str) -> float:
    """A JSON number as a float; one too large for a float (``1e400``: JSON syntax, but infinity
    once read) is refused."""
    value = float(literal)
    if math.isinf(value):
        raise _TooLarge(literal)
    return value


def read_json(text: str) -> Any:
    """Parse ``text`` as strict JSON (RFC 8259), as :func:`json.loads` does except that
    ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's reader takes) are refused, and so
    is a number too large for a float (``1e400``, which it reads as infinity), and a
    missing ``,`` is placed at the last character of the value before it, as editors place it
    (Python's reader stops at the next key, often a line later). Raises :class:`json.JSONDecodeError`
    (its ``msg`` one of JSON's reasons, worded by :func:`json_reason`; its ``lineno`` and
    ``colno`` where to look) and ``RecursionError`` for nesting too deep."""
    import json

    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except _Constant as exc:
        raise json.JSONDecodeError(f"{_NON_FINITE} {exc.name}", text, _outside_strings(text, exc.name)) from None
    except _TooLarge as exc:
        raise json.JSONDecodeError(f"{_TOO_LARGE} {exc.literal}", text, _outside_strings(text, exc.literal, whole_number=True)) from None
    except json.JSONDecodeError as err:
        if err.msg != "Expecting ',' delimiter" or err.pos >= len(text.rstrip(_JSON_SPACE)):
            raise
        raise json.JSONDecodeError(_MISSING_COMMA, text, len(text[:err.pos].rstrip(_JSON_SPACE)) - 1) from None


def _outside_strings(text: str, word: str, whole_number: bool = False) -> int:
    """The index of the first ``word`` in ``text`` outside JSON's quoted texts (0 if none);
    with ``whole_number``, only where it is a whole number (not the end of ``11e400`` for
    ``1e400``)."""
    number = "0123456789.eE+-"
    i, n = 0, len(text)
    while i < n:
        if text[i] == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif text.startswith(word, i) and (not whole_number or (
                (i == 0 or text[i - 1] not in number)
                and text[i + len(word):i + len(word) + 1] not in tuple(number))):
            return i
        i += 1
    return 0


# JSON's reasons (json.JSONDecodeError.msg) in plain words, with what usually causes them
_JSON_WORDS = {
    "Expecting property name enclosed in double quotes":
        "expected a key in double quotes here (JSON allows no ',' before '}' and no unquoted or single-quoted key)",
    "Expecting ':' delimiter": "a key is missing its ':' here",
    "Expecting ',' delimiter": "a ',' is missing here, between two values (or a closing bracket is missing)",
    "Expecting value": "a value is missing here (JSON allows no ',' before ']', no comment and no unquoted text)",
    "Extra data": "something follows the end of the JSON value (a file holds one object)",
    "Unterminated string starting at": "a quoted text opens here and is never closed",
    "Invalid control character at": "a control character inside a quoted text (write a tab as \\t, a new line as \\n)",
    "Invalid \\escape": "an unknown escape after '\\' in a quoted text",
    "Unexpected UTF-8 BOM (decode using utf-8-sig)": "the file starts with a byte order mark",
    _MISSING_COMMA: "a ',' is probably missing after the value that ends here (or a closing ']' or '}' is "
                    "missing before the next value)",
}


def json_reason(err) -> str:
    """What a :class:`json.JSONDecodeError` means, in plain words (``a ',' is missing here,
    between two values ...``); a text cut short says so (``the file ends in the middle of the
    data ...: it may be cut short``). Its position is the error's ``lineno`` and ``colno``."""
    text = err.doc
    if not text.strip(_JSON_SPACE + "\ufeff"):
        return "the file is empty"
    if err.msg.startswith(_TOO_LARGE):
        literal = err.msg[len(_TOO_LARGE) + 1:]
        return (f"{literal} is too large for a number (it would be infinity, and no coordinate or count can "
                f"be): write a finite number")
    if err.msg.startswith(_NON_FINITE):
        name = err.msg[len(_NON_FINITE) + 1:]
        return f"{name} is not a number JSON allows (JSON has no NaN or Infinity): write a finite number"
    reason = _JSON_WORDS.get(err.msg, err.msg[:1].lower() + err.msg[1:])
    if err.msg.startswith("Unterminated string") and '"' not in text[err.pos + 1:]:
        return (f"the file ends in the middle of the data (a quoted text opened at line {err.lineno} column "
                f"{err.colno} is never closed): it may be cut short")
    if err.pos >= len(text.rstrip()):
        return "the file ends in the middle of the data: it may be cut short"
    return reason


def _check_json(text: str, path: str) -> None:
    """Raise ``json/syntax`` for ``text`` that is not JSON: JSON's reason in plain words at
    its line and column; a file cut short says so (``the file ends in the middle of the data
    ...: it may be cut short``). YAML reads most broken JSON too, or fails with words about
    YAML, so a ``.json`` file is checked as JSON first."""
    import json

    if not text.strip(_JSON_SPACE + "\ufeff"):
        raise LoadError("json/empty", "the file is empty: a JSON content file holds one object, "
                        '{"format": ...}', path, 1, 1)
    try:
        read_json(text[1:] if text.startswith("\ufeff") else text)
    except json.JSONDecodeError as err:
        line, col = err.lineno, err.colno + (1 if text.startswith("\ufeff") and err.lineno == 1 else 0)
        if err.msg.startswith(_TOO_LARGE):  # JSON syntax, but not a finite number
            raise LoadError("json/non-finite", json_reason(err), path, line, col) from None
        raise LoadError("json/syntax", f"JSON syntax error: {json_reason(err)}", path, line, col) from None
    except RecursionError:
        line, col = _too_deep_at(text)
        raise LoadError("yaml/too-deep", f"nesting deeper than {MAX_DEPTH} levels", path, line, col) from None


class _Dumper(yaml.SafeDumper):
    """Block style for mappings, flow style for short scalar lists (peg pairs, coordinates)."""

    def ignore_aliases(self, data):  # never write anchors
        return True

    def resolve(self, kind, value, implicit):
        # a text the 1.2 core reader would take for a number (0o17, 1e5) is written in quotes
        # too, as one the 1.1 rules would (yes, 010)
        if kind is ScalarNode and implicit[0] and _CoreSchema.resolve(self, kind, value, implicit) != _STR_TAG:
            return _CoreSchema.resolve(self, kind, value, implicit)
        return super().resolve(kind, value, implicit)


def _represent_list(dumper: yaml.SafeDumper, data: list):
    flow = len(data) <= 8 and all(isinstance(x, (int, float, str, bool)) or x is None for x in data)
    flow = flow or (all(isinstance(x, list) for x in data) and len(data) <= 4 and
                    all(all(isinstance(y, (int, float, str)) for y in x) for x in data))
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict):
    small = len(data) <= 6 and all(
        isinstance(v, (int, float, str, bool)) or v is None or
        (isinstance(v, list) and len(v) <= 4 and all(isinstance(x, (int, float, str)) for x in v))
        for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=small and len(data) > 0)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(tuple, _represent_list)
_Dumper.add_representer(dict, _represent_dict)


def dump_yaml(data: Any) -> str:
    """Render plain data as YAML text in the studio's house style (key order kept)."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                     default_flow_style=False)


def save_atomic(path: str | os.PathLike, text: str) -> str | None:
    """Write ``text`` to ``path`` atomically: a temp file in the same folder, flushed and
    fsynced, then renamed over the target. On any error the old file is untouched and the
    temp file removed; the OSError propagates with a plain reason (``the file is read-only``,
    ``the disk is read-only``, ``the disk is full``...) and the user's file name.

    ``path`` ``-`` writes ``text`` to standard output instead (a file named ``-`` is never made).
    Through a symbolic link the link's target is written and the link kept. A file with
    other names (hard links) is replaced by a new file: the other names keep the old text
    (an in-place write could leave a half-written file); the note returned says so, else
    None. Temp files a killed save left beside ``path`` are removed (:class:`AtomicWriter`)."""
    with AtomicWriter(path) as out:
        out.fh.write(text)
        out.commit()
    return out.note


_TEMP_MARK = ".tmp"
STDOUT_NAME = "-"
"""A path of ``-`` is standard output for :func:`save_atomic` and :class:`AtomicWriter`."""


class AtomicWriter:
    """A text file written to a temp file beside it and renamed over it on :meth:`commit`
    (a context manager: leaving it without commit removes the temp file).

    ``path`` may be a symbolic link: its final target is written. The temp file is named
    ``.NAME.PID.XXXXXXXX.tmp`` (the writing process's id): temp files of that pattern whose
    process is gone (a save killed by SIGKILL or a power cut), and those of the older
    ``.NAME.XXXXXXXX.tmp`` pattern over a minute old, are removed when the file is next
    written; a save in progress in a live process is never touched. A ``path`` that is a
    device, a named pipe or a socket (``/dev/null``, a FIFO a script reads) is written in
    place on commit, never replaced by a file. Raises OSError with a plain reason, naming
    ``path`` (never the temp file)."""

    note: str | None
    info: os.stat_result | None
    tmp: str | None
    fh: Any  # the temp file (wrapped to name the target in its errors), or a StringIO for "-"

    def __init__(self, path: str | os.PathLike) -> None:
        self.to_stdout = os.fspath(path) == STDOUT_NAME
        self.in_place = False
        if self.to_stdout:  # "-": standard output, written whole on commit (never a file named "-")
            self.path = self.target = Path(STDOUT_NAME)
            self.note, self.info, self.tmp = None, None, None
            self.fh = io.StringIO()
            return
        self.path = Path(path)
        self.target = _final_target(self.path)
        self.note = None
        self.fh = None
        target = self.target
        self.info = stat_or_none(target)  # a name too long for the file system: a plain OSError
        if self.info is not None and is_special_file(self.info):
            self.in_place, self.tmp, self.fh = True, None, io.StringIO()  # written whole on commit
            return
        if self.info is not None:
            _refuse_read_only(target, self.info, self.path)
            if self.info.st_nlink > 1 and stat.S_ISREG(self.info.st_mode):
                self.note = (f"{self.path} had {self.info.st_nlink - 1} other name(s) (hard links): it was saved as "
                             "a new file, and the other names keep the old content")
        self.folder = target.parent if str(target.parent) else Path(".")
        remove_leftovers(target)
        try:
            # the name is cut: a long (but legal) file name would make the temp name too long
            import tempfile  # writing only: reading stays quick to import

            fd, self.tmp = tempfile.mkstemp(prefix=f".{target.name[:60]}.{os.getpid()}.", suffix=_TEMP_MARK,
                                            dir=self.folder)
        except OSError as exc:
            raise _about_target(exc, target, creating=True, shown=self.path) from None
        self.fh = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        self.fh = _NamedErrors(self.fh, self)

    def commit(self) -> None:
        """Flush, fsync and rename over the target. Raises OSError (plain reason)."""
        if self.to_stdout:
            sys.stdout.write(self.fh.getvalue())
            sys.stdout.flush()
            self.fh = io.StringIO()
            return
        if self.in_place:
            try:
                with open(self.target, "w", encoding="utf-8", newline="\n") as out:
                    out.write(self.fh.getvalue())
            except OSError as exc:
                raise self.error(exc) from None
            finally:
                self.fh = io.StringIO()
            return
        try:
            self.fh.flush()
            os.fsync(self.fh.fileno())
            self.fh.close()
            mode = self.info.st_mode & 0o777 if self.info is not None else 0o644
            tmp = self.tmp
            assert tmp is not None  # set by __init__ for every target but "-"
            try:
                os.chmod(tmp, mode)  # mkstemp makes it private (0600)
            except OSError:
                pass
            os.replace(tmp, self.target)
        except BaseException as exc:
            self.discard()
            if isinstance(exc, OSError):
                raise self.error(exc) from None
            raise
        self.tmp = None

    def discard(self) -> None:
        """Close and remove the temp file (the target is untouched)."""
        if self.to_stdout or self.in_place:
            self.fh = io.StringIO()
            return
        if self.fh is not None and not self.fh.closed:
            try:
                self.fh.close()
            except OSError:
                pass
        if self.tmp is not None:
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
            self.tmp = None

    def error(self, exc: OSError) -> OSError:
        """``exc`` about the user's file, in plain words."""
        return _about_target(exc, self.target, shown=self.path)

    def __enter__(self) -> "AtomicWriter":
        return self

    def __exit__(self, *exc) -> None:
        if self.tmp is not None:
            self.discard()


class _NamedErrors:
    """The temp file's text stream, whose write errors (a disk that fills up mid-way) name
    the user's file with a plain reason instead of ``[Errno 28] No space left on device``."""

    def __init__(self, fh, writer: AtomicWriter) -> None:
        self._fh, self._writer = fh, writer

    def write(self, text: str) -> int:
        try:
            return self._fh.write(text)
        except OSError as exc:
            raise self._writer.error(exc) from None

    def flush(self) -> None:
        try:
            self._fh.flush()
        except OSError as exc:
            raise self._writer.error(exc) from None

    def __getattr__(self, name):
        return getattr(self._fh, name)


def _final_target(path: Path) -> Path:
    """The file a write to ``path`` should change: ``path`` itself, or the final target of
    a symbolic link (a chain of links followed, linked folders too; a dangling link's target
    is created). Raises OSError (ELOOP, plain words) for a link that loops."""
    if not os.path.islink(path):
        return path
    real = Path(os.path.realpath(path))
    if os.path.islink(real):  # realpath gives up on a loop and returns a link
        raise OSError(errno.ELOOP, "it is a symbolic link that loops back on itself", str(path))
    return real


def _refuse_read_only(target: Path, info: os.stat_result, shown: Path) -> None:
    """Refuse to replace a file whose mode is read-only (replacing it would silently defeat
    the mode), or any file on a read-only file system, each with its own words."""
    if not info.st_mode & 0o222:
        raise PermissionError(errno.EACCES, "the file is read-only", str(shown))
    if os.access(target, os.W_OK):
        return
    try:
        read_only_disk = bool(os.statvfs(target).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        read_only_disk = False
    if read_only_disk:
        raise OSError(errno.EROFS, "the disk is read-only", str(shown))
    raise PermissionError(errno.EACCES, "you may not write to this file (permission denied)", str(shown))


def _leftover_patterns(name: str) -> tuple[re.Pattern, re.Pattern]:
    stem = re.escape(f".{name[:60]}.")
    return (re.compile(stem + r"(\d+)\.[a-z0-9_]{8}" + re.escape(_TEMP_MARK) + "$"),
            re.compile(stem + r"[a-z0-9_]{8}" + re.escape(_TEMP_MARK) + "$"))


def is_special_file(info: os.stat_result) -> bool:
    """A device, named pipe or socket: written in place, never replaced by a regular file
    (renaming a temp file over ``/dev/null`` would turn it into a file for the whole machine)."""
    mode = info.st_mode
    return stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def is_regular_file(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a regular file (links followed): what may be opened and read to its
    end. Opening a named pipe blocks until something writes to it, and a device may never end,
    so a reader checks this first. False when it cannot be looked at."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def temp_path_beside(path: str | os.PathLike) -> Path:
    """An empty, new temp file beside ``path``, named as :class:`AtomicWriter` names its own
    (``.NAME.PID.XXXXXXXX.tmp``, so a killed writer's leftovers are removed the next time
    ``path`` is written), for writers that open the file themselves (Qt's PDF, SVG and PNG
    writers). The caller renames it over ``path`` (:func:`replace_with`) or removes it. Stale
    leftovers beside ``path`` are removed first. Raises OSError in plain words, naming ``path``."""
    target = _final_target(Path(path))
    folder = target.parent if str(target.parent) else Path(".")
    remove_leftovers(target)
    try:
        import tempfile

        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:60]}.{os.getpid()}.", suffix=_TEMP_MARK, dir=folder)
    except OSError as exc:
        raise _about_target(exc, target, creating=True, shown=Path(path)) from None
    os.close(fd)
    return Path(tmp)


def replace_with(tmp: str | os.PathLike, path: str | os.PathLike) -> None:
    """Rename the finished temp file ``tmp`` (:func:`temp_path_beside`) over ``path`` (through
    a symbolic link: its target), keeping an existing file's permissions (else 0644); on
    failure ``tmp`` is removed and OSError names ``path`` in plain words. A device or named pipe
    is not replaced: the bytes are written through it."""
    target = _final_target(Path(path))
    try:
        info = stat_or_none(target)
        if info is not None and is_special_file(info):  # a device or pipe: its bytes written through it
            with open(tmp, "rb") as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
            os.unlink(tmp)
            return
        try:
            os.chmod(tmp, info.st_mode & 0o777 if info is not None else 0o644)  # mkstemp makes it 0600
        except OSError:
            pass
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise _about_target(exc, target, shown=Path(path)) from None


def remove_leftovers(path: str | os.PathLike, older_than: float = 60.0) -> list[Path]:
    """Remove the temp files an interrupted save of ``path`` left beside it (see
    :class:`AtomicWriter`): those of a process that no longer runs, and those of the older
    pid-less pattern last changed over ``older_than`` seconds ago. Returns what was removed;
    never raises (a folder that cannot be listed is left alone)."""
    import time

    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    with_pid, legacy = _leftover_patterns(target.name)
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    now = time.time()
    for name in names:
        m = with_pid.match(name)
        if m is not None:
            stale = not _process_alive(int(m[1]))
        elif legacy.match(name):
            try:
                stale = now - os.lstat(folder / name).st_mtime > older_than
            except OSError:
                continue
        else:
            continue
        if stale:
            try:
                os.unlink(folder / name)
                removed.append(folder / name)
            except OSError:
                pass
    return removed


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # this process's own save (another thread's) is in progress
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # alive, another user's (or unknowable): leave it
    return True


def _about_target(exc: OSError, target: Path, creating: bool = False, shown: Path | None = None) -> OSError:
    """The same kind of error about the user's file, not the temp file beside it, with a
    plain reason (a message once showed ``.board.yaml.x1y2.tmp``). ``creating``: the error
    came from making the temp file, so it is about the folder. ``shown``: the name to give
    (the link, when ``target`` is its target)."""
    if exc.filename == str(shown or target) and exc.strerror and not exc.strerror[:1].isupper():
        return exc  # already plain and about the user's file
    folder = target.parent if str(target.parent) else Path(".")
    if creating:
        reason = folder_refusal(folder, exc)
    elif isinstance(exc, FileNotFoundError) and not os.path.isdir(folder):
        reason = f"the folder {folder} does not exist"
    elif isinstance(exc, IsADirectoryError):
        reason = "it is a folder"
    elif isinstance(exc, PermissionError):
        reason = f"cannot write in {folder}: permission denied"
    elif exc.errno == errno.ENOSPC:
        reason = "the disk is full"
    else:
        reason = _plain(exc)
    return type(exc)(exc.errno, reason, str(shown or target))


def _plain(exc: OSError) -> str:
    if exc.errno in _PLAIN:
        return _PLAIN[exc.errno]
    why = exc.strerror or str(exc)
    return why[:1].lower() + why[1:]


# reasons in the words the rest of the studio uses (strerror says "File name too long")
_PLAIN = {
    errno.ENAMETOOLONG: "the file name is too long",
    errno.EROFS: "the disk is read-only",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
}


def plain_reason(exc: OSError) -> str:
    """Why ``exc`` happened, in plain lower-case words ("the file name is too long",
    "the disk is read-only", "the disk is full", else the system's reason)."""
    return _plain(exc)


def stat_or_none(path: str | os.PathLike) -> os.stat_result | None:
    """``os.stat(path)``, or None when nothing is there (no such file or folder, a dangling
    link). Other failures raise OSError(errno, :func:`plain_reason`, path): ``Path.is_dir()``
    and ``exists()`` raise a bare "[Errno 36] File name too long" for a name longer than the
    file system allows."""
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise type(exc)(exc.errno, _plain(exc), str(path)) from None


def folder_refusal(folder: str | os.PathLike, exc: OSError) -> str:
    """Why a new file could not be created in ``folder`` (``exc`` from creating it), in plain
    words: "the folder F does not exist", "F is not a folder", or "cannot write in F: REASON"
    where REASON is "permission denied", "the disk is read-only", "the disk is full", or, for
    a folder that exists but takes no new files (/proc), "the folder does not accept new files
    (the system's reason)". Only the folder's existence is read; nothing is written."""
    folder = Path(folder)
    if exc.errno == errno.ENAMETOOLONG:  # the name, not the folder, is at fault
        return "the file name is too long"
    try:
        info = stat_or_none(folder)
    except OSError as probe:
        return f"cannot write in {folder}: {probe.strerror}"
    if info is None:
        return f"the folder {folder} does not exist"
    if not stat.S_ISDIR(info.st_mode):
        return f"{folder} is not a folder"
    if isinstance(exc, PermissionError):
        why = "permission denied"
    elif exc.errno == errno.EROFS:
        why = "the disk is read-only"
    elif exc.errno == errno.ENOSPC:
        why = "the disk is full"
    elif exc.errno == errno.ENOENT:  # the folder is there (/proc): "no such file" would mislead
        why = "the folder does not accept new files"
    else:
        why = f"the folder does not accept new files ({_plain(exc)})"
    return f"cannot write in {folder}: {why}"


def probe_folder(folder: str | os.PathLike) -> str | None:
    """None when a new file can be created in ``folder``, else :func:`folder_refusal`'s
    reason. Probes by creating (and removing) a temp file: as root, ``os.access`` says yes
    even to read-only folders."""
    try:
        import tempfile

        with tempfile.TemporaryFile(dir=os.fspath(folder)):
            pass
    except OSError as exc:
        return folder_refusal(folder, exc)
    return None


def _nearest_existing(folder: Path) -> Path:
    """``folder`` or its nearest ancestor that exists (a dangling link counts as existing)."""
    above = folder
    while not os.path.lexists(above) and above.parent != above:
        above = above.parent
    return above


def creatable_folder_refusal(folder: str | os.PathLike) -> str | None:
    """None when ``folder`` is a folder that takes new files, or can be made (``mkdir -p``)
    below one that does; else why not, in plain words: "cannot make the folder F: P is a
    file, not a folder", or "cannot make the folder F: " and :func:`folder_refusal`'s reason
    about the nearest folder that exists. Nothing is made; a temp file is made and removed
    in that folder (:func:`probe_folder`)."""
    folder = Path(folder) if str(folder) else Path(".")
    if os.path.isdir(folder):
        return probe_folder(folder)
    above = _nearest_existing(folder)
    if not os.path.isdir(above):
        why = (f"{above} is a symbolic link to nothing" if os.path.islink(above) and not os.path.exists(above)
               else f"{above} is a file, not a folder")
        return why if above == folder else f"cannot make the folder {folder}: {why}"
    try:
        longest = os.pathconf(above, "PC_NAME_MAX")
    except (OSError, ValueError):
        longest = 255
    if any(len(os.fsencode(part)) > longest for part in folder.relative_to(above).parts):
        return f"cannot make the folder {folder}: the file name is too long"
    refusal = probe_folder(above)
    return f"cannot make the folder {folder}: {refusal}" if refusal else None


def make_folders(folder: str | os.PathLike) -> None:
    """Make ``folder`` and the folders above it that are missing (``mkdir -p``), for an
    output the user named on the command line (``-o``, ``--json``, ``--report``...). The
    editor's saves never make folders: a folder that vanished may be a disk no longer mounted.
    Raises OSError naming ``folder``, with :func:`creatable_folder_refusal`'s words."""
    folder = Path(folder) if str(folder) else Path(".")
    if os.path.isdir(folder):
        return
    above = _nearest_existing(folder)
    refusal = None if os.path.isdir(above) else creatable_folder_refusal(folder)
    if refusal:
        raise NotADirectoryError(errno.ENOTDIR, refusal, str(folder))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        why = "the file name is too long" if exc.errno == errno.ENAMETOOLONG else folder_refusal(above, exc)
        raise type(exc)(exc.errno, f"cannot make the folder {folder}: {why}", str(folder)) from None


def make_parent_folders(path: str | os.PathLike) -> None:
    """:func:`make_folders` for the folder of the file ``path`` (nothing for ``-``, standard
    output). Raises OSError in plain words."""
    if os.fspath(path) != STDOUT_NAME:
        make_folders(Path(path).parent)


def os_error_text(exc: OSError) -> str:
    """``FILE: reason`` for an error from :func:`save_atomic` (or any OSError with a file)."""
    reason = exc.strerror or str(exc)
    return f"{exc.filename}: {reason}" if exc.filename else reason
