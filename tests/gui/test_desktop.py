"""Desktop conventions (studio.gui.shell.desktop): every window remembers its geometry and dock layout,
opens dropped files in the right editor (a wrong file gets a message naming it), opens its docs
page with F1, follows a dark palette, and names its inputs for screen readers."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QMimeData, QPoint, QPointF, QSettings, Qt, QUrl  # noqa: E402
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence, QPalette  # noqa: E402
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui import gallery
from studio.gui.shell import desktop  # noqa: E402

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def _settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


def _made(qtbot, kind, settings):
    widget, owner = gallery.make(kind, settings)
    qtbot.addWidget(widget)
    if owner is not None:
        qtbot.addWidget(owner)
    return widget, owner


def _slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


# -- F1 ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(desktop.WINDOW_DOCS))
def test_every_window_kind_maps_to_an_existing_docs_heading(kind):
    page, anchor = desktop.WINDOW_DOCS[kind]
    path = ROOT / "docs" / page
    assert path.is_file(), path
    assert desktop.docs_dir() == ROOT / "docs"
    if anchor:
        headings = [_slug(line.lstrip("#")) for line in path.read_text(encoding="utf-8").splitlines()
                    if line.startswith("#")]
        assert anchor in headings, f"{page} has no heading #{anchor}"
    url = desktop.docs_url(kind)
    assert url.isLocalFile() and Path(url.toLocalFile()) == path and url.fragment() == anchor


def test_every_window_and_dialog_has_f1_and_names_its_inputs(qtbot, tmp_path, monkeypatch):
    """One pass over every window kind (each is slow to build): F1 opens its docs page, and
    every input it shows has a name for screen readers (:func:`unnamed_inputs`)."""
    opened = []
    unnamed = []
    monkeypatch.setattr(desktop.QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    settings = _settings(tmp_path)
    kinds = gallery.MAIN_WINDOW_KINDS + gallery.DIALOG_KINDS
    assert set(kinds) == set(desktop.WINDOW_DOCS)
    for kind in kinds:
        widget, _owner = _made(qtbot, kind, settings)
        assert widget.property("studioDocsKind") == kind
        f1 = [a for a in QWidget.actions(widget) if a.shortcut() == QKeySequence(QKeySequence.HelpContents)]
        assert len(f1) == 1, kind
        f1[0].trigger()
        assert opened[-1] == desktop.docs_url(kind), kind
        widget.show()
        qtbot.waitExposed(widget)
        unnamed += [f"{kind}: {line}" for line in unnamed_inputs(widget)]
        widget.close()
    assert len(opened) == len(kinds)
    assert unnamed == []


def test_f1_in_the_help_menu_and_a_missing_page_is_said(qtbot, tmp_path, monkeypatch, dialogs):
    from studio.gui.realm.main_window import MainWindow

    window = MainWindow(settings=_settings(tmp_path))
    qtbot.addWidget(window)
    help_menu = [a.menu() for a in window.menuBar().actions() if a.text() == "&Help"][0]
    assert help_menu.actions()[0] is window.help_action
    monkeypatch.setattr(desktop, "docs_dir", lambda: tmp_path / "nowhere")
    dialogs.answer("show_error")
    assert desktop.open_docs("board-editor", window) is False
    assert "not installed" in dialogs.calls[-1][1][1] and "editor.md" in dialogs.calls[-1][1][1]


def test_f1_without_a_browser_shows_the_page_inside_the_studio(qtbot, tmp_path, monkeypatch):
    """The trial of issue 16: with no browser installed F1 said "No program to show
    .../docs/rivages.md was found". The page is shown in a window of the studio's own, at the
    window's heading."""
    from PySide6.QtGui import QDesktopServices
    from PySide6.QtWidgets import QTextBrowser

    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda url: False))
    parent = QWidget()
    qtbot.addWidget(parent)
    assert desktop.open_docs("island-editor", parent) is True
    [browser] = [w for w in parent.findChildren(QTextBrowser) if w.isWindow()]
    qtbot.waitExposed(browser)
    assert browser.windowTitle() == "Board Studio Help: rivages.md"
    text = browser.toPlainText()
    assert "Rivages" in text and "# " not in text.splitlines()[0]  # Markdown rendered, not shown raw
    page, anchor = desktop.WINDOW_DOCS["island-editor"]
    at = browser.textCursor().block()
    assert desktop._slug(at.text()) == anchor and at.blockFormat().headingLevel() > 0
    qtbot.waitUntil(lambda: browser.verticalScrollBar().value() > 0)  # scrolled down to the heading
    browser.grab().save(str(tmp_path / "help.png"))
    browser.close()


def test_the_help_window_fits_its_width_without_sideways_scrolling(qtbot, tmp_path):
    """The fresh-user trial's help window scrolled sideways: screenshots at their own size and
    unbroken code lines made the page wider than the window. Every page F1 shows fits, at the
    window's size and narrower, pictures scaled in proportion; a page reached by a link too."""
    from PySide6.QtGui import QImageReader

    pages = sorted({page for page, _anchor in desktop.WINDOW_DOCS.values()})
    for page in pages:
        browser = desktop.show_docs_inside(ROOT / "docs" / page)
        qtbot.addWidget(browser)
        for width in (820, 520):
            browser.resize(width, 600)
            browser.fit_to_width()   # what the resize's timer does 60 ms later, done now
            # the scroll range follows the layout a moment later (queued), which on a loaded
            # machine (CI at load 7) took over 2 s for a long page: wait for it
            qtbot.waitUntil(lambda b=browser: b.horizontalScrollBar().maximum() == 0, timeout=15000)
            assert browser.document().size().width() <= browser.viewport().width(), (page, width)
        pictures = []
        block = browser.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                if it.fragment().charFormat().isImageFormat():
                    pictures.append(it.fragment().charFormat().toImageFormat())
                it += 1
            block = block.next()
        for picture in pictures:
            own = QImageReader(str(ROOT / "docs" / picture.name())).size()
            assert picture.width() <= browser.viewport().width()
            assert picture.height() == pytest.approx(own.height() * picture.width() / own.width())
        browser.close()
    assert pictures  # the last page (rivages.md) shows screenshots
    browser = desktop.show_docs_inside(ROOT / "docs" / "editor.md")
    qtbot.addWidget(browser)
    browser.resize(600, 600)
    browser.setSource(QUrl.fromLocalFile(str(ROOT / "docs" / "playtest.md")))  # a link followed
    assert "playtest" in browser.toPlainText().lower()
    qtbot.waitUntil(lambda: browser.horizontalScrollBar().maximum() == 0, timeout=15000)
    browser.grab().save(str(tmp_path / "help-narrow.png"))
    browser.close()


# -- geometry and dock layout ------------------------------------------------------------------
def _first_dock(window):
    docks = [d for d in window.findChildren(QDockWidget) if d.parent() is window]
    return docks[0] if docks else None


@pytest.mark.parametrize("kind", ["board-editor", "scenario-editor", "island-editor", "card-editor",
                                  "rivages-playtest", "balance"])   # one of each window class
def test_every_window_remembers_its_geometry_and_docks(qtbot, tmp_path, kind):
    settings = _settings(tmp_path)
    window, owner = _made(qtbot, kind, settings)
    window.show()
    qtbot.waitExposed(window)
    default = window.size()
    window.resize(733, 517)
    dock = _first_dock(window)
    if dock is not None:
        window.removeDockWidget(dock)   # moved to another side: a layout the default never has
        window.addDockWidget(Qt.LeftDockWidgetArea, dock)
        dock.show()
    qtbot.waitUntil(lambda: window.size() != default)
    qtbot.wait(200)            # the layout settles (a panel may raise the minimum height)
    wanted = window.size()   # some windows have a minimum size
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    if owner is not None:
        owner.close()
    kept = desktop.settings_of(window)
    assert kept.contains(f"windows/{kind}/geometry") and kept.contains(f"windows/{kind}/state")

    again, owner2 = _made(qtbot, kind, settings)
    again.show()
    qtbot.waitExposed(again)
    qtbot.wait(200)
    assert again.size() == wanted
    if dock is not None:
        moved = again.findChild(QDockWidget, dock.objectName())
        assert again.dockWidgetArea(moved) == Qt.LeftDockWidgetArea


def test_a_layout_from_a_screen_gone_opens_on_the_screen(qtbot, tmp_path):
    from studio.gui.rivages.tree_editor import TreeEditorWindow

    settings = _settings(tmp_path)
    window = TreeEditorWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.move(9000, 7000)    # as if on a second monitor, unplugged since
    qtbot.waitUntil(lambda: window.pos().x() > 5000)
    window.close()
    qtbot.waitUntil(lambda: not window.isVisible())

    again = TreeEditorWindow(settings=settings)
    qtbot.addWidget(again)
    screen = QApplication.primaryScreen().availableGeometry()
    assert screen.intersects(again.geometry()) and screen.contains(again.geometry().topLeft())
    assert again.width() <= screen.width() and again.height() <= screen.height()


def test_a_bad_saved_layout_leaves_the_default(qtbot, tmp_path):
    from studio.gui.rivages.island_editor import IslandEditorWindow

    settings = _settings(tmp_path)
    settings.setValue("windows/island-editor/geometry", b"rubbish")
    settings.setValue("windows/island-editor/state", "not a layout")
    window = IslandEditorWindow(settings=settings)
    qtbot.addWidget(window)
    area = QApplication.primaryScreen().availableGeometry()   # the default 1280 x 820, fitted to it
    left, top, right, bottom = desktop.FRAME
    assert (window.width(), window.height()) == (max(window.minimumWidth(), min(1280, area.width() - left - right)),
                                                 max(window.minimumHeight(), min(820, area.height() - top - bottom)))


def _saved_on(rect, screen_width: int, state: int = 0, screen: int = 0):
    """Bytes as Qt's ``saveGeometry()`` writes them (format 3.0) for a window at ``rect`` (global
    pixels, client area) on screen number ``screen``, ``screen_width`` pixels wide; ``state``: 2
    maximized, 4 full screen."""
    from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QRect

    data = QByteArray()
    out = QDataStream(data, QIODevice.WriteOnly)
    out.setVersion(QDataStream.Qt_4_0)
    out.writeUInt32(0x1D9D0CB)
    out.writeUInt16(3)
    out.writeUInt16(0)
    out << QRect(rect).adjusted(-4, -30, 4, 4)   # the frame
    out << QRect(rect)                             # the normal geometry
    out.writeInt32(screen)
    out.writeUInt8(2 if state == 2 else 0)
    out.writeUInt8(4 if state == 4 else 0)
    out.writeInt32(screen_width)
    out << QRect(rect)
    return data


def _fits(window) -> bool:
    area = window.screen().availableGeometry()
    return area.contains(window.frameGeometry()) and area.contains(window.geometry())


@pytest.mark.parametrize("kind", gallery.MAIN_WINDOW_KINDS)
def test_a_layout_saved_on_a_larger_monitor_opens_fitted_to_the_screen(qtbot, tmp_path, kind):
    """Fresh-user trial: a window saved at 2400 x 1300 on a 2560 x 1440 monitor came back larger
    than a smaller screen (Qt refuses a geometry from a screen that much wider, and the
    window's own default was larger than the screen too). Every window comes back inside the
    available area of the screen it lands on, no larger than it, where it was put when that
    fits; a maximized one stays maximized and un-maximizes to a size that fits."""
    from PySide6.QtCore import QRect

    area = QApplication.primaryScreen().availableGeometry()
    first, owner = _made(qtbot, kind, _settings(tmp_path))
    settings = desktop.settings_of(first)   # the window's own settings (some use the application's)
    first.close()
    if owner is not None:
        owner.close()
    key, _state = desktop.layout_keys(kind)
    for saved, maximized in ((QRect(100, 100, 2400, 1300), False), (QRect(60, 40, 2400, 1300), True),
                             (QRect(area.width() - 300, 50, area.width() + 500, 300), False)):
        settings.setValue(key, _saved_on(saved, 2560, 2 if maximized else 0))
        window, owner = _made(qtbot, kind, settings)
        assert window.isMaximized() == maximized, saved
        window.show()
        qtbot.waitExposed(window)
        qtbot.wait(20)
        assert _fits(window), (saved, window.frameGeometry(), window.screen().availableGeometry())
        if maximized:
            window.showNormal()
            qtbot.waitUntil(lambda w=window: not w.isMaximized())
            qtbot.wait(20)
            assert _fits(window), (saved, window.frameGeometry())
        elif window.minimumWidth() <= area.width() - 8:
            assert window.width() == area.width() - 8 or window.width() < saved.width()
        window.close()
        if owner is not None:
            owner.close()
    if kind == "board-editor":
        window.grab().save(str(tmp_path / "fitted.png"))


def test_a_layout_from_a_monitor_gone_and_a_same_size_one_restore_where_they_fit(qtbot, tmp_path):
    """A window saved on a second monitor, unplugged since, opens on the primary screen, fitted;
    one saved where it fits opens exactly there."""
    from PySide6.QtCore import QRect

    from studio.gui.realm.main_window import MainWindow

    settings = _settings(tmp_path)
    area = QApplication.primaryScreen().availableGeometry()
    settings.setValue("windows/board-editor/geometry", _saved_on(QRect(area.width() + 200, 80, 1800, 1000), 2560,
                                                                  screen=1))
    window = MainWindow(settings=settings)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.show()
    qtbot.waitExposed(window)
    assert _fits(window) and window.screen() is QApplication.primaryScreen()
    window.close()
    here = QRect(area.left() + 30, area.top() + 60, 640, 480)
    settings.setValue("windows/board-editor/geometry", _saved_on(here, area.width()))
    again = MainWindow(settings=settings)
    qtbot.addWidget(again, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert again.geometry() == here


@pytest.mark.parametrize("kind", gallery.DIALOG_KINDS)
def test_every_dialog_opens_no_larger_than_the_screen(qtbot, tmp_path, kind):
    """A dialog's default size (the new board wizard's 1040 x 640) fits a smaller screen, down to
    the least its layout allows."""
    dialog, _owner = _made(qtbot, kind, _settings(tmp_path))
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.wait(20)
    area = dialog.screen().availableGeometry()
    least = dialog.minimumSizeHint().expandedTo(dialog.minimumSize())   # a layout cannot go below it
    assert dialog.width() <= max(area.width(), least.width()), (dialog.size(), least)
    assert dialog.height() <= max(area.height(), least.height()), (dialog.size(), least)
    dialog.close()


def test_the_board_editor_takes_over_its_old_layout_keys(qtbot, tmp_path):
    from studio.gui.realm.main_window import MainWindow

    settings = _settings(tmp_path)
    first = MainWindow(settings=settings)
    qtbot.addWidget(first)
    first.resize(711, 555)
    settings.setValue("window/geometry", first.saveGeometry())
    settings.setValue("window/state", first.saveState())
    second = MainWindow(settings=settings)
    qtbot.addWidget(second)
    assert (second.width(), second.height()) == (711, 555)
    assert not settings.contains("window/geometry") and settings.contains("windows/board-editor/geometry")


# -- drops -------------------------------------------------------------------------------------
def _drop(window, *paths):
    """Drag ``paths`` onto ``window`` and drop them, as Qt delivers a drop (enter, then drop)."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    enter = QDragEnterEvent(QPoint(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    event = QDropEvent(QPointF(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(window, event)
    return event


@pytest.mark.parametrize("kind", ["island-editor", "rivages-playtest"])
def test_a_board_dropped_on_any_window_opens_in_the_board_editor(qtbot, tmp_path, kind, dialogs):
    from studio.gui.realm.main_window import MainWindow

    window, _owner = _made(qtbot, kind, _settings(tmp_path))
    board = tmp_path / "mine.yaml"
    shutil.copy(bundled_path("boards", "realm", "volcano-3p.yaml"), board)
    event = _drop(window, board)
    assert event.isAccepted()
    opened = [w for w in getattr(window, "other_windows", []) if isinstance(w, MainWindow)]
    assert len(opened) == 1 and Path(opened[0].document.path) == board
    qtbot.addWidget(opened[0])
    assert dialogs.calls == []


def test_an_island_dropped_on_the_island_editor_opens_there(qtbot, tmp_path, dialogs):
    window, _ = _made(qtbot, "island-editor", _settings(tmp_path))
    island = bundled_path("boards", "rivages", "islands", "gull-rock.yaml")
    _drop(window, island)
    assert Path(window.document.path) == island and not getattr(window, "other_windows", [])


def test_a_saved_game_dropped_on_the_playtest_window_goes_on_there(qtbot, tmp_path, dialogs):
    from studio.gui.playtest.playtest_window import PlaytestWindow
    from studio.rules import load_game

    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, 0)
    played = PlaytestWindow(game, seed=3, controllers=["greedy", "greedy"], delay_ms=0, autoplay=False)
    qtbot.addWidget(played)
    for _ in range(3):
        played.step()
    moves = len(played.state.history)
    assert moves >= 3
    saved = tmp_path / "game.json"
    assert played.save_game(str(saved))
    fresh = PlaytestWindow(game, seed=3, controllers=["greedy", "greedy"], delay_ms=0, autoplay=False)
    qtbot.addWidget(fresh)
    assert len(fresh.state.history) == 0
    _drop(fresh, saved)
    assert len(fresh.state.history) == moves and dialogs.calls == []


@pytest.mark.parametrize("name, content, expected", [
    ("picture.png", b"\x89PNG\r\n", ["picture.png is not a file Board Studio opens"]),
    ("notes.yaml", b"format: shopping-list/1\nitems: [eggs]\n", ["notes.yaml", "shopping-list/1"]),
    ("broken.yaml", b"format: realm-board/2\npegs: [a\n", ["broken.yaml:2:7", "not closed"]),
    ("folder", None, ["folder is a folder"]),
])
def test_a_wrong_file_dropped_is_said_with_its_name(qtbot, tmp_path, dialogs, name, content, expected):
    _wrong_file_said(qtbot, tmp_path, dialogs, "card-editor", name, content, expected)


@pytest.mark.parametrize("kind", ["board-editor", "playtest"])
def test_every_window_says_a_wrong_file(qtbot, tmp_path, dialogs, kind):
    _wrong_file_said(qtbot, tmp_path, dialogs, kind, "notes.yaml", b"format: shopping-list/1\nitems: [eggs]\n",
                     ["notes.yaml", "shopping-list/1"])


def _wrong_file_said(qtbot, tmp_path, dialogs, kind, name, content, expected):
    window, _ = _made(qtbot, kind, _settings(tmp_path))
    path = tmp_path / name
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    dialogs.answer("show_error")
    before = getattr(window, "document", None) and window.document.path
    _drop(window, path)
    errors = [c for c in dialogs.calls if c[0] == "show_error"]
    assert len(errors) == 1, dialogs.calls
    text = "\n".join(str(part) for part in errors[0][1] if part)
    assert all(e in text for e in expected), text
    assert (getattr(window, "document", None) and window.document.path) == before
    assert not getattr(window, "other_windows", [])


def test_a_drag_without_files_is_refused(qtbot, tmp_path):
    window, _ = _made(qtbot, "tree-editor", _settings(tmp_path))
    mime = QMimeData()
    mime.setText("just text")
    event = QDropEvent(QPointF(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    assert desktop.drop(window, event) is False


# -- palette -----------------------------------------------------------------------------------
LIGHT_LITERAL = re.compile(r"background(?:-color)?\s*:\s*(#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b|white\b|rgba?\([^)]*\))")


def _light(colour: str) -> bool:
    from PySide6.QtGui import QColor

    if colour.startswith("rgb"):
        parts = [float(x) for x in re.findall(r"[\d.]+", colour)[:3]]
        return sum(parts) / 3 > 200
    return QColor(colour).lightness() > 200


def test_no_gui_style_sheet_sets_a_light_background_literal():
    """Panels take their background from the palette theme (studio.gui.shell.desktop); only the heat
    map's legend, which lies over the board canvas (game colours), may be parchment."""
    allowed = {"studio/gui/balance/overlay.py"}   # legend drawn over the board itself
    found = []
    for path in sorted((ROOT / "studio" / "gui").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in allowed or rel == "studio/gui/shell/desktop.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in LIGHT_LITERAL.finditer(line):
                if _light(match.group(1)):
                    found.append(f"{rel}:{n}: {line.strip()}")
    assert found == []


def test_dark_palette_gives_dark_panels_and_light_text(qtbot, tmp_path):
    app = QApplication.instance()
    saved = app.palette()
    try:
        app.setPalette(desktop.dark_palette())
        assert desktop.is_dark()
        theme = desktop.theme()
        from PySide6.QtGui import QColor

        for back in ("page", "group", "card", "warning_bg", "banner_warning", "preview"):
            assert QColor(theme[back]).lightness() < 100, back
        for ink in ("text", "muted", "ok", "warning", "error", "banner_warning_text"):
            assert QColor(ink if ink.startswith("#") else theme[ink]).lightness() > 140, ink
        window, _ = _made(qtbot, "balance", _settings(tmp_path))
        assert theme["page"] in window.dashboard.styleSheet()
        # a window made under the dark palette draws its panel dark
        window.show()
        qtbot.waitExposed(window)
        image = window.grab().toImage()
        corner = image.pixelColor(5, image.height() - 5)
        assert corner.lightness() < 100
    finally:
        app.setPalette(saved)
    assert not desktop.is_dark()
    assert desktop.theme() is desktop.LIGHT_THEME


def _line_work_lightness(icon) -> list[int]:
    """Lightness of the opaque pixels of an icon's 32 px image (its drawn line work)."""
    image = icon.pixmap(32, 32).toImage()
    return [image.pixelColor(x, y).lightness() for x in range(32) for y in range(32)
            if image.pixelColor(x, y).alpha() > 200]


@pytest.mark.parametrize("name", ["zoom-in", "zoom-out", "undo", "redo", "fit", "half-turn"])
def test_tool_bar_icons_follow_the_palette(name):
    from studio.gui.shell import icons

    make = {"zoom-in": lambda: icons.zoom_icon(True), "zoom-out": lambda: icons.zoom_icon(False),
            "undo": lambda: icons.undo_icon(False), "redo": lambda: icons.undo_icon(True),
            "fit": icons.fit_icon, "half-turn": lambda: icons.transform_icon("half-turn")}[name]
    app = QApplication.instance()
    saved = app.palette()
    light = _line_work_lightness(make())
    try:
        app.setPalette(desktop.dark_palette())
        dark = _line_work_lightness(make())
    finally:
        app.setPalette(saved)
    # on the light palette the ink is dark; on the dark one (window lightness ~45) it is light
    assert light and min(light) < 80
    assert dark and max(dark) > 180
    assert sorted(dark)[len(dark) // 2] > 120, "most of the line work must read on a dark tool bar"


def test_apply_palette_by_name():
    from PySide6.QtWidgets import QStyleFactory

    class App:   # the calls apply_palette makes (restyling the test application would be slow)
        def __init__(self):
            self.styles, self.palettes, self._style = [], [], QStyleFactory.create("Fusion")

        def setStyle(self, name):  # noqa: N802
            self.styles.append(name)

        def setPalette(self, palette):  # noqa: N802
            self.palettes.append(palette)

        def style(self):
            return self._style

    app = App()
    assert desktop.apply_palette(app, "dark") == "dark"
    assert app.styles == ["Fusion"] and app.palettes[-1].color(QPalette.Window).lightness() < 80
    assert desktop.apply_palette(app, " Light ") == "light"
    assert app.palettes[-1].color(QPalette.Window).lightness() > 180
    assert desktop.is_dark(app.palettes[0]) and not desktop.is_dark(app.palettes[1])
    assert desktop.apply_palette(app, "purple") is None and desktop.apply_palette(app, "") is None
    assert len(app.palettes) == 2


# -- accessible names --------------------------------------------------------------------------
def unnamed_inputs(window) -> list[str]:
    """The inputs of ``window`` a screen reader could not name: no accessible name and no buddy
    label (a combo box's list, a spin box's line edit and a view's header are Qt's own parts)."""
    from PySide6.QtWidgets import (
        QAbstractItemView,
        QAbstractSlider,
        QAbstractSpinBox,
        QComboBox,
        QGraphicsView,
        QHeaderView,
        QLabel,
        QLineEdit,
        QPlainTextEdit,
        QScrollBar,
        QTextEdit,
    )

    from studio.gui.balance.charts import Chart

    buddies = {id(label.buddy()) for label in window.findChildren(QLabel) if label.buddy() is not None}
    inner = {id(combo.view()) for combo in window.findChildren(QComboBox)}
    kinds = (QLineEdit, QAbstractSpinBox, QComboBox, QPlainTextEdit, QTextEdit, QAbstractSlider, QGraphicsView,
             QAbstractItemView, Chart)
    out = []
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, kinds) or isinstance(widget, (QScrollBar, QHeaderView)) or id(widget) in inner:
            continue
        if isinstance(widget.parentWidget(), (QAbstractSpinBox, QComboBox)):
            continue
        if widget.accessibleName().strip() or id(widget) in buddies:
            continue
        out.append(f"{type(widget).__name__} {widget.objectName()} in {type(widget.parentWidget()).__name__}")
    return out


def test_the_board_view_and_charts_have_accessible_names(qtbot, tmp_path):
    board, _ = _made(qtbot, "board-editor", _settings(tmp_path))
    assert board.view.accessibleName() and board.view.accessibleDescription()
    balance, _ = _made(qtbot, "balance", _settings(tmp_path))
    from studio.gui.balance.charts import Chart

    charts = balance.findChildren(Chart)
    assert charts and all(c.accessibleName() for c in charts)


def test_inputs_are_named_from_their_labels_tips_and_cells(qtbot, tmp_path):
    island, _ = _made(qtbot, "island-editor", _settings(tmp_path))
    island.show()
    qtbot.waitExposed(island)
    names = {w.accessibleName() for w in island.findChildren(QWidget)}
    assert {"Island", "Id", "Steps", "Reward: Scrolls", "Reward: Leap", "White space icon"} <= names
    from studio.gui.realm.new_board import NewBoardWizard

    wizard = NewBoardWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    names = {w.accessibleName() for w in wizard.findChildren(QWidget)}
    assert {"Location", "Board name", "Start side, row 1", "Goal side, row 2"} <= names
