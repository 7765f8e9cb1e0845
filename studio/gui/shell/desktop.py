"""Desktop conventions every studio window follows: it remembers its geometry and dock layout,
accepts dropped files, opens its page of the docs with F1, and follows the desktop's palette.

Usage, at the end of a window's ``__init__`` (after its docks and tool bars exist)::

    desktop.install(self, "island-editor")

``kind`` (a key of :data:`WINDOW_DOCS`) names the window kind: one saved layout per kind
(QSettings keys ``windows/KIND/geometry`` and ``windows/KIND/state``, in the window's own
``settings`` when it has one, else the application's), and the docs page F1 opens. A window
opens dropped files with its ``open_dropped_file(path) -> bool`` when it has one; otherwise each
file opens in the window made for its ``format:`` (:mod:`studio.gui.shell.files.open_router`). A
file the studio cannot open is said in a message box, never silently ignored.

Dialogs get only F1 (:func:`install_help`) and are fitted to their screen when shown.

:func:`dark_palette` and :func:`apply_palette` give the application a dark (or light) Fusion
palette: ``studio`` applies one when ``STUDIO_PALETTE=dark`` (or ``light``) is set, for desktops
whose Qt theme does not follow the system's dark mode."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QObject, QRect, QSettings, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QAction,
    QColor,
    QDesktopServices,
    QGuiApplication,
    QImageReader,
    QKeySequence,
    QPalette,
    QTextCursor,
    QTextLength,
    QTextOption,
)
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenuBar, QTextBrowser, QToolBar, QWidget

# window kind -> (docs page, heading anchor) that F1 opens; a test checks each page and heading exists
WINDOW_DOCS: dict[str, tuple[str, str]] = {
    "board-editor": ("editor.md", "the-board-editor"),
    "scenario-editor": ("editor.md", "the-scenario-editor"),
    "new-board": ("editor.md", "new-board-wizard"),
    "export": ("export.md", ""),
    "recovery": ("editor.md", "autosave-and-recovery"),
    "island-editor": ("rivages.md", "island-editor"),
    "new-island": ("rivages.md", "island-editor"),
    "export-island": ("rivages.md", "island-editor"),
    "tree-editor": ("rivages.md", "tree-and-card-editors"),
    "card-editor": ("rivages.md", "tree-and-card-editors"),
    "playtest": ("playtest.md", "in-the-playtest-window-undo-saved-games-and-replays"),
    "rivages-playtest": ("playtest.md", "rivages-in-the-playtest-window"),
    "rivages-game": ("playtest.md", "rivages-in-the-playtest-window"),
    "bot-settings": ("playtest.md", "bots"),
    "balance": ("playtest.md", "in-the-editor-balance-runs-and-the-heat-map"),
    "suggest": ("balance.md", "in-the-editor"),
}

# suffixes of the files the studio opens: content (YAML) and saved games (JSON)
OPENABLE_SUFFIXES = (".yaml", ".yml", ".json")
TILED_SUFFIXES = (".tmx", ".tmj")  # Tiled maps: imported as islands (File ▸ Import Tiled Map…)
_CONVENTIONS_ATTR = "_desktop_conventions"


def docs_dir() -> Path:
    """The docs folder: ``studio/_bundled/docs`` in an installed wheel, else the checkout's
    ``docs/`` beside the ``studio`` package."""
    package = Path(__file__).resolve().parents[2]  # studio/gui/shell/desktop.py -> studio
    wheel = package / "_bundled" / "docs"
    return wheel if wheel.is_dir() else package.parent / "docs"


def docs_url(kind: str) -> QUrl:
    """The file URL (with the heading as its fragment) of the docs page for window ``kind``.
    Raises KeyError for an unknown kind."""
    page, anchor = WINDOW_DOCS[kind]
    url = QUrl.fromLocalFile(str(docs_dir() / page))
    if anchor:
        url.setFragment(anchor)
    return url


def open_docs(kind: str, parent: QWidget | None = None) -> bool:
    """Open the docs page of window ``kind`` in the desktop's viewer (F1). A page that is not
    installed, or no viewer, is said in a message box; returns whether it opened."""
    from studio.gui.shell import prompts

    url = docs_url(kind)
    path = Path(url.toLocalFile())
    if not path.is_file():
        prompts.show_error(parent, QCoreApplication.translate("desktop", "Help"),
                           QCoreApplication.translate("desktop", "The help page {0} is not installed.")
                           .format(path))
        return False
    if not QDesktopServices.openUrl(url):  # no browser or viewer installed: the studio shows it
        show_docs_inside(path, url.fragment(), parent)
    return True


def show_docs_inside(path: Path, anchor: str = "", parent: QWidget | None = None) -> QWidget:
    """A window of the studio's own showing the Markdown page ``path`` (links between docs
    pages followed, pictures of ``docs/`` shown), scrolled to heading ``anchor`` (GitHub's
    slug of the heading) when found: F1 where the desktop has no program for a ``.md`` file.
    Returns the window (shown; it deletes itself when closed)."""
    browser = HelpBrowser(parent)
    browser.setWindowFlag(Qt.Window, True)
    browser.setAttribute(Qt.WA_DeleteOnClose, True)
    browser.setOpenExternalLinks(True)
    browser.setSearchPaths([str(path.parent)])
    browser.setMarkdown(path.read_text(encoding="utf-8", errors="replace"))
    browser.setWindowTitle(QCoreApplication.translate("desktop", "Board Studio Help: {0}").format(path.name))
    browser.setAccessibleName(QCoreApplication.translate("desktop", "Help page {0}").format(path.name))
    browser.resize(820, 700)
    browser.show()
    if anchor:
        block = browser.document().begin()
        while block.isValid():  # headings have no anchors of their own in setMarkdown: find by slug
            if block.blockFormat().headingLevel() and _slug(block.text()) == anchor:
                cursor = browser.textCursor()
                cursor.setPosition(block.position())
                browser.setTextCursor(cursor)
                heading = block
                # scrolled once the window is laid out (the scroll range is not known before)
                # and the page fitted to its width (the heading's place depends on it)
                QTimer.singleShot(0, browser, lambda at=heading: (browser.fit_to_width(), browser.verticalScrollBar(
                    ).setValue(int(browser.document().documentLayout().blockBoundingRect(at).top()))))
                break
            block = block.next()
    return browser


class HelpBrowser(QTextBrowser):
    """A docs page that fits its window's width, as a web browser shows it: code blocks wrap,
    tables take the page's width and pictures wider than the window are scaled down to it (in
    proportion; redone on each resize and page followed), so nothing scrolls sideways. Qt's
    Markdown import keeps code lines unbroken and pictures at their own size: a screenshot made
    the help window scroll sideways (fresh-user trial)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QTextBrowser.WidgetWidth)
        self.setWordWrapMode(QTextOption.WrapAtWordBoundaryOrAnywhere)  # a long path or URL too
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self._sizes: dict[str, tuple[int, int] | None] = {}  # picture name -> its own size
        self._fitted_to = -1
        self.sourceChanged.connect(lambda _url: self.fit_to_width(force=True))
        # a long page takes some 80 ms to fit: once a drag resize pauses, not on every step of it
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(60)
        self._refit.timeout.connect(self.fit_to_width)

    def setMarkdown(self, markdown: str) -> None:  # noqa: N802 - Qt's name
        super().setMarkdown(markdown)
        self.fit_to_width(force=True)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._refit.start()

    def fit_to_width(self, force: bool = False) -> None:
        """Wrap code blocks, give tables the page's width and scale wide pictures to it."""
        doc = self.document()
        width = max(100, self.viewport().width() - 2 * int(doc.documentMargin()) - 4)
        if width == self._fitted_to and not force:
            return
        self._fitted_to = width
        edit = QTextCursor(doc)
        edit.beginEditBlock()
        pictures = []
        block = doc.begin()
        while block.isValid():
            if block.blockFormat().nonBreakableLines():  # a code block's line
                fmt = block.blockFormat()
                fmt.setNonBreakableLines(False)
                QTextCursor(block).setBlockFormat(fmt)
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.isValid() and fragment.charFormat().isImageFormat():
                    pictures.append((fragment.position(), fragment.length(), fragment.charFormat().toImageFormat(),
                                     self._indent(block)))
                it += 1
            block = block.next()
        for position, length, picture, indent in pictures:
            own = self._own_size(picture.name())
            if own is None:
                continue
            w = max(20, min(own[0], width - indent))  # a picture in a list item is indented
            picture.setWidth(w)
            picture.setHeight(own[1] * w / own[0])
            at = QTextCursor(doc)
            at.setPosition(position)
            at.setPosition(position + length, QTextCursor.KeepAnchor)
            at.setCharFormat(picture)
        for frame in doc.rootFrame().childFrames():  # Markdown tables
            fmt = frame.frameFormat()
            if fmt.isTableFormat():
                table = fmt.toTableFormat()
                edges = 2 * (table.border() + table.margin() + table.padding() + table.cellSpacing())
                table.setWidth(QTextLength(QTextLength.FixedLength, max(50.0, width - edges)))
                frame.setFrameFormat(table)
        edit.endEditBlock()

    def _indent(self, block) -> int:
        """How far ``block`` starts right of the page's left edge: its margin and indents, and
        its list's."""
        fmt = block.blockFormat()
        steps = fmt.indent() + (block.textList().format().indent() if block.textList() is not None else 0)
        return int(fmt.leftMargin() + fmt.textIndent() + steps * self.document().indentWidth())

    def _own_size(self, name: str) -> tuple[int, int] | None:
        """A picture's own size in pixels, from its file's header (None when not found)."""
        if name not in self._sizes:
            self._sizes[name] = None
            for folder in self.searchPaths():
                size = QImageReader(str(Path(folder) / name)).size()
                if size.isValid() and size.width() > 0:
                    self._sizes[name] = (size.width(), size.height())
                    break
        return self._sizes[name]


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    import re

    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def install_help(widget: QWidget, kind: str) -> QAction:
    """Give ``widget`` (a window or dialog) an F1 action opening its docs page; returns the
    action (Help menus add it)."""
    if kind not in WINDOW_DOCS:
        raise KeyError(f"no docs page for window kind {kind!r}")
    action = QAction(QCoreApplication.translate("desktop", "&Help for This Window"), widget)
    action.setShortcut(QKeySequence(QKeySequence.HelpContents))
    action.setShortcutContext(Qt.WindowShortcut)
    action.setStatusTip(QCoreApplication.translate("desktop", "Open the documentation of this window (F1)"))
    action.triggered.connect(lambda *_: open_docs(kind, widget))
    widget.addAction(action)
    widget.setProperty("studioDocsKind", kind)
    if not isinstance(widget, QMainWindow):   # a dialog: its fields are named when it shows
        widget.installEventFilter(_NameOnShow(widget))
    return action


class _NameOnShow(QObject):
    """Names a dialog's inputs (all its pages) and fits it to its screen each time it is shown."""

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Show and obj is self.parent():
            name_inputs(obj)
            keep_on_screen(obj)   # a dialog's default size may exceed a small screen
        return False


class _Conventions(QObject):
    """The event filter behind :func:`install`: saves the layout when the window closes and
    opens dropped files."""

    def __init__(self, window: QMainWindow, kind: str, settings: QSettings) -> None:
        super().__init__(window)
        self.window = window
        self.kind = kind
        self.settings = settings

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if obj is self.window:
            if kind == QEvent.Show:
                name_inputs(self.window)   # fields made since (a form rebuilt for another file)
            elif kind == QEvent.Hide and not event.spontaneous():
                save_layout(self.window, self.kind, self.settings)   # the hide after an accepted close
            elif kind in (QEvent.DragEnter, QEvent.DragMove):
                if accept_drag(event):
                    return True
            elif kind == QEvent.Drop:
                return drop(self.window, event)
        return False


def install(window: QMainWindow, kind: str, settings: QSettings | None = None) -> bool:
    """Apply the desktop conventions to ``window`` (see the module docstring). Returns whether
    a saved dock layout was restored (then the window keeps it rather than its default sizes)."""
    if settings is None:
        settings = getattr(window, "settings", None)
        if not isinstance(settings, QSettings):
            settings = QSettings()
    window.setAcceptDrops(True)
    name_bars(window)
    window.help_action = install_help(window, kind)
    _add_to_help_menu(window, window.help_action)
    name_inputs(window)
    conventions = _Conventions(window, kind, settings)
    setattr(window, _CONVENTIONS_ATTR, conventions)
    window.installEventFilter(conventions)
    return restore_layout(window, kind, settings)


def _add_to_help_menu(window: QMainWindow, action: QAction) -> None:
    """Put the F1 action first in the window's Help menu (made when the window has a menu bar
    without one)."""
    bar = window.menuBar() if window.findChild(QMenuBar) is not None else None
    if bar is None or not bar.actions():
        return
    for entry in bar.actions():
        menu = entry.menu()
        if menu is not None and entry.text().replace("&", "") == QCoreApplication.translate("desktop", "Help"):
            menu.insertAction(menu.actions()[0] if menu.actions() else None, action)
            return
    bar.addMenu(QCoreApplication.translate("desktop", "&Help")).addAction(action)


def settings_of(window: QWidget) -> QSettings | None:
    """The settings ``window``'s layout is kept in (None before :func:`install`)."""
    conventions = getattr(window, _CONVENTIONS_ATTR, None)
    return conventions.settings if conventions is not None else None


def name_bars(window: QMainWindow) -> None:
    """Give each dock and tool bar without one an object name (from its title): QMainWindow
    saves and restores their places by name."""
    used = {child.objectName() for child in window.findChildren(QObject) if child.objectName()}
    for child in window.findChildren(QDockWidget) + window.findChildren(QToolBar):
        if child.objectName():
            continue
        base = "".join(ch for ch in child.windowTitle().title() if ch.isalnum()) or type(child).__name__
        name, n = base, 2
        while name in used:
            name, n = f"{base}{n}", n + 1
        child.setObjectName(name)
        used.add(name)


def layout_keys(kind: str) -> tuple[str, str]:
    return f"windows/{kind}/geometry", f"windows/{kind}/state"


def adopt_old_layout(settings: QSettings, old_group: str, kind: str) -> None:
    """Move a layout saved under ``OLD_GROUP/geometry`` and ``OLD_GROUP/state`` (before layouts
    were kept per window kind) to ``kind``'s keys, once."""
    geometry_key, state_key = layout_keys(kind)
    for old, new in ((f"{old_group}/geometry", geometry_key), (f"{old_group}/state", state_key)):
        if settings.contains(old):
            if not settings.contains(new):
                settings.setValue(new, settings.value(old))
            settings.remove(old)


def save_layout(window: QMainWindow, kind: str, settings: QSettings) -> None:
    """Store ``window``'s geometry and dock/tool bar layout under its kind."""
    geometry_key, state_key = layout_keys(kind)
    settings.setValue(geometry_key, window.saveGeometry())
    settings.setValue(state_key, window.saveState())


def restore_layout(window: QMainWindow, kind: str, settings: QSettings) -> bool:
    """Restore ``window``'s saved geometry and layout, fitted to a screen that exists now (see
    :func:`keep_on_screen`): a layout saved on a larger monitor comes back no larger than the
    screen it lands on, one saved on a monitor since unplugged comes back on the primary screen,
    and a maximized or full-screen window stays so. Unreadable values are ignored (the default
    layout stays). Returns whether a dock layout was restored."""
    geometry_key, state_key = layout_keys(kind)
    geometry = settings.value(geometry_key)
    state = settings.value(state_key)
    if isinstance(geometry, QByteArray) and not geometry.isEmpty():
        if not window.restoreGeometry(geometry):
            _restore_refused(window, geometry)
    restored = False
    if isinstance(state, QByteArray) and not state.isEmpty():
        restored = bool(window.restoreState(state))
    keep_on_screen(window)
    return restored


def _saved_geometry(data: QByteArray) -> tuple[QRect, int] | None:
    """``(normal geometry, window state)`` from Qt's ``saveGeometry()`` bytes (format 2 or 3),
    or None when they are not that."""
    from PySide6.QtCore import QDataStream

    stream = QDataStream(data)
    stream.setVersion(QDataStream.Qt_4_0)
    if stream.readUInt32() != 0x1D9D0CB or stream.readUInt16() not in (2, 3):
        return None
    stream.readUInt16()
    frame, normal = QRect(), QRect()
    stream >> frame
    stream >> normal
    stream.readInt32()   # the screen's number: screens may have changed since
    maximized, full = stream.readUInt8(), stream.readUInt8()
    if stream.status() != QDataStream.Ok or not normal.isValid():
        return None
    state = Qt.WindowFullScreen if full else Qt.WindowMaximized if maximized else Qt.WindowNoState
    return normal, state


def _restore_refused(window: QWidget, data: QByteArray) -> None:
    """Qt refuses a geometry saved on a screen much wider or narrower than the one it would
    restore on (a 2560-pixel monitor, then a 1366-pixel laptop): restore its normal geometry and
    maximized / full-screen state here (:func:`keep_on_screen` then fits it)."""
    saved = _saved_geometry(data)
    if saved is None:
        return
    normal, state = saved
    window.setGeometry(normal)
    keep_on_screen(window)   # before the state: a hidden window keeps its geometry as the normal one
    if state != Qt.WindowNoState:
        window.setWindowState(state)


FRAME = (4, 32, 4, 4)   # pixels left round a window not shown yet (left, top, right, bottom) for its frame


def _screen_for(rect: QRect):
    """The screen ``rect`` (global pixels) lands on: the one holding its title area's centre,
    else the one it overlaps most by at least 80 x 20 pixels of that area, else None."""
    title = QRect(rect.left(), rect.top(), rect.width(), min(40, rect.height()))
    at = QGuiApplication.screenAt(title.center())
    if at is not None:
        return at
    best, most = None, 0
    for screen in QGuiApplication.screens():
        seen = screen.availableGeometry().intersected(title)
        if seen.width() >= min(80, rect.width()) and seen.height() >= min(20, title.height()):
            if seen.width() * seen.height() > most:
                best, most = screen, seen.width() * seen.height()
    return best


def keep_on_screen(window: QWidget) -> None:
    """Fit ``window`` (frame included) inside the available area of the screen it lands on:
    shrunk to that area (not below its minimum size) and moved inside it (a window never placed
    is only shrunk: the window manager places it). A window with too
    little of its title area on any screen there is now (a monitor unplugged) goes to the
    centre of the primary screen. A maximized or full-screen window is left as it is (the
    window manager sizes it; Qt fitted its normal geometry when restoring it)."""
    if not QGuiApplication.screens() or window.windowState() & (Qt.WindowMaximized | Qt.WindowFullScreen):
        return
    rect, frame = window.geometry(), window.frameGeometry()
    if window.isVisible() and frame != rect:   # the frame's real margins
        margins = (rect.left() - frame.left(), rect.top() - frame.top(),
                   frame.right() - rect.right(), frame.bottom() - rect.bottom())
    else:
        margins = FRAME
    screen = _screen_for(rect)
    centre = screen is None
    area = (screen or QGuiApplication.primaryScreen()).availableGeometry()
    inner = area.adjusted(margins[0], margins[1], -margins[2], -margins[3])
    width = max(window.minimumWidth(), min(rect.width(), inner.width()))
    height = max(window.minimumHeight(), min(rect.height(), inner.height()))
    if centre:
        x, y = inner.left() + (inner.width() - width) // 2, inner.top() + (inner.height() - height) // 2
    else:   # moved in only as far as it must; the top left corner wins when even the minimum is too big
        x = max(inner.left(), min(rect.left(), inner.left() + inner.width() - width))
        y = max(inner.top(), min(rect.top(), inner.top() + inner.height() - height))
    if not window.testAttribute(Qt.WA_Moved):
        window.resize(width, height)   # never placed by us: the window manager places it
        return
    fitted = QRect(x, y, width, height)
    if fitted != rect:
        window.setGeometry(fitted)


# -- accessible names --------------------------------------------------------------------------
def _input_kinds():
    from PySide6.QtWidgets import (
        QAbstractItemView,
        QAbstractSlider,
        QAbstractSpinBox,
        QComboBox,
        QGraphicsView,
        QLineEdit,
        QPlainTextEdit,
        QTextEdit,
    )

    return (QLineEdit, QAbstractSpinBox, QComboBox, QPlainTextEdit, QTextEdit, QAbstractSlider, QGraphicsView,
            QAbstractItemView)


def _plain(text: str) -> str:
    """A label's text as a name: no mnemonic '&', no markup, no trailing colon."""
    import re

    text = re.sub(r"<[^>]+>", "", text or "").replace("&&", "\x00").replace("&", "").replace("\x00", "&")
    return " ".join(text.split()).rstrip(":").strip()


def _form_label(widget: QWidget) -> tuple[str, list | None]:
    """The text of the form label of ``widget``, or of the field it sits in (two levels up),
    with the inputs that share that label (None when the label is ``widget``'s own)."""
    from PySide6.QtWidgets import QFormLayout, QLabel, QLayout

    field = widget
    for _ in range(3):
        parent = field.parentWidget()
        if parent is None:
            break
        forms = [layout for layout in _layouts_of(parent) if isinstance(layout, QFormLayout)]
        for form in forms:
            label = form.labelForField(field)
            if isinstance(label, QLabel) and _plain(label.text()):
                if field is widget:
                    return _plain(label.text()), None
                same = [w for w in field.findChildren(type(widget)) if not isinstance(w.parentWidget(), _input_kinds())]
                return _plain(label.text()), same
            for row_layout in form.findChildren(QLayout):   # a row whose field is a layout of inputs
                if row_layout.indexOf(field) < 0:
                    continue
                label = form.labelForField(row_layout)
                if isinstance(label, QLabel) and _plain(label.text()):
                    inside = sorted((w for w in _children_in(parent, row_layout) if isinstance(w, _input_kinds())),
                                    key=row_layout.indexOf)
                    if field in inside or field is not widget:
                        return _plain(label.text()), (inside if len(inside) > 1 else None)
        field = parent
    return "", None


def _layouts_of(widget: QWidget) -> list:
    """``widget``'s layout and the layouts nested in it (not those of child widgets), found as
    QObject children: never through ``QLayout.itemAt``, whose item wrappers PySide may hand back
    for an item Qt has already deleted (that crashed the studio while windows were built)."""
    from PySide6.QtWidgets import QLayout

    top = widget.layout()
    return [] if top is None else [top, *top.findChildren(QLayout)]


def _children_in(parent: QWidget, layout) -> list:
    """The child widgets of ``parent`` placed in ``layout`` itself."""
    return [w for w in parent.findChildren(QWidget, options=Qt.FindDirectChildrenOnly) if layout.indexOf(w) >= 0]


def _part_name(widget: QWidget, same: list) -> str:
    """What tells ``widget`` apart among the inputs ``same`` of one labelled row: its tool
    tip's first clause, else its place ("2 of 3")."""
    if widget.toolTip():
        return _first_clause(widget.toolTip())
    return f"{same.index(widget) + 1} of {len(same)}" if len(same) > 1 and widget in same else ""


def _cell_name(widget: QWidget) -> str:
    """``"Side, row 2"`` for an input put in a table cell (``setCellWidget``), else ""."""
    from PySide6.QtWidgets import QTableWidget

    cell = widget
    table = widget.parentWidget()
    for _ in range(3):
        if table is None:
            return ""
        owner = table.parentWidget()
        if isinstance(owner, QTableWidget):
            table = owner
            break
        cell, table = table, table.parentWidget()
    if not isinstance(table, QTableWidget):
        return ""
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            if table.cellWidget(row, column) in (widget, cell):
                header = table.horizontalHeaderItem(column)
                title = _plain(header.text()) if header is not None else f"Column {column + 1}"
                return f"{title}, row {row + 1}"
    return ""


def _first_clause(text: str) -> str:
    import re

    name = re.split(r"[;(.]|\s[-—]\s", _plain(text), maxsplit=1)[0].strip()
    return name[:1].upper() + name[1:80]


def _label_before(widget: QWidget) -> str:
    """The text of a label just before ``widget`` in its layout (``QLabel("Seed") + spin box``)."""
    from PySide6.QtWidgets import QLabel

    parent = widget.parentWidget()
    if parent is None:
        return ""
    for layout in _layouts_of(parent):
        at = layout.indexOf(widget)
        if at < 0:
            continue
        placed = {layout.indexOf(w): w for w in _children_in(parent, layout)}
        for index in range(at - 1, -1, -1):
            before = placed.get(index)
            if before is None:
                continue   # a nested layout or a spacer
            if isinstance(before, QLabel) and _plain(before.text()):
                return _plain(before.text())
            return ""
        return ""
    return ""


def _container_title(widget: QWidget) -> str:
    """The title of the group box or dock ``widget`` is in (for a view: "Moves", "Validation")."""
    from PySide6.QtWidgets import QGroupBox

    parent = widget.parentWidget()
    while parent is not None and not parent.isWindow():
        if isinstance(parent, QGroupBox) and _plain(parent.title()):
            return _plain(parent.title())
        if isinstance(parent, QDockWidget) and _plain(parent.windowTitle()):
            return _plain(parent.windowTitle())
        parent = parent.parentWidget()
    return ""


def accessible_name_for(widget: QWidget) -> str:
    """A name a screen reader can say for an input without one: its form label, a label just
    before it, its placeholder or tool tip (first clause), or for a view the title of its
    group box or dock. "" when none is found."""
    from PySide6.QtWidgets import QAbstractItemView, QGraphicsView, QLineEdit

    name, field = _form_label(widget)
    if name and field is not None:   # one of several inputs of a labelled row: "Reward: Scrolls"
        part = _part_name(widget, field)
        return f"{name}: {part}" if part else name
    name = name or _label_before(widget)
    if not name and isinstance(widget, QLineEdit):
        name = _plain(widget.placeholderText())
    if not name and widget.toolTip():
        name = _first_clause(widget.toolTip())
    if not name:   # a cell of a table: its column, and its row
        name = _cell_name(widget)
    if not name:   # inside a named field (a scenario form field): its name
        parent = widget.parentWidget()
        while parent is not None and not parent.isWindow() and not name:
            name = parent.accessibleName() if not isinstance(parent, _input_kinds()) else ""
            parent = parent.parentWidget()
    if not name and isinstance(widget, (QAbstractItemView, QGraphicsView)):
        name = _container_title(widget)
    return name


def name_input(widget) -> None:
    """Give an input widget without an accessible name (and no buddy label) one from
    :func:`accessible_name_for`. Inner parts (a spin box's line edit, a combo box's list, a
    view's header) are left to Qt."""
    from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QHeaderView

    if not isinstance(widget, _input_kinds()) or isinstance(widget, QHeaderView) or widget.accessibleName():
        return
    parent = widget.parentWidget()
    if isinstance(parent, (QAbstractSpinBox, QComboBox)) or (parent is not None and isinstance(
            parent.parentWidget(), QComboBox)):
        return
    name = accessible_name_for(widget)
    if name:
        widget.setAccessibleName(name)


def name_inputs(root: QWidget) -> None:
    """:func:`name_input` for every input inside ``root``."""
    for widget in root.findChildren(QWidget):
        name_input(widget)


# -- drops -------------------------------------------------------------------------------------
def dropped_paths(mime) -> list[str]:
    """The local files (and folders) in a drag's data, in order."""
    if mime is None or not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls() if isinstance(url, QUrl) and url.isLocalFile()]


def accept_drag(event) -> bool:
    """Accept a drag that carries local files (which ones open is said at the drop)."""
    if dropped_paths(event.mimeData()):
        event.acceptProposedAction()
        return True
    event.ignore()
    return False


def drop(window: QWidget, event) -> bool:
    """Open the files of a drop on ``window``; True when the drop carried files."""
    paths = dropped_paths(event.mimeData())
    if not paths:
        event.ignore()
        return False
    event.acceptProposedAction()
    for path in paths:
        open_dropped(window, path)
    return True


def refusal(path: str) -> str | None:
    """Why the studio cannot open the dropped ``path`` (a folder, a file of another kind), or
    None when it may be one of its files (then the loader says what is wrong with it)."""
    name = Path(path).name
    tr = QCoreApplication.translate
    if Path(path).is_dir():
        return tr("desktop", "{0} is a folder. Drop a board, scenario, island, tree, card or loot file "
                  "(.yaml), or a saved game (.json).").format(name)
    if Path(path).suffix.lower() not in OPENABLE_SUFFIXES + TILED_SUFFIXES:
        return tr("desktop", "{0} is not a file Board Studio opens. It opens boards, scenarios, islands, "
                  "trees, card and loot files (.yaml or .yml), saved games (.json) and Tiled maps (.tmx, .tmj).").format(name)
    return None


def open_dropped(window: QWidget, path: str) -> bool:
    """Open one dropped file from ``window``: with the window's ``open_dropped_file`` when it
    has one, else in the window made for the file's ``format:``. A file that cannot open is said
    in a message box naming the file and why. Returns whether something opened."""
    from studio.gui.shell import prompts

    title = QCoreApplication.translate("desktop", "Open Dropped File")
    why = refusal(path)
    if why is not None:
        prompts.show_error(window, title, why)
        return False
    if Path(path).suffix.lower() in TILED_SUFFIXES:  # a Tiled map: imported as an island
        from studio.gui.shell.files.tiled_actions import open_map

        return open_map(window, path) is not None
    opener = getattr(window, "open_dropped_file", None)
    if opener is not None:
        return bool(opener(path))
    from studio.gui.shell.files.open_router import open_in_its_window

    routed = open_in_its_window(window, path, ())
    if routed is not None:
        return routed
    prompts.show_error(window, title, unopenable_text(path))
    return False


def unopenable_text(path: str) -> str:
    """What is wrong with a file no window opens: where it fails to load, or the format it names."""
    from studio.content import LoadError, load_document

    name = Path(path).name
    tr = QCoreApplication.translate
    try:
        fmt = load_document(path).format
    except (LoadError, OSError) as exc:
        text = exc.format() if isinstance(exc, LoadError) else str(exc)
        return tr("desktop", "{0} did not open:\n\n{1}").format(name, text)
    if fmt == "studio-game/1":
        return tr("desktop", "{0} is a saved game: open it in a playtest window (Game ▸ Open Game, or drop "
                  "it there).").format(name)
    if not fmt:
        return tr("desktop", "{0} names no format: line, so Board Studio cannot tell what it holds.").format(name)
    return tr("desktop", "{0} is a '{1}' file, which Board Studio does not open.").format(name, fmt)


# -- colours of the studio's own panels, per palette -----------------------------------------
# The playtest, balance and suggest panels, banners and status texts take these (never a literal
# colour of their own), so they read on a dark palette as on a light one. The light set is the
# studio's parchment look; the dark set keeps its warmth at low lightness. Game content (the
# board, islands, cards as printed) keeps its own colours.
LIGHT_THEME: dict[str, str] = {
    "page": "#f7f2e7", "text": "#3a2f25", "muted": "#6a6259", "faint": "#8a7a66", "border": "#d9ccb0",
    "group": "#fffaf0", "card": "#fffdf8", "card_border": "#ddd3bf", "line": "#eee4d0",
    "button": "#fbf4e2", "button_border": "#b59d70", "button_hover": "#fff3cf",
    "disabled_text": "#b8ab95", "disabled_border": "#e2d6bd", "disabled_bg": "#f6efe0",
    "primary": "#3f7d4a", "primary_border": "#2d5c36", "primary_hover": "#4a9157", "primary_text": "#ffffff",
    "chunk": "#8fb57f", "selected": "#fff1c9", "highlight": "#f3c98b", "toolbar": "#efe6d2",
    "banner": "#3c4a37", "banner_text": "#fbf4e2", "banner_note": "#cfc6ad",
    "ok": "#2e7d32", "ok_bg": "#eef8ee", "ok_border": "#99cc99",
    "warning": "#8a5a00", "warning_bg": "#fff4e5", "warning_border": "#f0b46c",
    "error": "#c62828", "error_bg": "#fdecea", "error_border": "#c62828",
    "status_warning": "#ef6c00", "grid": "#ebe5d8", "bar": "#6a8f5c", "bar_empty": "#ede6d6",
    "preview": "#e9e4da", "preview_border": "#cfc6b6", "checked": "#ffe29a",
    "banner_warning": "#fff3cd", "banner_warning_border": "#e0a800", "banner_warning_text": "#5c4300",
    "banner_error": "#fdecea", "banner_error_border": "#c62828", "banner_error_text": "#611a15",
}
DARK_THEME: dict[str, str] = {
    "page": "#2b2926", "text": "#ece4d4", "muted": "#b9ad9b", "faint": "#a89b86", "border": "#5a5246",
    "group": "#34312d", "card": "#3a3732", "card_border": "#5a5246", "line": "#46423b",
    "button": "#47423a", "button_border": "#7d6e55", "button_hover": "#564f44",
    "disabled_text": "#7d7569", "disabled_border": "#4a453d", "disabled_bg": "#35322d",
    "primary": "#3f7d4a", "primary_border": "#5d9d68", "primary_hover": "#4a9157", "primary_text": "#ffffff",
    "chunk": "#5f8a52", "selected": "#5a4d2a", "highlight": "#6b5522", "toolbar": "#35322d",
    "banner": "#3c4a37", "banner_text": "#fbf4e2", "banner_note": "#cfc6ad",
    "ok": "#81c784", "ok_bg": "#253a25", "ok_border": "#4f7f4f",
    "warning": "#f0c060", "warning_bg": "#4a3a1c", "warning_border": "#a8793a",
    "error": "#ef9a9a", "error_bg": "#5a2523", "error_border": "#e57373",
    "status_warning": "#ffb74d", "grid": "#47433c", "bar": "#7fa870", "bar_empty": "#47433c",
    "preview": "#3a3732", "preview_border": "#5a5246", "checked": "#6b5a22",
    "banner_warning": "#4a3b12", "banner_warning_border": "#e0a800", "banner_warning_text": "#ffe6a0",
    "banner_error": "#4f1f1d", "banner_error_border": "#e57373", "banner_error_text": "#ffd6d2",
}


def theme(palette: QPalette | None = None) -> dict[str, str]:
    """The studio's panel colours (``#rrggbb`` by role) for the palette (default the
    application's): :data:`DARK_THEME` on a dark palette, else :data:`LIGHT_THEME`."""
    return DARK_THEME if is_dark(palette) else LIGHT_THEME


def colour(role: str) -> str:
    """One colour of :func:`theme` (``#rrggbb``); KeyError for an unknown role."""
    return theme()[role]


def qcolour(role: str) -> QColor:
    """:func:`colour` as a QColor."""
    return QColor(theme()[role])


def css(template: str) -> str:
    """``template`` with each ``{role}`` replaced by its :func:`theme` colour (a style sheet or
    HTML; literal braces doubled, as in :meth:`str.format`)."""
    return template.format(**theme())


def panel_style(root: str) -> str:
    """The style sheet of a parchment panel whose root widget is ``root`` (``#playPanel``,
    ``#balance``, ``#suggest``): group boxes, labels, buttons, lists and progress bars in the
    panel colours of :func:`theme`."""
    return css("""
ROOT {{ background: {page}; }}
ROOT QGroupBox {{ font-weight: bold; color: {text}; border: 1px solid {border}; border-radius: 7px;
    margin-top: 10px; padding: 10px 8px 8px 8px; background: {group}; }}
ROOT QGroupBox::title {{ subcontrol-origin: margin; left: 10px; padding: 0 4px; }}
ROOT QLabel {{ color: {text}; }}
ROOT QLabel#muted {{ color: {faint}; }}
ROOT QCheckBox, ROOT QRadioButton {{ color: {text}; }}
ROOT QCheckBox:disabled, ROOT QRadioButton:disabled {{ color: {disabled_text}; }}
ROOT QPushButton {{ padding: 5px 12px; border-radius: 5px; border: 1px solid {button_border}; background: {button};
    color: {text}; }}
ROOT QPushButton:hover:enabled {{ background: {button_hover}; }}
ROOT QPushButton:disabled {{ color: {disabled_text}; border-color: {disabled_border}; background: {disabled_bg}; }}
ROOT QPushButton#primary:enabled {{ background: {primary}; color: {primary_text}; border-color: {primary_border};
    font-weight: bold; }}
ROOT QPushButton#primary:hover:enabled {{ background: {primary_hover}; }}
ROOT QListWidget {{ background: {card}; border: 1px solid {card_border}; border-radius: 6px; color: {text}; }}
ROOT QProgressBar {{ border: 1px solid {border}; border-radius: 5px; background: {card}; text-align: center;
    color: {text}; height: 16px; }}
ROOT QProgressBar::chunk {{ background: {chunk}; border-radius: 4px; }}
""").replace("ROOT", root)


# -- palette -----------------------------------------------------------------------------------
def dark_palette() -> QPalette:
    """A dark palette (for Fusion) with readable disabled text, links and tool tips."""
    p = QPalette()
    window, base, text = QColor(45, 45, 48), QColor(30, 30, 32), QColor(230, 230, 230)
    for group in (QPalette.Active, QPalette.Inactive, QPalette.Disabled):
        p.setColor(group, QPalette.Window, window)
        p.setColor(group, QPalette.WindowText, text)
        p.setColor(group, QPalette.Base, base)
        p.setColor(group, QPalette.AlternateBase, QColor(52, 52, 56))
        p.setColor(group, QPalette.ToolTipBase, QColor(60, 60, 64))
        p.setColor(group, QPalette.ToolTipText, text)
        p.setColor(group, QPalette.PlaceholderText, QColor(150, 150, 150))
        p.setColor(group, QPalette.Text, text)
        p.setColor(group, QPalette.Button, QColor(58, 58, 62))
        p.setColor(group, QPalette.ButtonText, text)
        p.setColor(group, QPalette.BrightText, QColor(255, 110, 110))
        p.setColor(group, QPalette.Light, QColor(80, 80, 84))
        p.setColor(group, QPalette.Midlight, QColor(66, 66, 70))
        p.setColor(group, QPalette.Mid, QColor(40, 40, 42))
        p.setColor(group, QPalette.Dark, QColor(25, 25, 27))
        p.setColor(group, QPalette.Shadow, QColor(10, 10, 10))
        p.setColor(group, QPalette.Highlight, QColor(42, 110, 190))
        p.setColor(group, QPalette.HighlightedText, QColor(255, 255, 255))
        p.setColor(group, QPalette.Link, QColor(110, 170, 255))
        p.setColor(group, QPalette.LinkVisited, QColor(180, 140, 255))
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        p.setColor(QPalette.Disabled, role, QColor(128, 128, 128))
    return p


def apply_palette(app, name: str | None = None) -> str | None:
    """Give ``app`` the Fusion style with a ``dark`` or ``light`` palette (``name``, default the
    ``STUDIO_PALETTE`` environment variable); any other name leaves the desktop's palette.
    Returns the palette applied, or None."""
    name = (name if name is not None else os.environ.get("STUDIO_PALETTE", "")).strip().lower()
    if name not in ("dark", "light"):
        return None
    app.setStyle("Fusion")
    app.setPalette(dark_palette() if name == "dark" else app.style().standardPalette())
    return name


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether the palette (default the application's) is dark: its window lighter than its text."""
    palette = palette if palette is not None else QGuiApplication.palette()
    return palette.color(QPalette.Window).lightness() < palette.color(QPalette.WindowText).lightness()


__all__ = ["WINDOW_DOCS", "install", "install_help", "open_docs", "docs_url", "docs_dir", "open_dropped",
           "show_docs_inside",
           "restore_layout", "save_layout", "keep_on_screen", "dark_palette", "apply_palette", "is_dark"]
