"""``python -m studio.gui.balance.island_screenshots [FOLDER] [ISLAND]``: run a balance batch
from the island editor on a bundled island (default: Coral Reach, which has a fort quest, a
bridge and loot) and grab the editor with the heat map to ``FOLDER/island-heatmap.png``
(default folder: ``docs``). Runs offscreen; dialogs never open."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

GAMES = 200
ISLAND = "coral-reach.yaml"


def grab(folder: Path, island: str = ISLAND, games: int = GAMES) -> list[Path]:
    from studio.content import bundled_path
    from studio.gui.balance.screenshots import run_batch
    from studio.gui.rivages.island_editor import IslandEditorWindow

    app = QApplication.instance() or QApplication(sys.argv)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        window = IslandEditorWindow(settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat))
        window.open_path(bundled_path("boards", "rivages", "islands", island), interactive=False)
        window.resize(1500, 940)
        window.show()
        dashboard = window.balance.open()
        dashboard.players_combo.setCurrentIndex(dashboard.players_combo.findData(3))
        run_batch(dashboard, games)
        window.balance.window.close()
        window.balance.frame_island()
        QTest.qWait(300)
        out.append(folder / "island-heatmap.png")
        window.grab().save(str(out[-1]))
        window.document.undo_stack.setClean()
        window.close()
    app.processEvents()
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    for p in grab(Path(args[0] if args else "docs"), args[1] if len(args) > 1 else ISLAND):
        print(p)
