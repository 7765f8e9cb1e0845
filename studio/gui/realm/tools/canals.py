"""Archipelago City tools (L3-2): :class:`IslandTool` (I) groups segments into islands (a
segment is on one island at most; segments on none are canal water), :class:`BridgeTool` (B)
turns lines that cross a canal into bridges carrying energy."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QWidget

from studio.gui.realm.document import MAX_COUNT
from studio.gui.realm.tools.base import StrokeTool
from studio.gui.realm.tools.options import GroupChoice
from studio.gui.shell import desktop


class IslandTool(StrokeTool):
    name = "islands"
    label = "Islands"
    shortcut = "I"
    group = "location"
    mechanics = ("canals",)
    hint = ("Left click or drag across segments to put them on the current island; right click returns "
            "them to the canals")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.current: str | None = None

    def set_current(self, name: str | None) -> None:
        self.current = name
        self.settings_changed.emit()
        if name:
            self._say(f"Painting island {name}")

    def create_options(self, document, parent=None) -> QWidget:
        return GroupChoice(self, document, "island", lambda: list(document.board.islands),
                           document.new_island_name, document.rename_island, document.remove_island,
                           "Left: add segments   Right: back to water", parent)

    def begin(self, remove: bool) -> bool:
        if not remove and not self.current:
            self.set_current(self.document.new_island_name())
        return True

    def target_at(self, pos):
        item = self.scene.segment_at(pos)
        return item.key if item is not None else None

    def apply(self, key, remove: bool, gesture: int) -> str | None:
        doc = self.document
        if remove:
            if doc.island_of(key) is None:
                return None
            doc.set_segments_island([key], None, gesture=gesture)
            return f"Segment {'-'.join(key)} is canal water"
        doc.set_segments_island([key], self.current, gesture=gesture)
        n = len(doc.board.islands.get(self.current, []))
        return f"Island {self.current}: {n} segment{'s' if n != 1 else ''}"


class BridgeTool(StrokeTool):
    name = "bridges"
    label = "Bridges"
    shortcut = "B"
    group = "location"
    mechanics = ("canals",)
    hint = "Left click a line to make it a bridge with the energy shown (or set its energy); right click removes it"

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.energy = 2

    def set_energy(self, energy: int) -> None:
        self.energy = max(0, min(MAX_COUNT, int(energy)))
        self.settings_changed.emit()

    def create_options(self, document, parent=None) -> QWidget:
        w = QWidget(parent)
        layout = QHBoxLayout(w)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.addWidget(QLabel(self.tr("Bridge energy:")))
        spin = QSpinBox()
        spin.setRange(0, MAX_COUNT)
        spin.setValue(self.energy)
        spin.setToolTip(self.tr("Energy tokens a player takes on first crossing the bridge with a 2-peg band (L3-2)"))
        spin.valueChanged.connect(self.set_energy)
        self.settings_changed.connect(lambda: spin.setValue(self.energy) if spin.value() != self.energy else None)
        layout.addWidget(spin)
        note = QLabel(self.tr("Left: bridge   Right: remove bridge"))
        note.setStyleSheet(desktop.css("color: {muted}; margin-left: 12px;"))
        layout.addWidget(note)
        layout.addStretch(1)
        return w

    def target_at(self, pos):
        item = self.scene.line_at(pos)
        return item.key if item is not None else None

    def apply(self, key, remove: bool, gesture: int) -> str | None:
        doc = self.document
        if remove:
            if doc.remove_bridge(key, gesture=gesture):
                return f"Line {key[0]}–{key[1]} is no bridge"
            return None
        doc.set_bridge(key, self.energy, gesture=gesture)
        return f"Bridge {key[0]}–{key[1]}: {self.energy} energy"
