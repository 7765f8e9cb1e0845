"""A symbolic link that loops back on itself, met by the board editor: opening it, finding its
scenario, watching it and checking the bundled-sample guard all report it as a file that cannot
be read (``Path.resolve`` raises on a loop in Python 3.11; the GUI used to call it unguarded)."""

from __future__ import annotations

import os
from pathlib import Path

from studio.gui.realm.scenario_index import scenario_for_board
from studio.gui.shell.document_window import is_bundled


def _loop(tmp_path: Path) -> Path:
    loop = tmp_path / "loop.yaml"
    os.symlink(loop, loop)
    return loop


def test_opening_a_looping_link_is_an_error_message_not_a_crash(window, dialogs, tmp_path):
    loop = _loop(tmp_path)
    dialogs.answer("show_error")
    assert window.open_file(str(loop)) is False or window.document.path != str(loop)
    (error,) = dialogs.named("show_error")
    assert "loop.yaml" in error[1] and "loops back on itself" in error[1], error


def test_helpers_take_a_looping_link_without_raising(tmp_path):
    loop = _loop(tmp_path)
    (tmp_path / "scenarios").mkdir()
    os.symlink(tmp_path / "scenarios" / "s.yaml", tmp_path / "scenarios" / "s.yaml")
    assert scenario_for_board(str(loop)) is None
    assert is_bundled(loop) is False
