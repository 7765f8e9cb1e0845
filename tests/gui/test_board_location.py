"""A board always knows its location: a board made with the wizard for Archipelago City, saved
outside any content folder and opened again (File > Open, recent files, drag and drop, autosave
restore), plays and validates with Archipelago City's rules; a board that names no location, or
is checked against another scenario, says so in a banner above the board and before a game."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication

from studio.content import bundled_path
from studio.gui.realm.new_board import NewBoardWizard
from studio.gui.shell import prompts
from studio.gui.shell.files.recovery import RecoveryStore
from studio.model import io
from studio.validate import validate

pytestmark = pytest.mark.gui


def new_archipelago_board(window, monkeypatch) -> None:
    def drive(parent):
        wizard = NewBoardWizard(parent)
        wizard.choose_scenario("archipelago-city")
        wizard.choose_players(3)
        try:
            return wizard.board(), wizard.scenario_path
        finally:
            wizard.deleteLater()

    monkeypatch.setattr(prompts, "ask_new_board", drive)
    window.new_action.trigger()


def assert_archipelago(window) -> None:
    doc = window.document
    assert doc.board.location == "archipelago-city"
    assert window.location_banner.isHidden()
    assert window.validation_dock.rules_name() == "Archipelago City"
    assert "scenario/no-canals" in [f.code for f in window.validation_dock.run_now()]
    assert window.properties_dock.page("board").location.currentData() == "archipelago-city"


def test_a_wizard_board_keeps_its_location_however_it_is_opened(window, dialogs, monkeypatch, tmp_path):
    new_archipelago_board(window, monkeypatch)
    assert_archipelago(window)
    target = tmp_path / "anywhere" / "my-islands.yaml"  # no scenarios folder anywhere near it
    target.parent.mkdir()
    dialogs.answer("ask_save_path", str(target))
    assert window.save_as()
    text = target.read_text()
    assert text.split("\n", 1)[1].startswith("format: realm-board/2\n") and "\nlocation: archipelago-city\n" in text
    # studio validate prints the location's findings about the board, at its location: key
    printed = [f for f in validate(str(target)) if f.code == "scenario/no-canals"]
    assert [(f.path, f.line) for f in printed] == [(str(target), 5)]  # location:, after the schema line

    # File > Open (another board first, so each way really reopens it)
    other = bundled_path("boards", "realm", "volcano-2p.yaml")
    for reopen in ("open", "recent", "drop"):
        assert window.open_file(str(other))
        assert window.document.board.location == "volcano"
        if reopen == "open":
            dialogs.answer("ask_open_path", str(target))
            assert window.open_dialog()
        elif reopen == "recent":
            window._fill_recent_menu()
            action = next(a for a in window.recent_menu.actions() if a.statusTip() == str(target.resolve()))
            action.trigger()
        else:
            mime = QMimeData()
            mime.setUrls([QUrl.fromLocalFile(str(target))])
            window.dropEvent(QDropEvent(QPointF(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
        assert Path(window.document.path).resolve() == target.resolve()
        assert_archipelago(window)

    # playtest: Archipelago City's rules, without a question
    calls = []
    monkeypatch.setattr("studio.gui.playtest.playtest_window.open_playtest",
                        lambda board, path, parent: calls.append((board.location, path)))
    dialogs.answer("show_error")  # the wizard board has errors until islands are painted: refused
    window.playtest()
    assert calls == [] and "Fix the board's" in dialogs.named("show_error")[-1][1]
    finished = tmp_path / "anywhere" / "finished.yaml"  # a complete Archipelago City board, saved anywhere
    finished.write_text(bundled_path("boards", "realm", "archipelago-city-3p.yaml").read_text())
    assert window.open_file(str(finished))
    window.playtest()
    assert calls == [("archipelago-city", str(bundled_path("scenarios", "archipelago-city.yaml")))]


def test_autosave_restore_keeps_the_location(window, monkeypatch, tmp_path):
    new_archipelago_board(window, monkeypatch)
    store = RecoveryStore(tmp_path / "recovery")
    store.write("s1", window.document.board, None, "unsaved")
    (entry,) = store.entries()
    assert entry.board().location == "archipelago-city"
    # a recovery file written before realm-board/2 takes the location of its board's file
    old = tmp_path / "content"
    (old / "boards").mkdir(parents=True)
    (old / "scenarios").mkdir()
    board_file = old / "boards" / "isles.yaml"
    board_file.write_text(_as_v1(bundled_path("boards", "realm", "archipelago-city-3p.yaml")))
    (old / "scenarios" / "isles.yaml").write_text(
        bundled_path("scenarios", "archipelago-city.yaml").read_text().replace(
            "id: archipelago-city", "id: my-isles").replace("../boards/realm/archipelago-city-3p.yaml",
                                                            "../boards/isles.yaml"))
    import json

    from studio.content import dump_yaml

    record = json.loads(store.path_for("s1").read_text())   # as written then: no kind, YAML text
    data = record.pop("data")
    del record["kind"]
    data["format"] = "realm-board/1"
    del data["location"]
    record.update(text=dump_yaml(data), original_path=str(board_file))
    store.path_for("s1").write_text(json.dumps(record))
    (entry,) = store.entries()
    assert entry.board().location == "my-isles"


def _as_v1(path: Path) -> str:
    """A bundled board written as it was before realm-board/2."""
    lines = path.read_text().splitlines(keepends=True)
    return "".join(line.replace("realm-board/2", "realm-board/1") for line in lines
                   if not line.startswith("location:"))


def test_an_old_board_is_migrated_and_saved_as_v2(window, dialogs, tmp_path):
    root = tmp_path / "content"
    (root / "boards").mkdir(parents=True)
    (root / "scenarios").mkdir()
    board_file = root / "boards" / "deities.yaml"
    board_file.write_text(_as_v1(bundled_path("boards", "realm", "two-deities-2p.yaml")))
    (root / "scenarios" / "deities.yaml").write_text(
        bundled_path("scenarios", "two-deities.yaml").read_text().replace(
            "../boards/realm/two-deities-2p.yaml", "../boards/deities.yaml"))
    assert validate(str(board_file)) == []           # old files still validate
    assert io.read_board(board_file).location == "two-deities"
    assert window.open_file(str(board_file))
    assert window.document.board.location == "two-deities" and window.location_banner.isHidden()
    assert window.save()
    text = board_file.read_text()
    assert text.split("\n", 1)[1].startswith("format: realm-board/2\n") and "\nlocation: two-deities\n" in text
    # moved away from its scenario, the saved board still plays Two Demanding Deities
    moved = tmp_path / "elsewhere.yaml"
    moved.write_text(text)
    assert io.read_board(moved).location == "two-deities" and validate(str(moved)) == []


def test_a_board_without_location_says_so_loudly(window, dialogs, monkeypatch, tmp_path):
    lonely = tmp_path / "lonely.yaml"
    lonely.write_text(_as_v1(bundled_path("boards", "realm", "jungle-temples-2p.yaml")))
    assert window.open_file(str(lonely))
    assert window.document.board.location is None
    banner = window.location_banner
    assert not banner.isHidden() and "names no location" in banner.text.text()
    assert window.validation_dock.rules_name() == "Base rules"
    assert "location/none" in [f.code for f in window.validation_dock.run_now()]
    assert window.properties_dock.page("board").location.currentText().startswith("⚠ none")
    # playtest asks first; cancelling plays nothing, accepting plays the base rules
    calls = []
    monkeypatch.setattr("studio.gui.playtest.playtest_window.open_playtest",
                        lambda board, path, parent: calls.append(path))
    dialogs.answer("ask_play_anyway", False)
    window.playtest()
    assert calls == [] and "names no location" in dialogs.named("ask_play_anyway")[-1][1]
    dialogs.answer("ask_play_anyway", True)
    window.playtest()
    assert calls == [None]
    # choosing the location in Properties is one undo step, and the banner goes
    combo = window.properties_dock.page("board").location
    combo.setCurrentIndex(combo.findData("jungle-temples"))
    combo.activated.emit(combo.currentIndex())
    assert window.document.board.location == "jungle-temples" and banner.isHidden()
    window.document.undo_stack.undo()
    assert window.document.board.location is None and not banner.isHidden()
    # the banner's button opens the location choice
    banner.button.click()
    assert window.properties_dock.page("board").location.hasFocus() or window.properties_dock.page("board").location.isVisible()
    window.properties_dock.page("board").location.hidePopup()


def test_checking_against_another_scenario_is_said(window, dialogs, monkeypatch):
    assert window.location_banner.isHidden()  # Jungle Temples with its own rules
    dialogs.answer("ask_open_path", str(bundled_path("scenarios", "fragile-ruins.yaml")))
    assert window.editing.choose_scenario()
    assert not window.location_banner.isHidden()
    text = window.location_banner.text.text()
    assert "rules of Fragile Ruins" in text and "its own location is 'jungle-temples'" in text
    calls = []
    monkeypatch.setattr("studio.gui.playtest.playtest_window.open_playtest",
                        lambda board, path, parent: calls.append(path))
    dialogs.answer("ask_play_anyway", True)
    window.playtest()
    assert calls == [str(bundled_path("scenarios", "fragile-ruins.yaml"))]


def test_an_unknown_location_is_an_error_with_a_suggestion(tmp_path):
    board = tmp_path / "typo.yaml"
    board.write_text(bundled_path("boards", "realm", "volcano-2p.yaml").read_text().replace(
        "location: volcano", "location: volcanoe"))
    (finding,) = [f for f in validate(str(board)) if f.severity == "error"]
    assert finding.code == "location/unknown" and (finding.line, finding.col) == (5, 1)  # after the schema line
    assert "(did you mean 'volcano'?)" in finding.message


def test_a_broken_scenario_next_to_the_board_is_said_in_the_editor(window, dialogs, monkeypatch, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text(bundled_path("boards", "realm", "jungle-temples-2p.yaml").read_text())
    scenario = tmp_path / "jungle-temples.yaml"
    scenario.write_text(bundled_path("scenarios", "jungle-temples.yaml").read_text()
                        .replace("end: {score: 18}", "end: {scor: 6}")
                        .replace("../boards/realm/jungle-temples-2p.yaml", "board.yaml"))
    assert window.open_file(str(board))
    banner = window.location_banner
    assert not banner.isHidden()
    assert str(scenario) in banner.text.text() and "does not load" in banner.text.text()
    assert "location/broken-scenario" in [f.code for f in window.validation_dock.run_now()]
    assert "jungle-temples.yaml does not load" in window.properties_dock.page("board").scenario.text()
    calls = []
    monkeypatch.setattr("studio.gui.playtest.playtest_window.open_playtest",
                        lambda board, path, parent: calls.append(path))
    dialogs.answer("show_error", None)
    window.playtest()  # refused: the board has an error, naming the scenario
    assert calls == [] and "location/broken-scenario" in dialogs.named("show_error")[-1][2]
    QApplication.processEvents()
    banner.grab().save("/tmp/trust2-banner.png")
    window.properties_dock.grab().save("/tmp/trust2-props.png")
