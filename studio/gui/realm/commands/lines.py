"""Commands on lines: AddLine, AddLines, RemoveLines."""

from __future__ import annotations

from studio.gui.shell.document_commands import DocumentCommand
from studio.model.realm import line_key


def _kind():
    from studio.gui.realm.document import ChangeKind

    return ChangeKind


def placed(lines, new, rank) -> list[tuple[int, tuple[str, str]]]:
    """Where the ``new`` lines go in ``lines``: ``(index in the list after every insert,
    line)``, ascending. A line of the file (``rank(line)``: its place in the file's line list
    when the document was loaded or saved, None for a line the file does not have) goes back
    to its place among the file's lines, before the first line ranked after it; other lines go
    at the end, in the order given. So erasing a line and drawing it again leaves the file's
    line list as it was, and a save's diff shows only what changed."""
    filed = sorted((r, i) for i, ln in enumerate(new) if (r := rank(ln)) is not None)
    out: list[tuple[int, tuple[str, str]]] = []
    j = 0
    if filed:
        for pos, current in enumerate(lines):
            r = rank(current)
            while j < len(filed) and (r is None or filed[j][0] < r):
                out.append((pos + len(out), new[filed[j][1]]))
                j += 1
            if j == len(filed):
                break
    n = len(lines) + len(out)
    for _r, i in filed[j:]:
        out.append((n, new[i]))
        n += 1
    for ln in new:
        if rank(ln) is None:
            out.append((n, ln))
            n += 1
    return out


class AddLines(DocumentCommand):
    """Add lines: a line of the file back at its place in the file's list, others at the end
    (:func:`placed`). Used by the Lines tool, auto-triangulate and paste."""

    def __init__(self, document, lines, text: str | None = None) -> None:
        lines = [tuple(ln) for ln in lines]
        n = len(lines)
        super().__init__(text or (f"Add line {lines[0][0]}-{lines[0][1]}" if n == 1
                                  else f"Add {n} line{'s' if n != 1 else ''}"))
        self.document = document
        self.lines = lines
        self.places: list[tuple[int, tuple[str, str]]] = []

    def redo(self) -> None:
        board_lines = self.document.board.lines
        self.places = placed(board_lines, self.lines, self.document.file_line_rank)
        for index, line in self.places:
            board_lines.insert(index, line)
        self.document.notify(_kind().LINES_ADDED, tuple(line_key(*ln) for ln in self.lines))

    def undo(self) -> None:
        board_lines = self.document.board.lines
        for index, _line in reversed(self.places):
            del board_lines[index]
        self.document.notify(_kind().LINES_REMOVED, tuple(line_key(*ln) for ln in self.lines))


class AddLine(AddLines):
    """Add the line ``a``-``b`` (at its place in the file when the file had it, else at the end)."""

    def __init__(self, document, a: str, b: str) -> None:
        super().__init__(document, [(a, b)])
        self.line = (a, b)


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
