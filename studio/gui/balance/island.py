"""The balance run and heat map of the island editor (*Play ▸ Balance Run…*, *View ▸ Show Heat
Map*).

:class:`IslandBalance` gives a :class:`~studio.gui.balance.dashboard.BalanceDashboard` the
island being edited, as it is when Run is pressed (unsaved edits included), for 1 to 5 players:
:func:`studio.playtest.island_trial.island_setup` puts it in play (every explorer starts on a
copy of it; the bundled scenario's other islands follow; 1 player plays the advanced solo
game). An island with errors is refused with the list of findings. During a run it counts the
island's visits (:class:`~studio.playtest.elements.IslandTally`); after the run it lays an
:class:`~studio.gui.balance.island_heatmap.IslandHeatItem` over the canvas with a legend in the
view's corner, marked out of date after any edit and removed when another island is opened.
The saved HTML and JSON reports get the island's section.
"""

from __future__ import annotations

import copy
import html

from studio.balance.edits import plays_the_same
from studio.gui.balance.dashboard import BalanceDashboard
from studio.gui.balance.editor import BalanceController, editor_closed
from studio.gui.balance.island_heatmap import IslandBlameItem, IslandHeatItem, IslandHeatLegend, island_blamed
from studio.gui.shell import prompts

DEFAULT_PLAYERS = 2
MAX_LISTED = 12    # findings listed in a refusal


def error_findings(document) -> list:
    """The document's error findings, re-checked now (the live check may lag an edit)."""
    return [f for f in document.refresh_findings() if f.severity == "error"]


def refusal_text(island_name: str, errors) -> tuple[str, str]:
    """``(headline, details)`` of a refused run: the count, then every finding on its own line
    (at most :data:`MAX_LISTED`, then how many more)."""
    n = len(errors)
    head = (f"{island_name} has {n} error{'s' if n != 1 else ''}: fix {'it' if n == 1 else 'them'} "
            "in the Validation panel before a balance run")
    lines = [f"• {f.message}" + (f" ({_where(f)})" if _where(f) else "") for f in errors[:MAX_LISTED]]
    if n > MAX_LISTED:
        lines.append(f"… and {n - MAX_LISTED} more")
    return head, "\n".join(lines)


def _where(finding) -> str:
    from studio.validate.rivages import element_text

    return element_text(getattr(finding, "element", None))


class IslandBalance(BalanceController):
    """Balance runs on the island editor's island. ``window``: an
    :class:`~studio.gui.rivages.island_editor.IslandEditorWindow` (its ``document``,
    ``undo_group`` and ``view`` are used). ``open_action`` opens the dashboard; ``heat_action``
    toggles the heat map (enabled once a run has a report)."""

    def __init__(self, window):
        super().__init__(window, IslandHeatLegend(window.view.viewport()),
                         "Play many bot games with this island in play and chart what they did on it",
                         "Draw over the island how often each space was crossed in the last balance run")
        self.heat: IslandHeatItem | None = None
        self.blame: IslandBlameItem | None = None
        self._blamed_warning = -1        # the warning whose culprits are outlined
        self.stats = None
        self.tally = None
        self._run_island = None      # the island a setup was built from (a copy)
        self._setup_islands: dict = {}
        for bar in (window.view.horizontalScrollBar(), window.view.verticalScrollBar()):
            bar.valueChanged.connect(lambda _v: self._pin_legend())
        window.view.resized.connect(self._pin_legend)
        window.undo_group.indexChanged.connect(lambda _i: self._island_changed())
        window.undo_group.activeStackChanged.connect(lambda _s: self._document_replaced())
        window.installEventFilter(self)  # closing the editor stops a running batch and its window

    # -- setups -------------------------------------------------------------------------------
    def island_name(self) -> str:
        isl = self.main.document.island
        return isl.name or isl.id

    def setups(self) -> dict:
        """``{players: () -> Setup}`` for 1 to 5 players; each builds from the island as it is
        then, or raises SetupError listing the island's errors."""
        from studio.playtest.island_trial import PLAYER_COUNTS, island_setup
        from studio.playtest.setup import SetupError

        def build(n):
            def make():
                doc = self.main.document
                errors = error_findings(doc)
                if errors:
                    head, details = refusal_text(self.island_name(), errors)
                    raise SetupError(f"{head}:\n{details}")
                island = copy.deepcopy(doc.island)
                terrains = doc.scenario.terrains if doc.scenario is not None else None
                setup = island_setup(island, n, terrains=terrains)
                self._setup_islands[id(setup)] = island
                return setup
            return make

        return {n: build(n) for n in PLAYER_COUNTS}

    # -- the dashboard ------------------------------------------------------------------------
    def open(self) -> BalanceDashboard | None:
        """Show the balance window (made on first use) and return its dashboard; None, after a
        message listing the findings, when the island has errors."""
        errors = error_findings(self.main.document)
        if errors:
            head, details = refusal_text(self.island_name(), errors)
            prompts.show_error(self.main, self.tr("Cannot run a balance batch"), head + ".", details)
            return None
        if not self._keep_window():
            self._new_window(DEFAULT_PLAYERS, self.describe(DEFAULT_PLAYERS), f"Balance: {self.island_name()}",
                             "Show the heat map over the island", check_enabled=self.heat is not None,
                             check_checked=self.heat is not None and self.heat.isVisible())
            self.dashboard.describe = self.describe
            self.dashboard.played = lambda _players: {"island": self.content_played()}
            self.dashboard.island_report = self.report_stats
            self.dashboard.players_combo.setToolTip(self.tr("1 player: the advanced solo game (scenarios/rivages-solo.yaml); "
                                                    "2 to 5: scenarios/rivages.yaml"))
            self.dashboard.runStarted.connect(self._run_started)
            self.dashboard.blames_on_board = self.blames_on_island
            self.dashboard.blameRequested.connect(self.show_blame)
            self._add_suggest_button()
        self._retitle()
        self.dashboard.refresh_header()
        return self._show_window()

    def _retitle(self) -> None:
        """The balance window's title: the island open now (after Open, New or a rename too)."""
        if self.window is not None:
            self.window.setWindowTitle(self.tr("Balance: {island_name}").format(island_name=self.island_name()))

    def _open(self) -> bool:
        """False while the editor closes (its undo stack already gone)."""
        import shiboken6

        return shiboken6.isValid(self.main.document.undo_stack)

    # -- the balance assistant --------------------------------------------------------------
    def _add_suggest_button(self) -> None:
        from PySide6.QtWidgets import QPushButton

        self.suggest_button = QPushButton(self.tr("Suggest fixes…"))
        self.suggest_button.setToolTip(self.tr("search edits of this island (icons, terrains, strongholds, goal "
                                               "rewards) that bring its games nearer the aim, preview them and apply one"))
        self.suggest_button.clicked.connect(lambda _c=False: self.suggest())
        self.dashboard.extra_box.addWidget(self.suggest_button)

    def suggest(self):
        """Show the balance assistant's window (:mod:`studio.gui.balance.island_suggest`) for
        this island and return it."""
        from studio.gui.balance.island_suggest import IslandSuggestWindow

        window = getattr(self, "suggest_window", None)
        if window is None or (not window.isVisible() and not window.is_running()):
            if window is not None:
                window.deleteLater()
            window = self.suggest_window = IslandSuggestWindow(self, self.dashboard, self.main)
        window.show()
        window.raise_()
        return window

    def describe(self, players: int) -> str:
        """What Run plays now for ``players``, for the window's header (rich text): the island
        (with its unsaved edits) and the rules that count plays: the advanced solo game for 1
        player, the standard game for 2 to 5."""
        doc = self.main.document
        unsaved = " (unsaved edits included)" if doc.is_modified else ""
        rules = ("Rivages, the advanced solo game (scenarios/rivages-solo.yaml)" if players == 1
                 else f"Rivages (scenarios/rivages.yaml), {players} players")
        return (f"Island: <b>{html.escape(self.island_name())}</b>{unsaved}<br>Rules: {rules}<br>"
                "Every explorer starts on a copy of this island; the scenario's other islands follow when they "
                "sail on.")

    def report_stats(self):
        """The island's statistics of the dashboard's last run, for the saved reports."""
        return self.tally.stats() if self.tally is not None else None

    def _run_started(self) -> None:
        from studio.playtest.elements import IslandTally

        d = self.dashboard
        self._run_island = self._setup_islands.pop(id(d.run_setup), None)
        self._setup_islands.clear()
        self.tally = IslandTally(d.catalogue, d.run_setup.island_id)
        d.run.result.connect(self.tally.add)

    def _run_finished(self, _cancelled: bool) -> None:
        if self.tally is None or not self.tally.games or self._run_island is None:
            return
        self.show_heat(self._run_island, self.tally.stats())
        d = self.dashboard
        if d is not None and d.summary is not None:
            d.board_blame = True
            d._show_summary()  # now with the warnings' "on the board" links

    # -- what a warning blames ------------------------------------------------------------------
    def blames_on_island(self, blame) -> bool:
        """Whether ``blame`` (a :class:`~studio.playtest.stats.Blame`) names anything on the
        island the last run played: its spaces, forts, bridges or goal steps, the island itself,
        or seats (their start, the ship spaces)."""
        if self._run_island is None:
            return False
        hexes, bridges, goals = island_blamed(self._run_island, blame.elements, blame.seats)
        return bool(hexes or bridges or goals)

    def show_blame(self, index: int) -> IslandBlameItem | None:
        """Outline on the island what warning ``index`` of the dashboard's report blames
        (:func:`~studio.gui.balance.island_heatmap.island_blamed`), show the heat map and bring
        the outlines into view; a goal step with no space on the island (a pattern or area
        mission) is shown in the Goals panel. -1, or a warning naming nothing on the island,
        clears the outlines. Returns the item."""
        self._clear_blame()
        d = self.dashboard
        b = d.summary.blame_of(index) if d is not None and d.summary is not None and index >= 0 else None
        if b is None or self.heat is None or self._run_island is None:
            self._blamed_warning = -1
            self._legend_text()
            self._blame_shown("")
            return None
        hexes, bridges, goals = island_blamed(self._run_island, b.elements, b.seats)
        self._blamed_warning = index
        self.blame = IslandBlameItem(self._run_island, hexes, bridges)
        self.main.view.scene().addItem(self.blame)
        if not self.heat_action.isChecked():
            self.heat_action.setChecked(True)
        self.blame.setVisible(self.heat.isVisible())
        if goals:
            self.main.select_element(("goal", goals[0]))
        if not self.blame.area.isEmpty():
            self.main.view.ensureVisible(self.blame.area, 30, 30)
        self._legend_text()
        n, k = len(hexes), len(bridges)
        what = [f"{n} space{'s' if n != 1 else ''}" if n else "", f"{k} bridge{'s' if k != 1 else ''}" if k else "",
                f"goal {goals[0]} selected in the Goals panel" if goals else ""]
        self._blame_shown(f"Warning {index + 1}: outlined in blue on the island in the editor window (brought to "
                          f"the front): {', '.join(x for x in what if x) or 'nothing still on the island'}")
        return self.blame

    def _clear_blame(self) -> None:
        if self.blame is not None and self.blame.scene() is not None:
            self.blame.scene().removeItem(self.blame)
        self.blame = None

    def _legend_text(self) -> None:
        if self.stats is None:
            return
        blamed = ""
        if self.blame is not None:
            n = len(self.blame.hexes)
            k = len(self.blame.bridges)
            what = ", ".join(x for x in (f"{n} space{'s' if n != 1 else ''}" if n else "",
                                         f"{k} bridge{'s' if k != 1 else ''}" if k else "") if x)
            blamed = f"outlined in blue: what warning {self._blamed_warning + 1} blames ({what or 'a goal, in Goals'})"
        self.legend.set_stats(self.stats, stale=self.stale, blamed=blamed)

    def _show_heat_items(self, on: bool) -> None:
        self.heat.setVisible(on)
        if self.blame is not None:
            self.blame.setVisible(on)

    # -- heat map -----------------------------------------------------------------------------
    def show_heat(self, island, stats) -> IslandHeatItem:
        """Lay the heat map of ``stats`` (over ``island``, the island played) on the canvas."""
        self.clear_heat()
        self.stats = stats
        self.heat = IslandHeatItem(island, stats)
        self.main.view.scene().addItem(self.heat)
        self.stale = False
        self._blamed_warning = -1
        self._legend_text()
        self.frame_island()
        self._heat_shown()
        return self.heat

    def frame_island(self) -> None:
        """Zoom and scroll so the island sits to the right of the legend (top left), neither
        hiding the other."""
        from PySide6.QtCore import QPointF

        from studio.render.island import island_rect

        view = self.main.view
        view.fit_override = self.frame_island  # resizes re-frame (until the user zooms)
        view.auto_fit = True
        size = view.viewport().size()
        self.legend.fit_to(size)
        rect = island_rect(self.main.document.island, 0.6)
        # beside the legend, unless it folded to its title line: then only below it
        room = self.legend.width() + 24 if self.legend.ramp.isVisibleTo(self.legend) else 0
        scale = min((size.width() - room) / max(rect.width(), 1e-6), size.height() / max(rect.height(), 1e-6))
        scale = max(8.0, min(scale, 400.0))   # the canvas's own zoom limits
        view.resetTransform()
        view.scale(scale, scale)
        scene = view.scene()
        scene.setSceneRect(scene.sceneRect().united(rect.adjusted(-room / scale - 1, -1, 1, 1)))
        view.centerOn(rect.center() - QPointF(room / 2 / scale, 0))
        self._pin_legend()

    def _pin_legend(self) -> None:
        # the viewport scrolls its child widgets with the scene: keep the legend in its corner
        self.legend.fit_to(self.main.view.viewport().size())
        self.legend.move(10, 10)

    def clear_heat(self) -> None:
        self._clear_blame()
        self._blamed_warning = -1
        if self.heat is not None:
            if self.heat.scene() is not None:
                self.heat.scene().removeItem(self.heat)
            self.heat = None
        self.stats = None
        self.main.view.fit_override = None
        self.legend.hide()

    def _heat_visibility_set(self, on: bool) -> None:
        self.main.view.fit_override = self.frame_island if on else None

    def _island_changed(self) -> None:
        self._retitle()  # a rename: the title and the header's "Run plays: Island: …"
        if self.dashboard is not None and self._open():
            self.dashboard.refresh_header()
        # judged by content, as the board's heat map: an undo back to the island played clears it
        if self.heat is None:
            return
        run = self._run_island
        stale = run is None or not plays_the_same(self.main.document.island, run)
        if stale != self.stale:
            self.stale = stale
            self._legend_text()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        window = getattr(self, "suggest_window", None)
        if obj is self.main and editor_closed(event) and window is not None:
            window.close()
        return super().eventFilter(obj, event)

    def _document_replaced(self) -> None:
        """New or Open: the run says nothing about the other island (nor do its proposals)."""
        window = getattr(self, "suggest_window", None)
        if window is not None and not window.is_running():
            window.close()
        self._forget_heat()
        self._run_island = None
        self._retitle()
        if self.dashboard is not None and self._open():
            self.dashboard.content_replaced()
        if self.dashboard is not None and self.dashboard.board_blame:
            self.dashboard.board_blame = False
            if self.dashboard.summary is not None:
                self.dashboard._show_summary()  # no "on the board" links to an island not shown
        if hasattr(self, "heat_check"):
            self.heat_check.setEnabled(False)


__all__ = ["IslandBalance", "error_findings", "refusal_text"]
