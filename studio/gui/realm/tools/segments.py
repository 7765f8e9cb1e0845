"""The Segment Content tool (T): paint treasure and energy counts and the two idols onto
segments (RTR-P2, L7-1). Left click or drag adds one (or sets the idol), right click removes
one (or the idol)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from studio.gui.realm.tools.base import StrokeTool
from studio.gui.realm.tools.options import KindChoice

KINDS = [("treasure", "Treasure"), ("energy", "Energy"), ("orange", "Orange idol"), ("blue", "Blue idol")]


class KindMixin:
    """``kinds``: what the tool paints now, ``(kind, label)``, keys 1..n; ``kind_mechanics``
    maps a kind to the location mechanic it needs (the others are always offered)."""

    kinds: list[tuple[str, str]] = []
    all_kinds: list[tuple[str, str]] = []
    kind_mechanics: dict[str, str] = {}

    def set_offers(self, offers) -> None:
        self.kinds = [(k, text) for k, text in self.all_kinds
                      if k not in self.kind_mechanics or offers.has(self.kind_mechanics[k])]
        if self.kind not in dict(self.kinds):
            self.kind = self.kinds[0][0]
        self.settings_changed.emit()

    def set_kind(self, kind: str) -> None:
        if kind not in dict(self.kinds):
            raise ValueError(f"kind must be one of {[k for k, _ in self.kinds]}, got {kind!r}")
        self.kind = kind
        self.settings_changed.emit()
        self._say(f"Painting {dict(self.kinds)[kind].lower()}")

    def _kind_key(self, event) -> bool:
        index = {Qt.Key_1: 0, Qt.Key_2: 1, Qt.Key_3: 2, Qt.Key_4: 3, Qt.Key_5: 4}.get(event.key())
        if index is not None and index < len(self.kinds) and not event.modifiers() & (
                Qt.ControlModifier | Qt.AltModifier):
            self.set_kind(self.kinds[index][0])
            return True
        return False


class SegmentContentTool(KindMixin, StrokeTool):
    name = "segment-content"
    label = "Segment Content"
    shortcut = "T"
    group = "location"
    hint = ("Left click or drag across segments to add treasure or energy (or set an idol, Two Demanding "
            "Deities); right click removes; number keys choose what to paint")
    kinds = KINDS
    all_kinds = KINDS
    kind_mechanics = {"orange": "idols", "blue": "idols"}

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.kind = "treasure"

    def create_options(self, document, parent=None) -> QWidget:
        return KindChoice(self, self.all_kinds, "Paint", "Left: add   Right: remove", parent)

    def target_at(self, pos):
        item = self.scene.segment_at(pos)
        return item.key if item is not None else None

    def apply(self, key, remove: bool, gesture: int) -> str | None:
        doc = self.document
        where = "-".join(key)
        if self.kind in ("treasure", "energy"):
            doc.paint_segments([key], self.kind, delta=-1 if remove else 1, gesture=gesture)
            return f"Segment {where}: {doc.segment_value(key, self.kind)} {self.kind}"
        doc.paint_segments([key], "idol", value=None if remove else self.kind, gesture=gesture)
        idol = doc.segment_value(key, "idol")
        return f"Segment {where}: {idol + ' idol' if idol else 'no idol'}"

    def key_press(self, event) -> bool:
        return self._kind_key(event) or super().key_press(event)
