"""File ▸ Open (and Open Recent) of a file another window edits: every editor opens any content
file in the window made for its ``format:``, as the board editor does (an island opened from
the tree editor opens the island editor, a tree opened from the island editor the tree editor,
a board the board editor, a Rivages scenario the Rivages playtest window).

Usage, in an editor's open path::

    routed = open_in_its_window(self, path, ("rivages-island/1",))
    if routed is not None:
        return routed          # another window took it (True), or said why it could not (False)
    ...                        # the file is this window's kind: open it here

The windows opened are kept in ``owner.other_windows`` (a list made on first use) so they live
as long as the window they were opened from, or until they are closed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication

from studio.gui.shell.load_errors import file_format

WINDOWS_ATTR = "other_windows"


def open_in_its_window(owner, path, own_formats) -> bool | None:
    """Open ``path`` in the window for its format when that is not one of ``own_formats``;
    None when the file is the owner's own kind, or names no known format (the owner reports
    it). True when a window opened, False when the file did not load (that window's message
    box said why)."""
    from studio.gui.app import CONTENT_EDITORS

    fmt = file_format(path)
    if not fmt or fmt in own_formats:
        return None
    settings = getattr(owner, "settings", None)
    window = None
    if fmt in CONTENT_EDITORS:
        import importlib

        module, _, name = CONTENT_EDITORS[fmt].partition(":")
        window = getattr(importlib.import_module(module), name)(settings=settings)
        if not window.load_path(str(path)):
            window.deleteLater()
            return False
        window.show()
    elif fmt == "rivages-scenario/1":
        from studio.gui.app import open_rivages_scenario

        window = open_rivages_scenario(str(path), parent=owner)
        if window is None:
            return False
    elif fmt in ("realm-board/1", "realm-board/2", "realm-scenario/1"):  # every board version
        from studio.gui.realm.main_window import MainWindow

        window = MainWindow(settings=settings)
        if not window.open_file(str(path)):
            window.deleteLater()
            return False
        window.show()
    else:
        return None
    keep = getattr(owner, WINDOWS_ATTR, None)
    if keep is None:
        keep = []
        setattr(owner, WINDOWS_ATTR, keep)
    keep.append(window)
    window.destroyed.connect(lambda *_: keep.remove(window) if window in keep else None)
    if hasattr(owner, "say"):
        owner.say(f"Opened {Path(path).name} in its own editor window")
    elif hasattr(owner, "statusBar"):
        owner.statusBar().showMessage(QCoreApplication.translate("open_router", "Opened {name} in its own editor window").format(name=Path(path).name), 6000)
    return True


__all__ = ["open_in_its_window"]
