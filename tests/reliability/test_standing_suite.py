"""Issue 12 item 11 (and item 2): the standing reliability suite, with small seeded counts.

- a mutation fuzzer over every content kind (the bundled boards, scenarios, islands, trees,
  cards, loot), saved games and a playtest report: validation never fails internally, hangs
  or gives a finding without a line; content it accepts loads and plays without a crash;
- saved games (``studio-game/1``), by hypothesis: a record the reader accepts replays or is
  refused with a ValueError, never a TypeError;
- an invariant checker over random and greedy games for the 24 Rule the Realm cases and
  Rivages 1 to 5 players and solo.

``python benchmarks/bench_reliability.py`` runs the same with large counts and prints the
figures."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.reliability.harness import (
    HOSTILE,
    Figures,
    Sandbox,
    check_game,
    check_games,
    fuzz,
    game_cases,
    invariant_violations,
)

CASES = game_cases()


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    return Sandbox(tmp_path_factory.mktemp("reliability"))


def test_the_corpus_holds_every_kind(sandbox):
    formats = set()
    for path in sandbox.files:
        text = sandbox.original[path]
        formats.add(json.loads(text)["format"] if path.suffix == ".json" else
                    next(line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("format:")))
    assert formats == {"realm-board/2", "realm-scenario/1", "rivages-island/1", "rivages-tree/1", "rivages-cards/1",
                       "rivages-loot/1", "rivages-scenario/1", "studio-game/1", "studio-playtest/1",
                       "studio-balance/1"}  # boards/realm/balance: the balance assistant's runs on bundled boards


def test_mutants_of_every_file_never_crash_or_lose_their_line(sandbox):
    files = sandbox.files[::2]  # every other file (seeded); the benchmark tries them all, many times
    figures = fuzz(sandbox, len(files), seed=12, files=files)
    assert figures.problems == []
    assert figures.cases == len(files)


def test_accepted_mutants_load_and_play(sandbox):
    """Value-level mutants of content the engines read: those validation accepts are played."""
    # the balance assistant's runs (boards/realm/balance) are records, not content an engine reads
    content = [p for p in sandbox.files if p.parent.name not in ("games", "reports", "islands", "balance")]
    figures = fuzz(sandbox, 30, seed=3, files=content)
    assert figures.problems == []
    assert figures.engine_runs > 0  # some mutants were accepted and played


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _paths(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, path + (i,))


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(which=st.integers(0, 3), where=st.integers(0, 10 ** 6), value=st.sampled_from(HOSTILE),
       json_value=st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | st.floats(allow_nan=False,
                               allow_infinity=False) | st.text(max_size=4),
                               lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                           max_size=2), max_leaves=5),
       pick=st.booleans(), in_action=st.integers(0, 3))
def test_an_accepted_game_record_replays_or_says_why(sandbox, which, where, value, json_value, pick, in_action):
    """Any value anywhere in a saved game: Open Game either refuses the file with findings
    that have lines, or replays it, or says why it cannot (ValueError); never a TypeError."""
    games = sorted(p for p in sandbox.files if p.parent.name == "games")
    path = games[which]
    data = json.loads(sandbox.original[path])
    paths = [p for p in _paths(data) if p]
    if in_action:  # mostly inside the moves, where the loader's types matter
        paths = [p for p in paths if p[:2] == ("record", "actions") and len(p) >= 4]
    target = paths[where % len(paths)]
    _set(data, target, copy.deepcopy(value if pick else json_value))
    path.write_text(json.dumps(data), encoding="utf-8")
    figures = Figures()
    try:
        check_game(path, f"{path.name} {target}", figures)
    finally:
        sandbox.put_back(path)
    assert figures.problems == []


@pytest.mark.parametrize("case, players", CASES, ids=[f"{sc.stem}-{n}p" for sc, n in CASES])
def test_random_and_greedy_games_keep_every_invariant(case, players):
    """A random game (20 actions) and a greedy game (6 actions), every ply checked. Random
    games to the end are the conformance tests' (tests/rules, tests/rivages); the benchmark
    plays both kinds to the end, many times."""
    figures = check_games([(case, players)], games=1, seed=5, greedy=False, plies=20)
    check_games([(case, players)], games=1, seed=6, greedy=True, plies=6, figures=figures)
    assert figures.problems == []


def test_the_invariant_checker_sees_a_broken_state():
    """The checker is not blind: a card taken out of play, an energy token made, a band lost."""
    from studio.rules import load_game

    sc, n = next(c for c in CASES if c[0].stem == "jungle-temples")
    state = load_game(str(sc), players=n, seed=1).new_state(1)
    assert invariant_violations(state) == []
    state.deck.pop()
    state.supply += 1
    state.bands_left[0] -= 1
    found = invariant_violations(state)
    assert any("cards" in v for v in found) and any("energy" in v for v in found) and any("bands" in v for v in found)
    riv = load_game(str(next(c for c in CASES if c[0].stem == "rivages")[0]), players=2, seed=1).new_state(1)
    assert invariant_violations(riv) == []
    riv.bag.pop()
    assert any("loot" in v for v in invariant_violations(riv))
