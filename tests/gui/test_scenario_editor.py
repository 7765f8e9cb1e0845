"""The scenario editor: a form generated from the scenario schema, undoable edits that merge,
module groups, the end condition and card branches, boards per player count, atomic saves."""

from __future__ import annotations

import shutil

import pytest

from studio.content import bundled_path
from studio.gui.realm.scenario_editor import ScenarioDocument, ScenarioEditor, load_schema
from studio.model import io
from studio.model.value_paths import MISSING

pytestmark = pytest.mark.gui


@pytest.fixture
def content(tmp_path):
    """A copy of the bundled content (scenarios and boards) to edit."""
    for folder in ("scenarios", "boards"):
        shutil.copytree(bundled_path(folder), tmp_path / folder)
    return tmp_path


@pytest.fixture
def editor(qtbot, dialogs, content):
    ed = ScenarioEditor()
    qtbot.addWidget(ed, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert ed.open_path(str(content / "scenarios" / "volcano.yaml"))
    return ed


def test_form_follows_the_schema(editor):
    rules = load_schema()["$defs"]["rules"]["properties"]
    start = editor.editor_for(("rules", "start"))
    assert [start.combo.itemData(i) for i in range(start.combo.count())] == rules["start"]["enum"]
    rounds = editor.editor_for(("rules", "bands_per_player")).spin
    assert rounds.maximum() == rules["bands_per_player"]["maximum"]
    assert rounds.text() == "default (25)"           # left out of the file: the engine's default
    bands = editor.editor_for(("rules", "bands"))
    assert set(bands.boxes) == set(rules["bands"]["items"]["enum"])
    for name in rules["modules"]["properties"]:
        assert editor.editor_for(("rules", "modules", name)).group.isCheckable()
    volcano = editor.editor_for(("rules", "modules", "volcano"))
    assert volcano.group.isChecked()
    assert editor.editor_for(("rules", "modules", "volcano", "escape_energy")).spin.value() == 7
    assert editor.editor_for(("rules", "end")).combo.currentData() == "rounds"
    assert editor.boards_editor.fields["3"].text() == "../boards/realm/volcano-3p.yaml"


def test_edits_are_undoable_merge_and_mark_the_window(editor):
    doc = editor.document
    spin = editor.editor_for(("rules", "modules", "volcano", "escape_energy")).spin
    spin.setValue(8)
    spin.setValue(9)
    assert doc.value(("rules", "modules", "volcano", "escape_energy")) == 9
    assert doc.undo_stack.count() == 1 and editor.isWindowModified()
    bands = editor.editor_for(("rules", "bands"))
    bands.boxes["long-barrier"].setChecked(True)
    assert doc.value(("rules", "bands")) == ["line", "triangle", "quad", "long-barrier"]
    for box in bands.boxes.values():                 # at least one band shape stays
        box.setChecked(False)
    assert len(doc.value(("rules", "bands"))) == 1
    doc.undo_stack.undo()
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert spin.value() == 7 and not editor.isWindowModified()
    assert doc.value(("rules", "bands")) == ["line", "triangle", "quad"]


def test_modules_end_and_cards_branches(editor):
    doc = editor.document
    idols = editor.editor_for(("rules", "modules", "idols"))
    idols.group.setChecked(True)
    assert doc.value(("rules", "modules", "idols")) == {}
    editor.editor_for(("rules", "modules", "idols", "points")).spin.setValue(6)
    assert doc.value(("rules", "modules", "idols")) == {"points": 6}
    idols.group.setChecked(False)
    assert doc.value(("rules", "modules", "idols")) is MISSING
    end = editor.editor_for(("rules", "end"))
    end.combo.setCurrentIndex(end.keys.index("pictures"))
    end._key_chosen(end.keys.index("pictures"))
    assert doc.value(("rules", "end")) == {"pictures": {"2": 5, "3": 7, "4": 9}}
    cards = editor.editor_for(("rules", "cards"))
    cards._chosen(1)
    assert doc.value(("rules", "cards")) == {"personal-deck": {"size": 12, "draw": 3}}
    assert cards.deck.isVisibleTo(editor)
    cards._chosen(0)
    assert doc.value(("rules", "cards")) == "shared-pool"


def test_save_is_atomic_and_reloads_equal(editor, content, dialogs):
    doc = editor.document
    editor.editor_for(("rules", "bands_per_player")).spin.setValue(20)
    editor.editor_for(("name",)).edit.setText("Volcano (short)")
    editor.editor_for(("name",)).edit.textEdited.emit("Volcano (short)")
    assert editor.save()
    saved = io.read_scenario(content / "scenarios" / "volcano.yaml")
    assert saved.rules.bands_per_player == 20 and saved.name == "Volcano (short)"
    assert not editor.isWindowModified()
    assert [f.code for f in editor.refresh_findings() if f.severity == "error"] == []
    # a value the schema refuses is reported, and nothing is written
    doc.set_value(("boards",), {})
    dialogs.answer("show_error")
    assert not editor.save()
    assert dialogs.named("show_error") and "• Boards: choose a board for at least one player count" in dialogs.named("show_error")[0][1]
    assert io.read_scenario(content / "scenarios" / "volcano.yaml").boards


def test_new_scenario_and_boards(qtbot, dialogs, content):
    board = content / "boards" / "realm" / "volcano-2p.yaml"
    ed = ScenarioEditor(current_board=lambda: str(board))
    qtbot.addWidget(ed, before_close_func=lambda w: w.document.undo_stack.setClean())
    doc = ed.document
    assert doc.path is None and doc.value(("rules", "end")) == {"score": 18}
    dialogs.answer("ask_save_path", str(content / "scenarios" / "mine.yaml"))
    ed.boards_editor._use_current("2")
    assert doc.value(("boards",)) == {"2": str(board)}     # unsaved: no folder to be relative to
    assert ed.save_as()
    doc.set_value(("boards",), {})
    ed.boards_editor._use_current("2")
    assert doc.value(("boards",)) == {"2": "../boards/realm/volcano-2p.yaml"}
    opened = []
    ed.board_open_requested.connect(opened.append)
    ed.boards_editor._open("2")
    assert opened == [str(board.resolve())]
    assert ScenarioDocument.open(content / "scenarios" / "mine.yaml").value(("id",)) == "new-scenario"


def test_scenario_editor_from_the_board_editor(window, qtbot):
    ed = window.editing.edit_scenario()
    qtbot.addWidget(ed, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert ed.document.path.endswith("jungle-temples.yaml")
    assert ed.editor_for(("rules", "modules", "cross-board")).group.isChecked()


def test_save_as_into_another_folder_keeps_board_references(editor, content, dialogs, tmp_path_factory):
    doc = editor.document
    boards_before = {n: (content / "scenarios" / ref).resolve() for n, ref in doc.value(("boards",)).items()}
    # an edit in the history: after Save As, undoing it must still name the same file
    doc.set_value(("boards",), dict(doc.value(("boards",)), **{"2": "../boards/realm/jungle-temples-2p.yaml"}))
    (content / "scenarios" / "variants").mkdir()
    target = content / "scenarios" / "variants" / "volcano-b.yaml"
    dialogs.answer("ask_save_path", str(target))
    assert editor.save_as()
    assert doc.value(("boards", "3")) == "../../boards/realm/volcano-3p.yaml"
    assert editor.boards_editor.fields["3"].text() == "../../boards/realm/volcano-3p.yaml"
    saved = io.read_scenario(target)
    assert (target.parent / saved.boards[3]).resolve() == boards_before["3"]
    assert (target.parent / saved.boards[2]).resolve() == (content / "boards" / "realm" / "jungle-temples-2p.yaml").resolve()
    assert not [f for f in editor.refresh_findings() if f.code.startswith("content/")]
    assert not dialogs.named("show_info")
    doc.undo_stack.undo()
    assert {n: (target.parent / ref).resolve() for n, ref in doc.value(("boards",)).items()} == boards_before
    doc.undo_stack.redo()
    # saved where the boards are out of reach (outside their content root): said at once
    far = tmp_path_factory.mktemp("elsewhere") / "volcano-c.yaml"
    dialogs.answer("ask_save_path", str(far))
    dialogs.answer("show_info")
    assert editor.save_as()
    assert dialogs.named("show_info") and "cannot use" in dialogs.named("show_info")[0][1]
    assert "leaves the content root" in dialogs.named("show_info")[0][1]


def test_a_finding_about_the_file_gives_its_line_and_column_as_studio_validate_does(qtbot, dialogs, content):
    """Found by a fresh-user trial: the Validation panel said "scen-missing.yaml:
    scenario/missing-board: …" where `studio validate` says scen-missing.yaml:11:6. Every
    finding with a place in the file shows it while the form holds the file's text; an edit
    drops the place (it would point at old text) and its undo brings it back."""
    from studio.validate import validate

    path = content / "scenarios" / "scen-missing.yaml"
    path.write_text((content / "scenarios" / "jungle-temples.yaml").read_text()
                    .replace("jungle-temples-2p.yaml", "nope-missing-2p.yaml"))
    [expected] = [f for f in validate(io.read_scenario(path)) if f.code == "scenario/missing-board"]
    assert expected.line is not None
    ed = ScenarioEditor()
    qtbot.addWidget(ed, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert ed.open_path(str(path))

    def shown():
        items = [ed.findings_list.item(i).text() for i in range(ed.findings_list.count())]
        return [t for t in items if "scenario/missing-board" in t]

    ed.refresh_findings()
    assert shown() == [f"scen-missing.yaml:{expected.line}:{expected.col}: scenario/missing-board: "
                       f"{expected.message}"]
    ed.document.set_value(("name",), "Renamed")
    ed.refresh_findings()
    assert shown() == [f"scen-missing.yaml: scenario/missing-board: {expected.message}"]
    ed.document.undo_stack.undo()
    ed.refresh_findings()
    assert shown()[0].startswith(f"scen-missing.yaml:{expected.line}:{expected.col}: ")


def test_ctrl_z_in_a_spin_box_or_the_name_field_undoes_the_scenario(editor, qtbot):
    """Ctrl+Z from a field reaches the document's undo (as in the board editor), keeping Redo."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QLineEdit

    editor.show()
    qtbot.waitExposed(editor)
    doc = editor.document
    path = ("rules", "modules", "volcano", "escape_energy")
    spin = editor.editor_for(path).spin
    spin.setValue(9)
    spin.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is spin or spin.isAncestorOf(QApplication.focusWidget()))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Z, Qt.ControlModifier)
    assert doc.value(path) == 7 and doc.undo_stack.canRedo()
    doc.undo_stack.redo()
    assert doc.value(path) == 9

    name = editor.editor_for(("name",)).edit
    assert isinstance(name, QLineEdit)
    name.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is name)
    qtbot.keyClicks(name, "xy")                       # applied at each keystroke
    assert doc.value(("name",)) == "Volcanoxy"
    count = doc.undo_stack.count()
    qtbot.keyClick(name, Qt.Key_Z, Qt.ControlModifier)
    assert doc.value(("name",)) == "Volcano"
    assert doc.undo_stack.count() == count and doc.undo_stack.canRedo()   # undone, not a new edit
