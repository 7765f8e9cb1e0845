"""Hand panning for every editor canvas (the board, tree and island views): drag with the middle
button, or hold Space and drag with the left button; the cursor shows an open hand while Space
is held and a closed one while dragging.

A view mixes in :class:`PanMixin` before ``QGraphicsView`` and calls :meth:`_init_pan` in its
``__init__``; its mouse and key handlers give each event to ``pan_*`` first and stop when it
returns True. Panning moves the scroll bars (hidden or not), so the scene rect must reach
beyond what is shown (see :meth:`PanMixin.pan_room`)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt


class PanMixin:
    """Middle-button and Space+left-button panning for a QGraphicsView."""

    def _init_pan(self) -> None:
        self._pan_from: QPoint | None = None
        self._space = False

    def pan_room(self, rect: QRectF) -> QRectF:
        """``rect`` grown by a viewport's size in scene units on every side: set it as the
        scene rect so the content can be dragged anywhere on screen."""
        scale = self.transform().m11() or 1.0
        vp = self.viewport()
        mx, my = vp.width() / scale, vp.height() / scale
        return rect.adjusted(-mx, -my, mx, my)

    def _pan_start(self, pos: QPoint) -> None:
        self._pan_from = pos
        self.viewport().setCursor(Qt.ClosedHandCursor)

    def _pan_end(self) -> None:
        self._pan_from = None
        self.viewport().setCursor(Qt.OpenHandCursor if self._space else Qt.ArrowCursor)

    def pan_press(self, event) -> bool:
        if event.button() == Qt.MiddleButton or (event.button() == Qt.LeftButton and self._space):
            self._pan_start(event.position().toPoint())
            event.accept()
            return True
        return False

    def pan_move(self, event) -> bool:
        if self._pan_from is None:
            return False
        pos = event.position().toPoint()
        d = pos - self._pan_from
        self._pan_from = pos
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - d.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - d.y())
        event.accept()
        return True

    def pan_release(self, event) -> bool:
        if self._pan_from is not None and event.button() in (Qt.MiddleButton, Qt.LeftButton):
            self._pan_end()
            event.accept()
            return True
        return False

    def pan_key_press(self, event) -> bool:
        if event.key() != Qt.Key_Space:
            return False
        if not event.isAutoRepeat():  # auto-repeats of a held Space: nothing more to do
            self._space = True
            self.viewport().setCursor(Qt.OpenHandCursor)
        event.accept()
        return True

    def pan_key_release(self, event) -> bool:
        if event.key() == Qt.Key_Space and not event.isAutoRepeat():
            self._space = False
            if self._pan_from is None:
                self.viewport().setCursor(Qt.ArrowCursor)
            event.accept()
            return True
        return False

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt API
        # a Space released in another window never reaches this view: stop holding it
        self._space = False
        if self._pan_from is None:
            self.viewport().setCursor(Qt.ArrowCursor)
        super().focusOutEvent(event)


__all__ = ["PanMixin"]
