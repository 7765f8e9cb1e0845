"""How often the greedy bot stops playing on the bundled boards, with and without heading for
distant content (``GreedyBot.seek``, studio/bots/seek.py; issue 14 item 4).

A game counts as a bot failure when a seat idled 3 turns in a row or more (no band placed
though bands were legal and content was within reach; studio/playtest/botcheck.py). Prints one
row per board and player count: failure rate before and after, mean score and rounds.

    python benchmarks/bench_stall.py --games 10
    python benchmarks/bench_stall.py --games 20 --only two-deities:3
"""

from __future__ import annotations

import argparse
import time

from studio.bots.base import GreedyBot
from studio.content import bundled_path
from studio.playtest.botcheck import IDLE_TURNS
from studio.playtest.runner import game_seed, play_game
from studio.playtest.setup import load_setup, player_counts

BOARDS = ("jungle-temples", "volcano", "fragile-ruins", "archipelago-city", "cursed-triangle", "engraved-board",
          "two-deities", "labyrinth")


def measure(game, players: int, games: int, seek: bool, seed: int) -> tuple[float, float, float]:
    bot = GreedyBot()
    bot.seek = seek
    failed = score = rounds = 0
    for i in range(games):
        r = play_game(game, [bot] * players, game_seed(seed, i), watch_forced=False)
        failed += any(k >= IDLE_TURNS for k in r.idle_turns)
        score += sum(r.scores) / players
        rounds += r.rounds
    return failed / games, score / games, rounds / games


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", help="board:players, e.g. two-deities:3")
    a = p.parse_args()
    only = a.only.split(":") if a.only else None
    print(f"greedy bots, {a.games} games per row, seed {a.seed}; a game fails when a seat idles {IDLE_TURNS}+ turns")
    print(f"{'board':<22}{'players':>8}{'failed before':>15}{'failed after':>14}{'score before':>14}"
          f"{'score after':>13}{'rounds b/a':>12}{'s':>7}")
    for name in BOARDS:
        if only and name != only[0]:
            continue
        path = bundled_path("scenarios", f"{name}.yaml")
        setup0 = load_setup(path)
        for n in player_counts(setup0.scenario):
            if only and len(only) > 1 and str(n) != only[1]:
                continue
            game = load_setup(path, n).game(a.seed)
            t = time.perf_counter()
            before = measure(game, n, a.games, False, a.seed)
            after = measure(game, n, a.games, True, a.seed)
            print(f"{name:<22}{n:>8}{100 * before[0]:>14.0f}%{100 * after[0]:>13.0f}%{before[1]:>14.1f}"
                  f"{after[1]:>13.1f}{before[2]:>6.1f}/{after[2]:<5.1f}{time.perf_counter() - t:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
