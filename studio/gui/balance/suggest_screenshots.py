"""``python -m studio.gui.balance.suggest_screenshots [FOLDER]``: grab the balance assistant
(*Suggest fixes…*) after a small search on the bundled Jungle Temples 2-player board, and the
editor with the selected proposal previewed on the board, to PNG files (default folder:
``docs``); the search checks its proposals with stronger bots (MCTS, ``REFERENCE_GAMES`` games a
board) as "Check with stronger bots" does. Runs offscreen; dialogs never open."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.gui.balance.screenshots import close_editor  # noqa: E402

BOARD = "jungle-temples-2p.yaml"
REFERENCE_GAMES = 30


def grab_all(folder: Path, budget: int = 160, verify: int = 80, reference: int = REFERENCE_GAMES,
             reference_bots: str = "mcts") -> list[Path]:
    from studio.content import bundled_path
    from studio.gui.realm.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        window = MainWindow(settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat))
        window.load_path(bundled_path("boards", "realm", BOARD), interactive=False)
        window.resize(1300, 900)
        window.show()
        window.balance.open()
        s = window.balance.suggest()
        s.budget_spin.setValue(budget)
        s.steps_spin.setValue(2)
        s.candidates_spin.setValue(4)
        s.verify_spin.setValue(verify)
        s.seed_spin.setValue(2)
        if reference:
            s.REFERENCE_BOTS = reference_bots
            s.reference_check.setChecked(True)
            s.reference_spin.setValue(reference)
        loop = QEventLoop()
        s.searchFinished.connect(loop.quit)
        s.start()
        loop.exec()
        s.resize(1100, 880)
        QTest.qWait(300)
        out.append(folder / "balance-suggest.png")
        s.grab().save(str(out[-1]))
        window.view.fit()
        QTest.qWait(300)
        out.append(folder / "balance-suggest-preview.png")
        window.grab().save(str(out[-1]))
        s.close()
        close_editor(window)
    app.processEvents()
    return out


if __name__ == "__main__":
    for p in grab_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(p)
