"""Drawing a Rivages island (``rivages-island/1``) with QPainter, for the island editor's canvas
and for print-and-play export.

Units: the painter's; one hex has centre-to-corner radius :data:`R` = 1 (so neighbouring
centres are sqrt(3) apart), pointy-top or flat-top (``Island.orientation``). Terrains are
filled in the scenario's colours (a :class:`~studio.render.rivages_glyphs.Palette`) with
their emblem; white spaces show their icon (RIV-T7); strongholds are dark stone with a tower
(RIV-T6); ships a boat on the water (RIV-S7, RIV-I1); bridges a plank between their ends
(RIV-T8); forts a keep on the empty hex they stand on (RIV-G5). Each area (RIV-G4) is
outlined with its size in a badge, and the quest's spaces carry a gold ring.

Print: :func:`island_pages` lays the island out at true size, ``hex_mm`` being the width of a
hex across its flat sides, on one sheet (``paper="board"``: a sheet the size of the island) or
tiled across A4/Letter sheets with crop marks and a scale bar, with the goal strip under it
(the quest and the missions as icons, :func:`paint_goal_strip`);
:func:`write_island` writes PDF, SVG or PNG through :mod:`studio.render.pages`. QtGui only."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from studio.geometry.hex import hex_corners, hex_to_pixel, neighbours
from studio.model.rivages import SHIP, STRONGHOLD, WHITE, Island
from studio.render import glyphs
from studio.render.export import PAPERS, ExportError
from studio.render.pages import Pages, write_pages
from studio.render.rivages_glyphs import (
    DEFAULT_PALETTE,
    INK,
    PAPER,
    Palette,
    effect_parts,
    effect_text,
    paint_area,
    paint_effect,
    paint_terrain,
)
from studio.validate.island_goals import island_areas

R = 1.0
SQRT3 = math.sqrt(3.0)
STONE_FILL, STONE_EDGE, STONE_LIGHT = QColor("#5f5a52"), QColor("#38342f"), QColor("#b9b4aa")
SEA = QColor("#cfe6ef")
SEA_DARK = QColor("#2f6f95")
HULL, SAIL = QColor("#7a4b2a"), QColor("#fbf7ec")
PLANK, PLANK_EDGE = QColor("#b07a45"), QColor("#5e3a17")
GOLD = QColor("#e0a800")
GRID = QColor("#3b3026")
AREA_INK = QColor(30, 25, 20, 210)
COAST = QColor("#e9dcc0")

DEFAULT_HEX_MM = 22.0
"""Width of a printed hex across its flat sides (about the size of the printed islands)."""
MIN_HEX_MM, MAX_HEX_MM = 5.0, 120.0
MARGIN_MM = 10.0


@dataclass(frozen=True)
class IslandOptions:
    """What :func:`paint_island` draws besides the spaces: area outlines and sizes, the quest's
    spaces ringed in gold, each hex's ``q, r`` coordinates, the sea around the island."""

    areas: bool = True
    goals: bool = True
    coordinates: bool = False
    sea: bool = True


def centre(h, orientation: str = "pointy") -> QPointF:
    """Centre of hex ``h`` (painter units, R = 1)."""
    x, y = hex_to_pixel(h, R, orientation)
    return QPointF(x, y)


def polygon(h, orientation: str = "pointy", scale: float = 1.0) -> QPolygonF:
    """The hexagon of ``h``, shrunk by ``scale`` around its centre."""
    c = centre(h, orientation)
    return QPolygonF([c + (QPointF(x, y) - c) * scale for x, y in hex_corners(h, R, orientation)])


def island_rect(island: Island, pad: float = 0.15) -> QRectF:
    """Bounds of the island's spaces and forts, plus ``pad`` (painter units)."""
    hexes = [s.at for s in island.spaces] + list(island.forts)
    if not hexes:
        return QRectF(-R - pad, -R - pad, 2 * (R + pad), 2 * (R + pad))
    xs, ys = [], []
    for h in hexes:
        for x, y in hex_corners(h, R, island.orientation):
            xs.append(x)
            ys.append(y)
    return QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)


def _edge(h, n, orientation: str) -> tuple[QPointF, QPointF]:
    """The side of hex ``h`` it shares with neighbour ``n``: its two corners nearest ``n``."""
    a, b = centre(h, orientation), centre(n, orientation)
    mid = (a + b) / 2
    corners = sorted((QPointF(x, y) for x, y in hex_corners(h, R, orientation)),
                     key=lambda c: (c.x() - mid.x()) ** 2 + (c.y() - mid.y()) ** 2)
    return corners[0], corners[1]


def _pen(colour: QColor, width: float, style=Qt.SolidLine) -> QPen:
    return QPen(colour, width, style, Qt.RoundCap, Qt.RoundJoin)


# --- pieces ---------------------------------------------------------------------------------------

def paint_stronghold(p: QPainter, c: QPointF, size: float) -> None:
    """A crenellated tower in light stone (a space never crossed, RIV-T6)."""
    k = size * 0.5
    x, y = c.x(), c.y()
    p.save()
    p.setPen(_pen(STONE_EDGE, size * 0.05))
    p.setBrush(STONE_LIGHT)
    path = QPainterPath(QPointF(x - k * 0.45, y + k * 0.6))
    path.lineTo(x - k * 0.45, y - k * 0.35)
    for i in range(5):  # merlons
        x0 = x - k * 0.45 + i * k * 0.225
        path.lineTo(x0, y - k * (0.6 if i % 2 == 0 else 0.35))
        path.lineTo(x0 + k * 0.225, y - k * (0.6 if i % 2 == 0 else 0.35))
    path.lineTo(x + k * 0.45, y + k * 0.6)
    path.closeSubpath()
    p.drawPath(path)
    p.setBrush(STONE_EDGE)
    p.setPen(Qt.NoPen)
    p.drawRoundedRect(QRectF(x - k * 0.12, y + k * 0.15, k * 0.24, k * 0.45), k * 0.1, k * 0.1)
    p.restore()


def paint_ship(p: QPainter, c: QPointF, size: float) -> None:
    """A sailing boat on two waves (where exploration starts and ends, RIV-S7, RIV-I1)."""
    k = size * 0.5
    x, y = c.x(), c.y()
    p.save()
    p.setPen(_pen(HULL.darker(140), size * 0.04))
    p.setBrush(SAIL)
    p.drawPolygon(QPolygonF([QPointF(x - k * 0.02, y - k * 0.72), QPointF(x - k * 0.02, y + k * 0.12),
                             QPointF(x - k * 0.55, y + k * 0.12)]))
    p.drawPolygon(QPolygonF([QPointF(x + k * 0.06, y - k * 0.55), QPointF(x + k * 0.06, y + k * 0.12),
                             QPointF(x + k * 0.45, y + k * 0.12)]))
    p.setBrush(HULL)
    hull = QPainterPath(QPointF(x - k * 0.7, y + k * 0.2))
    hull.lineTo(x + k * 0.7, y + k * 0.2)
    hull.quadTo(QPointF(x + k * 0.45, y + k * 0.55), QPointF(x, y + k * 0.55))
    hull.quadTo(QPointF(x - k * 0.45, y + k * 0.55), QPointF(x - k * 0.7, y + k * 0.2))
    p.drawPath(hull)
    p.setPen(_pen(SEA_DARK, size * 0.05))
    p.setBrush(Qt.NoBrush)
    wave = QPainterPath(QPointF(x - k * 0.75, y + k * 0.72))
    for i in range(3):
        x0 = x - k * 0.75 + i * k * 0.5
        wave.quadTo(QPointF(x0 + k * 0.125, y + k * 0.6), QPointF(x0 + k * 0.25, y + k * 0.72))
        wave.quadTo(QPointF(x0 + k * 0.375, y + k * 0.84), QPointF(x0 + k * 0.5, y + k * 0.72))
    p.drawPath(wave)
    p.restore()


def paint_fort(p: QPainter, c: QPointF, size: float, quest: bool = False) -> None:
    """A keep with a flag, on the empty hex at the fort (RIV-G5); gold flag for the quest's."""
    k = size * 0.5
    x, y = c.x(), c.y()
    p.save()
    p.setPen(_pen(STONE_EDGE, size * 0.05))
    p.setBrush(STONE_LIGHT)
    p.drawRect(QRectF(x - k * 0.6, y - k * 0.1, k * 1.2, k * 0.7))
    for dx in (-0.6, 0.2):
        p.drawRect(QRectF(x + k * dx, y - k * 0.45, k * 0.4, k * 0.35))
    p.setBrush(STONE_EDGE)
    p.drawRect(QRectF(x - k * 0.15, y + k * 0.2, k * 0.3, k * 0.4))
    p.setPen(_pen(STONE_EDGE, size * 0.04))
    p.drawLine(QPointF(x, y - k * 0.1), QPointF(x, y - k * 0.85))
    p.setPen(Qt.NoPen)
    p.setBrush(GOLD if quest else QColor("#b9473b"))
    p.drawPolygon(QPolygonF([QPointF(x, y - k * 0.85), QPointF(x + k * 0.45, y - k * 0.72), QPointF(x, y - k * 0.58)]))
    p.restore()


def paint_bridge(p: QPainter, a: QPointF, b: QPointF, width: float = 0.42) -> None:
    """A plank bridge from centre ``a`` to centre ``b`` (its ends are neighbours, RIV-T8)."""
    d = b - a
    length = math.hypot(d.x(), d.y()) or 1.0
    ux, uy = d.x() / length, d.y() / length
    nx, ny = -uy * width / 2, ux * width / 2
    inset = 0.45
    a2, b2 = a + QPointF(ux, uy) * inset, b - QPointF(ux, uy) * inset
    p.save()
    p.setPen(_pen(PLANK_EDGE, 0.05))
    p.setBrush(PLANK)
    p.drawPolygon(QPolygonF([a2 + QPointF(nx, ny), b2 + QPointF(nx, ny), b2 - QPointF(nx, ny), a2 - QPointF(nx, ny)]))
    span = max(length - 2 * inset, 0.0)
    steps = max(2, int(span / 0.22))
    p.setPen(_pen(PLANK_EDGE, 0.03))
    for i in range(1, steps):
        m = a2 + QPointF(ux, uy) * (span * i / steps)
        p.drawLine(m + QPointF(nx, ny), m - QPointF(nx, ny))
    for end in (a2, b2):
        p.setBrush(PLANK_EDGE)
        p.drawEllipse(end + QPointF(nx, ny), 0.05, 0.05)
        p.drawEllipse(end - QPointF(nx, ny), 0.05, 0.05)
    p.restore()


def paint_badge(p: QPainter, c: QPointF, text: str, fill: QColor, radius: float = 0.24,
                ink: QColor | str = "white") -> None:
    """A small disc with a number or letter (area sizes, the quest's mark)."""
    p.save()
    p.setPen(_pen(QColor(PAPER), radius * 0.18))
    p.setBrush(fill)
    p.drawEllipse(c, radius, radius)
    p.restore()
    glyphs.paint_text(p, c, text, radius * 1.15, ink)


# --- the island -------------------------------------------------------------------------------------

def paint_island(p: QPainter, island: Island, palette: Palette = DEFAULT_PALETTE,
                 options: IslandOptions = IslandOptions()) -> None:
    """Draw the whole island in the painter's current transform (R = 1 units)."""
    o = island.orientation
    kind = {}
    for s in island.spaces:
        kind.setdefault(s.at, s)
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    if options.sea:
        # a sandy coast one step around the land, on which the spaces sit
        p.setPen(Qt.NoPen)
        p.setBrush(COAST)
        for h in kind:
            p.drawPolygon(polygon(h, o, 1.12))
    for h, s in kind.items():
        poly = polygon(h, o)
        c = centre(h, o)
        if s.kind == STRONGHOLD:
            p.setPen(Qt.NoPen)
            p.setBrush(STONE_FILL)
            p.drawPolygon(poly)
            paint_stronghold(p, c, 1.05)
        elif s.kind == SHIP:
            p.setPen(Qt.NoPen)
            p.setBrush(SEA)
            p.drawPolygon(poly)
            paint_ship(p, c, 1.25)
        elif s.kind == WHITE:
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(PAPER))
            p.drawPolygon(poly)
            if s.icon is not None:
                paint_effect(p, c, 1.05, s.icon, palette)
        else:
            fill = palette.colour(s.kind)
            p.setPen(Qt.NoPen)
            p.setBrush(fill)
            p.drawPolygon(poly)
            p.setBrush(fill.lighter(112))
            p.drawPolygon(polygon(h, o, 0.82))
            paint_terrain(p, c, 0.9, s.kind, palette)
    # the printed grid
    p.setPen(_pen(GRID, 0.035))
    p.setBrush(Qt.NoBrush)
    for h in kind:
        p.drawPolygon(polygon(h, o))
    if options.areas:
        paint_areas(p, island)
    for a, b in island.bridges:
        paint_bridge(p, centre(a, o), centre(b, o))
    quest_forts = {st.fort for st in island.quest.steps if st.kind == "fort"}
    for f in island.forts:
        p.setPen(_pen(STONE_EDGE, 0.05, Qt.DashLine))
        p.setBrush(QColor(255, 255, 255, 120))
        p.drawPolygon(polygon(f, o, 0.9))
        paint_fort(p, centre(f, o), 1.2, f in quest_forts)
    if options.goals:
        paint_quest_marks(p, island)
    if options.coordinates:
        for h in kind:
            c = centre(h, o)
            glyphs.paint_text(p, QPointF(c.x(), c.y() + 0.72), f"{h[0]},{h[1]}", 0.2, INK, bold=False,
                              outline=QColor(255, 255, 255, 200))
    p.restore()


def paint_areas(p: QPainter, island: Island) -> None:
    """Outline each area (RIV-G4) along its border and write its size in a badge on the
    space nearest its middle."""
    o = island.orientation
    for area in island_areas(island):
        p.setPen(_pen(AREA_INK, 0.09))
        for h in area.spaces:
            for n in neighbours(h):
                if n not in area.spaces:
                    a, b = _edge(h, n, o)
                    # pull the line inside so neighbouring areas' outlines do not overlap
                    c = centre(h, o)
                    p.drawLine(a + (c - a) * 0.08, b + (c - b) * 0.08)
        pts = [centre(h, o) for h in area.spaces]
        mx = sum(q.x() for q in pts) / len(pts)
        my = sum(q.y() for q in pts) / len(pts)
        spot = min(area.spaces, key=lambda h: ((centre(h, o).x() - mx) ** 2 + (centre(h, o).y() - my) ** 2, h))
        c = centre(spot, o)
        paint_badge(p, QPointF(c.x() + 0.5, c.y() - 0.42), str(area.size), QColor(AREA_INK), 0.22)


def paint_quest_marks(p: QPainter, island: Island) -> None:
    """Gold rings on the spaces a ``spaces`` quest names, with a ``Q`` (2 for a second step)."""
    o = island.orientation
    for i, step in enumerate(island.quest.steps):
        if step.kind != "spaces":
            continue
        for h in step.spaces:
            p.save()
            p.setPen(_pen(GOLD, 0.12))
            p.setBrush(Qt.NoBrush)
            p.drawPolygon(polygon(h, o, 0.8))
            p.restore()
            c = centre(h, o)
            paint_badge(p, QPointF(c.x() - 0.5, c.y() - 0.42), "Q" if i == 0 else "Q2", GOLD, 0.22, INK)


# --- goals in words -----------------------------------------------------------------------------

def goal_lines(island: Island, palette: Palette = DEFAULT_PALETTE) -> list[str]:
    """The quest and missions in words, one line a step: ``Quest: ... -> +3 scrolls, 1 loot``."""
    out = []
    for name, goal in island.goals():
        for i, step in enumerate(goal.steps):
            head = name.capitalize() + (f", step {i + 1}" if len(goal.steps) > 1 else "")
            if step.kind == "pattern":
                what = "a row of " + " > ".join(palette.label(k) if k in palette.terrains else k for k in step.pattern)
            elif step.kind == "areas":
                what = f"{step.count} whole {palette.label(step.terrain)} area{'s' if step.count > 1 else ''}"
            else:
                what = step.describe()
            reward = effect_text(step.reward, palette) or "no reward"
            out.append(f"{head}: {what} → {reward}")
    return out


# --- goals as icons -----------------------------------------------------------------------------

GOAL_ROW_MM = 13.0          # one step of a goal
GOAL_ICON_MM = 9.0
GOAL_GAP_MM = 4.0


def goal_strip_height(island: Island) -> float:
    """Height in mm of the goal strip: the tallest goal's steps, stacked (RIV-G6)."""
    steps = max((len(g.steps) for _n, g in island.goals()), default=1)
    return steps * GOAL_ROW_MM + (steps - 1) * 2.0 + 4.0


def _mini_hex(p: QPainter, c: QPointF, size: float, fill: QColor, edge: QColor, ring: QColor | None = None) -> None:
    from studio.render.rivages_glyphs import hexagon

    p.save()
    p.setPen(_pen(edge, size * 0.06))
    p.setBrush(fill)
    p.drawPolygon(hexagon(c, size * 0.5))
    if ring is not None:
        p.setPen(_pen(ring, size * 0.12))
        p.setBrush(Qt.NoBrush)
        p.drawPolygon(hexagon(c, size * 0.38))
    p.restore()


def _kind_icon(p: QPainter, c: QPointF, size: float, kind: str, palette: Palette) -> None:
    """A space kind in a goal: its terrain symbol, or a white, stronghold or ship hex."""
    if kind in palette.terrains:
        paint_terrain(p, c, size, kind, palette)
    elif kind == STRONGHOLD:
        _mini_hex(p, c, size, STONE_FILL, STONE_EDGE)
        paint_stronghold(p, c, size * 0.55)
    elif kind == SHIP:
        _mini_hex(p, c, size, SEA, SEA_DARK)
        paint_ship(p, c, size * 0.55)
    else:
        _mini_hex(p, c, size, QColor(PAPER), GRID)


def step_icon_count(step) -> int:
    """How many icons the requirement of ``step`` draws (spaces above 4 are drawn as 1 × n)."""
    if step.kind == "pattern":
        return len(step.pattern)
    if step.kind == "areas":
        return step.count if step.count <= 3 else 1
    if step.kind == "spaces":
        return len(step.spaces) if len(step.spaces) <= 4 else 1
    return 1


def _paint_step(p: QPainter, rect: QRectF, step, palette: Palette) -> None:
    """One step: what to cross, an arrow, then the reward, as icons in ``rect`` (mm)."""
    size = GOAL_ICON_MM
    cy = rect.center().y()
    x = rect.left() + size * 0.6
    step_w = size * 1.02
    if step.kind == "fort":
        # the fort and the six spaces around it
        c = QPointF(x + size * 0.4, cy)
        for k in range(6):
            a = math.pi / 6 + k * math.pi / 3
            _mini_hex(p, c + QPointF(math.cos(a) * size * 0.42, math.sin(a) * size * 0.42), size * 0.42,
                      QColor(PAPER), GRID, GOLD)
        paint_fort(p, c, size * 0.55, quest=True)
        x += size * 1.3
    elif step.kind == "spaces":
        n = len(step.spaces)
        for k in range(min(n, 4) if n <= 4 else 1):
            _mini_hex(p, QPointF(x + k * step_w, cy), size * 0.9, QColor(PAPER), GRID, GOLD)
        x += (min(n, 4) if n <= 4 else 1) * step_w
        if n > 4:
            glyphs.paint_text(p, QPointF(x + size * 0.2, cy), f"×{n}", size * 0.45, INK)
            x += size * 0.7
    elif step.kind == "pattern":
        for k, kind in enumerate(step.pattern):
            _kind_icon(p, QPointF(x + k * step_w, cy), size * 0.9, kind, palette)
            if k:
                glyphs.paint_text(p, QPointF(x + (k - 0.5) * step_w, cy + size * 0.45), "›", size * 0.35, INK)
        x += len(step.pattern) * step_w
    elif step.kind == "areas":
        n = step.count
        for k in range(n if n <= 3 else 1):
            paint_area(p, QPointF(x + k * step_w * 1.1, cy), size * 1.1, step.terrain, palette)
        x += (n if n <= 3 else 1) * step_w * 1.1
        if n > 3:
            glyphs.paint_text(p, QPointF(x + size * 0.2, cy), f"×{n}", size * 0.45, INK)
            x += size * 0.7
    # the arrow to the reward
    p.save()
    p.setPen(_pen(INK, 0.5))
    a, b = QPointF(x - size * 0.2, cy), QPointF(x + size * 0.45, cy)
    p.drawLine(a, b)
    p.setPen(Qt.NoPen)
    p.setBrush(INK)
    p.drawPolygon(QPolygonF([b + QPointF(size * 0.15, 0), b + QPointF(-size * 0.08, -size * 0.15),
                             b + QPointF(-size * 0.08, size * 0.15)]))
    p.restore()
    parts = len(effect_parts(step.reward))
    each = _reward_each(parts)
    paint_effect(p, QPointF(x + size * 0.9 + (parts - 1) * each * 0.5, cy),
                 size if parts == 1 else each / 0.62, step.reward, palette)


def _reward_each(parts: int) -> float:
    """Width in mm of one icon of a reward of ``parts`` icons."""
    return GOAL_ICON_MM if parts <= 1 else GOAL_ICON_MM * 0.8


def goal_box_width(goal) -> float:
    """Width in mm a goal's box needs: its widest step."""
    size = GOAL_ICON_MM
    widest = 0.0
    for step in goal.steps:
        n = step_icon_count(step)
        req = size * 1.3 if step.kind == "fort" else n * size * 1.02 * (1.1 if step.kind == "areas" else 1.0)
        if step.kind in ("spaces", "areas") and n == 1 and (len(step.spaces) > 4 or step.count > 3):
            req += size * 0.7
        parts = max(1, len(effect_parts(step.reward)))
        widest = max(widest, size * 0.6 + req + size * 0.9 + parts * _reward_each(parts) + size * 0.1)
    return widest


def paint_goal_strip(p: QPainter, rect: QRectF, island: Island, palette: Palette = DEFAULT_PALETTE) -> None:
    """The island's three goals as icons across ``rect`` (mm), as the boards show them at the
    bottom: the quest (gold frame) then the two exploration missions; a goal of two steps has
    the top step above the bottom one (RIV-G6). Requirements: the fort's six spaces (RIV-G5),
    gold-ringed spaces (the board rings them too), a row of space kinds left to right, or whole
    areas of a terrain (RIV-G4); then an arrow and the reward's icons."""
    goals = list(island.goals())
    if not goals:
        return
    widths = [goal_box_width(g) for _n, g in goals]
    total = sum(widths) + GOAL_GAP_MM * (len(goals) - 1)
    scale = min(1.0, rect.width() / total) if total > 0 else 1.0
    p.save()
    p.translate(rect.center().x() - total * scale / 2, rect.top())
    p.scale(scale, scale)
    x = 0.0
    for (name, goal), w in zip(goals, widths):
        n = len(goal.steps)
        h = n * GOAL_ROW_MM + (n - 1) * 2.0
        box = QRectF(x, 0, w, h)
        p.save()
        p.setPen(_pen(GOLD if name == "quest" else PLANK_EDGE, 0.6 if name == "quest" else 0.35))
        p.setBrush(QColor("#fffaf0"))
        p.drawRoundedRect(box, 2.5, 2.5)
        p.restore()
        for i, step in enumerate(goal.steps):
            row = QRectF(x, i * (GOAL_ROW_MM + 2.0), w, GOAL_ROW_MM)
            if i:
                p.save()
                p.setPen(_pen(PLANK_EDGE, 0.25, Qt.DashLine))
                p.drawLine(QPointF(x + 2, row.top() - 1.0), QPointF(x + w - 2, row.top() - 1.0))
                p.restore()
            _paint_step(p, row, step, palette)
        x += w + GOAL_GAP_MM
    p.restore()


# --- print --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class IslandLayout:
    """Where the island goes on paper: ``sheet_mm`` (w, h), the ``grid`` of sheets (rows,
    cols), the printable ``area_mm`` of each sheet, the scale ``mm_per_unit`` and the
    island's rectangle in painter units (``source``)."""

    sheet_mm: tuple[float, float]
    grid: tuple[int, int]
    area_mm: tuple[float, float]
    mm_per_unit: float
    source: QRectF
    legend_mm: float
    paper: str

    @property
    def count(self) -> int:
        return self.grid[0] * self.grid[1]

    def summary(self) -> str:
        rows, cols = self.grid
        n = self.count
        if self.paper == "board":
            return f"1 sheet the size of the island ({self.sheet_mm[0]:.0f} × {self.sheet_mm[1]:.0f} mm)"
        paper = {"a4": "A4", "letter": "Letter"}[self.paper]
        return f"{n} sheets ({rows} × {cols}) on {paper}" if n > 1 else f"1 sheet on {paper}"


def layout_island(island: Island, paper: str = "a4", hex_mm: float = DEFAULT_HEX_MM,
                  margin_mm: float = MARGIN_MM) -> IslandLayout:
    """Lay the island out at ``hex_mm`` across the flats. ``paper``: ``a4``, ``letter`` (the
    orientation needing fewer sheets) or ``board``. Raises ExportError for bad values."""
    if not (MIN_HEX_MM <= hex_mm <= MAX_HEX_MM) or not math.isfinite(hex_mm):
        raise ExportError(f"hex size must be between {MIN_HEX_MM:g} and {MAX_HEX_MM:g} mm, got {hex_mm:g}")
    if not (0 <= margin_mm <= 40) or not math.isfinite(margin_mm):
        raise ExportError(f"margin must be between 0 and 40 mm, got {margin_mm:g}")
    mm_per_unit = hex_mm / SQRT3          # across the flats = sqrt(3) R
    source = island_rect(island, 0.25)
    legend = goal_strip_height(island) + 6
    w, h = source.width() * mm_per_unit, source.height() * mm_per_unit
    if paper == "board":
        sheet = (w + 2 * margin_mm, h + legend + 2 * margin_mm + 10)
        return IslandLayout(sheet, (1, 1), (w, h + legend + 10), mm_per_unit, source, legend, paper)
    if paper not in PAPERS:
        raise ExportError(f"paper must be a4, letter or board, got {paper!r}")
    best = None
    for sheet in (PAPERS[paper], PAPERS[paper][::-1]):
        area = (sheet[0] - 2 * margin_mm, sheet[1] - 2 * margin_mm - 10)  # 10 mm: title line
        if area[0] <= 20 or area[1] <= 20:
            raise ExportError(f"a {margin_mm:g} mm margin leaves no room on {paper}")
        one = w <= area[0] and h + legend <= area[1]
        if not one:  # every tiled sheet keeps the legend's room at its foot
            area = (area[0], area[1] - legend)
            if area[1] <= 20:
                raise ExportError(f"the goals leave no room for the island on {paper}: use a larger paper")
        grid = (1, 1) if one else (math.ceil(h / area[1]), math.ceil(w / area[0]))
        key = (grid[0] * grid[1], sheet[0] > sheet[1])
        if best is None or key < best[0]:
            best = (key, sheet, grid, area)
    _key, sheet, grid, area = best
    return IslandLayout(sheet, grid, area, mm_per_unit, source, legend, paper)


def island_pages(island: Island, palette: Palette = DEFAULT_PALETTE, paper: str = "a4",
                 hex_mm: float = DEFAULT_HEX_MM, margin_mm: float = MARGIN_MM,
                 options: IslandOptions = IslandOptions(areas=False)) -> tuple[Pages, IslandLayout]:
    """The island as printable pages (painter unit = 1 mm) and their layout. Printed islands
    leave out the area outlines by default (they help the designer, not the players)."""
    layout = layout_island(island, paper, hex_mm, margin_mm)
    rows, cols = layout.grid
    title = island.name or island.id
    k = layout.mm_per_unit

    def paint(p: QPainter, index: int) -> None:
        row, col = divmod(index, cols)
        top = margin_mm + 10
        glyphs.paint_text(p, QPointF(layout.sheet_mm[0] / 2, margin_mm + 4), title
                          + (f" — row {row + 1}, column {col + 1} of {rows} × {cols}" if layout.count > 1 else ""),
                          5.0, INK)
        aw, ah = layout.area_mm
        src = layout.source
        tile = QRectF(src.left() + col * aw / k, src.top() + row * ah / k, aw / k, ah / k)
        p.save()
        p.setClipRect(QRectF(margin_mm, top, aw, ah))
        if layout.count == 1:
            # centre the island across the sheet
            dx = margin_mm + (aw - src.width() * k) / 2
            p.translate(dx - src.left() * k, top - src.top() * k)
        else:
            p.translate(margin_mm - tile.left() * k, top - tile.top() * k)
        p.scale(k, k)
        paint_island(p, island, palette, options)
        p.restore()
        if layout.count > 1:
            _crop_marks(p, QRectF(margin_mm, top, aw, ah))
        last = index == layout.count - 1
        if last:
            y = top + (src.height() * k + 6 if layout.count == 1 else ah + 6)
            paint_goal_strip(p, QRectF(margin_mm, y, layout.sheet_mm[0] - 2 * margin_mm, goal_strip_height(island)),
                             island, palette)
        _scale_bar(p, layout, margin_mm, hex_mm)

    return Pages(layout.sheet_mm, layout.count, title, paint, paper if paper != "board" else ""), layout


def _crop_marks(p: QPainter, rect: QRectF) -> None:
    p.save()
    p.setPen(QPen(QColor("#222222"), 0.2))
    m = 4.0
    for x, dx in ((rect.left(), -1), (rect.right(), 1)):
        for y, dy in ((rect.top(), -1), (rect.bottom(), 1)):
            p.drawLine(QPointF(x + dx * 1, y), QPointF(x + dx * (1 + m), y))
            p.drawLine(QPointF(x, y + dy * 1), QPointF(x, y + dy * (1 + m)))
    p.restore()


def _scale_bar(p: QPainter, layout: IslandLayout, margin: float, hex_mm: float) -> None:
    """A 50 mm bar at the lower right to check the printer did not rescale."""
    w, h = layout.sheet_mm
    y = h - margin / 2 - 1
    x1 = w - margin
    x0 = x1 - 50
    p.save()
    p.setPen(QPen(QColor("#222222"), 0.3))
    p.drawLine(QPointF(x0, y), QPointF(x1, y))
    for x in (x0, x1):
        p.drawLine(QPointF(x, y - 1.2), QPointF(x, y + 1.2))
    p.restore()
    glyphs.paint_text(p, QPointF((x0 + x1) / 2, y - 2.4), f"50 mm · hex {hex_mm:g} mm", 2.4, "#444444", bold=False)


def write_island(island: Island, path, fmt: str, palette: Palette = DEFAULT_PALETTE, paper: str = "a4",
                 hex_mm: float = DEFAULT_HEX_MM, dpi: float = 300.0, margin_mm: float = MARGIN_MM):
    """Write the island as ``fmt`` (png, svg, pdf); returns (files written, layout). Raises
    ExportError for settings that do not work, OSError when a file cannot be written."""
    pages, layout = island_pages(island, palette, paper, hex_mm, margin_mm)
    return write_pages(pages, path, fmt, dpi), layout


# --- studio render ------------------------------------------------------------------------------

def render_cli(args, island: Island, output, fmt: str) -> int:
    """``studio render ISLAND -o FILE`` (dispatched by :mod:`studio.render.cli` on the file's
    format): refuses an island with errors, listing them; prints the files written. Uses
    ``--paper`` (a4, letter, board), ``--hex-mm``, ``--margin-mm`` and ``--dpi``. Returns the
    exit code (0 written; 2 bad settings or content, or an output that cannot be written)."""
    import sys

    from studio.validate.rivages import rivages_findings, scenario_for

    def err(message: str) -> None:
        print(f"studio render: {message}", file=sys.stderr)

    path = args.board
    scenario = scenario_for(path) if getattr(island, "path", None) else None
    errors = [f for f in rivages_findings(path) if f.severity == "error"]
    if errors:
        n = len(errors)
        err(f"{path} has {n} error{'s' if n != 1 else ''}; fix {'it' if n == 1 else 'them'} before printing:\n"
            + "\n".join(f.format() for f in errors))
        from studio.content.exits import findings_status

        return findings_status(errors)   # 1, as studio validate on the island
    palette = Palette.of(scenario.terrains) if scenario is not None else DEFAULT_PALETTE
    hex_mm = getattr(args, "hex_mm", None) or DEFAULT_HEX_MM
    try:
        written, layout = write_island(island, output, fmt, palette, args.paper, hex_mm, args.dpi, args.margin_mm)
    except ExportError as exc:
        err(str(exc))
        return 2
    except OSError as exc:  # an output that cannot be written: 2, as every command says it
        err(str(exc))
        return 2
    for p in written:
        print(p)
    from studio.console import note

    note(f"{island.name or island.id}: {layout.summary()}, hex {hex_mm:g} mm across the flats"
         + (f", {args.dpi:g} dpi" if fmt == "png" else ""))
    return 0
