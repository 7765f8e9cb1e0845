"""The balance dashboard's sweep (*Sweep a setting…*): the dashboard's batch played once per
value of one scenario setting, compared side by side as ``studio sweep`` compares them.

:class:`SweepWindow` takes what to play from its :class:`~studio.gui.balance.dashboard.BalanceDashboard`
when Run is pressed (the setup for the chosen player count, games, seed, bots, workers, where to
run) and one setting: a dotted path into the scenario's data (``rules.end.score``,
``rules.hand_sizes``, ``great_explorer.2``; the box lists the scenario's settings with their
current values) and the values to try, written as for ``studio sweep --set`` (commas between
values, YAML values: ``16, 18, 20``, ``[4, 5], [5, 4]``). Every point is played on the same seeds
(:class:`SweepRun`, off the GUI thread, with progress and Cancel) and counted by
:class:`~studio.playtest.sweep.PointTally`, so the table shows exactly the figures the CLI prints
for the same seed (:func:`~studio.playtest.sweep.sweep_cells`): each seat's win rate with its 95%
interval, marked ``+``/``-`` when significantly above or below the first value on the shared
seeds (paired, Holm-corrected), and the batch figures; the chart draws the win rates and
intervals per value; below, each value against the first and, solo, the win rate per challenge
set.
"""

from __future__ import annotations

import dataclasses
import html
from functools import partial

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.gui.balance.charts import Chart, grid_colour, ink_colour, muted_colour, seat_colour
from studio.gui.balance.worker import BackgroundRun, failure_text
from studio.gui.shell import desktop
from studio.playtest import sweep as cli

MAX_GUI_POINTS = 12   # values of one setting in a dashboard sweep (studio sweep takes grids)
SKIPPED = {"format", "id", "name", "description", "location", "side", "terrains"}


# -- what can be swept -------------------------------------------------------------------------

def sweep_choices(scenario) -> list[tuple[str, object]]:
    """``[(path, current value)]``: the settings of ``scenario`` a sweep can vary, sorted by
    path: every number, true/false and list of numbers in its data (not the file references
    of :data:`~studio.playtest.sweep.REFERENCE_KEYS`) and, for Rule the Realm, every such field
    of its rules with its default (``rules.hand_sizes``, ``rules.pool_size``...)."""
    out: dict[str, object] = {}
    rules = getattr(scenario, "rules", None)
    if dataclasses.is_dataclass(rules):
        for f in dataclasses.fields(rules):
            value = getattr(rules, f.name)
            if _sweepable(value):
                out[f"rules.{f.name}"] = list(value) if isinstance(value, tuple) else value

    def walk(data, path):
        for key, value in data.items():
            p = f"{path}{key}"
            if (not path and key in SKIPPED) or p in cli.REFERENCE_KEYS:
                continue
            if isinstance(value, dict):
                walk(value, p + ".")
            elif _sweepable(value):
                out[p] = value

    walk(scenario.to_data(), "")
    return sorted(out.items())


def _sweepable(value) -> bool:
    if isinstance(value, bool | int | float):
        return True
    return isinstance(value, list | tuple) and bool(value) and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in value)


def suggested_values(value) -> str:
    """Values to try for a setting now at ``value``, the current one first (the row every
    other is compared with), written as ``studio sweep --set`` takes them: a whole number and
    two either side of it (not below 0), true and false, a list and its first two entries
    swapped (e.g. the starting hands of seats 1 and 2)."""
    if isinstance(value, bool):
        return f"{str(value).lower()}, {str(not value).lower()}"
    if isinstance(value, int):
        return ", ".join(str(v) for v in (value, value - 2, value + 2) if v >= 0)
    if isinstance(value, float):
        return f"{value:g}, {value * 0.8:g}, {value * 1.2:g}"
    if isinstance(value, list | tuple) and len(value) >= 2:
        swapped = [value[1], value[0], *value[2:]]
        return ", ".join(cli.show(list(v)) for v in (value, swapped))
    return cli.show(value)


# -- playing the points --------------------------------------------------------------------------

def _play_points(points, games: int, seed: int, bots: list, jobs: int, executor: str, scheduler: str | None,
                 worker) -> None:
    from studio.playtest.runner import iter_batch

    played = 0
    for settings, setup in points:
        tally = cli.PointTally(setup)
        batch = iter_batch(setup, None, games, seed, bots, jobs=jobs, executor=executor, scheduler=scheduler)
        try:
            for result in batch:
                tally.add(result)
                played += 1
                worker.tell(played)
                if worker.stop.is_set():
                    break
        finally:
            batch.close()
        if tally.games:
            worker.result(tally.row(settings, tally.games == games))
        if worker.stop.is_set():
            break


class SweepRun(BackgroundRun):
    """A sweep played off the GUI thread: ``points`` is ``[(settings, setup)]``, each played
    ``games`` games from ``seed`` (the same seeds for every point) with ``bots``. Rows arrive
    by ``point(row)`` as each point finishes; ``rows`` holds them with the comparisons against
    the first (:func:`~studio.playtest.sweep.add_comparisons`, recomputed after each point).
    Cancel stops after the game being played and keeps the point so far (marked incomplete,
    as the CLI's ``*``). Signals ``progress(done, total, games_per_second)``, ``point(row)``,
    ``failed(message)``, ``finished(cancelled)`` (last, once)."""

    progress = Signal(int, int, float)
    point = Signal(object)

    def __init__(self, points, games: int, seed: int, bots, jobs: int = 1, executor: str = "processes",
                 scheduler: str | None = None, parent=None):
        super().__init__(partial(_play_points, points, games, seed, list(bots), jobs, executor, scheduler),
                         "balance-sweep", parent)
        self.total = games * len(points)
        self.played = 0
        self.rows: list[dict] = []

    def _on_progress(self, played: int) -> None:
        self.played = played
        t = self.elapsed()
        self.progress.emit(self.played, self.total, self.played / t if t > 0 else 0.0)

    def _on_item(self, row: dict) -> None:
        self.rows.append(row)
        cli.add_comparisons(self.rows)
        self.point.emit(row)

    def _complete(self) -> bool:
        return self.played >= self.total


# -- the chart -------------------------------------------------------------------------------------

class SweepChart(Chart):
    """Win rate per seat for each value of the setting: a group of bars per value (seat
    colours), each with its 95% interval as a whisker, ``+``/``−`` over a bar significantly
    above or below the first value on the shared seeds, and a dashed line at the fair share."""

    def __init__(self, parent=None):
        super().__init__("Win rate per seat for each value (95% interval)", parent)
        self.empty_text = "run a sweep to see this chart"
        self.groups: list[tuple[str, list[tuple[float, float, float, str]]]] = []
        self.expected: float | None = None
        self.setMinimumHeight(230)

    def set_rows(self, rows: list[dict], path: str) -> None:
        self.groups = []
        for r in rows:
            marks = {d.seat: ("+" if d.diff > 0 else "−") for d in r.get("diffs", []) if d.significant}
            s = r["summary"]
            self.groups.append((cli.show(r["settings"][path]) + ("" if r["complete"] else "*"),
                                [(x.win_rate, x.ci_low, x.ci_high, marks.get(x.seat, "")) for x in s.seats]))
            self.expected = s.fair_share if s.players > 1 else None
        self.update()

    def has_data(self) -> bool:
        return bool(self.groups)

    def plot(self, p: QPainter, rect: QRectF) -> None:
        left, bottom = rect.left() + 34, rect.bottom() - 16
        top = rect.top() + 14
        height = max(10.0, bottom - top)

        def y(v):
            return bottom - height * v

        for k in range(0, 11, 2):
            p.setPen(QPen(grid_colour(), 1))
            p.drawLine(QPointF(left, y(k / 10)), QPointF(rect.right(), y(k / 10)))
            p.setPen(muted_colour())
            p.drawText(QRectF(rect.left(), y(k / 10) - 7, 30, 14), Qt.AlignRight | Qt.AlignVCenter, f"{10 * k}%")
        width = (rect.right() - left) / len(self.groups)
        for g, (label, seats) in enumerate(self.groups):
            x0 = left + g * width
            p.setPen(ink_colour())
            p.drawText(QRectF(x0, bottom + 1, width, 15), Qt.AlignCenter, label)
            bar = min(34.0, width * 0.8 / max(1, len(seats)))
            start = x0 + (width - bar * len(seats)) / 2
            for s, (rate, low, high, mark) in enumerate(seats):
                bx = start + s * bar
                fill = QColor(seat_colour(s))
                fill.setAlpha(205)
                p.setPen(Qt.NoPen)
                p.setBrush(fill)
                p.drawRect(QRectF(bx + 2, y(rate), bar - 4, max(1.0, height * rate)))
                cx = bx + bar / 2
                p.setPen(QPen(ink_colour(), 1.4))
                p.drawLine(QPointF(cx, y(low)), QPointF(cx, y(high)))
                for v in (low, high):
                    p.drawLine(QPointF(cx - 4, y(v)), QPointF(cx + 4, y(v)))
                if mark:
                    font = p.font()
                    font.setBold(True)
                    p.setFont(font)
                    p.drawText(QRectF(bx, y(high) - 16, bar, 14), Qt.AlignCenter, mark)
                    font.setBold(False)
                    p.setFont(font)
        if self.expected is not None:
            p.setPen(QPen(muted_colour(), 1.2, Qt.DashLine))
            p.drawLine(QPointF(left, y(self.expected)), QPointF(rect.right(), y(self.expected)))
        # the key, right-aligned in the title row: each seat's colour, the fair share's dash
        keys = [(f"seat {s + 1}", seat_colour(s)) for s in range(len(self.groups[0][1]))]
        x = rect.right()
        if self.expected is not None:
            text = f"fair share {100 * self.expected:.0f}%"
            x -= p.fontMetrics().horizontalAdvance(text) + 4
            p.setPen(muted_colour())
            p.drawText(QRectF(x, rect.top() - 24, rect.right() - x, 18), Qt.AlignLeft | Qt.AlignVCenter, text)
            p.setPen(QPen(muted_colour(), 1.2, Qt.DashLine))
            p.drawLine(QPointF(x - 24, rect.top() - 15), QPointF(x - 6, rect.top() - 15))
            x -= 34
        for text, colour in reversed(keys):
            w = p.fontMetrics().horizontalAdvance(text)
            x -= w + 4
            p.setPen(ink_colour())
            p.drawText(QRectF(x, rect.top() - 24, w + 4, 18), Qt.AlignLeft | Qt.AlignVCenter, text)
            p.setPen(Qt.NoPen)
            p.setBrush(colour)
            p.drawRect(QRectF(x - 14, rect.top() - 20, 10, 10))
            x -= 24


# -- the window ------------------------------------------------------------------------------------

class _NowDelegate(QStyledItemDelegate):
    """Draws each setting of the Setting list with its current value (``path    now 18``); the
    item's text stays the path, which the editable line shows and Run sweep reads."""

    def initStyleOption(self, option, index) -> None:  # noqa: N802 - Qt API
        super().initStyleOption(option, index)
        now = index.data(Qt.ToolTipRole)
        if now:
            option.text = f"{option.text}    {now}"


class SweepWindow(QWidget):
    """The sweep of one setting for ``dashboard`` (see the module docstring). ``start()`` runs
    it (False, with the reason shown, when the setting or values are wrong or the content cannot
    be played); ``rows``: the points played, with their comparisons."""

    def __init__(self, dashboard, parent=None):
        super().__init__(parent, Qt.Window)
        self.dashboard = dashboard
        self.run: SweepRun | None = None
        self.rows: list[dict] = []
        self.path = ""
        self.setWindowTitle(self.tr("Sweep a setting"))
        self.resize(1100, 720)
        desktop.keep_on_screen(self)   # no larger than a small screen
        outer = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.RichText)
        outer.addWidget(self.header)
        form = QFormLayout()
        self.path_combo = QComboBox()
        self.path_combo.setEditable(True)
        self.path_combo.setMinimumWidth(360)
        self.path_combo.setToolTip(self.tr("a setting of the scenario as a dotted path, e.g. rules.end.score, "
                                   "rules.hand_sizes, great_explorer.2 (file references cannot be swept)"))
        self.path_combo.currentIndexChanged.connect(self._choice_picked)
        self.path_combo.view().setItemDelegate(_NowDelegate(self.path_combo))
        self.path_combo.editTextChanged.connect(self._setting_edited)
        self.now_label = QLabel()   # the chosen setting's value in the scenario now
        self.now_label.setObjectName("now")
        setting_row = QHBoxLayout()
        setting_row.addWidget(self.path_combo, 1)
        setting_row.addWidget(self.now_label)
        form.addRow(self.tr("Setting"), setting_row)
        self.values_edit = QLineEdit()
        self.values_edit.setToolTip(self.tr("the values to try, separated by commas, written in YAML (16, 18, 20 or "
                                    "[4, 5], [5, 4]); the first is the one every other is compared with"))
        self.values_edit.textEdited.connect(lambda _t: self._clear_error())
        form.addRow(self.tr("Values"), self.values_edit)
        outer.addLayout(form)
        buttons = QHBoxLayout()
        self.run_button = QPushButton(self.tr("Run sweep"))
        self.run_button.setObjectName("primary")
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("stop; the games that finished are kept (the point marked *)"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat(self.tr("nothing run yet"))
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        outer.addLayout(buttons)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        outer.addWidget(self.status)
        self._error = False   # the status line holds a refusal (cleared once the setting or values change)
        split = QSplitter(Qt.Vertical)
        self.table = QTableWidget(0, 0)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        split.addWidget(self.table)
        self.chart = SweepChart()
        split.addWidget(self.chart)
        self.comparisons = QPlainTextEdit()   # each value against the first, solo sets, warnings
        self.comparisons.setReadOnly(True)
        split.addWidget(self.comparisons)
        split.setSizes([180, 280, 160])
        outer.addWidget(split, 1)
        self.refresh_choices()

    # -- the setting ----------------------------------------------------------------------------
    def _setup(self):
        d = self.dashboard
        return d.setups[d.players()]()

    def refresh_choices(self) -> None:
        """List the settings of the scenario the dashboard plays now, with their values."""
        d = self.dashboard
        self.header.setText(self.tr("Plays the dashboard's batch once per value: {players} players, {games} games per value, "
                                    "seed {seed}, bots {bots}; every value on the same seeds.").format(
            players=d.players(), games=d.games_spin.value(), seed=d.seed_spin.value(),
            bots=html.escape(", ".join(d.bot_names()))))
        try:
            choices = sweep_choices(self._setup().scenario)
        except Exception as exc:  # noqa: BLE001 - content that cannot be played: said, not raised
            self.status.setText(self.tr("Cannot list the settings: {failure_text}").format(failure_text=failure_text(exc)))
            self._error = False   # about the content, not the setting: stays until the list is refreshed
            return
        kept = self.path_combo.currentText()
        self.path_combo.blockSignals(True)
        self.path_combo.clear()
        for path, value in choices:
            self.path_combo.addItem(f"{path}", (path, value))
            self.path_combo.setItemData(self.path_combo.count() - 1, f"now {cli.show(value)}", Qt.ToolTipRole)
        self.path_combo.blockSignals(False)
        at = self.path_combo.findText(kept) if kept else -1
        at = at if at >= 0 else next((i for i, (p, _v) in enumerate(choices) if p == "rules.end.score"), 0)
        self.path_combo.setCurrentIndex(at)
        self._choice_picked(at)

    def _choice_picked(self, index: int) -> None:
        data = self.path_combo.itemData(index)
        if data:
            self.values_edit.setText(suggested_values(data[1]))
        self._setting_edited(self.path_combo.currentText())

    def _setting_edited(self, text: str) -> None:
        """Another setting: show its value now (when listed) and drop a refusal about the last."""
        i = self.path_combo.findText(text.strip())
        data = self.path_combo.itemData(i) if i >= 0 else None
        self.now_label.setText(self.tr("now {value}").format(value=cli.show(data[1])) if data else "")
        self._clear_error()

    def _clear_error(self) -> None:
        if self._error:
            self._error = False
            self.status.setText("")

    def set_setting(self, path: str, values: str) -> None:
        self.path_combo.setEditText(path)
        self.values_edit.setText(values)

    # -- running ----------------------------------------------------------------------------------
    def is_running(self) -> bool:
        return self.run is not None and self.run.running

    def start(self) -> bool:
        """Check the setting and values as ``studio sweep`` does, build every point's setup and
        play them in the background. False (reason shown) when something is wrong."""
        from studio.playtest.cli import UsageError, content_errors
        from studio.playtest.setup import SetupError

        if self.is_running() or self.dashboard.is_running():
            self._say("A batch is running: wait for it or cancel it first.", error=True)
            return False
        d = self.dashboard
        path, values = self.path_combo.currentText().strip(), self.values_edit.text().strip()
        try:
            grid = cli.parse_grid([f"{path}={values}"])
            if len(grid[0][1]) > MAX_GUI_POINTS:
                raise UsageError(f"at most {MAX_GUI_POINTS} values here (studio sweep takes more)")
            base = self._setup()
            points, refused = [], []
            for point in cli.grid_points(grid):
                setup, why = cli.check_point(base, point, d.seed_spin.value())
                if why:
                    refused.append((", ".join(f"{k}={cli.show(v)}" for k, v in point.items()), why))
                else:
                    points.append((point, setup))
            if refused:   # every refused value named, as studio sweep does
                raise UsageError(cli.refusal(refused))
        except (UsageError, SetupError, ValueError, KeyError, TypeError, OSError) as exc:
            self._say(f"Cannot sweep: {exc}", error=True)
            return False
        except content_errors() as exc:
            self._say(f"Cannot sweep: {exc}", error=True)
            return False
        executor, scheduler = d.run_on()
        self.path = grid[0][0]
        self.rows = []
        games = d.games_spin.value()
        self.run = SweepRun(points, games, d.seed_spin.value(), d.bot_names(), d.jobs_spin.value(), executor,
                            scheduler, self)
        self.run.progress.connect(self._on_progress)
        self.run.point.connect(self._on_point)
        self.run.failed.connect(lambda text: self._say(f"The sweep stopped: {text}", error=True))
        self.run.finished.connect(self._on_finished)
        self.progress.setRange(0, self.run.total)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m games")
        self._say(f"Playing {len(points)} values × {games} games…")
        self._show_rows()
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.run.start()
        return True

    def cancel(self) -> None:
        if self.run is not None:
            self.run.cancel()

    def wait(self, ms: int = 60000) -> bool:
        return self.run is None or self.run.wait(ms)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.is_running():
            self.run.cancel()
            self.run.wait()
        super().closeEvent(event)

    def _say(self, text: str, error: bool = False) -> None:
        self._error = error
        colour = desktop.colour("error") if error else desktop.colour("muted")
        self.status.setText(self.tr("<span style='color:{colour}'>{escape}</span>").format(colour=colour, escape=html.escape(text)))

    def _on_progress(self, done: int, total: int, rate: float) -> None:
        self.progress.setValue(done)
        self._say(f"{done} of {total} games, {rate:.1f} games/s")

    def _on_point(self, _row) -> None:
        self.rows = list(self.run.rows)
        self._show_rows()

    def _on_finished(self, cancelled: bool) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if self.run is not None:
            self.rows = list(self.run.rows)
            played = self.run.played
            t = self.run.elapsed()
            if "stopped" not in self.status.text():
                self._say(("Cancelled after " if cancelled else "") + f"{played} games in {t:.1f} s")
        self._show_rows()

    # -- the figures ------------------------------------------------------------------------------
    def text(self) -> str:
        """The sweep as ``studio sweep`` prints it (without its title line)."""
        return cli.format_sweep(self.rows, [self.path]) if self.rows else ""

    def _show_rows(self) -> None:
        rows, paths = self.rows, [self.path]
        head = cli.sweep_head(rows, paths) if rows else []
        self.table.setColumnCount(len(head))
        self.table.setHorizontalHeaderLabels(head)
        self.table.setRowCount(len(rows))
        for i, r in enumerate(rows):
            for j, cell in enumerate(cli.sweep_cells(r, paths)):
                item = QTableWidgetItem(cell)
                if j >= len(paths):
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if cell.endswith(("+", "-")) and "(" in cell:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                    item.setToolTip("significantly " + ("higher" if cell.endswith("+") else "lower")
                                    + " than the first value on the same seeds (paired, Holm-corrected)")
                self.table.setItem(i, j, item)
        self.chart.set_rows(rows, self.path) if rows else self.chart.set_rows([], "")
        lines = [cli.KEY_TEXT] if rows else []
        if any(not r["complete"] for r in rows):
            lines.insert(0, "* cancelled: fewer games than asked")
        lines += [x for x in cli.comparison_lines(rows, paths) + cli.solo_set_lines(rows, paths) if x]
        warned = [(r, w) for r in rows for w in r["summary"].warnings]
        if warned:
            lines.append("warnings:")
            lines += [f"  [{self.path}={cli.show(r['settings'][self.path])}] {w}" for r, w in warned]
        self.comparisons.setPlainText("\n".join(lines))


__all__ = ["SweepChart", "SweepRun", "SweepWindow", "suggested_values", "sweep_choices"]
