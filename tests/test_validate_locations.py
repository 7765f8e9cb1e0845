"""Validation per location: canals, crater, line items, pictures, seats, seat fairness, and what
each scenario's modules need from its boards. Small variations of the valid tiny board (a 4 x 4
lattice, seats south and north), each with its exact code and line."""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path

import pytest

from studio.content import dump_yaml, parse_yaml
from studio.content.findings import Finding
from studio.geometry.bands import Topology
from studio.geometry.lattice import triangular_lattice
from studio.model.io import read_scenario
from studio.model.realm import Board, Scenario
from studio.validate import validate
from studio.validate.lint import BoardNeeds, seat_reach

ROOT = Path(__file__).resolve().parent.parent
VALID = ROOT / "tests" / "data" / "valid"


@lru_cache(maxsize=None)
def _tiny_text(players: int = 2) -> str:
    return (VALID / f"tiny-{players}p.yaml").read_text()


def tiny(players: int = 2) -> dict:
    """The tiny board as a realm-board/2 of Jungle Temples (own side starts, a goal per seat:
    what its seats show), so it is checked with a location's rules wherever it is written."""
    data = copy.deepcopy(parse_yaml(_tiny_text(players)).data)
    data["format"] = "realm-board/2"
    data["location"] = "jungle-temples"
    return data


def check(data: dict, path: str = "t.yaml") -> list[Finding]:
    """Findings of ``data`` written out as a file (so they have lines)."""
    return validate(parse_yaml(dump_yaml(data), path))


def line_of(data: dict, needle: str, nth: int = 0) -> int:
    """1-based line of the ``nth`` line of ``data``'s YAML that contains ``needle``."""
    found = [n for n, text in enumerate(dump_yaml(data).splitlines(), 1) if needle in text]
    return found[nth]


def summary(findings: list[Finding]) -> list[tuple]:
    return [(f.code, f.severity, f.line) for f in findings]


def write_scenario(tmp_path: Path, rules: str, boards: dict[int, str] | None = None) -> Path:
    """A content root in ``tmp_path`` with tiny boards (``boards``: player count -> board text
    replacing that tiny board) and a scenario using ``rules``."""
    (tmp_path / "boards").mkdir(exist_ok=True)
    for n in (2, 3, 4):
        text = (boards or {}).get(n, _tiny_text(n))
        if n in (boards or {}) and f"players: {n}" not in text:
            text = text.replace("players: 2", f"players: {n}")
        (tmp_path / "boards" / f"tiny-{n}p.yaml").write_text(text)
    scenario = tmp_path / "scenarios" / "s.yaml"
    scenario.parent.mkdir(exist_ok=True)
    scenario.write_text("format: realm-scenario/1\nid: s\nname: S\nboards:\n"
                        + "".join(f"  {n}: ../boards/tiny-{n}p.yaml\n" for n in (2, 3, 4))
                        + f"rules: {rules}\n")
    return scenario


def read_scenario_rules(rules: str):
    text = f"format: realm-scenario/1\nid: s\nname: S\nboards: {{2: b.yaml}}\nrules: {rules}\n"
    return Scenario.from_data(parse_yaml(text).data).rules


def scenario_findings(tmp_path: Path, rules: str, boards: dict[int, str] | None = None) -> list[tuple]:
    """(code, line) of the scenario file's own findings."""
    scenario = write_scenario(tmp_path, rules, boards)
    return [(f.code, f.line) for f in validate(scenario) if f.path == str(scenario)]


def board_text(data: dict, players: int) -> str:
    data = copy.deepcopy(data)
    data["players"] = players
    if players > 2:
        seats = tiny(players)["seats"]
        data["seats"] = seats
    return dump_yaml(data)


# --- tiny boards for each location ---------------------------------------------------------------

# the lines between rows b and c; without them the two halves are islands across a canal
CANAL = [["b1", "c1"], ["b1", "c2"], ["b2", "c2"], ["b2", "c3"], ["b3", "c3"], ["b3", "c4"], ["b4", "c4"]]
BRIDGES = [["b2", "c2"], ["b3", "c3"]]
NORTH = [["a1", "a2", "b1"], ["a2", "b1", "b2"], ["a2", "a3", "b2"], ["a3", "b2", "b3"], ["a3", "a4", "b3"],
         ["a4", "b3", "b4"]]
SOUTH = [["c1", "c2", "d1"], ["c2", "d1", "d2"], ["c2", "c3", "d2"], ["c3", "d2", "d3"], ["c3", "c4", "d3"],
         ["c4", "d3", "d4"]]


def canals() -> dict:
    """Archipelago City: islands north (rows a-b) and south (rows c-d), a canal between them
    crossed by two bridges of 2 energy."""
    data = tiny()
    data["lines"] = [line for line in data["lines"] if line not in CANAL or line in BRIDGES]
    data["segments"] = [{"pegs": ["a1", "a2", "b1"], "treasure": 1}, {"pegs": ["c4", "d3", "d4"], "treasure": 1}]
    data["canals"] = {"islands": {"north": copy.deepcopy(NORTH), "south": copy.deepcopy(SOUTH)},
                      "bridges": [{"line": list(pair), "energy": 2} for pair in BRIDGES]}
    return data


def crater() -> dict:
    """Volcano: line [b2, c2] removed, so [b1, b2, c3, c2] ring a hole; those are the crater."""
    data = tiny()
    data["lines"].remove(["b2", "c2"])
    data["segments"] = [s for s in data["segments"] if s["pegs"] != ["b2", "c2", "c3"]]
    data["crater"] = ["b1", "b2", "c3", "c2"]
    return data


def pictures() -> dict:
    """Engraved Board: picture heron along the top (4 segments), picture crane along the bottom."""
    data = tiny()
    data["pictures"] = {"heron": {"label": "Heron"}, "crane": {"label": "Crane"}}
    data["segments"] = [
        {"pegs": ["a1", "a2", "b1"], "picture": "heron"}, {"pegs": ["a2", "b1", "b2"], "picture": "heron"},
        {"pegs": ["a2", "a3", "b2"], "picture": "heron"}, {"pegs": ["a3", "b2", "b3"], "picture": "heron"},
        {"pegs": ["c1", "c2", "d1"], "picture": "crane"}, {"pegs": ["c2", "d1", "d2"], "picture": "crane"},
        {"pegs": ["c2", "c3", "d2"], "picture": "crane"}, {"pegs": ["c3", "d2", "d3"], "picture": "crane"},
    ]
    return data


def labyrinth() -> dict:
    """Labyrinth: a sword, a helmet and a shield on lines, and some treasure."""
    data = tiny()
    data["segments"] = []
    data["line_items"] = [{"line": ["a1", "a2"], "artifact": "sword"}, {"line": ["d3", "d4"], "artifact": "sword"},
                          {"line": ["b2", "c2"], "artifact": "helmet", "treasure": 1},
                          {"line": ["b3", "c3"], "artifact": "shield", "treasure": 1}]
    return data


def idols() -> dict:
    data = tiny()
    data["segments"][0]["idol"] = "orange"
    data["segments"][4]["idol"] = "orange"
    data["segments"][2]["idol"] = "blue"
    return data


@pytest.mark.parametrize("make", [canals, pictures, labyrinth, idols])
def test_location_boards_are_clean(make):
    assert check(make()) == []


def test_crater_board_gives_one_note():
    assert summary(check(crater())) == [("geometry/non-triangular-face", "info", line_of(crater(), "- [b1, b2]"))]


# --- canals (L3-2) ------------------------------------------------------------------------------

@pytest.mark.rule("L3-2")
def test_bridge_with_both_ends_on_one_island():
    data = canals()
    data["canals"]["bridges"].append({"line": ["a1", "a2"], "energy": 1})
    [finding] = check(data)
    assert summary([finding]) == [("geometry/bridge-ends", "error", line_of(data, "{line: [a1, a2]"))]
    assert "both ends on island north" in finding.message and finding.element == ("line", "a1", "a2")


@pytest.mark.rule("L3-2")
def test_bridge_end_on_no_island():
    data = canals()
    data["canals"]["islands"]["north"].remove(["a1", "a2", "b1"])
    data["canals"]["bridges"].append({"line": ["a1", "b1"], "energy": 1})
    [finding] = check(data)
    assert summary([finding]) == [("geometry/bridge-ends", "error", line_of(data, "{line: [a1, b1]"))]
    assert "a1 is on no island" in finding.message


def test_bridge_without_islands():
    data = tiny()
    data["canals"] = {"bridges": [{"line": ["b2", "c2"], "energy": 1}]}
    [finding] = check(data)
    assert summary([finding]) == [("geometry/bridge-ends", "error", line_of(data, "{line: [b2, c2]"))]
    assert "the board has no islands" in finding.message


@pytest.mark.rule("L3-2")
def test_bridge_along_land():
    data = canals()
    data["lines"].append(["b2", "c3"])  # [b2, c2, c3] is now a segment, and it holds treasure: land
    data["segments"].append({"pegs": ["b2", "c2", "c3"], "treasure": 2})
    [finding] = check(data)
    assert summary([finding]) == [("geometry/bridge-on-land", "error", line_of(data, "{line: [b2, c2]"))]
    assert "runs along segment [b2, c2, c3]" in finding.message


@pytest.mark.rule("L3-2")
def test_line_across_a_canal_must_be_a_bridge():
    data = canals()
    data["lines"].append(["b2", "c3"])
    [finding] = check(data)
    assert summary([finding]) == [("geometry/unmarked-crossing", "error", line_of(data, "- [b2, c3]"))]
    assert "between islands north and south" in finding.message
    assert finding.element == ("line", "b2", "c3")


def test_island_in_two_parts_is_a_warning():
    data = canals()
    data["canals"]["islands"]["north"].remove(["a2", "a3", "b2"])
    [finding] = check(data)
    assert summary([finding]) == [("geometry/island-split", "warning", line_of(data, "    north:"))]
    assert finding.element == ("segment", "a3", "b2", "b3")


def test_islands_sharing_a_side_is_a_warning():
    data = canals()
    data["canals"]["islands"]["north"].remove(["a1", "a2", "b1"])
    data["canals"]["islands"]["west"] = [["a1", "a2", "b1"]]
    [finding] = check(data)
    assert summary([finding]) == [("geometry/islands-touch", "warning", line_of(data, "west: [[a1, a2, b1]]"))]
    assert "islands north and west share the side [a2, b1]" in finding.message


def test_a_bridge_dropped_from_the_list_is_one_finding():
    data = canals()
    data["segments"] = []  # nothing to be unfair about once a bridge is gone
    data["canals"]["bridges"].pop()  # [b3, c3] stays a line but is no bridge any more
    # the water between [b2, c2] and [b3, c3] is still canal water, not a hole to report
    # (with no segments the board gives nothing to reach 18 VP with: scenario/score-unreachable)
    assert [f.code for f in check(data)] == ["geometry/unmarked-crossing", "scenario/score-unreachable"]
    data["lines"].remove(["b3", "c3"])  # the canal is now open to the outside: nothing else to report
    assert [f.code for f in check(data)] == ["scenario/score-unreachable"]


# --- crater (L2-2) ------------------------------------------------------------------------------

@pytest.mark.rule("L2-2")
def test_crater_without_a_hole():
    data = tiny()
    data["crater"] = ["b2", "c2"]
    [finding] = check(data)
    assert summary([finding]) == [("geometry/crater-not-a-hole", "error", line_of(data, "crater:"))]
    assert finding.element == ("crater",)


@pytest.mark.rule("L2-2")
def test_crater_peg_away_from_the_hole():
    data = crater()
    data["crater"].append("a1")
    findings = check(data)
    assert [f.code for f in findings] == ["geometry/non-triangular-face", "geometry/crater-peg-off-hole"]
    off = findings[1]
    assert (off.line, off.col, off.element) == (line_of(data, "crater:"), len("crater: [b1, b2, c3, c2, ") + 1,
                                                ("peg", "a1"))


@pytest.mark.rule("L2-2")
def test_crater_missing_a_peg_of_its_hole():
    data = crater()
    data["crater"].remove("c2")
    findings = check(data)
    assert summary(findings) == [("geometry/non-triangular-face", "info", line_of(data, "- [b1, b2]")),
                                 ("geometry/crater-incomplete", "warning", line_of(data, "crater:"))]
    assert "c2 on the edge of the crater is not listed" in findings[1].message
    assert findings[1].element[0] == "face" and "c2" in findings[1].element


# --- idols (L7-1) ---------------------------------------------------------------------------------

@pytest.mark.rule("L7-1")
def test_an_idol_lies_on_a_real_segment():
    data = idols()
    data["pegs"]["m"] = {"at": [1.5, 1.6], "colour": "red"}  # inside [b2, c2, c3], the blue idol's segment
    data["lines"].append(["b2", "m"])
    [finding] = check(data)
    assert summary([finding]) == [("geometry/not-a-face", "error", line_of(data, "idol: blue"))]
    assert finding.element == ("segment", "b2", "c2", "c3")


# --- line items (L8-2) --------------------------------------------------------------------------

@pytest.mark.rule("L8-2")
def test_two_line_items_on_one_line():
    data = labyrinth()
    data["line_items"].append({"line": ["a2", "a1"], "artifact": "helmet"})
    [finding] = check(data)
    assert summary([finding]) == [("geometry/line-item-repeated", "warning", line_of(data, "{line: [a2, a1]"))]
    assert f"the first is at line {line_of(data, '{line: [a1, a2]')}" in finding.message


# --- pictures (L4-2, L4-6) ------------------------------------------------------------------------

@pytest.mark.rule("L4-2")
def test_picture_in_two_parts_is_a_warning_on_its_own():
    data = pictures()
    data["segments"][3]["picture"] = "crane"  # crane: four bottom segments and one at the top
    data["segments"][7]["picture"] = "heron"
    findings = check(data)
    assert summary(findings) == [
        ("rules/picture-split", "warning", line_of(data, "heron:")),
        ("rules/picture-split", "warning", line_of(data, "crane:")),
    ]
    assert "picture heron is in 2 separate parts (segment [c3, d2, d3] does not" in findings[0].message
    assert findings[0].element == ("picture", "heron")


@pytest.mark.rule("L4-2", "L4-6")
def test_picture_checks_are_errors_under_the_pictures_module(tmp_path):
    data = pictures()
    data["segments"].pop()
    data["segments"][1]["picture"] = "crane"  # heron: 3 segments, [a2, b1, b2] no longer joins them
    board = dump_yaml(data)
    scenario = write_scenario(tmp_path, "{start: any-start, modules: {pictures: {}}}", boards={2: board})
    findings = [f for f in validate(scenario) if f.path.endswith("tiny-2p.yaml")]
    assert sorted((f.code, f.severity, f.line) for f in findings) == sorted([
        ("rules/picture-size", "error", line_of(data, "heron:")),
        ("rules/picture-split", "error", line_of(data, "crane:")),
        ("rules/picture-split", "error", line_of(data, "heron:")),
    ])
    assert summary(check(data)) and all(f.severity == "warning" for f in check(data))


# --- seats ---------------------------------------------------------------------------------------

@pytest.mark.rule("L1-2")
def test_goal_on_the_start_edge():
    data = tiny()
    data["seats"]["south"]["goal"] = ["d1", "d4"]
    [finding] = check(data)
    assert summary([finding]) == [("rules/goal-not-opposite", "warning", line_of(data, "south:"))]
    assert finding.element == ("seat", "south")


@pytest.mark.rule("L1-2")
def test_goal_on_a_far_side_is_opposite_enough():
    data = tiny()
    data["seats"]["south"]["goal"] = ["c1", "d1"]  # the west side, across the centre from [d2, d3]
    data["seats"]["north"]["goal"] = ["c4", "d4"]
    assert check(data) == []


@pytest.mark.rule("L6-2")
def test_seats_without_start_or_goal_under_anywhere(tmp_path):
    data = tiny()
    data["seats"] = {"south": {}, "north": {}}
    data["location"] = "cursed-triangle"  # players start anywhere (L6-3)
    assert check(data) == []
    board = dump_yaml(data)
    scenario = write_scenario(tmp_path, "{start: anywhere, connect: false, bands: [triangle, quad]}",
                              boards={2: board})
    assert [f for f in validate(scenario) if f.path.endswith("tiny-2p.yaml")] == []


@pytest.mark.rule("L4-1")
def test_any_start_pegs_may_lie_inside_the_board(tmp_path):
    data = tiny()
    data["seats"]["south"] = {"start": ["c2"], "goal": []}
    data["seats"]["north"] = {"start": ["b3"], "goal": []}
    board = dump_yaml(data)
    assert validate(write_scenario(tmp_path, "{start: any-start}", boards={2: board})) == []
    own_side = [f.code for f in validate(write_scenario(tmp_path, "{start: own-side}", boards={2: board}))]
    assert own_side == ["rules/start-not-on-edge"] * 2


@pytest.mark.rule("L2-2")
def test_start_pegs_a_crater_start_never_reads_are_a_warning(tmp_path):
    data = crater()
    data["location"] = "volcano"  # every first band starts on the crater (L2-2)
    data["seats"]["south"]["goal"] = data["seats"]["north"]["goal"] = []
    found = [f for f in check(data) if f.code == "rules/start-ignored"]
    assert [(f.severity, f.element, f.line) for f in found] == [
        ("warning", ("seat", "south"), line_of(data, "south:")),
        ("warning", ("seat", "north"), line_of(data, "north:"))]
    assert "[d2, d3]" in found[0].message and "L2-2" in found[0].message
    data["seats"]["south"]["start"] = data["seats"]["north"]["start"] = []
    assert not [f for f in check(data) if f.code == "rules/start-ignored"]


@pytest.mark.rule("L6-2")
def test_start_pegs_an_anywhere_start_never_reads_are_a_warning_the_pool_of_any_start_is_read(tmp_path):
    data = tiny()
    data["seats"]["south"] = {"start": ["c2"], "goal": []}
    data["seats"]["north"] = {"start": [], "goal": []}
    board = dump_yaml(data)
    found = [f for f in validate(write_scenario(tmp_path, "{start: anywhere}", boards={2: board}))
             if f.path.endswith("tiny-2p.yaml")]
    assert [(f.code, f.element) for f in found] == [("rules/start-ignored", ("seat", "south"))]
    assert "L6-2" in found[0].message
    # any-start reads every seat's start pegs as one pool (L4-1): nothing is ignored there
    assert validate(write_scenario(tmp_path, "{start: any-start}", boards={2: board})) == []
    # the 3- and 4-player tiny boards list start pegs for every seat: one warning per seat
    others = [f for f in validate(write_scenario(tmp_path, "{start: anywhere}", boards={2: board}))
              if not f.path.endswith("tiny-2p.yaml")]
    assert {f.code for f in others} == {"rules/start-ignored"} and len(others) == 3 + 4


@pytest.mark.rule("L8-3")
def test_labyrinth_needs_start_pegs_for_each_seat(tmp_path):
    data = labyrinth()
    data["seats"]["north"]["start"] = []
    rules = "{bands: [chain], start: anywhere, end: {bands-exhausted: true}, modules: {labyrinth: {}}}"
    findings = validate(write_scenario(tmp_path, rules, boards={n: dump_yaml(labyrinth()) for n in (3, 4)}
                                       | {2: dump_yaml(data)}))
    board_findings = [f for f in findings if f.path.endswith("tiny-2p.yaml")]
    assert [(f.code, f.element) for f in board_findings] == [("rules/no-start", ("seat", "north"))]
    assert "L8-3" in board_findings[0].message


# --- seat fairness --------------------------------------------------------------------------------

def base_board(contents: dict[tuple[str, str, str], int]) -> dict:
    """The 80-peg base (8 rows of 10), seats south (row h) and north (row a) racing across,
    with ``contents``: segment -> treasure."""
    pegs, lines = triangular_lattice()
    return {
        "format": "realm-board/2", "id": "base", "name": "Base", "players": 2, "location": "jungle-temples",
        "pegs": {pid: {"at": [round(x, 6), round(y, 6)], "colour": "red"} for pid, (x, y) in pegs.items()},
        "lines": [list(line) for line in lines],
        "segments": [{"pegs": list(pegs_), "treasure": t} for pegs_, t in contents.items()],
        "seats": {"south": {"start": ["h4", "h5", "h6"], "goal": ["a4", "a5", "a6"]},
                  "north": {"start": ["a5", "a6", "a7"], "goal": ["h5", "h6", "h7"]}},
    }


# the half turn maps a{c} to h{11-c} and b{c} to g{11-c}; these segments are images of each other
NEAR_NORTH = {("a5", "a6", "b5"): 3, ("b5", "b6", "c6"): 2}
NEAR_SOUTH = {("h6", "h5", "g6"): 3, ("g6", "g5", "f5"): 2}


# two segments in the middle, 3 and 4 lines from either start
MIDDLE = {("d5", "d6", "e6"): 4, ("d5", "e5", "e6"): 4}


def test_seat_reach_counts_what_three_bands_explore():
    board = Board.from_data(base_board({**NEAR_NORTH, **NEAR_SOUTH, **MIDDLE}))
    assert [seat_reach(board, bands=k) for k in (1, 2, 3)] == [
        {"south": 5, "north": 5}, {"south": 9, "north": 9}, {"south": 13, "north": 13}]
    assert check(base_board({**NEAR_NORTH, **NEAR_SOUTH, **MIDDLE})) == []


def chains_oracle(board: Board, bands: int) -> dict[str, int]:
    """seat_reach by brute force: every chain of up to ``bands`` shapes, each sharing a peg with
    the earlier ones, the first touching a start peg; the worth of every face some chain explores."""
    topology = Topology(board)
    out = {}
    for name, seat in board.seats.items():
        faces: set[int] = set()

        def extend(pegs: frozenset, depth: int) -> None:
            if depth == bands:
                return
            for shape in topology.shapes:
                if pegs & set(shape.pegs):
                    faces.update(shape.interior)
                    extend(pegs | set(shape.pegs), depth + 1)

        extend(frozenset(seat.start), 0)
        out[name] = sum(topology.treasure[f] + topology.energy[f] for f in faces)
    return out


@pytest.mark.parametrize("bands", [1, 2])
def test_seat_reach_agrees_with_every_chain(bands):
    for players in (2, 3, 4):
        board = Board.from_data(tiny(players))
        assert seat_reach(board, bands=bands) == chains_oracle(board, bands)


def test_unfair_seats_are_a_warning_naming_both():
    data = base_board({**NEAR_NORTH, ("h6", "h5", "g6"): 3})
    [finding] = check(data)
    assert summary([finding]) == [("rules/seat-fairness", "warning", line_of(data, "start: [h4, h5, h6]"))]
    assert finding.element == ("seat", "south")
    assert "seat north can reach 5 treasure and energy within 3 bands of its start, seat south only 3" in finding.message
    assert "40% less" in finding.message


def test_a_difference_of_20_percent_is_fine():
    assert check(base_board({("a5", "a6", "b5"): 5, ("h6", "h5", "g6"): 4})) == []
    assert [f.code for f in check(base_board({("a5", "a6", "b5"): 5, ("h6", "h5", "g6"): 3}))] == [
        "rules/seat-fairness"]


def test_seat_fairness_counts_bridges_and_line_items():
    data = canals()
    assert seat_reach(Board.from_data(data)) == {"south": 6, "north": 6}  # 2 treasure + 2 bridges of 2
    data["canals"]["bridges"][0]["energy"] = 5
    assert seat_reach(Board.from_data(data)) == {"south": 9, "north": 9}  # both reach both bridges
    chain = BoardNeeds.of_rules(read_scenario_rules("{bands: [chain], modules: {labyrinth: {}}}"))
    # a chain of 3 lines reaches the helmet's or the shield's treasure from either side
    assert seat_reach(Board.from_data(labyrinth()), chain) == {"south": 2, "north": 2}
    assert seat_reach(Board.from_data(labyrinth()), chain, bands=1) == {"south": 0, "north": 0}


def test_seat_fairness_only_where_seats_start_apart(tmp_path):
    unfair = dump_yaml(base_board({**NEAR_NORTH}))
    for rules in ("{start: any-start}", "{start: anywhere}"):
        findings = validate(write_scenario(tmp_path, rules, boards={2: unfair}))
        assert "rules/seat-fairness" not in [f.code for f in findings]
    findings = validate(write_scenario(tmp_path, "{start: own-side}", boards={2: unfair}))
    assert [f.code for f in findings] == ["rules/seat-fairness"]


def test_seat_fairness_is_not_measured_on_a_broken_board():
    data = base_board({**NEAR_NORTH})
    data["lines"].append(["a1", "a3"])  # runs through a2
    assert [f.code for f in check(data)] == ["geometry/line-through-peg"]


# --- scenarios: what each module needs --------------------------------------------------------------

@pytest.mark.rule("L3-2")
def test_canals_module_needs_islands_and_bridges(tmp_path):
    rules = "{start: own-side, closures: false, modules: {canals: {}}}"
    no_bridges = tiny()
    no_bridges["canals"] = {"islands": {"north": copy.deepcopy(NORTH)}}  # one island: no canal, no bridge
    assert check(no_bridges) == []
    found = scenario_findings(tmp_path, rules, {2: board_text(canals(), 2), 3: board_text(canals(), 3),
                                                4: board_text(no_bridges, 4)})
    assert found == [("scenario/no-canals", 8)]
    scenario = tmp_path / "scenarios" / "s.yaml"
    [finding] = [f for f in validate(scenario) if f.code == "scenario/no-canals"]
    assert "the 4-player board tiny-2p has no bridges" in finding.message
    assert [f.code for f in validate(write_scenario(tmp_path, rules))] == ["scenario/no-canals"] * 3


@pytest.mark.rule("L4-2")
def test_pictures_module_needs_pictures(tmp_path):
    rules = "{start: any-start, modules: {pictures: {}}, end: {pictures: {2: 1, 3: 1, 4: 1}}}"
    found = scenario_findings(tmp_path, rules, {2: board_text(pictures(), 2), 3: board_text(pictures(), 3)})
    assert found == [("scenario/no-pictures", 8)]


@pytest.mark.rule("L7-1")
def test_idols_module_needs_both_colours(tmp_path):
    rules = "{start: own-side, modules: {idols: {points: 6}}}"
    orange_only = idols()
    del orange_only["segments"][2]["idol"]
    found = scenario_findings(tmp_path, rules, {2: board_text(idols(), 2), 3: board_text(orange_only, 3)})
    assert found == [("scenario/no-idols", 8), ("scenario/no-idols", 8)]
    messages = [f.message for f in validate(tmp_path / "scenarios" / "s.yaml")]
    assert any("3-player board tiny-2p has no blue idol" in m for m in messages)
    assert any("4-player board tiny-4p has no orange and no blue idol" in m for m in messages)


@pytest.mark.rule("L8-2", "L8-9")
def test_labyrinth_module_needs_line_items_with_every_artifact(tmp_path):
    rules = "{bands: [chain], start: own-side, end: {bands-exhausted: true}, modules: {labyrinth: {}}}"
    no_shield = labyrinth()
    no_shield["line_items"].pop()
    found = scenario_findings(tmp_path, rules, {2: board_text(labyrinth(), 2), 3: board_text(no_shield, 3)})
    assert found == [("scenario/missing-artifact", 8), ("scenario/no-line-items", 8)]
    messages = {f.code: f.message for f in validate(tmp_path / "scenarios" / "s.yaml")}
    assert "the 3-player board tiny-2p has no shield" in messages["scenario/missing-artifact"]


@pytest.mark.rule("L4-7", "L8-3")
def test_rules_that_need_a_module(tmp_path):
    assert scenario_findings(tmp_path, "{bands: [line, chain], start: own-side}") == [("scenario/needs-module", 8)]
    end = "{start: own-side, end: {pictures: {2: 1, 3: 1, 4: 1}}}"
    assert sorted(scenario_findings(tmp_path, end)) == [("scenario/end-pictures", 8)] * 3 + [("scenario/needs-module", 8)]


@pytest.mark.rule("L5-2")
def test_long_barriers_need_no_module(tmp_path):
    assert validate(write_scenario(tmp_path, "{bands: [line, triangle, quad, long-barrier], start: own-side}")) == []


@pytest.mark.rule("L5-4", "L8-3", "L3-2")
def test_modules_the_other_rules_make_void(tmp_path):
    assert scenario_findings(tmp_path, "{start: own-side, closures: false, modules: {excavation: {}}}") == [
        ("scenario/rules-conflict", 8)]
    found = scenario_findings(tmp_path, "{bands: [triangle], start: own-side, modules: {labyrinth: {}}}",
                              {n: board_text(labyrinth(), n) for n in (2, 3, 4)})
    assert found == [("scenario/rules-conflict", 8)]
    found = scenario_findings(tmp_path, "{bands: [quad], start: own-side, modules: {canals: {}}}",
                              {n: board_text(canals(), n) for n in (2, 3, 4)})
    assert found == [("scenario/rules-conflict", 8)]


@pytest.mark.rule("L6-1")
def test_personal_deck_smaller_than_an_opening_hand(tmp_path):
    rules = "{start: anywhere, cards: {personal-deck: {size: 6, draw: 3}}}"
    findings = [f for f in validate(write_scenario(tmp_path, rules)) if f.code == "scenario/personal-decks"]
    assert [(f.line, f.message) for f in findings] == [
        (8, "an opening hand of 7 cards cannot be drawn from a personal deck of 6 (L6-1)")]


# --- a board checked as a scenario's board (the editor) ---------------------------------------------

def test_a_board_checked_against_its_scenario(tmp_path):
    scenario_path = write_scenario(tmp_path, "{start: own-side, modules: {idols: {}}}")
    scenario = read_scenario(scenario_path)
    data = idols()
    data["seats"]["north"]["start"] = []
    del data["segments"][2]["idol"]  # no blue idol left
    board = Board.from_data(data)
    findings = validate(board, scenario=scenario)
    # the scenario's finding about this board is placed on the board, at its location: key
    assert [(f.code, f.path) for f in findings] == [("rules/no-start", None), ("scenario/no-idols", None)]
    assert [f.code for f in validate(board)] == ["rules/no-start"]  # on its own: no module to need idols
    doc = parse_yaml(dump_yaml(data), "b.yaml")
    assert sorted(f.code for f in validate(doc, scenario=scenario)) == ["rules/no-start", "scenario/no-idols"]
    with pytest.raises(TypeError):
        validate(scenario, scenario=scenario)
    with pytest.raises(TypeError):
        validate(board, scenario="scenarios/s.yaml")


# --- what a location needs to be winnable: a fresh wizard board ---------------------------------

def _wizard_board(scenario_id: str, players: int, tmp_path: Path) -> Path:
    from studio.generate.templates import build_board, spec_for  # Qt-free: the wizard's board builder
    from studio.model.io import write

    scenario = read_scenario(ROOT / "scenarios" / f"{scenario_id}.yaml")
    board = build_board(spec_for(scenario.rules, players, scenario.id, scenario.name))
    board.location = scenario.id
    path = tmp_path / f"{scenario_id}{players}.yaml"
    write(board, path)
    return path


@pytest.mark.rule("L2-4")
def test_a_fresh_volcano_board_cannot_be_won(tmp_path):
    path = _wizard_board("volcano", 4, tmp_path)
    (finding,) = [f for f in validate(str(path)) if f.code == "scenario/escape-energy"]
    assert finding.severity == "error" and finding.line == 5  # on location: (after the schema line)
    assert "holds 0 energy in all" in finding.message and "needs 7 energy" in finding.message
    assert "28 for every seat" in finding.message


@pytest.mark.rule("L2-4")
def test_volcano_energy_for_only_some_seats_is_a_warning():
    data = tiny(2)
    data["location"] = "volcano"  # (no crater: scenario/no-crater, not looked at here)
    data["segments"] = [{"pegs": s["pegs"], "energy": 5} for s in data["segments"][:2]]  # 10 energy: one seat
    found = [f for f in check(data) if f.code == "scenario/escape-energy"]
    assert [(f.severity, "holds 10 energy" in f.message, "at most 1 of them" in f.message, "add 4" in f.message)
            for f in found] == [("warning", True, True, True)]
    data["segments"][1]["energy"] = 9  # 14 energy: both seats can escape
    assert [f for f in check(data) if f.code == "scenario/escape-energy"] == []


@pytest.mark.rule("RTR-E1")
@pytest.mark.parametrize("scenario_id, most", [("jungle-temples", 8), ("two-deities", 12), ("archipelago-city", 0)])
def test_a_fresh_board_with_a_score_end_says_it_needs_treasure(tmp_path, scenario_id, most):
    path = _wizard_board(scenario_id, 2, tmp_path)
    (finding,) = [f for f in validate(str(path)) if f.code == "scenario/score-unreachable"]
    assert finding.severity == "warning" and f"at most {most} VP" in finding.message
    assert f"add at least {18 - most} VP of treasure" in finding.message


def test_bundled_boards_need_nothing_more():
    from studio.validate import validate_paths

    findings, _files, _unreadable = validate_paths([ROOT / "boards", ROOT / "scenarios"])
    assert not {f.code for f in findings} & {"scenario/escape-energy", "scenario/score-unreachable"}
