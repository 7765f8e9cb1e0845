"""Read and write model objects through the one safe loader and the schema registry."""

from __future__ import annotations

import copy
import itertools
import json
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from studio.content import (
    LoadError,
    dump_yaml,
    load_document,
    parse_yaml,
    resolve_reference,
    roundtrip,
    save_atomic,
    schema_line,
)
from studio.content.findings import Finding
from studio.content.schemas import migrate, schema_findings
from studio.content.yamlio import MAX_BYTES, SourceMap
from studio.model.realm import Board, Realm, Scenario

if TYPE_CHECKING:
    from studio.model.rivages import CardSet, Island, LootSet, RivagesScenario, Tree


class InvalidContent(ValueError):
    """The file parsed but does not match its schema. ``findings`` lists every problem."""

    def __init__(self, findings: list[Finding]):
        self.findings = findings
        head = findings[0].format() if findings else "invalid content"
        more = f" (and {len(findings) - 1} more)" if len(findings) > 1 else ""
        super().__init__(head + more)


_TYPES: dict[str, Any] = {"realm-board": Board, "realm-scenario": Scenario}
_RIVAGES_TYPES = {"rivages-island": "Island", "rivages-tree": "Tree", "rivages-cards": "CardSet",
                  "rivages-loot": "LootSet", "rivages-scenario": "RivagesScenario"}


def _model_class(name: str):
    """The model class of a format name, or None; the Rivages models are imported when first
    needed (a Rule the Realm command starts quicker)."""
    if name in _RIVAGES_TYPES:
        from studio.model import rivages

        return getattr(rivages, _RIVAGES_TYPES[name])
    return _TYPES.get(name)


# formats with a schema but no content model: files the studio writes, not content to edit
_NOT_CONTENT = {
    "studio-game": "a game record (the playtest window opens it: Open Game)",
    "studio-playtest": "a playtest report (written by studio playtest --json)",
    "studio-sweep": "a sweep report (written by studio sweep --json)",
    "studio-balance": "a balance assistant run (written by studio balance)",
    "studio-generate": "a generate run's summary (written by studio generate)",
}


def model_from_document(doc) -> Board | Scenario:
    """Build the model of a parsed :class:`~studio.content.Document`. Raises
    :class:`InvalidContent` with every schema finding, or ``content/wrong-kind`` for a valid
    file that is not content (a game record or a report)."""
    findings = schema_findings(doc.data, doc.source, doc.path)
    if findings:
        raise InvalidContent(findings)
    data = migrate(doc.data)
    name = data["format"].split("/")[0]
    cls = _model_class(name)
    if cls is None:
        what = _NOT_CONTENT.get(name, "not a content format")
        raise InvalidContent([Finding("content/wrong-kind", "error",
                                      f"{data['format']} is {what}, not content to edit; 'studio validate "
                                      f"{doc.path or 'FILE'}' checks it", doc.path, 1, 1)])
    model = cls.from_data(data, source=doc.source, path=doc.path)
    if isinstance(model, Board) and doc.format == "realm-board/1" and model.location is None:
        from studio.model.locations import migrated_location

        model.location = migrated_location(doc.path)  # /1 -> /2: where the file is says its location
    return model


def read(path: str | os.PathLike) -> Board | Scenario:
    """Load any supported file. Raises :class:`LoadError` or :class:`InvalidContent`."""
    return model_from_document(load_document(path))


def read_board(path: str | os.PathLike) -> Board:
    obj = read(path)
    if not isinstance(obj, Board):
        raise InvalidContent([Finding("content/wrong-kind", "error",
                                      f"expected a {Board.FORMAT} file, got {obj.FORMAT}", str(path), 1, 1)])
    return obj


def read_scenario(path: str | os.PathLike) -> Scenario:
    obj = read(path)
    if not isinstance(obj, Scenario):
        raise InvalidContent([Finding("content/wrong-kind", "error",
                                      f"expected a realm-scenario/1 file, got {obj.FORMAT}", str(path), 1, 1)])
    return obj


def board_path(scenario: Scenario, players: int) -> Path:
    """File of the scenario's board for ``players``; raises LoadError if there is none or the
    reference leaves the content root (RTR-S6)."""
    if players not in scenario.boards:
        raise LoadError("scenario/no-board", f"scenario {scenario.id!r} has no board for {players} players "
                        f"(has {', '.join(map(str, sorted(scenario.boards))) or 'none'})", scenario.path)
    if scenario.path is None:
        return Path(scenario.boards[players])
    return resolve_reference(scenario.path, scenario.boards[players])


def read_realm(scenario_path: str | os.PathLike, players: int) -> Realm:
    """Scenario plus its board for ``players``. Raises LoadError / InvalidContent."""
    scenario = read_scenario(scenario_path)
    board = read_board(board_path(scenario, players))
    return Realm(scenario, board)


def to_text(obj: Board | Scenario) -> str:
    """The whole model as YAML in the house style (no file to keep the layout of)."""
    return dump_yaml(obj.to_data())


def first_difference(a, b, where: str = "") -> str:
    """Where two models first differ, in words: ``"quest.steps[1].spaces is [[0, 1]] here,
    () after reloading"`` (dataclass fields that take part in equality, lists, tuples and
    dicts are walked; ``where`` is the path so far)."""
    import dataclasses

    def show(v):
        return repr(v) if not isinstance(v, (list, tuple)) or len(repr(v)) < 60 else f"{len(v)} items"

    if type(a) is not type(b):
        return f"{where or 'the file'} is {show(a)} here, {show(b)} after reloading"
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            if f.compare and getattr(a, f.name) != getattr(b, f.name):
                return first_difference(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}".lstrip("."))
    elif isinstance(a, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{where}[{i}]")
    elif isinstance(a, dict) and a.keys() == b.keys():
        for k in a:
            if a[k] != b[k]:
                return first_difference(a[k], b[k], f"{where}.{k}".lstrip("."))
    return f"{where or 'the file'} is {show(a)} here, {show(b)} after reloading"


_OWN_FILE: Any = object()


def write(obj: Board | Scenario | Island | Tree | CardSet | LootSet | RivagesScenario, path: str | os.PathLike,
          origin: str | os.PathLike | None = _OWN_FILE) -> SourceMap | None:
    """Save atomically, after checking the text reloads to an equal model, key order
    included (so a save never writes a file that would not load). Returns where each node is
    in the text written (the reloaded model's source map: an editor's line numbers follow the
    file as saved). Raises InvalidContent or OSError.

    The text written is the ``origin`` file's text (default: ``obj.path``, the file the model
    was read from or last saved to) with only what was edited changed
    (:func:`studio.content.roundtrip.patch`): the designer's comments, key order and layout
    survive. Without an origin file (a new model), or if no patch reloads equal, the model is
    written whole in the house style. A ``.json`` path is always given JSON text (the origin's
    patched when it is JSON itself, else the model written whole as JSON), never YAML."""
    data = obj.to_data()
    json_target = str(path).lower().endswith(".json")
    where = obj.path if origin is _OWN_FILE else origin
    # a new file (a Save As too) starts with the editor schema line; a file saved over keeps its text
    new_file = where is None or not os.path.lexists(path)
    layout = _layout(where)
    base = _base_data(layout, where) if layout is not None else None
    if layout is not None and base is not None and _same_file(where, path):
        _remember(path, base, _text_of(layout))   # the text about to be replaced, as the model read it
    # content saved here before in this session (an undo back to it) gets that very text back
    for text in itertools.chain(_known_texts(path, data), _patched_texts(layout, base, data)):
        text = _schema_lined(text, path, where, new_file)
        if json_target and not _is_json(text):  # a YAML origin saved as .json: written whole below
            continue
        try:
            again = model_from_document(parse_yaml(text, str(path)))
        except (LoadError, InvalidContent):
            continue
        if again == obj and roundtrip.same(again.to_data(), data):
            save_atomic(path, text)
            _remember(path, data, text)
            return getattr(again, "source", None)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n" if json_target else \
        _schema_lined(dump_yaml(data), path, None, True)
    again = model_from_document(parse_yaml(text, str(path)))
    if again != obj:
        raise InvalidContent([Finding("content/round-trip", "error",
                                      "the saved text would not reload to the same content: "
                                      + first_difference(obj, again), str(path))])
    save_atomic(path, text)
    return getattr(again, "source", None)


def _is_json(text: str) -> bool:
    try:
        json.loads(text.removeprefix("\ufeff"))
    except ValueError:
        return False
    return True


def _schema_lined(text: str, path, origin, new_text: bool) -> str:
    """``text`` with its ``# yaml-language-server: $schema=`` line right for ``path``
    (:func:`studio.content.schema_line.with_schema_line`); YAML files only."""
    if not schema_line.is_content_text_path(path):
        return text
    return schema_line.with_schema_line(text, path, origin, new_text)


def _patched_texts(layout: "roundtrip.Layout | None", base: dict | None, data: dict):
    """The origin's text (``layout``) patched to hold ``data``: three-way against ``base``,
    the model the origin makes, then two-way against its plain data. Yields nothing without
    a readable origin."""
    if layout is None:
        return
    tried: list[str] = []
    for against in ([base] if base is not None else []) + [layout.data]:
        try:
            text = roundtrip.patch(layout, data, against)
        except roundtrip.Unpatchable:
            continue
        if text not in tried:
            tried.append(text)
            yield "\ufeff" + text if getattr(layout, "bom", False) else text


def _text_of(layout: "roundtrip.Layout") -> str:
    return ("\ufeff" if getattr(layout, "bom", False) else "") + layout.text


# Texts written to (or replaced in) a file in this session, with the model data each holds:
# a save of content equal to one of them writes that text again, so undoing back to it brings
# the file back byte for byte (a patch alone would leave a deleted element's comment where the
# element was and re-add the element next to it). Per file the latest few, for the latest files.
_KNOWN: dict[str, list[tuple[dict, str]]] = {}
_KNOWN_TEXTS = 4
_KNOWN_FILES = 16
_KNOWN_LOCK = threading.Lock()   # the editor saves from worker threads too


def _known_key(path) -> str:
    return os.path.normcase(os.path.abspath(os.fspath(path)))


def _same_file(a, b) -> bool:
    return a is not None and _known_key(a) == _known_key(b)


def _remember(path, data: dict, text: str) -> None:
    key = _known_key(path)
    with _KNOWN_LOCK:
        texts = [(d, t) for d, t in _KNOWN.pop(key, []) if t != text]
        _KNOWN[key] = [(data, text)] + texts[:_KNOWN_TEXTS - 1]
        while len(_KNOWN) > _KNOWN_FILES:
            del _KNOWN[next(iter(_KNOWN))]


def _known_texts(path, data: dict) -> list[str]:
    with _KNOWN_LOCK:
        known = list(_KNOWN.get(_known_key(path), ()))
    return [t for d, t in known if roundtrip.same(d, data)]


def _layout(origin: str | os.PathLike | None) -> "roundtrip.Layout | None":
    if origin is None:
        return None
    try:
        with open(origin, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return None
        text = raw.decode("utf-8")
        bom = text.startswith("\ufeff")  # Notepad's byte order mark: kept, not patched
        layout = roundtrip.Layout(text[1:] if bom else text)
        layout.bom = bom
        return layout
    except (OSError, UnicodeDecodeError, roundtrip.Unpatchable):
        return None


def _base_data(layout: "roundtrip.Layout", origin) -> dict | None:
    """What the model makes of the origin's text (its canonical data), or None when the text
    no longer builds a model. The origin was checked when it was read: no schema check here
    (the patched text is checked as a whole)."""
    try:
        data = migrate(copy.deepcopy(layout.data))
        cls = _TYPES[data["format"].split("/")[0]]
        return cls.from_data(data, source=SourceMap(path=str(origin)), path=str(origin)).to_data()
    except Exception:  # noqa: BLE001 - any failure: patch against the text's own data
        return None
