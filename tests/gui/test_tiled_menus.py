"""File > Import Tiled Map… and Export as Tiled Map… in the island editor, and Export as Tiled
Map… in the board editor (studio/gui/shell/files/tiled_actions.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from studio.content.paths import bundled_path
from studio.gui.rivages.island_editor import IslandEditorWindow
from studio.gui.shell.files import tiled_actions
from studio.interop.tiled_format import read_map
from studio.interop.tiled_island import read_island_map
from studio.model.io import read

DATA = Path(__file__).parent.parent / "data" / "tiled"
CORAL = bundled_path("boards", "rivages", "islands", "coral-reach.yaml")


@pytest.fixture
def island_window(qtbot, settings, dialogs):
    w = IslandEditorWindow(settings=settings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    w.open_path(str(CORAL), interactive=False)
    return w


@pytest.fixture
def boxes(monkeypatch):
    shown = []
    monkeypatch.setattr(tiled_actions, "show_findings", lambda parent, title, text, findings: shown.append(
        (title, text, [f.code for f in findings])))
    return shown


def test_the_menus_offer_tiled(island_window, window):
    texts = [a.text() for a in island_window.menuBar().actions()[0].menu().actions()]
    assert "&Import Tiled Map…" in texts and "Export as &Tiled Map…" in texts
    texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "Export as &Tiled Map…" in texts


def test_export_an_island_then_import_it_back(island_window, tmp_path, monkeypatch, boxes):
    out = tmp_path / "coral.tmj"
    monkeypatch.setattr(tiled_actions, "ask_island_export", lambda parent, suggested: (str(out), "even", True))
    island_window.actions["export_tiled"].trigger()
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".ini") == ["coral-tiles.png", "coral.tmj"]
    tmap = read_map(out)
    assert tmap.staggerindex == "even" and tmap.tilesets[0].source is None
    assert island_window.last_message.startswith(f"Exported {out} for Tiled (with coral-tiles.png)")
    assert read_island_map(out).island == read(CORAL)
    # import it back: the editor shows it as an unsaved island, with no findings to list
    monkeypatch.setattr(tiled_actions, "ask_import_map", lambda parent, directory: str(out))
    island_window.actions["import_tiled"].trigger()
    assert island_window.document.path is None
    assert island_window.document.island == read(CORAL)
    assert boxes == []


def test_importing_a_sketch_lists_its_findings_and_opens_it_with_stand_in_goals(island_window, tmp_path, monkeypatch,
                                                                                boxes):
    text = (DATA / "lacking.tmx").read_text().replace("4,11,3,8,0,", "4,1,3,8,0,").replace("2,1,1,99,0,", "2,1,1,2,0,")
    shutil.copy(DATA / "terrain.tsx", tmp_path / "terrain.tsx")
    (tmp_path / "sketch.tmx").write_text(text)
    monkeypatch.setattr(tiled_actions, "ask_import_map", lambda parent, directory: str(tmp_path / "sketch.tmx"))
    island_window.actions["import_tiled"].trigger()
    island = island_window.document.island
    assert island.id == "sketch" and len(island.spaces) == 18 and len(island.missions) == 2
    [(title, text, codes)] = boxes
    assert title == "Tiled map imported"
    assert text == "sketch.tmx was imported as the island “sketch” (not saved yet), with 5 findings:"
    assert codes == ["tiled/hidden-layer", "tiled/ignored-object", "tiled/unknown-property", "tiled/no-id",
                     "tiled/no-goals"]


def test_a_map_that_makes_no_island_is_refused_and_the_island_kept(island_window, monkeypatch, dialogs):
    dialogs.answer("show_error")
    monkeypatch.setattr(tiled_actions, "ask_import_map", lambda parent, directory: str(DATA / "orthogonal.tmx"))
    before = island_window.document
    island_window.actions["import_tiled"].trigger()
    assert island_window.document is before
    [(title, text, details)] = dialogs.named("show_error")
    assert title == "Cannot import Tiled map"
    assert text.startswith("orthogonal.tmx does not make an island:\n\n• orthogonal.tmx:2:1: error: the map is orthogonal; a Rivages "
                           "island is a hexagonal map")
    assert details.startswith(f"{DATA / 'orthogonal.tmx'}:2:1: error tiled/orientation:")


def test_a_map_that_makes_no_island_is_said_before_asking_about_unsaved_work(island_window, monkeypatch, dialogs):
    """Fresh-user trial: importing a map that makes no island first asked whether to save the
    island's unsaved work, then refused the map. The map is read first (as File ▸ Open reads a
    file first): the refusal comes alone, and the island stays with its unsaved edit."""
    dialogs.answer("show_error")
    island = island_window.document.island
    island_window.document.set_value(("name",), "Edited", "Rename")
    assert island_window.document.is_modified
    monkeypatch.setattr(tiled_actions, "ask_import_map", lambda parent, directory: str(DATA / "orthogonal.tmx"))
    island_window.actions["import_tiled"].trigger()
    assert [name for name, _args in dialogs.calls] == ["show_error"]
    assert island_window.document.island is island and island.name == "Edited"


def test_a_map_that_is_not_xml_is_refused_with_the_place_studio_convert_gives(island_window, tmp_path, monkeypatch,
                                                                              dialogs):
    """Found by a fresh-user trial: the box listed "error: not well-formed XML" with no place;
    every finding listed in a box now starts with file:line:col as `studio convert` prints it."""
    trunc = tmp_path / "trunc.tmx"
    trunc.write_text('<?xml version="1.0"?>\n<map version="1.10" orientation="hexagonal"\n  <layer')
    dialogs.answer("show_error")
    monkeypatch.setattr(tiled_actions, "ask_import_map", lambda parent, directory: str(trunc))
    island_window.actions["import_tiled"].trigger()
    [(title, text, details)] = dialogs.named("show_error")
    [finding] = read_island_map(trunc).errors
    assert finding.line == 3 and finding.col is not None
    assert text == (f"trunc.tmx does not make an island:\n\n• trunc.tmx:3:{finding.col}: error: {finding.message}")
    assert details == finding.format()


def test_export_a_board(window, tmp_path, monkeypatch):
    out = tmp_path / "jungle.tmx"
    monkeypatch.setattr(tiled_actions, "ask_map_path", lambda parent, suggested: str(out))
    window.tiled_export_action.trigger()
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".ini") == ["jungle-board.png", "jungle.tmx"]
    tmap = read_map(out)
    names = [layer.name for layer in tmap.layers]
    assert names == ["board", "segments", "lines", "pegs"]
    assert len(tmap.layers[3].objects) == len(window.document.board.pegs)


def test_an_imported_island_is_unsaved_work_and_its_errors_are_listed(island_window, monkeypatch, boxes, dialogs):
    """The trial of issue 16: an imported island closed at Ctrl+W / Ctrl+Q without the
    unsaved-changes prompt (lost), and its errors were not said (a bridge moved off the
    island in Tiled)."""
    from studio.gui.shell import prompts

    monkeypatch.setattr(tiled_actions, "ask_import_map", lambda parent, directory: str(DATA / "bridge-off-island.tmj"))
    island_window.actions["import_tiled"].trigger()
    assert island_window.document.path is None and island_window.document.is_modified
    assert island_window.isWindowModified()
    [(title, _text, codes)] = boxes
    assert codes.count("rivages/bridge-end-missing") == 2
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    island_window.show()
    assert island_window.close() is False  # Close asked, and Cancel kept the island
    assert len(dialogs.named("ask_unsaved_changes")) == 1 and island_window.isVisible()


def test_the_new_island_and_new_board_wizards_give_unsaved_work(island_window, window, monkeypatch, dialogs):
    from studio.gui.rivages import island_editor
    from studio.gui.rivages.island_document import new_island
    from studio.gui.shell import prompts
    from studio.model.io import read as read_model

    monkeypatch.setattr(island_editor, "ask_new_island", lambda parent, terrains: new_island("hexagon", 2))
    assert island_window.new_island() and island_window.document.is_modified
    board = read_model(bundled_path("boards", "realm", "volcano-3p.yaml"))
    dialogs.answer("ask_new_board", (board, None))
    assert window.editing.new_board() and window.document.path is None and window.document.is_modified
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    assert window.close() is False and window.isVisible()


def test_a_tiled_map_named_on_the_command_line_or_dropped_opens_as_an_island(qtbot, settings, window, boxes, dialogs):
    """The trial of issue 16: `studio some.tmx` printed a YAML syntax error and started a new
    board; a dropped .tmx/.tmj was refused. Both import the map into an island editor."""
    from studio import cli
    from studio.gui.app import start_editor
    from studio.gui.shell import desktop

    assert cli.is_file_argument("missing.tmx") and cli.is_file_argument("Map.TMJ")
    editor = start_editor([str(DATA / "complete.tmx")], settings)
    qtbot.addWidget(editor, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert isinstance(editor, IslandEditorWindow) and editor.isVisible()
    assert editor.document.path is None and editor.document.is_modified
    assert editor.document.island == read_island_map(DATA / "complete.tmx").island
    # dropped on the board editor: a new island editor; dropped on an island editor: imported there
    assert desktop.refusal(str(DATA / "complete-flat.tmj")) is None
    assert desktop.open_dropped(window, str(DATA / "complete-flat.tmj"))
    [opened] = window._tiled_windows
    qtbot.addWidget(opened, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert opened.document.island == read_island_map(DATA / "complete-flat.tmj").island and opened.isVisible()
    dialogs.answer("ask_unsaved_changes", __import__("studio.gui.shell.prompts", fromlist=["Choice"]).Choice.DISCARD)
    assert desktop.open_dropped(editor, str(DATA / "complete-flat.tmj"))
    assert editor.document.island == opened.document.island
    # a map that makes no island: said, and nothing opens
    dialogs.answer("show_error")
    assert not desktop.open_dropped(window, str(DATA / "orthogonal.tmx"))
    assert len(window._tiled_windows) == 1 and "does not make an island" in dialogs.named("show_error")[-1][1]
