"""The balance dashboard's location mechanics: the table under the play figures, a warning's rule
link highlighting its row, and the arc figures (issue 14, items 2 and 5)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.dashboard import BalanceDashboard  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402
from studio.playtest.stats import summarize  # noqa: E402
from tests.test_playtest_mechanics import ROUNDS, volcano  # noqa: E402

pytestmark = pytest.mark.gui


def test_the_mechanics_table_and_a_warnings_rule_link(qtbot):
    d = BalanceDashboard(load_setup(bundled_path("scenarios", "volcano.yaml"), 3), scenario_text="Volcano")
    qtbot.addWidget(d)
    assert d.mechanics_label.isHidden()
    games = [volcano(i, (1, 1, 0)) for i in range(19)] + [volcano(19, (0, 0, 0), energy=(4, 5, 6))]
    d.summary = summarize(games, (), ROUNDS)
    d._show_summary()
    assert not d.mechanics_label.isHidden()
    text = d.mechanics_label.text()
    assert "Location mechanics" in text and "escaped the volcano (share of games)" in text and "95%" in text
    assert "href='mechanic:escape_failed_energy'" in d.warnings_label.text() and "(L2-4)" in d.warnings_label.text()
    assert "#f3c98b" not in text                       # named by a warning: pale; nothing picked yet
    d.warnings_label.linkActivated.emit("mechanic:escape_failed_energy")
    assert d.highlighted_mechanic == "escape_failed_energy" and "#f3c98b" in d.mechanics_label.text()
    d.summary = None
    d._show_summary()
    assert d.mechanics_label.isHidden()


def test_a_rule_link_highlights_exactly_the_row_of_its_clause(qtbot):
    """Every warning's rule link, e.g. (L2-4), selects one row of the mechanics table, and that
    row's rule is the link's (the L2-4 link once highlighted the escape share row, L2-3)."""
    import re

    d = BalanceDashboard(load_setup(bundled_path("scenarios", "volcano.yaml"), 3), scenario_text="Volcano")
    qtbot.addWidget(d)
    d.summary = summarize([volcano(i, (1, 1, 0)) for i in range(19)] + [volcano(19, (0, 0, 0))], (), ROUNDS)
    d._show_summary()
    links = re.findall(r"href='(mechanic:[^']+)'>\(([^)]+)\)</a>", d.warnings_label.text())
    assert {clause for _link, clause in links} == {"L2-4"} and len(links) == 2
    for link, clause in links:
        d.warnings_label.linkActivated.emit(link)
        rows = re.findall(r"<tr style='background: #f3c98b'>(.*?)</tr>", d.mechanics_label.text())
        assert len(rows) == 1, link
        cells = [re.sub(r"<[^>]+>|&nbsp;", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", rows[0])]
        assert cells[1] == clause, (link, cells)


def test_valued_positions_reach_the_report(qtbot):
    d = BalanceDashboard(load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2), scenario_text="Jungle")
    qtbot.addWidget(d)
    d.games_spin.setValue(2)
    d.set_bots("random")
    assert d.evaluate_spin.value() == 0 and d.evaluate_spin.text() == "off"
    d.evaluate_spin.setValue(2)
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        assert d.start_run()
    ev = d.summary.insight.evaluated
    assert ev["games"] == 2 and ev["positions"] == 4
    assert all(r.evaluated["positions"] == 2 for r in d.results)
    assert "valued by the MCTS evaluator" in d.arc_label.text()   # the Arc section, in the report's words
    assert d.run_settings["valued positions per game"] == 2
