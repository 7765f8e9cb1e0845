"""``python -m studio.gui.rivages.content_screenshots [FOLDER]``: grab the tree editor, the card
editor, the loot editor and exported card and tree sheets to PNG files (default folder:
``docs``), for the documentation. Runs offscreen; dialogs never open; nothing is saved."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, QTemporaryDir  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.content import bundled_path  # noqa: E402

SHEET_DPI = 110   # enough to read on screen, small enough for the repository


def _settle(app, ms: int = 300) -> None:
    QTest.qWait(ms)
    app.processEvents()


def _save(widget, folder: Path, name: str) -> Path:
    path = folder / name
    widget.grab().save(str(path))
    print(path)
    return path


def grab_all(folder: Path) -> list[Path]:
    from studio.gui.rivages.card_editor import CardEditorWindow
    from studio.gui.rivages.tree_editor import TreeEditorWindow
    from studio.model.io import read
    from studio.render.cards import PrintOptions, card_pages
    from studio.render.pages import write_pages
    from studio.render.tree import tree_pages

    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder.mkdir(parents=True, exist_ok=True)
    scratch = QTemporaryDir()
    settings = QSettings(str(Path(scratch.path()) / "settings.ini"), QSettings.IniFormat)
    out: list[Path] = []
    riv = bundled_path("boards", "rivages")

    tree = TreeEditorWindow(settings=settings)
    tree.resize(1360, 860)
    tree.load_path(riv / "trees" / "kapok.yaml", interactive=False)
    tree.show()
    QTest.qWaitForWindowExposed(tree)
    tree.set_side("B")
    tree.scene.select([("node", "r2")])
    tree.set_tool("add")
    _settle(app)
    out.append(_save(tree, folder, "tree-editor.png"))
    tree.close()

    cards = CardEditorWindow(settings=settings)
    cards.resize(1360, 860)
    cards.load_path(riv / "cards.yaml", interactive=False)
    cards.show()
    QTest.qWaitForWindowExposed(cards)
    cards.select_element(("card", "x15"))
    _settle(app)
    out.append(_save(cards, folder, "card-editor.png"))
    cards.load_path(riv / "loot.yaml", interactive=False)
    cards.set_current(("token", 1))
    _settle(app)
    out.append(_save(cards, folder, "loot-editor.png"))
    cards.close()

    pages, _layout = card_pages(read(riv / "cards.yaml"), None, "a4", options=PrintOptions())  # as studio render
    written = write_pages(pages, folder / "card-sheet.png", "png", SHEET_DPI)
    first = folder / "card-sheet.png"
    written[0].replace(first)
    for extra in written[1:]:
        extra.unlink()
    print(first)
    out.append(first)
    tree_written = write_pages(tree_pages(read(riv / "trees" / "kapok.yaml"), "a4", ("B",)),
                               folder / "tree-sheet.png", "png", SHEET_DPI)
    print(tree_written[0])
    out += tree_written
    return out


if __name__ == "__main__":
    grab_all(Path(sys.argv[1] if len(sys.argv) > 1 else "docs"))
