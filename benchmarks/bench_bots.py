"""The bot ladder: who beats whom, measured.

``python benchmarks/bench_bots.py [--games 200] [--jobs N] [--mcts mcts] [--only realm|rivages] [--seed 0]``

For Jungle Temples (2 players) and Rivages (2 players), plays greedy against random and MCTS
against greedy: ``--games`` games per pair in two seat-swapped halves (the first bot in seat 1
for the first half, in seat 2 for the second; both halves use the same deals). Prints the first
bot's win rate with its 95% Wilson interval (a win shared by two seats counts one half), its
rate from each seat, its mean score margin, and the MCTS bot's mean time per decision (measured
on a few extra games in this process, decisions with a single legal action excluded).

A figure to print, not a test: nothing is asserted (DESIGN.md, "Tests").
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
from studio.playtest.runner import game_seed, iter_batch  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402
from studio.playtest.stats import wilson  # noqa: E402

SCENARIOS = {"realm": ("Jungle Temples", "jungle-temples.yaml"), "rivages": ("Rivages", "rivages.yaml")}


def half(setup, first: str, second: str, games: int, seed: int, jobs: int, first_seat: int) -> tuple[float, list]:
    """Wins of bot ``first`` and its margins over ``games`` games with it in ``first_seat``."""
    names = [second, second]
    names[first_seat] = first
    wins, margins = 0.0, []
    for r in iter_batch(setup, None, games, seed, names, jobs=jobs):
        if first_seat in r.winners:
            wins += 1.0 / len(r.winners)
        margins.append(r.scores[first_seat] - r.scores[1 - first_seat])
    return wins, margins


def decision_time(setup, bot_name: str, other: str, games: int, seed: int) -> tuple[float, int]:
    """Mean seconds per decision of ``bot_name`` (seat 1) over ``games`` games in this process."""
    game = setup.game()
    times = []
    for i in range(games):
        s = game_seed(seed + 1, i)
        state = game.new_state(s)
        rng = random.Random(s)
        bots = [make_bot(bot_name), make_bot(other)]
        while not state.is_terminal():
            seat = state.current_player
            legal = state.legal_actions()
            obs = state.observation(seat)
            t = time.perf_counter()
            action = bots[seat].act(game, obs, legal, rng)
            if seat == 0 and len(legal) > 1:
                times.append(time.perf_counter() - t)
            state.apply(action)
    return (statistics.fmean(times) if times else 0.0), len(times)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="The bot ladder: greedy vs random and MCTS vs greedy.")
    p.add_argument("--games", type=int, default=200, help="games per pair, split in two seat-swapped halves")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (0: one per CPU)")
    p.add_argument("--mcts", default="mcts", help="the MCTS bot's name and budget (default mcts: 200 iterations)")
    p.add_argument("--only", choices=sorted(SCENARIOS), help="one game only")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--timing-games", type=int, default=3, help="games to time MCTS decisions on (0: skip)")
    args = p.parse_args(argv)
    make_bot(args.mcts)  # a bad name fails here

    pairs = [("greedy", "random"), (args.mcts, "greedy")]
    keys = [args.only] if args.only else list(SCENARIOS)
    print(f"{args.games} games per pair in seat-swapped halves; seed {args.seed}; jobs {args.jobs}\n")
    head = (f"{'game':<19} {'pair':<22} {'games':>5} {'win rate':>8} {'95% interval':>15} "
            f"{'as seat 1':>9} {'as seat 2':>9} {'margin':>7} {'wall s':>7}")
    print(head)
    print("-" * len(head))
    notes = []
    for key in keys:
        title, file = SCENARIOS[key]
        setup = load_setup(ROOT / "scenarios" / file, 2)
        for first, second in pairs:
            n1 = args.games // 2
            n2 = args.games - n1
            started = time.perf_counter()
            w1, m1 = half(setup, first, second, n1, args.seed, args.jobs, 0)
            w2, m2 = half(setup, first, second, n2, args.seed, args.jobs, 1)
            wall = time.perf_counter() - started
            wins = w1 + w2
            low, high = wilson(wins, args.games)
            margin = statistics.fmean(m1 + m2)
            print(f"{title + ', 2p':<19} {first + ' vs ' + second:<22} {args.games:>5} {100 * wins / args.games:>7.1f}% "
                  f"{100 * low:>6.1f}%-{100 * high:>5.1f}% {100 * w1 / n1:>8.1f}% {100 * w2 / n2:>8.1f}% "
                  f"{margin:>+7.2f} {wall:>7.0f}", flush=True)
            if first.startswith("mcts") and args.timing_games:
                mean, count = decision_time(setup, first, second, args.timing_games, args.seed)
                notes.append(f"{title}: {first} takes {mean:.3f} s per decision on average "
                             f"({count} decisions in {args.timing_games} games, this machine)")
    print()
    for note in notes:
        print(note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
