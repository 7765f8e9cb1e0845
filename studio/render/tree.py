"""Drawing a Tree of Wisdom (``rivages-tree/1``): branches between nodes, each node a disc with
its effect as an icon and a few words, the start node circled in red (RIV-W2).

Node positions are axial hexes (pointy-top) scaled by ``hex_size`` (centre-to-corner, in the
painter's units). :func:`paint_side` draws one side; :func:`tree_pages` lays each side on its
own A4 or Letter sheet (hex size chosen so the larger side fits, at most
:data:`MAX_HEX_MM`) for :func:`studio.render.pages.write_pages`. QtGui only."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from studio.geometry.hex import hex_to_pixel
from studio.model.rivages import SIDES, Tree, TreeNode, TreeSide
from studio.render import glyphs
from studio.render.pages import Pages, sheet_size
from studio.render.rivages_glyphs import DEFAULT_PALETTE, Palette, effect_parts, effect_text, paint_effect

NODE_FILL = QColor("#eef3dc")
NODE_EDGE = QColor("#55703a")
BRANCH = QColor("#7a5536")
START_RING = QColor("#d2342b")
SELECT = QColor("#1d63d8")
ID_INK = QColor("#6b6258")
NODE_RADIUS = 0.7        # of the hex size: leaves room for the branches between neighbours
MAX_HEX_MM = 18.0
MARGIN_MM = 12.0
TITLE_MM = 16.0          # room at the top of a sheet for the title


def node_point(node: TreeNode, hex_size: float = 1.0) -> QPointF:
    """Centre of ``node`` in the painter's units."""
    x, y = hex_to_pixel(node.at, hex_size)
    return QPointF(x, y)


def side_rect(side: TreeSide, hex_size: float = 1.0) -> QRectF:
    """Bounds of everything :func:`paint_side` draws for ``side`` (nodes with their discs)."""
    if not side.nodes:
        return QRectF(-hex_size, -hex_size, 2 * hex_size, 2 * hex_size)
    pts = [node_point(n, hex_size) for n in side.nodes.values()]
    xs, ys = [p.x() for p in pts], [p.y() for p in pts]
    r = hex_size * (NODE_RADIUS + 0.12)
    return QRectF(min(xs) - r, min(ys) - r, max(xs) - min(xs) + 2 * r, max(ys) - min(ys) + 2 * r)


def paint_branch(p: QPainter, a: QPointF, b: QPointF, hex_size: float, selected: bool = False) -> None:
    p.save()
    p.setPen(QPen(SELECT if selected else BRANCH, hex_size * (0.2 if selected else 0.16), Qt.SolidLine, Qt.RoundCap))
    p.drawLine(a, b)
    p.restore()


def paint_node(p: QPainter, centre: QPointF, hex_size: float, node: TreeNode, *, start: bool = False,
               selected: bool = False, show_id: bool = False, palette: Palette = DEFAULT_PALETTE,
               bad: bool = False, min_text_px: float = 0.0) -> None:
    """One tree node: disc, effect icon and words, the red start ring, an optional id and the
    selection / finding outline. ``min_text_px``: the least height of the words in device
    pixels (a small view on screen), however small the node is drawn; words that then
    overflow the disc get a halo of the disc's colour, readable over a branch."""
    r = hex_size * NODE_RADIUS
    least = min_text_px / _device_scale(p) if min_text_px > 0 else 0.0
    p.save()
    p.setPen(QPen(NODE_EDGE, hex_size * 0.05))
    p.setBrush(NODE_FILL)
    p.drawEllipse(centre, r, r)
    if start:
        p.setPen(QPen(START_RING, hex_size * 0.1))
        p.setBrush(Qt.NoBrush)
        p.drawEllipse(centre, r + hex_size * 0.07, r + hex_size * 0.07)
    if bad:
        p.setPen(QPen(QColor("#e0a100"), hex_size * 0.08, Qt.DashLine))
        p.setBrush(Qt.NoBrush)
        p.drawEllipse(centre, r + hex_size * 0.15, r + hex_size * 0.15)
    if selected:
        p.setPen(QPen(SELECT, hex_size * 0.09))
        p.setBrush(QColor(40, 110, 230, 40))
        p.drawEllipse(centre, r + hex_size * 0.04, r + hex_size * 0.04)
    p.restore()
    parts = effect_parts(node.effect)
    if parts:
        icon = hex_size * (0.62 if len(parts) == 1 else 0.8)
        paint_effect(p, QPointF(centre.x(), centre.y() - hex_size * 0.14), icon, node.effect, palette)
        text = effect_text(node.effect, palette)
        size = hex_size * 0.17
        while size > hex_size * 0.1 and glyphs.text_width(text, size, bold=False) > r * 1.55:
            size *= 0.9
        at = QPointF(centre.x(), centre.y() + hex_size * 0.4)
        if size < least:  # wider than the disc: on a tag of the disc's colours, over its rim
            size = least
            _tag(p, at, glyphs.text_width(text, size, bold=False), size, hex_size)
        glyphs.paint_text(p, at, text, size, "#2d2620", bold=False)
    elif start:
        size = hex_size * 0.26
        glyphs.paint_text(p, centre, "start", max(size, least), START_RING, outline=NODE_FILL if size < least else None)
    if show_id:
        glyphs.paint_text(p, QPointF(centre.x(), centre.y() - r * 0.8), node.id, hex_size * 0.16, ID_INK, bold=False)


def paint_side(p: QPainter, side: TreeSide, hex_size: float = 1.0, *, palette: Palette = DEFAULT_PALETTE,
               show_ids: bool = False, min_text_px: float = 0.0) -> None:
    """Every branch (links to unknown nodes are skipped) and then every node of ``side``
    (``min_text_px``: see :func:`paint_node`)."""
    for a, b in side.links:
        if a in side.nodes and b in side.nodes and a != b:
            paint_branch(p, node_point(side.nodes[a], hex_size), node_point(side.nodes[b], hex_size), hex_size)
    for node in side.nodes.values():
        paint_node(p, node_point(node, hex_size), hex_size, node, start=node.id == side.start,
                   show_id=show_ids, palette=palette, min_text_px=min_text_px)


def _tag(p: QPainter, centre: QPointF, width: float, size: float, hex_size: float) -> None:
    """A rounded label behind words ``width`` wide at font size ``size``, centred on ``centre``."""
    w, h = width + size * 0.6, size * 1.25
    p.save()
    p.setPen(QPen(NODE_EDGE, hex_size * 0.03))
    p.setBrush(NODE_FILL)
    p.drawRoundedRect(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h), h / 2, h / 2)
    p.restore()


def _device_scale(p: QPainter) -> float:
    """Device pixels per painter unit (the painter is scaled, never sheared, here)."""
    t = p.deviceTransform()
    return max(1e-9, (abs(t.m11() * t.m22() - t.m12() * t.m21())) ** 0.5)


@dataclass(frozen=True)
class TreeLayout:
    """One sheet per side: ``sides`` in order, the common ``hex_mm`` and the sheet size."""

    sides: tuple[str, ...]
    hex_mm: float
    sheet_mm: tuple[float, float]


def layout_tree(tree: Tree, paper: str = "a4", sides: tuple[str, ...] | None = None) -> TreeLayout:
    """The largest hex size (at most :data:`MAX_HEX_MM`) at which every chosen side fits a
    portrait sheet of ``paper`` inside the margins and below the title."""
    chosen = tuple(s for s in (sides or SIDES) if s in tree.sides)
    w, h = sheet_size(paper)
    area_w, area_h = w - 2 * MARGIN_MM, h - 2 * MARGIN_MM - TITLE_MM
    hex_mm = MAX_HEX_MM
    for s in chosen:
        r = side_rect(tree.sides[s], 1.0)
        hex_mm = min(hex_mm, area_w / max(r.width(), 1e-6), area_h / max(r.height(), 1e-6))
    return TreeLayout(chosen, hex_mm, (w, h))


def tree_pages(tree: Tree, paper: str = "a4", sides: tuple[str, ...] | None = None,
               palette: Palette = DEFAULT_PALETTE) -> Pages:
    """Pages for :func:`studio.render.pages.write_pages`: each side of ``tree`` centred on its
    own sheet with a title and the hex size in the footer."""
    layout = layout_tree(tree, paper, sides)
    title = tree.name or tree.id

    def paint(p: QPainter, index: int) -> None:
        side_name = layout.sides[index]
        side = tree.sides[side_name]
        w, h = layout.sheet_mm
        _text(p, QPointF(w / 2, MARGIN_MM + 6), f"{title} — side {side_name}", 6.0)
        rect = side_rect(side, layout.hex_mm)
        area = QRectF(MARGIN_MM, MARGIN_MM + TITLE_MM, w - 2 * MARGIN_MM, h - 2 * MARGIN_MM - TITLE_MM)
        p.save()
        p.translate(area.center() - rect.center())
        paint_side(p, side, layout.hex_mm, palette=palette)
        p.restore()
        _text(p, QPointF(w / 2, h - MARGIN_MM / 2), f"{len(side.nodes)} spaces · hex size {layout.hex_mm:.1f} mm"
              f" · Board Studio", 2.6, bold=False, colour="#666666")

    return Pages(layout.sheet_mm, len(layout.sides), f"{title} (Tree of Wisdom)", paint, paper)


def _text(p: QPainter, centre: QPointF, text: str, size: float, bold: bool = True, colour: str = "#2d2620") -> None:
    glyphs.paint_text(p, centre, text, size, colour, bold=bold)
