"""The Line Items tool (M): put Labyrinth treasure and artifacts on lines (L8-2). Left click
or drag adds a treasure (or sets the artifact), right click removes one (or the artifact)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from studio.gui.realm.tools.base import StrokeTool
from studio.gui.realm.tools.options import KindChoice
from studio.gui.realm.tools.segments import KindMixin


class LineItemTool(KindMixin, StrokeTool):
    name = "line-items"
    label = "Line Items"
    shortcut = "M"
    group = "location"
    hint = ("Left click or drag across lines to add treasure or set an artifact (sword, helmet, shield); "
            "right click removes; 1-4 choose")
    kinds = [("treasure", "Treasure"), ("sword", "Sword"), ("helmet", "Helmet"), ("shield", "Shield")]
    all_kinds = kinds
    mechanics = ("line-items",)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.kind = "treasure"

    def create_options(self, document, parent=None) -> QWidget:
        return KindChoice(self, self.all_kinds, "Put on lines", "Left: add   Right: remove", parent)

    def target_at(self, pos):
        item = self.scene.line_at(pos)
        return item.key if item is not None else None

    def apply(self, key, remove: bool, gesture: int) -> str | None:
        doc = self.document
        if self.kind == "treasure":
            changed = doc.set_line_item(key, delta=-1 if remove else 1, gesture=gesture)
        else:
            item = doc.line_item_on(*key)
            if remove and (item is None or item.artifact is None):
                return None
            changed = doc.set_line_item(key, artifact=None if remove else self.kind, gesture=gesture)
        item = doc.line_item_on(*key)
        if not changed:
            return None
        if item is None:
            return f"Line {key[0]}–{key[1]} holds nothing"
        parts = ([f"{item.treasure} treasure"] if item.treasure else []) + ([item.artifact] if item.artifact else [])
        return f"Line {key[0]}–{key[1]}: " + ", ".join(parts)

    def key_press(self, event) -> bool:
        return self._kind_key(event) or super().key_press(event)
