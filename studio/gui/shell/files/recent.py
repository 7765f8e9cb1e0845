"""File ▸ Open Recent of an editor window.

:class:`RecentFiles` owns the list (kept in a QSettings under one key, most recent first) and
the "Open Recent" menu, refilled each time it is shown; choosing a file calls ``on_open``."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu, QWidget

from studio.gui.shell.menu_text import literal


def recent_labels(paths: list[str]) -> list[str]:
    """Menu labels for ``paths`` (absolute paths, in order): the file name, then its folder
    ("jungle-2p.yaml — boards/realm"), the folder given by as many of its last parts as it
    takes to tell the file from every other listed file of the same name (the whole folder,
    home as ``~``, when nothing shorter does). Labels are plain text (no mnemonics)."""
    parts = [_folder_parts(p) for p in paths]
    names = [Path(p).name for p in paths]
    labels = []
    for i, (name, folder) in enumerate(zip(names, parts)):
        others = [parts[j] for j in range(len(paths)) if j != i and names[j] == name and parts[j] != folder]
        k = 1
        while k < len(folder) and any(o[-k:] == folder[-k:] for o in others):
            k += 1
        if k >= len(folder):
            tail = str(Path(*folder)) if folder else "."
        else:
            tail = ("…/" if others else "") + "/".join(folder[-k:])
        labels.append(f"{name} — {tail}")
    return labels


def _folder_parts(path: str) -> list[str]:
    """The folders of ``path`` outermost first, the home folder as one part ``~``."""
    folder = Path(path).parent
    home = Path.home()
    if home != Path(home.anchor) and folder.is_relative_to(home):
        return ["~", *folder.relative_to(home).parts]
    return list(folder.parts)


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

    def remove(self, path: str) -> None:
        """Drop ``path`` from the list."""
        if self.settings is not None:
            path = self.normalize(path)
            self.settings.setValue(self.key, [p for p in self.files() if p != path])

    def open(self, path: str) -> object:
        """Open a listed file; one that is gone from disk leaves the list once its window said
        so (a file that no longer parses stays: it may be repaired)."""
        result = self.on_open(path)
        if not os.path.exists(path):
            self.remove(path)
        return result

    def fill(self) -> None:
        """Rebuild the menu from the kept paths."""
        menu = self.menu
        menu.clear()
        files = self.files()
        for path, label in zip(files, recent_labels(files)):
            action = menu.addAction(literal(label))
            action.setToolTip(path)
            if self.status_tips:
                action.setStatusTip(path)
            action.triggered.connect(lambda _c=False, p=path: self.open(p))
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
