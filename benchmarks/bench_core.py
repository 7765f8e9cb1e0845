#!/usr/bin/env python3
"""Core engine figures: the current code and a baseline commit side by side, with ratios
(prints figures; never a timed test).

The baseline (default d212fe0, before the fast core) is checked out once with ``git worktree
add /tmp/baseline d212fe0`` (done here when missing) and each measurement runs in a fresh
subprocess with ``PYTHONPATH`` pointing at one tree or the other, alternating trees so load on
the shared machine hits both alike. Speeds are per second of CPU time of that process
(``time.process_time``: one core), so other jobs on the machine count little; the load average
is printed with the figures.

* greedy-bot games per CPU second on every Rule the Realm location and player count (seeds
  1000, 1001, ...; "same" says both trees played exactly the same games: scores, length and
  end), and Rivages 1-5 players, after one untimed game (the imports of a first game);
* random play, ``legal_actions()`` before every action, 4-player Jungle Temples: actions per
  CPU second, and OpenSpiel's dots_and_boxes driven by the same loop when ``open_spiel`` is
  installed (``pip install open_spiel``; skipped otherwise);
* MCTS (``mcts:200``) iterations per CPU second on fixed positions, and whether both trees
  made the same decisions;
* ``studio validate`` of one board: wall and CPU seconds of the command (bytecode cached, as an
  installed studio has it);
* memory (tracemalloc) of a fresh state and of a clone of a mid-game state;
* batch playtests in 1 and 2 worker processes (wall clock: the speed-up), and the GUI balance
  run against the CLI's batch loop (same games, CPU per game) -- current tree only.

Run from the project root::

    python benchmarks/bench_core.py [--quick] [--baseline d212fe0] [--skip-baseline]
    python benchmarks/bench_core.py --differential 20   # the long differential run (fast paths
                                                        # against playing on copies)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "d212fe0"
BASELINE_DIR = Path("/tmp/baseline")
REALM = ["archipelago-city", "cursed-triangle", "engraved-board", "fragile-ruins", "jungle-temples", "labyrinth",
         "two-deities", "volcano"]


# -- measurements (run in a subprocess, against whichever tree is on PYTHONPATH) --------------

def _digest(items) -> str:
    return hashlib.sha1(repr(items).encode()).hexdigest()[:10]


def task_greedy(arg) -> dict:
    from studio.bots import make_bot
    from studio.playtest.runner import play_game
    from studio.rules import load_game

    games, game_filter = arg if isinstance(arg, list) else (arg, None)
    out = {}
    cases = [(s, n) for s in REALM for n in (2, 3, 4)] + [("rivages", n) for n in (1, 2, 3, 4, 5)]
    if game_filter:
        cases = [(s, n) for s, n in cases if (s == "rivages") == (game_filter == "rivages")]
    # one game first, untimed: the imports a first game makes (the playtest modules) are not
    # a cost of each game of a batch
    warm = "rivages" if game_filter == "rivages" else "jungle-temples"
    play_game(load_game(f"scenarios/{warm}.yaml", 2, seed=1), [make_bot("greedy"), make_bot("greedy")], 999)
    for scenario, players in cases:
        path = f"scenarios/{scenario}.yaml"
        if scenario == "rivages" and players == 1:
            path = "scenarios/rivages-solo.yaml"
        game = load_game(path, players, seed=1)
        bots = [make_bot("greedy") for _ in range(players)]
        count = games * (2 if players <= 2 else 1)
        start = time.process_time()
        results = [play_game(game, bots, 1000 + i) for i in range(count)]
        cpu = time.process_time() - start
        out[f"{scenario} {players}p"] = {"rate": count / cpu, "digest": _digest(
            [(r.scores, r.actions, r.end_reason) for r in results]), "actions": sum(r.actions for r in results) / count}
    return out


def task_random(seconds: float) -> dict:
    import random

    from studio.rules import load_game

    game = load_game("scenarios/jungle-temples.yaml", 4, seed=1)
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_state(games)
        rng = random.Random(games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    out = {"realm": actions / (time.process_time() - start)}
    try:
        import pyspiel
    except ImportError:
        return out
    game = pyspiel.load_game("dots_and_boxes")
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        rng = random.Random(games)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    out["open_spiel"] = actions / (time.process_time() - start)
    return out


def task_mcts(arg) -> dict:
    """``arg``: the number of positions per case, or ``[positions, content]`` where ``content``
    is the folder whose ``scenarios/`` (and the boards and islands they name) both trees play:
    the baseline's, so that content adopted since (a rebalanced board, islands that pay
    scrolls) does not change the work measured."""
    import gc
    import random

    from studio.bots import make_bot
    from studio.rules import load_game

    decisions, content = (arg, None) if isinstance(arg, int) else arg
    folder = Path(content) if content else Path(".")
    out = {}
    for scenario, players in (("jungle-temples", 2), ("jungle-temples", 4), ("rivages", 3)):
        game = load_game(str(folder / "scenarios" / f"{scenario}.yaml"), players, seed=1)
        greedy, mcts = make_bot("greedy"), make_bot("mcts:200")
        for how in ("greedy", "random"):
            # positions of greedy games (the greedy bots of the two trees may differ) and of
            # random games (the same in both trees while the rules list actions alike),
            # 8 + 5 i actions in
            positions = []
            for i in range(decisions):
                state = game.new_state(50 + i)
                rng = random.Random(50 + i)
                for _ in range(8 + 5 * i):
                    if state.is_terminal():
                        break
                    seat = state.current_player
                    legal = state.legal_actions()
                    state.apply(greedy.act(game, state.observation(seat), legal, rng) if how == "greedy"
                                else rng.choice(legal))
                if not state.is_terminal() and len(state.legal_actions()) > 1:
                    positions.append(state)
            picked = []
            # a full collection of what building the positions left lands in these short searches
            # (tens of ms each) at a place that varies with the tree: collect first, in both trees
            gc.collect()
            start = time.process_time()
            for i, state in enumerate(positions):
                seat = state.current_player
                picked.append(str(mcts.act(game, state.observation(seat), state.legal_actions(), random.Random(i))))
            cpu = time.process_time() - start
            key = f"{scenario} {players}p" + ("" if how == "greedy" else ", random positions")
            out[key] = {"rate": 200 * len(positions) / cpu, "digest": _digest(picked),
                        "positions": _digest([[str(a) for a in state.history] for state in positions]), "decisions": len(positions)}
    return out


def task_memory(_arg=None) -> dict:
    import random
    import tracemalloc

    from studio.rules import load_game

    out = {}
    for scenario, players in (("jungle-temples", 4), ("rivages", 5)):
        game = load_game(f"scenarios/{scenario}.yaml", players, seed=2)
        game.new_state()  # caches of the game itself are not the state's
        tracemalloc.start()
        fresh = game.new_state()
        size_new = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        state = fresh
        rng = random.Random(2)
        for _ in range(60):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        state.clone()
        tracemalloc.start()
        copy = state.clone()
        size_clone = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        del copy
        out[f"{scenario} {players}p"] = {"state": size_new, "clone": size_clone}
    return out


def task_validate(repeats: int) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = f"/tmp/bench-core-pycache-{abs(hash(env.get('PYTHONPATH', '')))}"
    cmd = [sys.executable, "-m", "studio", "validate", "boards/realm/jungle-temples-2p.yaml"]
    subprocess.run(cmd, env=env, capture_output=True)  # write the bytecode once
    walls, cpus = [], []
    for _ in range(repeats):
        before = os.times()
        start = time.perf_counter()
        subprocess.run(cmd, env=env, capture_output=True, check=True)
        walls.append(time.perf_counter() - start)
        after = os.times()
        cpus.append(after.children_user + after.children_system - before.children_user - before.children_system)
    walls.sort()
    cpus.sort()
    return {"wall": walls[len(walls) // 2], "cpu": cpus[len(cpus) // 2], "best_wall": walls[0]}


def task_parallel(games: int) -> dict:
    from studio.playtest.runner import iter_batch

    out = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        results = list(iter_batch("scenarios/jungle-temples.yaml", 2, games, 7, "greedy", jobs=jobs))
        out[f"jobs{jobs}"] = time.perf_counter() - start
        out[f"digest{jobs}"] = _digest([(r.seed, r.scores, r.actions) for r in results])
    return out


def task_gui(games: int) -> dict:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication

    from studio.gui.balance.worker import BatchRun
    from studio.playtest.runner import iter_batch
    from studio.playtest.setup import load_setup

    app = QCoreApplication.instance() or QCoreApplication([])
    setup = load_setup("scenarios/jungle-temples.yaml", 2)
    start = time.process_time()
    cli = list(iter_batch(setup, None, games, 3, ["greedy", "greedy"]))
    cli_cpu = time.process_time() - start
    run = BatchRun(setup, games, 3, ["greedy", "greedy"], jobs=1)
    start = time.process_time()
    run.start()
    while run.running:
        app.processEvents()
        time.sleep(0.002)
    gui_cpu = time.process_time() - start
    same = [(r.seed, r.scores, r.actions) for r in cli] == [(r.seed, r.scores, r.actions) for r in run.results]
    return {"cli": games / cli_cpu, "gui": games / gui_cpu, "same": same}


TASKS = {"greedy": task_greedy, "random": task_random, "mcts": task_mcts, "memory": task_memory,
         "validate": task_validate, "parallel": task_parallel, "gui": task_gui}


# -- driver ------------------------------------------------------------------------------------

def run_task(tree: Path, task: str, arg) -> dict | None:
    env = dict(os.environ, PYTHONPATH=str(tree), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--task", task, json.dumps(arg)],
                          cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  ({task} failed in {tree}: {done.stderr.strip().splitlines()[-1] if done.stderr else '?'})")
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def baseline_tree(rev: str) -> Path | None:
    if (BASELINE_DIR / "studio").is_dir():
        head = subprocess.run(["git", "-C", str(BASELINE_DIR), "rev-parse", "HEAD"], capture_output=True, text=True)
        want = subprocess.run(["git", "-C", str(ROOT), "rev-parse", rev], capture_output=True, text=True)
        if head.stdout.strip() and head.stdout.strip() == want.stdout.strip():
            return BASELINE_DIR
        print(f"{BASELINE_DIR} holds another commit than {rev}: baseline skipped")
        return None
    done = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(BASELINE_DIR), rev],
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(f"could not check out the baseline {rev}: {done.stderr.strip()}")
        return None
    return BASELINE_DIR


def load() -> str:
    try:
        return "load average " + " / ".join(f"{v:.2f}" for v in os.getloadavg()) + f" on {os.cpu_count()} CPUs"
    except OSError:
        return "load average unknown"


def ratio(new, old) -> str:
    return f"{new / old:5.1f}x" if new and old else "   - "


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (figures are noisier)")
    parser.add_argument("--baseline", default=BASELINE, help=f"baseline commit (default {BASELINE})")
    parser.add_argument("--skip-baseline", action="store_true", help="measure the current tree only")
    parser.add_argument("--only", help="comma-separated measurements: " + ", ".join(TASKS))
    parser.add_argument("--repeats", type=int, default=1, help="MCTS: runs of each tree, alternating (best kept)")
    parser.add_argument("--game", choices=("realm", "rivages"), help="greedy games (or --differential) of one game only")
    parser.add_argument("--differential", type=int, metavar="GAMES",
                        help="instead: compare the fast paths with the plain ones over GAMES games per case")
    parser.add_argument("--task", help=argparse.SUPPRESS)
    parser.add_argument("arg", nargs="?", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.task:
        sys.path.insert(0, os.getcwd())
        print(json.dumps(TASKS[args.task](json.loads(args.arg))))
        return 0
    if args.differential:
        return differential(args.differential, args.game)
    only = set(args.only.split(",")) if args.only else set(TASKS)
    quick = args.quick
    base = None if args.skip_baseline else baseline_tree(args.baseline)
    trees = [("current", ROOT)] + ([("baseline", base)] if base else [])
    print(f"current tree {ROOT}; baseline {args.baseline if base else '(none)'}; {load()}")

    def both(task, arg):
        return {name: run_task(tree, task, arg) for name, tree in trees}

    if "greedy" in only:
        got = both("greedy", [1 if quick else 3, args.game])
        cur, old = got["current"], got.get("baseline")
        print(f"\nGreedy bots in every seat, games per CPU second ({load()}):")
        print(f"  {'case':22s} {'baseline':>9s} {'current':>9s} {'ratio':>6s}  same games")
        for case, fig in (cur or {}).items():
            was = old.get(case) if old else None
            same = "" if was is None else ("yes" if was["digest"] == fig["digest"] else "NO")
            print(f"  {case:22s} {was['rate'] if was else 0:9.2f} {fig['rate']:9.2f} "
                  f"{ratio(fig['rate'], was['rate'] if was else 0)}  {same}")
    if "random" in only:
        got = both("random", 2.0 if quick else 5.0)
        cur, old = got["current"] or {}, got.get("baseline") or {}
        print(f"\nRandom play, legal_actions() before every action, 4-player Jungle Temples ({load()}):")
        print(f"  actions per CPU second: baseline {old.get('realm', 0):,.0f}, current {cur.get('realm', 0):,.0f} "
              f"({ratio(cur.get('realm'), old.get('realm'))})")
        if "open_spiel" in cur:
            print(f"  OpenSpiel dots_and_boxes, same loop: {cur['open_spiel']:,.0f} actions/s; "
                  f"the studio reaches {cur['realm'] / cur['open_spiel']:.3f}x of it "
                  f"(baseline {old.get('realm', 0) / cur['open_spiel']:.3f}x)")
        else:
            print("  OpenSpiel not installed (pip install open_spiel): no dots_and_boxes comparison")
    if "mcts" in only:
        # the trees alternate, each run in a fresh process, and the best rate of each is kept:
        # on a shared machine the CPU time of one run depends on what else runs then
        # both trees play the baseline's content files, so the ratio is the engine's alone
        runs = [both("mcts", [3 if quick else 6, str(base) if base else None]) for _ in range(args.repeats)]
        cur, old = {}, {}
        for run in runs:
            for name, into in (("current", cur), ("baseline", old)):
                for case, fig in (run.get(name) or {}).items():
                    if case not in into or fig["rate"] > into[case]["rate"]:
                        into[case] = fig
        print(f"\nMCTS (mcts:200) iterations per CPU second on positions of greedy and of random games, "
              f"best of {args.repeats}, both trees on {'the baseline' if base else 'this tree'}'s scenarios, boards "
              f"and islands ({load()}):")
        for case, fig in cur.items():
            was = old.get(case)
            if was is None:
                same = ""
            elif was.get("positions", fig["positions"]) != fig["positions"]:
                same = "other positions (" + ("same" if was["digest"] == fig["digest"] else "other") + " decisions)"
            else:
                same = "same decisions" if was["digest"] == fig["digest"] else "OTHER decisions"
            print(f"  {case:36s} baseline {was['rate'] if was else 0:8.0f}  current {fig['rate']:8.0f}  "
                  f"{ratio(fig['rate'], was['rate'] if was else 0)}  {same} ({fig['decisions']} decisions)")
    if "validate" in only:
        got = both("validate", 5)
        print(f"\nstudio validate boards/realm/jungle-temples-2p.yaml, median of 5 ({load()}):")
        for name, fig in got.items():
            if fig:
                print(f"  {name:9s} {fig['wall']:.2f} s wall (best {fig['best_wall']:.2f} s), {fig['cpu']:.2f} s CPU")
        cur, old = got["current"], got.get("baseline")
        if cur and old:
            print(f"  baseline / current: wall {ratio(old['wall'], cur['wall'])}, CPU {ratio(old['cpu'], cur['cpu'])}; "
                  "the target is 0.35 s wall, which only an idle machine shows (wall is CPU plus waiting for a core)")
    if "memory" in only:
        got = both("memory", None)
        print("\nMemory (tracemalloc): a fresh state, and a clone after 60 random actions:")
        for case in (got["current"] or {}):
            row = "  ".join(f"{name} {fig[case]['state'] / 1024:6.1f} KiB / clone {fig[case]['clone'] / 1024:6.1f} KiB"
                            for name, fig in got.items() if fig)
            print(f"  {case:20s} {row}")
    if "parallel" in only:
        games = 12 if quick else 40
        fig = run_task(ROOT, "parallel", games)
        if fig:
            print(f"\nBatch playtest, {games} greedy games of Jungle Temples 2p, wall clock ({load()}):")
            print(f"  1 process {fig['jobs1']:.2f} s, 2 processes {fig['jobs2']:.2f} s: "
                  f"{fig['jobs1'] / fig['jobs2']:.2f}x; same games: {'yes' if fig['digest1'] == fig['digest2'] else 'NO'}")
    if "gui" in only:
        games = 10 if quick else 30
        fig = run_task(ROOT, "gui", games)
        if fig:
            print(f"\nGUI balance run (BatchRun, its own thread) against the CLI's batch loop, {games} games:")
            print(f"  CLI {fig['cli']:.1f} games per CPU second, GUI {fig['gui']:.1f}; "
                  f"same games: {'yes' if fig['same'] else 'NO'}")
    return 0


def differential(games: int, only: str | None = None) -> int:
    """The long mode of tests/rules/test_preview.py, tests/rules/test_legal_places.py (kept
    listings against the plain list), tests/rivages/test_preview.py and
    tests/rivages/test_seat_view.py: ``games`` games per
    bundled case and per Rivages player count (1-5); ``only``: one game's."""
    sys.path.insert(0, str(ROOT))
    from tests.rules import test_preview as t

    total = 0
    start = time.process_time()
    for path, players in (t.CASES if only != "rivages" else []):
        n = sum(t.check_position(state, rng, per_position=30)
                for state, rng in t.random_positions(path, players, seed=100, games=games, every=1))
        total += n
        print(f"  {path.stem} {players}p: {n} previews equal to playing on a copy")
    for name in (sorted(t.SMALL) if only != "rivages" else []):
        for players in (2, 3):
            game = t._small(players, **t.SMALL[name])
            n = sum(t.check_position(state, rng, per_position=30)
                    for state, rng in t.positions_of(game, 100, games=games * 3, every=1))
            total += n
            print(f"  small board, {name} {players}p: {n} previews equal")
    from tests.rules import test_legal_places as lp

    for name, players in (lp.BUNDLED if only != "rivages" else []):
        n = lp.listing_positions(name, players, seed=300, games=games)
        print(f"  {name} {players}p: {n} kept listings (LegalActions) equal to the plain list")
    from tests.rivages import test_fast_paths as fp
    from tests.rivages import test_preview as r
    from tests.rivages import test_seat_view as sv

    for scenario, players in (r.CASES if only != "realm" else []):
        n = count = 0
        for state, rng in r.positions(scenario, players, games=games, seed=200):
            n += r.check_position(state, rng)
            fp.check_reading(state, rng)
            sv.check_view(state, rng)
            count += 1
        total += n
        print(f"  {scenario[:-5]} {players}p: {count} positions, {n} actions previewed, equal to playing on a "
              "copy (and on a dealt state; bot values equal); observations read back as read afresh; seat views "
              "read as the observation")
    print(f"{total} previews checked in {time.process_time() - start:.0f} s CPU: all equal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
