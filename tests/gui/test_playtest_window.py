"""The playtest window, driven like a user would: bots-only games, a human placing a band by
clicking pegs, drawing from the pool, and boards that cannot be played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from studio.bots import make_bot  # noqa: E402
from studio.content import bundled_path  # noqa: E402
from studio.gui.playtest.playtest_panels import CONTROLLER_NAMES  # noqa: E402
from studio.gui.playtest.playtest_window import PlaytestWindow, open_playtest  # noqa: E402
from studio.model.io import read_board  # noqa: E402
from studio.playtest import play_game  # noqa: E402
from studio.playtest.session import PlaySession  # noqa: E402
from studio.rules import load_game  # noqa: E402
from studio.rules.realm.actions import Draw, ExtraAction, Place  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def game2():
    return load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, 0)


@pytest.fixture
def board2():
    return read_board(bundled_path("boards", "realm", "jungle-temples-2p.yaml"))


def _window(qtbot, game, controllers, seed=4):
    w = PlaytestWindow(game, seed=seed, controllers=controllers, delay_ms=0)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _click_peg(qtbot, window, peg):
    view = window.board_view
    qtbot.mouseClick(view, Qt.LeftButton, pos=view.peg_pos(peg).toPoint())


def test_bots_play_a_whole_game(qtbot, game2):
    w = _window(qtbot, game2, ["greedy", "random"], seed=4)
    with qtbot.waitSignal(w.gameOver, timeout=20000):
        pass
    state = w.state
    assert w.is_game_over()
    assert [int(p.score_label.text()) for p in w.seat_panels] == state.scores()
    for s, panel in enumerate(w.seat_panels):
        assert (panel.status_label.text() == "★ winner") == (s in state.winners())
    assert "Game over" in w.banner.text()
    assert w.log_view.count() == len(state.log)
    # the window plays exactly the game the headless runner plays for that seed
    expected = play_game(game2, [make_bot("greedy"), make_bot("random")], 4)
    assert tuple(state.scores()) == expected.scores and len(state.history) == expected.actions
    assert not w.place_button.isEnabled() and not w.step_button.isEnabled()


def test_human_places_a_band_by_clicking_its_pegs(qtbot, game2):
    w = _window(qtbot, game2, ["human", "greedy"], seed=2)
    state = w.state
    assert w.session.human_to_move()
    band = max((a for a in state.legal_actions() if isinstance(a, Place)), key=lambda a: len(a.pegs))
    log_before = len(state.log)
    assert not w.place_button.isEnabled()
    for peg in band.pegs:
        assert peg in w.board_view.clickable
        _click_peg(qtbot, w, peg)
    assert set(w.board_view.selected) == set(band.pegs)
    assert w.place_button.isEnabled()
    assert w.payment_combo.count() == len(state.payment_options(band.pegs))
    qtbot.mouseClick(w.place_button, Qt.LeftButton)
    assert (0, band.pegs) in [(s, sh.pegs) for s, sh in state.bands]
    assert len(state.log) == log_before + 1
    assert w.log_view.count() == len(state.log)
    assert w.board_view.selected == []
    assert state.current_player == 0 and state.actions_left == 1


def test_enter_places_the_selected_band(qtbot, game2):
    w = _window(qtbot, game2, ["human", "greedy"], seed=5)
    band = next(a for a in w.state.legal_actions() if isinstance(a, Place))
    for peg in band.pegs:
        _click_peg(qtbot, w, peg)
    qtbot.keyClick(w.board_view, Qt.Key_Return)
    assert w.state.bands and w.state.bands[-1][1].pegs == band.pegs


def test_clicking_a_peg_that_is_not_highlighted_does_nothing(qtbot, game2):
    w = _window(qtbot, game2, ["human", "greedy"], seed=2)
    state = w.state
    outside = next(p for p in game2.board.pegs if p not in w.board_view.clickable)
    history = list(state.history)
    _click_peg(qtbot, w, outside)
    assert w.board_view.selected == []
    assert not w.place_button.isEnabled()
    assert state.history == history
    # a highlighted peg toggles on and off
    peg = sorted(w.board_view.clickable)[0]
    _click_peg(qtbot, w, peg)
    assert w.board_view.selected == [peg]
    _click_peg(qtbot, w, peg)
    assert w.board_view.selected == []


def test_human_draws_from_the_pool_and_deck_then_bots_answer(qtbot, game2):
    w = _window(qtbot, game2, ["human", "greedy"], seed=3)
    state = w.state
    hand = sum(state.hands[0])
    assert not w.draw_button.isEnabled()
    qtbot.mouseClick(w.pool_buttons[0], Qt.LeftButton)
    assert not w.draw_button.isEnabled()
    qtbot.mouseClick(w.deck_button, Qt.LeftButton)
    assert w.draw_button.isEnabled()
    qtbot.mouseClick(w.draw_button, Qt.LeftButton)
    assert sum(state.hands[0]) == hand + 2
    assert isinstance(state.history[-1], Draw)
    assert not w.end_turn_button.isEnabled()  # an action is left (RTR-T1)
    qtbot.mouseClick(w.deck_button, Qt.LeftButton)
    qtbot.mouseClick(w.deck_button, Qt.LeftButton)
    qtbot.mouseClick(w.draw_button, Qt.LeftButton)
    # the bot plays its turn on its own, then it is the human's turn again
    qtbot.waitUntil(lambda: w.state.current_player == 0 and w.state.round == 2, timeout=10000)
    assert w.state.seat == 0 and w.session.human_to_move()


def test_an_illegal_action_goes_to_the_status_bar(qtbot, game2):
    w = _window(qtbot, game2, ["human", "greedy"], seed=2)
    w._play(Place(("a1", "a2")))
    assert w.statusBar().currentMessage().startswith("Not allowed: RTR-")
    assert w.state.history == []


def test_new_game_uses_the_setup_bar(qtbot, game2):
    w = _window(qtbot, game2, ["human", "greedy"], seed=2)
    for combo in w.seat_combos:
        combo.setCurrentIndex(combo.findData("random"))
    w.seed_spin.setValue(9)
    w.new_game_button.click()
    assert w.session.seed == 9 and w.session.controllers == ["random", "random"]
    assert w.state.seed == 9
    qtbot.waitUntil(lambda: len(w.state.history) >= 6, timeout=10000)
    assert w.log_view.count() == len(w.state.log)


def test_open_playtest_on_the_editor_board(qtbot, board2):
    w = open_playtest(board2, None, None, seed=1, controllers=["random", "random"], delay_ms=0)
    qtbot.addWidget(w)
    assert w.game.players == 2 and w.game.rules.end == {"score": 18}
    assert w.game.board is not board2 and w.game.board == board2  # a copy: edits do not reach a running game
    assert w.isVisible()
    qtbot.waitUntil(lambda: len(w.state.history) >= 6, timeout=10000)


def test_open_playtest_falls_back_to_the_bundled_rules(qtbot, board2, tmp_path):
    missing = tmp_path / "gone.yaml"
    w = open_playtest(board2, missing, None, delay_ms=0)
    qtbot.addWidget(w)
    assert w.game.scenario.id == "jungle-temples"
    assert "could not be read" in w.statusBar().currentMessage()


def test_a_rivages_scenario_is_not_taken_for_the_boards_rules(qtbot, board2):
    rivages = bundled_path("scenarios", "rivages.yaml")
    assert open_playtest(board2, rivages, None) is None
    boxes = [b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox) and b.isVisible()]
    assert boxes and boxes[-1].text() == ("rivages.yaml is a Rivages scenario (rivages-scenario/1); "
                                          "choose a Rule the Realm scenario (realm-scenario/1).")
    for b in boxes:
        b.close()


def test_open_playtest_explains_a_board_that_cannot_be_played(qtbot, board2):
    board2.seats.popitem()  # two players but one seat
    assert open_playtest(board2, None, None) is None
    boxes = [b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox) and b.isVisible()]
    assert boxes and "1 seats for 2 players" in boxes[-1].text()
    for b in boxes:
        b.close()


def test_open_playtest_names_a_peg_of_an_unknown_colour(qtbot, board2):
    next(iter(board2.pegs.values())).colour = "purple"
    assert open_playtest(board2, None, None) is None
    boxes = [b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox) and b.isVisible()]
    assert boxes and "'purple'" in boxes[-1].text()
    for b in boxes:
        b.close()


def test_a_seat_can_change_hands_during_the_game(qtbot, game2):
    w = _window(qtbot, game2, ["human", "human"], seed=6)
    assert w.session.human_to_move() and not w.step_button.isEnabled()
    w.seat_combos[0].setCurrentIndex(w.seat_combos[0].findData("greedy"))
    qtbot.waitUntil(lambda: w.state.current_player == 1, timeout=10000)
    assert w.session.human_to_move() and w.board_view.clickable
    assert w.seat_panels[1].hand.isVisible() and not w.seat_panels[0].hand.isVisible()


def test_the_human_chooses_between_bands_on_the_same_pegs(qtbot):
    import copy

    from studio.model.io import read_realm

    realm = read_realm(bundled_path("scenarios", "jungle-temples.yaml"), 2)
    scenario = copy.deepcopy(realm.scenario)
    scenario.rules.bands = ("triangle", "long-barrier")
    scenario.rules.start = "anywhere"
    game = load_game((scenario, realm.board), players=2)
    w = _window(qtbot, game, ["human", "random"], seed=3)
    pegs = next(k for k, v in w.session.legal_bands().items() if len(v) == 4)
    for peg in sorted(pegs):
        _click_peg(qtbot, w, peg)
    assert w.shape_combo.isVisible() and w.shape_combo.count() == 4
    assert w.shape_combo.itemText(0).startswith("triangle")
    w.shape_combo.setCurrentIndex(2)
    assert w.shape_combo.itemText(2).startswith("long barrier")
    qtbot.mouseClick(w.place_button, Qt.LeftButton)
    assert w.state.bands[-1][1].kind == "long-barrier"
    assert not w.shape_combo.isVisible()


# -- undo, save and load, replay, the MCTS seat ---------------------------------------------------

def _play_bots(qtbot, w, moves):
    for _ in range(moves):
        w.step()
    qtbot.wait(1)


def test_undo_takes_back_the_last_move_and_the_bots_replay_it_exactly(qtbot, game2):
    w = _window(qtbot, game2, ["greedy", "random"], seed=6)
    w.set_autoplay(False)
    _play_bots(qtbot, w, 12)
    assert len(w.state.history) == 12
    before = w.session.record()
    w.undo()
    assert not w.autoplay  # bots only: undo stops auto-play, else they would replay at once
    assert w.session.record() == dict(before, actions=before["actions"][:11])
    after11 = game2.state_from_dict(dict(before, actions=before["actions"][:11]))
    assert w.state.snapshot() == after11.snapshot()
    assert w.log_view.count() == len(w.state.log)
    # the bots' generator went back too: stepping again plays the very same move
    w.step()
    assert w.session.record() == before
    # a whole game played through undo and redo ends as the headless runner's game
    w.set_autoplay(True)
    with qtbot.waitSignal(w.gameOver, timeout=20000):
        pass
    expected = play_game(game2, [make_bot("greedy"), make_bot("random")], 6)
    assert tuple(w.state.scores()) == expected.scores and len(w.state.history) == expected.actions


def test_undo_with_a_human_goes_back_to_the_humans_turn(qtbot, game2):
    w = _window(qtbot, game2, ["human", "greedy"], seed=2)
    w.set_autoplay(False)
    mine = []
    while w.session.human_to_move():  # the human's whole turn
        action = next(a for a in w.state.legal_actions() if not isinstance(a, ExtraAction))
        w.session.apply(action)
        mine.append(action)
    before_last = game2.new_state(2)
    before_last.apply_all(mine[:-1])
    w.set_autoplay(True)
    qtbot.waitUntil(lambda: w.session.human_to_move() or w.is_game_over(), timeout=10000)
    assert len(w.state.history) > len(mine)  # the bot answered
    assert w.undo()  # the bot's replies and the human's last move go
    assert w.state.history == mine[:-1] and w.state.snapshot() == before_last.snapshot()
    assert w.session.human_to_move() and w.log_view.count() == len(w.state.log)
    while w.state.history:
        assert w.undo()
    assert w.state.snapshot() == game2.new_state(2).snapshot()
    assert not w.undo_action.isEnabled() and not w.undo()


def test_save_game_adds_its_extension_and_dialogs_remember_the_folder(qtbot, game2, tmp_path, dialogs):
    w = _window(qtbot, game2, ["random", "greedy"], seed=9)
    w.set_autoplay(False)
    _play_bots(qtbot, w, 3)
    (tmp_path / "games").mkdir()
    dialogs.answer("ask_game_path", str(tmp_path / "games" / "mine"))
    assert w.save_game()
    assert (tmp_path / "games" / "mine.game.json").is_file() and not (tmp_path / "games" / "mine").exists()
    dialogs.answer("ask_game_path", str(tmp_path / "games" / "other.json"))   # a .json name is kept
    assert w.save_game()
    assert (tmp_path / "games" / "other.json").is_file()
    # the next dialogs start in that folder
    assert Path(dialogs.named("ask_game_path")[1][0]).parent == (tmp_path / "games").resolve()
    dialogs.answer("ask_game_path", str(tmp_path / "games" / "mine.game.json"))
    assert w.open_replay()
    assert dialogs.named("ask_game_path")[2][0] == str((tmp_path / "games").resolve())
    # a folder is refused with a message, nothing written beside it
    dialogs.answer("ask_game_path", str(tmp_path / "games"))
    dialogs.answer("show_error")
    assert not w.save_game()
    assert "is a folder" in dialogs.named("show_error")[0][1]


def test_save_and_open_a_game_round_trip(qtbot, game2, tmp_path, dialogs):
    w = _window(qtbot, game2, ["random", "greedy"], seed=9)
    w.set_autoplay(False)
    _play_bots(qtbot, w, 15)
    path = tmp_path / "g.game.json"
    dialogs.answer("ask_game_path", str(path))
    assert w.save_game()
    data = json.loads(path.read_text())
    assert data["format"] == "studio-game/1" and data["controllers"] == ["random", "greedy"]
    assert data["record"] == w.session.record()
    saved = w.state.snapshot()
    w.new_game()
    assert w.state.history == []
    assert w.open_game()
    assert w.state.snapshot() == saved and w.session.record() == data["record"]
    assert w.log_view.count() == len(w.state.log)
    # a loaded game goes on the same way each time
    w.step()
    once = w.session.record()
    assert w.open_game(str(path))
    w.step()
    assert w.session.record() == once


def test_bad_game_files_are_refused_with_the_place_of_the_problem(qtbot, game2, tmp_path, dialogs):
    w = _window(qtbot, game2, ["human", "greedy"], seed=1)
    dialogs.answer("show_error")
    bad = tmp_path / "bad.game.json"
    bad.write_text('{"format": "studio-game/1",\n "record": {"game": "realm", "players": "two", "seed": 0, "actions": []}}\n')
    assert not w.open_game(str(bad))
    title, text = dialogs.named("show_error")[-1][:2]
    assert title == "Open Game" and "bad.game.json:2:" in text and "players" in text
    other = tmp_path / "3p.game.json"
    other.write_text(json.dumps({"format": "studio-game/1",
                                 "record": {"game": "realm", "players": 3, "seed": 0, "actions": []}}))
    assert not w.open_game(str(other))
    assert "record is for 3 players" in dialogs.named("show_error")[-1][1]
    illegal = tmp_path / "illegal.game.json"
    illegal.write_text(json.dumps({"format": "studio-game/1", "record": {
        "game": "realm", "players": 2, "seed": 0, "actions": [{"type": "extra"}]}}))
    assert not w.replaying and not w.open_replay(str(illegal))
    assert "action 1 of the record is illegal" in dialogs.named("show_error")[-1][1]
    assert w.state.history == []  # the game in the window is untouched


def test_a_content_file_opened_as_a_game_says_what_it_is(qtbot, game2, dialogs):
    # QA: Open Game / Replay on a board raised KeyError 'record' (traceback, no message)
    w = _window(qtbot, game2, ["human", "greedy"], seed=1)
    dialogs.answer("show_error")
    board = bundled_path("boards", "realm", "volcano-3p.yaml")
    assert not w.open_game(str(board))
    title, text, details = dialogs.named("show_error")[-1]
    assert title == "Open Game"
    assert text == ("volcano-3p.yaml cannot be opened here: this is a realm-board/2 file (Rule the Realm "
                    "board), not a saved game (studio-game/1); Save Game in a playtest window writes one.")
    assert details.startswith(f"{board}:2:9: error content/wrong-kind:")  # format: is on line 2, after the schema line
    assert not w.open_replay(str(bundled_path("boards", "rivages", "cards.yaml")))
    title, text, _ = dialogs.named("show_error")[-1]
    assert title == "Replay" and "this is a rivages-cards/1 file (Rivages cards), not a saved game" in text
    assert not w.replaying and w.state.history == []


@pytest.mark.parametrize("players", [2, 4])
def test_every_command_is_on_screen_at_1360_pixels(qtbot, players):
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), players, 0)
    w = PlaytestWindow(game, seed=1, controllers=["human", "mcts:400", "greedy", "random"][:players],
                       delay_ms=0, autoplay=False)
    qtbot.addWidget(w)
    w.resize(1360, 760)
    w.show()
    qtbot.waitExposed(w)
    QApplication.processEvents()
    for bar in (w.setup_bar, w.commands_bar):
        for action in bar.actions():
            widget = bar.widgetForAction(action)
            if widget is not None and not action.isSeparator():
                assert widget.isVisible(), (bar.windowTitle(), action.text() or widget)
                box = widget.geometry()
                assert bar.rect().contains(box), (action.text() or widget, box, bar.rect())


def test_replay_steps_through_a_saved_game(qtbot, game2, tmp_path):
    w = _window(qtbot, game2, ["greedy", "random"], seed=4)
    with qtbot.waitSignal(w.gameOver, timeout=20000):
        pass
    record = w.session.record()
    final = w.state.snapshot()
    path = tmp_path / "done.game.json"
    assert w.save_game(str(path))
    n = len(record["actions"])
    assert w.open_replay(str(path))
    assert w.replaying and w.replay_bar.isVisible() and w.replay_index() == 0
    assert w.state.snapshot() == game2.new_state(4).snapshot()
    assert not w.replay_buttons["prev"].isEnabled() and w.replay_buttons["next"].isEnabled()
    assert not w.session.bot_to_move() and not w.step_button.isEnabled() and not w.undo_action.isEnabled()
    def places():
        buttons = [*w.replay_buttons.values(), w.replay_slider, w.play_from_here_button]
        return [b.mapTo(w, b.rect().topLeft()) for b in buttons]

    QApplication.processEvents()
    before = places()
    for k in (1, 2, 3, 4, 5, 6):
        qtbot.mouseClick(w.replay_buttons["next"], Qt.LeftButton)
        expect = game2.state_from_dict(dict(record, actions=record["actions"][:k]))
        assert w.replay_index() == k and w.state.snapshot() == expect.snapshot()
        assert w.replay_label.full_text().startswith(f"move {k} of {n}")
        QApplication.processEvents()
        assert places() == before          # stepping never moves the buttons under the pointer
    qtbot.mouseClick(w.replay_buttons["prev"], Qt.LeftButton)
    qtbot.mouseClick(w.replay_buttons["prev"], Qt.LeftButton)
    qtbot.mouseClick(w.replay_buttons["prev"], Qt.LeftButton)
    qtbot.mouseClick(w.replay_buttons["prev"], Qt.LeftButton)
    assert w.replay_index() == 2
    w.replay_slider.setValue(37)
    assert w.state.snapshot() == game2.state_from_dict(dict(record, actions=record["actions"][:37])).snapshot()
    qtbot.mouseClick(w.replay_buttons["last"], Qt.LeftButton)
    assert w.replay_index() == n and w.state.snapshot() == final and w.state.is_terminal()
    w.replay_to(20)  # back from the end through the cached positions
    assert w.state.snapshot() == game2.state_from_dict(dict(record, actions=record["actions"][:20])).snapshot()
    qtbot.mouseClick(w.replay_buttons["first"], Qt.LeftButton)
    assert w.replay_index() == 0
    # play on from a position: the later moves are dropped, the bots take over
    w.set_autoplay(False)
    w.replay_to(10)
    w.play_from_here()
    assert not w.replaying and not w.replay_bar.isVisible()
    assert w.session.record() == dict(record, actions=record["actions"][:10])
    assert w.session.bot_to_move() and w.step_button.isEnabled()


def test_an_mcts_seat_thinks_off_the_gui_thread_and_plays(qtbot, game2):
    assert CONTROLLER_NAMES["mcts"] == "MCTS bot"
    w = _window(qtbot, game2, ["mcts", "greedy"], seed=3)
    w.set_autoplay(False)
    assert [w.seat_combos[0].itemData(i) for i in range(w.seat_combos[0].count())] == \
        ["human", "random", "greedy", "mcts", None, "bot-settings"]  # None: the separator
    expected = PlaySession(game2, ["mcts", "greedy"], 3)
    want = expected.step_bot()
    with qtbot.waitSignal(w.stateChanged, timeout=60000):
        w.step()
        assert w.is_thinking() and not w.step_button.isEnabled()
    assert not w.is_thinking()
    assert w.state.history == [want]  # the same move as deciding in the GUI thread
    assert w.session.rng.getstate() == expected.rng.getstate()
    # undo while it thinks: the decision is dropped
    w.step()
    assert w.is_thinking()
    w.undo()
    assert not w.is_thinking() and w.state.history == []
    w.wait_for_bots()
    qtbot.wait(20)
    assert w.state.history == []
