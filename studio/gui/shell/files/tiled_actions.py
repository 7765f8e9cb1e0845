"""File > Import Tiled Map… and Export as Tiled Map… (docs/tiled.md): the island editor reads
and writes Rivages islands as Tiled hexagonal maps, the board editor exports a board as a
Tiled map of object layers. The work is :mod:`studio.interop`'s; this module asks where and
says what happened.

Dialogs go through the module's ``ask_*`` functions so tests patch them; errors and findings
through :mod:`studio.gui.shell.prompts`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMessageBox,
)

from studio.gui.shell import prompts

MAP_FILTER = "Tiled map, XML (*.tmx);;Tiled map, JSON (*.tmj)"
OPEN_FILTER = "Tiled maps (*.tmx *.tmj);;All files (*)"
MAX_LISTED = 10
TILED_SUFFIXES = (".tmx", ".tmj")


# --- dialogs (patched in tests) -------------------------------------------------------------------

def ask_import_map(parent, directory: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Import Tiled Map", directory, OPEN_FILTER)
    return path or None


def ask_island_export(parent, suggested: str) -> tuple[str, str, bool] | None:
    """``(path, stagger index, embed the tileset)`` for an island, or None when cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(QCoreApplication.translate("tiled_actions", "Export as Tiled Map"))
    form = QFormLayout(dialog)
    index = QComboBox()
    index.addItem(QCoreApplication.translate("tiled_actions", "Odd (Tiled's default)"), "odd")
    index.addItem(QCoreApplication.translate("tiled_actions", "Even"), "even")
    embed = QCheckBox(QCoreApplication.translate("tiled_actions", "Put the tileset in the map (no .tsx/.tsj file beside it)"))
    form.addRow(QLabel(QCoreApplication.translate("tiled_actions", "The map, its tileset image and its tileset are written side by side.")))
    form.addRow(QCoreApplication.translate("tiled_actions", "Stagger index"), index)
    form.addRow(embed)
    buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    if dialog.exec() != QDialog.Accepted:
        return None
    path = ask_map_path(parent, suggested)
    return (path, index.currentData(), embed.isChecked()) if path else None


def ask_map_path(parent, suggested: str) -> str | None:
    path, chosen = QFileDialog.getSaveFileName(parent, "Export as Tiled Map", suggested, MAP_FILTER)
    if path and Path(path).suffix.lower() not in (".tmx", ".tmj"):
        path += ".tmj" if "JSON" in chosen else ".tmx"
    return path or None


def show_findings(parent, title: str, text: str, findings) -> None:
    """An information (warning with errors) box: ``text``, then one line per finding."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Warning if any(f.severity == "error" for f in findings) else QMessageBox.Information)
    box.setWindowTitle(title)
    box.setText(text)
    box.setInformativeText(findings_text(findings))
    box.setDetailedText("\n".join(f.format() for f in findings))
    box.exec()


def findings_text(findings, limit: int = MAX_LISTED) -> str:
    """``• file:line:col: severity: message`` per finding (the file's name and the place as
    ``studio convert`` gives them; no place when the finding has none), at most ``limit``, then
    how many more."""
    lines = [f"• {_place(f)}{f.severity}: {f.message}" for f in findings[:limit]]
    if len(findings) > limit:
        lines.append(f"… and {len(findings) - limit} more (Show Details lists them all)")
    return "\n".join(lines)


def _place(finding) -> str:
    """``name:line:col: `` of ``finding`` (its file's name, not its folder), or ``""``."""
    if not finding.path:
        return ""
    where = Path(finding.path).name
    if finding.line is not None:
        where += f":{finding.line}:{finding.col or 1}"
    return where + ": "


# --- the island editor ------------------------------------------------------------------------------

def _suggested(document, fallback: str, suffix: str) -> str:
    if document.path and not _bundled(document.path):
        return str(Path(document.path).with_suffix(suffix))
    return str(Path(prompts.last_folder("tiled") or Path.home()) / f"{fallback}{suffix}")


def _bundled(path: str) -> bool:
    from studio.gui.shell.document_window import is_bundled

    return is_bundled(path)


def import_island_map(window) -> bool:
    """Ask for a map, read it as an island and open it, unsaved, in ``window`` (an island
    editor). A map without goals opens with stand-in goals; every finding is listed."""

    here = window.document.path and not _bundled(window.document.path)
    path = ask_import_map(window, prompts.last_folder("tiled") or (str(Path(window.document.path).parent) if here else ""))
    if not path:
        return False
    return import_map_path(window, path)


def import_map_path(window, path: str) -> bool:
    """Import the Tiled map at ``path`` into ``window`` (an island editor), after offering to
    save its unsaved work: as File > Import Tiled Map… once the map is chosen. A map that makes
    no island is said first, before any question about the island shown (which stays)."""
    from studio.gui.rivages.island_document import IslandDocument
    from studio.interop.tiled_island import read_island_map

    prompts.remember_folder("tiled", path)
    result = read_island_map(path, window.palette.names(), placeholders=True)
    name = Path(path).name
    if result.island is None:
        prompts.show_error(window, QCoreApplication.translate("tiled_actions", "Cannot import Tiled map"), f"{name} does not make an island:\n\n"
                           + findings_text(result.errors or result.findings),
                           "\n".join(f.format() for f in result.findings))
        return False
    if not window.maybe_save():
        return False
    from studio.validate.rivages import rivages_findings

    window.set_document(IslandDocument(result.island, None, scenario=window.document.scenario))
    # unsaved work that exists nowhere else: Close and Quit ask before dropping it (issue 16)
    window.document.undo_stack.resetClean()
    # what `studio validate` will say of the island once saved (a bridge end off the spaces, a fort on a space)
    findings = list(result.findings) + [f for f in rivages_findings(result.island, window.palette.names())
                                        if f.severity == "error"]
    n = len(findings)
    if n:
        show_findings(window, "Tiled map imported", f"{name} was imported as the island "
                      f"“{result.island.name or result.island.id}” (not saved yet), with {n} "
                      f"finding{'s' if n != 1 else ''}:", findings)
    window.say(f"Imported {path}: save it as an island file (File > Save As)"
               + (f"; {n} finding{'s' if n != 1 else ''}" if n else ""))
    return True


def open_map(owner, path: str, settings=None):
    """Open the Tiled map ``path`` as an island (``studio MAP.tmx``, a map dropped on a
    window): imported into ``owner`` when it is an island editor, else into a new island
    editor window, kept with ``owner``'s windows. Returns the island editor, or None when the
    map makes no island (a message box said why)."""
    from studio.gui.rivages.island_editor import IslandEditorWindow

    if isinstance(owner, IslandEditorWindow):
        return owner if import_map_path(owner, path) else None
    editor = IslandEditorWindow(settings=settings if settings is not None else getattr(owner, "settings", None))
    if not import_map_path(editor, path):
        editor.document.undo_stack.setClean()  # nothing of the user's: close without asking
        editor.deleteLater()
        return None
    editor.show()
    if owner is not None:
        keep = getattr(owner, "_tiled_windows", None)
        if keep is None:
            keep = []
            owner._tiled_windows = keep
        keep.append(editor)
        editor.destroyed.connect(lambda *_: keep.remove(editor) if editor in keep else None)
    return editor


def export_island_map(window) -> bool:
    """Ask where, then write the island of ``window`` as a Tiled map with its tileset."""
    from studio.interop.tiled_island import CannotExport, island_map_files, write_files

    island = window.document.island
    answer = ask_island_export(window, _suggested(window.document, island.id, ".tmx"))
    if not answer:
        return False
    path, index, embed = answer
    try:
        files = island_map_files(island, path, index, embed, list(window.palette.terrains.values()))
        written = write_files(files)
    except (CannotExport, ValueError, OSError) as exc:
        prompts.show_error(window, QCoreApplication.translate("tiled_actions", "Cannot export to Tiled"), QCoreApplication.translate("tiled_actions", "The Tiled map was not written: {exc}").format(exc=exc))
        return False
    prompts.remember_folder("tiled", path)
    window.say(f"Exported {path} for Tiled (with {', '.join(p.name for p in written if str(p) != str(path))})")
    return True


def island_actions(window, menu, add) -> None:
    """Add Import Tiled Map… and Export as Tiled Map… to the island editor's File ``menu``
    through its ``add(menu, key, text, slot)``."""
    add(menu, "import_tiled", "&Import Tiled Map…", lambda: import_island_map(window))
    add(menu, "export_tiled", "Export as &Tiled Map…", lambda: export_island_map(window))


# --- the board editor -----------------------------------------------------------------------------

def export_board_map(window) -> bool:
    """Ask where, then write the board of ``window`` (the board editor) as a Tiled map: the
    board drawn as an image layer, and its segments, lines and pegs as object layers."""
    from studio.interop.tiled_board import board_map_files
    from studio.interop.tiled_island import write_files

    board = window.document.board
    path = ask_map_path(window, _suggested(window.document, board.id, ".tmx"))
    if not path:
        return False
    try:
        written = write_files(board_map_files(board, path))
    except (ValueError, OSError) as exc:
        prompts.show_error(window, QCoreApplication.translate("tiled_actions", "Cannot export to Tiled"), QCoreApplication.translate("tiled_actions", "The Tiled map was not written: {exc}").format(exc=exc))
        return False
    prompts.remember_folder("tiled", path)
    window.show_status(f"Exported {path} for Tiled (with {', '.join(p.name for p in written if str(p) != str(path))})")
    return True


def board_export_action(window) -> QAction:
    """File > Export as Tiled Map… for the board editor."""
    action = QAction(QCoreApplication.translate("tiled_actions", "Export as &Tiled Map…"), window)
    action.setStatusTip(QCoreApplication.translate("tiled_actions", "Write the board as a Tiled map: its image, and its segments, lines and pegs as objects"))
    action.triggered.connect(lambda _c=False: export_board_map(window))
    window.tiled_export_action = action
    return action


__all__ = ["board_export_action", "export_board_map", "export_island_map", "import_island_map", "import_map_path",
           "island_actions", "open_map", "TILED_SUFFIXES"]
