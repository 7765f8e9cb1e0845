"""The scenario editor's field widgets, generated from the scenario's JSON Schema
(``schemas/realm-scenario.schema.json``): enums become combo boxes, integers spin boxes with
the schema's minimum and maximum, booleans check boxes, arrays of enums rows of check boxes,
each location module a checkable group of its parameters, one-of choices (cards, the end
condition) a combo that picks the branch (:func:`make_editor`). Boards per player count are
file references relative to the scenario (:class:`BoardsEditor`). Each field edits the value
at its key path of a :class:`~studio.gui.realm.scenario_document.ScenarioDocument`."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.content import schemas_dir
from studio.content.paths import resolved
from studio.gui.realm.scenario_document import ScenarioDocument
from studio.gui.shell import desktop, prompts
from studio.gui.shell.document_base import shows_model
from studio.gui.shell.undo_keys import APPLIES_LIVE
from studio.model.scenario_labels import END_TITLES
from studio.model.value_paths import MISSING

SCHEMA_FILE = "realm-scenario.schema.json"
END_INITIAL = {"score": 18, "rounds": 6, "pictures": {"2": 5, "3": 7, "4": 9}, "bands-exhausted": True}
"""The rulebook's values, offered when a designer switches the end condition (L1-3, L2-1, L4-7, L8-4)."""


def load_schema() -> dict:
    with open(schemas_dir() / SCHEMA_FILE, encoding="utf-8") as fh:
        return json.load(fh)


def key_label(key: str) -> str:
    """A data key as the form names it: ``bands_per_player`` -> ``Bands per player``."""
    return key.replace("_", " ").replace("-", " ").capitalize()


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
            self.edit.setProperty(APPLIES_LIVE, True)  # each keystroke is an edit: Ctrl+Z undoes the document
        self.setLayout(_row(self.edit))

    def _text(self, text: str) -> None:
        text = text.strip() if not self.multiline else text
        self.commit(text if text or self.required else MISSING)

    def load(self, value: Any) -> None:
        text = "" if value is MISSING or value is None else str(value)
        if self.multiline:
            if self.edit.toPlainText() != text:
                self.edit.setPlainText(text)
        elif self.edit.text() != text and shows_model(self.edit, self.doc):
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
                self.form.addRow(f"{key} players" if key in ("2", "3", "4") else key_label(key), editor)
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
        self.doc.set_value(self.path, {} if on else MISSING)  # "Turn on Volcano escape"

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
            self.combo.addItem((titles or {}).get(k, key_label(k)), k)
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
        return BoolEditor(doc, path, schema, required, default, text=key_label(key))
    if t == "string":
        return TextEditor(doc, path, schema, required, default, multiline=int(schema.get("maxLength", 0)) > 400)
    if t == "array" and "enum" in schema.get("items", {}):
        return EnumSetEditor(doc, path, schema, required, default)
    if t == "array":
        return IntListEditor(doc, path, schema, required, default)
    if t == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return IntMapEditor(doc, path, schema, required, default)
    if t == "object":
        return ObjectEditor(doc, path, schema, required, default, key_label(key))
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
            if shows_model(edit, self.doc):
                edit.setText(str(value.get(n, "")))
