"""Icons of the tree and card editors, drawn with the same painters as the printed sheets."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QIcon, QPen

from studio.gui.shell.icons import paint_delete_cross, paint_plus, painted_icon
from studio.model.rivages import TreeNode
from studio.render.rivages_glyphs import DEFAULT_PALETTE, Palette, paint_effect, paint_symbol
from studio.render.tree import START_RING, paint_branch, paint_node

_ACCENT = QColor("#1d63d8")


def symbol_icon(symbol: str, palette: Palette = DEFAULT_PALETTE) -> QIcon:
    """A card symbol (terrain or action) as an icon."""
    return painted_icon(lambda p: paint_symbol(p, QPointF(16, 16), 28, symbol, palette))


def effect_icon(effect, palette: Palette = DEFAULT_PALETTE) -> QIcon:
    return painted_icon(lambda p: paint_effect(p, QPointF(16, 16), 26, effect, palette))


def add_node_icon() -> QIcon:
    def draw(p):
        paint_node(p, QPointF(13, 18), 11, TreeNode("n", (0, 0)))
        paint_plus(p, 26, 7, 5, _ACCENT, 3.2)
    return painted_icon(draw)


def link_icon() -> QIcon:
    def draw(p):
        paint_branch(p, QPointF(8, 24), QPointF(24, 8), 12)
        for c in (QPointF(8, 24), QPointF(24, 8)):
            paint_node(p, c, 8, TreeNode("n", (0, 0)))
    return painted_icon(draw)


def start_icon() -> QIcon:
    def draw(p):
        p.setPen(QPen(QColor("#55703a"), 1.4))
        p.setBrush(QColor("#eef3dc"))
        p.drawEllipse(QPointF(16, 16), 9.5, 9.5)
        p.setPen(QPen(START_RING, 3.2))
        p.setBrush(Qt.NoBrush)
        p.drawEllipse(QPointF(16, 16), 12.5, 12.5)
        p.setPen(Qt.NoPen)
        p.setBrush(START_RING)
        p.drawEllipse(QPointF(16, 16), 3.5, 3.5)
    return painted_icon(draw)


def delete_node_icon() -> QIcon:
    def draw(p):
        paint_node(p, QPointF(14, 17), 12, TreeNode("n", (0, 0)))
        paint_delete_cross(p, 20, 4)
    return painted_icon(draw)


def side_icon(side: str) -> QIcon:
    def draw(p):
        p.setPen(QPen(START_RING if side == "A" else QColor("#55703a"), 2.0))
        p.setBrush(QColor("#eef3dc"))
        p.drawRoundedRect(3, 3, 26, 26, 5, 5)
        from studio.render import glyphs
        glyphs.paint_text(p, QPointF(16, 16), side, 16, "#2d2620")
    return painted_icon(draw)
