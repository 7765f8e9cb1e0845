"""The reliability suite, long: mutants, games and kills, with the figures.

``python benchmarks/bench_reliability.py [--cases 5000] [--games 3] [--kills 200] [--seed 1]``

- **mutants**: ``--cases`` mutants of every content kind (the bundled boards, scenarios,
  islands, trees, cards and loot), saved games and a playtest report, spread over the files;
  each validated, and, when accepted, loaded and played by the engine (40 actions);
- **games**: ``--games`` random and ``--games`` greedy games to the end for each of the 24
  Rule the Realm cases and Rivages 1 to 5 players and solo, every ply checked for the
  invariants (conservation, legal actions, clones, record replay);
- **kills**: ``--kills`` SIGKILLs of a process saving a 400 kB file in a loop.

Prints per part: cases tried, accepted / played, failures (internal errors, hangs: a check over
10 s or a whole game over 120 s,
findings without a line, engine crashes, invariant violations, torn files, leftovers) and the
worst time, then the first failures. A figure to print, not a test: nothing is asserted; the
exit status is 1 when there is a failure. ``tests/reliability`` runs the same with small counts.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.reliability.harness import Figures, Sandbox, check_games, fuzz, game_cases, sigkill_saves  # noqa: E402


def line(name: str, f: Figures, extra: str, seconds: float) -> str:
    return (f"{name:<8} {f.cases:>7,} tried  {extra:<34} {len(f.problems):>4} failures  "
            f"worst {f.worst:6.2f} s  ({seconds:.0f} s in all)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=5000, help="mutants (default 5000)")
    parser.add_argument("--games", type=int, default=3, help="random and greedy games per case (default 3)")
    parser.add_argument("--kills", type=int, default=200, help="SIGKILLs during saves (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop early: print what was tried
    rows, problems, notes = [], [], []
    parts = {"mutants": Figures(), "games": Figures(), "kills": Figures()}
    interrupted = False
    with tempfile.TemporaryDirectory(prefix="studio-reliability-") as tmp:
        for name, wanted in (("mutants", args.cases), ("games", args.games), ("kills", args.kills)):
            if not wanted:
                continue
            f, start, extra = parts[name], time.perf_counter(), ""
            try:
                if name == "mutants":
                    sandbox = Sandbox(Path(tmp) / "content")
                    fuzz(sandbox, args.cases, args.seed, figures=f)
                elif name == "games":
                    cases = game_cases()
                    extra = f"{len(cases)} cases x {args.games} random + {args.games} greedy"
                    check_games(cases, args.games, args.seed, greedy=False, plies=None, figures=f)
                    check_games(cases, args.games, args.seed + 1, greedy=True, plies=None, figures=f)
                else:
                    folder = Path(tmp) / "kills"
                    folder.mkdir()
                    left = sigkill_saves(folder, args.kills, args.seed, figures=f)
                    extra = f"{left} left a temp file, removed at the next save"
            except KeyboardInterrupt:
                interrupted = True
            if name == "mutants":
                extra = f"{f.accepted:,} accepted, {f.engine_runs:,} played ({f.engine_refusals} refused)"
            if f.worst_case:
                notes.append(f"worst {name}: {f.worst_case} ({f.worst:.2f} s)")
            rows.append(line(name, f, extra, time.perf_counter() - start))
            problems += f.problems
            if interrupted:
                break
    print(f"reliability, seed {args.seed} (load average {os.getloadavg()[0]:.1f})"
          f"{': stopped early' if interrupted else ''}:")
    for row in rows:
        print("  " + row)
    for note in notes:
        print("  " + note)
    for p in problems[:20]:
        print("  failure: " + p)
    if len(problems) > 20:
        print(f"  ... and {len(problems) - 20} more failures")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
