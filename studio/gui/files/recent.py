"""File ▸ Open Recent of an editor window.

:class:`RecentFiles` owns the list (kept in a QSettings under one key, most recent first) and
the "Open Recent" menu, refilled each time it is shown; choosing a file calls ``on_open``."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu, QWidget


class RecentFiles:
    """The recent files under ``key`` in ``settings`` (none, and nothing kept, without settings).

    ``normalize`` turns a path into the text kept (absolute by default); ``limit`` is how many
    are kept. The menu says ``empty_text`` when there are none and ends with ``clear_text``,
    disabled while the list is empty unless ``clear_always_enabled``; ``status_tips`` also
    shows each file's path in the status bar."""

    def __init__(self, parent: QWidget, settings: QSettings | None, key: str,
                 on_open: Callable[[str], object], *, limit: int,
                 normalize: Callable[[str], str] = os.path.abspath,
                 empty_text: str = "No recent files", clear_text: str = "Clear Recent Files",
                 clear_always_enabled: bool = False, status_tips: bool = False,
                 title: str = "Open &Recent") -> None:
        self.settings = settings
        self.key = key
        self.on_open = on_open
        self.limit = limit
        self.normalize = normalize
        self.empty_text = empty_text
        self.clear_text = clear_text
        self.clear_always_enabled = clear_always_enabled
        self.status_tips = status_tips
        self.menu = QMenu(title, parent)
        self.menu.aboutToShow.connect(self.fill)

    def files(self) -> list[str]:
        """The kept paths, most recent first."""
        if self.settings is None:
            return []
        value = self.settings.value(self.key, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add(self, path: str) -> None:
        """Put ``path`` first (once), keeping at most ``limit`` paths."""
        if self.settings is None:
            return
        path = self.normalize(path)
        files = [path] + [p for p in self.files() if p != path]
        self.settings.setValue(self.key, files[:self.limit])

    def clear(self) -> None:
        if self.settings is not None:
            self.settings.setValue(self.key, [])

    def fill(self) -> None:
        """Rebuild the menu from the kept paths."""
        menu = self.menu
        menu.clear()
        files = self.files()
        for path in files:
            action = menu.addAction(Path(path).name)
            action.setToolTip(path)
            if self.status_tips:
                action.setStatusTip(path)
            action.triggered.connect(lambda _c=False, p=path: self.on_open(p))
        if not files:
            menu.addAction(self.empty_text).setEnabled(False)
        menu.addSeparator()
        clear = menu.addAction(self.clear_text)
        clear.setEnabled(self.clear_always_enabled or bool(files))
        clear.triggered.connect(lambda: self.clear())


class RecentFilesMixin:
    """``recent_files()`` and ``_add_recent(path)`` of a window whose File ▸ Open Recent is the
    :class:`RecentFiles` ``self.recent``."""

    recent: RecentFiles

    def recent_files(self) -> list[str]:
        """Absolute paths, most recent first (none without settings)."""
        return self.recent.files()

    def _add_recent(self, path: str) -> None:
        self.recent.add(path)
