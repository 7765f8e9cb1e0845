"""What every heat map of a batch draws alike, in plain values (no Qt): the colour scale, the
labels of pictures and idols, and where a peg's id is written. The editor's heat map
(:mod:`studio.gui.balance.heatmap`, :mod:`studio.gui.balance.island_heatmap`), the printed
board's peg ids (:func:`studio.render.board.paint_board`) and the HTML report's maps
(:mod:`studio.playtest.report`) all take them from here, so they show the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass

LOW = (255, 241, 168)      # rarely taken: pale yellow
HIGH = (176, 30, 24)       # taken in every game: deep red
NEVER = "#c62828"          # content never taken: the red of the hatching and dashed outlines
NEVER_GROUND = "#ffebeb"   # ... and the pale red under the hatching
UNSEEN = "#eeeeee"         # a space of an island no visit reached: no share to show
INK = "#3a2f25"            # label text

#: a peg id is written this far below the peg's centre, this tall (board units; the peg's
#: radius is 0.14, so the id sits just under it, clear of the lines leaving it sideways)
PEG_ID_BELOW = 0.24
PEG_ID_SIZE = 0.12


def heat_rgb(rate: float) -> tuple[int, int, int]:
    """Pale yellow (0) to deep red (1) for a share of games ``rate`` in 0..1 (clamped)."""
    t = min(1.0, max(0.0, rate))
    r, g, b = (round(lo + (hi - lo) * t) for lo, hi in zip(LOW, HIGH))
    return r, g, b


def heat_hex(rate: float) -> str:
    """:func:`heat_rgb` as ``#rrggbb``."""
    return "#%02x%02x%02x" % heat_rgb(rate)


#: the stops of every heat map's key: ``(share, label)``; the editor's ramp is a gradient through
#: them and the HTML report's key a swatch at each
LEGEND_STOPS = ((0.0, "0%"), (0.25, "25%"), (0.5, "50%"), (0.75, "75%"), (1.0, "100%"))


def legend_stops() -> list[tuple[float, str, str]]:
    """The key of the heat scale: ``(share, #rrggbb, label)`` at each of :data:`LEGEND_STOPS`."""
    return [(rate, heat_hex(rate), label) for rate, label in LEGEND_STOPS]


def peg_id_at(x: float, y: float) -> tuple[float, float]:
    """The centre of the id label of a peg at ``(x, y)`` (board units, y down)."""
    return (x, y + PEG_ID_BELOW)


@dataclass(frozen=True)
class HeatLabel:
    """A text written over a heat map: ``x``, ``y`` its centre (board units), ``text`` (``idol
    40%``, ``heron 35%``), ``never``: the content was never taken (written in red), ``key``: the
    element it labels."""

    x: float
    y: float
    text: str
    never: bool
    key: str


def _centre(points) -> tuple[float, float]:
    """The centre of the bounding box of ``points``."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def heat_labels(catalogue, stats) -> list[HeatLabel]:
    """Rule the Realm: the labels of a heat map: on each segment holding an idol, ``idol`` and the
    share of games that took it; on each picture (at the mean of its segments' centres), its name
    and the share of games that completed it. ``catalogue``: the game's
    :class:`~studio.playtest.elements.Element` list; ``stats``: per element an object with
    ``key``, ``rate`` and ``taken`` (:class:`~studio.playtest.stats.ElementStat`)."""
    by_key = {s.key: s for s in stats}
    out: list[HeatLabel] = []
    picture_of: dict[str, list[tuple[float, float]]] = {}
    for e in catalogue:
        stat = by_key.get(e.key)
        if stat is None or e.kind != "segment" or len(e.shape) < 3:
            continue
        centre = _centre(e.shape)
        if "picture " in e.content:
            name = e.content.split("picture ", 1)[1].split(",")[0].strip()
            picture_of.setdefault(name, []).append(centre)
        if "idol" in e.content:
            out.append(HeatLabel(*centre, f"idol {100 * stat.rate:.0f}%", stat.taken == 0, e.key))
    for e in catalogue:
        stat = by_key.get(e.key)
        if e.kind != "picture" or stat is None:
            continue
        name = e.key.split(" ", 1)[1]
        centres = picture_of.get(name)
        if centres:
            x = sum(c[0] for c in centres) / len(centres)
            y = sum(c[1] for c in centres) / len(centres)
            out.append(HeatLabel(x, y, f"{name} {100 * stat.rate:.0f}%", stat.taken == 0, e.key))
    return out


def space_rate_text(rate: float, never: bool) -> str:
    """What an island heat map writes under a space: ``63%``, or ``never``."""
    return "never" if never else f"{100 * rate:.0f}%"


__all__ = ["HIGH", "INK", "LEGEND_STOPS", "LOW", "NEVER", "NEVER_GROUND", "PEG_ID_BELOW", "PEG_ID_SIZE", "UNSEEN",
           "HeatLabel", "heat_hex", "heat_labels", "heat_rgb", "legend_stops", "peg_id_at", "space_rate_text"]
