"""The frame every playtest window shares: seats and seed, step, auto-play with a speed, undo,
save and open games (``studio-game/1``), replay move by move, and bots that think off the GUI
thread. A game's window (:class:`~studio.gui.playtest.playtest_window.PlaytestWindow` for Rule the
Realm, :class:`~studio.gui.playtest.rivages_playtest.RivagesPlaytestWindow` for Rivages) subclasses
:class:`PlaytestFrame` and supplies the board view and the panels.

A subclass implements :meth:`PlaytestFrame._build_central` (the widget in the middle, which
must create ``log_view``, usually through :meth:`PlaytestFrame._build_panel_frame` and
:meth:`PlaytestFrame._build_log_box`), :meth:`PlaytestFrame._refresh_view` (seat panels,
banner), :meth:`PlaytestFrame._refresh_choices` (what the human may do now),
:meth:`PlaytestFrame._reset_choices` and :meth:`PlaytestFrame._session_replaced`, and names the
game for files (:meth:`PlaytestFrame.game_label`, :meth:`PlaytestFrame.game_file_stem`).
Nothing a click does can raise: an illegal action is reported in the status bar.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QStyle,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from studio.bots.spec import BotSpec
from studio.content.words import counted
from studio.gui.playtest.playtest_board import seat_colour
from studio.gui.playtest.playtest_panels import controller_name, controller_phrase
from studio.gui.shell import desktop, prompts, wheel_guard
from studio.playtest.session import HUMAN, PlaySession, game_file_data, read_game_file
from studio.rules import IllegalAction
from studio.rules.log import seat_of

CONTROLLERS = ("human", "random", "greedy", "mcts")
BOT_SETTINGS = "bot-settings"   # the seat menu's "Bot settings…" entry (not a controller)
REPLAY_CHECKPOINT = 16       # a replay keeps a copy of every 16th position for quick jumps
SPEEDS = (("Instant", 0), ("Fast", 150), ("Normal", 450), ("Slow", 1200))
DEFAULT_DELAY_MS = 450
PANEL_MIN_WIDTH = 320        # px: with the board's 420 the window fits in 800 px
LOG_MIN_LINES = 6            # lines of the move log that stay visible at any window size

def panel_style() -> str:
    """The side panel's style sheet, in the panel colours of the palette (studio.gui.shell.desktop)."""
    return desktop.panel_style("#playPanel") + desktop.css("""
#playPanel QGroupBox {{ padding: 8px 6px 6px 6px; }}
#playPanel QLabel#seatName {{ font-weight: bold; font-size: 14px; }}
#playPanel QLabel#score {{ font-weight: bold; font-size: 20px; }}
#playPanel QLabel#banner {{ font-size: 15px; padding: 8px 10px; border-radius: 7px; background: {banner};
    color: {banner_text}; }}
#playPanel QLabel#hint {{ color: {muted}; font-style: italic; }}
#playPanel QPushButton {{ padding: 5px 10px; }}
""")


def _kind(controller: str) -> str:
    """``human``, or the kind of a bot spec (:class:`~studio.bots.spec.BotSpec`: ``mcts`` for
    ``mcts:400``). Raises BotSpecError for a spec that cannot be read."""
    return HUMAN if controller == HUMAN else BotSpec.parse(controller).kind


def readable_seat_colour(seat: int) -> QColor:
    """A seat's colour as text on the panel: darker on a light palette, lighter on a dark one."""
    return seat_colour(seat).lighter(140) if desktop.is_dark() else seat_colour(seat).darker(150)


_LIVE_THREADS: set = set()


class PanelScroll(QScrollArea):
    """A vertical-only scroll area around a side panel: as wide as the panel needs (plus the
    scroll bar), as tall as the window allows, down to a few lines."""

    def __init__(self, panel: QWidget, parent=None):
        super().__init__(parent)
        self.setWidget(panel)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.NoFrame)
        self.setMaximumWidth(panel.maximumWidth() + self.verticalScrollBar().sizeHint().width())
        self.setStyleSheet(desktop.css("QScrollArea {{ background: {page}; }}"))

    def _bar(self) -> int:
        return self.verticalScrollBar().sizeHint().width()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = self.widget().sizeHint()
        return QSize(hint.width() + self._bar(), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(self.widget().minimumSizeHint().width() + self._bar(), 120)


class _BotThread(QThread):
    """One bot decision made off the GUI thread. Qt's own ``finished`` signal brings it back
    (no signal is emitted from Python in the worker); ``generation`` tells a stale decision."""

    def __init__(self, generation: int, request):
        super().__init__()
        self.generation = generation
        self.request = request
        self.action = None
        self.rng = None
        self.error: str | None = None

    def run(self) -> None:
        bot, game, observation, legal, rng = self.request
        try:
            self.action = bot.act(game, observation, legal, rng)
            self.rng = rng
        except Exception as exc:  # reported in the window; a bot bug must not take it down
            self.error = f"{type(exc).__name__}: {exc}"



class ElidedLabel(QLabel):
    """A one-line label that takes the width its layout gives it, whatever its text: a text
    too long for it ends in "…" (whole in the tool tip)."""

    def __init__(self, text: str = "", parent=None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        self._full = text
        self.setToolTip(text)
        self._elide()

    def full_text(self) -> str:
        return self._full

    def sizeHint(self):  # noqa: N802 - Qt API
        return QSize(self.minimumWidth(), super().sizeHint().height())

    def minimumSizeHint(self):  # noqa: N802 - Qt API
        return QSize(self.minimumWidth(), super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = max(0, self.width() - 2 * self.margin() - 8)
        super().setText(self.fontMetrics().elidedText(self._full, Qt.ElideRight, width))


class PlaytestFrame(QMainWindow):
    """Play ``game`` (an engine Game) at the table. ``controllers``: per seat ``"human"``,
    ``"random"``, ``"greedy"`` or ``"mcts"`` with any settings (``"mcts:400"``, ``"mcts:0.5s"``,
    :func:`studio.bots.make_bot`; ValueError for one it refuses) (default: seat 1 human, the
    others greedy bots). Each seat's menu keeps the full spec and offers *Bot settings…*;
    ``delay_ms``: pause before each bot action (0 in tests); ``autoplay``: bots play on their
    own (else use Step). ``note``: a first status-bar message (e.g. which rules are used)."""

    stateChanged = Signal()
    gameOver = Signal()
    DESKTOP_KIND = "playtest"  # the window kind of studio.gui.shell.desktop (layout memory, F1 page)

    def __init__(self, game, parent=None, *, seed: int = 0, controllers=None,
                 delay_ms: int = DEFAULT_DELAY_MS, autoplay: bool = True, note: str | None = None):
        super().__init__(parent)
        wheel_guard.install()  # the wheel never edits an unfocused field
        self.game = game
        n = game.players
        controllers = list(controllers or [HUMAN] + ["greedy"] * (n - 1))
        self.session = PlaySession(game, controllers, seed)
        self.delay_ms = max(0, int(delay_ms))
        self.autoplay = autoplay
        self._reset_choices()
        self._log_shown = 0
        self._over_announced = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._bot_step)
        self._generation = 0          # bumped to drop a decision still being thought about
        self._thinking = False
        self._threads: list[_BotThread] = []
        self.replaying = False
        self._replay_record: dict | None = None
        self._replay_actions: list = []
        self._checkpoints: dict[int, object] = {}

        self.setWindowTitle(self.tr("Playtest: {game_label}").format(game_label=self.game_label()))
        self.resize(1360, 860)
        self._build_toolbar(controllers, seed)
        self.setCentralWidget(self._build_central())
        self._build_replay_bar()
        QShortcut(QKeySequence(Qt.Key_Escape), self, self.clear_selection)
        self._status = self.statusBar()
        self._refresh()
        if note:
            self._status.showMessage(note, 15000)
        desktop.install(self, self.DESKTOP_KIND)  # layout memory, drops, F1
        self._schedule()

    # -- what a game's window supplies ----------------------------------------------------------
    def game_label(self) -> str:
        """The game's name for people (window title, saved files)."""
        raise NotImplementedError

    def game_file_stem(self) -> str:
        """The start of a suggested game file name (e.g. the board id)."""
        raise NotImplementedError

    def _build_central(self) -> QWidget:
        raise NotImplementedError

    def _refresh_view(self) -> None:
        """Redraw seat panels and banner from the state."""
        raise NotImplementedError

    def _refresh_choices(self) -> None:
        """Show what the human to move may do now (all off otherwise)."""
        raise NotImplementedError

    def _reset_choices(self) -> None:
        """Forget a half-made human choice (a new position is shown)."""

    def _session_replaced(self) -> None:
        """``self.session`` is a new object: rebind the views that hold it."""

    def _file_data(self) -> dict:
        """The ``studio-game/1`` document of the game so far."""
        return game_file_data(self.session, self.game_label())

    def _check_file(self, data: dict) -> str | None:
        """A note (not an error) about a game file whose record replays here, or None."""
        return None

    def _log_line(self, index: int, line: str) -> str:
        """The log line shown for ``state.log[index]`` (a game may show a seat its private
        version of a public line)."""
        return line

    def _threaded(self, seat: int) -> bool:
        """Whether the bot of ``seat`` decides in a worker thread (slow bots: MCTS)."""
        return _kind(self.session.controllers[seat]) == "mcts"

    # -- construction -------------------------------------------------------------------------
    def _build_panel_frame(self) -> tuple[QWidget, QVBoxLayout]:
        """The side panel's frame with the banner and the playback row; the caller adds the
        rest."""
        panel = QWidget()
        panel.setObjectName("playPanel")
        panel.setAttribute(Qt.WA_StyledBackground, True)
        panel.setStyleSheet(panel_style())
        panel.setMinimumWidth(PANEL_MIN_WIDTH)
        panel.setMaximumWidth(520)
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(10, 10, 10, 10)
        lay.setSpacing(6)
        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.RichText)
        lay.addWidget(self.banner)
        lay.addLayout(self._build_playback())
        return panel, lay

    def _build_log_box(self, title: str = "Moves") -> QGroupBox:
        logbox = QGroupBox(title)
        ll = QVBoxLayout(logbox)
        self.log_view = QListWidget()
        self.log_view.setWordWrap(True)
        self.log_view.setSelectionMode(QListWidget.NoSelection)
        self.log_view.setFocusPolicy(Qt.NoFocus)
        self.log_view.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        # however small the window, the log shows a few moves (the panel scrolls to it)
        lines = LOG_MIN_LINES * self.log_view.fontMetrics().lineSpacing()
        self.log_view.setMinimumHeight(lines + 2 * self.log_view.frameWidth() + 8)
        ll.addWidget(self.log_view)
        return logbox

    def _side_panel(self, panel: QWidget) -> QScrollArea:
        """``panel`` (from :meth:`_build_panel_frame`) in a vertical scroll area: a short window
        scrolls the panel instead of growing to its height."""
        return PanelScroll(panel)

    def _build_toolbar(self, controllers, seed: int) -> None:
        bar = QToolBar(self.tr("Game setup"))
        bar.setMovable(False)
        bar.setIconSize(QSize(14, 14))
        bar.setStyleSheet("QToolBar { spacing: 6px; padding: 4px; } QToolBar QLabel { padding: 0 2px; }")
        self.addToolBar(Qt.TopToolBarArea, bar)
        self.seat_combos: list[QComboBox] = []
        for seat, name in enumerate(self.game.seat_names):
            swatch = QLabel("●")
            swatch.setStyleSheet(f"color: {seat_colour(seat).name()}; font-size: 18px;")
            bar.addWidget(swatch)
            bar.addWidget(QLabel(name))
            combo = QComboBox()
            combo.setSizeAdjustPolicy(QComboBox.AdjustToContents)  # "MCTS (400 iterations)" grows
            for c in CONTROLLERS:
                combo.addItem(controller_name(c), c)
            combo.insertSeparator(len(CONTROLLERS))
            combo.addItem(self.tr("Bot settings…"), BOT_SETTINGS)
            combo.setItemData(combo.count() - 1, "iterations or a time limit for the MCTS bot", Qt.ToolTipRole)
            combo.setToolTip(self.tr("who plays {name}; changing it takes over the seat at once").format(name=name))
            bar.addWidget(combo)
            self.seat_combos.append(combo)
            self._show_controller(seat, controllers[seat])
            combo.currentIndexChanged.connect(lambda _i, s=seat: self._controller_changed(s))
            bar.addSeparator()
        bar.addWidget(QLabel(self.tr("Seed")))
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setValue(seed)
        self.seed_spin.setToolTip(self.tr("the deal and every bot decision follow from the seed"))
        bar.addWidget(self.seed_spin)
        self.new_game_button = QPushButton(self.tr("New game"))
        self.new_game_button.setToolTip(self.tr("start again with these seats and this seed"))
        self.new_game_button.clicked.connect(self.new_game)
        bar.addWidget(self.new_game_button)
        self.new_game_button.setObjectName("newGame")
        bar.setStyleSheet(bar.styleSheet() + " QPushButton#newGame { padding: 3px 12px; font-weight: bold; }")
        self.setup_bar = bar
        # the game's commands on a bar of their own, beside the seats or (when the window is
        # too narrow for both) on a row below: never hidden behind a » button
        bar = QToolBar(self.tr("Game"))
        bar.setMovable(False)
        bar.setStyleSheet("QToolBar { spacing: 6px; padding: 0 4px; }")
        bar.setMaximumHeight(bar.fontMetrics().height() + 10)  # a thin second row
        self.addToolBar(Qt.TopToolBarArea, bar)
        self.commands_bar = bar
        self.undo_action = self._action(bar, "Undo", self.undo, QKeySequence.Undo,
                                        "take back the last move (with humans at the table: back to your last turn)")
        self.save_action = self._action(bar, "Save Game…", self.save_game, QKeySequence.Save,
                                        "save this game's record (studio-game/1)")
        self.open_action = self._action(bar, "Open Game…", self.open_game, QKeySequence.Open,
                                        "go on with a saved game")
        self._action(bar, "Replay…", self.open_replay, "Ctrl+R", "step through a saved game move by move")

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._wrap_toolbars()

    def _wrap_toolbars(self) -> None:
        """Put the commands bar on its own row when the seats bar and it do not fit side by side."""
        need = self.setup_bar.sizeHint().width() + self.commands_bar.sizeHint().width()
        wrap = need > self.width()
        if wrap != self.toolBarBreak(self.commands_bar):
            if wrap:
                self.insertToolBarBreak(self.commands_bar)
            else:
                self.removeToolBarBreak(self.commands_bar)

    def _action(self, bar: QToolBar, text: str, slot, shortcut, tip: str) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.setToolTip(f"{tip} ({QKeySequence(shortcut).toString(QKeySequence.NativeText)})")
        action.setStatusTip(tip)
        action.triggered.connect(lambda _c=False: slot())
        bar.addAction(action)
        return action

    def _build_replay_bar(self) -> None:
        """First / previous / slider / next / last over a saved game, shown while replaying."""
        bar = QToolBar(self.tr("Replay"))
        bar.setMovable(False)
        bar.setStyleSheet(desktop.css("QToolBar {{ spacing: 6px; padding: 4px; background: {toolbar}; }} "
                                       "QLabel {{ padding: 0 4px; color: {text}; }}"))
        self.addToolBar(Qt.BottomToolBarArea, bar)
        label = QLabel(self.tr("<b>Replay</b>"))
        bar.addWidget(label)
        self.replay_buttons = {}
        icon = self.style().standardIcon
        for key, sp, tip, slot in (("first", QStyle.SP_MediaSkipBackward, "first position (Home)", lambda: self.replay_to(0)),
                                   ("prev", QStyle.SP_MediaSeekBackward, "previous move (Left)",
                                    lambda: self.replay_to(self.replay_index() - 1)),
                                   ("next", QStyle.SP_MediaSeekForward, "next move (Right)",
                                    lambda: self.replay_to(self.replay_index() + 1)),
                                   ("last", QStyle.SP_MediaSkipForward, "last position (End)",
                                    lambda: self.replay_to(len(self._replay_actions)))):
            b = QPushButton(icon(sp), "")
            b.setToolTip(tip)
            b.setFixedWidth(34)
            b.clicked.connect(slot)
            self.replay_buttons[key] = b
            if key == "next":
                bar.addWidget(self._make_replay_slider())
            bar.addWidget(b)
        self.play_from_here_button = QPushButton(self.tr("Play from here"))
        self.play_from_here_button.setToolTip(self.tr("leave the replay and go on playing from this position"))
        self.play_from_here_button.clicked.connect(self.play_from_here)
        bar.addWidget(self.play_from_here_button)
        close = QPushButton(self.tr("Close replay"))
        close.setToolTip(self.tr("back to a new game"))
        close.clicked.connect(self.close_replay)
        bar.addWidget(close)
        # last, and sized by the bar rather than by its text: stepping never moves a button
        self.replay_label = ElidedLabel()
        self.replay_label.setMinimumWidth(200)
        bar.addWidget(self.replay_label)
        for key, slot in ((Qt.Key_Home, lambda: self.replay_to(0)), (Qt.Key_End, lambda: self.replay_to(len(self._replay_actions))),
                          (Qt.Key_Left, lambda: self.replay_to(self.replay_index() - 1)),
                          (Qt.Key_Right, lambda: self.replay_to(self.replay_index() + 1))):
            QShortcut(QKeySequence(key), self, lambda s=slot: s() if self.replaying else None)
        bar.hide()
        self.replay_bar = bar

    def _make_replay_slider(self) -> QSlider:
        self.replay_slider = QSlider(Qt.Horizontal)
        self.replay_slider.setMinimumWidth(260)
        self.replay_slider.setToolTip(self.tr("drag to any move of the game"))
        self.replay_slider.valueChanged.connect(lambda v: self.replay_to(v) if v != self.replay_index() else None)
        return self.replay_slider

    def _build_playback(self) -> QHBoxLayout:
        """Auto-play, Step and the bots' speed."""
        row = QHBoxLayout()
        row.setSpacing(6)
        self.auto_button = QCheckBox(self.tr("Auto-play bots"))
        self.auto_button.setChecked(self.autoplay)
        self.auto_button.setToolTip(self.tr("bots play on their own; off: press Step for each bot action"))
        self.auto_button.toggled.connect(self.set_autoplay)
        row.addWidget(self.auto_button)
        self.step_button = QPushButton(self.tr("Step"))
        self.step_button.setToolTip(self.tr("let the bot to move play one action"))
        self.step_button.clicked.connect(self.step)
        row.addWidget(self.step_button)
        row.addStretch(1)
        speed = QLabel(self.tr("speed"))
        speed.setObjectName("muted")
        row.addWidget(speed)
        self.speed_combo = QComboBox()
        for label, ms in SPEEDS:
            self.speed_combo.addItem(label, ms)
        closest = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i][1] - self.delay_ms))
        self.speed_combo.setCurrentIndex(closest)
        self.speed_combo.setToolTip(self.tr("pause before each bot action"))
        self.speed_combo.currentIndexChanged.connect(lambda _i: self.set_delay(self.speed_combo.currentData()))
        row.addWidget(self.speed_combo)
        return row

    @property
    def state(self):
        return self.session.state

    def is_game_over(self) -> bool:
        return self.session.over

    def controllers(self) -> list[str]:
        """Per seat, the controller chosen in its menu, with its settings (``"mcts:400"``)."""
        return [c.currentData() for c in self.seat_combos]

    def _show_controller(self, seat: int, spec: str) -> None:
        """Select ``spec`` in the seat's menu without taking over the seat; an MCTS spec
        becomes the menu's MCTS entry (its text says the budget)."""
        combo = self.seat_combos[seat]
        base = _kind(spec)
        i = CONTROLLERS.index(base)
        combo.blockSignals(True)
        if base == "mcts":
            combo.setItemData(i, spec)
            combo.setItemText(i, controller_name(spec))
        combo.setCurrentIndex(i)
        combo.blockSignals(False)

    def mcts_spec(self, seat: int) -> str:
        """The MCTS settings the seat's menu holds (used when MCTS is chosen), e.g. ``mcts:400``."""
        return self.seat_combos[seat].itemData(CONTROLLERS.index("mcts"))

    def edit_bot_settings(self, seat: int) -> bool:
        """Ask for the MCTS bot's iterations / time limit of ``seat`` (Bot settings…); the seat
        is then played by that bot. Returns False when cancelled (nothing changes)."""
        spec = prompts.ask_bot_settings(self, self.game.seat_names[seat], self.mcts_spec(seat))
        if not spec:
            self._show_controller(seat, self.session.controllers[seat])
            return False
        self._show_controller(seat, spec)
        self._controller_changed(seat)
        self._status.showMessage(f"{self.game.seat_names[seat]}: {controller_phrase(spec)}", 6000)
        return True

    def new_game(self) -> None:
        """Start again with the seats' controllers and the seed from the setup bar."""
        self._stop_bots()
        self._leave_replay()
        self.session = PlaySession(self.game, self.controllers(), self.seed_spin.value())
        self._session_replaced()
        self._show_new_position()
        self._status.showMessage(self.tr("New game, seed {seed}").format(seed=self.session.seed), 4000)
        self._schedule()

    def is_thinking(self) -> bool:
        """Whether a bot is deciding in a worker thread."""
        return self._thinking

    def undo(self) -> bool:
        """Take back the last move. With a human at the table and auto-play on, the bots'
        replies go too, back to the last position where a human was to move (else the bots
        would play them again at once); with bots only, auto-play stops. Returns False when
        there is nothing to undo."""
        if self.replaying or not self.state.history:
            self._status.showMessage(self.tr("Nothing to undo."), 4000)
            return False
        self._stop_bots()
        session = self.session
        undone = [session.undo()]
        humans = any(session.is_human(s) for s in range(self.game.players))
        if humans and self.autoplay:
            while self.state.history and not session.human_to_move():
                undone.append(session.undo())
        elif not humans:
            self.set_autoplay(False)
        self._show_new_position()
        n = len(undone)
        self._status.showMessage(f"Undid {n} move{'s' if n != 1 else ''}: {undone[-1]}", 6000)
        self._schedule()
        return True

    def save_game(self, path: str | None = None) -> bool:
        """Write the game so far as a ``studio-game/1`` file (asked for when ``path`` is None);
        atomic, a failure leaves no file and is shown in a message box."""
        from studio.content import save_atomic

        if path is None:
            suggested = f"{self.game_file_stem()}-seed{self.session.seed}.game.json"
            folder = prompts.last_folder("game")
            path = prompts.ask_game_path(self, str(Path(folder) / suggested) if folder else suggested, True)
            if not path:
                return False
            path = prompts.save_file_path(self, path, "Save Game", suffixes=(".json",), extension=".game.json")
            if not path:
                return False
            prompts.remember_folder("game", path)
        data = self._file_data()
        if self.replaying and self._replay_record is not None:
            data["record"] = self._replay_record   # the whole game, not the position shown
        try:
            save_atomic(path, json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            prompts.show_error(self, self.tr("Save Game"), self.tr("Cannot write {path}:\n\n{value}").format(path=path, value=exc.strerror or exc))
            return False
        self._status.showMessage(f"Saved {Path(path).name} ({counted(len(data['record']['actions']), 'move')})", 6000)
        return True

    def _read_game(self, path: str | None, title: str) -> dict | None:
        """The record of a game file checked against this window's game, or None after a
        message saying what is wrong and where."""
        from studio.content import LoadError
        from studio.model.io import InvalidContent

        if path is None:
            path = prompts.ask_game_path(self, prompts.last_folder("game"), False)
            if not path:
                return None
            prompts.remember_folder("game", path)
        try:
            data = read_game_file(path)
            record = data["record"]
            self.game.state_from_dict(record)  # the record replays in this game
        except InvalidContent as exc:
            lines = [f.format() for f in exc.findings]
            if [f.code for f in exc.findings] == ["content/wrong-kind"]:
                prompts.show_error(self, title, self.tr("{name} cannot be opened here: {message}.").format(name=Path(path).name, message=exc.findings[0].message), lines[0])
            else:
                prompts.show_error(self, title, f"{path} is not a valid game file:\n\n" + "\n".join(lines[:8]),
                                   "\n".join(lines))
            return None
        except LoadError as exc:
            prompts.show_error(self, title, exc.format())
            return None
        except ValueError as exc:
            prompts.show_error(self, title, self.tr("{path} cannot be played here:\n\n{exc}").format(path=path, exc=exc))
            return None
        note = self._check_file(data)
        if note:
            self._status.showMessage(note, 10000)
        return data

    def open_dropped_file(self, path: str) -> bool:
        """A dropped saved game (``studio-game/1``) goes on here, as by Open Game; any other
        file opens in the window made for its ``format:``."""
        from studio.gui.shell.files.open_router import open_in_its_window
        from studio.gui.shell.load_errors import file_format

        if file_format(path) == "studio-game/1":
            return self.open_game(path)
        routed = open_in_its_window(self, path, ())
        if routed is None:
            prompts.show_error(self, self.tr("Open Dropped File"), desktop.unopenable_text(path))
            return False
        return routed

    def open_game(self, path: str | None = None) -> bool:
        """Go on with a saved game: its moves are replayed in this game and the seats take
        the saved controllers (when they are known). Returns False after a message when the
        file cannot be read or its moves do not fit this game."""
        data = self._read_game(path, "Open Game")
        if data is None:
            return False
        self._stop_bots()
        self._leave_replay()
        record = data["record"]
        refused = self._set_controllers(data.get("controllers"))
        self.session = PlaySession(self.game, self.controllers(), int(record["seed"]))
        self.session.load(record)
        self._session_replaced()
        self.seed_spin.setValue(self.session.seed)
        self._show_new_position()
        opened = f"Opened a game of {counted(len(record['actions']), 'move')}"
        if refused:
            self._status.showMessage(self.tr("{opened}; seats kept as they were for {refused}").format(opened=opened, refused=refused), 15000)
        else:
            self._status.showMessage(opened, 6000)
        self._schedule()
        return True

    def open_replay(self, path: str | None = None) -> bool:
        """Show a saved game move by move (first, previous, next, last, or the slider), from
        its first position. Returns False after a message when the file is not a game of this
        game."""
        data = self._read_game(path, "Replay")
        if data is None:
            return False
        return self.start_replay(data["record"], data.get("controllers"))

    def start_replay(self, record: dict, controllers=None) -> bool:
        """Replay ``record`` (an engine record of this game; checked) from its first position."""
        self._stop_bots()
        self._set_controllers(controllers)
        self.session = PlaySession(self.game, self.controllers(), int(record["seed"]))
        self.session.load(record)
        self._replay_record = dict(record)
        self._replay_actions = list(self.state.history)
        self._checkpoints = {0: self.game.new_state(self.session.seed)}
        self.session.frozen = True
        self.replaying = True
        self._session_replaced()
        self.replay_slider.blockSignals(True)
        self.replay_slider.setRange(0, len(self._replay_actions))
        self.replay_slider.blockSignals(False)
        self.replay_bar.show()
        self.replay_to(0)
        return True

    def replay_index(self) -> int:
        """How many moves of the replayed game the position shown has played."""
        return len(self.state.history)

    def replay_to(self, index: int) -> None:
        """Show the replayed game after ``index`` moves (clamped to the game)."""
        if not self.replaying:
            return
        index = max(0, min(len(self._replay_actions), index))
        start = max(k for k in self._checkpoints if k <= index)
        state = self._checkpoints[start].clone()
        for k in range(start, index):
            state.apply(self._replay_actions[k])
            if (k + 1) % REPLAY_CHECKPOINT == 0 and k + 1 not in self._checkpoints:
                self._checkpoints[k + 1] = state.clone()
        self.session.state = state
        self.session._legal_cache = None
        self._show_new_position()

    def play_from_here(self) -> None:
        """Leave the replay and play on from the position shown (later moves are dropped)."""
        if not self.replaying:
            return
        record = dict(self._replay_record, actions=[a.to_dict() for a in self.state.history])
        self._leave_replay()
        self.session = PlaySession(self.game, self.controllers(), int(record["seed"]))
        self.session.load(record)
        self._session_replaced()
        self._show_new_position()
        self._schedule()

    def close_replay(self) -> None:
        """Leave the replay for a new game."""
        if self.replaying:
            self.new_game()

    def _leave_replay(self) -> None:
        self.replaying = False
        self._replay_record = None
        self._replay_actions = []
        self._checkpoints = {}
        self.session.frozen = False
        self.replay_bar.hide()

    def _set_controllers(self, controllers) -> str | None:
        """Show a saved game's controllers in the seat menus, settings included
        (``mcts:400``). A controller the bots refuse (settings out of range) leaves that seat
        as it was; returns a note saying so, or None."""
        if not controllers or len(controllers) != self.game.players:
            return None
        refused = []
        for seat, c in enumerate(controllers):
            try:
                kind = _kind(c)  # a bot spec is read (and its settings checked) once, here
            except ValueError as exc:
                refused.append(f"{self.game.seat_names[seat]}: {exc}")
                continue
            if kind not in CONTROLLERS:
                refused.append(f"{self.game.seat_names[seat]}: unknown controller {c!r}")
                continue
            self._show_controller(seat, c)
        return "; ".join(refused) or None

    def _show_new_position(self) -> None:
        """Redraw everything after the state was replaced (undo, open, replay)."""
        self.log_view.clear()
        self._log_shown = 0
        self._over_announced = self.state.is_terminal() and self.replaying
        self._reset_choices()
        self._refresh()
        if self.replaying:
            n, k = len(self._replay_actions), self.replay_index()
            self.replay_slider.blockSignals(True)
            self.replay_slider.setValue(k)
            self.replay_slider.blockSignals(False)
            last = self.state.log[-1] if k and self.state.log else "the deal"
            self.replay_label.setText(self.tr("move {k} of {n} · {last}").format(k=k, n=n, last=last))
            self.replay_buttons["first"].setEnabled(k > 0)
            self.replay_buttons["prev"].setEnabled(k > 0)
            self.replay_buttons["next"].setEnabled(k < n)
            self.replay_buttons["last"].setEnabled(k < n)
            self.play_from_here_button.setEnabled(not self.state.is_terminal())
        self.stateChanged.emit()

    def set_delay(self, ms: int) -> None:
        """Pause before each bot action, in milliseconds."""
        self.delay_ms = max(0, int(ms))

    def set_autoplay(self, on: bool) -> None:
        self.autoplay = bool(on)
        if self.auto_button.isChecked() != self.autoplay:
            self.auto_button.setChecked(self.autoplay)
        if self.autoplay:
            self._schedule()
        else:
            self._timer.stop()
        self._refresh_buttons()

    def step(self) -> None:
        """One bot action now (the Step button)."""
        self._timer.stop()
        self._bot_step()

    def clear_selection(self) -> None:
        self._reset_choices()
        self._refresh_choices()

    def _play(self, action) -> None:
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self._status.showMessage(self.tr("Not allowed: {reason}").format(reason=exc.reason), 8000)
            return
        self._after_action()

    def _after_action(self) -> None:
        self._reset_choices()
        self._refresh()
        self.stateChanged.emit()
        self._schedule()

    def _schedule(self) -> None:
        if self.autoplay and self.session.bot_to_move() and not self._timer.isActive() and not self._thinking:
            self._timer.start(self.delay_ms)

    def _bot_step(self) -> None:
        if not self.session.bot_to_move() or self._thinking:
            return
        seat = self.state.current_player
        if self._threaded(seat):
            self._think_in_background()
            return
        try:
            self.session.step_bot()
        except Exception as exc:  # a bot or engine bug must not take the window down
            self.set_autoplay(False)
            self._status.showMessage(self.tr("The bot could not play: {exc}").format(exc=exc), 15000)
            return
        self._after_action()

    def _think_in_background(self) -> None:
        """Let a slow bot (MCTS) decide in a worker thread; the window stays responsive and the
        decision is played when it arrives (unless undo, a new game or a replay came first)."""
        request = self.session.bot_request()
        self._thinking = True
        self._generation += 1
        seat = self.state.current_player
        who = controller_phrase(self.session.controllers[seat])
        self._status.showMessage(self.tr("{seat_names} ({who}) is thinking…").format(seat_names=self.game.seat_names[seat], who=who), 0)
        thread = _BotThread(self._generation, request)
        _LIVE_THREADS.add(thread)  # outlives the window if it is deleted while the bot thinks
        thread.finished.connect(lambda t=thread: _LIVE_THREADS.discard(t))
        thread.finished.connect(self._thread_finished)
        self._threads.append(thread)
        self._refresh_buttons()
        thread.start()

    def _thread_finished(self) -> None:
        thread = self.sender()
        if isinstance(thread, _BotThread):
            self._decided(thread)

    def _decided(self, thread: _BotThread) -> None:
        if thread in self._threads:
            self._threads.remove(thread)
        if thread.generation != self._generation:
            return  # the position changed meanwhile
        self._thinking = False
        self._status.clearMessage()
        if thread.error is not None:
            self.set_autoplay(False)
            self._status.showMessage(self.tr("The bot could not play: {error}").format(error=thread.error), 15000)
            self._refresh_buttons()
            return
        try:
            self.session.apply_bot_decision(thread.action, thread.rng)
        except Exception as exc:
            self.set_autoplay(False)
            self._status.showMessage(self.tr("The bot could not play: {exc}").format(exc=exc), 15000)
            self._refresh_buttons()
            return
        self._after_action()

    def _stop_bots(self) -> None:
        """Stop the bots' timer and drop a decision being thought about."""
        self._timer.stop()
        if self._thinking:
            self._generation += 1
            self._thinking = False
            self._status.clearMessage()

    def wait_for_bots(self, timeout_ms: int = 60000) -> None:
        """Wait for the bots' worker threads to end (closing, tests); their decisions are
        delivered at the next turn of the event loop."""
        for t in list(self._threads):
            t.wait(timeout_ms)

    def _controller_changed(self, seat: int) -> None:
        if self.seat_combos[seat].currentData() == BOT_SETTINGS:
            self.edit_bot_settings(seat)
            return
        if self._thinking and self.state.current_player == seat:
            self._stop_bots()
        self.session.set_controller(seat, self.seat_combos[seat].currentData())
        self._reset_choices()
        self._refresh()
        self._schedule()

    def _refresh(self) -> None:
        state = self.state
        over = state.is_terminal()
        self._refresh_view()
        self._refresh_log()
        self._refresh_choices()
        if over and not self._over_announced:
            self._over_announced = True
            self._status.showMessage(self.tr("Game over: {end_reason}").format(end_reason=state.end_reason), 0)
            self.gameOver.emit()

    def _refresh_log(self) -> None:
        log = self.state.log
        if self._log_shown > len(log):
            self.log_view.clear()
            self._log_shown = 0
        for k, line in enumerate(log[self._log_shown:], self._log_shown):
            item = QListWidgetItem(self._log_line(k, line))
            seat = seat_of(line)  # whom the engine wrote the line about: its colour
            item.setForeground(desktop.qcolour("text") if seat is None else readable_seat_colour(seat))
            self.log_view.addItem(item)
        if len(log) != self._log_shown:
            self._log_shown = len(log)
            self.log_view.scrollToBottom()

    def _refresh_buttons(self) -> None:
        self.step_button.setEnabled(self.session.bot_to_move() and not self._thinking)
        self.undo_action.setEnabled(not self.replaying and bool(self.state.history))
        self.save_action.setEnabled(bool(self.state.history) or self.replaying)

    def closeEvent(self, event) -> None:
        self._stop_bots()
        self.wait_for_bots()  # a QThread must not be destroyed while it runs
        super().closeEvent(event)


_open_boxes: list[QMessageBox] = []


def error_box(parent, title: str, text: str) -> QMessageBox:
    """A warning box that does not block (the editor stays usable; tests need no event loop)."""
    box = QMessageBox(QMessageBox.Warning, title, text, QMessageBox.Ok, parent)
    box.setAttribute(Qt.WA_DeleteOnClose, True)
    _open_boxes.append(box)
    box.finished.connect(lambda _r, b=box: _open_boxes.remove(b) if b in _open_boxes else None)
    box.open()
    return box


GAME_NAMES = {"realm": "Rule the Realm", "rivages": "Rivages"}


def wrong_scenario(path, game: str) -> str | None:
    """Why the file at ``path`` is not a scenario of ``game`` (``"realm"`` or ``"rivages"``)
    when its ``format:`` names another known format, e.g. "jungle-temples.yaml is a Rule the
    Realm scenario (realm-scenario/1); choose a Rivages scenario (rivages-scenario/1)"; None
    when it is one, or when it does not parse or has no known format (the loader then says
    what is wrong, with file:line:col)."""
    from studio.content import LoadError, load_document
    from studio.content.schemas import known_formats, schema_for

    expected = f"{game}-scenario/1"
    try:
        fmt = load_document(path).format
    except (LoadError, OSError, ValueError):
        return None
    if fmt is None or fmt == expected or fmt not in known_formats():
        return None
    what = schema_for(fmt).get("title", fmt).replace(f" ({fmt})", "")
    what = what[0].lower() + what[1:] if what.startswith("A ") else f"a {what}"
    if what.endswith("s"):  # "Rivages cards", "Rivages loot tokens"
        what += " file"
    return f"{Path(path).name} is {what} ({fmt}); choose a {GAME_NAMES[game]} scenario ({expected})"


__all__ = ["CONTROLLERS", "DEFAULT_DELAY_MS", "GAME_NAMES", "panel_style", "PlaytestFrame", "SPEEDS", "error_box",
           "wrong_scenario"]
