"""Rivages symbols drawn with QPainter: terrains, the card actions (any, statue, scroll, loot),
and effects (scrolls, loot, statue, any, leap, area) as an icon with a number.

Units are the painter's (millimetres on a card sheet, scene units in an editor): every function
takes a ``centre`` and a ``size`` (the width of the icon's box) and restores the painter state
it changes. Terrain colours come from a :class:`Palette` (the scenario's terrains, default
:data:`studio.model.rivages.DEFAULT_TERRAINS`); an unknown symbol is drawn as a magenta hex with
a question mark, so a typo shows on paper too. QtGui only."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from studio.model.rivages import ALL_TERRAINS, CARD_ACTIONS, DEFAULT_TERRAINS, Effect, Terrain
from studio.render import glyphs

INK = QColor("#2d2620")
PAPER = QColor("#fffaf0")
UNKNOWN = QColor("#ff00ff")
STONE, STONE_DARK = QColor("#b9b4aa"), QColor("#6d675d")
SCROLL_FILL, SCROLL_EDGE = QColor("#f3e2b5"), QColor("#9a7a3c")
LOOT_FILL, LOOT_EDGE, GOLD = QColor("#a86b32"), QColor("#5e3a17"), QColor("#f2c230")
ANY_RING = (QColor("#3d7a3a"), QColor("#e0b84f"), QColor("#b9473b"), QColor("#3f86b5"))
LEAP_INK = QColor("#6a3fa0")

EFFECT_WORDS = {"scrolls": ("scroll", "scrolls"), "loot": ("loot", "loot"), "statue": ("statue", "statues"),
                "any": ("any space", "any spaces"), "leap": ("leap", "leaps")}


@dataclass
class Palette:
    """Terrain name -> fill colour and label; ``colour(name)`` is magenta for unknown names."""

    terrains: dict[str, Terrain] = field(default_factory=lambda: {t.name: t for t in DEFAULT_TERRAINS})

    @classmethod
    def of(cls, terrains) -> "Palette":
        return cls({t.name: t for t in terrains})

    def colour(self, name: str) -> QColor:
        t = self.terrains.get(name)
        return QColor(t.colour) if t is not None else QColor(UNKNOWN)

    def known(self, symbol: str) -> bool:
        return symbol in self.terrains or symbol in CARD_ACTIONS

    def label(self, name: str) -> str:
        t = self.terrains.get(name)
        return (t.label or t.name.title()) if t is not None else name

    def names(self) -> list[str]:
        return list(self.terrains)


DEFAULT_PALETTE = Palette()


def hexagon(centre: QPointF, radius: float, pointy: bool = True) -> QPolygonF:
    """The six corners of a regular hexagon of centre-to-corner ``radius``."""
    start = 30.0 if pointy else 0.0
    return QPolygonF([QPointF(centre.x() + radius * math.cos(math.radians(start + 60 * i)),
                              centre.y() + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)])


def _pen(colour: QColor, width: float) -> QPen:
    return QPen(colour, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)


def paint_terrain(p: QPainter, centre: QPointF, size: float, name: str, palette: Palette = DEFAULT_PALETTE) -> None:
    """A terrain symbol: a hex in the terrain's colour with a small emblem (tree, dune, peaks,
    waves; the initial for a designer's own terrain), so colour is never the only cue."""
    r = size * 0.5
    fill = palette.colour(name)
    p.save()
    p.setPen(_pen(fill.darker(150), size * 0.05))
    p.setBrush(fill)
    p.drawPolygon(hexagon(centre, r * 0.98))
    mark = QColor(255, 255, 255, 215)
    x, y, k = centre.x(), centre.y(), r
    p.setPen(_pen(mark, size * 0.06))
    p.setBrush(Qt.NoBrush)
    if name not in palette.terrains:
        glyphs.paint_text(p, centre, "?", size * 0.55, "white")
    elif name == "forest":
        p.setPen(Qt.NoPen)
        p.setBrush(mark)
        p.drawPolygon(QPolygonF([QPointF(x, y - k * 0.55), QPointF(x - k * 0.38, y + k * 0.22),
                                 QPointF(x + k * 0.38, y + k * 0.22)]))
        p.drawRect(QRectF(x - k * 0.07, y + k * 0.2, k * 0.14, k * 0.3))
    elif name == "dune":
        for dy in (-0.12, 0.22):
            path = QPainterPath(QPointF(x - k * 0.5, y + k * (dy + 0.1)))
            path.quadTo(QPointF(x - k * 0.1, y + k * (dy - 0.35)), QPointF(x + k * 0.5, y + k * (dy + 0.1)))
            p.drawPath(path)
    elif name == "cliff":
        p.drawPolyline(QPolygonF([QPointF(x - k * 0.55, y + k * 0.3), QPointF(x - k * 0.2, y - k * 0.35),
                                  QPointF(x + k * 0.05, y + k * 0.05), QPointF(x + k * 0.25, y - k * 0.2),
                                  QPointF(x + k * 0.55, y + k * 0.3)]))
    elif name == "lagoon":
        for dy in (-0.18, 0.18):
            path = QPainterPath(QPointF(x - k * 0.5, y + k * dy))
            path.cubicTo(QPointF(x - k * 0.25, y + k * (dy - 0.22)), QPointF(x - k * 0.05, y + k * (dy + 0.22)),
                         QPointF(x + k * 0.15, y + k * dy))
            path.cubicTo(QPointF(x + k * 0.3, y + k * (dy - 0.18)), QPointF(x + k * 0.45, y + k * (dy + 0.1)),
                         QPointF(x + k * 0.5, y + k * dy))
            p.drawPath(path)
    else:
        glyphs.paint_text(p, centre, name[:1].upper(), size * 0.45, "white")
    p.restore()


def paint_any(p: QPainter, centre: QPointF, size: float) -> None:
    """The 'any space' symbol: a white hex ringed with the four terrain colours and a star."""
    r = size * 0.5
    p.save()
    poly = hexagon(centre, r * 0.98)
    p.setPen(Qt.NoPen)
    p.setBrush(PAPER)
    p.drawPolygon(poly)
    for i in range(6):
        p.setPen(_pen(ANY_RING[i % 4], size * 0.09))
        p.drawLine(poly[i], poly[(i + 1) % 6])
    star = QPolygonF()
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r * (0.45 if i % 2 == 0 else 0.2)
        star.append(QPointF(centre.x() + rr * math.cos(a), centre.y() + rr * math.sin(a)))
    p.setPen(Qt.NoPen)
    p.setBrush(INK)
    p.drawPolygon(star)
    p.restore()


def _begin_glyph(p: QPainter, centre: QPointF, size: float, edge: QColor, fill: QColor,
                 width: float) -> tuple[float, float, float]:
    """Save ``p`` (the glyph restores it) and set an ``edge`` pen ``width`` × ``size`` wide
    and a ``fill`` brush; returns the centre's x, y and half of ``size``."""
    p.save()
    p.setPen(_pen(edge, size * width))
    p.setBrush(fill)
    return centre.x(), centre.y(), size * 0.5


def paint_statue(p: QPainter, centre: QPointF, size: float) -> None:
    """A stone statue on a plinth (advance on the Tree of Wisdom, RIV-I4)."""
    x, y, k = _begin_glyph(p, centre, size, STONE_DARK, STONE, 0.05)
    p.drawRect(QRectF(x - k * 0.55, y + k * 0.52, k * 1.1, k * 0.3))          # plinth
    body = QPainterPath(QPointF(x - k * 0.32, y + k * 0.52))
    body.lineTo(x - k * 0.24, y - k * 0.2)
    body.quadTo(QPointF(x, y - k * 0.36), QPointF(x + k * 0.24, y - k * 0.2))
    body.lineTo(x + k * 0.32, y + k * 0.52)
    body.closeSubpath()
    p.drawPath(body)
    p.drawEllipse(QPointF(x, y - k * 0.52), k * 0.2, k * 0.2)                 # head
    p.restore()


def paint_scroll(p: QPainter, centre: QPointF, size: float) -> None:
    """A rolled scroll (victory points, RIV-I2)."""
    x, y, k = _begin_glyph(p, centre, size, SCROLL_EDGE, SCROLL_FILL, 0.05)
    p.drawRect(QRectF(x - k * 0.55, y - k * 0.5, k * 1.1, k * 1.0))
    for yy in (y - k * 0.5, y + k * 0.5):
        p.drawRoundedRect(QRectF(x - k * 0.75, yy - k * 0.14, k * 1.5, k * 0.28), k * 0.14, k * 0.14)
    p.setPen(_pen(SCROLL_EDGE, size * 0.035))
    for f in (-0.18, 0.02, 0.22):
        p.drawLine(QPointF(x - k * 0.35, y + k * f), QPointF(x + k * 0.35, y + k * f))
    p.restore()


def paint_loot(p: QPainter, centre: QPointF, size: float) -> None:
    """A treasure chest with a gold coin (draw a Loot token, RIV-I6)."""
    x, y, k = _begin_glyph(p, centre, size, LOOT_EDGE, LOOT_FILL, 0.05)
    p.drawRect(QRectF(x - k * 0.7, y - k * 0.05, k * 1.4, k * 0.65))
    lid = QPainterPath(QPointF(x - k * 0.7, y - k * 0.05))
    lid.quadTo(QPointF(x, y - k * 0.75), QPointF(x + k * 0.7, y - k * 0.05))
    lid.closeSubpath()
    p.drawPath(lid)
    p.setBrush(GOLD)
    p.drawRect(QRectF(x - k * 0.13, y - k * 0.15, k * 0.26, k * 0.3))
    p.restore()


def paint_leap(p: QPainter, centre: QPointF, size: float) -> None:
    """An arrow jumping over a hex (cross a space up to 2 steps away)."""
    x, y, k = _begin_glyph(p, centre, size, STONE_DARK, PAPER, 0.04)
    p.drawPolygon(hexagon(QPointF(x, y + k * 0.35), k * 0.38))
    p.setPen(_pen(LEAP_INK, size * 0.08))
    p.setBrush(Qt.NoBrush)
    arc = QPainterPath(QPointF(x - k * 0.75, y + k * 0.45))
    arc.quadTo(QPointF(x, y - k * 0.95), QPointF(x + k * 0.7, y + k * 0.35))
    p.drawPath(arc)
    tip = QPointF(x + k * 0.72, y + k * 0.42)
    p.setPen(Qt.NoPen)
    p.setBrush(LEAP_INK)
    p.drawPolygon(QPolygonF([tip, QPointF(x + k * 0.35, y + k * 0.18), QPointF(x + k * 0.8, y + k * 0.0)]))
    p.restore()


def paint_area(p: QPainter, centre: QPointF, size: float, terrain: str, palette: Palette = DEFAULT_PALETTE) -> None:
    """Three joined hexes of ``terrain`` (the four terrain colours for ``all``): cross a whole
    area (RIV-I5)."""
    r = size * 0.24
    w = math.sqrt(3) * r
    spots = (QPointF(-w / 2, r * 0.75), QPointF(w / 2, r * 0.75), QPointF(0, -r * 0.75))
    p.save()
    for i, d in enumerate(spots):
        if terrain == ALL_TERRAINS:
            fill = ANY_RING[i] if i < 3 else ANY_RING[3]
        else:
            fill = palette.colour(terrain)
        p.setPen(_pen(fill.darker(160), size * 0.04))
        p.setBrush(fill)
        p.drawPolygon(hexagon(centre + d, r * 0.98))
    if terrain == ALL_TERRAINS:
        p.setBrush(ANY_RING[3])
        p.drawEllipse(centre, r * 0.3, r * 0.3)
    p.restore()


_ACTION_PAINTERS = {"any": paint_any, "statue": paint_statue, "scroll": paint_scroll, "loot": paint_loot}


def paint_symbol(p: QPainter, centre: QPointF, size: float, symbol: str, palette: Palette = DEFAULT_PALETTE) -> None:
    """One card symbol: a terrain name or one of :data:`CARD_ACTIONS`."""
    painter = _ACTION_PAINTERS.get(symbol)
    if painter is not None:
        painter(p, centre, size)
    else:
        paint_terrain(p, centre, size, symbol, palette)


def symbol_label(symbol: str, palette: Palette = DEFAULT_PALETTE) -> str:
    """A word for a symbol (tooltips, legends): ``Forest``, ``Any space``, ``Statue``..."""
    return {"any": "Any space", "statue": "Statue", "scroll": "Scroll", "loot": "Loot"}.get(
        symbol, palette.label(symbol))


def effect_parts(effect: Effect | None) -> list[tuple[str, int | str]]:
    """``[(key, value)]`` of the effect's non-zero fields in :data:`EFFECT_KEYS` order."""
    if effect is None:
        return []
    return [(k, v) for k, v in effect.to_data().items()]


def effect_text(effect: Effect | None, palette: Palette = DEFAULT_PALETTE) -> str:
    """Short words for an effect: ``+2 scrolls``, ``1 loot``, ``area: Forest``; '' for none."""
    out = []
    for key, value in effect_parts(effect):
        if key == "area":
            out.append("any area" if value == ALL_TERRAINS else f"{palette.label(value)} area")
        elif key == "scrolls":
            out.append(f"+{value} scroll{'s' if value != 1 else ''}")
        else:
            one, many = EFFECT_WORDS[key]
            out.append(f"{value} {one if value == 1 else many}" if key == "any" else f"+{value} {one if value == 1 else many}")
    return ", ".join(out)


def paint_effect_icon(p: QPainter, centre: QPointF, size: float, key: str, value, palette: Palette = DEFAULT_PALETTE) -> None:
    """The icon of one effect part; a count above 1 is written in a badge at the lower right."""
    if key == "area":
        paint_area(p, centre, size, str(value), palette)
        return
    {"scrolls": paint_scroll, "loot": paint_loot, "statue": paint_statue, "any": paint_any,
     "leap": paint_leap}[key](p, centre, size)
    if isinstance(value, int) and value > 1:
        badge = QPointF(centre.x() + size * 0.36, centre.y() + size * 0.34)
        p.save()
        p.setPen(_pen(PAPER, size * 0.04))
        p.setBrush(INK)
        p.drawEllipse(badge, size * 0.2, size * 0.2)
        p.restore()
        glyphs.paint_text(p, badge, str(value), size * 0.26, "white")


def paint_effect(p: QPainter, centre: QPointF, size: float, effect: Effect | None,
                 palette: Palette = DEFAULT_PALETTE) -> None:
    """Every part of ``effect`` side by side, centred on ``centre``, each ``size`` wide (and
    smaller when there are several)."""
    parts = effect_parts(effect)
    if not parts:
        return
    each = size if len(parts) == 1 else size * 0.62
    x0 = centre.x() - each * (len(parts) - 1) / 2
    for i, (key, value) in enumerate(parts):
        paint_effect_icon(p, QPointF(x0 + i * each, centre.y()), each, key, value, palette)
