#!/usr/bin/env python3
"""Write golden playthroughs: seeded greedy-vs-random games recorded as JSON.

Each file holds the game record (``state.to_dict()``: scenario, players, seed, actions) and what
the game produced (scores, winners, end reason, the text log; Rivages also the private log
lines and, solo, the solo result). ``tests/rules/test_golden.py``
replays every record and compares, so a rule change that alters play cannot pass silently.
Regenerate deliberately, after a rule change you mean:  python tools/make_golden.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.bots import make_bot  # noqa: E402
from studio.content import save_atomic  # noqa: E402
from studio.rules import load_game  # noqa: E402

GAMES = [
    ("jungle-temples", 2, 101),
    ("jungle-temples", 3, 102),
    ("jungle-temples", 4, 103),
    ("volcano", 2, 104),  # the escape (L2-3, L2-4) at the end of a real game
    ("rivages", 2, 105),
    ("rivages", 5, 106),
    ("rivages-solo", 1, 107),  # solo (RIV-X1 to RIV-X7)
]


def play(scenario: str, players: int, seed: int) -> dict:
    path = ROOT / "scenarios" / f"{scenario}.yaml"
    game = load_game(path, players, seed)
    state = game.new_state()
    rng = random.Random(seed)
    bots = [make_bot("greedy" if seat % 2 == 0 else "random") for seat in range(players)]
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].act(game, state.observation(seat), state.legal_actions(), rng))
    return {
        "scenario": f"scenarios/{scenario}.yaml",
        "record": state.to_dict(),
        "scores": state.scores(),
        "winners": state.winners(),
        "end_reason": state.end_reason,
        "rounds": state.round,
        "log": state.log,
        **({"private_log": [[i, seat, line] for i, (seat, line) in sorted(state.private_log.items())]}
           if hasattr(state, "private_log") else {}),
        **({"solo": state.solo_result()} if getattr(game, "solo", None) is not None else {}),
    }


def main(only: list[str] | None = None) -> None:
    out = ROOT / "tests" / "golden"
    out.mkdir(parents=True, exist_ok=True)
    for scenario, players, seed in GAMES:
        if only and scenario not in only:
            continue
        data = play(scenario, players, seed)
        path = out / f"{scenario}-{players}p-seed{seed}.json"
        save_atomic(path, json.dumps(data, indent=1) + "\n")
        print(f"{path.relative_to(ROOT)}: {len(data['record']['actions'])} actions, scores {data['scores']}")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", nargs="*", help="rewrite only these scenarios' games (e.g. rivages)")
    main(parser.parse_args().scenario)
