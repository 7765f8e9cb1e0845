"""Every save path of the studio keeps a designer's comments (studio.content.roundtrip): the
board editor's document, the content document of islands, trees, cards and loot, and the
scenario editor, Save and Save As alike."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from studio.content import bundled_path
from studio.gui.realm.document import BoardDocument
from studio.gui.realm.scenario_editor import ScenarioDocument
from studio.gui.rivages.content_document import ContentDocument
from studio.model.rivages import Island
from tests.test_roundtrip import commented

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]


def copy_commented(source: Path, target: Path) -> str:
    text = commented(source.read_text(encoding="utf-8"))
    target.write_text(text, encoding="utf-8")
    return text


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    old, new = before.split("\n"), after.split("\n")
    return [line for line in old if line not in new], [line for line in new if line not in old]


def test_board_editor_save_and_save_as_keep_comments(qapp, tmp_path):
    path = tmp_path / "board.yaml"
    text = copy_commented(ROOT / "boards" / "realm" / "jungle-temples-2p.yaml", path)
    doc = BoardDocument()
    doc.load(path)
    doc.set_peg_colour(["a1"], "red")
    doc.save()
    after = path.read_text(encoding="utf-8")
    a1 = next(line for line in text.split("\n") if line.startswith("  a1: "))
    a2 = next(line for line in text.split("\n") if line.startswith("  a2: "))
    assert a1.startswith("  a1: {at: [0, 0], colour: green}  # eol")
    assert changed_lines(text, after) == ([a1], [a1.replace("green", "red")])
    doc.set_peg_colour(["a2"], "red")
    other = tmp_path / "other" / "copy.yaml"
    other.parent.mkdir()
    doc.save(other)
    gone, added = changed_lines(after, other.read_text(encoding="utf-8"))
    assert a2.startswith("  a2: {at: [1, 0], colour: yellow}  # eol")
    assert gone == [a2]
    assert added == [a2.replace("yellow", "red")]


def test_island_document_save_keeps_comments(qtbot, tmp_path):
    path = tmp_path / "gull-rock.yaml"
    text = copy_commented(bundled_path("boards", "rivages", "islands", "gull-rock.yaml"), path)
    doc = ContentDocument.open(path, Island)
    doc.set_value(("name",), "Gull Rock, again")
    doc.save()
    gone, added = changed_lines(text, path.read_text(encoding="utf-8"))
    assert [line.split("  #")[0] for line in gone] == ["name: Gull Rock"]
    assert [line.split("  #")[0] for line in added] == ["name: Gull Rock, again"]
    assert gone[0].split("  #")[1] == added[0].split("  #")[1]  # its end-of-line comment too


@pytest.mark.parametrize("name", ["trees/banyan.yaml", "cards.yaml", "loot.yaml", "solo.yaml"])
def test_tree_card_loot_and_solo_documents_save_keeps_comments(qtbot, tmp_path, name):
    path = tmp_path / Path(name).name
    text = copy_commented(bundled_path("boards", "rivages", *name.split("/")), path)
    doc = ContentDocument.open(path)
    doc.set_value(("name",), "Renamed")
    doc.save()
    gone, added = changed_lines(text, path.read_text(encoding="utf-8"))
    assert len(gone) == len(added) == 1 and added[0].startswith("name: Renamed  # eol")


def test_scenario_editor_save_as_keeps_comments(qapp, tmp_path):
    for folder in ("scenarios", "boards"):
        shutil.copytree(bundled_path(folder), tmp_path / folder)
    path = tmp_path / "scenarios" / "volcano.yaml"
    text = copy_commented(path, path)
    doc = ScenarioDocument.open(path)
    doc.set_value(("name",), "Volcano, edited")
    target = tmp_path / "scenarios" / "volcano-edited.yaml"
    doc.save(target)
    gone, added = changed_lines(text, target.read_text(encoding="utf-8"))
    assert [line.split("  #")[0] for line in gone] == ["name: Volcano"]
    assert [line.split("  #")[0] for line in added] == ["name: Volcano, edited"]
    assert path.read_text(encoding="utf-8") == text
