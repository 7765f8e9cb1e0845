"""The balance dashboard's sweep (issue 14, item 6), driven like a user: one setting's values
played on the same seeds in the background, the table showing exactly the figures
``studio sweep`` prints for the same seed, significant differences marked, Cancel keeping the
point so far, and bad settings refused with the reason."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

pytest.importorskip("pytestqt")

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.dashboard import BalanceDashboard  # noqa: E402
from studio.gui.balance.sweep import suggested_values, sweep_choices  # noqa: E402
from studio.playtest import sweep as cli  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402

pytestmark = pytest.mark.gui

JUNGLE = bundled_path("scenarios", "jungle-temples.yaml")


@pytest.fixture(scope="module")
def setup2():
    return load_setup(JUNGLE, 2)


def _sweep(qtbot, setup, games=4, seed=3):
    d = BalanceDashboard(setup, scenario_text="Jungle Temples")
    qtbot.addWidget(d)
    d.games_spin.setValue(games)
    d.seed_spin.setValue(seed)
    d.set_bots("random")
    w = d.open_sweep()
    qtbot.addWidget(w)
    return d, w


def test_the_settings_listed_are_the_scenarios_with_their_values(setup2):
    choices = dict(sweep_choices(setup2.scenario))
    assert choices["rules.end.score"] == 18 and choices["rules.hand_sizes"] == [4, 5, 6, 7]
    assert choices["rules.modules.cross-board.bonuses"] == [8, 6] and choices["rules.connect"] is True
    assert not any(p.startswith(("boards", "format", "id")) for p in choices)
    rivages = dict(sweep_choices(load_setup(bundled_path("scenarios", "rivages.yaml"), 2).scenario))
    assert rivages["great_explorer.2"] == [3, 0] and not any(p.startswith(cli.REFERENCE_KEYS) for p in rivages)
    assert suggested_values(18) == "18, 16, 20" and suggested_values(1) == "1, 3"
    assert suggested_values([4, 5, 6, 7]) == "[4, 5, 6, 7], [5, 4, 6, 7]" and suggested_values(True) == "true, false"


def test_the_sweep_shows_the_figures_studio_sweep_prints(qtbot, setup2, capsys):
    d, w = _sweep(qtbot, setup2, games=5, seed=3)
    assert w.path_combo.currentText() == "rules.end.score" and w.values_edit.text() == "18, 16, 20"
    w.set_setting("rules.end.score", "6, 12")
    with _finished(qtbot, w):
        assert w.start()
        assert w.is_running() and not w.run_button.isEnabled() and w.cancel_button.isEnabled()
        assert not d.start_run()                           # one run at a time
    assert w.progress.value() == 10 and len(w.rows) == 2 and w.run_button.isEnabled()
    assert cli.main([str(JUNGLE), "--set", "rules.end.score=6,12", "-n", "5", "--bots", "random", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    body = printed.split("\n", 2)[2]                      # the CLI's title line and the blank after it
    assert w.text() == body.rstrip("\n")
    table = [[w.table.item(i, j).text() for j in range(w.table.columnCount())] for i in range(w.table.rowCount())]
    assert table == [cli.sweep_cells(r, ["rules.end.score"]) for r in w.rows]
    assert [w.table.horizontalHeaderItem(j).text() for j in range(w.table.columnCount())][:3] == \
        ["rules.end.score", "games", "seat 1 win %"]
    assert "against the first row (rules.end.score=6)" in w.comparisons.toPlainText()
    assert [g[0] for g in w.chart.groups] == ["6", "12"] and len(w.chart.groups[0][1]) == 2


@contextmanager
def _finished(qtbot, w):
    """Wait, after the block, for the sweep it started to end."""
    yield
    qtbot.waitUntil(lambda: w.run is not None and not w.run.running, timeout=120000)


def test_significant_differences_are_marked_in_the_table_and_chart(qtbot, setup2):
    """Synthetic rows with a known answer: seat 1 wins every shared seed at the first value and
    none at the second, so its difference is significant and marked - (and seat 2 +)."""
    from studio.playtest.runner import GameResult

    d, w = _sweep(qtbot, setup2)

    def row(value, winner):
        tally = cli.PointTally(setup2)
        for seed in range(30):
            tally.add(GameResult(seed=seed, scores=(10, 5) if winner == 0 else (5, 10), winners=(winner,), rounds=8,
                                 actions=40, end_reason="-", bands_used=(5, 5), seat_names=("South", "North"),
                                 bots=("random", "random"), end_code="score"))
        return tally.row({"rules.end.score": value}, True)

    w.path, w.rows = "rules.end.score", [row(18, 0), row(14, 1)]
    cli.add_comparisons(w.rows)
    w._show_rows()
    assert w.table.item(1, 2).text().endswith("-") and w.table.item(1, 3).text().endswith("+")
    assert w.table.item(1, 2).font().bold() and "significantly lower" in w.table.item(1, 2).toolTip()
    assert not w.table.item(0, 2).text().endswith(("+", "-"))
    assert [s[3] for s in w.chart.groups[1][1]] == ["−", "+"]


@pytest.mark.parametrize("path, values, message", [
    ("rules.end.score", "", "a value is empty"),
    ("boards", "1, 2", "a sweep cannot change"),
    ("rules.end.score", "[1, 2", "unclosed bracket"),
    ("rules.nonsense", "1, 2", "rules.nonsense=1"),
])
def test_bad_settings_are_refused_with_the_reason(qtbot, setup2, path, values, message):
    d, w = _sweep(qtbot, setup2)
    w.set_setting(path, values)
    assert not w.start() and message in w.status.text() and w.run is None


def test_cancel_keeps_the_point_so_far(qtbot, setup2):
    d, w = _sweep(qtbot, setup2, games=40)
    w.set_setting("rules.end.score", "6, 8, 10")
    assert w.start()
    w.cancel()
    qtbot.waitUntil(lambda: not w.run.running, timeout=120000)
    assert w.run.cancelled and len(w.rows) == 1 and not w.rows[0]["complete"]
    assert w.table.item(0, 1).text().endswith("*") and "Cancelled after" in w.status.text()
