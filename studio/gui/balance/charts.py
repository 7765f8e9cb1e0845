"""Charts of a balance report: per-seat win rates with their 95% interval, distributions (scores,
game length), how games ended (unintended ends in red) and the arc of the games (mean score per
round per seat).

The charts exist once, in :mod:`studio.playtest.charts` (a model built from the
:class:`~studio.playtest.stats.Summary` and an SVG painter); the HTML report embeds that SVG and
each chart here shows the same SVG through QtSvg, laid out at the widget's size in the desktop's
palette (:func:`palette`), inside a titled frame (:class:`Chart`). Each keeps its model in
``model`` and the numbers it shows in public attributes so tests can check them against the
summary.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QSizePolicy, QWidget

from studio.gui.shell import desktop
from studio.playtest import charts
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


def palette() -> charts.Palette:
    """The charts' colours in the desktop's palette (:mod:`studio.gui.shell.desktop`), read at each
    paint so a change of theme shows at once."""
    c = desktop.colour
    return charts.Palette(ink=c("text"), muted=c("faint"), grid=c("grid"), axis=c("faint"), whisker=c("text"),
                          fair=c("muted"), bar=c("bar"), bar_empty=c("bar_empty"), running=c("grid"),
                          unintended=c("error"))


class SvgChart(Chart):
    """A chart of :mod:`studio.playtest.charts`: ``model`` (None: no data yet) drawn by
    ``painter`` (one of that module's ``*_svg`` functions) at the size of the frame's body."""

    def __init__(self, title: str, painter, parent=None):
        super().__init__(title, parent)
        self.model = None
        self._painter = painter

    def set_model(self, model) -> None:
        """Show ``model`` (None: the empty frame)."""
        self.model = model
        self.update()

    def has_data(self) -> bool:
        return self.model is not None and self._has(self.model)

    def _has(self, model) -> bool:
        raise NotImplementedError

    def svg(self, width: float, height: float) -> str:
        """The SVG this chart shows at ``width`` x ``height`` pixels: the model's own painter in
        the desktop's palette."""
        return self._painter(self.model, width, height, palette())

    def plot(self, p: QPainter, rect: QRectF) -> None:
        renderer = QSvgRenderer(QByteArray(self.svg(round(rect.width()), round(rect.height())).encode()))
        renderer.render(p, QRectF(rect.left(), rect.top(), round(rect.width()), round(rect.height())))


class WinRateChart(SvgChart):
    """Horizontal bars: each seat's win rate (0..1) with its 95% Wilson interval as whiskers,
    and a dashed line at the fair share (:func:`studio.playtest.charts.win_rates`). ``rows``:
    ``(label, rate, low, high)`` per seat."""

    def __init__(self, parent=None):
        super().__init__("Win rate per seat (95% interval)", charts.win_rates_svg, parent)

    def set_summary(self, summary) -> None:
        self.set_model(charts.win_rates(summary))

    def _has(self, model) -> bool:
        return bool(model.rows)

    @property
    def rows(self) -> list:
        return self.model.rows if self.model is not None else []

    @property
    def expected(self) -> float | None:
        return self.model.expected if self.model is not None else None


class HistogramChart(SvgChart):
    """Share of games per value for one or more series on a shared integer axis
    (:class:`studio.playtest.charts.Histogram`). ``series``: ``(name, [(value, count), ...],
    total, colour)``."""

    def __init__(self, title: str, parent=None):
        super().__init__(title, charts.histogram_svg, parent)

    def _has(self, model) -> bool:
        return bool(model.series)

    @property
    def series(self) -> list:
        return self.model.series if self.model is not None else []


class EndReasonsChart(SvgChart):
    """How games ended (:func:`studio.playtest.charts.end_reasons`): one share bar per end code
    (with its meaning), its count and share; ends the design does not intend in red. ``rows``:
    ``(label, count)`` most frequent first; ``unintended``: the labels of unintended ends;
    ``games`` the total."""

    def __init__(self, parent=None):
        super().__init__("How games ended", charts.end_reasons_svg, parent)

    def set_summary(self, summary) -> None:
        self.set_model(charts.end_reasons(summary))

    def _has(self, model) -> bool:
        return bool(model.rows)

    @property
    def rows(self) -> list:
        return self.model.rows if self.model is not None else []

    @property
    def unintended(self) -> set:
        return self.model.unintended if self.model is not None else set()


class ArcChart(SvgChart):
    """The arc of a game (:func:`studio.playtest.charts.arc`): each seat's mean score after
    every round, over the games still running (grey bars). ``arc``: per round, per seat."""

    def __init__(self, parent=None):
        super().__init__("Score over the rounds", charts.arc_svg, parent)

    def set_summary(self, summary) -> None:
        self.set_model(charts.arc(summary))

    def _has(self, model) -> bool:
        return bool(model.arc)

    @property
    def arc(self) -> list:
        return self.model.arc if self.model is not None else []
