"""Tool base classes. A tool is a small state machine fed with scene mouse and key events by
:class:`~studio.gui.realm.scene.BoardScene`; each handler returns True when it used the event.

:class:`StrokeTool` is the shape of every painting tool: press on an element applies the tool
to it, dragging applies it to each new element the cursor enters, and everything one drag did
is one undo step (the document merges pushes that share the drag's gesture token). The left
button applies, the right button (or Shift with the left) removes."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QObject, QRect, QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from studio.gui.shell import desktop

_gestures = itertools.count(1)


def next_gesture() -> int:
    """A fresh token for one drag (pushes carrying it merge into one undo step)."""
    return next(_gestures)


def shift_held(event) -> bool:
    return bool(event.modifiers() & (Qt.ShiftModifier | Qt.ControlModifier))


class Tool(QObject):
    """Base tool: names, shortcut, status-bar hint and icon; handlers ignore everything.

    ``group`` puts the tool on the drawing tool bar ("draw") or on the location tool bar
    ("location"). ``mechanics``: the tool is offered only on a board whose location has one of
    these (ids of :data:`studio.model.locations.MECHANICS`; empty: on every board).
    ``settings_changed`` tells the tool's option bar to refresh."""

    name = "tool"
    label = "Tool"
    shortcut = ""
    hint = ""
    group = "draw"
    mechanics: tuple[str, ...] = ()
    settings_changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.scene = None

    @property
    def document(self):
        return self.scene.document

    def icon(self) -> QIcon:
        from studio.gui.shell import icons

        return icons.tool_icon(self.name)

    def activate(self, scene) -> None:
        self.scene = scene

    def offered(self, offers) -> bool:
        """Whether the tool is offered on a board with :class:`~studio.model.locations.LocationOffers`
        ``offers``."""
        return not self.mechanics or any(offers.has(m) for m in self.mechanics)

    def set_offers(self, offers) -> None:
        """Follow the board's location: a tool with choices of several mechanics offers only
        its location's (the window calls this when the location changes)."""

    def deactivate(self) -> None:
        self.cancel()
        self.scene = None

    def cancel(self) -> None:
        """Abandon any gesture in progress."""

    def create_options(self, document, parent=None) -> QWidget | None:
        """The widget shown on the tool options bar while the tool is active (None: a hint)."""
        return None

    def mouse_press(self, event) -> bool:
        return False

    def mouse_move(self, event) -> bool:
        return False

    def mouse_release(self, event) -> bool:
        return False

    def key_press(self, event) -> bool:
        if event.key() == Qt.Key_Escape:
            self.cancel()
            return True
        return False

    def _say(self, text: str) -> None:
        if self.scene is not None:
            self.scene.status_message.emit(text)


class StrokeTool(Tool):
    """Apply the tool to the element under the cursor, and to each element entered while the
    button is down; one drag is one undo step. Subclasses define :meth:`target_at` and
    :meth:`apply`."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._gesture: int | None = None
        self._remove = False
        self._done: set = set()

    def target_at(self, pos):
        """What the tool works on under scene position ``pos`` (a hashable), or None."""
        raise NotImplementedError

    def apply(self, target, remove: bool, gesture: int) -> str | None:
        """Apply (or with ``remove`` undo the effect of) the tool to ``target``; returns a
        status message."""
        raise NotImplementedError

    def begin(self, remove: bool) -> bool:
        """Called when a stroke starts; False cancels it (e.g. nothing to paint with)."""
        return True

    def _stroke(self, pos) -> None:
        target = self.target_at(pos)
        if target is None or target in self._done:
            return
        self._done.add(target)
        message = self.apply(target, self._remove, self._gesture)
        if message:
            self._say(message)

    def mouse_press(self, event) -> bool:
        if event.button() not in (Qt.LeftButton, Qt.RightButton):
            return False
        remove = event.button() == Qt.RightButton or shift_held(event)
        if not self.begin(remove):
            return True
        self._gesture = next_gesture()
        self._remove = remove
        self._done = set()
        self._stroke(event.scenePos())
        return True

    def mouse_move(self, event) -> bool:
        if self._gesture is None:
            return False
        if not event.buttons() & (Qt.LeftButton | Qt.RightButton):
            self.cancel()
            return False
        self._stroke(event.scenePos())
        return True

    def mouse_release(self, event) -> bool:
        if self._gesture is None:
            return event.button() in (Qt.LeftButton, Qt.RightButton)
        self.cancel()
        return True

    def cancel(self) -> None:
        self._gesture = None
        self._done = set()


class HintLabel(QLabel):
    """A tool's hint in the options bar: takes the width the bar has left and wraps onto a
    second line when that is too narrow, so it is never cut off; it asks for at most 360 px,
    so that in a narrow window the bar keeps it instead of moving it behind the » button."""

    def __init__(self, text: str = "", parent=None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)

    def _line_height(self) -> int:
        return self.fontMetrics().lineSpacing()

    def sizeHint(self):  # noqa: N802 - Qt API
        width = self.fontMetrics().horizontalAdvance(self.text()) + 8
        return QSize(min(width, 360), max(self.minimumHeight(), self._line_height()))

    def minimumSizeHint(self):  # noqa: N802 - Qt API
        return QSize(120, max(self.minimumHeight(), self._line_height()))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return False  # the bar lays out by size hints: the height follows the width below

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        # as many lines as the text needs at this width (the bar grows to fit them)
        box = self.fontMetrics().boundingRect(QRect(0, 0, max(1, self.width()), 10_000),
                                              int(Qt.TextWordWrap), self.text())
        needed = box.height()
        if needed != self.minimumHeight():
            self.setMinimumHeight(needed)
            self.updateGeometry()


def hint_widget(text: str, parent=None) -> QWidget:
    """An options-bar widget that only explains the tool."""
    w = QWidget(parent)
    layout = QHBoxLayout(w)
    layout.setContentsMargins(6, 0, 6, 0)
    label = HintLabel(text)
    label.setToolTip(text)
    label.setStyleSheet(desktop.css("color: {muted};"))
    layout.addWidget(label, 1)
    return w
