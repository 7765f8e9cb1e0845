"""``studio [FILE]``: start the editor on FILE or on the bundled Jungle Temples 2-player board.

A FILE that is missing or does not load is reported on stderr (``file:line:col: message``)
and the editor opens on the default board instead; never a traceback."""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from studio.content import LoadError
from studio.gui.main_window import APP_NAME, MainWindow, default_board_path, load_error_text
from studio.model.io import InvalidContent

ORGANIZATION = "Board Studio"


def main(argv: list[str] | None = None) -> int:
    """Run the editor; returns the event loop's exit code (2 for bad arguments)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) > 1:
        print("usage: studio [FILE]", file=sys.stderr)
        return 2
    problem = display_problem()
    if problem:
        print(f"studio: {problem}", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "studio"])
    start_editor(argv)
    return app.exec()


def display_problem(environ=None) -> str | None:
    """Why no window can be shown here, or None. On Linux without X11 or Wayland (and no
    QT_QPA_PLATFORM), Qt would abort the process; say so plainly instead."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux") or env.get("QT_QPA_PLATFORM"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return ("no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the editor cannot open a "
            "window. Run it in a desktop session, or set QT_QPA_PLATFORM=offscreen for a window-less run; "
            "the command-line tools (studio validate, playtest, render, sweep) need no display.")


# format -> the window class (imported only when needed) that edits files of that format;
# each takes ``settings=`` and has ``load_path(path, interactive=False)``
CONTENT_EDITORS: dict[str, str] = {
    "rivages-island/1": "studio.gui.rivages.island_editor:IslandEditorWindow",
    "rivages-tree/1": "studio.gui.rivages.tree_editor:TreeEditorWindow",
    "rivages-cards/1": "studio.gui.rivages.card_editor:CardEditorWindow",
    "rivages-loot/1": "studio.gui.rivages.card_editor:CardEditorWindow",
}


def editor_for(path) -> str | None:
    """The ``module:Class`` of the editor for the file at ``path`` (from its ``format:``), or
    None for boards, scenarios and files that do not parse (the board editor reports those)."""
    from studio.content import load_document

    try:
        fmt = load_document(path).format or ""
    except (LoadError, OSError):
        return None
    return CONTENT_EDITORS.get(fmt)


def start_editor(argv: list[str], settings: QSettings | None = None):
    """Show the editor window on ``argv[0]`` (or the bundled board), then offer to restore
    work that a crash lost: the board editor, or the island, tree or card editor for Rivages
    files (by the file's ``format:``). Needs a QApplication; ``settings`` default to the app's."""
    app = QApplication.instance()
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    target = editor_for(argv[0]) if argv else None
    if target is not None:
        import importlib

        module, _, name = target.partition(":")
        window = getattr(importlib.import_module(module), name)(settings=settings)
        try:
            window.load_path(argv[0], interactive=False)
        except (LoadError, InvalidContent, OSError) as exc:
            text, _details = load_error_text(exc)
            print(f"studio: cannot open {argv[0]}:\n{text}\nStarting with a new file instead.", file=sys.stderr)
        window.show()
        return window
    window = MainWindow(settings=settings)
    opened = False
    if argv:
        try:
            window.load_path(argv[0], interactive=False)
            opened = True
        except (LoadError, InvalidContent, OSError) as exc:
            text, _details = load_error_text(exc)
            print(f"studio: cannot open {argv[0]}:\n{text}\nOpening the default board instead.", file=sys.stderr)
    if not opened:
        try:
            window.load_path(default_board_path(), interactive=False)
        except (LoadError, InvalidContent, OSError) as exc:
            text, _details = load_error_text(exc)
            print(f"studio: the bundled board did not load ({text}); starting with a new board.", file=sys.stderr)
    window.show()
    window.files.offer_recovery()
    return window


if __name__ == "__main__":
    sys.exit(main())
