"""The heat map of an island balance run, drawn over the island editor's canvas.

:class:`IslandHeatItem` is one scene item in the canvas's units (R = 1 hexes, as
:mod:`studio.render.island` draws them), stacked over the island and its overlays. It takes no
mouse button and has an empty shape, so the editor's tools work through it. It draws:

- every crossable space shaded by the share of the island's visits that crossed it (pale yellow
  for rarely, deep red for every visit) with the percentage written small under its icon;
- spaces no visit crossed hatched in red with a dashed red outline;
- each bridge as a band coloured by the share of visits that used it (dashed red: never);
- on each goal marker (the quest's spaces, a fort) the share of visits that met the step and
  the mean round it was met in.

:class:`IslandHeatLegend` is laid over the view's corner: the colour ramp, the never-crossed
mark, the games and visits counted, every goal step's rate (missions have no marker on the
island) and, after an edit, that the map is out of date.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from studio.content.words import counted
from studio.gui.balance.heatmap import BLAME_COLOUR
from studio.gui.balance.overlay import (
    NEVER,
    HeatLegendBase,
    HeatRamp,
    centred_text,
    heat_colour,
    make_passive,
    never_marks,
    paint_never,
)
from studio.gui.shell import desktop
from studio.playtest.elements import KEY_HEXES
from studio.playtest.heat import space_rate_text
from studio.render import glyphs
from studio.render.island import centre, polygon

Z_ISLAND_HEAT = 50.0          # over the island item (0) and its overlays
HEX_SCALE = 0.97              # the shading stops just inside the printed grid
RATE_TEXT = 0.2               # percentages, in hex units
GOAL_TEXT = 0.24
BRIDGE_WIDTH = 0.14
WASH = QColor(255, 255, 255, 110)
LEGEND_WIDTH = 290


def goal_anchors(island) -> dict[str, tuple]:
    """Where each goal step has a marker on the island: ``{element key: (q, r)}`` for steps on
    given spaces (their first space, where the quest's badge sits) and fort steps (the fort);
    area and pattern steps have none."""
    out = {}
    for name, goal in island.goals():
        for k, step in enumerate(goal.steps, start=1):
            key = f"goal {island.id} {name} {k}"
            if step.kind == "spaces" and step.spaces:
                out[key] = tuple(step.spaces[0])
            elif step.kind == "fort" and step.fort is not None:
                out[key] = tuple(step.fort)
    return out


def island_blamed(island, keys, seats=()) -> tuple[list, list, list]:
    """What a warning's :class:`~studio.playtest.stats.Blame` names on ``island`` (keys of
    :mod:`studio.playtest.elements`, ``seats``: its 0-based seats): ``(hexes, bridges,
    goals)``, hexes as ``(q, r)`` in first-named order: ``space <id> q,r`` its space; ``goal
    <id> <name> <step>`` the step's spaces or fort (a pattern or area step has none on the
    island: its goal name is listed in ``goals``); ``bridge <id> q,r-q,r`` the bridge
    ``((q, r), (q, r))``; ``island <id>`` every space and fort; a seat, the island's ship
    spaces (every explorer of an island balance run starts on a copy of it, RIV-S1). Keys of
    other islands, trees and unknown steps name nothing here."""
    hexes: dict = {}
    bridges: list = []
    goals: list = []
    steps = {(name, k): step for name, goal in island.goals() for k, step in enumerate(goal.steps, start=1)}

    def hx(text):
        q, r = text.split(",")
        return int(q), int(r)

    for key in keys:
        kind, _, rest = key.partition(" ")
        where, _, rest = rest.partition(" ")
        if where != island.id:
            continue
        m = KEY_HEXES.fullmatch(rest)
        if kind == "space" and m and not m[2]:
            hexes[hx(m[1])] = None
        elif kind == "bridge" and m and m[2]:
            bridges.append((hx(m[1]), hx(m[2])))
        elif kind == "island":
            hexes.update(dict.fromkeys([sp.at for sp in island.spaces] + list(island.forts)))
        elif kind == "goal":
            name, _, k = rest.rpartition(" ")
            step = steps.get((name, int(k))) if k.isdigit() else None
            if step is None:
                continue
            at = [step.fort] if step.kind == "fort" and step.fort is not None else list(step.spaces)
            hexes.update(dict.fromkeys(tuple(h) for h in at))
            if not at and name not in goals:
                goals.append(name)
    if seats:
        hexes.update(dict.fromkeys(island.ships()))
    return list(hexes), bridges, goals


class IslandBlameItem(QGraphicsItem):
    """The outlines of what one warning blames on the island (:func:`island_blamed`), over the
    heat map: hexes outlined in blue with a white halo, bridges drawn as blue lines. ``area``:
    their bounds, to bring into view (empty: nothing on this island). Takes no click."""

    def __init__(self, island, hexes, bridges):
        super().__init__()
        self.orientation = island.orientation
        self.hexes = list(hexes)
        self.bridges = list(bridges)
        rect = QRectF()
        for h in self.hexes + [h for b in self.bridges for h in b]:
            rect = rect.united(polygon(h, self.orientation).boundingRect())
        self.area = rect
        self._rect = rect.adjusted(-0.3, -0.3, 0.3, 0.3)
        make_passive(self, Z_ISLAND_HEAT + 5)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never hit: the canvas's tools get every click

    def paint(self, p: QPainter, option, widget=None) -> None:
        o = self.orientation
        p.setRenderHint(QPainter.Antialiasing, True)
        p.setBrush(Qt.NoBrush)
        for pen in (QPen(QColor(255, 255, 255, 220), 0.2, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin),
                    QPen(BLAME_COLOUR, 0.1, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)):
            p.setPen(pen)
            for h in self.hexes:
                p.drawPolygon(polygon(h, o, 0.9))
            for a, b in self.bridges:
                p.drawLine(centre(a, o), centre(b, o))


def goal_title(count) -> str:
    """``Quest``, ``Quest, step 2``, ``Mission 1`` … from an :class:`IslandCount` of a goal."""
    parts = count.key.split(" ")
    step = parts[-1]
    name = " ".join(parts[2:-1])
    return name.capitalize() + (f", step {step}" if step != "1" else "")


class IslandHeatItem(QGraphicsItem):
    """The rates of ``stats`` (an :class:`~studio.playtest.elements.IslandStats`) over
    ``island`` (the :class:`~studio.model.rivages.Island` the run played).

    ``rates`` maps every crossable space ``(q, r)`` to its share of visits (0..1), ``never``
    lists the spaces no visit crossed, ``bridge_rates`` maps each bridge ``((q, r), (q, r))``
    to its share, and ``goal_labels`` maps each goal step key with a marker to the text written
    on it."""

    def __init__(self, island, stats):
        super().__init__()
        self.island = island
        self.stats = stats
        self.orientation = island.orientation
        self.rates: dict = {}
        self.never: list = []
        for c in stats.spaces:
            h = tuple(c.at[0])
            self.rates[h] = c.rate
            if c.visits == 0:
                self.never.append(h)
        self.bridge_rates = {(tuple(c.at[0]), tuple(c.at[1])): c.rate for c in stats.bridges}
        self.bridge_never = {(tuple(c.at[0]), tuple(c.at[1])) for c in stats.bridges if c.visits == 0}
        anchors = goal_anchors(island)
        self.goal_labels: dict[str, str] = {}
        self._goal_at: dict[str, tuple] = {}
        for c in stats.goals:
            if c.key in anchors:
                self.goal_labels[c.key] = goal_text(c)
                self._goal_at[c.key] = anchors[c.key]
        rect = QRectF()
        for h in list(self.rates) + list(self._goal_at.values()):
            rect = rect.united(polygon(h, self.orientation).boundingRect())
        self._rect = rect.adjusted(-1, -1, 1, 1)
        make_passive(self, Z_ISLAND_HEAT)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()  # never hit: the canvas's tools get every click

    def paint(self, p: QPainter, option, widget=None) -> None:
        o = self.orientation
        p.setRenderHint(QPainter.Antialiasing, True)
        hatch, never_pen = never_marks(170)
        for h, rate in self.rates.items():
            poly = polygon(h, o, HEX_SCALE)
            p.setPen(Qt.NoPen)
            if h in self.never:
                paint_never(p, poly, hatch, never_pen)
            else:
                # a white wash first, so the terrain colours do not tint the heat
                p.setBrush(WASH)
                p.drawPolygon(poly)
                p.setBrush(heat_colour(rate, 165))
                p.drawPolygon(poly)
        for (a, b), rate in self.bridge_rates.items():
            never = (a, b) in self.bridge_never
            colour = NEVER if never else heat_colour(rate, 235)
            p.setPen(QPen(colour, BRIDGE_WIDTH, Qt.DashLine if never else Qt.SolidLine, Qt.RoundCap))
            p.drawLine(centre(a, o), centre(b, o))
        ink = QColor("#2b2118")
        halo = QColor(255, 255, 255, 225)
        for h, rate in self.rates.items():
            c = centre(h, o)
            text = space_rate_text(rate, h in self.never)
            glyphs.paint_text(p, QPointF(c.x(), c.y() + 0.62), text, RATE_TEXT, NEVER if h in self.never else ink,
                              outline=halo)
        for key, text in self.goal_labels.items():
            c = centre(self._goal_at[key], o)
            at = QPointF(c.x() - 0.5, c.y() - 0.8)
            _pill(p, at, text)


def goal_text(count) -> str:
    """The label of a goal step: ``63% · round 4.2`` (``never met`` when no visit met it)."""
    if not count.visits:
        return "never met"
    return f"{100 * count.rate:.0f}% · round {count.mean_round:.1f}"


def _pill(p: QPainter, at: QPointF, text: str) -> None:
    path, scale = centred_text(text, GOAL_TEXT)
    p.save()
    p.translate(at)
    p.scale(scale, scale)
    rect = path.boundingRect().adjusted(-8, -5, 8, 5)
    p.setPen(QPen(QColor("#8a6a00"), 2))
    p.setBrush(QColor(255, 248, 214, 240))
    p.drawRoundedRect(rect, 9, 9)
    p.fillPath(path, QColor("#3a2f25") if text != "never met" else NEVER)
    p.restore()


class IslandHeatLegend(HeatLegendBase):
    """The island heat map's key, laid over the view's top-left corner (mouse events pass
    through it). :meth:`set_stats` fills it; ``stale`` adds the out-of-date line."""

    def __init__(self, parent=None):
        super().__init__(parent, "islandHeatLegend", 238, 3, "<b>Heat map</b>: share of this island's visits",
                         HeatRamp(36, 130, 50, 20, 76, "never crossed"), LEGEND_WIDTH,
                         wrap_title=True, rich_text=True)

    def set_stats(self, stats, stale: bool = False, blamed: str = "") -> None:
        """Fill the key from ``stats``; ``stale``: the island changed since the run;
        ``blamed``: the line saying what the blue outlines show (a warning's culprits)."""
        s = stats
        lines = [f"{s.games} game{'s' if s.games != 1 else ''}, {s.visits} visit{'s' if s.visits != 1 else ''} "
                 f"of {html.escape(s.name)}; {len(s.never_crossed)} of {counted(len(s.spaces), 'space')} never crossed"]
        if s.bridges:
            used = sum(1 for c in s.bridges if c.visits)
            lines.append(f"bridges used: {used} of {len(s.bridges)}")
        loot = s.loot_spaces
        if loot:
            taken = ", ".join(f"{100 * c.rate:.0f}%" for c in loot)
            lines.append(f"loot spaces crossed: {taken}")
        goals = "".join(f"<tr><td>{html.escape(goal_title(c))}</td><td align='right'>&nbsp;"
                        f"{'–' if not c.visits else f'{100 * c.rate:.0f}%'}</td>"
                        f"<td align='right'>&nbsp;{'never met' if not c.visits else f'round {c.mean_round:.1f}'}</td></tr>"
                        for c in s.goals)
        text = "<br>".join(lines)
        if goals:
            text += f"<table style='margin-top:3px'>{goals}</table>"
        if blamed:
            text += f"<span style='color:{BLAME_COLOUR.name()}'>{html.escape(blamed)}</span><br>"
        if stale:
            text += f"<span style='color:{desktop.colour('error')}'>the island changed since this run</span>"
        self.text.setText(text)
        self.adjustSize()

    def fit_to(self, size) -> None:
        """Scale to a view of ``size`` (QSize, pixels) so the legend never covers the canvas: at
        most 40% of its width (at least 200 px); the details fold away in a view under 725 x
        360 px (title and ramp stay), and under 420 x 240 px only the title line is left."""
        tiny = size.width() < 420 or size.height() < 240
        self.setFixedWidth(max(200, min(LEGEND_WIDTH, int(size.width() * 0.4))))
        self.text.setVisible(size.width() >= 725 and size.height() >= 360)
        self.ramp.setVisible(not tiny)
        self.adjustSize()


__all__ = ["IslandBlameItem", "IslandHeatItem", "IslandHeatLegend", "goal_anchors", "goal_text", "goal_title",
           "island_blamed"]
