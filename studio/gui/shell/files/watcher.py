"""Noticing that the open file changed on disk.

:class:`DiskWatcher` watches one file with a QFileSystemWatcher and compares the file's
content with the last content the editor knows (loaded, saved, or seen and accepted). So the
editor's own saves never count as changes, and neither does a tool that rewrites the same
bytes. It also remembers the content the editor last loaded or saved (:attr:`DiskWatcher.base`):
a version seen and kept ("Keep Mine") is known, but a save over it is still a save over
another program's work (:meth:`DiskWatcher.overwritten_change`). Editors and tools that save atomically (write a temp file, rename it over the target)
replace the file's inode, which ends a watch on the file itself; the file's folder is watched
too, and the file is watched again whenever it reappears."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from studio.content.paths import resolved
from studio.content.yamlio import is_regular_file

SETTLE_MS = 200  # tools write in several steps: look once they are done


def file_digest(path: str | os.PathLike | None) -> str | None:
    """SHA-256 of the file's bytes, or None when it cannot be read (missing, a folder, a named
    pipe or device: opening those would block or never end)."""
    if path is None or not is_regular_file(path):
        return None
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return None


class DiskWatcher(QObject):
    """Watches :attr:`path`. ``changed_on_disk(path)``: the content differs from what the
    editor knows; ``removed_on_disk(path)``: the file is gone (once, until it is back). Call
    :meth:`accept` once the user has decided about the new content, so the same version is
    not reported again."""

    changed_on_disk = Signal(str)
    removed_on_disk = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._on_event)
        self._watcher.directoryChanged.connect(self._on_event)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self.check)
        self.path: str | None = None
        self.known: str | None = None
        self.base: str | None = None  # the content the editor loaded or saved last
        self._reported_missing = False
        self._paused = 0

    def watch(self, path: str | os.PathLike | None) -> None:
        """Watch ``path`` (None: nothing); its current content is what the editor knows."""
        self._unwatch()
        self.path = str(resolved(path)) if path is not None else None
        self.known = self.base = file_digest(self.path)
        self._reported_missing = False
        self._settle.stop()
        if self.path is not None:
            self._add_paths()

    def accept(self) -> None:
        """Take the file's current content as known (after a reload, or "keep mine")."""
        self.known = file_digest(self.path)
        self._reported_missing = self.known is None

    def overwritten_change(self, path: str | os.PathLike | None) -> float | None:
        """When writing ``path`` would replace a version another program wrote since the
        editor loaded or saved the watched file (also one already seen and kept): the time of
        that change (the file's modification time, seconds since the epoch); else None (another
        file, the file is unchanged or gone)."""
        if self.path is None or path is None or str(resolved(path)) != self.path:
            return None
        if file_digest(self.path) in (self.base, None):
            return None
        try:
            return os.stat(self.path).st_mtime
        except OSError:
            return None

    def pause(self) -> None:
        """Stop reporting (while a prompt about the file is open); :meth:`resume` looks again."""
        self._paused += 1

    def resume(self) -> None:
        self._paused = max(0, self._paused - 1)
        if not self._paused:
            self._settle.start()

    def _unwatch(self) -> None:
        watched = self._watcher.files() + self._watcher.directories()
        if watched:
            self._watcher.removePaths(watched)

    def _add_paths(self) -> None:
        path = self.path
        if path is None:
            return
        folder = str(Path(path).parent)
        if os.path.isdir(folder) and folder not in self._watcher.directories():
            self._watcher.addPath(folder)
        if os.path.isfile(path) and path not in self._watcher.files():
            self._watcher.addPath(path)

    def _on_event(self, _path: str) -> None:
        if self.path is not None:
            self._settle.start()

    def check(self) -> None:
        """Compare the file with what the editor knows now (also run after events settle)."""
        if self.path is None or self._paused:
            return
        self._add_paths()  # an atomic replace ended the watch on the old inode
        digest = file_digest(self.path)
        if digest == self.known:
            self._reported_missing = False if digest is not None else self._reported_missing
            return
        if digest is None:
            if not self._reported_missing:
                self._reported_missing = True
                self.removed_on_disk.emit(self.path)
            return
        self._reported_missing = False
        self.changed_on_disk.emit(self.path)
