"""A layout that lays its items left to right and starts a new line when the next one does
not fit: rows of chips or cards that must stay whole in a narrow panel."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Items in reading order, wrapped to the width given; each line as tall as its tallest
    item, items vertically centred in it. ``spacing``: pixels between items and between lines.
    The minimum width is the widest item's; the height follows the width (heightForWidth)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        self.setContentsMargins(0, 0, 0, 0)

    # -- QLayout's item list --------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt API
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    # -- sizes ----------------------------------------------------------------------------------
    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt API
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        m = self.contentsMargins()
        shown = [i.sizeHint() for i in self._shown()]
        w = sum(s.width() for s in shown) + self._gap * max(0, len(shown) - 1)
        h = max((s.height() for s in shown), default=0)
        return QSize(w + m.left() + m.right(), h + m.top() + m.bottom())

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt API
        m = self.contentsMargins()
        shown = [i.minimumSize() for i in self._shown()]
        w = max((s.width() for s in shown), default=0)
        h = max((s.height() for s in shown), default=0)
        return QSize(w + m.left() + m.right(), h + m.top() + m.bottom())

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt API
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def _shown(self) -> list[QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in ``rect`` (when ``move``); returns the height used."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        x = 0
        for item in self._shown():
            size = item.sizeHint()
            if lines[-1] and x + size.width() > area.width():
                lines.append([])
                x = 0
            lines[-1].append((item, size))
            x += size.width() + self._gap
        y = area.y()
        for line in lines:
            if not line:
                continue
            height = max(s.height() for _i, s in line)
            x = area.x()
            for item, size in line:
                if move:
                    item.setGeometry(QRect(QPoint(x, y + (height - size.height()) // 2), size))
                x += size.width() + self._gap
            y += height + self._gap
        return max(0, y - self._gap - area.y()) + m.top() + m.bottom()


__all__ = ["FlowLayout"]
