"""A board whose YAML parses but fails its schema opens in the editor (issue 11 item 6): what
the schema rejects is left out or stood in for, the schema findings stay listed in the
Validation panel until the board is saved, a banner says what was left out, and saving asks
first. A file that does not parse is still refused."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from studio.gui.realm.main_window import default_board_path
from studio.gui.shell import prompts
from studio.gui.shell.files.watcher import file_digest
from studio.model.io import read_board
from studio.validate import validate

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]


def _key(findings):
    return [(f.code, f.path, f.line, f.col, f.message) for f in findings]


@pytest.fixture
def misspelt(tmp_path) -> Path:
    """The bundled board with its first segment's ``treasure:`` spelt ``tresure:``, a comment on top."""
    text = Path(default_board_path()).read_text()
    assert "treasure:" in text
    target = tmp_path / "misspelt.yaml"
    target.write_text("# the designer's note\n" + text.replace("treasure:", "tresure:", 1))
    return target


def test_a_misspelt_key_opens_with_the_finding_listed_and_a_banner(window, misspelt):
    printed = validate(str(misspelt))
    assert [f.code for f in printed] == ["schema/unknown-key"]
    assert window.open_file(str(misspelt))
    assert window.document.path == str(misspelt)
    assert window.document.is_modified and window.isWindowModified()
    shown = window.validation_dock.run_now()
    assert _key(shown[:1]) == _key(printed)  # same code, file:line:col and message as studio validate
    banner = window.open_problems_banner.message
    assert banner is not None and f"line {printed[0].line}: segments[" in banner and ".tresure = " in banner
    dropped = window.document.open_problems.dropped
    assert [(d.code, d.line) for d in dropped] == [("schema/unknown-key", printed[0].line)]
    # undoing to the opened state does not make it look saved
    window.document.undo_stack.undo()
    assert window.document.is_modified


def test_saving_warns_and_cancel_keeps_the_file(window, misspelt, dialogs):
    before = misspelt.read_text()
    assert window.open_file(str(misspelt))
    dialogs.answer("ask_save_dropping", False)
    assert not window.save()
    (name, listed), = [(n, a) for n, a in dialogs.calls if n == "ask_save_dropping"]
    assert listed[0] == "misspelt.yaml" and len(listed[1]) == 1 and ".tresure = " in listed[1][0]
    assert misspelt.read_text() == before
    assert window.document.is_modified and window.open_problems_banner.message is not None


def test_saving_anyway_writes_without_them_and_clears_the_problems(window, misspelt, dialogs):
    assert window.open_file(str(misspelt))
    dialogs.answer("ask_save_dropping", True)
    assert window.save()
    text = misspelt.read_text()
    assert "tresure" not in text and text.startswith("# the designer's note\n")  # the comment stays
    assert not [f for f in validate(str(misspelt)) if f.code.startswith("schema/")]
    assert not window.document.is_modified
    assert window.document.open_problems is None and window.open_problems_banner.message is None
    assert all(not f.code.startswith("schema/") for f in window.validation_dock.findings)


def test_a_wrong_type_in_the_header_is_stood_in_for(window, tmp_path):
    text = Path(default_board_path()).read_text()
    target = tmp_path / "players.yaml"
    target.write_text(text.replace("players: ", "players: two #", 1))
    seats = len(read_board(default_board_path()).seats)
    assert window.open_file(str(target))
    assert window.document.board.players == seats
    (d,) = window.document.open_problems.dropped
    assert (d.where, d.value, d.default) == ("players", '"two"', str(seats))


def test_a_missing_key_is_said_filled_in_and_saving_does_not_ask(window, tmp_path, dialogs):
    # found by a fresh-user trial: the banner said "Left out: players = (missing) (now 2)"
    text = Path(default_board_path()).read_text()
    target = tmp_path / "no-players.yaml"
    target.write_text(text.replace("\nplayers: 2\n", "\n", 1))
    assert window.open_file(str(target))
    banner = window.open_problems_banner.message
    assert "Filled in: players was missing (now 2)." in banner   # a top-level key: no line of its own
    assert "Left out" not in banner and "(missing)" not in banner
    assert "with what was filled in" in banner and "without" not in banner
    assert window.save()   # nothing of the file is lost: no question
    assert not dialogs.named("ask_save_dropping")
    assert "\nplayers: 2\n" in target.read_text()
    assert not [f for f in validate(str(target)) if f.code.startswith("schema/")]


def test_a_file_that_does_not_parse_is_still_refused(window, dialogs):
    dialogs.answer("show_error")
    before = window.document.path
    assert not window.open_file(str(ROOT / "tests" / "data" / "broken" / "yaml-syntax.yaml"))
    ((title, text, _details),) = dialogs.named("show_error")
    assert title == "Cannot open board" and "yaml-syntax.yaml:9:7" in text
    assert window.document.path == before and window.document.open_problems is None


def test_opening_a_good_board_after_clears_the_banner(window, misspelt, dialogs):
    assert window.open_file(str(misspelt))
    dialogs.answer("ask_unsaved_changes", prompts.Choice.DISCARD)
    assert window.open_file(str(default_board_path()))
    assert window.document.open_problems is None and window.open_problems_banner.message is None
    assert not window.document.is_modified


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_is_refused_without_blocking_the_window(window, dialogs, tmp_path):
    # opening a FIFO blocks until something writes to it: the window must not open it at all
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    dialogs.answer("show_error")
    before = window.document.path
    done = []
    worker = threading.Thread(target=lambda: done.append(window.open_file(str(fifo))), daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():  # unblock the reader so the test process can end
        with open(fifo, "wb"):
            pass
        worker.join(5)
        pytest.fail("opening a named pipe blocked the window")
    assert done == [False]
    ((title, text, _details),) = dialogs.named("show_error")
    assert "pipe.yaml" in text and "not a regular file" in text
    assert window.document.path == before
    assert file_digest(str(fifo)) is None


@pytest.mark.parametrize("count", [1, 12, 13])
def test_the_save_question_has_details_only_when_it_shows_part_of_the_list(qapp, monkeypatch, count):
    # found by a fresh-user trial: "Show Details..." repeated the one line the box showed
    from PySide6.QtWidgets import QMessageBox

    boxes = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.append(box) or 0)
    prompts.ask_save_dropping(None, "b.yaml", [f"line {i}: x = {i}" for i in range(count)])
    (box,) = boxes
    assert box.detailedText() == ("\n".join(f"line {i}: x = {i}" for i in range(count)) if count > 12 else "")
