"""What the board and island heat maps (:mod:`.heatmap`, :mod:`.island_heatmap`) share: the
colour ramp, the never-taken hatching, the passive scene item set-up, the scaled text labels and
the legend laid over the view's corner with its ramp widget.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QLabel, QVBoxLayout, QWidget

from studio.playtest import heat

NEVER = QColor(heat.NEVER)
FILL_ALPHA = 150


def heat_colour(rate: float, alpha: int = FILL_ALPHA) -> QColor:
    """Pale yellow (0) to deep red (1) for a share of games ``rate`` in 0..1: the scale of every
    heat map, the HTML report's too (:func:`studio.playtest.heat.heat_rgb`)."""
    c = QColor(*heat.heat_rgb(rate))
    c.setAlpha(alpha)
    return c


def _never(alpha: int) -> QColor:
    """The never-taken red (:data:`studio.playtest.heat.NEVER`) at ``alpha``."""
    c = QColor(heat.NEVER)
    c.setAlpha(alpha)
    return c


def make_passive(item: QGraphicsItem, z: float) -> None:
    """Stack ``item`` at ``z`` and let every click, hover, selection and focus pass through it."""
    item.setZValue(z)
    item.setAcceptedMouseButtons(Qt.NoButton)
    item.setAcceptHoverEvents(False)
    item.setFlag(QGraphicsItem.ItemIsSelectable, False)
    item.setFlag(QGraphicsItem.ItemIsFocusable, False)


def never_marks(hatch_alpha: int) -> tuple[QBrush, QPen]:
    """``(hatch, pen)`` of never-taken content: a red diagonal hatch and a dashed cosmetic
    outline."""
    hatch = QBrush(_never(hatch_alpha), Qt.BDiagPattern)
    pen = QPen(NEVER, 2.2, Qt.DashLine)
    pen.setCosmetic(True)
    return hatch, pen


def paint_never(p: QPainter, poly, hatch: QBrush, pen: QPen) -> None:
    """Fill ``poly`` as never taken: a pale red ground, the hatch, the dashed outline."""
    ground = QColor(heat.NEVER_GROUND)
    ground.setAlpha(120)
    p.setBrush(ground)
    p.drawPolygon(poly)
    p.setBrush(hatch)
    p.drawPolygon(poly)
    p.setPen(pen)
    p.setBrush(Qt.NoBrush)
    p.drawPolygon(poly)


def centred_text(text: str, height: float) -> tuple[QPainterPath, float]:
    """``(path, scale)``: ``text`` as a path centred on (0, 0) in a normal-size bold font (tiny
    font sizes render badly) and the painter scale that makes it ``height`` units tall."""
    font = QFont()
    font.setPixelSize(20)
    font.setBold(True)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, text)
    box = path.boundingRect()
    path.translate(-box.center().x(), -box.center().y())
    return path, height / 20


class HeatLegendBase(QWidget):
    """A heat map's key laid over the view (mouse events pass through it): a ``title`` line,
    the colour ``ramp`` and a ``text`` label below. ``name``: the object name its style sheet
    uses; ``alpha``: its background's opacity; ``wrap_title``: the title wraps in a narrow
    legend; ``rich_text``: ``text`` is always rich text."""

    def __init__(self, parent, name: str, alpha: int, spacing: int, title: str, ramp: QWidget, width: int,
                 wrap_title: bool = False, rich_text: bool = False):
        super().__init__(parent)
        self.setAttribute(Qt.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setObjectName(name)
        self.setStyleSheet(f"#{name} {{ background: rgba(255, 252, 244, {alpha}); border: 1px solid #d3c7ad;"
                           " border-radius: 6px; } QLabel { color: #3a2f25; background: transparent; }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 8)
        lay.setSpacing(spacing)
        self.title = QLabel(title)
        if wrap_title:
            self.title.setWordWrap(True)  # a narrow legend wraps it rather than cutting it
        lay.addWidget(self.title)
        self.ramp = ramp
        lay.addWidget(self.ramp)
        self.text = QLabel()
        self.text.setWordWrap(True)
        if rich_text:
            self.text.setTextFormat(Qt.RichText)
        lay.addWidget(self.text)
        self.setFixedWidth(width)


class HeatRamp(QWidget):
    """The colour ramp from 0% to 100% through the heat scale's key stops
    (:func:`studio.playtest.heat.legend_stops`) with their percentages, and the never-taken mark labelled
    ``label``. ``spare``: the width right of the ramp; ``box_dx``: the mark's offset past the
    ramp; ``label_dx``, ``label_width``: where its label sits."""

    def __init__(self, height: int, spare: int, box_dx: float, label_dx: float, label_width: float, label: str):
        super().__init__()
        self.setFixedHeight(height)
        self._spare = spare
        self._box_dx = box_dx
        self._label_dx = label_dx
        self._label_width = label_width
        self._label = label

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        x0 = 12.0
        w = self.width() - self._spare
        grad = QLinearGradient(x0, 0, x0 + w, 0)
        stops = heat.legend_stops()  # the HTML report's key has a swatch at each
        for t, colour, _label in stops:
            grad.setColorAt(t, QColor(colour))
        p.setPen(QPen(QColor("#b9ab8e"), 1))
        p.setBrush(grad)
        p.drawRect(QRectF(x0 + 0.5, 4.5, w, 12))
        p.setPen(QColor("#6b5f4e"))
        small = QFont(self.font())
        small.setPixelSize(10)
        p.setFont(small)
        for t, _colour, label in stops:
            x = x0 + t * w
            p.drawText(QRectF(x - 20, 19, 40, 14), Qt.AlignCenter, label)
        box = QRectF(x0 + w + self._box_dx, 4.5, 16, 12)
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(heat.NEVER_GROUND))
        p.drawRect(box)
        p.setBrush(QBrush(_never(200), Qt.BDiagPattern))
        p.drawRect(box)
        p.setPen(QPen(NEVER, 1.5, Qt.DashLine))
        p.setBrush(Qt.NoBrush)
        p.drawRect(box)
        p.setPen(NEVER)
        p.drawText(QRectF(x0 + w + self._label_dx, 19, self._label_width, 14), Qt.AlignCenter, self._label)
        p.end()


__all__ = ["FILL_ALPHA", "HeatLegendBase", "HeatRamp", "NEVER", "centred_text", "heat_colour", "make_passive",
           "never_marks", "paint_never"]
