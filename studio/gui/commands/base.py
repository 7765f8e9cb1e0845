"""Merge ids and the generic "set a value" command."""

from __future__ import annotations

import enum
from typing import Any

from PySide6.QtGui import QUndoCommand


class CommandId(enum.IntEnum):
    """Merge ids (QUndoCommand.id): commands with the same id may merge with mergeWith."""

    MOVE_PEGS = 1
    SET_SEGMENT_VALUE = 2
    SET_PEG_COLOUR = 3
    SET_BOARD_VALUE = 4
    REPLACE_PARTS = 5
    SET_SCENARIO_VALUE = 6


class ChangeValue(QUndoCommand):
    """Set ``field`` of ``target`` to ``value``; successive changes of the same field of the
    same target merge into one step, and a step whose net change is nothing is obsolete.

    Subclasses define ``MERGE_ID``, ``get()`` and ``put(value)`` (which tells the document)."""

    MERGE_ID: CommandId

    def __init__(self, document, target: Any, field: str, value: Any, text: str) -> None:
        super().__init__(text)
        self.document = document
        self.target = target
        self.field = field
        self.old = self.get()
        self.new = value

    # -- to define ------------------------------------------------------------------------
    def get(self) -> Any:
        raise NotImplementedError

    def put(self, value: Any) -> None:
        raise NotImplementedError

    # -- QUndoCommand ---------------------------------------------------------------------
    def id(self) -> int:
        return int(self.MERGE_ID)

    def redo(self) -> None:
        self.put(self.new)

    def undo(self) -> None:
        self.put(self.old)

    def is_noop(self) -> bool:
        return self.old == self.new

    def can_merge(self, other: "ChangeValue") -> bool:
        return (type(other) is type(self) and other.target == self.target and other.field == self.field)

    def absorb(self, other: "ChangeValue") -> None:
        self.new = other.new

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, ChangeValue) or not self.can_merge(other):
            return False
        self.absorb(other)
        self.setObsolete(self.is_noop())
        return True
