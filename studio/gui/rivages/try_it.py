"""Try it: a solo game of Rivages on the island being edited, in a play window.

The game uses the bundled solo scenario (``scenarios/rivages-solo.yaml``: cards, loot, trees,
solo target and challenges; RIV-X1..X7) with its islands replaced by the edited island and, if
chosen, other islands; without others, every island of the pile is a copy of the edited one,
so each visit tries it again. The first island is always the edited one (the game's seed is
picked so). The explorer is played by you (double-click a move), the greedy bot or the random
bot; the canvas shows the island in play with the crossed spaces.

:func:`solo_content` and :func:`first_on` have no Qt in their logic and are tested headless."""

from __future__ import annotations

import copy
import random

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QGraphicsObject, QGraphicsScene, QGraphicsView, QHBoxLayout, QLabel,
    QListWidget, QListWidgetItem, QMainWindow, QMessageBox, QPlainTextEdit, QPushButton, QSplitter, QVBoxLayout,
    QWidget,
)

from studio.model.rivages import Island, RivagesError, RivagesScenario
from studio.render.island import island_rect, paint_island, polygon
from studio.render.rivages_glyphs import Palette

COPIES = 6          # islands in the pile when only the edited one is tried (RIV-X5 counts to 6)
SEED_TRIES = 200
CROSS = QColor("#1b1b1b")
REACH = QColor(29, 99, 216, 60)
CONTROLLERS = (("greedy", "Greedy bot"), ("random", "Random bot"), ("human", "You"))


def solo_content(island: Island, others: list[Island] | None = None, scenario_path=None):
    """The solo scenario's content with ``island`` first and ``others`` (or copies of
    ``island``) after it. Raises LoadError / InvalidContent for an unreadable scenario."""
    from studio.content import bundled_path
    from studio.model.rivages import read_rivages

    content = read_rivages(scenario_path or bundled_path("scenarios", "rivages-solo.yaml"))
    content = copy.copy(content)
    first = copy.deepcopy(island)
    if others:
        pile = [first] + [copy.deepcopy(o) for o in others if o.id != island.id]
    else:
        pile = [first]
        for i in range(2, COPIES + 1):
            twin = copy.deepcopy(island)
            twin.id = f"{island.id}-{i}"
            pile.append(twin)
    content.islands = pile
    return content


def first_on(game, index: int = 0, seed: int = 0) -> int:
    """A seed >= ``seed`` whose solo game starts on island ``index`` (RIV-S1 deals at random)."""
    for s in range(seed, seed + SEED_TRIES):
        if game.new_state(s).players_state[0].island == index:
            return s
    return seed


class _Board(QGraphicsObject):
    """The island in play with its crossed spaces."""

    def __init__(self, window) -> None:
        super().__init__()
        self.window = window

    def boundingRect(self):  # noqa: N802 - Qt API
        return island_rect(self.window.current_island(), 1.0)

    def paint(self, p: QPainter, option, widget=None) -> None:
        w = self.window
        island = w.current_island()
        paint_island(p, island, w.palette)
        o = island.orientation
        p.setPen(QPen(CROSS, 0.16, Qt.SolidLine, Qt.RoundCap))
        for h in w.crossed():
            c = polygon(h, o, 0.38)
            p.drawLine(c[0], c[3])
            p.drawLine(c[1], c[4])
        p.setPen(Qt.NoPen)
        p.setBrush(REACH)
        for h in w.reachable():
            p.drawPolygon(polygon(h, o, 0.9))


class TryItWindow(QMainWindow):
    """A solo game window on ``content`` (see :func:`solo_content`)."""

    def __init__(self, content, parent=None, seed: int = 0, controller: str = "greedy", palette: Palette | None = None,
                 delay_ms: int = 250) -> None:
        super().__init__(parent)
        from studio.rules import load_game

        self.content = content
        self.game = load_game(content, 1, seed)
        self.palette = palette or Palette.of(content.scenario.terrains)
        self.seed = first_on(self.game, 0, seed)
        self.rng = random.Random(self.seed)
        self.state = self.game.new_state(self.seed)
        self.setWindowTitle(f"Try it: {content.islands[0].name or content.islands[0].id} — solo game")
        self.timer = QTimer(self)
        self.timer.setInterval(max(0, delay_ms))
        self.timer.timeout.connect(self.step)
        central = QSplitter()
        self.view = QGraphicsView()
        self.view.setScene(QGraphicsScene(self.view))
        self.view.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.view.setBackgroundBrush(QColor("#a9cfdd"))
        self.board = _Board(self)
        self.view.scene().addItem(self.board)
        central.addWidget(self.view)
        side = QWidget()
        col = QVBoxLayout(side)
        controls = QHBoxLayout()
        self.controller = QComboBox()
        for key, label in CONTROLLERS:
            self.controller.addItem(label, key)
        self.controller.setCurrentIndex(max(0, self.controller.findData(controller)))
        self.controller.currentIndexChanged.connect(self.refresh)
        controls.addWidget(QLabel("Explorer:"))
        controls.addWidget(self.controller)
        self.step_button = QPushButton("Step")
        self.step_button.clicked.connect(self.step)
        self.play_button = QPushButton("Play to the end")
        self.play_button.setCheckable(True)
        self.play_button.toggled.connect(self._autoplay)
        self.restart_button = QPushButton("New game")
        self.restart_button.clicked.connect(self.restart)
        for b in (self.step_button, self.play_button, self.restart_button):
            controls.addWidget(b)
        col.addLayout(controls)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.RichText)
        col.addWidget(self.status)
        col.addWidget(QLabel("Cards in hand"))
        self.hand = QPlainTextEdit()
        self.hand.setReadOnly(True)
        self.hand.setMaximumHeight(110)
        col.addWidget(self.hand)
        col.addWidget(QLabel("Moves (double-click to play yours)"))
        self.moves = QListWidget()
        self.moves.itemDoubleClicked.connect(self._play_item)
        col.addWidget(self.moves, 1)
        col.addWidget(QLabel("Log"))
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        col.addWidget(self.log, 1)
        central.addWidget(side)
        central.setSizes([620, 420])
        self.setCentralWidget(central)
        self.resize(1100, 720)
        self.refresh()

    # -- state views --------------------------------------------------------------------------------
    def current_map(self):
        return self.game.maps[self.state.players_state[0].island]

    def current_island(self) -> Island:
        return self.current_map().island

    def crossed(self) -> list:
        m = self.current_map()
        mask = self.state.players_state[0].crossed
        return [h for i, h in enumerate(m.at) if mask >> i & 1]

    def reachable(self) -> list:
        if self.controller.currentData() != "human":
            return []
        m = self.current_map()
        mask = self.state.players_state[0].reach
        return [h for i, h in enumerate(m.at) if mask >> i & 1]

    def refresh(self, *_args) -> None:
        s = self.state
        p = s.players_state[0]
        score = s.scores()[0]
        target = s.solo_target()
        over = s.is_terminal()
        lines = [f"<b>{score}</b> scrolls of <b>{target}</b> · island {p.islands_visited} "
                 f"({self.current_island().name or self.current_island().id}) · round {s.round}"]
        for c in s.challenges:
            lines.append(f"Challenge {c.name or c.id}: {s.challenge_progress(c)} / {c.need} ({c.kind})")
        if over:
            result = s.solo_result()
            verdict = "<span style='color:#2e7d32'><b>Won</b></span>" if result["won"] else \
                "<span style='color:#c62828'><b>Lost</b></span>"
            lines.append(f"{verdict}: {result['total']} scrolls, target {result['target']} ({s.end_reason})")
        self.status.setText("<br>".join(lines))
        hand = []
        for ci in p.hand:
            used = s.card_used[ci]
            rows = self.game.card_rows[ci]
            hand.append(f"{self.game.card_ids[ci]}: " + " | ".join(
                ("✗" if k < used else "") + " ".join(r) for k, r in enumerate(rows)))
        self.hand.setPlainText("\n".join(hand))
        self.moves.clear()
        if not over:
            for a in s.legal_actions():
                item = QListWidgetItem(str(a))
                item.setData(Qt.UserRole, a)
                self.moves.addItem(item)
        self.log.setPlainText("\n".join(s.log[-200:]))
        self.log.verticalScrollBar().setValue(self.log.verticalScrollBar().maximum())
        self.step_button.setEnabled(not over)
        self.play_button.setEnabled(not over)
        if over and self.play_button.isChecked():
            self.play_button.setChecked(False)
        scene = self.view.scene()
        self.board.prepareGeometryChange()
        scene.setSceneRect(self.board.boundingRect())
        self.view.fitInView(self.board.boundingRect(), Qt.KeepAspectRatio)
        self.board.update()

    # -- play ------------------------------------------------------------------------------------------
    def step(self) -> bool:
        """Play one move with the chosen bot (False when the game is over or it is your move)."""
        s = self.state
        if s.is_terminal():
            return False
        key = self.controller.currentData()
        if key == "human":
            self.statusBar().showMessage("Your move: double-click one in the list", 4000)
            return False
        from studio.bots import make_bot

        legal = s.legal_actions()
        action = make_bot(key).act(self.game, s.observation(0), legal, self.rng)
        s.apply(action)
        self.refresh()
        return True

    def play_to_end(self, limit: int = 20000) -> int:
        """Let the bot play until the game ends (tests, and the button); returns moves played."""
        n = 0
        while n < limit and self.step():
            n += 1
        return n

    def _autoplay(self, on: bool) -> None:
        if on:
            self.timer.start()
        else:
            self.timer.stop()

    def _play_item(self, item: QListWidgetItem) -> None:
        if self.controller.currentData() != "human" or self.state.is_terminal():
            return
        self.state.apply(item.data(Qt.UserRole))
        self.refresh()

    def restart(self) -> None:
        self.seed = first_on(self.game, 0, self.seed + 1)
        self.rng = random.Random(self.seed)
        self.state = self.game.new_state(self.seed)
        self.refresh()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.timer.stop()
        super().closeEvent(event)


def ask_islands(parent, exclude: str) -> list[Island] | None:
    """Pick bundled islands to follow the edited one; None when cancelled."""
    from studio.content import bundled_path
    from studio.model.rivages import folder_files, read_as

    dialog = QDialog(parent)
    dialog.setWindowTitle("Try It with Other Islands")
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel("Islands to visit after this one (in this order):"))
    box = QListWidget()
    islands = []
    for path in folder_files(bundled_path("boards", "rivages", "islands")):
        try:
            isl = read_as(path, Island)
        except Exception:  # noqa: BLE001 - a broken sample is simply not offered
            continue
        if isl.id == exclude:
            continue
        islands.append(isl)
        item = QListWidgetItem(isl.name or isl.id)
        item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
        item.setCheckState(Qt.Checked if len(islands) <= 5 else Qt.Unchecked)
        box.addItem(item)
    layout.addWidget(box)
    buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    if dialog.exec() != QDialog.Accepted:
        return None
    return [isl for i, isl in enumerate(islands) if box.item(i).checkState() == Qt.Checked]


def open_try_it(island: Island, others: list[Island] | None = None, parent=None,
                scenario: RivagesScenario | None = None, seed: int = 0, controller: str = "greedy"):
    """Show a :class:`TryItWindow` on ``island``; None (after a message saying why) when the
    island cannot be played yet (the engine's reason, e.g. not exactly two ships)."""
    from studio.content import LoadError
    from studio.model.io import InvalidContent

    try:
        content = solo_content(island, others)
        if scenario is not None and scenario.terrains != content.scenario.terrains:
            content.scenario = copy.copy(content.scenario)
            content.scenario.terrains = list(scenario.terrains)
        window = TryItWindow(content, parent, seed=seed, controller=controller)
    except (RivagesError, LoadError, InvalidContent, ValueError, KeyError) as exc:
        box = QMessageBox(QMessageBox.Warning, "Cannot try this island",
                          f"This island cannot be played yet:\n\n{exc}", QMessageBox.Ok, parent)
        box.setAttribute(Qt.WA_DeleteOnClose, True)
        box.open()
        return None
    window.setAttribute(Qt.WA_DeleteOnClose, False)
    window.show()
    return window
