"""Location events (studio.rules.events): each mechanic records exactly what it did, on small
set-up positions; recording never changes play (goldens replayed with it on) and previews,
trial scorings and clones record nothing."""

import json
from pathlib import Path

import pytest

from studio.model.realm import Segment
from studio.playtest.mechanics import measure_game, places_of
from studio.rules import load_game
from studio.rules.events import Event, record_events
from tests.rules.realm_helpers import give, seg, small_board
from tests.rules.test_jungle_temples import jungle, line
from tests.rules.test_realm_locations import (
    ARCHIPELAGO,
    ENGRAVED,
    LABYRINTH,
    RUINS,
    VOLCANO,
    archipelago_board,
    draws,
    engraved_board,
    labyrinth_board,
    put,
    state_of,
    volcano_board,
)

ROOT = Path(__file__).resolve().parent.parent.parent


def kinds(events, *wanted):
    return [(e.kind, e.seat, e.round, e.data) for e in events if not wanted or e.kind in wanted]


@pytest.mark.rule("L1-2")
def test_far_edge_events_give_rank_bonus_and_round():
    s = jungle(small_board(rows=3, columns=3, players=3))
    events = record_events(s)
    for seat in range(3):
        give(s, seat, red=10)
    line(s, "c1", "b1")
    line(s, "b1", "a1")
    line(s, "a2", "b2")
    line(s, "b2", "c2")
    assert kinds(events) == [("far-edge", 0, 1, {"rank": 1, "bonus": 8}), ("far-edge", 1, 1, {"rank": 2, "bonus": 6})]
    m = measure_game(s, events)
    assert m[0]["far_edge"] == 1 and m[0]["far_edge_round"] == [1] and m[0]["far_edge_bonus"] == 8
    assert m[2] == {"far_edge": 0, "far_edge_round": [], "far_edge_bonus": 0}


@pytest.mark.rule("L2-3", "L2-4")
def test_escape_events_say_who_escaped_with_what_and_trial_scorings_record_nothing():
    s = state_of(volcano_board(), **dict(VOLCANO, end={"rounds": 1}))
    events = record_events(s)
    s.energy = [9, 4]
    s.supply -= 13
    s.projected_scores()            # a trial of the final scoring: no event
    assert events == []
    draws(s, 4)
    assert s.is_terminal()
    assert kinds(events) == [("escape", 0, 1, {"energy": 9, "need": 7}), ("no-escape", 1, 1, {"energy": 4, "need": 7})]
    m = measure_game(s, events)
    assert m == ({"escaped": 1, "escape_energy": 9, "escape_failed_energy": []},
                 {"escaped": 0, "escape_energy": 4, "escape_failed_energy": [4]})


@pytest.mark.rule("L3-2")
def test_a_bridge_event_comes_with_the_first_crossing_only():
    s = state_of(archipelago_board(), **ARCHIPELAGO)
    events = record_events(s)
    give(s, 0, red=8)
    put(s, "e1", "d1")
    put(s, "d1", "b1")
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "b1", "d1")              # again: no energy, no event
    assert kinds(events) == [("bridge", 0, 1, {"line": "b1-d1", "energy": 2})]
    assert measure_game(s, events)[0] == {"bridges": 1, "bridge_energy": 2}


@pytest.mark.rule("L4-2", "L4-6", "L4-3")
def test_picture_and_empty_segment_events():
    s = state_of(engraved_board(), start="anywhere", connect=False,
                 **{k: v for k, v in ENGRAVED.items() if k != "start"})
    events = record_events(s)
    give(s, 0, red=8)
    put(s, "a1", "a2", "b2", "b1")  # 2 fish segments
    put(s, "b3", "b4", "a4")        # an empty segment: -3 from 2 VP
    give(s, 1, red=8)
    put(s, "a2", "a3", "b3", "b2")  # completes the fish, majority tied 2-2
    assert kinds(events) == [
        ("empty-segments", 0, 1, {"count": 1, "loss": 2}),          # floored at 0: only 2 of 3 lost
        ("picture", 1, 1, {"name": "fish", "size": 4, "leaders": [0, 1], "bonus": 1})]
    m = measure_game(s, events)
    assert (m[0]["pictures"], m[0]["picture_majorities"], m[0]["picture_bonus"], m[0]["empty_loss"]) == (0, 1, 1, 2)
    assert (m[1]["pictures"], m[1]["picture_majorities"], m[1]["picture_bonus"], m[1]["empty_segments"]) == (1, 1, 1, 0)


@pytest.mark.rule("L5-4", "L5-5")
def test_site_events_give_the_size_and_the_bonus():
    contents = {seg("b1", "c1", "c2"): (1, 0), seg("b1", "b2", "c2"): (1, 0), seg("b2", "c2", "c3"): (1, 1),
                seg("b2", "b3", "c3"): (1, 0), seg("b3", "c3", "c4"): (1, 0), seg("b3", "b4", "c4"): (2, 0)}
    s = state_of(small_board(rows=4, columns=5, contents=contents), connect=False, **RUINS)
    events = record_events(s)
    give(s, 0, red=8)
    put(s, "b1", "b2", "b3", shape="long-barrier")
    put(s, "b3", "b4", "c4", shape="long-barrier")
    give(s, 1, red=8)
    put(s, "b3", "c3", "c4")
    put(s, "b2", "b3", "c3")
    give(s, 0, red=8)
    put(s, "c4", "c3", "c2", shape="long-barrier")
    put(s, "c2", "c1", "b1", shape="long-barrier")
    # the site: the region's segments nobody explored before (b2-b3-c3 and b3-c3-c4 were)
    site = ["b1-b2-c2", "b1-c1-c2", "b2-c2-c3", "b3-b4-c4"]
    assert kinds(events, "site") == [("site", 0, 2, {"size": 4, "bonus": 4, "segments": site})]
    m = measure_game(s, events)
    assert m[0] == {"sites": 1, "site_size": [4], "site_points": 4, "small_closures": 0}
    assert places_of(events) == tuple(("sites", f"segment {k}") for k in site)


@pytest.mark.rule("L5-4")
def test_a_closure_too_small_is_a_site_of_no_bonus():
    contents = {seg("b1", "c1", "c2"): (1, 0), seg("b1", "b2", "c2"): (1, 0), seg("b2", "c2", "c3"): (1, 0)}
    s = state_of(small_board(rows=4, columns=5, contents=contents), connect=False, **RUINS)
    events = record_events(s)
    give(s, 0, red=8)
    put(s, "b1", "b2", "c3", shape="long-barrier")
    put(s, "c3", "c2", "c1", shape="long-barrier")
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "c1", "b1")
    small = ["b1-b2-c2", "b1-c1-c2", "b2-c2-c3"]
    assert kinds(events) == [("site", 0, 2, {"size": 3, "bonus": 0, "segments": small})]
    assert measure_game(s, events)[0]["small_closures"] == 1
    assert places_of(events) == tuple(("small_closures", f"segment {k}") for k in small)


@pytest.mark.rule("L6-6")
def test_territory_events_at_the_end():
    from tests.rules.test_realm_locations import CURSED, cursed_board

    s = state_of(cursed_board(), **dict(CURSED, end={"rounds": 1}, energy_per_vp=0))
    events = record_events(s)
    s.hands[0] = [10, 0, 0, 0, 0]
    put(s, "a1", "a2", "b1")
    put(s, "d4", "d5", "e5")
    draws(s, 2)
    assert s.is_terminal()
    assert kinds(events) == [("territories", 0, 1, {"count": 2, "points": 8})]


@pytest.mark.rule("L7-4")
def test_idol_events_at_the_end():
    board = small_board(rows=4, columns=5)
    idols = {seg("a1", "a2", "b1"): "orange", seg("a4", "a5", "b4"): "orange",
             seg("c1", "c2", "d1"): "blue", seg("c2", "c3", "d2"): "blue", seg("c4", "c5", "d4"): "blue"}
    board.segments = [Segment(k, 0, 0, v) for k, v in idols.items()]
    s = state_of(board, end={"rounds": 1}, energy_per_vp=0, modules={"idols": {"points": 6}})
    events = record_events(s)
    faces = {k: s.game.topology.face_index[k] for k in idols}
    s.collected = {faces[seg("a1", "a2", "b1")]: 0, faces[seg("c1", "c2", "d1")]: 0, faces[seg("c2", "c3", "d2")]: 0,
                   faces[seg("a4", "a5", "b4")]: 1, faces[seg("c4", "c5", "d4")]: 1}
    draws(s, 4)
    assert kinds(events, "idol-majority") == [
        ("idol-majority", 0, 1, {"colour": "orange", "count": 1, "points": 3, "shared": 2}),
        ("idol-majority", 1, 1, {"colour": "orange", "count": 1, "points": 3, "shared": 2}),
        ("idol-majority", 0, 1, {"colour": "blue", "count": 2, "points": 6, "shared": 1})]
    m = measure_game(s, events)
    assert (m[0]["idols"], m[0]["idol_majorities"], m[0]["idol_points"]) == (3, 2, 9)
    assert (m[1]["idols"], m[1]["idol_majorities"], m[1]["idol_points"]) == (2, 1, 3)


@pytest.mark.rule("L8-6")
def test_self_crossing_events_and_those_forced():
    s = state_of(labyrinth_board(), **LABYRINTH)
    events = record_events(s)
    give(s, 0, red=8)
    s.score[0] = 7
    put(s, "d5", "c5")
    put(s, "c5", "c4")
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "c4", "d4")
    put(s, "d4", "d5")              # onto the tail: -5
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "d5", "c5")              # onto the body: -5, floored: 2 lost
    assert kinds(events, "self-crossing") == [("self-crossing", 0, 2, {"peg": "d5", "loss": 5}),
                                              ("self-crossing", 0, 3, {"peg": "c5", "loss": 2})]
    m = measure_game(s, events, forced_events=[len(events) - 1])
    assert (m[0]["self_crossings"], m[0]["self_cross_loss"], m[0]["self_crossings_forced"]) == (2, 7, 1)
    forced_at = [i for i, e in enumerate(events) if e.kind == "self-crossing"][-1:]
    assert places_of(events, forced_at) == (("self_crossings", "peg d5"), ("self_crossings", "peg c5"),
                                            ("self_crossings_forced", "peg c5"))


@pytest.mark.rule("L8-2")
def test_artifact_event():
    s = state_of(labyrinth_board(), **LABYRINTH)
    events = record_events(s)
    give(s, 0, red=8)
    put(s, "d1", "d2")              # a treasure, no artifact
    put(s, "d2", "d3")              # the sword
    assert kinds(events) == [("artifact", 0, 1, {"artifact": "sword", "line": "d2-d3"})]
    assert measure_game(s, events)[0]["artifacts"] == 1


@pytest.mark.rule("L8-9")
def test_artifact_set_event():
    s = state_of(labyrinth_board(), **dict(LABYRINTH, end={"rounds": 1}, energy_per_vp=0))
    events = record_events(s)
    s.extra["labyrinth"]["artifacts"][0] = ["sword", "helmet", "shield", "sword", "helmet"]
    draws(s, 4)
    assert kinds(events) == [("artifact-sets", 0, 1, {"sets": 1, "points": 5})]


def test_previews_and_clones_record_nothing():
    s = state_of(labyrinth_board(), **LABYRINTH)
    events = record_events(s)
    give(s, 0, red=8)
    s.score[0] = 7
    put(s, "d5", "c5")
    put(s, "c5", "c4")
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "c4", "d4")
    crossing = next(a for a in s.legal_actions() if getattr(a, "pegs", ()) == ("d4", "d5"))
    s.preview(crossing)             # played on this state and taken back
    copy = s.clone()
    assert copy.events is None
    copy.apply(crossing)
    assert events == []
    s.apply(crossing)
    assert [e.kind for e in events] == ["self-crossing"]


def test_rivages_events_agree_with_the_engines_own_counts():
    from studio.bots import make_bot

    game = load_game(ROOT / "scenarios" / "rivages.yaml", 3, 0)
    s = game.new_state(4)
    events = record_events(s)
    import random

    rng = random.Random(4)
    bot = make_bot("greedy")
    while not s.is_terminal():
        s.apply(bot.act(game, s.observation(s.current_player), s.legal_actions(), rng))
    for seat, p in enumerate(s.players_state):
        mine = [e for e in events if e.seat == seat]
        assert sum(e.kind == "loot-draw" for e in mine) == p.loot_drawn
        assert sum(e.kind == "tree" for e in mine) == bin(p.tree_crossed).count("1")
        assert sum(e.kind == "sail" for e in mine) == len(p.past)
        assert [e.data["bonus"] for e in mine if e.kind == "great-explorer"] == [s.bonus[seat]]
    goals = [(e.seat, e.data["island"], e.data["goal"], e.data["step"], e.round) for e in events if e.kind == "goal"]
    assert goals == [tuple(c) for c in s.completions]
    m = measure_game(s, events)
    assert [x["islands"] for x in m] == [p.islands_visited for p in s.players_state]
    assert [x["loot_held"] for x in m] == [len(p.loot) for p in s.players_state]
    assert all(isinstance(e, Event) for e in events)


GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_recording_events_never_changes_play(path):
    data = json.loads(path.read_text())
    record = data["record"]
    game = load_game(ROOT / data["scenario"], record["players"], record["seed"])
    state = game.new_state(int(record["seed"]))
    events = record_events(state)
    for raw in record["actions"]:
        state.apply(game.action_from_dict(raw))
    assert state.scores() == data["scores"] and state.winners() == data["winners"]
    assert state.log == data["log"]
    if "volcano" in path.stem:
        assert sorted(e.kind for e in events) == sorted(["escape"] * len(data["winners"]) + ["no-escape"] * (
            record["players"] - len(data["winners"])))
