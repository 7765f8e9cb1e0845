"""``studio playtest SCENARIO``: play bot games headless and print balance figures.

Exit status: 0 done, 2 bad arguments or content (one line on stderr, never a traceback),
130 interrupted with Ctrl+C (the summary of the games finished so far is still printed).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from studio.playtest.runner import GameResult, game_seed, iter_batch, resolve_bots
from studio.playtest.stats import Summary, summarize, win_rate_margin

PROG = "studio playtest"


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # report through main(), which returns 2, instead of sys.exit
        raise _UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description="Play Rule the Realm games between bots and report seat balance, "
                "scores and game length.")
    p.add_argument("scenario", help="realm-scenario/1 file, e.g. scenarios/jungle-temples.yaml")
    p.add_argument("--players", "-p", type=int, default=None,
                   help="number of players (default: the scenario's smallest board)")
    p.add_argument("--games", "-n", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", "-s", type=int, default=0,
                   help="batch seed; game i is dealt and played from seed*1000003+i (default 0)")
    p.add_argument("--bots", "-b", default="greedy",
                   help="comma-separated bot per seat, or one for every seat: random, greedy (default greedy)")
    p.add_argument("--jobs", "-j", type=int, default=1,
                   help="worker processes (0: one per CPU); results do not depend on it (default 1)")
    p.add_argument("--json", metavar="FILE", help="also write every game's result and the summary as JSON")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    except _UsageError as exc:
        print(f"{PROG}: {exc} (see '{PROG} --help')", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    try:
        return _run(args)
    except _UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # before the first game, or while printing
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


def _fail(message: str) -> _UsageError:
    return _UsageError(" ".join(str(message).split()))  # one line, whatever the source


def _run(args) -> int:
    from studio.content import LoadError
    from studio.model.io import InvalidContent, read_scenario
    from studio.model.realm import BoardError

    if args.games < 1:
        raise _fail(f"--games must be at least 1, got {args.games}")
    if args.jobs < 0:
        raise _fail(f"--jobs must be 0 (one per CPU) or more, got {args.jobs}")
    if args.json:
        folder = Path(args.json).resolve().parent
        if not folder.is_dir():
            raise _fail(f"cannot write {args.json}: folder {folder} does not exist")
    try:
        scenario = read_scenario(args.scenario)
        players = args.players if args.players is not None else min(scenario.boards, default=2)
        if players not in scenario.boards:
            have = ", ".join(map(str, sorted(scenario.boards))) or "none"
            raise _fail(f"{args.scenario}: scenario {scenario.id!r} has no board for {players} players (has {have})")
        bots = resolve_bots(args.bots, players)
        batch = iter_batch(args.scenario, players, args.games, args.seed, bots, args.jobs)
        results: list[GameResult] = []
        interrupted = False
        bar = _progress(args.games)
        try:
            for result in batch:
                results.append(result)
                bar.update(1)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            batch.close()
            bar.close()
    except (LoadError, InvalidContent, BoardError, ValueError, OSError) as exc:
        raise _fail(str(exc)) from None

    if interrupted:
        print(f"{PROG}: interrupted after {len(results)} of {args.games} games", file=sys.stderr)
    if not results:
        return 130 if interrupted else 1
    summary = summarize(results)
    title = f"{scenario.name}, {players} players: {len(results)} game{'s' if len(results) != 1 else ''}"
    if interrupted:
        title += f" of {args.games}"
    title += f", seed {args.seed} (game i uses seed {game_seed(args.seed, 0)}+i)"
    print(format_summary(summary, title))
    if args.json:
        try:
            write_json(args.json, args, scenario, players, results, summary, interrupted)
        except OSError as exc:
            print(f"{PROG}: cannot write {args.json}: {exc.strerror or exc}", file=sys.stderr)
            return 130 if interrupted else 2
    return 130 if interrupted else 0


def _progress(total: int):
    from tqdm import tqdm

    # disable=None: no bar when stderr is not a terminal (CI logs, pipes)
    return tqdm(total=total, file=sys.stderr, unit="game", disable=None, dynamic_ncols=True, leave=False)


def format_summary(summary: Summary, title: str = "") -> str:
    """The report as plain text: a row per seat, then game length and how games ended."""
    head = ["seat", "name", "bot", "win %", "±95%", "score (mean ± sd)", "bands used"]
    rows = []
    for s in summary.seats:
        rows.append([
            str(s.seat + 1), s.name, s.bot, f"{100 * s.win_rate:.1f}",
            f"{100 * win_rate_margin(s.win_rate, summary.games):.1f}",
            f"{s.score_mean:.1f} ± {s.score_sd:.1f}", f"{s.bands_mean:.1f}",
        ])
    right = {0, 3, 4, 5, 6}
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) for i in range(len(head))]

    def line(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = []
    if title:
        out += [title, ""]
    out.append(line(head))
    out.append(line(["-" * w for w in widths]))
    out += [line(r) for r in rows]
    out.append("")
    out.append(f"rounds per game:  {summary.rounds_mean:.1f} ± {summary.rounds_sd:.1f}")
    out.append(f"actions per game: {summary.actions_mean:.1f} ± {summary.actions_sd:.1f}")
    if summary.shared_wins:
        out.append(f"shared wins:      {summary.shared_wins} (counted as 1/k win for each of the k seats)")
    if summary.no_winner:
        out.append(f"no winner:        {summary.no_winner} (every seat lost)")
    out.append("")
    out.append("how games ended:")
    width = len(str(max(summary.end_reasons.values())))
    for reason, count in summary.end_reasons.items():
        out.append(f"  {count:>{width}}  {reason}")
    return "\n".join(out)


def write_json(path, args, scenario, players: int, results: list[GameResult], summary: Summary,
               interrupted: bool) -> None:
    """Write the batch atomically: settings, every game's result and the summary."""
    from studio.content import save_atomic

    data = {
        "format": "realm-playtest/1",
        "scenario": {"id": scenario.id, "name": scenario.name, "path": str(args.scenario)},
        "players": players,
        "seed": args.seed,
        "games_requested": args.games,
        "interrupted": interrupted,
        "game_seeds": "seed * 1000003 + index",
        "summary": summary.to_dict(),
        "games": [r.to_dict() for r in results],
    }
    save_atomic(path, json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
