"""Issue 12 item 1: a reference is resolved once, checked against the content root, and that
very file is read by validation, the engine and the editor's loading paths.

The trap: ``link/../../../X.yaml`` where ``link`` is a symbolic link deeper inside the root.
Resolved through the link it names a file inside the root; spelled out textually
(``os.path.normpath``) it names a file outside. Whatever is read must be the resolved file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from studio.content import LoadError
from studio.model.io import board_path
from studio.model.rivages import read_rivages
from studio.rules import load_game
from studio.validate import validate
from studio.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[2]
GARBAGE = "format: realm-board/1\nthis is: [not, a board\n"


def _trap(tmp_path: Path) -> tuple[Path, Path]:
    """(content root, folder outside it) with ``root/scenarios/link`` -> ``root/boards/realm/deep``."""
    outside = tmp_path / "work"
    root = outside / "root"
    (root / "boards" / "realm" / "deep").mkdir(parents=True)
    (root / "scenarios").mkdir()
    (root / "scenarios" / "link").symlink_to(root / "boards" / "realm" / "deep", target_is_directory=True)
    return root, outside


def _realm(tmp_path: Path) -> tuple[Path, Path, Path]:
    root, outside = _trap(tmp_path)
    inside = root / "jungle-2p.yaml"
    shutil.copy(ROOT / "boards" / "realm" / "jungle-temples-2p.yaml", inside)
    (outside / "jungle-2p.yaml").write_text(GARBAGE, encoding="utf-8")  # what normpath would read
    text = (ROOT / "scenarios" / "jungle-temples.yaml").read_text(encoding="utf-8")
    text = text.replace("  2: ../boards/realm/jungle-temples-2p.yaml\n", "  2: link/../../../jungle-2p.yaml\n")
    text = text.replace("  3: ../boards/realm/jungle-temples-3p.yaml\n", "").replace(
        "  4: ../boards/realm/jungle-temples-4p.yaml\n", "")
    scenario = root / "scenarios" / "jungle.yaml"
    scenario.write_text(text, encoding="utf-8")
    return scenario, inside, outside / "jungle-2p.yaml"


def test_the_trap_is_real(tmp_path):
    """The reference's textual spelling and its resolution name two different files."""
    import os

    scenario, inside, outside = _realm(tmp_path)
    ref = "link/../../../jungle-2p.yaml"
    assert Path(os.path.normpath(scenario.parent / ref)) == outside
    assert (scenario.parent / ref).resolve() == inside.resolve()


def test_validate_reads_the_resolved_board(tmp_path):
    scenario, inside, outside = _realm(tmp_path)
    findings = validate(scenario)
    assert not [f for f in findings if f.severity == "error"], [f.format() for f in findings]
    assert all(str(outside) != f.path for f in findings)
    # the board's own problems are reported on the file that was read
    inside.write_text(inside.read_text(encoding="utf-8").replace("players: 2", "players: 2\nbogus: 1"),
                      encoding="utf-8")
    bad = [f for f in validate_paths([str(scenario)])[0] if f.code == "schema/unknown-key"]
    assert bad and all(Path(f.path).resolve() == inside.resolve() for f in bad)


def test_engine_and_editor_read_the_same_board(tmp_path):
    from studio.model.io import read_scenario

    scenario, inside, _ = _realm(tmp_path)
    assert board_path(read_scenario(scenario), 2) == inside.resolve()  # the editor's and the engine's path
    game = load_game(str(scenario), players=2, seed=1)
    assert not game.new_state().is_terminal()


def _rivages(tmp_path: Path) -> tuple[Path, Path]:
    root, outside = _trap(tmp_path)
    shutil.copytree(ROOT / "boards" / "rivages", root / "boards" / "rivages")
    shutil.move(root / "boards" / "rivages" / "cards.yaml", root / "cards.yaml")
    (outside / "cards.yaml").write_text("format: rivages-cards/1\nnot: [closed\n", encoding="utf-8")
    text = (ROOT / "scenarios" / "rivages.yaml").read_text(encoding="utf-8")
    text = text.replace("cards: ../boards/rivages/cards.yaml", "cards: link/../../../cards.yaml")
    scenario = root / "scenarios" / "rivages.yaml"
    scenario.write_text(text, encoding="utf-8")
    return scenario, outside


def test_rivages_cards_are_read_where_they_are_checked(tmp_path):
    scenario, outside = _rivages(tmp_path)
    findings = validate(scenario)
    assert not [f for f in findings if f.severity == "error"], [f.format() for f in findings]
    assert read_rivages(scenario).cards.exploration  # the engine reads the same file
    load_game(str(scenario), players=2, seed=1)


def test_a_link_inside_a_folder_reference_may_not_leave_the_root(tmp_path):
    """An ``islands:`` folder holding a link to a file outside the root: refused by validation
    and by the engine alike."""
    scenario, outside = _rivages(tmp_path)
    island = outside / "escaped.yaml"
    shutil.copy(ROOT / "boards" / "rivages" / "islands" / "coral-reach.yaml", island)
    (scenario.parent.parent / "boards" / "rivages" / "islands" / "zz.yaml").symlink_to(island)
    findings = validate(scenario)
    assert [f for f in findings if f.code == "content/ref-escapes-root" and "zz.yaml" in f.message]
    with pytest.raises(LoadError) as caught:
        read_rivages(scenario)
    assert caught.value.code == "content/ref-escapes-root"
