#!/usr/bin/env python3
"""Rule the Realm engine figures (prints; never a timed test).

* applied actions per second with random bots, ``legal_actions()`` enumerated before every
  action (4-player Jungle Temples), on one core;
* full random games per second for each bundled scenario and player count;
* enclosure detection per band placement on generated lattices of 80, 800 and 8,000 pegs
  (incremental: the cost follows the closed region, not the board);
* ``clone()`` cost.

Run from the project root:  python benchmarks/bench_realm.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.content import bundled_path, load_document  # noqa: E402
from studio.geometry.bands import Topology  # noqa: E402
from studio.geometry.lattice import triangular_lattice  # noqa: E402
from studio.model.io import read_scenario  # noqa: E402
from studio.model.realm import Board, Peg, Seat  # noqa: E402
from studio.rules import load_game  # noqa: E402
from studio.rules.realm.enclosure import Walls, enclosed_side  # noqa: E402


def random_game(game, seed):
    state = game.new_state(seed)
    rng = random.Random(seed)
    actions = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def actions_per_second(scenario, players, seconds):
    """(actions/s, games/s, actions per game) of random games, per second of this process's CPU
    time: the engine is single-threaded, so that is one core, and other work on a shared
    machine does not count against it."""
    game = load_game(scenario, players, seed=1)
    start = time.process_time()
    actions = games = 0
    while time.process_time() - start < seconds:
        actions += random_game(game, games)
        games += 1
    elapsed = time.process_time() - start
    return actions / elapsed, games / elapsed, actions / max(games, 1)


def lattice_board(rows, columns):
    pegs, lines = triangular_lattice(rows, columns)
    return Board(id=f"lattice-{rows}x{columns}", name="generated", players=2,
                 pegs={k: Peg(k, x, y, "red") for k, (x, y) in pegs.items()}, lines=lines,
                 seats={"a": Seat("a"), "b": Seat("b")})


def enclosure_cost(rows, columns, bands=90, seed=5, repeats=40):
    """Mean microseconds of closure detection per triangle band. The same band sequence (random
    triangles inside the standard 8 x 10 corner a1..h10, which every lattice here contains) is
    played on each board, so only the board's size differs."""
    board = lattice_board(rows, columns)
    topo = Topology(board, kinds=("line",))
    corner = {f"{chr(97 + r)}{c + 1}" for r in range(8) for c in range(10)}
    faces = sorted((f for f in topo.faces if f.is_triangle and set(f.pegs) <= corner), key=lambda f: f.key)
    total = 0.0
    closed = 0
    for repeat in range(repeats):
        rng = random.Random(seed + repeat)
        closed += _play_walls(topo, rng.sample(faces, bands))[1]
        start = time.perf_counter()
        _play_walls(topo, random.Random(seed + repeat).sample(faces, bands))
        total += time.perf_counter() - start
    return 1e6 * total / (bands * repeats), len(board.pegs), closed // repeats


def _play_walls(topo, faces):
    walls = Walls()
    closed = 0
    for face in faces:
        for a, b in face.sides:
            line = (a, b) if a <= b else (b, a)
            if walls.add(line):
                closed += len(enclosed_side(topo, walls, line))
    return walls, closed


def clone_cost(scenario, players, plies=60, repeats=2000):
    game = load_game(scenario, players, seed=2)
    state = game.new_state()
    rng = random.Random(2)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    best = float("inf")
    for _ in range(3):  # CPU time, best of three: other jobs on the machine count little
        start = time.process_time()
        for _ in range(repeats):
            state.clone()
        best = min(best, 1e6 * (time.process_time() - start) / repeats)
    return best


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    args = parser.parse_args(argv)
    seconds = 2.0 if args.quick else 6.0
    jungle = bundled_path("scenarios", "jungle-temples.yaml")

    rate, games, length = actions_per_second(jungle, 4, seconds)
    print("Jungle Temples, 4 players, random bots, legal_actions() before every action (per CPU second):")
    print(f"  {rate:,.0f} applied actions/s  ({games:.1f} games/s, {length:.0f} actions/game)")

    print("\nFull random games per CPU second (one core):")
    for path in sorted(bundled_path("scenarios").glob("*.yaml")):
        if load_document(path).format != "realm-scenario/1":  # Rivages: benchmarks/bench_rivages.py
            continue
        scenario = read_scenario(path)
        cells = []
        for players in sorted(scenario.boards):
            _, g, _ = actions_per_second(path, players, seconds / 4)
            cells.append(f"{players}p {g:6.1f}")
        print(f"  {scenario.id:18s} " + "   ".join(cells))

    print("\nEnclosure detection per band (the same 90 random triangle bands of one player):")
    sizes = [(8, 10), (25, 32), (80, 100)]
    base = None
    for rows, cols in sizes:
        micro, pegs, closed = enclosure_cost(rows, cols)
        base = base or micro
        print(f"  {pegs:6,d} pegs: {micro:7.1f} us/band  ({micro / base:4.2f}x the 80-peg cost; "
              f"{closed} segments closed per 90-band sequence)")

    print(f"\nclone() of a 4-player Jungle Temples state after 60 plies: {clone_cost(jungle, 4):.1f} us of CPU")


if __name__ == "__main__":
    main()
