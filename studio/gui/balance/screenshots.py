"""``python -m studio.gui.balance.screenshots [FOLDER]``: grab the balance dashboard after a
run, the heat map over the editor's board and the playtest window replaying a saved game, to
PNG files (default folder: ``docs``). Runs offscreen; dialogs never open."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

GAMES = 120
BOARD = "engraved-board-2p.yaml"


def run_batch(dashboard, games: int) -> None:
    """Run ``games`` greedy-bot games on ``dashboard`` with every job it allows and wait for the
    run to finish."""
    dashboard.games_spin.setValue(games)
    dashboard.set_bots("greedy")
    dashboard.jobs_spin.setValue(dashboard.jobs_spin.maximum())
    loop = QEventLoop()
    dashboard.runFinished.connect(lambda _c: loop.quit())
    dashboard.start_run()
    loop.exec()


def close_editor(window) -> None:
    """Close the board editor ``window`` and its balance dashboard without the unsaved-changes
    question (the pictures' edits are not to be kept)."""
    window.balance.window.close()
    window.document.undo_stack.setClean()
    window.close()


def grab_all(folder: Path, games: int = GAMES) -> list[Path]:
    from studio.content import bundled_path
    from studio.gui.playtest.playtest_window import PlaytestWindow
    from studio.gui.realm.main_window import MainWindow
    from studio.rules import load_game

    app = QApplication.instance() or QApplication(sys.argv)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        window = MainWindow(settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat))
        # a board with pictures, so the map shows their labels
        window.load_path(bundled_path("boards", "realm", BOARD), interactive=False)
        window.resize(1500, 940)
        window.show()
        run_batch(window.balance.open(), games)
        window.balance.window.resize(1240, 800)
        QTest.qWait(300)
        out.append(folder / "balance-dashboard.png")
        window.balance.window.grab().save(str(out[-1]))
        window.view.fit()
        QTest.qWait(300)
        out.append(folder / "balance-heatmap.png")
        window.grab().save(str(out[-1]))
        window.balance.window.close()
        window.document.undo_stack.setClean()
        window.close()

        game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, 0)
        play = PlaytestWindow(game, seed=11, controllers=["greedy", "greedy"], delay_ms=0, autoplay=False)
        play.resize(1400, 900)
        play.show()
        while not play.state.is_terminal():
            play.session.step_bot()
        path = Path(tmp) / "game.game.json"
        play.save_game(str(path))
        play.open_replay(str(path))
        play.replay_to(len(play._replay_actions) * 2 // 3)
        QTest.qWait(300)
        out.append(folder / "playtest-replay.png")
        play.grab().save(str(out[-1]))
        play.close()
    app.processEvents()
    return out


if __name__ == "__main__":
    for p in grab_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(p)
