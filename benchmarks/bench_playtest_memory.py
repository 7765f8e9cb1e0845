"""Playtest memory: a batch of 100,000 games keeps flat memory.

``python benchmarks/bench_playtest_memory.py [--games 100000] [--jobs N] [--json FILE] [--no-trace]``

Plays a cheap configuration (Jungle Temples, 2 players, random bots, one round per game: an
in-memory copy of the scenario with ``rules.end = {rounds: 1}``) through the same path as
``studio playtest``: :func:`~studio.playtest.runner.iter_batch` into a
:class:`~studio.playtest.stats.Tally`, optionally streaming every game to a JSON file. At
checkpoints it prints the Python memory traced by ``tracemalloc`` (current and peak since the
previous checkpoint) and the process's resident set size (RSS). The figures stay flat from the
first thousand games on: games are aggregated and streamed, never kept. For contrast it then
measures what keeping the results of the first 10,000 games in a list costs.

A figure to print, not a test: nothing is asserted (DESIGN.md, "Tests").
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.playtest.elements import catalogue  # noqa: E402
from studio.playtest.report import JsonWriter  # noqa: E402
from studio.playtest.runner import iter_batch  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402
from studio.playtest.stats import Tally  # noqa: E402

MB = 1024 * 1024


def rss() -> float:
    """Resident set size in MB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (MB if sys.platform == "darwin" else 1024)


def checkpoints(games: int) -> list[int]:
    marks = [m for m in (1_000, 5_000, 10_000, 25_000, 50_000, 75_000, 100_000, 250_000, 500_000, 1_000_000)
             if m < games]
    return marks + [games]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (the figures are this process's)")
    p.add_argument("--json", metavar="FILE", help="also stream every game to FILE (default: a temporary file)")
    p.add_argument("--no-json", action="store_true", help="do not stream games to a JSON file")
    p.add_argument("--no-trace", action="store_true", help="RSS only (tracemalloc slows Python down)")
    args = p.parse_args(argv)

    setup = load_setup(ROOT / "scenarios" / "jungle-temples.yaml", 2).with_settings({"rules.end": {"rounds": 1}})
    tally = Tally(catalogue(setup.game()))
    json_path = None
    writer = None
    if not args.no_json:
        json_path = args.json or os.path.join(tempfile.mkdtemp(prefix="studio-bench-"), "games.json")
        writer = JsonWriter(json_path, {"players": 2, "bots": ["random", "random"], "seed": 0})
    print(f"{args.games:,} games of Jungle Temples, 2 players, random bots, 1 round each; jobs {args.jobs}; "
          f"games streamed to {json_path or 'nowhere'}")
    print(f"{'games':>10}  {'seconds':>8}  {'games/s':>8}  {'traced now':>11}  {'traced peak':>11}  {'RSS':>8}")
    if not args.no_trace:
        tracemalloc.start()
    marks = checkpoints(args.games)
    start = time.perf_counter()
    done = 0
    first = None
    for result in iter_batch(setup, None, args.games, 0, "random", jobs=args.jobs):
        tally.add(result)
        if writer is not None:
            writer.add(result)
        done += 1
        if done == marks[0]:
            marks.pop(0)
            elapsed = time.perf_counter() - start
            now, peak = tracemalloc.get_traced_memory() if not args.no_trace else (0, 0)
            if not args.no_trace:
                tracemalloc.reset_peak()
            first = first or (now, rss())
            traced = f"{now / MB:9.2f}MB  {peak / MB:9.2f}MB" if not args.no_trace else f"{'-':>11}  {'-':>11}"
            print(f"{done:>10,}  {elapsed:8.1f}  {done / elapsed:8.0f}  {traced}  {rss():6.1f}MB", flush=True)
    summary = tally.summary()
    if writer is not None:
        writer.finish({"interrupted": False, "games_played": done, "summary": summary.to_dict()})
    end_now = tracemalloc.get_traced_memory()[0] if not args.no_trace else 0
    if not args.no_trace and first:
        print(f"traced memory from the first checkpoint to the end: {(end_now - first[0]) / MB:+.2f} MB; "
              f"RSS {rss() - first[1]:+.1f} MB")
    if json_path:
        print(f"JSON file: {os.path.getsize(json_path) / MB:.1f} MB on disk, none of it held in memory")

    # contrast: the same games kept in a list
    keep = min(10_000, args.games)
    gc.collect()
    before = tracemalloc.get_traced_memory()[0] if not args.no_trace else 0
    rss_before = rss()
    kept = list(iter_batch(setup, None, keep, 0, "random"))
    after = tracemalloc.get_traced_memory()[0] if not args.no_trace else 0
    if not args.no_trace:
        print(f"for contrast, {len(kept):,} results kept in a list: {(after - before) / MB:+.2f} MB traced, "
              f"RSS {rss() - rss_before:+.1f} MB (it would grow with every game)")
    else:
        print(f"for contrast, {len(kept):,} results kept in a list: RSS {rss() - rss_before:+.1f} MB")
    print(f"seat win rates: {', '.join(f'{100 * s.win_rate:.1f}%' for s in summary.seats)}; "
          f"{summary.games:,} games summarised")
    return 0


if __name__ == "__main__":
    sys.exit(main())
