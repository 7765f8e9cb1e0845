"""The charts of a batch's report, drawn once: each chart is a small model of what it shows,
built from a :class:`~studio.playtest.stats.Summary`, and an SVG painter that lays it out at a
given size in a given :class:`Palette`.

The HTML report (:mod:`studio.playtest.report`) embeds the SVG in the page's light colours;
the balance dashboard (:mod:`studio.gui.balance.charts`) shows the very same SVG through QtSvg,
in the desktop's palette and at its widget's size. No Qt here.

Sizes are pixels; the text is 11 px (:data:`FONT_PX`). Labels are placed from an estimate of
their width (:func:`text_width`), there being no font metrics without a toolkit.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

#: the board's seat colours (studio.render.style.SEAT_COLOURS, which this layer may not import),
#: so a report's charts match the board and the balance window; then one for solo sets
SEAT_COLOURS = ("#e4572e", "#17a398", "#8e5bd6", "#f0a202", "#7d3c98")
FONT_PX = 11


@dataclass(frozen=True)
class Palette:
    """The colours of a chart, ``#rrggbb``: ``ink`` labels, ``muted`` axis figures and keys,
    ``grid`` grid lines, ``axis`` the x axis, ``whisker`` interval whiskers, ``fair`` the fair
    share's dashed line, ``bar`` a series with no colour of its own, ``bar_empty`` the track of
    a share bar, ``running`` the arc's games-running bars, ``unintended`` an end the design does
    not intend. The defaults are the HTML report's (:data:`REPORT`)."""

    ink: str = "#333333"
    muted: str = "#666666"
    grid: str = "#eeeeee"
    axis: str = "#999999"
    whisker: str = "#111111"
    fair: str = "#555555"
    bar: str = "#2e86c1"
    bar_empty: str = "#eeeeee"
    running: str = "#dddddd"
    unintended: str = "#b03a2e"


REPORT = Palette()


def seat_colour(seat: int) -> str:
    """The colour of seat ``seat`` (0-based), as the board draws it."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text_width(text: str, px: float = FONT_PX) -> float:
    """An estimate of the width of ``text`` at ``px`` pixels in a sans-serif font (pixels)."""
    return 0.6 * px * len(text)


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _text(x: float, y: float, text, colour: str, anchor: str = "start", extra: str = "") -> str:
    """A label; its colour as an inline style, which the report page's ``svg text`` rule does not
    override."""
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return f'<text x="{x:.1f}" y="{y:.1f}"{a} style="fill:{colour}"{extra}>{_e(text)}</text>'


def _open(width: float, height: float, label: str) -> str:
    return (f'<svg width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="{FONT_PX}" role="img" '
            f'aria-label="{_e(label)}">')


def _key_row(keys: Sequence[tuple[str, str]], x: float, y: float, p: Palette) -> list[str]:
    """A row of keys ``(text, colour)`` from ``x`` at baseline ``y``: a swatch and its text."""
    out = []
    for text, colour in keys:
        out.append(f'<rect x="{x:.1f}" y="{y - 9:.1f}" width="10" height="10" fill="{colour}"/>')
        out.append(_text(x + 14, y, text, p.ink))
        x += 14 + text_width(text) + 16
    return out


# -- win rates with intervals -------------------------------------------------------------------

@dataclass
class WinRates:
    """Horizontal bars of win rates in 0..1 with their 95% intervals: ``rows`` ``(label, rate,
    low, high)``, ``colours`` one per row, ``expected`` the fair share (a dashed line) or None."""

    rows: list[tuple[str, float, float, float]] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    expected: float | None = None


def win_rates(summary) -> WinRates:
    """Each seat's win rate with its Wilson interval, in its seat's colour; the fair share when
    more than one seat plays."""
    return WinRates([(f"{s.seat + 1}. {s.name}", s.win_rate, s.ci_low, s.ci_high) for s in summary.seats],
                    [seat_colour(s.seat) for s in summary.seats],
                    summary.fair_share if summary.players > 1 else None)


def solo_win_rates(solo) -> WinRates:
    """Solo (a :class:`~studio.playtest.stats.SoloSummary`): the win rate against the target per
    challenge set, then all sets together (grey) when there are several."""
    rows = [(x.label, x.win_rate, x.ci_low, x.ci_high) for x in solo.sets]
    colours = [SEAT_COLOURS[1]] * len(rows)
    if len(solo.sets) > 1:
        rows.append(("all", solo.win_rate, solo.ci_low, solo.ci_high))
        colours.append("#555555")
    return WinRates(rows, colours, None)


def win_rates_height(model: WinRates) -> int:
    """The natural height of :func:`win_rates_svg` for ``model`` (26 px a row)."""
    return 26 * len(model.rows) + 26 + (18 if model.expected is not None else 0)


def win_rates_width(model: WinRates, plot: int = 290) -> int:
    """The natural width of :func:`win_rates_svg`: ``plot`` pixels of bars after the labels."""
    return int(plot + 60 + max(130.0, max((text_width(r[0]) for r in model.rows), default=0) + 16))


def win_rates_svg(model: WinRates, width: float, height: float, p: Palette = REPORT) -> str:
    """The bars of ``model``: 0% to 100% across, each row's bar, its interval as whiskers and
    its rate written after them; the fair share dashed, keyed at the top right."""
    parts = [_open(width, height, "win rate per seat with 95% intervals")]
    top = 18.0 if model.expected is not None else 2.0
    label_w = max((text_width(r[0]) for r in model.rows), default=0.0)
    left = min(max(60.0, 0.45 * width), label_w + 14)
    right = width - 44
    plot = max(10.0, right - left)
    axis_y = height - 14
    n = max(1, len(model.rows))
    row = min(40.0, (axis_y - top - 4) / n)
    rows_top = top + 2 + max(0.0, (axis_y - top - 4 - row * n) / 2)
    for k in range(0, 11, 2):
        x = left + plot * k / 10
        parts.append(f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{axis_y:.1f}" stroke="{p.grid}"/>')
        parts.append(_text(x, height - 3, f"{10 * k}%", p.muted, "middle"))
    for i, ((label, rate, low, high), colour) in enumerate(zip(model.rows, model.colours)):
        y = rows_top + i * row
        bar_h = min(18.0, row * 0.62)
        by = y + (row - bar_h) / 2
        cy = by + bar_h / 2
        parts.append(_text(left - 8, cy + 4, label, p.ink, "end"))
        parts.append(f'<rect x="{left:.1f}" y="{by:.1f}" width="{max(1.0, plot * rate):.1f}" height="{bar_h:.1f}" '
                     f'rx="2" fill="{colour}" fill-opacity="0.8"><title>{_e(label)}: {100 * rate:.1f}% '
                     f'(95% {100 * low:.1f}% to {100 * high:.1f}%)</title></rect>')
        parts.append(f'<line x1="{left + plot * low:.1f}" y1="{cy:.1f}" x2="{left + plot * high:.1f}" y2="{cy:.1f}" '
                     f'stroke="{p.whisker}" stroke-width="1.4"/>')
        for v in (low, high):
            parts.append(f'<line x1="{left + plot * v:.1f}" y1="{cy - 5:.1f}" x2="{left + plot * v:.1f}" '
                         f'y2="{cy + 5:.1f}" stroke="{p.whisker}" stroke-width="1.4"/>')
        parts.append(_text(left + plot * high + 5, cy + 4, f"{100 * rate:.1f}%", p.ink))
    if model.expected is not None:
        x = left + plot * model.expected
        parts.append(f'<line x1="{x:.1f}" y1="{top - 2:.1f}" x2="{x:.1f}" y2="{axis_y:.1f}" stroke="{p.fair}" '
                     'stroke-width="1.2" stroke-dasharray="4 3"/>')
        key = f"fair share {100 * model.expected:.0f}%"
        kx = width - 2 - text_width(key)
        parts.append(f'<line x1="{kx - 26:.1f}" y1="8" x2="{kx - 6:.1f}" y2="8" stroke="{p.fair}" '
                     'stroke-width="1.2" stroke-dasharray="4 3"/>')
        parts.append(_text(kx, 12, key, p.muted))
    parts.append("</svg>")
    return "".join(parts)


# -- distributions ------------------------------------------------------------------------------

@dataclass
class Histogram:
    """Share of games per value for one or more series on a shared integer axis: ``series``
    ``(name, [(value, count), ...], total, colour)`` (colour ``""``: the palette's bar colour),
    ``xlabel`` the axis's name."""

    series: list[tuple[str, list[tuple[float, int]], int, str]] = field(default_factory=list)
    xlabel: str = ""


def histogram(given, xlabel: str) -> Histogram:
    """The histogram of ``given`` ``(name, distribution or None, colour)``
    (:class:`~studio.playtest.stats.Distribution`); missing and empty ones are left out."""
    return Histogram([(name, [(float(v), int(c)) for v, c in d.histogram], d.count, colour)
                      for name, d, colour in given if d is not None and d.count], xlabel)


def score_histogram(summary) -> Histogram:
    """The final scores, one series per seat in its colour."""
    return histogram([(f"seat {x.seat + 1}", x.scores, seat_colour(x.seat)) for x in summary.seats], "points")


def length_histogram(summary) -> Histogram:
    """The game length in rounds (the palette's bar colour)."""
    return histogram([("rounds", summary.rounds, "")], "rounds")


def histogram_svg(model: Histogram, width: float, height: float, p: Palette = REPORT) -> str:
    """The bars of ``model``: share of each series' games per value (grid at 0, half and the
    peak), values along the bottom (thinned to fit), the axis's name under them and, for
    several series, their key at the top. An empty model draws an empty frame."""
    parts = [_open(width, height, f"distribution of {model.xlabel}")]
    series = [s for s in model.series if s[2] and s[1]]
    if not series:
        parts.append("</svg>")
        return "".join(parts)
    values = [v for _, h, _, _ in series for v, _ in h]
    lo, hi = math.floor(min(values)), math.ceil(max(values))
    span = hi - lo + 1
    peak = max(c / t for _, h, t, _ in series for _, c in h) or 1.0
    legend = 16 if len(series) > 1 else 0
    left, bottom = 34.0, height - 28
    top = legend + 6.0
    w, h = width - left - 4, bottom - top
    for k in range(3):
        y = bottom - h * k / 2
        parts.append(f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{left + w:.1f}" y2="{y:.1f}" stroke="{p.grid}"/>')
        parts.append(_text(left - 4, y + 4, f"{100 * peak * k / 2:.0f}%", p.muted, "end"))
    slot = w / span
    bar = max(1.0, slot / len(series) - (0.6 if slot > 4 else 0))
    for j, (name, hist, total, colour) in enumerate(series):
        for value, count in hist:
            bh = h * (count / total) / peak
            x = left + (value - lo) * slot + j * bar
            parts.append(f'<rect x="{x:.1f}" y="{bottom - bh:.1f}" width="{bar:.1f}" height="{bh:.1f}" '
                         f'fill="{colour or p.bar}" fill-opacity="0.8"><title>{_e(name)}: {value:g} in '
                         f'{count} games</title></rect>')
    parts.append(f'<line x1="{left:.1f}" y1="{bottom:.1f}" x2="{left + w:.1f}" y2="{bottom:.1f}" stroke="{p.axis}"/>')
    step = max(1, math.ceil(span / max(1, int(w / 34))))
    for v in range(lo, hi + 1, step):
        parts.append(_text(left + (v - lo + 0.5) * slot, bottom + 13, v, p.muted, "middle"))
    parts.append(_text(left + w / 2, height - 3, model.xlabel, p.muted, "middle"))
    if legend:
        parts += _key_row([(name, colour or p.bar) for name, _h, _t, colour in series], left, 12, p)
    parts.append("</svg>")
    return "".join(parts)


# -- how games ended ----------------------------------------------------------------------------

@dataclass
class EndReasons:
    """How games ended: ``rows`` ``(label, count)`` most frequent first, ``unintended`` the
    labels of ends the design does not intend, ``games`` the total."""

    rows: list[tuple[str, int]] = field(default_factory=list)
    unintended: set[str] = field(default_factory=set)
    games: int = 0


def end_reasons(summary) -> EndReasons:
    """One row per end code with its meaning (the engine's end texts for a summary without
    insight); the ends not intended (:func:`studio.playtest.report.intended`)."""
    from studio.playtest.insight import END_CODES
    from studio.playtest.report import intended

    ins = summary.insight
    if ins is None:
        return EndReasons(list(summary.end_reasons.items()), set(), summary.games)
    rows = [(f"{code}: {END_CODES.get(code, code)}", count) for code, count in ins.end_codes.items()]
    bad = {f"{code}: {END_CODES.get(code, code)}" for code in ins.end_codes if not intended(ins, code)}
    return EndReasons(rows, bad, summary.games)


END_ROWS = 6  # shown; the rest are counted under them


def end_reasons_svg(model: EndReasons, width: float, height: float, p: Palette = REPORT) -> str:
    """A labelled share bar per end (up to :data:`END_ROWS`), its count and share on the right;
    unintended ends in red."""
    parts = [_open(width, height, "how games ended")]
    shown = model.rows[:END_ROWS]
    row = min(34.0, height / max(1, len(shown)))
    room = max(4, int((width - 90) / text_width("x")))
    for i, (reason, count) in enumerate(shown):
        y = i * row
        share = count / model.games if model.games else 0
        bad = reason in model.unintended
        label = reason + (" (not intended)" if bad else "")
        if len(label) > room:
            label = label[:room - 1] + "…"
        parts.append(_text(0, y + 11, label, p.unintended if bad else p.ink))
        parts.append(_text(width, y + 11, f"{count} · {100 * share:.0f}%", p.muted, "end"))
        parts.append(f'<rect x="0" y="{y + 16:.1f}" width="{width:.1f}" height="8" rx="3" fill="{p.bar_empty}"/>')
        parts.append(f'<rect x="0" y="{y + 16:.1f}" width="{max(2.0, width * share):.1f}" height="8" rx="3" '
                     f'fill="{p.unintended if bad else p.bar}"/>')
    if len(model.rows) > len(shown):
        parts.append(_text(width, height - 2, f"and {len(model.rows) - len(shown)} more", p.muted, "end"))
    parts.append("</svg>")
    return "".join(parts)


# -- the arc of a game --------------------------------------------------------------------------

@dataclass
class Arc:
    """The arc of a game (:attr:`~studio.playtest.insight.Insight.arc`): ``arc`` each seat's
    mean score after every round, ``games`` the games still running per round, ``labels`` and
    ``colours`` one per seat."""

    arc: list[list[float]] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)


def arc(summary) -> Arc:
    """The arc of ``summary``'s games (empty without insight figures)."""
    ins = summary.insight
    if ins is None:
        return Arc()
    return Arc([list(r) for r in ins.arc], list(ins.arc_games), [f"seat {x.seat + 1} {x.name}" for x in summary.seats],
               [seat_colour(x.seat) for x in summary.seats])


def arc_svg(model: Arc, width: float, height: float, p: Palette = REPORT) -> str:
    """A line per seat of its mean score after each round, the grey bars below showing how many
    games were still running; the seats' key at the top."""
    parts = [_open(width, height, "mean score after each round")]
    n = len(model.arc)
    if not n:
        parts.append("</svg>")
        return "".join(parts)
    seats = len(model.arc[0])
    lo = min(0.0, min(min(r) for r in model.arc))
    hi = max(1.0, max(max(r) for r in model.arc))
    most = max(model.games, default=0) or 1
    left, top, right, bottom = 30.0, 22.0, width - 6, height - 28

    def x(i):
        return left + ((right - left) * i / (n - 1) if n > 1 else (right - left) / 2)

    def y(v):
        return top + (bottom - top) * (1 - (v - lo) / (hi - lo))

    for i, k in enumerate(model.games):
        h = 0.25 * (bottom - top) * k / most
        parts.append(f'<rect x="{x(i) - 2:.1f}" y="{bottom - h:.1f}" width="4" height="{h:.1f}" fill="{p.running}">'
                     f"<title>round {i + 1}: {k} games running</title></rect>")
    for v in (lo, (lo + hi) / 2, hi):
        parts.append(f'<line x1="{left:.1f}" y1="{y(v):.1f}" x2="{right:.1f}" y2="{y(v):.1f}" stroke="{p.grid}"/>')
        parts.append(_text(left - 5, y(v) + 4, f"{v:.0f}", p.muted, "end"))
    step = max(1, math.ceil(n / max(1, int((right - left) / 24))))
    for i in range(0, n, step):
        parts.append(_text(x(i), bottom + 13, i + 1, p.muted, "middle"))
    parts.append(_text((left + right) / 2, height - 3, "round", p.muted, "middle"))
    for seat in range(seats):
        colour = model.colours[seat] if seat < len(model.colours) else seat_colour(seat)
        pts = " ".join(f"{x(i):.1f},{y(r[seat]):.1f}" for i, r in enumerate(model.arc) if seat < len(r))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
    keys = [(model.labels[s] if s < len(model.labels) else f"seat {s + 1}",
             model.colours[s] if s < len(model.colours) else seat_colour(s)) for s in range(seats)]
    parts += _key_row(keys, left, 12, p)
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["FONT_PX", "REPORT", "SEAT_COLOURS", "Arc", "EndReasons", "Histogram", "Palette", "WinRates", "arc",
           "arc_svg", "end_reasons", "end_reasons_svg", "histogram", "histogram_svg", "length_histogram",
           "score_histogram", "seat_colour", "solo_win_rates", "text_width", "win_rates", "win_rates_height",
           "win_rates_svg", "win_rates_width"]
