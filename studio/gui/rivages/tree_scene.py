"""The Tree of Wisdom canvas: a scene that draws one side of the document's tree on a faint hex
grid (scene unit = hex size), its items, and the tools that edit it.

The scene rebuilds its items from the model on every ``changed`` signal (a side holds at most
60 nodes, so this is cheap) and keeps the selection as element tuples (``("node", id)``,
``("link", a, b)``) so it survives rebuilds. Tools get scene positions from the scene's mouse
events and call :mod:`studio.model.tree_commands`; they never hold items."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from studio.geometry.hex import hex_to_pixel, neighbours, pixel_to_hex
from studio.model import tree_commands as tc
from studio.model.rivages import Effect
from studio.render.rivages_glyphs import DEFAULT_PALETTE, hexagon
from studio.render.tree import NODE_RADIUS, node_point, paint_branch, paint_node

BACKGROUND = QColor("#f4efe2")
GRID = QColor(120, 100, 70, 40)
HOVER = QColor(40, 110, 230, 60)
PENDING = QColor("#e07b00")


def hex_point(h) -> QPointF:
    x, y = hex_to_pixel(h, 1.0)
    return QPointF(x, y)


def hex_of(pos: QPointF) -> tuple[int, int]:
    return pixel_to_hex(pos.x(), pos.y(), 1.0)


class NodeItem(QGraphicsItem):
    """One node, painted by :func:`studio.render.tree.paint_node`."""

    def __init__(self, scene: "TreeScene", node_id: str) -> None:
        super().__init__()
        self.tree_scene = scene
        self.node_id = node_id
        self.setZValue(2)
        self.setAcceptHoverEvents(False)

    def node(self):
        return self.tree_scene.side().nodes[self.node_id]

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        c = node_point(self.node())
        r = NODE_RADIUS + 0.25
        return QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(node_point(self.node()), NODE_RADIUS, NODE_RADIUS)
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        s = self.tree_scene
        node = self.node()
        paint_node(painter, node_point(node), 1.0, node, start=node.id == s.side().start,
                   selected=("node", node.id) in s.selection, show_id=s.show_ids, palette=s.palette,
                   bad=node.id in s.bad_nodes)
        if s.pending_link == node.id:
            painter.save()
            painter.setPen(QPen(PENDING, 0.1, Qt.DashLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawEllipse(node_point(node), NODE_RADIUS + 0.12, NODE_RADIUS + 0.12)
            painter.restore()


class LinkItem(QGraphicsItem):
    """A branch between two nodes; its shape is a band around the line, for clicking."""

    def __init__(self, scene: "TreeScene", a: str, b: str) -> None:
        super().__init__()
        self.tree_scene = scene
        self.ends = (a, b)
        self.setZValue(1)

    def points(self) -> tuple[QPointF, QPointF]:
        nodes = self.tree_scene.side().nodes
        return node_point(nodes[self.ends[0]]), node_point(nodes[self.ends[1]])

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        a, b = self.points()
        return QRectF(a, b).normalized().adjusted(-0.2, -0.2, 0.2, 0.2)

    def shape(self) -> QPainterPath:
        a, b = self.points()
        path = QPainterPath(a)
        path.lineTo(b)
        stroker = QPainterPathStroker()
        stroker.setWidth(0.3)
        return stroker.createStroke(path)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        a, b = self.points()
        selected = ("link", *self.ends) in self.tree_scene.selection or ("link", *self.ends[::-1]) in self.tree_scene.selection
        paint_branch(painter, a, b, 1.0, selected=selected)


class TreeScene(QGraphicsScene):
    """Draws side :attr:`side_name` of ``document.model``. Signals: ``selection_changed`` (the
    selection, a list of element tuples), ``hint(str)`` for the status bar, ``error(str)`` when
    an edit is refused."""

    selection_changed = Signal(list)
    hint = Signal(str)
    error = Signal(str)

    def __init__(self, document, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.side_name = "A"
        self.selection: list[tuple] = []
        self.bad_nodes: set[str] = set()
        self.show_ids = True
        self.palette = DEFAULT_PALETTE
        self.pending_link: str | None = None
        self.hover_hex: tuple[int, int] | None = None
        self.tool: Tool = SelectTool(self)
        self.setBackgroundBrush(BACKGROUND)
        document.changed.connect(self.on_changed)
        self.rebuild()

    # -- model ----------------------------------------------------------------------------
    def side(self):
        return self.document.model.sides[self.side_name]

    def set_document(self, document) -> None:
        try:
            self.document.changed.disconnect(self.on_changed)
        except (RuntimeError, TypeError):
            pass
        self.document = document
        document.changed.connect(self.on_changed)
        self.selection = []
        self.pending_link = None
        self.rebuild()
        self.selection_changed.emit([])

    def set_side(self, side: str) -> None:
        if side == self.side_name or side not in self.document.model.sides:
            return
        self.side_name = side
        self.selection = []
        self.pending_link = None
        self.rebuild()
        self.selection_changed.emit([])

    def on_changed(self, path) -> None:
        if len(path) >= 2 and path[0] == "sides" and path[1] != self.side_name:
            self.side_name = path[1]        # show the side an undo or redo changed
            self.selection = []
        side = self.side()
        kept = [e for e in self.selection if (e[0] == "node" and e[1] in side.nodes)
                or (e[0] == "link" and tc.has_link(side, e[1], e[2]))]
        if self.pending_link not in side.nodes:
            self.pending_link = None
        self.rebuild()
        if kept != self.selection:
            self.selection = kept
        self.selection_changed.emit(list(self.selection))

    def rebuild(self) -> None:
        self.clear()
        side = self.side()
        for a, b in side.links:
            if a in side.nodes and b in side.nodes and a != b:
                self.addItem(LinkItem(self, a, b))
        for nid in side.nodes:
            self.addItem(NodeItem(self, nid))
        self.setSceneRect(self.board_rect().adjusted(-40, -40, 40, 40))
        self.update()

    def board_rect(self) -> QRectF:
        """The nodes' bounds with a hex of room (the view's Fit frames this)."""
        side = self.side()
        if not side.nodes:
            return QRectF(-3, -3, 6, 6)
        pts = [node_point(n) for n in side.nodes.values()]
        xs, ys = [p.x() for p in pts], [p.y() for p in pts]
        return QRectF(min(xs) - 2, min(ys) - 2, max(xs) - min(xs) + 4, max(ys) - min(ys) + 4)

    # -- selection ------------------------------------------------------------------------
    def select(self, elements: list[tuple], add: bool = False) -> None:
        if add:
            new = list(self.selection)
            for e in elements:
                if e in new:
                    new.remove(e)
                else:
                    new.append(e)
        else:
            new = list(elements)
        if new != self.selection:
            self.selection = new
            self.update()
            self.selection_changed.emit(list(new))

    def selected_nodes(self) -> list[str]:
        return [e[1] for e in self.selection if e[0] == "node"]

    def element_at(self, pos: QPointF) -> tuple | None:
        for item in self.items(pos):
            if isinstance(item, NodeItem):
                return ("node", item.node_id)
        for item in self.items(pos):
            if isinstance(item, LinkItem):
                return ("link", *item.ends)
        return None

    def set_bad_nodes(self, nodes: set[str]) -> None:
        self.bad_nodes = set(nodes)
        self.update()

    # -- painting -------------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802 - Qt API
        super().drawBackground(painter, rect)
        view = self.views()[0] if self.views() else None
        if view is not None and view.transform().m11() < 18:
            return  # too small to help
        painter.save()
        painter.setPen(QPen(GRID, 0.02))
        painter.setBrush(Qt.NoBrush)
        q0, r0 = hex_of(rect.topLeft())
        _q1, r1 = hex_of(rect.bottomRight())
        rmin, rmax = min(r0, r1) - 1, max(r0, r1) + 1
        for r in range(rmin, rmax + 1):
            qa = hex_of(QPointF(rect.left(), hex_point((0, r)).y()))[0] - 1
            qb = hex_of(QPointF(rect.right(), hex_point((0, r)).y()))[0] + 1
            for q in range(qa, qb + 1):
                painter.drawPolygon(hexagon(hex_point((q, r)), 0.98))
        painter.restore()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802 - Qt API
        if self.hover_hex is not None:
            painter.save()
            painter.setPen(Qt.NoPen)
            painter.setBrush(HOVER)
            painter.drawPolygon(hexagon(hex_point(self.hover_hex), 0.95))
            painter.restore()

    def set_hover(self, h) -> None:
        if h != self.hover_hex:
            self.hover_hex = h
            self.update()

    # -- tools ----------------------------------------------------------------------------
    def set_tool(self, tool: "Tool") -> None:
        self.tool.leave()
        self.tool = tool
        self.pending_link = None
        self.set_hover(None)
        self.hint.emit(tool.HINT)
        self.update()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.LeftButton:
            self._guard(self.tool.press, event.scenePos(), bool(event.modifiers() & Qt.ShiftModifier))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._guard(self.tool.move, event.scenePos(), bool(event.buttons() & Qt.LeftButton))
        event.accept()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.LeftButton:
            self._guard(self.tool.release, event.scenePos())
        event.accept()

    def _guard(self, fn, *args) -> None:
        try:
            fn(*args)
        except tc.TreeEditError as exc:
            self.error.emit(str(exc))


class Tool:
    """A tool: ``press(pos, shift)``, ``move(pos, dragging)``, ``release(pos)`` in scene units."""

    HINT = ""

    def __init__(self, scene: TreeScene) -> None:
        self.scene = scene

    @property
    def doc(self):
        return self.scene.document

    @property
    def side(self) -> str:
        return self.scene.side_name

    def press(self, pos: QPointF, shift: bool) -> None:
        pass

    def move(self, pos: QPointF, dragging: bool) -> None:
        pass

    def release(self, pos: QPointF) -> None:
        pass

    def leave(self) -> None:
        pass


class SelectTool(Tool):
    """Click a node or a branch to select it (Shift adds); drag a node to another free hex."""

    HINT = "Click a node or a branch to select it (Shift adds to the selection); drag a node to move it."

    def __init__(self, scene: TreeScene) -> None:
        super().__init__(scene)
        self.dragging: str | None = None
        self.gesture: object | None = None

    def press(self, pos, shift):
        element = self.scene.element_at(pos)
        if element is None:
            if not shift:
                self.scene.select([])
            return
        if shift:
            self.scene.select([element], add=True)
            return
        if element not in self.scene.selection:
            self.scene.select([element])
        if element[0] == "node":
            self.dragging = element[1]
            self.gesture = object()

    def move(self, pos, dragging):
        if self.dragging is not None and dragging:
            tc.move_node(self.doc, self.side, self.dragging, hex_of(pos), gesture=self.gesture)

    def release(self, pos):
        self.dragging = None
        self.gesture = None


class AddNodeTool(Tool):
    """Click a free hex to add a node there with the tool's effect; it is linked to the selected
    node (so clicks in a row grow a branch) and becomes the selection."""

    HINT = ("Click a free hex to add a node with the effect chosen in the tool options; it is linked to the "
            "selected node, so successive clicks grow a branch.")

    def __init__(self, scene: TreeScene) -> None:
        super().__init__(scene)
        self.effect: Effect | None = Effect(scrolls=1)
        self.link_from_selection = True

    def press(self, pos, shift):
        h = hex_of(pos)
        side = self.scene.side()
        existing = tc.node_at(side, h)
        if existing is not None:
            self.scene.select([("node", existing)], add=shift)
            return
        sel = self.scene.selected_nodes()
        with self.doc.macro("Add node"):
            nid = tc.add_node(self.doc, self.side, h, self.effect)
            if self.link_from_selection and len(sel) == 1 and sel[0] in self.scene.side().nodes:
                tc.add_link(self.doc, self.side, sel[0], nid)
        self.scene.select([("node", nid)])

    def move(self, pos, dragging):
        h = hex_of(pos)
        self.scene.set_hover(None if tc.node_at(self.scene.side(), h) is not None else h)

    def leave(self):
        self.scene.set_hover(None)


class LinkTool(Tool):
    """Click two nodes to link them (or to unlink them when they are linked); the second node
    stays picked, so a path is a run of clicks. Click empty space to start again."""

    HINT = "Click a node, then another, to link them (click a linked pair to unlink). Click empty space to start again."

    def press(self, pos, shift):
        element = self.scene.element_at(pos)
        if element is None or element[0] != "node":
            self.scene.pending_link = None
            self.scene.update()
            return
        nid = element[1]
        first = self.scene.pending_link
        if first is None or first == nid or first not in self.scene.side().nodes:
            self.scene.pending_link = nid
            self.scene.update()
            return
        tc.toggle_link(self.doc, self.side, first, nid)
        self.scene.pending_link = nid
        self.scene.update()

    def leave(self):
        self.scene.pending_link = None


class StartTool(Tool):
    """Click a node to make it the side's start (the red-circled space, RIV-W2)."""

    HINT = "Click a node to make it the start of this side (the red-circled space)."

    def press(self, pos, shift):
        element = self.scene.element_at(pos)
        if element is not None and element[0] == "node":
            tc.set_start(self.doc, self.side, element[1])
            self.scene.select([element])


class DeleteTool(Tool):
    """Click a node (with its branches) or a branch to delete it."""

    HINT = "Click a node to delete it with its branches, or a branch to delete it."

    def press(self, pos, shift):
        element = self.scene.element_at(pos)
        if element is None:
            return
        if element[0] == "node":
            tc.delete_nodes(self.doc, self.side, [element[1]])
        else:
            tc.remove_link(self.doc, self.side, element[1], element[2])


def free_neighbour(side, node_id: str) -> tuple[int, int] | None:
    """A free hex next to a node, the one above first (trees grow upward)."""
    at = side.nodes[node_id].at
    taken = {n.at for n in side.nodes.values()}
    order = [neighbours(at)[i] for i in (2, 1, 3, 0, 4, 5)]
    return next((h for h in order if h not in taken), None)
