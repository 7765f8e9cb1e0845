"""The playtest window: play the board being edited against bots (or watch bots play it).

:func:`open_playtest` is what the editor's *Game ▸ Playtest…* calls, with the board as it is in
the editor (a copy is played, so later edits do not disturb a running game). The window shows a
:class:`~studio.playtest.session.PlaySession`: the board with bands and collected segments, one
panel per seat, the pool, deck and discard pile, the human player's controls and the move log.
Bots play on a timer so the window stays responsive (the MCTS bot thinks in a worker thread);
nothing a click does can raise: an illegal action is reported in the status bar.

*Undo* takes back the last move (with humans at the table, back to the last position where a
human was to move); *Save Game* and *Open Game* write and read ``studio-game/1`` files (the
engine's record); *Replay* steps through a saved game move by move.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QGroupBox, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QMainWindow,
    QMessageBox, QPushButton, QSizePolicy, QSlider, QSpinBox, QSplitter, QStyle, QToolBar, QVBoxLayout,
    QWidget,
)

from studio.gui.playtest_board import PlaytestBoardView, seat_colour
from studio.gui.playtest_panels import CONTROLLER_NAMES, CardChip, SeatPanel, payment_text
from studio.model.realm import COLOURS
from studio.gui import prompts
from studio.playtest.session import DECK, HUMAN, PlaySession, game_file_data, read_game_file
from studio.rules import IllegalAction
from studio.rules.realm.actions import ExtraAction, Pass, TakeCard

CONTROLLERS = ("human", "random", "greedy", "mcts")
REPLAY_CHECKPOINT = 16       # a replay keeps a copy of every 16th position for quick jumps
SPEEDS = (("Instant", 0), ("Fast", 150), ("Normal", 450), ("Slow", 1200))
DEFAULT_DELAY_MS = 450
MAX_PAYMENT_CHOICES = 200

_PANEL_STYLE = """
#playPanel { background: #f7f0e1; }
#playPanel QGroupBox { font-weight: bold; color: #3a2f25; border: 1px solid #d9ccb0; border-radius: 7px;
    margin-top: 10px; padding: 8px 6px 6px 6px; background: #fffaf0; }
#playPanel QGroupBox::title { subcontrol-origin: margin; left: 9px; padding: 0 4px; }
#playPanel QLabel { color: #3a2f25; }
#playPanel QLabel#muted { color: #8a7a66; }
#playPanel QLabel#seatName { font-weight: bold; font-size: 14px; }
#playPanel QLabel#score { font-weight: bold; font-size: 20px; }
#playPanel QLabel#banner { font-size: 15px; padding: 8px 10px; border-radius: 7px; background: #3c4a37; color: #fbf4e2; }
#playPanel QLabel#hint { color: #6b5a48; font-style: italic; }
#playPanel QPushButton { padding: 5px 10px; border-radius: 5px; border: 1px solid #b59d70; background: #fbf4e2; color: #3a2f25; }
#playPanel QPushButton:hover:enabled { background: #fff3cf; }
#playPanel QPushButton:disabled { color: #b8ab95; border-color: #e2d6bd; background: #f6efe0; }
#playPanel QPushButton#primary:enabled { background: #3f7d4a; color: white; border-color: #2d5c36; font-weight: bold; }
#playPanel QPushButton#primary:hover:enabled { background: #4a9157; }
#playPanel QCheckBox { color: #3a2f25; }
#playPanel QListWidget { background: #fffaf0; border: 1px solid #d9ccb0; border-radius: 5px; color: #3a2f25; }
"""


_LIVE_THREADS: set = set()


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


class PlaytestWindow(QMainWindow):
    """Play ``game`` (a RealmGame) at the table. ``controllers``: per seat ``"human"``,
    ``"random"``, ``"greedy"`` or ``"mcts"`` (default: seat 1 human, the others greedy bots); ``delay_ms``:
    pause before each bot action (0 in tests); ``autoplay``: bots play on their own (else use
    Step). ``note``: a first status-bar message (e.g. which rules are used)."""

    stateChanged = Signal()
    gameOver = Signal()

    def __init__(self, game, parent=None, *, seed: int = 0, controllers=None,
                 delay_ms: int = DEFAULT_DELAY_MS, autoplay: bool = True, note: str | None = None):
        super().__init__(parent)
        self.game = game
        n = game.players
        controllers = list(controllers or [HUMAN] + ["greedy"] * (n - 1))
        self.session = PlaySession(game, controllers, seed)
        self.delay_ms = max(0, int(delay_ms))
        self.autoplay = autoplay
        self._selected: list[str] = []
        self._preview = None
        self._shapes: list = []      # legal bands on exactly the selected pegs
        self._payments: list = []
        self._pool_picks: set[int] = set()
        self._deck_picks = 0
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

        self.setWindowTitle(f"Playtest: {game.board.name}")
        self.resize(1360, 860)
        self._build_toolbar(controllers, seed)
        self.board_view = PlaytestBoardView(self.session)
        self.board_view.pegClicked.connect(self._peg_clicked)
        self.board_view.placeRequested.connect(self.place_band)
        self.board_view.clearRequested.connect(self.clear_selection)
        panel = self._build_panel()
        self._build_replay_bar()
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.board_view)
        split.addWidget(panel)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setCollapsible(0, False)
        split.setSizes([920, 440])
        self.setCentralWidget(split)
        QShortcut(QKeySequence(Qt.Key_Escape), self, self.clear_selection)
        self._status = self.statusBar()
        self._status.setStyleSheet("QStatusBar { color: #3a2f25; }")
        self._refresh()
        if note:
            self._status.showMessage(note, 15000)
        self._schedule()

    # -- construction -------------------------------------------------------------------------
    def _build_toolbar(self, controllers, seed: int) -> None:
        bar = QToolBar("Game setup")
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
            for c in CONTROLLERS:
                combo.addItem(CONTROLLER_NAMES[c], c)
            combo.setCurrentIndex(CONTROLLERS.index(controllers[seat]))
            combo.setToolTip(f"who plays {name}; changing it takes over the seat at once")
            combo.currentIndexChanged.connect(lambda _i, s=seat: self._controller_changed(s))
            bar.addWidget(combo)
            self.seat_combos.append(combo)
            bar.addSeparator()
        bar.addWidget(QLabel("Seed"))
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setValue(seed)
        self.seed_spin.setToolTip("the deal and every bot decision follow from the seed")
        bar.addWidget(self.seed_spin)
        self.new_game_button = QPushButton("New game")
        self.new_game_button.setToolTip("start again with these seats and this seed")
        self.new_game_button.clicked.connect(self.new_game)
        bar.addWidget(self.new_game_button)
        self.new_game_button.setObjectName("newGame")
        bar.setStyleSheet(bar.styleSheet() + " QPushButton#newGame { padding: 3px 12px; font-weight: bold; }")
        bar.addSeparator()
        self.undo_action = self._action(bar, "Undo", self.undo, QKeySequence.Undo,
                                        "take back the last move (with humans at the table: back to your last turn)")
        self.save_action = self._action(bar, "Save Game…", self.save_game, QKeySequence.Save,
                                        "save this game's record (studio-game/1)")
        self.open_action = self._action(bar, "Open Game…", self.open_game, QKeySequence.Open,
                                        "go on with a saved game")
        self.replay_action = self._action(bar, "Replay…", self.open_replay, "Ctrl+R",
                                          "step through a saved game move by move")

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
        bar = QToolBar("Replay")
        bar.setMovable(False)
        bar.setStyleSheet("QToolBar { spacing: 6px; padding: 4px; background: #efe6d2; } QLabel { padding: 0 4px; }")
        self.addToolBar(Qt.BottomToolBarArea, bar)
        label = QLabel("<b>Replay</b>")
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
        self.replay_label = QLabel()
        self.replay_label.setMinimumWidth(260)
        bar.addWidget(self.replay_label)
        self.play_from_here_button = QPushButton("Play from here")
        self.play_from_here_button.setToolTip("leave the replay and go on playing from this position")
        self.play_from_here_button.clicked.connect(self.play_from_here)
        bar.addWidget(self.play_from_here_button)
        close = QPushButton("Close replay")
        close.setToolTip("back to a new game")
        close.clicked.connect(self.close_replay)
        bar.addWidget(close)
        for key, slot in ((Qt.Key_Home, lambda: self.replay_to(0)), (Qt.Key_End, lambda: self.replay_to(len(self._replay_actions))),
                          (Qt.Key_Left, lambda: self.replay_to(self.replay_index() - 1)),
                          (Qt.Key_Right, lambda: self.replay_to(self.replay_index() + 1))):
            QShortcut(QKeySequence(key), self, lambda s=slot: s() if self.replaying else None)
        bar.hide()
        self.replay_bar = bar

    def _make_replay_slider(self) -> QSlider:
        self.replay_slider = QSlider(Qt.Horizontal)
        self.replay_slider.setMinimumWidth(260)
        self.replay_slider.setToolTip("drag to any move of the game")
        self.replay_slider.valueChanged.connect(lambda v: self.replay_to(v) if v != self.replay_index() else None)
        return self.replay_slider

    def _build_playback(self) -> QHBoxLayout:
        """Auto-play, Step and the bots' speed."""
        row = QHBoxLayout()
        row.setSpacing(6)
        self.auto_button = QCheckBox("Auto-play bots")
        self.auto_button.setChecked(self.autoplay)
        self.auto_button.setToolTip("bots play on their own; off: press Step for each bot action")
        self.auto_button.toggled.connect(self.set_autoplay)
        row.addWidget(self.auto_button)
        self.step_button = QPushButton("Step")
        self.step_button.setToolTip("let the bot to move play one action")
        self.step_button.clicked.connect(self.step)
        row.addWidget(self.step_button)
        row.addStretch(1)
        speed = QLabel("speed")
        speed.setObjectName("muted")
        row.addWidget(speed)
        self.speed_combo = QComboBox()
        for label, ms in SPEEDS:
            self.speed_combo.addItem(label, ms)
        closest = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i][1] - self.delay_ms))
        self.speed_combo.setCurrentIndex(closest)
        self.speed_combo.setToolTip("pause before each bot action")
        self.speed_combo.currentIndexChanged.connect(lambda _i: self.set_delay(self.speed_combo.currentData()))
        row.addWidget(self.speed_combo)
        return row

    def _build_panel(self) -> QWidget:
        panel = QWidget()
        panel.setObjectName("playPanel")
        panel.setAttribute(Qt.WA_StyledBackground, True)
        panel.setStyleSheet(_PANEL_STYLE)
        panel.setMinimumWidth(400)
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

        self.seat_panels = [SeatPanel(s, name) for s, name in enumerate(self.game.seat_names)]
        for sp in self.seat_panels:
            lay.addWidget(sp)

        cards = QGroupBox("Cards")
        cl = QVBoxLayout(cards)
        cl.setSpacing(4)
        row = QHBoxLayout()
        row.setSpacing(2)
        self.pool_label = QLabel("Pool")
        self.pool_label.setObjectName("muted")
        row.addWidget(self.pool_label)
        self.pool_buttons: list[CardChip] = []
        for i in range(max(1, self.game.rules.pool_size)):
            chip = CardChip(None)
            chip.setCheckable(True)
            chip.clicked.connect(lambda _c=False, i=i: self._pool_clicked(i))
            row.addWidget(chip)
            self.pool_buttons.append(chip)
        row.addSpacing(12)
        self.deck_button = CardChip(None)
        self.deck_button.setCheckable(True)
        self.deck_button.setToolTip("draw from the face-down deck (click again for a second deck card)")
        self.deck_button.clicked.connect(self._deck_clicked)
        self.deck_label = QLabel()
        row.addLayout(_captioned(self.deck_button, self.deck_label))
        row.addStretch(1)
        self.discard_chip = CardChip(None, 1, QSize(26, 36))
        self.discard_chip.setEnabled(False)
        self.discard_chip.setCursor(Qt.ArrowCursor)
        self.discard_chip.setToolTip("the discard pile, face up: its top card and how many cards it holds")
        self.discard_label = QLabel()
        row.addLayout(_captioned(self.discard_chip, self.discard_label))
        cl.addLayout(row)
        drow = QHBoxLayout()
        self.draw_hint = QLabel()
        self.draw_hint.setObjectName("hint")
        drow.addWidget(self.draw_hint, 1)
        self.draw_button = QPushButton("Draw")
        self.draw_button.setObjectName("primary")
        self.draw_button.clicked.connect(self.draw_cards)
        drow.addWidget(self.draw_button)
        cl.addLayout(drow)
        lay.addWidget(cards)

        band = QGroupBox("Band")
        bl = QVBoxLayout(band)
        bl.setSpacing(4)
        self.band_hint = QLabel()
        self.band_hint.setObjectName("hint")
        self.band_hint.setWordWrap(True)
        bl.addWidget(self.band_hint)
        self.shape_combo = QComboBox()
        self.shape_combo.setToolTip("these pegs make more than one band: choose which")
        self.shape_combo.currentIndexChanged.connect(lambda _i: self._refresh_choices())
        bl.addWidget(self.shape_combo)
        self.payment_combo = QComboBox()
        self.payment_combo.setToolTip("how to pay for the band (RTR-P7, RTR-P8)")
        self.payment_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.payment_combo.setMinimumContentsLength(20)
        bl.addWidget(self.payment_combo)
        brow = QHBoxLayout()
        self.clear_button = QPushButton("Clear")
        self.clear_button.clicked.connect(self.clear_selection)
        self.place_button = QPushButton("Place band")
        self.place_button.setObjectName("primary")
        self.place_button.setToolTip("place the band (Enter, or double-click its last peg)")
        self.place_button.clicked.connect(self.place_band)
        brow.addWidget(self.clear_button)
        brow.addStretch(1)
        brow.addWidget(self.place_button)
        bl.addLayout(brow)
        lay.addWidget(band)

        trow = QHBoxLayout()
        cost = self.game.rules.extra_action_cost
        self.extra_button = QPushButton(f"Buy extra action ({cost} ⚡)")
        self.extra_button.setToolTip("once per turn: pay energy for one more action (RTR-T4)")
        self.extra_button.clicked.connect(self.buy_extra)
        self.end_turn_button = QPushButton("End turn")
        self.end_turn_button.clicked.connect(self.end_turn)
        trow.addWidget(self.extra_button)
        trow.addStretch(1)
        trow.addWidget(self.end_turn_button)
        lay.addLayout(trow)

        logbox = QGroupBox("Moves")
        ll = QVBoxLayout(logbox)
        self.log_view = QListWidget()
        self.log_view.setWordWrap(True)
        self.log_view.setSelectionMode(QListWidget.NoSelection)
        self.log_view.setFocusPolicy(Qt.NoFocus)
        self.log_view.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        ll.addWidget(self.log_view)
        lay.addWidget(logbox, 1)
        return panel

    # -- public API ---------------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    def is_game_over(self) -> bool:
        return self.session.over

    def controllers(self) -> list[str]:
        return [c.currentData() for c in self.seat_combos]

    def new_game(self) -> None:
        """Start again with the seats' controllers and the seed from the setup bar."""
        self._stop_bots()
        self._leave_replay()
        self.session = PlaySession(self.game, self.controllers(), self.seed_spin.value())
        self.board_view.set_session(self.session)
        self._show_new_position()
        self._status.showMessage(f"New game, seed {self.session.seed}", 4000)
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
            self._status.showMessage("Nothing to undo.", 4000)
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
            suggested = f"{self.game.board.id}-seed{self.session.seed}.game.json"
            path = prompts.ask_game_path(self, suggested, True)
            if not path:
                return False
        data = game_file_data(self.session, self.game.board.name)
        if self.replaying and self._replay_record is not None:
            data["record"] = self._replay_record   # the whole game, not the position shown
        try:
            save_atomic(path, json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            prompts.show_error(self, "Save Game", f"Cannot write {path}:\n\n{exc.strerror or exc}")
            return False
        self._status.showMessage(f"Saved {Path(path).name} ({len(data['record']['actions'])} moves)", 6000)
        return True

    def _read_game(self, path: str | None, title: str) -> dict | None:
        """The record of a game file checked against this window's game, or None after a
        message saying what is wrong and where."""
        from studio.content import LoadError
        from studio.model.io import InvalidContent

        if path is None:
            path = prompts.ask_game_path(self, "", False)
            if not path:
                return None
        try:
            data = read_game_file(path)
            record = data["record"]
            self.game.state_from_dict(record)  # the record replays on this board
        except InvalidContent as exc:
            lines = [f.format() for f in exc.findings]
            prompts.show_error(self, title, f"{path} is not a valid game file:\n\n" + "\n".join(lines[:8]),
                               "\n".join(lines))
            return None
        except LoadError as exc:
            prompts.show_error(self, title, f"{exc.location()}{exc.message}")
            return None
        except ValueError as exc:
            prompts.show_error(self, title, f"{path} cannot be played on this board:\n\n{exc}")
            return None
        if record.get("board") not in (None, self.game.board.id):
            self._status.showMessage(f"Note: the game was saved on board {record.get('board')!r}; "
                                     f"every move is legal on {self.game.board.id!r}", 10000)
        return data

    def open_game(self, path: str | None = None) -> bool:
        """Go on with a saved game: its moves are replayed on this board and the seats take
        the saved controllers (when they are known). Returns False after a message when the
        file cannot be read or its moves do not fit this board."""
        data = self._read_game(path, "Open Game")
        if data is None:
            return False
        self._stop_bots()
        self._leave_replay()
        record = data["record"]
        self._set_controllers(data.get("controllers"))
        self.session = PlaySession(self.game, self.controllers(), int(record["seed"]))
        self.session.load(record)
        self.board_view.set_session(self.session)
        self.seed_spin.setValue(self.session.seed)
        self._show_new_position()
        self._status.showMessage(f"Opened a game of {len(record['actions'])} moves", 6000)
        self._schedule()
        return True

    def open_replay(self, path: str | None = None) -> bool:
        """Show a saved game move by move (first, previous, next, last, or the slider), from
        its first position. Returns False after a message when the file is not a game of this
        board."""
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
        self.board_view.set_session(self.session)
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
        self.board_view.set_session(self.session)
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

    def _set_controllers(self, controllers) -> None:
        if not controllers or len(controllers) != self.game.players:
            return
        for combo, c in zip(self.seat_combos, controllers):
            i = combo.findData(c.split(":")[0])
            if i >= 0:
                combo.blockSignals(True)
                combo.setCurrentIndex(i)
                combo.blockSignals(False)

    def _show_new_position(self) -> None:
        """Redraw everything after the state was replaced (undo, open, replay)."""
        self.log_view.clear()
        self._log_shown = 0
        self._over_announced = self.state.is_terminal() and self.replaying
        self._reset_choices()
        self._refresh()
        self.board_view.update()
        if self.replaying:
            n, k = len(self._replay_actions), self.replay_index()
            self.replay_slider.blockSignals(True)
            self.replay_slider.setValue(k)
            self.replay_slider.blockSignals(False)
            last = self.state.log[-1] if k and self.state.log else "the deal"
            self.replay_label.setText(f"move {k} of {n} · {last}")
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

    def place_band(self) -> None:
        """Play the band on the selected pegs with the payment chosen in the combo."""
        if not self.session.human_to_move():
            return
        if self._preview is None:
            self._status.showMessage("Select the pegs of a legal band first: the ringed pegs can be added.", 6000)
            return
        i = max(0, self.payment_combo.currentIndex())
        action = self._payments[i] if i < len(self._payments) else self._preview
        self._play(action)

    def draw_cards(self) -> None:
        """Draw the pool cards and deck cards picked."""
        if not self.session.human_to_move():
            return
        draw = self.session.draw_for(self._draw_sources())
        if draw is None:
            need = self.session.draw_size()
            self._status.showMessage(f"Pick {need} card{'s' if need != 1 else ''} from the pool and/or the deck.", 6000)
            return
        self._play(draw)

    def buy_extra(self) -> None:
        if self.session.human_to_move():
            self._play(ExtraAction())

    def end_turn(self) -> None:
        if self.session.human_to_move():
            self._play(Pass())

    def clear_selection(self) -> None:
        self._selected = []
        self._pool_picks.clear()
        self._deck_picks = 0
        self._refresh_choices()

    # -- playing ------------------------------------------------------------------------------
    def _play(self, action) -> None:
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self._status.showMessage(f"Not allowed: {exc.reason}", 8000)
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
        if self.session.controllers[seat].startswith("mcts"):
            self._think_in_background()
            return
        try:
            self.session.step_bot()
        except Exception as exc:  # a bot or engine bug must not take the window down
            self.set_autoplay(False)
            self._status.showMessage(f"The bot could not play: {exc}", 15000)
            return
        self._after_action()

    def _think_in_background(self) -> None:
        """Let a slow bot (MCTS) decide in a worker thread; the window stays responsive and the
        decision is played when it arrives (unless undo, a new game or a replay came first)."""
        request = self.session.bot_request()
        self._thinking = True
        self._generation += 1
        seat = self.state.current_player
        self._status.showMessage(f"{self.game.seat_names[seat]} ({CONTROLLER_NAMES['mcts']}) is thinking…", 0)
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
            self._status.showMessage(f"The bot could not play: {thread.error}", 15000)
            self._refresh_buttons()
            return
        try:
            self.session.apply_bot_decision(thread.action, thread.rng)
        except Exception as exc:
            self.set_autoplay(False)
            self._status.showMessage(f"The bot could not play: {exc}", 15000)
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
        if self._thinking and self.state.current_player == seat:
            self._stop_bots()
        self.session.set_controller(seat, self.seat_combos[seat].currentData())
        self._reset_choices()
        self._refresh()
        self._schedule()

    # -- the human's choices ------------------------------------------------------------------
    def _reset_choices(self) -> None:
        self._selected = []
        self._shapes = []
        self._preview = None
        self._payments = []
        self._pool_picks.clear()
        self._deck_picks = 0

    def _peg_clicked(self, peg: str) -> None:
        if not self.session.human_to_move():
            return
        if peg in self._selected:
            self._selected.remove(peg)
        elif peg in self.session.clickable_pegs(self._selected):
            self._selected.append(peg)
        else:
            return
        self._refresh_choices()

    def _pool_clicked(self, index: int) -> None:
        pool = self.state.pool
        if self.session.bonus_cards():
            if index < len(pool):
                self._play(TakeCard(_colour(pool[index])))
            return
        if index in self._pool_picks:
            self._pool_picks.discard(index)
        elif index < len(pool) and self.session.draw_can_grow(self._draw_sources(), _colour(pool[index])):
            self._pool_picks.add(index)
        self._refresh_choices()

    def _deck_clicked(self) -> None:
        if self.session.bonus_cards():
            self._play(TakeCard(DECK))
            return
        if self.session.draw_can_grow(self._draw_sources(), DECK):
            self._deck_picks += 1
        else:
            self._deck_picks = 0
        self._refresh_choices()

    def _draw_sources(self) -> list[str]:
        pool = self.state.pool
        return [_colour(pool[i]) for i in sorted(self._pool_picks) if i < len(pool)] + [DECK] * self._deck_picks

    # -- showing the state --------------------------------------------------------------------
    def _refresh(self) -> None:
        state = self.state
        over = state.is_terminal()
        winners = set(state.winners()) if over else set()
        for sp in self.seat_panels:
            s = sp.seat
            sp.show_seat(state, self.session.controllers[s], state.current_player == s, s in winners,
                         self.session.is_human(s))
        self._refresh_banner()
        self._refresh_log()
        self._refresh_choices()
        if over and not self._over_announced:
            self._over_announced = True
            self._status.showMessage(f"Game over: {state.end_reason}", 0)
            self.gameOver.emit()

    def _refresh_banner(self) -> None:
        state = self.state
        names = self.game.seat_names
        if state.is_terminal():
            win = state.winners()
            scores = " · ".join(f"{names[s]} {state.score[s]}" for s in range(state.players))
            if win:
                who = " and ".join(f"<b>{names[s]}</b>" for s in win)
                verb = "share the win" if len(win) > 1 else "wins"
                result = f"{who} {verb} with {state.score[win[0]]} VP"
            else:
                result = "<b>nobody wins</b>"
            self.banner.setText(f"Game over after round {state.round}: {result}"
                                f"<br><span style='font-size:12px'>{state.end_reason}. Final scores: {scores}</span>")
            return
        seat = state.current_player
        colour = seat_colour(seat).lighter(130).name()
        if self.replaying:
            who = "replay"
        else:
            who = "you" if self.session.is_human(seat) else CONTROLLER_NAMES[self.session.controllers[seat]].lower()
        left = state.actions_left
        acts = f"{left} action{'s' if left != 1 else ''} left" if left > 0 else "no action left"
        if state.end_triggered:
            goal = f"last round: {state.end_triggered}"
        else:
            goal = _end_text(self.game)
        self.banner.setText(f"Round {state.round} · <b style='color:{colour}'>{names[seat]}</b> ({who}) to play"
                            f" · {acts}<br><span style='font-size:12px; color:#cfc6ad'>{goal}</span>")

    def _refresh_log(self) -> None:
        log = self.state.log
        if self._log_shown > len(log):
            self.log_view.clear()
            self._log_shown = 0
        names = self.game.seat_names
        for line in log[self._log_shown:]:
            item = QListWidgetItem(line)
            for s in range(len(names)):
                if line.startswith(f"seat {s + 1} "):
                    item.setForeground(seat_colour(s).darker(150))
                    break
            else:
                item.setForeground(QColor("#3a2f25"))
            self.log_view.addItem(item)
        if len(log) != self._log_shown:
            self._log_shown = len(log)
            self.log_view.scrollToBottom()

    def _refresh_choices(self) -> None:
        """Pool, deck, band selection and buttons for the human to move (all off otherwise)."""
        session = self.session
        state = self.state
        human = session.human_to_move()
        # cards on the table; a free bonus card (L8-7) is taken with one click
        bonus = {a.source for a in session.bonus_cards()} if human else set()
        sources = self._draw_sources()
        pool = state.pool
        self.pool_label.setVisible(bool(pool))
        for i, chip in enumerate(self.pool_buttons):
            if i < len(pool):
                chip.show()
                chip.colour = _colour(pool[i])
                picked = i in self._pool_picks
                chip.setChecked(picked)
                if bonus:
                    allowed = chip.colour in bonus
                else:
                    allowed = human and (picked or session.draw_can_grow(sources, chip.colour))
                chip.setEnabled(allowed)
                chip.dim = human and not allowed
                chip.setToolTip(f"{chip.colour} card in the pool")
                chip.update()
            else:
                chip.hide()
        deck, discard, whose = self._deck_and_discard()
        self.deck_button.caption = str(deck)
        self.deck_button.setChecked(self._deck_picks > 0)
        if bonus:
            allowed = DECK in bonus
        else:
            allowed = human and (self._deck_picks > 0 or session.draw_can_grow(sources, DECK))
        self.deck_button.setEnabled(allowed)
        self.deck_button.dim = human and not allowed
        self.deck_button.update()
        self.deck_label.setText(whose + "deck" + (f" ×{self._deck_picks}" if self._deck_picks else ""))
        self.discard_chip.colour = _colour(discard[-1]) if discard else None
        self.discard_chip.caption = str(len(discard))
        self.discard_chip.update()
        self.discard_label.setText(whose + "discard")
        need = session.draw_size() if human and state.actions_left > 0 else 0
        draw = session.draw_for(sources) if human else None
        self.draw_button.setEnabled(draw is not None)
        self.draw_button.setText(f"Draw {len(sources)}" if sources else "Draw")
        if not human:
            self.draw_hint.setText("")
        elif bonus:
            self.draw_hint.setText("take a free bonus card: click a pool card or the deck")
        elif state.actions_left <= 0:
            self.draw_hint.setText("no action left: buy an extra one or end the turn")
        elif need == 0:
            self.draw_hint.setText("no cards left to draw")
        elif draw is not None:
            self.draw_hint.setText("taking " + " + ".join(sources))
        else:
            where = "the deck" if not pool else "pool and/or deck"
            self.draw_hint.setText(f"pick {need} card{'s' if need != 1 else ''}: {where}")
        # the band under construction
        clickable = session.clickable_pegs(self._selected) if human and state.actions_left > 0 else set()
        if self._selected and not set(self._selected) <= clickable:
            self._selected = []
            clickable = session.clickable_pegs([]) if human and state.actions_left > 0 else set()
        bands = session.bands_for(self._selected) if human and self._selected else []
        if bands != self._shapes:
            self._shapes = bands
            self.shape_combo.blockSignals(True)
            self.shape_combo.clear()
            for b in bands:
                self.shape_combo.addItem(_band_name(b))
            self.shape_combo.blockSignals(False)
        self.shape_combo.setVisible(len(bands) > 1)
        i = self.shape_combo.currentIndex()
        band = bands[i] if 0 <= i < len(bands) else (bands[0] if bands else None)
        if band != self._preview:
            self._preview = band
            self._payments = session.payment_options(band)[:MAX_PAYMENT_CHOICES] if band is not None else []
            self.payment_combo.clear()
            names = self.game.seat_names
            for option in self._payments:
                self.payment_combo.addItem(payment_text(option, names))
        self.payment_combo.setEnabled(len(self._payments) > 1)
        self.payment_combo.setVisible(band is not None)
        self.board_view.set_selection(self._selected, clickable, band)
        if not human:
            self.band_hint.setText("")
        elif band is not None:
            ways = len(self._payments)
            self.band_hint.setText(f"{len(bands)} bands fit these pegs: choose one, then how to pay" if len(bands) > 1
                                   else f"{_band_name(band)}: {ways} way{'s' if ways != 1 else ''} to pay")
        elif self._selected:
            self.band_hint.setText(f"{' · '.join(self._selected)}: add a ringed peg to complete a band")
        elif clickable:
            self.band_hint.setText("click the ringed pegs to stretch a band")
        elif state.actions_left <= 0:
            self.band_hint.setText("")
        else:
            self.band_hint.setText("no band can be placed now (too few cards, or no bands left)")
        self.place_button.setEnabled(band is not None)
        self.clear_button.setEnabled(bool(self._selected or self._pool_picks or self._deck_picks))
        self._refresh_buttons()

    def _deck_and_discard(self) -> tuple[int, list[int], str]:
        """Deck size, discard pile and whose they are: the shared ones, or with personal decks
        (Cursed Triangle, L6-1) those of the seat to move."""
        state = self.state
        if getattr(self.game, "personal_deck", None):
            seat = state.current_player if state.current_player is not None else 0
            return len(state.decks[seat]), state.discards[seat], f"{self.game.seat_names[seat]}'s "
        return len(state.deck), state.discard, ""

    def _refresh_buttons(self) -> None:
        human = self.session.human_to_move()
        self.extra_button.setEnabled(human and self.session.can_buy_extra())
        self.end_turn_button.setEnabled(human and self.session.can_end_turn())
        self.step_button.setEnabled(self.session.bot_to_move() and not self._thinking)
        self.undo_action.setEnabled(not self.replaying and bool(self.state.history))
        self.save_action.setEnabled(bool(self.state.history) or self.replaying)

    # -- Qt -----------------------------------------------------------------------------------
    def closeEvent(self, event) -> None:
        self._stop_bots()
        self.wait_for_bots()  # a QThread must not be destroyed while it runs
        super().closeEvent(event)


def _captioned(widget: QWidget, label: QLabel) -> QVBoxLayout:
    """``widget`` with a small caption under it."""
    col = QVBoxLayout()
    col.setSpacing(0)
    col.addWidget(widget, 0, Qt.AlignHCenter)
    label.setObjectName("muted")
    label.setAlignment(Qt.AlignHCenter)
    label.setStyleSheet("font-size: 11px;")
    col.addWidget(label, 0, Qt.AlignHCenter)
    return col


def _band_name(band) -> str:
    """``"triangle a1 · a2 · b1"``, ``"long barrier a1 – a2 – b1"`` (a path names its order)."""
    kind = (band.shape or "band").replace("-", " ")
    sep = " · " if band.shape in ("triangle", "quad") else " – "
    return f"{kind} {sep.join(band.pegs)}"


def _colour(index: int) -> str:
    return COLOURS[index]


def _end_text(game) -> str:
    """The scenario's end condition in words (RTR-E1 and the location's clause)."""
    end = game.end_rule
    parts = []
    if "score" in end:
        parts.append(f"the game ends after the round in which a player reaches {end['score']} VP")
    if "rounds" in end:
        parts.append(f"the game lasts {end['rounds']} rounds")
    if end.get("bands-exhausted"):
        parts.append("the game ends after the round in which a player runs out of bands")
    name = game.scenario.name if game.scenario is not None else "Base rules"
    return name + (": " + "; ".join(parts) if parts else "")


def _scenario_for(scenario_path):
    """The scenario whose rules a board is played with, and a note when the bundled Jungle
    Temples rules stand in for a missing or unreadable one."""
    from studio.content import LoadError, bundled_path
    from studio.model.io import InvalidContent, read_scenario

    problem = None
    if scenario_path is not None:
        try:
            return read_scenario(scenario_path), None
        except (LoadError, InvalidContent, OSError) as exc:
            problem = str(exc)
    scenario = read_scenario(bundled_path("scenarios", "jungle-temples.yaml"))
    note = f"Playing with the {scenario.name} rules"
    if problem:
        note += f" (the scenario could not be read: {problem})"
    return scenario, note


_open_boxes: list[QMessageBox] = []


def _error_box(parent, title: str, text: str) -> QMessageBox:
    """A warning box that does not block (the editor stays usable; tests need no event loop)."""
    box = QMessageBox(QMessageBox.Warning, title, text, QMessageBox.Ok, parent)
    box.setAttribute(Qt.WA_DeleteOnClose, True)
    _open_boxes.append(box)
    box.finished.connect(lambda _r, b=box: _open_boxes.remove(b) if b in _open_boxes else None)
    box.open()
    return box


def open_playtest(board, scenario_path=None, parent=None, *, seed: int = 0, controllers=None,
                  delay_ms: int = DEFAULT_DELAY_MS) -> PlaytestWindow | None:
    """Open a playtest window on (a copy of) ``board`` with the rules of the scenario at
    ``scenario_path`` (the bundled Jungle Temples rules when it is None or cannot be read), for
    ``board.players`` players. Returns the shown window, or None after a message box saying why
    the board cannot be played (wrong seats, unknown colour, no segments...)."""
    from studio.rules import load_game

    scenario, note = _scenario_for(scenario_path)
    odd = [p for p in board.pegs.values() if p.colour not in COLOURS]
    try:
        if odd:
            raise ValueError(f"peg {odd[0].id} is {odd[0].colour!r}; cards come in {', '.join(COLOURS)}")
        game = load_game((scenario, board.copy()), players=board.players, seed=seed)
    except (ValueError, KeyError, TypeError) as exc:  # BoardError is a ValueError
        reason = f"{type(exc).__name__}: {exc}" if isinstance(exc, (KeyError, TypeError)) else str(exc)
        _error_box(parent, "Cannot playtest this board", f"This board cannot be played yet:\n\n{reason}")
        return None
    window = PlaytestWindow(game, parent, seed=seed, controllers=controllers, delay_ms=delay_ms, note=note)
    window.setAttribute(Qt.WA_DeleteOnClose, parent is not None)
    window.show()
    return window


__all__ = ["PlaytestWindow", "open_playtest"]
