"""What the board editor's property pages share: :class:`PropertyPage` (a heading, a form, the
dock it belongs to), the registry the pages are looked up in by the kind of element selected
(:data:`PAGES`, filled by :func:`register`), and the small widgets the pages are made of."""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.gui.shell import desktop, prompts
from studio.gui.shell.property_pages import PageRegistry
from studio.model.realm import COLOURS
from studio.render import style

ID_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"

BOARD = "board"          # the page shown when nothing is selected: the board itself
SELECTION = "selection"  # the page for elements of several kinds at once


class PropertyPage(QWidget):
    """One page of the properties dock, registered with :func:`register` for the kind of element
    it edits. ``build`` adds its fields below the heading (``self.form``, then ``self.outer``);
    ``applies`` says whether it can show the given one element (else the dock asks the kind's page
    for several, then the mixed-selection page); ``show_selection`` fills the fields from the
    document for the selected elements (tuples as :mod:`studio.gui.realm.items` gives them). Every
    edit goes through a document method, so it is one undo step."""

    title = ""

    def __init__(self, dock) -> None:
        super().__init__()
        self.dock = dock
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        self.heading = title_label(self.title)
        outer.addWidget(self.heading)
        line = QFrame()
        line.setFrameShape(QFrame.HLine)
        line.setFrameShadow(QFrame.Sunken)
        outer.addWidget(line)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignRight | Qt.AlignVCenter)
        outer.addLayout(form)
        self.form = form
        self.outer = outer
        self.build()
        outer.addStretch(1)

    @property
    def document(self):
        """The dock's :class:`~studio.gui.realm.document.BoardDocument`."""
        return self.dock.document

    @property
    def offers(self):
        """What the board's location plays (:class:`~studio.model.locations.LocationOffers`)."""
        return self.dock.offers

    def build(self) -> None:
        """Make the page's fields."""

    def applies(self, elements: list[tuple]) -> bool:
        """Whether this page can show ``elements`` (one element: it may be gone from the board)."""
        return True

    def show_selection(self, elements: list[tuple]) -> None:
        """Fill the fields for ``elements`` (its kind's, one or several as registered)."""
        raise NotImplementedError(f"{type(self).__name__} shows no selection")

    def rename(self, kind: str, edit: QLineEdit, rename) -> None:
        """Rename the selected ``kind`` (picture, island, seat) to the text of ``edit`` with
        ``rename(old, new)``; an emptied field gets the name back, a refused name is shown."""
        dock = self.dock
        old = dock.current(kind)
        new = edit.text().strip()
        if old and not new:
            dock.refuse_empty(edit, old, f"A {kind}'s name")
            return
        if not old or not new or new == old:
            return
        try:
            rename(old, new)
        except ValueError as exc:
            prompts.show_error(self, self.tr("Rename {kind}").format(kind=kind), str(exc))
            edit.setText(old)
            return
        dock.select([(kind, new)])


PAGES: PageRegistry[PropertyPage] = PageRegistry("board property pages")
register = PAGES.register


class CommitTextEdit(QPlainTextEdit):
    """A multi-line text box that reports its text when it loses focus."""

    committed = Signal(str)

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().focusOutEvent(event)
        self.committed.emit(self.toPlainText())


def colour_icon(colour: str, size: int = 14) -> QIcon:
    """A peg of ``colour`` (a name of :data:`studio.model.realm.COLOURS`), ``size`` pixels wide."""
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setPen(QColor(style.INK))
    p.setBrush(style.peg_fill(colour))
    p.drawEllipse(1, 1, size - 2, size - 2)
    p.end()
    return QIcon(pm)


def colour_idol_icon(kind: str, size: int = 14) -> QIcon:
    """An idol of ``kind`` (``orange`` or ``blue``), ``size`` pixels wide."""
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setPen(QColor(style.INK))
    p.setBrush(QColor(style.IDOL_FILLS[kind]))
    p.drawRoundedRect(2, 5, size - 4, size - 6, 2, 2)
    p.drawEllipse(size // 2 - 3, 1, 6, 6)
    p.end()
    return QIcon(pm)


def colour_combo() -> QComboBox:
    combo = QComboBox()
    for c in COLOURS:
        combo.addItem(colour_icon(c), c, c)
    return combo


class CoordSpin(QDoubleSpinBox):
    """A board coordinate in board units: kept to the 6 decimals the file holds (a peg of a hex
    or triangular lattice sits at multiples of sqrt(3)/2), shown without trailing zeros (2.5,
    3.464102). With 3 decimals Qt rounded the value itself, so an arrow click moved a peg from
    3.464102 to 3.964, off its lattice."""

    DECIMALS = 6

    def __init__(self) -> None:
        super().__init__()
        self.setRange(-1000, 1000)
        self.setDecimals(self.DECIMALS)
        self.setSingleStep(0.5)
        self.setKeyboardTracking(False)

    def textFromValue(self, value: float) -> str:  # noqa: N802 (Qt's name)
        text = self.locale().toString(float(value), "f", self.DECIMALS)
        point = self.locale().decimalPoint()
        if point in text:
            text = text.rstrip("0")
            if text.endswith(point):
                text += "0"   # 2.0, not 2. or 2
        return text


def coord_spin() -> QDoubleSpinBox:
    return CoordSpin()


def title_label(text: str) -> QLabel:
    label = QLabel(text)
    f = label.font()
    f.setBold(True)
    f.setPointSizeF(f.pointSizeF() * 1.15)
    label.setFont(f)
    return label


def section(text: str) -> QLabel:
    label = QLabel(text)
    f = label.font()
    f.setBold(True)
    label.setFont(f)
    label.setStyleSheet(desktop.css("margin-top: 8px; color: {muted};"))
    return label


def note(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet(desktop.css("color: {muted};"))
    return label


def ignored_label() -> QLabel:
    """A note that the board's location ignores an element shown (hidden while empty)."""
    label = QLabel()
    label.setWordWrap(True)
    label.setStyleSheet(desktop.css("color: {warning};"))
    label.setObjectName("IgnoredNote")
    label.hide()
    return label


def say(label: QLabel, notes: list[str]) -> None:
    label.setText("\n".join(notes))
    label.setVisible(bool(notes))


def box(*widgets) -> QWidget:
    """Widgets (and layouts) stacked in one widget that can be hidden as a whole."""
    w = QWidget()
    column = QVBoxLayout(w)
    column.setContentsMargins(0, 0, 0, 0)
    for item in widgets:
        if isinstance(item, QWidget):
            column.addWidget(item)
        else:
            column.addLayout(item)
    return w


def id_edit() -> QLineEdit:
    edit = QLineEdit()
    # empty is let through so that leaving the field empty is answered (it gets its value back
    # and says why), never silently ignored: Qt sends no editingFinished for rejected input
    edit.setValidator(QRegularExpressionValidator(QRegularExpression(f"(?:{ID_PATTERN})?")))
    return edit


def buttons(*pushed: QPushButton) -> QWidget:
    w = QWidget()
    layout = QHBoxLayout(w)
    layout.setContentsMargins(0, 0, 0, 0)
    for b in pushed:
        b.setAutoDefault(False)
        layout.addWidget(b)
    layout.addStretch(1)
    return w
