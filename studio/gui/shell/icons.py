"""Tool-bar icons drawn with QPainter (crisp at any scale, no image files to ship)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPainterPath, QPalette, QPen, QPixmap, QPolygonF

from studio.render import style

_INK = QColor("#33302b")   # outline of pegs (game pieces keep their printed look on any palette)


def ink() -> QColor:
    """The colour of an icon's line work: the studio's dark ink on a light palette, the palette's
    button text on a dark one (``STUDIO_PALETTE=dark``, a dark desktop theme), so tool bar icons
    read on both. Read when the icon is drawn: windows draw their icons after the palette is set."""
    palette = QGuiApplication.palette()
    if palette.color(QPalette.Window).lightness() < palette.color(QPalette.WindowText).lightness():
        return palette.color(QPalette.ButtonText)
    return QColor(_INK)
_ACCENT = QColor(style.SELECT_OUTLINE)


def painted_icon(draw, size: int = 64) -> QIcon:
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


def paint_plus(p: QPainter, x: float, y: float, half: float, colour: QColor, width: float) -> None:
    """A "+" centred on (x, y), arms ``half`` long (the "add" badge of an icon)."""
    p.setPen(QPen(colour, width, Qt.SolidLine, Qt.RoundCap))
    p.drawLine(QPointF(x, y - half), QPointF(x, y + half))
    p.drawLine(QPointF(x - half, y), QPointF(x + half, y))


def paint_delete_cross(p: QPainter, x: float, y: float, size: float = 9) -> None:
    """A red "×" in the square from (x, y), ``size`` wide (the "delete" badge of an icon)."""
    p.setPen(QPen(QColor("#c62828"), 3.4, Qt.SolidLine, Qt.RoundCap))
    p.drawLine(QPointF(x, y), QPointF(x + size, y + size))
    p.drawLine(QPointF(x + size, y), QPointF(x, y + size))


def _peg(p: QPainter, c: QPointF, r: float, colour: str) -> None:
    p.setPen(QPen(_INK, 1.6))
    p.setBrush(style.peg_fill(colour))
    p.drawEllipse(c, r, r)


def select_icon() -> QIcon:
    def draw(p):
        arrow = QPolygonF([QPointF(x, y) for x, y in
                           ((8, 4), (8, 26), (13.5, 20.5), (17.5, 29), (21, 27.5), (17, 19), (25, 19))])
        p.setPen(QPen(ink(), 1.8, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        p.setBrush(QColor("#ffffff"))
        p.drawPolygon(arrow)
    return painted_icon(draw)


def add_peg_icon() -> QIcon:
    def draw(p):
        _peg(p, QPointF(13, 18), 8, "green")
        paint_plus(p, 25, 8, 5, _ACCENT, 3.2)
    return painted_icon(draw)


def add_line_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(QColor(style.LINE_INK), 2.6, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(7, 25), QPointF(25, 7))
        _peg(p, QPointF(7, 25), 5, "blue")
        _peg(p, QPointF(25, 7), 5, "red")
    return painted_icon(draw)


def delete_icon() -> QIcon:
    def draw(p):
        _peg(p, QPointF(14, 16), 8, "gray")
        paint_delete_cross(p, 20, 20)
    return painted_icon(draw)


def fit_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(ink(), 2.4, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            cx, cy = 16 - sx * 11, 16 - sy * 11
            path = QPainterPath(QPointF(cx, cy + sy * 7))
            path.lineTo(cx, cy)
            path.lineTo(cx + sx * 7, cy)
            p.drawPath(path)
        p.setBrush(QColor(style.PARCHMENT))
        p.drawRoundedRect(QRectF(10, 11, 12, 10), 2, 2)
    return painted_icon(draw)


def zoom_icon(plus: bool) -> QIcon:
    def draw(p):
        p.setPen(QPen(ink(), 2.6, Qt.SolidLine, Qt.RoundCap))
        p.setBrush(Qt.NoBrush)
        p.drawEllipse(QPointF(13, 13), 8.5, 8.5)
        p.drawLine(QPointF(19.5, 19.5), QPointF(28, 28))
        p.drawLine(QPointF(9, 13), QPointF(17, 13))
        if plus:
            p.drawLine(QPointF(13, 9), QPointF(13, 17))
    return painted_icon(draw)


def playtest_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(QColor("#1b5e20"), 1.8, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        p.setBrush(QColor("#43a047"))
        p.drawPolygon(QPolygonF([QPointF(9, 5), QPointF(27, 16), QPointF(9, 27)]))
    return painted_icon(draw)


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
    return painted_icon(draw)


def undo_icon(redo: bool = False) -> QIcon:
    def draw(p):
        if redo:
            p.translate(32, 0)
            p.scale(-1, 1)
        pen = QPen(ink(), 2.8, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.NoBrush)
        path = QPainterPath(QPointF(9, 12))
        path.lineTo(20, 12)
        path.cubicTo(QPointF(30, 12), QPointF(30, 27), QPointF(20, 27))
        path.lineTo(13, 27)
        p.drawPath(path)
        p.setBrush(ink())
        p.drawPolygon(QPolygonF([QPointF(4, 12), QPointF(11, 6), QPointF(11, 18)]))
    return painted_icon(draw)


# --- tools on the location tool bar, and tool option glyphs ----------------------------------------

def _tri(p: QPainter, pts, fill: QColor) -> None:
    p.setPen(QPen(QColor(style.LINE_INK), 1.4, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.setBrush(fill)
    p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in pts]))


def peg_colour_icon() -> QIcon:
    def draw(p):
        _peg(p, QPointF(9, 21), 6, "red")
        _peg(p, QPointF(17, 25), 5, "blue")
        _peg(p, QPointF(24, 19), 5, "yellow")
        p.setPen(QPen(QColor("#6d4c41"), 3.0, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(14, 13), QPointF(27, 2))
        p.setPen(QPen(ink(), 1.2))
        p.setBrush(QColor("#e53935"))
        p.drawEllipse(QPointF(12.5, 14.5), 3.2, 3.2)
    return painted_icon(draw)


def segment_content_icon() -> QIcon:
    from studio.render import glyphs

    def draw(p):
        _tri(p, ((3, 28), (29, 28), (16, 5)), QColor(224, 182, 72, 110))
        p.save()
        p.scale(32, 32)
        glyphs.paint_treasure(p, QPointF(0.5, 0.62), 0.42)
        p.restore()
    return painted_icon(draw)


def pictures_icon() -> QIcon:
    def draw(p):
        ink = QColor("#6a4c93")
        fill = QColor(106, 76, 147, 60)
        for pts in (((2, 27), (12, 27), (7, 18)), ((12, 27), (7, 18), (17, 18)), ((12, 27), (22, 27), (17, 18)),
                    ((7, 18), (17, 18), (12, 9))):
            _tri(p, pts, fill)
        pen = QPen(ink, 2.0, Qt.DashLine, Qt.RoundCap, Qt.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.NoBrush)
        p.drawPolygon(QPolygonF([QPointF(2, 27), QPointF(22, 27), QPointF(12, 9)]))
        paint_plus(p, 25, 10, 4, ink, 2.2)
    return painted_icon(draw)


def islands_icon() -> QIcon:
    def draw(p):
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#7fc3e6"))
        p.drawRoundedRect(QRectF(1, 4, 30, 25), 5, 5)
        p.setPen(QPen(QColor("#8a6d3b"), 1.4))
        p.setBrush(QColor("#e8d49a"))
        path = QPainterPath(QPointF(6, 22))
        path.cubicTo(QPointF(3, 12), QPointF(14, 6), QPointF(20, 11))
        path.cubicTo(QPointF(28, 14), QPointF(27, 24), QPointF(18, 25))
        path.cubicTo(QPointF(13, 26), QPointF(8, 26), QPointF(6, 22))
        p.drawPath(path)
        p.setPen(QPen(QColor("#2e7d32"), 2.2, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(15, 18), QPointF(15, 11))
        p.drawLine(QPointF(15, 11), QPointF(11, 12))
        p.drawLine(QPointF(15, 11), QPointF(19, 12))
    return painted_icon(draw)


def bridges_icon() -> QIcon:
    from studio.render import locations as location_glyphs

    def draw(p):
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#7fc3e6"))
        p.drawRect(QRectF(10, 2, 12, 28))
        p.save()
        p.scale(32, 32)
        location_glyphs.paint_bridge(p, QPointF(0.08, 0.5), QPointF(0.92, 0.5), 0)
        p.restore()
        _peg(p, QPointF(5, 16), 3.6, "gray")
        _peg(p, QPointF(27, 16), 3.6, "green")
    return painted_icon(draw)


def line_items_icon() -> QIcon:
    from studio.render import locations as location_glyphs

    def draw(p):
        p.setPen(QPen(QColor(style.LINE_INK), 2.4, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(3, 27), QPointF(29, 27))
        _peg(p, QPointF(4, 27), 3.4, "red")
        _peg(p, QPointF(28, 27), 3.4, "blue")
        p.save()
        p.scale(32, 32)
        location_glyphs.paint_sword(p, QPointF(0.5, 0.42), 0.62)
        p.restore()
    return painted_icon(draw)


def seats_icon() -> QIcon:
    from studio.render import glyphs

    def draw(p):
        p.save()
        p.scale(32, 32)
        glyphs.paint_halo(p, QPointF(0.36, 0.7), [style.seat_colour(0)], 0.24)
        p.restore()
        _peg(p, QPointF(11.5, 22.5), 4.5, "yellow")
        p.setPen(QPen(ink(), 1.8, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(20, 28), QPointF(20, 4))
        p.setPen(QPen(ink(), 1.0))
        p.setBrush(style.seat_colour(0))
        p.drawPolygon(QPolygonF([QPointF(20, 4), QPointF(30, 8), QPointF(20, 12)]))
    return painted_icon(draw)


def crater_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(QColor("#5d4037"), 1.4))
        p.setBrush(QColor("#8d6e63"))
        p.drawPolygon(QPolygonF([QPointF(2, 28), QPointF(11, 9), QPointF(21, 9), QPointF(30, 28)]))
        p.setPen(QPen(QColor("#5d1a0a"), 1.2))
        p.setBrush(QColor("#ff8f00"))
        p.drawEllipse(QRectF(10, 6, 12, 6))
        p.setPen(QPen(QColor("#ff5722"), 2.0, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(16, 4), QPointF(16, 1))
        p.drawLine(QPointF(12, 4), QPointF(10, 1.5))
        p.drawLine(QPointF(20, 4), QPointF(22, 1.5))
    return painted_icon(draw)


def triangulate_icon() -> QIcon:
    def draw(p):
        pts = [QPointF(4, 27), QPointF(16, 27), QPointF(28, 27), QPointF(10, 16), QPointF(22, 16), QPointF(16, 5)]
        p.setPen(QPen(QColor(style.SELECT_OUTLINE), 1.6, Qt.DashLine, Qt.RoundCap))
        for a, b in ((0, 1), (1, 2), (0, 3), (1, 3), (1, 4), (2, 4), (3, 4), (3, 5), (4, 5)):
            p.drawLine(pts[a], pts[b])
        for pt, c in zip(pts, ("red", "gray", "blue", "green", "yellow", "red")):
            _peg(p, pt, 3.0, c)
    return painted_icon(draw)


def transform_icon(kind: str) -> QIcon:
    def draw(p):
        pen = QPen(ink(), 2.2, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        if kind.startswith("mirror"):
            if kind == "mirror-y":
                p.translate(32, 0)
                p.rotate(90)
            p.setPen(QPen(QColor(style.SELECT_OUTLINE), 1.6, Qt.DashLine))
            p.drawLine(QPointF(16, 2), QPointF(16, 30))
            _tri(p, ((3, 26), (13, 26), (13, 8)), QColor(224, 182, 72, 150))
            _tri(p, ((29, 26), (19, 26), (19, 8)), QColor(224, 182, 72, 60))
            return
        p.setPen(pen)
        p.setBrush(Qt.NoBrush)
        span = {"half-turn": 180, "third-turn": 120, "third-turn-back": 120}[kind]
        p.drawArc(QRectF(5, 5, 22, 22), 90 * 16, (-span if kind != "third-turn-back" else span) * 16)
        end = QPointF(16 + 11 * math.cos(math.radians(90 - (span if kind != "third-turn-back" else -span))),
                      16 - 11 * math.sin(math.radians(90 - (span if kind != "third-turn-back" else -span))))
        p.setBrush(ink())
        p.drawEllipse(end, 2.6, 2.6)
        _peg(p, QPointF(16, 5), 3.4, "red")
    return painted_icon(draw)


def scenario_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(ink(), 1.4))
        p.setBrush(QColor("#fffdf6"))
        p.drawRoundedRect(QRectF(5, 2, 22, 28), 2.5, 2.5)
        p.setPen(QPen(QColor("#8d7b68"), 1.6, Qt.SolidLine, Qt.RoundCap))
        for y in (9, 14, 19):
            p.drawLine(QPointF(9, y), QPointF(23, y))
        p.setPen(QPen(QColor(style.SELECT_OUTLINE), 1.6))
        p.setBrush(QColor(style.SELECT_OUTLINE))
        p.drawEllipse(QPointF(20, 24), 3, 3)
    return painted_icon(draw)


def wizard_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(QColor(style.PLATE_BORDER), 1.4))
        p.setBrush(QColor(style.PARCHMENT))
        p.drawRoundedRect(QRectF(2, 8, 24, 21), 4, 4)
        for pt, c in zip((QPointF(8, 24), QPointF(20, 24), QPointF(14, 14)), ("red", "blue", "yellow")):
            _peg(p, pt, 3.2, c)
        p.setPen(QPen(QColor("#f9a825"), 2.0, Qt.SolidLine, Qt.RoundCap))
        for a in range(0, 360, 45):
            r1, r2 = 2.0, 5.0
            c = QPointF(26, 6)
            p.drawLine(c + QPointF(r1 * math.cos(math.radians(a)), r1 * math.sin(math.radians(a))),
                       c + QPointF(r2 * math.cos(math.radians(a)), r2 * math.sin(math.radians(a))))
    return painted_icon(draw)


def dot_icon(colour: QColor, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setPen(QPen(QColor(colour).darker(140), 1))
    p.setBrush(QColor(colour))
    p.drawEllipse(QRectF(1.5, 1.5, size - 3, size - 3))
    p.end()
    return QIcon(pm)


def glyph_icon(kind: str, size: int = 32) -> QIcon:
    """Icon of a content glyph: treasure, energy, orange / blue idol, sword, helmet, shield."""
    from studio.render import glyphs
    from studio.render import locations as location_glyphs

    def draw(p):
        p.scale(32, 32)
        c = QPointF(0.5, 0.52)
        if kind == "treasure":
            glyphs.paint_treasure(p, c, 0.8)
        elif kind == "energy":
            glyphs.paint_energy(p, c, 0.85)
        elif kind in ("orange", "blue"):
            glyphs.paint_idol(p, QPointF(0.5, 0.45), kind, 0.85)
        else:
            location_glyphs.paint_artifact(p, c, kind, 0.8)
    return painted_icon(draw, size)


_TOOL_ICONS = {
    "select": select_icon, "add-peg": add_peg_icon, "add-line": add_line_icon, "delete": delete_icon,
    "peg-colour": peg_colour_icon, "segment-content": segment_content_icon, "pictures": pictures_icon,
    "islands": islands_icon, "bridges": bridges_icon, "line-items": line_items_icon, "seats": seats_icon,
    "crater": crater_icon,
}


def tool_icon(name: str) -> QIcon:
    """The tool bar icon of the tool called ``name`` (an empty icon for an unknown name)."""
    make = _TOOL_ICONS.get(name)
    return make() if make is not None else QIcon()
