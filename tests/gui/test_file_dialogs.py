"""File dialogs name the kind of file they open or save: the board editor says Board, the
scenario editor Scenario (and Board when picking a scenario's board), the tree editor Tree of
Wisdom, the card editor Card Set or Loot, each with its own file-type filter."""

from __future__ import annotations

import pytest

from studio.gui.realm.scenario_editor import BoardsEditor, ScenarioEditor
from studio.gui.rivages.card_editor import CardEditorWindow
from studio.gui.rivages.tree_editor import TreeEditorWindow
from studio.gui.shell import prompts


class FileDialogs:
    """Stands in for QFileDialog: records ``(title, filter)`` of each dialog and cancels it."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []

    def _record(self, parent, title, start, filt):
        self.shown.append((title, filt))
        return "", ""

    def getOpenFileName(self, *args):  # noqa: N802 (Qt's name)
        return self._record(*args)

    def getSaveFileName(self, *args):  # noqa: N802
        return self._record(*args)


@pytest.fixture
def file_dialogs(monkeypatch, real_dialogs):
    fake = FileDialogs()
    for name in ("ask_open_path", "ask_save_path", "ask_export_file"):
        monkeypatch.setattr(prompts, name, real_dialogs[name])   # the real functions, on a fake QFileDialog
    monkeypatch.setattr(prompts, "QFileDialog", fake)
    return fake


def test_titles_and_filters_per_kind():
    assert prompts.dialog_title("Open", "tree") == "Open Tree of Wisdom"
    assert prompts.dialog_title("Save", "cards") == "Save Card Set As"
    assert prompts.dialog_title("Export", "loot") == "Export Loot"
    assert prompts.file_filter("island") == "Rivages islands (*.yaml *.yml *.json);;All files (*)"
    assert prompts.file_filter("game") == "Game records (*.game.json *.json);;All files (*)"
    for kind in prompts.FILE_KINDS:
        assert "Board" not in prompts.dialog_title("Open", kind) or kind == "board"


def test_board_editor_dialogs_say_board_and_scenario(window, file_dialogs):
    window.open_dialog()
    window.save_as()
    window.editing.choose_scenario()
    assert file_dialogs.shown == [
        ("Open Board", "Rule the Realm boards (*.yaml *.yml *.json);;All files (*)"),
        ("Save Board As", "Rule the Realm boards (*.yaml *.yml *.json);;All files (*)"),
        ("Open Scenario", "Scenarios (*.yaml *.yml *.json);;All files (*)"),
    ]


def test_scenario_editor_dialogs_say_scenario_and_board(qtbot, dialogs, file_dialogs):
    editor = ScenarioEditor()
    qtbot.addWidget(editor)
    editor.open_dialog()
    editor.save_as()
    boards = editor.findChildren(BoardsEditor)[0]
    boards._browse("2")
    assert [title for title, _ in file_dialogs.shown] == ["Open Scenario", "Save Scenario As", "Open Board"]
    assert file_dialogs.shown[0][1].startswith("Scenarios (")


def test_tree_editor_dialogs_say_tree_of_wisdom(qtbot, settings, dialogs, file_dialogs):
    w = TreeEditorWindow(settings=settings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    w.open_file()
    w.save_as()
    w.export("pdf")
    assert file_dialogs.shown == [
        ("Open Tree of Wisdom", "Trees of Wisdom (*.yaml *.yml *.json);;All files (*)"),
        ("Save Tree of Wisdom As", "Trees of Wisdom (*.yaml *.yml *.json);;All files (*)"),
        ("Export Tree of Wisdom", "PDF documents (*.pdf)"),
    ]


def test_card_editor_dialogs_say_card_set_or_loot(qtbot, settings, dialogs, file_dialogs):
    w = CardEditorWindow(settings=settings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    w.open_file()
    w.save_as()
    from studio.render.cards import PrintOptions

    dialogs.answer("ask_card_print_options", PrintOptions())   # the print options come first
    w.export("svg")
    w.new_loot()
    w.save_as()
    assert file_dialogs.shown == [
        ("Open Card Set or Loot", "Card sets and loot files (*.yaml *.yml *.json);;All files (*)"),
        ("Save Card Set As", "Card sets (*.yaml *.yml *.json);;All files (*)"),
        ("Export Card Set", "SVG drawings (*.svg)"),
        ("Save Loot As", "Loot files (*.yaml *.yml *.json);;All files (*)"),
    ]
