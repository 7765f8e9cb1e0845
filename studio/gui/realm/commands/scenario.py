"""Commands on a scenario's data (``realm-scenario/1`` as plain JSON-like data): SetScenarioValue
sets or removes the value at a key path; successive edits of one path merge into one step."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtGui import QUndoCommand

from studio.gui.realm.commands.base import CommandId, DocumentCommand

MISSING = object()
"""The value of a key that is absent (setting it removes the key)."""

KeyPath = tuple


def get_path(data: Any, path: KeyPath, default: Any = MISSING) -> Any:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return default
        data = data[key]
    return data


def set_path(data: dict, path: KeyPath, value: Any) -> None:
    """Set (or with :data:`MISSING` remove) the value at ``path``, creating mappings on the
    way; removing leaves emptied parent mappings in place."""
    *parents, last = path
    node = data
    for key in parents:
        if not isinstance(node.get(key), dict):
            if value is MISSING:
                return
            node[key] = {}
        node = node[key]
    if value is MISSING:
        node.pop(last, None)
    else:
        node[last] = _copy(value)


class SetScenarioValue(DocumentCommand):
    """Set the value at ``path`` of the scenario document's data (MISSING removes the key)."""

    def __init__(self, document, path: KeyPath, value: Any, text: str | None = None) -> None:
        path = tuple(path)
        super().__init__(text or f"Set {'.'.join(str(p) for p in path)}")
        self.document = document
        self.path = path
        self.old = _copy(get_path(document.data, path))
        self.new = _copy(value)

    def id(self) -> int:
        return int(CommandId.SET_SCENARIO_VALUE)

    def _put(self, value: Any) -> None:
        set_path(self.document.data, self.path, value)
        self.document.changed.emit(self.path)

    def redo(self) -> None:
        self._put(self.new)

    def undo(self) -> None:
        self._put(self.old)

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, SetScenarioValue) or other.path != self.path:
            return False
        self.new = other.new
        self.setObsolete(_same(self.new, self.old))
        return True


def _copy(value: Any) -> Any:
    return value if value is MISSING else copy.deepcopy(value)


def _same(a: Any, b: Any) -> bool:
    if a is MISSING or b is MISSING:
        return a is b
    return a == b
