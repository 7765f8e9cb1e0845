"""Drawing of the location content the base renderer does not show: goal markers, the Volcano
crater, Archipelago islands, water and bridges, Labyrinth line items (treasure, sword, helmet,
shield), Engraved Board picture outlines, and the validation markers.

QtGui only, in board units like :mod:`studio.render.glyphs` (whose style it follows)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QLinearGradient, QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF,
    QRadialGradient,
)

from studio.render import glyphs, style

WATER = QColor(86, 160, 206, 70)
SAND = ("#e8d49a", "#cfe0a0", "#e9c58f", "#bfd9b0", "#e3d0b0", "#d6e6a8")
PICTURE_INKS = ("#8d5524", "#6a4c93", "#1b7f6b", "#b5485d", "#44617a", "#7a7a1f", "#a0522d", "#2f6f9f")
SEVERITY_INK = {"error": "#d32f2f", "warning": "#f57c00", "info": "#1e88e5"}
BRIDGE_WOOD = "#9b6a3c"


def _pick(palette: Sequence[str], name: str) -> QColor:
    digest = hashlib.md5(name.encode("utf-8")).digest()
    return QColor(palette[digest[0] % len(palette)])


def island_colour(name: str) -> QColor:
    return _pick(SAND, name)


def picture_colour(name: str) -> QColor:
    return _pick(PICTURE_INKS, name)


# --- pegs ----------------------------------------------------------------------------------------

def paint_goal_ring(p: QPainter, centre: QPointF, seat_colours: Sequence[QColor]) -> None:
    """A dashed ring around a goal peg, in the colour of each seat racing to it (L1-2)."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    r = style.HALO_RADIUS * 0.92
    rect = QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
    colours = list(seat_colours) or [QColor("#555555")]
    span = 360 * 16 // len(colours)
    for i, c in enumerate(colours):
        pen = QPen(c, 0.045, Qt.CustomDashLine, Qt.FlatCap)
        pen.setDashPattern([1.6, 1.2])
        p.setPen(pen)
        p.setBrush(Qt.NoBrush)
        if len(colours) == 1:
            p.drawEllipse(rect)
        else:
            p.drawArc(rect, 90 * 16 + i * span, span)
    p.restore()


def paint_crater_ring(p: QPainter, centre: QPointF) -> None:
    """An ember ring: the peg is a shared start peg next to the crater (L2-2)."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    r = style.HALO_RADIUS
    glow = QRadialGradient(centre, r * 1.25)
    glow.setColorAt(0.0, QColor(255, 150, 60, 230))
    glow.setColorAt(0.65, QColor(230, 80, 30, 170))
    glow.setColorAt(1.0, QColor(200, 40, 20, 0))
    p.setPen(Qt.NoPen)
    p.setBrush(QBrush(glow))
    p.drawEllipse(centre, r * 1.25, r * 1.25)
    p.setPen(QPen(QColor("#8c1d0c"), r * 0.16))
    p.setBrush(Qt.NoBrush)
    p.drawEllipse(centre, r, r)
    p.restore()


def paint_lava(p: QPainter, polygon: QPolygonF) -> None:
    """The crater itself: a hole full of glowing lava."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    rect = polygon.boundingRect()
    glow = QRadialGradient(rect.center(), max(rect.width(), rect.height()) * 0.6)
    glow.setColorAt(0.0, QColor("#ffd54f"))
    glow.setColorAt(0.45, QColor("#ff8f00"))
    glow.setColorAt(1.0, QColor("#b71c1c"))
    p.setBrush(QBrush(glow))
    p.setPen(QPen(QColor("#5d1a0a"), 0.05, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.drawPolygon(polygon)
    glyphs.paint_text(p, rect.center(), "crater", 0.2, "#fff3e0", outline=QColor(120, 20, 0, 200))
    p.restore()


# --- lines -----------------------------------------------------------------------------------

def paint_bridge(p: QPainter, a: QPointF, b: QPointF, energy: int) -> None:
    """A plank bridge over a canal along the line a-b, with its energy (L3-2)."""
    line = QLineF(a, b)
    length = line.length()
    if length <= 0:
        return
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.translate(a)
    p.rotate(-line.angle())
    w = 0.15
    body = QRectF(length * 0.18, -w / 2, length * 0.64, w)
    p.setPen(QPen(QColor("#4e342e"), 0.022))
    p.setBrush(QColor(BRIDGE_WOOD))
    p.drawRoundedRect(body, 0.02, 0.02)
    p.setPen(QPen(QColor("#5d4037"), 0.014))
    n = 6
    for i in range(1, n):
        x = body.left() + body.width() * i / n
        p.drawLine(QPointF(x, body.top()), QPointF(x, body.bottom()))
    p.setPen(QPen(QColor("#3e2723"), 0.02))
    p.drawLine(QPointF(body.left(), body.top() - 0.015), QPointF(body.right(), body.top() - 0.015))
    p.drawLine(QPointF(body.left(), body.bottom() + 0.015), QPointF(body.right(), body.bottom() + 0.015))
    p.restore()
    if energy:
        mid = (a + b) / 2
        normal = QPointF(-(b.y() - a.y()), b.x() - a.x()) / length
        at = mid + normal * 0.2
        glyphs.paint_energy(p, at, style.GLYPH_SIZE * 0.8)
        if energy > 1:
            glyphs.paint_text(p, at + QPointF(0.14, 0.02), str(energy), 0.17, style.INK,
                              outline=QColor(255, 250, 235, 220))


def paint_sword(p: QPainter, centre: QPointF, size: float) -> None:
    s = size
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.translate(centre)
    p.rotate(-45)
    blade = QPolygonF([QPointF(-0.07 * s, 0.1 * s), QPointF(-0.07 * s, -0.42 * s), QPointF(0, -0.56 * s),
                       QPointF(0.07 * s, -0.42 * s), QPointF(0.07 * s, 0.1 * s)])
    p.setPen(QPen(QColor(style.INK), s * 0.06, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    grad = QLinearGradient(QPointF(-0.07 * s, 0), QPointF(0.07 * s, 0))
    grad.setColorAt(0.0, QColor("#f5f7fa"))
    grad.setColorAt(1.0, QColor("#9aa5b1"))
    p.setBrush(QBrush(grad))
    p.drawPolygon(blade)
    p.setBrush(QColor("#c49a2c"))
    p.drawRoundedRect(QRectF(-0.24 * s, 0.1 * s, 0.48 * s, 0.08 * s), 0.03 * s, 0.03 * s)
    p.setBrush(QColor("#6d4c41"))
    p.drawRect(QRectF(-0.045 * s, 0.18 * s, 0.09 * s, 0.24 * s))
    p.setBrush(QColor("#c49a2c"))
    p.drawEllipse(QPointF(0, 0.46 * s), 0.06 * s, 0.06 * s)
    p.restore()


def paint_helmet(p: QPainter, centre: QPointF, size: float) -> None:
    s = size
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    path = QPainterPath(centre + QPointF(-0.42 * s, 0.3 * s))
    path.cubicTo(centre + QPointF(-0.46 * s, -0.5 * s), centre + QPointF(0.46 * s, -0.5 * s),
                 centre + QPointF(0.42 * s, 0.3 * s))
    path.lineTo(centre + QPointF(0.12 * s, 0.3 * s))
    path.lineTo(centre + QPointF(0.12 * s, 0.02 * s))
    path.lineTo(centre + QPointF(-0.12 * s, 0.02 * s))
    path.lineTo(centre + QPointF(-0.12 * s, 0.3 * s))
    path.closeSubpath()
    grad = QLinearGradient(centre + QPointF(0, -0.4 * s), centre + QPointF(0, 0.3 * s))
    grad.setColorAt(0.0, QColor("#e0e4e8"))
    grad.setColorAt(1.0, QColor("#7b8794"))
    p.setBrush(QBrush(grad))
    p.setPen(QPen(QColor(style.INK), s * 0.06, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.drawPath(path)
    p.setPen(QPen(QColor("#b71c1c"), s * 0.09, Qt.SolidLine, Qt.RoundCap))
    p.drawLine(centre + QPointF(0, -0.34 * s), centre + QPointF(0, -0.52 * s))
    p.restore()


def paint_shield(p: QPainter, centre: QPointF, size: float) -> None:
    s = size
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    path = QPainterPath(centre + QPointF(-0.36 * s, -0.38 * s))
    path.lineTo(centre + QPointF(0.36 * s, -0.38 * s))
    path.cubicTo(centre + QPointF(0.38 * s, 0.1 * s), centre + QPointF(0.2 * s, 0.36 * s),
                 centre + QPointF(0, 0.5 * s))
    path.cubicTo(centre + QPointF(-0.2 * s, 0.36 * s), centre + QPointF(-0.38 * s, 0.1 * s),
                 centre + QPointF(-0.36 * s, -0.38 * s))
    p.setBrush(QColor("#1565c0"))
    p.setPen(QPen(QColor(style.INK), s * 0.06, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.drawPath(path)
    p.setPen(QPen(QColor("#ffca28"), s * 0.08, Qt.SolidLine, Qt.RoundCap))
    p.drawLine(centre + QPointF(0, -0.3 * s), centre + QPointF(0, 0.38 * s))
    p.drawLine(centre + QPointF(-0.28 * s, -0.08 * s), centre + QPointF(0.28 * s, -0.08 * s))
    p.restore()


ARTIFACT_PAINTERS = {"sword": paint_sword, "helmet": paint_helmet, "shield": paint_shield}


def paint_artifact(p: QPainter, centre: QPointF, kind: str, size: float = style.GLYPH_SIZE) -> None:
    ARTIFACT_PAINTERS[kind](p, centre, size)


def paint_line_item(p: QPainter, a: QPointF, b: QPointF, treasure: int, artifact: str | None) -> None:
    """Labyrinth content on a line (L8-2): a token with the artifact and/or treasure at the
    line's middle."""
    mid = (a + b) / 2
    kinds = ([("artifact", artifact)] if artifact else []) + ([("treasure", treasure)] if treasure else [])
    if not kinds:
        return
    size = style.GLYPH_SIZE * 0.82
    width = sum(size * (1.0 if k == "artifact" else 0.95) + (0.12 if k == "treasure" and v > 1 else 0)
                for k, v in kinds) + 0.05 * (len(kinds) - 1)
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    token = QRectF(mid.x() - width / 2 - 0.05, mid.y() - size * 0.62, width + 0.1, size * 1.24)
    p.setPen(QPen(QColor(120, 95, 60, 200), 0.018))
    p.setBrush(QColor(255, 248, 225, 235))
    p.drawRoundedRect(token, size * 0.5, size * 0.5)
    p.restore()
    x = mid.x() - width / 2
    for kind, value in kinds:
        w = size * (1.0 if kind == "artifact" else 0.95)
        c = QPointF(x + w / 2, mid.y())
        if kind == "artifact":
            paint_artifact(p, c, value, size)
        else:
            glyphs.paint_treasure(p, c, size)
            if value > 1:
                glyphs.paint_text(p, QPointF(x + w + 0.05, mid.y() + 0.02), str(value), size * 0.8, style.INK,
                                  outline=QColor(255, 250, 235, 220))
                w += 0.12
        x += w + 0.05


# --- regions -----------------------------------------------------------------------------------

def paint_region_outline(p: QPainter, path: QPainterPath, colour: QColor, *, selected: bool = False,
                         dashed: bool = True) -> None:
    """The outline of a picture or island (a union of segments)."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setBrush(Qt.NoBrush)
    if selected:
        halo = QColor(style.SELECT_OUTLINE)
        halo.setAlpha(150)
        p.setPen(QPen(halo, 0.14, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        p.drawPath(path)
    pen = QPen(colour, 0.055, Qt.CustomDashLine if dashed else Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
    if dashed:
        pen.setDashPattern([2.2, 1.3])
    p.setPen(pen)
    p.drawPath(path)
    p.restore()


def paint_region_label(p: QPainter, centre: QPointF, text: str, colour: QColor) -> None:
    """A region's name on a small parchment tag."""
    size = 0.17
    w = glyphs.text_width(text, size) + 0.16
    h = size * 1.5
    rect = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setPen(QPen(colour, 0.025))
    p.setBrush(QColor(255, 250, 238, 225))
    p.drawRoundedRect(rect, h / 2, h / 2)
    p.restore()
    glyphs.paint_text(p, centre, text, size, colour)


# --- validation markers ------------------------------------------------------------------------

def marker_pen(severity: str, width: float = 0.07) -> QPen:
    c = QColor(SEVERITY_INK.get(severity, SEVERITY_INK["error"]))
    return QPen(c, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)


def paint_peg_marker(p: QPainter, centre: QPointF, severity: str) -> None:
    """A red (orange, blue) halo around a peg that a finding is about."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    c = QColor(SEVERITY_INK.get(severity, SEVERITY_INK["error"]))
    glow = QRadialGradient(centre, style.HALO_RADIUS * 1.5)
    soft = QColor(c)
    soft.setAlpha(0)
    mid = QColor(c)
    mid.setAlpha(110)
    glow.setColorAt(0.0, soft)
    glow.setColorAt(0.55, mid)
    glow.setColorAt(1.0, soft)
    p.setPen(Qt.NoPen)
    p.setBrush(QBrush(glow))
    p.drawEllipse(centre, style.HALO_RADIUS * 1.5, style.HALO_RADIUS * 1.5)
    p.setPen(marker_pen(severity, 0.05))
    p.setBrush(Qt.NoBrush)
    p.drawEllipse(centre, style.HALO_RADIUS * 1.05, style.HALO_RADIUS * 1.05)
    p.restore()


def paint_line_marker(p: QPainter, a: QPointF, b: QPointF, severity: str) -> None:
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    c = QColor(SEVERITY_INK.get(severity, SEVERITY_INK["error"]))
    c.setAlpha(110)
    p.setPen(QPen(c, 0.2, Qt.SolidLine, Qt.RoundCap))
    p.drawLine(a, b)
    p.setPen(marker_pen(severity, 0.05))
    p.drawLine(a, b)
    p.restore()


def paint_area_marker(p: QPainter, path: QPainterPath, severity: str) -> None:
    """A face, segment, picture or island that a finding is about: tinted, outlined."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    c = QColor(SEVERITY_INK.get(severity, SEVERITY_INK["error"]))
    c.setAlpha(45)
    p.setBrush(c)
    p.setPen(marker_pen(severity, 0.065))
    p.drawPath(path)
    p.restore()


def stroke(path: QPainterPath, width: float) -> QPainterPath:
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setJoinStyle(Qt.RoundJoin)
    stroker.setCapStyle(Qt.RoundCap)
    return stroker.createStroke(path)
