"""The dashboard's charts and the HTML report's are one: each dashboard chart holds the model
studio.playtest.charts builds from the summary and shows the SVG that module's painter draws
(the same function the HTML report embeds), rendered through QtSvg in the desktop's palette."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QColor  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.charts import palette  # noqa: E402
from studio.gui.balance.dashboard import BalanceDashboard  # noqa: E402
from studio.gui.shell import desktop  # noqa: E402
from studio.playtest import charts  # noqa: E402
from studio.playtest.report import html_report  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402
from tests.test_playtest_charts import summary  # noqa: E402, F401 - the synthetic batch

pytestmark = pytest.mark.gui


@pytest.fixture
def dashboard(qtbot, summary):  # noqa: F811 - the fixture imported above
    d = BalanceDashboard(load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2), scenario_text="t")
    qtbot.addWidget(d)
    d.summary = summary
    d._show_summary()
    return d


def test_the_dashboard_and_the_html_report_draw_each_chart_with_the_same_function(dashboard, summary):  # noqa: F811
    d = dashboard
    page = html_report(summary, "t", {})
    shown = [(d.win_chart, charts.win_rates, charts.win_rates_svg, None),
             (d.score_chart, charts.score_histogram, charts.histogram_svg, (460, 190)),
             (d.length_chart, charts.length_histogram, charts.histogram_svg, (460, 190)),
             (d.end_chart, charts.end_reasons, charts.end_reasons_svg, None),
             (d.arc_chart, charts.arc, charts.arc_svg, (520, 220))]
    for chart, build, paint, in_page in shown:
        model = build(summary)
        assert chart.model == model
        assert chart.svg(400, 180) == paint(model, 400, 180, palette())
        if in_page:
            assert paint(model, *in_page) in page   # the report's chart: same model, same painter
    wins = charts.win_rates(summary)
    assert charts.win_rates_svg(wins, charts.win_rates_width(wins), charts.win_rates_height(wins)) in page
    p = palette()
    assert (p.ink, p.grid, p.bar, p.unintended) == tuple(desktop.colour(r) for r in ("text", "grid", "bar", "error"))


def test_the_svg_is_what_the_widget_shows(qtbot, dashboard):
    """The win chart's bars land on screen where its SVG puts them, in the seat's colour."""
    import xml.etree.ElementTree as ET

    chart = dashboard.win_chart
    chart.resize(420, 230)
    image = chart.grab().toImage()
    body_w, body_h = 420 - 1 - 24, 230 - 1 - 40          # Chart.paintEvent's body rect
    root = ET.fromstring(chart.svg(round(body_w), round(body_h)))
    bars = [r for r in root.iter("rect") if r.get("fill") in charts.SEAT_COLOURS]
    assert len(bars) == 2
    ground = desktop.qcolour("card")
    for bar in bars:
        x = 12 + float(bar.get("x")) + 5                   # inside the bar, clear of its whisker
        y = 30 + float(bar.get("y")) + 3
        seen = image.pixelColor(round(x), round(y))
        fill = QColor(bar.get("fill"))
        want = [0.8 * a + 0.2 * b for a, b in zip(fill.getRgb()[:3], ground.getRgb()[:3])]
        assert all(abs(s - w) <= 8 for s, w in zip(seen.getRgb()[:3], want)), (seen.name(), fill.name())


def test_an_empty_dashboard_shows_no_chart(qtbot, dashboard):
    d = dashboard
    d.summary = None
    d._show_summary()
    for chart in (d.win_chart, d.score_chart, d.length_chart, d.end_chart, d.arc_chart):
        assert chart.model is None and not chart.has_data()
    assert d.win_chart.rows == [] and d.arc_chart.arc == [] and d.score_chart.series == []
