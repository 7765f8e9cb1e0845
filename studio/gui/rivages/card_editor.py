"""The card and loot editor: Exploration cards as rows of symbols with their player-count marker
(RIV-S3), Endgame cards, and the Loot token kinds and counts of the bag (RIV-I6, RIV-S6).

One window edits one file: a ``rivages-cards/1`` card set (card list with thumbnails, the card
drawn as printed, a row editor with symbol buttons) or a ``rivages-loot/1`` loot set (a table of
token kinds with count and effect). The Validation dock re-checks after every edit (known
symbols and effects, unique ids, enough cards for each player count, RIV-S4) and a finding
selects its card or token. Every edit is one undo step. File ▸ Export prints the card sheets
(:mod:`studio.render.cards`: 63 × 88 mm cards with cut marks, 25 mm tokens)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QColor, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QToolBar,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.gui.rivages.content_window import ContentWindow
from studio.gui.rivages.icons import effect_icon, symbol_icon
from studio.gui.rivages.tree_editor import COUNT_KEYS
from studio.gui.shell import desktop
from studio.gui.shell.document_base import shows_model
from studio.model import card_commands as cc
from studio.model.rivages import ALL_TERRAINS, CARD_ACTIONS, CardSet, Effect, LootSet
from studio.render.cards import CARD_MM, TOKEN_MM, SheetItem, paint_card, paint_token
from studio.render.rivages_glyphs import Palette, effect_text, symbol_label
from studio.validate.rivages import deals_exploration

_ROLE = Qt.UserRole + 1
THUMB = QSize(54, 75)


def card_pixmap(item: SheetItem, size: QSize, palette: Palette) -> QPixmap:
    """A card drawn as printed, scaled into ``size`` pixels."""
    pm = QPixmap(size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setRenderHint(QPainter.TextAntialiasing)
    s = min(size.width() / CARD_MM[0], size.height() / CARD_MM[1])
    p.scale(s, s)
    paint_card(p, QRectF(0, 0, *CARD_MM), item, palette)
    p.end()
    return pm


class CardPreview(QWidget):
    """The current card (or token) drawn as it will be printed, as large as the widget allows."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.item: SheetItem | None = None
        self.palette_ = Palette()
        self.setMinimumSize(260, 330)

    def show_item(self, item: SheetItem | None, palette: Palette) -> None:
        self.item = item
        self.palette_ = palette
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.fillRect(self.rect(), desktop.qcolour("preview"))
        if self.item is None:
            p.end()
            return
        p.setRenderHint(QPainter.Antialiasing)
        p.setRenderHint(QPainter.TextAntialiasing)
        size = (TOKEN_MM, TOKEN_MM) if self.item.is_token else CARD_MM
        s = min((self.width() - 24) / size[0], (self.height() - 24) / size[1])
        p.translate((self.width() - size[0] * s) / 2, (self.height() - size[1] * s) / 2)
        p.scale(s, s)
        rect = QRectF(0, 0, *size)
        if self.item.is_token:
            paint_token(p, rect, self.item.obj, self.palette_)
        else:
            p.fillRect(rect, QColor("white"))
            paint_card(p, rect, self.item, self.palette_)
        p.end()


class RowEditor(QGroupBox):
    """The rows of the current card: pick a row (the palette adds to it), click a symbol to
    remove it, move or delete rows; and the palette of symbols."""

    def __init__(self, window: "CardEditorWindow") -> None:
        super().__init__("Rows")
        self.window_ = window
        self.current_row = 0
        outer = QVBoxLayout(self)
        self.rows_box = QVBoxLayout()
        outer.addLayout(self.rows_box)
        self.row_group = QButtonGroup(self)
        self.row_group.idClicked.connect(self._pick_row)
        hint = QLabel(self.tr("Click a symbol below to add it to the chosen row; click a symbol in a row to remove it."))
        hint.setWordWrap(True)
        hint.setStyleSheet(desktop.css("color: {muted}"))
        outer.addWidget(hint)
        self.palette_grid = QGridLayout()
        outer.addLayout(self.palette_grid)
        self.new_row = QToolButton()
        self.new_row.setText(self.tr("Next symbol starts a new row"))
        self.new_row.setCheckable(True)
        self.new_row.setToolButtonStyle(Qt.ToolButtonTextOnly)
        outer.addWidget(self.new_row)
        self.symbol_buttons: dict[str, QToolButton] = {}
        self._row_widgets: list[QWidget] = []

    def build_palette(self, palette: Palette) -> None:
        while self.palette_grid.count():
            w = self.palette_grid.takeAt(0).widget()
            if w is not None:
                w.hide()
                w.deleteLater()
        self.symbol_buttons = {}
        symbols = palette.names() + list(CARD_ACTIONS)
        for k, sym in enumerate(symbols):
            b = QToolButton()
            b.setIcon(symbol_icon(sym, palette))
            b.setIconSize(QSize(30, 30))
            b.setText(symbol_label(sym, palette))
            b.setToolButtonStyle(Qt.ToolButtonTextUnderIcon)
            b.setToolTip(self.tr("Add {symbol_label} to the chosen row").format(symbol_label=symbol_label(sym, palette)))
            b.setMinimumWidth(70)
            b.clicked.connect(lambda _=False, s=sym: self.window_.add_symbol(s))
            self.palette_grid.addWidget(b, k // 4, k % 4)
            self.symbol_buttons[sym] = b

    def _pick_row(self, row: int) -> None:
        self.current_row = row

    def show_rows(self, rows, palette: Palette) -> None:
        for b in self.row_group.buttons():
            self.row_group.removeButton(b)
        while self.rows_box.count():
            w = self.rows_box.takeAt(0).widget()
            if w is not None:
                w.hide()         # a clicked button may still be on the stack: delete later
                w.deleteLater()
        self._row_widgets = []
        self.current_row = min(self.current_row, max(0, len(rows) - 1))
        for r, row in enumerate(rows):
            frame = QFrame()
            frame.setFrameShape(QFrame.StyledPanel)
            line = QHBoxLayout(frame)
            line.setContentsMargins(4, 2, 4, 2)
            radio = QRadioButton(f"{r + 1}")
            radio.setToolTip(self.tr("Symbols from the palette go to this row"))
            self.row_group.addButton(radio, r)
            radio.setChecked(r == self.current_row)
            line.addWidget(radio)
            for k, sym in enumerate(row):
                b = QToolButton()
                b.setIcon(symbol_icon(sym, palette))
                b.setIconSize(QSize(28, 28))
                b.setAutoRaise(True)
                known = palette.known(sym)
                b.setToolTip(f"{symbol_label(sym, palette)}{'' if known else ' (unknown symbol)'} — click to remove")
                b.clicked.connect(lambda _=False, rr=r, kk=k: self.window_.remove_symbol(rr, kk))
                b.setObjectName(f"symbol-{r}-{k}")
                line.addWidget(b)
            line.addStretch(1)
            for text, tip, fn in (("▲", "Move the row up", lambda _=False, rr=r: self.window_.move_row(rr, -1)),
                                  ("▼", "Move the row down", lambda _=False, rr=r: self.window_.move_row(rr, 1)),
                                  ("✕", "Delete the row", lambda _=False, rr=r: self.window_.delete_row(rr))):
                b = QToolButton()
                b.setText(text)
                b.setToolTip(tip)
                b.setAutoRaise(True)
                b.clicked.connect(fn)
                line.addWidget(b)
            self.rows_box.addWidget(frame)
            self._row_widgets.append(frame)


class CardsPage(QWidget):
    """List, preview and editor of a card set."""

    def __init__(self, window: "CardEditorWindow") -> None:
        super().__init__()
        self.window_ = window
        split = QSplitter(Qt.Horizontal, self)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(split)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.setContentsMargins(4, 4, 4, 4)
        self.card_list = QTreeWidget()
        self.card_list.setAccessibleName(self.tr("Cards"))
        self.card_list.setHeaderHidden(True)
        self.card_list.setIconSize(THUMB)
        self.card_list.setSelectionMode(QAbstractItemView.SingleSelection)
        self.card_list.currentItemChanged.connect(self._current_changed)
        ll.addWidget(self.card_list)
        self.counts = QLabel()
        self.counts.setWordWrap(True)
        self.counts.setTextFormat(Qt.RichText)
        ll.addWidget(self.counts)
        split.addWidget(left)
        self.preview = CardPreview()
        split.addWidget(self.preview)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(4, 4, 4, 4)
        self.card_box = QGroupBox(self.tr("Card"))
        form = QFormLayout(self.card_box)
        self.card_id = QLineEdit()
        self.card_id.editingFinished.connect(self._rename)
        self.marker = QComboBox()
        for n in (2, 3, 4, 5):
            self.marker.addItem(self.tr("{n}+  (used from {n} players)").format(n=n), n)
        self.marker.activated.connect(self._marker)
        self.marker_label = QLabel(self.tr("Marker"))
        form.addRow(self.tr("Id"), self.card_id)
        form.addRow(self.marker_label, self.marker)
        rl.addWidget(self.card_box)
        self.rows = RowEditor(window)
        rl.addWidget(self.rows)
        self.solo_note = QLabel()
        self.solo_note.setWordWrap(True)
        rl.addWidget(self.solo_note)
        rl.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(right)
        scroll.setMinimumWidth(360)
        split.addWidget(scroll)
        split.setSizes([260, 360, 420])
        self._thumbs: dict = {}
        self._loading = False

    def _thumb(self, item: SheetItem, palette: Palette) -> QIcon:
        key = (item.kind, item.obj if item.kind in ("exploration", "endgame") else repr(item.obj), id(palette))
        if key not in self._thumbs:
            if len(self._thumbs) > 500:
                self._thumbs.clear()
            self._thumbs[key] = QIcon(card_pixmap(item, THUMB, palette))
        return self._thumbs[key]

    def rebuild(self, cards: CardSet, palette: Palette, current: tuple | None) -> None:
        self._loading = True
        try:
            self.card_list.clear()
            select = None
            groups = (("exploration", "Exploration cards", cards.exploration),
                      ("endgame", "Endgame cards", cards.endgame))
            for group, title, items in groups:
                top = QTreeWidgetItem([f"{title} ({len(items)})"])
                top.setFlags(Qt.ItemIsEnabled)
                top.setData(0, _ROLE, ("group", group))
                self.card_list.addTopLevelItem(top)
                for i, card in enumerate(items):
                    marker = f" · {card.players}+" if card.players else ""
                    it = QTreeWidgetItem([f"{card.id}{marker}\n" + " / ".join(" ".join(r) for r in card.rows)])
                    it.setIcon(0, self._thumb(SheetItem(group, card), palette))
                    it.setData(0, _ROLE, (group, i))
                    top.addChild(it)
                    if current == (group, i):
                        select = it
                top.setExpanded(True)
            if cards.solo is not None:
                solo = cards.solo
                top = QTreeWidgetItem([f"Solo cards ({2 + len(solo.challenges)})"])
                top.setFlags(Qt.ItemIsEnabled)
                self.card_list.addTopLevelItem(top)
                for kind, obj, label in ([("target", solo, "Scroll target"), ("explorer", solo, "Solo Explorer")]
                                         + [("challenge", c, c.name or c.id) for c in solo.challenges]):
                    it = QTreeWidgetItem([label])
                    it.setIcon(0, self._thumb(SheetItem(kind, obj), palette))
                    it.setData(0, _ROLE, ("solo", kind, obj.id if kind == "challenge" else kind))
                    top.addChild(it)
                    if current == ("solo", kind, obj.id if kind == "challenge" else kind):
                        select = it
                top.setExpanded(True)
            if select is not None:
                self.card_list.setCurrentItem(select)
                self.card_list.scrollToItem(select)
            # a solo-only file deals no Exploration cards: the counts would be red for nothing
            self.counts.setVisible(deals_exploration(cards))
            rows = []
            for n, have, need in cc.players_summary(cards):
                ok = have >= need
                colour = desktop.colour("ok" if ok else "error")
                rows.append(f"<span style='color:{colour}'>{n} players: <b>{have}</b> cards (need {need})</span>")
            self.counts.setText("Exploration cards per player count:<br>" + "<br>".join(rows))
        finally:
            self._loading = False

    def _current_changed(self, item, _previous) -> None:
        if self._loading:
            return
        data = item.data(0, _ROLE) if item is not None else None
        if data and data[0] != "group":
            self.window_.set_current(tuple(data))

    def show_current(self, cards: CardSet, palette: Palette, current: tuple | None) -> None:
        self._loading = True
        try:
            card = None
            if current and current[0] in cc.GROUPS:
                group, index = current
                items = getattr(cards, group)
                card = items[index] if 0 <= index < len(items) else None
            editable = card is not None
            self.card_box.setVisible(editable)
            self.rows.setVisible(editable)
            self.solo_note.setVisible(bool(current) and current[0] == "solo")
            self.solo_note.setText(self.tr("Solo cards are printed from the file's solo: section (scroll target, Solo "
                                   "Explorer, challenges); edit their values in the file."))
            if card is not None:
                if shows_model(self.card_id, self.window_.document):
                    self.card_id.setText(card.id)
                endgame = current[0] == "endgame"
                self.marker.setVisible(not endgame)
                self.marker_label.setText("Marker" if not endgame else "")
                self.card_box.setTitle("Endgame card" if endgame else "Exploration card")
                if not endgame:
                    self.marker.setCurrentIndex(self.marker.findData(card.players))
                self.rows.show_rows(card.rows, palette)
                self.preview.show_item(SheetItem(current[0], card), palette)
            elif current and current[0] == "solo":
                solo = cards.solo
                obj = solo if current[1] != "challenge" else next((c for c in solo.challenges if c.id == current[2]), None)
                self.preview.show_item(SheetItem(current[1], obj) if obj is not None else None, palette)
            else:
                self.preview.show_item(None, palette)
        finally:
            self._loading = False

    def _rename(self) -> None:
        if not self._loading:
            self.window_.rename_card(self.card_id.text().strip())

    def _marker(self, _index: int) -> None:
        if not self._loading:
            self.window_.set_marker(self.marker.currentData())


class LootPage(QWidget):
    """The token kinds of a loot set: a table, the selected kind's form and its token drawn."""

    COLUMNS = ("Kind", "Name", "Count", "Effect")

    def __init__(self, window: "CardEditorWindow") -> None:
        super().__init__()
        self.window_ = window
        self._loading = False
        lay = QHBoxLayout(self)
        left = QVBoxLayout()
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setAccessibleName(self.tr("Loot token kinds"))
        self.table.setHorizontalHeaderLabels(self.COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setIconSize(QSize(28, 28))
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.Stretch)
        self.table.currentCellChanged.connect(self._row_changed)
        left.addWidget(self.table)
        self.total = QLabel()
        left.addWidget(self.total)
        lay.addLayout(left, 3)
        right = QVBoxLayout()
        box = QGroupBox(self.tr("Token kind"))
        form = QFormLayout(box)
        self.kind = QLineEdit()
        self.kind.editingFinished.connect(lambda: self._edit("kind"))
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self._edit("name"))
        self.count = QSpinBox()
        self.count.setRange(1, 99)
        self.count.valueChanged.connect(lambda _v: self._edit("count"))
        form.addRow(self.tr("Kind"), self.kind)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Tokens in the bag"), self.count)
        right.addWidget(box)
        ebox = QGroupBox(self.tr("Effect when played"))
        eform = QFormLayout(ebox)
        self.effect_spins: dict[str, QSpinBox] = {}
        for key, label in COUNT_KEYS:
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.setSpecialValueText("—")
            spin.valueChanged.connect(lambda _v, k=key: self._edit(f"effect.{k}"))
            eform.addRow(label, spin)
            self.effect_spins[key] = spin
        self.area = QComboBox()
        self.area.activated.connect(lambda _i: self._edit("effect.area"))
        eform.addRow(self.tr("Whole area"), self.area)
        right.addWidget(ebox)
        self.preview = CardPreview()
        self.preview.setMinimumSize(200, 200)
        right.addWidget(self.preview, 1)
        lay.addLayout(right, 2)

    def fill_areas(self, palette: Palette) -> None:
        self.area.clear()
        self.area.addItem("—", None)
        for name in palette.names():
            self.area.addItem(self.tr("{label} area").format(label=palette.label(name)), name)
        self.area.addItem(self.tr("Any terrain (all)"), ALL_TERRAINS)

    def rebuild(self, loot: LootSet, palette: Palette, current: int | None) -> None:
        self._loading = True
        try:
            self.table.setRowCount(len(loot.tokens))
            for r, t in enumerate(loot.tokens):
                cells = (t.kind, t.name or "", str(t.count), effect_text(t.effect, palette))
                for c, text in enumerate(cells):
                    item = QTableWidgetItem(text)
                    if c == 3:
                        item.setIcon(effect_icon(t.effect, palette))
                    if c == 2:
                        item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                    self.table.setItem(r, c, item)
            self.table.resizeColumnsToContents()
            self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.Stretch)
            self.total.setText(self.tr("<b>{total}</b> tokens in the bag, {tokens_count} kinds").format(total=loot.total(), tokens_count=len(loot.tokens)))
            if current is not None and 0 <= current < len(loot.tokens):
                self.table.setCurrentCell(current, 0)
            self.show_current(loot, palette, current)
        finally:
            self._loading = False

    def show_current(self, loot: LootSet, palette: Palette, current: int | None) -> None:
        was = self._loading
        self._loading = True
        try:
            t = loot.tokens[current] if current is not None and 0 <= current < len(loot.tokens) else None
            for w in (self.kind, self.name, self.count, self.area, *self.effect_spins.values()):
                w.setEnabled(t is not None)
            if t is None:
                self.preview.show_item(None, palette)
                return
            if shows_model(self.kind, self.window_.document):
                self.kind.setText(t.kind)
            if shows_model(self.name, self.window_.document):
                self.name.setText(t.name or "")
            self.count.setValue(t.count)
            for key, spin in self.effect_spins.items():
                spin.setValue(getattr(t.effect, key))
            idx = self.area.findData(t.effect.area) if t.effect.area else 0
            if idx < 0:
                self.area.addItem(self.tr("{area} (unknown)").format(area=t.effect.area), t.effect.area)
                idx = self.area.count() - 1
            self.area.setCurrentIndex(idx)
            self.preview.show_item(SheetItem("token", t), palette)
        finally:
            self._loading = was

    def _row_changed(self, row, _col, _prow, _pcol) -> None:
        if not self._loading and row >= 0:
            self.window_.set_current(("token", row))

    def _edit(self, what: str) -> None:
        if self._loading:
            return
        w = self.window_
        index = w.current[1] if w.current and w.current[0] == "token" else None
        if index is None:
            return
        if what == "kind":
            w.guard(cc.set_token, w.document, index, kind=self.kind.text().strip())
        elif what == "name":
            w.guard(cc.set_token, w.document, index, name=self.name.text().strip())
        elif what == "count":
            w.guard(cc.set_token, w.document, index, count=self.count.value(), gesture=("count", index))
        else:
            values = {k: s.value() for k, s in self.effect_spins.items()}
            effect = Effect(area=self.area.currentData(), **values)
            if not effect.to_data():
                w.show_refusal("a token needs an effect")
                self.show_current(w.document.model, w.palette, index)
                return
            w.guard(cc.set_token, w.document, index, effect=effect, gesture=(what, index))


class CardEditorWindow(ContentWindow):
    """Edits one ``rivages-cards/1`` or ``rivages-loot/1`` file.
    ``CardEditorWindow(document=None, settings=None)``; :meth:`load_path` opens a file.
    ``current`` is the selection: ``(group, index)`` for a card, ``("token", index)`` for a
    token kind, ``("solo", kind, id)`` for a solo card, or None."""

    MODEL_TYPES = (CardSet, LootSet)
    APP_TITLE = "Card and Loot Editor"
    DESKTOP_KIND = "card-editor"

    def __init__(self, document=None, settings: QSettings | None = None, parent=None) -> None:
        self.current: tuple | None = None
        self.stack = None
        super().__init__(document, settings, parent)
        self.palette = self._palette()
        self.stack = QStackedWidget()
        self.cards_page = CardsPage(self)
        self.loot_page = LootPage(self)
        self.stack.addWidget(self.cards_page)
        self.stack.addWidget(self.loot_page)
        self.setCentralWidget(self.stack)
        self._build_actions()
        self.resize(1280, 820)
        self.document_replaced()
        self.install_desktop()

    # -- set-up -----------------------------------------------------------------------------
    def new_model(self):
        return cc.new_card_set()

    def new_model_for(self, fmt: str):
        return cc.new_loot_set() if fmt == LootSet.FORMAT else None

    def _palette(self) -> Palette:
        sc = self.document.scenario
        return Palette.of(sc.terrains) if sc is not None else Palette()

    def _build_actions(self) -> None:
        self.new_loot_action = self._action(self.tr("New &Loot Set"), self.new_loot, "Ctrl+Shift+N", "Start a new loot file")
        self.file_menu.insertAction(self.open_action, self.new_loot_action)
        self.new_action.setText(self.tr("&New Card Set"))
        menu = self.menuBar().addMenu(self.tr("&Cards"))
        self.cards_menu = menu
        bar = QToolBar(self.tr("Cards"), self)
        bar.setObjectName("CardTools")
        bar.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        self.addToolBar(Qt.TopToolBarArea, bar)
        specs = (
            ("add_exploration", "Add Exploration Card", "Ctrl+Shift+E", self.add_exploration, "ex"),
            ("add_endgame", "Add Endgame Card", None, self.add_endgame, "ex"),
            ("add_token", "Add Token Kind", "Ctrl+Shift+T", self.add_token, "loot"),
            ("duplicate", "Duplicate", "Ctrl+D", self.duplicate, "both"),
            ("delete", "Delete", QKeySequence.Delete, self.delete, "both"),
            ("up", "Move Up", "Ctrl+Up", lambda: self.move(-1), "ex"),
            ("down", "Move Down", "Ctrl+Down", lambda: self.move(1), "ex"),
        )
        self.card_actions: dict[str, QAction] = {}
        self._action_scope = {}
        for name, text, key, slot, scope in specs:
            a = self._action(text, slot, key)
            menu.addAction(a)
            bar.addAction(a)
            self.card_actions[name] = a
            self._action_scope[name] = scope
        view = self.menuBar().addMenu(self.tr("&View"))
        view.addAction(self.findings_dock.toggleViewAction())

    def _sync_actions(self) -> None:
        loot = isinstance(self.document.model, LootSet)
        self.cards_menu.setTitle("&Loot" if loot else "&Cards")
        for name, a in self.card_actions.items():
            scope = self._action_scope[name]
            a.setVisible(scope == "both" or (scope == "loot") == loot)
        has_card = bool(self.current) and self.current[0] in (*cc.GROUPS, "token")
        for name in ("duplicate", "delete", "up", "down"):
            self.card_actions[name].setEnabled(has_card)

    def document_replaced(self) -> None:
        if self.stack is None:
            return
        self.palette = self._palette()
        self.cards_page.rows.build_palette(self.palette)
        self.loot_page.fill_areas(self.palette)
        self.document.changed.connect(self._doc_changed)
        model = self.document.model
        if isinstance(model, LootSet):
            self.current = ("token", 0)
            self.stack.setCurrentWidget(self.loot_page)
        else:
            self.current = ("exploration", 0) if model.exploration else (("endgame", 0) if model.endgame else None)
            self.stack.setCurrentWidget(self.cards_page)
        self.refresh()

    # -- showing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        model = self.document.model
        if isinstance(model, LootSet):
            if self.current is not None and self.current[0] == "token":
                self.current = ("token", min(self.current[1], len(model.tokens) - 1))
            self.loot_page.rebuild(model, self.palette, self.current[1] if self.current else None)
        else:
            if self.current is not None and self.current[0] in cc.GROUPS:
                items = getattr(model, self.current[0])
                if not items:
                    other = "endgame" if self.current[0] == "exploration" else "exploration"
                    self.current = (other, 0) if getattr(model, other) else None
                else:
                    self.current = (self.current[0], min(self.current[1], len(items) - 1))
            self.cards_page.rebuild(model, self.palette, self.current)
            self.cards_page.show_current(model, self.palette, self.current)
        self._sync_actions()

    def _doc_changed(self, _path) -> None:
        self.refresh()

    def set_current(self, current: tuple | None) -> None:
        self.current = current
        model = self.document.model
        if isinstance(model, LootSet):
            self.loot_page.show_current(model, self.palette, current[1] if current else None)
        else:
            self.cards_page.show_current(model, self.palette, current)
        self._sync_actions()

    def select_element(self, element) -> None:
        if not element:
            return
        model = self.document.model
        if element[0] == "card" and isinstance(model, CardSet):
            where = cc.index_of(model, element[1])
            if where is not None:
                self.current = where
                self.refresh()
        elif element[0] == "loot" and isinstance(model, LootSet):
            index = next((i for i, t in enumerate(model.tokens) if t.kind == element[1]), None)
            if index is not None:
                self.current = ("token", index)
                self.refresh()
        elif element[0] == "challenge" and isinstance(model, CardSet):
            self.current = ("solo", "challenge", element[1])
            self.refresh()

    def show_refusal(self, text: str) -> None:
        self.statusBar().showMessage(f"⚠ {text}", 6000)

    def guard(self, fn, *args, **kwargs):
        """Run an edit; a refused one is shown in the status bar. Returns its result or None."""
        try:
            return fn(*args, **kwargs)
        except cc.CardEditError as exc:
            self.show_refusal(str(exc))
            self.refresh()
            return None

    def _card(self) -> tuple[str, int] | None:
        if self.current and self.current[0] in cc.GROUPS and isinstance(self.document.model, CardSet):
            return self.current  # type: ignore[return-value]
        return None

    # -- card edits -------------------------------------------------------------------------
    def new_loot(self) -> None:
        if self.maybe_save():
            self.set_document(self._make_document(cc.new_loot_set(), None))

    def add_exploration(self) -> None:
        if not isinstance(self.document.model, CardSet):
            return
        after = self.current[1] if self.current and self.current[0] == "exploration" else None
        players = self.document.model.exploration[after].players if after is not None else 2
        i = self.guard(cc.add_card, self.document, "exploration", (("any",),), players, after)
        if i is not None:
            self.current = ("exploration", i)
            self.refresh()

    def add_endgame(self) -> None:
        if not isinstance(self.document.model, CardSet):
            return
        after = self.current[1] if self.current and self.current[0] == "endgame" else None
        i = self.guard(cc.add_card, self.document, "endgame", (("any",),), None, after)
        if i is not None:
            self.current = ("endgame", i)
            self.refresh()

    def add_token(self) -> None:
        if not isinstance(self.document.model, LootSet):
            return
        after = self.current[1] if self.current and self.current[0] == "token" else None
        i = self.guard(cc.add_token, self.document, None, 1, None, None, after)
        if i is not None:
            self.current = ("token", i)
            self.refresh()

    def duplicate(self) -> None:
        if self.current and self.current[0] == "token":
            i = self.guard(cc.duplicate_token, self.document, self.current[1])
            if i is not None:
                self.current = ("token", i)
        elif self._card():
            group, index = self._card()
            i = self.guard(cc.duplicate_card, self.document, group, index)
            if i is not None:
                self.current = (group, i)
        self.refresh()

    def delete(self) -> None:
        if self.current and self.current[0] == "token":
            self.guard(cc.delete_token, self.document, self.current[1])
        elif self._card():
            group, index = self._card()
            self.guard(cc.delete_cards, self.document, group, [index])
        self.refresh()

    def move(self, delta: int) -> None:
        if self._card():
            group, index = self._card()
            i = self.guard(cc.move_card, self.document, group, index, delta)
            if i is not None:
                self.current = (group, i)
                self.refresh()

    def rename_card(self, new: str) -> None:
        if self._card():
            self.guard(cc.set_card_id, self.document, *self._card(), new)

    def set_marker(self, players: int) -> None:
        if self._card() and self._card()[0] == "exploration":
            self.guard(cc.set_players, self.document, self._card()[1], players)

    def add_symbol(self, symbol: str) -> None:
        if not self._card():
            return
        group, index = self._card()
        rows = self.cards_page.rows
        if rows.new_row.isChecked():
            rows.new_row.setChecked(False)
            r = self.guard(cc.add_row, self.document, group, index, (symbol,))
            if r is not None:
                rows.current_row = r
                self.refresh()
            return
        self.guard(cc.append_symbol, self.document, group, index, rows.current_row, symbol)

    def remove_symbol(self, row: int, position: int) -> None:
        if self._card():
            self.guard(cc.remove_symbol, self.document, *self._card(), row, position)

    def move_row(self, row: int, delta: int) -> None:
        if self._card():
            to = self.guard(cc.move_row, self.document, *self._card(), row, delta)
            if to is not None:
                self.cards_page.rows.current_row = to
                self.refresh()

    def delete_row(self, row: int) -> None:
        if self._card():
            self.guard(cc.delete_row, self.document, *self._card(), row)

    # -- export -----------------------------------------------------------------------------
    def ask_export_options(self) -> bool:
        """The card sheets' Export dialog (bleed, backs, duplex edge), remembered in the settings."""
        from studio.gui.rivages import card_print_dialog as cpd
        from studio.gui.shell import prompts
        from studio.render.cards import sheet_items

        model = self.document.model
        items = sheet_items(None, model) if isinstance(model, LootSet) else sheet_items(model, None)
        chosen = prompts.ask_card_print_options(self, items, self.paper, cpd.load_options(self.settings))
        if chosen is None:
            return False
        cpd.store_options(self.settings, chosen)
        return True

    def export_pages(self):
        from studio.gui.rivages.card_print_dialog import load_options
        from studio.render.cards import card_pages

        model = self.document.model
        options = load_options(self.settings)
        if isinstance(model, LootSet):
            pages, layout = card_pages(None, model, self.paper, self.palette, options)
        else:
            pages, layout = card_pages(model, None, self.paper, self.palette, options)
        return pages, layout.summary()
