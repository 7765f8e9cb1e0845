"""Undo commands, one module per family (Tiled's shape). Every command changes the model of a
:class:`~studio.gui.document.BoardDocument`, tells it what changed, and stores enough to undo
exactly (the saved text after undo is byte-identical). The base of every command, the generic
value change and the merge ids are shared by every document: :mod:`studio.gui.shell.document_commands`."""

from studio.gui.commands.board import SetBoardValue
from studio.gui.commands.canals import SetCanals
from studio.gui.commands.line_items import SetLineItems
from studio.gui.commands.lines import AddLine, AddLines, RemoveLines
from studio.gui.commands.parts import PART_FIELDS, ReplaceParts
from studio.gui.commands.pegs import AddPeg, AddPegs, MovePegs, RemovePegs, SetPegColour
from studio.gui.commands.pictures import SetPictures
from studio.gui.commands.seats import ReplaceSeats
from studio.gui.commands.segments import RemoveSegments, SetSegments, SetSegmentValue
from studio.gui.shell.document_commands import SetValue

__all__ = [
    "AddLine", "AddLines", "AddPeg", "AddPegs", "MovePegs", "PART_FIELDS",
    "RemoveLines", "RemovePegs", "RemoveSegments", "ReplaceParts", "ReplaceSeats", "SetBoardValue",
    "SetCanals", "SetLineItems", "SetPegColour", "SetPictures", "SetSegments", "SetSegmentValue", "SetValue",
]
