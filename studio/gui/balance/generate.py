"""File ▸ Generate…: new boards and islands from constraints (:mod:`studio.generate`), in the
board editor and the island editor.

:class:`GenerateDialog` lets the designer choose the game (a Rule the Realm board or a Rivages
island), the location and players, the constraints and the seed; *Generate* runs
:func:`studio.generate.offer.generate` in its own thread (:class:`GenerateRun`) with a
progress bar and *Stop*; the candidates it offers are listed with their figures and a picture,
and *Open* hands the chosen one back (:attr:`GenerateDialog.chosen`) for the editor to open as a
new untitled, modified document. When nothing could be offered the dialog says why.
"""

from __future__ import annotations

import html
from functools import partial

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.generate.islands import DIFFICULTY_CROSSES, MAX_SIZE, MIN_SIZE, QUEST_KINDS, IslandSpec
from studio.generate.offer import MAX_GAMES
from studio.generate.realm import DESIGNS, MAX_AMOUNT, SHAPE_CHOICES, BoardSpec
from studio.generate.symmetry import SHAPE_PEGS
from studio.gui.balance.run_row import SEED_MAX, RunRow, number_spin
from studio.gui.balance.worker import BackgroundRun
from studio.gui.shell import desktop

BOARD, ISLAND = "board", "island"
LOCATION_NAMES = {"jungle-temples": "Jungle Temples", "volcano": "Volcano", "archipelago-city": "Archipelago City",
                  "engraved-board": "The Engraved Board", "fragile-ruins": "Fragile Ruins",
                  "cursed-triangle": "The Cursed Triangle", "two-deities": "Two Demanding Deities",
                  "labyrinth": "The Labyrinth"}
PREVIEW = 220   # pixels, the candidate picture's longer side


def _generate(spec, options: dict, worker) -> None:
    from studio.generate.offer import generate

    worker.result(generate(spec, progress=worker.tell, stop=worker.stop.is_set, **options))


class GenerateRun(BackgroundRun):
    """:func:`~studio.generate.offer.generate` on ``spec`` with ``options`` (its keyword
    arguments) in its own thread. Signals ``progress(Progress)``, ``result(Outcome)``,
    ``failed(message)`` and ``finished(cancelled)`` (always last, once). Cancel stops after the
    game being played; what was offered so far is kept."""

    progress = Signal(object)
    result = Signal(object)
    wait_ms = 120000

    def __init__(self, spec, options: dict, parent=None):
        super().__init__(partial(_generate, spec, options), "generate", parent)

    def _on_progress(self, progress) -> None:
        self.progress.emit(progress)

    def _on_item(self, outcome) -> None:
        self.result.emit(outcome)


def preview(content, size: int = PREVIEW) -> QPixmap:
    """A picture of a board or island, its longer side ``size`` pixels."""
    from studio.model.realm import Board

    if isinstance(content, Board):
        from studio.render.board import paint_board, scene_rect

        rect, paint = scene_rect(content), lambda p: paint_board(p, content)
    else:
        from studio.render.island import island_rect, paint_island

        rect, paint = island_rect(content), lambda p: paint_island(p, content)
    scale = size / max(rect.width(), rect.height(), 1e-6)
    image = QImage(max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale)),
                   QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    p = QPainter(image)
    try:
        p.setRenderHint(QPainter.Antialiasing, True)
        p.scale(scale, scale)
        p.translate(-rect.left(), -rect.top())
        paint(p)
    finally:
        p.end()
    return QPixmap.fromImage(image)


def figures_html(candidate) -> str:
    """The candidate's figures as rich text: what it holds, the validator's verdict, a table of
    the seats' win rates (95% intervals) and the two tests, with the number of games."""
    f = candidate.figures
    esc = html.escape
    rows = "".join(f"<tr><td>{esc(name)}</td><td align='right'>{100 * r.value:.0f}%</td>"
                   f"<td>{100 * r.low:.0f}-{100 * r.high:.0f}%</td><td align='right'>{score:.1f}</td></tr>"
                   for name, r, score in zip(f.seats, f.wins, f.mean_scores))
    what = ", ".join(f"{k} {v}" for k, v in candidate.summary.items())
    notes = f", {len(candidate.notes)} note{'' if len(candidate.notes) == 1 else 's'}" if candidate.notes else ""
    return (f"<b>{esc(candidate.title)}</b><br>{esc(what)}<br>Valid: 0 errors, 0 warnings{esc(notes)}.<br>"
            f"{f.games} games, {esc(', '.join(sorted(set(f.bots))))} bots:"
            "<table cellspacing='0' cellpadding='2'><tr><th align='left'>seat</th><th>wins</th><th>95%</th>"
            f"<th>score</th></tr>{rows}</table>"
            f"Seat test: chi-square {f.chi2:.2f}, p = {f.p:.3f}: {'uneven' if f.uneven else 'even'} "
            f"(fair share {100 * f.fair_share:.0f}%).<br>Intended end: {esc(f.intended.text())}; "
            f"{f.rounds:.1f} rounds per game.")


def _optional_spin(low: int, high: int, special: str, tip: str) -> QSpinBox:
    """A spin box whose lowest value (one below ``low``) reads ``special`` and means None."""
    spin = QSpinBox()
    spin.setRange(low - 1, high)
    spin.setSpecialValueText(special)
    spin.setValue(low - 1)
    spin.setToolTip(QCoreApplication.translate("optional_spin", "{tip} ({low} to {high}; the lowest step: {special})")
                    .format(tip=tip, low=f"{low:,}", high=f"{high:,}", special=special))
    return spin


def _value(spin: QSpinBox) -> int | None:
    return None if spin.value() == spin.minimum() else spin.value()


class GenerateDialog(QDialog):
    """The Generate dialog. ``kinds``: the games offered (``("board", "island")`` in the board
    editor, ``("island",)`` in the island editor); ``kind`` the one shown first; ``location``
    and ``players`` preselect the board's. After ``exec()`` returns Accepted, :attr:`chosen` is
    the :class:`~studio.generate.offer.Candidate` to open."""

    def __init__(self, parent=None, kinds=(BOARD, ISLAND), kind: str = BOARD, location: str | None = None,
                 players: int | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Generate"))
        self.setObjectName("generate-dialog")
        self.chosen = None
        self.outcome = None
        self.run: GenerateRun | None = None
        self._build(kinds)
        self.game.setCurrentIndex(max(0, self.game.findData(kind)))
        if location in DESIGNS:
            self.location.setCurrentIndex(self.location.findData(location))
        if players in (2, 3, 4):
            self.players.setValue(players)
        self._game_changed()
        self._board_changed()
        self.resize(980, 640)
        desktop.keep_on_screen(self)   # no larger than a small screen

    # -- layout ---------------------------------------------------------------------------------
    def _build(self, kinds) -> None:
        outer = QVBoxLayout(self)
        split = QSplitter(Qt.Horizontal)
        outer.addWidget(split, 1)
        left = QWidget()
        form_box = QVBoxLayout(left)
        form_box.setContentsMargins(0, 0, 0, 0)
        top = QFormLayout()
        self.game = QComboBox()
        for k in kinds:
            self.game.addItem(self.tr("Rule the Realm board") if k == BOARD else self.tr("Rivages island"), k)
        self.game.setEnabled(len(kinds) > 1)
        self.game.currentIndexChanged.connect(self._game_changed)
        top.addRow(self.tr("Game"), self.game)
        self.seed = number_spin(0, SEED_MAX, None, self.tr("Design seed of the first candidate; candidate k uses "
                                                           "seed + k. The same seed gives the same output."))
        top.addRow(self.tr("Seed"), self.seed)
        self.count = number_spin(1, 10, 3)
        top.addRow(self.tr("Candidates"), self.count)
        self.games = number_spin(4, MAX_GAMES, 40, self.tr("Greedy bot games per candidate for the fairness check"))
        top.addRow(self.tr("Games each"), self.games)
        self.difficulty = QComboBox()
        for d in ("easy", "normal", "hard"):
            self.difficulty.addItem(d.capitalize(), d)
        self.difficulty.setCurrentIndex(1)
        top.addRow(self.tr("Difficulty"), self.difficulty)
        form_box.addLayout(top)

        self.pages = QStackedWidget()
        self.pages.addWidget(self._board_page())
        self.pages.addWidget(self._island_page())
        form_box.addWidget(self.pages)
        form_box.addStretch(1)
        split.addWidget(left)

        right = QWidget()
        rbox = QVBoxLayout(right)
        rbox.setContentsMargins(0, 0, 0, 0)
        self.candidates = QListWidget()
        self.candidates.setObjectName("generate-candidates")
        self.candidates.setIconSize(QSize(96, 96))
        self.candidates.currentRowChanged.connect(self._show_candidate)
        self.candidates.itemDoubleClicked.connect(lambda _i: self._open())
        rbox.addWidget(QLabel(self.tr("Candidates offered (valid, and fair in bot games):")))
        rbox.addWidget(self.candidates, 1)
        detail = QHBoxLayout()
        self.picture = QLabel()
        self.picture.setFixedSize(PREVIEW + 8, PREVIEW + 8)
        self.picture.setAlignment(Qt.AlignCenter)
        detail.addWidget(self.picture)
        self.figures = QLabel()
        self.figures.setObjectName("generate-figures")
        self.figures.setTextFormat(Qt.RichText)
        self.figures.setWordWrap(True)
        self.figures.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.figures.setTextInteractionFlags(Qt.TextSelectableByMouse)
        detail.addWidget(self.figures, 1)
        rbox.addLayout(detail)
        split.addWidget(right)
        split.setStretchFactor(1, 2)

        self.run_row = RunRow(self.tr("&Generate"), self.tr("&Stop"), stacked=False)
        self.generate_button, self.stop_button = self.run_row.run_button, self.run_row.stop_button
        self.progress, self.status = self.run_row.progress, self.run_row.status
        self.status.setText(self.tr("Choose the constraints and press Generate."))
        self.status.setObjectName("generate-status")
        self.generate_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stop)
        outer.addWidget(self.run_row)
        self.buttons = QDialogButtonBox()
        self.open_button = self.buttons.addButton(self.tr("&Open"), QDialogButtonBox.AcceptRole)
        self.open_button.setEnabled(False)
        self.open_button.setToolTip(self.tr("Open the chosen candidate as a new, unsaved document"))
        self.buttons.addButton(QDialogButtonBox.Close)
        self.buttons.accepted.connect(self._open)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)

    def _board_page(self) -> QWidget:
        page = QGroupBox(self.tr("Board"))
        form = QFormLayout(page)
        self.location = QComboBox()
        for loc in DESIGNS:
            self.location.addItem(LOCATION_NAMES.get(loc, loc), loc)
        self.location.currentIndexChanged.connect(self._board_changed)
        form.addRow(self.tr("Location"), self.location)
        self.players = QSpinBox()
        self.players.setRange(2, 4)
        self.players.valueChanged.connect(self._board_changed)
        form.addRow(self.tr("Players"), self.players)
        self.shape = QComboBox()
        form.addRow(self.tr("Shape"), self.shape)
        self.treasure = _optional_spin(0, MAX_AMOUNT, self.tr("design's"), self.tr("Treasure on the board in all"))
        form.addRow(self.tr("Treasure"), self.treasure)
        self.energy = _optional_spin(0, MAX_AMOUNT, self.tr("design's"), self.tr("Energy on segments in all"))
        form.addRow(self.tr("Energy"), self.energy)
        self.symmetric = QCheckBox(self.tr("Same for every seat"))
        self.symmetric.setChecked(True)
        self.symmetric.setToolTip(self.tr("Content chosen once per orbit of the rotation that maps seat to seat; "
                                          "unchecked, each element on its own (the shape still turns)"))
        form.addRow(self.tr("Symmetry"), self.symmetric)
        return page

    def _island_page(self) -> QWidget:
        page = QGroupBox(self.tr("Island"))
        form = QFormLayout(page)
        self.size = _optional_spin(MIN_SIZE, MAX_SIZE, self.tr("30-34"), self.tr("Spaces, about"))
        form.addRow(self.tr("Size"), self.size)
        self.quest = QComboBox()
        self.quest.addItem(self.tr("by the seed"), None)
        for q in QUEST_KINDS:
            self.quest.addItem(q, q)
        form.addRow(self.tr("Quest"), self.quest)
        self.steps = QComboBox()
        for text, value in ((self.tr("by the seed"), None), (self.tr("one step"), False), (self.tr("two steps"), True)):
            self.steps.addItem(text, value)
        form.addRow(self.tr("Quest steps"), self.steps)
        self.strongholds = _optional_spin(0, 8, self.tr("2-4"), self.tr("Strongholds on the island"))
        form.addRow(self.tr("Strongholds"), self.strongholds)
        self.crosses = _optional_spin(1, 60, self.tr("by difficulty"),
                                      self.tr("Every goal achievable within this many crosses (default: easy "
                                              + ", ".join(f"{k} {v[1]}" for k, v in DIFFICULTY_CROSSES.items())
                                              + ")"))
        form.addRow(self.tr("Crosses budget"), self.crosses)
        self.island_players = QSpinBox()
        self.island_players.setRange(2, 5)
        self.island_players.setToolTip(self.tr("Players of the fairness games, each on a copy of the island"))
        form.addRow(self.tr("Players (games)"), self.island_players)
        return page

    def _game_changed(self) -> None:
        self.pages.setCurrentIndex(0 if self.kind() == BOARD else 1)

    def _board_changed(self) -> None:
        loc, n = self.location.currentData(), self.players.value()
        keep = self.shape.currentData()
        self.shape.clear()
        for s in SHAPE_CHOICES[loc][n]:
            self.shape.addItem(self.tr("{s} ({SHAPE_PEGS} pegs)").format(s=s, SHAPE_PEGS=SHAPE_PEGS[s]), s)
        if self.shape.findData(keep) >= 0:
            self.shape.setCurrentIndex(self.shape.findData(keep))
        self.shape.setEnabled(self.shape.count() > 1)
        for spin, what in ((self.treasure, "treasure"), (self.energy, "energy")):
            from studio.generate.realm import AMOUNTS

            spin.setEnabled(what in AMOUNTS[loc])
            if what not in AMOUNTS[loc]:
                spin.setValue(spin.minimum())

    def kind(self) -> str:
        return self.game.currentData()

    def spec(self):
        """The :class:`BoardSpec` or :class:`IslandSpec` the controls ask for."""
        if self.kind() == BOARD:
            return BoardSpec(self.location.currentData(), self.players.value(), seed=self.seed.value(),
                             shape=self.shape.currentData() if self.shape.count() > 1 else None,
                             treasure=_value(self.treasure), energy=_value(self.energy),
                             difficulty=self.difficulty.currentData(), symmetric=self.symmetric.isChecked())
        return IslandSpec(seed=self.seed.value(), size=_value(self.size), quest=self.quest.currentData(),
                          two_step=self.steps.currentData(), strongholds=_value(self.strongholds),
                          crosses=_value(self.crosses), difficulty=self.difficulty.currentData())

    # -- running --------------------------------------------------------------------------------
    def start(self) -> None:
        """Generate with the current settings, in the background."""
        if self.run is not None and self.run.running:
            return
        self.candidates.clear()
        self.figures.clear()
        self.picture.clear()
        self.open_button.setEnabled(False)
        self.outcome = None
        count = self.count.value()
        self._tries = 4 * count
        options = {"count": count, "tries": self._tries, "games": self.games.value(),
                   "players": self.island_players.value()}
        self.progress.setRange(0, self._tries * self.games.value())
        self.progress.setValue(0)
        self._set_running(True)
        self.run_row.say(self.tr("Generating…"))
        self.run = GenerateRun(self.spec(), options, self)
        self.run.progress.connect(self._on_progress)
        self.run.result.connect(self._on_finished)
        self.run.failed.connect(self._on_failed)
        self.run.finished.connect(lambda _cancelled: self._set_running(False))
        self.run.start()

    def stop(self) -> None:
        """Stop after the game being played, keeping what was offered."""
        if self.run is not None and self.run.running:
            self.run_row.say(self.tr("Stopping after this game…"))
            self.run.cancel()

    def _set_running(self, running: bool) -> None:
        self.run_row.set_running(running)
        self.pages.setEnabled(not running)
        for w in (self.game, self.seed, self.count, self.games, self.difficulty):
            w.setEnabled(not running and (w is not self.game or self.game.count() > 1))

    def _on_progress(self, p) -> None:
        games = self.games.value()
        self.progress.setValue(min(self.progress.maximum(), max(0, p.tried - 1) * games + p.games))
        self.run_row.say(self.tr(f"{p.stage[0].upper()}{p.stage[1:]}: {p.games} of {p.total_games} games; "
                                 f"{p.offered} offered of {p.tried} tried"))

    def _on_failed(self, message: str) -> None:
        self.run_row.say(message, error=True)

    def _on_finished(self, outcome) -> None:
        self.outcome = outcome
        if not outcome.stopped:   # a stopped run's bar stays where it stopped
            self.progress.setValue(self.progress.maximum())
        for c in outcome.offered:
            f = c.figures
            item = QListWidgetItem(QPixmap(preview(c.content, 96)),
                                   f"{c.title}\nseat test p = {f.p:.2f}; intended end {100 * f.intended.value:.0f}%; "
                                   + ", ".join(f"{k} {v}" for k, v in c.summary.items()))
            self.candidates.addItem(item)
        if outcome.offered:
            self.candidates.setCurrentRow(0)
            text = (f"{len(outcome.offered)} offered of {outcome.tried} tried"
                    + (f" ({len(outcome.rejected)} not offered: " + "; ".join(
                        f"seed {r.seed}: {r.reason}" for r in outcome.rejected[:4])
                        + (", …" if len(outcome.rejected) > 4 else "") + ")" if outcome.rejected else "")
                    + (". Stopped." if outcome.stopped else "."))
            self.run_row.say(text)
        else:
            self.run_row.say(outcome.why_none(), error=True)

    def _show_candidate(self, row: int) -> None:
        if self.outcome is None or not 0 <= row < len(self.outcome.offered):
            self.open_button.setEnabled(False)
            return
        c = self.outcome.offered[row]
        self.picture.setPixmap(preview(c.content))
        self.figures.setText(figures_html(c))
        self.open_button.setEnabled(True)

    def _open(self) -> None:
        row = self.candidates.currentRow()
        if self.outcome is None or not 0 <= row < len(self.outcome.offered):
            return
        self.chosen = self.outcome.offered[row]
        self.accept()

    def reject(self) -> None:
        self.stop()
        if self.run is not None:
            self.run.wait()
        super().reject()

    def done(self, result: int) -> None:
        if self.run is not None and self.run.running:
            self.run.cancel()
            self.run.wait()
        super().done(result)


def ask_generate(parent, kinds=(BOARD, ISLAND), kind: str = BOARD, location: str | None = None,
                 players: int | None = None):
    """Show the Generate dialog; the chosen :class:`~studio.generate.offer.Candidate`, or None."""
    dialog = GenerateDialog(parent, kinds, kind, location, players)
    try:
        return dialog.chosen if dialog.exec() == QDialog.Accepted else None
    finally:
        dialog.deleteLater()

