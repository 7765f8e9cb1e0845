"""The island balance dashboard's warnings point at the island (issue 14, item 7): after a run,
a warning that blames the island's spaces, bridges, goal steps or the island itself (or seats:
their start, the ship spaces) offers *on the board*, and following it outlines them over the
heat map in the island editor; a warning about other islands or trees offers none."""

from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("pytestqt")

from studio.gui.balance.island_heatmap import island_blamed  # noqa: E402
from studio.model.rivages import Island, read_as  # noqa: E402
from studio.playtest.stats import Blame  # noqa: E402
from tests.gui.rivages.test_island_balance import GULL, dashboard, editor, run  # noqa: E402,F401

pytestmark = pytest.mark.gui


def test_island_blamed_reads_spaces_bridges_goal_steps_the_island_and_seats():
    gull = read_as(GULL, Island)
    quest = [s for s in gull.quest.steps if s.kind in ("spaces", "fort")]
    assert quest, "gull rock's quest has a step on the island"
    hexes, bridges, goals = island_blamed(gull, ("space gull-rock 0,-3", "bridge gull-rock 1,-2-1,0",
                                                 "space other 0,0", "tree t1 a1", "goal gull-rock nothing 1"))
    assert (hexes, bridges, goals) == ([(0, -3)], [((1, -2), (1, 0))], [])
    hexes, _, _ = island_blamed(gull, ("island gull-rock",))
    assert set(hexes) == {s.at for s in gull.spaces} | set(gull.forts)
    assert island_blamed(gull, (), seats=(1,))[0] == gull.ships() and gull.ships()
    step = gull.quest.steps[0]
    expected = [step.fort] if step.kind == "fort" else list(step.spaces)
    hexes, _, goals = island_blamed(gull, ("goal gull-rock quest 1",))
    assert hexes == [tuple(h) for h in expected] and (goals == [] if expected else goals == ["quest"])


def test_on_the_board_outlines_a_warnings_culprits_on_the_island(qtbot, editor):  # noqa: F811 - the fixture
    d = dashboard(qtbot, editor, 4)
    run(qtbot, d)
    balance = editor.balance
    assert balance.heat is not None and d.board_blame
    warnings = ["hexes and a bridge", "other islands only", "the seats", "nothing"]
    blame = [Blame("never-taken", "content", (), ("space gull-rock 0,-3", "space gull-rock 1,1",
                                                  "bridge gull-rock 1,-2-1,0")),
             Blame("never-taken", "content", (), ("island elsewhere", "tree t1 a1")),
             Blame("uneven-seats", "seats", (0, 1)),
             Blame("too-few-games", "seats")]
    d.summary = replace(d.summary, warnings=warnings, blame=blame)
    d._show_summary()
    text = d.warnings_label.text()
    assert "href='blame:0'" in text and "href='blame:2'" in text
    assert "href='blame:1'" not in text and "href='blame:3'" not in text
    with qtbot.waitSignal(d.blameRequested) as asked:
        d.warnings_label.linkActivated.emit("blame:0")
    assert asked.args == [0] and d.highlighted_warning == 0
    item = balance.blame
    assert item is not None and item.scene() is editor.view.scene() and item.isVisible()
    assert item.hexes == [(0, -3), (1, 1)] and item.bridges == [((1, -2), (1, 0))]
    assert item.zValue() > balance.heat.zValue() and item.shape().isEmpty() and not item.acceptedMouseButtons()
    assert "what warning 1 blames (2 spaces, 1 bridge)" in balance.legend.text.text()
    d.warnings_label.linkActivated.emit("blame:2")
    assert balance.blame is not item and item.scene() is None
    assert balance.blame.hexes == editor.document.island.ships()
    balance.heat_action.setChecked(False)
    assert not balance.blame.isVisible()
    balance.heat_action.setChecked(True)
    assert balance.blame.isVisible()
    editor.document.set_kind([(3, 0)], "forest")        # an edit: the outlines stay, marked out of date
    assert balance.blame is not None and "the island changed since this run" in balance.legend.text.text()
    balance._document_replaced()                       # another island: no outlines, no links
    assert balance.blame is None and not d.board_blame and "href='blame:" not in d.warnings_label.text()
