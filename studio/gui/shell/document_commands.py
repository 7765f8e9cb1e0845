"""The undo commands every document shares: :class:`CommandId` (every merge id of the studio,
in one enum), :class:`DocumentCommand` (the base of every command) and :class:`SetValue`
(the generic value change: set the value at a path of a document, merging successive edits
of one target), in the shape of Tiled's ``ChangeValue`` family.

How a document takes part (see :class:`~studio.gui.shell.document_base.Document`)::

    doc.set_value(("name",), "Gull Rock")                # one SetValue, one undo step
    doc.set_value(("spaces",), spaces, gesture=drag)     # pushes of one drag merge
    doc.push(SetSegmentValue(doc, key, "treasure", 2))   # a SetValue with its own get/put

A :class:`SetValue` reads the old value with ``document.value_at(path)`` and writes with
``document.put_value(path, value)``, which changes the model and tells the document's
listeners; a subclass overrides :meth:`SetValue.get` and :meth:`SetValue.put` for a target
that is not a plain path (a segment entry that may not exist yet, the colour of many pegs).
"""

from __future__ import annotations

import copy
import enum
import weakref
from collections.abc import Sequence
from typing import Any, ClassVar

from PySide6.QtGui import QUndoCommand

from studio.model.value_paths import MISSING, path_text, same_value


class CommandId(enum.IntEnum):
    """Every merge id (``QUndoCommand.id``) of the studio: Qt offers a pushed command to the
    previous one's ``mergeWith`` only when both have the same id, and ``NO_MERGE`` (-1) never
    merges. A command class declares its id once as ``MERGE_ID``; its subclasses inherit it.
    Ids are never written as numbers elsewhere (tests/gui/test_merge_ids.py checks it)."""

    NO_MERGE = -1
    SET_VALUE = 1          # SetValue: any document, successive edits of one path
    MOVE_PEGS = 2          # MovePegs: one drag of the selection
    SET_SEGMENT_VALUE = 3  # SetSegmentValue: one field of one board segment
    SET_PEG_COLOUR = 4     # SetPegColour: the colour tool's drag, or the same pegs again
    REPLACE_PARTS = 5      # ReplaceParts and its kinds: one drag of a painting tool


class DocumentCommand(QUndoCommand):
    """A command on a document, holding it weakly; its merge id is the class's ``MERGE_ID``
    (:attr:`CommandId.NO_MERGE` unless the class merges).

    The document owns its QUndoStack, and the stack owns (in C++) every pushed command and
    the children of a macro. A command that held its document strongly made a cycle through
    C++ ownership that only Python's cycle collector could break, in any order: it freed the
    document (deleting the stack and its commands in C++) while command wrappers were half
    cleared, and the interpreter crashed (exit 139). Held weakly, the document is freed as
    soon as its last user lets go, and the stack then deletes its commands in order.

    ``document`` raises RuntimeError once the document is gone (its commands go with it, so
    this means a command was kept past its stack)."""

    MERGE_ID: ClassVar[CommandId] = CommandId.NO_MERGE

    @property
    def document(self):
        ref = self.__dict__.get("_document_ref")
        doc = ref() if ref is not None else None
        if doc is None:
            raise RuntimeError(f"the document of command {self.text()!r} is gone")
        return doc

    @document.setter
    def document(self, document) -> None:
        self._document_ref = weakref.ref(document)

    def id(self) -> int:  # noqa: A003 - Qt API
        return int(self.MERGE_ID)


def copied(value: Any) -> Any:
    """A deep copy of ``value`` (:data:`MISSING` stays itself), so the undo history never
    shares objects with the model."""
    return value if value is MISSING else copy.deepcopy(value)


class SetValue(DocumentCommand):
    """Set the value at ``path`` of ``document`` (:data:`~studio.model.value_paths.MISSING`
    removes a key where the document allows it).

    Successive pushes with the same non-None ``merge`` key and the same path merge into one
    step; a step whose net change is nothing becomes obsolete and leaves the stack. Values are
    deep-copied in and out. Subclasses may override :meth:`get`, :meth:`put` (which must tell
    the document's listeners), :meth:`can_merge` and :meth:`absorb`."""

    MERGE_ID = CommandId.SET_VALUE

    def __init__(self, document, path: Sequence, value: Any, text: str | None = None,
                 merge: object | None = None) -> None:
        self.path = tuple(path)
        super().__init__(text or "")
        self.document = document
        self.merge = merge
        self.old = copied(self.get())
        self.new = copied(value)
        self.named_by_values = not text  # then named from what changed, again when edits merge
        if self.named_by_values:
            self.setText(self.values_text())

    def values_text(self) -> str:
        """The undo text of a step given none: the document's words for it
        (``document.edit_text(path, old, new)``, when it has them), else ``Set`` and the path."""
        words = getattr(self.document, "edit_text", None)
        return (words(self.path, self.old, self.new) if words is not None else None) or f"Set {path_text(self.path)}"

    # -- the target ---------------------------------------------------------------------
    def get(self) -> Any:
        """The value now (before the first redo: the old value)."""
        return self.document.value_at(self.path)

    def put(self, value: Any) -> None:
        """Store ``value`` and tell the document's listeners."""
        self.document.put_value(self.path, copied(value))

    # -- QUndoCommand ---------------------------------------------------------------------
    def redo(self) -> None:
        self.put(self.new)

    def undo(self) -> None:
        self.put(self.old)

    def is_noop(self) -> bool:
        return same_value(self.old, self.new)

    def can_merge(self, other: SetValue) -> bool:
        return (type(other) is type(self) and self.merge is not None and other.merge == self.merge
                and other.path == self.path and other.document is self.document)

    def absorb(self, other: SetValue) -> None:
        self.new = other.new
        if self.named_by_values:  # seat 2's hand size, then seat 3's: "Change opening hand sizes"
            self.setText(self.values_text())

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, SetValue) or not self.can_merge(other):
            return False
        self.absorb(other)
        self.setObsolete(self.is_noop())
        return True
