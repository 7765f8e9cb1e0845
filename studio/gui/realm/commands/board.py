"""Commands on the board header (id, name, players, description)."""

from __future__ import annotations

from typing import Any

from studio.gui.realm.commands.base import ChangeValue, CommandId

BOARD_FIELDS = ("id", "name", "players", "description", "location")


class SetBoardValue(ChangeValue):
    """Set a header field of the board; successive edits of one field merge."""

    MERGE_ID = CommandId.SET_BOARD_VALUE

    def __init__(self, document, field: str, value: Any) -> None:
        if field not in BOARD_FIELDS:
            raise ValueError(f"not a board header field: {field!r} (expected one of {BOARD_FIELDS})")
        super().__init__(document, "board", field, value, f"Set board {field}")

    def get(self) -> Any:
        return getattr(self.document.board, self.field)

    def put(self, value: Any) -> None:
        from studio.gui.realm.document import ChangeKind

        setattr(self.document.board, self.field, value)
        self.document.notify(ChangeKind.BOARD_CHANGED, self.field)
