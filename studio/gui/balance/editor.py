"""The balance run and heat map of the board editor (*Game ▸ Balance Run…*).

:class:`BoardBalance` gives a :class:`~studio.gui.balance.dashboard.BalanceDashboard` the open
board (as it is when Run is pressed) with its scenario, and the scenario's boards for the other
player counts; after a run on the open board it lays a
:class:`~studio.gui.balance.heatmap.HeatMapItem` over the editor's scene with a legend in the
view's corner, toggled by *View ▸ Show Heat Map* or the dashboard's check box.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QCheckBox, QMainWindow

from studio.balance.edits import plays_the_same
from studio.gui.balance.dashboard import BalanceDashboard
from studio.gui.balance.heatmap import BlameItem, HeatLegend, HeatMapItem
from studio.gui.shell import desktop, wheel_guard


class BalanceWindow(QMainWindow):
    """A tool window around one dashboard. Closing it cancels a running batch (the games that
    finished are kept, as Cancel keeps them) and a sweep; *Balance Run…* brings the same window
    back with them."""

    def __init__(self, dashboard: BalanceDashboard, parent=None):
        super().__init__(parent, Qt.Window)
        wheel_guard.install()  # the wheel never edits an unfocused field
        self.dashboard = dashboard
        self.setCentralWidget(dashboard)
        self.resize(1180, 760)
        desktop.install(self, "balance")  # layout memory, drops, F1

    def closeEvent(self, event) -> None:
        self.dashboard.cancel_run()
        self.dashboard.wait()
        super().closeEvent(event)


def editor_closed(event) -> bool:
    """Whether ``event`` (seen by an event filter on an editor window) means the editor has
    closed: the hide that follows an accepted close (a refused close, e.g. *Cancel* at "save
    changes?", sends none; minimising sends a spontaneous one)."""
    return event.type() == QEvent.Hide and not event.spontaneous()


def close_balance(owner) -> None:
    """Stop ``owner``'s running batch (waiting for the games in progress) and close its balance
    window: both belong to the editor that is closing. ``owner``: a :class:`BoardBalance` or an
    island one (``dashboard`` and ``window`` attributes)."""
    if owner.dashboard is not None:
        owner.dashboard.cancel_run()
        owner.dashboard.wait()
    if owner.window is not None and owner.window.isVisible():
        owner.window.close()


class BalanceController(QObject):
    """What the board and island balance controllers share. ``window``: the editor window;
    ``legend``: the heat map's key (a widget on the view's viewport, placed in its corner and
    hidden); ``open_tip``, ``heat_tip``: the status tips of ``open_action`` (opens the dashboard)
    and ``heat_action`` (toggles the heat map, enabled once a run has a report). Closing the
    editor stops a running batch and closes its window.

    Subclasses provide ``setups()``, ``open()``, ``clear_heat()`` and
    :meth:`_show_heat_items`."""

    def __init__(self, window, legend, open_tip: str, heat_tip: str):
        super().__init__(window)
        self.main = window
        self.window: BalanceWindow | None = None
        self.dashboard: BalanceDashboard | None = None
        self.heat = None
        self.stale = False
        self._window_outdated = False  # another document since the window was made
        self.legend = legend
        self.legend.move(10, 10)
        self.legend.hide()
        self.open_action = QAction(self.tr("&Balance Run…"), window)
        self.open_action.setShortcut(QKeySequence("Ctrl+Shift+B"))
        self.open_action.setStatusTip(open_tip)
        self.open_action.triggered.connect(lambda _c=False: self.open())
        self.heat_action = QAction(self.tr("Show &Heat Map"), window)
        self.heat_action.setCheckable(True)
        self.heat_action.setEnabled(False)
        self.heat_action.setStatusTip(heat_tip)
        self.heat_action.toggled.connect(self.set_heat_visible)

    def content_played(self) -> str:
        """The open document Run plays, in words: its file name, with ``(unsaved edits
        included)`` when it has them; one never saved: ``“<name>” (unsaved)``, its name as the
        window title gives it, quoted (it may hold a comma)."""
        from pathlib import Path

        doc = self.main.document
        if not doc.path:
            return f"“{doc.untitled_name()}” (unsaved)"
        return Path(doc.path).name + (" (unsaved edits included)" if doc.is_modified else "")

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if obj is self.main and editor_closed(event):
            close_balance(self)
        return False

    def _new_window(self, players: int, text: str, title: str, check_text: str,
                    check_enabled: bool = False, check_checked: bool = False) -> None:
        """Replace the balance window by a new one around a new dashboard of :meth:`setups`
        (``text``: its scenario line) with the heat map's check box ``check_text``."""
        if self.window is not None:
            self.window.close()
            self.window.deleteLater()
        self.dashboard = BalanceDashboard(self.setups(), players=players, scenario_text=text,
                                          settings=getattr(self.main, "settings", None))
        # reports are saved beside the board or island file, named after it (asked when saving)
        self.dashboard.source_path = lambda: getattr(self.main.document, "path", None)
        self.heat_check = QCheckBox(check_text)
        self.heat_check.setEnabled(check_enabled)
        self.heat_check.setChecked(check_checked)
        self.heat_check.toggled.connect(self.heat_action.setChecked)
        self.dashboard.extra_box.addWidget(self.heat_check)
        self.dashboard.runFinished.connect(self._run_finished)
        self._window_outdated = False
        self.window = BalanceWindow(self.dashboard, self.main)
        self.window.setWindowTitle(title)

    def _keep_window(self) -> bool:
        """Whether *Balance Run…* brings the existing window back (with its run, kept games and
        sweep) rather than a new one: always while it runs; else unless another document was
        opened since or the player counts it offers changed."""
        d = self.dashboard
        if d is None:
            return False
        if d.is_running():
            return True
        return not self._window_outdated and set(d.setups) == set(self.setups())

    def _show_window(self) -> BalanceDashboard:
        self.window.show()
        self.window.raise_()
        return self.dashboard

    def _blame_shown(self, text: str) -> None:
        """Warning outlines were laid (``text``: what, in words; empty: cleared): bring the
        editor to the front, so the outlines are seen even when the balance window covered the
        board, and say in the dashboard what was outlined."""
        if text:
            self.main.show()
            if self.main.isMinimized():
                self.main.showNormal()
            self.main.raise_()
            self.main.activateWindow()
        if self.dashboard is not None:
            self.dashboard.set_blame_note(text)

    def _heat_shown(self) -> None:
        """A new heat map was laid: enable its toggles and show it."""
        self.heat_action.setEnabled(True)
        if hasattr(self, "heat_check"):
            self.heat_check.setEnabled(True)
        if self.heat_action.isChecked():
            self.set_heat_visible(True)
        else:
            self.heat_action.setChecked(True)

    def set_heat_visible(self, on: bool) -> None:
        if hasattr(self, "heat_check") and self.heat_check.isChecked() != on:
            self.heat_check.setChecked(on)
        if self.heat is None:
            self.legend.hide()
            return
        self._show_heat_items(on)
        self.legend.setVisible(on)
        self._heat_visibility_set(on)
        if on:
            self.legend.raise_()

    def _show_heat_items(self, on: bool) -> None:
        """Show or hide the heat map's scene items."""
        self.heat.setVisible(on)

    def _heat_visibility_set(self, on: bool) -> None:
        """Hook after the heat map and legend were shown or hidden."""

    def _forget_heat(self) -> None:
        """Another document: remove the heat map and disable its toggle (the next *Balance
        Run…* makes a new window: the old one's figures are about the other document)."""
        self._window_outdated = True
        self.clear_heat()
        self.heat_action.setChecked(False)
        self.heat_action.setEnabled(False)


class BoardBalance(BalanceController):
    """Balance runs on the editor's board. ``window``: the editor's MainWindow (its document,
    scene and view are used). ``open_action`` opens the dashboard, ``heat_action`` toggles the
    heat map (enabled once a run on the open board has a report)."""

    def __init__(self, window):
        super().__init__(window, HeatLegend(window.view.viewport()),
                         "Play many bot games on this board and chart how fair it is",
                         "Draw over the board how often each element was taken in the last balance run")
        self.heat: HeatMapItem | None = None
        self._heat_run = None            # (element stats, games) of the run the heat map shows
        self.blame: BlameItem | None = None
        self._blamed: tuple[int, tuple] | None = None  # (warning index, element keys) outlined
        self._relayout = QTimer(self)    # an edit re-lays the map once the editing pauses
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(150)
        self._relayout.timeout.connect(self.relayout_heat)
        self._board_setup = None
        self._heat_setup = None          # the setup of the run the heat map shows (its board)
        self._run_board_setup = None     # the dashboard's last run's setup when it played the open board
        window.document.changed.connect(self._board_changed)
        window.installEventFilter(self)  # closing the editor stops a running batch and its window
        # the legend keeps to a corner of the view the board leaves empty as it scrolls and zooms
        # (once the event that moved the view is over: the scene may be mid-rebuild then)
        self._legend_timer = QTimer(self)
        self._legend_timer.setSingleShot(True)
        self._legend_timer.setInterval(0)
        self._legend_timer.timeout.connect(self._keep_legend_off_board)
        self._reframed = False           # the last view change was our own reframing
        view = window.view
        self._viewport = view.viewport()
        self._viewport.installEventFilter(self)
        view.zoom_changed.connect(lambda _z: self._legend_timer.start())
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(lambda _v: self._legend_timer.start())

    # -- setups -------------------------------------------------------------------------------
    def scenario(self):
        """``(scenario, path or None, note)`` whose rules the board is played with: its
        location's, or the scenario the editor checks it against; ``note`` says when they are
        not the board's own (:attr:`~studio.model.locations.BoardRules.warning`)."""
        from studio.gui.realm.location_banner import document_rules

        rules = document_rules(self.main.document)
        return rules.scenario, rules.path, rules.warning

    def setups(self) -> dict:
        """``{players: () -> Setup}``: the open board for its player count, the scenario's
        board files for the others."""
        from studio.model.io import board_path, read_board
        from studio.model.realm import Realm
        from studio.playtest.setup import Setup, SetupError

        scenario, path, _note = self.scenario()
        board_players = self.main.document.board.players

        def open_board():
            # the rules as they are when Run is pressed (a scenario fixed on disk since counts)
            scenario, path, _note = self.scenario()
            board = self.main.document.board.copy()
            errors = [f for f in self.main.validation_dock.run_now() if f.severity == "error"]
            if errors:
                raise SetupError(f"fix the board's {len(errors)} error{'s' if len(errors) != 1 else ''} first "
                                 f"(see the Validation dock): {errors[0].format(self.main.document.display_name())}")
            self._board_setup = Setup("realm", Realm(scenario, board), board.players, path)
            return self._board_setup

        def file_board(n):
            def build():
                scenario, path, _note = self.scenario()
                return Setup("realm", Realm(scenario, read_board(board_path(scenario, n))), n, path)
            return build

        out = {n: file_board(n) for n in getattr(scenario, "boards", {}) if n != board_players and path}
        out[board_players] = open_board
        return out

    # -- the dashboard ------------------------------------------------------------------------
    def open(self) -> BalanceDashboard:
        """Show the balance window (made on first use) and return its dashboard."""
        doc = self.main.document
        if not self._keep_window():
            self._new_window(doc.board.players, self.describe(doc.board.players), f"Balance: {doc.display_name()}",
                             "Show the heat map over the board")
            self.dashboard.describe = self.describe
            self.dashboard.played = lambda players: {"board": self.board_played(players)}
            self._add_suggest_button()
            self.dashboard.blameRequested.connect(self.show_blame)
            self.dashboard.runStarted.connect(self._run_started)
        self._retitle()
        self.dashboard.refresh_header()
        return self._show_window()

    def _retitle(self) -> None:
        """The balance window's title: the board open now."""
        self.window.setWindowTitle(self.tr("Balance: {display_name}").format(
            display_name=self.main.document.display_name()))

    def board_played(self, players: int, scenario=None) -> str:
        """The board Run plays for ``players``, in words: the open board
        (:meth:`content_played`), or the scenario's board file for that count, or why there is
        none."""
        from pathlib import Path

        from studio.content import LoadError
        from studio.model.io import board_path

        if players == self.main.document.board.players:
            return self.content_played()
        if scenario is None:
            scenario = self.scenario()[0]
        try:
            return Path(board_path(scenario, players)).name
        except LoadError as exc:
            return f"no board file ({exc.message})"

    def describe(self, players: int) -> str:
        """What Run plays now for ``players``, for the window's header (rich text): the open
        board (with its unsaved edits) or the scenario's board file for that count, and the
        rules, with a warning when they are not the board's own."""
        from pathlib import Path

        scenario, path, note = self.scenario()
        board = html.escape(self.board_played(players, scenario))
        rules = html.escape(scenario.name) + (f" ({html.escape(Path(path).name)})" if path else "")
        text = f"Board: {board}, {players} players<br>Rules: {rules}"
        if note:  # not the board's own rules: said in the window's header, in warning colours
            text += f"<br><b style='color:{desktop.colour('warning')}'>⚠ {html.escape(note)}</b>"
        return text

    # -- the balance assistant --------------------------------------------------------------
    def _add_suggest_button(self) -> None:
        from PySide6.QtWidgets import QPushButton

        self.suggest_button = QPushButton(self.tr("Suggest fixes…"))
        self.suggest_button.setToolTip(self.tr("search edits of this board that make the seats fairer and the game "
                                       "healthier, preview them and apply one"))
        self.suggest_button.clicked.connect(lambda _c=False: self.suggest())
        self.dashboard.extra_box.addWidget(self.suggest_button)

    def suggest(self):
        """Show the balance assistant's window (:mod:`studio.gui.balance.suggest`) for this board
        and return it."""
        from studio.gui.balance.suggest import SuggestWindow

        window = getattr(self, "suggest_window", None)
        if window is None or (not window.isVisible() and not window.is_running()):
            if window is not None:
                window.deleteLater()
            window = self.suggest_window = SuggestWindow(self, self.dashboard, self.main)
        window.show()
        window.raise_()
        return window

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if obj is self._viewport and event.type() == QEvent.Resize:
            self._legend_timer.start()
        window = getattr(self, "suggest_window", None)
        if obj is self.main and editor_closed(event) and window is not None:
            window.close()
        return super().eventFilter(obj, event)

    def _run_started(self) -> None:
        # the dashboard just built its setup: the open board's when it is the one setups() made
        # last (the assistant's searches make their own, so _board_setup alone is not the run's)
        d = self.dashboard
        self._run_board_setup = d.run_setup if d.run_setup is self._board_setup else None

    def _run_finished(self, _cancelled: bool) -> None:
        d = self.dashboard
        if d.summary is None or d.run_setup is None:
            return
        if d.run_setup is None or d.run_setup is not self._run_board_setup:
            d.board_blame = False
            return  # a run on another player count's board file: nothing to draw over this board
        self.show_heat(d.catalogue, d.summary)
        self._heat_setup = d.run_setup
        d.board_blame = True
        d._show_summary()  # now with the warnings' "on the board" links

    # -- heat map -----------------------------------------------------------------------------
    def show_heat(self, catalogue, summary) -> HeatMapItem:
        """Lay the heat map of ``summary`` over the board and show it."""
        self.clear_heat()
        self._heat_run = (summary.elements, summary.games)
        self._lay_heat(catalogue)
        self.stale = False
        self._legend_text()
        self._heat_shown()
        self._frame_beside_legend()
        return self.heat

    # -- the legend never covers the board --------------------------------------------------------
    def _legend_spots(self) -> list[tuple[QPoint, int]]:
        """The legend's four corner places in the viewport (top left, top right, bottom left,
        bottom right), each with the area (px²) of the board (plate, pegs, seat labels) it would
        cover there."""
        view, legend = self.main.view, self.legend
        legend.adjustSize()
        board = view.mapFromScene(self.main.scene.board_rect()).boundingRect()
        w, h = legend.width(), legend.height()
        vw, vh = view.viewport().width(), view.viewport().height()
        m = LEGEND_MARGIN
        out = []
        for x, y in ((m, m), (vw - w - m, m), (m, vh - h - m), (vw - w - m, vh - h - m)):
            cover = QRect(max(0, x), max(0, y), w, h).intersected(board)
            out.append((QPoint(max(0, x), max(0, y)), 0 if cover.isEmpty() else cover.width() * cover.height()))
        return out

    def _place_legend(self) -> bool:
        """Move the legend to the first corner of the view where it covers none of the board,
        else where it covers least. Returns whether it covers nothing."""
        if self.heat is None or not self.legend.isVisibleTo(self.main):
            return True
        spot, cover = min(self._legend_spots(), key=lambda s: s[1])
        self.legend.move(spot)
        return cover == 0

    def _keep_legend_off_board(self) -> None:
        """After the view moved: the legend to its best corner and, when the whole board is in
        view (the user fitted it) yet every corner covers some of it, the board reframed beside
        the legend (once: a view too small for both keeps the corner covering least)."""
        if self._place_legend() or self._reframed or not self._board_in_view():
            self._reframed = False
            return
        self._reframed = True
        self._frame_beside_legend()

    def _board_in_view(self) -> bool:
        """Whether the whole board (plate, pegs, seat labels) is inside the view."""
        view = self.main.view
        board = view.mapFromScene(self.main.scene.board_rect()).boundingRect()
        return view.viewport().rect().adjusted(-2, -2, 2, 2).contains(board)

    def _heat_visibility_set(self, on: bool) -> None:
        if on:
            self._place_legend()

    def _frame_beside_legend(self) -> None:
        """When no corner of the view is free of the board (it was fitted to the view), zoom out
        just enough for the board to sit beside or below the legend, whichever keeps it larger,
        and place the legend there."""
        from PySide6.QtCore import QPointF

        if self._place_legend() or not self.legend.isVisible():
            return
        view, rect = self.main.view, self.main.scene.board_rect()
        vw, vh = view.viewport().width(), view.viewport().height()
        room_w, room_h = self.legend.width() + 2 * LEGEND_MARGIN, self.legend.height() + 2 * LEGEND_MARGIN
        side = min((vw - room_w) / max(rect.width(), 1e-6), vh / max(rect.height(), 1e-6))
        below = min(vw / max(rect.width(), 1e-6), (vh - room_h) / max(rect.height(), 1e-6))
        scale = max(side, below)
        if scale <= 0:
            return
        view.set_zoom(scale * 0.98)
        scale = view.zoom()
        scene = view.scene()
        shift = QPointF(room_w / 2 / scale, 0) if side >= below else QPointF(0, room_h / 2 / scale)
        # room to scroll the board off the legend's side, even when the whole scene fits the view
        scene.setSceneRect(scene.sceneRect().united(rect.adjusted(-2 * shift.x() - 1, -2 * shift.y() - 1, 1, 1)))
        view.centerOn(rect.center() - shift)
        self._place_legend()

    def _name_tags(self) -> list:
        """The rectangles (board units) of the board's picture and island name tags, which the
        heat map's labels keep off."""
        from PySide6.QtCore import QRectF

        from studio.render.locations import label_size

        scene = self.main.scene
        out = []
        for item in list(scene.pictures.values()) + list(scene.islands.values()):
            w, h = label_size(item.text)
            out.append(QRectF(item.label_at.x() - w / 2, item.label_at.y() - h / 2, w, h))
        return out

    def _lay_heat(self, catalogue) -> None:
        stats, games = self._heat_run
        self.heat = HeatMapItem(catalogue, stats, games, avoid=self._name_tags())
        self.main.scene.addItem(self.heat)
        self.main.scene.addItem(self.heat.labels)
        self._lay_blame(catalogue)

    # -- what a warning blames ------------------------------------------------------------------
    def show_blame(self, index: int) -> BlameItem | None:
        """Outline on the board what warning ``index`` of the dashboard's report blames (its
        elements, and its seats' start pegs), show the heat map and bring them into view; -1
        (or a warning that blames nothing on this board) clears the outlines. Returns the item."""
        d = self.dashboard
        b = d.summary.blame_of(index) if d is not None and d.summary is not None and index >= 0 else None
        if b is None or self.heat is None:
            self._blamed = None
            self._clear_blame()
            self._legend_text()
            self._blame_shown("")
            return None
        from studio.playtest.elements import seat_pegs

        starts = seat_pegs(d.catalogue)
        keys = tuple(dict.fromkeys(tuple(b.elements) + tuple(k for s in b.seats for k in starts.get(s, ()))))
        self._blamed = (index, keys)
        self._lay_blame(board_catalogue(self.main.document.board))
        if not self.heat_action.isChecked():
            self.heat_action.setChecked(True)
        if self.blame is not None and not self.blame.area.isEmpty():
            self.main.view.ensureVisible(self.blame.area, 40, 40)
        self._legend_text()
        self._place_legend()
        drawn = self.blame.drawn if self.blame is not None else []
        listed = ", ".join(drawn[:MAX_NAMED]) + (f" and {len(drawn) - MAX_NAMED} more" if len(drawn) > MAX_NAMED else "")
        self._blame_shown(f"Warning {index + 1}: outlined in blue on the board in the editor window (brought to the "
                          f"front): {listed}" if drawn else
                          f"Warning {index + 1}: nothing it blames is still on the board (edited since the run)")
        return self.blame

    def _lay_blame(self, catalogue) -> None:
        self._clear_blame()
        if self._blamed is None:
            return
        self.blame = BlameItem(catalogue, self._blamed[1])
        self.main.scene.addItem(self.blame)
        self.blame.setVisible(self.heat is not None and self.heat.isVisible())

    def _clear_blame(self) -> None:
        if self.blame is not None and self.blame.scene() is not None:
            self.blame.scene().removeItem(self.blame)
        self.blame = None

    def relayout_heat(self) -> None:
        """Redraw the heat map on the board as it is now: an element of the run is drawn where
        it is now when the board still has it (matched by its id: ``segment a-b-c``, ``bridge
        a-e``...) and not at all once it was deleted; the legend keeps saying the run is out of
        date."""
        self._relayout.stop()
        if self.heat is None or self._heat_run is None:
            return
        visible = self.heat.isVisible()
        for item in (self.heat, self.heat.labels):
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._lay_heat(board_catalogue(self.main.document.board))
        self._show_heat_items(visible)
        self._legend_text()

    def clear_heat(self) -> None:
        self._relayout.stop()
        self._blamed = None
        self._clear_blame()
        if self.heat is not None:
            for item in (self.heat, self.heat.labels):
                if item.scene() is not None:
                    item.scene().removeItem(item)
            self.heat = None
        self._heat_run = None
        self.legend.hide()

    def _show_heat_items(self, on: bool) -> None:
        self.heat.setVisible(on)
        self.heat.labels.setVisible(on)
        if self.blame is not None:
            self.blame.setVisible(on)

    def _legend_text(self) -> None:
        h = self.heat
        if h is None:
            return
        text = f"{h.games} games; {len(h.never)} piece{'s' if len(h.never) != 1 else ''} of content never taken"
        if self._blamed is not None and self.blame is not None:
            n = len(self.blame.drawn)
            text += (f"<br><span style='color:#1d63d8'>outlined in blue: what warning {self._blamed[0] + 1} blames "
                     f"({n} element{'s' if n != 1 else ''}{'' if n else ' still on the board'})</span>")
        if self.stale:
            text += f"<br><span style='color:{desktop.colour('error')}'>the board changed since this run</span>"
        self.legend.set_text(text)
        self._place_legend()

    def _board_changed(self, kind, _payload=None) -> None:
        from studio.gui.realm.document import ChangeKind

        if self.dashboard is not None:  # the header says what the figures are from, and what changed
            if kind in (ChangeKind.FILE_CHANGED, ChangeKind.RESET) and self.window is not None:
                self._retitle()   # another file or board (the title kept the first's name)
            if kind == ChangeKind.RESET:
                self.dashboard.content_replaced()
            elif kind in (ChangeKind.FILE_CHANGED, ChangeKind.SCENARIO_CHANGED):
                self.dashboard.refresh_header()
            elif self.dashboard.run_setup is None or self.dashboard.run_setup is self._run_board_setup:
                self.dashboard.note_content_changed(self._differs_from(self.dashboard.run_setup))
            else:  # the figures are from another player count's board file: still true
                self.dashboard.refresh_header()
        if kind == ChangeKind.FILE_CHANGED:
            return
        if kind == ChangeKind.RESET:  # another board: the run says nothing about it
            self._forget_heat()
            window = getattr(self, "suggest_window", None)
            if window is not None and not window.is_running():
                window.close()   # nor do its proposals (their preview was drawn over the new board)
            return
        if self.heat is not None:
            stale = self._differs_from(self._heat_setup)
            if stale != self.stale:
                self.stale = stale
                self._legend_text()
            self._relayout.start()

    def _differs_from(self, setup) -> bool:
        """Whether the open board differs from the one ``setup`` played (a copy taken when Run
        was pressed): an edit undone again brings it back, and then the figures hold again.
        True when there is no such setup."""
        board = getattr(getattr(setup, "content", None), "board", None)
        return board is None or not plays_the_same(board, self.main.document.board)


LEGEND_MARGIN = 10   # px between the legend and the view's edge
MAX_NAMED = 8   # elements named in the dashboard's note on what a warning's link outlined


def board_catalogue(board) -> list:
    """The elements (:mod:`studio.playtest.elements`) of ``board`` as it is now, also when it
    cannot be played (no segments yet, a line to a deleted peg): then only its bridges and
    line items on existing pegs."""
    from types import SimpleNamespace

    from studio.geometry.bands import Topology
    from studio.model import BoardError
    from studio.playtest.elements import catalogue

    try:
        topology = Topology(board, ("line",))
    except (BoardError, ValueError):
        topology = SimpleNamespace(face_keys=[], faces=[], is_segment=[], segment_of_face=[])
    return catalogue(SimpleNamespace(topology=topology, board=board))


__all__ = ["BalanceController", "BalanceWindow", "BoardBalance", "board_catalogue", "close_balance", "editor_closed"]
