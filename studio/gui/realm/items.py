"""Scene items of a board: :class:`PegItem`, :class:`LineItem` (with its bridge or Labyrinth
item), :class:`SegmentItem` (every triangular face, empty or not, tinted by island or
picture), :class:`SeatLabelItem`, the region outlines :class:`PictureItem` and
:class:`IslandItem`, :class:`CraterItem`, and :class:`FindingMarkerItem` for validation.
Painting goes through :mod:`studio.render.glyphs` and :mod:`studio.render.locations`, the
functions :func:`studio.render.paint_board` uses, so the editor looks like an exported page.

Each selectable item has an ``element`` tuple in the form findings use: ``("peg", id)``,
``("line", a, b)`` (sorted), ``("segment", a, b, c)`` (sorted), ``("seat", name)``,
``("picture", name)``, ``("island", name)``, ``("crater",)``. Region items are
``click_through``: a click inside a picture picks its segment, not the picture."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPainterPathStroker, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from studio.render import glyphs, style
from studio.render import locations as lg

Z_SEGMENT = 10
Z_CRATER = 12
Z_LINE = 20
Z_REGION = 25
Z_PEG = 30
Z_LABEL = 40
Z_MARKER = 45
Z_OVERLAY = 50

_PEG_PICK_RADIUS = style.PEG_RADIUS * 1.6
_LINE_PICK_WIDTH = 0.16


class _BoardItem(QGraphicsItem):
    """Selectable, hover-aware base. ``board_scene`` gives access to the board data."""

    element: tuple = ()
    click_through = False

    tip = ""  # tooltip text, set on the first hover (tens of thousands of items on a large board)

    def __init__(self) -> None:
        super().__init__()
        self.setFlags(QGraphicsItem.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        self._hovered = False

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.tip and not self.toolTip():
            self.setToolTip(self.tip)  # Qt asks for the tooltip after the hover enters
        self._hovered = True
        self._sync_detail()
        self.update()

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._hovered = False
        self._sync_detail()
        self.update()

    def _sync_detail(self) -> None:
        # zoomed out on a large board, only hovered and selected items paint themselves
        overview = getattr(self.scene(), "overview", None)
        if overview is not None:
            overview.sync_item(self)

    # No itemChange override: QGraphicsItem.setSelected repaints the item itself, and a Python
    # itemChange is called for every flag, position and z change (seven per item while building).


class PegItem(_BoardItem):
    """A peg at its board position; draws the start halo when seats start there, a dashed
    ring in each racing seat's colour when it is a goal, an ember ring on the crater."""

    def __init__(self, peg_id: str, colour: str, pos: QPointF, seat_colours=(), goal_colours=(),
                 crater: bool = False) -> None:
        super().__init__()
        self.peg_id = peg_id
        self.element = ("peg", peg_id)
        self.colour = colour
        self.seat_colours = list(seat_colours)
        self.is_start = bool(self.seat_colours)
        self.goal_colours = list(goal_colours)
        self.crater = crater
        self.setPos(pos)
        self.setZValue(Z_PEG)
        self.tip = peg_id

    def set_look(self, colour: str, seat_colours, is_start: bool, goal_colours=(), crater: bool = False) -> None:
        self.colour = colour
        self.seat_colours = list(seat_colours)
        self.is_start = is_start
        self.goal_colours = list(goal_colours)
        self.crater = crater
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        r = style.HALO_RADIUS * 1.3
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), _PEG_PICK_RADIUS, _PEG_PICK_RADIUS)
        return path

    def paint(self, painter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lg.paint_peg_marks(painter, QPointF(0, 0), self.seat_colours, is_start=self.is_start,
                           goal_colours=self.goal_colours, crater=self.crater)
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
        self.tip = f"line {a}–{b}"

    def set_points(self, pa: QPointF, pb: QPointF) -> None:
        self.prepareGeometryChange()
        self._line = QLineF(pa, pb)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        m = 0.38  # room for a bridge's energy or a line item's token
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
        scene = self.scene()
        bridge = scene.bridges.get(self.key) if scene is not None else None
        item = scene.line_items.get(self.key) if scene is not None else None
        lg.paint_board_line(painter, self._line.p1(), self._line.p2(), bridge=bridge, item=item,
                            selected=self.isSelected(), hovered=self._hovered)


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
        scene = self.scene()
        canal = lg.canal_tint(scene.island_of_key.get(self.key)) if scene is not None and scene.canals_shown else None
        lg.paint_face_tints(painter, self._polygon, canal=canal, picture=seg.picture if seg is not None else None)
        glyphs.paint_segment_fill(painter, self._polygon, seg, selected=self.isSelected(), hovered=self._hovered)
        if seg is not None:
            glyphs.paint_segment_content(painter, self.centroid(), seg)


class SeatLabelItem(_BoardItem):
    """A seat's name outside the board, in the seat's colour; click it to edit the seat."""

    def __init__(self, name: str, text: str, pos: QPointF, colour: QColor) -> None:
        super().__init__()
        self.seat = name
        self.element = ("seat", name)
        self.tip = f"seat {name}: click to edit it"
        self.text = text
        self.colour = colour
        self.setPos(pos)
        self.setZValue(Z_LABEL)
        self._w = glyphs.text_width(text, 0.26) + 0.26 * 1.2 + 0.1
        self._h = 0.26 * 1.55 + 0.1

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(-self._w / 2, -self._h / 2, self._w, self._h + 0.05)

    def paint(self, painter, option, widget=None) -> None:
        if self.isSelected() or self._hovered:
            c = QColor(style.SELECT_OUTLINE)
            c.setAlpha(200 if self.isSelected() else 90)
            painter.save()
            painter.setPen(QPen(c, 0.05))
            painter.setBrush(Qt.NoBrush)
            r = self.boundingRect().adjusted(-0.02, -0.02, 0.02, -0.03)
            painter.drawRoundedRect(r, r.height() / 2, r.height() / 2)
            painter.restore()
        glyphs.paint_seat_label(painter, QPointF(0, 0), self.text, self.colour)


class _RegionItem(_BoardItem):
    """Outline and name tag of a group of segments (scene coordinates)."""

    click_through = True
    kind = "region"

    def __init__(self, name: str, path: QPainterPath, label_at: QPointF, colour: QColor, text: str) -> None:
        super().__init__()
        self.name = name
        self.element = (self.kind, name)
        self.path = QPainterPath(path)
        self.label_at = QPointF(label_at)
        self.colour = QColor(colour)
        self.text = text
        self.setZValue(Z_REGION)
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        w = glyphs.text_width(self.text, 0.17) / 2 + 0.2
        return self.path.boundingRect().united(QRectF(self.label_at.x() - w, self.label_at.y() - 0.2, 2 * w, 0.4)) \
            .adjusted(-0.1, -0.1, 0.1, 0.1)

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never under the mouse: clicks reach the segments

    def paint(self, painter, option, widget=None) -> None:
        lg.paint_region_outline(painter, self.path, self.colour, selected=self.isSelected())
        lg.paint_region_label(painter, self.label_at, self.text, self.colour)


class PictureItem(_RegionItem):
    """An Engraved Board picture: the outline of its segments and its name (L4-2)."""

    kind = "picture"


class IslandItem(_RegionItem):
    """An Archipelago City island: the outline of its segments and its name (L3-2)."""

    kind = "island"


class CraterItem(_BoardItem):
    """The Volcano crater: the hole ringed by the crater pegs, full of lava (L2-2)."""

    click_through = True

    def __init__(self, polygon: QPolygonF) -> None:
        super().__init__()
        self.element = ("crater",)
        self.polygon = QPolygonF(polygon)
        self.setZValue(Z_CRATER)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.polygon.boundingRect().adjusted(-0.1, -0.1, 0.1, 0.1)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, painter, option, widget=None) -> None:
        lg.paint_lava(painter, self.polygon)
        if self.isSelected():
            painter.save()
            painter.setPen(QPen(QColor(style.SELECT_OUTLINE), 0.06, Qt.DashLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawPolygon(self.polygon)
            painter.restore()


class FindingMarkerItem(QGraphicsItem):
    """Where a validation finding is: a halo around pegs, a glowing stroke along lines, a
    tinted outline around segments, faces, pictures and islands. Never takes the mouse."""

    def __init__(self, severity: str, pegs=(), lines=(), areas=()) -> None:
        super().__init__()
        self.severity = severity
        self.pegs = [QPointF(p) for p in pegs]
        self.lines = [(QPointF(a), QPointF(b)) for a, b in lines]
        self.areas = [QPainterPath(a) for a in areas]
        self.setZValue(Z_MARKER)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)
        rect = QRectF()
        r = style.HALO_RADIUS * 1.6
        for p in self.pegs:
            rect = rect.united(QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r))
        for a, b in self.lines:
            rect = rect.united(QRectF(a, b).normalized().adjusted(-0.15, -0.15, 0.15, 0.15))
        for path in self.areas:
            rect = rect.united(path.boundingRect().adjusted(-0.1, -0.1, 0.1, 0.1))
        self._rect = rect

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, painter, option, widget=None) -> None:
        for path in self.areas:
            lg.paint_area_marker(painter, path, self.severity)
        for a, b in self.lines:
            lg.paint_line_marker(painter, a, b, self.severity)
        for p in self.pegs:
            lg.paint_peg_marker(painter, p, self.severity)


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
