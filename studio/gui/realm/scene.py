"""The board scene: draws a :class:`~studio.gui.realm.document.BoardDocument` with items and keeps
them in step with the document's ``changed`` signal. Mouse and key input goes to the current
tool (:mod:`studio.gui.realm.tools`). Validation findings are shown as markers
(:meth:`BoardScene.set_findings`)."""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene
from shapely.geometry import Polygon

from studio.gui.realm.document import BoardDocument, ChangeKind
from studio.gui.realm.items import (
    CraterItem,
    FindingMarkerItem,
    IslandItem,
    LineItem,
    PegItem,
    PictureItem,
    SeatLabelItem,
    SegmentItem,
)
from studio.gui.shell.overview import BoardOverviewItem
from studio.model.realm import line_key, segment_key
from studio.render import locations as lg
from studio.render import paint_background, plate_rect, seat_label_positions, start_seats, style

MAX_MARKERS = 400  # findings beyond this are listed in the dock but not drawn

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
        self.pictures: dict[str, PictureItem] = {}
        self.islands: dict[str, IslandItem] = {}
        self.crater: CraterItem | None = None
        self.markers: list[FindingMarkerItem] = []
        self.findings: list = []
        self._segment_map = {}
        self.bridges: dict = {}
        self.line_items: dict = {}
        self.island_of_key: dict = {}
        self.canals_shown = False
        self.tool = None
        self.snap = True
        self._faces_timer = QTimer(self)
        self._faces_timer.setSingleShot(True)
        self._faces_timer.setInterval(120)
        self._faces_timer.timeout.connect(self._refresh_faces)
        document.changed.connect(self._on_changed)
        self.overview = BoardOverviewItem(self)  # level of detail for large boards
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
            self._refresh_lookups()
            pts = {pid: QPointF(p.x, p.y) for pid, p in board.pegs.items()}  # each peg's point once
            self._add_segment_items(pts)
            seen = set()
            for a, b in board.lines:
                k = line_key(a, b)
                if k in seen or a not in pts or b not in pts:
                    continue
                seen.add(k)
                item = LineItem(a, b, pts[a], pts[b])
                self.lines[k] = item
                self.addItem(item)
            for peg in board.pegs.values():
                item = PegItem(peg.id, peg.colour, QPointF(peg.x, peg.y))
                self.pegs[peg.id] = item
                self.addItem(item)
            self._refresh_peg_looks()
            self._add_labels()
            self._rebuild_regions()
            self._rebuild_crater()
        finally:
            self.blockSignals(False)
        # unblocked: the BSP index follows sceneRectChanged and is left stale when it is blocked
        self._update_scene_rect()
        self.overview.refresh()
        self.select_elements(selected, emit=True)
        self._rebuild_markers()

    def _refresh_lookups(self) -> None:
        board = self.document.board
        self.bridges = {line_key(*b.line): b for b in board.bridges}
        self.line_items = {line_key(*i.line): i for i in board.line_items}
        self.island_of_key = {segment_key(t): name for name, tris in board.islands.items() for t in tris}
        self.canals_shown = bool(board.has_canals or board.islands or board.bridges)

    def _refresh_peg_looks(self) -> None:
        board = self.document.board
        starts = start_seats(board)
        goals = lg.goal_seats(board)
        crater = set(board.crater)
        for pid, item in self.pegs.items():
            seats = starts.get(pid)
            item.set_look(board.pegs[pid].colour if pid in board.pegs else item.colour,
                          [style.seat_colour(i) for i in seats or []], seats is not None,
                          [style.seat_colour(i) for i in goals.get(pid, [])], pid in crater)

    def face_polygon(self, key) -> Polygon | None:
        """The shapely polygon of the face with ``key`` (sorted corner ids), if it is one."""
        key = segment_key(key)
        for face in self.document.faces():
            if face.key == key:
                return face.polygon
        return None

    def _union_path(self, keys) -> tuple[QPainterPath, QPointF] | None:
        """Outline path and label point of the union of the faces ``keys``."""
        polys = {f.key: f.polygon for f in self.document.faces() if f.is_triangle}
        return lg.union_outline(polys[k] for k in keys if k in polys)

    def _rebuild_regions(self) -> None:
        with self._keeping_selection():
            self._replace_regions()

    def _replace_regions(self) -> None:
        for group in (self.pictures, self.islands):
            for item in group.values():
                self.removeItem(item)
            group.clear()
        # the same outlines and name tags as an exported sheet (studio.render.locations)
        board = self.document.board
        avoid = lg.busy_points(board)
        for region in lg.picture_regions(board, avoid):
            item = PictureItem(region.name, region.path, region.label_at, region.colour, region.text)
            self.pictures[region.name] = item
            self.addItem(item)
        for region in lg.island_regions(board, avoid):
            item = IslandItem(region.name, region.path, region.label_at, region.colour, region.text)
            self.islands[region.name] = item
            self.addItem(item)

    def crater_polygon(self) -> QPolygonF | None:
        """The hole the crater pegs ring (None without one): see :func:`locations.crater_polygon`."""
        return lg.crater_polygon(self.document.board, self.document.faces())

    def _rebuild_crater(self) -> None:
        with self._keeping_selection():
            if self.crater is not None:
                self.removeItem(self.crater)
                self.crater = None
            polygon = self.crater_polygon()
            if polygon is not None:
                self.crater = CraterItem(polygon)
                self.addItem(self.crater)

    # -- findings -------------------------------------------------------------------------------
    def set_findings(self, findings) -> None:
        """Mark the elements of ``findings`` on the board (replacing earlier markers)."""
        self.findings = list(findings)
        self._rebuild_markers()

    def _rebuild_markers(self) -> None:
        for item in self.markers:
            self.removeItem(item)
        self.markers.clear()
        for f in self.findings[:MAX_MARKERS]:
            if not f.element:
                continue
            item = self._marker_for(f.severity, tuple(f.element), f.code)
            if item is not None:
                self.markers.append(item)
                self.addItem(item)

    def _marker_for(self, severity: str, element: tuple, code: str = "") -> FindingMarkerItem | None:
        board = self.document.board
        pegs = board.pegs
        kind = element[0]

        def at(pid: str) -> QPointF:
            return QPointF(pegs[pid].x, pegs[pid].y)

        def polygon_path(ids) -> QPainterPath | None:
            if not all(p in pegs for p in ids) or len(ids) < 3:
                return None
            path = QPainterPath()
            path.addPolygon(QPolygonF([at(p) for p in ids]))
            path.closeSubpath()
            return path

        if kind == "peg" and len(element) >= 2 and element[1] in pegs:
            return FindingMarkerItem(severity, pegs=[at(element[1])])
        if kind == "crossing" and len(element) >= 5:
            # two lines that cross: both marked
            pairs = [(element[1], element[2]), (element[3], element[4])]
            return FindingMarkerItem(severity, lines=[(at(a), at(b)) for a, b in pairs if a in pegs and b in pegs]) \
                if any(a in pegs and b in pegs for a, b in pairs) else None
        if kind == "line" and len(element) >= 3:
            a, b = element[1], element[2]
            if a in pegs and b in pegs:
                return FindingMarkerItem(severity, lines=[(at(a), at(b))])
            return FindingMarkerItem(severity, pegs=[at(p) for p in (a, b) if p in pegs]) \
                if a in pegs or b in pegs else None
        if kind == "segment" and len(element) >= 4:
            key = segment_key(element[1:4])
            face = self.face_polygon(key)
            if face is not None:
                path = QPainterPath()
                path.addPolygon(QPolygonF([QPointF(x, y) for x, y in list(face.exterior.coords)[:-1]]))
                path.closeSubpath()
                return FindingMarkerItem(severity, areas=[path])
            path = polygon_path(list(element[1:4]))
            if path is not None:
                return FindingMarkerItem(severity, areas=[path])
            known = [at(p) for p in element[1:4] if p in pegs]
            return FindingMarkerItem(severity, pegs=known) if known else None
        if kind == "face":
            path = polygon_path([p for p in element[1:] if isinstance(p, str)])
            if path is not None:
                return FindingMarkerItem(severity, areas=[path])
            known = [at(p) for p in element[1:] if isinstance(p, str) and p in pegs]
            return FindingMarkerItem(severity, pegs=known) if known else None
        if kind in ("picture", "island") and len(element) >= 2:
            if kind == "picture":
                keys = [s.key for s in board.segments if s.picture == element[1]]
            else:
                keys = [segment_key(t) for t in board.islands.get(element[1], [])]
            found = self._union_path(keys)
            if found is not None:
                return FindingMarkerItem(severity, areas=[found[0]])
            return None
        if kind == "seat" and len(element) >= 2:
            seat = board.seats.get(element[1])
            if seat is None:
                return None
            # a finding about the goal marks the goal edge, any other the start pegs
            named = seat.goal if "goal" in code else (seat.start or seat.goal)
            pts = [at(p) for p in named if p in pegs]
            return FindingMarkerItem(severity, pegs=pts) if pts else None
        if kind == "crater":
            polygon = self.crater_polygon()
            pts = [at(p) for p in board.crater if p in pegs]
            areas = []
            if polygon is not None:
                path = QPainterPath()
                path.addPolygon(polygon)
                path.closeSubpath()
                areas.append(path)
            return FindingMarkerItem(severity, pegs=pts, areas=areas) if pts or areas else None
        return None

    def element_rect(self, element) -> QRectF | None:
        """Scene rectangle of a finding's element (to frame it), or None when it is not on
        the board."""
        items = self.items_for(tuple(element)) if element else []
        rect = QRectF()
        for item in items:
            rect = rect.united(item.sceneBoundingRect())
        marker = self._marker_for("error", tuple(element)) if element else None
        if marker is not None:
            rect = rect.united(marker.boundingRect())
        return rect if rect.isValid() and not rect.isEmpty() else None

    def _pt(self, peg_id: str) -> QPointF:
        p = self.document.board.pegs[peg_id]
        return QPointF(p.x, p.y)

    def _add_segment_items(self, pts: dict[str, QPointF] | None = None) -> None:
        pegs = self.document.board.pegs
        if pts is None:
            pts = {pid: QPointF(p.x, p.y) for pid, p in pegs.items()}
        for face in self.document.faces():
            if not face.is_triangle or not all(p in pegs for p in face.pegs):
                continue
            poly = QPolygonF([pts[p] for p in face.pegs])
            item = SegmentItem(face.key, face.pegs, poly, self._segment_map.get)
            self.segments[face.key] = item
            self.addItem(item)

    @contextlib.contextmanager
    def _keeping_selection(self):
        """Replace items inside the block without losing their selection or emitting
        ``selectionChanged`` unless the selection really changed."""
        before = self.selected_elements()
        was_blocked = self.blockSignals(True)
        try:
            yield
        finally:
            for element in before:
                for item in self.items_for(element):
                    if not item.isSelected():
                        item.setSelected(True)
            self.blockSignals(was_blocked)
        if not was_blocked and set(self.selected_elements()) != set(before):
            self.selectionChanged.emit()

    def _add_labels(self) -> None:
        with self._keeping_selection():
            self._replace_labels()

    def _replace_labels(self) -> None:
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
        elif kind in (ChangeKind.SEGMENTS_CHANGED, ChangeKind.PICTURES_CHANGED):
            self._segment_map = self.document.board.segment_map()
            for item in self.segments.values():
                item._lookup = self._segment_map.get
                item.update()
            self._rebuild_regions()
        elif kind is ChangeKind.CANALS_CHANGED:
            self._refresh_lookups()
            for item in self.segments.values():
                item.update()
            for item in self.lines.values():
                item.update()
            self._rebuild_regions()
        elif kind is ChangeKind.LINE_ITEMS_CHANGED:
            self._refresh_lookups()
            for item in self.lines.values():
                item.update()
        elif kind is ChangeKind.SEATS_CHANGED:
            self._refresh_peg_looks()
            self._add_labels()
            self._rebuild_crater()
        if kind in (ChangeKind.SEGMENTS_CHANGED, ChangeKind.PICTURES_CHANGED, ChangeKind.CANALS_CHANGED,
                    ChangeKind.SEATS_CHANGED, ChangeKind.PEGS_CHANGED, ChangeKind.LINE_ITEMS_CHANGED):
            self._rebuild_markers()

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
        self._rebuild_regions()
        self._rebuild_crater()
        self._rebuild_markers()
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
        if kind == "picture" and len(element) >= 2:
            return self.pictures.get(element[1])
        if kind == "island" and len(element) >= 2:
            return self.islands.get(element[1])
        if kind == "crater":
            return self.crater
        if kind == "seat" and len(element) >= 2:
            return next((it for it in self.labels if it.seat == element[1]), None)
        return None

    def items_for(self, element) -> list[QGraphicsItem]:
        """Items that show a finding's element: its own item, or (a seat without a label,
        a crater without a hole, a missing line, segment or face) the pegs it names; none for
        a board property (``("board", "location")``: it is in the Properties panel)."""
        if element and element[0] == "board":
            return []
        if element and element[0] == "seat" and len(element) >= 2:
            label = self.item_for(element)
            if label is not None:
                return [label]
            seat = self.document.board.seats.get(element[1])
            if seat is None:
                return []
            return [self.pegs[p] for p in [*seat.start, *seat.goal] if p in self.pegs]
        if element and element[0] == "crossing" and len(element) >= 5:
            # the two lines that cross
            return [it for e in (("line", *element[1:3]), ("line", *element[3:5])) for it in self.items_for(e)]
        if element and element[0] == "crater" and self.crater is None:
            return [self.pegs[p] for p in self.document.board.crater if p in self.pegs]
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
        """The topmost peg, line, segment or seat label under ``pos`` (scene coordinates)."""
        for item in self.items(pos, Qt.IntersectsItemShape, Qt.DescendingOrder):
            if (getattr(item, "element", None) and not getattr(item, "click_through", False)
                    and item.flags() & QGraphicsItem.ItemIsSelectable):
                return item
        return None

    def segment_at(self, pos: QPointF) -> SegmentItem | None:
        for item in self.items(pos, Qt.IntersectsItemShape, Qt.DescendingOrder):
            if isinstance(item, SegmentItem):
                return item
        return None

    def line_at(self, pos: QPointF) -> LineItem | None:
        for item in self.items(pos, Qt.IntersectsItemShape, Qt.DescendingOrder):
            if isinstance(item, LineItem):
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
