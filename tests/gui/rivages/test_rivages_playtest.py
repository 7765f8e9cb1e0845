"""The Rivages playtest window driven like a user would: a human explorer playing a whole solo
game by clicking lit spaces, cards, symbols and tree spaces; bots-only games equal to the headless
runner; undo, save/open and replay; clicks that are not moves refused with the clause."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from studio.bots import make_bot  # noqa: E402
from studio.content import bundled_path  # noqa: E402
from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow, open_rivages_playtest  # noqa: E402
from studio.gui.shell import prompts  # noqa: E402
from studio.playtest import play_game  # noqa: E402
from studio.playtest import rivages_turn as turn  # noqa: E402
from studio.playtest.runner import result_of  # noqa: E402
from studio.playtest.session import read_game_file  # noqa: E402
from studio.rules import load_game  # noqa: E402
from studio.rules.rivages.actions import (  # noqa: E402
    Cross,
    EndTurn,
    Fallback,
    PickArea,
    PickNode,
    PickSpace,
    PlayLoot,
    PlayRow,
    StartAt,
    Use,
)

pytestmark = pytest.mark.gui

SOLO = bundled_path("scenarios", "rivages-solo.yaml")
MULTI = bundled_path("scenarios", "rivages.yaml")


@pytest.fixture(scope="module")
def solo():
    return load_game(SOLO, 1, 0)


@pytest.fixture(scope="module")
def three():
    return load_game(MULTI, 3, 0)


def _window(qtbot, game, controllers, seed=3, autoplay=False):
    w = RivagesPlaytestWindow(game, seed=seed, controllers=controllers, delay_ms=0, autoplay=autoplay)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    return w


def _click_space(qtbot, w, at) -> None:
    qtbot.mouseClick(w.island_view, Qt.LeftButton, pos=w.island_view.space_centre(at).toPoint())


def _play_by_clicks(qtbot, w, action) -> None:
    """Play ``action`` (legal now) the way a user would: on the island, the tree or a control."""
    t = type(action)
    if t in (StartAt, PickSpace, PickArea):
        _click_space(qtbot, w, action.at)
    elif t is Cross:
        button = w.turn_control(f"symbol:{action.symbol}")
        if not button.isChecked():
            qtbot.mouseClick(button, Qt.LeftButton)
        _click_space(qtbot, w, action.at)
    elif t is PlayRow:
        qtbot.mouseClick(w.turn_control(f"play:{action.card}"), Qt.LeftButton)
    elif t is Fallback:
        qtbot.mouseClick(w.turn_control(f"fallback:{action.card or ''}"), Qt.LeftButton)
    elif t is Use:
        qtbot.mouseClick(w.turn_control(f"symbol:{action.symbol}"), Qt.LeftButton)
    elif t is PickNode:
        qtbot.mouseClick(w.tree_view, Qt.LeftButton, pos=w.tree_view.node_centre(action.node).toPoint())
    elif t is PlayLoot:
        qtbot.mouseClick(w.turn_control(f"loot:{action.kind}"), Qt.LeftButton)
    elif t is EndTurn:
        qtbot.mouseClick(w.end_turn_button, Qt.LeftButton)
    else:
        raise AssertionError(f"no click for {action!r}")


def test_a_human_plays_a_whole_solo_game_by_clicking(qtbot, solo):
    w = _window(qtbot, solo, ["human"])
    kinds = set()
    n = 0
    while not w.is_game_over():
        legal = w.session.legal_actions()
        # vary the choices: not always the first action, but always the same game
        action = legal[(n * 7) % len(legal)] if type(legal[0]) is not StartAt else legal[0]
        lit = turn.space_targets(w.state, legal)
        if type(action) in (StartAt, PickSpace, PickArea, Cross):
            assert tuple(action.at) in lit and set(lit) == set(w.island_view.targets) | set(lit)
        before = len(w.state.history)
        _play_by_clicks(qtbot, w, action)
        assert len(w.state.history) == before + 1, (action, w.statusBar().currentMessage())
        assert w.state.history[-1] == action
        kinds.add(type(action).__name__)
        n += 1
    # the same actions replay headless to the same final position
    headless = solo.new_state(3)
    headless.apply_all(list(w.state.history))
    assert headless.snapshot() == w.state.snapshot()
    assert {"StartAt", "PlayRow", "Cross", "EndTurn"} <= kinds
    assert "Game over" in w.statusBar().currentMessage() and "solo explorer" in w.banner.text()


def test_the_lit_spaces_follow_the_chosen_symbol(qtbot, three):
    w = _window(qtbot, three, ["human", "random", "random"])
    legal = w.session.legal_actions()
    _click_space(qtbot, w, legal[0].at)                       # start on a ship
    assert type(w.state.history[-1]) is StartAt
    card = w.game.card_ids[w.state.players_state[0].hand[0]]
    qtbot.mouseClick(w.turn_control(f"play:{card}"), Qt.LeftButton)
    assert w.state.history[-1] == PlayRow(card) and w.state.phase == "row"
    crosses = [a for a in w.session.legal_actions() if type(a) is Cross]
    for symbol in {a.symbol for a in crosses}:
        w.choose_symbol(symbol)
        assert w.island_view.targets == {a.at for a in crosses if a.symbol == symbol}
    w.choose_symbol(None)
    assert w.island_view.targets == {a.at for a in crosses}


def test_clicks_that_are_not_moves_are_refused_with_the_clause(qtbot, three):
    w = _window(qtbot, three, ["human", "random", "random"])
    m = w.state.island_map(0)
    ships = {a.at for a in w.session.legal_actions()}
    land = next(h for h in m.at if h not in ships)
    _click_space(qtbot, w, land)
    assert w.state.history == []
    assert w.statusBar().currentMessage() == f"Not allowed: RIV-S7: {list(land)} is not a ship of your island"
    _click_space(qtbot, w, sorted(ships)[0])
    # a space far from every crossed one, in the row phase
    card = w.game.card_ids[w.state.players_state[0].hand[0]]
    qtbot.mouseClick(w.turn_control(f"play:{card}"), Qt.LeftButton)
    reach = w.state.players_state[0].reach
    far = next(h for i, h in enumerate(m.at) if not reach >> i & 1 and m.kind[i] not in ("stronghold", "ship"))
    n = len(w.state.history)
    _click_space(qtbot, w, far)
    assert len(w.state.history) == n
    assert w.statusBar().currentMessage().startswith("Not allowed: RIV-T")
    # a tree space without a statue
    node = next(iter(w.tree_view.side.nodes))
    assert not w.click_node(node)
    assert "RIV-W1" in w.statusBar().currentMessage()
    # a bot's turn: nothing to click
    qtbot.mouseClick(w.end_turn_button, Qt.LeftButton)
    assert w.state.current_player == 1
    w.show_seat(1)
    _click_space(qtbot, w, w.state.island_map(1).at[0])
    assert "Explorer 2's turn (random bot)" in w.statusBar().currentMessage()


@pytest.mark.parametrize("players,bots", [(1, ["greedy"]), (3, ["greedy", "random", "greedy"])])
def test_bots_only_game_equals_the_headless_runner(qtbot, players, bots):
    game = load_game(SOLO if players == 1 else MULTI, players, 0)
    seed = 11
    expected = play_game(game, [make_bot(b) for b in bots], seed)
    w = _window(qtbot, game, bots, seed=seed, autoplay=True)
    qtbot.waitUntil(w.is_game_over, timeout=120000)
    got = result_of(w.state, bots)
    for field in ("scores", "winners", "rounds", "actions", "end_reason", "seat_stats", "elements", "target"):
        assert getattr(got, field) == getattr(expected, field), field


def test_undo_restores_the_exact_previous_state(qtbot, three):
    w = _window(qtbot, three, ["human", "greedy", "greedy"])
    while w.state.current_player == 0:
        before = w.state.snapshot()
        action = w.session.legal_actions()[0]
        _play_by_clicks(qtbot, w, action)
        after = w.state.snapshot()
        assert w.undo()
        assert w.state.snapshot() == before
        assert w.statusBar().currentMessage() == f"Undid 1 move: {action}"
        _play_by_clicks(qtbot, w, action)
        assert w.state.snapshot() == after
    # with auto-play on, undo also takes back the bots' answers: back to the human's turn
    w.set_autoplay(True)
    qtbot.waitUntil(w.session.human_to_move, timeout=60000)
    history = list(w.state.history)
    assert w.session.mover(len(history) - 1) == 2
    assert w.undo()
    assert w.session.human_to_move() and w.state.history == history[:len(w.state.history)]
    replayed = three.new_state(3)
    replayed.apply_all(w.state.history)
    assert w.state.snapshot() == replayed.snapshot()


def test_save_and_open_round_trip(qtbot, three, tmp_path):
    w = _window(qtbot, three, ["greedy", "random", "human"], seed=5)
    while len(w.state.history) < 40:
        if w.session.human_to_move():
            _play_by_clicks(qtbot, w, w.session.legal_actions()[0])
        else:
            w.step()
    path = tmp_path / "rivages.game.json"
    assert w.save_game(str(path))
    data = read_game_file(path)  # valid studio-game/1
    assert data["islands"] == [m.id for m in three.maps]
    assert data["controllers"] == ["greedy", "random", "human"]
    assert len(data["record"]["actions"]) == 40 and data["record"]["game"] == "rivages"
    other = _window(qtbot, three, ["human", "human", "human"], seed=0)
    assert other.open_game(str(path))
    assert other.state.snapshot() == w.state.snapshot()
    assert other.controllers() == ["greedy", "random", "human"] and other.seed_spin.value() == 5
    assert "Opened a game of 40 moves" in other.statusBar().currentMessage()


def test_a_game_file_that_does_not_fit_is_refused(qtbot, three, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(prompts, "show_error", lambda parent, title, text, details="": shown.append(text))
    bad = tmp_path / "two.game.json"
    bad.write_text(json.dumps({"format": "studio-game/1", "record": {
        "game": "rivages", "players": 2, "seed": 0, "actions": []}}))
    w = _window(qtbot, three, ["human", "random", "random"])
    assert not w.open_game(str(bad))
    assert "record is for 2 players, this game has 3" in shown[-1]
    broken = tmp_path / "broken.game.json"
    broken.write_text('{"format": "studio-game/1", "record": {"game": "rivages"}}')
    assert not w.open_game(str(broken))
    assert "is not a valid game file" in shown[-1]
    # QA: a content file is not a game record (it raised KeyError 'record')
    assert not w.open_replay(str(bundled_path("boards", "rivages", "cards.yaml")))
    assert shown[-1].startswith("cards.yaml cannot be opened here: this is a rivages-cards/1 file")
    assert not w.open_game(str(bundled_path("scenarios", "jungle-temples.yaml")))
    assert "this is a realm-scenario/1 file (Rule the Realm scenario), not a saved game" in shown[-1]


def test_replay_positions_equal_the_replayed_states(qtbot, three):
    w = _window(qtbot, three, ["greedy", "greedy", "random"], seed=2, autoplay=True)
    qtbot.waitUntil(w.is_game_over, timeout=120000)
    record = w.state.to_dict()
    actions = list(w.state.history)
    assert w.start_replay(record, ["greedy", "greedy", "random"])
    assert w.replay_bar.isVisible() and w.replay_index() == 0
    for k in (0, 1, 17, 40, len(actions) // 2, len(actions) - 1, len(actions)):
        w.replay_to(k)
        expected = three.new_state(2)
        expected.apply_all(actions[:k])
        assert w.state.snapshot() == expected.snapshot()
        assert w.replay_slider.value() == k
    w.replay_to(10)
    qtbot.mouseClick(w.replay_buttons["next"], Qt.LeftButton)
    assert w.replay_index() == 11
    _click_space(qtbot, w, w.state.island_map(w.state.current_player).at[0])
    assert w.state.history == actions[:11]                # nothing is played in a replay
    w.play_from_here()
    assert not w.replaying and len(w.state.history) == 11


def test_open_rivages_playtest_says_why_content_cannot_be_played(qtbot, monkeypatch):
    opened = []
    monkeypatch.setattr(QMessageBox, "open", lambda self: opened.append(self.text()))
    assert open_rivages_playtest(MULTI, 7) is None
    assert "Rivages is for 1 to 5 players, got 7" in opened[-1]
    w = open_rivages_playtest(MULTI, 2, delay_ms=0, controllers=["random", "random"])
    qtbot.addWidget(w)
    assert isinstance(w, RivagesPlaytestWindow) and w.windowTitle() == f"Playtest: {w.game.scenario.name}, 2 explorers"


def test_a_rule_the_realm_file_is_not_taken_for_a_rivages_scenario(qtbot, monkeypatch, tmp_path):
    # QA: a realm scenario built a Rule the Realm game and the window crashed (no terrains);
    # a realm board said "expected a realm-scenario/1 file"
    from PySide6.QtCore import QSettings

    from studio.gui.playtest import rivages_playtest as playtest
    from studio.gui.realm.main_window import MainWindow
    from studio.gui.rivages.island_editor import IslandEditorWindow

    opened = []
    monkeypatch.setattr(QMessageBox, "open", lambda self: opened.append(self.text()))
    assert open_rivages_playtest(bundled_path("scenarios", "jungle-temples.yaml"), 2) is None
    assert opened[-1] == ("jungle-temples.yaml is a Rule the Realm scenario (realm-scenario/1); "
                          "choose a Rivages scenario (rivages-scenario/1).")
    assert open_rivages_playtest(bundled_path("boards", "realm", "volcano-2p.yaml"), 2) is None
    assert opened[-1] == ("volcano-2p.yaml is a Rule the Realm board (realm-board/2); "
                          "choose a Rivages scenario (rivages-scenario/1).")
    assert open_rivages_playtest(bundled_path("boards", "rivages", "cards.yaml"), 1) is None
    assert opened[-1].startswith("cards.yaml is a Rivages cards file (rivages-cards/1); choose a Rivages")
    # both editors' menu entries go through the same check
    monkeypatch.setattr(playtest, "ask_rivages_game",
                        lambda parent: (str(bundled_path("scenarios", "jungle-temples.yaml")), 3, 0))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    board_editor = MainWindow(settings=settings)
    qtbot.addWidget(board_editor)
    opened.clear()
    assert board_editor.playtest_rivages() is None
    island_editor = IslandEditorWindow(settings=settings)
    qtbot.addWidget(island_editor)
    assert island_editor.playtest_scenario() is None
    assert len(opened) == 2 and all("is a Rule the Realm scenario (realm-scenario/1)" in t for t in opened)


def test_the_explorer_counts_follow_the_scenarios_players(qtbot, monkeypatch, tmp_path):
    # QA: "Rivages, advanced solo, 4 explorers" opened (the CLI refuses it)
    from studio.gui.playtest.rivages_playtest import RivagesGameDialog

    opened = []
    monkeypatch.setattr(QMessageBox, "open", lambda self: opened.append(self.text()))
    assert open_rivages_playtest(SOLO, 4) is None
    assert opened[-1] == "Rivages, advanced solo is played by 1 explorer only (solo); got 4."
    import shutil

    shutil.copytree(MULTI.parents[1] / "boards" / "rivages", tmp_path / "boards" / "rivages")
    (tmp_path / "scenarios").mkdir()
    three_only = tmp_path / "scenarios" / "three.yaml"
    three_only.write_text(MULTI.read_text().replace("format: rivages-scenario/1",
                                                    "format: rivages-scenario/1\nplayers: [3]", 1))
    assert open_rivages_playtest(three_only, 2) is None
    assert opened[-1] == "Rivages is played by 3 explorers; got 2."
    d = RivagesGameDialog()
    qtbot.addWidget(d)
    offered = lambda: [d.players_combo.itemData(i) for i in range(d.players_combo.count())]  # noqa: E731
    assert offered() == [1, 2, 3, 4, 5] and d.players() == 3
    d.scenario_combo.setCurrentIndex(1)
    d._scenario_chosen(1)  # the bundled solo scenario: one explorer, nothing else to pick
    assert offered() == [1] and d.players() == 1 and d.players_combo.itemText(0) == "1 (solo)"
    assert not d.set_players(4) and d.choice() == (str(SOLO), 1, 0)
    monkeypatch.setattr(prompts, "ask_open_path", lambda *a, **k: str(three_only))
    d._scenario_chosen(2)  # another file: its own counts
    assert offered() == [3] and d.choice()[:2] == (str(three_only), 3)
    d.scenario_combo.setCurrentIndex(0)
    d._scenario_chosen(0)
    assert offered() == [1, 2, 3, 4, 5] and d.players() == 3 and d.set_players(5) and d.players() == 5


def test_editors_open_a_rivages_scenario_in_the_playtest_window(qtbot, monkeypatch, tmp_path):
    from PySide6.QtCore import QSettings

    from studio.gui.playtest import rivages_playtest as playtest
    from studio.gui.realm.main_window import MainWindow
    from studio.gui.rivages.island_editor import IslandEditorWindow

    monkeypatch.setattr(playtest, "ask_rivages_game", lambda parent: (str(SOLO), 1, 4))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    main = MainWindow(settings=settings)
    qtbot.addWidget(main)
    assert main.rivages_playtest_action.text() == "Playtest &Rivages Scenario…"
    w = main.playtest_rivages()  # a child window, deleted when closed
    assert isinstance(w, RivagesPlaytestWindow) and w.game.players == 1 and w.session.seed == 4
    assert w.session.controllers == ["human"]
    w.close()
    monkeypatch.setattr(playtest, "ask_rivages_game", lambda parent: (str(MULTI), 4, 0))
    editor = IslandEditorWindow(settings=settings)
    qtbot.addWidget(editor)
    editor.actions["scenario"].trigger()
    w = editor.play_windows[-1]
    assert isinstance(w, RivagesPlaytestWindow) and w.game.players == 4
    assert w.session.controllers == ["human", "greedy", "greedy", "greedy"]
    w.close()
    monkeypatch.setattr(playtest, "ask_rivages_game", lambda parent: None)
    assert main.playtest_rivages() is None


def test_an_mcts_explorer_thinks_in_a_worker_thread(qtbot, solo):
    w = _window(qtbot, solo, ["mcts"])
    w.step()
    assert w.is_thinking() and "is thinking" in w.statusBar().currentMessage()
    w.wait_for_bots()
    qtbot.waitUntil(lambda: len(w.state.history) == 1, timeout=30000)
    assert not w.is_thinking() and w.state.history[0] in solo.new_state(3).legal_actions()


def test_the_tree_of_wisdom_words_are_legible_at_the_default_window_size(qtbot, three, monkeypatch):
    # they were drawn at the printed sheet's proportions: about 5 px tall in the default window
    from studio.render import tree as tree_render

    w = RivagesPlaytestWindow(three, seed=7, controllers=["greedy"] * 3, delay_ms=0, autoplay=False)
    qtbot.addWidget(w)
    w.show()
    w.resize(1360, 860)   # the window's own default size (it opens fitted to the 800 x 800 offscreen screen)
    qtbot.waitExposed(w)
    qtbot.wait(20)
    drawn = []
    real = tree_render.glyphs.paint_text

    def record(p, centre, text, size, *args, **kwargs):
        drawn.append((text, size * tree_render._device_scale(p)))
        return real(p, centre, text, size, *args, **kwargs)

    monkeypatch.setattr(tree_render.glyphs, "paint_text", record)
    w.tree_view.grab()
    side = w.tree_view.side
    words = [(text, px) for text, px in drawn if not text.isdigit()]  # not an icon's count badge
    assert len(words) == len(side.nodes) >= 8  # every space's words (or "start")
    assert min(px for _text, px in words) >= 11, words
    assert w.tree_view.width() >= 330  # the tree has the width the island, drawn to height, leaves
