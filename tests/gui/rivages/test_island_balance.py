"""Balance runs from the island editor, driven like a user: a small batch of random-bot games on
the island being edited (unsaved edits included) gives exactly the headless runner's games, the
heat map over the canvas shows exactly the island's statistics, Cancel keeps the games that
finished, the saved reports carry the island, and an island with errors is refused with its
findings."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402

from studio.gui.rivages.island_editor import IslandEditorWindow  # noqa: E402
from studio.playtest.elements import catalogue, island_stats  # noqa: E402
from studio.playtest.insight import Expectations  # noqa: E402
from studio.playtest.island_trial import island_setup  # noqa: E402
from studio.playtest.runner import run_batch  # noqa: E402
from studio.playtest.stats import summarize  # noqa: E402

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[3]
GULL = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"


@pytest.fixture
def editor(qtbot, settings, dialogs):
    w = IslandEditorWindow(settings=settings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.open_path(GULL, interactive=False)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def edited(editor):
    """An unsaved edit: a lagoon space turned to forest (the island stays valid)."""
    doc = editor.document
    assert doc.kind_at((3, 0)) == "lagoon"
    doc.set_kind([(3, 0)], "forest")
    assert doc.is_modified and not [f for f in doc.refresh_findings() if f.severity == "error"]
    return copy.deepcopy(doc.island)


def dashboard(qtbot, editor, games, seed=4, players=2):
    d = editor.balance.open()
    assert d is not None
    qtbot.addWidget(editor.balance.window)
    d.players_combo.setCurrentIndex(d.players_combo.findData(players))
    d.games_spin.setValue(games)
    d.seed_spin.setValue(seed)
    d.set_bots("random")
    return d


def run(qtbot, d, cancel_after_first=False):
    with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
        assert d.start_run(), d.progress_label.text()
        if cancel_after_first:
            # at once: the worker stops after its first game. Cancelling on the first result
            # raced the worker thread, which could play all the games first (fast random games)
            d.cancel_run()
    return done.args[0]


def test_the_menu_runs_a_batch_on_the_edited_island_like_the_headless_runner(qtbot, editor):
    assert editor.balance.open_action in editor.menuBar().actions()[3].menu().actions()  # Play
    assert editor.balance.heat_action in editor.menuBar().actions()[2].menu().actions()  # View
    assert not editor.balance.heat_action.isEnabled()
    island = edited(editor)
    d = dashboard(qtbot, editor, 4)
    assert list(d.setups) == [1, 2, 3, 4, 5] and d.players() == 2
    assert "Gull Rock" in d.scenario_label.text() and "unsaved edits included" in d.scenario_label.text()
    assert run(qtbot, d) is False
    setup = island_setup(island, 2)
    expected = run_batch(setup, None, 4, 4, "random")
    assert [r.to_dict() for r in d.results] == [r.to_dict() for r in expected]
    cat = catalogue(setup.game())
    assert d.summary == summarize(expected, cat, Expectations.of_scenario(setup.scenario, 2))
    assert d.report_title() == "Rivages with Gull Rock, 2 players: 4 games, seed 4"
    # the edit was played: the space is forest in the games' island
    assert next(s for s in d.run_setup.content.islands[0].spaces if s.at == (3, 0)).kind == "forest"
    # ... and later edits do not reach the setup played
    editor.document.set_kind([(3, 0)], "dune")
    assert next(s for s in d.run_setup.content.islands[0].spaces if s.at == (3, 0)).kind == "forest"


def test_the_heat_map_shows_the_island_statistics(qtbot, editor):
    island = edited(editor)
    d = dashboard(qtbot, editor, 4, seed=2, players=3)
    run(qtbot, d)
    balance = editor.balance
    heat = balance.heat
    stats = island_stats(run_batch(island_setup(island, 3), None, 4, 2, "random"),
                         catalogue(island_setup(island, 3).game()), "gull-rock")
    assert balance.stats == stats and stats.games == 4 and stats.visits >= 12
    assert heat is not None and heat.scene() is editor.view.scene()
    assert heat.isVisible() and balance.legend.isVisible() and balance.heat_action.isChecked()
    assert heat.rates == {c.at[0]: c.rate for c in stats.spaces}
    assert len(heat.rates) == 27                       # every space but the 4 strongholds
    assert heat.never == [c.at[0] for c in stats.spaces if c.visits == 0]
    assert heat.bridge_rates == {((1, -2), (1, 0)): stats.bridges[0].rate}
    quest = {c.key: c for c in stats.goals}
    for key, text in heat.goal_labels.items():
        c = quest[key]
        assert text == (f"{100 * c.rate:.0f}% · round {c.mean_round:.1f}" if c.visits else "never met")
    assert set(heat.goal_labels) == {"goal gull-rock quest 1", "goal gull-rock quest 2"}  # the missions have no marker
    legend = balance.legend.text.text()
    assert f"4 games, {stats.visits} visits of Gull Rock" in legend
    assert f"{len(stats.never_crossed)} of 27 spaces never crossed" in legend
    assert "Mission 2" in legend and "Quest, step 2" in legend
    # the tools still get the clicks
    assert heat.acceptedMouseButtons() == Qt.NoButton and heat.shape().isEmpty()
    # the toggle, from the menu and from the dashboard
    balance.heat_action.setChecked(False)
    assert not heat.isVisible() and not balance.legend.isVisible() and not balance.heat_check.isChecked()
    balance.heat_check.setChecked(True)
    assert heat.isVisible() and balance.heat_action.isChecked()
    # an edit marks the map out of date; an undo back to the island played clears it, a redo
    # marks it again; another island removes it
    editor.document.set_kind([(3, 0)], "dune")
    assert balance.stale and "the island changed since this run" in balance.legend.text.text()
    editor.document.undo_stack.undo()
    assert not balance.stale and balance.heat is heat
    assert "the island changed since this run" not in balance.legend.text.text()
    editor.document.undo_stack.redo()
    assert balance.stale and "the island changed since this run" in balance.legend.text.text()
    editor.document.undo_stack.undo()
    editor.document.undo_stack.setClean()
    assert editor.open_path(ROOT / "boards" / "rivages" / "islands" / "coral-reach.yaml", interactive=False)
    assert balance.heat is None and not balance.heat_action.isEnabled() and not balance.legend.isVisible()
    assert heat.scene() is None


def test_cancel_keeps_the_games_that_finished(qtbot, editor):
    island = edited(editor)
    d = dashboard(qtbot, editor, 300, seed=6)
    assert run(qtbot, d, cancel_after_first=True) is True
    kept = len(d.results)
    assert 1 <= kept < 300
    expected = run_batch(island_setup(island, 2), None, kept, 6, "random")
    assert [r.to_dict() for r in d.results] == [r.to_dict() for r in expected]
    assert editor.balance.stats.games == kept
    assert f"{kept} of 300 games kept" in d.progress_label.text()
    assert f"{kept} game{'s' if kept != 1 else ''}, " in editor.balance.legend.text.text()


def test_solo_runs_play_the_advanced_solo_scenario(qtbot, editor):
    d = dashboard(qtbot, editor, 2, seed=1, players=1)
    run(qtbot, d)
    assert Path(d.run_setup.path).name == "rivages-solo.yaml"
    assert editor.balance.stats.visits == 2          # one explorer, one first visit a game at least
    assert d.summary.solo is not None and d.summary.solo.games == 2


def test_saved_reports_carry_the_island(qtbot, editor, dialogs, tmp_path):
    edited(editor)
    d = dashboard(qtbot, editor, 3, seed=1)
    run(qtbot, d)
    for fmt in ("html", "json"):
        dialogs.answer("ask_report_path", str(tmp_path / f"r.{fmt}"))
        assert d.save_report(fmt)
    data = json.loads((tmp_path / "r.json").read_text())
    schema = json.loads((ROOT / "schemas" / "studio-playtest.schema.json").read_text())
    jsonschema.validate(data, schema)
    assert data["island"] == editor.balance.stats.to_dict()
    assert data["scenario"]["id"] == "rivages-gull-rock"
    page = (tmp_path / "r.html").read_text()
    assert "<h2>Island: Gull Rock</h2>" in page and "mean round met" in page


def test_an_island_with_errors_is_refused_with_its_findings(qtbot, editor, dialogs):
    doc = editor.document
    doc.set_kind([(4, -4)], "forest")            # one ship left
    errors = [f for f in doc.refresh_findings() if f.severity == "error"]
    assert errors
    dialogs.answer("show_error")
    assert editor.balance.open() is None
    (args,) = dialogs.named("show_error")
    title, text, details = args
    assert title == "Cannot run a balance batch"
    assert text.startswith(f"Gull Rock has {len(errors)} error")
    assert all(f.message in details for f in errors)
    assert editor.balance.window is None
    # fixed: the dashboard opens; broken again while it is open: Run says why and plays nothing
    doc.undo_stack.undo()
    d = dashboard(qtbot, editor, 3)
    doc.set_kind([(4, -4)], "forest")
    assert not d.start_run()
    label = d.progress_label.text()
    assert label.startswith(f"Cannot run: Gull Rock has {len(errors)} error")
    assert all(f.message in label for f in errors)
    assert d.run is None and d.run_button.isEnabled() and editor.balance.heat is None


def test_closing_the_editor_cancels_the_run_and_closes_its_window(qtbot, editor, dialogs):
    # QA: the balance window stayed open (and the run went on) after its editor was closed
    from studio.gui.shell import prompts

    edited(editor)
    d = dashboard(qtbot, editor, 300, seed=2)
    balance_window = editor.balance.window
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    assert d.start_run()
    assert not editor.close()  # "Cancel" at save changes?: the editor, the run and its window stay
    assert d.is_running() and balance_window.isVisible()
    dialogs.answer("ask_unsaved_changes", prompts.Choice.DISCARD)
    with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
        assert editor.close()
    assert done.args == [True] and not d.is_running() and len(d.results) < 300
    assert not balance_window.isVisible()


def test_the_html_report_names_the_island_played_and_its_unsaved_edits(qtbot, editor, tmp_path):
    """Found by a fresh-user trial (on a board): a report was headed with the scenario path only.
    The island's report names the island played and says when unsaved edits were included."""
    edited(editor)
    d = dashboard(qtbot, editor, 2)
    assert run(qtbot, d) is False
    out = tmp_path / "report.html"
    assert d.save_report("html", str(out))
    heading = out.read_text(encoding="utf-8").split("<h1>", 1)[1].split("</p>", 1)[0]
    assert "island: gull-rock.yaml (unsaved edits included)" in heading


def test_the_balance_windows_title_follows_the_island_opened_and_renamed(qtbot, editor):
    """Trial leftover: after opening another island the balance window kept the first one's name."""
    editor.balance.open()
    qtbot.addWidget(editor.balance.window)
    assert editor.balance.window.windowTitle() == "Balance: Gull Rock"
    assert editor.document.set_header("name", "Gull Rock West")
    assert editor.balance.window.windowTitle() == "Balance: Gull Rock West"
    editor.document.undo_stack.setClean()
    assert editor.open_path(ROOT / "boards" / "rivages" / "islands" / "heron-point.yaml", interactive=False)
    assert editor.balance.window.windowTitle() == f"Balance: {editor.document.island.name}"
    assert "Heron" in editor.balance.window.windowTitle()
    # and the header (trial: "Nothing run yet. Run plays: Island: Gull Rock" after the Open)
    header = editor.balance.dashboard.scenario_label.text()
    assert "Heron Point" in header and "Gull Rock" not in header
