"""Bot Settings: the search budget of an MCTS seat in a playtest window.

The dialog edits an ``mcts[:...]`` spec (:func:`studio.bots.make_bot`): iterations per move,
a time limit per move, or both (whichever ends first). Other options of the spec (rollout,
cap, ...) are kept as they were. :func:`studio.gui.shell.prompts.ask_bot_settings` shows it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
)

from studio.bots import BotSpec, MCTSBot
from studio.bots.mcts import DEFAULT_ITERATIONS, MAX_ITERATIONS, MAX_SECONDS
from studio.gui.shell import desktop

MIN_SECONDS = 0.05      # s: less gives the search too few iterations to mean anything
DEFAULT_SECONDS = 1.0


def _bot(spec: str) -> MCTSBot:
    bot = BotSpec.parse(spec).build()
    if not isinstance(bot, MCTSBot):
        raise ValueError(f"bot {spec!r} has no search budget to set: only the MCTS bot has")
    return bot


class BotSettingsDialog(QDialog):
    """Iterations and/or a time limit per move for the MCTS bot of ``seat_name``, starting from
    ``spec`` (an ``mcts[:...]`` spec; ValueError when the bot refuses it). :meth:`spec` is the
    result; OK is off while neither budget is ticked."""

    def __init__(self, seat_name: str, spec: str = "mcts", parent=None):
        super().__init__(parent)
        self._base = _bot(spec)
        self.setWindowTitle(self.tr("Bot Settings"))
        desktop.install_help(self, "bot-settings")  # F1 opens its docs page
        lay = QVBoxLayout(self)
        lay.setSpacing(10)
        head = QLabel(self.tr("<b>MCTS bot</b> for <b>{seat_name}</b>").format(seat_name=seat_name))
        lay.addWidget(head)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        self.iterations_box = QCheckBox(self.tr("Iterations per move"))
        self.iterations_spin = QSpinBox()
        self.iterations_spin.setRange(1, MAX_ITERATIONS)
        self.iterations_spin.setGroupSeparatorShown(True)
        self.iterations_spin.setSingleStep(100)
        self.iterations_spin.setValue(self._base.iterations or DEFAULT_ITERATIONS)
        self.iterations_spin.setToolTip(self.tr("positions searched before each move; the same seed gives the same moves"))
        self.iterations_box.setChecked(self._base.iterations is not None)
        self.time_box = QCheckBox(self.tr("Time limit per move"))
        self.seconds_spin = QDoubleSpinBox()
        self.seconds_spin.setRange(MIN_SECONDS, MAX_SECONDS)
        self.seconds_spin.setDecimals(2)
        self.seconds_spin.setSingleStep(0.25)
        self.seconds_spin.setSuffix(self.tr(" s"))
        self.seconds_spin.setValue(self._base.seconds if self._base.seconds is not None else DEFAULT_SECONDS)
        self.seconds_spin.setToolTip(self.tr("the bot plays its best move so far when the time is up"))
        self.time_box.setChecked(self._base.seconds is not None)
        grid.addWidget(self.iterations_box, 0, 0)
        grid.addWidget(self.iterations_spin, 0, 1)
        grid.addWidget(self.time_box, 1, 0)
        grid.addWidget(self.seconds_spin, 1, 1)
        lay.addLayout(grid)
        note = QLabel(self.tr("With both, the bot stops at whichever comes first. More iterations play stronger "
                      "and slower; a time limit does not replay the same moves from the same seed."))
        note.setWordWrap(True)
        note.setStyleSheet(desktop.css("color: {muted};"))
        lay.addWidget(note)
        self.summary = QLabel()
        self.summary.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.summary)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        for w in (self.iterations_box, self.time_box):
            w.toggled.connect(self._update)
        self.iterations_spin.valueChanged.connect(self._update)
        self.seconds_spin.valueChanged.connect(self._update)
        self.setMinimumWidth(380)
        self._update()

    def spec(self) -> str | None:
        """The edited spec (``mcts``, ``mcts:400``, ``mcts:0.5s``, ``mcts:300:time=0.2``), or
        None while no budget is ticked."""
        iterations = self.iterations_spin.value() if self.iterations_box.isChecked() else None
        seconds = self.seconds_spin.value() if self.time_box.isChecked() else None
        if iterations is None and seconds is None:
            return None
        b = self._base
        return MCTSBot(iterations, seconds, rollout=b.rollout, rollout_cap=b.rollout_cap, exploration=b.exploration,
                       widening=b.widening, margin_scale=b.margin_scale, goal_value=b.goal_value).spec()

    def _update(self) -> None:
        self.iterations_spin.setEnabled(self.iterations_box.isChecked())
        self.seconds_spin.setEnabled(self.time_box.isChecked())
        spec = self.spec()
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(spec is not None)
        if spec is None:
            self.summary.setText(self.tr("<span style='color:{colour}'>Tick iterations, a time limit or both.</span>").format(colour=desktop.colour('error')))
        else:
            self.summary.setText(self.tr("<span style='color:{colour}'>As a command-line bot: <code>{spec}</code></span>").format(colour=desktop.colour('muted'), spec=spec))


__all__ = ["BotSettingsDialog"]
