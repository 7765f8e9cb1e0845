"""The Tree of Wisdom editor (``rivages-tree/1``): nodes on a hex canvas, their effects chosen
from the effect kinds (scrolls, loot, statue, any space, leap, area), branches between nodes,
the red-circled start node (RIV-W2), sides A and B (RIV-W3).

Tools (tool bar, keys): Select/move (S), Add node (N), Link (L), Start (T), Delete (D). The
Properties dock edits the selected node (id, effect, start) or the tree's header; the
Validation dock lists the lint's findings (one start node, every node reachable from it, known
effects, side B branches) and selects the node a finding is about. Every edit is one undo step.
File ▸ Export prints each side on its own sheet (:func:`studio.render.tree.tree_pages`)."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from studio.gui.rivages import icons
from studio.gui.rivages.content_window import ContentWindow
from studio.gui.rivages.tree_scene import (
    AddNodeTool,
    DeleteTool,
    LinkTool,
    SelectTool,
    StartTool,
    TreeScene,
    free_neighbour,
)
from studio.gui.shell import desktop
from studio.gui.shell import icons as board_icons
from studio.gui.shell.document_base import shows_model
from studio.gui.shell.view import BoardView
from studio.model import tree_commands as tc
from studio.model.rivages import ALL_TERRAINS, SIDES, Effect, Tree
from studio.render.rivages_glyphs import Palette, effect_text

COUNT_KEYS = (("scrolls", "Scrolls"), ("loot", "Loot tokens"), ("statue", "Statue advances"),
              ("any", "Any-space crosses"), ("leap", "Leaps"))

EFFECT_PRESETS: tuple[tuple[str, Effect | None], ...] = (
    ("+1 scroll", Effect(scrolls=1)), ("+2 scrolls", Effect(scrolls=2)), ("+3 scrolls", Effect(scrolls=3)),
    ("+1 loot", Effect(loot=1)), ("+1 statue", Effect(statue=1)), ("1 any space", Effect(any=1)),
    ("+1 leap", Effect(leap=1)), ("any area", Effect(area=ALL_TERRAINS)), ("no effect", None),
)


class TreePropertiesDock(QDockWidget):
    """Properties of the selection: one node (id, position, start, effect), a branch, or the
    tree itself when nothing is selected."""

    def __init__(self, window: "TreeEditorWindow") -> None:
        super().__init__("Properties", window)
        self.setObjectName("TreePropertiesDock")
        self.window_ = window
        self._loading = False
        body = QWidget()
        self.layout_ = QVBoxLayout(body)
        self.layout_.setContentsMargins(8, 8, 8, 8)

        # the tree
        self.tree_box = QGroupBox(self.tr("Tree of Wisdom"))
        form = QFormLayout(self.tree_box)
        self.tree_id = QLineEdit()
        self.tree_name = QLineEdit()
        self.tree_description = QLineEdit()
        form.addRow(self.tr("Id"), self.tree_id)
        form.addRow(self.tr("Name"), self.tree_name)
        form.addRow(self.tr("Description"), self.tree_description)
        self.side_stats = QLabel()
        self.side_stats.setWordWrap(True)
        form.addRow(self.side_stats)
        self.tree_id.editingFinished.connect(lambda: self._header("id", self.tree_id))
        self.tree_name.editingFinished.connect(lambda: self._header("name", self.tree_name))
        self.tree_description.editingFinished.connect(lambda: self._header("description", self.tree_description))

        # one node
        self.node_box = QGroupBox(self.tr("Node"))
        form = QFormLayout(self.node_box)
        self.node_id = QLineEdit()
        self.node_id.setToolTip(self.tr("The node's id (letters, digits, '-' or '_'); links and the start follow a rename"))
        self.node_at = QLabel()
        self.start_button = QPushButton(self.tr("Make start node"))
        self.start_button.setToolTip(self.tr("The red-circled first space of this side (RIV-W2)"))
        form.addRow(self.tr("Id"), self.node_id)
        form.addRow(self.tr("Hex"), self.node_at)
        form.addRow("", self.start_button)
        self.node_id.editingFinished.connect(self._rename)
        self.start_button.clicked.connect(self._make_start)

        self.effect_box = QGroupBox(self.tr("Effect"))
        form = QFormLayout(self.effect_box)
        self.counts: dict[str, QSpinBox] = {}
        for key, label in COUNT_KEYS:
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.setSpecialValueText("—")
            spin.valueChanged.connect(lambda _v, k=key: self._effect_edited(k))
            form.addRow(label, spin)
            self.counts[key] = spin
        self.area = QComboBox()
        self.area.currentIndexChanged.connect(lambda _i: self._effect_edited("area"))
        form.addRow(self.tr("Whole area"), self.area)
        self.effect_summary = QLabel()
        self.effect_summary.setStyleSheet(desktop.css("color: {muted}"))
        form.addRow(self.effect_summary)

        # one branch, or several things
        self.other_box = QGroupBox(self.tr("Selection"))
        other = QVBoxLayout(self.other_box)
        self.other_label = QLabel()
        self.other_label.setWordWrap(True)
        self.delete_button = QPushButton(self.tr("Delete"))
        self.delete_button.clicked.connect(window.delete_selection)
        other.addWidget(self.other_label)
        other.addWidget(self.delete_button)

        for w in (self.tree_box, self.node_box, self.effect_box, self.other_box):
            self.layout_.addWidget(w)
        self.layout_.addStretch(1)
        self.setWidget(body)
        self._fill_areas()

    def _fill_areas(self) -> None:
        self._loading = True
        self.area.clear()
        self.area.addItem("—", None)
        palette = self.window_.scene.palette
        for name in palette.names():
            self.area.addItem(self.tr("{label} area").format(label=palette.label(name)), name)
        self.area.addItem(self.tr("Any terrain (all)"), ALL_TERRAINS)
        self._loading = False

    # -- showing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        w = self.window_
        scene = w.scene
        side = scene.side()
        sel = scene.selection
        nodes = [e[1] for e in sel if e[0] == "node" and e[1] in side.nodes]
        one = nodes[0] if len(sel) == 1 and len(nodes) == 1 else None
        self._loading = True
        try:
            self.tree_box.setVisible(not sel)
            self.node_box.setVisible(one is not None)
            self.effect_box.setVisible(one is not None)
            self.other_box.setVisible(bool(sel) and one is None)
            tree: Tree = w.document.model
            if not sel:
                for edit, value in ((self.tree_id, tree.id), (self.tree_name, tree.name or ""),
                                    (self.tree_description, tree.description or "")):
                    if shows_model(edit, w.document):
                        edit.setText(value)
                self.side_stats.setText(
                    f"Side {scene.side_name}: {len(side.nodes)} node{'s' if len(side.nodes) != 1 else ''}, "
                    f"{len(side.links)} branch{'es' if len(side.links) != 1 else ''}, start {side.start}")
            if one is not None:
                node = side.nodes[one]
                if shows_model(self.node_id, w.document):
                    self.node_id.setText(node.id)
                self.node_at.setText(f"[{node.at[0]}, {node.at[1]}]")
                is_start = side.start == node.id
                self.start_button.setEnabled(not is_start)
                self.start_button.setText("Start node ✔" if is_start else "Make start node")
                effect = node.effect or Effect()
                for key, spin in self.counts.items():
                    spin.setValue(getattr(effect, key))
                idx = self.area.findData(effect.area) if effect.area else 0
                if idx < 0:   # an area of a terrain this scenario does not declare: show it as it is
                    self.area.addItem(self.tr("{area} (unknown)").format(area=effect.area), effect.area)
                    idx = self.area.count() - 1
                self.area.setCurrentIndex(idx)
                self.effect_summary.setText(effect_text(node.effect, scene.palette) or "no effect")
            if sel and one is None:
                links = [e for e in sel if e[0] == "link"]
                if len(sel) == 1 and links:
                    self.other_box.setTitle(self.tr("Branch"))
                    self.other_label.setText(self.tr("Branch between {links} and {links_2}").format(links=links[0][1], links_2=links[0][2]))
                else:
                    self.other_box.setTitle(self.tr("Selection"))
                    self.other_label.setText(f"{len(nodes)} node{'s' if len(nodes) != 1 else ''} and "
                                             f"{len(links)} branch{'es' if len(links) != 1 else ''} selected")
        finally:
            self._loading = False

    # -- editing ----------------------------------------------------------------------------
    def _one(self) -> str | None:
        nodes = self.window_.scene.selected_nodes()
        return nodes[0] if len(nodes) == 1 else None

    def _header(self, key: str, edit: QLineEdit) -> None:
        if self._loading:
            return
        self.window_.guard(tc.set_header, self.window_.document, key, edit.text().strip())
        self.refresh()

    def _rename(self) -> None:
        nid = self._one()
        new = self.node_id.text().strip()
        if self._loading or nid is None or new == nid:
            return
        w = self.window_
        if w.guard(tc.rename_node, w.document, w.scene.side_name, nid, new):
            w.scene.select([("node", new)])
        else:
            self.node_id.setText(nid)

    def _make_start(self) -> None:
        nid = self._one()
        if nid is not None:
            self.window_.guard(tc.set_start, self.window_.document, self.window_.scene.side_name, nid)

    def _effect_edited(self, key: str) -> None:
        nid = self._one()
        if self._loading or nid is None:
            return
        values = {k: spin.value() for k, spin in self.counts.items()}
        area = self.area.currentData()
        effect = Effect(area=area, **values)
        w = self.window_
        w.guard(tc.set_effect, w.document, w.scene.side_name, nid, effect if effect.to_data() else None,
                ("effect", w.scene.side_name, nid, key) if key != "area" else None)
        self.effect_summary.setText(effect_text(effect, w.scene.palette) or "no effect")


class TreeEditorWindow(ContentWindow):
    """Edits one ``rivages-tree/1`` file. ``TreeEditorWindow(document=None, settings=None)``;
    :meth:`load_path` opens a file."""

    MODEL_TYPES = (Tree,)
    APP_TITLE = "Tree of Wisdom Editor"
    DESKTOP_KIND = "tree-editor"
    BUNDLED_FOLDER = ("boards", "rivages", "trees")

    def __init__(self, document=None, settings: QSettings | None = None, parent=None) -> None:
        self.scene = None
        super().__init__(document, settings, parent)
        self.scene = TreeScene(self.document, self)
        self.scene.palette = self._palette()
        self.view = BoardView(self.scene, self)
        self.view.setAccessibleName(self.tr("Tree of Wisdom"))
        self.view.setAccessibleDescription(self.tr("The tree's nodes and branches; Properties edits the selected node."))
        self.view.setMinimumSize(480, 420)
        self.setCentralWidget(self.view)
        self.properties = TreePropertiesDock(self)
        self.addDockWidget(Qt.RightDockWidgetArea, self.properties)
        self._build_tools()
        self._build_more_menus()
        self.scene.selection_changed.connect(lambda _s: self.properties.refresh())
        self.scene.selection_changed.connect(self._selection_actions)
        self._selection_actions(self.scene.selection)
        self.scene.hint.connect(lambda text: self.statusBar().showMessage(text))
        self.scene.error.connect(self.show_refusal)
        self.document.changed.connect(self._doc_changed)
        self.document.findings_changed.connect(self._mark_findings)
        self._mark_findings(self.document.findings)
        self.set_tool("select")
        self.properties.refresh()
        self.resize(1180, 780)
        self.install_desktop()

    def first_shown(self) -> None:
        if not self.layout_restored:
            self.resizeDocks([self.properties], [290], Qt.Horizontal)
        self.view.fit()

    # -- set-up -----------------------------------------------------------------------------
    def new_model(self):
        return tc.new_tree()

    def _palette(self) -> Palette:
        sc = self.document.scenario
        return Palette.of(sc.terrains) if sc is not None else Palette()

    def _build_tools(self) -> None:
        bar = QToolBar(self.tr("Tools"), self)
        bar.setObjectName("TreeTools")
        bar.setToolButtonStyle(Qt.ToolButtonTextUnderIcon)
        self.addToolBar(Qt.TopToolBarArea, bar)
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        specs = (("select", "Select", board_icons.select_icon(), "S", SelectTool),
                 ("add", "Add node", icons.add_node_icon(), "N", AddNodeTool),
                 ("link", "Link", icons.link_icon(), "L", LinkTool),
                 ("start", "Start", icons.start_icon(), "T", StartTool),
                 ("delete", "Delete", icons.delete_node_icon(), "D", DeleteTool))
        self._tools = {}
        for name, text, icon, key, cls in specs:
            a = QAction(icon, text, self, checkable=True)
            a.setShortcut(QKeySequence(key))
            a.setToolTip(f"{text} ({key}): {cls.HINT}")
            a.triggered.connect(lambda _=False, n=name: self.set_tool(n))
            group.addAction(a)
            bar.addAction(a)
            self.tool_actions[name] = a
            self._tools[name] = cls(self.scene)
        bar.addSeparator()
        bar.addWidget(QLabel(self.tr(" New node: ")))
        self.effect_preset = QComboBox()
        self.effect_preset.setToolTip(self.tr("The effect the Add node tool gives new nodes"))
        for text, effect in EFFECT_PRESETS:
            self.effect_preset.addItem(icons.effect_icon(effect, self.scene.palette), text, effect)
        self.effect_preset.currentIndexChanged.connect(self._preset_changed)
        bar.addWidget(self.effect_preset)
        self.link_new = QCheckBox(self.tr("link to selected"))
        self.link_new.setChecked(True)
        self.link_new.setToolTip(self.tr("A new node is linked to the selected node, so clicks grow a branch"))
        self.link_new.toggled.connect(lambda on: setattr(self._tools["add"], "link_from_selection", on))
        bar.addWidget(self.link_new)
        bar.addSeparator()
        sides = QActionGroup(self)
        self.side_actions: dict[str, QAction] = {}
        for s in SIDES:
            a = QAction(icons.side_icon(s), self.tr("Side {s}").format(s=s), self, checkable=True)
            a.setShortcut(QKeySequence(f"Ctrl+{'1' if s == 'A' else '2'}"))
            a.setToolTip(self.tr("Edit side {s} (Ctrl+{value}); all players use one side (RIV-S2)").format(s=s, value='1' if s == 'A' else '2'))
            a.triggered.connect(lambda _=False, side=s: self.set_side(side))
            sides.addAction(a)
            bar.addAction(a)
            self.side_actions[s] = a
        self.side_actions["A"].setChecked(True)
        bar.addSeparator()
        fit = QAction(board_icons.fit_icon(), self.tr("Fit"), self)
        fit.setShortcut(QKeySequence("F"))
        fit.triggered.connect(self.view.fit)
        bar.addAction(fit)
        self.fit_action = fit

    def _build_more_menus(self) -> None:
        edit = self.edit_menu
        edit.addSeparator()
        self.delete_action = self._action(self.tr("&Delete"), self.delete_selection, QKeySequence.Delete,
                                          "Delete the selected nodes and branches (select some first)")
        self.select_all_action = self._action(self.tr("Select &All Nodes"), self.select_all, QKeySequence.SelectAll)
        self.grow_action = self._action(self.tr("&Grow Branch"), self.grow_branch, "G",
                                        "Add a node above the selected one, linked to it (select one node first)")
        edit.addAction(self.delete_action)
        edit.addAction(self.select_all_action)
        edit.addAction(self.grow_action)
        edit.addSeparator()
        self.copy_side_actions = {}
        for src, dst in (("A", "B"), ("B", "A")):
            a = self._action(self.tr("Copy Side {src} to Side {dst}").format(src=src, dst=dst), lambda _=False, s=src, d=dst: self.copy_side(s, d))
            edit.addAction(a)
            self.copy_side_actions[(src, dst)] = a
        view = self.menuBar().addMenu(self.tr("&View"))
        for s in SIDES:
            view.addAction(self.side_actions[s])
        view.addSeparator()
        view.addAction(self.fit_action)
        zoom_in = self._action(self.tr("Zoom &In"), self.view.zoom_in, QKeySequence.ZoomIn)
        zoom_out = self._action(self.tr("Zoom &Out"), self.view.zoom_out, QKeySequence.ZoomOut)
        view.addAction(zoom_in)
        view.addAction(zoom_out)
        self.ids_action = QAction(self.tr("Show Node &Ids"), self, checkable=True)
        self.ids_action.setChecked(True)
        self.ids_action.toggled.connect(self._show_ids)
        view.addAction(self.ids_action)
        view.addSeparator()
        view.addAction(self.properties.toggleViewAction())
        view.addAction(self.findings_dock.toggleViewAction())
        tools = self.menuBar().addMenu(self.tr("&Tools"))
        for a in self.tool_actions.values():
            tools.addAction(a)

    # -- state ------------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        self.tool_actions[name].setChecked(True)
        self.scene.set_tool(self._tools[name])

    def set_side(self, side: str) -> None:
        self.scene.set_side(side)
        self.side_actions[side].setChecked(True)
        self._mark_findings(self.document.findings)
        self.properties.refresh()
        self.view.fit()

    def _selection_actions(self, selection) -> None:
        """Delete on with a selection, Grow Branch with one node selected (they did nothing,
        silently, without)."""
        self.delete_action.setEnabled(bool(selection))
        self.grow_action.setEnabled(sum(1 for e in selection if e[0] == "node") == 1)

    def _preset_changed(self, _index: int) -> None:
        self._tools["add"].effect = self.effect_preset.currentData()

    def _show_ids(self, on: bool) -> None:
        self.scene.show_ids = on
        self.scene.update()

    def _doc_changed(self, _path) -> None:
        self.side_actions[self.scene.side_name].setChecked(True)
        self.properties.refresh()

    def _mark_findings(self, findings) -> None:
        if self.scene is None:
            return
        bad = {f.element[2] for f in findings if f.element and f.element[0] == "node"
               and len(f.element) == 3 and f.element[1] == self.scene.side_name}
        self.scene.set_bad_nodes(bad)

    def document_replaced(self) -> None:
        if self.scene is None:
            return
        self.scene.set_document(self.document)
        self.scene.palette = self._palette()
        self.scene.side_name = "A"
        self.scene.rebuild()
        self.side_actions["A"].setChecked(True)
        self.document.changed.connect(self._doc_changed)
        self.document.findings_changed.connect(self._mark_findings)
        self._mark_findings(self.document.findings)
        self.properties._fill_areas()
        self.properties.refresh()
        self.view.fit()

    def show_refusal(self, text: str) -> None:
        self.statusBar().showMessage(f"⚠ {text}", 6000)

    def guard(self, fn, *args, **kwargs):
        """Run an edit; a refused one is shown in the status bar. Returns its result or None."""
        try:
            return fn(*args, **kwargs)
        except tc.TreeEditError as exc:
            self.show_refusal(str(exc))
            return None

    # -- actions ----------------------------------------------------------------------------
    def delete_selection(self) -> None:
        side = self.scene.side_name
        sel = list(self.scene.selection)
        if not sel:
            return
        nodes = [e[1] for e in sel if e[0] == "node"]
        links = [e for e in sel if e[0] == "link" and e[1] not in nodes and e[2] not in nodes]
        with self.document.macro("Delete selection"):
            for _kind, a, b in links:
                self.guard(tc.remove_link, self.document, side, a, b)
            if nodes:
                self.guard(tc.delete_nodes, self.document, side, nodes)
        self.scene.select([])

    def select_all(self) -> None:
        self.scene.select([("node", n) for n in self.scene.side().nodes])

    def grow_branch(self) -> None:
        nodes = self.scene.selected_nodes()
        if len(nodes) != 1:
            self.show_refusal("select one node to grow a branch from it")
            return
        h = free_neighbour(self.scene.side(), nodes[0])
        if h is None:
            self.show_refusal(f"node {nodes[0]} has no free hex around it")
            return
        side = self.scene.side_name
        with self.document.macro("Grow branch"):
            nid = self.guard(tc.add_node, self.document, side, h, self._tools["add"].effect)
            if nid:
                self.guard(tc.add_link, self.document, side, nodes[0], nid)
        if nid:
            self.scene.select([("node", nid)])

    def copy_side(self, src: str, dst: str) -> None:
        """Replace side ``dst`` with a copy of side ``src`` (one undo step) and show it; when
        ``dst`` is that copy already, say so (nothing changed, no undo step)."""
        changed = self.guard(tc.copy_side, self.document, src, dst)
        self.set_side(dst)
        if changed is False:
            self.statusBar().showMessage(self.tr("Side {dst} is a copy of side {src} already: nothing to copy").format(
                src=src, dst=dst), 6000)

    def select_element(self, element) -> None:
        if not element:
            return
        if element[0] == "node" and len(element) == 3:
            _kind, side, nid = element
            if side in SIDES and side != self.scene.side_name:
                self.set_side(side)
            if nid in self.scene.side().nodes:
                self.scene.select([("node", nid)])
                from studio.render.tree import node_point

                self.view.centerOn(node_point(self.scene.side().nodes[nid]))

    def export_pages(self):
        from studio.render.tree import layout_tree, tree_pages

        tree = self.document.model
        layout = layout_tree(tree, self.paper)
        return tree_pages(tree, self.paper, None, self.scene.palette), (
            f"{len(layout.sides)} pages (sides {', '.join(layout.sides)}), hex size {layout.hex_mm:.1f} mm")
