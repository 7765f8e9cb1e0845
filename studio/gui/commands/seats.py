"""Commands on seats: ReplaceSeats (seats and the Volcano crater as one snapshot)."""

from __future__ import annotations

import copy

from PySide6.QtGui import QUndoCommand


class ReplaceSeats(QUndoCommand):
    """Replace the seats (start and goal pegs, labels) and the crater pegs."""

    def __init__(self, document, seats: dict, crater: list[str], text: str = "Change seats") -> None:
        super().__init__(text)
        self.document = document
        board = document.board
        self.before = (copy.deepcopy(board.seats), list(board.crater))
        self.after = (copy.deepcopy(seats), list(crater))

    def _restore(self, state) -> None:
        from studio.gui.document import ChangeKind

        seats, crater = state
        self.document.board.seats = copy.deepcopy(seats)
        self.document.board.crater = list(crater)
        self.document.notify(ChangeKind.SEATS_CHANGED, None)

    def redo(self) -> None:
        self._restore(self.after)

    def undo(self) -> None:
        self._restore(self.before)
