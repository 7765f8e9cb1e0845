"""``python -m studio.gui.balance.island_screenshots [FOLDER] [ISLAND]``: run a balance batch
from the island editor on a bundled island (default: Coral Reach, which has a fort quest, a
bridge and loot) and grab the editor with the heat map to ``FOLDER/island-heatmap.png``
(default folder: ``docs``); then a 20-game run on Gull Rock with a warning's *on the board*
followed to ``FOLDER/island-blame.png``. On the bundled islands, where every explorer starts,
the bots use everything, so that warning (its first two icon spaces and the bridge) is made for
the picture. Runs offscreen; dialogs never open."""

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
        out.append(grab_blame(folder, Path(tmp)))
    app.processEvents()
    return out


def grab_blame(folder: Path, tmp: Path, games: int = 20) -> Path:
    """``island-blame.png``: Gull Rock after ``games`` games, a made-up warning naming its first
    two icon spaces and its bridge outlined over the heat map (see the module docstring)."""
    from dataclasses import replace

    from studio.content import bundled_path
    from studio.gui.balance.screenshots import run_batch
    from studio.gui.rivages.island_editor import IslandEditorWindow
    from studio.playtest.stats import Blame

    window = IslandEditorWindow(settings=QSettings(str(tmp / "blame.ini"), QSettings.IniFormat))
    window.open_path(bundled_path("boards", "rivages", "islands", "gull-rock.yaml"), interactive=False)
    window.resize(1250, 820)
    window.show()
    dashboard = window.balance.open()
    run_batch(dashboard, games)
    island = window.document.island
    spaces = [s.at for s in island.spaces if s.kind == "white" and s.icon is not None][:2]
    (a, b), = island.bridges[:1]
    keys = tuple(f"space {island.id} {q},{r}" for q, r in spaces) + (
        f"bridge {island.id} {a[0]},{a[1]}-{b[0]},{b[1]}",)
    s = dashboard.summary
    dashboard.summary = replace(s, warnings=[*s.warnings, "two spaces and the bridge are seldom used"],
                                blame=[*s.blame, Blame("made-up", elements=keys, advice="move them")])
    window.balance.show_blame(len(s.warnings))
    window.balance.window.close()
    window.balance.frame_island()
    QTest.qWait(300)
    out = folder / "island-blame.png"
    window.grab().save(str(out))
    window.document.undo_stack.setClean()
    window.close()
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    for p in grab(Path(args[0] if args else "docs"), args[1] if len(args) > 1 else ISLAND):
        print(p)
