"""Tool-bar icons drawn with QPainter (crisp at any scale, no image files to ship)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from studio.render import style

_INK = QColor("#33302b")
_ACCENT = QColor(style.SELECT_OUTLINE)


def _icon(draw, size: int = 64) -> QIcon:
    icon = QIcon()
    for s in (size // 2, size):
        pm = QPixmap(s, s)
        pm.fill(Qt.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.Antialiasing)
        p.scale(s / 32, s / 32)
        draw(p)
        p.end()
        icon.addPixmap(pm)
    return icon


def _peg(p: QPainter, c: QPointF, r: float, colour: str) -> None:
    p.setPen(QPen(_INK, 1.6))
    p.setBrush(style.peg_fill(colour))
    p.drawEllipse(c, r, r)


def select_icon() -> QIcon:
    def draw(p):
        arrow = QPolygonF([QPointF(x, y) for x, y in
                           ((8, 4), (8, 26), (13.5, 20.5), (17.5, 29), (21, 27.5), (17, 19), (25, 19))])
        p.setPen(QPen(_INK, 1.8, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        p.setBrush(QColor("#ffffff"))
        p.drawPolygon(arrow)
    return _icon(draw)


def add_peg_icon() -> QIcon:
    def draw(p):
        _peg(p, QPointF(13, 18), 8, "green")
        p.setPen(QPen(_ACCENT, 3.2, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(25, 3), QPointF(25, 13))
        p.drawLine(QPointF(20, 8), QPointF(30, 8))
    return _icon(draw)


def add_line_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(QColor(style.LINE_INK), 2.6, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(7, 25), QPointF(25, 7))
        _peg(p, QPointF(7, 25), 5, "blue")
        _peg(p, QPointF(25, 7), 5, "red")
    return _icon(draw)


def delete_icon() -> QIcon:
    def draw(p):
        _peg(p, QPointF(14, 16), 8, "gray")
        p.setPen(QPen(QColor("#c62828"), 3.4, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(20, 20), QPointF(29, 29))
        p.drawLine(QPointF(29, 20), QPointF(20, 29))
    return _icon(draw)


def fit_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(_INK, 2.4, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            cx, cy = 16 - sx * 11, 16 - sy * 11
            path = QPainterPath(QPointF(cx, cy + sy * 7))
            path.lineTo(cx, cy)
            path.lineTo(cx + sx * 7, cy)
            p.drawPath(path)
        p.setBrush(QColor(style.PARCHMENT))
        p.drawRoundedRect(QRectF(10, 11, 12, 10), 2, 2)
    return _icon(draw)


def zoom_icon(plus: bool) -> QIcon:
    def draw(p):
        p.setPen(QPen(_INK, 2.6, Qt.SolidLine, Qt.RoundCap))
        p.setBrush(Qt.NoBrush)
        p.drawEllipse(QPointF(13, 13), 8.5, 8.5)
        p.drawLine(QPointF(19.5, 19.5), QPointF(28, 28))
        p.drawLine(QPointF(9, 13), QPointF(17, 13))
        if plus:
            p.drawLine(QPointF(13, 9), QPointF(13, 17))
    return _icon(draw)


def playtest_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(QColor("#1b5e20"), 1.8, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        p.setBrush(QColor("#43a047"))
        p.drawPolygon(QPolygonF([QPointF(9, 5), QPointF(27, 16), QPointF(9, 27)]))
    return _icon(draw)


def app_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(QColor(style.PLATE_BORDER), 1.5))
        p.setBrush(QColor(style.PARCHMENT))
        p.drawRoundedRect(QRectF(1.5, 3.5, 29, 25), 5, 5)
        pts = [QPointF(8, 23), QPointF(24, 23), QPointF(16, 9)]
        p.setPen(QPen(QColor(style.LINE_INK), 1.6))
        p.setBrush(QColor(224, 182, 72, 90))
        p.drawPolygon(QPolygonF(pts))
        for pt, c in zip(pts, ("red", "blue", "yellow")):
            _peg(p, pt, 3.6, c)
    return _icon(draw)


def undo_icon(redo: bool = False) -> QIcon:
    def draw(p):
        if redo:
            p.translate(32, 0)
            p.scale(-1, 1)
        pen = QPen(_INK, 2.8, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.NoBrush)
        path = QPainterPath(QPointF(9, 12))
        path.lineTo(20, 12)
        path.cubicTo(QPointF(30, 12), QPointF(30, 27), QPointF(20, 27))
        path.lineTo(13, 27)
        p.drawPath(path)
        p.setBrush(_INK)
        p.drawPolygon(QPolygonF([QPointF(4, 12), QPointF(11, 6), QPointF(11, 18)]))
    return _icon(draw)
