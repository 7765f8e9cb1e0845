"""The board view: antialiased, wheel zoom around the cursor, middle-button or Space+drag pan,
Fit, zoom in/out."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QFrame, QGraphicsView

from studio.gui.shell.pan import PanMixin

MIN_ZOOM = 12.0     # pixels per board unit
MAX_ZOOM = 1200.0
STEP = 1.25


class BoardView(PanMixin, QGraphicsView):
    """``zoom_changed(float)`` gives pixels per board unit after every zoom."""

    zoom_changed = Signal(float)

    def __init__(self, scene, parent=None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing | QPainter.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.FullViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setDragMode(QGraphicsView.NoDrag)
        self.setMouseTracking(True)
        self.setFrameShape(QFrame.NoFrame)
        # panning uses the (hidden) scroll bars: middle button, Space+drag
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setAcceptDrops(False)  # files dropped here go to the main window
        self._init_pan()
        self.scale(80, 80)
        self.zoom_changed.connect(self._zoom_detail)

    # -- zoom ---------------------------------------------------------------------------------
    def _zoom_detail(self, zoom: float) -> None:
        overview = getattr(self.scene(), "overview", None)  # studio.gui.shell.overview: level of detail
        if overview is not None:
            overview.set_zoom(zoom)

    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, factor: float, anchor_under_mouse: bool = False) -> None:
        target = max(MIN_ZOOM, min(MAX_ZOOM, factor))
        if abs(target - self.zoom()) < 1e-9:
            return
        old = self.transformationAnchor()
        if not anchor_under_mouse:
            self.setTransformationAnchor(QGraphicsView.AnchorViewCenter)
        s = target / self.zoom()
        self.scale(s, s)
        self.setTransformationAnchor(old)
        self.zoom_changed.emit(self.zoom())

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom() * STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom() / STEP)

    def fit(self) -> None:
        """Show the whole board (plate and seat labels)."""
        scene = self.scene()
        if scene is None:
            return
        rect = scene.board_rect()
        self.fitInView(rect, Qt.KeepAspectRatio)
        z = self.zoom()
        if z < MIN_ZOOM or z > MAX_ZOOM:
            self.set_zoom(z)
        self.centerOn(rect.center())
        self.zoom_changed.emit(self.zoom())

    def frame(self, rect, margin: float = 1.2) -> None:
        """Bring ``rect`` (scene units) into view: centred, and zoomed out just enough for it
        and ``margin`` board units around it to fit (never zoomed in)."""
        viewport = self.viewport().rect()
        need = rect.adjusted(-margin, -margin, margin, margin)
        if need.width() > 0 and need.height() > 0 and viewport.width() > 0 and viewport.height() > 0:
            fit = min(viewport.width() / need.width(), viewport.height() / need.height())
            if fit < self.zoom():
                self.set_zoom(fit)
        self.centerOn(rect.center())

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt API
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta == 0:
            event.ignore()
            return
        self.set_zoom(self.zoom() * (1.0015 ** delta), anchor_under_mouse=True)
        event.accept()

    # -- pan (studio.gui.shell.pan) ------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.pan_press(event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.pan_move(event):
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.pan_release(event):
            super().mouseReleaseEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.pan_key_press(event):
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.pan_key_release(event):
            super().keyReleaseEvent(event)
