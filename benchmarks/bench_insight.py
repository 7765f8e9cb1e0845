"""Playtest insight on bundled content: what degenerate play each board shows, and what the game
watch costs.

``python benchmarks/bench_insight.py [--games 20] [--seed 1] [--only NAME:PLAYERS ...] [--cost]``

For each board (default: the cases issue 14 lists: Two Deities 3p/4p, Archipelago City 3p/4p,
Labyrinth 2p/3p, Volcano 2p-4p, Fragile Ruins 3p) it plays ``--games`` greedy-bot games through
:func:`~studio.playtest.runner.play_game`, judges them against the scenario's expectations
(:class:`~studio.playtest.insight.Expectations`) and prints how games ended, the play figures and
every warning (the degenerate-play findings with their code and share). ``--cost`` plays each game a second time with ``watch_forced=False`` and prints
both times side by side: the price of judging forced play (a clone and an apply per legal band,
only at decisions without a legal draw); then the games again without the engine's location
events (recording off, no measures) for the per-game cost of the events, and with ``--evaluate``
positions valued per game (default 6) for the cost of drama, stability and clarity.

A figure to print, not a test: nothing is asserted (DESIGN.md, "Tests").
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = ["two-deities:3", "two-deities:4", "archipelago-city:3", "archipelago-city:4", "labyrinth:2", "labyrinth:3",
         "volcano:2", "volcano:3", "volcano:4", "fragile-ruins:3"]


def events_cost(game, bots, seed: int) -> str:
    """The engine-only price of the events, without the bots' noise: one game is played, then its
    actions replayed on fresh states with recording on and off (best of 5 each), and its events
    measured (:func:`~studio.playtest.mechanics.measure_game`, best of 5 of 50 runs)."""
    import random

    from studio.playtest.mechanics import measure_game
    from studio.rules.events import record_events

    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].act(game, state.observation(seat), state.legal_actions(), rng))
    history = list(state.history)
    best = {True: math.inf, False: math.inf}
    for _ in range(5):
        for recording in (True, False):
            replay = game.new_state(seed)
            events = record_events(replay) if recording else None
            t = time.perf_counter()
            for action in history:
                replay.apply_trusted(action)
            best[recording] = min(best[recording], time.perf_counter() - t)
            if recording:
                recorded, kept = replay, events
    measure = math.inf
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(50):
            measure_game(recorded, kept)
        measure = min(measure, (time.perf_counter() - t) / 50)
    return (f"engine alone, one game replayed ({len(history)} actions, {len(kept)} events): "
            f"{1000 * best[True]:.2f} ms recording, {1000 * best[False]:.2f} ms not "
            f"({1000 * (best[True] - best[False]):+.3f} ms); measuring them {1000 * measure:.3f} ms")


def main(argv=None) -> int:
    from studio.bots import make_bot
    from studio.content import bundled_path
    from studio.playtest.insight import Expectations
    from studio.playtest.report import end_lines, play_figures
    from studio.playtest.runner import game_seed, play_game
    from studio.playtest.setup import load_setup
    from studio.playtest.stats import summarize

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", nargs="*", default=None, help="NAME:PLAYERS, e.g. labyrinth:2")
    ap.add_argument("--cost", action="store_true", help="also time the games without judging forced play, without "
                    "location events and with positions valued")
    ap.add_argument("--evaluate", type=int, default=6, help="positions valued per game for --cost (default 6)")
    args = ap.parse_args(argv)
    for case in args.only or CASES:
        name, players = case.split(":")
        setup = load_setup(bundled_path("scenarios", f"{name}.yaml"), int(players))
        game = setup.game()
        bots = [make_bot("greedy")] * setup.players
        seeds = [game_seed(args.seed, i) for i in range(args.games)]
        started = time.perf_counter()
        results = [play_game(game, bots, s) for s in seeds]
        watched = time.perf_counter() - started
        s = summarize(results, (), Expectations.of_scenario(setup.scenario, setup.players))
        print(f"== {setup.name}, {setup.players} players: {args.games} greedy games, seed {args.seed}")
        print("\n".join(end_lines(s)))
        print("\n".join(f"  {label:<24}{text}" for label, text in play_figures(s)))
        codes = {f.message: f.code for f in s.insight.findings}
        for w in s.warnings:  # the findings with their code, then the batch's other warnings
            print(f"  ! {codes[w]} ({100 * next(f.share for f in s.insight.findings if f.message == w):.0f}%): {w}"
                  if w in codes else f"  ! {w}")
        if args.cost:
            started = time.perf_counter()
            for seed in seeds:
                play_game(game, bots, seed, watch_forced=False)
            plain = time.perf_counter() - started
            print(f"  time: {watched:.1f} s with forced play judged, {plain:.1f} s without "
                  f"(+{100 * (watched / plain - 1):.0f}%)")
            import studio.rules.events as events_module

            record = events_module.record_events

            def silent(state):  # recording off: the engine notes nothing, nothing is measured
                return None

            # on and off interleaved per game, the best of 3 each: the machine is shared, so
            # only the fastest runs say what the code costs
            on = off = 0.0
            for seed in seeds:
                best = [math.inf, math.inf]
                for _ in range(3):
                    for k, fn in enumerate((record, silent)):
                        events_module.record_events = fn
                        t = time.perf_counter()
                        play_game(game, bots, seed)
                        best[k] = min(best[k], time.perf_counter() - t)
                events_module.record_events = record
                on += best[0]
                off += best[1]
            per = (on - off) / len(seeds)
            figures = sum(len(m) for r in results for m in r.mechanics) / max(1, len(results))
            print(f"  location events: {1000 * on / len(seeds):.0f} ms per game with events recorded and measured, "
                  f"{1000 * off / len(seeds):.0f} ms without (best of 3, interleaved): {1000 * per:+.1f} ms per game "
                  f"({100 * (on / off - 1):+.1f}%; {figures:.0f} figures per game)")
            print("  " + events_cost(game, bots, seeds[0]))
            started = time.perf_counter()
            for seed in seeds:
                play_game(game, bots, seed, evaluate=args.evaluate)
            valued = time.perf_counter() - started
            print(f"  --evaluate {args.evaluate}: {valued:.1f} s ({1000 * (valued - watched) / len(seeds):+.0f} ms per "
                  f"game, {100 * (valued / watched - 1):+.0f}%)")
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
