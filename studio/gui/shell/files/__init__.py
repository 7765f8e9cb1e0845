"""File handling of the editor window beyond open/save: print-and-play export and printing
(:mod:`~studio.gui.shell.files.export_dialog`), noticing the open file change on disk
(:mod:`~studio.gui.shell.files.watcher`), autosave and crash recovery
(:mod:`~studio.gui.shell.files.recovery`, for every editor window through
:mod:`~studio.gui.shell.files.restore`), wired to the board editor by
:class:`~studio.gui.shell.files.services.FileServices`."""

from studio.gui.shell.files.services import FileServices

__all__ = ["FileServices"]
