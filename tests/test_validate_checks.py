"""Each geometry, rules-lint and scenario check, on small variations of a valid tiny board."""

from __future__ import annotations

import copy
import dataclasses
import re
from functools import lru_cache
from pathlib import Path

import pytest

from studio.content import dump_yaml, parse_yaml
from studio.content.findings import Finding
from studio.model.io import read_board
from studio.model.realm import Board, Scenario
from studio.validate import validate

ROOT = Path(__file__).resolve().parent.parent
VALID = ROOT / "tests" / "data" / "valid"


@lru_cache(maxsize=None)
def _tiny_text() -> str:
    return (VALID / "tiny-2p.yaml").read_text()


def tiny() -> dict:
    """Data of the valid 2-player tiny board: a 4 x 4 lattice, seats south and north."""
    return copy.deepcopy(parse_yaml(_tiny_text()).data)


def check(data: dict, path: str = "t.yaml") -> list[Finding]:
    """Findings of ``data`` written out as a file (so they have lines)."""
    return validate(parse_yaml(dump_yaml(data), path))


def codes(findings: list[Finding], severity: str | None = None) -> list[str]:
    return [f.code for f in findings if severity is None or f.severity == severity]


def add_island(data: dict) -> None:
    """Three pegs and lines off to the right, joined to nothing."""
    data["pegs"].update({"x1": {"at": [6, 0], "colour": "red"}, "x2": {"at": [7, 0], "colour": "red"},
                         "x3": {"at": [6.5, 0.866025], "colour": "red"}})
    data["lines"] += [["x1", "x2"], ["x2", "x3"], ["x1", "x3"]]


def test_tiny_board_is_clean():
    assert check(tiny()) == []


# --- geometry --------------------------------------------------------------------------------

def test_line_through_a_peg():
    data = tiny()
    data["lines"].append(["a1", "a3"])
    [finding] = check(data)
    assert (finding.code, finding.element) == ("geometry/line-through-peg", ("line", "a1", "a3"))
    assert "runs through peg a2" in finding.message and "[a1, a2] and [a2, a3]" in finding.message


def test_overlapping_lines_are_lines_through_pegs():
    data = tiny()
    data["lines"].append(["a1", "a4"])
    assert codes(check(data)) == ["geometry/line-through-peg"] * 2


def test_duplicate_line_either_direction():
    data = tiny()
    data["lines"].append(["a2", "a1"])
    [finding] = check(data)
    assert finding.code == "geometry/duplicate-line"
    assert (finding.line, finding.col) == (22 + len(data["lines"]), 3)  # "lines:" is line 22
    assert "repeats line [a1, a2] (line 23)" in finding.message


def test_zero_length_line():
    data = tiny()
    data["lines"].append(["b2", "b2"])
    assert codes(check(data)) == ["geometry/zero-length-line"]


def test_pegs_at_one_spot():
    data = tiny()
    data["pegs"]["z1"] = {"at": [1.00001, 0], "colour": "red"}
    data["lines"].append(["z1", "b1"])  # a line from the twin duplicates a2-b1
    findings = check(data)
    assert codes(findings) == ["geometry/peg-overlap", "geometry/duplicate-line"]
    assert findings[0].element == ("peg", "z1") and "same spot as peg a2" in findings[0].message


def test_a_long_line_crosses_every_line_in_its_way():
    data = tiny()
    data["lines"].append(["c1", "b3"])  # cuts across the middle of the board
    findings = check(data)
    crossings = [f for f in findings if f.code == "geometry/lines-cross"]
    assert [re.search(r"crosses line (\[\w+, \w+\])", f.message).group(1) for f in crossings] == [
        "[b1, c2]", "[b2, c2]", "[b2, c3]"]
    # each names both lines, so the editor can show the pair
    assert [f.element for f in crossings] == [("crossing", "c1", "b3", "b1", "c2"), ("crossing", "c1", "b3", "b2", "c2"),
                                             ("crossing", "c1", "b3", "b2", "c3")]
    # the listed segment it cuts is no longer a face
    assert [(f.code, f.element) for f in findings if f not in crossings] == [
        ("geometry/not-a-face", ("segment", "b2", "c2", "c3"))]


def test_a_line_through_a_peg_leaves_no_face_noise():
    data = tiny()
    data["lines"].append(["b2", "d1"])  # runs exactly through c2
    assert codes(check(data)) == ["geometry/line-through-peg"]


def test_unknown_pegs_everywhere_point_at_the_id():
    data = tiny()
    data["seats"]["south"]["start"] = ["d2", "q9"]
    data["segments"][0]["pegs"] = ["a1", "a2", "q8"]
    data["crater"] = ["q7"]
    data["line_items"] = [{"line": ["a1", "q6"], "treasure": 1}]
    data["canals"] = {"bridges": [{"line": ["q5", "a1"], "energy": 1}], "islands": {"west": [["a1", "a2", "q4"]]}}
    findings = [f for f in check(data) if f.code == "geometry/unknown-peg"]
    named = sorted(re.search(r"peg (q\d)", f.message).group(1) for f in findings)
    assert named == ["q4", "q5", "q6", "q7", "q8", "q9"]
    seat = next(f for f in findings if "q9" in f.message)
    assert seat.element == ("seat", "south")
    text = dump_yaml(data).splitlines()
    assert text[seat.line - 1][seat.col - 1:].startswith("q9")


def test_degenerate_segment():
    data = tiny()
    data["segments"].append({"pegs": ["a1", "a2", "a3"], "treasure": 1})
    [finding] = check(data)
    assert (finding.code, finding.element) == ("geometry/degenerate-segment", ("segment", "a1", "a2", "a3"))


def test_segment_side_missing():
    data = tiny()
    data["segments"].append({"pegs": ["a1", "a2", "b2"], "treasure": 1})
    [finding] = check(data)
    assert finding.code == "geometry/segment-side-missing" and "side [a1, b2] is not a line" in finding.message


def test_duplicate_segment_in_another_order():
    data = tiny()
    data["segments"].append({"pegs": ["b1", "a2", "a1"], "energy": 2})
    [finding] = check(data)
    assert (finding.code, finding.element) == ("geometry/duplicate-segment", ("segment", "a1", "a2", "b1"))


def test_segment_crossed_by_a_line_is_not_a_face():
    data = tiny()
    data["pegs"]["m"] = {"at": [1.5, 1.6], "colour": "red"}  # inside b2-c2-c3, joined to b2 only
    data["lines"].append(["b2", "m"])
    [finding] = check(data)
    assert finding.code == "geometry/not-a-face" and "peg m lies inside" in finding.message


def test_non_triangular_face_is_a_warning():
    data = tiny()
    data["lines"].remove(["b2", "c2"])
    data["segments"] = [s for s in data["segments"] if s["pegs"] != ["b2", "c2", "c3"]]
    [finding] = check(data)
    assert (finding.code, finding.severity) == ("geometry/non-triangular-face", "warning")
    assert finding.element[0] == "face" and sorted(finding.element[1:]) == ["b1", "b2", "c2", "c3"]


def test_crater_hole_is_info():
    data = tiny()
    data["lines"].remove(["b2", "c2"])
    data["segments"] = [s for s in data["segments"] if s["pegs"] != ["b2", "c2", "c3"]]
    data["crater"] = ["b1", "b2", "c3", "c2"]
    [finding] = check(data)
    assert (finding.code, finding.severity) == ("geometry/non-triangular-face", "info")


def test_line_item_and_bridge_must_be_on_lines():
    data = tiny()
    data["line_items"] = [{"line": ["a1", "a2"], "artifact": "sword"}, {"line": ["a1", "b2"], "treasure": 1}]
    data["canals"] = {"bridges": [{"line": ["c1", "c3"], "energy": 2}]}
    findings = check(data)
    assert [(f.code, f.element) for f in findings] == [
        ("geometry/not-a-line", ("line", "a1", "b2")), ("geometry/not-a-line", ("line", "c1", "c3"))]


def test_islands_overlap_and_must_be_segments():
    data = tiny()
    data["canals"] = {"islands": {"west": [["a1", "a2", "b1"]], "east": [["b1", "a2", "a1"], ["a1", "a2", "b2"]]}}
    assert codes(check(data)) == ["geometry/island-overlap", "geometry/not-a-face"]


# --- rules lint ------------------------------------------------------------------------------

@pytest.mark.rule("RTR-P5", "L1-1")
def test_a_seat_without_start_pegs():
    data = tiny()
    data["seats"]["north"]["start"] = []
    [finding] = check(data)
    assert (finding.code, finding.element) == ("rules/no-start", ("seat", "north"))


@pytest.mark.rule("L1-2")
def test_a_seat_without_goal_pegs():
    data = tiny()
    data["seats"]["south"]["goal"] = []
    [finding] = check(data)
    assert (finding.code, finding.element) == ("rules/no-goal", ("seat", "south"))


def test_start_and_goal_pegs_off_the_edge_are_warnings():
    data = tiny()
    data["seats"]["south"]["start"] = ["c2", "d3"]
    data["seats"]["north"]["goal"] = ["b3"]
    findings = check(data)
    assert [(f.code, f.severity) for f in findings] == [("rules/start-not-on-edge", "warning"),
                                                          ("rules/goal-not-on-edge", "warning")]


def test_goal_unreachable():
    data = tiny()
    add_island(data)
    data["seats"]["south"]["goal"] = ["x1", "x2"]
    [finding] = check(data)
    assert (finding.code, finding.element) == ("rules/goal-unreachable", ("seat", "south"))


def test_unreachable_segment_names_only_the_cut_off_seats():
    data = tiny()
    add_island(data)
    data["segments"].append({"pegs": ["x1", "x2", "x3"], "treasure": 3})
    data["seats"]["north"]["start"] = ["a2", "x1"]  # north starts on both parts
    [finding] = check(data)
    assert finding.code == "rules/unreachable"
    assert "seat south:" in finding.message and "north" not in finding.message
    assert finding.element == ("segment", "x1", "x2", "x3")


def test_isolated_peg_is_a_warning():
    data = tiny()
    data["pegs"]["z1"] = {"at": [9, 9], "colour": "red"}
    [finding] = check(data)
    assert (finding.code, finding.severity, finding.element) == ("rules/isolated-peg", "warning", ("peg", "z1"))


@pytest.mark.rule("L4-2", "L4-6")
def test_pictures():
    data = tiny()
    data["pictures"] = {"heron": {"label": "Heron"}}
    data["segments"][0]["picture"] = "heron"
    data["segments"][1]["picture"] = "crane"
    findings = check(data)
    assert sorted((f.code, f.element) for f in findings) == [
        ("rules/picture-size", ("picture", "crane")),
        ("rules/picture-size", ("picture", "heron")),
        ("rules/unknown-picture", ("segment", "a2", "b1", "b2")),
    ]


def test_segment_without_treasure_or_energy_is_fine():
    data = tiny()
    data["segments"].append({"pegs": ["c1", "c2", "d1"]})
    assert check(data) == []


# --- models from the editor ------------------------------------------------------------------

def test_model_without_source_still_names_the_element():
    board = Board.from_data(tiny())
    board.lines.append(("a1", "a3"))
    [finding] = validate(board)
    assert (finding.code, finding.path, finding.line, finding.element) == (
        "geometry/line-through-peg", None, None, ("line", "a1", "a3"))


def test_an_element_the_file_does_not_hold_has_no_line_but_names_itself():
    # found by a fresh-user trial: a peg added in the editor was said to be at "(line 10)", the
    # line of "pegs:"; an element added since the file was read has no line in it
    board = read_board(VALID / "tiny-2p.yaml")
    board.lines.append(("a1", "a3"))  # index 33 was never in the file
    [finding] = validate(board)
    assert finding.path == str(VALID / "tiny-2p.yaml")
    assert (finding.line, finding.col) == (None, None)
    assert finding.element == ("line", "a1", "a3")
    board = read_board(VALID / "tiny-2p.yaml")
    peg = next(iter(board.pegs.values()))
    board.pegs["zz9"] = dataclasses.replace(peg, id="zz9", x=peg.x + 500, y=peg.y + 500)
    [finding] = [f for f in validate(board) if f.element == ("peg", "zz9")]
    assert (finding.code, finding.line) == ("rules/isolated-peg", None)


def test_an_element_the_file_holds_keeps_its_line_in_an_edited_board():
    board = read_board(VALID / "tiny-2p.yaml")
    peg_id = next(iter(board.pegs))
    line = board.source.locate(("pegs", peg_id))[0]
    board.lines = [ln for ln in board.lines if peg_id not in ln]   # the peg now on no line
    [finding] = [f for f in validate(board) if f.element == ("peg", peg_id)]
    assert finding.code == "rules/isolated-peg" and finding.line == line is not None


def test_model_values_out_of_schema_are_schema_findings():
    board = Board.from_data(tiny())
    board.players = 7
    assert codes(validate(board)) == ["schema/range"]


# --- scenarios -------------------------------------------------------------------------------

def write_scenario(tmp_path: Path, rules: str, boards: dict[int, str] | None = None) -> Path:
    """A content root in ``tmp_path`` with the tiny boards and a scenario using ``rules``."""
    (tmp_path / "boards").mkdir(exist_ok=True)
    for n in (2, 3, 4):
        text = (VALID / f"tiny-{n}p.yaml").read_text()
        (tmp_path / "boards" / f"tiny-{n}p.yaml").write_text(boards.get(n, text) if boards else text)
    scenario = tmp_path / "scenarios" / "s.yaml"
    scenario.parent.mkdir(exist_ok=True)
    scenario.write_text("format: realm-scenario/1\nid: s\nname: S\nboards:\n"
                        + "".join(f"  {n}: ../boards/tiny-{n}p.yaml\n" for n in (2, 3, 4))
                        + f"rules: {rules}\n")
    return scenario


def scenario_own(findings: list[Finding]) -> list[Finding]:
    """``findings`` without the tiny boards' ``rules/start-ignored``: their seats list start
    pegs, which ``crater`` and ``anywhere`` starts never read (one warning per seat)."""
    return [f for f in findings if f.code != "rules/start-ignored"]


def test_valid_scenario(tmp_path):
    assert validate(write_scenario(tmp_path, "{start: own-side, modules: {cross-board: {bonuses: [8, 6]}}}")) == []


@pytest.mark.rule("RTR-P5")
def test_scenario_rules_decide_what_seats_need(tmp_path):
    no_starts = re.sub(r"start: \[[^\]]*\], ", "", (VALID / "tiny-2p.yaml").read_text())
    # on its own with the Volcano's rules (everyone starts at the crater): no seat starts, fine
    volcano = parse_yaml(no_starts.replace("location: jungle-temples", "location: volcano")).data
    # (the tiny board's little energy lets no seat escape, L2-4: said too)
    assert codes(check(volcano)) == ["scenario/escape-energy", "scenario/no-crater"]
    scenario = write_scenario(tmp_path, "{start: own-side}", boards={2: no_starts})
    findings = validate(scenario)
    assert [(f.code, f.element, Path(f.path).name) for f in findings] == [
        ("rules/no-start", ("seat", "south"), "tiny-2p.yaml"), ("rules/no-start", ("seat", "north"), "tiny-2p.yaml")]


@pytest.mark.rule("L2-2")
def test_crater_start_needs_a_crater(tmp_path):
    findings = validate(write_scenario(tmp_path, "{start: crater}"))
    ignored = [f for f in findings if f.code == "rules/start-ignored"]
    assert sorted(Path(f.path).name for f in ignored) == ["tiny-2p.yaml"] * 2 + ["tiny-3p.yaml"] * 3 + ["tiny-4p.yaml"] * 4
    findings = scenario_own(findings)
    assert codes(findings) == ["scenario/no-crater"] * 3
    assert {(f.path, f.line) for f in findings} == {(str(tmp_path / "scenarios" / "s.yaml"), 8)}


@pytest.mark.rule("L4-7")
def test_pictures_end_needs_counts_and_pictures(tmp_path):
    findings = scenario_own(validate(write_scenario(tmp_path, "{start: anywhere, end: {pictures: {2: 5}}}")))
    messages = " | ".join(f.message for f in findings if f.code == "scenario/end-pictures")
    assert sorted(codes(findings)) == ["scenario/end-pictures"] * 3 + ["scenario/needs-module"]
    assert "at 5 complete pictures, but the 2-player board tiny-2p has only 0" in messages
    assert "no count is given for 3 players" in messages and "no count is given for 4 players" in messages


@pytest.mark.rule("L6-1")
def test_personal_decks_must_fit_the_deck(tmp_path):
    findings = scenario_own(validate(write_scenario(tmp_path,
                                                    "{start: anywhere, cards: {personal-deck: {size: 20, draw: 3}}}")))
    assert codes(findings) == ["scenario/personal-decks"]
    assert "80 cards" in findings[0].message


def test_scenario_reference_to_a_non_board(tmp_path):
    scenario = write_scenario(tmp_path, "{start: own-side}")
    scenario.write_text(scenario.read_text().replace("../boards/tiny-4p.yaml", "s.yaml"))
    assert codes(validate(scenario)) == ["scenario/not-a-board"]


def test_scenario_reference_to_a_broken_board(tmp_path):
    scenario = write_scenario(tmp_path, "{start: own-side}", boards={3: "format: realm-board/1\n"})
    findings = validate(scenario)
    assert sorted(codes(findings)) == ["scenario/invalid-board"] + ["schema/missing-key"] * 6
    invalid = next(f for f in findings if f.code == "scenario/invalid-board")
    assert (invalid.path, invalid.line) == (str(scenario), 6)
    assert all(f.path == str(tmp_path / "boards" / "tiny-3p.yaml") for f in findings if f is not invalid)


def test_unsaved_scenario_checks_its_rules_only():
    scenario = Scenario(id="s", name="S", boards={2: "nowhere.yaml"})
    assert [(f.code, f.path) for f in validate(scenario)] == [("scenario/missing-player-count", None)]


# --- schema messages ---------------------------------------------------------------------------

def test_schema_union_reports_the_branch_the_author_meant():
    text = ("format: realm-scenario/1\nid: s\nname: S\nboards: {2: b.yaml}\n"
            "rules: {cards: {personal-deck: {size: 0}}}\n")
    [finding] = validate(parse_yaml(text, "s.yaml"))
    assert (finding.code, finding.line, finding.col) == ("schema/range", 5, 39)
    assert finding.message == "'rules.cards.personal-deck.size' must be a whole number from 1 to 50, got 0"


def test_schema_repeated_item_is_named():
    data = tiny()
    data["segments"][0]["pegs"] = ["a1", "a2", "a1"]
    [finding] = check(data)
    assert finding.message == "'segments[0].pegs' lists 'a1' more than once; each item may appear only once"


# --- the documentation -----------------------------------------------------------------------

def test_every_code_is_documented():
    documented = set()
    for doc in ("findings.md", "rivages.md"):
        documented |= set(re.findall(r"`([a-z]+/[a-z0-9-]+)`", (ROOT / "docs" / doc).read_text()))
    sources = [*(ROOT / "studio" / "validate").glob("*.py"), ROOT / "studio" / "content" / "yamlio.py",
               ROOT / "studio" / "content" / "schemas.py", ROOT / "studio" / "content" / "paths.py"]
    emitted = set()
    for source in sources:
        emitted |= set(re.findall(r"\"((?:io|yaml|schema|content|geometry|rules|scenario|internal|rivages)/[a-z0-9-]+)\"",
                                  source.read_text()))
    assert emitted, "no codes found in the sources"
    assert emitted - documented == set()
