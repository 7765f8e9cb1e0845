"""Screenshots of the island editor for the docs: ``python -m studio.gui.rivages.island_screenshots
docs`` writes island-editor.png (the editor on a bundled island, a space selected), island-goals.png
(the goal editor with a goal's cheapest way lit on the canvas), island-try-it.png (a solo game
on the island) and island-page.png (an exported A4 page, at 110 dpi)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

ISLAND = Path(__file__).resolve().parents[3] / "boards" / "rivages" / "islands" / "gull-rock.yaml"


def grab_all(folder: Path) -> list[Path]:
    from studio.gui.rivages.island_document import IslandDocument
    from studio.gui.rivages.island_editor import IslandEditorWindow
    from studio.gui.rivages.try_it import open_try_it
    from studio.model.rivages import Island
    from studio.render.island import write_island

    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.IniFormat)
        w = IslandEditorWindow(IslandDocument.open(ISLAND, Island), settings=settings)
        w.resize(1360, 860)
        w.show()
        app.processEvents()
        w.view.fit()
        w.set_tool("paint:forest")
        w.select((0, -1))
        app.processEvents()
        out.append(folder / "island-editor.png")
        w.grab().save(str(out[-1]))
        w.properties.hide()
        w.goals.widgets["quest-show"].setChecked(True)
        app.processEvents()
        w.view.fit()
        app.processEvents()
        out.append(folder / "island-goals.png")
        w.grab().save(str(out[-1]))
        play = open_try_it(w.document.island, None, w, controller="greedy", delay_ms=0)
        play.set_autoplay(False)
        for _ in range(30):
            play.step()
        app.processEvents()
        out.append(folder / "island-try-it.png")
        play.grab().save(str(out[-1]))
        play.close()
        w.document.undo_stack.setClean()
        w.close()
        written, _layout = write_island(w.document.island, folder / "island-page.png", "png", dpi=110)
        out += written
    return out


if __name__ == "__main__":
    for path in grab_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(path)
