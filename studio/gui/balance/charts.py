"""Charts of a balance report, drawn with QPainter: per-seat win rates with their 95% interval,
distributions (scores, game length), how games ended (unintended ends in red) and the arc of the
games (mean score per round per seat).

Each chart is a plain widget given its data with ``set_*``; it keeps the numbers it shows in
public attributes so tests can check them against the :class:`~studio.playtest.stats.Summary`.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from studio.gui.shell import desktop
from studio.render import style


# chart colours follow the palette (studio.gui.shell.desktop.theme), read at each paint
def ink_colour() -> QColor:
    return desktop.qcolour("text")


def muted_colour() -> QColor:
    return desktop.qcolour("faint")


def grid_colour() -> QColor:
    return desktop.qcolour("grid")


def background_colour() -> QColor:
    return desktop.qcolour("card")


def frame_colour() -> QColor:
    return desktop.qcolour("card_border")


def unintended_colour() -> QColor:
    return desktop.qcolour("error")


def seat_colour(seat: int) -> QColor:
    """The colour of seat ``seat`` (0-based) on the board (its start pegs, its label, the
    playtest window), so the charts speak the board's colours, as the HTML report does."""
    return style.seat_colour(seat)


class Chart(QWidget):
    """A titled chart frame; subclasses draw in :meth:`plot` inside ``rect``."""

    def __init__(self, title: str, parent=None):
        super().__init__(parent)
        self.title = title
        self.empty_text = "run a batch to see this chart"
        self.setAccessibleName(title)   # screen readers say which chart; the figures are in the report
        self.setAccessibleDescription(self.tr("A chart of the last balance run; its figures are in the saved report "
                                      "(HTML, JSON or CSV)."))
        self.setMinimumSize(300, 190)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(420, 230)

    def has_data(self) -> bool:
        return False

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing, True)
        r = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        p.setPen(QPen(frame_colour(), 1))
        p.setBrush(background_colour())
        p.drawRoundedRect(r, 6, 6)
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(13)
        p.setFont(font)
        p.setPen(ink_colour())
        p.drawText(QRectF(12, 6, r.width() - 24, 20), Qt.AlignLeft | Qt.AlignVCenter, self.title)
        small = QFont(self.font())
        small.setPixelSize(11)
        p.setFont(small)
        body = QRectF(12, 30, r.width() - 24, r.height() - 40)
        if not self.has_data():
            p.setPen(muted_colour())
            p.drawText(body, Qt.AlignCenter, self.empty_text)
        else:
            self.plot(p, body)
        p.end()

    def plot(self, p: QPainter, rect: QRectF) -> None:
        raise NotImplementedError


class WinRateChart(Chart):
    """Horizontal bars: each seat's win rate (0..1) with its 95% Wilson interval as whiskers,
    and a dashed line at the fair share. ``rows``: ``(label, rate, low, high)`` per seat."""

    def __init__(self, parent=None):
        super().__init__("Win rate per seat (95% interval)", parent)
        self.rows: list[tuple[str, float, float, float]] = []
        self.expected: float | None = None

    def set_summary(self, summary) -> None:
        self.rows = [(f"{s.seat + 1}. {s.name}", s.win_rate, s.ci_low, s.ci_high) for s in summary.seats]
        self.expected = summary.fair_share if summary.players > 1 else None
        self.update()

    def has_data(self) -> bool:
        return bool(self.rows)

    def plot(self, p: QPainter, rect: QRectF) -> None:
        fm = p.fontMetrics()
        left = rect.left() + min(150, max(fm.horizontalAdvance(r[0]) for r in self.rows) + 10)
        right = rect.right() - 44
        width = max(10.0, right - left)
        axis_y = rect.bottom() - 14
        row = min(40.0, (axis_y - rect.top() - 4) / len(self.rows))
        rows_top = rect.top() + 2 + max(0.0, (axis_y - rect.top() - 4 - row * len(self.rows)) / 2)
        top = rect.top() + 2
        for k in range(0, 11, 2):
            x = left + width * k / 10
            p.setPen(QPen(grid_colour(), 1))
            p.drawLine(QPointF(x, top), QPointF(x, axis_y))
            p.setPen(muted_colour())
            p.drawText(QRectF(x - 20, axis_y, 40, 14), Qt.AlignCenter, f"{10 * k}%")
        for i, (label, rate, low, high) in enumerate(self.rows):
            y = rows_top + i * row
            colour = seat_colour(i)
            p.setPen(ink_colour())
            p.drawText(QRectF(rect.left(), y, left - rect.left() - 8, row), Qt.AlignRight | Qt.AlignVCenter, label)
            bar_h = min(18.0, row * 0.62)
            by = y + (row - bar_h) / 2
            fill = QColor(colour)
            fill.setAlpha(205)
            p.setPen(Qt.NoPen)
            p.setBrush(fill)
            p.drawRoundedRect(QRectF(left, by, max(1.0, width * rate), bar_h), 2, 2)
            cy = by + bar_h / 2
            p.setPen(QPen(ink_colour(), 1.4))
            p.drawLine(QPointF(left + width * low, cy), QPointF(left + width * high, cy))
            for x in (low, high):
                p.drawLine(QPointF(left + width * x, cy - 5), QPointF(left + width * x, cy + 5))
            p.drawText(QRectF(left + width * high + 5, y, 60, row), Qt.AlignLeft | Qt.AlignVCenter,
                       f"{100 * rate:.1f}%")
        if self.expected is not None:
            x = left + width * self.expected
            pen = QPen(desktop.qcolour("muted"), 1.2, Qt.DashLine)
            p.setPen(pen)
            p.drawLine(QPointF(x, top - 2), QPointF(x, axis_y))
            p.setPen(muted_colour())  # the key sits in the title row, right-aligned
            key = f"fair share {100 * self.expected:.0f}%"
            kw = p.fontMetrics().horizontalAdvance(key)
            kx = rect.right() - kw
            p.drawText(QRectF(kx, rect.top() - 24, kw + 2, 18), Qt.AlignLeft | Qt.AlignVCenter, key)
            p.setPen(pen)
            p.drawLine(QPointF(kx - 26, rect.top() - 15), QPointF(kx - 6, rect.top() - 15))


class HistogramChart(Chart):
    """Share of games per value for one or more series on a shared integer axis.
    ``series``: ``(name, [(value, count), ...], total, colour)``."""

    def __init__(self, title: str, xlabel: str, parent=None):
        super().__init__(title, parent)
        self.xlabel = xlabel
        self.series: list[tuple[str, list, int, QColor]] = []

    def set_series(self, series) -> None:
        self.series = [(n, [(float(v), int(c)) for v, c in h], t, QColor(col)) for n, h, t, col in series if t]
        self.update()

    def has_data(self) -> bool:
        return bool(self.series)

    def plot(self, p: QPainter, rect: QRectF) -> None:
        values = [v for _, h, _, _ in self.series for v, _ in h]
        lo, hi = math.floor(min(values)), math.ceil(max(values))
        span = hi - lo + 1
        peak = max(c / t for _, h, t, _ in self.series for _, c in h) or 1.0
        legend = 16 if len(self.series) > 1 else 0
        left, bottom = rect.left() + 34, rect.bottom() - 28
        top = rect.top() + legend + 4
        w, h = rect.right() - left, bottom - top
        p.setPen(QPen(grid_colour(), 1))
        for k in range(3):
            y = bottom - h * k / 2
            p.drawLine(QPointF(left, y), QPointF(left + w, y))
            p.setPen(muted_colour())
            p.drawText(QRectF(rect.left(), y - 7, 30, 14), Qt.AlignRight | Qt.AlignVCenter, f"{100 * peak * k / 2:.0f}%")
            p.setPen(QPen(grid_colour(), 1))
        slot = w / span
        bar = max(1.0, slot / len(self.series) - (0.6 if slot > 4 else 0))
        for j, (_name, hist, total, colour) in enumerate(self.series):
            fill = QColor(colour)
            fill.setAlpha(200)
            p.setPen(Qt.NoPen)
            p.setBrush(fill)
            for value, count in hist:
                bh = h * (count / total) / peak
                x = left + (value - lo) * slot + j * bar
                p.drawRect(QRectF(x, bottom - bh, bar, bh))
        p.setPen(QPen(muted_colour(), 1))
        p.drawLine(QPointF(left, bottom), QPointF(left + w, bottom))
        step = max(1, math.ceil(span / max(1, int(w / 34))))
        for v in range(lo, hi + 1, step):
            x = left + (v - lo + 0.5) * slot
            p.drawText(QRectF(x - 18, bottom + 1, 36, 13), Qt.AlignCenter, str(v))
        p.drawText(QRectF(left, bottom + 13, w, 14), Qt.AlignCenter, self.xlabel)
        if legend:
            x = left
            for name, _h, _t, colour in self.series:
                p.setPen(Qt.NoPen)
                p.setBrush(colour)
                p.drawRect(QRectF(x, rect.top() + 2, 10, 10))
                p.setPen(ink_colour())
                tw = p.fontMetrics().horizontalAdvance(name)
                p.drawText(QRectF(x + 14, rect.top() - 1, tw + 4, 16), Qt.AlignLeft | Qt.AlignVCenter, name)
                x += tw + 30


class EndReasonsChart(Chart):
    """How games ended: one horizontal bar per end code (with its meaning), its count and
    share; ends the design does not intend are drawn in red. ``rows``: ``(label, count)`` most
    frequent first (the engine's end texts for a summary without insight); ``unintended``: the
    labels of unintended ends; ``games`` the total."""

    def __init__(self, parent=None):
        super().__init__("How games ended", parent)
        self.rows: list[tuple[str, int]] = []
        self.unintended: set[str] = set()
        self.games = 0

    def set_summary(self, summary) -> None:
        from studio.playtest.insight import END_CODES
        from studio.playtest.report import intended

        ins = summary.insight
        if ins is None:
            self.rows = list(summary.end_reasons.items())
            self.unintended = set()
        else:
            self.rows = [(f"{code}: {END_CODES.get(code, code)}", count) for code, count in ins.end_codes.items()]
            self.unintended = {f"{code}: {END_CODES.get(code, code)}" for code in ins.end_codes
                               if not intended(ins, code)}
        self.games = summary.games
        self.update()

    def has_data(self) -> bool:
        return bool(self.rows)

    def plot(self, p: QPainter, rect: QRectF) -> None:
        shown = self.rows[:6]
        row = min(34.0, rect.height() / max(1, len(shown)))
        for i, (reason, count) in enumerate(shown):
            y = rect.top() + i * row
            share = count / self.games if self.games else 0
            bad = reason in self.unintended
            p.setPen(unintended_colour() if bad else ink_colour())
            label = reason + (" (not intended)" if bad else "")
            text = p.fontMetrics().elidedText(label, Qt.ElideRight, int(rect.width() - 90))
            p.drawText(QRectF(rect.left(), y, rect.width() - 90, 14), Qt.AlignLeft | Qt.AlignVCenter, text)
            p.setPen(muted_colour())
            p.drawText(QRectF(rect.right() - 88, y, 88, 14), Qt.AlignRight | Qt.AlignVCenter,
                       f"{count} · {100 * share:.0f}%")
            p.setPen(Qt.NoPen)
            p.setBrush(desktop.qcolour("bar_empty"))
            p.drawRoundedRect(QRectF(rect.left(), y + 16, rect.width(), 8), 3, 3)
            p.setBrush(unintended_colour() if bad else desktop.qcolour("bar"))
            p.drawRoundedRect(QRectF(rect.left(), y + 16, max(2.0, rect.width() * share), 8), 3, 3)
        if len(self.rows) > len(shown):
            p.setPen(muted_colour())
            p.drawText(QRectF(rect.left(), rect.bottom() - 12, rect.width(), 12), Qt.AlignRight,
                       f"and {len(self.rows) - len(shown)} more")


class ArcChart(Chart):
    """The arc of a game: each seat's mean score after every round (over the games still
    running, grey bars), from :attr:`~studio.playtest.insight.Insight.arc`. ``arc``: per round,
    per seat; ``games``: games running per round."""

    def __init__(self, parent=None):
        super().__init__("Score over the rounds", parent)
        self.arc: list = []
        self.games: list = []

    def set_summary(self, summary) -> None:
        ins = summary.insight
        self.arc = [list(r) for r in ins.arc] if ins is not None else []
        self.games = list(ins.arc_games) if ins is not None else []
        self.update()

    def has_data(self) -> bool:
        return bool(self.arc)

    def plot(self, p: QPainter, rect: QRectF) -> None:
        n, seats = len(self.arc), len(self.arc[0])
        lo = min(0.0, min(min(r) for r in self.arc))
        hi = max(1.0, max(max(r) for r in self.arc))
        area = rect.adjusted(28, 18, -4, -16)
        most = max(self.games) or 1

        def x(i):
            return area.left() + (area.width() * i / (n - 1) if n > 1 else area.width() / 2)

        def y(v):
            return area.top() + area.height() * (1 - (v - lo) / (hi - lo))

        p.setPen(Qt.NoPen)
        p.setBrush(grid_colour())
        for i, k in enumerate(self.games):
            h = 0.25 * area.height() * k / most
            p.drawRect(QRectF(x(i) - 2, area.bottom() - h, 4, h))
        for v in (lo, (lo + hi) / 2, hi):
            p.setPen(QPen(grid_colour(), 1))
            p.drawLine(QPointF(area.left(), y(v)), QPointF(area.right(), y(v)))
            p.setPen(muted_colour())
            p.drawText(QRectF(rect.left(), y(v) - 7, 24, 14), Qt.AlignRight | Qt.AlignVCenter, f"{v:.0f}")
        step = max(1, n // 8)
        for i in range(0, n, step):
            p.drawText(QRectF(x(i) - 12, area.bottom() + 2, 24, 14), Qt.AlignCenter, str(i + 1))
        for seat in range(seats):
            p.setPen(QPen(seat_colour(seat), 2))
            pts = [QPointF(x(i), y(r[seat])) for i, r in enumerate(self.arc)]
            for a, b in zip(pts, pts[1:]):
                p.drawLine(a, b)
        xx = rect.left()
        for seat in range(seats):
            p.setPen(Qt.NoPen)
            p.setBrush(seat_colour(seat))
            p.drawRect(QRectF(xx + 28, rect.top() + 4, 10, 10))
            p.setPen(ink_colour())
            p.drawText(QRectF(xx + 42, rect.top(), 60, 16), Qt.AlignLeft | Qt.AlignVCenter, f"seat {seat + 1}")
            xx += 70
