"""Golden playthroughs: replaying each recorded game gives exactly the recorded result."""

import json
from pathlib import Path

import pytest

from studio.rules import load_game

ROOT = Path(__file__).resolve().parent.parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_replay_matches_the_golden_record(path):
    data = json.loads(path.read_text())
    record = data["record"]
    game = load_game(ROOT / data["scenario"], record["players"], record["seed"])
    state = game.state_from_dict(record)
    assert state.is_terminal()
    assert state.scores() == data["scores"]
    assert state.winners() == data["winners"]
    assert state.end_reason == data["end_reason"]
    assert state.round == data["rounds"]
    assert state.log == data["log"], "the game log changed: a rule change? regenerate with tools/make_golden.py"
    if "private_log" in data:  # Rivages: what each seat alone saw (the Loot it drew)
        assert [[i, seat, line] for i, (seat, line) in sorted(state.private_log.items())] == data["private_log"]
    if "solo" in data:
        assert state.solo_result() == data["solo"]


def test_there_are_golden_games():
    assert len(GOLDEN) >= 3
    assert {json.loads(p.read_text())["record"]["game"] for p in GOLDEN} == {"realm", "rivages"}
