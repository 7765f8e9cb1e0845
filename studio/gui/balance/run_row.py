"""The controls of a run played in the background by a tool window (the balance assistant,
the Generate dialog): :class:`RunRow`, a Run and a Stop button, a progress bar and a status
line, and :func:`number_spin` for the numbers of the form that sets the run up (games, seed...)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QSpinBox, QVBoxLayout, QWidget

from studio.gui.shell import desktop

SEED_MAX = 2**31 - 1


def number_spin(low: int, high: int, value: int | None = None, tip: str = "", step: int = 1) -> QSpinBox:
    """A spin box from ``low`` to ``high`` showing ``value`` (``low`` when None), with ``tip``
    and the range after it (a box takes no digit past its range, so the range is said)."""
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(low if value is None else value)
    spin.setSingleStep(step)
    if tip:
        spin.setToolTip(QCoreApplication.translate("number_spin", "{tip} ({low} to {high})").format(
            tip=tip, low=f"{low:,}", high=f"{high:,}"))
    return spin


STATUS_LINES = 3   # lines the stacked status keeps room for (a longer text still grows it)


class RunRow(QWidget):
    """Run and Stop (``run_button``, ``stop_button``: Stop enabled only while running), a
    ``progress`` bar and a ``status`` line (plain text, word-wrapped). ``stacked``: the buttons,
    the bar below them and the status line below it (a form at the side of a window); else the
    status line, then the bar with the buttons at its right (across the foot of a dialog)."""

    def __init__(self, run_text: str, stop_text: str, stop_tip: str = "", stacked: bool = True, parent=None):
        super().__init__(parent)
        self.run_button = QPushButton(run_text)
        self.stop_button = QPushButton(stop_text)
        self.stop_button.setEnabled(False)
        if stop_tip:
            self.stop_button.setToolTip(stop_tip)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QLabel("")
        self.status.setTextFormat(Qt.PlainText)
        self.status.setWordWrap(True)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        if stacked:
            row.addWidget(self.run_button)
            row.addWidget(self.stop_button)
            column.addLayout(row)
            column.addWidget(self.progress)
            column.addWidget(self.status)
            # room for a stage line with its ETA kept from the start: the buttons above stayed
            # put only until the first status text, then jumped up by a line or two
            self.status.setAlignment(Qt.AlignLeft | Qt.AlignTop)
            self.status.setMinimumHeight(STATUS_LINES * self.status.fontMetrics().lineSpacing())
        else:
            column.addWidget(self.status)
            row.addWidget(self.progress, 1)
            row.addWidget(self.run_button)
            row.addWidget(self.stop_button)
            column.addLayout(row)

    def set_running(self, running: bool) -> None:
        """Run enabled while idle, Stop while running."""
        self.run_button.setEnabled(not running)
        self.stop_button.setEnabled(running)

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` on the status line, in the error colour for an ``error``."""
        self.status.setText(text)
        self.status.setStyleSheet(desktop.css("color: {error};") if error else "")


__all__ = ["SEED_MAX", "RunRow", "number_spin"]
