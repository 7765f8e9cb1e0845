"""Open a board (or an island, a Tree of Wisdom, a card or loot set) whose YAML parses but
fails its schema, so the designer can repair it in the editor: every value the schema rejects is left out (a misspelt key, a value of the wrong type,
an entry that lacks a required key), each one recorded as a :class:`Dropped` with where it was.

A file that does not parse, names no known format, or whose top level cannot be kept is still
refused (the ``LoadError`` / ``InvalidContent`` of :func:`studio.model.io.read_board`).
:func:`read_board_leniently` opens boards, :func:`read_leniently` any content model."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from typing import Any

from studio.content import load_document
from studio.content.findings import Finding, json_path_text
from studio.content.schemas import schema_for, validator_for
from studio.content.yamlio import SourceMap

MAX_DROPS = 500  # a file needing more is refused as before: it is not a board with a slip in it

_GONE = object()  # where a dropped value was (kept so list indices stay those of the file)


@dataclass(frozen=True)
class Dropped:
    """One value left out on open: ``where`` is its JSON path text (``segments[3].tresure``),
    ``value`` a short text of what it held, ``line``/``col`` its 1-based place in the file,
    ``code`` the schema finding that made it go."""

    where: str
    value: str
    line: int | None
    col: int | None
    code: str
    default: str | None = None   # what stands in its place, when something had to
    filled_in: bool = False      # a required key the file lacks, given ``default``: nothing left out

    def format(self) -> str:
        at = f"line {self.line}: " if self.line is not None else ""
        if self.filled_in:
            return f"{at}{self.where} was missing (now {self.default})"
        instead = f" (now {self.default})" if self.default is not None else ""
        return f"{at}{self.where} = {self.value}{instead}"


@dataclass
class OpenProblems:
    """What a lenient open found: ``findings`` are the file's schema findings (exactly what
    ``studio validate`` prints for it), ``dropped`` what was left out to open it."""

    path: str
    findings: list[Finding]
    dropped: list[Dropped] = field(default_factory=list)
    noun: str = "board"   # what was opened: "board", "island", "Tree of Wisdom"...

    def listed(self, edited: bool, model_findings) -> list[Finding]:
        """What an editor's Validation panel lists for a file opened with these problems: until
        it is ``edited``, exactly the file's schema findings (what ``studio validate`` prints:
        checks of the model would judge it with the bad values left out, which is not the
        file); once edited, those first, then ``model_findings()`` (called only then)."""
        return [*self.findings, *model_findings()] if edited else list(self.findings)

    @property
    def left_out(self) -> list[Dropped]:
        """The file's values not in the model: saving loses them."""
        return [d for d in self.dropped if not d.filled_in]

    @property
    def filled_in(self) -> list[Dropped]:
        """Required keys the file lacks, given stand-ins: saving writes them."""
        return [d for d in self.dropped if d.filled_in]

    def summary(self) -> str:
        """Plain text for the banner: what is wrong and what was left out."""
        n = len(self.findings)
        head = (f"This {self.noun} was opened with {n} schema problem{'s' if n != 1 else ''} (listed in the "
                f"Validation panel). ")
        if not self.dropped:
            return head + "Nothing was left out."
        left, filled = self.left_out, self.filled_in
        parts = [f"{label}: {self._listed(ds)}." for label, ds in (("Left out", left), ("Filled in", filled)) if ds]
        saving = " and ".join(what for what, ds in (("without what was left out", left),
                                                     ("with what was filled in", filled)) if ds)
        return head + " ".join(parts) + f" Saving writes the {self.noun} {saving}."

    @staticmethod
    def _listed(dropped: list[Dropped]) -> str:
        shown = "; ".join(d.format() for d in dropped[:6])
        return shown + (f"; and {len(dropped) - 6} more" if len(dropped) > 6 else "")


class _TranslatedSource(SourceMap):
    """The file's source map seen through the repaired data's paths (list entries left out
    shift the indices after them)."""

    def __init__(self, base: SourceMap, marked: Any) -> None:
        super().__init__(path=base.path, values=base.values, keys=base.keys)
        self._marked = marked

    def locate(self, json_path, prefer_key: bool = False):
        return super().locate(_original_path(self._marked, tuple(json_path)), prefer_key)


def _original_path(marked: Any, path: tuple) -> tuple:
    """``path`` into the repaired data -> the same node's path in the file."""
    out: list = []
    node = marked
    for part in path:
        if isinstance(node, list) and isinstance(part, int):
            kept = [i for i, v in enumerate(node) if v is not _GONE]
            if not 0 <= part < len(kept):
                return (*out, part)
            part = kept[part]
        elif not isinstance(node, dict) or part not in node:
            return (*out, part)
        out.append(part)
        node = node[part]
    return tuple(out)


def _clean(marked: Any) -> Any:
    if isinstance(marked, dict):
        return {k: _clean(v) for k, v in marked.items() if v is not _GONE}
    if isinstance(marked, list):
        return [_clean(v) for v in marked if v is not _GONE]
    return marked


def _short(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _extra_keys(instance: dict, schema: dict) -> list:
    known = set(schema.get("properties", {}))
    patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
    return [k for k in instance
            if k not in known and not any(p.search(str(k)) for p in patterns)]


def _resolve(schema: Any, root: dict) -> dict:
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#/"):
        node: Any = root
        for part in schema["$ref"][2:].split("/"):
            node = node[part]
        schema = node
    return schema if isinstance(schema, dict) else {}


def _stand_in(schema: dict) -> tuple[bool, Any]:
    """A value the schema names itself for a missing key (its default, const or first enum
    choice): (True, value), or (False, None) when it names none."""
    for key in ("default", "const"):
        if key in schema:
            return True, copy.deepcopy(schema[key])
    if schema.get("enum"):
        return True, copy.deepcopy(schema["enum"][0])
    return False, None


def _top_default(key: str, data: dict, path: str | None) -> tuple[bool, Any]:
    """A stand-in for a top-level key of a board, from the rest of the file."""
    from pathlib import Path

    stem = re.sub(r"[^a-z0-9-]+", "-", Path(path).stem.lower()).strip("-") if path else ""
    if key == "id" and stem:
        return True, stem
    if key == "name":
        ident = data.get("id")
        return (True, ident) if isinstance(ident, str) and ident else ((True, stem) if stem else (False, None))
    if key == "players":
        seats = data.get("seats")
        if isinstance(seats, dict) and 2 <= len(seats) <= 4:
            return True, len(seats)
    return False, None


def repair(data: Any, source: SourceMap, path: str | None) -> tuple[Any, SourceMap, list[Dropped]] | None:
    """Leave out of ``data`` what its schema rejects until it passes: returns the repaired
    data, a source map for it and what was left out, or None when it cannot be done without
    losing the file's top level (no format, a top-level key missing or of the wrong type).

    A missing key the schema names a default for (or a header key the file tells: ``id`` from
    the file name, ``name`` from the id, ``players`` from the seats) is filled in; any other
    entry lacking a required key is left out whole. Each change is a :class:`Dropped`."""
    if not isinstance(data, dict) or not isinstance(data.get("format"), str):
        return None
    fmt = data["format"]
    try:
        validator = validator_for(fmt)
        root = schema_for(fmt)
    except (KeyError, ValueError):
        return None
    marked = copy.deepcopy(data)
    dropped: list[Dropped] = []

    def gone(original: tuple) -> bool:
        node = marked
        for part in original:
            if node is _GONE or not isinstance(node, (dict, list)):
                return True
            node = node[part]
        return node is _GONE

    def drop(original: tuple, code: str) -> bool:
        if not original:
            return False
        if gone(original):
            return True  # already left out with what held it
        parent = marked
        for part in original[:-1]:
            parent = parent[part]
        line, col = source.locate(original, prefer_key=True)
        value = _short(_clean(parent[original[-1]]))  # never a left-out marker of its own
        if len(original) == 1 and code not in ("schema/unknown-key", "schema/bad-key"):
            # a header key's value: only a stand-in keeps the file (a key the format does not
            # know, a misspelt `nmae:`, holds nothing the model uses: it is left out below)
            rest = {k: v for k, v in _clean(marked).items() if k != original[0]}
            ok, stand_in = _top_default(str(original[0]), rest, path)
            if not ok or original[0] == "format":
                return False
            dropped.append(Dropped(json_path_text(original), value, line, col, code, _short(stand_in)))
            parent[original[-1]] = stand_in
            return True
        dropped.append(Dropped(json_path_text(original), value, line, col, code))
        parent[original[-1]] = _GONE
        return True

    def fill(original: tuple, instance: dict, schema: dict) -> bool:
        if gone(original):
            return True
        missing = [k for k in schema.get("required", ()) if k not in instance]
        target = marked
        for part in original:
            target = target[part]
        # a key missing at the top has no place of its own: the first key's line would mislead
        line, col = source.locate(original, prefer_key=True) if original else (None, None)
        for key in missing:
            prop = _resolve(schema.get("properties", {}).get(key, {}), root)
            ok, stand_in = _stand_in(prop)
            if not ok and not original:
                ok, stand_in = _top_default(key, _clean(marked), path)
            if not ok:
                return False
            target[key] = stand_in
            dropped.append(Dropped(json_path_text((*original, key)), "(missing)", line, col,
                                   "schema/missing-key", _short(stand_in), filled_in=True))
        return bool(missing)

    for _ in range(MAX_DROPS):
        current = _clean(marked)
        # every error of this pass, deepest first, each placed in the file before any is acted on
        # (leaving out a list entry shifts the indices of the entries after it)
        errors = sorted(validator.iter_errors(current), key=lambda e: -len(e.absolute_path))
        if not errors:
            return current, _TranslatedSource(source, marked), dropped
        placed = [(error, _original_path(marked, tuple(error.absolute_path))) for error in errors]
        for error, where in placed:
            if "propertyNames" in error.absolute_schema_path:
                parent = _at(marked, where)
                if not (isinstance(parent, dict) and error.instance in parent
                        and drop((*where, error.instance), "schema/bad-key")):
                    return None
            elif error.validator == "additionalProperties" and isinstance(error.instance, dict):
                extra = _extra_keys(error.instance, error.schema)
                if not extra or not all(drop((*where, k), "schema/unknown-key") for k in extra):
                    return None
            elif error.validator == "required" and isinstance(error.instance, dict):
                if not fill(where, error.instance, error.schema) and not drop(where, "schema/missing-key"):
                    return None
            elif not drop(where, f"schema/{error.validator}"):
                return None
            if len(dropped) > MAX_DROPS:
                return None
    return None


def _at(marked: Any, original: tuple) -> Any:
    node = marked
    for part in original:
        if not isinstance(node, (dict, list)):
            return None
        node = node[part]
    return node


def read_board_leniently(path) -> tuple[Any, OpenProblems | None]:
    """A board for the editor: ``(board, None)`` for a valid file, ``(board, problems)`` for a
    file opened by leaving out what its schema rejects. Raises ``LoadError`` (the YAML does
    not parse) or ``InvalidContent`` (nothing can be opened) as
    :func:`studio.model.io.read_board` does."""
    from studio.model import io

    return read_leniently(path, io.Board)


NOUNS = {"realm-board": "board", "rivages-island": "island", "rivages-tree": "Tree of Wisdom",
         "rivages-cards": "card set", "rivages-loot": "loot set"}


def read_leniently(path, cls) -> tuple[Any, OpenProblems | None]:
    """A model of type ``cls`` (or one of the tuple ``cls``: ``Board``, ``Island``, ``Tree``,
    ``CardSet``, ``LootSet``) for its editor: ``(model, None)`` for a valid file, ``(model,
    problems)`` for a file opened by leaving out what its schema rejects. Raises ``LoadError``
    (the YAML does not parse) or ``InvalidContent`` (nothing can be opened, or a file of
    another kind: ``content/wrong-kind``)."""
    from studio.model import io

    kinds = cls if isinstance(cls, tuple) else (cls,)

    def wrong_kind(obj) -> io.InvalidContent:
        fmt = getattr(obj, "FORMAT", type(obj).__name__)
        return io.InvalidContent([Finding("content/wrong-kind", "error",
                                          f"expected a {kinds[0].FORMAT} file, got {fmt}", str(path), 1, 1)])

    try:
        obj = io.read(path)
    except io.InvalidContent as exc:
        refused = exc
    else:
        if not isinstance(obj, kinds):
            raise wrong_kind(obj)
        return obj, None
    doc = load_document(path)
    if any(not f.code.startswith("schema/") or f.code in _NOT_REPAIRED for f in refused.findings):
        raise refused
    fixed = repair(doc.data, doc.source, doc.path)
    if fixed is None:
        raise refused
    data, source, dropped = fixed
    doc.data, doc.source = data, source
    try:
        model = io.model_from_document(doc)
    except io.InvalidContent:
        raise refused from None
    if not isinstance(model, kinds):
        raise refused
    noun = NOUNS.get(str(data.get("format", "")).split("/")[0], "file")
    return model, OpenProblems(str(path), list(refused.findings), dropped, noun)


_NOT_REPAIRED = {"schema/not-a-mapping", "schema/no-format", "schema/unknown-format", "schema/too-large",
                 "schema/too-many"}
