"""Island editor details a QA pass found: plurals in Properties, the heat-map legend in a small
window, the status message beside the hover label."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from studio.gui.rivages.island_editor import IslandEditorWindow
from studio.playtest.elements import catalogue, island_stats
from studio.playtest.island_trial import island_setup
from studio.playtest.runner import run_batch

ROOT = Path(__file__).resolve().parents[3]
GULL = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"


@pytest.fixture
def editor(qtbot, tmp_path, dialogs):
    w = IslandEditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.open_path(GULL, interactive=False)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_counts_use_singulars(editor):
    text = editor.properties.counts.text()
    assert text == "31 spaces: 8 white, 4 strongholds, 2 ships; 1 bridge, 0 forts"
    editor.document.toggle_fort((9, 9))
    assert editor.properties.counts.text().endswith("; 1 bridge, 1 fort")


def test_the_heat_legend_folds_away_in_a_small_window(editor, qtbot):
    island = editor.document.island
    stats = island_stats(run_batch(island_setup(island, 2), None, 2, 1, "random"),
                         catalogue(island_setup(island, 2).game()), "gull-rock")
    balance = editor.balance
    balance.show_heat(island, stats)
    balance.set_heat_visible(True)
    legend, view = balance.legend, editor.view
    assert legend.isVisible() and legend.text.isVisibleTo(legend) and legend.width() == 290
    editor.resize(520, 420)                          # QA: the legend covered the whole canvas
    qtbot.waitUntil(lambda: view.viewport().width() < 500)
    qtbot.wait(10)
    vp = view.viewport().size()
    assert not legend.text.isVisibleTo(legend)
    assert legend.width() <= max(200, vp.width() * 0.4) + 1
    assert legend.width() * legend.height() < 0.5 * vp.width() * vp.height()
    editor.resize(1200, 800)
    qtbot.waitUntil(lambda: legend.text.isVisibleTo(legend))
    assert legend.width() == 290


def test_a_long_message_is_cut_before_the_hover_label(editor, qtbot):
    editor.resize(420, 400)
    qtbot.wait(10)
    editor._hovered((0, -1))
    long = "Exported 1 file: 2 sheets (1 × 2 pages of A4, hexes 38 mm, 6 marks for cutting out)"
    editor.say(long)
    shown = editor.statusBar().currentMessage()
    bar = editor.statusBar()
    assert shown != long and shown.endswith("…") and editor.last_message == long
    assert bar.fontMetrics().horizontalAdvance(shown) + editor.hover_label.width() <= bar.width()
    assert bar.toolTip() == long
