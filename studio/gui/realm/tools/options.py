"""Widgets for the tool options bar: a row of toggle buttons for what a tool paints, and a
named-group chooser (pictures, islands) with New / Rename / Delete."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QComboBox, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from studio.gui.shell import desktop, prompts


class KindChoice(QWidget):
    """Exclusive toggle buttons for ``tool.kind`` (keys 1..n while the tool is active)."""

    def __init__(self, tool, kinds: list[tuple[str, str]], caption: str, note: str = "", parent=None) -> None:
        super().__init__(parent)
        from studio.gui.shell import icons

        self.tool = tool
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.setSpacing(2)
        layout.addWidget(QLabel(caption + ":"))
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QToolButton] = {}
        for i, (kind, text) in enumerate(kinds):
            button = QToolButton()
            button.setCheckable(True)
            button.setIcon(icons.glyph_icon(kind))
            button.setText(text)
            button.setToolTip(f"{text} ({i + 1})")
            button.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
            button.setAutoRaise(True)
            button.clicked.connect(lambda _=False, k=kind: tool.set_kind(k))
            self.group.addButton(button)
            self.buttons[kind] = button
            layout.addWidget(button)
        if note:
            hint = QLabel(note)
            hint.setStyleSheet(desktop.css("color: {muted}; margin-left: 12px;"))
            layout.addWidget(hint)
        layout.addStretch(1)
        tool.settings_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Check the tool's kind; show only the kinds it offers now (its location's), numbered
        as their keys."""
        offered = [kind for kind, _text in self.tool.kinds]
        for kind, button in self.buttons.items():
            button.setVisible(kind in offered)
            if kind in offered:
                button.setToolTip(f"{button.text()} ({offered.index(kind) + 1})")
        button = self.buttons.get(self.tool.kind)
        if button is not None:
            button.setChecked(True)


class GroupChoice(QWidget):
    """Choose the current picture or island of ``tool`` (``tool.current``), create, rename
    and delete them. ``names()`` lists them; ``rename(old, new)`` and ``remove(name)`` edit the
    document; ``fresh()`` gives a new name."""

    def __init__(self, tool, document, what: str, names: Callable[[], list[str]], fresh: Callable[[], str],
                 rename: Callable[[str, str], None], remove: Callable[[str], None], note: str = "",
                 parent=None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.document = document
        self.what = what
        self._names = names
        self._fresh = fresh
        self._rename = rename
        self._remove = remove
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.setSpacing(4)
        layout.addWidget(QLabel(what.title() + ":"))
        self.combo = QComboBox()
        self.combo.setMinimumWidth(160)
        self.combo.setToolTip(self.tr("The {what} that left clicks add segments to").format(what=what))
        self.combo.activated.connect(self._chosen)
        layout.addWidget(self.combo)
        self.new_button = QPushButton(self.tr("New {what}").format(what=what))
        self.new_button.clicked.connect(self.new)
        self.rename_button = QPushButton(self.tr("Rename…"))
        self.rename_button.clicked.connect(self.rename)
        self.delete_button = QPushButton(self.tr("Delete"))
        self.delete_button.clicked.connect(self.delete)
        for b in (self.new_button, self.rename_button, self.delete_button):
            b.setAutoDefault(False)
            layout.addWidget(b)
        if note:
            hint = QLabel(note)
            hint.setStyleSheet(desktop.css("color: {muted}; margin-left: 12px;"))
            layout.addWidget(hint)
        layout.addStretch(1)
        tool.settings_changed.connect(self.refresh)
        document.changed.connect(lambda *_: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        names = self._names()
        current = self.tool.current
        self.combo.blockSignals(True)
        self.combo.clear()
        for name in names:
            self.combo.addItem(name, name)
        if current and current not in names:
            self.combo.addItem(self.tr("{current} (new)").format(current=current), current)
        if current:
            self.combo.setCurrentIndex(self.combo.findData(current))
        else:
            self.combo.setCurrentIndex(-1)
            self.combo.setPlaceholderText(self.tr("a new {what}").format(what=self.what))
        self.combo.blockSignals(False)
        exists = current in names
        self.rename_button.setEnabled(bool(exists))
        self.delete_button.setEnabled(bool(exists))

    def _chosen(self, index: int) -> None:
        self.tool.set_current(self.combo.itemData(index))

    def new(self) -> None:
        self.tool.set_current(self._fresh())

    def rename(self) -> None:
        old = self.tool.current
        if not old:
            return
        new = prompts.ask_text(self, self.tr("Rename {what}").format(what=self.what), self.tr("New name of {what} {old}:").format(what=self.what, old=old), old)
        if not new or new == old:
            return
        try:
            self._rename(old, new)
        except ValueError as exc:
            prompts.show_error(self, self.tr("Rename {what}").format(what=self.what), str(exc))
            return
        self.tool.set_current(new)

    def delete(self) -> None:
        name = self.tool.current
        if name:
            self._remove(name)
            self.tool.set_current(None)
