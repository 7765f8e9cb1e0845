"""The mouse wheel never edits a value the user is not working on.

Scrolling a panel (the Goals panel, Properties, the scenario form, a dialog) used to change any
combo box, spin box or slider that passed under the pointer: Qt gives them the wheel, and
focus with it. :func:`install` puts one event filter on the application that

- gives every combo box, spin box and slider (not scroll bars) ``Qt.StrongFocus`` when it is
  polished, so the wheel no longer focuses it (a click or Tab still does), and
- turns a wheel event over such a widget without focus into a scroll of the nearest scroll
  area around it (the panel scrolls as if the widget were not there).

A widget with focus takes the wheel as usual: click a spin box, then wheel through values.
Every studio window calls :func:`install` (it is idempotent), so widgets made by any window,
dialog or panel are covered."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QScrollBar,
    QWidget,
)

_VALUE_WIDGETS = (QComboBox, QAbstractSpinBox, QAbstractSlider)


def guarded(widget: QObject) -> bool:
    """Whether the wheel must not edit ``widget`` without focus: a combo box, spin box
    (also date/time edits) or slider, not a scroll bar."""
    return isinstance(widget, _VALUE_WIDGETS) and not isinstance(widget, QScrollBar)


class WheelGuard(QObject):
    """The application's event filter (see the module docstring)."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        kind = event.type()
        if kind == QEvent.Type.Wheel:
            if guarded(obj) and not obj.hasFocus():
                scroll_area_instead(obj, event)
                return True
        elif kind == QEvent.Type.Polish and isinstance(obj, QWidget):
            if guarded(obj) and obj.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                obj.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        return False


def scroll_area_instead(widget: QWidget, event: QWheelEvent) -> bool:
    """Send ``event`` to the viewport of the nearest scroll area around ``widget`` (which
    scrolls it); False when there is none."""
    area = widget.parentWidget()
    while area is not None and not isinstance(area, QAbstractScrollArea):
        area = area.parentWidget()
    if area is None:
        return False
    viewport = area.viewport()
    moved = QWheelEvent(viewport.mapFromGlobal(event.globalPosition()), event.globalPosition(),
                        event.pixelDelta(), event.angleDelta(), event.buttons(), event.modifiers(),
                        event.phase(), event.inverted(), event.source())
    QApplication.sendEvent(viewport, moved)
    return True


_guard: WheelGuard | None = None


def install(app: QApplication | None = None) -> WheelGuard | None:
    """Install the guard on ``app`` (default: the running application) once; returns it, or
    None when there is no application yet."""
    global _guard
    app = app or QApplication.instance()
    if app is None:
        return None
    if _guard is None or _guard.parent() is not app:
        _guard = WheelGuard(app)
        app.installEventFilter(_guard)
    return _guard
