"""The Line tool (L): click a peg, then another, to draw the line between them (or to erase it
when it was already there), or drag from one peg to the other; keeps chaining from the last peg
until Escape, a right click or a click on empty space. Going back along a line drawn (or erased)
in the same chain never undoes it."""

from __future__ import annotations

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsLineItem, QWidget

from studio.gui.realm.items import Z_OVERLAY
from studio.gui.realm.tools.base import Tool, hint_widget
from studio.model.realm import line_key
from studio.render import style


class AddLineTool(Tool):
    name = "add-line"
    label = "Lines"
    shortcut = "L"
    hint = ("Click a peg, then another (or drag from peg to peg) to draw a line; clicking both ends "
            "of an existing line erases it. Keep clicking to chain; Esc or right click stops")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.start: str | None = None
        self._preview: QGraphicsLineItem | None = None
        self._done: dict[tuple[str, str], bool] = {}  # lines this chain drew (True) or erased
        self._pressed: str | None = None           # the peg the left button went down on

    def create_options(self, document, parent=None) -> QWidget:
        # the status bar's hint in the same words (they differed), and what it has no room for
        return hint_widget(self.hint.split(". ")[0] + ". Edit ▸ Triangulate Selection (Shift+T) joins many "
                           "pegs at once.", parent)

    def _set_start(self, peg_id: str | None) -> None:
        self.start = peg_id
        scene = self.scene
        if peg_id is None:
            self._done = {}
            self._pressed = None
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
        self._pressed = peg.peg_id if peg is not None else None
        if peg is None:
            self.cancel()
            self._say(self.hint)
            return True
        if self.start is None or self.start not in self.scene.pegs:
            self._set_start(peg.peg_id)
            self._done = {}
            self._pressed = peg.peg_id
            self._say(f"Line from {peg.peg_id}: click the other peg (or drag to it)")
            return True
        self._join(peg.peg_id)
        return True

    def _join(self, b: str) -> None:
        """Draw (or erase) the line from the chain's last peg to ``b`` and go on from ``b``."""
        a = self.start
        if b == a:
            return
        key = line_key(a, b)
        if key in self._done:
            # going back along a line this chain just drew (or erased) never undoes it
            state = "stays" if self._done[key] else "stays erased"
            self._say(f"Line {a}–{b} {state}; click another peg to continue")
        else:
            added = self.document.toggle_line(a, b)
            if added is not None:
                self._done[key] = added
                self._say(f"{'Added' if added else 'Erased'} line {a}–{b}; click another peg to continue")
        if b in self.scene.pegs:
            self._set_start(b)
        else:
            self.cancel()

    def mouse_move(self, event) -> bool:
        if self._preview is not None and self.start in self.scene.pegs:
            target = self.scene.peg_at(event.scenePos())
            end = target.pos() if target is not None else event.scenePos()
            self._preview.setLine(QLineF(self.scene.pegs[self.start].pos(), end))
        return False

    def mouse_release(self, event) -> bool:
        if event.button() == Qt.LeftButton and self._pressed is not None and self.start is not None:
            # a drag from one peg that ends on another draws the line between them
            peg = self.scene.peg_at(event.scenePos())
            if peg is not None and peg.peg_id != self._pressed and self.start in self.scene.pegs:
                self._join(peg.peg_id)
        self._pressed = None
        return event.button() in (Qt.LeftButton, Qt.RightButton)
