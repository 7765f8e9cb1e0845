"""What the Rivages playtest window draws: an island with a seat's crosses and the spaces a click
may cross, a Tree of Wisdom with its crossed spaces, a hand of Exploration cards with the used
rows struck through, and small pictures of card symbols for buttons.

The views show what they are given (``show_*`` methods) and say what was clicked by signals;
the window decides what is legal. Islands, trees and symbols are drawn by
:mod:`studio.render.island`, :mod:`studio.render.tree` and :mod:`studio.render.rivages_glyphs`,
as in the editors and on printed sheets."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QSizePolicy, QWidget

from studio.geometry.hex import pixel_to_hex
from studio.model.rivages import Island, TreeSide
from studio.render import glyphs
from studio.render.cards import paint_rows
from studio.render.island import R, island_rect, paint_island, polygon
from studio.render.rivages_glyphs import DEFAULT_PALETTE, Palette, paint_symbol
from studio.render.tree import NODE_RADIUS, node_point, paint_side, side_rect

CROSS_INK = QColor("#1b1b1b")
WATER = QColor("#a9cfdd")
PAPER = QColor("#fffaf0")
TREE_TEXT_PX = 11.0
"""The least pixel size of a tree space's words in the playtest window: at the default window
size the tree is drawn too small for the printed proportions (words of 5 px)."""


def symbols_pixmap(symbols, palette: Palette = DEFAULT_PALETTE, height: int = 22) -> QPixmap:
    """Card symbols side by side on a transparent picture ``height`` pixels high."""
    symbols = list(symbols)
    width = max(1, len(symbols)) * (height + 2)
    ratio = 2.0  # drawn at twice the size so icons stay sharp on high-dpi screens
    pix = QPixmap(int(width * ratio), int(height * ratio))
    pix.setDevicePixelRatio(ratio)
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.Antialiasing, True)
    for k, sym in enumerate(symbols):
        paint_symbol(p, QPointF(k * (height + 2) + height / 2 + 1, height / 2), height * 0.92, sym, palette)
    p.end()
    return pix


def symbols_icon(symbols, palette: Palette = DEFAULT_PALETTE, height: int = 22) -> QIcon:
    return QIcon(symbols_pixmap(symbols, palette, height))


class _FitView(QWidget):
    """A widget that draws a scene rectangle scaled to fit, centred, and maps clicks back."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)

    def scene_rect(self) -> QRectF:
        raise NotImplementedError

    def transform(self) -> QTransform:
        rect = self.scene_rect()
        margin = 10.0
        w, h = max(1.0, self.width() - 2 * margin), max(1.0, self.height() - 2 * margin)
        k = min(w / max(rect.width(), 1e-6), h / max(rect.height(), 1e-6))
        t = QTransform()
        t.translate(self.width() / 2, self.height() / 2)
        t.scale(k, k)
        t.translate(-rect.center().x(), -rect.center().y())
        return t

    def scene_point(self, pos) -> QPointF:
        inverse, _ok = self.transform().inverted()
        return inverse.map(QPointF(pos))


class IslandPlayView(_FitView):
    """An island in play: ``show_island(island, crossed, targets, colour)`` draws it with the
    crossed spaces struck and the ``targets`` (spaces a click may cross now) lit in the seat's
    colour. ``spaceClicked(hex)`` reports a click on any space, legal or not."""

    spaceClicked = Signal(object)

    def __init__(self, palette: Palette = DEFAULT_PALETTE, parent=None):
        super().__init__(parent)
        self.palette = palette
        self.island: Island | None = None
        self.crossed: set = set()
        self.targets: set = set()
        self.colour = QColor("#1d63d8")
        self.hover = None
        self.caption = ""
        self._hexes: set = set()
        self.setMinimumSize(360, 300)

    def show_island(self, island: Island, crossed, targets, colour: QColor, caption: str = "") -> None:
        self.island = island
        self._hexes = {s.at for s in island.spaces}
        self.crossed = set(crossed)
        self.targets = set(targets)
        self.colour = QColor(colour)
        self.caption = caption
        self.update()

    def scene_rect(self) -> QRectF:
        return island_rect(self.island, 0.3) if self.island is not None else QRectF(-1, -1, 2, 2)

    def space_at(self, pos) -> tuple[int, int] | None:
        """The space under widget pixel ``pos``, or None (sea)."""
        if self.island is None:
            return None
        pt = self.scene_point(pos)
        h = pixel_to_hex(pt.x(), pt.y(), R, self.island.orientation)
        return h if h in self._hexes else None

    def space_centre(self, h) -> QPointF:
        """Widget pixel at the centre of space ``h`` (for tests and tooltips)."""
        from studio.render.island import centre

        return self.transform().map(centre(h, self.island.orientation))

    def sizeHint(self) -> QSize:
        return QSize(760, 560)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            h = self.space_at(event.position())
            if h is not None:
                self.spaceClicked.emit(h)

    def mouseMoveEvent(self, event) -> None:
        h = self.space_at(event.position())
        if h != self.hover:
            self.hover = h
            self.setCursor(Qt.PointingHandCursor if h in self.targets else Qt.ArrowCursor)
            self.update()

    def leaveEvent(self, event) -> None:
        self.hover = None
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        p.fillRect(self.rect(), WATER)
        if self.island is None:
            return
        p.save()
        p.setTransform(self.transform())
        paint_island(p, self.island, self.palette)
        o = self.island.orientation
        glow = QColor(self.colour)
        glow.setAlpha(90)
        for h in self.targets:  # lit: the seat's colour, ringed in white so it shows on any terrain
            p.setPen(QPen(QColor(255, 255, 255, 230), 0.2))
            p.setBrush(Qt.NoBrush)
            p.drawPolygon(polygon(h, o, 0.8))
            p.setPen(QPen(self.colour, 0.12))
            p.setBrush(glow)
            p.drawPolygon(polygon(h, o, 0.8))
        if self.hover in self.targets:
            p.setPen(QPen(self.colour.darker(130), 0.14))
            p.setBrush(Qt.NoBrush)
            p.drawPolygon(polygon(self.hover, o, 0.92))
        p.setPen(QPen(CROSS_INK, 0.15, Qt.SolidLine, Qt.RoundCap))
        for h in self.crossed:
            c = polygon(h, o, 0.4)
            p.drawLine(c[0], c[3])
            p.drawLine(c[1], c[4])
        p.restore()
        if self.caption:
            p.setPen(QColor("#1f3b4a"))
            f = p.font()
            f.setBold(True)
            f.setPointSizeF(11)
            p.setFont(f)
            p.drawText(QRectF(12, 8, self.width() - 24, 22), Qt.AlignLeft | Qt.AlignVCenter, self.caption)


class TreePlayView(_FitView):
    """A seat's Tree of Wisdom side: crossed spaces struck, the spaces a statue may cross now
    lit; ``nodeClicked(id)`` reports a click on any tree space."""

    nodeClicked = Signal(str)

    def __init__(self, palette: Palette = DEFAULT_PALETTE, parent=None):
        super().__init__(parent)
        self.palette = palette
        self.side: TreeSide | None = None
        self.crossed: set = set()
        self.targets: set = set()
        self.colour = QColor("#1d63d8")
        self.setMinimumSize(200, 150)

    def show_tree(self, side: TreeSide, crossed, targets, colour: QColor) -> None:
        self.side = side
        self.crossed = set(crossed)
        self.targets = set(targets)
        self.colour = QColor(colour)
        self.update()

    def scene_rect(self) -> QRectF:
        return side_rect(self.side).adjusted(-0.1, -0.1, 0.1, 0.1) if self.side is not None else QRectF(-1, -1, 2, 2)

    def node_at(self, pos) -> str | None:
        if self.side is None:
            return None
        pt = self.scene_point(pos)
        for node in self.side.nodes.values():
            c = node_point(node)
            if (c.x() - pt.x()) ** 2 + (c.y() - pt.y()) ** 2 <= NODE_RADIUS ** 2:
                return node.id
        return None

    def node_centre(self, node_id: str) -> QPointF:
        return self.transform().map(node_point(self.side.nodes[node_id]))

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            n = self.node_at(event.position())
            if n is not None:
                self.nodeClicked.emit(n)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        p.fillRect(self.rect(), PAPER)
        if self.side is None:
            return
        p.setTransform(self.transform())
        paint_side(p, self.side, palette=self.palette, min_text_px=TREE_TEXT_PX)
        glow = QColor(self.colour)
        glow.setAlpha(70)
        for n in self.targets:
            p.setPen(QPen(self.colour, 0.1))
            p.setBrush(glow)
            p.drawEllipse(node_point(self.side.nodes[n]), NODE_RADIUS + 0.06, NODE_RADIUS + 0.06)
        p.setPen(QPen(CROSS_INK, 0.14, Qt.SolidLine, Qt.RoundCap))
        for n in self.crossed:
            c = node_point(self.side.nodes[n])
            d = NODE_RADIUS * 0.55
            p.drawLine(QPointF(c.x() - d, c.y() - d), QPointF(c.x() + d, c.y() + d))
            p.drawLine(QPointF(c.x() - d, c.y() + d), QPointF(c.x() + d, c.y() - d))


class HandPlayView(QWidget):
    """A hand of Exploration cards face up: ``show_hand([(card id, rows, used rows, endgame)])``;
    used rows are struck through, the next row to play is marked. ``hidden=True`` shows the
    cards face down (another explorer's hand, RIV-S4)."""

    CARD = QSize(128, 150)

    def __init__(self, palette: Palette = DEFAULT_PALETTE, parent=None):
        super().__init__(parent)
        self.palette = palette
        self.cards: list = []
        self.hidden = False
        self.setMinimumSize(2 * self.CARD.width() + 24, self.CARD.height() + 12)
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Expanding)

    def show_hand(self, cards, hidden: bool = False) -> None:
        self.cards = list(cards)
        self.hidden = hidden
        self.setToolTip("another explorer's cards: hidden until the end of the game (RIV-S4)" if hidden else "")
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        if not self.cards:
            p.setPen(QColor("#8a7a66"))
            p.drawText(self.rect(), Qt.AlignCenter, "no cards in hand")
            return
        cw = min(float(self.CARD.width()), (self.width() - 8.0 * (len(self.cards) + 1)) / len(self.cards))
        ch = min(float(self.CARD.height()), self.height() - 10.0)
        for k, (card_id, rows, used, endgame) in enumerate(self.cards):
            rect = QRectF(8 + k * (cw + 8), (self.height() - ch) / 2, cw, ch)
            if self.hidden:
                p.setPen(QPen(QColor("#4a3a2a"), 1.2))
                p.setBrush(QColor("#6b5438"))
                p.drawRoundedRect(rect, 7, 7)
                p.setPen(QPen(QColor("#c9ad7a"), 1.0))
                p.setBrush(Qt.NoBrush)
                p.drawRoundedRect(rect.adjusted(6, 6, -6, -6), 5, 5)
                glyphs.paint_text(p, rect.center() - QPointF(0, 9), "Exploration", 11, "#f4ead3")
                glyphs.paint_text(p, rect.center() + QPointF(0, 9), "hidden", 10, "#e0cfa8")
                continue
            p.setPen(QPen(QColor("#7a6a55"), 1.2))
            p.setBrush(QColor("#f4ead3") if not endgame else QColor("#e8d6d6"))
            p.drawRoundedRect(rect, 7, 7)
            glyphs.paint_text(p, QPointF(rect.center().x(), rect.top() + 11), card_id, 11, "#3a2f25")
            n = max(1, len(rows))
            band = (rect.height() - 26) / n
            for i, row in enumerate(rows):
                strip = QRectF(rect.left() + 3, rect.top() + 22 + i * band, rect.width() - 6, band)
                paint_rows(p, strip, [row], self.palette)
                if i < used:
                    p.setPen(Qt.NoPen)
                    p.setBrush(QColor(244, 234, 211, 170))
                    p.drawRect(strip)
                    p.setPen(QPen(QColor("#9b2d20"), 2.0))
                    p.drawLine(QPointF(strip.left() + 6, strip.center().y()), QPointF(strip.right() - 6, strip.center().y()))
                elif i == used:
                    p.setPen(QPen(QColor("#3f7d4a"), 1.6))
                    p.setBrush(Qt.NoBrush)
                    p.drawRoundedRect(strip.adjusted(1, 1, -1, -1), 5, 5)


__all__ = ["HandPlayView", "IslandPlayView", "TreePlayView", "symbols_icon", "symbols_pixmap"]
