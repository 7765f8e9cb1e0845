"""The board scene: draws a :class:`~studio.gui.document.BoardDocument` with items and keeps
them in step with the document's ``changed`` signal. Mouse and key input goes to the current
tool (:mod:`studio.gui.tools`)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from studio.gui.document import BoardDocument, ChangeKind
from studio.gui.items import LineItem, PegItem, SeatLabelItem, SegmentItem
from studio.model.realm import line_key, segment_key
from studio.render import paint_background, plate_rect, seat_label_positions, start_seats, style

# Room around the board to pan and zoom into (board units).
_PAN_MARGIN = 6.0


class BoardScene(QGraphicsScene):
    """Items for every peg, line and triangular face of the document's board.

    ``status_message(str)`` carries tool hints for the status bar."""

    status_message = Signal(str)

    def __init__(self, document: BoardDocument, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.pegs: dict[str, PegItem] = {}
        self.lines: dict[tuple[str, str], LineItem] = {}
        self.segments: dict[tuple[str, str, str], SegmentItem] = {}
        self.labels: list[SeatLabelItem] = []
        self._segment_map = {}
        self.tool = None
        self.snap = True
        self._faces_timer = QTimer(self)
        self._faces_timer.setSingleShot(True)
        self._faces_timer.setInterval(120)
        self._faces_timer.timeout.connect(self._refresh_faces)
        document.changed.connect(self._on_changed)
        self.rebuild()

    # -- building ---------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Recreate every item from the document, keeping the selection where it still exists."""
        selected = self.selected_elements()
        self.blockSignals(True)
        try:
            for group in (self.pegs, self.lines, self.segments):
                for item in group.values():
                    self.removeItem(item)
                group.clear()
            for item in self.labels:
                self.removeItem(item)
            self.labels.clear()
            board = self.document.board
            self._segment_map = board.segment_map()
            self._add_segment_items()
            seen = set()
            for a, b in board.lines:
                k = line_key(a, b)
                if k in seen or a not in board.pegs or b not in board.pegs:
                    continue
                seen.add(k)
                item = LineItem(a, b, self._pt(a), self._pt(b))
                self.lines[k] = item
                self.addItem(item)
            starts = start_seats(board)
            for peg in board.pegs.values():
                seats = starts.get(peg.id)
                item = PegItem(peg.id, peg.colour, QPointF(peg.x, peg.y),
                               [style.seat_colour(i) for i in seats or []])
                item.is_start = seats is not None
                self.pegs[peg.id] = item
                self.addItem(item)
            self._add_labels()
            self._update_scene_rect()
        finally:
            self.blockSignals(False)
        self.select_elements(selected, emit=True)

    def _pt(self, peg_id: str) -> QPointF:
        p = self.document.board.pegs[peg_id]
        return QPointF(p.x, p.y)

    def _add_segment_items(self) -> None:
        pegs = self.document.board.pegs
        for face in self.document.faces():
            if not face.is_triangle or not all(p in pegs for p in face.pegs):
                continue
            poly = QPolygonF([self._pt(p) for p in face.pegs])
            item = SegmentItem(face.key, face.pegs, poly, self._segment_map.get)
            self.segments[face.key] = item
            self.addItem(item)

    def _add_labels(self) -> None:
        for item in self.labels:
            self.removeItem(item)
        self.labels.clear()
        board = self.document.board
        if not board.pegs:
            return
        for name, text, pos, i in seat_label_positions(board):
            item = SeatLabelItem(name, text, pos, style.seat_colour(i))
            self.labels.append(item)
            self.addItem(item)

    def board_rect(self) -> QRectF:
        """The plate and the seat labels (what Fit shows)."""
        board = self.document.board
        rect = plate_rect(board) if board.pegs else QRectF(-1, -1, 10, 7)
        for item in self.labels:
            rect = rect.united(item.sceneBoundingRect())
        return rect.adjusted(-0.2, -0.2, 0.2, 0.2)

    def _update_scene_rect(self) -> None:
        m = _PAN_MARGIN
        self.setSceneRect(self.board_rect().adjusted(-m, -m, m, m))

    # -- document changes -------------------------------------------------------------------
    def _on_changed(self, kind: ChangeKind, payload) -> None:
        if kind in (ChangeKind.RESET, ChangeKind.PEGS_ADDED, ChangeKind.PEGS_REMOVED,
                    ChangeKind.LINES_ADDED, ChangeKind.LINES_REMOVED):
            if kind is ChangeKind.RESET:
                self.clearSelection()
            self._faces_timer.stop()
            self.rebuild()
        elif kind is ChangeKind.PEGS_MOVED:
            self._pegs_moved(payload)
        elif kind is ChangeKind.PEGS_CHANGED:
            for pid in payload:
                if pid in self.pegs:
                    self.pegs[pid].colour = self.document.board.pegs[pid].colour
                    self.pegs[pid].update()
        elif kind is ChangeKind.SEGMENTS_CHANGED:
            self._segment_map = self.document.board.segment_map()
            for item in self.segments.values():
                item._lookup = self._segment_map.get
                item.update()
        elif kind is ChangeKind.SEATS_CHANGED:
            starts = start_seats(self.document.board)
            for pid, item in self.pegs.items():
                seats = starts.get(pid)
                item.set_look(item.colour, [style.seat_colour(i) for i in seats or []], seats is not None)
            self._add_labels()

    def _pegs_moved(self, ids) -> None:
        moved = set(ids)
        for pid in moved:
            if pid in self.pegs:
                self.pegs[pid].setPos(self._pt(pid))
        for (a, b), item in self.lines.items():
            if a in moved or b in moved:
                item.set_points(self._pt(a), self._pt(b))
        for item in self.segments.values():
            if moved & set(item.ring):
                item.set_polygon(QPolygonF([self._pt(p) for p in item.ring]))
        self._faces_timer.start()

    def _refresh_faces(self) -> None:
        """After pegs moved: rebuild the face items if the faces themselves changed (lines
        now crossing, a face folded over), and refit labels and scene rect."""
        pegs = self.document.board.pegs
        keys = {f.key for f in self.document.faces() if f.is_triangle and all(p in pegs for p in f.pegs)}
        if keys != set(self.segments):
            self.rebuild()
            return
        self._add_labels()
        self._update_scene_rect()

    def flush(self) -> None:
        """Apply pending deferred updates now (tests, export)."""
        if self._faces_timer.isActive():
            self._faces_timer.stop()
            self._refresh_faces()

    # -- selection --------------------------------------------------------------------------
    def item_for(self, element) -> QGraphicsItem | None:
        if not element:
            return None
        kind = element[0]
        if kind == "peg" and len(element) >= 2:
            return self.pegs.get(element[1])
        if kind == "line" and len(element) >= 3:
            return self.lines.get(line_key(element[1], element[2]))
        if kind == "segment" and len(element) >= 4:
            return self.segments.get(segment_key(element[1:4]))
        return None

    def items_for(self, element) -> list[QGraphicsItem]:
        """Items that show a finding's element; a seat shows as its start pegs."""
        if element and element[0] == "seat" and len(element) >= 2:
            seat = self.document.board.seats.get(element[1])
            if seat is None:
                return []
            return [self.pegs[p] for p in seat.start if p in self.pegs]
        item = self.item_for(element)
        if item is None and element and element[0] == "line" and len(element) >= 3:
            # a line that is missing: show its two pegs
            return [self.pegs[p] for p in element[1:3] if p in self.pegs]
        if item is None and element:
            # a missing segment, a non-triangular face...: show the pegs it names
            return [self.pegs[p] for p in element[1:] if isinstance(p, str) and p in self.pegs]
        return [item] if item is not None else []

    def selected_elements(self) -> list[tuple]:
        return [item.element for item in self.selectedItems() if getattr(item, "element", None)]

    def selected_of(self, kind: str) -> list[QGraphicsItem]:
        return [i for i in self.selectedItems() if getattr(i, "element", ("",))[0] == kind]

    def select_elements(self, elements, emit: bool = True, add: bool = False) -> list[QGraphicsItem]:
        """Select the items of ``elements`` (finding-style tuples); returns them."""
        items = [it for e in elements for it in self.items_for(tuple(e))]
        self.blockSignals(True)
        try:
            if not add:
                self.clearSelection()
            for it in items:
                it.setSelected(True)
        finally:
            self.blockSignals(False)
        if emit:
            self.selectionChanged.emit()
        return items

    def selectable_item_at(self, pos: QPointF) -> QGraphicsItem | None:
        """The topmost peg, line or segment under ``pos`` (scene coordinates)."""
        for item in self.items(pos, Qt.IntersectsItemShape, Qt.DescendingOrder):
            if getattr(item, "element", None) and item.flags() & QGraphicsItem.ItemIsSelectable:
                return item
        return None

    def peg_at(self, pos: QPointF) -> PegItem | None:
        for item in self.items(pos, Qt.IntersectsItemShape, Qt.DescendingOrder):
            if isinstance(item, PegItem):
                return item
        return None

    # -- tools ------------------------------------------------------------------------------
    def set_tool(self, tool) -> None:
        if self.tool is tool:
            return
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        if tool is not None:
            tool.activate(self)
            self.status_message.emit(tool.hint)

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.tool is not None and self.tool.mouse_press(event):
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        handled = self.tool is not None and self.tool.mouse_move(event)
        super().mouseMoveEvent(event)  # keeps hover highlights working
        if handled:
            event.accept()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.tool is not None and self.tool.mouse_release(event):
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:  # noqa: N802 - Qt API
        # a double click is two clicks for every tool
        self.mousePressEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.tool is not None and self.tool.key_press(event):
            event.accept()
            return
        super().keyPressEvent(event)

    # -- painting ---------------------------------------------------------------------------
    def drawBackground(self, painter, rect: QRectF) -> None:  # noqa: N802 - Qt API
        paint_background(painter, rect, self.document.board, self.sceneRect())
