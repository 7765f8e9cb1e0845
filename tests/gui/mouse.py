"""Mouse helpers for editor tests: clicks and drags in board units on a window's view."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication


def view_point(window, x: float, y: float) -> QPoint:
    """Viewport pixel of board point (x, y)."""
    return window.view.mapFromScene(QPointF(x, y))


def send_mouse(widget, kind, pos: QPoint, buttons=Qt.LeftButton, button=Qt.LeftButton, modifiers=Qt.NoModifier):
    """A mouse event with explicit button state (QTest.mouseMove carries none)."""
    event = QMouseEvent(kind, QPointF(pos), QPointF(widget.mapToGlobal(pos)), button, buttons, modifiers)
    QApplication.sendEvent(widget, event)


def press_release(window, x: float, y: float, button=Qt.LeftButton, modifiers=Qt.NoModifier) -> None:
    vp = window.view.viewport()
    p = view_point(window, x, y)
    send_mouse(vp, QMouseEvent.MouseButtonPress, p, buttons=button, button=button, modifiers=modifiers)
    send_mouse(vp, QMouseEvent.MouseButtonRelease, p, buttons=Qt.NoButton, button=button, modifiers=modifiers)


def stroke(window, points, button=Qt.LeftButton, modifiers=Qt.NoModifier) -> None:
    """Press at the first board point, move through the others, release at the last."""
    vp = window.view.viewport()
    pts = [view_point(window, x, y) for x, y in points]
    send_mouse(vp, QMouseEvent.MouseButtonPress, pts[0], buttons=button, button=button, modifiers=modifiers)
    for p in pts[1:]:
        send_mouse(vp, QMouseEvent.MouseMove, p, buttons=button, button=Qt.NoButton, modifiers=modifiers)
    send_mouse(vp, QMouseEvent.MouseButtonRelease, pts[-1], buttons=Qt.NoButton, button=button, modifiers=modifiers)


def centroid(board, key) -> tuple[float, float]:
    pegs = board.pegs
    return (sum(pegs[p].x for p in key) / 3, sum(pegs[p].y for p in key) / 3)


def midpoint(board, a: str, b: str) -> tuple[float, float]:
    pegs = board.pegs
    return ((pegs[a].x + pegs[b].x) / 2, (pegs[a].y + pegs[b].y) / 2)


def at(board, peg: str) -> tuple[float, float]:
    return (board.pegs[peg].x, board.pegs[peg].y)
