"""The scenario editor's document: a ``realm-scenario/1`` file as plain JSON-like data (as in
the file), its path and undo stack (a :class:`~studio.gui.shell.document_base.Document`).
Every edit is the generic :class:`~studio.gui.shell.document_commands.SetValue` at a key path
(successive edits of one field merge; setting :data:`~studio.model.value_paths.MISSING` removes
the key). Saving checks the schema, rewrites board references for the new folder and writes
atomically through :func:`studio.model.io.write`, keeping the comments of the file read."""

from __future__ import annotations

import copy
import os
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Signal

from studio.content import LoadError
from studio.content.findings import Finding
from studio.content.paths import missing_reason, rebased_reference, resolve_reference
from studio.content.schemas import schema_findings
from studio.gui.shell.document_base import Document
from studio.model import io
from studio.model.realm import RealmRules, Scenario
from studio.model.scenario_labels import edit_text
from studio.model.value_paths import MISSING, get_at, set_at
from studio.validate import validate

FORMAT = "realm-scenario/1"


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


def field_findings(data: dict, path: str | None) -> list[Finding]:
    """Schema findings for edited (in-memory) scenario data: no line or column, ``path`` the
    scenario file (None when new), ``element`` ``("field", json_path)`` of the value at fault
    (the finding's ``json_path``: for a missing key, the key's own path)."""
    return [replace(f, line=None, col=None, element=("field", f.json_path or ()))
            for f in schema_findings(data, None, path)]


# --- the document ----------------------------------------------------------------------------------

class ScenarioDocument(Document):
    """A scenario being edited. ``changed(path)`` after every edit (key path that changed, ``()``
    for everything)."""

    changed = Signal(object)
    NO_PATH_TEXT = "the scenario has no file yet: give a path"
    MERGE_EDITS = True  # a form field typed into: one step

    def __init__(self, data: dict | None = None, path: str | os.PathLike | None = None, parent=None) -> None:
        super().__init__(path, parent)
        self.data = copy.deepcopy(data) if data is not None else new_scenario_data()
        # the file's text positions, valid while ``data`` is what that text holds: findings
        # then say line:col as ``studio validate`` does; after an edit they name no line
        self._source: tuple[Any, dict] | None = None

    @classmethod
    def open(cls, path: str | os.PathLike, parent=None) -> "ScenarioDocument":
        """Load a scenario file (it must pass the schema). Raises LoadError / InvalidContent."""
        scenario = io.read_scenario(path)
        document = cls(scenario.to_data(), path, parent)
        document._keep_source(scenario)
        return document

    def _keep_source(self, scenario: Scenario) -> None:
        self._source = (scenario.source, copy.deepcopy(self.data)) if scenario.source is not None else None

    def _positions(self) -> Any:
        """The file's positions when the data is still the file's, else None."""
        if self._source is not None and self._source[1] == self.data:
            return self._source[0]
        return None

    def value(self, path, default: Any = MISSING) -> Any:
        """The value at the key path ``path``, or ``default`` when it is absent."""
        return get_at(self.data, tuple(path), default, plain=True)

    def value_at(self, path) -> Any:
        return self.value(path)

    def put_value(self, path, value: Any) -> None:
        set_at(self.data, path, value, plain=True)
        self.changed.emit(tuple(path))

    def edit_text(self, path, old: Any, new: Any) -> str:
        """Edit ▸ Undo's name of an edit given no text, in the form's words
        (:func:`studio.model.scenario_labels.edit_text`): never a value path. A rule left out
        has the engine's default, so changing it from there is a change (of seat 2's hand size)."""
        if old is MISSING and tuple(path[:1]) == ("rules",):
            old = get_at({"rules": rules_defaults()}, tuple(path), MISSING, plain=True)
        return edit_text(path, old, new)

    def untitled_name(self) -> str:
        return self.value(("name",), None) or self.value(("id",), None) or "New scenario"

    def recovery_content(self) -> tuple[str, Any]:
        """(format, plain data) as edited, for its autosave (the form may hold a scenario that
        does not pass its schema yet: it is kept as it is)."""
        return FORMAT, copy.deepcopy(self.data)

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
        return Scenario.from_data(copy.deepcopy(self.data), source=self._positions(), path=self.path)

    def _write(self, target: str) -> None:
        """:meth:`save` checks the schema (InvalidContent), rewrites the board references for
        ``target``'s folder and writes atomically (OSError)."""
        moved = self._rebased_boards(target)
        scenario = self.model()
        if moved is not None:
            scenario.boards = {int(k): v for k, v in moved.items()}
        scenario.path = target
        io.write(scenario, target, origin=self.path)  # the text read keeps its comments
        if moved is not None:
            self._rebase_history(target)
            set_at(self.data, ("boards",), moved, plain=True)
        try:  # the text just written gives the positions from now on
            self._keep_source(io.read_scenario(target))
        except (LoadError, io.InvalidContent, OSError):
            self._source = None

    def _saved(self, old_path: str | None) -> None:
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
