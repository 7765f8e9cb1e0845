"""Balance runs on one island, headless: the trial deal (every explorer starts on a copy of the
island), what a state took on it per visit (spaces, bridges), and the per-island statistics on
synthetic games with known answers."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from studio.model.rivages import Island, read_as
from studio.playtest import GameResult, run_batch
from studio.playtest.elements import Element, IslandTally, catalogue, island_stats, taken
from studio.playtest.island_trial import IslandTrialSetup, TrialGame, island_setup
from studio.playtest.setup import SetupError

ROOT = Path(__file__).resolve().parents[1]
GULL = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"


@pytest.fixture(scope="module")
def gull():
    return read_as(GULL, Island)


# -- the trial setup ------------------------------------------------------------------------------

@pytest.mark.rule("RIV-S1")
@pytest.mark.parametrize("players", [1, 2, 4, 5])
def test_every_explorer_starts_on_a_copy_of_the_island(gull, players):
    setup = island_setup(gull, players)
    assert isinstance(setup, IslandTrialSetup) and setup.players == players
    assert setup.name.endswith("with Gull Rock") and setup.id.endswith("-gull-rock")
    assert Path(setup.path).name == ("rivages-solo.yaml" if players == 1 else "rivages.yaml")
    game = setup.game()
    assert isinstance(game, TrialGame)
    ids = [m.id for m in game.maps]
    assert ids[:players] == ["gull-rock"] * players
    assert ids.count("gull-rock") == players          # the bundled Gull Rock is replaced, not kept
    assert len(ids) == 24 + players                   # the 24 other bundled islands
    for seed in range(5):
        state = game.new_state(seed)
        assert [p.island for p in state.players_state] == list(range(players))
        # the pile: every other island once, no copy
        assert sorted(state.pile) == list(range(players, len(ids)))
        assert [p.island for p in state.round_start] == list(range(players))
        assert all(len(p.goal_done) == len(game.maps[p.island].goals) for p in state.players_state)


def test_the_deal_is_kept_for_the_rest(gull):
    """Trees, hands and the loot bag are those of the plain deal; the islands the deal gave the
    seats go to the bottom of the pile, in order."""
    from studio.rules.rivages.game import RivagesGame

    setup = island_setup(gull, 3)
    trial = setup.game().new_state(7)
    plain = RivagesGame(setup.content, 3, 7).new_state(7)
    assert [p.tree for p in trial.players_state] == [p.tree for p in plain.players_state]
    assert [p.hand for p in trial.players_state] == [p.hand for p in plain.players_state]
    assert trial.bag == plain.bag and trial.deck == plain.deck
    dealt = [p.island for p in plain.players_state if p.island >= 3]
    assert trial.pile == dealt + [i for i in plain.pile if i >= 3]


def test_the_island_is_copied_and_bad_counts_refused(gull):
    import copy

    mine = copy.deepcopy(gull)
    setup = island_setup(mine, 2)
    mine.name = "changed after"
    assert setup.content.islands[0].name == "Gull Rock"
    with pytest.raises(SetupError, match="1 to 5 players, got 6"):
        island_setup(gull, 6)


def test_a_trial_batch_is_reproducible_and_parallel_runs_agree(gull):
    setup = island_setup(gull, 2)
    serial = run_batch(setup, None, 4, seed=3, bot_names="random")
    again = run_batch(island_setup(gull, 2), None, 4, seed=3, bot_names="random")
    assert [r.to_dict() for r in serial] == [r.to_dict() for r in again]
    pooled = run_batch(setup, None, 4, seed=3, bot_names="random", jobs=2)
    assert [r.to_dict() for r in pooled] == [r.to_dict() for r in serial]
    for r in serial:
        assert sum(1 for k, _ in r.elements if k == "island gull-rock") >= 2   # each seat's first visit
        assert all(c[1] != "gull-rock" or c[4] >= 1 for c in r.completions)
        assert GameResult.from_dict(r.to_dict()) == r


# -- what a state took ----------------------------------------------------------------------------

def test_taken_lists_spaces_and_used_bridges_per_visit(gull):
    game = island_setup(gull, 2).game()
    state = game.new_state(0)
    m = game.maps[0]
    idx = m.index
    a, b = idx[(1, -2)], idx[(1, 0)]              # the bridge's ends
    p0, p1 = state.players_state
    p0.crossed = 1 << a | 1 << b | 1 << idx[(0, -3)]
    p1.crossed = 1 << a | 1 << b                  # both ends, but no cross went over the bridge
    p1.past = [(1, 1 << idx[(4, -4)])]            # an earlier visit on the other copy
    p1.tree_crossed = 0
    p0.tree_crossed = 0
    state.bridges_used = [(0, "gull-rock", (1, -2), (1, 0), 3)]   # as the engine records it (RIV-T8)
    got = [(k, s) for k, s in taken(state) if " gull-rock" in k]
    assert got == [
        ("island gull-rock", 0), ("space gull-rock 0,-3", 0), ("space gull-rock 1,-2", 0),
        ("space gull-rock 1,0", 0),
        ("island gull-rock", 1), ("space gull-rock 4,-4", 1),
        ("island gull-rock", 1), ("space gull-rock 1,-2", 1), ("space gull-rock 1,0", 1),
        ("bridge gull-rock 1,-2-1,0", 0),
    ]


@pytest.mark.rule("RIV-T8")
def test_island_statistics_count_only_the_crosses_that_went_over_a_bridge():
    """Two visits of one island: seat 1 crosses onto the far end over the bridge, seat 2 crosses
    both ends through hex neighbours. Exactly one visit used the bridge."""
    from studio.playtest.runner import result_of
    from studio.rules.rivages import Cross, EndTurn, PlayRow
    from tests.rivages.helpers import cards, place
    from tests.rivages.helpers import game as rivages_game

    g = rivages_game(2, exploration=cards(12, rows=(("any", "any", "any"),)))
    s = g.new_state()
    place(s, 0, "isle0", crossed=[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], hand=["e00", "e01"])
    place(s, 1, "isle0", crossed=[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)], hand=["e02", "e03"])
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (2, 2)))                 # over the bridge from (4, 0)
    s.apply(Cross("any", (3, 1)))
    s.apply(EndTurn())
    s.apply(PlayRow("e02"))
    s.apply(Cross("any", (4, 0)))                 # next to (3, 0)
    s.apply(Cross("any", (2, 2)))                 # next to (3, 1); the round goes on: nobody sails
    stats = island_stats([result_of(s, ["test", "test"])], catalogue(g), "isle0")
    (bridge,) = stats.bridges
    assert stats.visits == 2
    assert (bridge.key, bridge.visits, bridge.rate, bridge.games) == ("bridge isle0 4,0-2,2", 1, 0.5, 1)


def test_the_catalogue_lists_a_copied_island_once_with_its_bridges_and_icons(gull):
    cat = catalogue(island_setup(gull, 3).game())
    mine = [e for e in cat if e.group == "gull-rock"]
    assert Counter(e.kind for e in mine) == {"island": 1, "space": 27, "bridge": 1, "goal": 4}
    assert len({e.key for e in cat}) == len(cat)
    bridge = next(e for e in mine if e.kind == "bridge")
    assert bridge.key == "bridge gull-rock 1,-2-1,0" and bridge.shape == ((1, -2), (1, 0))
    spaces = {e.shape[0]: e.content for e in mine if e.kind == "space"}
    assert spaces[(0, -3)] == "white: loot 1" and spaces[(1, 1)] == "white: scrolls 1"
    assert spaces[(0, -1)] == "white" and spaces[(1, -2)] == "forest"
    assert (2, -1) not in spaces                  # a stronghold is never crossed (RIV-T6)


# -- statistics on synthetic games ------------------------------------------------------------------

CAT = [
    Element("island isle", "island", "Isle", "4 spaces", "isle"),
    Element("space isle 0,0", "space", "Isle 0,0", "ship", "isle", ((0, 0),)),
    Element("space isle 1,0", "space", "Isle 1,0", "white: loot 1", "isle", ((1, 0),)),
    Element("space isle 2,0", "space", "Isle 2,0", "forest", "isle", ((2, 0),)),
    Element("space isle 3,0", "space", "Isle 3,0", "ship", "isle", ((3, 0),)),
    Element("bridge isle 0,0-2,0", "bridge", "Isle bridge", "", "isle", ((0, 0), (2, 0))),
    Element("goal isle quest 1", "goal", "Isle: quest", "quest", "isle"),
    Element("goal isle quest 2", "goal", "Isle: quest 2", "quest", "isle"),
    Element("goal isle mission 1 1", "goal", "Isle: mission 1", "mission 1", "isle"),
    Element("island rock", "island", "Rock", "2 spaces", "rock"),
    Element("space rock 0,0", "space", "Rock 0,0", "ship", "rock", ((0, 0),)),
]


def game(elements, completions=()):
    return GameResult(seed=0, scores=(1, 2), winners=(1,), rounds=6, actions=30, end_reason="done",
                      bands_used=(), seat_names=("A", "B"), bots=("random", "random"),
                      elements=tuple(elements), completions=tuple(completions))


GAMES = [
    # two visits (one per seat); seat 0 crossed three spaces and the bridge, met the quest in round 2
    game([("island isle", 0), ("space isle 0,0", 0), ("space isle 1,0", 0), ("space isle 2,0", 0),
          ("bridge isle 0,0-2,0", 0), ("island isle", 1), ("space isle 0,0", 1), ("island rock", 1)],
         [(0, "isle", "quest", 1, 2), (0, "rock", "quest", 1, 1)]),
    # three visits (seat 1 came back on a copy); the quest twice (rounds 4 and 6), step 2 once (round 9)
    game([("island isle", 0), ("space isle 0,0", 0), ("island isle", 1), ("space isle 0,0", 1),
          ("space isle 2,0", 1), ("island isle", 1), ("space isle 0,0", 1)],
         [(0, "isle", "quest", 1, 4), (1, "isle", "quest", 1, 6), (1, "isle", "quest", 2, 9)]),
    # the island never visited
    game([("island rock", 0), ("space rock 0,0", 0)]),
]


def test_island_statistics_count_visits_crossings_bridges_and_goal_rounds():
    s = island_stats(GAMES, CAT, "isle")
    assert (s.island, s.name, s.games, s.visits, s.games_visited) == ("isle", "Isle", 3, 5, 2)
    spaces = {c.at[0]: (c.visits, c.rate, c.games) for c in s.spaces}
    assert spaces == {(0, 0): (5, 1.0, 2), (1, 0): (1, 0.2, 1), (2, 0): (2, 0.4, 2), (3, 0): (0, 0.0, 0)}
    assert [c.at[0] for c in s.never_crossed] == [(3, 0)]
    assert [c.at[0] for c in s.loot_spaces] == [(1, 0)]
    assert s.space_rates() == {(0, 0): 1.0, (1, 0): 0.2, (2, 0): 0.4, (3, 0): 0.0}
    (bridge,) = s.bridges
    assert (bridge.visits, bridge.rate, bridge.games, bridge.at) == (1, 0.2, 1, ((0, 0), (2, 0)))
    goals = {c.key: (c.visits, c.rate, c.games, c.mean_round) for c in s.goals}
    assert goals == {"goal isle quest 1": (3, 0.6, 2, 4.0),
                     "goal isle quest 2": (1, 0.2, 1, 9.0),
                     "goal isle mission 1 1": (0, 0.0, 0, None)}
    data = s.to_dict()
    assert data["never_crossed"] == [[3, 0]] and data["loot_spaces"] == [[1, 0]]
    assert data["goals"][0] == {"key": "goal isle quest 1", "kind": "goal", "label": "Isle: quest",
                                "content": "quest", "at": [], "visits": 3, "rate": 0.6, "games": 2,
                                "mean_round": 4.0}


def test_island_tally_before_any_game_and_unknown_islands():
    tally = IslandTally(CAT, "rock")
    s = tally.stats()
    assert (s.games, s.visits) == (0, 0) and [c.rate for c in s.spaces] == [0.0]
    for r in GAMES:
        tally.add(r)
    s = tally.stats()
    assert (s.visits, s.games_visited, s.spaces[0].visits) == (2, 2, 1)
    assert s.goals == [] and s.bridges == []
    with pytest.raises(ValueError, match="no island 'nowhere'"):
        IslandTally(CAT, "nowhere")


def test_completions_survive_the_result_files():
    r = GAMES[1]
    data = r.to_dict()
    assert data["completions"] == [[0, "isle", "quest", 1, 4], [1, "isle", "quest", 1, 6], [1, "isle", "quest", 2, 9]]
    assert GameResult.from_dict(data) == r
    assert "completions" not in GAMES[2].to_dict()


def test_the_html_report_has_the_island_section():
    from studio.playtest.report import html_report, island_html
    from studio.playtest.stats import summarize

    s = island_stats(GAMES, CAT, "isle")
    part = island_html(s)
    assert "<h2>Island: Isle</h2>" in part and "5 visits in 3 games (visited in 2)" in part
    assert part.count("<polygon") == 4 and part.count('stroke="#c62828"') == 1    # never crossed: 3,0
    assert "<td>Isle: quest 2</td><td class=\"n\">1</td><td class=\"n\">20%</td><td class=\"n\">1</td><td>9.0</td>" in part
    assert "<td>Isle: mission 1</td><td class=\"n\">0</td><td class=\"n\">0%</td><td class=\"n\">0</td><td>never met</td>" in part
    assert "1 of 4 spaces: 3,0 (ship)" in part
    assert "<h3>Loot spaces</h3>" in part and "white: loot 1" in part
    page = html_report(summarize(GAMES, CAT), "t", {}, CAT, s)
    assert part in page and "Bridges used (a cross went over them)" in page
