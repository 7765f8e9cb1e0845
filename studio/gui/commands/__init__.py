"""Undo commands, one module per family (Tiled's shape). Every command changes the model of a
:class:`~studio.gui.document.BoardDocument`, tells it what changed, and stores enough to undo
exactly (the saved text after undo is byte-identical)."""

from studio.gui.commands.base import ChangeValue, CommandId
from studio.gui.commands.board import SetBoardValue
from studio.gui.commands.lines import AddLine, RemoveLines
from studio.gui.commands.pegs import AddPeg, MovePegs, RemovePegs, SetPegColour
from studio.gui.commands.seats import ReplaceSeats
from studio.gui.commands.segments import RemoveSegments, SetSegmentValue

__all__ = [
    "AddLine", "AddPeg", "ChangeValue", "CommandId", "MovePegs", "RemoveLines", "RemovePegs",
    "RemoveSegments", "ReplaceSeats", "SetBoardValue", "SetPegColour", "SetSegmentValue",
]
