"""The greedy bot heads for distant content instead of stalling (studio.bots.seek, issue 14 item
4): on a long board whose only content lies beyond its horizon it places bands toward it where it
used to draw, and a whole game no longer idles."""

from __future__ import annotations

import random

from studio.bots.base import GreedyBot
from studio.bots.seek import content_distance, head_for_content
from studio.playtest.botcheck import IDLE_TURNS
from studio.playtest.runner import play_game
from studio.rules.realm import Draw, Place
from tests.rules.realm_helpers import game_on, give, seg, small_board

FAR = seg("a17", "a18", "b17")  # 16 lines from a1: beyond the greedy bot's 12-line horizon


def far_board(content=True):
    return small_board(rows=3, columns=18, contents={FAR: (3, 0)} if content else {})


def bot(seek=True):
    b = GreedyBot()
    b.seek = seek
    return b


def band(state, *pegs):
    wanted = Place(tuple(pegs)).pegs
    return next(a for a in state.legal_actions() if isinstance(a, Place) and a.pegs == wanted)


def opening(content=True):
    s = game_on(far_board(content), start="anywhere", connect=True).new_state()
    give(s, 0, red=6)
    s.apply(band(s, "a1", "a2"))
    return s


def pick(state, seek=True):
    return bot(seek).act(state.game, state.observation(0), state.legal_actions(), random.Random(0))


def test_distances_count_board_lines_to_content_nobody_took():
    s = opening()
    dist = content_distance(s, 0)
    assert dist["a17"] == dist["b17"] == 0 and dist["a2"] == 15 and dist["a1"] == 16
    s.collected[s.game.topology.face_keys.index(tuple(sorted(FAR)))] = 1  # taken: nothing is left
    assert content_distance(s, 0) == {}


def test_with_the_only_content_beyond_its_horizon_it_heads_there_instead_of_drawing():
    s = opening()
    assert isinstance(pick(s, seek=False), Draw)  # the stall this fixes: every band costs more than a draw
    move = pick(s)
    assert isinstance(move, Place)
    dist = content_distance(s, 0)
    assert min(dist[p] for p in move.pegs) < 15  # nearer than the seat's pegs are now
    assert len(move.payment) == min(len(a.payment) for a in s.legal_actions() if isinstance(a, Place)
                                    and min(dist[p] for p in a.pegs) == min(dist[p] for p in move.pegs))


def test_with_no_content_left_it_still_draws():
    s = opening(content=False)
    assert isinstance(pick(s), Draw)
    assert head_for_content(bot(), s, 0, s.legal_actions(), bot()._value(s, 0)) is None


def test_a_band_that_gains_something_now_is_left_to_the_bots_own_valuation():
    board = small_board(rows=3, columns=18, contents={FAR: (3, 0), seg("a2", "a3", "b2"): (1, 0)})
    s = game_on(board, start="anywhere", connect=True).new_state()
    give(s, 0, red=6)
    s.apply(band(s, "a1", "a2"))
    assert head_for_content(bot(), s, 0, s.legal_actions(), bot()._value(s, 0)) is None


def test_a_whole_game_on_the_far_board_no_longer_idles():
    from studio.model.realm import Seat

    seats = [Seat("south", ["c1", "c2"], ["a1", "a2"]), Seat("north", ["a1", "a2"], ["c1", "c2"])]
    board = small_board(rows=3, columns=18, contents={FAR: (3, 0)}, seats=seats)
    game = game_on(board, seed=3, start="own-side", connect=True)
    before = play_game(game, [bot(False), bot(False)], 3)
    after = play_game(game, [bot(), bot()], 3)
    assert max(before.idle_turns) >= IDLE_TURNS  # the old greedy bot stalls: a bot failure
    assert max(after.idle_turns) < IDLE_TURNS
    far = "segment " + "-".join(sorted(FAR))
    assert far not in dict(before.elements) and far in dict(after.elements)  # the content is reached and taken
    assert sum(after.scores) > sum(before.scores) == 0
