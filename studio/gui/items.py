"""Scene items of a board: :class:`PegItem`, :class:`LineItem`, :class:`SegmentItem` (every
triangular face, empty or not) and :class:`SeatLabelItem`. Painting goes through
:mod:`studio.render.glyphs`, so the editor looks like an exported PNG.

Each selectable item has an ``element`` tuple in the form findings use:
``("peg", id)``, ``("line", a, b)`` (sorted), ``("segment", a, b, c)`` (sorted)."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPainterPathStroker, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from studio.render import glyphs, style

Z_SEGMENT = 10
Z_LINE = 20
Z_PEG = 30
Z_LABEL = 40
Z_OVERLAY = 50

_PEG_PICK_RADIUS = style.PEG_RADIUS * 1.6
_LINE_PICK_WIDTH = 0.16


class _BoardItem(QGraphicsItem):
    """Selectable, hover-aware base. ``board_scene`` gives access to the board data."""

    element: tuple = ()

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.ItemIsSelectable, True)
        self.setAcceptHoverEvents(True)
        self._hovered = False

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._hovered = True
        self.update()

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._hovered = False
        self.update()

    def itemChange(self, change, value):  # noqa: N802 - Qt API
        if change == QGraphicsItem.ItemSelectedHasChanged:
            self.update()
        return super().itemChange(change, value)


class PegItem(_BoardItem):
    """A peg at its board position; draws the start halo when seats start there."""

    def __init__(self, peg_id: str, colour: str, pos: QPointF, seat_colours=()) -> None:
        super().__init__()
        self.peg_id = peg_id
        self.element = ("peg", peg_id)
        self.colour = colour
        self.seat_colours = list(seat_colours)
        self.is_start = bool(self.seat_colours)
        self.setPos(pos)
        self.setZValue(Z_PEG)
        self.setToolTip(peg_id)

    def set_look(self, colour: str, seat_colours, is_start: bool) -> None:
        self.colour = colour
        self.seat_colours = list(seat_colours)
        self.is_start = is_start
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        r = style.HALO_RADIUS * 1.3
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), _PEG_PICK_RADIUS, _PEG_PICK_RADIUS)
        return path

    def paint(self, painter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if self.is_start:
            glyphs.paint_halo(painter, QPointF(0, 0), self.seat_colours)
        glyphs.paint_peg(painter, QPointF(0, 0), self.colour, selected=self.isSelected(), hovered=self._hovered)


class LineItem(_BoardItem):
    """A printed line between two pegs (scene coordinates, item at the origin)."""

    def __init__(self, a: str, b: str, pa: QPointF, pb: QPointF) -> None:
        super().__init__()
        self.key = (a, b) if a <= b else (b, a)
        self.element = ("line", *self.key)
        self.ends = (a, b)
        self._line = QLineF(pa, pb)
        self.setZValue(Z_LINE)
        self.setToolTip(f"line {a}–{b}")

    def set_points(self, pa: QPointF, pb: QPointF) -> None:
        self.prepareGeometryChange()
        self._line = QLineF(pa, pb)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        m = _LINE_PICK_WIDTH
        return QRectF(self._line.p1(), self._line.p2()).normalized().adjusted(-m, -m, m, m)

    def shape(self) -> QPainterPath:
        path = QPainterPath(self._line.p1())
        path.lineTo(self._line.p2())
        stroker = QPainterPathStroker()
        stroker.setWidth(_LINE_PICK_WIDTH)
        stroker.setCapStyle(Qt.FlatCap)
        return stroker.createStroke(path)

    def paint(self, painter, option, widget=None) -> None:
        # shorten the hover underlay so it does not cover the pegs' outlines
        glyphs.paint_line(painter, self._line.p1(), self._line.p2(), selected=self.isSelected(),
                          hovered=self._hovered)


class SegmentItem(_BoardItem):
    """A triangular face of the line graph. Its content (if any) is looked up in the scene's
    segment map at paint time, so empty faces can be selected and given treasure."""

    def __init__(self, key: tuple[str, str, str], ring: tuple[str, ...], polygon: QPolygonF, lookup) -> None:
        super().__init__()
        self.key = key
        self.ring = ring
        self.element = ("segment", *key)
        self._lookup = lookup
        self._polygon = QPolygonF(polygon)
        self.setZValue(Z_SEGMENT)

    @property
    def segment(self):
        return self._lookup(self.key)

    def polygon(self) -> QPolygonF:
        return QPolygonF(self._polygon)

    def set_polygon(self, polygon: QPolygonF) -> None:
        self.prepareGeometryChange()
        self._polygon = QPolygonF(polygon)

    def centroid(self) -> QPointF:
        n = self._polygon.count()
        return QPointF(sum(self._polygon.at(i).x() for i in range(n)) / n,
                       sum(self._polygon.at(i).y() for i in range(n)) / n)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._polygon.boundingRect()

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self._polygon)
        path.closeSubpath()
        return path

    def paint(self, painter, option, widget=None) -> None:
        seg = self.segment
        glyphs.paint_segment_fill(painter, self._polygon, seg, selected=self.isSelected(), hovered=self._hovered)
        if seg is not None:
            glyphs.paint_segment_content(painter, self.centroid(), seg)


class SeatLabelItem(QGraphicsItem):
    """A seat's name outside the board, in the seat's colour (not selectable)."""

    def __init__(self, name: str, text: str, pos: QPointF, colour: QColor) -> None:
        super().__init__()
        self.seat = name
        self.text = text
        self.colour = colour
        self.setPos(pos)
        self.setZValue(Z_LABEL)
        self._w = glyphs.text_width(text, 0.26) + 0.26 * 1.2 + 0.1
        self._h = 0.26 * 1.55 + 0.1

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(-self._w / 2, -self._h / 2, self._w, self._h + 0.05)

    def paint(self, painter, option, widget=None) -> None:
        glyphs.paint_seat_label(painter, QPointF(0, 0), self.text, self.colour)


class GhostPegItem(QGraphicsItem):
    """Where the Add Peg tool would put a peg (a translucent peg under the cursor)."""

    def __init__(self, colour: str) -> None:
        super().__init__()
        self.colour = colour
        self.setZValue(Z_OVERLAY)
        self.setOpacity(0.55)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        r = style.PEG_RADIUS * 1.5
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter, option, widget=None) -> None:
        glyphs.paint_peg(painter, QPointF(0, 0), self.colour)


def rubber_band_pen() -> QPen:
    pen = QPen(QColor(style.SELECT_OUTLINE), 0)
    pen.setStyle(Qt.DashLine)
    pen.setCosmetic(True)
    return pen
