"""Colours, sizes and options shared by every drawing of a board (editor, PNG export).

Sizes are board units (1 = peg spacing) unless a name says ``px``."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

# Peg fills: saturated enough to read at a glance, distinct in hue *and* lightness so that the
# five colours stay apart for most colour-blind viewers (yellow light, blue dark, gray neutral).
PEG_FILLS: dict[str, str] = {
    "red": "#d1493f",
    "gray": "#9a9b9f",
    "blue": "#2f6db5",
    "green": "#3f9a52",
    "yellow": "#f3c42f",
}
UNKNOWN_PEG_FILL = "#ff00ff"

INK = "#3a2f25"              # outlines, numerals
LINE_INK = "#6b5a48"         # printed lines
PARCHMENT = "#f4ead3"        # the board plate
PARCHMENT_EDGE = "#e2d2ae"
PLATE_BORDER = "#b59d70"
TABLE_TOP = "#52624c"        # around the plate: muted jungle green
TABLE_BOTTOM = "#3c4a37"

TREASURE_LIGHT = "#ffe58a"
TREASURE_DARK = "#c08a12"
ENERGY_LIGHT = "#8fe3ff"
ENERGY_DARK = "#1d78b8"
IDOL_FILLS = {"orange": "#ee8a2c", "blue": "#3b7fd0"}

TREASURE_TINT = QColor(224, 182, 72, 38)
ENERGY_TINT = QColor(70, 160, 220, 30)
HOVER_TINT = QColor(60, 120, 200, 45)
SELECT_TINT = QColor(40, 110, 230, 58)
SELECT_OUTLINE = "#1d63d8"

# One accent per seat, in seat order: halos of start pegs and seat labels.
SEAT_COLOURS = ("#e4572e", "#17a398", "#8e5bd6", "#f0a202")

PEG_RADIUS = 0.14
PEG_OUTLINE = 0.032
LINE_WIDTH = 0.038
HALO_RADIUS = 0.27
GLYPH_SIZE = 0.25


def peg_fill(colour: str) -> QColor:
    return QColor(PEG_FILLS.get(colour, UNKNOWN_PEG_FILL))


def seat_colour(index: int) -> QColor:
    return QColor(SEAT_COLOURS[index % len(SEAT_COLOURS)])


@dataclass
class RenderOptions:
    """What :func:`studio.render.paint_board` draws.

    ``background``: the table and the parchment plate; ``peg_ids``: peg ids beside the pegs;
    ``seat_labels``: seat names outside the board; ``margin``: board units around the pegs."""

    background: bool = True
    peg_ids: bool = False
    seat_labels: bool = True
    margin: float = 1.0
