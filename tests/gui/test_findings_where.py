"""Every finding of a board never saved says where it is (trial finding: a fresh wizard
board's location findings had an empty "Where" until it was saved, since they are placed at
the board's ``location:`` line, which an unsaved board has not got). A finding about a board
property names it as the Properties panel does ("Board ▸ Location") and clicking it focuses
that field; islands never saved name every finding's element too."""

from __future__ import annotations

import copy
import glob
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.generate.templates import build_board, spec_for
from studio.gui.realm.docks.validation import _board_where
from studio.gui.realm.new_board import NewBoardWizard  # noqa: F401  (the wizard's module loads)
from studio.model.io import read_board
from studio.model.locations import known_locations
from studio.model.realm import Seat
from studio.validate import validate

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
REALM_LOCATIONS = sorted(known_locations(None))


def unsaved(board):
    board.path = None
    board.source = None
    return board


def wizard_board(location: str, players: int = 2):
    path, scenario = known_locations(None)[location]
    return build_board(spec_for(scenario.rules, players, location, scenario.name, path))


def broken_variants(board):
    """In-memory boards with findings of every layer: schema, geometry, seats, location."""
    yield "as it is", board
    b = board.copy()
    b.name = ""                                   # schema: a name is required text
    yield "no name", b
    b = board.copy()
    b.players = 3                                 # one seat short
    yield "seat count", b
    b = board.copy()
    b.location = None
    yield "no location", b
    b = board.copy()
    b.location = "atlantis"
    yield "unknown location", b
    b = board.copy()
    b.seats["extra"] = Seat("extra")
    b.players = len(b.seats)
    yield "a seat without pegs", b
    b = board.copy()
    first = next(iter(b.pegs))
    b.lines = [line for line in b.lines if first not in line]
    yield "a lone peg", b


@pytest.mark.parametrize("location", REALM_LOCATIONS)
def test_every_finding_of_an_unsaved_board_says_where(location):
    seen = 0
    for what, board in broken_variants(unsaved(wizard_board(location))):
        for f in validate(board):
            seen += 1
            assert f.line is None, (what, f)
            assert _board_where(f), (location, what, f)   # never an empty Where
    assert seen  # the variants do have findings


def test_bundled_boards_unsaved_say_where():
    for file in sorted(glob.glob(str(ROOT / "boards" / "realm" / "*.yaml"))):
        for what, board in broken_variants(unsaved(read_board(file))):
            for f in validate(board):
                assert _board_where(f), (file, what, f)


def test_location_findings_of_a_fresh_wizard_board(window, qtbot):
    board = wizard_board("archipelago-city")
    window.document.reset(board, None)
    window.document.set_scenario_path(None)
    dock = window.validation_dock
    findings = dock.run_now()
    (canals,) = [f for f in findings if f.code == "scenario/no-canals"]
    assert canals.element == ("board", "location")
    tree = dock.tree
    row = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
               if tree.topLevelItem(i).text(1) == "scenario/no-canals")
    assert row.text(3) == "Board ▸ Location"
    window.properties_dock.page("board").name.setFocus()
    tree.itemClicked.emit(row, 2)                       # clicking the finding...
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.properties_dock.page("board").location)
    assert window.properties_dock.stack.currentWidget() is window.properties_dock.page("board")
    assert window.scene.selectedItems() == []
    assert "Location" in window.hint_label.text()



def test_seat_count_names_the_seats_list(window, qtbot):
    board = wizard_board("jungle-temples", 3)
    board.players = 4
    window.document.reset(board, None)
    findings = window.validation_dock.run_now()
    (count,) = [f for f in findings if f.code == "rules/seat-count"]
    assert _board_where(count) == "Board ▸ Seats"
    window.show_element(count.element)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.properties_dock.page("board").seat_list)


def test_unsaved_islands_name_every_finding():
    from studio.gui.realm.docks.findings import _where
    from studio.gui.rivages.island_document import new_island
    from studio.model.rivages import GoalStep, Space
    from studio.validate.rivages import rivages_findings

    island = new_island()
    island.path = None
    island.source = None
    ships = [s for s in island.spaces if s.kind == "ship"]
    variants = []
    v = copy.deepcopy(island)
    v.spaces = [s for s in v.spaces if s.at != ships[0].at]                        # one ship
    variants.append(v)
    v = copy.deepcopy(island)
    v.spaces.append(Space((40, 40), "forest"))                                      # unreachable
    v.spaces.append(Space((41, 40), "lava"))                                        # unknown kind
    variants.append(v)
    v = copy.deepcopy(island)
    first = v.quest.steps[0]
    v.quest.steps = [GoalStep("spaces", first.reward, spaces=((50, 50),)),
                     GoalStep("spaces", None, spaces=())]                          # missing, empty
    variants.append(v)
    v = copy.deepcopy(island)
    mission = v.missions[0].steps[0]
    v.missions[0].steps = [GoalStep("areas", mission.reward, terrain="lava", count=2)]
    variants.append(v)
    seen = 0
    for v in variants:
        for f in rivages_findings(v):
            seen += 1
            assert f.line is None
            assert _where(f), f
    assert seen >= 4


def test_line_numbers_follow_the_file_after_entries_are_removed_and_after_a_save(qapp, tmp_path):
    """Trial: after deleting two lines in the editor, a finding said "(line 112)" where the file
    has it at 114 (the line list's indices had shifted); after saving a file whose missing
    ``players:`` was filled in, every line was one short (the source was the file as read)."""
    from studio.gui.realm.docks.validation import validate_board
    from studio.gui.realm.document import BoardDocument

    def where(doc):
        return {(f.code, f.element): f.line for f in validate_board(doc.board)}

    target = tmp_path / "volcano.yaml"
    target.write_text((ROOT / "boards" / "realm" / "volcano-2p.yaml").read_text())
    doc = BoardDocument()
    doc.load(str(target))
    before = where(doc)
    assert before and all(line is not None for line in before.values())
    doc.remove_lines([("a2", "a3"), ("a2", "b2")])
    after = where(doc)
    for key, line in before.items():   # what the file holds keeps its line in the file
        assert after[key] == line, key
    peg_line = read_board(str(target)).source.locate(("pegs", "a2"))[0]
    assert after[("rules/isolated-peg", ("peg", "a2"))] == peg_line   # a2 is in the file, on its line
    doc.undo_stack.undo()
    assert where(doc) == before

    filled = tmp_path / "no-players.yaml"
    filled.write_text(target.read_text().replace("\nplayers: 2\n", "\n", 1))
    doc.load(str(filled))
    doc.save()
    printed = {(f.code, f.element): f.line for f in validate(str(filled)) if f.line is not None}
    shown = where(doc)
    assert printed and all(shown[key] == line for key, line in printed.items())


def test_the_validation_panel_takes_the_saved_files_lines(qtbot, window, tmp_path):
    """Trial: after deleting two lines and pressing Ctrl+S, the panel kept the line numbers of
    the file before the save (113 where the saved file has 110) until the next edit."""
    target = tmp_path / "volcano.yaml"
    target.write_text((ROOT / "boards" / "realm" / "volcano-2p.yaml").read_text())
    assert window.open_file(str(target))
    window.validation_dock.run_now()
    window.document.remove_lines([("a2", "a3"), ("a2", "b2")])
    window.validation_dock.run_now()   # checked before the save, as the panel had it
    assert window.save()
    printed = {(f.code, f.element): f.line for f in validate(str(target)) if f.line is not None}

    def shown():
        return {(f.code, f.element): f.line for f in window.validation_dock.findings}

    qtbot.waitUntil(lambda: all(shown().get(key) == line for key, line in printed.items()), timeout=10000)
    assert printed
