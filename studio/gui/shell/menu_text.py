"""Text shown on menus, tool bars and buttons: Qt reads ``&`` there as a mnemonic marker (the
next character is underlined and becomes the Alt key), so text that comes from data (tool
labels with "&", file and board names, terrain names) must have it doubled, and our own texts
must mark one letter or digit at most."""

from __future__ import annotations

from PySide6.QtGui import QAction


def literal(text: str) -> str:
    """``text`` shown as written on a menu item or button (every ``&`` doubled)."""
    return text.replace("&", "&&")


def mnemonic_problems(text: str) -> list[str]:
    """What is wrong with the mnemonics of an action or button text, in plain words (empty when
    nothing): a marker before a space or punctuation (Qt underlines a blank: a stray
    underscore), a marker at the end, or more than one marker."""
    problems: list[str] = []
    marks = 0
    i = 0
    while i < len(text):
        if text[i] != "&":
            i += 1
            continue
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if nxt == "&":
            i += 2
            continue
        if not nxt:
            problems.append(f"{text!r} ends with a lone '&'")
        elif not nxt.isalnum():
            problems.append(f"{text!r} marks {nxt!r} as its mnemonic (shown as a stray underscore)")
        marks += 1
        i += 1
    if marks > 1:
        problems.append(f"{text!r} has {marks} mnemonic markers (write '&&' for a literal '&')")
    return problems


def undo_redo_actions(source, parent) -> tuple["UndoRedoAction", "UndoRedoAction"]:
    """Edit ▸ Undo and Redo actions of ``source`` (a QUndoStack or QUndoGroup), like its own
    ``createUndoAction``/``createRedoAction`` but showing the command's text literally ("Undo
    Rename to Rock & Roll", not a second mnemonic). Returns (undo, redo)."""
    return UndoRedoAction(source, False, parent), UndoRedoAction(source, True, parent)


class UndoRedoAction(QAction):
    """Undo (or with ``redo`` Redo) on ``source``: enabled when it can, its text the next
    command's. The connections end with the action or the source, whichever goes first."""

    def __init__(self, source, redo: bool, parent=None) -> None:
        super().__init__(parent)
        self.prefix = "&Redo" if redo else "&Undo"
        can = source.canRedo if redo else source.canUndo
        text = source.redoText if redo else source.undoText
        (source.canRedoChanged if redo else source.canUndoChanged).connect(self.setEnabled)
        (source.redoTextChanged if redo else source.undoTextChanged).connect(self.update_text)
        self.triggered.connect(source.redo if redo else source.undo)
        self.setEnabled(can())
        self.update_text(text())

    def update_text(self, text: str) -> None:
        self.setText(f"{self.prefix} {literal(text)}" if text else self.prefix)
