"""The generic content document: set-value commands on model paths, merging, undo back to the
exact model, clean state, findings after each edit, atomic save that refuses bad content."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.gui.rivages.content_document import CannotSave, ContentDocument
from studio.model.io import InvalidContent, read
from studio.model.rivages import Effect, Island, Tree
from studio.model.value_paths import get_at, path_text, set_at

ISLANDS = Path(__file__).resolve().parents[3] / "boards" / "rivages" / "islands"
GULL = ISLANDS / "gull-rock.yaml"


@pytest.fixture
def doc(qtbot):
    return ContentDocument.open(GULL, Island)


def test_paths_reach_lists_dicts_attributes_and_frozen_parts():
    island = read(GULL)
    assert get_at(island, ("spaces", 0, "at")) == island.spaces[0].at
    reward = island.missions[0].steps[0].reward
    set_at(island, ("missions", 0, "steps", 0, "reward", "scrolls"), 7)   # Effect is frozen
    assert island.missions[0].steps[0].reward == Effect(**{**reward.to_data(), "scrolls": 7})
    set_at(island, ("spaces", 0, "at", 1), 99)                             # a tuple inside
    assert island.spaces[0].at[1] == 99
    assert path_text(("missions", 0, "steps")) == "missions[0].steps"


def test_set_value_is_one_step_and_undo_restores_exactly(doc, qtbot):
    before = doc.snapshot()
    changes = []
    doc.changed.connect(changes.append)
    assert doc.set_value(("name",), "Other Rock")
    assert doc.model.name == "Other Rock" and doc.is_modified
    assert changes == [("name",)]
    assert not doc.set_value(("name",), "Other Rock")        # same value: no step
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.model == before and not doc.is_modified
    doc.undo_stack.redo()
    assert doc.model.name == "Other Rock"


def test_gesture_pushes_merge_and_a_net_noop_leaves_the_stack(doc):
    kinds = [s.kind for s in doc.model.spaces]
    spaces = doc.snapshot().spaces
    spaces[0].kind = "white"
    doc.set_value(("spaces",), spaces, gesture="drag-1")
    spaces[1].kind = "white"
    doc.set_value(("spaces",), spaces, gesture="drag-1")
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert [s.kind for s in doc.model.spaces] == kinds
    doc.undo_stack.redo()
    # back to the start within one gesture: the step disappears
    current = doc.snapshot().spaces
    changed = doc.snapshot().spaces
    changed[2].kind = "stronghold" if changed[2].kind != "stronghold" else "forest"
    doc.set_value(("spaces",), changed, gesture="drag-2")
    assert doc.undo_stack.count() == 2
    doc.set_value(("spaces",), current, gesture="drag-2")
    assert doc.undo_stack.count() == 1 and doc.model.spaces == current


def test_stored_values_are_copies(doc):
    spaces = doc.snapshot().spaces
    doc.set_value(("spaces",), spaces)
    spaces[0].kind = "stronghold"                               # caller's list, not the model's
    assert doc.model.spaces[0].kind != "stronghold"


def test_findings_follow_edits(doc, qtbot):
    assert doc.findings == []
    ships = [i for i, s in enumerate(doc.model.spaces) if s.kind == "ship"]
    with qtbot.waitSignal(doc.findings_changed, timeout=2000) as blocker:
        doc.set_value(("spaces", ships[0], "kind"), "forest")
    assert [f.code for f in blocker.args[0]][:1] == ["rivages/ship-count"]
    assert doc.findings == blocker.args[0]
    doc.undo_stack.undo()
    assert doc.refresh_findings() == []


def test_save_writes_and_reloads_equal_and_marks_clean(doc, tmp_path):
    doc.set_value(("name",), "Saved Rock")
    target = tmp_path / "saved.yaml"
    doc.save(target)
    assert not doc.is_modified and doc.path == str(target)
    assert read(target) == doc.model
    assert doc.display_name() == "saved.yaml"
    assert doc.window_title("Island Editor") == "saved.yaml[*] — Island Editor"


def test_save_refuses_content_that_would_not_reload(doc, tmp_path):
    target = tmp_path / "bad.yaml"
    target.write_text("keep me\n")
    doc.set_value(("id",), "not an id!")                       # the schema refuses it
    with pytest.raises(CannotSave, match="^it would not load back as it is: 'id' must be an id"):
        doc.save(target)
    assert target.read_text() == "keep me\n" and doc.is_modified


def test_save_without_path_and_open_of_the_wrong_format(qtbot, tmp_path):
    doc = ContentDocument(read(GULL))
    assert doc.display_name() == "Gull Rock (unsaved)"
    with pytest.raises(ValueError, match="not been saved"):
        doc.save()
    tree = next((ISLANDS.parent / "trees").glob("*.yaml"))
    with pytest.raises(InvalidContent) as info:
        ContentDocument.open(tree, Island)
    assert info.value.findings[0].code == "content/wrong-kind"
    assert isinstance(ContentDocument.open(tree).model, Tree)


def test_macro_is_one_step(doc):
    with doc.macro("Rename"):
        doc.set_value(("name",), "A")
        doc.set_value(("description",), "B")
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Rename"
    with doc.macro("Nothing"):
        doc.set_value(("name",), "A")
    assert doc.undo_stack.count() == 1


def test_findings_dock_lists_findings_and_emits_their_element(doc, qtbot):
    from studio.gui.realm.docks.findings import FindingsDock

    dock = FindingsDock(doc)
    qtbot.addWidget(dock)
    assert dock.tree.topLevelItemCount() == 0 and "No problems" in dock.summary.text()
    ships = [i for i, s in enumerate(doc.model.spaces) if s.kind == "ship"]
    doc.set_value(("spaces", ships[0], "kind"), "forest")
    doc.refresh_findings()
    assert dock.tree.topLevelItemCount() == len(doc.findings) > 0
    item = dock.tree.topLevelItem(0)
    with qtbot.waitSignal(dock.element_activated) as blocker:
        dock.tree.itemClicked.emit(item, 0)
    assert blocker.args[0] == tuple(doc.findings[0].element)
