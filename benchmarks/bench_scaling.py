#!/usr/bin/env python3
"""Batch playtests in 1 and 2 worker processes, and the GUI balance run against the CLI's batch
(prints figures; never a timed test).

Each measurement runs in a fresh Python process, as ``studio playtest --jobs N`` and the
editor's Balance Run would. Timed from the start of the batch (after importing the studio and
reading the scenario, printed apart): starting the worker processes and building the game in
them counts. Printed per run: wall seconds, games per wall second, CPU seconds of the process
and its workers (``os.times`` and /proc), games per CPU second, the load average before and after, and a digest
of the results (every run of a case must play exactly the same games). The speed-up is the
ratio of the wall times of 1 and 2 processes; runs alternate 1 and 2 so that load on the shared
machine hits both alike, and the best run of each is compared (the one least disturbed by other
jobs), with the median beside it.

Also printed, to tell the batch code's overhead from the machine's: per run, the CPU of the
parent process alone (reading results, the GUI's thread) and the pickled bytes of the results
per game (what the workers send back); and before the batches, the machine's own ceiling: the
same pure-Python work in 1 and then 2 processes at once (no batch code at all). Where 2 such
processes get less than 2x the work of one done per wall second (other jobs on the machine, or
two virtual CPUs that share a core), no batch can scale better than that; the batch's speed-up
is then worth reading against the ceiling (printed as "of the ceiling").

    python benchmarks/bench_scaling.py [--repeats 3] [--wait-load 1.0] [--cases jungle,rivages]
                                       [--skip-gui] [--skip-ceiling] [--games N]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = {
    # name: (scenario, players, games, bots)
    "jungle": ("scenarios/jungle-temples.yaml", 2, 160, "greedy"),
    "rivages": ("scenarios/rivages.yaml", 5, 60, "greedy"),
}
SEED = 11
STARTED = time.perf_counter()


def _games_from_env() -> None:
    """``--games N``: every case plays N games (passed to the tasks' processes by environment)."""
    global CASES
    if os.environ.get("BENCH_SCALING_GAMES"):
        CASES = {k: (s, n, int(os.environ["BENCH_SCALING_GAMES"]), b) for k, (s, n, _g, b) in CASES.items()}


_games_from_env()


def _digest(results) -> str:
    return hashlib.sha1(repr([(r.seed, r.scores, r.actions, r.end_reason) for r in results]).encode()).hexdigest()[:10]


def _tree_cpu() -> float:
    """CPU seconds of this process, of its children it waited for, and of its live children with
    the children they waited for (a forkserver and the workers it forked; Linux /proc)."""
    t = os.times()
    total = t.user + t.system + t.children_user + t.children_system
    tick = os.sysconf("SC_CLK_TCK")
    me = os.getpid()
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me:  # utime, stime, cutime, cstime
            total += sum(int(x) for x in fields[11:15]) / tick
    return total


def _own_cpu() -> float:
    t = os.times()
    return t.user + t.system


def _finish(out: dict, cpu_start: float, start_wall: float, own_start: float = 0.0, results=()) -> dict:
    time.sleep(0.2)  # let a forkserver reap the workers it forked (their CPU then counts in it)
    out["parent_cpu"] = _own_cpu() - own_start
    out["result_bytes"] = len(pickle.dumps(list(results), protocol=pickle.HIGHEST_PROTOCOL)) / max(1, out["games"])
    out["cpu"] = _tree_cpu() - cpu_start
    out["startup_cpu"] = cpu_start
    out["startup_wall"] = start_wall
    return out


def task_cli(case: str, jobs: int) -> dict:
    """The CLI's batch (``studio playtest``'s loop): iter_batch with ``jobs`` processes."""
    from studio.playtest.runner import iter_batch

    scenario, players, games, bots = CASES[case]
    imported, cpu_start, own_start = time.perf_counter() - STARTED, _tree_cpu(), _own_cpu()
    start_wall = time.perf_counter()
    first = None
    results = []
    for r in iter_batch(scenario, players, games, SEED, bots, jobs=jobs):
        if first is None:
            first = time.perf_counter() - start_wall
        results.append(r)
    return _finish({"wall": time.perf_counter() - start_wall, "first": first, "digest": _digest(results),
                    "games": games}, cpu_start, imported, own_start, results)


def task_gui(case: str, jobs: int) -> dict:
    """The editor's Balance Run: a BatchRun (its own QThread; worker processes for jobs > 1)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QEventLoop

    from studio.gui.balance.worker import BatchRun
    from studio.playtest.runner import resolve_bots
    from studio.playtest.setup import load_setup

    scenario, players, games, bots = CASES[case]
    app = QCoreApplication.instance() or QCoreApplication([])
    setup = load_setup(scenario, players)
    imported, cpu_start, own_start = time.perf_counter() - STARTED, _tree_cpu(), _own_cpu()
    start_wall = time.perf_counter()
    run = BatchRun(setup, games, SEED, resolve_bots(bots, players), jobs=jobs)
    loop = QEventLoop()
    run.finished.connect(loop.quit)
    run.start()
    loop.exec()  # the GUI thread waits in its event loop, as in the editor
    app.processEvents()
    return _finish({"wall": time.perf_counter() - start_wall, "first": None, "digest": _digest(run.results),
                    "games": games}, cpu_start, imported, own_start, run.results)


CEILING_WORK = "x = 0\nfor i in range(6_000_000):\n    x = (x * 31 + i) % 1000003\n"


def task_ceiling(_case: str, jobs: int) -> dict:
    """The machine alone: ``jobs`` processes doing the same fixed pure-Python work at once."""
    start = time.perf_counter()
    before = os.times()
    procs = [subprocess.Popen([sys.executable, "-c", CEILING_WORK]) for _ in range(jobs)]
    for p in procs:
        p.wait()
    after = os.times()
    cpu = after.children_user + after.children_system - before.children_user - before.children_system
    return {"wall": time.perf_counter() - start, "cpu": cpu, "jobs": jobs}


TASKS = {"cli": task_cli, "gui": task_gui, "ceiling": task_ceiling}


def measure(task: str, case: str, jobs: int) -> dict | None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    load_before = os.getloadavg()[0]
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--task", task, case, str(jobs)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  ({task} {case} jobs={jobs} failed: {(done.stderr.strip().splitlines() or ['?'])[-1]})")
        return None
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["load"] = (load_before, os.getloadavg()[0])
    return out


def wait_for_load(limit: float | None, timeout: float = 300.0) -> None:
    if limit is None:
        return
    start = time.monotonic()
    while os.getloadavg()[0] > limit and time.monotonic() - start < timeout:
        time.sleep(5)


def show(label: str, fig: dict) -> None:
    first = f", first game after {fig['first']:.2f} s" if fig.get("first") is not None else ""
    print(f"    {label:16s} {fig['wall']:6.2f} s wall, {fig['games'] / fig['wall']:6.1f} games/s; "
          f"CPU {fig['cpu']:6.2f} s, {fig['games'] / fig['cpu']:6.1f} games per CPU second "
          f"(parent alone {fig['parent_cpu']:.2f} s; results {fig['result_bytes'] / 1024:.1f} KiB pickled per game); "
          f"load {fig['load'][0]:.2f} -> {fig['load'][1]:.2f}{first}; results {fig['digest']} "
          f"(before the batch: imports {fig['startup_wall']:.1f} s wall)")


def ceiling(repeats: int, wait: float | None) -> float | None:
    """Print the machine's own 1 -> 2 process speed-up on fixed pure-Python work (best runs);
    returns it (None when a run failed)."""
    walls: dict = {1: [], 2: []}
    for _ in range(repeats):
        for jobs in (1, 2):
            wait_for_load(wait)
            fig = measure("ceiling", "-", jobs)
            if fig is None:
                return None
            walls[jobs].append(fig["wall"])
            print(f"    {jobs} process{'es' if jobs > 1 else ''} at once: {fig['wall']:.2f} s wall, "
                  f"{fig['cpu']:.2f} s CPU in all; load {fig['load'][0]:.2f} -> {fig['load'][1]:.2f}")
    best = 2 * min(walls[1]) / min(walls[2])  # twice the work in the 2-process run
    print(f"  the machine: 2 processes do {best:.2f}x the work of 1 per wall second (best runs); "
          "a batch cannot scale better than this now")
    return best


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="runs of each setting (default 3)")
    parser.add_argument("--wait-load", type=float, metavar="LOAD",
                        help="before each run, wait (up to 5 minutes) for the 1-minute load average to drop below LOAD")
    parser.add_argument("--cases", default=",".join(CASES), help=f"comma-separated: {', '.join(CASES)}")
    parser.add_argument("--skip-gui", action="store_true", help="leave out the GUI balance run")
    parser.add_argument("--games", type=int, help="games per case instead of the default (160 Jungle Temples, 60 Rivages)")
    parser.add_argument("--skip-ceiling", action="store_true", help="leave out the machine's own 1 -> 2 process figure")
    parser.add_argument("--task", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games:
        os.environ["BENCH_SCALING_GAMES"] = str(args.games)  # read by the tasks' processes
        _games_from_env()
    if args.task:
        sys.path.insert(0, os.getcwd())
        task, case, jobs = args.task
        print(json.dumps(TASKS[task](case, int(jobs))))
        return 0
    print(f"{os.cpu_count()} CPUs; load average {' / '.join(f'{v:.2f}' for v in os.getloadavg())}; "
          f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    ok = True
    top = None
    if not args.skip_ceiling:
        print("\nthe machine's ceiling, fixed pure-Python work (no batch code):")
        top = ceiling(args.repeats, args.wait_load)
    for case in args.cases.split(","):
        scenario, players, games, bots = CASES[case]
        print(f"\n{Path(scenario).stem} {players}p, {games} games, {bots} bots, seed {SEED}:")
        runs: dict = {}
        tasks = ["cli"] + ([] if args.skip_gui else ["gui"])
        for rep in range(args.repeats):
            for task in tasks:
                for jobs in (1, 2):
                    wait_for_load(args.wait_load)
                    fig = measure(task, case, jobs)
                    if fig:
                        runs.setdefault((task, jobs), []).append(fig)
                        show(f"{task} jobs={jobs} #{rep + 1}", fig)
        digests = {f["digest"] for figs in runs.values() for f in figs}
        same = len(digests) == 1
        ok = ok and same
        print(f"  every run played the same games: {'yes' if same else 'NO: ' + ', '.join(sorted(digests))}")
        for task in tasks:
            one, two = runs.get((task, 1)), runs.get((task, 2))
            if not one or not two:
                continue
            best1, best2 = min(f["wall"] for f in one), min(f["wall"] for f in two)
            med1, med2 = statistics.median(f["wall"] for f in one), statistics.median(f["wall"] for f in two)
            cpu1 = statistics.median(f["games"] / f["cpu"] for f in one)
            cpu2 = statistics.median(f["games"] / f["cpu"] for f in two)
            against = f"; {best1 / best2 / top:.0%} of the ceiling" if top else ""
            print(f"  {task}: 1 -> 2 processes {best1 / best2:.2f}x (best runs: {best1:.2f} s -> {best2:.2f} s; "
                  f"medians {med1 / med2:.2f}x{against}); games per CPU second {cpu1:.1f} (1) / {cpu2:.1f} (2)")
        if ("gui", 1) in runs and ("cli", 1) in runs:
            for jobs in (1, 2):
                g = statistics.median(f["games"] / f["cpu"] for f in runs[("gui", jobs)])
                c = statistics.median(f["games"] / f["cpu"] for f in runs[("cli", jobs)])
                print(f"  GUI against CLI, {jobs} process{'es' if jobs > 1 else ''}: {g:.1f} / {c:.1f} games per "
                      f"CPU second ({g / c:.2f}x)")
    print(f"\nload average now {' / '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
