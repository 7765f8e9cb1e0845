"""File handling of the editor window beyond open/save: print-and-play export and printing
(:mod:`~studio.gui.files.export_dialog`), noticing the open file change on disk
(:mod:`~studio.gui.files.watcher`), autosave and crash recovery
(:mod:`~studio.gui.files.recovery`, for every editor window through
:mod:`~studio.gui.files.restore`), wired to the board editor by
:class:`~studio.gui.files.services.FileServices`."""

from studio.gui.files.services import FileServices

__all__ = ["FileServices"]
