"""A designer's scenario next to a board that does not load, or whose rules have errors, is
reported loudly (``location/broken-scenario``, the rules' warning, playtest refuses), never
skipped in silence for the bundled rules of the same id."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content import bundled_path
from studio.model import io
from studio.model.locations import rules_for, scenario_trouble
from studio.playtest.cli import main as playtest_main
from studio.validate import validate

SCENARIO = """\
format: realm-scenario/1
id: {ident}
name: Jungle Temples (short game)
boards: {{2: board.yaml}}
rules:
  bands: [line, triangle, quad]
  bands_per_player: 25
  start: own-side
  connect: true
  closures: {closures}
  cards: shared-pool
  end: {{{end}: 6}}
  modules:
    cross-board: {{bonuses: [8, 6]}}
{extra}"""


def project(tmp_path: Path, end="score", ident="jungle-temples", closures="true", extra="",
            board_text: str | None = None) -> Path:
    """The trial's folder: the bundled 2-player Jungle Temples board as board.yaml and a short
    game scenario of the same id next to it; returns the board's path."""
    board = tmp_path / "board.yaml"
    board.write_text(board_text or bundled_path("boards", "realm", "jungle-temples-2p.yaml").read_text())
    (tmp_path / "jungle-temples.yaml").write_text(
        SCENARIO.format(ident=ident, end=end, closures=closures, extra=extra))
    return board


def test_a_good_scenario_next_to_the_board_is_used(tmp_path):
    board = project(tmp_path)
    rules = rules_for(io.read_board(board))
    assert rules.name == "Jungle Temples (short game)" and rules.trouble is None and rules.warning is None
    assert rules.scenario.rules.end == {"score": 6}
    assert [f for f in validate(str(board)) if f.severity == "error"] == []


def test_a_misspelt_key_in_the_scenario_is_an_error_on_the_board(tmp_path, capsys):
    board = project(tmp_path, end="scor")
    scenario = tmp_path / "jungle-temples.yaml"
    (finding,) = [f for f in validate(str(board)) if f.severity == "error"]
    assert finding.code == "location/broken-scenario" and finding.path == str(board)
    assert (finding.line, finding.col) == (5, 1)  # the board's location: key
    assert f"{scenario}:12:9" in finding.message and "unknown key 'scor'" in finding.message
    assert "does not load" in finding.message and "Jungle Temples" in finding.message
    rules = rules_for(io.read_board(board))
    assert rules.trouble.path == str(scenario) and not rules.trouble.loads
    assert "does not load" in rules.warning and str(scenario) in rules.warning and "'scor'" in rules.warning
    # the playtest refuses rather than play the bundled 18-point game
    assert playtest_main([str(board), "--games", "1"]) == 1  # content with errors, as studio validate
    err = capsys.readouterr().err
    assert "location/broken-scenario" in err and "fix it before playtesting" in err


def test_a_scenario_that_loads_with_rules_errors_is_said(tmp_path):
    board = project(tmp_path, closures="false", extra="    excavation: {}\n")
    rules = rules_for(io.read_board(board))
    assert rules.name == "Jungle Temples (short game)" and rules.trouble.loads
    assert "scenario/rules-conflict" in [f.code for f in rules.trouble.problems]
    assert "its rules have 1 error" in rules.warning
    (finding,) = [f for f in validate(str(board)) if f.severity == "error" and f.code.startswith("location/")]
    assert finding.code == "location/broken-scenario" and "excavation" in finding.message


def test_a_scenario_that_does_not_parse_is_matched_by_its_text(tmp_path):
    board = project(tmp_path)
    scenario = tmp_path / "jungle-temples.yaml"
    scenario.write_text(scenario.read_text().replace("bands_per_player: 25", "bands_per_player: [25"))
    trouble = scenario_trouble(board, "jungle-temples")
    assert trouble is not None and trouble.problems[0].code.startswith("yaml/")
    assert "location/broken-scenario" in [f.code for f in validate(str(board))]


def test_a_broken_scenario_for_another_location_is_not_this_boards(tmp_path):
    board = project(tmp_path, end="scor", ident="my-temples")
    assert scenario_trouble(board, "jungle-temples") is None
    assert [f for f in validate(str(board)) if f.severity == "error"] == []


def test_a_board_without_location_listed_by_a_broken_scenario(tmp_path):
    text = bundled_path("boards", "realm", "jungle-temples-2p.yaml").read_text()
    text = text.replace("format: realm-board/2", "format: realm-board/1").replace("location: jungle-temples\n", "")
    board = project(tmp_path, end="scor", board_text=text)
    codes = [f.code for f in validate(str(board))]
    assert "location/broken-scenario" in codes and "location/none" in codes


def test_bundled_boards_have_no_trouble():
    for path in sorted(bundled_path("boards", "realm").glob("*.yaml")):
        assert scenario_trouble(path, io.read_board(path).location) is None, path


# -- files the scenario look-up passes over: empty, or of no or an unknown format ---------------

@pytest.mark.parametrize("text,code,line,words", [
    ("", "scenario/empty", 1, "the file is empty"),
    ("# my short game, to be written\n\n", "scenario/empty", 1, "the file is empty"),
    ("# short game\nformat: realm-scenaro/1\nid: jungle-temples\n", "scenario/wrong-format", 2,
     "'format: realm-scenaro/1' is not a scenario's format"),
    ("id: jungle-temples\nname: Short\n", "scenario/wrong-format", 1, "no 'format:' line"),
])
def test_an_empty_or_wrong_format_scenario_next_to_the_board_is_said(tmp_path, text, code, line, words):
    """Trial of issue 11: such a file was skipped in silence and the bundled rules played."""
    board = project(tmp_path)
    scenario = tmp_path / "jungle-temples.yaml"
    scenario.write_text(text)
    rules = rules_for(io.read_board(board))
    assert rules.trouble is not None and rules.trouble.path == str(scenario) and not rules.trouble.loads
    (problem,) = rules.trouble.problems
    assert (problem.code, problem.line, problem.col) == (code, line, 1) and words in problem.message
    assert "does not load" in rules.warning and str(scenario) in rules.warning
    (finding,) = [f for f in validate(str(board)) if f.code == "location/broken-scenario"]
    assert f"{scenario}:{line}:1" in finding.message and words in finding.message


def test_an_empty_file_in_the_scenarios_folder_is_said_when_the_location_is_not_found(tmp_path):
    (tmp_path / "boards").mkdir()
    (tmp_path / "scenarios").mkdir()
    board = tmp_path / "boards" / "city.yaml"
    text = bundled_path("boards", "realm", "jungle-temples-2p.yaml").read_text()
    board.write_text(text.replace("location: jungle-temples", "location: my-city"))
    (tmp_path / "scenarios" / "city-rules.yaml").write_text("")
    rules = rules_for(io.read_board(board))
    assert rules.trouble is not None and rules.trouble.path.endswith("city-rules.yaml")
    assert "is empty" in rules.warning
    # found under its location's name, also when the location is known elsewhere (bundled)
    board.write_text(text)
    assert rules_for(io.read_board(board)).trouble is None   # an unrelated empty file is not this board's
    (tmp_path / "scenarios" / "jungle-temples.yaml").write_text("\n")
    assert rules_for(io.read_board(board)).trouble.path.endswith("jungle-temples.yaml")


def test_boards_islands_and_other_files_next_to_the_board_are_not_scenarios(tmp_path):
    board = project(tmp_path)
    (tmp_path / "other.yaml").write_text(bundled_path("boards", "realm", "volcano-2p.yaml").read_text())
    (tmp_path / "isle.yaml").write_text((bundled_path("boards", "rivages") / "cards.yaml").read_text())
    (tmp_path / "notes.yaml").write_text("todo: more energy\n")     # not named after the location
    rules = rules_for(io.read_board(board))
    assert rules.trouble is None and rules.warning is None
