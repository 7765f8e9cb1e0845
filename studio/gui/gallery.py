"""Every window and dialog of the studio, built on bundled content, by window kind (the keys of
:data:`studio.gui.shell.desktop.WINDOW_DOCS`): what the desktop-convention tests walk and what
``python -m studio.gui.gallery OUTDIR [dark|light]`` screenshots (run it under a real X server,
e.g. Xvfb, to see the desktop's style and palette).

``make(kind, settings)`` returns ``(widget, owner)``: the window or dialog, and the editor
window it was opened from (or None) which must live as long as it."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings

MAIN_WINDOW_KINDS = ("board-editor", "scenario-editor", "island-editor", "tree-editor", "card-editor",
                     "playtest", "rivages-playtest", "balance", "suggest")
TREE = "banyan.yaml"
DIALOG_KINDS = ("new-board", "export", "recovery", "new-island", "export-island", "rivages-game", "bot-settings")


def make(kind: str, settings: QSettings):
    """``(widget, owner)`` for window ``kind``; KeyError for an unknown kind."""
    from studio.content import bundled_path

    def main():
        from studio.gui.realm.main_window import MainWindow

        return MainWindow(settings=settings)

    if kind == "board-editor":
        return main(), None
    if kind == "scenario-editor":
        from studio.gui.realm.scenario_editor import ScenarioEditor

        editor = ScenarioEditor()
        editor.open_path(str(bundled_path("scenarios", "jungle-temples.yaml")))
        return editor, None
    if kind == "island-editor":
        from studio.gui.rivages.island_editor import IslandEditorWindow

        window = IslandEditorWindow(settings=settings)
        window.open_path(str(bundled_path("boards", "rivages", "islands", "amber-shoals.yaml")), interactive=False)
        return window, None
    if kind in ("tree-editor", "card-editor"):
        from studio.gui.rivages.card_editor import CardEditorWindow
        from studio.gui.rivages.tree_editor import TreeEditorWindow

        window = (TreeEditorWindow if kind == "tree-editor" else CardEditorWindow)(settings=settings)
        window.load_path(str(bundled_path("boards", "rivages", *(("trees", TREE) if kind == "tree-editor"
                                                                  else ("cards.yaml",)))), interactive=False)
        return window, None
    if kind in ("playtest", "rivages-playtest"):
        from studio.rules import load_game

        if kind == "playtest":
            from studio.gui.playtest.playtest_window import PlaytestWindow

            game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 3, 0)
            return PlaytestWindow(game, seed=1, controllers=["human", "greedy", "greedy"], delay_ms=0,
                                  autoplay=False), None
        from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow

        game = load_game(bundled_path("scenarios", "rivages.yaml"), 2, 0)
        return RivagesPlaytestWindow(game, seed=1, controllers=["human", "greedy"], delay_ms=0,
                                     autoplay=False), None
    if kind in ("balance", "suggest"):
        editor = main()
        editor.balance.open()
        window = editor.balance.window if kind == "balance" else editor.balance.suggest()
        return window, editor
    if kind == "new-board":
        from studio.gui.realm.new_board import NewBoardWizard

        return NewBoardWizard(), None
    if kind == "export":
        from studio.gui.realm.document import standard_board
        from studio.gui.shell.files.export_dialog import ExportDialog
        from studio.render import export

        return ExportDialog(standard_board(), export.ExportSettings(), str(Path.home() / "board.pdf")), None
    if kind == "recovery":
        from studio.gui.shell.files.recovery_dialog import RecoveryDialog

        return RecoveryDialog([], at_launch=True), None
    if kind in ("new-island", "export-island"):
        from studio.gui.rivages import island_editor as ie

        if kind == "new-island":
            return ie.NewIslandDialog(None, None), None
        return ie.ExportIslandDialog(None, str(Path.home() / "island.pdf")), None
    if kind == "rivages-game":
        from studio.gui.playtest.rivages_playtest import RivagesGameDialog

        return RivagesGameDialog(), None
    if kind == "bot-settings":
        from studio.gui.shell.bot_settings import BotSettingsDialog

        return BotSettingsDialog("Seat 2", "mcts:300"), None
    raise KeyError(f"no window kind {kind!r}")


def shoot(outdir: str, palette: str | None = None) -> list[Path]:
    """Show every window in turn and save it as ``OUTDIR/KIND.png``; returns the files."""
    from PySide6.QtWidgets import QApplication

    from studio.gui.shell import desktop

    app = QApplication.instance() or QApplication(["studio-gallery"])
    desktop.apply_palette(app, palette)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(out / "gallery-settings.ini"), QSettings.IniFormat)
    written = []
    for kind in MAIN_WINDOW_KINDS + DIALOG_KINDS:
        widget, owner = make(kind, settings)
        widget.show()
        for _ in range(20):
            app.processEvents()
        target = out / f"{kind}.png"
        widget.grab().save(str(target))
        written.append(target)
        widget.close()
        if owner is not None:
            owner.close()
        app.processEvents()
    return written


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        print("usage: python -m studio.gui.gallery OUTDIR [dark|light]", file=sys.stderr)
        sys.exit(2)
    for path in shoot(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None):
        print(path)
