"""The greedy bot plays toward its solo challenge card (RIV-X6): set-up positions where the card
changes the best move, and the progress figures it values."""

import random

import pytest

from studio.bots.rivages import RivagesGreedyBot, ship_distance, ship_progress, solo_aims
from studio.model.rivages import Card, Effect, Goal
from studio.rules.rivages import Cross, PlayRow
from tests.rivages.helpers import game, island, place, step_spaces

BOT = RivagesGreedyBot()
ONE_ROW = [Card(f"e{i:02d}", (("any",), ("any",), ("any",)), 2) for i in range(10)]


def route(id, icons=None):
    """Ships at (0, 0) and (5, 0) joined by four dunes (one area); white spaces at (-1, 1), next to
    the first ship, and (3, -1), next to (2, 0) and (3, 0), off the way; a forest area (2, 1),
    (3, 1), (2, 2) and a lagoon area (4, 1), (3, 2) below, the lagoon next to the second ship.
    No mission; the quest is the first ship."""
    return island({-1: (3, "W"), 0: (0, "S D D D D S"), 1: (-1, "W . . F F L"), 2: (2, "F L")},
                  icons=icons or {}, quest=Goal([step_spaces((0, 0), scrolls=1)]), missions=[], id=id)


def position(challenge, crossed, icons=None, **player):
    """An advanced solo game with ``challenge`` on ``route`` islands (isle0 with ``icons``), the
    player on isle0 with ``crossed`` and the fields ``player``, its one-symbol row (``any``)
    played: ``(game, state, legal actions)``."""
    islands = [route("isle0", icons)] + [route(f"isle{i}") for i in range(1, 8)]
    g = game(1, exploration=ONE_ROW, islands=islands, solo_mode="advanced", challenges=(challenge,))
    s = g.new_state(2)
    p = place(s, 0, "isle0", crossed=crossed, hand=["e00", "e01"])
    for key, value in player.items():
        setattr(p, key, value)
    s.apply(PlayRow("e00"))
    return g, s, s.legal_actions()


def values(g, s, legal):
    return dict(zip(legal, BOT.values(g, s.observation(0), legal, 0.5)))


def choices(g, s, legal, seeds=8):
    return {BOT.act(g, s.observation(0), legal, random.Random(seed)) for seed in range(seeds)}


WAY = [(0, 0), (1, 0), (2, 0), (3, 0)]
ON = Cross("any", (4, 0))    # the way on to the second ship
OFF = Cross("any", (3, -1))  # a dead end, worth the same otherwise
AREAS = WAY + [(2, 1), (3, 1), (4, 1)]  # the forest and the lagoon area one cross short each
FOREST, LAGOON = Cross("any", (2, 2)), Cross("any", (3, 2))


@pytest.mark.rule("RIV-X6", "RIV-I1")
def test_the_navigator_heads_for_the_second_ship():
    g, s, legal = position("roam", WAY)
    v = values(g, s, legal)
    assert v[ON] > v[OFF]
    assert choices(g, s, legal) == {ON}
    # with the scroll card (the target only goes up) the two are worth the same
    g, s, legal = position("study", WAY)
    v = values(g, s, legal)
    assert v[ON] == pytest.approx(v[OFF])


@pytest.mark.rule("RIV-X6", "RIV-I1")
def test_the_navigator_sails_where_two_scrolls_tempt_the_others():
    # one cross from the second ship (5, 0), two scrolls next to the first: without the card the
    # scrolls are worth more than the voyage (the crosses of the island left no longer count)
    way = WAY + [(4, 0)]
    ship, scrolls = Cross("any", (5, 0)), Cross("any", (-1, 1))
    icons = {(-1, 1): Effect(scrolls=2)}
    g, s, legal = position("study", way, icons)
    assert choices(g, s, legal) == {scrolls}
    g, s, legal = position("roam", way, icons)
    assert choices(g, s, legal) == {ship}


@pytest.mark.rule("RIV-X6", "RIV-I6")
def test_the_treasure_hunter_draws_loot_where_the_others_take_scrolls():
    scrolls, loot = Cross("any", (-1, 1)), Cross("any", (3, -1))
    icons = {(-1, 1): Effect(scrolls=2), (3, -1): Effect(loot=1)}
    g, s, legal = position("study", WAY, icons)
    assert choices(g, s, legal) == {scrolls}
    g, s, legal = position("hoard", WAY, icons)
    assert choices(g, s, legal) == {loot}
    g, s, legal = position("hoard", WAY, icons, loot_drawn=6)  # the card met: scrolls again
    assert choices(g, s, legal) == {scrolls}


@pytest.mark.rule("RIV-X6", "RIV-G4")
def test_the_surveyor_completes_an_area_of_a_terrain_still_short():
    terrains = list(position("map", AREAS)[0].terrains)
    for short, best, other in (("lagoon", LAGOON, FOREST), ("forest", FOREST, LAGOON)):
        counts = [2] * len(terrains)
        counts[terrains.index(short)] = 1  # one area of that terrain still to complete
        g, s, legal = position("map", AREAS, areas_by_terrain=counts)
        assert choices(g, s, legal) == {best}, short
        g, s, legal = position("study", AREAS, areas_by_terrain=counts)
        v = values(g, s, legal)
        assert v[best] == pytest.approx(v[other])  # without the card one area is as good as the other


def test_aims_and_ship_progress_figures():
    g, s, _ = position("roam", WAY)
    target = s.solo_target()
    assert solo_aims(s) == (("islands", 5, target / 5),)
    g, s, _ = position("map", WAY)
    assert solo_aims(s) == (("areas", 2, target / (2 * len(g.terrains))),)
    g, s, _ = position("study", WAY)
    assert solo_aims(s) == ()  # the scroll card raises the target: nothing else to aim at
    m = g.maps[s.players_state[0].island]
    first = 1 << m.index[(0, 0)]
    assert ship_distance(m, first) == 5 and ship_progress(m, first) == 0.0
    way = sum(1 << m.index[h] for h in WAY)
    assert ship_distance(m, way) == 2 and ship_progress(m, way) == pytest.approx(0.6)
    both = first | 1 << m.index[(5, 0)]
    assert ship_distance(m, both) == 0
