"""Editing tools: small state machines fed with scene mouse/key events by
:class:`~studio.gui.scene.BoardScene`. Each returns True from a handler when it used the event.

- :class:`SelectTool` (V): click, Shift+click to add/toggle, rubber band on empty space, drag
  pegs to move them (one undo step per drag, snapped to the lattice when snapping is on),
  Escape cancels a drag.
- :class:`AddPegTool` (P): click empty space to add a peg (snapped when snapping is on).
- :class:`AddLineTool` (L): click two pegs to join them; keeps chaining from the last peg
  until Escape, a right click or a click on empty space.
- :class:`DeleteTool` (D): click a peg, line or segment to delete it (a segment loses its
  content)."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QApplication, QGraphicsLineItem, QGraphicsRectItem

from studio.gui.document import DEFAULT_COLOUR, snap_to_lattice
from studio.gui.items import Z_OVERLAY, GhostPegItem, LineItem, PegItem, SegmentItem, rubber_band_pen
from studio.render import style

_gestures = itertools.count(1)


def _shift(event) -> bool:
    return bool(event.modifiers() & (Qt.ShiftModifier | Qt.ControlModifier))


class Tool(QObject):
    """Base tool: names, shortcut and status-bar hint; handlers ignore everything."""

    name = "tool"
    label = "Tool"
    shortcut = ""
    hint = ""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.scene = None

    @property
    def document(self):
        return self.scene.document

    def activate(self, scene) -> None:
        self.scene = scene

    def deactivate(self) -> None:
        self.cancel()
        self.scene = None

    def cancel(self) -> None:
        """Abandon any gesture in progress."""

    def mouse_press(self, event) -> bool:
        return False

    def mouse_move(self, event) -> bool:
        return False

    def mouse_release(self, event) -> bool:
        return False

    def key_press(self, event) -> bool:
        if event.key() == Qt.Key_Escape:
            self.cancel()
            return True
        return False

    def _say(self, text: str) -> None:
        if self.scene is not None:
            self.scene.status_message.emit(text)


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
            if not _shift(event):
                scene.clearSelection()
            self._band_add = _shift(event)
            self._band = QGraphicsRectItem(QRectF(pos, pos))
            self._band.setPen(rubber_band_pen())
            c = QColor(style.SELECT_OUTLINE)
            c.setAlpha(30)
            self._band.setBrush(c)
            self._band.setZValue(Z_OVERLAY)
            scene.addItem(self._band)
            return True
        if _shift(event):
            item.setSelected(not item.isSelected())
        elif not item.isSelected():
            scene.clearSelection()
            item.setSelected(True)
        if isinstance(item, PegItem) and item.isSelected():
            pegs = self.document.board.pegs
            self._drag_start = {i.peg_id: (pegs[i.peg_id].x, pegs[i.peg_id].y)
                                for i in scene.selected_of("peg")}
            self._anchor = item.peg_id
            self._gesture = next(_gestures)
            self._dragging = False
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
            tx, ty = snap_to_lattice(tx, ty)
        dx, dy = tx - ax, ty - ay
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
        self._end_drag()
        return handled

    def _select_in(self, rect: QRectF, add: bool) -> None:
        scene = self.scene
        scene.blockSignals(True)
        try:
            if not add:
                scene.clearSelection()
            for pid, item in scene.pegs.items():
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
        self._gesture = None

    def cancel(self) -> None:
        if self._drag_start is not None and self._dragging:
            self.document.move_pegs(dict(self._drag_start), gesture=self._gesture)
        self._end_drag()
        if self._band is not None and self.scene is not None:
            self.scene.removeItem(self._band)
        self._band = None


class AddPegTool(Tool):
    name = "add-peg"
    label = "Add Peg"
    shortcut = "P"
    hint = "Click empty space to add a peg (snaps to the lattice; hold Alt to place freely)"

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.colour = DEFAULT_COLOUR
        self._ghost: GhostPegItem | None = None

    def activate(self, scene) -> None:
        super().activate(scene)
        self._ghost = GhostPegItem(self.colour)
        self._ghost.setVisible(False)
        scene.addItem(self._ghost)

    def deactivate(self) -> None:
        if self._ghost is not None and self.scene is not None:
            self.scene.removeItem(self._ghost)
        self._ghost = None
        super().deactivate()

    def _target(self, event) -> tuple[float, float]:
        p = event.scenePos()
        if self.scene.snap and not (event.modifiers() & Qt.AltModifier):
            return snap_to_lattice(p.x(), p.y())
        return (round(p.x(), 3), round(p.y(), 3))

    def _occupied(self, x: float, y: float) -> str | None:
        for peg in self.document.board.pegs.values():
            if abs(peg.x - x) < style.PEG_RADIUS * 2 and abs(peg.y - y) < style.PEG_RADIUS * 2:
                return peg.id
        return None

    def mouse_move(self, event) -> bool:
        if self._ghost is not None:
            x, y = self._target(event)
            self._ghost.colour = self.colour
            self._ghost.setPos(QPointF(x, y))
            self._ghost.setVisible(self._occupied(x, y) is None)
        return False

    def mouse_press(self, event) -> bool:
        if event.button() != Qt.LeftButton:
            return False
        x, y = self._target(event)
        taken = self._occupied(x, y)
        if taken is not None:
            self._say(f"Peg {taken} is already there")
            return True
        pid = self.document.add_peg(x, y, self.colour)
        self.scene.select_elements([("peg", pid)])
        if self._ghost is not None:
            self._ghost.setVisible(False)
        self._say(f"Added peg {pid} at ({x:g}, {y:g})")
        return True

    def mouse_release(self, event) -> bool:
        return event.button() == Qt.LeftButton


class AddLineTool(Tool):
    name = "add-line"
    label = "Add Line"
    shortcut = "L"
    hint = "Click a peg, then another to draw a line; keep clicking to chain, Esc or right click to stop"

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.start: str | None = None
        self._preview: QGraphicsLineItem | None = None

    def _set_start(self, peg_id: str | None) -> None:
        self.start = peg_id
        scene = self.scene
        if peg_id is None:
            if self._preview is not None and scene is not None:
                scene.removeItem(self._preview)
            self._preview = None
            return
        p = scene.pegs[peg_id].pos()
        if self._preview is None:
            self._preview = QGraphicsLineItem(QLineF(p, p))
            pen = QPen(QColor(style.SELECT_OUTLINE), style.LINE_WIDTH * 1.2, Qt.DashLine, Qt.RoundCap)
            self._preview.setPen(pen)
            self._preview.setZValue(Z_OVERLAY)
            self._preview.setAcceptedMouseButtons(Qt.NoButton)
            scene.addItem(self._preview)
        self._preview.setLine(QLineF(p, p))

    def cancel(self) -> None:
        self._set_start(None)

    def mouse_press(self, event) -> bool:
        if event.button() == Qt.RightButton:
            self.cancel()
            return True
        if event.button() != Qt.LeftButton:
            return False
        peg = self.scene.peg_at(event.scenePos())
        if peg is None:
            self.cancel()
            self._say(self.hint)
            return True
        if self.start is None or self.start not in self.scene.pegs:
            self._set_start(peg.peg_id)
            self._say(f"Line from {peg.peg_id}: click the other peg")
            return True
        if peg.peg_id == self.start:
            return True
        a = self.start
        if self.document.add_line(a, peg.peg_id):
            self._say(f"Added line {a}–{peg.peg_id}; click another peg to continue")
        else:
            self._say(f"Line {a}–{peg.peg_id} already exists")
        self._set_start(peg.peg_id)
        return True

    def mouse_move(self, event) -> bool:
        if self._preview is not None and self.start in self.scene.pegs:
            target = self.scene.peg_at(event.scenePos())
            end = target.pos() if target is not None else event.scenePos()
            self._preview.setLine(QLineF(self.scene.pegs[self.start].pos(), end))
        return False

    def mouse_release(self, event) -> bool:
        return event.button() in (Qt.LeftButton, Qt.RightButton)


class DeleteTool(Tool):
    name = "delete"
    label = "Delete"
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
            if item.segment is not None:
                doc.clear_segments([item.key])
                self._say(f"Cleared segment {'-'.join(item.key)}")
        return True

    def mouse_release(self, event) -> bool:
        return event.button() == Qt.LeftButton


TOOL_CLASSES = (SelectTool, AddPegTool, AddLineTool, DeleteTool)
