"""Drawing primitives in board units: pegs, halos, lines, segment tints and content glyphs.

Every function draws with the painter's current transform (board units, y down) and restores
the painter state it changes, so the editor's scene items and :func:`paint_board` share them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRadialGradient,
    QTransform,
)

from studio.render import style

# Text is drawn in a coordinate system scaled up by this factor, because fonts need pixel
# sizes of at least 1 and board units are small.
_TEXT_SCALE = 100.0


def _font(size: float, bold: bool = True) -> QFont:
    font = QFont("DejaVu Sans")
    font.setStyleHint(QFont.SansSerif)
    font.setPixelSize(max(1, round(size * _TEXT_SCALE)))
    font.setBold(bold)
    return font


def text_width(text: str, size: float, bold: bool = True) -> float:
    """Width in board units of ``text`` drawn at ``size`` (board units, cap height-ish)."""
    return QFontMetricsF(_font(size, bold)).horizontalAdvance(text) / _TEXT_SCALE


def paint_text(p: QPainter, centre: QPointF, text: str, size: float, colour: QColor | str = style.INK,
               bold: bool = True, outline: QColor | str | None = None) -> None:
    """Draw ``text`` centred on ``centre``; ``size`` is the font's pixel size in board units.
    ``outline`` draws a halo around the glyphs so text stays readable on any fill."""
    font = _font(size, bold)
    p.save()
    p.translate(centre)
    p.scale(1 / _TEXT_SCALE, 1 / _TEXT_SCALE)
    fm = QFontMetricsF(font)
    w = fm.horizontalAdvance(text)
    base = QPointF(-w / 2, (fm.ascent() - fm.descent()) / 2)
    if outline is not None:
        path = QPainterPath()
        path.addText(base, font, text)
        p.setPen(QPen(QColor(outline), size * _TEXT_SCALE * 0.22, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        p.setBrush(Qt.NoBrush)
        p.drawPath(path)
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(colour))
        p.drawPath(path)
    else:
        p.setFont(font)
        p.setPen(QColor(colour))
        p.drawText(base, text)
    p.restore()


# --- pegs ----------------------------------------------------------------------------------

def paint_peg(p: QPainter, centre: QPointF, colour: str, *, selected: bool = False,
              hovered: bool = False, radius: float = style.PEG_RADIUS) -> None:
    """A peg: a domed disc in its colour with a dark outline; a blue ring when selected."""
    fill = style.peg_fill(colour)
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    # soft contact shadow
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(40, 30, 20, 55))
    p.drawEllipse(centre + QPointF(radius * 0.12, radius * 0.18), radius * 1.02, radius * 1.02)
    grad = QRadialGradient(centre + QPointF(-radius * 0.35, -radius * 0.4), radius * 1.5)
    grad.setColorAt(0.0, fill.lighter(150))
    grad.setColorAt(0.45, fill)
    grad.setColorAt(1.0, fill.darker(135))
    p.setBrush(QBrush(grad))
    p.setPen(QPen(QColor(style.INK), style.PEG_OUTLINE))
    p.drawEllipse(centre, radius, radius)
    if hovered and not selected:
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(QColor(style.SELECT_OUTLINE).lighter(140), style.PEG_OUTLINE * 1.2))
        p.drawEllipse(centre, radius * 1.35, radius * 1.35)
    if selected:
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(QColor(255, 255, 255, 230), style.PEG_OUTLINE * 2.4))
        p.drawEllipse(centre, radius * 1.45, radius * 1.45)
        p.setPen(QPen(QColor(style.SELECT_OUTLINE), style.PEG_OUTLINE * 1.5))
        p.drawEllipse(centre, radius * 1.45, radius * 1.45)
    p.restore()


STAMP_MIN_PEGS = 1000   # boards with fewer pegs always paint each peg as vector shapes
STAMP_MAX_PIXELS = 24   # a peg drawn at most this many pixels wide may be stamped from an image
_STAMP_SPREAD = 1.3     # the stamp's half width in peg radii: the disc, its outline and shadow


def paint_pegs(p: QPainter, pegs: Sequence[tuple[QPointF, str]]) -> None:
    """Plain pegs ``(centre, colour)``, each as :func:`paint_peg` draws it. On an image
    (a PNG export, the New Board wizard's preview) where pegs are at most
    :data:`STAMP_MAX_PIXELS` wide, a board of :data:`STAMP_MIN_PEGS` pegs or more stamps one
    pre-drawn image per colour at each peg (9,801 pegs: a few hundredths of a second instead of
    seconds); otherwise, and in vector output (PDF, SVG, print), each peg is drawn."""
    t = p.transform()
    px = 2 * _STAMP_SPREAD * style.PEG_RADIUS * abs(t.m11())
    if (len(pegs) < STAMP_MIN_PEGS or not isinstance(p.device(), QImage) or t.type().value > QTransform.TxScale.value
            or abs(abs(t.m11()) - abs(t.m22())) > 1e-9 or not 0 < px <= STAMP_MAX_PIXELS):
        for centre, colour in pegs:
            paint_peg(p, centre, colour)
        return
    size = int(px) + 3
    stamps: dict[str, QImage] = {}
    p.save()
    p.resetTransform()
    for centre, colour in pegs:
        stamp = stamps.get(colour)
        if stamp is None:
            stamp = stamps[colour] = _peg_stamp(colour, size, abs(t.m11()))
        at = t.map(centre)
        p.drawImage(QPointF(at.x() - size / 2, at.y() - size / 2), stamp)
    p.restore()


def _peg_stamp(colour: str, size: int, scale: float) -> QImage:
    """A ``size``-pixel image of a peg of ``colour`` drawn at ``scale`` pixels per board unit,
    centred."""
    image = QImage(size, size, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    q = QPainter(image)
    try:
        q.translate(size / 2, size / 2)
        q.scale(scale, scale)
        paint_peg(q, QPointF(0, 0), colour)
    finally:
        q.end()
    return image


def paint_halo(p: QPainter, centre: QPointF, seat_colours: Sequence[QColor],
               radius: float = style.HALO_RADIUS) -> None:
    """The glow behind a start peg: a bright halo, ringed in the colour of each seat that
    starts there (split into arcs when several seats share the peg)."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    glow = QRadialGradient(centre, radius * 1.25)
    glow.setColorAt(0.0, QColor(255, 236, 140, 255))
    glow.setColorAt(0.6, QColor(255, 226, 110, 200))
    glow.setColorAt(1.0, QColor(255, 220, 100, 0))
    p.setPen(Qt.NoPen)
    p.setBrush(QBrush(glow))
    p.drawEllipse(centre, radius * 1.25, radius * 1.25)
    colours = list(seat_colours) or [QColor("#f0b000")]
    rect = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    span = 360 * 16 // len(colours)
    for i, c in enumerate(colours):
        p.setPen(QPen(c, radius * 0.2, Qt.SolidLine, Qt.FlatCap))
        p.setBrush(Qt.NoBrush)
        if len(colours) == 1:
            p.drawEllipse(rect)
        else:
            p.drawArc(rect, 90 * 16 + i * span, span)
    p.restore()


# --- lines ---------------------------------------------------------------------------------

def paint_line(p: QPainter, a: QPointF, b: QPointF, *, selected: bool = False, hovered: bool = False) -> None:
    """A printed line between two pegs; a wide blue underlay when selected."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    if selected or hovered:
        c = QColor(style.SELECT_OUTLINE)
        c.setAlpha(200 if selected else 90)
        p.setPen(QPen(c, style.LINE_WIDTH * (3.2 if selected else 2.6), Qt.SolidLine, Qt.RoundCap))
        p.drawLine(a, b)
    p.setPen(QPen(QColor(style.LINE_INK), style.LINE_WIDTH, Qt.SolidLine, Qt.RoundCap))
    p.drawLine(a, b)
    p.restore()


def paint_lines(p: QPainter, lines: Sequence[QLineF]) -> None:
    """Printed lines (as :func:`paint_line` draws one, unselected), in one batched call."""
    if not lines:
        return
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setPen(QPen(QColor(style.LINE_INK), style.LINE_WIDTH, Qt.SolidLine, Qt.RoundCap))
    p.drawLines(list(lines))
    p.restore()


# --- segments ------------------------------------------------------------------------------

def segment_tint(segment) -> QColor | None:
    """Background tint of a segment by its content (None for an empty segment)."""
    if segment is None:
        return None
    if segment.idol:
        c = QColor(style.IDOL_FILLS.get(segment.idol, "#999999"))
        c.setAlpha(45)
        return c
    if segment.treasure:
        return style.TREASURE_TINT
    if segment.energy:
        return style.ENERGY_TINT
    if segment.picture:
        return QColor(150, 120, 90, 30)
    return None


def paint_segment_fill(p: QPainter, polygon: QPolygonF, segment=None, *, selected: bool = False,
                       hovered: bool = False) -> None:
    """Tint of a segment (by content), plus hover and selection highlights."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setPen(Qt.NoPen)
    tint = segment_tint(segment)
    if tint is not None:
        p.setBrush(tint)
        p.drawPolygon(polygon)
    if hovered and not selected:
        p.setBrush(style.HOVER_TINT)
        p.drawPolygon(polygon)
    if selected:
        p.setBrush(style.SELECT_TINT)
        p.setPen(QPen(QColor(style.SELECT_OUTLINE), style.LINE_WIDTH * 1.4, Qt.DashLine, Qt.RoundCap,
                      Qt.RoundJoin))
        p.drawPolygon(_shrunk(polygon, 0.9))
    p.restore()


def _shrunk(polygon: QPolygonF, factor: float) -> QPolygonF:
    n = polygon.count()
    if n == 0:
        return polygon
    cx = sum(polygon.at(i).x() for i in range(n)) / n
    cy = sum(polygon.at(i).y() for i in range(n)) / n
    c = QPointF(cx, cy)
    return QPolygonF([c + (polygon.at(i) - c) * factor for i in range(n)])


def paint_treasure(p: QPainter, centre: QPointF, size: float = style.GLYPH_SIZE) -> None:
    """A cut gold gem, ``size`` board units across."""
    s = size
    pts = [(-0.5, -0.14), (-0.28, -0.42), (0.28, -0.42), (0.5, -0.14), (0.0, 0.48)]
    poly = QPolygonF([centre + QPointF(x * s, y * s) for x, y in pts])
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    grad = QLinearGradient(centre + QPointF(-0.5 * s, -0.42 * s), centre + QPointF(0.4 * s, 0.48 * s))
    grad.setColorAt(0.0, QColor(style.TREASURE_LIGHT))
    grad.setColorAt(0.55, QColor("#f0b92a"))
    grad.setColorAt(1.0, QColor(style.TREASURE_DARK))
    p.setBrush(QBrush(grad))
    p.setPen(QPen(QColor(style.INK), s * 0.09, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.drawPolygon(poly)
    # facets
    p.setPen(QPen(QColor(120, 80, 10, 170), s * 0.045, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    girdle_l, girdle_r = centre + QPointF(-0.5 * s, -0.14 * s), centre + QPointF(0.5 * s, -0.14 * s)
    p.drawLine(girdle_l, girdle_r)
    tip = centre + QPointF(0, 0.48 * s)
    for x_top, x_mid in ((-0.28, -0.16), (0.28, 0.16)):
        mid = centre + QPointF(x_mid * s, -0.14 * s)
        p.drawLine(centre + QPointF(x_top * s, -0.42 * s), mid)
        p.drawLine(mid, tip)
    # sparkle
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(255, 255, 255, 210))
    p.drawEllipse(centre + QPointF(-0.22 * s, -0.27 * s), 0.07 * s, 0.05 * s)
    p.restore()


def paint_energy(p: QPainter, centre: QPointF, size: float = style.GLYPH_SIZE) -> None:
    """A lightning bolt, ``size`` board units tall."""
    s = size
    pts = [(0.04, -0.52), (-0.30, 0.08), (-0.03, 0.08), (-0.15, 0.54), (0.32, -0.12), (0.06, -0.12), (0.26, -0.52)]
    poly = QPolygonF([centre + QPointF(x * s, y * s) for x, y in pts])
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    grad = QLinearGradient(centre + QPointF(0, -0.5 * s), centre + QPointF(0, 0.5 * s))
    grad.setColorAt(0.0, QColor(style.ENERGY_LIGHT))
    grad.setColorAt(1.0, QColor("#2aa3e0"))
    p.setBrush(QBrush(grad))
    p.setPen(QPen(QColor("#0f3f66"), s * 0.085, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.drawPolygon(poly)
    p.restore()


def paint_idol(p: QPainter, centre: QPointF, kind: str, size: float = style.GLYPH_SIZE) -> None:
    """A small idol figure (Two Demanding Deities) in the idol's colour."""
    s = size
    fill = QColor(style.IDOL_FILLS.get(kind, "#999999"))
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setPen(QPen(QColor(style.INK), s * 0.08))
    p.setBrush(fill)
    body = QPainterPath()
    body.addRoundedRect(QRectF(centre.x() - 0.26 * s, centre.y() - 0.05 * s, 0.52 * s, 0.5 * s), 0.1 * s, 0.1 * s)
    body.addEllipse(centre + QPointF(0, -0.26 * s), 0.22 * s, 0.22 * s)
    p.drawPath(body.simplified())
    p.restore()


def _count_label(n: int) -> str:
    return str(n)


def _content_items(segment) -> list[tuple[str, int | str]]:
    items: list[tuple[str, int | str]] = []
    if segment.treasure:
        items.append(("treasure", segment.treasure))
    if segment.energy:
        items.append(("energy", segment.energy))
    if segment.idol:
        items.append(("idol", segment.idol))
    return items


def paint_segment_content(p: QPainter, centre: QPointF, segment, size: float = style.GLYPH_SIZE) -> None:
    """Treasure, energy and idol glyphs of ``segment`` laid out in a row centred on ``centre``
    (the segment's centroid); counts above 1 are written beside their glyph. A picture's name
    is not repeated in each of its segments: its outline carries one name tag
    (:func:`studio.render.locations.paint_regions`)."""
    if segment is None:
        return
    items = _content_items(segment)
    if len(items) > 1:
        size *= 0.9
    gap = size * 0.18
    num_size = size * 0.95
    widths = []
    for kind, value in items:
        w = size * (0.95 if kind == "treasure" else 0.7)
        if kind in ("treasure", "energy") and isinstance(value, int) and value > 1:
            w += gap * 0.5 + text_width(_count_label(value), num_size)
        widths.append(w)
    total = sum(widths) + gap * (len(items) - 1)
    x = centre.x() - total / 2
    y = centre.y()
    for (kind, value), w in zip(items, widths):
        glyph_w = size * (0.95 if kind == "treasure" else 0.7)
        gc = QPointF(x + glyph_w / 2, y)
        if kind == "treasure":
            paint_treasure(p, gc, size)
        elif kind == "energy":
            paint_energy(p, gc, size)
        else:
            paint_idol(p, gc, str(value), size)
        if kind in ("treasure", "energy") and isinstance(value, int) and value > 1:
            label = _count_label(value)
            tw = text_width(label, num_size)
            paint_text(p, QPointF(x + glyph_w + gap * 0.5 + tw / 2, y + size * 0.04), label, num_size,
                       style.INK, outline=QColor(255, 250, 235, 220))
        x += w + gap


# --- seats ---------------------------------------------------------------------------------

def seat_label_rect(centre: QPointF, text: str, size: float = 0.26) -> QRectF:
    """The pill :func:`paint_seat_label` draws, with its drop shadow (board units)."""
    w = text_width(text, size) + size * 1.2
    h = size * 1.55
    return QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h).adjusted(0, 0, 0.03, 0.045)


def paint_seat_label(p: QPainter, centre: QPointF, text: str, colour: QColor, size: float = 0.26) -> None:
    """A seat name in a rounded pill of the seat's colour."""
    w = text_width(text, size) + size * 1.2
    h = size * 1.55
    rect = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(0, 0, 0, 60))
    p.drawRoundedRect(rect.translated(0.02, 0.035), h / 2, h / 2)
    p.setBrush(colour)
    p.setPen(QPen(colour.darker(140), 0.025))
    p.drawRoundedRect(rect, h / 2, h / 2)
    p.restore()
    paint_text(p, centre, text, size, "#ffffff")
