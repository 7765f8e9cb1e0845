"""One validation pipeline: for every bundled board and island, and every file in the broken
folders, what the editor shows when it opens the file (its Validation panel, or the message that
refuses a file which does not load) is exactly what ``studio validate`` prints for it: the same
set of (code, severity, file:line:col, message). A board with schema errors opens leniently:
its panel lists exactly the file's schema findings until the board is edited, then those first and
the findings of the board as edited."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.content import LoadError, load_document
from studio.gui.realm.docks.validation import ValidationDock
from studio.gui.realm.document import BoardDocument
from studio.model.io import InvalidContent
from studio.validate import validate

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]


def _format(path: Path) -> str:
    try:
        return load_document(path).format or ""
    except LoadError:
        return ""


def _files() -> list[Path]:
    out = [*sorted((ROOT / "boards" / "realm").glob("*.yaml")),
           *sorted((ROOT / "boards" / "rivages" / "islands").glob("*.yaml")),
           *sorted((ROOT / "tests" / "data" / "broken").glob("*.yaml")),
           *sorted((ROOT / "tests" / "data" / "rivages" / "broken").rglob("*.yaml"))]
    # the board and island files, and any broken file whose format cannot be told (it does not
    # parse): the board editor is what opens it
    return [p for p in out if not _format(p).startswith(("realm-scenario", "rivages-scenario", "rivages-tree",
                                                           "rivages-cards", "rivages-loot"))]


FILES = _files()


def key(findings) -> set[tuple]:
    return {(f.code, f.severity, f.path, f.line, f.col, f.message) for f in findings}


def board_editor_findings(qtbot, path: Path) -> list:
    """What the board editor shows for ``path``: its Validation panel after opening it, or the
    findings of the message refusing it."""
    document = BoardDocument()
    try:
        document.load(path)
    except InvalidContent as exc:
        return exc.findings
    except LoadError as exc:
        return [_finding_of(exc, path)]
    dock = ValidationDock(document)
    qtbot.addWidget(dock)
    shown = dock.run_now()
    if document.open_problems is None:
        return shown
    # until it is edited, exactly the file's schema findings (the other checks would judge the
    # board with the bad values dropped, which is not the file)
    assert key(shown) == key(document.open_problems.findings)
    OPENED_LENIENTLY.add(path.name)
    return shown


OPENED_LENIENTLY: set[str] = set()


def _finding_of(exc: LoadError, path: Path):
    from studio.content.findings import Finding

    return Finding(exc.code, "error", exc.message, exc.path or str(path), exc.line, exc.col)


def island_editor_findings(path: Path) -> list:
    from studio.gui.rivages.island_document import IslandDocument
    from studio.model.rivages import Island
    from studio.validate.rivages import scenario_for

    try:
        document = IslandDocument.open(str(path), Island, scenario=scenario_for(path))
    except InvalidContent as exc:
        return exc.findings
    except LoadError as exc:
        return [_finding_of(exc, path)]
    return document.refresh_findings()


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_the_editor_shows_what_studio_validate_prints(qtbot, path):
    printed = validate(str(path))
    if _format(path).startswith("rivages-island"):
        shown = island_editor_findings(path)
    else:
        shown = board_editor_findings(qtbot, path)
    assert key(shown) == key(printed)


def test_a_schema_broken_board_is_compared_by_its_panel(qtbot):
    path = ROOT / "tests" / "data" / "broken" / "unknown-key.yaml"
    shown = board_editor_findings(qtbot, path)
    assert "unknown-key.yaml" in OPENED_LENIENTLY  # opened: the panel listed it, no refusal
    assert [(f.code, f.line, f.col) for f in shown] == [("schema/unknown-key", 35, 11)]
    assert key(shown) == key(validate(str(path)))


def test_every_broken_and_bundled_kind_is_compared():
    names = {p.name for p in FILES}
    assert {"crossing-lines.yaml", "yaml-syntax.yaml", "unknown-key.yaml", "two-deities-3p.yaml",
            "coral-reach.yaml"} <= names
    assert len([p for p in FILES if "boards" in p.parts]) >= 24 + 20


@pytest.mark.parametrize("location,strip,code", [
    ("two-deities", "idol", "scenario/no-idols"),
    ("archipelago-city", "canals", "scenario/no-canals"),
])
def test_location_findings_show_in_the_panel_too(qtbot, tmp_path, location, strip, code):
    # saved far from any scenario: the board's location brings its rules, and what they need
    text = (ROOT / "boards" / "realm" / f"{location}-2p.yaml").read_text()
    if strip == "idol":
        text = text.replace(", idol: orange", "").replace(", idol: blue", "")
    else:
        text = text[:text.index("canals:")] + text[text.index("seats:"):]
    board = tmp_path / "b.yaml"
    board.write_text(text)
    printed = validate(str(board))
    assert [(f.code, f.line) for f in printed if f.severity == "error"] == [(code, 5)]  # at location: (line 5, after the schema line)
    assert key(board_editor_findings(qtbot, board)) == key(printed)


def test_a_lenient_board_lists_only_the_files_findings_until_edited(qtbot, tmp_path):
    """Trial: a misspelt key in Volcano listed 2 errors in ``studio validate`` and 2 errors and
    a crater note in the editor; the same 2 now, then the board's own checks after an edit."""
    text = (ROOT / "boards" / "realm" / "volcano-2p.yaml").read_text(encoding="utf-8")
    assert "treasure: 2}" in text  # (3 until the Volcano 2p's turn-order fix, issue 15, spread its treasure)
    path = tmp_path / "misspelt.yaml"
    path.write_text(text.replace("treasure: 2}", "tresure: 2}", 1), encoding="utf-8")
    cli = validate(path)
    document = BoardDocument()
    document.load(path)
    dock = ValidationDock(document)
    qtbot.addWidget(dock)
    shown = dock.run_now()
    assert key(shown) == key(cli) and {f.code for f in shown} == {"schema/unknown-key"}
    assert "studio validate" in dock.summary.text()
    from studio.gui.realm.commands.board import SetBoardValue

    document.undo_stack.push(SetBoardValue(document, "name", "Volcano, edited"))
    after = dock.run_now()
    assert key(after[:len(shown)]) == key(shown)
    assert key(after[len(shown):]) == key(validate(document.board)) and len(after) > len(shown)
    document.undo_stack.undo()                       # back to the file as opened: the file's findings only
    assert key(dock.run_now()) == key(cli)
