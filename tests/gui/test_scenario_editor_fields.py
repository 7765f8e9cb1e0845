"""Scenario editor problems name the form field, not ``<memory>``: save errors list the fields'
labels and take the user to the first; the end condition keeps exactly one key (QA pass 2)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QSpinBox

from studio.gui.realm.scenario_document import field_findings, new_scenario_data
from studio.gui.realm.scenario_editor import ScenarioEditor

pytestmark = pytest.mark.gui


@pytest.fixture
def editor(qtbot, dialogs):
    ed = ScenarioEditor()
    qtbot.addWidget(ed, before_close_func=lambda w: w.document.undo_stack.setClean())
    ed.resize(900, 800)
    ed.show()
    qtbot.waitExposed(ed)
    return ed


def test_findings_of_edited_data_carry_the_field_they_are_about():
    data = new_scenario_data()
    del data["name"]
    data["rules"]["end"] = {"score": 3, "rounds": 4}
    found = field_findings(data, None)
    assert [(f.code, f.element) for f in found] == [
        ("schema/missing-key", ("field", ("name",))),
        ("schema/length", ("field", ("boards",))),
        ("schema/length", ("field", ("rules", "end"))),
    ]
    assert all(f.line is None and f.path is None for f in found)


def test_save_errors_name_the_form_fields_and_show_the_first(editor, dialogs, tmp_path):
    # QA: "<memory>: error schema/length: 'boards' must have at least 1 key, got 0 keys"
    editor.document.set_value(("name",), "x" * 300)
    dialogs.answer("ask_save_path", str(tmp_path / "new.yaml"))
    dialogs.answer("show_error")
    assert editor.save_as() is False
    title, text, details = dialogs.named("show_error")[-1]
    assert title == "Cannot save scenario"
    assert text == ("Could not save new.yaml: 2 fields need fixing (marked in red):\n\n"
                    "• Name: must be a text of 1 to 200 characters, got 300 characters\n"
                    "• Boards: choose a board for at least one player count")
    assert "<memory>" not in text + details
    assert not (tmp_path / "new.yaml").exists()
    name_label = editor._label_of(editor.editor_for(("name",)))
    assert isinstance(name_label, QLabel) and "#c62828" in name_label.styleSheet()
    assert "Name: must be a text" in name_label.toolTip()
    assert "#c62828" in editor._label_of(editor.boards_editor).styleSheet()
    assert editor.findings_list.item(0).text() == "Name: must be a text of 1 to 200 characters, got 300 characters"
    # fixing the name clears its mark
    editor.document.set_value(("name",), "Fixed")
    editor.refresh_findings()
    assert name_label.styleSheet() == "" and name_label.toolTip() == ""


def test_a_finding_clicked_shows_its_field(editor, qtbot):
    editor.document.set_value(("rules", "pool_size"), 99)   # an Advanced rule, its group closed
    editor.refresh_findings()
    items = [editor.findings_list.item(i) for i in range(editor.findings_list.count())]
    item = next(i for i in items if i.text().startswith("Advanced rules ▸ Pool size: "))
    editor._finding_activated(item)
    assert editor.advanced_box.isChecked()
    field = editor.editor_for(("rules", "pool_size"))
    assert field.isVisibleTo(editor)
    assert editor.show_field(("rules", "pool_size")) is field


def test_the_end_condition_keeps_exactly_one_key(editor):
    # QA: setting the hidden end-condition pages' values left 'rules.end' with 3 keys
    for spin in editor.findChildren(QSpinBox):
        spin.setValue(spin.maximum())
    end = editor.document.value(("rules", "end"))
    assert len(end) == 1
    rounds = editor.editor_for(("rules", "end", "rounds"))
    rounds.spin.setValue(12)
    assert editor.document.value(("rules", "end")) == {"rounds": 12}
    editor.document.undo_stack.undo()
    assert len(editor.document.value(("rules", "end"))) == 1
    assert not [f for f in editor.document.findings() if f.element == ("field", ("rules", "end"))]


def test_field_labels_follow_the_form(editor):
    assert editor.field_label(("boards", "2")) == "Boards ▸ 2"
    assert editor.field_label(("rules", "end")) == "Rules ▸ End"
    assert editor.field_label(("rules", "modules", "volcano", "rounds")) == "Location modules ▸ Volcano escape ▸ Rounds"
    assert editor.field_label(("rules", "bands_per_player")) == "Rules ▸ Bands per player"
    assert editor.field_label(("rules", "pool_size")) == "Advanced rules ▸ Pool size"


def _edit_through_the_form(e) -> bool:
    """Change one value of field editor ``e`` as a designer would, through its widgets."""
    from studio.gui.realm import scenario_fields as sf

    if isinstance(e, sf.IntEditor):
        e.spin.setValue(e.spin.value() + 1 if e.spin.value() < e.spin.maximum() else e.spin.value() - 1)
    elif isinstance(e, sf.BoolEditor):
        e.box.setChecked(not e.box.isChecked())
    elif isinstance(e, (sf.EnumEditor, sf.OneKeyEditor, sf.CardsEditor)):
        e.combo.setCurrentIndex((e.combo.currentIndex() + 1) % e.combo.count())
        e.combo.activated.emit(e.combo.currentIndex())
    elif isinstance(e, sf.TextEditor):
        if e.multiline:
            e.edit.setPlainText(e.edit.toPlainText() + "x")
        else:
            e.edit.setText(e.edit.text() + "x")
            e.edit.textEdited.emit(e.edit.text())
    elif isinstance(e, sf.EnumSetEditor):
        next(b for b in e.boxes.values() if not b.isChecked()).setChecked(True)
    elif isinstance(e, sf.IntListEditor) and not e.spins:
        e.add.click()
    elif isinstance(e, sf.IntListEditor):
        spin = e.spins[min(1, len(e.spins) - 1)]
        spin.setValue(spin.value() + 1)
    elif isinstance(e, sf.IntMapEditor):
        e._add()
    elif isinstance(e, sf.BoardsEditor):
        e.fields["4"].setText("mine.yaml")
        e._edited("4")
    elif isinstance(e, sf.ObjectEditor) and e.checkable:
        e.group.setChecked(not e.group.isChecked())
    else:  # a plain group of fields: its fields are edited one by one
        return False
    return True


def test_edit_undo_names_every_field_of_the_form_in_words(editor):
    # the undo texts were value paths: "Set rules.hand_sizes", "Use volcano"
    from studio.content import bundled_path

    assert editor.open_path(str(bundled_path("scenarios", "engraved-board.yaml")))
    stack = editor.document.undo_stack
    texts = {}
    for e in editor.all_editors():
        if not e.isVisibleTo(editor) and e.path[:2] in (("rules", "end"), ("rules", "cards")) and len(e.path) > 2:
            continue  # a page of a choice not chosen: the form shows it only once chosen
        count = stack.count()
        e.setEnabled(True)
        if _edit_through_the_form(e):
            assert stack.count() == count + 1, e.path
            texts[e.path] = editor.undo_action.text()
    assert len(texts) >= 40
    for path, text in texts.items():
        assert text.startswith("&Undo ") and text[6].isupper(), (path, text)
        words = text[6:]
        assert "_" not in words and "." not in words and "[" not in words and "rules" not in words, (path, text)
    assert texts[("rules", "hand_sizes")] == "&Undo Change opening hand size of seat 2"
    assert texts[("rules", "modules", "volcano")] == "&Undo Turn on Volcano escape"
    assert texts[("rules", "connect")] == "&Undo Turn off connected bands"
    assert texts[("boards",)] == "&Undo Change board for 4 players"


def test_edits_of_two_seats_merged_into_one_step_say_so(editor):
    hands = editor.editor_for(("rules", "hand_sizes"))
    hands.spins[1].setValue(hands.spins[1].value() + 1)
    assert editor.undo_action.text() == "&Undo Change opening hand size of seat 2"
    hands.spins[2].setValue(hands.spins[2].value() + 1)  # the same field: one step
    assert editor.document.undo_stack.count() == 1
    assert editor.undo_action.text() == "&Undo Change opening hand sizes"
