"""How a game ended: the engines report a GameEnd (code and figures) and its words come from it."""

from __future__ import annotations

import json
import pickle

import pytest

from studio.model.rivages import RivagesRules
from studio.rules.ends import END_MEANINGS, END_PARAMS, EndCode, GameEnd
from tests.rivages.test_setup_end import play_round, ready
from tests.rules.realm_helpers import game_on, small_board


def test_every_code_has_words_and_its_figures_fill_them():
    figures = {"score": 18, "rounds": 6, "pictures": 2, "limit": 60, "removed": 4}
    texts = {}
    for code in EndCode:
        end = GameEnd.of(code, **{k: figures[k] for k in END_PARAMS.get(code, ())})
        texts[code.value] = end.text
        assert end.meaning == END_MEANINGS[code] and "{" not in end.text
        assert GameEnd.from_dict(json.loads(json.dumps(end.to_dict()))) == end
        assert pickle.loads(pickle.dumps(end)) == end
    assert texts["score"] == "a player reached 18 VP"
    assert texts["round-limit"] == "round limit (60) reached"
    assert texts["cards-removed"] == "4 Exploration cards removed"
    assert GameEnd.of("pictures", pictures=2).param("pictures") == 2


@pytest.mark.parametrize("code, figures, words", [
    ("scor", {}, "unknown end code 'scor' (known: score, rounds"),
    ("score", {}, "end code 'score' takes the figures ['score'], got none"),
    ("all-bands-used", {"rounds": 3}, "end code 'all-bands-used' takes the figures none, got ['rounds']"),
])
def test_a_bad_end_is_refused_saying_what_is_wrong(code, figures, words):
    with pytest.raises(ValueError) as exc:
        GameEnd.of(code, **figures)
    assert str(exc.value).startswith(words)


@pytest.mark.rule("RTR-E1")
def test_a_realm_game_reports_its_end_as_a_code_with_the_words_in_the_log():
    s = game_on(small_board(rows=4, columns=5), 1, end={"rounds": 2}, extra_action_cost=0).new_state(0)
    assert s.end is None and s.end_reason is None
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.end == GameEnd.of(EndCode.ROUNDS, rounds=2) and s.round == 2
    assert s.end_reason == "2 rounds played" and s.log[-1].startswith("game over: 2 rounds played;")
    assert s.clone().end == s.end and s.observation(1)["end"] == s.end


@pytest.mark.rule("RIV-E4")
def test_a_rivages_game_reports_the_round_limit_as_a_code():
    g, s = ready(2, rules=RivagesRules(max_rounds=1))
    play_round(s, ["e00", "e02"])
    assert s.end == GameEnd.of(EndCode.ROUND_LIMIT, limit=1) and s.end_reason == "round limit (1) reached"
    assert s.observation(0)["end"] == s.end and s.clone().end == s.end
