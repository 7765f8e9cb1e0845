"""The Eraser tool (D): click a peg or line to delete it (a peg takes its lines), or a
segment to clear its content."""

from __future__ import annotations

from PySide6.QtCore import Qt

from studio.gui.realm.items import LineItem, PegItem, SegmentItem
from studio.gui.realm.tools.base import Tool


class DeleteTool(Tool):
    name = "delete"
    label = "Eraser"  # not "Delete": Edit ▸ Delete deletes the selection
    shortcut = "D"
    hint = "Click a peg or line to delete it, or a segment to clear its content"

    def mouse_press(self, event) -> bool:
        if event.button() != Qt.LeftButton:
            return False
        item = self.scene.selectable_item_at(event.scenePos())
        doc = self.document
        if isinstance(item, PegItem):
            doc.remove_pegs([item.peg_id])
            self._say(f"Deleted peg {item.peg_id}")
        elif isinstance(item, LineItem):
            doc.remove_lines([item.key])
            self._say(f"Deleted line {item.key[0]}–{item.key[1]}")
        elif isinstance(item, SegmentItem):
            if item.segment is not None or doc.island_of(item.key):
                doc.clear_segments([item.key])
                self._say(f"Cleared segment {'-'.join(item.key)}")
        return True

    def mouse_release(self, event) -> bool:
        return event.button() == Qt.LeftButton
