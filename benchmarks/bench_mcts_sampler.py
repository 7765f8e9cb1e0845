#!/usr/bin/env python3
"""MCTS with its determinisations dealt by ``game.sampler(observation)`` (the observation read
once per decision) against ``game.sample_state`` at every iteration (as before), in one
process, alternating, on the same positions of random games (prints figures; never a timed
test). One process and alternation keep the load of a shared machine out of the ratio, which
the two-tree runs of ``bench_core.py --only mcts`` cannot do at high load. Also prints whether
both made the same decisions (they must).

    python benchmarks/bench_mcts_sampler.py [--positions 4] [--rounds 2]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studio.bots import make_bot  # noqa: E402
from studio.rules import load_game  # noqa: E402
from studio.rules.api import Game  # noqa: E402

CASES = (("rivages", 3), ("jungle-temples", 2), ("jungle-temples", 4))


def positions_of(game, count: int) -> list:
    """Positions 8 + 5 i random actions into game i (with more than one legal action)."""
    out = []
    for i in range(count):
        state = game.new_state(50 + i)
        rng = random.Random(50 + i)
        for _ in range(8 + 5 * i):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4, help="positions per case")
    parser.add_argument("--rounds", type=int, default=2, help="decisions per position and way")
    args = parser.parse_args(argv)
    print(f"load average {' / '.join(f'{v:.2f}' for v in os.getloadavg())} on {os.cpu_count()} CPUs")
    for scenario, players in CASES:
        game = load_game(f"scenarios/{scenario}.yaml", players, seed=1)
        cls = type(game)
        fast = cls.__dict__["sampler"]
        bot = make_bot("mcts:200")
        positions = positions_of(game, args.positions)
        cpu = {"sample_state": 0.0, "sampler": 0.0}
        picked: dict = {"sample_state": [], "sampler": []}
        try:
            for r in range(args.rounds):
                for way in (("sample_state", "sampler") if r % 2 == 0 else ("sampler", "sample_state")):
                    cls.sampler = Game.sampler if way == "sample_state" else fast
                    for i, state in enumerate(positions):
                        obs, legal = state.observation(state.current_player), state.legal_actions()
                        start = time.process_time()
                        action = bot.act(game, obs, legal, random.Random(i))
                        cpu[way] += time.process_time() - start
                        picked[way].append(str(action))
        finally:
            cls.sampler = fast
        iterations = 200 * len(positions) * args.rounds
        before, after = iterations / cpu["sample_state"], iterations / cpu["sampler"]
        print(f"  {scenario} {players}p: sample_state per iteration {before:6.0f} it/CPU s, sampler {after:6.0f} "
              f"({after / before:.2f}x); same decisions: {'yes' if picked['sampler'] == picked['sample_state'] else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
