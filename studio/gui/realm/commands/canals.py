"""Commands on Archipelago City canals (L3-2): islands are named groups of segments, bridges
are lines that cross a canal and carry energy."""

from __future__ import annotations

from studio.gui.realm.commands.parts import ReplaceParts


class SetCanals(ReplaceParts):
    """Replace islands, bridges and the board's "has canals" flag together."""

    def __init__(self, document, islands: dict, bridges: list, has_canals: bool, text: str,
                 merge_key: object | None = None) -> None:
        super().__init__(document, {"islands": islands, "bridges": bridges, "has_canals": has_canals},
                         text, merge_key)
