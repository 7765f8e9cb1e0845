"""Save errors name the file the user chose and say why in plain words, never the temp file
the atomic save writes first (``.board.yaml.x1y2.tmp``)."""

from __future__ import annotations

import pytest

from studio.content.yamlio import os_error_text, save_atomic
from studio.gui.shell import prompts

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def recovery_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("STUDIO_RECOVERY_DIR", str(tmp_path / "recovery"))


@pytest.mark.parametrize("where, reason", [
    ("missing/board.yaml", "the folder {tmp}/missing does not exist"),
    ("a-file/board.yaml", "{tmp}/a-file is not a folder"),
    ("/proc/board.yaml", "cannot write in /proc: the folder does not accept new files"),  # exists, takes no files
    ("a-folder.yaml", None),  # refused before writing: tests/gui/test_save_as_folder.py
])
def test_save_as_to_a_place_that_cannot_hold_the_file(window, dialogs, monkeypatch, tmp_path, where, reason):
    (tmp_path / "a-file").write_text("not a folder")
    (tmp_path / "a-folder.yaml").mkdir()
    target = tmp_path / where
    monkeypatch.setattr(prompts, "ask_save_path", lambda *a, **k: str(target))
    dialogs.answer("show_error")
    dialogs.answer("ask_save_elsewhere", False)  # a place that refuses offers Save As…; Close here
    window.document.set_board_value("name", "Unsaved")
    assert window.save_as() is False
    (error,) = dialogs.named("show_error") + dialogs.named("ask_save_elsewhere")
    title, text = error[:2]
    assert title == "Cannot save board"
    expected = f"{target}: {reason.format(tmp=tmp_path)}" if reason else "a-folder.yaml is a folder; choose a file name"
    assert expected in text, text
    assert ".tmp" not in text
    assert window.document.is_modified
    assert not list(tmp_path.rglob("*.tmp"))  # no temp file left behind
    assert (tmp_path / "a-file").read_text() == "not a folder"


def test_errors_keep_their_kind_and_name_the_target(tmp_path):
    target = tmp_path / "nowhere" / "board.yaml"
    with pytest.raises(FileNotFoundError) as caught:
        save_atomic(target, "a: 1\n")
    assert caught.value.filename == str(target)
    assert os_error_text(caught.value) == f"{target}: the folder {target.parent} does not exist"


def test_playtest_save_game_in_a_folder_that_takes_no_files(qtbot, dialogs, tmp_path):
    from studio.content import bundled_path
    from studio.gui.playtest.playtest_window import PlaytestWindow
    from studio.rules import load_game

    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, 0)
    w = PlaytestWindow(game, seed=1, controllers=["random", "random"], delay_ms=0, autoplay=False)
    qtbot.addWidget(w)
    w.step()
    dialogs.answer("show_error")
    assert w.save_game("/proc/g.game.json") is False
    (error,) = dialogs.named("show_error")
    assert error[:2] == ("Save Game", "Cannot write /proc/g.game.json:\n\n"
                                      "cannot write in /proc: the folder does not accept new files")


def test_a_read_only_board_offers_save_as(window, dialogs, tmp_path):
    import os

    board = tmp_path / "locked.yaml"
    from studio.content import bundled_path

    board.write_text(bundled_path("boards", "realm", "jungle-temples-2p.yaml").read_text())
    assert window.open_file(str(board))
    os.chmod(board, 0o444)
    window.document.set_board_value("name", "Edited")
    copy = tmp_path / "copy.yaml"
    dialogs.answer("ask_save_elsewhere", True)
    dialogs.answer("ask_save_path", str(copy))
    assert window.save() is True                   # saved through Save As…
    (offer,) = dialogs.named("ask_save_elsewhere")
    assert offer[0] == "Cannot save board" and "read-only" in offer[1]
    assert copy.is_file() and "Edited" in copy.read_text() and window.document.path == str(copy)
    assert "Edited" not in board.read_text()
