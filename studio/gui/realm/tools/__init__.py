"""Editing tools, one small state machine each, fed with scene mouse/key events by
:class:`~studio.gui.realm.scene.BoardScene` (each handler returns True when it used the event).

Drawing: Select (V), Add Peg (P), Peg Colour (C), Lines (L), Eraser (D). Location content:
Segment Content (T: treasure, energy, idols), Pictures (G), Islands (I), Bridges (B), Line
Items (M: Labyrinth treasure and artifacts), Start & Goal Pegs (S), Crater (R)."""

from studio.gui.realm.tools.base import StrokeTool, Tool, next_gesture
from studio.gui.realm.tools.canals import BridgeTool, IslandTool
from studio.gui.realm.tools.delete import DeleteTool
from studio.gui.realm.tools.line_items import LineItemTool
from studio.gui.realm.tools.lines import AddLineTool
from studio.gui.realm.tools.pegs import AddPegTool, PegColourTool
from studio.gui.realm.tools.pictures import PictureTool
from studio.gui.realm.tools.seats import CraterTool, SeatTool
from studio.gui.realm.tools.segments import SegmentContentTool
from studio.gui.realm.tools.select import SelectTool

TOOL_CLASSES = (SelectTool, AddPegTool, PegColourTool, AddLineTool, DeleteTool, SegmentContentTool, PictureTool,
                IslandTool, BridgeTool, LineItemTool, SeatTool, CraterTool)

__all__ = [
    "AddLineTool", "AddPegTool", "BridgeTool", "CraterTool", "DeleteTool", "IslandTool", "LineItemTool",
    "PegColourTool", "PictureTool", "SeatTool", "SegmentContentTool", "SelectTool", "StrokeTool", "TOOL_CLASSES",
    "Tool", "next_gesture",
]
