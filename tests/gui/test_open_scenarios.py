"""``studio SCENARIO.yaml``: a Rule the Realm scenario opens its board with the scenario editor
beside it; a Rivages scenario opens the Rivages playtest window; a broken scenario falls back
to the default board with the finding on stderr."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from studio.gui import app as studio_app
from studio.gui.realm.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def qsettings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


def _close_all(window):
    for editor in list(getattr(window, "editing", None) and window.editing.scenario_editors or []):
        editor.document.undo_stack.setClean()
        editor.close()


def test_a_realm_scenario_opens_its_smallest_board_and_the_scenario_editor(qtbot, qsettings):
    scenario = ROOT / "scenarios" / "volcano.yaml"
    window = studio_app.start_editor([str(scenario)], settings=qsettings)
    qtbot.addWidget(window)
    assert isinstance(window, MainWindow)
    assert Path(window.document.path).name == "volcano-2p.yaml"
    assert Path(window.document.scenario_path).resolve() == scenario.resolve()
    editors = window.editing.scenario_editors
    assert len(editors) == 1 and editors[0].isVisible()
    assert "volcano" in editors[0].windowTitle().lower()
    _close_all(window)


def test_a_rivages_scenario_opens_the_rivages_playtest_window(qtbot, qsettings):
    from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow

    window = studio_app.start_editor([str(ROOT / "scenarios" / "rivages-solo.yaml")], settings=qsettings)
    qtbot.addWidget(window)
    assert isinstance(window, RivagesPlaytestWindow)
    assert window.game.players == 1  # the solo scenario is for one explorer


def test_a_broken_scenario_is_reported_and_a_new_board_opens(qtbot, qsettings, tmp_path, capsys, dialogs):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: realm-scenario/1\nid: x\nboards: {2: missing.yaml}\nrules: 3\n")
    dialogs.answer("show_error", None)
    window = studio_app.start_editor([str(bad)], settings=qsettings)
    qtbot.addWidget(window)
    assert isinstance(window, MainWindow)
    assert window.document.path is None          # a new board: a Save never hits the bundled one
    ((name, args),) = [c for c in dialogs.calls if c[0] == "show_error"]
    assert str(bad) in args[1] and "bad.yaml:" in args[1]
    err = capsys.readouterr().err
    assert f"studio: cannot open {bad}" in err and "bad.yaml:" in err and "Traceback" not in err


def test_a_board_that_does_not_parse_is_reported_in_a_dialog_and_a_new_board_opens(qtbot, qsettings, tmp_path,
                                                                                  dialogs):
    """Found by a new-user trial: ``studio BAD.yaml`` said why only on the terminal and opened
    the bundled board, which a Save then overwrote."""
    bad = tmp_path / "broken.yaml"
    bad.write_text("format: realm-board/2\nid: x\npegs: [unclosed\n")
    dialogs.answer("show_error", None)
    window = studio_app.start_editor([str(bad)], settings=qsettings)
    qtbot.addWidget(window)
    assert window.document.path is None
    ((name, args),) = [c for c in dialogs.calls if c[0] == "show_error"]
    assert "broken.yaml:" in args[1] and "Traceback" not in args[1]


@pytest.mark.parametrize("broken", ["missing cards", "island syntax error"])
def test_a_rivages_scenario_whose_files_do_not_load_is_said_from_the_editor(qtbot, settings, dialogs, tmp_path, broken):
    # found by a fresh-user trial: File > Open (and a drop) raised out of the event loop
    import shutil

    from studio.content import bundled_path
    from studio.gui.realm.main_window import MainWindow

    shutil.copytree(bundled_path("boards"), tmp_path / "boards")
    shutil.copytree(bundled_path("scenarios"), tmp_path / "scenarios")
    scenario = tmp_path / "scenarios" / "rivages.yaml"
    if broken == "missing cards":
        text = scenario.read_text(encoding="utf-8")
        assert "cards.yaml" in text
        scenario.write_text(text.replace("cards.yaml", "cardz.yaml", 1), encoding="utf-8")
        where = "cardz.yaml"
    else:
        island = sorted((tmp_path / "boards" / "rivages" / "islands").glob("*.yaml"))[0]
        island.write_text(island.read_text(encoding="utf-8") + "\nname: [unclosed\n", encoding="utf-8")
        where = island.name
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    dialogs.answer("show_error")
    assert window.open_file(str(scenario)) is False
    (call,) = dialogs.named("show_error")
    said = " ".join(str(a) for a in call[1:] if a)
    assert "rivages.yaml" in said and where in said


def _scenario_missing_its_board(tmp_path) -> tuple[Path, str]:
    """A copy of jungle-temples and its boards, its 2-player board renamed to one that is not
    there; returns the scenario and the place (path:line:col) of that board's name in it."""
    source = ROOT / "scenarios" / "jungle-temples.yaml"
    text = source.read_text().replace("jungle-temples-2p.yaml", "nope-missing-2p.yaml")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "boards" / "realm").mkdir(parents=True)
    for n in (3, 4):
        name = f"jungle-temples-{n}p.yaml"
        shutil.copy(ROOT / "boards" / "realm" / name, tmp_path / "boards" / "realm" / name)
    scenario = tmp_path / "scenarios" / "jungle-temples.yaml"
    lines = text.splitlines()
    [line] = [i for i, x in enumerate(lines, 1) if "nope-missing-2p.yaml" in x]
    col = lines[line - 1].index("2:") + 4
    scenario.write_text(text)
    return scenario, f"{scenario}:{line}:{col}"


def test_a_scenario_whose_board_is_missing_says_which_scenario_line_names_it(qtbot, window, tmp_path, dialogs,
                                                                            capsys, qsettings):
    """Found by a fresh-user trial: only "nope-missing-2p.yaml: error io/not-found" was said;
    the box (File > Open) and the terminal (``studio SCENARIO``) now name the scenario line, as
    ``studio validate`` does (scenario/missing-board)."""
    scenario, place = _scenario_missing_its_board(tmp_path)
    dialogs.answer("show_error")
    before = window.document.path
    assert not window.open_scenario(str(scenario))
    assert window.document.path == before
    [(title, text, _details)] = dialogs.named("show_error")
    assert title == "Cannot open scenario"
    assert text.startswith(f"{place}: the board for 2 players does not open.")
    assert "nope-missing-2p.yaml" in text and "no such file" in text
    opened = studio_app.start_editor([str(scenario)], settings=qsettings)
    qtbot.addWidget(opened)
    err = capsys.readouterr().err
    assert f"({place} names it)" in err and "no such file" in err
    _close_all(opened)
