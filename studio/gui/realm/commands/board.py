"""Commands on the board header (id, name, players, description, location)."""

from __future__ import annotations

from typing import Any

from studio.gui.shell.document_commands import SetValue

BOARD_FIELDS = ("id", "name", "players", "description", "location")


class SetBoardValue(SetValue):
    """Set a header field of the board (the generic :class:`SetValue` at path ``(field,)``);
    successive edits of one field merge."""

    def __init__(self, document, field: str, value: Any) -> None:
        if field not in BOARD_FIELDS:
            raise ValueError(f"not a board header field: {field!r} (expected one of {BOARD_FIELDS})")
        super().__init__(document, (field,), value, f"Set board {field}", merge=(field,))
