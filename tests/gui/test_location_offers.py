"""The editor offers only what the board's location plays (trial finding: a "crater" peg on an
Archipelago City board, canals on a Jungle Temples board): location tools, their choices and
the Properties fields follow the board's ``location:`` and change with it; an element the
location does not play that the board has anyway is still shown, with a note, so it can be
removed."""

from __future__ import annotations

import pytest
from editor_fixtures import editor, window  # noqa: F401  (one window for the module)
from PySide6.QtTest import QTest

from studio.generate.templates import build_board, spec_for
from studio.model.locations import (
    BASE,
    MECHANICS,
    base_scenario,
    board_mechanics,
    known_locations,
    offers_for,
    rules_mechanics,
)

pytestmark = pytest.mark.gui

EXPECTED = {
    "jungle-temples": {"start", "goal"},
    "volcano": {"crater"},
    "archipelago-city": {"start", "canals"},
    "engraved-board": {"start", "pictures"},
    "fragile-ruins": {"start"},
    "cursed-triangle": set(),
    "two-deities": {"start", "idols"},
    "labyrinth": {"start", "line-items"},
    BASE: {"start"},
}
TOOL_MECHANICS = {"pictures": "pictures", "islands": "canals", "bridges": "canals", "line-items": "line-items",
                  "crater": "crater"}


def wizard_board(location: str, players: int = 2):
    if location == BASE:
        scenario, path = base_scenario(), None
    else:
        path, scenario = known_locations(None)[location]
    return build_board(spec_for(scenario.rules, players, location, scenario.name, path))


def open_board(window, board) -> None:
    window.document.reset(board, None)
    window.scene.clearSelection()


def shown(widget) -> bool:
    return not widget.isHidden()


def test_each_location_has_its_mechanics():
    found = {ident: set(rules_mechanics(sc.rules)) for ident, (_p, sc) in known_locations(None).items()}
    found[BASE] = set(rules_mechanics(base_scenario().rules))
    assert found == EXPECTED
    assert set().union(*EXPECTED.values()) == set(MECHANICS)


def test_bundled_boards_use_only_their_locations_mechanics(root):
    from studio.model.io import read_board

    for file in sorted((root / "boards" / "realm").glob("*.yaml")):
        board = read_board(file)
        assert board_mechanics(board) <= offers_for(board).mechanics, file.name


@pytest.mark.parametrize("location", sorted(EXPECTED))
def test_tools_and_properties_follow_the_location(window, location):
    mechanics = EXPECTED[location]
    board = wizard_board(location)
    open_board(window, board)
    dock = window.properties_dock
    for name, mechanic in TOOL_MECHANICS.items():
        action = window.tool_actions[name]
        assert action.isVisible() == action.isEnabled() == (mechanic in mechanics), (location, name)
    seats = window.tool_actions["seats"]
    assert seats.isVisible() == bool({"start", "goal"} & mechanics)
    assert window.tool_actions["segment-content"].isVisible()       # treasure and energy: every location
    kinds = [k for k, _ in window.tools["segment-content"].kinds]
    assert kinds == (["treasure", "energy", "orange", "blue"] if "idols" in mechanics else ["treasure", "energy"])
    if {"start", "goal"} & mechanics:
        assert set(window.tools["seats"].parts) == {"start", "goal"} & mechanics

    # the board page (nothing selected)
    assert shown(dock.page("board").canals) == ("canals" in mechanics)
    assert shown(dock.page("board").islands_section) == ("canals" in mechanics)
    assert shown(dock.page("board").pictures_section) == ("pictures" in mechanics)
    assert not shown(dock.page("board").note)
    # a peg
    peg = next(p for p in board.pegs if p not in board.crater)
    window.scene.select_elements([("peg", peg)])
    assert dock.stack.currentWidget() is dock.page("peg")
    assert shown(dock.page("peg").crater) == ("crater" in mechanics)
    assert shown(dock.page("peg").seats_section) == bool({"start", "goal"} & mechanics)
    parts = {box.text() for box in dock.page("peg").seat_boxes.findChildren(type(dock.page("peg").crater))}
    assert parts == {"start", "goal"} & mechanics
    assert not shown(dock.page("peg").note)  # a line
    line = board.lines[0]
    window.scene.select_elements([("line", *line)])
    assert shown(dock.page("line").item_section) == ("line-items" in mechanics)
    assert shown(dock.page("line").bridge_section) == ("canals" in mechanics)
    # a segment
    key = tuple(sorted(next(iter(window.scene.segments))))
    window.scene.select_elements([("segment", *key)])
    assert dock.stack.currentWidget() is dock.page("segment")
    assert shown(dock.page("segment").idol) == ("idols" in mechanics)
    assert shown(dock.page("segment").picture) == ("pictures" in mechanics)
    assert shown(dock.page("segment").island) == ("canals" in mechanics)
    assert shown(dock.page("segment").treasure) and shown(dock.page("segment").energy)


def test_changing_the_location_changes_the_offers(window):
    open_board(window, wizard_board("archipelago-city"))
    doc, dock = window.document, window.properties_dock
    peg = next(iter(doc.board.pegs))
    window.scene.select_elements([("peg", peg)])
    assert not shown(dock.page("peg").crater) and not window.tool_actions["crater"].isVisible()
    doc.set_board_value("location", "volcano")
    assert shown(dock.page("peg").crater) and window.tool_actions["crater"].isVisible()
    assert not window.tool_actions["islands"].isVisible()
    window.set_tool("crater")
    doc.undo_stack.undo()                                    # back to Archipelago City
    assert not shown(dock.page("peg").crater) and not window.tool_actions["crater"].isEnabled()
    assert window.scene.tool is window.tools["select"]       # the crater tool gave way
    assert window.tool_actions["islands"].isVisible()
    QTest.keyClick(window, "R")                              # its shortcut does nothing now
    assert window.scene.tool is window.tools["select"]

    # the tool options bar follows too: idol buttons only for Two Demanding Deities
    window.set_tool("segment-content")
    options = window.editing.current_options
    assert not shown(options.buttons["orange"]) and not shown(options.buttons["blue"])
    doc.set_board_value("location", "two-deities")
    assert shown(options.buttons["orange"]) and options.buttons["blue"].toolTip() == "Blue idol (4)"
    window.tools["segment-content"].set_kind("blue")
    doc.undo_stack.undo()
    assert not shown(options.buttons["blue"]) and window.tools["segment-content"].kind == "treasure"


def test_an_element_the_location_ignores_is_shown_to_be_removed(window, tmp_path):
    open_board(window, wizard_board("archipelago-city"))
    doc, dock = window.document, window.properties_dock
    ring = ["d3", "d4", "e5"]
    doc.edit_crater(add=ring)                                # a crater on an Archipelago City board
    doc.edit_seat_pegs("north", "goal", add=["h1", "h2"])    # and goal pegs
    window.scene.clearSelection()
    dock.refresh()
    notes = dock.page("board").note.text()
    assert shown(dock.page("board").note)
    assert "Archipelago City has no crater (Volcano, L2-2), so it ignores the crater of 3 pegs" in notes
    assert "no goal pegs (Jungle Temples, L1-2), so it ignores the seats' 2 goal pegs" in notes
    dock.grab().save(str(tmp_path / "board-note.png"))

    window.scene.select_elements([("peg", "d4")])
    assert shown(dock.page("peg").crater) and dock.page("peg").crater.isChecked()
    assert "ignores this peg's place in the crater. Untick it to remove it." in dock.page("peg").note.text()
    dock.page("peg").crater.setChecked(False)  # removed from here
    assert doc.board.crater == ["d3", "e5"]
    window.scene.select_elements([("peg", "d4")])
    assert not shown(dock.page("peg").crater) and not shown(dock.page("peg").note)  # gone: not offered any more

    window.scene.select_elements([("peg", "h1")])
    boxes = {box.text(): box for box in dock.page("peg").seat_boxes.findChildren(type(dock.page("peg").crater))}
    assert "goal" in boxes and boxes["goal"].isChecked()     # North's goal, shown to be unticked
    assert "this peg as North's goal peg" in dock.page("peg").note.text()

    window.scene.select_elements([("seat", "north")])
    assert shown(dock.page("seat").clear["goal"]) and not shown(dock.page("seat").clear["start"])
    assert "this seat's 2 goal pegs" in dock.page("seat").note.text()
    dock.page("seat").clear["goal"].click()
    assert doc.board.seats["north"].goal == []
    dock.page("crater").show_selection([("crater",)])  # the page of a crater with a hole
    assert "Clear Crater removes it." in dock.page("crater").note.text() and not shown(dock.page("crater").tool)


def test_ignored_segment_contents_are_shown_with_a_note(window):
    open_board(window, wizard_board("jungle-temples"))
    doc, dock = window.document, window.properties_dock
    key = tuple(sorted(next(iter(window.scene.segments))))
    doc.set_segment_value(key, "idol", "orange")
    window.scene.select_elements([("segment", *key)])
    assert shown(dock.page("segment").idol) and dock.page("segment").idol.currentData() == "orange"
    assert not shown(dock.page("segment").picture) and not shown(dock.page("segment").island)
    assert "Jungle Temples has no idols (Two Demanding Deities, L7-1)" in dock.page("segment").note.text()
    assert window.tools["segment-content"].kinds == [("treasure", "Treasure"), ("energy", "Energy")]
    with pytest.raises(ValueError):
        window.tools["segment-content"].set_kind("orange")


def test_typing_a_pegs_x_leaves_its_y_exactly_as_it_was(window):
    """Fresh-user trial: X typed in Properties saved Y rounded to the spin box's 3 decimals
    (3.464102 -> 3.464)."""
    board = window.document.board
    pid, peg = next((i, p) for i, p in board.pegs.items() if p.y != round(p.y, 3))
    window.scene.select_elements([("peg", pid)])
    page = window.properties_dock.page("peg")
    x, y = peg.x, peg.y
    page.x.setValue(x + 0.2)
    moved = window.document.board.pegs[pid]
    assert moved.y == y and moved.x == pytest.approx(x + 0.2)
    page.y.setValue(round(y, 3) + 0.5)
    assert window.document.board.pegs[pid].x == pytest.approx(x + 0.2)
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.board.pegs[pid].y == y


def test_a_pegs_spin_arrow_keeps_its_lattice_place_and_shows_no_trailing_zeros(window):
    """An arrow click on Y moved a peg from 3.464102 to 3.964 (the spin held 3 decimals and Qt
    rounds the value itself): off the lattice the board's other pegs are on."""
    from PySide6.QtWidgets import QAbstractSpinBox

    board = window.document.board
    pid, peg = next((i, p) for i, p in board.pegs.items() if p.y != round(p.y, 3))
    window.scene.select_elements([("peg", pid)])
    page = window.properties_dock.page("peg")
    y = peg.y
    assert page.y.value() == pytest.approx(y, abs=1e-9) and page.y.text() == f"{y:.6f}".rstrip("0")
    page.y.stepBy(1)                                   # the arrow, as a click does
    assert window.document.board.pegs[pid].y == pytest.approx(y + 0.5, abs=1e-9)
    page.y.stepBy(-1)
    assert window.document.board.pegs[pid].y == pytest.approx(y, abs=1e-9)
    page.x.setValue(2.0)
    assert page.x.text() == "2.0" and page.x.stepType() == QAbstractSpinBox.DefaultStepType
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.board.pegs[pid].y == y
