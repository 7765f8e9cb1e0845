"""Commands on lines: AddLine, AddLines, RemoveLines."""

from __future__ import annotations

from studio.gui.commands.base import DocumentCommand
from studio.model.realm import line_key


def _kind():
    from studio.gui.document import ChangeKind

    return ChangeKind


class AddLine(DocumentCommand):
    """Add the line ``a``-``b`` at the end of the board's line list."""

    def __init__(self, document, a: str, b: str) -> None:
        super().__init__(f"Add line {a}-{b}")
        self.document = document
        self.line = (a, b)
        self.index: int | None = None

    def redo(self) -> None:
        lines = self.document.board.lines
        self.index = len(lines)
        lines.append(self.line)
        self.document.notify(_kind().LINES_ADDED, (line_key(*self.line),))

    def undo(self) -> None:
        del self.document.board.lines[self.index]
        self.document.notify(_kind().LINES_REMOVED, (line_key(*self.line),))


class AddLines(DocumentCommand):
    """Add several lines at the end of the board's line list (auto-triangulate, paste)."""

    def __init__(self, document, lines, text: str | None = None) -> None:
        lines = [tuple(ln) for ln in lines]
        n = len(lines)
        super().__init__(text or f"Add {n} line{'s' if n != 1 else ''}")
        self.document = document
        self.lines = lines
        self.index: int | None = None

    def redo(self) -> None:
        board_lines = self.document.board.lines
        self.index = len(board_lines)
        board_lines.extend(self.lines)
        self.document.notify(_kind().LINES_ADDED, tuple(line_key(*ln) for ln in self.lines))

    def undo(self) -> None:
        del self.document.board.lines[self.index:self.index + len(self.lines)]
        self.document.notify(_kind().LINES_REMOVED, tuple(line_key(*ln) for ln in self.lines))


class RemoveLines(DocumentCommand):
    """Remove lines (by key, in either direction) and whatever is printed on them (Labyrinth
    line items, Archipelago bridges). Undo restores every list in its original order."""

    def __init__(self, document, keys) -> None:
        keys = {line_key(*k) for k in keys}
        super().__init__(f"Remove {len(keys)} line{'s' if len(keys) != 1 else ''}")
        self.document = document
        self.keys = keys
        board = document.board
        self.lines = [(i, ln) for i, ln in enumerate(board.lines) if line_key(*ln) in keys]
        self.items = [(i, it) for i, it in enumerate(board.line_items) if line_key(*it.line) in keys]
        self.bridges = [(i, br) for i, br in enumerate(board.bridges) if line_key(*br.line) in keys]

    @staticmethod
    def _remove(target: list, entries) -> None:
        for i, _ in reversed(entries):
            del target[i]

    @staticmethod
    def _insert(target: list, entries) -> None:
        for i, value in entries:
            target.insert(i, value)

    def redo(self) -> None:
        b = self.document.board
        self._remove(b.lines, self.lines)
        self._remove(b.line_items, self.items)
        self._remove(b.bridges, self.bridges)
        self.document.notify(_kind().LINES_REMOVED, tuple(sorted(self.keys)))

    def undo(self) -> None:
        b = self.document.board
        self._insert(b.lines, self.lines)
        self._insert(b.line_items, self.items)
        self._insert(b.bridges, self.bridges)
        self.document.notify(_kind().LINES_ADDED, tuple(sorted(self.keys)))
