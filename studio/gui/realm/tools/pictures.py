"""The Pictures tool (G): group segments into Engraved Board pictures (L4-2). Choose or make a
picture on the options bar, then left click or drag across segments to add them to it; right
click takes a segment out of its picture. Pictures have 4, 5 or 6 segments (L4-6)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from studio.gui.realm.tools.base import StrokeTool
from studio.gui.realm.tools.options import GroupChoice


class PictureTool(StrokeTool):
    name = "pictures"
    label = "Pictures"
    shortcut = "G"
    group = "location"
    mechanics = ("pictures",)
    hint = ("Left click or drag across segments to add them to the current picture (4-6 segments each); "
            "right click removes a segment from its picture")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.current: str | None = None

    def set_current(self, name: str | None) -> None:
        self.current = name
        self.settings_changed.emit()
        if name:
            self._say(f"Painting picture {name}")

    def create_options(self, document, parent=None) -> QWidget:
        return GroupChoice(self, document, "picture", document.picture_names,
                           document.new_picture_name,
                           document.rename_picture, document.remove_picture,
                           "Left: add segments   Right: remove", parent)

    def begin(self, remove: bool) -> bool:
        if not remove and not self.current:
            self.set_current(self.document.new_picture_name())
        return True

    def target_at(self, pos):
        item = self.scene.segment_at(pos)
        return item.key if item is not None else None

    def apply(self, key, remove: bool, gesture: int) -> str | None:
        doc = self.document
        if remove:
            if doc.segment_value(key, "picture") is None:
                return None
            doc.set_segments_picture([key], None, gesture=gesture)
            return f"Segment {'-'.join(key)} is in no picture"
        doc.set_segments_picture([key], self.current, gesture=gesture)
        n = len(doc.picture_segments(self.current))
        return f"Picture {self.current}: {n} segment{'s' if n != 1 else ''}" + ("" if 4 <= n <= 6 else " (needs 4-6)")
