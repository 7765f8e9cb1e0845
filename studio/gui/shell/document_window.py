"""One way to open, save, save as and close a document, for every editor window.

:class:`DocumentFiles` is the file controller of one editor window (board, scenario, island,
tree/cards/loot): File ▸ Open (the file's own kind here, another kind in the window made for
it), Open Recent, a dropped file, Save (a bundled sample is saved as a copy elsewhere), Save As,
the "save unsaved changes?" question before the document is dropped or the window closes, the
window title with its ``[*]`` modified marker, and the load-error and save-error boxes (each
problem as ``file:line:col: error code: message``). It composes the file services the window
already has: the disk guard (``may_save(path)``, ``follow(path)``: another program's change is
never saved over unasked), :class:`~studio.gui.shell.files.recent.RecentFiles`,
:func:`~studio.gui.shell.files.open_router.open_in_its_window` and the window's autosave recovery.

A window subclasses it for what is its own (the title, the file-dialog kind, the suggested
name, checks before writing, the error text) and keeps ``save``/``save_as``/``maybe_save`` as
one-line calls into it. The document is always ``window.document`` (windows swap documents on
Open); every dialog goes through :mod:`studio.gui.shell.prompts`, so tests patch them all.

Usage::

    class IslandFiles(DocumentFiles):
        own_formats = ("rivages-island/1",)
        save_title = "Cannot save island"
        def title(self): return self.document.window_title("Island Editor")

    self.doc_files = IslandFiles(self, disk=self.disk, say=self.say)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QMainWindow

from studio.content import bundled_path
from studio.content.paths import resolved
from studio.gui.shell import prompts
from studio.gui.shell.files.recent import RecentFiles
from studio.gui.shell.load_errors import load_error_text, open_title


def is_bundled(path: str | Path) -> bool:
    """Whether ``path`` is one of the studio's bundled content files (samples, never saved over)."""
    target = resolved(path)
    return any(target.is_relative_to(resolved(bundled_path(kind))) for kind in ("boards", "scenarios"))


def window_showing(path: str | Path, besides=None):
    """The visible editor window (other than ``besides``) whose document is the file ``path``,
    or None: a file already open is brought forward, never opened twice (two windows saving
    one file would overwrite each other's work)."""
    target = resolved(path)
    for window in QApplication.topLevelWidgets():
        if window is besides or not isinstance(window, QMainWindow) or not window.isVisible():
            continue
        shown = getattr(getattr(window, "document", None), "path", None)
        if shown and resolved(shown) == target:
            return window
    return None


def shown_path(path: str | Path) -> str:
    """``path`` as the status bar says it: a bundled sample by its name (``the bundled
    jungle-temples-2p.yaml``: where the studio is installed says nothing to a designer), a file
    under the home folder from ``~`` (``~/Designs/volcano-3p.yaml``), any other file in full."""
    if is_bundled(path):
        return f"the bundled {Path(path).name}"
    target, home = Path(path).absolute(), Path.home()
    if home != Path(home.anchor) and target.is_relative_to(home):
        return str(Path("~", target.relative_to(home)))
    return str(target)


class DocumentFiles(QObject):
    """The file controller of ``window`` (a QMainWindow with a ``document``: ``path``,
    ``is_modified``, ``display_name()``, ``save(path)``, and optionally ``open_problems``).

    ``disk``: the window's disk guard (``may_save(path) -> bool``, ``follow(path)``); ``say``:
    shows a status message (default: the status bar, 5 s); ``load``: opens a path in the
    window, saying why when it cannot (default ``window.load_path``)."""

    # what a subclass sets
    kind = "board"                  # the prompts.FILE_KINDS key of the file dialogs
    own_formats: tuple[str, ...] | None = None  # opened here; other formats in their own window
    save_title = "Cannot save file"
    open_title = "Cannot open file"
    samples_read_only = True        # Save on a bundled sample is Save As (a copy elsewhere)
    ask_before_choosing = False     # File ▸ Open asks about unsaved work before the file dialog
    checked_suffixes: tuple[str, ...] | None = None  # Save As checks a folder and adds .yaml (prompts.save_file_path)
    save_errors: tuple[type[BaseException], ...] = (OSError, ValueError)

    def __init__(self, window, *, disk, say: Callable[[str], object] | None = None,
                 load: Callable[[str], bool] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.disk = disk
        self._say = say
        self._load = load
        self.recent: RecentFiles | None = None

    @property
    def document(self):
        return self.window.document

    # -- window-specific pieces (override) ------------------------------------------------------
    def title(self) -> str:
        """The window title, with ``[*]`` where the modified marker goes."""
        return f"{self.document.display_name()}[*]"

    def file_kind(self, opening: bool = False) -> str:
        """The kind of file the dialogs name (``opening``: File ▸ Open, any kind it opens)."""
        return self.kind

    def unsaved_name(self) -> str:
        """How the unsaved-changes question names the document."""
        return self.document.display_name()

    def untitled_name(self) -> str:
        """The file name Save As suggests for a document never saved."""
        return f"{getattr(self.document, 'id', None) or 'untitled'}.yaml"

    def suggested_path(self) -> str:
        """What Save As suggests: the document's file; else a sample's name (never the bundled
        sample itself) or :meth:`untitled_name` in :meth:`save_folder`."""
        path = self.document.path
        if path and self.samples_read_only and is_bundled(path):
            return str(Path(self.save_folder()) / Path(path).name)
        return str(path) if path else str(Path(self.save_folder()) / self.untitled_name())

    @staticmethod
    def save_folder() -> str:
        """Where Save As starts for a document that is no file of the user's yet: the folder a
        content file was last saved in (kept across runs), else the home folder."""
        return prompts.last_folder("content") or str(Path.home())

    def start_folder(self) -> str:
        """Where File ▸ Open starts when the document is not a file yet."""
        return ""

    def ask_open_path(self, start: str) -> str | None:
        return prompts.ask_open_path(self.window, start, kind=self.file_kind(opening=True))

    def ask_save_path(self, suggested: str) -> str | None:
        return prompts.ask_save_path(self.window, suggested, kind=self.file_kind())

    def may_write(self, path: str) -> bool:
        """Checks before writing ``path`` (True to go on): a document opened with values left
        out (schema problems) is saved without them only once the user agrees; required keys
        the file lacked are saved with their stand-ins without asking."""
        problems = getattr(self.document, "open_problems", None)
        left_out = problems.left_out if problems is not None else []
        if left_out:  # a missing key given a stand-in loses nothing: the banner said so
            return prompts.ask_save_dropping(self.window, self.dropping_name(path),
                                             [d.format() for d in left_out])
        return True

    def dropping_name(self, path: str) -> str:
        return self.document.display_name()

    def save_error(self, exc: BaseException, path: str) -> tuple[str, str | None, bool]:
        """(message, details, another place may take it) for a save that failed."""
        text, details = load_error_text(exc)  # type: ignore[arg-type]
        message = self.tr("Could not save {name}.\n\n{text}").format(name=Path(path).name, text=text)
        return message, details, isinstance(exc, OSError)  # the file or its folder refused

    def load_error(self, exc: BaseException, path: str) -> tuple[str, str | None]:
        """(message, details) of the box for a file that did not open, the same in every
        editor: ``Could not open NAME.``, then why (:func:`load_error_text`)."""
        text, details = load_error_text(exc)  # type: ignore[arg-type]
        return self.tr("Could not open {name}.\n\n{text}").format(name=Path(path).name, text=text), details

    def saved(self, path: str) -> None:
        """After a save: what is on disk is what the editor knows; the file is recent."""
        self.disk.follow(path)
        self.add_recent(path)
        self.say(self.tr("Saved {path}").format(path=path))

    def closing(self) -> None:
        """The window is closing with the user's consent: its autosaved work is not needed."""
        self.window.recovery.window_closed()

    # -- the one way -----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        if self._say is not None:
            self._say(text)
        else:
            self.window.statusBar().showMessage(text, 5000)

    def update_title(self, *_args) -> None:
        """The title of the document shown, marked modified while it differs from its file."""
        self.window.setWindowTitle(self.title())
        self.window.setWindowModified(self.document.is_modified)

    def maybe_save(self) -> bool:
        """True when the window may drop its document (saved, discarded or unchanged)."""
        if not self.document.is_modified:
            return True
        choice = prompts.ask_unsaved_changes(self.window, self.unsaved_name())
        if choice is prompts.Choice.SAVE:
            return self.save()
        return choice is prompts.Choice.DISCARD

    def save(self) -> bool:
        """File ▸ Save: to the document's file; Save As for a new document or a bundled sample."""
        path = self.document.path
        if path is None:
            return self.save_as()
        if self.samples_read_only and is_bundled(path):
            self.say(self.tr("{name} is a sample that comes with the studio: choose where to save your copy")
                     .format(name=Path(path).name))
            return self.save_as()
        return self.write(str(path))

    def save_as(self) -> bool:
        """File ▸ Save As: ask for a file, write it. True when written."""
        suggested = self.suggested_path()
        while True:
            path = self.ask_save_path(suggested)
            if not path:
                return False
            path = str(path)
            if not (self.samples_read_only and is_bundled(path)):
                break
            # the samples stay as shipped, whichever way their file is named
            prompts.show_error(self.window, self.tr(self.save_title), self.tr(
                "{name} is a sample that comes with the studio and is never saved over.\n\n"
                "Choose another name or folder for your copy.").format(name=Path(path).name))
            suggested = str(Path(self.save_folder()) / Path(path).name)
        if self.checked_suffixes is not None:
            checked = prompts.save_file_path(self.window, path, self.save_title, self.checked_suffixes)
            if not checked:
                return False
            path = checked
        elif not Path(path).is_dir() and not Path(path).name.lower().endswith(prompts.CONTENT_SUFFIXES):
            path += ".yaml"  # a bare name gets YAML's extension; .json is written as JSON
        return self.write(path)

    def write(self, path: str) -> bool:
        """Write the document to ``path`` (atomically, by the document); a refusal is said in a
        box, offering another place when the file or its folder refused. True when written."""
        if not self.may_write(path):
            return False
        if not self.disk.may_save(path):  # another program changed it since: ask first
            return False
        try:
            self.document.save(path)
        except self.save_errors as exc:
            return self.save_failed(exc, path)
        prompts.remember_folder("content", path)
        self.saved(path)
        return True

    def save_failed(self, exc: BaseException, path: str) -> bool:
        message, details, elsewhere = self.save_error(exc, path)
        if elsewhere:
            if prompts.ask_save_elsewhere(self.window, self.save_title, message, details):
                return self.save_as()
            return False
        prompts.show_error(self.window, self.tr(self.save_title), message, details)
        return False

    def show_load_error(self, exc: BaseException, path, title: str | None = None) -> None:
        """The box for a file that did not open, titled by what the file says it is
        (``Cannot open card set``; ``title``, or :attr:`open_title` when it says nothing)."""
        message, details = self.load_error(exc, str(path))
        prompts.show_error(self.window, self.tr(title or open_title(path, self.open_title)), message, details)

    def open_dialog(self) -> bool:
        """File ▸ Open: ask for a file (starting beside the document's), open it (:meth:`open`)."""
        if self.ask_before_choosing and not self.maybe_save():
            return False
        path = self.document.path
        path = self.ask_open_path(str(Path(path).parent) if path else self.start_folder())
        return self.open(path, asked=self.ask_before_choosing) if path else False

    def open(self, path, asked: bool = False) -> bool:
        """Open ``path`` (Open, Open Recent, a drop): a file of another kind in the window made
        for it (this window stays as it is), one of this window's after asking about unsaved
        work (unless ``asked`` already); a file another window shows already is brought
        forward there. True when something opened."""
        if self.show_if_open(path):
            return True
        if self.own_formats is not None:
            from studio.gui.shell.files.open_router import open_in_its_window  # it opens every window kind

            routed = open_in_its_window(self.window, path, self.own_formats)
            if routed is not None:
                return routed
        if not asked and self.document.is_modified and not self._readable(str(path)):
            return False   # said at once, before any question about the work shown (which stays)
        if not asked and not self.maybe_save():
            return False
        return bool(self._load(str(path)) if self._load is not None else self.window.load_path(str(path)))

    def preread(self, path: str) -> None:
        """Read ``path`` as this window's load would, raising what it raises (LoadError,
        InvalidContent, OSError); :meth:`open` calls it before asking about unsaved work, so a
        file that cannot open is said first. A subclass whose load reads more sets it; by
        default nothing is read (the load says why)."""

    def _readable(self, path: str) -> bool:
        """Whether :meth:`preread` reads ``path``; else its error is shown and False."""
        from studio.content import LoadError
        from studio.model.io import InvalidContent

        try:
            self.preread(path)
        except (LoadError, InvalidContent, OSError) as exc:
            self.show_load_error(exc, path)
            return False
        return True

    def show_if_open(self, path) -> bool:
        """Bring forward the other window that shows the file ``path`` already (True), if any."""
        other = window_showing(path, besides=self.window)
        if other is None:
            return False
        other.show()
        other.raise_()
        other.activateWindow()
        self.say(self.tr("{name} is open in its window already").format(name=Path(path).name))
        return True

    def make_recent(self, key: str, limit: int, **options) -> RecentFiles:
        """File ▸ Open Recent, kept under ``key`` in the window's settings; a file chosen opens
        as by :meth:`open` (``options``: those of :class:`RecentFiles`)."""
        self.recent = RecentFiles(self.window, self.window.settings, key, self.open, limit=limit, **options)
        return self.recent

    def add_recent(self, path) -> None:
        if self.recent is not None:
            self.recent.add(str(path))

    def close_event(self, event) -> bool:
        """``closeEvent``: ask about unsaved work; Cancel keeps the window open. True when closing."""
        if not self.maybe_save():
            event.ignore()
            return False
        self.closing()
        event.accept()
        return True


__all__ = ["DocumentFiles", "is_bundled"]
