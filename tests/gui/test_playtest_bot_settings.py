"""Seat menus keep a bot's settings: ``mcts:400`` opens, shows as "MCTS (400 iterations)",
is edited through Bot settings…, is what plays, and survives saving and opening a game."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QDialogButtonBox  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui.playtest.playtest_frame import BOT_SETTINGS, CONTROLLERS  # noqa: E402
from studio.gui.playtest.playtest_panels import controller_name, controller_phrase  # noqa: E402
from studio.gui.playtest.playtest_window import PlaytestWindow  # noqa: E402
from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow  # noqa: E402
from studio.gui.shell.bot_settings import BotSettingsDialog  # noqa: E402
from studio.playtest.session import PlaySession  # noqa: E402
from studio.rules import load_game  # noqa: E402

pytestmark = pytest.mark.gui
MCTS = CONTROLLERS.index("mcts")


@pytest.fixture(scope="module")
def game2():
    return load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, 0)


@pytest.fixture(scope="module")
def rivages2():
    return load_game(bundled_path("scenarios", "rivages.yaml"), 2, 0)


def _window(qtbot, cls, game, controllers, seed=4):
    w = cls(game, seed=seed, controllers=controllers, delay_ms=0, autoplay=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.mark.parametrize("spec, name, phrase", [
    ("mcts", "MCTS (200 iterations)", "MCTS bot (200 iterations)"),
    ("mcts:400", "MCTS (400 iterations)", "MCTS bot (400 iterations)"),
    ("mcts:0.5s", "MCTS (0.5 s a move)", "MCTS bot (0.5 s a move)"),
    ("mcts:300:time=0.2", "MCTS (300 iterations or 0.2 s)", "MCTS bot (300 iterations or 0.2 s)"),
    ("mcts:1:rollout=random", "MCTS (1 iteration, rollout=random)", "MCTS bot (1 iteration, rollout=random)"),
    ("greedy", "Greedy bot", "greedy bot"),
    ("human", "Human", "human"),
])
def test_controller_names(spec, name, phrase):
    assert controller_name(spec) == name
    assert controller_phrase(spec) == phrase


@pytest.mark.parametrize("cls", [PlaytestWindow, RivagesPlaytestWindow])
def test_a_window_opens_with_an_mcts_spec_and_plays_it(qtbot, game2, rivages2, cls):
    game = game2 if cls is PlaytestWindow else rivages2
    w = _window(qtbot, cls, game, ["mcts:5", "greedy"], seed=3)
    combo = w.seat_combos[0]
    assert combo.currentText() == "MCTS (5 iterations)" and combo.currentData() == "mcts:5"
    assert w.controllers() == ["mcts:5", "greedy"]
    assert w.session.controllers == ["mcts:5", "greedy"] and w.session.bots[0].iterations == 5
    assert w.seat_panels[0].who_label.text() == "MCTS (5 iterations)"
    expected = PlaySession(game, ["mcts:5", "greedy"], 3)
    want = expected.step_bot()
    with qtbot.waitSignal(w.stateChanged, timeout=60000):
        w.step()
    assert w.state.history == [want]


def test_bot_settings_entry_sets_the_seat_to_the_new_budget(qtbot, game2, dialogs):
    w = _window(qtbot, PlaytestWindow, game2, ["human", "greedy"])
    combo = w.seat_combos[1]
    assert combo.itemText(combo.count() - 1) == "Bot settings…"
    dialogs.answer("ask_bot_settings", "mcts:400")
    combo.setCurrentIndex(combo.findData(BOT_SETTINGS))
    assert dialogs.named("ask_bot_settings") == [(w.game.seat_names[1], "mcts")]
    assert combo.currentIndex() == MCTS and combo.currentText() == "MCTS (400 iterations)"
    assert w.session.controllers == ["human", "mcts:400"] and w.session.bots[1].iterations == 400
    # the menu remembers the settings: Greedy, then MCTS again is mcts:400
    combo.setCurrentIndex(CONTROLLERS.index("greedy"))
    assert w.session.controllers[1] == "greedy"
    combo.setCurrentIndex(MCTS)
    assert w.session.controllers[1] == "mcts:400"
    # the dialog starts from the seat's settings
    dialogs.answer("ask_bot_settings", "mcts:0.5s")
    combo.setCurrentIndex(combo.findData(BOT_SETTINGS))
    assert dialogs.named("ask_bot_settings")[-1] == (w.game.seat_names[1], "mcts:400")
    assert w.session.controllers[1] == "mcts:0.5s" and combo.currentText() == "MCTS (0.5 s a move)"
    # a new game keeps it
    w.new_game()
    assert w.session.controllers == ["human", "mcts:0.5s"]


def test_cancelled_bot_settings_change_nothing(qtbot, game2, dialogs):
    w = _window(qtbot, PlaytestWindow, game2, ["human", "greedy"])
    combo = w.seat_combos[1]
    dialogs.answer("ask_bot_settings", None)
    combo.setCurrentIndex(combo.findData(BOT_SETTINGS))
    assert combo.currentData() == "greedy" and combo.currentText() == "Greedy bot"
    assert w.session.controllers == ["human", "greedy"]
    assert w.mcts_spec(1) == "mcts"


@pytest.mark.parametrize("cls", [PlaytestWindow, RivagesPlaytestWindow])
def test_saved_games_keep_and_restore_the_spec(qtbot, game2, rivages2, tmp_path, dialogs, cls):
    game = game2 if cls is PlaytestWindow else rivages2
    w = _window(qtbot, cls, game, ["mcts:3:rollout=random", "greedy"], seed=2)
    with qtbot.waitSignal(w.stateChanged, timeout=60000):
        w.step()
    path = tmp_path / "g.game.json"
    assert w.save_game(str(path))
    data = json.loads(path.read_text())
    assert data["controllers"] == ["mcts:3:rollout=random", "greedy"]
    other = _window(qtbot, cls, game, ["human", "human"])
    assert other.open_game(str(path))
    assert other.session.controllers == ["mcts:3:rollout=random", "greedy"]
    assert other.seat_combos[0].currentText() == "MCTS (3 iterations, rollout=random)"
    bot = other.session.bots[0]
    assert (bot.iterations, bot.rollout) == (3, "random")
    other.new_game()
    assert other.session.controllers == ["mcts:3:rollout=random", "greedy"]
    # a replay shows the same seats
    third = _window(qtbot, cls, game, ["human", "human"])
    assert third.open_replay(str(path))
    assert third.controllers() == ["mcts:3:rollout=random", "greedy"]


def test_a_saved_spec_the_bot_refuses_keeps_the_seat_and_says_why(qtbot, game2, tmp_path, dialogs):
    w = _window(qtbot, PlaytestWindow, game2, ["random", "greedy"], seed=2)
    w.step()
    path = tmp_path / "g.game.json"
    assert w.save_game(str(path))
    data = json.loads(path.read_text())
    data["controllers"] = ["mcts:0", "random"]  # the schema allows it; the bot does not
    path.write_text(json.dumps(data))
    other = _window(qtbot, PlaytestWindow, game2, ["human", "greedy"])
    assert other.open_game(str(path))
    assert other.session.controllers == ["human", "random"]
    message = other.statusBar().currentMessage()
    assert "seats kept as they were for" in message and "MCTS iterations must be 1 to 1,000,000, got 0" in message


def test_the_bot_settings_dialog(qtbot):
    d = BotSettingsDialog("Seat 2", "mcts:300:time=0.2:rollout=random")
    qtbot.addWidget(d)
    assert d.iterations_box.isChecked() and d.iterations_spin.value() == 300
    assert d.time_box.isChecked() and d.seconds_spin.value() == pytest.approx(0.2)
    assert d.spec() == "mcts:300:rollout=random:time=0.2"
    d.time_box.setChecked(False)
    d.iterations_spin.setValue(400)
    assert d.spec() == "mcts:400:rollout=random"  # other options are kept
    d.iterations_box.setChecked(False)
    ok = d.buttons.button(QDialogButtonBox.Ok)
    assert d.spec() is None and not ok.isEnabled() and "Tick iterations" in d.summary.text()
    d.time_box.setChecked(True)
    d.seconds_spin.setValue(1.5)
    assert d.spec() == "mcts:1.5s:rollout=random" and ok.isEnabled()
    d2 = BotSettingsDialog("Seat 1")
    qtbot.addWidget(d2)
    assert d2.spec() == "mcts" and not d2.time_box.isChecked() and not d2.seconds_spin.isEnabled()
    d3 = BotSettingsDialog("Seat 3", "mcts:200:goal=0")   # the bot without the far-edge value is kept so
    qtbot.addWidget(d3)
    d3.iterations_spin.setValue(250)
    assert d3.spec() == "mcts:250:goal=0"
