"""The playtest window's board: the printed board (drawn by :mod:`studio.render`) with the game
on top: segments tinted by the seat that collected them, bands as rubber loops in seat colours,
and the human player's band under construction.

The view shows a :class:`~studio.playtest.session.PlaySession` and reports clicks; it never
changes the game itself."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QPolygonF, QRadialGradient, QTransform
from PySide6.QtWidgets import QSizePolicy, QWidget
from shapely.geometry import LineString, Polygon

from studio.render import RenderOptions, paint_background, paint_board, scene_rect, style
from studio.render.glyphs import paint_text

HIT_RADIUS = 0.34          # board units around a peg that count as clicking it
BAND_BASE = 0.2            # loop radius around the pegs of seat 0's bands (board units)
BAND_STEP = 0.055          # each later seat's loops run a little wider, so stacked bands show
BAND_WIDTH = 0.075
CLOSED_KINDS = ("triangle", "quad")  # the other kinds (line, long barrier) are open paths


def seat_colour(seat: int) -> QColor:
    """The colour of a seat's bands, chips and labels (the editor's seat accents)."""
    return style.seat_colour(seat)


def band_outline(points: list[tuple[float, float]], radius: float, closed: bool) -> QPolygonF:
    """The loop a rubber band makes around pegs at ``points``: the band's polygon (``closed``)
    or path (a line, a long barrier) grown by ``radius`` with round corners."""
    geom = Polygon(points) if closed and len(points) > 2 else LineString(points)
    ring = geom.buffer(radius, quad_segs=10).exterior.coords
    return QPolygonF([QPointF(x, y) for x, y in ring])


class PlaytestBoardView(QWidget):
    """Draws the session's board and state; emits :attr:`pegClicked` for clicks on pegs the
    window marked clickable, :attr:`placeRequested` on a double-click or Enter, and
    :attr:`clearRequested` on a click on empty board."""

    pegClicked = Signal(str)
    placeRequested = Signal()
    clearRequested = Signal()

    def __init__(self, session, parent=None):
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(420, 360)
        self._options = RenderOptions(background=False, seat_labels=True)
        self.selected: list[str] = []
        self.clickable: set[str] = set()
        self.preview = None          # Place being built (legal band on exactly the selection)
        self.hovered: str | None = None
        self.set_session(session)

    # -- model --------------------------------------------------------------------------------
    def set_session(self, session) -> None:
        self.session = session
        self.board = session.game.board
        topo = session.game.topology
        self._faces = [QPolygonF([QPointF(x, y) for x, y in f.polygon.exterior.coords]) for f in topo.faces]
        self._scene = scene_rect(self.board, self._options)
        self._printed = None         # the printed board at the current size, drawn once
        self._paths: dict = {}       # (seat, pegs, kind) -> band loop
        self.selected, self.clickable, self.preview, self.hovered = [], set(), None, None
        self.update()

    def set_selection(self, selected: list[str], clickable: set[str], preview=None) -> None:
        """The human's band under construction: ``selected`` pegs, the pegs that may be clicked
        next (``clickable``) and the band ``preview`` when the selection is a legal band."""
        self.selected = list(selected)
        self.clickable = set(clickable)
        self.preview = preview
        if self.hovered not in self.clickable:
            self.hovered = None
        self.update()

    # -- geometry -----------------------------------------------------------------------------
    def transform(self) -> QTransform:
        """Board units -> widget pixels, fitting the board in the widget, centred."""
        r = self._scene
        pad = 10
        w, h = max(1, self.width() - 2 * pad), max(1, self.height() - 2 * pad)
        scale = min(w / max(r.width(), 1e-9), h / max(r.height(), 1e-9))
        dx = (self.width() - r.width() * scale) / 2 - r.left() * scale
        dy = (self.height() - r.height() * scale) / 2 - r.top() * scale
        return QTransform(scale, 0, 0, scale, dx, dy)

    def peg_pos(self, peg_id: str) -> QPointF:
        """Widget position of a peg (for tests and tooltips)."""
        p = self.board.pegs[peg_id]
        return self.transform().map(QPointF(p.x, p.y))

    def peg_at(self, pos: QPointF) -> str | None:
        """The peg under the widget point ``pos``, if any."""
        inv, ok = self.transform().inverted()
        if not ok:
            return None
        q = inv.map(QPointF(pos))
        best, best_d = None, HIT_RADIUS
        for peg in self.board.pegs.values():
            d = math.hypot(peg.x - q.x(), peg.y - q.y())
            if d <= best_d:
                best, best_d = peg.id, d
        return best

    def sizeHint(self) -> QSize:
        return QSize(760, 700)

    # -- input --------------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.LeftButton:
            return super().mousePressEvent(event)
        peg = self.peg_at(event.position())
        if peg is not None and peg in self.clickable:
            self.pegClicked.emit(peg)
        elif peg is None and self.selected:
            self.clearRequested.emit()
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        # the first press of a double-click already toggled the peg; the second completes it
        if event.button() == Qt.LeftButton and self.preview is not None:
            self.placeRequested.emit()
            event.accept()
            return
        self.mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        peg = self.peg_at(event.position())
        hovered = peg if peg in self.clickable else None
        if hovered != self.hovered:
            self.hovered = hovered
            self.setCursor(Qt.PointingHandCursor if hovered else Qt.ArrowCursor)
            self.update()

    def leaveEvent(self, event) -> None:
        if self.hovered is not None:
            self.hovered = None
            self.update()
        super().leaveEvent(event)

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key_Return, Qt.Key_Enter) and self.preview is not None:
            self.placeRequested.emit()
        else:
            super().keyPressEvent(event)

    # -- drawing ------------------------------------------------------------------------------
    def _printed_board(self) -> QPixmap:
        """The printed board (table, plate, lines, contents, pegs) at this size; it never
        changes during a game, so it is drawn once and the game is painted over it."""
        ratio = self.devicePixelRatioF()
        size = self.size() * ratio
        if self._printed is None or self._printed.size() != size:
            pixmap = QPixmap(size)
            pixmap.setDevicePixelRatio(ratio)
            p = QPainter(pixmap)
            try:
                p.setRenderHint(QPainter.Antialiasing, True)
                t = self.transform()
                p.setTransform(t)
                inv, _ok = t.inverted()
                paint_background(p, inv.mapRect(QRectF(self.rect())), self.board)
                paint_board(p, self.board, self._options)
            finally:
                p.end()
            self._printed = pixmap
        return self._printed

    def paintEvent(self, event) -> None:
        printed = self._printed_board()
        p = QPainter(self)
        try:
            p.drawPixmap(0, 0, printed)
            p.setRenderHint(QPainter.Antialiasing, True)
            p.setTransform(self.transform())
            self._paint_collected(p)
            self._paint_bands(p)
            self._paint_human(p)
        finally:
            p.end()

    def _paint_collected(self, p: QPainter) -> None:
        """Segments tinted with the colour of the seat that collected them (RTR-P3)."""
        p.save()
        for face, seat in self.session.state.collected.items():
            c = seat_colour(seat)
            c.setAlpha(62)
            p.setPen(Qt.NoPen)
            p.setBrush(c)
            p.drawPolygon(self._faces[face])
        p.restore()

    def _peg_xy(self, pegs) -> list[tuple[float, float]]:
        return [(self.board.pegs[q].x, self.board.pegs[q].y) for q in pegs]

    def _band_path(self, seat: int, pegs, kind: str) -> QPainterPath:
        key = (seat, pegs, kind)
        path = self._paths.get(key)
        if path is None:
            path = QPainterPath()
            path.addPolygon(band_outline(self._peg_xy(pegs), BAND_BASE + BAND_STEP * seat, kind in CLOSED_KINDS))
            path.closeSubpath()
            self._paths[key] = path
        return path

    def _paint_bands(self, p: QPainter) -> None:
        """Each band as a closed rubber loop around its pegs in its seat's colour; the last band
        played has a soft glow so a bot's move is easy to spot."""
        bands = self.session.state.bands
        p.save()
        p.setBrush(Qt.NoBrush)
        for i, (seat, shape) in enumerate(bands):
            path = self._band_path(seat, shape.pegs, shape.kind)
            colour = seat_colour(seat)
            if i == len(bands) - 1:
                glow = QColor(255, 255, 240, 190)
                p.setPen(QPen(glow, BAND_WIDTH * 3.2, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
                p.drawPath(path)
            p.setPen(QPen(colour.darker(165), BAND_WIDTH * 1.45, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            p.drawPath(path)
            p.setPen(QPen(colour, BAND_WIDTH, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            p.drawPath(path)
            p.setPen(QPen(colour.lighter(150), BAND_WIDTH * 0.28, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            p.drawPath(path.translated(-0.012, -0.012))
        p.restore()

    def _paint_human(self, p: QPainter) -> None:
        """Clickable pegs ringed, selected pegs ringed boldly, and the band being built dashed."""
        seat = self.session.state.current_player
        if seat is None:
            return
        colour = seat_colour(seat)
        r = style.PEG_RADIUS
        p.save()
        p.setBrush(Qt.NoBrush)
        if self.preview is not None:
            path = self._band_path(seat, self.preview.pegs, self.preview.shape)
            fill = QColor(colour)
            fill.setAlpha(55)
            p.fillPath(path, fill)
            p.setPen(QPen(QColor(255, 255, 255, 220), BAND_WIDTH * 1.9, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            p.drawPath(path)
            p.setPen(QPen(colour.darker(115), BAND_WIDTH * 1.1, Qt.DashLine, Qt.RoundCap, Qt.RoundJoin))
            p.drawPath(path)
        elif len(self.selected) > 1:
            pts = [QPointF(x, y) for x, y in self._peg_xy(self.selected)]
            p.setPen(QPen(QColor(255, 255, 255, 220), BAND_WIDTH * 1.6, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            p.drawPolyline(QPolygonF(pts))
            p.setPen(QPen(colour, BAND_WIDTH * 0.8, Qt.DotLine, Qt.RoundCap, Qt.RoundJoin))
            p.drawPolyline(QPolygonF(pts))
        # pegs that may be added: a soft light and a thin dashed ring in the seat's colour
        for pid in self.clickable - set(self.selected):
            peg = self.board.pegs[pid]
            c = QPointF(peg.x, peg.y)
            hot = pid == self.hovered
            glow = QRadialGradient(c, r * 2.3)
            glow.setColorAt(0.0, QColor(255, 255, 235, 0))
            glow.setColorAt(0.55, QColor(255, 255, 235, 150 if hot else 95))
            glow.setColorAt(1.0, QColor(255, 255, 235, 0))
            p.setPen(Qt.NoPen)
            p.setBrush(glow)
            p.drawEllipse(c, r * 2.3, r * 2.3)
            p.setBrush(Qt.NoBrush)
            pen = QPen(colour.darker(110), 0.06 if hot else 0.035, Qt.SolidLine if hot else Qt.DashLine)
            p.setPen(pen)
            p.drawEllipse(c, r * 1.6, r * 1.6)
        # chosen pegs: a bold ring and their order of choice
        for n, pid in enumerate(self.selected, 1):
            peg = self.board.pegs[pid]
            c = QPointF(peg.x, peg.y)
            p.setBrush(Qt.NoBrush)
            p.setPen(QPen(QColor(255, 255, 255, 245), 0.12))
            p.drawEllipse(c, r * 1.65, r * 1.65)
            p.setPen(QPen(colour, 0.075))
            p.drawEllipse(c, r * 1.65, r * 1.65)
            badge = c + QPointF(r * 1.35, -r * 1.35)
            p.setPen(QPen(QColor(255, 255, 255), 0.025))
            p.setBrush(colour.darker(115))
            p.drawEllipse(badge, 0.095, 0.095)
            paint_text(p, badge, str(n), 0.12, "#ffffff")
        p.restore()


__all__ = ["PlaytestBoardView", "band_outline", "seat_colour"]
