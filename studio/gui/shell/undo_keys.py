"""Edit ▸ Undo and Redo (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) reach the document from any field of an
editor window. A focused line edit or spin box takes these keys for its own text history by
default, so with a Goals field focused Ctrl+Z used to change nothing in the island; now:

- a spin box, a combo box or a line edit whose typing is already applied (Enter pressed, or the
  field left and entered again) lets the keys through to the window's Undo/Redo actions;
- a line edit with typing not applied yet keeps them, so Ctrl+Z first takes back the typing
  (as in any text field); once applied, the next Ctrl+Z undoes the document;
- a line edit that applies every keystroke to the document (property ``APPLIES_LIVE`` set True,
  as the scenario editor's text fields) always lets them through: its own undo would be
  re-applied as a new edit and lose the document's Redo.

Usage: ``install_document_undo(window)`` once, in the window's ``__init__``. The filter sits on
the application (shortcut overrides go to the focused widget, wherever it is) and acts only on
widgets inside ``window``."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QPlainTextEdit, QTextEdit

_KEYS = (QKeySequence.Undo, QKeySequence.Redo)
APPLIES_LIVE = "appliesLive"
"""Property of a QLineEdit whose typing is applied at each keystroke (Ctrl+Z: the document's)."""


def _is_undo_key(event) -> bool:
    if any(event.matches(k) for k in _KEYS):
        return True
    return event.key() == Qt.Key_Y and event.modifiers() == Qt.ControlModifier


class DocumentUndoKeys(QObject):
    """The application event filter of :func:`install_document_undo`."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window

    def _mine(self, widget) -> bool:
        try:
            return widget is not None and widget.window() is self.window
        except RuntimeError:  # the window is being deleted
            return False

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if kind not in (QEvent.ShortcutOverride, QEvent.KeyPress, QEvent.FocusIn):
            return False
        if not isinstance(obj, QLineEdit) and not (kind == QEvent.ShortcutOverride and obj is QApplication.focusWidget()):
            return False
        if not self._mine(obj):
            return False
        if kind == QEvent.FocusIn:
            obj.setModified(False)  # nothing typed here yet
            return False
        if kind == QEvent.KeyPress:
            if event.key() in (Qt.Key_Return, Qt.Key_Enter):
                # the field applies its text on Enter: from then on Ctrl+Z is the document's
                QTimer.singleShot(0, lambda o=obj: o.setModified(False) if _alive(o) else None)
            return False
        if not _is_undo_key(event):
            return False
        if isinstance(obj, (QTextEdit, QPlainTextEdit)):
            return False  # multi-line text keeps its own history
        if isinstance(obj, QLineEdit) and not isinstance(obj.parent(), QAbstractSpinBox) and obj.isModified() \
                and not obj.property(APPLIES_LIVE):
            return False  # typing not applied yet: the field undoes it first
        event.ignore()  # not overridden: the window's Undo/Redo shortcut runs
        return True


def _alive(obj) -> bool:
    try:
        obj.objectName()
        return True
    except RuntimeError:
        return False


def install_document_undo(window) -> DocumentUndoKeys:
    """Route Undo/Redo keys pressed in ``window``'s fields to its Undo/Redo actions (see the
    module doc). The filter is removed with the window."""
    keys = DocumentUndoKeys(window)
    QApplication.instance().installEventFilter(keys)
    return keys


__all__ = ["APPLIES_LIVE", "DocumentUndoKeys", "install_document_undo"]
