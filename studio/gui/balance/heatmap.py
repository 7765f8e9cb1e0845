"""The heat map of a balance run drawn over the editor's board: how often each segment, bridge,
line item, picture and idol was taken, as a translucent layer with a legend.

:class:`HeatMapItem` is one scene item in board units (the scene's own units) above the board
and below nothing that takes clicks: it accepts no mouse button, so the editor's tools work
through it. Content never taken (a segment with VP, energy, an idol or a picture; a bridge; a
line item) gets a hatched red fill and a dashed red outline so it stands out at a glance.
:class:`HeatLegend` is a small widget laid over the view's corner.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from studio.gui.balance.overlay import (
    FILL_ALPHA,
    NEVER,
    HeatLegendBase,
    HeatRamp,
    centred_text,
    heat_colour,
    make_passive,
    never_marks,
    paint_never,
)
from studio.playtest.heat import heat_labels

Z_HEAT = 27.0              # over segments, lines and regions (25), under pegs (30) and labels
LINE_WIDTH = 0.16          # bridges and line items, board units
Z_HEAT_LABELS = 41.0       # over pegs (30) and seat labels (40)
LABEL_HEIGHT = 0.24        # picture and idol labels, board units
LABEL_HALO = 3 / 20        # the white outline round a label's letters, in label heights (stroke 6 at 20 px)
LABEL_SHIFT = 0.06         # a label moves off another name tag in steps of this many board units
LABEL_REACH = 1.2          # ... at most this far from where it belongs


def label_box(text: str) -> QSizeF:
    """Width and height in board units of a heat label (its letters and their white outline)."""
    path, scale = centred_text(text, LABEL_HEIGHT)
    box = path.boundingRect()
    halo = 2 * LABEL_HALO * LABEL_HEIGHT
    return QSizeF(box.width() * scale + halo, box.height() * scale + halo)


def place_labels(labels: list[tuple[QPointF, QSizeF]], avoid=()) -> list[QPointF]:
    """Where each heat label goes: its own point ``(centre, size)`` when its box overlaps none of
    the ``avoid`` rectangles (the board's picture and island name tags, board units) nor a label
    placed before it, else the nearest point straight above or below it that does (steps of
    :data:`LABEL_SHIFT`, within :data:`LABEL_REACH`; a label with no free point stays on its own:
    it is never pushed off its picture). Returns the centres in the order given."""
    taken = [QRectF(r) for r in avoid]
    out = []
    steps = int(LABEL_REACH / LABEL_SHIFT)
    offsets = [0.0] + [sign * k * LABEL_SHIFT for k in range(1, steps + 1) for sign in (-1, 1)]
    for centre, size in labels:
        chosen = centre
        for dy in offsets:
            at = QPointF(centre.x(), centre.y() + dy)
            box = QRectF(at.x() - size.width() / 2, at.y() - size.height() / 2, size.width(), size.height())
            if not any(box.intersects(r) for r in taken):
                chosen = at
                break
        taken.append(QRectF(chosen.x() - size.width() / 2, chosen.y() - size.height() / 2, size.width(), size.height()))
        out.append(chosen)
    return out


class HeatMapItem(QGraphicsItem):
    """Per-element rates of a run over the board. ``catalogue``: the game's
    :class:`~studio.playtest.elements.Element` list (shapes in board units); ``stats``: the
    summary's :class:`~studio.playtest.stats.ElementStat` list.

    ``rates`` maps every drawn element key to its share of games (0..1) and ``never`` lists the
    keys of content never taken, in catalogue order. ``avoid``: rectangles (board units) the
    picture and idol labels keep off, the board's own name tags of pictures and islands
    (:func:`place_labels`)."""

    def __init__(self, catalogue, stats, games: int, avoid=()):
        super().__init__()
        self.games = games
        by_key = {s.key: s for s in stats}
        self.rates: dict[str, float] = {}
        self.never: list[str] = []
        self._segments: list[tuple[QPolygonF, float, bool, str]] = []
        self._lines: list[tuple[QPainterPath, float, bool]] = []
        # the picture and idol labels: the same as the HTML report's (studio.playtest.heat), moved
        # off the board's name tags so both can be read
        found = heat_labels(catalogue, stats)
        at = place_labels([(QPointF(x.x, x.y), label_box(x.text)) for x in found], avoid)
        self._labels: list[tuple[QPointF, str, bool]] = [(p, x.text, x.never) for p, x in zip(at, found)]
        for e in catalogue:
            stat = by_key.get(e.key)
            if stat is None:
                continue
            rate = stat.rate
            if e.kind == "segment" and len(e.shape) >= 3:
                poly = QPolygonF([QPointF(x, y) for x, y in e.shape])
                never = bool(e.content) and stat.taken == 0
                self._segments.append((poly, rate, never, e.content))
                self.rates[e.key] = rate
                if never:
                    self.never.append(e.key)
            elif e.kind in ("bridge", "line") and len(e.shape) >= 2:
                path = QPainterPath(QPointF(*e.shape[0]))
                for x, y in e.shape[1:]:
                    path.lineTo(x, y)
                never = stat.taken == 0
                self._lines.append((path, rate, never))
                self.rates[e.key] = rate
                if never:
                    self.never.append(e.key)
        for e in catalogue:  # pictures: labelled at the middle of their segments
            stat = by_key.get(e.key)
            if e.kind != "picture" or stat is None:
                continue
            self.rates[e.key] = stat.rate
            if stat.taken == 0:
                self.never.append(e.key)
        rect = QRectF()
        for poly, *_ in self._segments:
            rect = rect.united(poly.boundingRect())
        for path, *_ in self._lines:
            rect = rect.united(path.boundingRect())
        self._rect = rect.adjusted(-1, -1, 1, 1)
        make_passive(self, Z_HEAT)
        self.setToolTip("")
        label_rect = QRectF(self._rect)
        for centre, text, _never in self._labels:
            size = label_box(text)
            label_rect = label_rect.united(QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2,
                                                  size.width(), size.height()))
        self.labels = HeatLabelsItem(self._labels, label_rect)

    def label_rects(self) -> list[tuple[str, QRectF]]:
        """``(text, rectangle)`` of every picture and idol label as drawn (board units)."""
        out = []
        for centre, text, _never in self._labels:
            size = label_box(text)
            out.append((text, QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2,
                                     size.width(), size.height())))
        return out

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never hit by clicks or rubber bands

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing, True)
        hatch, never_pen = never_marks(150)
        for poly, rate, never, content in self._segments:
            p.setPen(Qt.NoPen)
            if never:
                paint_never(p, poly, hatch, never_pen)
            else:
                # plain segments stay fainter than those with content
                p.setBrush(heat_colour(rate, FILL_ALPHA if content else FILL_ALPHA // 2))
                p.drawPolygon(poly)
        for path, rate, never in self._lines:
            if never:
                p.setPen(QPen(NEVER, LINE_WIDTH, Qt.DashLine, Qt.RoundCap))
            else:
                p.setPen(QPen(heat_colour(rate, 235), LINE_WIDTH, Qt.SolidLine, Qt.RoundCap))
            p.drawPath(path)


class HeatLabelsItem(QGraphicsItem):
    """The picture and idol labels of a heat map, above the pegs (a separate item so it can
    stack higher than the translucent fill)."""

    def __init__(self, labels, rect: QRectF):
        super().__init__()
        self._labels = labels
        self._rect = rect
        self.setZValue(Z_HEAT_LABELS)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing, True)
        # labels: a normal-size font in a scaled painter (tiny font sizes render badly)
        for centre, text, never in self._labels:
            path, scale = centred_text(text, LABEL_HEIGHT)
            p.save()
            p.translate(centre)
            p.scale(scale, scale)
            stroke = QPainterPathStroker()
            stroke.setWidth(6)
            stroke.setJoinStyle(Qt.RoundJoin)
            p.fillPath(stroke.createStroke(path), QColor(255, 255, 255, 235))
            p.fillPath(path, NEVER if never else QColor("#3a2f25"))
            p.restore()


Z_BLAME = 42.0             # over the heat labels: what a warning blames
BLAME_COLOUR = QColor("#1d63d8")


class BlameItem(QGraphicsItem):
    """The outlines of what one warning blames (:class:`~studio.playtest.stats.Blame`), over the
    heat map: its segments, bridges and line items outlined in blue and its pegs (a seat's start
    pegs for a warning about that seat) ringed. ``catalogue``: the board's elements as they are
    now (an element deleted since the run is not drawn); ``keys``: the element keys blamed.
    ``drawn`` lists the keys found on the board. Takes no click."""

    def __init__(self, catalogue, keys):
        super().__init__()
        wanted = set(keys)
        self.drawn: list[str] = []
        self._polys: list[QPolygonF] = []
        self._lines: list[QPainterPath] = []
        self._pegs: list[QPointF] = []
        rect = QRectF()
        for e in catalogue:
            if e.key not in wanted or not e.shape:
                continue
            self.drawn.append(e.key)
            if e.kind == "segment" and len(e.shape) >= 3:
                poly = QPolygonF([QPointF(x, y) for x, y in e.shape])
                self._polys.append(poly)
                rect = rect.united(poly.boundingRect())
            elif e.kind in ("bridge", "line") and len(e.shape) >= 2:
                path = QPainterPath(QPointF(*e.shape[0]))
                for x, y in e.shape[1:]:
                    path.lineTo(x, y)
                self._lines.append(path)
                rect = rect.united(path.boundingRect())
            elif e.kind == "peg":
                centre = QPointF(*e.shape[0])
                self._pegs.append(centre)
                rect = rect.united(QRectF(centre.x() - 0.4, centre.y() - 0.4, 0.8, 0.8))
        self.area = rect                   # what to bring into view (empty: nothing drawn)
        self._rect = rect.adjusted(-0.5, -0.5, 0.5, 0.5)
        make_passive(self, Z_BLAME)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never hit: the editor's tools get every click

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing, True)
        halo = QPen(QColor(255, 255, 255, 220), 7)
        halo.setCosmetic(True)
        pen = QPen(BLAME_COLOUR, 3.5)
        pen.setCosmetic(True)
        p.setBrush(Qt.NoBrush)
        for pen_now in (halo, pen):
            p.setPen(pen_now)
            for poly in self._polys:
                p.drawPolygon(poly)
            for path in self._lines:
                p.drawPath(path)
            for centre in self._pegs:
                p.drawEllipse(centre, 0.3, 0.3)


class HeatLegend(HeatLegendBase):
    """The heat map's key, laid over the view: the colour ramp from 0% to 100% of games, the
    never-taken mark, and a one-line summary (``text``)."""

    def __init__(self, parent=None):
        super().__init__(parent, "heatLegend", 235, 2, "<b>Heat map</b>: share of games that took it",
                         HeatRamp(40, 100, 30, 8, 80, "never taken"), 270)

    def set_text(self, text: str) -> None:
        self.text.setText(text)
        self.adjustSize()
