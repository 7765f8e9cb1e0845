"""Rivages engine speed: ``python benchmarks/bench_rivages.py [--players N] [--games G] [--scenario PATH]``.

Plays random games to the end on one core and prints:

- engine: full games per second when the loop is ``legal_actions`` / ``random.choice`` /
  ``apply`` (what a search or a batch of random games costs), with plies per game and the
  cost per decision split into listing the legal actions and applying one;
- bots: the same games driven the way ``studio playtest`` drives them (an observation per
  decision, the random bot), then a few games of the greedy bot;
- clone: the cost of ``state.clone()`` on mid-game states.

A figure to print, not a test: speed is never asserted (DESIGN.md, "Tests").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.bots import make_bot  # noqa: E402
from studio.model.rivages import read_rivages  # noqa: E402
from studio.rules import load_game  # noqa: E402


def engine_games(game, games: int) -> dict:
    plies = 0
    t_legal = t_apply = 0.0
    clock = time.perf_counter
    start = clock()
    for seed in range(games):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            state.apply(rng.choice(legal))
            t2 = clock()
            t_legal += t1 - t0
            t_apply += t2 - t1
            plies += 1
    total = clock() - start
    return {"seconds": total, "plies": plies, "legal": t_legal, "apply": t_apply}


def bot_games(game, games: int, bot: str) -> tuple[float, int]:
    plies = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_state(seed)
        rng = random.Random(seed)
        bots = [make_bot(bot) for _ in range(game.players)]
        while not state.is_terminal():
            seat = state.current_player
            state.apply(bots[seat].act(game, state.observation(seat), state.legal_actions(), rng))
            plies += 1
    return time.perf_counter() - start, plies


def clone_cost(game, samples: int = 300) -> float:
    states = []
    rng = random.Random(1)
    state = game.new_state(1)
    while not state.is_terminal() and len(states) < samples:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    start = time.perf_counter()
    for s in states:
        s.clone()
    return (time.perf_counter() - start) / max(1, len(states))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=5, help="players (1 is solo; default 5)")
    parser.add_argument("--games", type=int, default=300, help="random games to time (default 300)")
    parser.add_argument("--greedy-games", type=int, default=20, help="greedy games to time (default 20)")
    parser.add_argument("--scenario", default=str(ROOT / "scenarios" / "rivages.yaml"))
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    content = read_rivages(args.scenario)
    print(f"load {Path(args.scenario).name}: {(time.perf_counter() - t0) * 1000:.0f} ms (files, schemas, models)")
    t0 = time.perf_counter()
    game = load_game(content, args.players, seed=0)
    print(f"build the game: {(time.perf_counter() - t0) * 1000:.1f} ms")
    engine_games(game, min(20, args.games))  # warm up
    runs = [engine_games(game, args.games) for _ in range(3)]
    best = min(runs, key=lambda r: r["seconds"])
    per_game = best["plies"] / args.games
    print(f"engine, {args.players} players, random play: {args.games / best['seconds']:.0f} games/s "
          f"(best of 3; median {statistics.median(args.games / r['seconds'] for r in runs):.0f}), "
          f"{per_game:.0f} decisions per game")
    print(f"  per decision: {best['seconds'] / best['plies'] * 1e6:.1f} us, of which legal_actions "
          f"{best['legal'] / best['plies'] * 1e6:.1f} us and apply {best['apply'] / best['plies'] * 1e6:.1f} us")
    seconds, plies = bot_games(game, args.games // 3 or 1, "random")
    print(f"random bots with observations: {(args.games // 3 or 1) / seconds:.0f} games/s, "
          f"{seconds / plies * 1e6:.1f} us per decision")
    seconds, plies = bot_games(game, args.greedy_games, "greedy")
    print(f"greedy bots: {args.greedy_games / seconds:.1f} games/s, {seconds / plies * 1e3:.2f} ms per decision")
    print(f"clone: {clone_cost(game) * 1e6:.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
