"""Merge ids, the base of every board command, and the generic "set a value" command."""

from __future__ import annotations

import enum
import weakref
from typing import Any

from PySide6.QtGui import QUndoCommand, QUndoStack


class CommandId(enum.IntEnum):
    """Merge ids (QUndoCommand.id): commands with the same id may merge with mergeWith."""

    MOVE_PEGS = 1
    SET_SEGMENT_VALUE = 2
    SET_PEG_COLOUR = 3
    SET_BOARD_VALUE = 4
    REPLACE_PARTS = 5
    SET_SCENARIO_VALUE = 6


class DocumentCommand(QUndoCommand):
    """A command on a document, holding it weakly.

    The document owns its QUndoStack, and the stack owns (in C++) every pushed command and
    the children of a macro. A command that held its document strongly made a cycle through
    C++ ownership that only Python's cycle collector could break, in any order: it freed the
    document (deleting the stack and its commands in C++) while command wrappers were half
    cleared, and the interpreter crashed (exit 139). Held weakly, the document is freed as
    soon as its last user lets go, and the stack then deletes its commands in order.

    ``document`` raises RuntimeError once the document is gone (its commands go with it, so
    this means a command was kept past its stack)."""

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


def silence_undo_stack(document) -> None:
    """Block the signals of a QObject document and of its ``undo_stack``.

    QUndoStack's destructor clears the stack and so emits cleanChanged and indexChanged. The
    listeners (autosaver, window, docks) may be objects freed along with the document, or
    already deleted (Qt deletes every remaining object at interpreter exit, in no particular
    order): a slot run then crashed the interpreter or printed a traceback at exit. Called
    from the document's ``__del__`` and, through :func:`guard_undo_stack`, when its C++ side
    is destroyed first."""
    for obj in (getattr(document, "undo_stack", None), document):
        _block(obj)


def _block(obj) -> None:
    try:
        if obj is not None:
            obj.blockSignals(True)
    except RuntimeError:  # its C++ side is already gone
        pass


def guard_undo_stack(document) -> None:
    """Silence ``document.undo_stack`` as soon as the document's C++ object is destroyed
    (``destroyed`` is emitted before its children, the stack, are deleted). Call once, after
    creating the stack."""
    stack = document.undo_stack
    document.destroyed.connect(lambda *_: _block(stack))


class UndoDocument:
    """Mixin of the QObject documents (board, content): ``path`` and ``is_modified`` (the undo
    stack is not clean), :meth:`_init_undo_stack` to call once in ``__init__`` and a ``__del__``
    that silences the stack (see :func:`silence_undo_stack`). The class sets ``_path``."""

    _path: str | None

    def _init_undo_stack(self) -> None:
        self.undo_stack = QUndoStack(self)
        guard_undo_stack(self)  # the stack's destructor must not signal freed listeners

    def __del__(self) -> None:
        silence_undo_stack(self)  # its listeners may be going away with it

    @property
    def path(self) -> str | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()


class ChangeValue(DocumentCommand):
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
