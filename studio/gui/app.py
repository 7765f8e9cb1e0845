"""``studio [-v] [FILE]``: start the editor on FILE or on the bundled Jungle Temples 2-player board.

FILE picks its window by its ``format:``: a board opens the board editor; an island, tree, card
set or loot file its Rivages editor; a Rule the Realm scenario opens its board with the scenario
editor beside it; a Rivages scenario opens the Rivages playtest window.

A FILE that is missing or does not load is reported in a dialog and on stderr
(``file:line:col: message``), and the editor opens on a new untitled board instead (never on the
bundled board, which a Save would overwrite); never a traceback. A board, island, tree, card or
loot file with schema errors opens to be repaired (:mod:`studio.model.lenient`). Work a crash
lost, of any kind, is offered once the first window shows (:mod:`studio.gui.shell.files.restore`). Qt's own warnings go to
the ``studio.qt`` logger (:mod:`studio.gui.shell.qt_log`), shown with ``-v`` or ``STUDIO_VERBOSE=1``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

from studio.content import LoadError
from studio.gui.realm.main_window import APP_NAME, MainWindow, board_reference_place, default_board_path
from studio.gui.shell import desktop, prompts, wheel_guard
from studio.gui.shell.load_errors import file_format, load_error_text, open_title
from studio.gui.shell.qt_log import install_qt_logging, verbose_from_env
from studio.model.io import InvalidContent

ORGANIZATION = "Board Studio"


def main(argv: list[str] | None = None) -> int:
    """Run the editor; returns the event loop's exit code (2 for bad arguments)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    verbose = any(a in ("-v", "--verbose") for a in argv)
    argv = [a for a in argv if a not in ("-v", "--verbose")]
    if len(argv) > 1:
        print("usage: studio [-v] [FILE]", file=sys.stderr)
        return 2
    problem = display_problem()
    if problem:
        print(f"studio: {problem}", file=sys.stderr)
        return 2
    # Qt's warnings go to the studio.qt logger (shown with -v or STUDIO_VERBOSE=1), not stderr
    install_qt_logging(verbose or verbose_from_env())
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "studio"])
    wheel_guard.install(app)
    desktop.apply_palette(app)  # STUDIO_PALETTE=dark|light, for desktops whose Qt theme ignores dark mode
    window = start_editor(argv)  # noqa: F841 - a top-level window lives while referenced
    return app.exec()


# the X11 libraries Qt 6's xcb platform loads beyond libxcb itself, and the Debian/Ubuntu
# packages that carry them; without one Qt aborts with "no Qt platform plugin could be initialized"
XCB_LIBRARIES = (("xcb-cursor", "libxcb-cursor0"), ("xcb-icccm", "libxcb-icccm4"), ("xcb-keysyms", "libxcb-keysyms1"))


def display_problem(environ=None, find_library=None) -> str | None:
    """Why no window can be shown here, or None. On Linux without X11 or Wayland (and no
    QT_QPA_PLATFORM), or on X11 without the xcb libraries Qt loads (:data:`XCB_LIBRARIES`), Qt
    would abort the process with a hint that reinstalling may help; say plainly what is missing
    instead. ``find_library``: :func:`ctypes.util.find_library` unless given (tests)."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux") or env.get("QT_QPA_PLATFORM"):
        return None
    if env.get("WAYLAND_DISPLAY"):
        return None
    if env.get("DISPLAY"):
        if find_library is None:
            from ctypes.util import find_library
        missing = [package for lib, package in XCB_LIBRARIES if not find_library(lib)]
        if not missing:
            return None
        return (f"the editor needs X11 libraries this system lacks ({', '.join(missing)}), so Qt cannot open a "
                f"window. On Debian or Ubuntu: sudo apt-get install {' '.join(missing)}. The command-line tools "
                "(studio validate, playtest, balance, render) need no display.")
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
    return CONTENT_EDITORS.get(file_format(path))


def open_realm_scenario(path, settings: QSettings | None = None):
    """``studio SCENARIO.yaml`` for Rule the Realm: the board editor on the scenario's board for
    the fewest players, checked against the scenario, with the scenario editor open beside it.
    Returns the board window; raises LoadError / InvalidContent when the scenario does not load."""
    from studio.model.io import board_path, read_scenario

    scenario = read_scenario(path)
    window = MainWindow(settings=settings)
    try:
        window.load_path(board_path(scenario, min(scenario.boards)), interactive=False)
    except (LoadError, InvalidContent, OSError, ValueError) as exc:
        text = load_error_text(exc)[0] if not isinstance(exc, ValueError) else str(exc)
        where = board_reference_place(scenario, path, min(scenario.boards))
        print(f"studio: the scenario's board did not open ({where} names it):\n{text}\n"
              "Opening the default board instead.", file=sys.stderr)
        window.load_path(default_board_path(), interactive=False)
    window.document.set_scenario_path(str(path))
    window.show()
    window.editing.edit_scenario()
    return window


def open_rivages_scenario(path, parent=None):
    """``studio SCENARIO.yaml`` for Rivages: the Rivages playtest window on it, for the
    scenario's first player count (2 when it lists none). None when it cannot be played (a
    message box said why). Raises LoadError, InvalidContent or OSError when the scenario or a
    file it names (island, tree, cards, loot) does not load, unless ``parent`` (the window it
    is opened from) is given: then a box on ``parent`` says what and where, and None."""
    from studio.gui.playtest.rivages_playtest import open_rivages_playtest
    from studio.model.rivages import read_rivages

    try:
        content = read_rivages(path)
    except (LoadError, InvalidContent, OSError) as exc:
        if parent is None:
            raise
        text, details = load_error_text(exc)
        prompts.show_error(parent, QCoreApplication.translate("app", "Cannot open scenario"),
                           QCoreApplication.translate("app", "Could not open {name}.\n\n{text}")
                           .format(name=Path(path).name, text=text), details)
        return None
    counts = getattr(content.scenario, "players", None) or (2,)
    return open_rivages_playtest(str(path), counts[0], None)


def start_editor(argv: list[str], settings: QSettings | None = None):
    """Show the editor window on ``argv[0]`` (or the bundled board): the board editor, or the
    island, tree or card editor for Rivages files (by the file's ``format:``), then offer to
    restore work that a crash lost, each autosave in the editor for its kind
    (:mod:`studio.gui.shell.files.restore`). Needs a QApplication; ``settings`` default to the app's."""
    app = QApplication.instance()
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    if argv and Path(argv[0]).suffix.lower() in (".tmx", ".tmj"):  # a Tiled map: imported as an island
        from studio.gui.shell.files.tiled_actions import open_map

        editor = open_map(None, argv[0], settings)
        if editor is not None:
            editor.recovery.offer_recovery()
            return editor
        argv = []  # the message box said why the map makes no island: the default editor opens
    fmt = file_format(argv[0]) if argv else ""
    scenario_refused: tuple[str, str | None] | None = None
    if fmt in ("realm-scenario/1", "rivages-scenario/1"):
        opener = open_realm_scenario if fmt == "realm-scenario/1" else open_rivages_scenario
        try:
            window = opener(argv[0], settings) if opener is open_realm_scenario else opener(argv[0])
        except (LoadError, InvalidContent, OSError) as exc:
            scenario_refused = load_error_text(exc)
            window = None
        if window is not None:
            recovery = getattr(window, "recovery", None)  # the board editor; not the playtest window
            if recovery is not None:
                recovery.offer_recovery()
            return window
        if scenario_refused is None:
            argv = []  # a message box already said why it cannot be played
    target = CONTENT_EDITORS.get(fmt)
    if target is not None:
        import importlib

        module, _, name = target.partition(":")
        window = getattr(importlib.import_module(module), name)(settings=settings)
        failed = None
        try:
            window.load_path(argv[0], interactive=False)
        except (LoadError, InvalidContent, OSError) as exc:
            failed = exc
            text, _details = load_error_text(exc)
            print(f"studio: cannot open {argv[0]}:\n{text}\nStarting with a new file instead.", file=sys.stderr)
        window.show()
        if failed is not None:  # said in the editor's own box, as File > Open says it
            window.doc_files.show_load_error(failed, argv[0])
        window.recovery.offer_recovery()  # lost work of any kind, each into its own editor
        return window
    window = MainWindow(settings=settings)
    refused: tuple[str, str | None] | None = scenario_refused
    if refused is not None:
        print(f"studio: cannot open {argv[0]}:\n{refused[0]}\nStarting with a new board instead.", file=sys.stderr)
    elif argv:
        # A file named on the command line that does not open is said in a dialog, and the
        # window holds a new untitled board: never the bundled board, which a Save would
        # then overwrite unawares.
        try:
            window.load_path(argv[0], interactive=False)
        except (LoadError, InvalidContent, OSError) as exc:
            refused = load_error_text(exc)
            print(f"studio: cannot open {argv[0]}:\n{refused[0]}\nStarting with a new board instead.",
                  file=sys.stderr)
    else:
        try:
            window.load_path(default_board_path(), interactive=False)
        except (LoadError, InvalidContent, OSError) as exc:
            text, _details = load_error_text(exc)
            print(f"studio: the bundled board did not load ({text}); starting with a new board.", file=sys.stderr)
    window.show()
    if refused is not None:
        title = open_title(argv[0], "Cannot open board")  # the box File > Open shows, and what happens now
        prompts.show_error(window, QCoreApplication.translate("app", title), QCoreApplication.translate("app", "Could not open {name}.\n\n{refused}\n\nThe editor starts with a new, untitled board instead.").format(name=Path(argv[0]).name, refused=refused[0]), refused[1])
    window.files.offer_recovery()
    return window


if __name__ == "__main__":
    sys.exit(main())
