"""``studio validate`` on files: the broken-file folder, bundled content, the CLI contract."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from studio.content import dump_yaml, parse_yaml
from studio.geometry.lattice import triangular_lattice
from studio.model.io import read_board
from studio.model.realm import Board
from studio.validate import Finding, validate, validate_paths
from studio.validate.cli import main

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "data" / "broken"
VALID = ROOT / "tests" / "data" / "valid"

# file -> (code, line, col[, severity]): the one finding each deliberately broken file must give
# (an error unless a severity is given)
EXPECTED = {
    "yaml-syntax.yaml": ("yaml/syntax", 9, 7),  # the unclosed {, not the next line where the parser stops
    "duplicate-key.yaml": ("yaml/duplicate-key", 11, 3),
    "unknown-key.yaml": ("schema/unknown-key", 35, 11),
    "anchor-alias.yaml": ("yaml/anchor", 12, 7),
    "wrong-format.yaml": ("schema/unknown-format", 2, 9),
    "crossing-lines.yaml": ("geometry/lines-cross", 29, 3),
    "missing-peg.yaml": ("geometry/unknown-peg", 29, 8),
    "segment-not-a-face.yaml": ("geometry/not-a-face", 19, 10),
    "crater-not-a-hole.yaml": ("geometry/crater-not-a-hole", 36, 1),
    "bridge-ends.yaml": ("geometry/bridge-ends", 78, 12),
    "unmarked-crossing.yaml": ("geometry/unmarked-crossing", 53, 3),
    "unreachable-segment.yaml": ("rules/unreachable", 39, 3),
    "seat-count.yaml": ("rules/seat-count", 33, 1),
    "picture-split.yaml": ("rules/picture-split", 72, 3, "warning"),
    "scenario-missing-board.yaml": ("scenario/missing-board", 8, 6),
    "scenario-escapes-root.yaml": ("content/ref-escapes-root", 8, 6),
    "scenario-board-players.yaml": ("scenario/board-players", 7, 6),
    "scenario-needs-module.yaml": ("scenario/needs-module", 10, 33),
}


def expected(name: str) -> tuple[str, str, int, int]:
    """(code, severity, line, col) expected of a broken file."""
    code, line, col, *severity = EXPECTED[name]
    return code, (severity or ["error"])[0], line, col


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_broken_file_has_an_expectation():
    assert sorted(p.name for p in BROKEN.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_gives_its_one_finding(name):
    findings = validate(BROKEN / name)
    assert [(f.code, f.severity, f.line, f.col) for f in findings] == [expected(name)]
    assert findings[0].path == str(BROKEN / name)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_cli_reports_broken_file_and_exits_1_on_errors(capsys, name):
    code, severity, line, col = expected(name)
    path = f"tests/data/broken/{name}"
    status, out, err = run(capsys, str(ROOT / path))
    assert status == (1 if severity == "error" else 0), err
    first = out.splitlines()[0]
    assert first.startswith(f"{ROOT / path}:{line}:{col}: {severity} {code}: ")
    counts = "1 error, 0 warnings" if severity == "error" else "0 errors, 1 warning"
    assert out.splitlines()[-1] == f"checked 1 file: {counts}"


@pytest.mark.rule("RTR-S6")
def test_scenario_board_findings_carry_the_board_path(tmp_path):
    (tmp_path / "boards").mkdir()
    board = (VALID / "tiny-2p.yaml").read_text().replace("players: 2", "players: 3")
    (tmp_path / "boards" / "bad.yaml").write_text(board)
    scenario = tmp_path / "scenarios" / "s.yaml"
    scenario.parent.mkdir()
    scenario.write_text("format: realm-scenario/1\nid: s\nname: S\nboards:\n  2: ../boards/bad.yaml\n"
                        "rules: {start: own-side}\n")
    findings = validate(scenario)
    by_code = {f.code: f for f in findings}
    assert by_code["rules/seat-count"].path == str(tmp_path / "boards" / "bad.yaml")
    assert (by_code["scenario/board-players"].path, by_code["scenario/board-players"].line) == (str(scenario), 5)
    assert by_code["scenario/missing-player-count"].severity == "warning"


def test_bundled_content_is_clean(capsys, monkeypatch):
    # notes (such as each Volcano crater, a legal hole) are fine; errors and warnings are not
    monkeypatch.chdir(ROOT)
    files = sum(len(list((ROOT / folder).rglob(f"*.{ext}"))) for folder in ("boards", "scenarios")
                for ext in ("yaml", "json"))  # the balance records are checked too
    status, out, err = run(capsys, "boards", "scenarios")
    assert (status, err) == (0, "")
    assert re.search(rf"^checked {files} files: 0 errors, 0 warnings(, \d+ notes?)?$", out.splitlines()[-1])
    assert all(" info " in line for line in out.splitlines()[:-1])


def test_test_data_valid_folder_is_clean():
    findings, files, unreadable = validate_paths([VALID])
    assert (findings, files, unreadable) == ([], 4, 0)


def test_paths_print_as_given_and_sorted(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, out, _ = run(capsys, "tests/data/broken")
    lines = out.splitlines()
    assert status == 1
    assert all(line.startswith("tests/data/broken/") for line in lines[:-1])
    keys = [(m.group(1), int(m.group(2)), int(m.group(3)))
            for m in (re.match(r"(.*?):(\d+):(\d+): ", line) for line in lines[:-1])]
    assert keys == sorted(keys)
    errors = sum(expected(name)[1] == "error" for name in EXPECTED)
    assert lines[-1] == f"checked {len(EXPECTED)} files: {errors} errors, {len(EXPECTED) - errors} warning" + \
        ("s" if len(EXPECTED) - errors != 1 else "")


def test_json_output_is_only_a_list_of_findings(capsys):
    status, out, _ = run(capsys, "--format", "json", str(BROKEN / "crossing-lines.yaml"))
    assert status == 1
    data = json.loads(out)
    assert data == [Finding(**{**data[0], "element": tuple(data[0]["element"])}).to_dict()]
    assert data[0]["code"] == "geometry/lines-cross"
    assert data[0]["element"] == ["crossing", "a1", "b2", "a2", "b1"]


def test_json_output_of_clean_content_is_an_empty_list(capsys):
    status, out, _ = run(capsys, "--format", "json", str(VALID))
    assert (status, json.loads(out)) == (0, [])


def test_quiet_prints_errors_only(capsys, tmp_path):
    board = tmp_path / "b.yaml"
    board.write_text((VALID / "tiny-2p.yaml").read_text().replace(
        "  d4: {at: [3.5, 2.598076], colour: red}\n",
        "  d4: {at: [3.5, 2.598076], colour: red}\n  z9: {at: [9, 9], colour: red}\n"))
    status, out, _ = run(capsys, str(board))
    assert status == 0 and "warning rules/isolated-peg" in out and out.endswith("0 errors, 1 warning\n")
    status, out, _ = run(capsys, "--quiet", str(board))
    assert (status, out) == (0, "")


def test_missing_path_is_a_usage_error(capsys):
    # a finding with its code, counted in the summary; still exit 2
    status, out, err = run(capsys, str(ROOT / "no-such-folder"))
    assert status == 2
    assert err == ""
    assert out == f"{ROOT / 'no-such-folder'}: error io/not-found: no such file\nchecked 1 file: 1 error, 0 warnings\n"


def test_no_path_is_a_usage_error(capsys):
    status, _, err = run(capsys)
    assert status == 2 and "usage: studio validate" in err


def test_help_exits_0(capsys):
    status, out, _ = run(capsys, "--help")
    assert status == 0 and out.startswith("usage: studio validate")


def test_file_not_utf8_is_unreadable(capsys, tmp_path):
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes("format: realm-board/1\nname: Caf\u00e9\n".encode("latin-1"))
    status, out, _ = run(capsys, str(bad))
    assert status == 2
    assert out.splitlines()[0] == f"{bad}:2:1: error io/not-utf8: file is not UTF-8 text"


def test_unreadable_file_in_a_folder_still_reports_the_others(capsys, tmp_path):
    (tmp_path / "a.yaml").write_bytes(b"\xff\xfe")
    (tmp_path / "b.yaml").write_text((BROKEN / "seat-count.yaml").read_text())
    findings, files, unreadable = validate_paths([tmp_path])
    assert (files, unreadable) == (2, 1)
    assert [f.code for f in findings] == ["io/not-utf8", "rules/seat-count"]
    status, _, _ = run(capsys, str(tmp_path))
    assert status == 2


def test_folders_are_searched_for_yaml_only_skipping_hidden(tmp_path):
    for name in ("b.yml", "a.yaml", "notes.txt", ".hidden.yaml", "sub/c.yaml", ".git/d.yaml"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("format: nope/1\n")
    findings, files, _ = validate_paths([tmp_path])
    assert files == 3
    assert [Path(f.path).relative_to(tmp_path).as_posix() for f in findings] == ["a.yaml", "b.yml", "sub/c.yaml"]


def test_folders_check_json_content_by_its_format_and_pass_over_other_json(tmp_path, capsys):
    board = parse_yaml((VALID / "tiny-2p.yaml").read_text(), "tiny-2p.yaml").data
    (tmp_path / "good.json").write_text(json.dumps(board, indent=1))
    (tmp_path / "bad.json").write_text(json.dumps({**board, "players": 9}, indent=1))
    (tmp_path / "tts.json").write_text('{"SaveName": "x", "ObjectStates": []}\n')
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "cut.json").write_text('{"format": "realm-board/2",\n')
    findings, files, unreadable = validate_paths([tmp_path])
    assert (files, unreadable) == (3, 0)  # the export passed over is not counted as checked
    assert [(Path(f.path).name, f.code, f.severity, f.line) for f in findings] == [
        ("bad.json", "schema/range", "error", 5),
        ("cut.json", "json/syntax", "error", 2),
        ("tts.json", "validate/not-content", "info", 1)]
    assert "not a studio content file" in findings[2].message
    # named on its own, the other tool's JSON is checked as content
    assert [f.code for f in validate(tmp_path / "tts.json")] == ["schema/no-format"]
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "checked 3 files: 2 errors, 0 warnings, 1 note"
    # a folder of other tools' JSON only holds no content, as an empty one
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "tts.json").write_text('{"SaveName": "x", "ObjectStates": []}\n')
    findings, files, unreadable = validate_paths([tmp_path / "sets"])
    assert [f.code for f in findings] == ["io/no-content", "validate/not-content"] and (files, unreadable) == (0, 1)


def test_a_folder_passes_over_a_report_too_large_to_read_but_not_content(tmp_path, capsys):
    """Folders are searched for *.json too: a long run's playtest report over the loader's
    4 MiB is a note (it was never content), a board that large an error."""
    games = [{"seed": i, "notes": "x" * 100} for i in range(50000)]
    (tmp_path / "run.json").write_text(json.dumps({"format": "studio-playtest/1", "games": games}))
    (tmp_path / "board.json").write_text(json.dumps({"format": "realm-board/2", "games": games}))
    findings, files, _ = validate_paths([tmp_path])
    assert files == 1
    assert [(Path(f.path).name, f.code, f.severity) for f in findings] == [
        ("board.json", "json/too-large", "error"), ("run.json", "validate/not-checked", "info")]
    assert "schemas/studio-playtest.schema.json" in findings[1].message
    assert [f.code for f in validate(tmp_path / "run.json")] == ["json/too-large"]  # named: not passed over


def test_validate_accepts_a_document_and_a_model():
    text = (BROKEN / "crossing-lines.yaml").read_text()
    doc = parse_yaml(text, "x.yaml")
    assert [(f.code, f.line) for f in validate(doc)] == [("geometry/lines-cross", 29)]
    board = read_board(VALID / "tiny-2p.yaml")
    assert validate(board) == []
    with pytest.raises(TypeError):
        validate(42)


def test_large_lattice_has_no_geometry_errors():
    pegs, lines = triangular_lattice(50, 100)
    last = "ax"  # row 50
    data = {
        "format": "realm-board/2", "id": "lattice-5000", "name": "Generated lattice", "players": 2,
        "location": "jungle-temples",
        "pegs": {pid: {"at": [round(x, 6), round(y, 6)], "colour": "red"} for pid, (x, y) in pegs.items()},
        "lines": [list(line) for line in lines],
        "segments": [{"pegs": ["a1", "a2", "b1"], "treasure": 1},
                     {"pegs": [f"{last}99", f"{last}100", "aw100"], "energy": 1}],
        "seats": {"south": {"start": [f"{last}99", f"{last}100"], "goal": ["a1", "a2"]},
                  "north": {"start": ["a1", "a2"], "goal": [f"{last}99", f"{last}100"]}},
    }
    assert len(data["pegs"]) == 5000
    assert validate(Board.from_data(data)) == []


def test_a_crash_in_a_check_becomes_a_finding(monkeypatch):
    import studio.validate.pipeline as pipeline

    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(pipeline, "check_geometry", explode)
    findings = validate(VALID / "tiny-2p.yaml")
    assert [(f.code, f.severity) for f in findings] == [("internal/error", "error")]
    assert "boom" in findings[0].message


def test_dumped_board_round_trips_through_validation():
    # what the editor saves must validate like what it read
    board = read_board(VALID / "tiny-3p.yaml")
    assert validate(parse_yaml(dump_yaml(board.to_data()), "again.yaml")) == []


def test_rivages_files_get_their_lint_through_validate(root):
    from studio.validate.cli import main

    broken = root / "tests" / "data" / "rivages" / "broken" / "tree-start.yaml"
    findings = validate(broken)
    assert [f.code for f in findings if f.severity == "error"] == ["rivages/tree-start"]
    assert main([str(root / "scenarios" / "rivages.yaml")]) == 0
