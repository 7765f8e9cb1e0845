"""Autosave and crash recovery of every editor window, and the way back from a lost autosave
to the window made for its kind.

Each editor window (board, island, Tree of Wisdom, card/loot, scenario) makes one
:class:`WindowRecovery` on its document::

    self.recovery = WindowRecovery(self, self.document, self.restore_autosave)
    file_menu.addAction(self.recovery.recover_action)   # File ▸ Recover Autosaves…
    ...
    self.recovery.follow(new_document)                  # after New / Open replaced it
    self.recovery.window_closed()                       # closed with the user's consent

``restore_autosave(content, original_path) -> bool`` is the window's own part: take the
restored model (for a scenario: its data), as a *modified* document whose path is the
original file (so Save writes back there, patching that file: its comments stay), after
asking about its own unsaved work; False when the user cancels.

:func:`restore_entry` picks the window: the one the offer was made from when it is of the
right class and holds nothing of the user's (no unsaved work, no file or a bundled sample or
the autosave's own file), else a new window of the class made for the autosave's kind
(:data:`EDITOR_FOR_KIND`): an island always opens in an island editor, a board in a board
editor, whichever window offered it. :func:`quit_studio` is File ▸ Quit of every editor:
each open window closes, asking about its unsaved work; Cancel stops it."""

from __future__ import annotations

import importlib
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMainWindow

from studio.content import LoadError
from studio.gui.shell import prompts
from studio.gui.shell.files.recovery import Autosaver, RecoveryEntry, RecoveryStore, kind_noun, restore_offer_enabled

EDITOR_FOR_KIND: dict[str, str] = {
    "realm-board": "studio.gui.realm.main_window:MainWindow",
    "realm-scenario": "studio.gui.realm.scenario_editor:ScenarioEditor",
    "rivages-island": "studio.gui.rivages.island_editor:IslandEditorWindow",
    "rivages-tree": "studio.gui.rivages.tree_editor:TreeEditorWindow",
    "rivages-cards": "studio.gui.rivages.card_editor:CardEditorWindow",
    "rivages-loot": "studio.gui.rivages.card_editor:CardEditorWindow",
}
"""Content format family -> the ``module:Class`` of the window that edits it."""

KEEP_ATTR = "other_windows"  # the same list as studio.gui.shell.files.open_router keeps windows in


def window_class(kind: str) -> type:
    """The editor window class for an autosave of ``kind`` (``rivages-island/1``...). Raises
    KeyError for a kind no window edits."""
    module, _, name = EDITOR_FOR_KIND[str(kind).split("/")[0]].partition(":")
    return getattr(importlib.import_module(module), name)


def say(window, text: str) -> None:
    """A status-bar message in any editor window."""
    for name in ("show_status", "say"):
        method = getattr(window, name, None)
        if callable(method):
            method(text)
            return
    if isinstance(window, QMainWindow):
        window.statusBar().showMessage(text, 8000)


def recovery_of(window) -> "WindowRecovery | None":
    """The :class:`WindowRecovery` of an editor window (None for a window without autosave)."""
    found = getattr(window, "recovery", None)
    return found if isinstance(found, WindowRecovery) else None


class WindowRecovery(QObject):
    """Autosave of one window's document, File ▸ Recover Autosaves… (``recover_action``) and the
    restore offer at start-up (:meth:`offer_recovery`)."""

    def __init__(self, window, document, restore_here, store: RecoveryStore | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.restore_here = restore_here
        self.autosaver = Autosaver(document, store, parent=self)
        self.autosaver.failed.connect(lambda text: say(self.window, text))
        self.recover_action = QAction(self.tr("Recover A&utosaves…"), window)
        self.recover_action.setStatusTip(self.tr("Unsaved work autosaved by editors that did not close properly: "
                                         "restore or discard it"))
        self.recover_action.triggered.connect(self.recover_autosaves)
        window.addAction(self.recover_action)

    @property
    def store(self) -> RecoveryStore:
        return self.autosaver.store

    @property
    def document(self):
        return self.autosaver.document

    def follow(self, document) -> None:
        """The window replaced its document (its old work was saved or given up)."""
        self.autosaver.follow(document)

    def window_closed(self) -> None:
        """The window closed with the user's consent: its unsaved work is not needed anymore."""
        self.autosaver.stop()
        self.autosaver.discard()

    # -- offering ----------------------------------------------------------------------------
    def offer_recovery(self) -> bool:
        """At start-up: offer the autosaved work of editors that crashed since the last start
        (each autosave is offered once; "Later" keeps it for File ▸ Recover Autosaves…
        without asking again), after removing the stale ones silently
        (:meth:`RecoveryStore.clean_stale`). True when something was restored. Does nothing
        when ``STUDIO_NO_AUTOSAVE_PROMPT`` is set."""
        if not restore_offer_enabled():
            return False
        store = self.store
        store.clean_stale()
        new = [e for e in store.to_offer() if e.session != self.autosaver.session]
        if not new:
            return False
        earlier = sum(1 for e in store.orphans() if e.offered_at is not None)
        decision = prompts.ask_recover_autosaves(self.window, new, at_launch=True, earlier=earlier)
        return self._carry_out(decision, new)

    def recover_autosaves(self) -> bool:
        """File ▸ Recover Autosaves…: every autosave of an editor that is gone, with its kind,
        original path and time, to restore or discard. True when something was restored."""
        store = self.store
        store.clean_stale()
        entries = [e for e in store.orphans() if e.session != self.autosaver.session]
        if not entries:
            prompts.show_info(self.window, self.tr("Recover Autosaves"),
                              self.tr("There is no autosaved work to recover: every editor closed with its work saved "
                              "or discarded."))
            return False
        return self._carry_out(prompts.ask_recover_autosaves(self.window, entries), entries)

    def _carry_out(self, decision, shown: list[RecoveryEntry]) -> bool:
        """Delete what was discarded, mark the rest offered, restore the chosen ones."""
        gone = {e.file for e in decision.discard}
        for entry in decision.discard:
            entry.remove()
        chosen = [e for e in decision.restores() if e.file not in gone]
        self.store.mark_offered([e for e in shown if e.file not in gone and e not in chosen])
        restored = False
        for entry in chosen:
            if restore_entry(entry, self.window) is not None:
                restored = True
        # one that could not be restored (or whose file stayed) is kept for File ▸ Recover Autosaves…
        self.store.mark_offered([e for e in chosen if e.file.exists()])
        return restored


def _takes(window, entry: RecoveryEntry) -> bool:
    """Whether ``window`` may show ``entry`` instead of opening another window: it holds
    nothing of the user's (clean, and no file, a bundled sample or the autosave's own file)."""
    from studio.gui.shell.document_window import is_bundled

    recovery = recovery_of(window)
    if recovery is None:
        return False
    doc = recovery.document
    if doc.is_modified:
        return False
    path = getattr(doc, "path", None)
    if not path:
        return True
    if entry.original_path and Path(path) == Path(entry.original_path):
        return True
    try:
        return is_bundled(path)
    except (OSError, ValueError):
        return False


def _new_window(cls, owner):
    import inspect

    if "settings" in inspect.signature(cls.__init__).parameters:
        return cls(settings=getattr(owner, "settings", None))
    window = cls()  # the scenario editor keeps no settings; it goes when closed
    window.setAttribute(Qt.WA_DeleteOnClose, True)
    return window


def _keep(owner, window) -> None:
    """Keep ``window`` alive as long as ``owner`` is, or until it is closed."""
    keep = getattr(owner, KEEP_ATTR, None)
    if keep is None:
        keep = []
        setattr(owner, KEEP_ATTR, keep)
    keep.append(window)
    window.destroyed.connect(lambda *_: keep.remove(window) if window in keep else None)


def restore_entry(entry: RecoveryEntry, owner):
    """Open ``entry``'s document, modified, with its original path, in the window made for its
    kind (``owner`` itself when it may take it, else a new window, kept alive by ``owner``).
    The autosave file is replaced by that window's own. Returns the window, or None when the
    autosave cannot be read (a message says why) or the user cancelled."""
    noun = entry.kind_noun
    try:
        content = entry.content()
        cls = window_class(entry.kind)
    except LoadError as exc:
        prompts.show_error(owner, QCoreApplication.translate("restore", "Cannot restore"),
                           QCoreApplication.translate("restore", "The autosaved work on {name} ({noun}, autosaved {saved_at_text}) cannot be restored: {message}.\n\nThe autosave file is {file}; Discard in File ▸ Recover Autosaves… deletes it.").format(name=entry.name, noun=noun, saved_at_text=entry.saved_at_text(), message=exc.message, file=entry.file), exc.format())
        return None
    except KeyError:
        prompts.show_error(owner, QCoreApplication.translate("restore", "Cannot restore"),
                           QCoreApplication.translate("restore", "The autosaved work on {name} is of a kind this studio does not edit ({kind}); it is kept in {file}.").format(name=entry.name, kind=entry.kind, file=entry.file))
        return None
    created = not (isinstance(owner, cls) and _takes(owner, entry))
    target = _new_window(cls, owner) if created else owner
    recovery = recovery_of(target)
    if recovery is None or not recovery.restore_here(content, entry.original_path):
        if created:
            target.deleteLater()
        return None
    if created:
        _keep(owner, target)
    target.show()
    target.raise_()
    target.activateWindow()
    if recovery.autosaver.autosave_now() is not None:
        entry.remove()
    where = entry.original_path or f"untitled {kind_noun(entry.kind)}"
    text = f"Restored unsaved changes to {where} (autosaved {entry.saved_at_text()})"
    say(target, text)
    if target is not owner:
        say(owner, f"{text} in its own {noun} editor window")
    return target


def quit_studio(origin=None) -> bool:
    """File ▸ Quit (Ctrl+Q) of every editor: close every open window, those with unsaved work
    first and ``origin`` last of its group, each asking about its own unsaved work; the first
    Cancel stops (the windows not closed yet stay open). True when all closed (the application then quits with its last window)."""
    app = QApplication.instance()
    windows = [w for w in app.topLevelWidgets() if isinstance(w, QMainWindow) and w.isVisible()]
    if origin is not None and origin in windows:
        windows.remove(origin)
        windows.append(origin)
    # the windows with unsaved work ask first: a Cancel then leaves the whole session open
    windows.sort(key=lambda w: not w.isWindowModified())
    for window in windows:
        if not window.isVisible():
            continue  # closed with a window before it (a scenario editor with its board editor)
        if not window.close():
            window.raise_()
            window.activateWindow()
            return False
    return True


__all__ = ["EDITOR_FOR_KIND", "WindowRecovery", "quit_studio", "restore_entry", "window_class"]
