"""Board editor fixes from the second fresh-user QA pass: scenario checks refuse files that are
not Rule the Realm scenarios, File ▸ Open sends other content to its own editor, Edit menu
items are enabled only when they can act, exports fail without Qt noise on stderr."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content import bundled_path

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("bad, heading", [
    (b"\x00\x01\x02\xff binary", "binary.yaml:1:1: error io/not-utf8"),
    ("board", "jungle-temples-2p.yaml is a board file, not a Rule the Realm scenario:"),
    ("rivages", "rivages.yaml is a Rivages scenario file, not a Rule the Realm scenario:"),
])
def test_check_against_scenario_refuses_other_files_and_keeps_the_scenario(window, dialogs, tmp_path,
                                                                           bad, heading):
    # QA: any file was accepted, then the board was reported clean against no rules at all
    if bad == "board":
        path = str(bundled_path("boards", "realm", "jungle-temples-2p.yaml"))
    elif bad == "rivages":
        path = str(REPO / "scenarios" / "rivages.yaml")
    else:
        path = str(tmp_path / "binary.yaml")
        Path(path).write_bytes(bad)
    before = window.document.scenario_path
    assert before is None and window.document.board.location == "jungle-temples"  # its location's rules
    dialogs.answer("ask_open_path", path)
    dialogs.answer("show_error")
    assert window.editing.choose_scenario() is False
    title, text, _details = dialogs.named("show_error")[-1]
    assert title == "Cannot check against scenario"
    assert heading in text
    assert text.endswith("The board is still checked with the rules of Jungle Temples (jungle-temples.yaml).")
    assert window.document.scenario_path == before
    window.validation_dock.run_now()
    assert "(the rules of Jungle Temples)" in window.validation_dock.summary.text()


def test_check_against_a_realm_scenario_switches_to_it(window, dialogs):
    path = str(bundled_path("scenarios", "volcano.yaml"))
    dialogs.answer("ask_open_path", path)
    assert window.editing.choose_scenario() is True
    assert window.document.scenario_path == path
    assert window.hint_label.text().startswith("Checking against ") and "(volcano.yaml)" in window.hint_label.text()


def _close_opened(window):
    for editor in list(window.content_windows):
        editor.document.undo_stack.setClean() if hasattr(editor.document, "undo_stack") else None
        editor.close()
        editor.deleteLater()


@pytest.mark.parametrize("relative, editor_class", [
    ("boards/rivages/islands/{island}", "IslandEditorWindow"),
    ("boards/rivages/trees/{tree}", "TreeEditorWindow"),
    ("boards/rivages/cards.yaml", "CardEditorWindow"),
    ("boards/rivages/loot.yaml", "CardEditorWindow"),
])
def test_open_sends_rivages_content_to_its_editor(window, dialogs, relative, editor_class):
    # QA: File ▸ Open refused them with "content/wrong-kind: expected a realm-board/1 file"
    island = sorted((REPO / "boards/rivages/islands").glob("*.yaml"))[0].name
    tree = sorted((REPO / "boards/rivages/trees").glob("*.yaml"))[0].name
    path = str(REPO / relative.format(island=island, tree=tree))
    board_before = window.document.path
    dialogs.answer("ask_open_path", path)
    assert window.open_dialog()
    try:
        (editor,) = window.content_windows
        assert type(editor).__name__ == editor_class and editor.isVisible()
        assert Path(editor.document.path).resolve() == Path(path).resolve()
        assert window.document.path == board_before          # the board stays
        assert window.recent_files()[0] == str(Path(path).resolve())
        assert dialogs.named("show_error") == [] and dialogs.named("ask_unsaved_changes") == []
    finally:
        _close_opened(window)


def test_recent_and_dropped_content_files_open_in_their_editor(window, dialogs):
    from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
    from PySide6.QtGui import QDropEvent

    cards = str(REPO / "boards/rivages/cards.yaml")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(cards)])
    window.dropEvent(QDropEvent(QPointF(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    try:
        assert [type(e).__name__ for e in window.content_windows] == ["CardEditorWindow"]
        window._fill_recent_menu()
        recent = [a for a in window.recent_menu.actions() if a.toolTip() == str(Path(cards).resolve())]
        recent[0].trigger()
        # the file is open already: its window comes forward, never a second editor on it
        assert [type(e).__name__ for e in window.content_windows] == ["CardEditorWindow"]
        assert "open in its window already" in window.hint_label.text()
        assert window.document.path.endswith("jungle-temples-2p.yaml")
    finally:
        _close_opened(window)


def test_open_realm_scenario_opens_its_board_and_the_scenario_editor(window, dialogs):
    path = str(bundled_path("scenarios", "volcano.yaml"))
    dialogs.answer("ask_open_path", path)
    assert window.open_dialog()
    try:
        assert Path(window.document.path).name == "volcano-2p.yaml"  # fewest players
        assert window.document.scenario_path == path
        (editor,) = window.editing.scenario_editors
        assert editor.isVisible() and Path(editor.document.path).name == "volcano.yaml"
    finally:
        for editor in window.editing.scenario_editors:
            editor.close()


def test_a_file_of_another_kind_says_what_it_is_not_that_it_breaks_its_format(window, dialogs):
    dialogs.answer("show_error")
    path = bundled_path("boards", "realm", "volcano-3p.yaml")
    from studio.gui.shell.load_errors import load_error_text
    from studio.model.io import InvalidContent, read_scenario

    with pytest.raises(InvalidContent) as info:
        read_scenario(path)
    text, _ = load_error_text(info.value)
    assert text.startswith("volcano-3p.yaml is a board file, not a Rule the Realm scenario:\n\n")
    assert "does not match its format" not in text


def test_edit_menu_names_each_item_once_and_enables_delete_and_paste_only_when_they_can_act(window, dialogs):
    from PySide6.QtGui import QGuiApplication

    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    names = [a.text().replace("&", "") for a in edit.actions() if a.text()]
    assert len(names) == len(set(names)), names
    assert "Eraser" in names and names.count("Delete") == 1
    QGuiApplication.clipboard().clear()
    window.scene.clearSelection()
    assert not window.delete_action.isEnabled()
    assert not window.editing.paste_action.isEnabled()
    peg = sorted(window.document.board.pegs)[0]
    window.scene.select_elements([("peg", peg)])
    assert window.delete_action.isEnabled()
    window.editing.copy()
    assert window.editing.paste_action.isEnabled()
    QGuiApplication.clipboard().setText("not pegs")
    assert not window.editing.paste_action.isEnabled()
    window.scene.clearSelection()
    assert not window.delete_action.isEnabled()


# a folder that exists but where no file can be created (even by root), and one that is missing
UNWRITABLE = ["/proc/qa-board", "/nonexistent/dir/qa-board"]


@pytest.mark.parametrize("stem", UNWRITABLE)
@pytest.mark.parametrize("fmt", ["pdf", "svg", "png"])
def test_export_to_an_unwritable_path_says_so_without_qt_warnings(window, dialogs, qtlog, stem, fmt):
    # QA: the message box was right but Qt printed "QPainter::begin(): Returned false" on stderr
    from studio.render import export

    target = f"{stem}.{fmt}"
    dialogs.answer("ask_export", (target, export.ExportSettings(format=fmt)))
    dialogs.answer("show_error")
    assert window.files.export() is False
    title, text = dialogs.named("show_error")[-1][:2]
    assert title == "Cannot export board" and text.startswith(f"Could not write {target}: ")
    assert "settings are kept" in text and window.files.export_settings.format == fmt
    assert not [r for r in qtlog.records if "QPainter" in r.message]
    assert not Path(target).exists()


@pytest.mark.parametrize("stem", UNWRITABLE)
def test_page_writers_and_board_image_refuse_unwritable_paths_before_painting(window, qtlog, stem):
    from studio.render import export_png
    from studio.render.pages import Pages, write_pages

    for fmt in ("pdf", "svg", "png"):
        with pytest.raises(OSError, match=f"could not write {stem}.{fmt}: "):
            write_pages(Pages(title="t", sheet_mm=(100.0, 100.0), count=1, paint=lambda *a: None),
                        f"{stem}.{fmt}", fmt)
    with pytest.raises(OSError, match=f"could not write {stem}.png: "):
        export_png(window.document.board, f"{stem}.png")
    assert not [r for r in qtlog.records if "QPainter" in r.message]


def test_the_writable_probe_leaves_existing_files_alone(tmp_path):
    from studio.render.output import check_writable

    existing = tmp_path / "board.pdf"
    existing.write_bytes(b"%PDF old")
    check_writable(existing)
    assert existing.read_bytes() == b"%PDF old"
    check_writable(tmp_path / "new.pdf")
    assert not (tmp_path / "new.pdf").exists()
    with pytest.raises(OSError, match="it is a folder"):
        check_writable(tmp_path)


def test_the_editor_fits_800_by_600_with_every_tool(window, qtbot):
    # QA: the Crater tool's hint made the window at least 1029 px wide
    for name in window.tools:
        window.set_tool(name)
        hint = window.minimumSizeHint()
        assert hint.width() <= 800 and hint.height() <= 600, (name, hint.toTuple())
    window.resize(800, 600)
    window.set_tool("crater")
    qtbot.waitUntil(lambda: window.editing.current_options.isVisible(), timeout=2000)
    assert window.width() == 800
    from studio.gui.realm.tools.base import HintLabel

    (label,) = window.editing.current_options.findChildren(HintLabel)
    assert label.isVisible() and label.toolTip().startswith("Crater pegs ring")   # not behind »
