"""The scenario editor: a form for a ``realm-scenario/1`` file generated from its JSON Schema
(``schemas/realm-scenario.schema.json``): enums become combo boxes, integers spin boxes with
the schema's minimum and maximum, booleans check boxes, arrays of enums rows of check boxes,
each location module a checkable group of its parameters, one-of choices (cards, the end
condition) a combo that picks the branch. Boards per player count are file references
relative to the scenario.

:class:`ScenarioDocument` owns the data (plain JSON-like, as in the file), its path and a
:class:`QUndoStack`; every edit is a :class:`~studio.gui.commands.scenario.SetScenarioValue`
(successive edits of one field merge). Saving checks the schema and writes atomically through
:func:`studio.model.io.write`."""

from __future__ import annotations

import copy
import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QStyle,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from studio.content import LoadError, schemas_dir
from studio.content.findings import Finding, json_path_text
from studio.content.paths import missing_reason, rebased_reference, resolve_reference, resolved
from studio.content.schemas import schema_findings
from studio.gui import desktop, icons, prompts, wheel_guard
from studio.gui.commands.base import guard_undo_stack, silence_undo_stack
from studio.gui.commands.scenario import MISSING, SetScenarioValue, get_path, set_path
from studio.gui.menu_text import undo_redo_actions
from studio.gui.shell.document_window import DocumentFiles
from studio.model import io
from studio.model.realm import RealmRules, Scenario
from studio.validate import validate

SCHEMA_FILE = "realm-scenario.schema.json"
FORMAT = "realm-scenario/1"
BASIC_RULES = ("bands", "start", "connect", "closures", "cards", "end", "bands_per_player", "energy_payment")
"""Rules shown first; the others go under "Advanced"."""
MODULE_TITLES = {"cross-board": "Cross-board race (Jungle Temples)", "volcano": "Volcano escape",
                 "canals": "Canals and bridges (Archipelago City)", "pictures": "Pictures (Engraved Board)",
                 "excavation": "Excavation sites (Fragile Ruins)", "territories": "Distinct territories (Cursed Triangle)",
                 "idols": "Idols (Two Demanding Deities)", "labyrinth": "Labyrinth chains"}
END_INITIAL = {"score": 18, "rounds": 6, "pictures": {"2": 5, "3": 7, "4": 9}, "bands-exhausted": True}
"""The rulebook's values, offered when a designer switches the end condition (L1-3, L2-1, L4-7, L8-4)."""
END_TITLES = {"score": "when a player reaches a score", "rounds": "after a number of rounds",
              "pictures": "when enough pictures are complete", "bands-exhausted": "when a player runs out of bands"}


def load_schema() -> dict:
    with open(schemas_dir() / SCHEMA_FILE, encoding="utf-8") as fh:
        return json.load(fh)


def rules_defaults() -> dict:
    """Every rules key with the value the engine uses when the file leaves it out."""
    r = RealmRules()
    out = {}
    for key in r.__dataclass_fields__:
        value = getattr(r, key)
        out[key] = list(value) if isinstance(value, tuple) else copy.deepcopy(value)
    return out


def new_scenario_data() -> dict:
    return {"format": FORMAT, "id": "new-scenario", "name": "New scenario", "boards": {},
            "rules": {"bands": ["line", "triangle", "quad"], "end": {"score": 18}}}


def _label(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").capitalize()


def field_findings(data: dict, path: str | None) -> list[Finding]:
    """Schema findings for edited (in-memory) scenario data: no line or column, ``path`` the
    scenario file (None when new), ``element`` ``("field", json_path)`` of the value at fault
    (the finding's ``json_path``: for a missing key, the key's own path)."""
    return [replace(f, line=None, col=None, element=("field", f.json_path or ()))
            for f in schema_findings(data, None, path)]


# --- the document ----------------------------------------------------------------------------------

class ScenarioDocument(QObject):
    """A scenario being edited. ``changed(path)`` after every edit (key path that changed, ``()``
    for everything)."""

    changed = Signal(object)

    def __init__(self, data: dict | None = None, path: str | os.PathLike | None = None, parent=None) -> None:
        super().__init__(parent)
        self.data = copy.deepcopy(data) if data is not None else new_scenario_data()
        self.path = str(path) if path is not None else None
        self.undo_stack = QUndoStack(self)
        guard_undo_stack(self)

    def __del__(self) -> None:
        silence_undo_stack(self)  # its listeners may be going away with it

    @classmethod
    def open(cls, path: str | os.PathLike, parent=None) -> "ScenarioDocument":
        """Load a scenario file (it must pass the schema). Raises LoadError / InvalidContent."""
        scenario = io.read_scenario(path)
        return cls(scenario.to_data(), path, parent)

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def value(self, path, default: Any = MISSING) -> Any:
        return get_path(self.data, tuple(path), default)

    def display_name(self) -> str:
        """The file name, or ``"<name> (unsaved)"`` for a scenario not saved yet."""
        if self.path:
            return Path(self.path).name
        return f"{self.value(('name',), None) or self.value(('id',), None) or 'New scenario'} (unsaved)"

    def recovery_content(self) -> tuple[str, Any]:
        """(format, plain data) as edited, for its autosave (the form may hold a scenario that
        does not pass its schema yet: it is kept as it is)."""
        return FORMAT, copy.deepcopy(self.data)

    def set_value(self, path, value: Any, text: str | None = None) -> None:
        """Set (MISSING: remove) the value at ``path``; a no-op pushes nothing."""
        current = get_path(self.data, tuple(path))
        if current is MISSING and value is MISSING:
            return
        if current is not MISSING and value is not MISSING and current == value:
            return
        self.undo_stack.push(SetScenarioValue(self, tuple(path), value, text))

    def findings(self) -> list[Finding]:
        """Schema findings (each with ``element == ("field", json_path)``: the form field it is
        about), or (when the schema passes) the scenario's validation findings with its boards."""
        found = field_findings(self.data, self.path)
        if found:
            return found
        return validate(self.model())

    def model(self) -> Scenario:
        """The data as a :class:`Scenario` (raises InvalidContent, findings as in
        :meth:`findings`, when it fails the schema)."""
        found = field_findings(self.data, self.path)
        if found:
            raise io.InvalidContent(found)
        return Scenario.from_data(copy.deepcopy(self.data), path=self.path)

    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write atomically (``path`` defaults to the current one). Raises InvalidContent,
        OSError, or ValueError when there is no path."""
        target = str(path) if path is not None else self.path
        if target is None:
            raise ValueError("the scenario has no file yet: give a path")
        moved = self._rebased_boards(target)
        scenario = self.model()
        if moved is not None:
            scenario.boards = {int(k): v for k, v in moved.items()}
        scenario.path = target
        io.write(scenario, target, origin=self.path)  # the text read keeps its comments
        if moved is not None:
            self._rebase_history(target)
            set_path(self.data, ("boards",), moved)
        self.path = target
        self.undo_stack.setClean()
        self.changed.emit(())

    def unreachable_boards(self) -> list[tuple[str, str]]:
        """(player count, reason) of each board reference the saved scenario cannot follow: it
        leaves the scenario's content root, or names no file."""
        if self.path is None:
            return []
        out = []
        boards = self.value(("boards",), {})
        for n, ref in sorted(boards.items() if isinstance(boards, dict) else []):
            try:
                target = resolve_reference(self.path, ref)
            except LoadError as exc:
                out.append((n, exc.message))
                continue
            reason = missing_reason(target)
            if reason:
                out.append((n, f"{ref}: {reason}"))
        return out

    def _rebased_boards(self, target: str) -> dict | None:
        """The board references rewritten for a file at ``target`` (None when they need no
        change: same folder and all relative)."""
        boards = self.value(("boards",), {})
        if not isinstance(boards, dict):
            return None
        moved = {n: rebased_reference(ref, self.path, target) if isinstance(ref, str) else ref
                 for n, ref in boards.items()}
        return moved if moved != boards else None

    def _rebase_history(self, target: str) -> None:
        """Undo steps hold references relative to the old folder: rewrite them too, so undoing
        an edit after Save As restores a reference to the same file."""
        for i in range(self.undo_stack.count()):
            command = self.undo_stack.command(i)
            for attr in ("old", "new"):
                value = getattr(command, attr, MISSING)
                path = getattr(command, "path", None)
                if value is MISSING or path is None:
                    continue
                setattr(command, attr, _rebase_value(value, tuple(path), self.path, target))


def _rebase_value(value: Any, path: tuple, old_file: str | None, new_file: str) -> Any:
    """``value`` stored at ``path`` of a scenario's data, its board references rewritten for a
    file at ``new_file`` (see :func:`rebased_reference`)."""
    if path == ():
        if isinstance(value, dict) and isinstance(value.get("boards"), dict):
            value = dict(value, boards=_rebase_value(value["boards"], ("boards",), old_file, new_file))
        return value
    if path == ("boards",) and isinstance(value, dict):
        return {n: rebased_reference(r, old_file, new_file) if isinstance(r, str) else r for n, r in value.items()}
    if len(path) == 2 and path[0] == "boards" and isinstance(value, str):
        return rebased_reference(value, old_file, new_file)
    return value


# --- field editors ---------------------------------------------------------------------------------

class FieldEditor(QWidget):
    """Edits the value at ``path`` of a :class:`ScenarioDocument`; ``refresh()`` reads it back
    (after undo, redo, load)."""

    def __init__(self, doc: ScenarioDocument, path: tuple, schema: dict, required: bool, default: Any,
                 parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.path = path
        self.schema = schema
        self.required = required
        self.default = default
        self._loading = False
        if schema.get("description"):
            self.setToolTip(schema["description"])
        # what screen readers call the field's inputs when no form label names them
        words = [str(p).replace("_", " ") for p in path if not isinstance(p, int)]
        self.setAccessibleName(schema.get("title") or (words[-1].capitalize() if words else "Value"))

    def current(self) -> Any:
        value = self.doc.value(self.path)
        return self.default if value is MISSING else value

    def commit(self, value: Any) -> None:
        if not self._loading:
            self.doc.set_value(self.path, value)

    def refresh(self) -> None:
        self._loading = True
        try:
            self.load(self.doc.value(self.path))
        finally:
            self._loading = False

    def load(self, value: Any) -> None:
        raise NotImplementedError

    def children_editors(self) -> list["FieldEditor"]:
        return []


def _row(*widgets) -> QHBoxLayout:
    layout = QHBoxLayout()
    layout.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        layout.addWidget(w)
    return layout


class IntEditor(FieldEditor):
    """A spin box with the schema's bounds; an optional value has a "default" position just
    below the minimum that removes the key."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.spin = QSpinBox()
        lo = int(self.schema.get("minimum", 0))
        hi = int(self.schema.get("maximum", 9999))
        self.optional = not self.required
        self.spin.setRange(lo - 1 if self.optional else lo, hi)
        if self.optional:
            shown = f"default ({self.default})" if self.default not in (MISSING, None) else "default"
            self.spin.setSpecialValueText(shown)
        self.spin.setMinimumWidth(110)
        self.spin.valueChanged.connect(self._changed)
        self.setLayout(_row(self.spin))
        self.layout().addStretch(1)

    def _changed(self, v: int) -> None:
        self.commit(MISSING if self.optional and v == self.spin.minimum() else v)

    def load(self, value: Any) -> None:
        if value is MISSING or not isinstance(value, int):
            self.spin.setValue(self.spin.minimum() if self.optional else int(self.default or self.spin.minimum()))
        else:
            self.spin.setValue(value)


class BoolEditor(FieldEditor):
    def __init__(self, *args, text: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.box = QCheckBox(text)
        self.box.toggled.connect(lambda on: self.commit(bool(on)))
        self.setLayout(_row(self.box))

    def load(self, value: Any) -> None:
        self.box.setChecked(bool(self.default) if value is MISSING else bool(value))


class EnumEditor(FieldEditor):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.combo = QComboBox()
        for v in self.schema["enum"]:
            self.combo.addItem(str(v), v)
        self.combo.activated.connect(lambda _: self.commit(self.combo.currentData()))
        self.setLayout(_row(self.combo))
        self.layout().addStretch(1)

    def load(self, value: Any) -> None:
        value = self.default if value is MISSING else value
        self.combo.setCurrentIndex(max(0, self.combo.findData(value)))


class TextEditor(FieldEditor):
    def __init__(self, *args, multiline: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.multiline = multiline
        if multiline:
            self.edit = QPlainTextEdit()
            self.edit.setFixedHeight(70)
            self.edit.textChanged.connect(lambda: self._text(self.edit.toPlainText()))
        else:
            self.edit = QLineEdit()
            if "maxLength" in self.schema:
                self.edit.setMaxLength(int(self.schema["maxLength"]))
            self.edit.textEdited.connect(self._text)
        self.setLayout(_row(self.edit))

    def _text(self, text: str) -> None:
        text = text.strip() if not self.multiline else text
        self.commit(text if text or self.required else MISSING)

    def load(self, value: Any) -> None:
        text = "" if value is MISSING or value is None else str(value)
        if self.multiline:
            if self.edit.toPlainText() != text:
                self.edit.setPlainText(text)
        elif self.edit.text() != text and not self.edit.hasFocus():
            self.edit.setText(text)


class EnumSetEditor(FieldEditor):
    """An array of unique enum items: one check box per value (at least ``minItems`` stay
    checked)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.options = list(self.schema["items"]["enum"])
        self.boxes = {}
        layout = _row()
        for v in self.options:
            box = QCheckBox(str(v))
            box.toggled.connect(self._changed)
            self.boxes[v] = box
            layout.addWidget(box)
        layout.addStretch(1)
        self.setLayout(layout)

    def _changed(self, _on: bool) -> None:
        chosen = [v for v in self.options if self.boxes[v].isChecked()]
        if len(chosen) < int(self.schema.get("minItems", 0)):
            self.refresh()
            return
        self.commit(chosen)

    def load(self, value: Any) -> None:
        value = self.default if value is MISSING else value
        value = value if isinstance(value, (list, tuple)) else []
        for v, box in self.boxes.items():
            box.setChecked(v in value)


class IntListEditor(FieldEditor):
    """An array of integers: a spin box each; + and - when its length may vary."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        items = self.schema.get("items", {})
        self.lo = int(items.get("minimum", 0))
        self.hi = int(items.get("maximum", 999))
        self.min_items = int(self.schema.get("minItems", 0))
        self.max_items = int(self.schema.get("maxItems", 12))
        self.fixed = self.min_items == self.max_items
        self.box = _row()
        self.spins: list[QSpinBox] = []
        self.setLayout(self.box)
        self.add = QPushButton("+")
        self.remove = QPushButton("−")
        for b in (self.add, self.remove):
            b.setFixedWidth(28)
            b.setAutoDefault(False)
        self.add.clicked.connect(lambda: self.commit(self._values() + [self.lo]))
        self.remove.clicked.connect(lambda: self.commit(self._values()[:-1]))

    def _values(self) -> list[int]:
        return [s.value() for s in self.spins]

    def load(self, value: Any) -> None:
        if value is MISSING:
            value = self.default
        value = list(value) if isinstance(value, (list, tuple)) else []
        while self.box.count():
            w = self.box.takeAt(0).widget()
            if w is not None and w not in (self.add, self.remove):
                w.deleteLater()
        self.spins = []
        for v in value:
            spin = QSpinBox()
            spin.setRange(self.lo, self.hi)
            spin.setValue(int(v))
            spin.valueChanged.connect(lambda _=0: self.commit(self._values()))
            self.spins.append(spin)
            self.box.addWidget(spin)
        if not self.fixed:
            self.box.addWidget(self.add)
            self.box.addWidget(self.remove)
            self.add.setEnabled(len(value) < self.max_items)
            self.remove.setEnabled(len(value) > self.min_items)
        self.box.addStretch(1)


class IntMapEditor(FieldEditor):
    """A mapping of keys (a pattern, e.g. picture sizes) to integers: one row each."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        value_schema = self.schema.get("additionalProperties", {})
        self.lo = int(value_schema.get("minimum", 0))
        self.hi = int(value_schema.get("maximum", 999))
        self.outer = QVBoxLayout()
        self.outer.setContentsMargins(0, 0, 0, 0)
        self.rows = QFormLayout()
        self.outer.addLayout(self.rows)
        controls = _row()
        self.new_key = QSpinBox()
        self.new_key.setRange(1, 99)
        self.new_key.setPrefix(self.tr("size "))
        add = QPushButton(self.tr("Add"))
        add.setAutoDefault(False)
        add.clicked.connect(self._add)
        controls.addWidget(self.new_key)
        controls.addWidget(add)
        controls.addStretch(1)
        self.outer.addLayout(controls)
        self.setLayout(self.outer)

    def _value(self) -> dict:
        v = self.doc.value(self.path)
        v = self.default if v is MISSING else v
        return dict(v) if isinstance(v, dict) else {}

    def _add(self) -> None:
        value = self._value()
        value.setdefault(str(self.new_key.value()), self.lo)
        self.commit(dict(sorted(value.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0)))

    def _set(self, key: str, v: int) -> None:
        value = self._value()
        value[key] = v
        self.commit(value)

    def _drop(self, key: str) -> None:
        value = self._value()
        value.pop(key, None)
        self.commit(value)

    def load(self, value: Any) -> None:
        if value is MISSING:
            value = self.default
        value = value if isinstance(value, dict) else {}
        while self.rows.rowCount():
            self.rows.removeRow(0)
        for key, v in (value or {}).items():
            spin = QSpinBox()
            spin.setRange(self.lo, self.hi)
            spin.setValue(int(v))
            spin.valueChanged.connect(lambda n, k=key: self._set(k, n))
            drop = QPushButton(self.tr("Remove"))
            drop.setAutoDefault(False)
            drop.clicked.connect(lambda _=False, k=key: self._drop(k))
            row = QWidget()
            row.setLayout(_row(spin, drop))
            row.layout().addStretch(1)
            self.rows.addRow(f"{key}:", row)


class ObjectEditor(FieldEditor):
    """An object with known properties: a form of child editors. ``checkable`` makes it a
    group that is on when the key is present (a rule module)."""

    def __init__(self, doc, path, schema, required, default, title: str = "", checkable: bool = False,
                 defaults: dict | None = None, order=None, parent=None) -> None:
        super().__init__(doc, path, schema, required, default, parent)
        self.checkable = checkable
        self.group = QGroupBox(title)
        self.group.setCheckable(checkable)
        if schema.get("description"):
            self.group.setToolTip(schema["description"])
        self.form = QFormLayout(self.group)
        self.form.setLabelAlignment(Qt.AlignRight | Qt.AlignVCenter)
        self.editors: list[FieldEditor] = []
        props = schema.get("properties", {})
        needed = set(schema.get("required", []))
        keys = list(order) if order else list(props)
        for key in keys:
            if key not in props:
                continue
            editor = make_editor(doc, (*path, key), props[key], key in needed,
                                 (defaults or {}).get(key, MISSING), key)
            self.editors.append(editor)
            if isinstance(editor, BoolEditor):
                self.form.addRow("", editor)
            else:
                self.form.addRow(f"{key} players" if key in ("2", "3", "4") else _label(key), editor)
        if not props:
            note = QLabel(self.tr("No parameters."))
            note.setStyleSheet(desktop.css("color: {muted};"))
            self.form.addRow(note)
        if checkable:
            self.group.toggled.connect(self._toggled)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.group)

    def _toggled(self, on: bool) -> None:
        if self._loading:
            return
        self.doc.set_value(self.path, {} if on else MISSING,
                           f"{'Use' if on else 'Drop'} {self.path[-1]}")

    def load(self, value: Any) -> None:
        if self.checkable:
            self.group.setChecked(value is not MISSING)
            for e in self.editors:
                e.setEnabled(value is not MISSING)

    def children_editors(self) -> list[FieldEditor]:
        return self.editors


class OneKeyEditor(FieldEditor):
    """An object with exactly one of several keys (the end condition): a combo picks the key,
    and the editor of that key's value shows below."""

    def __init__(self, *args, titles: dict | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.keys = list(self.schema.get("properties", {}))
        self.combo = QComboBox()
        for k in self.keys:
            self.combo.addItem((titles or {}).get(k, _label(k)), k)
        self.combo.activated.connect(self._key_chosen)
        self.stack = QStackedWidget()
        self.editors: dict[str, FieldEditor | None] = {}
        for k in self.keys:
            sub = self.schema["properties"][k]
            if "const" in sub:
                page = QLabel("")
                self.editors[k] = None
            else:
                page = make_editor(self.doc, (*self.path, k), sub, True, END_INITIAL.get(k, _initial(sub)), k)
                # one key only (the schema's maxProperties 1): editing a page chooses its key
                # and drops the others, never adds a second key
                page.commit = lambda value, k=k, page=page: self._page_commit(k, page, value)
                self.editors[k] = page
            self.stack.addWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addWidget(self.stack)

    def _page_commit(self, key: str, page: FieldEditor, value: Any) -> None:
        if not page._loading and not self._loading:
            self.commit({key: value})

    def _key_chosen(self, index: int) -> None:
        key = self.combo.itemData(index)
        current = self.doc.value(self.path)
        if isinstance(current, dict) and key in current:
            return
        sub = self.schema["properties"][key]
        initial = END_INITIAL.get(key, sub["const"] if "const" in sub else _initial(sub))
        self.commit({key: copy.deepcopy(initial)})

    def load(self, value: Any) -> None:
        value = self.default if value is MISSING else value
        key = next(iter(value), None) if isinstance(value, dict) and value else None
        if key in self.keys:
            self.combo.setCurrentIndex(self.keys.index(key))
            self.stack.setCurrentIndex(self.keys.index(key))
            # the stack is as tall as its current page only
            for i in range(self.stack.count()):
                page = self.stack.widget(i)
                policy = QSizePolicy.Preferred if i == self.stack.currentIndex() else QSizePolicy.Ignored
                page.setSizePolicy(policy, policy)
            self.stack.adjustSize()

    def children_editors(self) -> list[FieldEditor]:
        return [e for e in self.editors.values() if e is not None]


class CardsEditor(FieldEditor):
    """``cards``: the shared pool (RTR-S3) or personal decks (L6-1) with their size and draw."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        branches = self.schema["oneOf"]
        self.const = next(b["const"] for b in branches if "const" in b)
        deck_schema = next(b for b in branches if b.get("type") == "object")
        self.key = next(iter(deck_schema["properties"]))
        self.combo = QComboBox()
        self.combo.addItem(self.tr("Shared pool"), self.const)
        self.combo.addItem(self.tr("Personal decks"), self.key)
        self.combo.activated.connect(self._chosen)
        self.deck = ObjectEditor(self.doc, (*self.path, self.key), deck_schema["properties"][self.key], True,
                                 MISSING, "Personal deck")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addWidget(self.deck)

    def _chosen(self, index: int) -> None:
        self.commit(self.const if index == 0 else {self.key: {"size": 12, "draw": 3}})

    def load(self, value: Any) -> None:
        value = self.default if value is MISSING else value
        personal = isinstance(value, dict)
        self.combo.setCurrentIndex(1 if personal else 0)
        self.deck.setVisible(personal)

    def children_editors(self) -> list[FieldEditor]:
        return [self.deck]


def _initial(schema: dict) -> Any:
    """A valid starting value for a newly chosen branch."""
    if "const" in schema:
        return schema["const"]
    t = schema.get("type")
    if t == "integer":
        return max(int(schema.get("minimum", 0)), 1)
    if t == "object":
        return {k: _initial(v) for k, v in schema.get("properties", {}).items() if k in ("2", "3", "4")}
    return MISSING


def make_editor(doc, path, schema, required, default, key="") -> FieldEditor:
    """The editor for one schema node."""
    if key == "cards" and "oneOf" in schema:
        return CardsEditor(doc, path, schema, required, default)
    if schema.get("type") == "object" and schema.get("maxProperties") == 1 and schema.get("properties"):
        return OneKeyEditor(doc, path, schema, required, default, titles=END_TITLES)
    if "enum" in schema:
        return EnumEditor(doc, path, schema, required, default)
    t = schema.get("type")
    if t == "integer":
        return IntEditor(doc, path, schema, required, default)
    if t == "boolean":
        return BoolEditor(doc, path, schema, required, default, text=_label(key))
    if t == "string":
        return TextEditor(doc, path, schema, required, default, multiline=int(schema.get("maxLength", 0)) > 400)
    if t == "array" and "enum" in schema.get("items", {}):
        return EnumSetEditor(doc, path, schema, required, default)
    if t == "array":
        return IntListEditor(doc, path, schema, required, default)
    if t == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return IntMapEditor(doc, path, schema, required, default)
    if t == "object":
        return ObjectEditor(doc, path, schema, required, default, _label(key))
    raise ValueError(f"no editor for the schema of {'.'.join(map(str, path))}: {schema}")


# --- boards per player count -------------------------------------------------------------------

class BoardsEditor(FieldEditor):
    """``boards``: for 2, 3 and 4 players the board file, relative to the scenario."""

    open_requested = Signal(str)

    def __init__(self, doc, path, schema, required, default, current_board=None, parent=None) -> None:
        super().__init__(doc, path, schema, required, default, parent)
        self.current_board = current_board or (lambda: None)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.fields: dict[str, QLineEdit] = {}
        for n in ("2", "3", "4"):
            edit = QLineEdit()
            edit.setPlaceholderText(self.tr("no board for this player count"))
            edit.editingFinished.connect(lambda n=n: self._edited(n))
            browse = QPushButton(self.tr("Browse…"))
            use = QPushButton(self.tr("Use Current Board"))
            use.setToolTip(self.tr("The board open in the editor (save it first)"))
            open_ = QPushButton(self.tr("Open"))
            for b in (browse, use, open_):
                b.setAutoDefault(False)
            browse.clicked.connect(lambda _=False, n=n: self._browse(n))
            use.clicked.connect(lambda _=False, n=n: self._use_current(n))
            open_.clicked.connect(lambda _=False, n=n: self._open(n))
            row = QWidget()
            row.setLayout(_row(edit, browse, use, open_))
            self.fields[n] = edit
            form.addRow(self.tr("{n} players").format(n=n), row)

    def _folder(self) -> Path:
        return Path(self.doc.path).parent if self.doc.path else Path.cwd()

    def _relative(self, target: str) -> str:
        if not self.doc.path:
            return Path(target).as_posix()  # unsaved: made relative when the scenario has a folder
        try:
            return Path(os.path.relpath(target, self._folder())).as_posix()
        except ValueError:  # another drive
            return Path(target).as_posix()

    def _set(self, n: str, ref: str | None) -> None:
        boards = dict(self.current() if self.current() is not MISSING else {})
        if ref:
            boards[n] = ref
        else:
            boards.pop(n, None)
        self.commit(dict(sorted(boards.items())))

    def _edited(self, n: str) -> None:
        self._set(n, self.fields[n].text().strip() or None)

    def _browse(self, n: str) -> None:
        path = prompts.ask_open_path(self, str(self._folder()), kind="board")
        if path:
            self._set(n, self._relative(path))

    def _use_current(self, n: str) -> None:
        path = self.current_board()
        if not path:
            prompts.show_info(self, self.tr("Use current board"), self.tr("Save the board first: the scenario refers to its file."))
            return
        self._set(n, self._relative(path))

    def _open(self, n: str) -> None:
        ref = self.fields[n].text().strip()
        if ref:
            self.open_requested.emit(str(resolved(self._folder() / ref)))

    def load(self, value: Any) -> None:
        value = {} if value is MISSING else value
        for n, edit in self.fields.items():
            if not edit.hasFocus():
                edit.setText(str(value.get(n, "")))


# --- the window --------------------------------------------------------------------------------

class ScenarioEditor(QMainWindow):
    """The scenario editor window on one :class:`ScenarioDocument`.

    ``current_board()`` (optional) gives the path of the board open in the board editor;
    ``board_open_requested(path)`` asks the board editor to open a board."""

    board_open_requested = Signal(str)

    def __init__(self, document: ScenarioDocument | None = None, current_board=None, parent=None) -> None:
        super().__init__(parent)
        wheel_guard.install()  # the wheel never edits an unfocused field
        self.setWindowIcon(icons.scenario_icon())
        self.setStyleSheet("QGroupBox { font-weight: bold; } QGroupBox QWidget { font-weight: normal; }")
        self.schema = load_schema()
        self.current_board = current_board
        self.document = document if document is not None else ScenarioDocument()
        from studio.gui.files.restore import WindowRecovery

        self.recovery = WindowRecovery(self, self.document, self.restore_autosave)  # autosave, recovery
        self.editors: list[FieldEditor] = []
        self._build_actions()
        self._build_form()
        self._findings_timer = QTimer(self)
        self._findings_timer.setSingleShot(True)
        self._findings_timer.setInterval(250)
        self._findings_timer.timeout.connect(self.refresh_findings)
        from studio.gui.files.disk_guard import DiskGuard

        # another program's change to the file: reload or keep mine; a save over it asks first
        self.disk = DiskGuard(self, lambda: self.document, self.open_path)
        self.doc_files = ScenarioFiles(self, disk=self.disk, load=self.open_path)  # open, save, close
        self.disk.follow(self.document.path)
        self._connect_document()
        self.resize(900, 860)
        desktop.install(self, "scenario-editor")  # layout memory, drops, F1

    # -- building -------------------------------------------------------------------------------
    def _build_actions(self) -> None:
        std = self.style().standardIcon
        self.new_action = QAction(std(QStyle.SP_FileIcon), self.tr("&New Scenario"), self)
        self.new_action.setShortcut(QKeySequence.New)
        self.new_action.triggered.connect(self.new_scenario)
        self.open_action = QAction(std(QStyle.SP_DialogOpenButton), self.tr("&Open…"), self)
        self.open_action.setShortcut(QKeySequence.Open)
        self.open_action.triggered.connect(self.open_dialog)
        self.save_action = QAction(std(QStyle.SP_DialogSaveButton), self.tr("&Save"), self)
        self.save_action.setShortcut(QKeySequence.Save)
        self.save_action.triggered.connect(self.save)
        self.save_as_action = QAction(self.tr("Save &As…"), self)
        self.save_as_action.setShortcut(QKeySequence.SaveAs)
        self.save_as_action.triggered.connect(self.save_as)
        self.close_action = QAction(self.tr("&Close"), self)
        self.close_action.setShortcut(QKeySequence.Close)
        self.close_action.triggered.connect(self.close)
        menu = self.menuBar().addMenu(self.tr("&Scenario"))
        for a in (self.new_action, self.open_action, self.save_action, self.save_as_action):
            menu.addAction(a)
        menu.addSeparator()
        menu.addAction(self.recovery.recover_action)
        menu.addSeparator()
        menu.addAction(self.close_action)
        self.edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        bar = QToolBar(self.tr("Scenario"), self)
        bar.setObjectName("ScenarioBar")
        bar.setMovable(False)
        for a in (self.new_action, self.open_action, self.save_action):
            bar.addAction(a)
        bar.addSeparator()
        self.tool_bar = bar
        self.addToolBar(bar)

    def _undo_actions(self) -> None:
        self.edit_menu.clear()
        stack = self.document.undo_stack
        self.undo_action, self.redo_action = undo_redo_actions(stack, self)
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.undo_action.setIcon(icons.undo_icon(False))
        self.redo_action.setShortcuts([QKeySequence(QKeySequence.Redo), QKeySequence("Ctrl+Y")])
        self.redo_action.setIcon(icons.undo_icon(True))
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        for a in self.tool_bar.actions()[4:]:
            self.tool_bar.removeAction(a)
        self.tool_bar.addAction(self.undo_action)
        self.tool_bar.addAction(self.redo_action)

    def _build_form(self) -> None:
        doc = self.document
        props = self.schema["properties"]
        rules_schema = self.schema["$defs"]["rules"]
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(12, 10, 12, 10)
        header = QGroupBox(self.tr("Scenario"))
        form = QFormLayout(header)
        self.editors = []

        def add(form_layout, key, schema, required, default=MISSING, path=None, label=None):
            editor = make_editor(doc, path or (key,), schema, required, default, key)
            self.editors.append(editor)
            if isinstance(editor, BoolEditor):
                form_layout.addRow("", editor)
            else:
                form_layout.addRow(label or _label(key), editor)
            return editor

        for key in ("name", "id", "location", "description"):
            add(form, key, props[key], key in self.schema.get("required", []))
        layout.addWidget(header)

        boards_box = QGroupBox(self.tr("Boards (one per player count, RTR-S6)"))
        boards_layout = QVBoxLayout(boards_box)
        self.boards_editor = BoardsEditor(doc, ("boards",), props["boards"], True, MISSING, self.current_board)
        self.boards_editor.open_requested.connect(self.board_open_requested)
        boards_layout.addWidget(self.boards_editor)
        self.editors.append(self.boards_editor)
        layout.addWidget(boards_box)

        defaults = rules_defaults()
        rules_box = QGroupBox(self.tr("Rules"))
        rules_form = QFormLayout(rules_box)
        rules_form.setLabelAlignment(Qt.AlignRight | Qt.AlignVCenter)
        rprops = rules_schema["properties"]
        for key in BASIC_RULES:
            add(rules_form, key, rprops[key], False, defaults.get(key, MISSING), ("rules", key))
        layout.addWidget(rules_box)

        modules_box = QGroupBox(self.tr("Location modules"))
        modules_layout = QVBoxLayout(modules_box)
        mprops = rprops["modules"]["properties"]
        for name, schema in mprops.items():
            editor = ObjectEditor(doc, ("rules", "modules", name), schema, False, MISSING,
                                  MODULE_TITLES.get(name, _label(name)), checkable=True)
            self.editors.append(editor)
            modules_layout.addWidget(editor)
        layout.addWidget(modules_box)

        advanced = QGroupBox(self.tr("Advanced rules (the rulebook's defaults unless set)"))
        self.advanced_box = advanced
        advanced.setCheckable(True)
        advanced.setChecked(False)
        adv_form = QFormLayout()
        adv_body = QWidget()
        adv_body.setLayout(adv_form)
        adv_layout = QVBoxLayout(advanced)
        adv_layout.addWidget(adv_body)
        adv_body.setVisible(False)
        advanced.toggled.connect(adv_body.setVisible)
        for key in rprops:
            if key in BASIC_RULES or key == "modules":
                continue
            add(adv_form, key, rprops[key], False, defaults.get(key, MISSING), ("rules", key))
        layout.addWidget(advanced)
        layout.addStretch(1)

        scroll = QScrollArea()
        self.scroll = scroll
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setWidget(body)
        self.findings_label = QLabel()
        self.findings_list = QListWidget()
        self.findings_list.setAccessibleName(self.tr("Findings"))
        self.findings_list.setMaximumHeight(120)
        self.findings_list.itemActivated.connect(self._finding_activated)
        self.findings_list.itemClicked.connect(self._finding_activated)
        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(8, 4, 8, 4)
        bl.addWidget(self.findings_label)
        bl.addWidget(self.findings_list)
        split = QSplitter(Qt.Vertical)
        split.addWidget(scroll)
        split.addWidget(bottom)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        self.setCentralWidget(split)

    def all_editors(self) -> list[FieldEditor]:
        out = []
        todo = list(self.editors)
        while todo:
            e = todo.pop(0)
            out.append(e)
            todo.extend(e.children_editors())
        return out

    def editor_for(self, path) -> FieldEditor:
        """The field editor of ``path`` (a key tuple). Raises KeyError."""
        for e in self.all_editors():
            if e.path == tuple(path):
                return e
        raise KeyError(path)

    def editor_at(self, json_path) -> FieldEditor | None:
        """The field editor closest to ``json_path`` (the longest path that is a prefix of it)."""
        json_path = tuple(json_path)
        best = None
        for e in self.all_editors():
            if json_path[:len(e.path)] == e.path and (best is None or len(e.path) > len(best.path)):
                best = e
        return best

    def field_label(self, json_path) -> str:
        """The form's name for the value at ``json_path``: ``Boards``, ``Rules ▸ End``,
        ``Location modules ▸ Volcano escape ▸ Rounds``."""
        json_path = tuple(json_path)
        if not json_path:
            return "Scenario"
        head = json_path[0]
        if head != "rules":
            return " ▸ ".join([_label(str(head))] + [_label(str(k)) for k in json_path[1:]])
        rest = json_path[1:]
        if not rest:
            return "Rules"
        if rest[0] == "modules":
            parts = ["Location modules"]
            if len(rest) > 1:
                parts.append(MODULE_TITLES.get(rest[1], _label(str(rest[1]))))
            return " ▸ ".join(parts + [_label(str(k)) for k in rest[2:]])
        group = "Rules" if rest[0] in BASIC_RULES else "Advanced rules"
        return " ▸ ".join([group] + [_label(str(k)) for k in rest])

    def form_order(self, findings: list[Finding]) -> list[Finding]:
        """``findings`` in the order of their fields down the form (others last, as they were)."""
        def position(f: Finding) -> int:
            if not (f.element and f.element[0] == "field"):
                return len(self.editors)
            path = tuple(f.element[1])
            return next((i for i, e in enumerate(self.editors) if path[:len(e.path)] == e.path), len(self.editors))
        return sorted(findings, key=position)

    def finding_text(self, f: Finding) -> str:
        """A finding as the form shows it: the field's label first (instead of the data path
        the file's message starts with), or the file for others."""
        if f.element and f.element[0] == "field":
            field = tuple(f.element[1])
            message = f.message
            if field == ("boards",) and f.code == "schema/length":
                message = "choose a board for at least one player count"
            elif message.startswith(f"'{json_path_text(field)}' "):
                message = message[len(json_path_text(field)) + 3:]
            return f"{self.field_label(field)}: {message}"
        where = Path(f.path).name if f.path else ""
        return f"{where}: {f.code}: {f.message}" if where else f"{f.code}: {f.message}"

    def show_field(self, json_path) -> FieldEditor | None:
        """Bring the field editing ``json_path`` into view and give it the focus (opening the
        Advanced group or the location module it is in). None when no field edits it."""
        editor = self.editor_at(json_path)
        if editor is None:
            return None
        if tuple(json_path[:1]) == ("rules",) and len(json_path) > 1 and json_path[1] not in BASIC_RULES \
                and json_path[1] != "modules":
            self.advanced_box.setChecked(True)
        self.scroll.ensureWidgetVisible(editor, 20, 40)
        focus = next((w for w in editor.findChildren(QWidget) if w.focusPolicy() & Qt.TabFocus), editor)
        focus.setFocus(Qt.OtherFocusReason)
        return editor

    def _highlight(self, findings: list[Finding]) -> None:
        """Mark the label of every field with a schema error in red, with the problem as its
        tool tip (cleared when it is fixed)."""
        problems: dict[int, list[str]] = {}
        editors = {}
        for f in findings:
            if f.element and f.element[0] == "field":
                editor = self.editor_at(f.element[1])
                if editor is not None:
                    editors[id(editor)] = editor
                    problems.setdefault(id(editor), []).append(self.finding_text(f))
        for e in self.all_editors():
            text = "\n".join(problems.get(id(e), []))
            if (e.property("problem") or "") == text:
                continue
            e.setProperty("problem", text)
            label = self._label_of(e)
            if isinstance(label, QGroupBox):
                label.setStyleSheet(desktop.css("QGroupBox {{ color: {error}; }} QGroupBox QWidget {{ color: palette(text); }}")
                                    if text else "")
            elif isinstance(label, QLabel) and label.text():
                label.setStyleSheet(desktop.css("color: {error}; font-weight: bold;") if text else "")
            else:
                e.setStyleSheet(desktop.css("color: {error};") if text else "")
            (label or e).setToolTip(text or (e.schema.get("description", "") if label is None else ""))

    def _label_of(self, editor: FieldEditor) -> QWidget | None:
        """The form label naming ``editor``, or the group box it fills; None for neither."""
        parent = editor.parentWidget()
        layout = parent.layout() if parent is not None else None
        if isinstance(layout, QFormLayout):
            return layout.labelForField(editor)
        while parent is not None and not isinstance(parent, QGroupBox):
            if isinstance(parent.layout(), QFormLayout) or isinstance(parent, FieldEditor):
                return None
            parent = parent.parentWidget()
        return parent

    def _finding_activated(self, item: QListWidgetItem) -> None:
        element = item.data(Qt.UserRole)
        if element and element[0] == "field":
            self.show_field(element[1])

    # -- document -----------------------------------------------------------------------------
    def _connect_document(self) -> None:
        doc = self.document
        for e in self.all_editors():
            e.doc = doc
        doc.changed.connect(self._changed)
        doc.undo_stack.cleanChanged.connect(lambda _c: self._update_title())
        self._undo_actions()
        self.refresh()

    def set_document(self, document: ScenarioDocument) -> None:
        old = self.document
        old.changed.disconnect(self._changed)
        self.document = document
        self.recovery.follow(document)
        self._connect_document()
        self.disk.follow(document.path)
        old.deleteLater()

    def _changed(self, _path) -> None:
        self.refresh()

    def refresh(self) -> None:
        for e in self.all_editors():
            e.refresh()
        self._update_title()
        self._findings_timer.start()

    def refresh_findings(self) -> list[Finding]:
        findings = self.form_order(self.document.findings())
        self.findings_list.clear()
        style = self.style()
        icons_by = {"error": QStyle.SP_MessageBoxCritical, "warning": QStyle.SP_MessageBoxWarning}
        for f in findings:
            item = QListWidgetItem(style.standardIcon(icons_by.get(f.severity, QStyle.SP_MessageBoxInformation)),
                                   self.finding_text(f))
            item.setData(Qt.UserRole, f.element)
            item.setToolTip(f"{f.code}: {f.message}")
            self.findings_list.addItem(item)
        self._highlight(findings)
        errors = sum(1 for f in findings if f.severity == "error")
        if findings:
            self.findings_label.setText(f"<b>{len(findings)} finding{'s' if len(findings) != 1 else ''}</b>"
                                        f" ({errors} error{'s' if errors != 1 else ''})")
        else:
            self.findings_label.setText(self.tr("<span style='color:{colour}'>✔ <b>No problems found</b></span>").format(colour=desktop.colour('ok')))
        return findings

    def _update_title(self) -> None:
        self.doc_files.update_title()

    # -- files --------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        return self.doc_files.maybe_save()

    def restore_autosave(self, data: dict, original_path: str | None) -> bool:
        """Show a restored autosave (:mod:`studio.gui.files.restore`): the scenario ``data`` as
        a modified document whose path is ``original_path``. False when the user keeps the
        open work."""
        if not self.maybe_save():
            return False
        self.set_document(ScenarioDocument(data, original_path, self))
        self.document.undo_stack.resetClean()  # unsaved: differs from the file (or there is none)
        return True

    def new_scenario(self) -> None:
        if self.maybe_save():
            self.set_document(ScenarioDocument(parent=self))

    def open_dialog(self) -> bool:
        return self.doc_files.open_dialog()

    def open_dropped_file(self, path) -> bool:
        """A dropped scenario opens here (after asking about unsaved work); another kind in its window."""
        return self.doc_files.open(path)

    def open_path(self, path: str) -> bool:
        try:
            doc = ScenarioDocument.open(path, self)
        except (LoadError, io.InvalidContent, OSError) as exc:
            self.doc_files.show_load_error(exc, path)
            return False
        self.set_document(doc)
        return True

    def save(self) -> bool:
        return self.doc_files.save()

    def save_as(self) -> bool:
        return self.doc_files.save_as()

    def _write(self, path: str) -> bool:
        return self.doc_files.write(path)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.doc_files.close_event(event)


class ScenarioFiles(DocumentFiles):
    """Open, save and close of the scenario editor (:class:`DocumentFiles`): a save the schema
    refuses names the form's fields and shows the first; a scenario saved out of its boards'
    reach is said."""

    kind = "scenario"
    own_formats = ("realm-scenario/1",)
    save_title = "Cannot save scenario"
    open_title = "Cannot open scenario"
    samples_read_only = False
    ask_before_choosing = True
    checked_suffixes = (".yaml", ".yml")

    def title(self) -> str:
        name = Path(self.document.path).name if self.document.path else "new scenario"
        return self.tr("{name}[*] — Scenario Editor").format(name=name)

    def unsaved_name(self) -> str:
        return Path(self.document.path).name if self.document.path else "The new scenario"

    def untitled_name(self) -> str:
        return f"{self.document.value(('id',), 'scenario')}.yaml"

    def save_failed(self, exc, path) -> bool:
        if not isinstance(exc, io.InvalidContent):
            return super().save_failed(exc, path)
        # name the form fields, not "<memory>", and take the user to the first one
        w = self.window
        w.refresh_findings()
        bad = w.form_order(exc.findings)
        n = len(bad)
        lines = [f"• {w.finding_text(f)}" for f in bad]
        shown = "\n".join(lines[:8]) + (f"\n… and {n - 8} more" if n > 8 else "")
        first = next((f.element[1] for f in bad if f.element and f.element[0] == "field"), None)
        if first is not None:
            w.show_field(first)
        prompts.show_error(w, self.tr("Cannot save scenario"),
                           f"Could not save {Path(path).name}: {n} field{'s' if n != 1 else ''} "
                           f"need{'s' if n == 1 else ''} fixing (marked in red):\n\n{shown}",
                           "\n".join(lines))
        return False

    def saved(self, path) -> None:
        super().saved(path)
        lost = self.document.unreachable_boards()
        if lost:
            prompts.show_info(self.window, self.tr("Boards out of reach"),
                              f"Saved {Path(path).name}, but from its folder it cannot use:\n\n"
                              + "\n".join(f"• {n} players: {why}" for n, why in lost)
                              + "\n\nSave the scenario in the folder tree of its boards, or copy the "
                                "boards next to it.")


def open_scenario_editor(path: str | None, parent=None, current_board=None) -> ScenarioEditor | None:
    """Show a scenario editor on ``path`` (a new scenario when None); None when the file does
    not open (the error was shown)."""
    editor = ScenarioEditor(current_board=current_board, parent=parent)
    editor.setAttribute(Qt.WA_DeleteOnClose, True)
    editor.setWindowFlag(Qt.Window, True)
    if path is not None and not editor.open_path(path):
        editor.close()
        return None
    editor.show()
    return editor

