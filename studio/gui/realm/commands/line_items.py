"""Commands on Labyrinth line items (L8-2): treasure and artifacts printed on lines."""

from __future__ import annotations

from studio.gui.realm.commands.parts import ReplaceParts


class SetLineItems(ReplaceParts):
    """Replace the board's line items (one entry per line that holds something)."""

    def __init__(self, document, line_items: list, text: str, merge_key: object | None = None) -> None:
        super().__init__(document, {"line_items": line_items}, text, merge_key)
