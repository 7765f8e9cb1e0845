"""The balance dashboard's warnings point at the board (issue 14, item 7): a warning that blames
seats or elements offers *on the board* once the editor draws the run's board, and following it
outlines the culprits over the heat map (and clears them with the next run or board)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from studio.gui.balance.editor import board_catalogue  # noqa: E402
from studio.playtest.elements import seat_pegs  # noqa: E402
from studio.playtest.runner import GameResult  # noqa: E402
from studio.playtest.stats import summarize  # noqa: E402

pytestmark = pytest.mark.gui


def uneven_games(n=30):
    """Seat 1 wins 5 games in 6; nothing is ever taken."""
    return [GameResult(seed=i, scores=(18, 9) if i % 6 else (9, 18), winners=(0,) if i % 6 else (1,), rounds=8,
                       actions=40, end_reason="-", bands_used=(6, 6), seat_names=("South", "North"),
                       bots=("greedy", "greedy"), end_code="score") for i in range(n)]


def test_a_warning_outlines_its_culprits_on_the_editors_board(qtbot, window):
    balance = window.balance
    d = balance.open()
    qtbot.addWidget(balance.window)
    cat = board_catalogue(window.document.board)
    d.catalogue = cat
    d.summary = summarize(uneven_games(), cat)
    balance.show_heat(cat, d.summary)
    d._show_summary()
    assert "href='blame:" not in d.warnings_label.text()   # not offered until the editor draws this run
    d.board_blame = True
    d._show_summary()
    codes = [b.code for b in d.summary.blame]
    seats, never = codes.index("uneven-seats"), codes.index("never-taken")
    assert f"href='blame:{seats}'" in d.warnings_label.text() and f"href='blame:{never}'" in d.warnings_label.text()
    nothing = [i for i, b in enumerate(d.summary.blame) if not b.elements and not b.seats]
    assert nothing and all(f"href='blame:{i}'" not in d.warnings_label.text() for i in nothing)
    with qtbot.waitSignal(d.blameRequested) as asked:
        d.warnings_label.linkActivated.emit(f"blame:{seats}")
    assert asked.args == [seats] and d.highlighted_warning == seats
    item = balance.blame
    starts = seat_pegs(cat)
    assert item is not None and item.scene() is window.scene and item.isVisible()
    assert set(item.drawn) == set(starts[0]) | set(starts[1])
    assert f"what warning {seats + 1} blames ({len(item.drawn)} elements)" in balance.legend.text.text()
    assert item.shape().isEmpty() and not item.acceptedMouseButtons()  # the tools still get the clicks
    d.warnings_label.linkActivated.emit(f"blame:{never}")
    assert set(balance.blame.drawn) == set(d.summary.blame[never].elements) and balance.blame is not item
    assert item.scene() is None                                          # the previous outlines went
    balance.heat_action.setChecked(False)
    assert not balance.blame.isVisible()
    balance.heat_action.setChecked(True)
    assert balance.blame.isVisible()
    balance.show_heat(cat, d.summary)                                   # a new run: no outlines
    assert balance.blame is None and "blames" not in balance.legend.text.text()


def test_the_editor_and_the_html_report_share_one_heat_scale():
    from studio.gui.balance.overlay import heat_colour
    from studio.playtest.heat import heat_hex

    assert [heat_colour(r).name() for r in (0, 0.3, 0.5, 1, 1.5)] == [heat_hex(r) for r in (0, 0.3, 0.5, 1, 1.5)]
