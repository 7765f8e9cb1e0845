"""The symbols a printed Rule the Realm board carries in its top-left corner (the rulebook's
list of board symbols): the location number, the number of players, the band shapes allowed
(RTR-P9), the location's special rules and its end condition (RTR-E1 and the location's
clause), drawn as icons with their numbers, as on the physical boards.

:func:`board_icons` says which icons a board gets, as data (from the rules the board plays
with, :func:`studio.model.locations.rules_for`); :func:`paint_icon_strip` draws them in a row
in board units; :func:`icon_strip_rect` is where the print puts the row: inside the plate,
above the top pegs, left-aligned. QtGui only."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from studio.model.realm import Board, RealmRules
from studio.render import glyphs, locations, style

ICON = 0.34
"""Height of the icon row in board units (8.5 mm at the default 25 mm peg spacing): it fits
between the plate's edge (0.75 from the top pegs) and the start pegs' halos."""
GAP = 0.05
GROUP_GAP = 0.16
PANEL = QColor("#fffaf0")
PANEL_EDGE = QColor(style.PLATE_BORDER)
INK = QColor(style.INK)
BAND = QColor("#8a3b2e")
MUTED = QColor("#7a6a55")


@dataclass(frozen=True)
class Icon:
    """One symbol: ``group`` ``location``, ``players``, ``band``, ``rule`` or ``end``; ``name``
    what it shows (a band shape, a rule module, an end kind); ``value`` the number printed
    beside it ('' for none); ``words`` the same in words (docs, tests, accessible text)."""

    group: str
    name: str
    value: str = ""
    words: str = ""


BAND_WORDS = {"line": "a band on 2 pegs along a line", "triangle": "a triangle on 3 pegs",
              "quad": "a quadrilateral on 4 pegs", "long-barrier": "a long barrier over 3 pegs",
              "chain": "a chain of 2-peg bands from its head"}


def board_icons(board: Board, rules: RealmRules | None = None, location: int | None = None) -> list[Icon]:
    """The icons of ``board``'s top-left corner, in print order. ``rules`` and ``location``
    default to those of the scenario the board plays with (base rules: no location number)."""
    if rules is None:
        from studio.model.locations import rules_for

        scenario = rules_for(board).scenario
        rules, location = scenario.rules, scenario.location
    icons: list[Icon] = []
    if location is not None:
        icons.append(Icon("location", "location", str(location), f"location {location}"))
    icons.append(Icon("players", "players", str(board.players), f"{board.players} players"))
    for shape in rules.bands:
        icons.append(Icon("band", shape, "", BAND_WORDS.get(shape, shape)))
    icons += _rule_icons(rules, board.players)
    icons += _end_icons(rules.end, board.players)
    return icons


def _rule_icons(rules: RealmRules, players: int) -> list[Icon]:
    out = []
    start = {"crater": ("start-crater", "start next to the crater"),
             "any-start": ("start-any", "start on any free bright peg"),
             "anywhere": ("start-anywhere", "start anywhere, bands need not touch")}.get(rules.start)
    if start:
        out.append(Icon("rule", start[0], "", start[1]))
    if isinstance(rules.cards, dict) and "personal-deck" in rules.cards:
        deck = rules.cards["personal-deck"] or {}
        size = deck.get("size", 12)
        out.append(Icon("rule", "personal-deck", str(size), f"a personal deck of {size} cards, draw {deck.get('draw', 3)}"))
    if rules.energy_payment:
        out.append(Icon("rule", "energy-payment", "1", "pay another player 1 energy instead of a card"))
    if not rules.closures:
        out.append(Icon("rule", "no-closures", "", "no closures"))
    mods = rules.modules or {}
    if "cross-board" in mods:
        bonuses = (mods["cross-board"] or {}).get("bonuses", [8, 6])
        out.append(Icon("rule", "cross-board", "/".join(str(b) for b in bonuses),
                        f"reach the far edge: {', '.join(str(b) for b in bonuses)} points to the first"))
    if "canals" in mods:
        out.append(Icon("rule", "canals", "", "canals are crossed only by bridges, which pay their energy"))
    if "pictures" in mods:
        m = mods["pictures"] or {}
        out.append(Icon("rule", "pictures", f"-{m.get('empty_penalty', 3)}",
                        f"complete pictures; an empty segment costs {m.get('empty_penalty', 3)} points"))
    if "excavation" in mods:
        m = mods["excavation"] or {}
        out.append(Icon("rule", "excavation", f"≥{m.get('min_segments', 4)}",
                        f"close sites of {m.get('min_segments', 4)} segments or more: 1 point a segment"))
    if "territories" in mods:
        m = mods["territories"] or {}
        out.append(Icon("rule", "territories", f"+{m.get('points', 4)}",
                        f"{m.get('points', 4)} points per distinct territory at the end"))
    if "idols" in mods:
        m = mods["idols"] or {}
        out.append(Icon("rule", "idols", str(m.get("points", 6)),
                        f"most idols of a colour: {m.get('points', 6)} points; idols explored alone"))
    if "labyrinth" in mods:
        m = mods["labyrinth"] or {}
        out.append(Icon("rule", "artifact-set", f"+{m.get('set_points', 5)}",
                        f"sword, helmet and shield: {m.get('set_points', 5)} points"))
        out.append(Icon("rule", "self-cross", f"-{m.get('self_cross_penalty', 5)}",
                        f"crossing your own chain costs {m.get('self_cross_penalty', 5)} points"))
    if "volcano" in mods:
        m = mods["volcano"] or {}
        need = m.get("escape_energy", 7)
        out.append(Icon("rule", "escape", f"≥{need}", f"hold {need} energy at the end or lose"))
    return out


def _end_icons(end: dict, players: int) -> list[Icon]:
    end = end or {}
    if "score" in end:
        return [Icon("end", "score", str(end["score"]), f"the game ends at {end['score']} points")]
    if "rounds" in end:
        return [Icon("end", "rounds", str(end["rounds"]), f"the game ends after round {end['rounds']}")]
    if "pictures" in end:
        per = end["pictures"] or {}
        n = per.get(players, per.get(str(players)))
        return [Icon("end", "pictures", str(n) if n is not None else "?", f"the game ends when {n} pictures are complete")]
    if end.get("bands-exhausted"):
        return [Icon("end", "bands-exhausted", "0", "the game ends when a player has no band left")]
    return []


# -- painting -------------------------------------------------------------------------------------

WIDE = {"chain", "long-barrier", "quad", "artifact-set", "idols"}


def _value_width(icon: Icon, size: float) -> float:
    """Room for the number beside the icon (the location number is inside its disc)."""
    if not icon.value or icon.group == "location":
        return 0.0
    return glyphs.text_width(icon.value, size * 0.5) + size * 0.08


def icon_width(icon: Icon, size: float = ICON) -> float:
    """Width of one icon with its number, board units."""
    body = size * (1.35 if icon.name in WIDE else 1.0)
    return body + _value_width(icon, size)


def strip_width(icons: list[Icon], size: float = ICON) -> float:
    total, last = 0.0, None
    for icon in icons:
        if last is not None:
            total += GROUP_GAP if icon.group != last else GAP
        total += icon_width(icon, size)
        last = icon.group
    return total + 2 * GAP * 2


def icon_strip_rect(board: Board, icons: list[Icon], size: float = ICON) -> QRectF:
    """Where the row goes (board units): the plate's top-left corner, above the top pegs."""
    x0, y0, _x1, _y1 = board.bounds()
    plate_left, plate_top = x0 - 0.75, y0 - 0.75
    return QRectF(plate_left + 0.12, plate_top + 0.06, strip_width(icons, size), size)


def paint_icon_strip(p: QPainter, rect: QRectF, icons: list[Icon]) -> None:
    """The icons in a row in ``rect`` (board units), on a light panel, groups apart."""
    if not icons:
        return
    size = rect.height()
    p.save()
    p.setPen(QPen(PANEL_EDGE, size * 0.04))
    p.setBrush(PANEL)
    p.drawRoundedRect(rect, size * 0.2, size * 0.2)
    p.restore()
    x = rect.left() + 2 * GAP
    last = None
    cy = rect.center().y()
    for icon in icons:
        if last is not None:
            x += GROUP_GAP if icon.group != last else GAP
            if icon.group != last:
                p.save()
                p.setPen(QPen(PANEL_EDGE, size * 0.03))
                p.drawLine(QPointF(x - GROUP_GAP / 2, rect.top() + size * 0.15),
                           QPointF(x - GROUP_GAP / 2, rect.bottom() - size * 0.15))
                p.restore()
        w = icon_width(icon, size)
        body = w - _value_width(icon, size)
        paint_icon(p, QRectF(x, rect.top(), body, size), icon)
        if icon.value and icon.group != "location":
            vs = size * 0.5
            glyphs.paint_text(p, QPointF(x + body + _value_width(icon, size) / 2, cy), icon.value, vs,
                              INK if not icon.value.startswith("-") else QColor("#b3261e"))
        x += w
        last = icon.group


def _dot(p: QPainter, c: QPointF, r: float, fill: str = "#9a9b9f") -> None:
    p.setPen(QPen(INK, r * 0.3))
    p.setBrush(QColor(fill))
    p.drawEllipse(c, r, r)


def _band(p: QPainter, points: list[QPointF], closed: bool, width: float) -> None:
    pen = QPen(BAND, width)
    pen.setJoinStyle(Qt.RoundJoin)
    pen.setCapStyle(Qt.RoundCap)
    p.setPen(pen)
    p.setBrush(Qt.NoBrush)
    poly = QPolygonF(points)
    if closed:
        p.drawPolygon(poly)
    else:
        p.drawPolyline(poly)


def paint_icon(p: QPainter, box: QRectF, icon: Icon) -> None:
    """One icon's picture in ``box`` (board units; its number is drawn beside it)."""
    s = box.height()
    c = box.center()
    r = s * 0.09
    p.save()
    name = icon.name
    if icon.group == "location":
        p.setPen(Qt.NoPen)
        p.setBrush(INK)
        p.drawEllipse(c, s * 0.42, s * 0.42)
        p.restore()
        glyphs.paint_text(p, c, icon.value, s * 0.55, "white")
        return
    if icon.group == "players":
        p.setPen(Qt.NoPen)
        p.setBrush(INK)
        p.drawEllipse(QPointF(c.x(), c.y() - s * 0.2), s * 0.14, s * 0.14)
        path = QPainterPath()
        path.moveTo(c.x() - s * 0.26, c.y() + s * 0.38)
        path.quadTo(c.x() - s * 0.24, c.y() - s * 0.05, c.x(), c.y() - s * 0.05)
        path.quadTo(c.x() + s * 0.24, c.y() - s * 0.05, c.x() + s * 0.26, c.y() + s * 0.38)
        path.closeSubpath()
        p.drawPath(path)
    elif icon.group == "band":
        w, h = box.width(), s
        left, top = box.left(), box.top()
        shapes = {
            "line": ([QPointF(left + w * 0.2, top + h * 0.5), QPointF(left + w * 0.8, top + h * 0.5)], False),
            "triangle": ([QPointF(left + w * 0.18, top + h * 0.78), QPointF(left + w * 0.82, top + h * 0.78),
                          QPointF(left + w * 0.5, top + h * 0.22)], True),
            "quad": ([QPointF(left + w * 0.12, top + h * 0.78), QPointF(left + w * 0.58, top + h * 0.78),
                      QPointF(left + w * 0.88, top + h * 0.22), QPointF(left + w * 0.42, top + h * 0.22)], True),
            "long-barrier": ([QPointF(left + w * 0.12, top + h * 0.75), QPointF(left + w * 0.5, top + h * 0.75),
                              QPointF(left + w * 0.86, top + h * 0.22)], False),
            "chain": ([QPointF(left + w * 0.1, top + h * 0.72), QPointF(left + w * 0.36, top + h * 0.28),
                       QPointF(left + w * 0.62, top + h * 0.72), QPointF(left + w * 0.88, top + h * 0.28)], False),
        }
        points, closed = shapes.get(name, shapes["line"])
        _band(p, points, closed, s * 0.07)
        for pt in points:
            _dot(p, pt, r)
        if name == "chain":  # the head: an arrow out of the last peg
            a, b = points[-2], points[-1]
            ang = math.atan2(b.y() - a.y(), b.x() - a.x())
            tip = b + QPointF(math.cos(ang) * s * 0.14, math.sin(ang) * s * 0.14)
            p.setPen(Qt.NoPen)
            p.setBrush(BAND)
            p.drawPolygon(QPolygonF([tip, tip + QPointF(math.cos(ang + 2.5) * s * 0.12, math.sin(ang + 2.5) * s * 0.12),
                                     tip + QPointF(math.cos(ang - 2.5) * s * 0.12, math.sin(ang - 2.5) * s * 0.12)]))
    elif icon.group == "rule":
        _paint_rule(p, box, name)
    elif icon.group == "end":
        _paint_end(p, box, name)
    p.restore()


def _flag(p: QPainter, box: QRectF) -> None:
    """A small finish flag in the icon's upper left: 'the game ends when'."""
    s = box.height()
    x, y = box.left() + s * 0.08, box.top() + s * 0.1
    p.save()
    p.setPen(QPen(INK, s * 0.04))
    p.drawLine(QPointF(x, y), QPointF(x, y + s * 0.45))
    p.setPen(Qt.NoPen)
    p.setBrush(INK)
    q = s * 0.09
    for i in range(2):
        for j in range(2):
            if (i + j) % 2 == 0:
                p.drawRect(QRectF(x + i * q, y + j * q, q, q))
    p.setPen(QPen(INK, s * 0.02))
    p.setBrush(Qt.NoBrush)
    p.drawRect(QRectF(x, y, 2 * q, 2 * q))
    p.restore()


def _paint_end(p: QPainter, box: QRectF, name: str) -> None:
    s = box.height()
    c = box.center() + QPointF(s * 0.1, s * 0.05)
    _flag(p, box)
    if name == "score":
        glyphs.paint_treasure(p, c, s * 0.6)
    elif name == "rounds":  # an hourglass
        w, h = s * 0.22, s * 0.32
        p.setPen(QPen(INK, s * 0.04))
        p.setBrush(QColor("#e9d8a6"))
        p.drawPolygon(QPolygonF([c + QPointF(-w, -h), c + QPointF(w, -h), c + QPointF(-w, h), c + QPointF(w, h)]))
    elif name == "pictures":
        _picture(p, c, s * 0.6)
    elif name == "bands-exhausted":
        _band(p, [c + QPointF(-s * 0.25, s * 0.2), c + QPointF(s * 0.25, s * 0.2), c + QPointF(0, -s * 0.25)], True, s * 0.06)


def _picture(p: QPainter, c: QPointF, size: float) -> None:
    """A framed cluster of triangles: a picture of segments."""
    h = size * 0.8
    pts = [c + QPointF(-size * 0.45, h * 0.4), c + QPointF(size * 0.45, h * 0.4), c + QPointF(0, -h * 0.5)]
    p.setPen(QPen(INK, size * 0.05))
    p.setBrush(locations.picture_colour("heron"))
    p.drawPolygon(QPolygonF(pts))
    mid = [(pts[0] + pts[1]) / 2, (pts[1] + pts[2]) / 2, (pts[2] + pts[0]) / 2]
    p.drawPolygon(QPolygonF(mid))


def _paint_rule(p: QPainter, box: QRectF, name: str) -> None:
    s = box.height()
    c = box.center()
    if name == "start-crater":
        p.setPen(QPen(QColor("#5d1a0a"), s * 0.04))
        p.setBrush(QColor("#ff8f00"))
        p.drawPolygon(QPolygonF([c + QPointF(s * 0.26 * math.cos(a), s * 0.26 * math.sin(a))
                                 for a in (k * math.pi / 3 for k in range(6))]))
        p.setPen(QPen(QColor("#e4572e"), s * 0.05))
        p.setBrush(QColor(style.PEG_FILLS["yellow"]))
        p.drawEllipse(c + QPointF(s * 0.3, -s * 0.24), s * 0.1, s * 0.1)   # a bright peg on its rim
    elif name in ("start-any", "start-anywhere"):
        p.setPen(QPen(INK, s * 0.03))
        p.setBrush(QColor(style.PEG_FILLS["yellow"] if name == "start-any" else style.PEG_FILLS["gray"]))
        p.drawEllipse(c, s * 0.16, s * 0.16)
        if name == "start-anywhere":
            p.setPen(QPen(INK, s * 0.04))
            for k in range(4):
                a = k * math.pi / 2 + math.pi / 4
                p.drawLine(c + QPointF(math.cos(a) * s * 0.24, math.sin(a) * s * 0.24),
                           c + QPointF(math.cos(a) * s * 0.42, math.sin(a) * s * 0.42))
        else:
            p.setPen(QPen(QColor("#f0a202"), s * 0.06))
            p.setBrush(Qt.NoBrush)
            p.drawEllipse(c, s * 0.3, s * 0.3)
    elif name == "personal-deck":
        p.setPen(QPen(INK, s * 0.03))
        for k, fill in enumerate(("#d9c9a3", "#efe3c4", "#fffaf0")):
            p.setBrush(QColor(fill))
            p.drawRoundedRect(QRectF(c.x() - s * 0.22 + k * s * 0.06, c.y() - s * 0.34 + k * s * 0.05,
                                     s * 0.34, s * 0.5), s * 0.04, s * 0.04)
    elif name == "energy-payment":
        glyphs.paint_energy(p, c + QPointF(-s * 0.12, 0), s * 0.6)
        p.setPen(QPen(INK, s * 0.05))
        p.drawLine(c + QPointF(s * 0.12, 0), c + QPointF(s * 0.42, 0))
        p.drawLine(c + QPointF(s * 0.42, 0), c + QPointF(s * 0.32, -s * 0.08))
        p.drawLine(c + QPointF(s * 0.42, 0), c + QPointF(s * 0.32, s * 0.08))
    elif name == "no-closures":
        pts = [c + QPointF(-s * 0.32, s * 0.28), c + QPointF(s * 0.32, s * 0.28), c + QPointF(0, -s * 0.3)]
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(224, 182, 72, 120))
        p.drawPolygon(QPolygonF(pts))
        _band(p, pts, True, s * 0.06)
        p.setPen(QPen(QColor("#b3261e"), s * 0.07))
        p.drawLine(c + QPointF(-s * 0.4, -s * 0.38), c + QPointF(s * 0.4, s * 0.38))
    elif name == "cross-board":
        p.setPen(QPen(INK, s * 0.03))
        p.setBrush(QColor("#efe3c4"))
        p.drawRect(QRectF(c.x() - s * 0.3, c.y() - s * 0.3, s * 0.6, s * 0.6))
        p.setPen(QPen(BAND, s * 0.07))
        p.drawLine(c + QPointF(0, s * 0.28), c + QPointF(0, -s * 0.2))
        p.setPen(Qt.NoPen)
        p.setBrush(BAND)
        p.drawPolygon(QPolygonF([c + QPointF(0, -s * 0.42), c + QPointF(-s * 0.13, -s * 0.18), c + QPointF(s * 0.13, -s * 0.18)]))
    elif name == "canals":
        p.setPen(QPen(QColor("#3f86b5"), s * 0.06))
        for dy in (-0.12, 0.12):
            path = QPainterPath(c + QPointF(-s * 0.4, s * dy))
            for k in range(4):
                path.quadTo(c + QPointF(-s * 0.3 + k * s * 0.2, s * (dy - 0.08)), c + QPointF(-s * 0.2 + k * s * 0.2, s * dy))
            p.drawPath(path)
        locations.paint_bridge(p, c + QPointF(-s * 0.05, -s * 0.38), c + QPointF(s * 0.05, s * 0.38), 0)
    elif name == "pictures":
        _picture(p, c, s * 0.75)
    elif name == "excavation":
        pen = QPen(BAND, s * 0.05)
        pen.setStyle(Qt.DashLine)
        p.setPen(pen)
        p.setBrush(QColor(192, 138, 18, 60))
        p.drawPolygon(QPolygonF([c + QPointF(-s * 0.42, s * 0.3), c + QPointF(s * 0.42, s * 0.3),
                                 c + QPointF(s * 0.2, -s * 0.3), c + QPointF(-s * 0.2, -s * 0.3)]))
        p.setPen(QPen(INK, s * 0.025))
        p.drawLine(c + QPointF(-s * 0.2, -s * 0.3), c + QPointF(0, s * 0.3))
        p.drawLine(c + QPointF(0, s * 0.3), c + QPointF(s * 0.2, -s * 0.3))
    elif name == "territories":
        p.setPen(QPen(BAND, s * 0.05))
        p.setBrush(QColor(224, 182, 72, 110))
        for dx in (-0.2, 0.2):
            o = c + QPointF(s * dx, 0)
            p.drawPolygon(QPolygonF([o + QPointF(-s * 0.16, s * 0.2), o + QPointF(s * 0.16, s * 0.2), o + QPointF(0, -s * 0.22)]))
    elif name == "idols":
        glyphs.paint_idol(p, c + QPointF(-s * 0.18, 0), "orange", s * 0.55)
        glyphs.paint_idol(p, c + QPointF(s * 0.18, 0), "blue", s * 0.55)
    elif name == "artifact-set":
        for k, kind in enumerate(("sword", "helmet", "shield")):
            locations.paint_artifact(p, c + QPointF((k - 1) * s * 0.42, 0), kind, s * 0.62)
    elif name == "self-cross":
        p.setPen(QPen(BAND, s * 0.06))
        p.setBrush(Qt.NoBrush)
        path = QPainterPath(c + QPointF(-s * 0.4, s * 0.3))
        path.cubicTo(c + QPointF(s * 0.6, s * 0.3), c + QPointF(s * 0.2, -s * 0.5), c + QPointF(-s * 0.05, s * 0.4))
        p.drawPath(path)
        p.setPen(QPen(QColor("#b3261e"), s * 0.05))
        x = c + QPointF(s * 0.12, s * 0.12)
        p.drawLine(x + QPointF(-s * 0.1, -s * 0.1), x + QPointF(s * 0.1, s * 0.1))
        p.drawLine(x + QPointF(-s * 0.1, s * 0.1), x + QPointF(s * 0.1, -s * 0.1))
    elif name == "escape":
        glyphs.paint_energy(p, c, s * 0.75)
    else:
        glyphs.paint_text(p, c, name[:2].upper(), s * 0.4, MUTED)
