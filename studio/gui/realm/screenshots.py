"""``python -m studio.gui.realm.screenshots [FOLDER]``: grab the editor (``editor.png``), the
editor with each tool in use, the New Board wizard and the scenario editor to PNG files (default
folder: ``docs``), for the documentation. Runs offscreen; dialogs never open."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRect, QSettings, QTemporaryDir, QTimer  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui.realm.main_window import MainWindow  # noqa: E402
from studio.gui.realm.new_board import NewBoardWizard  # noqa: E402
from studio.gui.realm.scenario_editor import ScenarioEditor  # noqa: E402

SIZE = (1500, 940)


def _settle(app, ms: int = 350) -> None:
    QTest.qWait(ms)
    app.processEvents()


def _board(name: str) -> Path:
    return bundled_path("boards", "realm", f"{name}.yaml")


def _open(window: MainWindow, name: str, app) -> None:
    window.load_path(_board(name), interactive=False)
    window.view.fit()
    _settle(app)


def _save(widget, folder: Path, name: str) -> Path:
    path = folder / name
    widget.grab().save(str(path))
    print(path)
    return path


def _menu_shot(window, app, folder: Path, name: str, item: str, size=(560, 300)) -> Path:
    """The top-left ``size`` of ``window`` (taller if the menu needs it) with its File menu open over it and the action whose
    text starts with ``item`` highlighted (offscreen a menu is its own window: both are grabbed
    and drawn together where the menu would stand)."""
    menu = window.menuBar().actions()[0].menu()
    menu.popup(window.mapToGlobal(window.menuBar().actionGeometry(window.menuBar().actions()[0]).bottomLeft()))
    menu.setActiveAction(next(a for a in menu.actions() if a.text().replace("&", "").startswith(item)))
    _settle(app)
    top = window.menuBar().actionGeometry(window.menuBar().actions()[0]).bottom()
    picture = window.grab(QRect(0, 0, size[0], max(size[1], top + menu.sizeHint().height() + 8)))
    painter = QPainter(picture)
    painter.drawPixmap(window.menuBar().actionGeometry(window.menuBar().actions()[0]).bottomLeft(), menu.grab())
    painter.end()
    menu.hide()
    path = folder / name
    picture.save(str(path))
    print(path)
    return path


def _centroid(board, key):
    return (sum(board.pegs[p].x for p in key) / 3, sum(board.pegs[p].y for p in key) / 3)


def grab_all(folder: Path) -> list[Path]:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder.mkdir(parents=True, exist_ok=True)
    scratch = QTemporaryDir()
    settings = QSettings(str(Path(scratch.path()) / "settings.ini"), QSettings.IniFormat)
    out: list[Path] = []
    w = MainWindow(settings=settings)
    w.resize(*SIZE)
    w.show()
    QTest.qWaitForWindowExposed(w)
    doc = w.document
    scene = w.scene

    # the editor as a designer first sees it: Jungle Temples, a segment selected
    _open(w, "jungle-temples-2p", app)
    w.set_tool("select")
    scene.select_elements([("segment", "c5", "d4", "d5")])
    _settle(app)
    out.append(_save(w, folder, "editor.png"))

    out.append(_menu_shot(w, app, folder, "export-tts-menu.png", "Export for Tabletop Simulator"))

    # segment content: a Jungle Temples board, the tool on energy, one segment selected
    _open(w, "jungle-temples-2p", app)
    w.set_tool("segment-content")
    w.tools["segment-content"].set_kind("energy")
    key = next(s.key for s in doc.board.segments if s.treasure and s.energy)
    scene.select_elements([("segment", *key)])
    w.hint_label.setText(w.tools["segment-content"].hint)
    _settle(app)
    out.append(_save(w, folder, "editor-tools-segments.png"))

    # peg colours and lines on a new wizard board
    wizard = NewBoardWizard()
    wizard.choose_scenario("jungle-temples")
    wizard.choose_players(4)
    doc.reset(wizard.board(), None)
    doc.set_scenario_path(wizard.scenario_path)
    wizard.deleteLater()
    w.view.fit()
    w.set_tool("peg-colour")
    w.tools["peg-colour"].set_colour("yellow")
    doc.set_peg_colour(["d4", "d5", "e5"], "yellow", gesture=1)
    scene.select_elements([("peg", "d4"), ("peg", "d5"), ("peg", "e5")])
    w.hint_label.setText(w.tools["peg-colour"].hint)
    _settle(app)
    out.append(_save(w, folder, "editor-tools-colours.png"))

    # pictures on the Engraved Board
    _open(w, "engraved-board-3p", app)
    w.set_tool("pictures")
    first = doc.picture_names()[0]
    w.tools["pictures"].set_current(first)
    scene.select_elements([("picture", first)])
    w.hint_label.setText(w.tools["pictures"].hint)
    _settle(app)
    out.append(_save(w, folder, "editor-tools-pictures.png"))

    # islands and bridges in Archipelago City
    _open(w, "archipelago-city-2p", app)
    w.set_tool("bridges")
    bridge = doc.board.bridges[0].line if doc.board.bridges else None
    if bridge:
        scene.select_elements([("line", *sorted(bridge))])
    w.hint_label.setText(w.tools["bridges"].hint)
    _settle(app)
    out.append(_save(w, folder, "editor-tools-canals.png"))

    # line items in the Labyrinth
    _open(w, "labyrinth-2p", app)
    w.set_tool("line-items")
    w.tools["line-items"].set_kind("sword")
    w.hint_label.setText(w.tools["line-items"].hint)
    _settle(app)
    out.append(_save(w, folder, "editor-tools-labyrinth.png"))

    # start and goal pegs on a 3-player board
    _open(w, "jungle-temples-3p", app)
    w.set_tool("seats")
    seat = list(doc.board.seats)[1]
    w.tools["seats"].set_seat(seat)
    w.tools["seats"].set_part("goal")
    scene.select_elements([("seat", seat)])
    w.hint_label.setText(w.tools["seats"].hint)
    _settle(app)
    out.append(_save(w, folder, "editor-tools-seats.png"))

    # the Volcano crater
    _open(w, "volcano-2p", app)
    w.set_tool("crater")
    scene.select_elements([("crater",)])
    w.hint_label.setText(w.tools["crater"].hint)
    _settle(app)
    out.append(_save(w, folder, "editor-tools-crater.png"))

    # validation: a board with problems, a finding shown
    _open(w, "jungle-temples-2p", app)
    doc.remove_lines([("d4", "d5"), ("e6", "e7")])
    doc.set_segments_picture([("a1", "a2", "b1"), ("a2", "b1", "b2")], "heron")
    doc.edit_seat_pegs("north", "start", add=["e5"])
    findings = w.validation_dock.run_now()
    w.set_tool("select")
    target = next((f for f in findings if f.element and f.element[0] == "face"), findings[0])
    w.show_element(target.element)
    w.view.fit()
    _settle(app)
    out.append(_save(w, folder, "editor-validation.png"))
    doc.undo_stack.setClean()

    # the New Board wizard, first and third pages
    wizard = NewBoardWizard(w)
    wizard.choose_scenario("volcano")
    wizard.choose_players(3)
    wizard.show()
    wizard.resize(1040, 640)   # its size on a real screen (showing fits it to the 800 x 800 offscreen one)
    wizard._update_preview()
    _settle(app)
    out.append(_save(wizard, folder, "editor-wizard.png"))
    wizard.next()
    wizard.next()
    _settle(app)
    out.append(_save(wizard, folder, "editor-wizard-seats.png"))
    wizard.close()

    # the scenario editor
    editor = ScenarioEditor(current_board=lambda: None)
    editor.open_path(str(bundled_path("scenarios", "engraved-board.yaml")))
    editor.resize(920, 1000)
    editor.show()
    editor.refresh_findings()
    QTimer.singleShot(0, lambda: None)
    _settle(app)
    out.append(_save(editor, folder, "scenario-editor.png"))
    editor.document.undo_stack.setClean()
    editor.close()
    w.close()
    return out


if __name__ == "__main__":
    grab_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs"))
