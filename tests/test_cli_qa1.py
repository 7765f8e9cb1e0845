"""Inputs a fresh-user QA pass of the command line found mishandled: each gives one plain
finding or message (no library text, no traceback, no follow-on findings)."""

from __future__ import annotations

import os
import shutil

from studio.validate import validate
from tests.conftest import ROOT


def _realm_tree(tmp_path):
    """A content root holding the Jungle Temples scenario and its boards; returns the scenario."""
    (tmp_path / "boards" / "realm").mkdir(parents=True)
    (tmp_path / "scenarios").mkdir()
    for n in (2, 3, 4):
        name = f"jungle-temples-{n}p.yaml"
        shutil.copy(ROOT / "boards" / "realm" / name, tmp_path / "boards" / "realm" / name)
    scenario = tmp_path / "scenarios" / "jungle-temples.yaml"
    shutil.copy(ROOT / "scenarios" / "jungle-temples.yaml", scenario)
    return scenario


def _codes(findings):
    return [(f.code, os.path.basename(f.path or ""), f.line, f.message) for f in findings]


# --- item 1: a board reference that is a symbolic link loop ------------------------------------

def test_a_board_reference_that_loops_is_read_like_the_file_itself(tmp_path):
    scenario = _realm_tree(tmp_path)
    board = tmp_path / "boards" / "realm" / "jungle-temples-2p.yaml"
    board.unlink()
    os.symlink(board, board)  # a link to itself
    found = _codes(validate(scenario))
    assert not [f for f in found if f[0] == "internal/error"]
    assert ("io/unreadable", "jungle-temples-2p.yaml", None,
            "is a symbolic link that loops back on itself (a link chain that never reaches a file)") in found
    assert [f[:3] for f in found if f[1] == "jungle-temples.yaml"] == [("scenario/invalid-board", "jungle-temples.yaml", 11)]


def test_a_scenario_reached_through_a_loop_does_not_crash(tmp_path):
    scenario = _realm_tree(tmp_path)
    link = tmp_path / "scenarios" / "loop.yaml"
    os.symlink(link, link)
    from studio.content import content_root_of, resolve_reference, resolved
    assert resolved(link) == link  # left as written, no RuntimeError
    assert content_root_of(link) == tmp_path
    assert resolve_reference(scenario, "loop.yaml") == link


def test_a_folder_named_as_a_board_is_called_a_folder(tmp_path):
    scenario = _realm_tree(tmp_path)
    board = tmp_path / "boards" / "realm" / "jungle-temples-3p.yaml"
    board.unlink()
    board.mkdir()
    found = [f for f in validate(str(scenario)) if f.code == "scenario/missing-board"]
    shown = os.path.normpath(os.path.join(os.path.dirname(str(scenario)), "../boards/realm/jungle-temples-3p.yaml"))
    assert [(f.line, f.message) for f in found] == [
        (12, f"board for 3 players: {shown}: is a folder, not a file")]


# --- item 2: library warnings on huge numbers ---------------------------------------------------

def test_huge_coordinates_stop_at_the_schema_without_library_warnings(tmp_path, capsys):
    import warnings

    from studio import cli
    board = tmp_path / "huge.yaml"
    text = (ROOT / "boards" / "realm" / "jungle-temples-2p.yaml").read_text()
    first_at = text.index("at: [")
    board.write_text(text[:first_at] + "at: [1.0e+300, 0" + text[text.index("]", first_at):])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning at all would fail the run
        assert cli.main(["validate", str(board)]) == 1
    out, err = capsys.readouterr()
    assert "schema/range" in out and "must be a number from -1000 to 1000, got 1.0e+300" in out  # as written
    assert err == ""


def test_a_numeric_library_warning_becomes_one_finding(monkeypatch):
    import warnings

    import studio.validate.pipeline as pipeline

    def noisy(board, report):
        warnings.warn("overflow encountered in intersection", RuntimeWarning, stacklevel=2)
        warnings.warn("overflow encountered in intersection", RuntimeWarning, stacklevel=2)
        return real(board, report)
    real = pipeline.check_geometry
    monkeypatch.setattr(pipeline, "check_geometry", noisy)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        found = validate(ROOT / "boards" / "realm" / "jungle-temples-2p.yaml")
    numeric = [f for f in found if f.code == "geometry/numeric"]
    assert [(f.severity, f.line) for f in numeric] == [("warning", None)]
    assert "(overflow encountered in intersection)" in numeric[0].message


def test_the_command_line_prints_a_library_warning_as_one_plain_line(monkeypatch, capsys):
    import warnings

    from studio import cli
    from studio.validate import cli as validate_cli

    def noisy(argv):
        for _ in range(3):
            warnings.warn_explicit("invalid value encountered in buffer", RuntimeWarning,
                                   "/usr/lib/python3/site-packages/shapely/constructive.py", 94)
        return 0
    monkeypatch.setattr(validate_cli, "main", noisy)
    assert cli.main(["validate", "x.yaml"]) == 0
    err = capsys.readouterr().err
    assert err == ("studio validate: warning: numeric problem in a geometry computation (invalid value "
                   "encountered in buffer); some coordinate or size is probably out of range\n")


def test_studio_help_prints_the_usage(capsys):
    from studio import cli
    assert cli.main(["help"]) == 0
    assert capsys.readouterr().out == cli.USAGE
    assert cli.main(["help", "validate"]) == 0
    assert capsys.readouterr().out.startswith("usage: studio validate")
    assert cli.main(["help", "valdate"]) == 2
    assert capsys.readouterr().err.startswith("studio help: unknown command 'valdate' (did you mean 'validate'?)")


# --- item 3: render options that do not apply, zero sizes, a folder as output ------------------

import pytest  # noqa: E402

ISLAND = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"
BOARD = ROOT / "boards" / "realm" / "jungle-temples-2p.yaml"
LOOT = ROOT / "boards" / "rivages" / "loot.yaml"


@pytest.mark.parametrize("argv, messages", [
    ([ISLAND, "--side", "B", "--spacing-mm", "3"], ["--spacing-mm applies to boards only; this file is an island",
                                                   "--side applies to trees only; this file is an island"]),
    ([BOARD, "--side", "A"], ["--side applies to trees only; this file is a board"]),
    ([BOARD, "--hex-mm", "20"], ["--hex-mm applies to islands only; this file is a board"]),
    ([LOOT, "--seat-labels", "--peg-ids"], ["--seat-labels applies to boards only; this file is a loot file",
                                            "--peg-ids applies to boards only; this file is a loot file"]),
    ([LOOT, "--margin-mm", "5"], ["--margin-mm applies to boards and islands only; this file is a loot file"]),
])
def test_an_option_that_does_not_apply_is_refused(argv, messages, tmp_path, capsys):
    from studio.render import cli as render_cli
    out = tmp_path / "x.pdf"
    assert render_cli.main([str(a) for a in argv] + ["-o", str(out)]) == 2
    assert capsys.readouterr().err == "".join(f"studio render: {m}\n" for m in messages)
    assert not out.exists()


@pytest.mark.parametrize("option, value, message", [
    ("--hex-mm", "0", "argument --hex-mm: must be more than 0, got '0'"),
    ("--hex-mm", "-3", "argument --hex-mm: must be more than 0, got '-3'"),
    ("--dpi", "nan", "argument --dpi: must be a finite number, got 'nan'"),
    ("--spacing-mm", "inf", "argument --spacing-mm: must be a finite number, got 'inf'"),
])
def test_zero_negative_and_non_finite_sizes_are_refused(option, value, message, tmp_path, capsys):
    from studio.render import cli as render_cli
    assert render_cli.main([str(ISLAND), option, value, "-o", str(tmp_path / "x.pdf")]) == 2
    assert message in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_folder_as_output_is_written_into(tmp_path, capsys):
    """-o FOLDER (it once became FOLDER.pdf beside the folder, then was refused): the print is
    written inside it, named after the board; a folder named with '/' is made first."""
    from studio.render import cli as render_cli
    folder = tmp_path / "out"
    folder.mkdir()
    assert render_cli.main([str(BOARD), "-o", str(folder)]) == 0
    assert capsys.readouterr().out == f"{folder / 'jungle-temples-2p.pdf'}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert (folder / "jungle-temples-2p.pdf").read_bytes().startswith(b"%PDF")
    assert render_cli.main([str(BOARD), "-o", f"{tmp_path / 'new'}/", "--format", "svg"]) == 0
    assert (tmp_path / "new" / "jungle-temples-2p.svg").is_file()


# --- items 4 and 5: one plain schema finding per problem ---------------------------------------

def _schema_messages(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return [(f.code, f.line, f.message) for f in validate(path)]


def test_a_third_coordinate_is_one_plain_finding(tmp_path):
    text = (ROOT / "boards" / "realm" / "jungle-temples-2p.yaml").read_text()
    start = text.index("at: [")
    end = text.index("]", start)
    text = text[:start] + "at: [0, 0, 0" + text[end:]
    line = text[:start].count("\n") + 1
    found = [f for f in _schema_messages(tmp_path, "b.yaml", text) if f[0].startswith("schema/")]
    assert len(found) == 1
    code, at_line, message = found[0]
    assert code == "schema/length" and at_line == line
    assert message.endswith("must be a list of exactly 2 numbers, got [0,0,0] (3 items)") or \
        message.endswith("must be a list of exactly 2 numbers, got [0, 0, 0] (3 items)")
    assert "Expected at most" not in message


def test_a_number_for_challenges_is_told_the_number_range(tmp_path):
    text = (ROOT / "scenarios" / "rivages-solo.yaml").read_text()
    from studio.content import parse_yaml
    data = parse_yaml(text).data
    assert "solo" in data
    from studio.content.schemas import schema_findings
    data["solo"]["challenges"] = 99
    [finding] = schema_findings(data, None, "s.yaml")
    assert (finding.code, finding.message) == (
        "schema/range", "'solo.challenges' must be a whole number from 0 to 20 (or a list of at most 20 names), got 99")
    data["solo"]["challenges"] = "hard"
    [finding] = schema_findings(data, None, "s.yaml")
    assert finding.message.startswith("'solo.challenges' must be a whole number from 0 to 20 or a list of at most "
                                      "20 names, got the text 'hard'")


# --- item 6: a missing file says so the same way everywhere -------------------------------------

def test_a_missing_file_is_io_not_found_everywhere(tmp_path, capsys, monkeypatch):
    from studio.playtest import cli as playtest_cli
    from studio.render import cli as render_cli
    from studio.validate import cli as validate_cli
    monkeypatch.chdir(tmp_path)
    assert validate_cli.main(["missing.yaml"]) == 2
    assert capsys.readouterr() == ("missing.yaml: error io/not-found: no such file\n"
                                   "checked 1 file: 1 error, 0 warnings\n", "")
    assert render_cli.main(["missing.yaml", "-o", "x.pdf"]) == 2
    assert capsys.readouterr().err == "missing.yaml: error io/not-found: no such file\n"
    assert playtest_cli.main(["missing.yaml"]) == 2
    assert "missing.yaml: error io/not-found: no such file\n" in capsys.readouterr().err


# --- item 8: two documents in one file; findings about a peg name the peg ------------------------

def test_two_documents_are_named_as_such(tmp_path):
    from studio.content import LoadError, load_document
    path = tmp_path / "two.yaml"
    path.write_text("---\n---\n")
    try:
        load_document(path)
    except LoadError as exc:
        assert (exc.code, exc.line, exc.col) == ("yaml/syntax", 2, 1)
        assert exc.message == ("the file holds more than one YAML document (a second '---' at line 2); "
                               "a content file holds one")
    else:
        raise AssertionError("two documents were read")


def test_a_schema_finding_about_a_peg_carries_the_peg(tmp_path):
    text = (ROOT / "boards" / "realm" / "jungle-temples-2p.yaml").read_text()
    start = text.index("colour: ") + len("colour: ")
    end = min(text.index(c, start) for c in ",}\n" if c in text[start:])
    path = tmp_path / "b.yaml"
    path.write_text(text[:start] + "grene" + text[end:])
    [finding] = [f for f in validate(path) if f.code.startswith("schema/")]
    peg = finding.message.split("'")[1].split(".")[1]
    assert finding.element == ("peg", peg)
    assert finding.to_dict()["element"] == ["peg", peg]


# --- item 7: no follow-on findings for content that did not load ---------------------------------

def _rivages_copy(tmp_path):
    """The bundled Rivages scenario copied alone into another folder (its references leave it)."""
    (tmp_path / "elsewhere").mkdir()
    sc = tmp_path / "elsewhere" / "rivages.yaml"
    shutil.copy(ROOT / "scenarios" / "rivages.yaml", sc)
    return sc


def test_a_scenario_copied_away_gives_one_finding(tmp_path):
    from studio.validate.rivages import rivages_findings
    found = rivages_findings(_rivages_copy(tmp_path))
    assert [f.code for f in found] == ["content/ref-escapes-root"]
    message = found[0].message
    assert message.startswith(f"5 references leave the content root {tmp_path / 'elsewhere'} ")
    assert "islands '../boards/rivages/islands/'; trees '../boards/rivages/trees/'" in message


def test_a_realm_scenario_copied_away_gives_one_finding(tmp_path):
    sc = tmp_path / "jungle.yaml"
    shutil.copy(ROOT / "scenarios" / "jungle-temples.yaml", sc)
    found = validate(sc)
    assert [(f.code, f.line) for f in found] == [("content/ref-escapes-root", 11)]
    assert "board for 2 players '../boards/realm/jungle-temples-2p.yaml'; board for 3 players" in found[0].message


def test_a_tree_that_does_not_load_adds_no_tree_count(tmp_path):
    from studio.validate.rivages import rivages_findings
    for name in ("scenarios", "boards"):
        shutil.copytree(ROOT / name, tmp_path / name)
    tree = sorted((tmp_path / "boards" / "rivages" / "trees").glob("*.yaml"))[0]
    tree.write_text(tree.read_text().replace("start:", "begin:", 1))
    found = rivages_findings(tmp_path / "scenarios" / "rivages.yaml")
    assert [f.code for f in found if f.path == str(tmp_path / "scenarios" / "rivages.yaml")] == []
    assert {f.path for f in found} == {str(tree)}
    assert not [f for f in found if "trees:" in f.message or "few-trees" in f.code]
