"""One merge-id enum and one value-change family for every document (issue 17).

Every undo command of the studio takes its merge id (``QUndoCommand.id``) from the one
:class:`CommandId` enum; no two command classes share an id unless one inherits it from the
other on purpose; and the generic :class:`SetValue` merges successive edits of one target on
each document kind (board, island/content, scenario) with real undo/redo round trips."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from PySide6.QtGui import QUndoCommand

import studio.gui
from studio.content import bundled_path
from studio.gui.realm.document import BoardDocument
from studio.gui.realm.scenario_document import ScenarioDocument
from studio.gui.rivages.island_document import IslandDocument
from studio.gui.shell.document_base import Document
from studio.gui.shell.document_commands import CommandId, DocumentCommand, SetValue
from studio.model import io
from studio.model.value_paths import MISSING

pytestmark = pytest.mark.gui

# Classes that inherit a merging id on purpose: a kind of the command that declared it, which
# merges only as that command allows (ReplaceParts: the same merge key and fields).
INHERITED_ON_PURPOSE = {
    "SetBoardValue": CommandId.SET_VALUE,
    "SetSegments": CommandId.REPLACE_PARTS,
    "SetPictures": CommandId.REPLACE_PARTS,
    "SetCanals": CommandId.REPLACE_PARTS,
    "SetLineItems": CommandId.REPLACE_PARTS,
    "ReplaceSeats": CommandId.REPLACE_PARTS,
}


def command_classes() -> list[type]:
    """Every QUndoCommand subclass defined in the studio (all of studio.gui imported)."""
    for info in pkgutil.walk_packages(studio.gui.__path__, "studio.gui."):
        importlib.import_module(info.name)
    out, todo = [], [QUndoCommand]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("studio."):
                out.append(sub)
    return out


def test_every_merge_id_comes_from_command_id_and_no_two_classes_share_one_by_accident(qapp):
    classes = command_classes()
    assert len(classes) >= 19
    for cls in classes:
        assert issubclass(cls, DocumentCommand), f"{cls.__name__} is not a DocumentCommand"
        assert cls.id is DocumentCommand.id, f"{cls.__name__} defines its own id(): set MERGE_ID instead"
        assert isinstance(cls.MERGE_ID, CommandId), f"{cls.__name__}.MERGE_ID is not a CommandId"
    declared: dict[CommandId, list[str]] = {}
    for cls in classes:
        if "MERGE_ID" in vars(cls):
            declared.setdefault(cls.MERGE_ID, []).append(cls.__name__)
    assert {i: names for i, names in declared.items() if len(names) > 1} == {}, "an id declared twice"
    inherited = {cls.__name__: cls.MERGE_ID for cls in classes
                 if "MERGE_ID" not in vars(cls) and cls.MERGE_ID is not CommandId.NO_MERGE}
    assert inherited == INHERITED_ON_PURPOSE
    unused = set(CommandId) - {cls.MERGE_ID for cls in classes} - {CommandId.NO_MERGE}
    assert unused == set(), "a merge id no command uses"


def test_every_document_kind_shares_the_one_base(qapp):
    for cls in (BoardDocument, ScenarioDocument, IslandDocument):
        assert issubclass(cls, Document)
    kinds, todo = [], [Document]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            kinds.append(sub)
    assert len(kinds) >= 4  # board, content, island, scenario
    for cls in kinds:
        again = {"path", "is_modified", "push", "macro", "set_value"} & set(vars(cls))
        assert again == set(), f"{cls.__name__} defines {sorted(again)} again"


def _round_trip(doc, path, first, second, read):
    """Edit ``path`` twice (one undo step), undo once (the original), redo (the last value)."""
    original = read()
    assert doc.set_value(path, first)
    assert doc.set_value(path, second)
    assert doc.undo_stack.count() == 1 and read() == second and doc.is_modified
    doc.undo_stack.undo()
    assert read() == original and not doc.is_modified
    doc.undo_stack.redo()
    assert read() == second
    assert isinstance(doc.undo_stack.command(0), SetValue)


def test_board_header_edits_merge_and_undo_restores(qapp):
    doc = BoardDocument(io.read_board(bundled_path("boards", "realm", "jungle-temples-2p.yaml")))
    _round_trip(doc, ("name",), "Jungle A", "Jungle AB", lambda: doc.board.name)
    description = doc.board.description
    doc.set_board_value("description", "x")                # another field: a step of its own
    doc.set_board_value("description", "xy")               # ... that the next edit joins
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert doc.board.name == "Jungle AB" and doc.board.description == description
    with pytest.raises(ValueError, match="not a board header field"):
        doc.set_value(("pegs",), {})


def test_board_segment_and_peg_colour_edits_merge(qapp):
    doc = BoardDocument(io.read_board(bundled_path("boards", "realm", "jungle-temples-2p.yaml")))
    key = ("a1", "a2", "b1")
    doc.set_segment_value(key, "treasure", 1)
    doc.set_segment_value(key, "treasure", 2)
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.segment_value(key, "treasure") == 0
    colour = doc.board.pegs["a1"].colour
    doc.set_peg_colour(["a1"], "red")
    doc.set_peg_colour(["a1"], "blue")
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.board.pegs["a1"].colour == colour


def test_island_edits_of_one_gesture_merge_and_others_do_not(qapp):
    doc = IslandDocument(io.read(bundled_path("boards", "rivages", "islands", "gull-rock.yaml")))
    name = doc.island.name
    assert doc.set_header("name", "Gull", gesture="typing")
    assert doc.set_header("name", "Gull Point", gesture="typing")
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.island.name == name and not doc.is_modified
    doc.undo_stack.redo()
    assert doc.island.name == "Gull Point"
    doc.set_header("name", "Gull Cape")                     # outside a gesture: a step of its own
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert doc.island.name == "Gull Point"
    # a gesture that ends where it began leaves no step
    doc.undo_stack.undo()
    doc.set_header("name", "Elsewhere", gesture="typing again")
    doc.set_header("name", name, gesture="typing again")
    assert doc.undo_stack.index() == 0 and not doc.is_modified


def test_scenario_edits_merge_and_removing_a_key_round_trips(qapp, tmp_path):
    doc = ScenarioDocument.open(bundled_path("scenarios", "volcano.yaml"))
    _round_trip(doc, ("name",), "Volcano A", "Volcano AB", lambda: doc.value(("name",)))
    doc.undo_stack.clear()
    doc.undo_stack.setClean()
    end = doc.value(("rules", "end"))
    assert doc.set_value(("rules", "end"), MISSING)
    assert doc.value(("rules", "end")) is MISSING
    assert doc.set_value(("rules", "end"), {"score": 21})  # the same key: merged with its removal
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.value(("rules", "end")) == end
    assert not doc.set_value(("rules", "end"), end)          # already that: nothing pushed
    assert doc.undo_stack.count() == 1


def test_a_merged_edit_that_ends_where_it_began_leaves_no_step(qapp):
    docs = {
        "board": (BoardDocument(io.read_board(bundled_path("boards", "realm", "jungle-temples-2p.yaml"))), None),
        "scenario": (ScenarioDocument.open(bundled_path("scenarios", "volcano.yaml")), None),
        "island": (IslandDocument(io.read(bundled_path("boards", "rivages", "islands", "gull-rock.yaml"))), "g"),
    }
    for kind, (doc, gesture) in docs.items():
        name = doc.value_at(("name",))
        doc.set_value(("name",), "Changed", gesture=gesture)
        doc.set_value(("name",), name, gesture=gesture)
        assert doc.undo_stack.count() == 0 and not doc.is_modified, kind
