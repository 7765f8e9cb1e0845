"""The report's charts, drawn once (studio.playtest.charts): models built from a summary of
synthetic games with known figures, their SVG measured back (bar lengths, heights, lines), the
HTML report embedding exactly that SVG, and one heat scale key for every map."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from studio.playtest import GameResult, charts, summarize
from studio.playtest.heat import LEGEND_STOPS, heat_hex, legend_stops
from studio.playtest.insight import Expectations
from studio.playtest.report import html_report


def result(seed, scores, winners, rounds=6, code="score", arc=()):
    n = len(scores)
    return GameResult(seed=seed, scores=tuple(scores), winners=tuple(winners), rounds=rounds, actions=30,
                      end_reason="engine text, never read", bands_used=(5,) * n,
                      seat_names=("South", "North")[:n], bots=("greedy",) * n, end_code=code, arc=arc)


@pytest.fixture(scope="module")
def summary():
    """10 games: seat 1 wins 3 (scores 12 to 8), seat 2 wins 7 (8 to 12); 6 rounds in 4 games,
    8 in 6; two games stop on the action limit (not intended); every arc (1, 0), (3, 4)."""
    games = [result(i, (12, 8) if i < 3 else (8, 12), (0,) if i < 3 else (1,), 6 if i < 4 else 8,
                    "action-limit" if i >= 8 else "score", ((1, 0), (3, 4))) for i in range(10)]
    return summarize(games, (), Expectations(("score",), (5, 12), 0, "the test"))


def svg(text: str) -> ET.Element:
    return ET.fromstring(text)


def rects(root, fill=None):
    return [r for r in root.iter("rect") if fill is None or r.get("fill") == fill]


def test_win_rates_are_bars_as_long_as_the_rate_with_whiskers_at_the_interval(summary):
    model = charts.win_rates(summary)
    assert [r[:2] for r in model.rows] == [("1. South", 0.3), ("2. North", 0.7)]
    assert model.colours == [charts.SEAT_COLOURS[0], charts.SEAT_COLOURS[1]] and model.expected == 0.5
    root = svg(charts.win_rates_svg(model, 400, 120))
    bars = [r for r in rects(root) if r.get("fill") in charts.SEAT_COLOURS]
    widths = [float(r.get("width")) for r in bars]
    assert widths[1] / widths[0] == pytest.approx(0.7 / 0.3, rel=0.01)
    x0 = float(bars[0].get("x"))
    plot = widths[0] / 0.3
    whiskers = [ln for ln in root.iter("line") if ln.get("stroke") == charts.REPORT.whisker
                and ln.get("y1") == ln.get("y2")]
    _label, _rate, low, high = model.rows[0]
    assert float(whiskers[0].get("x1")) == pytest.approx(x0 + plot * low, abs=0.1)
    assert float(whiskers[0].get("x2")) == pytest.approx(x0 + plot * high, abs=0.1)
    fair = [ln for ln in root.iter("line") if ln.get("stroke-dasharray") and ln.get("x1") == ln.get("x2")]
    assert len(fair) == 1 and float(fair[0].get("x1")) == pytest.approx(x0 + plot * 0.5, abs=0.1)
    assert "fair share 50%" in "".join(root.itertext()) and "30.0%" in "".join(root.itertext())


def test_a_histogram_is_the_share_of_each_series_games_per_value(summary):
    model = charts.score_histogram(summary)
    assert [(n, h, t) for n, h, t, _c in model.series] == [("seat 1", [(8.0, 7), (12.0, 3)], 10),
                                                            ("seat 2", [(8.0, 3), (12.0, 7)], 10)]
    root = svg(charts.histogram_svg(model, 300, 160))
    heights = {(r.get("fill"), round(float(r.get("x")))): float(r.get("height")) for r in rects(root)
               if r.find("title") is not None}
    first = [h for (fill, _x), h in sorted(heights.items()) if fill == charts.SEAT_COLOURS[0]]
    assert first[0] / first[1] == pytest.approx(7 / 3, rel=0.01)           # 70% of games at 8, 30% at 12
    assert max(heights.values()) == pytest.approx(160 - 28 - 22, abs=0.1)  # the peak fills the plot
    text = "".join(root.itertext())
    assert "70%" in text and "seat 1" in text and "points" in text
    assert charts.length_histogram(summary).series[0][1] == [(6.0, 4), (8.0, 6)]
    assert "<rect" not in charts.histogram_svg(charts.Histogram([], "x"), 300, 160)  # nothing to draw


def test_how_games_ended_marks_the_unintended_ends(summary):
    model = charts.end_reasons(summary)
    assert [n for _label, n in model.rows] == [8, 2] and model.games == 10
    assert [label.split(":")[0] for label in model.unintended] == ["action-limit"]
    root = svg(charts.end_reasons_svg(model, 500, 80))
    red = rects(root, charts.REPORT.unintended)
    assert len(red) == 1 and float(red[0].get("width")) == pytest.approx(500 * 0.2, abs=0.1)
    assert float(rects(root, charts.REPORT.bar)[0].get("width")) == pytest.approx(500 * 0.8, abs=0.1)
    assert "(not intended)" in "".join(root.itertext())


def test_the_arc_is_a_line_per_seat_through_its_mean_scores(summary):
    model = charts.arc(summary)
    assert model.arc == [[1.0, 0.0], [3.0, 4.0]] and model.labels == ["seat 1 South", "seat 2 North"]
    root = svg(charts.arc_svg(model, 300, 150))
    lines = list(root.iter("polyline"))
    assert [ln.get("stroke") for ln in lines] == list(charts.SEAT_COLOURS[:2])
    ys = [[float(p.split(",")[1]) for p in ln.get("points").split()] for ln in lines]
    assert ys[0][0] > ys[0][1] and ys[1][0] > ys[1][1]      # both rise (y down)
    assert ys[1][1] < ys[0][1] and ys[1][0] > ys[0][0]      # seat 2 starts lower and ends higher


def test_the_html_report_embeds_the_charts_svg_itself(summary):
    page = html_report(summary, "t", {})
    wins = charts.win_rates(summary)
    assert charts.win_rates_svg(wins, charts.win_rates_width(wins), charts.win_rates_height(wins)) in page
    assert charts.histogram_svg(charts.score_histogram(summary), 460, 190) in page
    assert charts.histogram_svg(charts.length_histogram(summary), 460, 190) in page
    assert charts.arc_svg(charts.arc(summary), 520, 220) in page


def test_one_heat_scale_key_for_every_map(summary):
    assert [r for r, _c, _l in legend_stops()] == [r for r, _l in LEGEND_STOPS]
    assert [c for _r, c, _l in legend_stops()] == [heat_hex(r) for r, _l in LEGEND_STOPS]
    page = html_report(summary, "t", {})
    content = re.findall(r"background:(#[0-9a-f]{6})\"></span> (\d+%)", page)
    assert not content  # no map without content; the key is drawn with a map
    from studio.playtest.report import _legend

    key = re.findall(r"background:(#[0-9a-f]{6})\"></span> (\d+%)", _legend())
    assert key == [(c, label) for _r, c, label in legend_stops()]
