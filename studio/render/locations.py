"""Drawing of the location elements, shared by the editor's scene items and every export:
goal rings, the Volcano crater (lava and ember rings), Archipelago City canals, islands and
bridges with their energy, Labyrinth line items (treasure, sword, helmet, shield), Engraved
Board pictures (tints, outlines, names), and the editor's validation markers.

:class:`Scenery` holds what needs the whole board to place (water faces, island and picture
outlines and their labels, the crater hole); :func:`scenery` computes it once per board, so
a tiled export draws each sheet's part of the same outlines. QtGui only, in board units like
:mod:`studio.render.glyphs` (whose style it follows)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import shapely
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QRadialGradient,
)
from shapely.geometry import Polygon

from studio.geometry.faces import Face, line_graph_faces
from studio.model.realm import Board, line_key, segment_key
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
    """A region's name on a small parchment tag (:func:`label_size`)."""
    size = LABEL_SIZE
    w, h = label_size(text)
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


# --- shared by the editor's items and paint_board --------------------------------------------

def canal_tint(island: str | None) -> QColor:
    """Fill of a face on a canal board: its island's sand colour, or water (L3-1)."""
    if island:
        tint = QColor(island_colour(island))
        tint.setAlpha(120)
        return tint
    return QColor(WATER)


def picture_tint(name: str) -> QColor:
    """Faint wash of a picture's segments in the picture's ink (L4-2)."""
    tint = QColor(picture_colour(name))
    tint.setAlpha(40)
    return tint


def paint_face_tints(p: QPainter, polygon: QPolygonF, *, canal: QColor | None = None,
                     picture: str | None = None) -> None:
    """The location washes under a face's own tint: ``canal`` (from :func:`canal_tint`),
    then the picture's wash."""
    tints = ([canal] if canal is not None else []) + ([picture_tint(picture)] if picture else [])
    if not tints:
        return
    p.save()
    p.setPen(Qt.NoPen)
    for tint in tints:
        p.setBrush(tint)
        p.drawPolygon(polygon)
    p.restore()


def paint_peg_marks(p: QPainter, centre: QPointF, seat_colours: Sequence[QColor], *, is_start: bool,
                    goal_colours: Sequence[QColor] = (), crater: bool = False) -> None:
    """What surrounds a peg: the crater's ember ring, the start halo in each starting seat's
    colour (a crater peg gets one only when a seat names it), and goal rings (L1-2, L2-2)."""
    if crater:
        paint_crater_ring(p, centre)
    if is_start and (seat_colours or not crater):
        glyphs.paint_halo(p, centre, list(seat_colours))
    if goal_colours:
        paint_goal_ring(p, centre, goal_colours)


def paint_board_line(p: QPainter, a: QPointF, b: QPointF, *, bridge=None, item=None,
                     selected: bool = False, hovered: bool = False) -> None:
    """A printed line with what it carries: the plank bridge under it (``bridge``: a model
    Bridge, L3-2) and the Labyrinth token on it (``item``: a model LineItem, L8-2)."""
    if bridge is not None:
        paint_bridge(p, a, b, bridge.energy)
    glyphs.paint_line(p, a, b, selected=selected, hovered=hovered)
    if item is not None:
        paint_line_item(p, a, b, item.treasure, item.artifact)


def union_outline(polygons: Iterable[Polygon], text: str = "",
                  avoid: Sequence[tuple] = ()) -> tuple[QPainterPath, QPointF] | None:
    """Outline of the union of ``polygons`` (every ring, holes too) and where its name tag
    (``text``) goes, inside its largest part and covering as few of the ``avoid`` points
    (pegs, glyphs) as it can; None when there is nothing."""
    parts = [poly for poly in polygons if poly is not None and not poly.is_empty]
    if not parts:
        return None
    union = shapely.union_all(parts)
    path = QPainterPath()
    pieces = [g for g in shapely.get_parts(union) if g.geom_type == "Polygon"]
    if not pieces:
        return None
    for geom in pieces:
        for ring in [geom.exterior, *geom.interiors]:
            coords = list(ring.coords)
            path.moveTo(QPointF(*coords[0]))
            for x, y in coords[1:]:
                path.lineTo(QPointF(x, y))
            path.closeSubpath()
    return path, _label_point(parts, max(pieces, key=lambda g: g.area), text, avoid)


LABEL_SIZE = 0.17  # name tags of pictures and islands (board units)
PEG_WEIGHT = 5     # a tag under a peg is unreadable: worse than a tag over a glyph (weight 3)


def label_size(text: str) -> tuple[float, float]:
    """(width, height) in board units of a region's name tag."""
    return glyphs.text_width(text, LABEL_SIZE) + 0.16, LABEL_SIZE * 1.5


def _label_point(parts: list[Polygon], largest: Polygon, text: str,
                 avoid: Sequence[tuple]) -> QPointF:
    """Where a region's name tag goes: among the middles of its faces' sides and the faces'
    centres in the largest part, the one whose tag covers the fewest ``avoid`` points, then
    inside rather than on the outline, then the nearest the part's centre."""
    seen: dict[tuple, int] = {}
    for poly in parts:
        ring = [(round(x, 6), round(y, 6)) for x, y in poly.exterior.coords]
        for a, b in zip(ring, ring[1:]):
            edge = (a, b) if a <= b else (b, a)
            seen[edge] = seen.get(edge, 0) + 1
    # (point, 0 inside / 1 on the outline): the outline is the fallback of a crowded region
    candidates = [(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), int(n == 1)) for (a, b), n in seen.items()]
    candidates += [((c.x, c.y), 0) for c in (poly.centroid for poly in parts)]
    # and halfway from each face's centre to its corners' sides: room in a crowded region
    for poly in parts:
        c = poly.centroid
        ring = list(poly.exterior.coords)[:-1]
        for a, b in zip(ring, ring[1:] + ring[:1]):
            candidates.append((((c.x + (a[0] + b[0]) / 2) / 2, (c.y + (a[1] + b[1]) / 2) / 2), 0))
            candidates.append((((c.x + a[0]) / 2, (c.y + a[1]) / 2), 0))
    candidates = [(m, edge) for m, edge in candidates if largest.covers(shapely.Point(m))]
    if not candidates:
        at = largest.point_on_surface()
        return QPointF(at.x, at.y)
    w, h = label_size(text)
    reach = style.GLYPH_SIZE * 0.25

    def covered(m) -> float:
        # (x, y[, weight[, reach]]): a glyph weighs 3 and is hidden within a quarter glyph of
        # the tag; a peg (busy_points) weighs more and reaches as far as it is drawn
        total = 0.0
        for x, y, *more in avoid:
            r = more[1] if len(more) > 1 else reach
            if abs(x - m[0]) < w / 2 + r and abs(y - m[1]) < h / 2 + r:
                total += more[0] if more else 3
        return total

    centre = largest.centroid

    def best(options):
        return min(options, key=lambda c: (covered(c[0]), c[1], (c[0][0] - centre.x) ** 2 + (c[0][1] - centre.y) ** 2, c))

    (x, y), _edge = best(candidates)
    if covered((x, y)):
        # every spot inside hides a glyph or a peg (a crowded quay): a tag just outside the
        # part, beside the middle of one of its outer sides, when one there hides nothing
        outside = []
        ring = list(largest.exterior.coords)
        for a, b in zip(ring, ring[1:]):
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = (dx * dx + dy * dy) ** 0.5 or 1.0
            for sign in (1, -1):
                nx, ny = -dy / length * sign, dx / length * sign
                m = (mx + nx * (h / 2 + reach), my + ny * (h / 2 + reach))
                if not largest.intersects(shapely.Point(m).buffer(h / 4)):
                    outside.append((m, 2))
        if outside:
            (ox, oy), _ = best(outside)
            if not covered((ox, oy)):
                x, y = ox, oy
    return QPointF(x, y)


def crater_polygon(board: Board, faces: Sequence[Face]) -> QPolygonF | None:
    """The hole the crater pegs ring: the non-triangular face whose corners are all crater
    pegs (None without one). ``faces``: the board's line-graph faces."""
    crater = set(board.crater)
    if len(crater) < 3:
        return None
    for face in faces:
        if not face.is_triangle and set(face.pegs) <= crater:
            return QPolygonF([QPointF(x, y) for x, y in list(face.polygon.exterior.coords)[:-1]])
    return None


def board_faces(board: Board) -> list[Face]:
    """The line-graph faces of ``board`` (shapely; a few ms for the 80-peg base)."""
    return line_graph_faces({p.id: (p.x, p.y) for p in board.pegs.values()}, board.lines)


@dataclass
class Region:
    """A named group of segments drawn as one outline with a name tag (picture or island)."""

    name: str
    path: QPainterPath
    label_at: QPointF
    colour: QColor
    text: str


@dataclass
class Scenery:
    """The location elements of one board that need the whole board to place, in board
    units: ``canal_faces`` (every triangular face and its :func:`canal_tint`, only on a board
    with canals), ``pictures`` and ``islands`` (outlines and name tags), ``crater`` (the
    hole's polygon, or None)."""

    canal_faces: list[tuple[QPolygonF, QColor]] = field(default_factory=list)
    pictures: list[Region] = field(default_factory=list)
    islands: list[Region] = field(default_factory=list)
    crater: QPolygonF | None = None


def _triangle(board: Board, key) -> Polygon | None:
    pegs = board.pegs
    if len(key) != 3 or not all(pid in pegs for pid in key):
        return None
    poly = Polygon([(pegs[pid].x, pegs[pid].y) for pid in key])
    return poly if poly.area > 1e-12 else None


def busy_points(board: Board) -> list[tuple]:
    """Where a name tag should not go: (x, y) of the centre of every segment with treasure,
    energy or an idol, and (x, y, weight, radius) of every peg: pegs are drawn over the tags
    (and on a printed board a real peg stands there), so a tag under a peg costs the most."""
    pegs = board.pegs
    out: list[tuple] = [(p.x, p.y, PEG_WEIGHT, style.PEG_RADIUS * 1.15) for p in pegs.values()]
    for seg in board.segments:
        if (seg.treasure or seg.energy or seg.idol) and all(pid in pegs for pid in seg.pegs):
            out.append((sum(pegs[pid].x for pid in seg.pegs) / 3, sum(pegs[pid].y for pid in seg.pegs) / 3))
    return out


def picture_regions(board: Board, avoid: Sequence[tuple] | None = None) -> list[Region]:
    """One :class:`Region` per picture that has segments (named by its label when set).
    ``avoid``: :func:`busy_points` (computed when not given)."""
    avoid = busy_points(board) if avoid is None else avoid
    members: dict[str, list] = {}
    for seg in board.segments:
        if seg.picture:
            members.setdefault(seg.picture, []).append(seg.pegs)
    out = []
    for name in dict.fromkeys([*board.pictures, *members]):
        label = (board.pictures.get(name) or {}).get("label") or name
        found = union_outline((_triangle(board, k) for k in members.get(name, [])), label, avoid)
        if found is None:
            continue
        out.append(Region(name, found[0], found[1], picture_colour(name), label))
    return out


def island_regions(board: Board, avoid: Sequence[tuple] | None = None) -> list[Region]:
    """One :class:`Region` per island of an Archipelago City board. ``avoid``: as for
    :func:`picture_regions`."""
    avoid = busy_points(board) if avoid is None else avoid
    out = []
    for name, tris in board.islands.items():
        found = union_outline((_triangle(board, t) for t in tris), name, avoid)
        if found is not None:
            out.append(Region(name, found[0], found[1], island_colour(name).darker(170), name))
    return out


def has_canals(board: Board) -> bool:
    return bool(board.has_canals or board.islands or board.bridges)


def scenery(board: Board, faces: Sequence[Face] | None = None) -> Scenery:
    """Compute the :class:`Scenery` of ``board``; ``faces`` (its line-graph faces) are found
    when needed and not given."""
    avoid = busy_points(board)
    out = Scenery(pictures=picture_regions(board, avoid), islands=island_regions(board, avoid))
    need_faces = has_canals(board) or len(board.crater) >= 3
    if need_faces and faces is None:
        faces = board_faces(board)
    if has_canals(board):
        island_of = {segment_key(t): name for name, tris in board.islands.items() for t in tris}
        for face in faces:
            if face.is_triangle:
                poly = QPolygonF([QPointF(x, y) for x, y in list(face.polygon.exterior.coords)[:-1]])
                out.canal_faces.append((poly, canal_tint(island_of.get(face.key))))
    if len(board.crater) >= 3:
        out.crater = crater_polygon(board, faces)
    return out


def _visible(p: QPainter, rect: QRectF) -> bool:
    # a tiled sheet clips to its tile: skip what lies outside, so a PDF page holds only its part
    return not p.hasClipping() or p.clipBoundingRect().intersects(rect)


def paint_canals(p: QPainter, scene: Scenery) -> None:
    """Water and island sand under every face of a canal board."""
    p.save()
    p.setPen(Qt.NoPen)
    for polygon, tint in scene.canal_faces:
        if _visible(p, polygon.boundingRect()):
            p.setBrush(tint)
            p.drawPolygon(polygon)
    p.restore()


def paint_regions(p: QPainter, regions: Iterable[Region], outlines: bool = True, labels: bool = True) -> None:
    """Outlines and (or) name tags of pictures or islands (a print draws the tags last, over
    the pegs, so no tag is ever hidden)."""
    for region in regions:
        if _visible(p, region.path.boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)):
            if outlines:
                paint_region_outline(p, region.path, region.colour)
            if labels:
                paint_region_label(p, region.label_at, region.text, region.colour)


def board_line_extras(board: Board) -> tuple[dict, dict]:
    """(line key -> Bridge, line key -> LineItem) of ``board``."""
    return ({line_key(*b.line): b for b in board.bridges}, {line_key(*i.line): i for i in board.line_items})


def goal_seats(board: Board) -> dict[str, list[int]]:
    """Peg id -> indexes (seat order) of the seats racing to it (L1-2)."""
    out: dict[str, list[int]] = {}
    for i, seat in enumerate(board.seats.values()):
        for pid in seat.goal:
            out.setdefault(pid, []).append(i)
    return out
