"""Undo commands, one module per family (Tiled's shape). Every command changes the model of a
:class:`~studio.gui.realm.document.BoardDocument`, tells it what changed, and stores enough to undo
exactly (the saved text after undo is byte-identical). The base of every command, the generic
value change and the merge ids are shared by every document: :mod:`studio.gui.shell.document_commands`."""

from studio.gui.realm.commands.board import SetBoardValue
from studio.gui.realm.commands.canals import SetCanals
from studio.gui.realm.commands.line_items import SetLineItems
from studio.gui.realm.commands.lines import AddLine, AddLines, RemoveLines
from studio.gui.realm.commands.parts import PART_FIELDS, ReplaceParts
from studio.gui.realm.commands.pegs import AddPeg, AddPegs, MovePegs, RemovePegs, SetPegColour
from studio.gui.realm.commands.pictures import SetPictures
from studio.gui.realm.commands.seats import ReplaceSeats
from studio.gui.realm.commands.segments import RemoveSegments, SetSegments, SetSegmentValue
from studio.gui.shell.document_commands import SetValue

__all__ = [
    "AddLine", "AddLines", "AddPeg", "AddPegs", "MovePegs", "PART_FIELDS",
    "RemoveLines", "RemovePegs", "RemoveSegments", "ReplaceParts", "ReplaceSeats", "SetBoardValue",
    "SetCanals", "SetLineItems", "SetPegColour", "SetPictures", "SetSegments", "SetSegmentValue", "SetValue",
]
