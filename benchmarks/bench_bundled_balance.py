"""Does the bundled content pass the studio's own fairness bar (issue 15, item 6)? Prints the table.

``python benchmarks/bench_bundled_balance.py [--games 1000] [--mcts-games 200] [--jobs 1] [--seed 1]
[--only CASE,...] [--board CASE=FILE ...] [--markdown]``

Cases: the 24 Rule the Realm boards (``jungle-temples-2p`` ... ``labyrinth-4p``, each played with
its scenario's own rules), Rivages with 2 to 5 players (``rivages-2p`` ... ``rivages-5p``) and the
advanced solo game (``rivages-solo``). ``--only`` takes case names or a location
(``volcano``: its three boards; ``rivages``: the four multiplayer cases).

Per case it plays ``--games`` greedy games and ``--mcts-games`` MCTS games (0 skips them) through
the playtest's own batch (:func:`~studio.playtest.runner.iter_batch`) into its
:class:`~studio.playtest.stats.Tally`, and judges the summary with
:func:`studio.balance.fairness.fairness_check` (win rates, 95% Wilson intervals, fair share, the
end classification and score medians are the playtest's own). It prints one line per case and
bot: every seat's win % with its 95% interval and its gap from the fair share, pass/fail on the
+/-4 points bar (greedy) or on the fair share inside every seat's interval (MCTS), the share of
games ending as intended (bar: 90%), every seat's median score (bar: above 0), and the case's
verdict; then PASS/FAIL per criterion over all cases. The solo case prints each challenge set's
win rate (bar: 15% to 60%). ``--markdown`` prints the same as the README's table.

Game ``i`` of every case is played from ``game_seed(--seed, i)``, so a rerun with the same
arguments prints the same figures, whatever ``--jobs``. ``--board CASE=FILE`` plays a board file in
place of the bundled board of a Rule the Realm case (with the case's scenario rules): how a
balance proposal is checked on seeds its search never played (give the search another seed).

A script that prints figures, not a test: nothing is asserted (DESIGN.md, "Tests").
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LOCATIONS = ["jungle-temples", "volcano", "archipelago-city", "engraved-board", "fragile-ruins", "cursed-triangle",
             "two-deities", "labyrinth"]
REALM = [f"{loc}-{n}p" for loc in LOCATIONS for n in (2, 3, 4)]
RIVAGES = [f"rivages-{n}p" for n in (2, 3, 4, 5)]
SOLO = "rivages-solo"
CASES = REALM + RIVAGES + [SOLO]


def setup_of(case: str, board: str | None = None):
    """The :class:`~studio.playtest.setup.Setup` of ``case``; ``board``: a board file played in
    place of the bundled one (Rule the Realm cases only)."""
    from studio.playtest.setup import Setup, load_setup

    if case == SOLO:
        return load_setup(ROOT / "scenarios" / "rivages-solo.yaml", 1)
    name, _, count = case.rpartition("-")
    players = int(count.rstrip("p"))
    setup = load_setup(ROOT / "scenarios" / f"{name}.yaml", players)
    if board is None:
        return setup
    from studio.model.io import read_board
    from studio.model.realm import Realm

    b = read_board(board)
    if b.players != players:
        raise ValueError(f"{board}: board {b.id!r} is for {b.players} players, case {case} for {players}")
    return Setup("realm", Realm(setup.scenario, b), players, str(board))


def play(setup, bots: str, games: int, seed: int, jobs: int):
    """The playtest :class:`~studio.playtest.stats.Summary` of ``games`` games of ``bots``."""
    from studio.playtest.elements import catalogue
    from studio.playtest.insight import Expectations
    from studio.playtest.runner import iter_batch
    from studio.playtest.stats import Tally

    tally = Tally(catalogue(setup.game(seed)), Expectations.of_scenario(setup.scenario, setup.players))
    for result in iter_batch(setup, None, games, seed, bots, jobs=jobs):
        tally.add(result)
    return tally.summary()


def pct(x: float) -> str:
    return f"{100 * x:.1f}"


def seat_text(s) -> str:
    return f"{pct(s.win_rate)} ({pct(s.ci_low)}-{pct(s.ci_high)}) {100 * s.gap:+.1f}"


def median_text(check) -> str:
    return "/".join(f"{s.median:g}" for s in check.seats)


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def yes(flag: bool) -> str:
    return "pass" if flag else "FAIL"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="greedy games per case (default 1000)")
    ap.add_argument("--mcts-games", type=int, default=200, help="MCTS games per case (default 200; 0: none)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    ap.add_argument("--seed", type=int, default=1, help="batch seed of every case (default 1)")
    ap.add_argument("--only", default="", help="cases or locations, comma-separated (default: all)")
    ap.add_argument("--board", action="append", default=[], metavar="CASE=FILE",
                    help="play FILE in place of the bundled board of a Rule the Realm CASE")
    ap.add_argument("--markdown", action="store_true", help="print the README's table after the report")
    args = ap.parse_args(argv)
    if args.games < 1 or args.mcts_games < 0 or args.jobs < 0:
        ap.error("--games must be at least 1, --mcts-games and --jobs at least 0")
    cases = CASES
    if args.only:
        wanted = [w.strip() for w in args.only.split(",") if w.strip()]
        cases = []
        for w in wanted:
            hit = [c for c in CASES if c == w or (c.rpartition("-")[0] == w and c != SOLO)]
            if not hit:
                ap.error(f"--only {w!r}: not a case or location (cases: {', '.join(CASES)})")
            cases += [c for c in hit if c not in cases]
    boards: dict[str, str] = {}
    for item in args.board:
        case, sep, path = item.partition("=")
        if not sep or case not in REALM:
            ap.error(f"--board {item!r}: expected CASE=FILE with CASE a Rule the Realm case (e.g. volcano-3p)")
        if not Path(path).is_file():
            ap.error(f"--board {item!r}: no file {path}")
        boards[case] = path

    from studio.balance.fairness import fairness_check, solo_check

    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"bundled content balance, {started}, seed {args.seed}, {args.games} greedy and {args.mcts_games} MCTS "
          f"games per case, {args.jobs} job(s), load {load()}")
    print("seat: win % (95% interval) gap from the fair share in points; bars: greedy within +/-4 points, "
          "MCTS fair share inside every interval, intended end >= 90%, every seat's median score > 0")
    rows = []
    verdicts: dict[str, list[bool]] = {"greedy +/-4": [], "MCTS interval": [], "intended end": [], "median > 0": [],
                                       "solo 15-60%": []}
    for case in cases:
        setup = setup_of(case, boards.get(case))
        label = case + (f" [{Path(boards[case]).name}]" if case in boards else "")
        if case == SOLO:
            t = time.perf_counter()
            summary = play(setup, "greedy", args.games, args.seed, args.jobs)
            took = time.perf_counter() - t
            checks = solo_check(summary)
            for c in checks:
                print(f"{label:26} greedy {c.games:5d}  {c.label}: won {pct(c.win_rate)}% ({pct(c.ci_low)}-"
                      f"{pct(c.ci_high)}), {yes(c.ok)}")
                verdicts["solo 15-60%"].append(c.ok)
            rows.append((case, "solo", summary, checks))
            print(f"{'':26} {took:.0f} s", file=sys.stderr, flush=True)
            continue
        for bots, games in (("greedy", args.games), ("mcts", args.mcts_games)):
            if games < 1:
                continue
            t = time.perf_counter()
            summary = play(setup, bots, games, args.seed, args.jobs)
            took = time.perf_counter() - t
            check = fairness_check(summary)
            interval = bots == "mcts"
            seats_ok = check.seats_covered if interval else check.seats_within
            verdicts["MCTS interval" if interval else "greedy +/-4"].append(seats_ok)
            verdicts["intended end"].append(check.end_ok)
            verdicts["median > 0"].append(check.median_ok)
            print(f"{label:26} {bots:6} {games:5d}  fair {pct(check.fair_share)}  "
                  + "  ".join(f"S{s.seat + 1} {seat_text(s)}" for s in check.seats)
                  + f"  | {'interval' if interval else '+/-4'} {yes(seats_ok)} (largest {100 * check.largest_gap:.1f})"
                  f" | end {pct(check.intended_share)}% {yes(check.end_ok)} | median {median_text(check)} "
                  f"{yes(check.median_ok)} | {'PASS' if check.passed(interval) else 'FAIL'}", flush=True)
            print(f"{'':26} {took:.0f} s, {games / took:.1f} games/s", file=sys.stderr, flush=True)
            rows.append((case, bots, summary, check))
    print()
    for name, flags in verdicts.items():
        if flags:
            print(f"{name:14} {'PASS' if all(flags) else 'FAIL'}: {sum(flags)} of {len(flags)} pass")
    print(f"finished {time.strftime('%H:%M UTC', time.gmtime())}, load {load()}")
    if args.markdown:
        print()
        print(markdown(rows))
    return 0


def markdown(rows) -> str:
    """The README's table: one row per case and bot (per challenge set for the solo game)."""
    out = ["| case | bots, games | seats' win % (gap from fair share, points) | seats | intended end | "
           "median VP | verdict |", "|---|---|---|---|---|---|---|"]
    for case, bots, _summary, check in rows:
        if bots == "solo":
            for c in check:
                out.append(f"| {case}: {c.label} | greedy, {c.games} | won {pct(c.win_rate)} ({pct(c.ci_low)}-"
                           f"{pct(c.ci_high)}) | 15-60%: {yes(c.ok)} | | | {'PASS' if c.ok else 'FAIL'} |")
            continue
        interval = bots == "mcts"
        seats_ok = check.seats_covered if interval else check.seats_within
        seats = ", ".join(f"{pct(s.win_rate)} ({100 * s.gap:+.1f})" for s in check.seats)
        out.append(f"| {case} | {bots}, {check.games} | {seats} | {'in 95% CI' if interval else '+/-4'}: "
                   f"{yes(seats_ok)} | {pct(check.intended_share)}% {yes(check.end_ok)} | {median_text(check)} | "
                   f"{'PASS' if check.passed(interval) else 'FAIL'} |")
    return "\n".join(out)


if __name__ == "__main__":
    raise SystemExit(main())
