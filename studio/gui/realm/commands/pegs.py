"""Commands on pegs: AddPeg, AddPegs, RemovePegs, MovePegs, SetPegColour."""

from __future__ import annotations

import dataclasses

from PySide6.QtGui import QUndoCommand

from studio.gui.shell.document_commands import CommandId, DocumentCommand, SetValue
from studio.model.realm import Peg

Position = tuple[float, float]


def _kind():
    from studio.gui.realm.document import ChangeKind

    return ChangeKind


class AddPeg(DocumentCommand):
    """Add one peg (appended to the file's peg order)."""

    def __init__(self, document, peg: Peg) -> None:
        super().__init__(f"Add peg {peg.id}")
        if peg.id in document.board.pegs:
            raise ValueError(f"peg {peg.id!r} already exists")
        self.document = document
        self.peg = dataclasses.replace(peg)

    def redo(self) -> None:
        self.document.board.pegs[self.peg.id] = dataclasses.replace(self.peg)
        self.document.notify(_kind().PEGS_ADDED, (self.peg.id,))

    def undo(self) -> None:
        del self.document.board.pegs[self.peg.id]
        self.document.notify(_kind().PEGS_REMOVED, (self.peg.id,))


class AddPegs(DocumentCommand):
    """Add several pegs at the end of the file's peg order (paste, duplicate, symmetric copy)."""

    def __init__(self, document, pegs: list[Peg], text: str | None = None) -> None:
        n = len(pegs)
        super().__init__(text or f"Add {n} peg{'s' if n != 1 else ''}")
        ids = [p.id for p in pegs]
        clash = [i for i in ids if i in document.board.pegs]
        if clash or len(set(ids)) != len(ids):
            raise ValueError(f"peg ids already used: {sorted(set(clash)) or ids}")
        self.document = document
        self.pegs = [dataclasses.replace(p) for p in pegs]

    def redo(self) -> None:
        board_pegs = self.document.board.pegs
        for p in self.pegs:
            board_pegs[p.id] = dataclasses.replace(p)
        self.document.notify(_kind().PEGS_ADDED, tuple(p.id for p in self.pegs))

    def undo(self) -> None:
        board_pegs = self.document.board.pegs
        for p in self.pegs:
            del board_pegs[p.id]
        self.document.notify(_kind().PEGS_REMOVED, tuple(p.id for p in self.pegs))


class RemovePegs(DocumentCommand):
    """Remove pegs only (the document removes their lines, segments and seat references first,
    in the same macro). Undo puts them back in their original file order."""

    def __init__(self, document, ids) -> None:
        ids = [i for i in dict.fromkeys(ids) if i in document.board.pegs]
        super().__init__(f"Remove {len(ids)} peg{'s' if len(ids) != 1 else ''}")
        self.document = document
        self.ids = tuple(ids)
        self.order = list(document.board.pegs)
        self.removed = {i: dataclasses.replace(document.board.pegs[i]) for i in ids}

    def redo(self) -> None:
        for i in self.ids:
            del self.document.board.pegs[i]
        self.document.notify(_kind().PEGS_REMOVED, self.ids)

    def undo(self) -> None:
        pegs = self.document.board.pegs
        restored = {}
        for i in self.order:
            if i in self.removed:
                restored[i] = dataclasses.replace(self.removed[i])
            elif i in pegs:
                restored[i] = pegs[i]
        for i, p in pegs.items():  # pegs added after this command was made (none if the stack is consistent)
            restored.setdefault(i, p)
        pegs.clear()
        pegs.update(restored)
        self.document.notify(_kind().PEGS_ADDED, self.ids)


class MovePegs(DocumentCommand):
    """Move pegs to new positions (board units). Pushes that share a ``gesture`` token (one
    mouse drag) and move the same pegs merge into one undo step; a drag that ends where it
    started is obsolete."""

    MERGE_ID = CommandId.MOVE_PEGS

    def __init__(self, document, positions: dict[str, Position], gesture: object | None = None) -> None:
        n = len(positions)
        super().__init__(f"Move {n} peg{'s' if n != 1 else ''}")
        self.document = document
        pegs = document.board.pegs
        self.old = {i: (pegs[i].x, pegs[i].y) for i in positions}
        self.new = {i: (float(x), float(y)) for i, (x, y) in positions.items()}
        self.gesture = gesture

    def _apply(self, positions: dict[str, Position]) -> None:
        pegs = self.document.board.pegs
        for i, (x, y) in positions.items():
            pegs[i].x, pegs[i].y = x, y
        self.document.notify(_kind().PEGS_MOVED, tuple(positions))

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, MovePegs) or self.gesture is None or other.gesture != self.gesture:
            return False
        if set(other.new) != set(self.new):
            return False
        self.new = dict(other.new)
        self.setObsolete(self.new == self.old)
        return True


class SetPegColour(SetValue):
    """Set the colour of one or more pegs (path ``("pegs", ids, "colour")``, the value a dict
    peg id -> colour); successive changes of the same pegs merge, and so do all changes made
    with one ``gesture`` (a drag of the colour tool paints many pegs in one step)."""

    MERGE_ID = CommandId.SET_PEG_COLOUR

    def __init__(self, document, ids, colour: str, gesture: object | None = None) -> None:
        ids = tuple(ids)
        text = f"Set colour of {ids[0]}" if len(ids) == 1 else f"Set colour of {len(ids)} pegs"
        if gesture is not None:
            text = "Paint peg colours"
        self.gesture = gesture
        super().__init__(document, ("pegs", ids, "colour"), {i: colour for i in ids}, text, merge=ids)

    @property
    def ids(self) -> tuple[str, ...]:
        return self.path[1]

    def can_merge(self, other: SetValue) -> bool:
        if type(other) is not type(self) or other.document is not self.document:
            return False
        if self.gesture is not None and other.gesture == self.gesture:
            return True
        return other.ids == self.ids

    def absorb(self, other: SetValue) -> None:
        if other.path == self.path:
            self.new = other.new
            return
        for i, c in other.old.items():
            self.old.setdefault(i, c)
        self.new = {**self.new, **other.new}
        self.path = ("pegs", tuple(dict.fromkeys(self.ids + other.ids)), "colour")

    def get(self) -> dict[str, str]:
        pegs = self.document.board.pegs
        return {i: pegs[i].colour for i in self.ids}

    def put(self, value: dict[str, str]) -> None:
        pegs = self.document.board.pegs
        for i, c in value.items():
            pegs[i].colour = c
        self.document.notify(_kind().PEGS_CHANGED, tuple(value))
