"""The playtest session without a window: undo replays exactly, records load, bot decisions made
elsewhere play the same game, and studio-game/1 files are checked against their schema."""

from __future__ import annotations

import json

import pytest

from studio.content import LoadError, bundled_path
from studio.model.io import InvalidContent
from studio.playtest.session import GAME_FORMAT, PlaySession, game_file_data, read_game_file
from studio.rules import load_game


@pytest.fixture(scope="module")
def game2():
    return load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, 0)


def _steps(session, n):
    for _ in range(n):
        session.step_bot()


def test_undo_restores_the_state_and_the_bots_generator(game2):
    s = PlaySession(game2, ["greedy", "random"], 8)
    _steps(s, 10)
    record, snap = s.record(), s.state.snapshot()
    mover = s.state.current_player
    _steps(s, 1)
    assert s.mover(10) == mover and s.mover(11) is None
    undone = s.undo()
    assert undone is not None and s.record() == record and s.state.snapshot() == snap
    _steps(s, 1)
    again = s.record()
    s.undo()
    _steps(s, 1)
    assert s.record() == again  # the same move each time
    s.goto(0)
    assert s.state.history == [] and s.undo() is None
    assert s.state.snapshot() == game2.new_state(8).snapshot()


def test_a_loaded_record_continues_the_same_way_each_time(game2):
    s = PlaySession(game2, ["greedy", "greedy"], 3)
    _steps(s, 12)
    record = s.record()
    a, b = PlaySession(game2, ["greedy", "greedy"], 0), PlaySession(game2, ["greedy", "greedy"], 0)
    a.load(record)
    b.load(record)
    assert a.seed == 3 and a.state.snapshot() == s.state.snapshot()
    _steps(a, 5)
    _steps(b, 5)
    assert a.record() == b.record()
    with pytest.raises(ValueError, match="record is for 3 players"):
        a.load(dict(record, players=3))


def test_a_decision_made_elsewhere_plays_the_same_game(game2):
    here, there = PlaySession(game2, ["greedy", "random"], 5), PlaySession(game2, ["greedy", "random"], 5)
    for _ in range(8):
        here.step_bot()
        bot, game, obs, legal, rng = there.bot_request()
        there.apply_bot_decision(bot.act(game, obs, legal, rng), rng)
    assert here.record() == there.record() and here.rng.getstate() == there.rng.getstate()


def test_frozen_sessions_have_nobody_to_move(game2):
    s = PlaySession(game2, ["human", "greedy"], 1)
    assert s.human_to_move()
    s.frozen = True
    assert not s.human_to_move() and not s.bot_to_move()


def test_game_files_round_trip_and_bad_ones_are_located(game2, tmp_path):
    s = PlaySession(game2, ["greedy", "random"], 2)
    _steps(s, 6)
    path = tmp_path / "g.game.json"
    path.write_text(json.dumps(game_file_data(s, "Jungle"), indent=1))
    data = read_game_file(path)
    assert data["format"] == GAME_FORMAT and data["record"] == s.record()
    assert game2.state_from_dict(data["record"]).snapshot() == s.state.snapshot()
    bad = tmp_path / "bad.game.json"
    bad.write_text('{"format": "studio-game/1",\n "controllers": ["robot"],\n "record": {"game": "chess", "players": 2, '
                   '"seed": 0, "actions": []}}')
    with pytest.raises(InvalidContent) as err:
        read_game_file(bad)
    where = sorted((f.line, f.message) for f in err.value.findings)
    assert [line for line, _ in where] == [2, 3] and "robot" in where[0][1] and "chess" in where[1][1]
    with pytest.raises(LoadError):
        read_game_file(tmp_path / "missing.game.json")
    board = tmp_path / "board.yaml"
    board.write_text("# a board\nformat: realm-board/1\n")
    with pytest.raises(InvalidContent) as err:
        read_game_file(board)  # checked before its own schema: it is not a game at all
    [finding] = err.value.findings
    assert (finding.code, finding.line, finding.col) == ("content/wrong-kind", 2, 9)
    assert finding.message.startswith("this is a realm-board/1 file (Rule the Realm board), not a saved game")


def test_a_cut_short_game_file_is_a_json_syntax_error(game2, tmp_path):
    s = PlaySession(game2, ["greedy", "random"], 2)
    _steps(s, 6)
    text = json.dumps(game_file_data(s, "Jungle"), indent=1)
    cut = tmp_path / "cut.game.json"
    cut.write_text(text[: len(text) // 2])
    with pytest.raises(LoadError) as err:
        read_game_file(cut)
    assert err.value.code == "json/syntax" and "YAML" not in err.value.message
    assert err.value.message.startswith("JSON syntax error: the file ends in the middle of the data")
    assert err.value.message.endswith("it may be cut short")
    assert err.value.line == text[: len(text) // 2].count("\n") + 1  # where the file ends
    # a mistake inside a JSON file: JSON's reason at its line and column
    wrong = tmp_path / "wrong.game.json"
    wrong.write_text('{"format": "studio-game/1",\n "record": [1,, 2]}')
    with pytest.raises(LoadError) as err:
        read_game_file(wrong)
    assert (err.value.code, err.value.line, err.value.col) == ("json/syntax", 2, 15)
    assert err.value.message == ("JSON syntax error: a value is missing here (JSON allows no ',' before ']', "
                                 "no comment and no unquoted text)")


def test_a_json_file_cut_inside_a_string_says_so_with_the_strings_position(tmp_path):
    """The trial's truncated balance.json read "unterminated string starting at" and stopped."""
    from studio.content.yamlio import load_document

    cut = tmp_path / "trunc-balance.json"
    cut.write_text('{\n "format": "studio-balance/1",\n "board": {"id": "volc', encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_document(cut)
    m = err.value.message
    assert m == ("JSON syntax error: the file ends in the middle of the data (a quoted text opened at line 3 "
                 "column 18 is never closed): it may be cut short"), m
    assert (err.value.code, err.value.line, err.value.col) == ("json/syntax", 3, 18)
