"""ReplaceParts: the snapshot command behind every edit of a board's lists and maps (segment
contents, pictures, canals, line items, seats and crater).

It stores deep copies of the fields before and after, so undo and redo restore them exactly
(same order, same values). Pushes that share a ``merge_key`` (one drag of a painting tool, one
spin box) merge into one step; a step whose net change is nothing is obsolete."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtGui import QUndoCommand

from studio.gui.shell.document_commands import CommandId, DocumentCommand

PART_FIELDS = ("segments", "pictures", "islands", "bridges", "has_canals", "line_items", "seats", "crater")


def _kinds(fields) -> list:
    from studio.gui.realm.document import ChangeKind

    kinds = []
    for f in fields:
        kind = {
            "segments": ChangeKind.SEGMENTS_CHANGED,
            "pictures": ChangeKind.PICTURES_CHANGED,
            "islands": ChangeKind.CANALS_CHANGED,
            "bridges": ChangeKind.CANALS_CHANGED,
            "has_canals": ChangeKind.CANALS_CHANGED,
            "line_items": ChangeKind.LINE_ITEMS_CHANGED,
            "seats": ChangeKind.SEATS_CHANGED,
            "crater": ChangeKind.SEATS_CHANGED,
        }[f]
        if kind not in kinds:
            kinds.append(kind)
    return kinds


class ReplaceParts(DocumentCommand):
    """Set board fields (names from :data:`PART_FIELDS`) to new values.

    ``values`` maps field -> new value (copied). ``merge_key`` (any hashable, or None) lets
    successive pushes with the same key and fields merge."""

    MERGE_ID = CommandId.REPLACE_PARTS

    def __init__(self, document, values: dict[str, Any], text: str, merge_key: object | None = None) -> None:
        super().__init__(text)
        unknown = set(values) - set(PART_FIELDS)
        if unknown:
            raise ValueError(f"not a board part: {sorted(unknown)} (expected some of {PART_FIELDS})")
        self.document = document
        board = document.board
        self.fields = tuple(f for f in PART_FIELDS if f in values)
        self.before = {f: copy.deepcopy(getattr(board, f)) for f in self.fields}
        self.after = {f: copy.deepcopy(values[f]) for f in self.fields}
        self.merge_key = merge_key

    def _put(self, state: dict[str, Any]) -> None:
        board = self.document.board
        changed_keys: set = set()
        for f in self.fields:
            if f == "segments":
                old = {s.key: s for s in board.segments}
                new = {s.key: s for s in state[f]}
                changed_keys = {k for k in old.keys() | new.keys() if old.get(k) != new.get(k)}
            setattr(board, f, copy.deepcopy(state[f]))
        from studio.gui.realm.document import ChangeKind

        for kind in _kinds(self.fields):
            payload = tuple(sorted(changed_keys)) if kind is ChangeKind.SEGMENTS_CHANGED else tuple(self.fields)
            self.document.notify(kind, payload)

    def redo(self) -> None:
        self._put(self.after)

    def undo(self) -> None:
        self._put(self.before)

    def is_noop(self) -> bool:
        return self.before == self.after

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if (not isinstance(other, ReplaceParts) or self.merge_key is None
                or other.merge_key != self.merge_key or other.fields != self.fields):
            return False
        self.after = copy.deepcopy(other.after)
        self.setObsolete(self.is_noop())
        return True
