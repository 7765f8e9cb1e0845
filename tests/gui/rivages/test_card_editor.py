"""The card and loot editor: a card set and a loot set built with the window's buttons alone
validate and reload; each edit is one undo step; live validation counts cards per player
count and findings select their card or token; a random edit sequence undone gives the
document back exactly; File ▸ Export writes the card sheets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from PySide6.QtWidgets import QToolButton

from studio.gui.rivages.card_editor import CardEditorWindow
from studio.gui.shell import prompts
from studio.model import card_commands as cc
from studio.model.io import read
from studio.model.rivages import Card, CardSet, Effect, LootSet
from studio.validate.rivages import rivages_findings

ROOT = Path(__file__).resolve().parents[3]
CARDS = ROOT / "boards" / "rivages" / "cards.yaml"
LOOT = ROOT / "boards" / "rivages" / "loot.yaml"


@pytest.fixture
def window(qtbot, settings, dialogs):
    w = CardEditorWindow(settings=settings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    w.show()
    qtbot.waitExposed(w)
    return w


def palette_click(window, symbol):
    window.cards_page.rows.symbol_buttons[symbol].click()


def codes(findings):
    return sorted(f.code for f in findings)


def settle(qtbot, doc):
    qtbot.waitUntil(lambda: not doc.findings_pending())


def test_build_a_card_set_with_the_buttons_alone(window, qtbot, tmp_path, dialogs):
    doc = window.document
    rows = window.cards_page.rows
    # the new set's one card: make its first row forest, dune, statue, then a second row
    window.remove_symbol(0, 2)                               # drop the default scroll
    palette_click(window, "statue")
    rows.new_row.setChecked(True)
    palette_click(window, "lagoon")
    palette_click(window, "any")
    assert doc.model.exploration[0].rows == (("forest", "dune", "statue"), ("lagoon", "any"))
    settle(qtbot, doc)
    assert "rivages/too-few-cards" in codes(doc.findings)
    assert "2 players: <b>1</b> cards (need 5)" in window.cards_page.counts.text()
    # 11 cards for 2 to 5 players: duplicates, re-marked with the marker box
    for _ in range(10):
        window.card_actions["duplicate"].trigger()
    for k, players in enumerate([2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5]):
        window.set_current(("exploration", k))
        combo = window.cards_page.marker
        combo.setCurrentIndex(combo.findData(players))
        combo.activated.emit(combo.currentIndex())
    window.card_actions["add_endgame"].trigger()
    palette_click(window, "scroll")
    settle(qtbot, doc)
    assert doc.model.endgame == [Card("end-1", (("any", "scroll"),))]
    assert [c.players for c in doc.model.exploration] == [2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5]
    assert len({c.id for c in doc.model.exploration}) == 11
    # 11 cards for 5 players is enough to deal (RIV-S4); fewer than 3 per player is a warning
    assert [f.severity for f in doc.findings] == ["warning"] * len(doc.findings)
    assert set(codes(doc.findings)) == {"rivages/few-cards"}
    dialogs.answer("ask_save_path", str(tmp_path / "deck.yaml"))
    assert window.save()
    assert read(tmp_path / "deck.yaml") == doc.model
    assert [f for f in rivages_findings(tmp_path / "deck.yaml") if f.severity == "error"] == []


def test_build_a_loot_set_with_the_buttons_alone(window, qtbot, tmp_path, dialogs):
    window.new_loot_action.trigger()
    doc = window.document
    assert isinstance(doc.model, LootSet)
    page = window.loot_page
    window.card_actions["add_token"].trigger()
    page.kind.setText("compass")
    page.kind.editingFinished.emit()
    page.name.setText("Compass")
    page.name.editingFinished.emit()
    for n in range(2, 8):
        page.count.setValue(n)
    page.effect_spins["scrolls"].setValue(0)             # no effect at all: refused, shown as it was
    assert "needs an effect" in window.statusBar().currentMessage()
    assert page.effect_spins["scrolls"].value() == 1
    page.effect_spins["any"].setValue(1)
    page.effect_spins["scrolls"].setValue(0)
    token = doc.model.tokens[1]
    assert (token.kind, token.name, token.count, token.effect) == ("compass", "Compass", 7, Effect(any=1))
    assert page.total.text().startswith("<b>12</b> tokens")
    window.card_actions["duplicate"].trigger()
    assert [t.kind for t in doc.model.tokens] == ["purse", "compass", "compass-2"]
    settle(qtbot, doc)
    assert doc.findings == []
    dialogs.answer("ask_save_path", str(tmp_path / "bag.yaml"))
    assert window.save()
    assert read(tmp_path / "bag.yaml") == doc.model


def test_count_spin_edits_merge_into_one_step(window):
    window.new_loot_action.trigger()
    doc = window.document
    start = doc.undo_stack.index()
    for n in (6, 7, 8, 9):
        window.loot_page.count.setValue(n)
    assert doc.undo_stack.index() == start + 1
    doc.undo_stack.undo()
    assert doc.model.tokens[0].count == 5


def test_symbols_in_a_row_are_removed_by_clicking_them(window):
    doc = window.document
    buttons = [b for b in window.cards_page.rows.findChildren(QToolButton) if b.objectName() == "symbol-0-1"
               and b.isVisible()]
    buttons[0].click()
    assert doc.model.exploration[0].rows == (("forest", "scroll"),)


def test_a_full_row_and_the_last_symbol_are_refused_in_the_status_bar(window):
    doc = window.document
    for sym in ("lagoon", "lagoon", "lagoon"):
        palette_click(window, sym)
    palette_click(window, "cliff")                            # a 7th symbol
    assert len(doc.model.exploration[0].rows[0]) == 6
    assert "row 1 is full" in window.statusBar().currentMessage()
    with pytest.raises(cc.CardEditError, match="at least one symbol"):
        cc.set_rows(doc, "exploration", 0, [("forest",)])
        cc.remove_symbol(doc, "exploration", 0, 0, 0)


EDITS = {
    "add exploration": lambda d: cc.add_card(d, "exploration", (("cliff", "any"),), 3),
    "add endgame": lambda d: cc.add_card(d, "endgame", (("statue",),), None),
    "duplicate": lambda d: cc.duplicate_card(d, "exploration", 1),
    "delete": lambda d: cc.delete_cards(d, "exploration", [0, 2]),
    "move": lambda d: cc.move_card(d, "exploration", 0, 2),
    "rename": lambda d: cc.set_card_id(d, "exploration", 0, "first"),
    "marker": lambda d: cc.set_players(d, 1, 5),
    "append symbol": lambda d: cc.append_symbol(d, "exploration", 0, 0, "loot"),
    "remove symbol": lambda d: cc.remove_symbol(d, "exploration", 0, 0, 1),
    "add row": lambda d: cc.add_row(d, "exploration", 0, ("dune",)),
    "delete row": lambda d: cc.delete_row(d, "exploration", 0, 1),
    "move row": lambda d: cc.move_row(d, "exploration", 0, 0, 1),
    "header": lambda d: cc.set_header(d, "name", "Deck two"),
}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_each_card_edit_is_one_step_undone_and_redone_exactly(window, name):
    assert window.load_path(CARDS)
    doc = window.document
    before = doc.snapshot()
    index = doc.undo_stack.index()
    EDITS[name](doc)
    after = doc.snapshot()
    assert after != before and doc.undo_stack.index() == index + 1
    doc.undo_stack.undo()
    assert doc.model == before
    doc.undo_stack.redo()
    assert doc.model == after


LOOT_EDITS = {
    "add": lambda d: cc.add_token(d, "map", 3, Effect(leap=1), "Old map"),
    "duplicate": lambda d: cc.duplicate_token(d, 0),
    "delete": lambda d: cc.delete_token(d, 1),
    "count": lambda d: cc.set_token(d, 0, count=9),
    "effect": lambda d: cc.set_token(d, 2, effect=Effect(area="all")),
    "kind": lambda d: cc.set_token(d, 3, kind="hook"),
}


@pytest.mark.parametrize("name", sorted(LOOT_EDITS))
def test_each_loot_edit_is_one_step_undone_and_redone_exactly(window, name):
    assert window.load_path(LOOT)
    doc = window.document
    before = doc.snapshot()
    LOOT_EDITS[name](doc)
    after = doc.snapshot()
    assert after != before
    doc.undo_stack.undo()
    assert doc.model == before
    doc.undo_stack.redo()
    assert doc.model == after


def test_findings_select_their_card_and_unknown_symbols_are_flagged(window, qtbot):
    assert window.load_path(CARDS)
    doc = window.document
    cc.append_symbol(doc, "exploration", 20, 0, "volcano")      # not a terrain of the scenario
    settle(qtbot, doc)
    bad = [f for f in doc.findings if f.code == "rivages/unknown-symbol"]
    assert len(bad) == 1 and bad[0].element == ("card", "x21")
    window.set_current(("exploration", 0))
    tree = window.findings_dock.tree
    window.findings_dock._activate(tree.topLevelItem(0))
    assert window.current == ("exploration", 20)
    assert window.cards_page.card_id.text() == "x21"


def test_a_duplicate_id_is_refused(window):
    assert window.load_path(CARDS)
    with pytest.raises(cc.CardEditError, match="already has the id x02"):
        cc.set_card_id(window.document, "exploration", 0, "x02")


def test_loot_findings_select_the_token(window, qtbot):
    assert window.load_path(LOOT)
    doc = window.document
    cc.set_token(doc, 2, effect=Effect(area="marsh"))
    settle(qtbot, doc)
    assert [(f.code, f.element) for f in doc.findings] == [("rivages/unknown-terrain", ("loot", "idol"))]
    window.set_current(("token", 0))
    window.findings_dock._activate(window.findings_dock.tree.topLevelItem(0))
    assert window.current == ("token", 2)
    assert window.loot_page.kind.text() == "idol"


def test_export_card_sheets_from_the_file_menu(window, dialogs, tmp_path):
    from studio.render.cards import PLAIN

    assert window.load_path(CARDS)
    dialogs.answer("ask_card_print_options", PLAIN)     # no bleed, no backs: 9 cards a page
    dialogs.answer("ask_export_file", str(tmp_path / "cards.pdf"))
    written = window.export("pdf")
    assert written == [tmp_path / "cards.pdf"]
    assert len(re.findall(rb"/Type\s*/Page(?![s\w])", written[0].read_bytes())) == 5   # 41 cards, 9 a page
    window.paper_actions["letter"].trigger()
    dialogs.answer("ask_export_file", str(tmp_path / "cards.png"))
    pngs = window.export("png")
    assert [p.name for p in pngs] == [f"cards-p{i}.png" for i in range(1, 6)]


def test_export_dialog_options_give_backs_and_bleed_and_are_remembered(window, dialogs, tmp_path, real_dialogs):
    from studio.gui.rivages.card_print_dialog import CardPrintDialog, load_options
    from studio.render.cards import PrintOptions, sheet_items

    assert window.load_path(CARDS)
    dialog = CardPrintDialog(sheet_items(window.document.model), "a4", load_options(None), window)
    assert dialog.options() == PrintOptions(3.0, True, "long")          # the defaults
    assert "on 12 A4 landscape pages (3 mm bleed; backs for duplex, flip on the long edge)" in dialog.summary.text()
    dialog.duplex_box.setCurrentIndex(dialog.duplex_box.findData("short"))
    dialog.backs_check.setChecked(False)
    assert not dialog.duplex_box.isEnabled()
    dialog.bleed_spin.setValue(0)
    assert dialog.summary.text().endswith("on 5 A4 pages")
    dialog.close()
    dialogs.answer("ask_card_print_options", PrintOptions(2.0, True, "short"))
    dialogs.answer("ask_export_file", str(tmp_path / "cards.pdf"))
    written = window.export("pdf")
    assert len(re.findall(rb"/Type\s*/Page(?![s\w])", written[0].read_bytes())) == 12   # 6 face + 6 back sheets
    assert load_options(window.settings) == PrintOptions(2.0, True, "short")
    dialogs.answer("ask_card_print_options", None)                        # Cancel writes nothing
    assert window.export("pdf") == []


def test_close_asks_about_unsaved_edits(window, dialogs):
    cc.set_header(window.document, "name", "Other")
    assert window.isWindowModified()
    dialogs.answer("ask_unsaved_changes", prompts.Choice.DISCARD)
    assert window.close()


_OPS = st.lists(st.tuples(st.sampled_from(sorted(EDITS) + ["sym"]), st.integers(0, 40), st.integers(0, 5)),
                min_size=1, max_size=30)


@hsettings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=_OPS)
def test_random_card_edits_undone_give_the_document_back_exactly(window, ops):
    doc = window.document
    if not isinstance(doc.model, CardSet) or doc.path is None:
        window.load_path(CARDS)
        doc = window.document
    doc.undo_stack.clear()
    start = doc.snapshot()
    symbols = ["forest", "dune", "any", "loot", "statue", "scroll"]
    for op, k, j in ops:
        n = len(doc.model.exploration)
        i = k % n if n else 0
        try:
            if op == "sym":
                cc.append_symbol(doc, "exploration", i, j % 2, symbols[j])
            elif op == "delete":
                cc.delete_cards(doc, "exploration", [i])
            elif op == "move":
                cc.move_card(doc, "exploration", i, j - 2)
            elif op == "marker":
                cc.set_players(doc, i, 2 + j % 4)
            elif op == "rename":
                cc.set_card_id(doc, "exploration", i, f"c{k}-{j}")
            elif op == "remove symbol":
                cc.remove_symbol(doc, "exploration", i, 0, j % 3)
            elif op == "duplicate":
                cc.duplicate_card(doc, "exploration", i)
            else:
                EDITS[op](doc)
        except (cc.CardEditError, IndexError):
            pass
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.model == start
    assert doc.model.to_data() == start.to_data()


def test_no_exploration_cards_is_a_finding_and_solo_files_show_no_counts(window, qtbot):
    """QA: with every Exploration card deleted the counts were red but Validation said "No
    problems found"; solo.yaml showed red counts where Exploration cards do not apply."""
    window.load_path(CARDS)
    while window.document.model.exploration:
        window.current = ("exploration", 0)
        window.delete()
    findings = window.document.refresh_findings()
    short = [f for f in findings if f.code == "rivages/too-few-cards"]
    assert [f.message for f in short][0] == ("2 players: the 0 Exploration cards marked 2+ or lower cannot deal 2 "
                                             "to each player (at least 5 needed)")
    assert len(short) == 4 and all(f.severity == "error" for f in short)
    assert window.findings_dock.findings == findings
    assert window.cards_page.counts.isVisibleTo(window)
    window.document.undo_stack.setClean()
    window.load_path(ROOT / "boards" / "rivages" / "solo.yaml")
    assert not window.document.model.exploration and window.document.model.solo is not None
    assert not window.cards_page.counts.isVisibleTo(window)
    assert not [f for f in window.document.refresh_findings() if f.code.endswith("-cards")]


def test_open_recent_lists_opened_and_saved_files_and_reopens_them(window, settings, tmp_path):
    window.recent_menu.aboutToShow.emit()
    assert [a.text() for a in window.recent_menu.actions() if a.text()] == ["No recent files", "Clear Recent Files"]
    assert window.load_path(LOOT)
    assert window.load_path(CARDS)
    mine = tmp_path / "mine.yaml"
    assert window._save_to(str(mine))
    assert window.recent_files() == [str(mine), str(CARDS), str(LOOT)]
    window.recent_menu.aboutToShow.emit()
    actions = [a for a in window.recent_menu.actions() if a.text()]
    assert [a.text() for a in actions] == [f"mine.yaml — {tmp_path.name}", "cards.yaml — rivages", "loot.yaml — rivages",
                                           "Clear Recent Files"]
    assert actions[2].toolTip() == str(LOOT)
    actions[2].trigger()
    assert window.document.path == str(LOOT) and isinstance(window.document.model, LootSet)
    assert window.recent_files()[0] == str(LOOT)
    # kept in QSettings: a new window lists them too; Clear empties the list
    again = CardEditorWindow(settings=settings)
    assert again.recent_files() == [str(LOOT), str(mine), str(CARDS)]
    again.deleteLater()
    window.recent_menu.aboutToShow.emit()
    window.recent_menu.actions()[-1].trigger()
    assert window.recent_files() == []
