"""The heat map of a balance run drawn over the editor's board: how often each segment, bridge,
line item, picture and idol was taken, as a translucent layer with a legend.

:class:`HeatMapItem` is one scene item in board units (the scene's own units) above the board
and below nothing that takes clicks: it accepts no mouse button, so the editor's tools work
through it. Content never taken (a segment with VP, energy, an idol or a picture; a bridge; a
line item) gets a hatched red fill and a dashed red outline so it stands out at a glance.
:class:`HeatLegend` is a small widget laid over the view's corner.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QLabel, QVBoxLayout, QWidget

NEVER = QColor("#c62828")
LOW = (255, 241, 168)      # rarely taken: pale yellow
HIGH = (176, 30, 24)       # taken in every game: deep red
FILL_ALPHA = 150
Z_HEAT = 27.0              # over segments, lines and regions (25), under pegs (30) and labels
LINE_WIDTH = 0.16          # bridges and line items, board units
Z_HEAT_LABELS = 41.0       # over pegs (30) and seat labels (40)
LABEL_HEIGHT = 0.24        # picture and idol labels, board units


def heat_colour(rate: float, alpha: int = FILL_ALPHA) -> QColor:
    """Pale yellow (0) to deep red (1) for a share of games ``rate`` in 0..1."""
    t = min(1.0, max(0.0, rate))
    c = QColor(*(round(a + (b - a) * t) for a, b in zip(LOW, HIGH)))
    c.setAlpha(alpha)
    return c


class HeatMapItem(QGraphicsItem):
    """Per-element rates of a run over the board. ``catalogue``: the game's
    :class:`~studio.playtest.elements.Element` list (shapes in board units); ``stats``: the
    summary's :class:`~studio.playtest.stats.ElementStat` list.

    ``rates`` maps every drawn element key to its share of games (0..1) and ``never`` lists the
    keys of content never taken, in catalogue order."""

    def __init__(self, catalogue, stats, games: int):
        super().__init__()
        self.games = games
        by_key = {s.key: s for s in stats}
        self.rates: dict[str, float] = {}
        self.never: list[str] = []
        self._segments: list[tuple[QPolygonF, float, bool, str]] = []
        self._lines: list[tuple[QPainterPath, float, bool]] = []
        self._labels: list[tuple[QPointF, str, bool]] = []
        picture_of: dict[str, list[QPolygonF]] = {}
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
                if "picture " in e.content:
                    name = e.content.split("picture ", 1)[1].split(",")[0].strip()
                    picture_of.setdefault(name, []).append(poly)
                if "idol" in e.content:
                    self._labels.append((poly.boundingRect().center(), f"idol {100 * rate:.0f}%", never))
            elif e.kind in ("bridge", "line") and len(e.shape) >= 2:
                path = QPainterPath(QPointF(*e.shape[0]))
                for x, y in e.shape[1:]:
                    path.lineTo(x, y)
                never = stat.taken == 0
                self._lines.append((path, rate, never))
                self.rates[e.key] = rate
                if never:
                    self.never.append(e.key)
        for e in catalogue:  # pictures: a label at the middle of their segments
            stat = by_key.get(e.key)
            if e.kind != "picture" or stat is None:
                continue
            name = e.key.split(" ", 1)[1]
            polys = picture_of.get(name)
            self.rates[e.key] = stat.rate
            if stat.taken == 0:
                self.never.append(e.key)
            if polys:
                xs = [p.boundingRect().center() for p in polys]
                centre = QPointF(sum(p.x() for p in xs) / len(xs), sum(p.y() for p in xs) / len(xs))
                self._labels.append((centre, f"{name} {100 * stat.rate:.0f}%", stat.taken == 0))
        rect = QRectF()
        for poly, *_ in self._segments:
            rect = rect.united(poly.boundingRect())
        for path, *_ in self._lines:
            rect = rect.united(path.boundingRect())
        self._rect = rect.adjusted(-1, -1, 1, 1)
        self.setZValue(Z_HEAT)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)
        self.setFlag(QGraphicsItem.ItemIsSelectable, False)
        self.setFlag(QGraphicsItem.ItemIsFocusable, False)
        self.setToolTip("")
        self.labels = HeatLabelsItem(self._labels, self._rect)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never hit by clicks or rubber bands

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing, True)
        hatch = QBrush(QColor(198, 40, 40, 150), Qt.BDiagPattern)
        never_pen = QPen(NEVER, 2.2, Qt.DashLine)
        never_pen.setCosmetic(True)
        for poly, rate, never, content in self._segments:
            p.setPen(Qt.NoPen)
            if never:
                p.setBrush(QColor(255, 235, 235, 120))
                p.drawPolygon(poly)
                p.setBrush(hatch)
                p.drawPolygon(poly)
                p.setPen(never_pen)
                p.setBrush(Qt.NoBrush)
                p.drawPolygon(poly)
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
        font = QFont()
        font.setPixelSize(20)
        font.setBold(True)
        scale = LABEL_HEIGHT / 20
        for centre, text, never in self._labels:
            path = QPainterPath()
            path.addText(QPointF(0, 0), font, text)
            box = path.boundingRect()
            path.translate(-box.center().x(), -box.center().y())
            p.save()
            p.translate(centre)
            p.scale(scale, scale)
            stroke = QPainterPathStroker()
            stroke.setWidth(6)
            stroke.setJoinStyle(Qt.RoundJoin)
            p.fillPath(stroke.createStroke(path), QColor(255, 255, 255, 235))
            p.fillPath(path, NEVER if never else QColor("#3a2f25"))
            p.restore()


class HeatLegend(QWidget):
    """The heat map's key, laid over the view: the colour ramp from 0% to 100% of games, the
    never-taken mark, and a one-line summary (``text``)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setAttribute(Qt.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setObjectName("heatLegend")
        self.setStyleSheet("#heatLegend { background: rgba(255, 252, 244, 235); border: 1px solid #d3c7ad;"
                           " border-radius: 6px; } QLabel { color: #3a2f25; background: transparent; }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 8)
        lay.setSpacing(2)
        self.title = QLabel("<b>Heat map</b>: share of games that took it")
        lay.addWidget(self.title)
        self.ramp = _Ramp()
        lay.addWidget(self.ramp)
        self.text = QLabel()
        self.text.setWordWrap(True)
        lay.addWidget(self.text)
        self.setFixedWidth(270)

    def set_text(self, text: str) -> None:
        self.text.setText(text)
        self.adjustSize()


class _Ramp(QWidget):
    def __init__(self):
        super().__init__()
        self.setFixedHeight(40)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        x0 = 12.0
        w = self.width() - 100
        grad = QLinearGradient(x0, 0, x0 + w, 0)
        for t in (0.0, 0.5, 1.0):
            grad.setColorAt(t, heat_colour(t, 255))
        p.setPen(QPen(QColor("#b9ab8e"), 1))
        p.setBrush(grad)
        p.drawRect(QRectF(x0 + 0.5, 4.5, w, 12))
        p.setPen(QColor("#6b5f4e"))
        small = QFont(self.font())
        small.setPixelSize(10)
        p.setFont(small)
        for t, label in ((0, "0%"), (0.5, "50%"), (1, "100%")):
            x = x0 + t * w
            p.drawText(QRectF(x - 20, 19, 40, 14), Qt.AlignCenter, label)
        box = QRectF(x0 + w + 30, 4.5, 16, 12)
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(255, 235, 235))
        p.drawRect(box)
        p.setBrush(QBrush(QColor(198, 40, 40, 200), Qt.BDiagPattern))
        p.drawRect(box)
        p.setPen(QPen(NEVER, 1.5, Qt.DashLine))
        p.setBrush(Qt.NoBrush)
        p.drawRect(box)
        p.setPen(NEVER)
        p.drawText(QRectF(x0 + w + 8, 19, 80, 14), Qt.AlignCenter, "never taken")
        p.end()
