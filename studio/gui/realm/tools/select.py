"""The Select tool (V): click, Shift+click to add or toggle, rubber band on empty space
(Shift adds), drag pegs to move them (one undo step per drag, snapped to the lattice unless
snapping is off or Alt is held), Escape cancels a drag."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QGraphicsRectItem

from studio.gui.realm.items import Z_OVERLAY, PegItem, rubber_band_pen
from studio.gui.realm.tools.base import Tool, next_gesture, shift_held
from studio.render import style


class SelectTool(Tool):
    name = "select"
    label = "Select"
    shortcut = "V"
    hint = ("Click to select, Shift+click to add, drag on empty space for a rubber band, "
            "drag pegs to move them (Esc cancels)")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._press_scene: QPointF | None = None
        self._press_screen = None
        self._drag_start: dict[str, tuple[float, float]] | None = None
        self._anchor: str | None = None
        self._dragging = False
        self._moved = False          # this drag has moved pegs (an undo step exists)
        self._gesture = None
        self._band: QGraphicsRectItem | None = None
        self._band_add = False

    def mouse_press(self, event) -> bool:
        if event.button() != Qt.LeftButton:
            return False
        scene = self.scene
        pos = event.scenePos()
        self._press_scene = pos
        self._press_screen = event.screenPos()
        item = scene.selectable_item_at(pos)
        if item is None:
            if not shift_held(event):
                scene.clearSelection()
            self._band_add = shift_held(event)
            self._band = QGraphicsRectItem(QRectF(pos, pos))
            self._band.setPen(rubber_band_pen())
            c = QColor(style.SELECT_OUTLINE)
            c.setAlpha(30)
            self._band.setBrush(c)
            self._band.setZValue(Z_OVERLAY)
            scene.addItem(self._band)
            return True
        if shift_held(event):
            item.setSelected(not item.isSelected())
        elif not item.isSelected():
            scene.clearSelection()
            item.setSelected(True)
        if isinstance(item, PegItem) and item.isSelected():
            pegs = self.document.board.pegs
            self._drag_start = {i.peg_id: (pegs[i.peg_id].x, pegs[i.peg_id].y)
                                for i in scene.selected_of("peg")}
            self._anchor = item.peg_id
            self._gesture = next_gesture()
            self._dragging = False
            self._moved = False
        return True

    def mouse_move(self, event) -> bool:
        if self._band is not None:
            self._band.setRect(QRectF(self._press_scene, event.scenePos()).normalized())
            return True
        if self._drag_start is None or not (event.buttons() & Qt.LeftButton):
            return False
        if not self._dragging:
            moved = (event.screenPos() - self._press_screen).manhattanLength()
            if moved < QApplication.startDragDistance():
                return True
            self._dragging = True
        delta = event.scenePos() - self._press_scene
        ax, ay = self._drag_start[self._anchor]
        tx, ty = ax + delta.x(), ay + delta.y()
        snap = self.scene.snap and not (event.modifiers() & Qt.AltModifier)
        if snap:
            tx, ty = self.document.snap(tx, ty)
        dx, dy = tx - ax, ty - ay
        if dx == 0 and dy == 0 and not self._moved:
            return True  # still on the snap point it started from: no edit, no undo step
        self._moved = True
        self.document.move_pegs({pid: (x + dx, y + dy) for pid, (x, y) in self._drag_start.items()},
                                gesture=self._gesture)
        self._say(f"Moving {len(self._drag_start)} peg(s) by ({dx:+.2f}, {dy:+.2f})"
                  + ("  (Alt: no snapping)" if snap else ""))
        return True

    def mouse_release(self, event) -> bool:
        if event.button() != Qt.LeftButton:
            return False
        if self._band is not None:
            rect = self._band.rect()
            self.scene.removeItem(self._band)
            self._band = None
            self._select_in(rect, self._band_add)
            return True
        handled = self._drag_start is not None
        if handled and self._dragging and not self._moved:
            self._say("")  # a drag that never left its snap point moved nothing
        self._end_drag()
        return handled

    def _select_in(self, rect: QRectF, add: bool) -> None:
        scene = self.scene
        scene.blockSignals(True)
        try:
            if not add:
                scene.clearSelection()
            for item in scene.pegs.values():
                if rect.contains(item.pos()):
                    item.setSelected(True)
            for (a, b), item in scene.lines.items():
                if rect.contains(scene.pegs[a].pos()) and rect.contains(scene.pegs[b].pos()):
                    item.setSelected(True)
        finally:
            scene.blockSignals(False)
        scene.selectionChanged.emit()

    def _end_drag(self) -> None:
        self._drag_start = None
        self._anchor = None
        self._dragging = False
        self._moved = False
        self._gesture = None

    def cancel(self) -> None:
        if self._drag_start is not None and self._dragging:
            self.document.move_pegs(dict(self._drag_start), gesture=self._gesture)
        self._end_drag()
        if self._band is not None and self.scene is not None:
            self.scene.removeItem(self._band)
        self._band = None
