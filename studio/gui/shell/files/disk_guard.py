"""What an editor does when its file changes on disk behind its back.

:class:`DiskGuard` ties a :class:`~studio.gui.shell.files.watcher.DiskWatcher` to an editor window
whose document is a file (island, tree, cards, loot): when another program changes the file,
the user is asked whether to reload it or keep the editor's version, and a save over a file
changed since the editor read or wrote it asks first (:func:`confirm_overwrite`, also after
"Keep Mine"), so another program's edits are never overwritten without a word. (The board
editor does the same through its file services.)"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject

from studio.gui.shell import prompts
from studio.gui.shell.files.watcher import DiskWatcher


def confirm_overwrite(window, watcher: DiskWatcher, path, shown=None) -> bool:
    """Before writing ``path``: True to go on. When another program changed the file since
    the editor loaded or saved it (:meth:`DiskWatcher.overwritten_change`, whether the change
    was reported and kept or not), asks once, naming the file (``shown``: as the user opened
    it) and the time of the change; Cancel is the default."""
    changed_at = watcher.overwritten_change(path)
    if changed_at is None:
        return True
    watcher.pause()  # no "changed on disk" prompt over this one
    try:
        return prompts.ask_overwrite_changed(window, Path(shown or path).name, changed_at)
    finally:
        watcher.resume()


class DiskGuard(QObject):
    """``document_of()``: the window's current document (``path``, ``is_modified``,
    ``undo_stack``); ``reload(path) -> bool``: open ``path`` again in the window (False when it
    did not load; the window then keeps its document and says why)."""

    def __init__(self, window, document_of: Callable[[], object], reload: Callable[[str], bool]) -> None:
        super().__init__(window)
        self.window = window
        self.document_of = document_of
        self.reload = reload
        self.watcher = DiskWatcher(self)
        self.watcher.changed_on_disk.connect(self._changed)

    def follow(self, path) -> None:
        """The document is now ``path`` (opened, saved, saved as; None: not a file): its
        content on disk is what the editor knows."""
        self.watcher.watch(path)

    def may_save(self, path) -> bool:
        """Before writing ``path``: True to go on; False when the file changed on disk since
        the editor read or wrote it and the user cancelled (:func:`confirm_overwrite`)."""
        return confirm_overwrite(self.window, self.watcher, path, getattr(self.document_of(), "path", None))

    def _changed(self, path: str) -> None:
        self._ask(path)

    def _ask(self, path: str) -> bool:
        """Reload or keep mine. True: the editor's version stays (and is marked unsaved, since
        it differs from the file); False: the file was reloaded, or did not load."""
        doc = self.document_of()
        shown = getattr(doc, "path", None) or path  # as the user opened it (links resolved)
        self.watcher.pause()
        try:
            if prompts.ask_reload_changed(self.window, Path(shown).name, doc.is_modified):
                if not self.reload(shown):
                    self.watcher.accept()
                    self.document_of().undo_stack.resetClean()
                return False
            self.watcher.accept()
            doc.undo_stack.resetClean()
            return True
        finally:
            self.watcher.resume()
