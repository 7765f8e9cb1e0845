"""Text shown on menus, tool bars and buttons: Qt reads ``&`` there as a mnemonic marker (the
next character is underlined and becomes the Alt key), so text that comes from data (tool
labels with "&", file and board names, terrain names) must have it doubled, and our own texts
must mark one letter or digit at most."""

from __future__ import annotations

from PySide6.QtCore import QObject


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


def undo_redo_actions(source, parent):
    """Edit ▸ Undo and Redo actions of ``source`` (a QUndoStack or QUndoGroup), as its own
    ``createUndoAction``/``createRedoAction`` make them, but showing the command's text
    literally ("Undo Rename to Rock & Roll", not a second mnemonic). Returns (undo, redo)."""
    undo = source.createUndoAction(parent, "&Undo")
    redo = source.createRedoAction(parent, "&Redo")
    _LiteralText(undo, "&Undo", source.undoTextChanged, source.undoText())
    _LiteralText(redo, "&Redo", source.redoTextChanged, source.redoText())
    return undo, redo


class _LiteralText(QObject):
    """Rewrites its action's text after Qt's own update (a child of the action, so the
    connection ends with it)."""

    def __init__(self, action, prefix: str, signal, text: str) -> None:
        super().__init__(action)
        self.action = action
        self.prefix = prefix
        signal.connect(self.update_text)
        self.update_text(text)

    def update_text(self, text: str) -> None:
        self.action.setText(f"{self.prefix} {literal(text)}" if text else self.prefix)
