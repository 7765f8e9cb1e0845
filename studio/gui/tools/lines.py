"""The Line tool (L): click a peg, then another, to draw the line between them, or to erase
it when it is already there; keeps chaining from the last peg until Escape, a right click or a
click on empty space."""

from __future__ import annotations

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsLineItem, QWidget

from studio.gui.items import Z_OVERLAY
from studio.gui.tools.base import Tool, hint_widget
from studio.render import style


class AddLineTool(Tool):
    name = "add-line"
    label = "Lines"
    shortcut = "L"
    hint = ("Click a peg, then another to draw a line (or erase the line already there); "
            "keep clicking to chain, Esc or right click to stop")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.start: str | None = None
        self._preview: QGraphicsLineItem | None = None

    def create_options(self, document, parent=None) -> QWidget:
        return hint_widget("Two clicks draw a line; clicking both ends of an existing line erases it. "
                           "Edit ▸ Triangulate Selection (Shift+T) joins many pegs at once.", parent)

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
        a, b = self.start, peg.peg_id
        added = self.document.toggle_line(a, b)
        if added:
            self._say(f"Added line {a}–{b}; click another peg to continue")
        elif added is False:
            self._say(f"Erased line {a}–{b}; click another peg to continue")
        if b in self.scene.pegs:
            self._set_start(b)
        else:
            self.cancel()
        return True

    def mouse_move(self, event) -> bool:
        if self._preview is not None and self.start in self.scene.pegs:
            target = self.scene.peg_at(event.scenePos())
            end = target.pos() if target is not None else event.scenePos()
            self._preview.setLine(QLineF(self.scene.pegs[self.start].pos(), end))
        return False

    def mouse_release(self, event) -> bool:
        return event.button() in (Qt.LeftButton, Qt.RightButton)
