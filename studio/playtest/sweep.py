"""``studio sweep SCENARIO --set PATH=V1,V2,...``: the same batch on a grid of scenario settings.

Each ``--set`` names a dotted path into the scenario's data (``rules.end.score``,
``rules.modules.cross-board.bonuses``, ``great_explorer.2``) and the values to try, separated
by commas; values are YAML (``14``, ``true``, ``[10, 5]``), and commas inside brackets or
quotes belong to the value. Several ``--set`` make the product of their values. Every point of
the grid is an in-memory copy of the scenario, checked against its schema before any game is
played, and is played with the same seeds, so the points differ by their settings only.

Prints one row per point side by side (seat win rates with their 95% intervals, balance,
first-seat advantage, margin, length, shared wins, how decided, warnings), then every point
against the first on the shared seeds (paired differences, Holm-corrected, marked when
significant) and, for solo sweeps, the win rate per challenge set; ``--json`` and ``--csv``
write the same.

Content with validation errors is refused before any game, as by ``studio playtest``: the
findings are listed on stderr as ``studio validate`` prints them.

Exit status: 0 done, 1 the games stopped (every Dask worker lost: one line on stderr, the points
finished so far are still reported and ``--json`` says ``stopped_by: cluster``) or the content has
errors (its findings on stderr, as ``studio validate``), 2 bad arguments, settings, a file that
cannot be read or cluster (one line on stderr), 130 interrupted
(Ctrl+C; 143 SIGTERM, 129 SIGHUP: the points finished so far are still reported).
"""

from __future__ import annotations

import itertools
import json
import math
import sys
import time

from studio.console import note
from studio.playtest.cli import (
    BatchFailed,
    Interrupts,
    Parser,
    UsageError,
    add_batch_options,
    check_batch_args,
    check_content,
    cluster_errors,
    consume,
    content_errors,
    fail,
    make_output_folders,
    plural,
    progress_bar,
    run_main,
    stop_fields,
    text_report_stream,
)

PROG = "studio sweep"
MAX_POINTS = 10_000
MAX_NAMED = 5   # refused points a refusal names after the first
# scenario keys that name other files: a sweep changes the scenario in memory and plays the
# content loaded once, so these cannot be swept (one scenario file per board or card set instead)
REFERENCE_KEYS = ("boards", "islands", "trees", "cards", "loot", "solo.cards")
SWEEP_FORMAT = "studio-sweep/1"


def build_parser() -> Parser:
    p = Parser(prog=PROG, description="Play the same bot batch on a grid of scenario settings and compare "
               "balance, length and decisiveness side by side.")
    add_batch_options(p, 200)
    p.add_argument("--set", dest="settings", action="append", default=[], metavar="PATH=V1,V2,...",
                   help="a scenario setting and the values to try, e.g. rules.end.score=14,16,18,20; "
                        "several --set give every combination; file references (boards, islands, trees, "
                        "cards, loot, solo.cards) cannot be swept")
    p.add_argument("--json", metavar="FILE", help="also write every point's settings and summary as JSON "
                   "(- for standard output; the table then goes to stderr)")
    p.add_argument("--csv", metavar="FILE", help="also write one CSV row per point (- for standard output)")
    return p


# -- the grid -------------------------------------------------------------------------------------

def split_values(text: str) -> list[str]:
    """Split ``text`` at the commas outside brackets, braces and quotes. Raises UsageError for
    unbalanced brackets or quotes."""
    parts, depth, quote, start = [], 0, None, 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth < 0:
                raise UsageError(f"unbalanced {ch!r} in {text!r}")
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if quote or depth:
        raise UsageError(f"unclosed {'quote' if quote else 'bracket'} in {text!r}")
    parts.append(text[start:])
    return [p.strip() for p in parts]


def parse_value(text: str):
    """A value written as YAML (``14``, ``true``, ``[10, 5]``, ``line``)."""
    from studio.content import LoadError, parse_yaml

    if not text:
        raise UsageError("a value is empty")
    try:
        return parse_yaml(text).data
    except LoadError as exc:
        raise UsageError(f"value {text!r} is not valid YAML: {exc.message if hasattr(exc, 'message') else exc}") from None


def parse_grid(settings: list[str]) -> list[tuple[str, list]]:
    """``[(path, [values...]), ...]`` from ``--set PATH=V1,V2`` texts. Raises UsageError for a
    missing ``=``, an empty path or value, a path given twice, a value given twice, a path
    that names content files (:data:`REFERENCE_KEYS`, or a mapping holding one), bad YAML, or
    too many points."""
    if not settings:
        raise UsageError("give at least one --set PATH=V1,V2,... (e.g. --set rules.end.score=14,16,18)")
    grid: list[tuple[str, list]] = []
    seen: set[str] = set()
    for raw in settings:
        path, sep, values = raw.partition("=")
        path = path.strip()
        if not sep:
            raise UsageError(f"--set {raw!r}: expected PATH=V1,V2,... (e.g. rules.end.score=14,16,18)")
        if not path:
            raise UsageError(f"--set {raw!r}: the setting path is empty")
        if path in seen:
            raise UsageError(f"--set {path}: given twice; list all its values in one --set")
        # one path inside another: the inner one would change the outer one's values (a trial's
        # table showed settings that were not the ones played)
        outer = next((p for p in seen if path.startswith(p + ".") or p.startswith(path + ".")), None)
        if outer is not None:
            inner, whole = (path, outer) if path.startswith(outer + ".") else (outer, path)
            raise UsageError(f"--set {inner}: lies inside --set {whole}, whose values it would change; sweep one "
                             f"of them (write the combinations as values of {whole})")
        seen.add(path)
        ref = next((k for k in REFERENCE_KEYS if path == k or path.startswith(k + ".") or k.startswith(path + ".")), None)
        if ref is not None:
            raise UsageError(f"--set {path}: {ref} names content files, which a sweep cannot change (it plays the "
                             f"content loaded once); make one scenario file per choice and playtest or sweep each")
        try:
            parsed = [parse_value(v) for v in split_values(values)]
        except UsageError as exc:
            raise UsageError(f"--set {path}: {exc}") from None
        keys = [json.dumps(_same(v), sort_keys=True) for v in parsed]
        twice = next((v for v, k in zip(parsed, keys) if keys.count(k) > 1), None)
        if twice is not None:
            raise UsageError(f"--set {path}: the value {show(twice)} is given twice; each point must differ")
        grid.append((path, parsed))
    points = math.prod(len(v) for _, v in grid)
    if points > MAX_POINTS:
        raise UsageError(f"the grid has {points} points, more than {MAX_POINTS}")
    return grid


def check_point(base, point: dict, seed: int):
    """``(setup, None)`` for a grid point the scenario takes and the engine can play from
    ``seed``, else ``(None, why)``: the scenario's refusal (its schema or its rules) or why the
    game cannot be played. The CLI and the editor's sweep check their points with it."""
    from studio.playtest.setup import SetupError

    try:
        setup = base.with_settings(point)
        setup.game(seed)
    except SetupError as exc:
        return None, str(exc)
    except content_errors() as exc:
        return None, f"the game cannot be played: {exc}"
    return setup, None


def refusal(refused: list[tuple[str, str]]) -> str:
    """One line for the refused points of a grid, ``[(point, reason), ...]``: the first with
    its reason, then the others by name (their reason is most often the first one's), at most
    :data:`MAX_NAMED` of them, e.g. ``"--set rules.end.score=abc: ...; refused too: --set
    rules.end.score=-5"``."""
    (point, reason), others = refused[0], [p for p, _ in refused[1:]]
    line = f"{point}: {reason}"
    if others:
        more = f" and {len(others) - MAX_NAMED} more" if len(others) > MAX_NAMED else ""
        line += f"; refused too: {'; '.join(others[:MAX_NAMED])}{more}"
    return line


def _same(value):
    """``value`` with whole floats as ints, so ``14`` and ``14.0`` count as the same value."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_same(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _same(v) for k, v in value.items()}
    return value


def grid_points(grid: list[tuple[str, list]]) -> list[dict]:
    """Every combination of the grid's values, the first setting varying slowest."""
    paths = [p for p, _ in grid]
    return [dict(zip(paths, combo)) for combo in itertools.product(*(v for _, v in grid))]


def show(value) -> str:
    """A value as written on the command line."""
    return json.dumps(value) if not isinstance(value, str) else value


# -- running --------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    return run_main(PROG, build_parser(), _run, argv)


def _run(args) -> int:
    from studio.playtest.runner import resolve_bots
    from studio.playtest.setup import added_by, load_setup

    outputs = {"--json": (args.json, SWEEP_FORMAT), "--csv": (args.csv, None)}
    check_batch_args(args, outputs)
    grid = parse_grid(args.settings)
    points = grid_points(grid)
    check_content(args.scenario, args.players)  # as studio playtest: no games on content with errors
    try:
        base = load_setup(args.scenario, args.players)
        bots = resolve_bots(args.bots, base.players)
        # each setting's values alone first: a refusal names the value and its own reason (a
        # trial's combination showed one setting's reason beside the other's refused value)
        alone, made = [], []
        for path, values in grid:
            checked = [check_point(base, {path: value}, args.seed) for value in values]
            made = [setup for setup, _ in checked]
            bad = [(f"--set {path}={show(value)}", why) for value, (_, why) in zip(values, checked) if why]
            if len(bad) > 1 and len(bad) == len(values) and len({reason for _, reason in bad}) == 1:
                alone.append(f"--set {path}: {bad[0][1]} (for each of its {len(values)} values)")  # e.g. an unknown key
            elif bad:
                alone.append(refusal(bad))
        if alone:   # one sentence per setting (trial: "; " between them read as one list)
            raise fail(". Also ".join(alone))
        if len(grid) == 1:   # the points are those values: checked already
            setups, refused = made, []
        else:
            checked = [check_point(base, point, args.seed) for point in points]
            setups = [setup for setup, _ in checked]
            refused = [("--set " + ", ".join(f"{k}={show(v)}" for k, v in point.items()), why)
                       for point, (_, why) in zip(points, checked) if why]
    except content_errors() as exc:
        raise fail(str(exc)) from None
    if refused:   # every refused point named, not only the first (trial)
        raise fail(refusal(refused))
    data = base.scenario.to_data()
    for path, _ in grid:   # a trial swept a Volcano setting on the Jungle Temples and was not told
        added = added_by(data, path)
        if added:
            print(f"{PROG}: warning: --set {path}: the scenario has no {added}; every point plays with it added",
                  file=sys.stderr)
    make_output_folders(outputs)

    # one guard from the first game to the last byte saved: only the first stop counts (it ends the
    # games; those finished are kept), and once the results are being written no stop changes them
    with Interrupts(once=True) as guard:
        return _play_and_save(args, base, bots, grid, setups, guard)


def _play_and_save(args, base, bots, grid, setups, guard: Interrupts) -> int:
    """Play every point's games (``setups``, one per point of ``grid``), then print and save the
    sweep: ``_run``'s work under its stop guard."""
    from studio.playtest.executors import BatchSpec, open_executor
    from studio.playtest.runner import game_seed

    points = grid_points(grid)
    seeds = range(game_seed(args.seed, 0), game_seed(args.seed, args.games))
    rows: list[dict] = []
    interrupted = False
    stopped = stopped_by = None   # why the sweep ended early, in words, and how (stop_fields)
    started = time.perf_counter()
    try:
        with open_executor(args.jobs, args.executor, args.scheduler, args.games) as ex:
            bar = progress_bar(args.games * len(points))
            try:
                for point, setup in zip(points, setups):
                    tally = PointTally(setup, args.seed)
                    batch = ex.run(BatchSpec(setup, tuple(bots)), seeds)
                    def take(result, tally=tally):
                        with guard.hold():  # a game is in the tally whole or not at all
                            tally.add(result)
                            bar.update(1)

                    try:
                        interrupted = consume(batch, take)
                    except BatchFailed as exc:  # workers lost: keep what finished, as Ctrl+C does
                        interrupted, stopped, stopped_by = True, exc.reason, exc.stopped_by
                    except cluster_errors() as exc:  # lost before this point's first game
                        if not rows:
                            raise
                        interrupted, stopped, stopped_by = True, str(exc), "cluster"
                    with guard.hold():   # a point's finished games reach the rows, stop or not
                        if tally.games:
                            rows.append(tally.row(point, not interrupted))
                    if interrupted:
                        break
            finally:
                bar.close()
    except KeyboardInterrupt:
        interrupted = True
    except content_errors() as exc:
        raise fail(str(exc)) from None
    guard.keep()   # from here on the results are reported and saved whole: stops change nothing
    elapsed = time.perf_counter() - started

    add_comparisons(rows)
    played = sum(r["summary"].games for r in rows)
    if interrupted and stopped_by is None:
        stopped_by = guard.stopped_by
    # one line on stderr at the end, whatever the end
    if stopped is not None:
        print(f"{PROG}: the games stopped after {plural(played, 'game')}: {stopped}", file=sys.stderr)
    elif interrupted:
        print(f"{PROG}: interrupted after {plural(played, 'game')}"
              + (guard.stop_words if stopped_by == "signal" else ""), file=sys.stderr)
    else:
        note(f"{PROG}: {plural(played, 'game')} in {elapsed:.1f} s")
    if not rows:
        return 1 if stopped is not None else 130 if interrupted else 1
    title = (f"{base.name}, {plural(base.players, 'player')}: {plural(args.games, 'game')} per point, "
             f"{plural(len(points), 'point')}, bots {', '.join(bots)}, seed {args.seed}")
    print(format_sweep(rows, [p for p, _ in grid], title), file=text_report_stream())
    status = 1 if stopped is not None else 130 if interrupted else 0
    try:
        if args.json:
            write_json(args.json, args, base, bots, grid, rows, interrupted,
                       stop_fields(stopped_by if interrupted else None, stopped, guard.stop_name))
        if args.csv:
            from studio.content import save_atomic
            from studio.playtest.report import summary_csv

            save_atomic(args.csv, summary_csv([flat_row(r, [p for p, _ in grid]) for r in rows]))
    except OSError as exc:
        print(f"{PROG}: cannot write {exc.filename or 'the results'}: {exc.strerror or exc}", file=sys.stderr)
        return status or 2
    return guard.late(PROG, status, "every game played is in the results")


# -- comparing points -----------------------------------------------------------------------------

class PointTally:
    """The games of one point of a sweep (``setup``: the point's setup): its
    :class:`~studio.playtest.stats.Tally` (judged against the point's own expectations, with
    the element catalogue of the point's game dealt from ``seed``, as ``studio playtest`` does,
    so a point's warnings match a plain run of the same games: content never taken included)
    and every game's win credits by seed, to compare points on the seeds they share. The CLI
    and the balance dashboard's sweep both count a point with it."""

    def __init__(self, setup, seed: int = 0):
        from studio.playtest.elements import catalogue
        from studio.playtest.insight import Expectations
        from studio.playtest.stats import Tally

        self.tally = Tally(catalogue(setup.game(seed)), Expectations.of_scenario(setup.scenario, setup.players))
        self.credits: dict = {}  # seed -> win credit per seat

    @property
    def games(self) -> int:
        return self.tally.games

    def add(self, result) -> None:
        self.tally.add(result)
        self.credits[result.seed] = win_credits(result)

    def row(self, settings: dict, complete: bool) -> dict:
        """The point as a row of the sweep: ``settings``, ``summary``, ``complete``, ``credits``
        (:func:`add_comparisons` adds ``diffs``)."""
        return {"settings": settings, "summary": self.tally.summary(), "complete": complete, "credits": self.credits}


def win_credits(result) -> tuple:
    """Each seat's share of the game's win: 1 for the winner, 1/k each for a win shared by k,
    0 when nobody won (RTR-E3, RIV-E6; solo: 1 for a win)."""
    credit = [0.0] * result.players
    for w in result.winners:
        credit[w] += 1.0 / len(result.winners)
    return tuple(credit)


def add_comparisons(rows: list[dict]) -> None:
    """Give every row ``diffs``: per seat, its win rate minus the first point's, paired on the
    seeds both played, Holm-adjusted over the whole sweep
    (:func:`~studio.playtest.seats.compare_settings`)."""
    from studio.playtest.seats import compare_settings

    if not rows:
        return
    for row, diffs in zip(rows, compare_settings([r["credits"] for r in rows])):
        row["diffs"] = diffs


# -- reporting ------------------------------------------------------------------------------------

def flat_row(row: dict, paths: list[str]) -> dict:
    """One point's settings and figures as a flat dict (CSV columns)."""
    s = row["summary"]
    out: dict[str, object] = {p: show(row["settings"][p]) for p in paths}
    out["games"] = s.games
    for seat in s.seats:
        out[f"seat_{seat.seat + 1}_win_rate"] = round(seat.win_rate, 4)
        out[f"seat_{seat.seat + 1}_ci_low"] = round(seat.ci_low, 4)
        out[f"seat_{seat.seat + 1}_ci_high"] = round(seat.ci_high, 4)
        out[f"seat_{seat.seat + 1}_score_mean"] = _round(seat.score_mean)
        diff = next((d for d in row.get("diffs", []) if d.seat == seat.seat), None)
        out[f"seat_{seat.seat + 1}_diff"] = "" if diff is None else round(diff.diff, 4)
        out[f"seat_{seat.seat + 1}_diff_p_holm"] = "" if diff is None else round(diff.p_holm, 4)
    solo = s.players == 1  # one seat: balance and first-seat edge do not apply (empty cells)
    out["balance"] = "" if solo or s.nobody_won else round(s.balance, 4)  # nobody won: no figure
    out["first_seat_advantage"] = "" if solo else round(s.first_seat_advantage, 4)
    out["margin_mean"] = _round(s.margin.mean if s.margin else math.nan)
    out["rounds_mean"] = _round(s.rounds_mean)
    out["actions_mean"] = _round(s.actions_mean)
    out["shared_wins"] = round(s.shared_wins / s.games, 4)
    out["no_winner"] = round(s.no_winner / s.games, 4)
    out["decided_at_mean"] = _round(s.decided_at_mean)
    out["lead_changes_mean"] = _round(s.lead_changes_mean)
    out["main_end"] = next(iter(s.end_reasons), "")
    out["warnings"] = len(s.warnings)
    out["complete"] = row["complete"]
    return out


def _round(x: float) -> float | str:
    return "" if not math.isfinite(x) else round(x, 3)


def sweep_head(rows: list[dict], paths: list[str]) -> list[str]:
    """The column heads of the sweep table (:func:`format_sweep`, the dashboard's sweep)."""
    players = rows[0]["summary"].players if rows else 0
    return list(paths) + ["games"] + [f"seat {s + 1} win %" for s in range(players)] + \
        ["balance", "1st seat", "margin", "rounds", "actions", "shared %", "decided", "warnings"]


def sweep_cells(r: dict, paths: list[str]) -> list[str]:
    """One row of the sweep table as text cells: the settings, the games (``*``: interrupted),
    each seat's win % with its 95% Wilson interval and ``+``/``-`` when significantly above or
    below the first row on the shared seeds, then balance, first-seat edge, margin, rounds,
    actions, shared wins, when decided and the number of warnings."""
    s = r["summary"]
    cells = [show(r["settings"][p]) for p in paths] + [str(s.games) + ("" if r["complete"] else "*")]
    marks = {d.seat: ("+" if d.diff > 0 else "-") for d in r.get("diffs", []) if d.significant}
    cells += [f"{100 * seat.win_rate:.1f} ({100 * seat.ci_low:.0f}-{100 * seat.ci_high:.0f})"
              + marks.get(seat.seat, "") for seat in s.seats]
    solo = s.players == 1  # one seat: no balance between seats, no first-seat edge
    cells += ["-" if solo else f"{s.balance:.2f}", "-" if solo else f"{100 * s.first_seat_advantage:+.1f}",
              f"{s.margin.mean:.1f}" if s.margin and s.margin.count else "-",
              f"{s.rounds_mean:.1f}", f"{s.actions_mean:.1f}", f"{100 * s.shared_wins / s.games:.1f}",
              f"{100 * s.decided_at_mean:.0f}%" if math.isfinite(s.decided_at_mean) else "-", str(len(s.warnings))]
    return cells


KEY_TEXT = ("win %: with its 95% Wilson interval; + or -: significantly higher or lower than the first row on the "
            "same seeds (paired, Holm-corrected); balance: 1 minus the largest gap between seats' win rates; "
            "1st seat: seat 1's win rate minus the fair share, in points; decided: share of the actions played "
            "when the winner took the lead for good")


def format_sweep(rows: list[dict], paths: list[str], title: str = "") -> str:
    """The grid as a plain-text table, then each point's warnings."""
    from studio.playtest.report import _table

    head = sweep_head(rows, paths)
    body = [sweep_cells(r, paths) for r in rows]
    out = [title, ""] if title else []
    out += _table(head, body, set(range(len(paths), len(head))))
    if any(not r["complete"] for r in rows):
        out.append("* interrupted: fewer games than asked")
    out.append("")
    out.append(KEY_TEXT)
    out += comparison_lines(rows, paths)
    out += solo_set_lines(rows, paths)
    warned = [r for r in rows if r["summary"].warnings]
    if warned:
        out.append("")
        out.append("warnings:")
        for r in warned:
            text = ", ".join(f"{p}={show(r['settings'][p])}" for p in paths)
            out += [f"  [{text}] {w}" for w in r["summary"].warnings]
    return "\n".join(out)


def comparison_lines(rows: list[dict], paths: list[str]) -> list[str]:
    """Each point against the first, per seat: the difference in win rate on the shared seeds
    with its 95% interval, marked when significant after Holm's correction."""
    if len(rows) < 2:
        return []
    first = ", ".join(f"{p}={show(rows[0]['settings'][p])}" for p in paths)
    out = ["", f"against the first row ({first}), on the same seeds (points of win rate, 95% interval):"]
    for r in rows[1:]:
        text = ", ".join(f"{p}={show(r['settings'][p])}" for p in paths)
        parts = [f"seat {d.seat + 1} {100 * d.diff:+.1f} ({100 * d.ci[0]:+.1f} to {100 * d.ci[1]:+.1f})"
                 + (" significant" if d.significant else "") for d in r.get("diffs", [])]
        out.append(f"  [{text}] " + ("; ".join(parts) or "too few shared seeds to compare (2 or more needed)"))
    return out


def solo_set_lines(rows: list[dict], paths: list[str]) -> list[str]:
    """Solo sweeps: each point's win rate per challenge set (RIV-X6), with 95% intervals."""
    if not any(r["summary"].solo is not None for r in rows):
        return []
    out = ["", "solo win rate per challenge set (95% interval, games):"]
    for r in rows:
        solo = r["summary"].solo
        if solo is None:
            continue
        text = ", ".join(f"{p}={show(r['settings'][p])}" for p in paths)
        sets = "; ".join(f"{x.label} {100 * x.win_rate:.1f}% ({100 * x.ci_low:.0f}-{100 * x.ci_high:.0f}, {x.games})"
                         for x in solo.sets)
        out.append(f"  [{text}] {sets}")
    return out


def write_json(path, args, base, bots, grid, rows, interrupted: bool, stop: dict | None = None) -> None:
    """Write the ``studio-sweep/1`` report; ``stop``: :func:`~studio.playtest.cli.stop_fields`
    of a sweep that ended early."""
    from studio.content import save_atomic

    data = {
        "format": SWEEP_FORMAT,
        "scenario": {"id": base.id, "name": base.name, "path": str(args.scenario)},
        "players": base.players, "bots": bots, "seed": args.seed, "games_per_point": args.games,
        "game_seeds": "seed * 1000003 + index, the same for every point",
        "grid": [{"path": p, "values": v} for p, v in grid],
        "interrupted": interrupted,
        **(stop or {}),
        "points": [{"settings": r["settings"], "complete": r["complete"], "summary": r["summary"].to_dict(),
                    "against_first": [{"seat": d.seat, "deals": d.deals, "diff": d.diff, "ci": list(d.ci), "p": d.p,
                                       "p_holm": d.p_holm, "significant": d.significant}
                                      for d in r.get("diffs", [])]}
                   for r in rows],
    }
    save_atomic(path, json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
