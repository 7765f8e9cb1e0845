"""File ▸ Open (and Open Recent, a drop) in an editor with unsaved work: a file that cannot open
is said at once, alone, before any question about the work shown, which stays as it was (the
board editor read first already; the island, tree, card and scenario editors asked "save your
changes?" first, then refused the file)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings  # noqa: E402

from studio.gui import gallery  # noqa: E402
from studio.gui.shell import prompts  # noqa: E402

pytestmark = pytest.mark.gui

BAD = {
    "malformed.yaml": "format: rivages-island/1\nid: x\n  name: [unclosed\n",
    "syntax.json": '{"format": "rivages-island/1", "id": }',
    "empty.yaml": "",
}


def _bad_file(tmp_path, name):
    path = tmp_path / name
    if name == "folder.yaml":
        path.mkdir()
    else:
        path.write_text(BAD[name], encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", ["island-editor", "tree-editor", "card-editor", "scenario-editor"])
@pytest.mark.parametrize("name", [*BAD, "folder.yaml"])
def test_a_file_that_cannot_open_is_said_before_asking_about_unsaved_work(qtbot, tmp_path, dialogs, kind, name):
    window, _owner = gallery.make(kind, QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    doc = window.document
    path = ("name",)
    assert doc.set_value(path, "Edited by hand", "Rename")
    assert doc.is_modified
    dialogs.answer("show_error")
    dialogs.answer("ask_unsaved_changes", prompts.Choice.DISCARD)
    assert not window.doc_files.open(str(_bad_file(tmp_path, name)))
    assert [n for n, _a in dialogs.calls] == ["show_error"], dialogs.calls
    [(title, text, _details)] = dialogs.named("show_error")
    assert title.startswith("Cannot open") and name in text
    assert window.document is doc and doc.value_at(path) == "Edited by hand" and doc.is_modified


def test_a_file_that_opens_with_problems_still_asks_first(qtbot, tmp_path, dialogs):
    """A file of the window's kind that opens with schema problems (values left out) is not
    refused: the question about unsaved work comes first, as before."""
    window, _owner = gallery.make("island-editor", QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    from studio.content import bundled_path

    text = bundled_path("boards", "rivages", "islands", "amber-shoals.yaml").read_text(encoding="utf-8")
    odd = tmp_path / "odd.yaml"
    odd.write_text(text.replace("id: amber-shoals", "id: amber-shoals\ncolour: purple", 1), encoding="utf-8")
    window.document.set_value(("name",), "Edited by hand", "Rename")
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    assert not window.doc_files.open(str(odd))
    assert [n for n, _a in dialogs.calls] == ["ask_unsaved_changes"]
