"""The balance dashboard plays the seat attribution after its batch (issue 14, items 3 and 7):
the same deals with the seats rotated and with equal hands, shown as the report's table and
sentences, and saved in the summary as ``studio playtest --attribute`` gives it."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.dashboard import BalanceDashboard  # noqa: E402
from studio.playtest.runner import game_seed  # noqa: E402
from studio.playtest.seats import attribute_setup  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402

pytestmark = pytest.mark.gui


def test_the_seat_attribution_is_played_after_the_batch_and_shown(qtbot):
    setup = load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)
    d = BalanceDashboard(setup, scenario_text="Jungle Temples")
    qtbot.addWidget(d)
    d.games_spin.setValue(4)
    d.seed_spin.setValue(5)
    d.panel_games_spin.setValue(3)
    d.set_bots("random")
    d.attribute_check.setChecked(True)
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        assert d.start_run()
        assert not d.attribute_check.isEnabled()
    a = d.summary.attribution
    expected = attribute_setup(setup, [game_seed(5, i) for i in range(3)], "random")
    assert a == expected and a.deals == 3 and a.games_played == 2 * 2 * 3
    text = d.panel_label.text()
    assert not d.panel_label.isHidden() and "Where the seats' gaps come from" in text
    assert "the same 3 deals with the seats rotated" in text and "board position" in text
    assert d.summary.to_dict()["attribution"]["deals"] == 3
    assert d.attribute_check.isEnabled()
    # different bots per seat: no attribution (it compares seats, not bots)
    d.set_bots("random")
    d.bot_combos[1].setCurrentIndex(d.bot_combos[1].findData("greedy"))
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        assert d.start_run()
    assert d.summary.attribution is None
