"""The one base of every editor document (board, scenario, island, tree, card and loot set):
:class:`Document` owns the file path and a :class:`QUndoStack`, says whether the document is
modified (the stack is not clean), groups pushes into one undo step (:meth:`Document.macro`),
sets values through the generic :class:`~studio.gui.shell.document_commands.SetValue` and
saves through one template (:meth:`Document.save`: the kind's atomic write, then clean).

A document kind defines::

    changed = Signal(...)          # after every model change, also on undo/redo
    NO_PATH_TEXT = "..."           # the ValueError of a save with no path
    def value_at(self, path)       # the value at a path (SetValue reads it)
    def put_value(self, path, v)   # store it and emit ``changed`` (SetValue writes it)
    def _write(self, target)       # write the file atomically (nothing written on error)
    def _saved(self, old_path)     # tell listeners about the save (optional)
    def recovery_content(self)     # (content format, plain data) for the autosave

``changed`` is declared by each kind because its payload is the kind's own: the key path
that changed (``()``: everything) for path-addressed documents, ``(ChangeKind, payload)`` for
the board. Listeners of any document (autosave, disk guard) take ``*args``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack

from studio.gui.shell.document_commands import SetValue
from studio.model.value_paths import same_value


class UndoStack(QUndoStack):
    """The documents' QUndoStack; ``pushing`` is True while :meth:`push` runs a new command
    (an edit being made), False while the stack undoes or redoes (Edit ▸ Undo, a QUndoGroup,
    ``setIndex``: all of them run in C++, only a push comes through here)."""

    pushing = False

    def push(self, command) -> None:
        was, self.pushing = self.pushing, True
        try:
            super().push(command)
        finally:
            self.pushing = was


def shows_model(field, document) -> bool:
    """Whether a text ``field`` of ``document`` is given the model's value now: when it has no
    keyboard focus, and when it has but the change is not an edit being pushed (undo, redo, a
    document opened). Only an edit pushed while the user types in the field (its own commit of
    each keystroke, with the text normalised) leaves the field as typed. Trial: after Edit ▸
    Undo the focused Name field kept the undone name, which leaving it wrote back."""
    if not field.hasFocus():
        return True
    stack = getattr(document, "undo_stack", None)
    return not getattr(stack, "pushing", False)


class Document(QObject):
    """An editor document: ``path`` (None until saved), ``undo_stack``, ``is_modified``,
    ``open_problems`` (what a lenient open left out, until saved; see
    :mod:`studio.model.lenient`) and the edits and saves every kind shares.

    ``MERGE_EDITS`` (class attribute): True when successive edits of one path merge into one
    undo step even outside a gesture (form fields, the board's header); False when only the
    pushes of one ``gesture`` (a drag, a spin box being typed into) merge."""

    NO_PATH_TEXT: ClassVar[str] = "this file has not been saved yet: choose where to save it"
    MERGE_EDITS: ClassVar[bool] = False

    def __init__(self, path: str | os.PathLike | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path = str(path) if path is not None else None
        self.open_problems = None
        self.undo_stack = UndoStack(self)
        guard_undo_stack(self)  # the stack's destructor must not signal freed listeners

    def __del__(self) -> None:
        silence_undo_stack(self)  # its listeners may be going away with it

    # -- state --------------------------------------------------------------------------------
    @property
    def path(self) -> str | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        """The file name, or ``"<name> (unsaved)"`` for a document not saved yet."""
        return Path(self._path).name if self._path else f"{self.untitled_name()} (unsaved)"

    def untitled_name(self) -> str:
        """The name of a document not saved yet (its model's name)."""
        return "Untitled"

    def recovery_content(self) -> tuple[str, Any]:
        """(content format, plain data) of the model now, for its autosave
        (:mod:`studio.gui.shell.files.recovery`)."""
        raise NotImplementedError

    # -- edits --------------------------------------------------------------------------------
    def push(self, command) -> None:
        """Push a command (it runs its redo at once)."""
        self.undo_stack.push(command)

    def macro(self, text: str) -> Macro:
        """Context manager: every push inside is one undo step called ``text`` (none when
        nothing was pushed)."""
        return Macro(self.undo_stack, text)

    def value_at(self, path: Sequence) -> Any:
        """The value at ``path`` of the model (read by :class:`SetValue`)."""
        raise NotImplementedError

    def put_value(self, path: Sequence, value: Any) -> None:
        """Store ``value`` at ``path`` and emit ``changed`` (by :class:`SetValue` only: an edit
        goes through :meth:`set_value` so it can be undone)."""
        raise NotImplementedError

    def set_value(self, path: Sequence, value: Any, text: str | None = None, gesture: object | None = None) -> bool:
        """Set the value at ``path`` as one undo step, merged with the previous step when both
        edit the same path with the same ``gesture`` (or, with :attr:`MERGE_EDITS`, edit the
        same path at all). Returns False, pushing nothing, when the value is already that.
        Raises what :meth:`value_at` raises for a path that does not exist."""
        path = tuple(path)
        if gesture is not None:
            merge: object | None = (path, gesture)
        else:
            merge = (path,) if self.MERGE_EDITS else None
        if same_value(self.value_at(path), value):
            top = self.undo_stack.command(self.undo_stack.index() - 1)
            # an equal value only matters when it may cancel the gesture's previous push
            if gesture is None or not (isinstance(top, SetValue) and top.merge == merge and top.path == path):
                return False
        self.push(SetValue(self, path, value, text, merge=merge))
        return True

    # -- files --------------------------------------------------------------------------------
    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write atomically to ``path`` (default: the current path), take it as the
        document's path and mark the document clean. Raises ValueError (:attr:`NO_PATH_TEXT`)
        when there is no path, and whatever the kind's write raises (the document is then
        unchanged and nothing is written)."""
        target = path if path is not None else self._path
        if target is None:
            raise ValueError(self.NO_PATH_TEXT)
        self._write(str(target))
        old = self._path
        self._path = str(target)
        self.undo_stack.setClean()
        self._saved(old)

    def _write(self, target: str) -> None:
        """Write the model to ``target`` atomically (all or nothing); called by :meth:`save`
        before the document takes the path and is marked clean."""
        raise NotImplementedError

    def _saved(self, old_path: str | None) -> None:
        """Called at the end of a successful :meth:`save` (``path`` is the new one)."""

    def _restart(self, path: str | os.PathLike | None, modified: bool = False) -> None:
        """A new model is in place (New, Open): take ``path``, forget the undo history and
        be clean, or modified when ``modified`` (the model is not all of the file)."""
        self._path = str(path) if path is not None else None
        self.undo_stack.clear()
        self.undo_stack.setClean()
        if modified:
            self.undo_stack.resetClean()


class Macro:
    """beginMacro/endMacro as a context manager; an outermost macro in which nothing was
    pushed is dropped, so a no-op never becomes an undo step."""

    depth: ClassVar[dict[int, int]] = {}

    def __init__(self, stack: QUndoStack, text: str) -> None:
        self.stack = stack
        self.text = text
        self.index = stack.index()

    def __enter__(self) -> Macro:
        key = id(self.stack)
        self.outermost = Macro.depth.get(key, 0) == 0
        Macro.depth[key] = Macro.depth.get(key, 0) + 1
        self.stack.beginMacro(self.text)
        return self

    def __exit__(self, *exc) -> None:
        stack = self.stack
        stack.endMacro()
        key = id(stack)
        Macro.depth[key] -= 1
        if not Macro.depth[key]:
            del Macro.depth[key]
        if not self.outermost or stack.index() != self.index + 1:
            return
        top = stack.command(stack.index() - 1)
        if top is not None and top.childCount() == 0 and top.text() == self.text:
            # nothing changed: drop the empty step (Qt deletes an obsolete command on undo)
            top.setObsolete(True)
            stack.undo()


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
