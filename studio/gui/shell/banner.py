"""A strip above the board that states one problem in words: a standard icon, wrapped plain
text and an optional button, coloured by how serious it is. Subclasses decide what it says and
when it shows (:mod:`studio.gui.realm.location_banner`, :mod:`studio.gui.realm.open_problems_banner`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStyle

from studio.gui.shell import desktop

# the icon per kind; the colours are the palette's (studio.gui.shell.desktop theme banner_KIND*)
_ICONS = {"warning": QStyle.SP_MessageBoxWarning, "error": QStyle.SP_MessageBoxCritical}


class Banner(QFrame):
    """``self.text`` (a word-wrapped plain-text label) beside the icon of ``kind``
    ("warning" or "error"); ``self.row`` is the layout, for a button after the text."""

    def __init__(self, name: str, kind: str, parent=None) -> None:
        super().__init__(parent)
        icon_kind = _ICONS[kind]
        background, border, colour = (desktop.colour(f"banner_{kind}{part}") for part in ("", "_border", "_text"))
        self.setObjectName(name)
        self.setStyleSheet(f"#{name} {{ background: {background}; border-bottom: 2px solid {border}; }}"
                           f"#{name} QLabel {{ color: {colour}; }}")
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(10, 6, 10, 6)
        icon = QLabel()
        icon.setPixmap(self.style().standardIcon(icon_kind).pixmap(22, 22))
        self.row.addWidget(icon, 0, Qt.AlignTop)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.PlainText)
        self.row.addWidget(self.text, 1)

    def shown_text(self) -> str | None:
        """The text while the banner shows, else None."""
        return self.text.text() if not self.isHidden() else None
