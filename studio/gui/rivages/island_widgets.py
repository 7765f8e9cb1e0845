"""Small widgets shared by the island editor's docks: the icon choices of white spaces and a
reward (effect) editor."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QSpinBox, QWidget

from studio.gui.shell import desktop
from studio.model.rivages import ALL_TERRAINS, Effect
from studio.render.rivages_glyphs import Palette


def icon_choices(palette: Palette) -> list[tuple[str, Effect | None]]:
    """(label, icon) for a white space (RIV-T7, RIV-I2..I6): none, scrolls, statue, loot,
    any symbol, leap, an area of each terrain and of any terrain."""
    out: list[tuple[str, Effect | None]] = [("No icon", None)]
    out += [(f"{n} scroll{'s' if n > 1 else ''}", Effect(scrolls=n)) for n in (1, 2, 3)]
    out += [("Statue", Effect(statue=1)), ("Loot", Effect(loot=1)), ("Any symbol", Effect(any=1)),
            ("Leap", Effect(leap=1))]
    out += [(f"Area: {palette.label(t)}", Effect(area=t)) for t in palette.names()]
    out.append(("Area: any terrain", Effect(area=ALL_TERRAINS)))
    return out


class RewardEditor(QWidget):
    """Scrolls, loot, statue, any, leap counts and an area: emits ``changed(Effect)``."""

    changed = Signal(object)
    FIELDS = (("scrolls", "Scrolls"), ("loot", "Loot"), ("statue", "Statues"), ("any", "Any"), ("leap", "Leap"))

    def __init__(self, palette: Palette, parent=None) -> None:
        super().__init__(parent)
        self.palette = palette
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.spins: dict[str, QSpinBox] = {}
        for i, (key, label) in enumerate(self.FIELDS):
            spin = QSpinBox()
            spin.setRange(0, 9)
            spin.setToolTip(label)
            spin.setPrefix(f"{label} ")
            spin.valueChanged.connect(self._emit)
            self.spins[key] = spin
            layout.addWidget(spin, i // 3, i % 3)
        self.area = QComboBox()
        self.area.addItem(self.tr("No area"), None)
        for t in palette.names():
            self.area.addItem(self.tr("Area: {label}").format(label=palette.label(t)), t)
        self.area.addItem(self.tr("Area: any"), ALL_TERRAINS)
        self.area.currentIndexChanged.connect(self._emit)
        layout.addWidget(self.area, 1, 2)
        self._quiet = False

    def set_effect(self, effect: Effect | None) -> None:
        self._quiet = True
        e = effect or Effect()
        for key, spin in self.spins.items():
            spin.setValue(int(getattr(e, key)))
        i = self.area.findData(e.area)
        self.area.setCurrentIndex(max(0, i))
        self._quiet = False

    def effect(self) -> Effect:
        return Effect(**{k: s.value() for k, s in self.spins.items()}, area=self.area.currentData())

    def _emit(self, *_args) -> None:
        if not self._quiet:
            self.changed.emit(self.effect())


def caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(desktop.css("color: {muted};"))
    return label
