"""The balance dashboard: run a batch of bot games on a setup and read the report as charts.

:class:`BalanceDashboard` is a reusable widget. It takes what to play as *setups*: one
:class:`~studio.playtest.setup.Setup` or, for a choice of player counts, a mapping from player
count to a function that builds the setup (called when a run starts, so it plays the content
as it is then, and may raise :class:`~studio.playtest.setup.SetupError` or ``ValueError`` with
a message for people). The board editor gives it the open board; an island editor can give it
an island's scenario the same way.

A run is played off the GUI thread (:class:`~studio.gui.balance.worker.BatchRun`) with a
progress bar and games/s; Cancel keeps the games that finished. The report is shown as
headline figures, the plain-words warnings of :mod:`studio.playtest.stats` and four charts,
and saved through the report writers of :mod:`studio.playtest.report` (HTML, JSON, CSV).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from studio.content.words import counted
from studio.gui.balance.charts import ArcChart, EndReasonsChart, HistogramChart, WinRateChart, seat_colour
from studio.gui.balance.worker import BatchRun
from studio.gui.shell import desktop, prompts
from studio.gui.shell.flow_layout import FlowLayout
from studio.playtest import charts
from studio.playtest.executors import SCHEDULER_ENV
from studio.playtest.stats import all_clear

BOT_CHOICES = (("Random bot", "random"), ("Greedy bot", "greedy"), ("MCTS bot (200 iterations)", "mcts"))
DEFAULT_GAMES = 200
WINDOW_WORDS = ((re.compile(r"--games (\d+)"), r"\1 games (Games)"), (re.compile(r" \(--bots\)"), " (Bots per seat)"),
                (re.compile(r" \(--ladder [^)]*\)"), " (Skill ladder)"))
"""The command line's options in the reports' advice, as this window names its fields."""


def window_advice(advice: str) -> str:
    """``advice`` (the reports' words, naming command-line options) with this window's field
    names: "rerun with --games 400" -> "rerun with 400 games (Games)"."""
    for pattern, words in WINDOW_WORDS:
        advice = pattern.sub(words, advice)
    return advice


DEFAULT_PANEL_GAMES = 20  # games per bot of the skill ladder and the playstyles (MCTS games are slow)
MAX_GAMES = 20_000        # every game is kept for the JSON and CSV files; bigger batches: studio playtest
REFRESH_MS = 400          # charts follow a running batch at this pace
FORM_WIDTH = 290         # px: the run form beside the report

def _style() -> str:
    """The dashboard's style sheet, in the panel colours of the palette (studio.gui.shell.desktop)."""
    return desktop.panel_style("#balance") + desktop.css("""
#balance QLabel#figure {{ font-size: 20px; font-weight: bold; }}
#balance QLabel#figureName {{ color: {faint}; font-size: 11px; }}
#balance QFrame#figureCard {{ background: {card}; border: 1px solid {card_border}; border-radius: 6px; }}
#balance QLabel#warnings {{ background: {warning_bg}; border: 1px solid {warning_border}; border-radius: 6px;
    padding: 6px 10px; }}
#balance QLabel#allClear {{ background: {ok_bg}; border: 1px solid {ok_border}; border-radius: 6px; padding: 6px 10px; }}
""")


class _FullHeightBox(QGroupBox):
    """A group box never laid out below its preferred height (its fields' full heights and its
    wrapped messages' every line): in a scroll area it scrolls instead of squashing them."""

    def minimumSizeHint(self):
        hint = super().sizeHint()
        if self.layout() is not None and self.layout().hasHeightForWidth():
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint


class BalanceDashboard(QWidget):
    """Run a balance batch and show its report (see the module docstring).

    ``setups``: a Setup, or ``{players: () -> Setup}``; ``players``: the count selected first
    (default: the smallest); ``scenario_text``: what is played, in words, for the form;
    ``settings``: where the choice of computer or Dask cluster and the scheduler's address are
    kept (``balance/runOn``, ``balance/scheduler``; default ``QSettings()``).

    Signals: ``runStarted()``, ``runFinished(cancelled)`` (after the report is shown),
    ``summaryChanged()`` and ``blameRequested(index)``: the *on the board* link of warning
    ``index`` was clicked (offered when ``board_blame`` is set by the editor that draws the
    run's board: it outlines there what the warning blames, ``Summary.blame``). After a run,
    ``summary``, ``results``, ``catalogue`` and ``run_setup`` hold the report, the games, the
    elements and the setup played."""

    runStarted = Signal()
    runFinished = Signal(bool)
    summaryChanged = Signal()
    blameRequested = Signal(int)

    def __init__(self, setups, *, players: int | None = None, scenario_text: str = "", parent=None,
                 settings: QSettings | None = None):
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings()
        if not isinstance(setups, Mapping):
            one = setups
            setups = {one.players: (lambda: one)}
        if not setups:
            raise ValueError("a balance dashboard needs at least one setup")
        self.setups: dict[int, Callable] = dict(sorted(setups.items()))
        self.run: BatchRun | None = None
        self.results: list = []
        self.summary = None
        self.catalogue: list = []
        self.run_setup = None
        self.source_path: Callable[[], str | None] = lambda: None  # the board or island file, set by its owner
        self.run_settings: dict = {}
        self._tally = None
        self._dirty = False
        self.island_report = None   # hosts: () -> IslandStats or None, saved with the HTML/JSON report
        # the header says what the figures were computed from: hosts set ``describe(players)``
        # (rich text: what Run plays for that many players now) or the fixed scenario text
        self.describe: Callable[[int], str] | None = None
        self._scenario_text = scenario_text or "the open content"
        # hosts set ``played(players)``: what Run plays named for the saved reports, e.g.
        # ``{"board": "x-2p.yaml (unsaved edits included)"}`` (the scenario alone does not say)
        self.played: Callable[[int], dict[str, str]] | None = None
        self._run_text: str | None = None      # what the figures shown were computed from
        self._changed_since_run = False
        self._said_error = False   # the progress line shows a refusal (content_replaced clears it)
        self._other_content = False   # the host opened other content since the run shown
        self._cancel_requested = False        # Cancel or closing the window: no panels after the batch
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(self._refresh_report)

        self.setObjectName("balance")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet(_style())
        outer = QHBoxLayout(self)
        outer.setContentsMargins(10, 10, 10, 10)
        outer.setSpacing(10)
        # the form scrolls rather than squashing its fields when a long message wraps or the
        # window is short
        self.form_scroll = QScrollArea()
        self.form_scroll.setWidget(self._build_form(scenario_text, players))
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setFrameShape(QFrame.NoFrame)
        self.form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.form_scroll.setFixedWidth(FORM_WIDTH + self.form_scroll.verticalScrollBar().sizeHint().width())
        outer.addWidget(self.form_scroll, 0)
        outer.addWidget(self._build_report(), 1)
        self._players_changed()
        self._show_summary()

    # -- construction -------------------------------------------------------------------------
    def _build_form(self, scenario_text: str, players: int | None) -> QWidget:
        box = _FullHeightBox(self.tr("Balance run"))
        box.setFixedWidth(FORM_WIDTH)
        lay = QVBoxLayout(box)
        lay.setSpacing(6)   # the whole form fits a window 600 px high (tests/gui/test_small_windows)
        self.scenario_label = QLabel(scenario_text or "the open content")
        self.scenario_label.setWordWrap(True)
        self.scenario_label.setObjectName("muted")
        lay.addWidget(self.scenario_label)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignRight)
        form.setHorizontalSpacing(8)
        form.setVerticalSpacing(4)
        self.players_combo = QComboBox()
        for n in self.setups:
            self.players_combo.addItem(f"{n} player{'s' if n != 1 else ''}", n)
        if players in self.setups:
            self.players_combo.setCurrentIndex(list(self.setups).index(players))
        self.players_combo.setEnabled(len(self.setups) > 1)
        self.players_combo.setToolTip(self.tr("the scenario's board for this many players is played"))
        self.players_combo.currentIndexChanged.connect(lambda _i: self._players_changed())
        form.addRow(self.tr("Players"), self.players_combo)
        self.games_spin = QSpinBox()
        self.games_spin.setRange(1, MAX_GAMES)
        self.games_spin.setValue(DEFAULT_GAMES)
        self.games_spin.setSingleStep(50)
        self.games_spin.setToolTip(self.tr("how many bot games to play (up to {MAX_GAMES}; for more, studio playtest streams them to its files)").format(MAX_GAMES=MAX_GAMES))
        form.addRow(self.tr("Games"), self.games_spin)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setToolTip(self.tr("game i of the batch is dealt and played from seed × 1000003 + i: "
                                  "the same seed gives the same report"))
        form.addRow(self.tr("Seed"), self.seed_spin)
        self.jobs_spin = QSpinBox()
        cpus = os.cpu_count() or 1
        self.jobs_spin.setRange(1, max(1, cpus))
        self.jobs_spin.setValue(1)
        self.jobs_spin.setToolTip(self.tr("worker processes; 1 plays in a background thread. Results do not depend on it"))
        form.addRow(self.tr("Workers"), self.jobs_spin)
        self.run_on_combo = QComboBox()
        self.run_on_combo.addItem(self.tr("This computer"), "processes")
        self.run_on_combo.addItem(self.tr("Dask cluster"), "dask")
        self.run_on_combo.setToolTip(self.tr("where the games are played: here, or on the workers of a running Dask "
                                     "scheduler (every worker needs this version of the studio); results are the same"))
        form.addRow(self.tr("Run on"), self.run_on_combo)
        self.scheduler_edit = QLineEdit()
        self.scheduler_edit.setPlaceholderText(self.tr("tcp://HOST:8786"))
        self.scheduler_edit.setClearButtonEnabled(True)
        self.scheduler_edit.setToolTip(self.tr("the Dask scheduler's address, as 'dask scheduler' prints it (default: ${SCHEDULER_ENV})").format(SCHEDULER_ENV=SCHEDULER_ENV))
        self.scheduler_label = QLabel(self.tr("Scheduler"))
        form.addRow(self.scheduler_label, self.scheduler_edit)
        self._load_run_on()
        self.run_on_combo.currentIndexChanged.connect(lambda _i: self._run_on_changed())
        self.scheduler_edit.editingFinished.connect(self._save_run_on)
        self.evaluate_spin = QSpinBox()
        self.evaluate_spin.setRange(0, 100)
        self.evaluate_spin.setValue(0)
        self.evaluate_spin.setSpecialValueText(self.tr("off"))
        self.evaluate_spin.setToolTip(self.tr("positions per game valued by the MCTS evaluator for drama, stability and "
                                      "clarity (costly; off by default)"))
        form.addRow(self.tr("Value positions"), self.evaluate_spin)
        lay.addLayout(form)
        seats = QLabel(self.tr("Bots per seat"))
        seats.setObjectName("muted")
        lay.addWidget(seats)
        self.bots_box = QVBoxLayout()
        self.bots_box.setSpacing(4)
        lay.addLayout(self.bots_box)
        self.bot_combos: list[QComboBox] = []
        self.ladder_check = QCheckBox(self.tr("Skill ladder"))
        self.ladder_check.setToolTip(self.tr("after the batch, play the same deals with random, greedy, MCTS 50 and MCTS 200 "
                                     "bots at every seat, and each against the one below it: does the verdict hold "
                                     "for stronger players, and how much does skill decide?"))
        self.styles_check = QCheckBox(self.tr("Playstyles"))
        self.styles_check.setToolTip(self.tr("after the batch, play the same deals with each playstyle bot at every seat "
                                     "(Rule the Realm: hoarder, racer; Rivages: goal-chaser, explorer) and one style "
                                     "against the other: does the verdict hold for other ways of playing?"))
        checks = QHBoxLayout()
        checks.addWidget(self.ladder_check)
        checks.addWidget(self.styles_check)
        lay.addLayout(checks)
        self.attribute_check = QCheckBox(self.tr("Seat attribution"))
        self.attribute_check.setToolTip(self.tr("after the batch (Rule the Realm, the same bot at every seat), replay its first "
                                        "deals (Games per bot) with the seats rotated and with equal starting hands: "
                                        "how much of each seat's edge is turn order, hand size or its place on the "
                                        "board? (2 x players x deals more games)"))
        lay.addWidget(self.attribute_check)
        self._attribution = None
        self._attribute_deals = 0
        panel_form = QFormLayout()
        panel_form.setLabelAlignment(Qt.AlignRight)
        self.panel_games_spin = QSpinBox()
        self.panel_games_spin.setRange(1, MAX_GAMES)
        self.panel_games_spin.setValue(DEFAULT_PANEL_GAMES)
        self.panel_games_spin.setToolTip(self.tr("games per bot for the skill ladder and the playstyles (the same deals as "
                                         "the batch's first games)"))
        panel_form.addRow(self.tr("Games per bot"), self.panel_games_spin)
        lay.addLayout(panel_form)
        self.panel_run = None
        self._panels: list = []
        self._plans: list = []
        buttons = QHBoxLayout()
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.setObjectName("primary")
        self.run_button.setToolTip(self.tr("play the batch in the background"))
        self.run_button.clicked.connect(self.start_run)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("stop; the games that finished are kept"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_run)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        lay.addLayout(buttons)
        self.sweep_button = QPushButton(self.tr("Sweep a setting…"))
        self.sweep_button.setToolTip(self.tr("play this batch once per value of a scenario setting (end score, hand "
                                     "sizes...) on the same seeds and compare them, as studio sweep does"))
        self.sweep_button.clicked.connect(lambda _c=False: self.open_sweep())
        self.sweep_window = None
        lay.addWidget(self.sweep_button)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("nothing run yet")  # "%v / %m games" once a run starts
        lay.addWidget(self.progress)
        self.progress_label = QLabel("")
        self.progress_label.setObjectName("muted")
        self.progress_label.setWordWrap(True)
        lay.addWidget(self.progress_label)
        lay.addStretch(1)
        save = QLabel(self.tr("Save the report"))
        save.setObjectName("muted")
        lay.addWidget(save)
        row = QHBoxLayout()
        self.save_buttons: dict[str, QPushButton] = {}
        for fmt, text in (("html", "HTML…"), ("json", "JSON…"), ("csv", "CSV…")):
            b = QPushButton(text)
            b.setToolTip({"html": "a self-contained page with the plots",
                          "json": "every game and the summary (studio-playtest/1)",
                          "csv": "one row per game"}[fmt])
            b.clicked.connect(lambda _c=False, f=fmt: self.save_report(f))
            row.addWidget(b)
            self.save_buttons[fmt] = b
        lay.addLayout(row)
        self.extra_box = QVBoxLayout()   # hosts add controls here (e.g. the heat map toggle)
        lay.addLayout(self.extra_box)
        return box

    def _build_report(self) -> QWidget:
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(8)
        self.title_label = QLabel()
        self.title_label.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.title_label.setWordWrap(True)
        lay.addWidget(self.title_label)
        figures = QWidget()
        cards = FlowLayout(figures, spacing=8)  # wraps onto two lines in a narrow window
        self.figure_labels: dict[str, QLabel] = {}
        tips = {"balance": "1 minus the largest gap between two seats' win rates (1 = even)",
                "first seat": "seat 1's win rate minus the fair share, in points",
                "margin": "mean winner's score minus the best other score",
                "rounds": "mean game length in rounds",
                "ties": "games whose win was shared"}
        for key, name in (("balance", "balance"), ("first seat", "first-seat advantage"), ("margin", "margin of victory"),
                          ("rounds", "rounds per game"), ("ties", "shared wins")):
            card = QFrame()
            card.setObjectName("figureCard")
            card.setToolTip(tips[key])
            cl = QVBoxLayout(card)
            cl.setContentsMargins(10, 4, 10, 6)
            cl.setSpacing(0)
            value = QLabel("–")
            value.setObjectName("figure")
            label = QLabel(name)
            label.setObjectName("figureName")
            cl.addWidget(value)
            cl.addWidget(label)
            cards.addWidget(card)
            self.figure_labels[key] = value
        lay.addWidget(figures)
        self.warnings_label = QLabel()
        self.warnings_label.setWordWrap(True)
        self.warnings_label.setTextFormat(Qt.RichText)
        lay.addWidget(self.warnings_label)
        self.blame_label = QLabel()   # what a warning's "on the board" link outlined, and where
        self.blame_label.setObjectName("blameNote")
        self.blame_label.setWordWrap(True)
        self.blame_label.hide()
        lay.addWidget(self.blame_label)
        self.play_label = QLabel()  # the degenerate-play figures, as in the text report's "play:"
        self.play_label.setObjectName("playFigures")
        self.play_label.setWordWrap(True)
        self.play_label.setTextFormat(Qt.RichText)
        lay.addWidget(self.play_label)
        # the arc in the report's words (figures.decided and arc_figures): when the winner was
        # decided, lead changes, comebacks and drama
        self.arc_label = QLabel()
        self.arc_label.setObjectName("arcFigures")
        self.arc_label.setWordWrap(True)
        self.arc_label.setTextFormat(Qt.RichText)
        lay.addWidget(self.arc_label)
        self.panel_label = QLabel()  # verdicts across skill and style (studio.playtest.ladder)
        self.panel_label.setObjectName("panels")
        self.panel_label.setWordWrap(True)
        self.panel_label.setTextFormat(Qt.RichText)
        lay.addWidget(self.panel_label)
        # the location's own mechanics, measured from the engine's events (a warning's rule link
        # highlights its row)
        self.mechanics_label = QLabel()
        self.mechanics_label.setObjectName("mechanics")
        self.mechanics_label.setWordWrap(True)
        self.mechanics_label.setTextFormat(Qt.RichText)
        lay.addWidget(self.mechanics_label)
        self.highlighted_mechanic = ""
        self.highlighted_warning = -1    # the warning whose culprits the board shows outlined
        self.board_blame = False         # the editor draws the run's board: offer "on the board"
        # the editor's test of a Blame: whether it draws any of it (None: any element or seat)
        self.blames_on_board = None
        self.warnings_label.linkActivated.connect(self.follow_link)
        grid = QGridLayout()
        grid.setSpacing(8)
        self.win_chart = WinRateChart()
        self.score_chart = HistogramChart("Score distribution")
        self.length_chart = HistogramChart("Game length")
        self.end_chart = EndReasonsChart()
        self.arc_chart = ArcChart()
        self._chart_grid = grid
        self._chart_columns = 0
        self._place_charts(2)
        lay.addLayout(grid, 1)
        scroll = QScrollArea()
        # a narrow window stacks the charts in one column (scrolled) rather than cutting them
        scroll.viewport().installEventFilter(self)
        self._report_scroll = scroll
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        scroll.setStyleSheet("QScrollArea { background: transparent; } QScrollArea > QWidget > QWidget { background: transparent; }")
        return scroll

    def _place_charts(self, columns: int) -> None:
        if columns == self._chart_columns:
            return
        self._chart_columns = columns
        shown = (self.win_chart, self.score_chart, self.length_chart, self.end_chart, self.arc_chart)
        for chart in shown:
            self._chart_grid.removeWidget(chart)
        for i, chart in enumerate(shown):
            self._chart_grid.addWidget(chart, i // columns, i % columns)
        for c in range(2):
            self._chart_grid.setColumnStretch(c, 1 if c < columns else 0)

    def chart_columns(self) -> int:
        """How many columns the five charts are laid in now (2, or 1 in a narrow window)."""
        return self._chart_columns

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if obj is self._report_scroll.viewport() and event.type() == QEvent.Resize:
            two = 2 * self.win_chart.minimumWidth() + self._chart_grid.horizontalSpacing()
            self._place_charts(2 if event.size().width() >= two else 1)
        return super().eventFilter(obj, event)

    # -- public API ---------------------------------------------------------------------------
    def players(self) -> int:
        return self.players_combo.currentData()

    def bot_names(self) -> list[str]:
        return [c.currentData() for c in self.bot_combos]

    def set_bots(self, names) -> None:
        """Choose the bot of each seat (``names``: one per seat, or one for all)."""
        names = list(names) if not isinstance(names, str) else [names]
        if len(names) == 1:
            names = names * len(self.bot_combos)
        for combo, name in zip(self.bot_combos, names):
            i = combo.findData(name)
            if i < 0:
                raise ValueError(f"unknown bot {name!r} (known: {', '.join(v for _t, v in BOT_CHOICES)})")
            combo.setCurrentIndex(i)

    def is_running(self) -> bool:
        return (self.run is not None and self.run.running) or (self.panel_run is not None and self.panel_run.running)

    def start_run(self) -> bool:
        """Build the setup for the chosen player count and start the batch in the background.
        Returns False (with the reason in the progress line) when the content cannot be played."""
        from studio.playtest.elements import catalogue
        from studio.playtest.insight import Expectations
        from studio.playtest.setup import SetupError
        from studio.playtest.stats import Tally

        if self.is_running():
            return False
        if self.sweep_window is not None and self.sweep_window.is_running():
            self._say("A sweep is running: wait for it or cancel it first.", error=True)
            return False
        players, games, seed = self.players(), self.games_spin.value(), self.seed_spin.value()
        bots = self.bot_names()
        executor, scheduler = self.run_on()
        problem = self._cluster_problem(executor, scheduler)
        if problem:
            self._say(problem, error=True)
            return False
        self._save_run_on()
        try:
            setup = self.setups[players]()
            self.catalogue = catalogue(setup.game(seed))
            self._plans = self._panel_plans(setup)
            self._attribute_deals = (min(self.panel_games_spin.value(), games)
                                     if self.attribute_check.isChecked() and setup.kind == "realm" and players > 1
                                     and len(set(bots)) == 1 and games >= 2 else 0)
            self._attribution = None
        except (SetupError, ValueError, KeyError, TypeError, OSError) as exc:
            self._say(f"Cannot run: {exc}", error=True)
            return False
        self.run_setup = setup
        self._run_text = self._current_text()  # the header now describes this run
        self._changed_since_run = self._other_content = False
        self.refresh_header()
        self.run_settings = {"scenario": setup.path or setup.name,
                             **(self.played(players) if self.played is not None else {}), "players": players, "bots": ", ".join(bots),
                             "games": games, "seed": seed, **({"Dask scheduler": scheduler} if scheduler else {}),
                             **({"valued positions per game": self.evaluate_spin.value()}
                                if self.evaluate_spin.value() else {})}
        self.results = []
        self._cancel_requested = False
        self._panels = []
        self._tally = Tally(self.catalogue, Expectations.of_scenario(setup.scenario, players))
        self.summary = None
        self.highlighted_warning = -1
        self.run = BatchRun(setup, games, seed, bots, self.jobs_spin.value(), self,
                            evaluate=self.evaluate_spin.value(), executor=executor, scheduler=scheduler)
        self.run.result.connect(self._on_result)
        self.run.progress.connect(self._on_progress)
        self._stop = ("cancel", "cancelled in the balance dashboard")   # unless the batch fails
        self.run.failed.connect(self._on_failed)
        self.run.finished.connect(self._on_finished)
        self.progress.setRange(0, games)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m games")
        self._say(f"Playing {counted(games, 'game')}" + (f" on the Dask cluster at {scheduler}" if scheduler else "")
                  + "…")
        self._set_running(True)
        self.run.start()
        self._refresh_timer.start()
        self.runStarted.emit()
        return True

    # -- the header: what the figures are computed from ------------------------------------------
    def note_content_changed(self, changed: bool = True) -> None:
        """The host's content was edited: ``changed``, whether it now differs from what the
        figures shown (if any) were played on (False: an undo brought it back)."""
        if self._run_text is not None and not self._other_content:
            self._changed_since_run = changed
        self.refresh_header()

    def _current_text(self) -> str:
        return self.describe(self.players()) if self.describe is not None else self._scenario_text

    def refresh_header(self) -> None:
        """Before any run: "Nothing run yet" and what Run would play. After one: what its figures
        were computed from (board, players, rules as they were when Run was pressed), and, in
        warning colours, when the content was edited since or Run would now play something
        else."""
        now = self._current_text()
        if self._run_text is None:
            self.scenario_label.setText(self.tr("<b>Nothing run yet.</b> Run plays:<br>{now}").format(now=now))
            return
        text = f"<b>The figures are from:</b><br>{self._run_text}"
        notes = []
        if self._changed_since_run:
            notes.append("edited since this run")
        if now != self._run_text:
            notes.append(f"Run would now play:<br>{now}")
        if notes:
            text += "<br><span style='color:#b03a2e'>⚠ " + "; ".join(notes) + "</span>"
        self.scenario_label.setText(text)

    def cancel_run(self) -> None:
        """Stop the batch (and a sweep) after the games being played; finished games are kept."""
        if self.sweep_window is not None:
            self.sweep_window.cancel()
        if self.is_running():
            self._cancel_requested = True
            for run in (self.run, self.panel_run):
                if run is not None:
                    run.cancel()
            self._say("Cancelling: waiting for the game being played…")

    def suggested_report_path(self, fmt: str) -> str:
        """Where Save Report proposes to write: in the folder of the board or island file
        (:attr:`source_path`), named after that file (``volcano4-balance.html``); an unsaved
        document: its scenario's id in the home folder (never the process's working folder)."""
        source = self.source_path()
        if source:
            source = Path(source)
            return str(source.with_name(f"{source.stem}-balance.{fmt}"))
        stem = (self.run_setup.id if self.run_setup is not None else "balance") + f"-{self.summary.players}p"
        return str(Path.home() / f"{stem}-balance.{fmt}")

    def save_report(self, fmt: str, path: str | None = None) -> bool:
        """Save the last run's report as ``fmt`` (html, json or csv) to ``path`` (asked when
        None). Files are written atomically; a failure is reported in a message box and leaves
        no file. Returns whether a file was written."""
        from studio.playtest.report import CsvWriter, JsonWriter, played_content, write_html

        if self.summary is None:
            prompts.show_error(self, self.tr("Save Report"), self.tr("Run a batch first: there is no report to save yet."))
            return False
        if path is None:
            path = prompts.ask_report_path(self, self.suggested_report_path(fmt), fmt)
            if not path:
                return False
        island = self.island_report() if self.island_report is not None else None
        try:
            if fmt == "html":
                write_html(path, self.summary, self.report_title(), self.run_settings, self.catalogue, island)
            elif fmt == "json":
                setup = self.run_setup
                header = {"scenario": {"id": setup.id, "name": setup.name, "path": setup.path},
                          **played_content(setup), "players": setup.players, "bots": self.run_settings["bots"].split(", "),
                          "seed": self.run_settings["seed"], "games_requested": self.run_settings["games"],
                          "game_seeds": "seed * 1000003 + index"}
                out = JsonWriter(path, header)
                for r in self.results:
                    out.add(r)
                from studio.playtest.cli import stop_fields

                short = len(self.results) < self.run_settings["games"]
                out.finish({"interrupted": short, **stop_fields(*(self._stop if short else (None, None))),
                            "games_played": len(self.results), "summary": self.summary.to_dict(),
                            **({"island": island.to_dict()} if island is not None else {})})
            elif fmt == "csv":
                out = CsvWriter(path, self.summary.players)
                for r in self.results:
                    out.add(r)
                out.finish()
            else:
                raise ValueError(f"unknown report format {fmt!r} (html, json or csv)")
        except OSError as exc:
            prompts.show_error(self, self.tr("Save Report"), self.tr("Cannot write {path}:\n\n{value}").format(path=path, value=exc.strerror or exc))
            return False
        self._say(f"Saved {Path(path).name}")
        return True

    def report_title(self, games: bool = True) -> str:
        """The report's title: content, players, games (of how many asked; left out when
        ``games`` is False) and seed."""
        if self.summary is None:
            return ""
        s, want = self.summary, self.run_settings.get("games", self.summary.games)
        name = self.run_setup.name if self.run_setup is not None else "Balance"
        if not games:
            return f"{name}, {s.players} players: seed {self.run_settings.get('seed', 0)}"
        played = f"{s.games} game{'s' if s.games != 1 else ''}" + (f" of {want}" if s.games < want else "")
        return f"{name}, {s.players} players: {played}, seed {self.run_settings.get('seed', 0)}"

    def wait(self, ms: int = 60000) -> bool:
        """Block until a running batch (and sweep) has ended (tests, closing)."""
        ok = self.run.wait(ms) if self.run is not None else True
        if self.sweep_window is not None:
            ok = self.sweep_window.wait(ms) and ok
        if self.panel_run is not None:
            from PySide6.QtCore import QCoreApplication, QDeadlineTimer

            # the panels start from the batch's finished signal: let queued events run until they end
            deadline = QDeadlineTimer(ms)
            while self.panel_run is not None and self.panel_run.running and not deadline.hasExpired():
                QCoreApplication.processEvents()
                self.panel_run.wait(20)
        return ok

    def _panel_plans(self, setup) -> list:
        """The panels the run plays after its batch: the skill ladder and the playstyles, as
        ticked (``(kind, rungs, matches)``, :mod:`studio.playtest.ladder`)."""
        from studio.playtest.ladder import skill_plan, style_plan

        plans = []
        if self.ladder_check.isChecked():
            plans.append(("skill", *skill_plan()))
        if self.styles_check.isChecked():
            plans.append(("style", *style_plan(setup.kind)))
        return plans

    # -- running ------------------------------------------------------------------------------
    def _players_changed(self) -> None:
        self.refresh_header()
        n = self.players()
        old = self.bot_names()
        while self.bots_box.count():
            item = self.bots_box.takeAt(0)
            if item.layout() is not None:
                while item.layout().count():
                    w = item.layout().takeAt(0).widget()
                    if w is not None:
                        w.hide()  # never drawn over the form until it is deleted
                        w.deleteLater()
        self.bot_combos = []
        for seat in range(n):
            row = QHBoxLayout()
            swatch = QLabel("●")
            swatch.setStyleSheet(f"color: {seat_colour(seat).name()}; font-size: 16px;")
            row.addWidget(swatch)
            row.addWidget(QLabel(self.tr("Seat {seat}").format(seat=seat + 1)))
            combo = QComboBox()
            for text, name in BOT_CHOICES:
                combo.addItem(text, name)
            combo.setCurrentIndex(combo.findData(old[seat] if seat < len(old) else "greedy"))
            row.addWidget(combo, 1)
            self.bots_box.addLayout(row)
            self.bot_combos.append(combo)

    def _set_running(self, on: bool) -> None:
        self.run_button.setEnabled(not on)
        self.cancel_button.setEnabled(on)
        for w in (self.players_combo, self.games_spin, self.seed_spin, self.jobs_spin, *self.bot_combos,
                  self.evaluate_spin, self.ladder_check, self.styles_check, self.attribute_check,
                  self.panel_games_spin, self.run_on_combo, self.scheduler_edit):
            w.setEnabled(not on and (w is not self.players_combo or len(self.setups) > 1))
        if not on:
            self._run_on_changed(save=False)
        for b in self.save_buttons.values():
            b.setEnabled(not on and self.summary is not None)

    # -- where the games run -------------------------------------------------------------------
    def run_on(self) -> tuple[str, str | None]:
        """``("processes", None)`` or ``("dask", scheduler address)`` as chosen in the form."""
        if self.run_on_combo.currentData() == "dask":
            return "dask", self.scheduler_edit.text().strip()
        return "processes", None

    def _cluster_problem(self, executor: str, scheduler: str | None) -> str | None:
        """Why a cluster run cannot start, in words (None: it can)."""
        if executor != "dask":
            return None
        if not scheduler:
            return ("Cannot run on a Dask cluster: give the scheduler's address (tcp://HOST:8786, as 'dask "
                    "scheduler' prints it) or choose This computer.")
        if "://" not in scheduler and ":" not in scheduler:
            return f"Cannot run on a Dask cluster: '{scheduler}' is not an address like tcp://HOST:8786."
        try:
            import distributed  # noqa: F401
        except ImportError:
            from studio.playtest.executors import DASK_EXTRA

            return f"Cannot run on a Dask cluster: {DASK_EXTRA}."
        return None

    def _load_run_on(self) -> None:
        where = str(self.settings.value("balance/runOn", "processes") or "processes")
        index = self.run_on_combo.findData(where)
        self.run_on_combo.setCurrentIndex(max(0, index))
        self.scheduler_edit.setText(str(self.settings.value("balance/scheduler", "")
                                        or os.environ.get(SCHEDULER_ENV, "")))
        self._run_on_changed(save=False)

    def _save_run_on(self) -> None:
        self.settings.setValue("balance/runOn", self.run_on_combo.currentData())
        self.settings.setValue("balance/scheduler", self.scheduler_edit.text().strip())

    def _run_on_changed(self, save: bool = True) -> None:
        cluster = self.run_on_combo.currentData() == "dask"
        button = getattr(self, "run_button", None)   # not yet there while the form is built
        running = button is not None and not button.isEnabled()
        self.scheduler_edit.setEnabled(cluster and not running)
        self.scheduler_label.setEnabled(cluster)
        self.jobs_spin.setEnabled(not cluster and not running)   # a cluster plays on all its workers
        if save:
            self._save_run_on()

    def _on_failed(self, message: str) -> None:
        self._stop = (self.run.failure_kind or "error", message)
        self._say(f"The batch stopped: {message}", error=True)

    def _on_result(self, result) -> None:
        self.results.append(result)
        self._tally.add(result)
        self._dirty = True

    def _on_progress(self, done: int, total: int, rate: float) -> None:
        self.progress.setValue(done)
        self._say(f"{done} of {counted(total, 'game')} · {rate:.1f} games/s")
        if self.summary is not None:
            self._show_title()

    def _show_title(self) -> None:
        """The report's title; while the batch plays, the games played as the progress bar
        counts them, and how many of them the figures (refreshed every REFRESH_MS) are from."""
        title = self.report_title()
        s, played = self.summary, len(self.results)
        if self.run is not None and self.run.running and s is not None and played > s.games:
            title = self.tr("{title}; {played} of {total} played (the figures are from the first {games})").format(
                title=self.report_title(games=False), played=played, total=self.run.total, games=s.games)
        self.title_label.setText(title)

    def _on_finished(self, cancelled: bool) -> None:
        self._refresh_timer.stop()
        self._dirty = True
        self._refresh_report()
        run = self.run
        done = len(self.results)
        if not done:  # nothing to show: the header says so again
            self._run_text = None
            self.refresh_header()
        if cancelled:
            self._say(f"Cancelled: {done} of {counted(run.total, 'game')} kept ({run.rate():.1f} games/s)")
        elif done == run.total:
            self._say(f"{counted(done, 'game')} in {run.elapsed():.1f} s ({run.rate():.1f} games/s)")
        if (self._plans or self._attribute_deals) and self._cancel_requested and not cancelled:
            # every game had finished when Cancel came (or the window closed): no panels after it
            self._say(f"Cancelled: {counted(done, 'game')} kept; the panels after the batch were not played")
            cancelled = True
        if (self._plans or self._attribute_deals) and not cancelled and done:
            self._start_panels()
            return
        self._set_running(False)
        self.runFinished.emit(cancelled)

    def _start_panels(self) -> None:
        from studio.gui.balance.panel_run import PanelRun

        games = self.panel_games_spin.value()
        deals = min(self._attribute_deals, len(self.results))
        executor, scheduler = self.run_on()
        self.panel_run = PanelRun(self.run_setup, self._plans, games, self.run_settings["seed"],
                                  self.jobs_spin.value(), self, attribute=deals, bots=self.bot_names()[0],
                                  executor=executor, scheduler=scheduler)
        total = self.panel_run.total
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        what = " and ".join(w for w, on in (("the ladder and styles", bool(self._plans)),
                                             ("the seat attribution", bool(deals))) if on)
        self._say(f"Playing {what}: {total} more games…")
        self.panel_run.progress.connect(lambda k, n: (self.progress.setValue(k),
                                                      self._say(f"{what[0].upper()}{what[1:]}: {k} of {n} games")))
        self.panel_run.panel.connect(self._on_panel)
        self.panel_run.failed.connect(lambda msg: self._say(f"The ladder stopped: {msg}", error=True))
        self.panel_run.finished.connect(self._on_panels_finished)
        self.panel_run.start()

    def _on_panel(self, panel) -> None:
        from studio.playtest.seats import Attribution

        if isinstance(panel, Attribution):
            self._attribution = panel
        else:
            self._panels.append(panel)
        self._dirty = True
        self._refresh_report()

    def _on_panels_finished(self, cancelled: bool) -> None:
        if cancelled:
            self._say(f"Cancelled: {len(self._panels)} of {len(self._plans)} panels kept"
                      + (", no seat attribution" if self._attribute_deals and self._attribution is None else ""))
        elif len(self._panels) == len(self._plans):
            self._say(f"{len(self.results)} games, then {self.panel_run.total} for the "
                      + ("ladder and styles" if self._plans else "seat attribution"))
        self._set_running(False)
        self.runFinished.emit(cancelled)

    def _refresh_report(self) -> None:
        if not self._dirty or self._tally is None or not self._tally.games:
            return
        self._dirty = False
        self.summary = self._tally.summary()
        from studio.playtest.ladder import with_panel

        for panel in self._panels:
            self.summary = with_panel(self.summary, panel)
        if self._attribution is not None:
            from dataclasses import replace

            self.summary = replace(self.summary, attribution=self._attribution)
        self._show_summary()
        self.summaryChanged.emit()

    def content_replaced(self) -> None:
        """The host opened other content (New, Open): a refusal shown for the old one goes, and
        the header says what Run would play now, not that the old content was edited."""
        if self._said_error and not self.is_running():
            self._say("")
        self._changed_since_run = False
        self._other_content = self._run_text is not None   # its edits are not "edits since this run"
        self.refresh_header()

    def _say(self, text: str, error: bool = False) -> None:
        self._said_error = error
        self.progress_label.setText(text)
        self.progress_label.setStyleSheet(desktop.css("color: {error};") if error else "")
        if error:  # a short window scrolls the form to show why
            QTimer.singleShot(0, lambda: self.form_scroll.ensureWidgetVisible(self.progress_label))

    # -- showing the report -------------------------------------------------------------------
    def _show_summary(self) -> None:
        s = self.summary
        if s is None:
            self.title_label.setText(self.tr("No report yet: choose the bots and press Run."))
            self.warnings_label.hide()
            self.play_label.hide()
            self.arc_label.hide()
            self.panel_label.hide()
            self.mechanics_label.hide()
            for label in self.figure_labels.values():
                label.setText("–")
            for chart in (self.win_chart, self.score_chart, self.length_chart, self.end_chart, self.arc_chart):
                chart.set_model(None)
            for b in self.save_buttons.values():
                b.setEnabled(False)
            return
        self._show_title()
        f = self.figure_labels
        f["balance"].setText(s.balance_text() if s.players > 1 else "–")
        f["first seat"].setText(f"{100 * s.first_seat_advantage:+.1f}" if s.players > 1 else "–")
        f["margin"].setText(f"{s.margin.mean:.1f}" if s.margin is not None and s.margin.count else "–")
        f["rounds"].setText(f"{s.rounds_mean:.1f}")
        f["ties"].setText(f"{100 * s.shared_wins / s.games:.0f}%")
        if s.warnings:
            items = "".join(self._warning_item(i, w) for i, w in enumerate(s.warnings))
            self.warnings_label.setObjectName("warnings")
            self.warnings_label.setText(f"<b>{len(s.warnings)} warning{'s' if len(s.warnings) != 1 else ''}</b>"
                                        f"<ul style='margin: 2px 0 0 -18px'>{items}</ul>")
        else:
            self.warnings_label.setObjectName("allClear")
            self.warnings_label.setText(_escape(all_clear(s)))
        self.warnings_label.setStyleSheet(self.warnings_label.styleSheet())  # re-polish for the new name
        self.warnings_label.style().unpolish(self.warnings_label)
        self.warnings_label.style().polish(self.warnings_label)
        self.warnings_label.show()
        self.win_chart.set_summary(s)
        self.score_chart.set_model(charts.score_histogram(s))
        self.length_chart.set_model(charts.length_histogram(s))
        self.end_chart.set_summary(s)
        self.arc_chart.set_summary(s)
        if s.insight is not None:
            from studio.playtest.report import play_figures

            self.play_label.setText(self.tr("<b>Play</b><table>{rows}</table>").format(rows=_rows_rich(play_figures(s))))
            self.play_label.show()
        else:
            self.play_label.hide()
        arc = arc_lines(s)
        if arc:
            self.arc_label.setText(self.tr("<b>Arc</b><table>{rows}</table>").format(rows=_rows_rich(arc)))
            self.arc_label.show()
        else:
            self.arc_label.hide()
        panels = [p for p in (s.ladder, s.styles) if p is not None]
        if panels or s.attribution is not None:
            self.panel_label.setText(("" if s.attribution is None else _attribution_rich(s))
                                     + "".join(_panel_rich(p) for p in panels))
            self.panel_label.show()
        else:
            self.panel_label.hide()
        self._show_mechanics()
        if not self.is_running():
            for b in self.save_buttons.values():
                b.setEnabled(True)

    def _show_mechanics(self) -> None:
        s = self.summary
        ins = s.insight if s is not None else None
        if ins is None or not ins.measures:
            self.mechanics_label.hide()
            return
        from studio.playtest.report import mechanics_rows

        named = {f.mechanic for f in ins.findings if f.mechanic}
        head, rows = mechanics_rows(s)
        cells = "".join(f"<th align='{'left' if i < 2 else 'right'}'>&nbsp;{_escape(h)}&nbsp;</th>"
                        for i, h in enumerate(head))
        body = []
        for m, row in zip(ins.measures, rows):
            colour = (desktop.colour("highlight") if m.code == self.highlighted_mechanic
                      else desktop.colour("warning_bg") if m.code in named else "")
            style = f" style='background: {colour}'" if colour else ""
            body.append(f"<tr{style}>" + "".join(f"<td align='{'left' if i < 2 else 'right'}'>&nbsp;{_escape(c)}&nbsp;</td>"
                                                 for i, c in enumerate(row)) + "</tr>")
        tables = [f"<b>Location mechanics</b> <span style='color:{desktop.colour('faint')}'>(from the engine's events; per seat and "
                  f"game unless said; highlighted: named by a warning)</span><table cellspacing='0'><tr>{cells}</tr>"
                  + "".join(body) + "</table>"]
        for group, words in (("island", "Per starting island"), ("tree", "Per tree")):
            found = [o for o in ins.origins if o.group == group]
            if found:
                tables.append(f"<b>{words}</b><table cellspacing='0'><tr><th align='left'>{group}&nbsp;</th>"
                              "<th align='right'>&nbsp;seats</th><th align='right'>&nbsp;win %</th>"
                              "<th align='right'>&nbsp;95% interval</th><th align='right'>&nbsp;score</th></tr>" + "".join(
                                  f"<tr><td>{_escape(o.id)}&nbsp;</td><td align='right'>{o.seats}</td>"
                                  f"<td align='right'>{100 * o.win_rate:.0f}%</td>"
                                  f"<td align='right'>&nbsp;{100 * o.low:.0f}–{100 * o.high:.0f}%</td>"
                                  f"<td align='right'>&nbsp;{o.score_mean:.1f}</td></tr>" for o in found) + "</table>")
        self.mechanics_label.setText("<br>".join(tables))
        self.mechanics_label.show()

    def _warning_item(self, i: int, text: str) -> str:
        """Warning ``i`` as a list item with its links: *on the board* (when the editor draws
        the board and the warning blames elements or seats) and the location rule's clause, or
        the figures it rests on."""
        b = self.summary.blame_of(i)
        links = []
        drawn = self.blames_on_board(b) if b is not None and self.blames_on_board is not None else \
            b is not None and bool(b.elements or b.seats)
        if b is not None and self.board_blame and drawn:
            links.append(f"<a href='blame:{i}'>on the board</a>")
        if b is not None and b.mechanic:
            links.append(f"<a href='mechanic:{b.mechanic}'>({_escape(b.clause)})</a>")
        elif b is not None and b.section in ("play", "ladder", "styles") and self._section_label(b.section).isVisible():
            links.append(f"<a href='section:{b.section}'>(the figures)</a>")
        item = _escape(text) + ("&nbsp; " + " ".join(links) if links else "")
        if b is not None and b.advice:  # what to try, as the text and HTML reports say it
            item += (f"<br><span style='color: {desktop.colour('muted')}'>" + self.tr("try: {advice}").format(
                advice=_escape(window_advice(b.advice))) + "</span>")
        if i == self.highlighted_warning:
            shade = desktop.colour("selected")   # the theme's, so it reads on a dark palette too
            item = f"<span style='background: {shade}'>{item}</span>"
        return f"<li>{item}</li>"

    def _section_label(self, section: str) -> QLabel:
        return self.play_label if section == "play" else self.panel_label

    def follow_link(self, link: str) -> None:
        """A warning's link: ``mechanic:<code>`` highlights the mechanic's row
        (:meth:`show_mechanic`), ``section:<play|ladder|styles>`` scrolls to those figures,
        ``blame:<index>`` asks the editor to outline the warning's culprits on the board
        (``blameRequested``)."""
        kind, _, rest = link.partition(":")
        if kind == "blame" and rest.isdigit():
            self.show_blame(int(rest))
        elif kind == "section":
            self._report_scroll.ensureWidgetVisible(self._section_label(rest))
        else:
            self.show_mechanic(link)

    def show_blame(self, index: int) -> None:
        """Mark warning ``index`` as the one whose culprits the board shows, and ask for them
        (``blameRequested``; -1 clears)."""
        self.highlighted_warning = index
        if self.summary is not None:
            self._show_summary()
        self.blameRequested.emit(index)

    def set_blame_note(self, text: str) -> None:
        """Say under the warnings what the editor outlined for a warning's "on the board"
        link (plain text; empty hides the note)."""
        self.blame_label.setText(text)
        self.blame_label.setStyleSheet(desktop.css("background: {selected}; padding: 3px 6px;") if text else "")
        self.blame_label.setVisible(bool(text))

    def show_mechanic(self, link: str) -> None:
        """Highlight the mechanic a warning links to (``mechanic:<measure code>``) in the
        location mechanics table and scroll it into view."""
        code = link.split(":", 1)[1] if link.startswith("mechanic:") else link
        self.highlighted_mechanic = code
        self._show_mechanics()
        self._report_scroll.ensureWidgetVisible(self.mechanics_label)

    def open_sweep(self):
        """Show the sweep window (:mod:`studio.gui.balance.sweep`, made on first use) with the
        settings of what Run plays now, and return it."""
        from studio.gui.balance.sweep import SweepWindow

        if self.sweep_window is None:
            self.sweep_window = SweepWindow(self, self)
        elif not self.sweep_window.is_running():
            self.sweep_window.refresh_choices()
        self.sweep_window.show()
        self.sweep_window.raise_()
        return self.sweep_window

    def closeEvent(self, event) -> None:
        if self.sweep_window is not None:
            self.sweep_window.close()
        if self.is_running():
            for run in (self.run, self.panel_run):
                if run is not None:
                    run.cancel()
                    run.wait()
        super().closeEvent(event)


def arc_lines(s) -> list[tuple[str, str]]:
    """``(label, text)`` lines of the arc as the text and HTML reports word them: the
    ``decided:`` line of :func:`~studio.playtest.report.figures` (when the winner was decided,
    late decisions, lead changes per game), then :func:`~studio.playtest.report.arc_figures`
    (drama, comebacks, the evaluated figures); each label once."""
    from studio.playtest.report import arc_figures, figures

    out: list[tuple[str, str]] = []
    for label, text in [x for x in figures(s) if x[0] == "decided:"] + arc_figures(s):
        if all(label != k for k, _t in out):
            out.append((label, text))
    return out


def _rows_rich(lines) -> str:
    """``(label, text)`` lines as the rows of a Qt rich-text table."""
    return "".join(f"<tr><td><b>{_escape(label.rstrip(':'))}</b>&nbsp;&nbsp;</td><td>{_escape(text)}</td></tr>"
                   for label, text in lines)


def _panel_rich(panel) -> str:
    """A panel (:class:`~studio.playtest.ladder.Panel`) as Qt rich text: a table of the win %
    per seat for each bot, then the verdict, the trends, the bot failures and the matches."""
    from studio.playtest.ladder import TITLES, panel_rows

    head, rows = panel_rows(panel)
    cell = "style='padding: 1px 8px 1px 0'"
    table = ("<table><tr>" + "".join(f"<td {cell}><b>{_escape(h)}</b></td>" for h in head) + "</tr>"
             + "".join("<tr>" + "".join(f"<td {cell}>{_escape(c)}</td>" for c in r) + "</tr>" for r in rows)
             + "</table>")
    colour = desktop.colour("ok") if panel.holds else desktop.colour("error")
    lines = [f"<p style='color: {colour}; margin: 4px 0'><b>{_escape(panel.verdict)}</b></p>"]
    lines += [f"<p style='margin: 2px 0'>{_escape(t.sentence)}</p>" for t in panel.trends]
    lines += [f"<p style='color: {desktop.colour('error')}; margin: 2px 0'>{_escape(n)}</p>" for n in panel.notes]
    lines += [f"<p style='margin: 2px 0'>{_escape(m.sentence)}</p>" for m in panel.matches]
    return f"<p style='margin: 8px 0 2px 0'><b>{_escape(TITLES[panel.kind])}</b></p>{table}{''.join(lines)}"


def _attribution_rich(s) -> str:
    """Where the seats' gaps come from (:class:`~studio.playtest.seats.Attribution`) as Qt rich
    text: the report's table (points of win rate over the fair share, 95% intervals) and its
    sentences."""
    from studio.playtest.report import attribution_rows, attribution_verdicts

    a = s.attribution
    head, rows = attribution_rows(s)
    cell = "style='padding: 1px 8px 1px 0'"
    hands = f", and with equal hands of {a.equal_hand} cards" if a.equal_hand is not None else ""
    table = ("<table><tr>" + "".join(f"<td {cell}><b>{_escape(h)}</b></td>" for h in head) + "</tr>"
             + "".join("<tr>" + "".join(f"<td {cell}>{_escape(c)}</td>" for c in r) + "</tr>" for r in rows)
             + "</table>")
    lines = "".join(f"<p style='margin: 2px 0'>{_escape(v)}</p>" for v in attribution_verdicts(s))
    return (f"<p style='margin: 8px 0 2px 0'><b>Where the seats' gaps come from</b> <span style='color:#8a7a66'>"
            f"(the same {a.deals} deals with the seats rotated{hands}; {counted(a.games_played, 'game')}; points "
            f"of win rate over the fair share, 95% intervals)</span></p>{table}{lines}")


def _escape(text: str) -> str:
    import html

    return html.escape(text)


__all__ = ["BOT_CHOICES", "BalanceDashboard", "arc_lines"]
