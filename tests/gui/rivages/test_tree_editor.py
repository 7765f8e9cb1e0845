"""The Tree of Wisdom editor: a tree built with the tools alone validates and reloads; each
edit is one undo step; findings select their node; a random edit sequence undone gives the
document back exactly; File ▸ Export writes a page per side."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from studio.gui.rivages.tree_editor import EFFECT_PRESETS, TreeEditorWindow
from studio.gui.rivages.tree_scene import hex_point
from studio.gui.shell import prompts
from studio.model import tree_commands as tc
from studio.model.io import read
from studio.model.rivages import CardSet, Effect, LootSet, Tree
from studio.validate.rivages import rivages_findings
from tests.gui.mouse import press_release, stroke

ROOT = Path(__file__).resolve().parents[3]
KAPOK = ROOT / "boards" / "rivages" / "trees" / "kapok.yaml"


@pytest.fixture
def window(qtbot, settings, dialogs):
    w = TreeEditorWindow(settings=settings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    w.show()
    qtbot.waitExposed(w)
    w.view.fit()
    return w


def click_hex(window, h, shift=False):
    from PySide6.QtCore import Qt

    p = hex_point(h)
    press_release(window, p.x(), p.y(), modifiers=Qt.ShiftModifier if shift else Qt.NoModifier)


def choose_preset(window, text):
    window.effect_preset.setCurrentIndex([t for t, _e in EFFECT_PRESETS].index(text))


def errors(findings):
    return [f for f in findings if f.severity == "error"]


def test_new_tree_has_a_start_node_on_each_side(window):
    tree = window.document.model
    assert [tree.sides[s].start for s in "AB"] == ["a1", "b1"]
    assert window.windowTitle().startswith("New Tree of Wisdom (unsaved)")
    assert not window.document.is_modified


def test_build_both_sides_with_the_tools_alone(window, qtbot, tmp_path, dialogs):
    doc = window.document
    # side A: one path upward, grown by clicks of the Add node tool from the selected node
    window.set_tool("add")
    click_hex(window, (0, 0))                     # selects the start node
    for k, preset in enumerate(["+1 scroll", "+1 loot", "+1 statue", "1 any space", "+2 scrolls", "+3 scrolls"]):
        choose_preset(window, preset)
        click_hex(window, (0, -1 - k))
    side = doc.model.sides["A"]
    assert len(side.nodes) == 7 and len(side.links) == 6
    assert side.nodes["a7"].effect == Effect(scrolls=3) and side.nodes["a3"].effect == Effect(loot=1)
    # side B: a trunk and two branches, the second branch linked with the Link tool
    window.side_actions["B"].trigger()
    assert window.scene.side_name == "B"
    window.set_tool("add")
    choose_preset(window, "+1 scroll")
    click_hex(window, (0, 0))
    click_hex(window, (0, -1))                    # b2
    click_hex(window, (-1, -1))                   # b3, left branch from b2
    window.link_new.setChecked(False)
    choose_preset(window, "any area")
    click_hex(window, (1, -2))                    # b4, not linked yet
    window.set_tool("link")
    click_hex(window, (0, -1))
    click_hex(window, (1, -2))
    side = doc.model.sides["B"]
    assert ("b2", "b4") in side.links and ("b2", "b3") in side.links
    assert side.nodes["b4"].effect == Effect(area="all")
    # start moved with the Start tool, then back
    window.set_tool("start")
    click_hex(window, (0, -1))
    assert side.start == "b2"
    click_hex(window, (0, 0))
    assert doc.model.sides["B"].start == "b1"
    qtbot.waitUntil(lambda: not doc.findings_pending())
    assert doc.findings == []                     # one start, all reachable, B branches, A does not
    dialogs.answer("ask_save_path", str(tmp_path / "my-tree.yaml"))
    assert window.save()
    assert not window.isWindowModified()
    assert read(tmp_path / "my-tree.yaml") == doc.model
    assert rivages_findings(tmp_path / "my-tree.yaml") == []


def test_select_tool_drags_a_node_in_one_undo_step(window, qtbot):
    doc = window.document
    tc.add_node(doc, "A", (0, -1))
    tc.add_link(doc, "A", "a1", "a2")
    count = doc.undo_stack.count()
    window.set_tool("select")
    pts = [hex_point(h) for h in ((0, -1), (1, -1), (1, -2), (2, -3))]
    stroke(window, [(p.x(), p.y()) for p in pts])
    assert doc.model.sides["A"].nodes["a2"].at == (2, -3)
    assert doc.undo_stack.count() == count + 1
    doc.undo_stack.undo()
    assert doc.model.sides["A"].nodes["a2"].at == (0, -1)


def test_a_node_cannot_be_dropped_on_another(window):
    doc = window.document
    tc.add_node(doc, "A", (0, -1))
    assert not tc.move_node(doc, "A", "a2", (0, 0))
    with pytest.raises(tc.TreeEditError, match=r"already holds node a1"):
        tc.add_node(doc, "A", (0, 0))


EDITS = {
    "add node": lambda d: tc.add_node(d, "A", (0, -1), Effect(loot=1)),
    "move node": lambda d: tc.move_node(d, "A", "a1", (3, -1)),
    "delete node": lambda d: tc.delete_nodes(d, "B", ["b1"]) if len(d.model.sides["B"].nodes) > 1 else None,
    "link": lambda d: tc.add_link(d, "A", "a1", "a2"),
    "unlink": lambda d: tc.remove_link(d, "A", "a2", "a3"),
    "start": lambda d: tc.set_start(d, "A", "a3"),
    "effect": lambda d: tc.set_effect(d, "A", "a2", Effect(scrolls=2, statue=1)),
    "rename": lambda d: tc.rename_node(d, "A", "a2", "second"),
    "header": lambda d: tc.set_header(d, "name", "Renamed"),
    "copy side": lambda d: tc.copy_side(d, "A", "B"),
}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_each_edit_is_one_step_undone_and_redone_exactly(window, name):
    doc = window.document
    tc.add_node(doc, "A", (0, -2))
    tc.add_node(doc, "A", (0, -3))
    tc.add_link(doc, "A", "a2", "a3")
    tc.add_node(doc, "B", (1, -1))
    before = doc.snapshot()
    count = doc.undo_stack.index()
    EDITS[name](doc)
    after = doc.snapshot()
    assert after != before
    assert doc.undo_stack.index() == count + 1
    doc.undo_stack.undo()
    assert doc.model == before
    doc.undo_stack.redo()
    assert doc.model == after


def test_rename_follows_links_and_start(window):
    doc = window.document
    tc.add_node(doc, "A", (0, -1))
    tc.add_link(doc, "A", "a1", "a2")
    tc.rename_node(doc, "A", "a1", "root")
    side = doc.model.sides["A"]
    assert side.start == "root" and side.links == [("root", "a2")] and list(side.nodes) == ["root", "a2"]
    with pytest.raises(tc.TreeEditError, match="not a node id"):
        tc.rename_node(doc, "A", "a2", "bad id")


def test_properties_dock_edits_the_effect_and_spin_edits_merge(window, qtbot):
    doc = window.document
    window.scene.select([("node", "a1")])
    dock = window.properties
    assert dock.node_box.isVisible() and not dock.tree_box.isVisible()
    count = doc.undo_stack.index()
    dock.counts["scrolls"].setValue(1)
    dock.counts["scrolls"].setValue(2)
    dock.counts["scrolls"].setValue(3)
    assert doc.model.sides["A"].nodes["a1"].effect == Effect(scrolls=3)
    assert doc.undo_stack.index() == count + 1       # one step for the typing
    dock.area.setCurrentIndex(dock.area.findData("cliff"))
    assert doc.model.sides["A"].nodes["a1"].effect == Effect(scrolls=3, area="cliff")
    dock.counts["scrolls"].setValue(0)
    dock.area.setCurrentIndex(0)
    assert doc.model.sides["A"].nodes["a1"].effect is None
    assert dock.effect_summary.text() == "no effect"


def test_findings_mark_and_select_the_node(window, qtbot):
    doc = window.document
    tc.add_node(doc, "B", (0, -1))             # not linked: unreachable
    qtbot.waitUntil(lambda: not doc.findings_pending())
    codes = {(f.code, f.element) for f in doc.findings}
    assert ("rivages/tree-unreachable", ("node", "B", "b2")) in codes
    window.set_side("A")
    tree = window.findings_dock.tree
    row = next(i for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(1) == "rivages/tree-unreachable")
    window.findings_dock._activate(tree.topLevelItem(row))
    assert window.scene.side_name == "B"
    assert window.scene.selection == [("node", "b2")]
    assert window.scene.bad_nodes == {"b2"}


def test_undo_shows_the_side_it_changed(window):
    doc = window.document
    tc.add_node(doc, "B", (0, -1))
    window.set_side("A")
    doc.undo_stack.undo()
    assert window.scene.side_name == "B"
    assert window.side_actions["B"].isChecked()


def test_delete_key_removes_selected_nodes_and_their_links(window):
    doc = window.document
    tc.add_node(doc, "A", (0, -1))
    tc.add_link(doc, "A", "a1", "a2")
    window.scene.select([("node", "a2")])
    window.delete_action.trigger()
    side = doc.model.sides["A"]
    assert list(side.nodes) == ["a1"] and side.links == []
    doc.undo_stack.undo()
    assert list(doc.model.sides["A"].nodes) == ["a1", "a2"]


def test_title_and_close_prompt_follow_unsaved_edits(window, dialogs):
    doc = window.document
    tc.set_header(doc, "name", "Willow")
    assert window.isWindowModified()
    doc.undo_stack.undo()
    assert not window.isWindowModified()
    doc.undo_stack.redo()
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    assert not window.close()
    assert dialogs.named("ask_unsaved_changes")


def test_open_a_bundled_tree_and_export_a_page_per_side(window, dialogs, tmp_path):
    assert window.load_path(KAPOK)
    assert window.windowTitle().startswith("kapok.yaml")
    dialogs.answer("ask_export_file", str(tmp_path / "kapok.pdf"))
    written = window.export("pdf")
    assert written == [tmp_path / "kapok.pdf"]
    pages = re.findall(rb"/Type\s*/Page(?![s\w])", written[0].read_bytes())
    assert len(pages) == 2


def test_open_refuses_another_kind_of_file(window, dialogs):
    dialogs.answer("show_error")
    assert not window.load_path(ROOT / "boards" / "rivages" / "loot.yaml")
    (title, text, details) = dialogs.named("show_error")[0]
    assert title == "Cannot open loot file"  # what the file is, in every editor's shape
    assert text == "Could not open loot.yaml.\n\n" + details
    assert details.endswith("content/wrong-kind: loot.yaml is a Rivages loot set (rivages-loot/1), not a Tree of Wisdom")


def test_save_on_a_bundled_tree_asks_for_a_new_file(window, dialogs, tmp_path):
    window.load_path(KAPOK)
    tc.set_header(window.document, "name", "My Kapok")
    dialogs.answer("ask_save_path", str(tmp_path / "kapok.yaml"))
    assert window.save()
    assert dialogs.named("ask_save_path")
    assert read(tmp_path / "kapok.yaml").name == "My Kapok"
    assert read(KAPOK).name != "My Kapok"


_OPS = st.lists(st.tuples(st.sampled_from(["add", "move", "delete", "link", "unlink", "start", "effect", "rename",
                                           "side"]),
                          st.integers(0, 9), st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=40)


@hsettings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=_OPS)
def test_random_edits_undone_give_the_document_back_exactly(window, ops):
    doc = window.document
    doc.undo_stack.clear()
    start = doc.snapshot()
    for op, k, q, r in ops:
        side_name = "AB"[k % 2]
        side = doc.model.sides[side_name]
        ids = list(side.nodes)
        nid = ids[k % len(ids)]
        other = ids[(k + 1) % len(ids)]
        try:
            if op == "add":
                tc.add_node(doc, side_name, (q, r), Effect(scrolls=1 + k % 3))
            elif op == "move":
                tc.move_node(doc, side_name, nid, (q, r))
            elif op == "delete":
                tc.delete_nodes(doc, side_name, [nid])
            elif op == "link" and nid != other:
                tc.add_link(doc, side_name, nid, other)
            elif op == "unlink":
                tc.remove_link(doc, side_name, nid, other)
            elif op == "start":
                tc.set_start(doc, side_name, nid)
            elif op == "effect":
                tc.set_effect(doc, side_name, nid, Effect(loot=k) if k else None)
            elif op == "rename":
                tc.rename_node(doc, side_name, nid, f"n{k}{q + 3}")
            elif op == "side":
                tc.copy_side(doc, side_name, "AB"[(k + 1) % 2])
        except tc.TreeEditError:
            pass
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.model == start
    assert doc.model.to_data() == start.to_data()     # same order of nodes and links too
    assert isinstance(doc.model, Tree)


def test_studio_file_opens_trees_and_card_files_in_their_editors(qtbot, settings, dialogs):
    from studio.gui.app import start_editor
    from studio.gui.rivages.card_editor import CardEditorWindow

    for path, cls, kind in ((KAPOK, TreeEditorWindow, Tree),
                            (ROOT / "boards" / "rivages" / "cards.yaml", CardEditorWindow, CardSet),
                            (ROOT / "boards" / "rivages" / "loot.yaml", CardEditorWindow, LootSet)):
        w = start_editor([str(path)], settings)
        qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
        assert isinstance(w, cls) and isinstance(w.document.model, kind)
        assert w.document.path == str(path)


def test_a_save_refused_by_the_schema_selects_the_node(window, dialogs, tmp_path):
    import dataclasses

    dialogs.answer("show_error", None)
    tree = window.document.model
    window.set_side("B")
    node = tree.sides["A"].nodes["a1"]
    tree.sides["A"].nodes["a1"] = dataclasses.replace(node, effect=Effect(scrolls=500))  # past the schema's 99
    assert window._save_to(str(tmp_path / "bad.yaml")) is False
    assert not (tmp_path / "bad.yaml").exists()
    assert [name for name, _ in dialogs.calls] == ["show_error"]
    assert window.scene.side_name == "A" and window.scene.selection == [("node", "a1")]


def test_open_recent_reopens_a_tree(window, settings):
    assert window.load_path(KAPOK)
    assert window.load_path(KAPOK.with_name("banyan.yaml"))
    window.recent_menu.aboutToShow.emit()
    actions = [a for a in window.recent_menu.actions() if a.text()]
    assert [a.text() for a in actions] == ["banyan.yaml — trees", "kapok.yaml — trees", "Clear Recent Files"]
    actions[1].trigger()
    assert window.document.path == str(KAPOK)
    assert window.recent_files() == [str(KAPOK), str(KAPOK.with_name("banyan.yaml"))]
    # the tree editor keeps its own list: the card editor's opens cards and loot only
    assert settings.value("CardEditorWindowRecentFiles", []) in ([], None)


def test_delete_and_grow_branch_are_off_without_a_selection_and_copy_side_says_when_nothing_changes(window, tmp_path):
    """Fresh-user trial: Edit ▸ Delete with nothing selected did nothing and said nothing, and
    Copy Side B to Side A right after Copy Side A to Side B changed nothing silently. Delete is
    on only with a selection, Grow Branch with one node selected; a copy onto an equal side says
    so and pushes no undo step."""
    doc = window.document
    window.scene.select([])
    assert not window.delete_action.isEnabled() and not window.grow_action.isEnabled()
    window.scene.select([("node", "a1")])
    assert window.delete_action.isEnabled() and window.grow_action.isEnabled()
    tc.add_node(doc, "A", (0, -1))
    window.scene.select([("node", "a1"), ("node", "a2")])
    assert window.delete_action.isEnabled() and not window.grow_action.isEnabled()   # one node to grow from
    window.scene.select([])
    window.copy_side_actions[("A", "B")].trigger()
    assert window.scene.side_name == "B" and "nothing to copy" not in window.statusBar().currentMessage()
    steps = doc.undo_stack.count()
    window.copy_side_actions[("B", "A")].trigger()
    assert doc.undo_stack.count() == steps
    assert window.statusBar().currentMessage() == "Side A is a copy of side B already: nothing to copy"
    window.grab().save(str(tmp_path / "tree-copy.png"))


def test_a_focused_name_field_follows_undo_and_redo(window):
    """Trial (board editor, the same kind here): with the tree's Name field focused, Edit ▸ Undo
    undid the rename in the tree but the field kept the new name."""
    name = window.properties.tree_name
    old = window.document.model.name or ""
    name.setFocus()
    window.activateWindow()
    name.setText("Renamed tree")
    name.editingFinished.emit()
    assert window.document.model.name == "Renamed tree" and name.hasFocus()
    window.undo_action.trigger()
    assert (window.document.model.name or "") == old and name.text() == old
    window.redo_action.trigger()
    assert name.text() == "Renamed tree"
