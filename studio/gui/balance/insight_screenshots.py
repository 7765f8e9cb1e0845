"""``python -m studio.gui.balance.insight_screenshots [FOLDER] [GAMES]``: grab the balance
dashboard after greedy games on the Labyrinth's 2-player board (its warnings with their *on the
board* and rule links) and the editor's board with the culprits of the self-crossing warning
outlined over the heat map, to ``balance-insight.png`` and ``balance-blame.png`` (default folder
``docs``, 20 games). Runs offscreen; dialogs never open."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

BOARD = "labyrinth-2p.yaml"


def grab_all(folder: Path, games: int = 20) -> list[Path]:
    from studio.content import bundled_path
    from studio.gui.balance.screenshots import close_editor, run_batch
    from studio.gui.realm.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        window = MainWindow(settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat))
        window.load_path(bundled_path("boards", "realm", BOARD), interactive=False)
        window.resize(1500, 940)
        window.show()
        dashboard = window.balance.open()
        run_batch(dashboard, games)
        blamed = next(i for i, b in enumerate(dashboard.summary.blame) if b.mechanic == "self_cross_loss")
        dashboard.follow_link(f"blame:{blamed}")
        window.balance.window.resize(1240, 860)
        QTest.qWait(300)
        out.append(folder / "balance-insight.png")
        window.balance.window.grab().save(str(out[-1]))
        window.view.fit()
        QTest.qWait(300)
        out.append(folder / "balance-blame.png")
        window.grab().save(str(out[-1]))
        close_editor(window)
    app.processEvents()
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    for p in grab_all(Path(args[0] if args else "docs"), int(args[1]) if len(args) > 1 else 20):
        print(p)
