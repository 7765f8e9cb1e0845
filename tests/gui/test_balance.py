"""The balance dashboard and the heat map, driven like a user: a small batch of random-bot
games run off the GUI thread, its report on screen and on disk, Cancel keeping what finished,
and the heat map over the editor's board showing exactly the batch's element statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.dashboard import BalanceDashboard  # noqa: E402
from studio.playtest.insight import END_CODES, Expectations  # noqa: E402
from studio.playtest.runner import run_batch  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402
from studio.playtest.stats import summarize  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def setup2():
    return load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)


def _dashboard(qtbot, setup, games, seed=3):
    d = BalanceDashboard(setup, scenario_text="Jungle Temples")
    qtbot.addWidget(d)
    d.games_spin.setValue(games)
    d.seed_spin.setValue(seed)
    d.set_bots("random")
    return d


def test_a_batch_runs_in_the_background_and_its_report_is_charted(qtbot, setup2):
    d = _dashboard(qtbot, setup2, 6)
    assert d.summary is None and not d.save_buttons["html"].isEnabled()
    with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
        assert d.start_run()
        assert d.is_running() and not d.run_button.isEnabled() and d.cancel_button.isEnabled()
    assert done.args == [False]
    expected = run_batch(setup2, None, 6, 3, "random")
    assert [r.to_dict() for r in d.results] == [r.to_dict() for r in expected]
    s = d.summary
    assert s == summarize(expected, d.catalogue, Expectations.of_scenario(setup2.scenario, 2))
    assert d.progress.value() == 6 and d.progress.maximum() == 6
    assert "6 games in" in d.progress_label.text() and "games/s" in d.progress_label.text()
    assert d.win_chart.rows == [(f"{x.seat + 1}. {x.name}", x.win_rate, x.ci_low, x.ci_high) for x in s.seats]
    assert d.win_chart.expected == s.fair_share
    assert [n for n, *_ in d.score_chart.series] == ["seat 1", "seat 2"]
    assert [h for _n, h, _t, _c in d.score_chart.series] == [
        [(float(v), c) for v, c in x.scores.histogram] for x in s.seats]
    assert d.end_chart.rows == [(f"{code}: {END_CODES[code]}", n) for code, n in s.insight.end_codes.items()]
    assert d.end_chart.unintended == {f"{c}: {END_CODES[c]}" for c in s.insight.end_codes if c != "score"}
    assert d.arc_chart.arc == s.insight.arc and len(d.arc_chart.arc) == max(r.rounds for r in expected)
    assert "forced decisions" in d.play_label.text() and "deck and pool dry" in d.play_label.text()
    assert d.figure_labels["balance"].text() == f"{s.balance:.2f}"
    assert d.run_button.isEnabled() and all(b.isEnabled() for b in d.save_buttons.values())


def test_the_balance_run_plays_the_cli_batch_in_worker_processes():
    """Same seeds, same games: the editor's Balance Run with 2 worker processes (started by a
    forkserver: the GUI has Qt loaded) gives exactly what the CLI's batch gives in 1."""
    from studio.gui.balance.worker import BatchRun

    setup = load_setup(bundled_path("scenarios", "rivages.yaml"), 3)
    run = BatchRun(setup, 5, 9, ["greedy", "random", "greedy"], jobs=2)
    run.start()
    assert run.wait(120000)
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.processEvents()  # the queued results
    assert [r.to_dict() for r in run.results] == [
        r.to_dict() for r in run_batch(setup, None, 5, 9, ["greedy", "random", "greedy"])]


def test_a_short_batch_says_it_is_too_short_instead_of_looking_even(qtbot, setup2):
    # QA: 6 games at 83% / 17% showed "No warning: the seats look even"
    from studio.playtest.runner import GameResult
    from studio.playtest.stats import Tally

    def game(seed, winner):
        return GameResult(seed=seed, scores=(10, 8) if winner == 0 else (8, 10), winners=(winner,), rounds=5,
                          actions=40, end_reason="a player reached 18 VP", bands_used=(5, 5),
                          seat_names=("South", "North"), bots=("greedy", "greedy"))

    d = _dashboard(qtbot, setup2, 6)
    d._tally = Tally(d.catalogue)
    for seed, winner in enumerate([1, 0, 0, 0, 0, 0]):
        d._on_result(game(seed, winner))
    d._refresh_report()
    d.show()
    qtbot.waitExposed(d)
    text = d.warnings_label.text()
    assert d.warnings_label.isVisible() and d.warnings_label.objectName() == "warnings"
    assert "look even" not in text
    assert ("<li>6 games are too few to judge balance: the win rates&#x27; 95% intervals span ±40 points; run at "
            "least 100 games to tell a 10-point edge from chance<br>") in text
    assert "try: rerun with 100 games (Games) before changing the seats</span></li>" in text  # and what to try


def test_cancel_keeps_the_games_that_finished(qtbot, setup2):
    d = _dashboard(qtbot, setup2, 300, seed=5)
    with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
        d.start_run()
        d.cancel_run()  # at once: the worker stops after its first game (on the first result it raced)
    assert done.args == [True]
    kept = len(d.results)
    assert 1 <= kept < 300
    assert d.summary.games == kept
    assert [r.to_dict() for r in d.results] == [r.to_dict() for r in run_batch(setup2, None, kept, 5, "random")]
    assert f"{kept} of 300 games kept" in d.progress_label.text()
    assert d.report_title().endswith(f"{kept} game{'s' if kept != 1 else ''} of 300, seed 5")


def test_reports_are_saved_through_the_report_writers(qtbot, setup2, tmp_path, dialogs):
    d = _dashboard(qtbot, setup2, 6)
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        d.start_run()
    for fmt in ("html", "json", "csv"):
        path = tmp_path / f"report.{fmt}"
        dialogs.answer("ask_report_path", str(path))
        assert d.save_report(fmt)
        assert path.is_file()
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["format"] == "studio-playtest/1" and data["games_played"] == 6
    from studio.validate import validate
    assert validate(str(tmp_path / "report.json")) == []     # the schema of studio playtest --json
    assert [g["seed"] for g in data["games"]] == [r.seed for r in d.results]
    assert data["summary"]["games"] == 6
    assert len((tmp_path / "report.csv").read_text().splitlines()) == 7
    assert "<svg" in (tmp_path / "report.html").read_text()
    # the dialog proposes the board's folder and name, never the working folder and scenario id
    board = tmp_path / "boards" / "volcano4.yaml"
    d.source_path = lambda: str(board)
    d.save_report("html")
    assert dialogs.named("ask_report_path")[-1][0] == str(tmp_path / "boards" / "volcano4-balance.html")
    d.source_path = lambda: None  # unsaved: the home folder
    d.save_report("csv")
    suggested = Path(dialogs.named("ask_report_path")[-1][0])
    assert suggested.parent == Path.home() and suggested.name.endswith("p-balance.csv")
    # a folder that cannot be written: a message, and no file
    dialogs.answer("show_error")
    assert not d.save_report("csv", str(tmp_path / "missing" / "r.csv"))
    assert dialogs.named("show_error") and not (tmp_path / "missing").exists()


def test_heat_map_over_the_editor_board_shows_the_batch_statistics(qtbot, window):
    balance = window.balance
    assert not balance.heat_action.isEnabled()
    d = balance.open()
    qtbot.addWidget(balance.window)
    assert list(d.setups) == [2, 3, 4] and d.players() == 2  # the open board, the scenario's others
    d.games_spin.setValue(6)
    d.set_bots("random")
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        d.start_run()
    heat = balance.heat
    assert heat is not None and heat.scene() is window.scene
    assert heat.isVisible() and balance.legend.isVisible() and balance.heat_action.isChecked()
    stats = {e.key: e for e in d.summary.elements}
    drawn = {e.key for e in d.catalogue if e.kind in ("segment", "bridge", "line", "picture")}
    assert heat.rates == {k: stats[k].rate for k in drawn}
    assert heat.never == [e.key for e in d.catalogue if e.key in drawn and stats[e.key].taken == 0
                          and (e.kind != "segment" or e.content)]
    assert heat.games == 6 and "6 games" in balance.legend.text.text()
    # the editor's tools still get the clicks
    assert heat.acceptedMouseButtons() == Qt.NoButton and heat.shape().isEmpty()
    balance.heat_action.setChecked(False)
    assert not heat.isVisible() and not balance.legend.isVisible() and not balance.heat_check.isChecked()
    balance.heat_check.setChecked(True)
    assert heat.isVisible() and balance.heat_action.isChecked()
    # editing the board marks the map as out of date; another board removes it
    peg = sorted(window.document.board.pegs)[0]
    window.document.set_peg_colour([peg], "red" if window.document.board.pegs[peg].colour != "red" else "blue")
    assert balance.stale and "the board changed since this run" in balance.legend.text.text()
    assert window.load_path(bundled_path("boards", "realm", "jungle-temples-3p.yaml"))
    assert balance.heat is None and not balance.heat_action.isEnabled() and not balance.legend.isVisible()


def test_the_heat_map_follows_the_board_as_it_is_edited(qtbot, window):
    # QA: after deleting every element the map stayed drawn as ghost triangles
    from studio.gui.balance.editor import board_catalogue

    balance = window.balance
    d = balance.open()
    qtbot.addWidget(balance.window)
    d.games_spin.setValue(4)
    d.set_bots("random")
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        d.start_run()
    before = dict(balance.heat.rates)
    assert {e.key for e in board_catalogue(window.document.board)} == {e.key for e in d.catalogue}
    balance.relayout_heat()  # nothing changed: the same map
    assert balance.heat.rates == before and not balance.stale
    peg = sorted(window.document.board.pegs)[0]
    window.document.delete(pegs=[peg])
    balance.relayout_heat()  # (the editor does it once the edits pause)
    gone = {k for k in before if peg in k.split(" ", 1)[1].split("-")}
    assert gone and set(balance.heat.rates) == set(before) - gone
    assert all(balance.heat.rates[k] == before[k] for k in balance.heat.rates)
    window.select_all()
    window.delete_selection()
    qtbot.waitUntil(lambda: not balance._relayout.isActive(), timeout=5000)
    assert balance.heat.rates == {} and balance.heat.never == []
    assert balance.heat.isVisible() and "the board changed since this run" in balance.legend.text.text()
    window.document.undo_stack.undo()  # the elements come back, and so does their heat
    balance.relayout_heat()
    assert set(balance.heat.rates) == set(before) - gone


def test_closing_the_editor_cancels_the_run_and_closes_its_window(qtbot, window, dialogs):
    # QA: the balance window stayed open (and the run went on) after the board editor closed
    from studio.gui.shell import prompts

    balance = window.balance
    d = balance.open()
    qtbot.addWidget(balance.window)
    d.games_spin.setValue(300)
    d.set_bots("random")
    peg = sorted(window.document.board.pegs)[0]
    window.document.set_peg_colour([peg], "red" if window.document.board.pegs[peg].colour != "red" else "blue")
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    assert d.start_run()
    assert not window.close()  # a refused close leaves the run and its window alone
    assert d.is_running() and balance.window.isVisible()
    dialogs.answer("ask_unsaved_changes", prompts.Choice.DISCARD)
    with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
        assert window.close()
    assert done.args == [True] and not d.is_running() and len(d.results) < 300
    assert not balance.window.isVisible()


def test_a_board_with_errors_is_refused_with_the_reason(qtbot, window, monkeypatch):
    from studio.content.findings import Finding

    d = window.balance.open()
    qtbot.addWidget(window.balance.window)
    bad = Finding("board/test", "error", "peg a1 has no line", None, None, None)
    monkeypatch.setattr(window.validation_dock, "run_now", lambda: [bad])
    assert not d.start_run()
    assert d.progress_label.text().startswith("Cannot run: fix the board's 1 error first")
    assert d.run is None and d.run_button.isEnabled()


def test_balance_charts_and_report_use_the_boards_seat_colours():
    from studio.gui.balance.charts import seat_colour
    from studio.playtest.report import SEAT_COLOURS as REPORT
    from studio.render import style

    for i in range(4):
        assert seat_colour(i).name() == style.seat_colour(i).name() == REPORT[i]


def test_the_playstyles_are_played_after_the_batch_and_shown(qtbot, setup2, tmp_path):
    from studio.playtest.ladder import play_panel, style_plan

    d = _dashboard(qtbot, setup2, 2)
    d.set_bots("greedy")
    d.styles_check.setChecked(True)
    d.panel_games_spin.setValue(2)
    with qtbot.waitSignal(d.runFinished, timeout=300000) as done:
        assert d.start_run()
    assert done.args == [False] and not d.is_running()
    expected = play_panel(setup2, "style", *style_plan("realm"), 2, 3)
    assert d.summary.styles == expected and d.summary.ladder is None
    text = d.panel_label.text()
    assert "Verdicts across playstyles" in text and "hoarder against racer" in text
    assert not d.panel_label.isHidden()
    out = tmp_path / "r.json"
    assert d.save_report("json", str(out))
    report = json.loads(out.read_text())
    assert report["summary"]["styles"]["rungs"][1]["label"] == "hoarder"
    assert report["board"]["id"] == setup2.content.board.id  # what was played on, as studio playtest --json says


def test_the_run_plays_the_rules_as_they_are_when_run_is_pressed(qtbot, window, tmp_path):
    """Trial of issue 11: a scenario fixed on disk after the balance window opened was seen by
    the Validation panel but the Balance Run still played the old rules."""
    import shutil

    from studio.gui.realm.main_window import default_board_path

    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(default_board_path(), folder / "board.yaml")
    bundled = (default_board_path().parents[2] / "scenarios" / "jungle-temples.yaml").read_text(encoding="utf-8")
    mine = bundled.replace("../boards/realm/jungle-temples-2p.yaml", "board.yaml")
    mine = "\n".join(line for line in mine.splitlines() if not line.startswith(("  3:", "  4:"))) + "\n"
    (folder / "jungle-temples.yaml").write_text(mine.replace("end: {score: 18}", "end: {score: 9}"), encoding="utf-8")
    assert window.load_path(str(folder / "board.yaml"))
    setups = window.balance.setups()                 # as when the window opens
    assert setups[2]().scenario.rules.end["score"] == 9
    (folder / "jungle-temples.yaml").write_text(mine.replace("end: {score: 18}", "end: {score: 7}"), encoding="utf-8")
    assert setups[2]().scenario.rules.end["score"] == 7   # Run pressed now: the rules now


def test_the_header_says_what_the_figures_are_from(qtbot, window):
    """Trial of issue 11: the header kept the board, players and rules of when the window
    opened (after a change or a re-run), and before any run the bar said "0 / 1 games"."""
    d = window.balance.open()
    qtbot.addWidget(window.balance.window)
    header = d.scenario_label.text
    assert "Nothing run yet" in header() and "jungle-temples-2p.yaml, 2 players" in header()
    assert d.progress.text() == "nothing run yet"
    d.players_combo.setCurrentIndex(d.players_combo.findData(3))     # Run would play the 3p board file
    assert "Nothing run yet" in header() and "jungle-temples-3p.yaml, 3 players" in header()
    d.players_combo.setCurrentIndex(d.players_combo.findData(2))
    d.games_spin.setValue(3)
    d.set_bots("random")
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        d.start_run()
    assert d.progress.text() == "3 / 3 games"
    assert header().startswith("<b>The figures are from:</b><br>Board: jungle-temples-2p.yaml, 2 players")
    assert "Rules: Jungle Temples" in header() and "⚠" not in header()
    d.players_combo.setCurrentIndex(d.players_combo.findData(3))     # the figures are still the 2p run's
    assert "jungle-temples-2p.yaml, 2 players" in header().split("Run would now play")[0]
    assert "Run would now play:<br>Board: jungle-temples-3p.yaml, 3 players" in header()
    d.players_combo.setCurrentIndex(d.players_combo.findData(2))
    assert "⚠" not in header()
    window.document.set_board_value("location", "base")             # other rules, and an edit
    assert "edited since this run" in header() and "Rules: Base rules" in header().split("Run would now play")[1]
    assert "Rules: Jungle Temples" in header().split("Run would now play")[0]
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        d.start_run()                                                # a re-run: the header follows it
    assert "Rules: Base rules" in header() and "⚠" not in header() and "Jungle Temples" not in header()


def test_a_long_cannot_run_message_wraps_whole_and_squashes_no_field(qtbot, setup2, settings):
    """Found by a fresh-user trial: the message pushed the Players, Games and Seed fields to half
    height and was cut. In a short window the form now scrolls; every field keeps its height."""
    from studio.playtest.setup import SetupError

    def broken():
        raise SetupError("board.yaml:4:3: error board/unknown-location: the start location 'q9' of "
                         "seat 2 is not on the board the board would be played with")
    d = BalanceDashboard({2: broken}, scenario_text="Jungle Temples", settings=settings)
    qtbot.addWidget(d)
    d.resize(1100, 480)
    d.show()
    qtbot.waitExposed(d)
    assert not d.start_run()
    label = d.progress_label
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))
    assert "would be played with" in label.text()
    for field in (d.players_combo, d.games_spin, d.seed_spin, d.jobs_spin, d.panel_games_spin):
        assert field.height() >= field.sizeHint().height(), field


def test_the_html_report_names_the_board_played_and_its_unsaved_edits(qtbot, window, tmp_path):
    """Found by a fresh-user trial: a report of a run on a board with unsaved edits was headed
    with the scenario path only. The saved report names the board played (its file, or
    its name as the title gives it, "<name> (unsaved)") and says when unsaved edits were included."""
    d = window.balance.open()
    qtbot.addWidget(window.balance.window)
    d.games_spin.setValue(2)
    d.set_bots("random")
    window.document.set_board_value("name", "Edited jungle")
    assert window.document.is_modified
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        assert d.start_run()
    out = tmp_path / "report.html"
    assert d.save_report("html", str(out))
    page = out.read_text(encoding="utf-8")
    heading = page.split("<h1>", 1)[1].split("</p>", 1)[0]
    assert "board: jungle-temples-2p.yaml (unsaved edits included)" in heading
    assert window.balance.board_played(2) == "jungle-temples-2p.yaml (unsaved edits included)"
    window.document.undo_stack.setClean()
    assert window.balance.board_played(2) == "jungle-temples-2p.yaml"
    window.document.reset(window.document.board, None)             # a board never saved
    window.document.set_board_value("name", "New jungle")
    assert window.balance.board_played(2) == "“New jungle” (unsaved)"   # as the title names it, quoted
    assert "Board: “New jungle” (unsaved), 2 players" in window.balance.describe(2)


def test_heat_labels_keep_off_the_boards_name_tags(qtbot, window):
    """Issue 15: on the Engraved Board the heat map's "pelican 85%" covered the board's own
    "Pelican" tag. Every label is moved off every picture's name tag and off the other labels,
    and stays by its picture."""
    from types import SimpleNamespace

    from studio.gui.balance.editor import board_catalogue
    from studio.gui.balance.heatmap import LABEL_REACH, HeatMapItem
    from studio.playtest.heat import heat_labels
    from studio.playtest.stats import ElementStat

    assert window.load_path(bundled_path("boards", "realm", "engraved-board-2p.yaml"))
    balance = window.balance
    catalogue = board_catalogue(window.document.board)
    stats = [ElementStat(e.key, e.kind, e.label, e.content, "", 3, 0.75, [2, 1, 0]) for e in catalogue]
    tags = balance._name_tags()
    assert len(tags) == 10                                     # the ten pictures' tags
    # where the labels belong (the middle of each picture) they do cover tags: the case is real
    unmoved = HeatMapItem(catalogue, stats, 4).label_rects()
    assert any(r.intersects(t) for _text, r in unmoved for t in tags)
    heat = balance.show_heat(catalogue, SimpleNamespace(elements=stats, games=4))
    rects = heat.label_rects()
    assert len(rects) == len(heat_labels(catalogue, stats)) == 10
    for i, (text, r) in enumerate(rects):
        assert not any(r.intersects(t) for t in tags), text
        assert not any(r.intersects(o) for j, (_t, o) in enumerate(rects) if j != i), text
        home = unmoved[i][1].center()
        assert r.center().x() == home.x() and abs(r.center().y() - home.y()) <= LABEL_REACH + 1e-9, text
    assert heat.labels.boundingRect().contains(rects[0][1])


def test_suggest_fixes_on_a_board_with_errors_says_why_in_its_heading(qtbot, window, monkeypatch):
    """The fresh-user trial pressed Search on a broken board and saw nothing change: the reason
    sat in the status line below the fold. It heads the window now, and a later search clears it."""
    from studio.content.findings import Finding

    window.balance.open()
    qtbot.addWidget(window.balance.window)
    s = window.balance.suggest()
    qtbot.addWidget(s)
    bad = Finding("board/test", "error", "peg a1 has no line", None, None, None)
    monkeypatch.setattr(window.validation_dock, "run_now", lambda: [bad])
    assert not s.start()
    assert s.title.text().startswith("Cannot search: ") and "1 error" in s.title.text()
    assert "peg a1 has no line" in s.status.text() and not s.is_running()
    # the finding names the board, not "<memory>" (trial, on an unsaved board)
    assert "<memory>" not in s.status.text() and f"{window.document.display_name()}: error" in s.status.text()
    s.reference_spin.setValue(1)   # as few as the command line takes
    assert s.reference_spin.value() == 1
    # trial leftover: the editor's limits were tighter than the command line's long runs
    for spin, value in ((s.budget_spin, 200_000), (s.steps_spin, 12), (s.candidates_spin, 60), (s.verify_spin, 20_000)):
        spin.setValue(value)
        assert spin.value() == value


def test_the_balance_windows_title_follows_the_board_opened(qtbot, window, dialogs):
    """Fresh-user trial: after File ▸ New board the balance window still read "Balance: jt.yaml"."""
    from studio.gui.realm.document import standard_board

    window.balance.open()
    qtbot.addWidget(window.balance.window)
    assert window.balance.window.windowTitle() == f"Balance: {window.document.display_name()}"
    window.document.undo_stack.setClean()
    dialogs.answer("ask_new_board", (standard_board(), None))
    window.new_action.trigger()
    assert window.document.board.id == "new-board"
    assert window.balance.window.windowTitle() == f"Balance: {window.document.display_name()}"
    assert window.document.display_name() in window.balance.window.windowTitle()


def test_opening_another_board_clears_the_old_boards_refusal_and_says_nothing_was_edited(qtbot, window, dialogs):
    """Fresh-user trial: after Run on a broken board and opening another, the window still said
    "Cannot run: fix the board's 1 error first" and "edited since this run"."""
    from studio.gui.realm.document import standard_board

    d = window.balance.open()
    qtbot.addWidget(window.balance.window)
    d._run_text = "an earlier run"            # figures of an earlier run are shown
    d._say("Cannot run: fix the board's 1 error first", error=True)
    window.document.undo_stack.setClean()
    dialogs.answer("ask_new_board", (standard_board(), None))
    window.new_action.trigger()
    assert d.progress_label.text() == ""
    header = d.scenario_label.text()
    assert "edited since this run" not in header and "Run would now play" in header
    # trial 2: an edit of the other board then said "edited since this run"
    pid, peg = next(iter(window.document.board.pegs.items()))
    window.document.move_pegs({pid: (peg.x + 1, peg.y)})
    header = d.scenario_label.text()
    assert "edited since this run" not in header and "Run would now play" in header


def test_the_windows_advice_names_its_fields_not_command_line_options():
    """Trial: the dashboard said "try: rerun with --games 100", a command-line flag."""
    from studio.gui.balance.dashboard import window_advice

    assert window_advice("rerun with --games 400 before changing the seats") == \
        "rerun with 400 games (Games) before changing the seats"
    assert window_advice("rerun with a stronger bot for seat 2 (North) (--bots) or the skill ladder (--ladder "
                         "random,greedy) before changing the board") == \
        "rerun with a stronger bot for seat 2 (North) (Bots per seat) or the skill ladder (Skill ladder) before changing the board"
