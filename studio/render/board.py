"""Whole-board drawing: :func:`paint_board` (every export and preview: the same elements, in
the same look, as the editor's scene, which paints through the same
:mod:`studio.render.glyphs` and :mod:`studio.render.locations` functions) and the layout
helpers the scene shares with it (plate rectangle, seat label positions, start-peg seats)."""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QLinearGradient, QPainter, QPen, QPolygonF, QRadialGradient

from studio.model.realm import Board
from studio.playtest.heat import PEG_ID_SIZE, peg_id_at
from studio.render import glyphs, locations, style
from studio.render.output import check_writable
from studio.render.style import RenderOptions


def peg_point(board: Board, peg_id: str) -> QPointF:
    p = board.pegs[peg_id]
    return QPointF(p.x, p.y)


def plate_rect(board: Board, margin: float = 0.75) -> QRectF:
    """The parchment plate under the pegs: peg bounds grown by ``margin`` board units."""
    x0, y0, x1, y1 = board.bounds()
    return QRectF(x0 - margin, y0 - margin, (x1 - x0) + 2 * margin, (y1 - y0) + 2 * margin)


def scene_rect(board: Board, options: RenderOptions | None = None) -> QRectF:
    """Everything :func:`paint_board` draws: the plate plus ``options.margin``, grown where a
    seat label reaches further (a long name beside a wide board: "North-west" was clipped at
    the image's edge), with a small gap beyond it."""
    options = options or RenderOptions()
    m = options.margin
    rect = plate_rect(board).adjusted(-m, -m, m, m)
    if options.seat_labels:
        from studio.render.glyphs import seat_label_rect

        for _name, text, pos, _i in seat_label_positions(board):
            rect = rect.united(seat_label_rect(pos, text).adjusted(-0.15, -0.15, 0.15, 0.15))
    return rect


def start_seats(board: Board) -> dict[str, list[int]]:
    """Peg id -> indexes (seat order) of the seats that start there; crater pegs count for
    every seat."""
    out: dict[str, list[int]] = {}
    for i, seat in enumerate(board.seats.values()):
        for pid in seat.start:
            out.setdefault(pid, []).append(i)
    for pid in board.crater:
        out.setdefault(pid, [])
    return out


def seat_label_positions(board: Board) -> list[tuple[str, str, QPointF, int]]:
    """(seat name, label text, centre, seat index) for each seat with start pegs: just
    outside the plate, on the side of the board its start pegs are on."""
    plate = plate_rect(board)
    centre = plate.center()
    out = []
    for i, seat in enumerate(board.seats.values()):
        pts = [peg_point(board, pid) for pid in seat.start if pid in board.pegs]
        if not pts:
            continue
        cx = sum(p.x() for p in pts) / len(pts)
        cy = sum(p.y() for p in pts) / len(pts)
        dx, dy = cx - centre.x(), cy - centre.y()
        # compare in plate-relative terms so a wide board still puts top/bottom seats above/below
        if abs(dy) / max(plate.height(), 1e-9) >= abs(dx) / max(plate.width(), 1e-9):
            y = plate.bottom() + 0.42 if dy >= 0 else plate.top() - 0.42
            pos = QPointF(cx, y)
        else:
            x = plate.right() + 0.3 if dx >= 0 else plate.left() - 0.3
            pos = QPointF(x, cy)
        out.append((seat.name, seat.label or seat.name.title(), pos, i))
    return out


def paint_background(p: QPainter, rect: QRectF, board: Board, table_rect: QRectF | None = None) -> None:
    """The table (muted jungle green) over ``rect`` and the parchment plate under the pegs.
    ``table_rect`` is the extent of the table's gradient (default ``rect``), so that partial
    repaints of a larger area match."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    g = table_rect if table_rect is not None else rect
    table = QLinearGradient(g.topLeft(), g.bottomLeft())
    table.setColorAt(0.0, QColor(style.TABLE_TOP))
    table.setColorAt(1.0, QColor(style.TABLE_BOTTOM))
    p.fillRect(rect, QBrush(table))
    if board.pegs:
        plate = plate_rect(board)
        r = 0.35
        p.setPen(Qt.NoPen)
        for i, alpha in enumerate((26, 20, 14, 8)):
            p.setBrush(QColor(0, 0, 0, alpha))
            d = 0.05 + i * 0.05
            p.drawRoundedRect(plate.adjusted(-d * 0.5, -d * 0.2, d * 0.8, d * 1.4), r + d, r + d)
        glow = QRadialGradient(plate.center(), max(plate.width(), plate.height()) * 0.62)
        glow.setColorAt(0.0, QColor("#fbf4e2"))
        glow.setColorAt(0.7, QColor(style.PARCHMENT))
        glow.setColorAt(1.0, QColor(style.PARCHMENT_EDGE))
        p.setBrush(QBrush(glow))
        p.setPen(QPen(QColor(style.PLATE_BORDER), 0.05))
        p.drawRoundedRect(plate, r, r)
        inner = plate.adjusted(0.12, 0.12, -0.12, -0.12)
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(QColor(181, 157, 112, 110), 0.02))
        p.drawRoundedRect(inner, r * 0.7, r * 0.7)
    p.restore()


def paint_board(p: QPainter, board: Board, options: RenderOptions | None = None,
                scene: locations.Scenery | None = None) -> None:
    """Draw ``board`` in board units with ``p``'s current transform, everything the editor
    shows but its selection and findings: background, canal water and island sand, picture
    and content tints, the crater's lava, bridges with their energy, lines and Labyrinth line
    items, segment glyphs (treasure, energy, idols, picture names), picture and island
    outlines with their names, start halos, goal and crater rings, pegs and seat labels.
    ``scene``: the board's :func:`locations.scenery`, computed when not given (a tiled
    export passes the whole board's for every tile)."""
    options = options or RenderOptions()
    scene = scene if scene is not None else locations.scenery(board)
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setRenderHint(QPainter.TextAntialiasing, True)
    if options.background:
        paint_background(p, scene_rect(board, options), board)
    pegs = board.pegs
    locations.paint_canals(p, scene)
    triangles = []
    for seg in board.segments:
        if all(pid in pegs for pid in seg.pegs):
            poly = QPolygonF([peg_point(board, pid) for pid in seg.pegs])
            triangles.append((seg, poly))
            locations.paint_face_tints(p, poly, picture=seg.picture)
            glyphs.paint_segment_fill(p, poly, seg)
    if scene.crater is not None:
        locations.paint_lava(p, scene.crater)
    bridges, items = locations.board_line_extras(board)
    at = {pid: (peg.x, peg.y) for pid, peg in pegs.items()}
    seen = set()
    ends: list[QLineF] = []
    keys = []
    for a, b in board.lines:
        k = (a, b) if a <= b else (b, a)  # line_key, inline: 30,000 calls
        if k in seen or a not in at or b not in at:
            continue
        seen.add(k)
        ends.append(QLineF(*at[a], *at[b]))
        keys.append(k)
    # planks under every line, the lines in one call (a board of 30,000 lines paints in
    # a fraction of a second, not seconds), the Labyrinth tokens over them
    for line, k in zip(ends, keys):
        if k in bridges:
            locations.paint_bridge(p, line.p1(), line.p2(), bridges[k].energy)
    glyphs.paint_lines(p, ends)
    for line, k in zip(ends, keys):
        if k in items:
            a, b = line.p1(), line.p2()
            locations.paint_line_item(p, a, b, items[k].treasure, items[k].artifact)
    for seg, poly in triangles:
        pts = [poly.at(i) for i in range(3)]
        c = QPointF(sum(q.x() for q in pts) / 3, sum(q.y() for q in pts) / 3)
        glyphs.paint_segment_content(p, c, seg)
    locations.paint_regions(p, scene.pictures, labels=False)
    locations.paint_regions(p, scene.islands, labels=False)
    starts = start_seats(board)
    goals = locations.goal_seats(board)
    crater = set(board.crater)
    for pid in dict.fromkeys([*starts, *goals]):
        if pid in pegs:
            seats = starts.get(pid)
            locations.paint_peg_marks(p, peg_point(board, pid), [style.seat_colour(i) for i in seats or []],
                                      is_start=seats is not None,
                                      goal_colours=[style.seat_colour(i) for i in goals.get(pid, [])],
                                      crater=pid in crater)
    glyphs.paint_pegs(p, [(QPointF(peg.x, peg.y), peg.colour) for peg in pegs.values()])
    if options.peg_ids:
        for peg in pegs.values():
            glyphs.paint_text(p, QPointF(*peg_id_at(peg.x, peg.y)), peg.id, PEG_ID_SIZE,
                              style.INK, bold=False, outline=QColor(255, 250, 235, 200))
    # name tags over the pegs: never hidden (placed to keep clear of pegs where they can)
    locations.paint_regions(p, scene.pictures, outlines=False)
    locations.paint_regions(p, scene.islands, outlines=False)
    if options.seat_labels:
        for _name, text, pos, i in seat_label_positions(board):
            glyphs.paint_seat_label(p, pos, text, style.seat_colour(i))
    p.restore()


def render_image(board: Board, pixels_per_unit: float = 96.0, options: RenderOptions | None = None) -> QImage:
    """The board as an ARGB image, ``pixels_per_unit`` pixels per peg spacing."""
    options = options or RenderOptions()
    rect = scene_rect(board, options)
    w = max(1, math.ceil(rect.width() * pixels_per_unit))
    h = max(1, math.ceil(rect.height() * pixels_per_unit))
    image = QImage(w, h, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    try:
        painter.scale(pixels_per_unit, pixels_per_unit)
        painter.translate(-rect.left(), -rect.top())
        paint_board(painter, board, options)
    finally:
        painter.end()
    return image


def export_png(board: Board, path: str | Path, pixels_per_unit: float = 96.0,
               options: RenderOptions | None = None) -> None:
    """Write the board to ``path`` as PNG. Raises OSError when the file cannot be written."""
    check_writable(path)
    image = render_image(board, pixels_per_unit, options)
    if not image.save(str(path), "PNG"):
        raise OSError(f"could not write {path}")
