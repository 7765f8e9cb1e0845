"""The island editor's canvas: a QGraphicsView with one item that draws the island through
:func:`studio.render.island.paint_island` (the same drawing as the printed page) plus the
editor's overlays: the empty hexes around the coast (dashed, where the island can grow), the
selection, the hex under the mouse, the first end of a bridge being drawn, the spaces of the
goal being looked at, and a red ring on every space a finding is about.

Mouse presses, drags and releases are handed to the current tool as hexes (axial ``(q, r)``);
the wheel zooms around the mouse; the middle button, or Space held with the left button, pans
(:mod:`studio.gui.shell.pan`)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsScene, QGraphicsView

from studio.geometry.hex import neighbours, pixel_to_hex
from studio.gui.shell.pan import PanMixin
from studio.render.island import IslandOptions, island_rect, paint_island, polygon
from studio.render.rivages_glyphs import Palette

SELECT = QColor("#1d63d8")
HOVER = QColor(29, 99, 216, 70)
FINDING = QColor("#d32f2f")
GOAL = QColor(224, 168, 0, 150)
ROUTE = QColor(224, 168, 0, 75)
GHOST = QColor(60, 60, 60, 90)
WATER = QColor("#a9cfdd")


class IslandItem(QGraphicsObject):
    """Draws the document's island and the overlays; ``refresh()`` after any change."""

    def __init__(self, document, palette: Palette) -> None:
        super().__init__()
        self.document = document
        self.palette = palette
        self.options = IslandOptions()
        self.selected: set = set()
        self.hover = None
        self.bridge_start = None
        self.goal_spaces: frozenset = frozenset()   # a goal's own spaces ("Show")
        self.goal_route: frozenset = frozenset()    # the spaces of its cheapest way, from a ship
        self.finding_hexes: set = set()
        self._rect = QRectF()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, False)
        self.refresh()

    def refresh(self) -> None:
        self.prepareGeometryChange()
        self._rect = island_rect(self.document.island, 2.2)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def ghost_hexes(self) -> set:
        """Empty hexes next to the island: painting one adds a space."""
        island = self.document.island
        taken = {s.at for s in island.spaces} | set(island.forts)
        return {n for s in island.spaces for n in neighbours(s.at) if n not in taken}

    def paint(self, p: QPainter, option, widget=None) -> None:
        island = self.document.island
        o = island.orientation
        p.setRenderHint(QPainter.Antialiasing, True)
        p.setPen(QPen(GHOST, 0.03, Qt.DashLine))
        p.setBrush(Qt.NoBrush)
        for h in self.ghost_hexes():
            p.drawPolygon(polygon(h, o, 0.92))
        paint_island(p, island, self.palette, self.options)
        if self.goal_route or self.goal_spaces:
            p.setPen(QPen(GOAL.darker(130), 0.06))
            p.setBrush(ROUTE)
            for h in self.goal_route - self.goal_spaces:
                p.drawPolygon(polygon(h, o, 0.72))
            p.setBrush(GOAL)
            for h in self.goal_spaces:
                p.drawPolygon(polygon(h, o, 0.72))
        p.setBrush(Qt.NoBrush)
        if self.finding_hexes:
            p.setPen(QPen(FINDING, 0.12, Qt.DashLine))
            for h in self.finding_hexes:
                p.drawPolygon(polygon(h, o, 0.9))
        if self.hover is not None:
            p.setPen(Qt.NoPen)
            p.setBrush(HOVER)
            p.drawPolygon(polygon(self.hover, o, 0.98))
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(SELECT, 0.13))
        for h in self.selected:
            p.drawPolygon(polygon(h, o, 0.94))
        if self.bridge_start is not None:
            p.setPen(QPen(SELECT, 0.1, Qt.DotLine))
            p.drawPolygon(polygon(self.bridge_start, o, 0.7))


class IslandView(PanMixin, QGraphicsView):
    """The canvas. ``tool`` receives ``press(hex, event)``, ``drag(hex, event)`` and
    ``release(hex, event)``; ``hex_hovered(hex or None)`` follows the mouse; ``resized()``
    after each resize (the heat-map legend scales to the view)."""

    hex_hovered = Signal(object)
    resized = Signal()

    def __init__(self, document, palette: Palette, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.setScene(QGraphicsScene(self))
        self.item = IslandItem(document, palette)
        self.scene().addItem(self.item)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing | QPainter.SmoothPixmapTransform)
        self.setBackgroundBrush(WATER)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setDragMode(QGraphicsView.NoDrag)
        self.setMouseTracking(True)
        # panning moves the (hidden) scroll bars; the scene reaches a screen beyond the island
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self._init_pan()
        self.tool = None
        self._pressed = False
        self.scale(48, 48)
        # fit again on show and on each resize until the user zooms (a window laid out after
        # the island was loaded must not show it as a speck)
        self.auto_fit = True
        self.fit_override = None  # a callable that fits instead (the heat map frames the island beside its legend)

    def set_document(self, document) -> None:
        """Show another island; every overlay of the old one (selection, hover, a bridge
        being drawn, a lit goal, finding rings) goes with it."""
        self.document = document
        item = self.item
        item.document = document
        item.selected, item.hover, item.bridge_start = set(), None, None
        item.goal_spaces = item.goal_route = frozenset()
        item.finding_hexes = set()
        self.refresh()
        self.auto_fit = True

    def refresh(self) -> None:
        self.item.refresh()
        self._update_scene_rect()

    def _update_scene_rect(self) -> None:
        self.scene().setSceneRect(self.pan_room(self.item.boundingRect()))

    def fit(self) -> None:
        """Show the whole island (View ▸ Fit Island); keeps it fitted through resizes until
        the user zooms."""
        self.refresh()
        self.fitInView(island_rect(self.document.island, 1.2), Qt.KeepAspectRatio)
        self._update_scene_rect()  # room to pan at the new zoom
        self.fitInView(island_rect(self.document.island, 1.2), Qt.KeepAspectRatio)
        self.auto_fit = True

    def zoom(self) -> float:
        """Pixels per hex size unit."""
        return self.transform().m11()

    def _fit_if_auto(self) -> None:
        if self.auto_fit and self.viewport().width() > 1 and self.viewport().height() > 1:
            (self.fit_override or self.fit)()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        QTimer.singleShot(0, self, self._fit_if_auto)  # after the window's layout settles

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._update_scene_rect()
        self._fit_if_auto()
        self.resized.emit()

    def hex_at(self, view_pos) -> tuple[int, int]:
        pos = self.mapToScene(view_pos)
        return pixel_to_hex(pos.x(), pos.y(), 1.0, self.document.island.orientation)

    def scene_point(self, h) -> QPointF:
        """Scene position of hex ``h``'s centre."""
        from studio.render.island import centre

        return centre(h, self.document.island.orientation)

    # -- mouse ----------------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self._pressed and self.pan_press(event):
            return
        if event.button() == Qt.LeftButton and self.tool is not None:
            self._pressed = True
            self.tool.press(self.hex_at(event.position().toPoint()), event)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.pan_move(event):
            self.auto_fit = False  # a resize must not undo the pan
            return
        h = self.hex_at(event.position().toPoint())
        if h != self.item.hover:
            self.item.hover = h
            self.item.update()
            self.hex_hovered.emit(h)
            if self._pressed and self.tool is not None:
                self.tool.drag(h, event)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.pan_release(event):
            return
        if event.button() == Qt.LeftButton and self._pressed:
            self._pressed = False
            if self.tool is not None:
                self.tool.release(self.hex_at(event.position().toPoint()), event)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.item.hover = None
        self.item.update()
        self.hex_hovered.emit(None)
        super().leaveEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.pan_key_press(event):
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if not self.pan_key_release(event):
            super().keyReleaseEvent(event)

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt API
        factor = 1.0015 ** event.angleDelta().y()
        current = self.transform().m11()
        if 8 <= current * factor <= 400:
            self.scale(factor, factor)
            self._update_scene_rect()
            self.auto_fit = False
        event.accept()
