"""Level of detail for large boards.

A board of thousands of pegs has tens of thousands of scene items (pegs, lines, faces); when
zoomed out they are all on screen, and one Python ``paint`` call each makes a repaint take a
second. Below :data:`OVERVIEW_ZOOM` pixels per board unit, on boards of at least
:data:`MIN_ITEMS` items, those items stop painting (``ItemHasNoContents``: they still take
clicks, hovers and selection) and one :class:`BoardOverviewItem` draws the board in a few
batched calls: segment tints as one path per tint, every line in one ``drawLines``, plain pegs
as cached sprites painted by :func:`studio.render.glyphs.paint_peg` (start, goal and crater pegs
by their own item's painting), and segment glyphs once they are big enough to read. Hovered
and selected items paint themselves on top, as usual. Bridges, line items and canal tints are
left to the detailed view."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from studio.render import glyphs, style

OVERVIEW_ZOOM = 48.0   # px per board unit below which the overview draws
GLYPH_ZOOM = 20.0      # px per board unit from which segment glyphs are drawn in the overview
MIN_ITEMS = 2000       # boards with fewer peg/line/face items always paint item by item
Z_OVERVIEW = 5         # under the faces (10), lines (20) and pegs (30)
_SPRITE_RADIUS = style.PEG_RADIUS * 1.35  # the peg, its outline and its contact shadow


class BoardOverviewItem(QGraphicsItem):
    """Draws the whole board of ``scene`` (a BoardScene) while :attr:`active`."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.board_scene = scene
        self.active = False
        self._any_plain = False  # some item may have stopped painting itself
        self._zoom = 80.0
        self._dirty = True
        self._bounds = QRectF()
        self._lines: list[QLineF] = []
        self._tints: list[tuple[QColor, QPainterPath]] = []
        self._contents: list[tuple[QPointF, object]] = []
        self._sprites: dict[tuple[str, int], QImage] = {}
        self._selected: list = []
        self.setZValue(Z_OVERVIEW)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)  # exposedRect
        self.setVisible(False)
        scene.addItem(self)
        scene.document.changed.connect(self._document_changed)
        scene.selectionChanged.connect(self._selection_changed)

    # -- switching ------------------------------------------------------------------------------
    def _detail_items(self):
        s = self.board_scene
        yield from s.pegs.values()
        yield from s.lines.values()
        yield from s.segments.values()

    def _item_count(self) -> int:
        s = self.board_scene
        return len(s.pegs) + len(s.lines) + len(s.segments)

    def set_zoom(self, zoom: float) -> None:
        """Called by the view after every zoom (px per board unit)."""
        self._zoom = zoom
        self._update_active()

    def _update_active(self) -> None:
        want = self._zoom < OVERVIEW_ZOOM and self._item_count() >= MIN_ITEMS
        if want != self.active:
            self.active = want
            self.setVisible(want)
            self.refresh()

    def sync_item(self, item) -> None:
        """Whether ``item`` paints itself: always in the detailed view; in the overview only
        while hovered or selected."""
        plain = self.active and not item.isSelected() and not getattr(item, "_hovered", False)
        if bool(item.flags() & QGraphicsItem.ItemHasNoContents) != plain:
            item.setFlag(QGraphicsItem.ItemHasNoContents, plain)
            self._any_plain = self._any_plain or plain

    def refresh(self) -> None:
        """After the scene rebuilt its items (or on switching): flags and drawing caches."""
        self._dirty = True
        if not self.active and self._item_count() >= MIN_ITEMS and self._zoom < OVERVIEW_ZOOM:
            self._update_active()
            return
        if self.active or self._any_plain:  # else every item already paints itself
            for item in self._detail_items():
                self.sync_item(item)
            self._any_plain = self.active
        self._selected = self.board_scene.selectedItems() if self.active else []
        self.prepareGeometryChange()
        self._bounds = self.board_scene.sceneRect()
        self.update()

    def _selection_changed(self) -> None:
        if not self.active:
            return
        selected = self.board_scene.selectedItems()
        for item in self._selected + selected:  # deselected ones go plain, selected ones paint
            if getattr(item, "element", None):
                self.sync_item(item)
        self._selected = selected

    def _document_changed(self, _kind, _payload) -> None:
        self._dirty = True
        if self.active:
            self.update()

    # -- caches ---------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        board = self.board_scene.document.board
        pegs = board.pegs
        self._lines = []
        for item in self.board_scene.lines.values():
            a, b = item.ends if hasattr(item, "ends") else item.key
            if a in pegs and b in pegs:
                self._lines.append(QLineF(pegs[a].x, pegs[a].y, pegs[b].x, pegs[b].y))
        paths: dict[int, tuple[QColor, QPainterPath]] = {}
        self._contents = []
        for seg in board.segments:
            if not all(p in pegs for p in seg.pegs):
                continue
            pts = [QPointF(pegs[p].x, pegs[p].y) for p in seg.pegs]
            tint = glyphs.segment_tint(seg)
            if tint is not None:
                colour, path = paths.setdefault(tint.rgba(), (QColor(tint), QPainterPath()))
                path.addPolygon(QPolygonF(pts))
                path.closeSubpath()
            centre = QPointF(sum(q.x() for q in pts) / len(pts), sum(q.y() for q in pts) / len(pts))
            self._contents.append((centre, seg))
        self._tints = list(paths.values())
        self._dirty = False

    def _sprite(self, colour: str, pixels: int) -> QImage:
        key = (colour, pixels)
        image = self._sprites.get(key)
        if image is None:
            if len(self._sprites) > 64:
                self._sprites.clear()
            image = QImage(pixels, pixels, QImage.Format_ARGB32_Premultiplied)
            image.fill(Qt.transparent)
            p = QPainter(image)
            p.setRenderHint(QPainter.Antialiasing, True)
            p.translate(pixels / 2, pixels / 2)
            p.scale(pixels / (2 * _SPRITE_RADIUS), pixels / (2 * _SPRITE_RADIUS))
            glyphs.paint_peg(p, QPointF(0, 0), colour)
            p.end()
            self._sprites[key] = image
        return image

    # -- painting -------------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if not self.active:
            return
        if self._dirty:
            self._rebuild()
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        exposed = option.exposedRect.adjusted(-0.5, -0.5, 0.5, 0.5)
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, lod >= GLYPH_ZOOM)  # tints: no visible edge when small
        for colour, path in self._tints:
            painter.fillPath(path, colour)
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(QPen(QColor(style.LINE_INK), max(style.LINE_WIDTH, 0.9 / max(lod, 1e-6)),
                            Qt.SolidLine, Qt.RoundCap))
        painter.drawLines(self._lines)
        pixels = max(3, math.ceil(2 * _SPRITE_RADIUS * lod))
        r = _SPRITE_RADIUS
        left, top, right, bottom = exposed.left(), exposed.top(), exposed.right(), exposed.bottom()
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        for item in self.board_scene.pegs.values():
            pos = item.pos()
            x, y = pos.x(), pos.y()
            if not (left <= x <= right and top <= y <= bottom):
                continue
            if item.is_start or getattr(item, "goal_colours", None) or getattr(item, "crater", False):
                # halos, goal and crater rings: the item's own painting, in place
                painter.save()
                painter.translate(pos)
                item.paint(painter, option, None)
                painter.restore()
            else:
                painter.drawImage(QRectF(x - r, y - r, 2 * r, 2 * r), self._sprite(item.colour, pixels))
        if lod >= GLYPH_ZOOM:
            for centre, seg in self._contents:
                if exposed.contains(centre):
                    glyphs.paint_segment_content(painter, centre, seg)
        painter.restore()
