"""Peg tools: :class:`AddPegTool` (P) adds pegs where you click, :class:`PegColourTool` (C)
paints the five peg colours (drag across pegs; one undo step per drag)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QToolButton, QWidget

from studio.gui.realm.document import DEFAULT_COLOUR
from studio.gui.realm.items import GhostPegItem, PegItem
from studio.gui.realm.tools.base import StrokeTool, Tool
from studio.model.realm import COLOURS
from studio.render import style

_DIGITS = {Qt.Key_1: 0, Qt.Key_2: 1, Qt.Key_3: 2, Qt.Key_4: 3, Qt.Key_5: 4}


class ColourChoice(QWidget):
    """Five toggle buttons, one per peg colour (keys 1-5 while the tool is active)."""

    def __init__(self, tool, parent=None, caption: str = "Colour") -> None:
        super().__init__(parent)
        from studio.gui.realm.docks.pages.base import colour_icon

        self.tool = tool
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.setSpacing(2)
        layout.addWidget(QLabel(caption + ":"))
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict[str, QToolButton] = {}
        for i, colour in enumerate(COLOURS):
            button = QToolButton()
            button.setCheckable(True)
            button.setIcon(colour_icon(colour, 18))
            button.setText(colour)
            button.setToolTip(f"{colour} ({i + 1})")
            button.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
            button.setAutoRaise(True)
            button.clicked.connect(lambda _=False, c=colour: tool.set_colour(c))
            self.group.addButton(button)
            self.buttons[colour] = button
            layout.addWidget(button)
        layout.addStretch(1)
        tool.settings_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.buttons[self.tool.colour].setChecked(True)


class _ColourMixin:
    colour = DEFAULT_COLOUR

    def set_colour(self, colour: str) -> None:
        if colour not in COLOURS:
            raise ValueError(f"colour must be one of {COLOURS}, got {colour!r}")
        self.colour = colour
        self.settings_changed.emit()
        self._say(f"Colour: {colour}")

    def _colour_key(self, event) -> bool:
        if event.key() in _DIGITS and not event.modifiers() & (Qt.ControlModifier | Qt.AltModifier):
            self.set_colour(COLOURS[_DIGITS[event.key()]])
            return True
        return False


class AddPegTool(_ColourMixin, Tool):
    name = "add-peg"
    label = "Add Peg"
    shortcut = "P"
    hint = "Click empty space to add a peg (snaps to the lattice; hold Alt to place freely); 1-5 choose its colour"

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.colour = DEFAULT_COLOUR
        self._ghost: GhostPegItem | None = None

    def create_options(self, document, parent=None) -> QWidget:
        return ColourChoice(self, parent, "New peg colour")

    def activate(self, scene) -> None:
        super().activate(scene)
        self._ghost = GhostPegItem(self.colour)
        self._ghost.setVisible(False)
        scene.addItem(self._ghost)

    def deactivate(self) -> None:
        if self._ghost is not None and self.scene is not None:
            self.scene.removeItem(self._ghost)
        self._ghost = None
        super().deactivate()

    def _target(self, event) -> tuple[float, float]:
        p = event.scenePos()
        if self.scene.snap and not (event.modifiers() & Qt.AltModifier):
            return self.document.snap(p.x(), p.y())
        return (round(p.x(), 3), round(p.y(), 3))

    def _occupied(self, x: float, y: float) -> str | None:
        for peg in self.document.board.pegs.values():
            if abs(peg.x - x) < style.PEG_RADIUS * 2 and abs(peg.y - y) < style.PEG_RADIUS * 2:
                return peg.id
        return None

    def mouse_move(self, event) -> bool:
        if self._ghost is not None:
            x, y = self._target(event)
            self._ghost.colour = self.colour
            self._ghost.setPos(QPointF(x, y))
            self._ghost.setVisible(self._occupied(x, y) is None)
            self._ghost.update()
        return False

    def mouse_press(self, event) -> bool:
        if event.button() != Qt.LeftButton:
            return False
        x, y = self._target(event)
        taken = self._occupied(x, y)
        if taken is not None:
            self._say(f"Peg {taken} is already there")
            return True
        pid = self.document.add_peg(x, y, self.colour)
        self.scene.select_elements([("peg", pid)])
        if self._ghost is not None:
            self._ghost.setVisible(False)
        self._say(f"Added peg {pid} at ({x:g}, {y:g})")
        return True

    def mouse_release(self, event) -> bool:
        return event.button() == Qt.LeftButton

    def key_press(self, event) -> bool:
        return self._colour_key(event) or super().key_press(event)


class PegColourTool(_ColourMixin, StrokeTool):
    name = "peg-colour"
    label = "Peg Colour"
    shortcut = "C"
    hint = ("Click or drag across pegs to paint them; 1-5 choose the colour; "
            "right click a peg to pick up its colour")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.colour = "red"

    def create_options(self, document, parent=None) -> QWidget:
        return ColourChoice(self, parent, "Paint")

    def target_at(self, pos):
        item = self.scene.peg_at(pos)
        return item.peg_id if isinstance(item, PegItem) else None

    def mouse_press(self, event) -> bool:
        if event.button() == Qt.RightButton:
            item = self.scene.peg_at(event.scenePos())
            if item is not None:
                self.set_colour(self.document.board.pegs[item.peg_id].colour)
            return True
        return super().mouse_press(event)

    def apply(self, target, remove: bool, gesture: int) -> str | None:
        self.document.set_peg_colour([target], self.colour, gesture=gesture)
        return f"Painted {target} {self.colour}"

    def key_press(self, event) -> bool:
        return self._colour_key(event) or super().key_press(event)
