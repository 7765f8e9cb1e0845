"""Save As onto a folder (QA chose /tmp/x/out and got /tmp/x/out.yaml written silently): the
board and scenario editors refuse with "out is a folder; choose a file name". (The Rivages
content editors: tests/gui/rivages/test_content_save.py.)"""

from __future__ import annotations

from studio.content import bundled_path
from studio.gui.realm.scenario_editor import ScenarioEditor


def test_board_save_as_onto_a_folder(window, dialogs, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    dialogs.answer("ask_save_path", str(out))
    dialogs.answer("show_error")
    assert not window.save_as()
    assert dialogs.named("show_error")[-1][:2] == ("Cannot save board", "out is a folder; choose a file name")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "settings.ini") == ["out"]
    assert not any(out.iterdir())


def test_scenario_save_as_onto_a_folder(qtbot, dialogs, tmp_path):
    ed = ScenarioEditor()
    qtbot.addWidget(ed, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert ed.open_path(str(bundled_path("scenarios") / "volcano.yaml"))
    out = tmp_path / "out"
    out.mkdir()
    dialogs.answer("ask_save_path", str(out))
    dialogs.answer("show_error")
    assert not ed.save_as()
    assert dialogs.named("show_error")[-1][:2] == ("Cannot save scenario", "out is a folder; choose a file name")
    assert [p.name for p in tmp_path.iterdir()] == ["out"] and not any(out.iterdir())
