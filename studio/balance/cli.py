"""``studio balance SCENARIO``: search edits that make a Rule the Realm board fairer and healthier,
verify the best on fresh seeds, print them and save them. Rivages scenarios and islands go to
:mod:`studio.balance.rivages_cli` (same options, island edits).

The search (:func:`studio.balance.search.balance`) races candidate edits of the board by bot
games on common seeds; the best few proposals are played again with the original board on
seeds the search never used, and shown with every seat's win rate before and after, with 95%
intervals. Each proposal is saved in the output folder as a board file (the original file's
comments and layout kept) that validates, with a scenario file beside it when the proposal
changes rules, and ``balance.json`` sums up the run (``studio-balance/1``).

Exit status: 0 done (whether or not a proposal was found), 1 every Dask worker was lost (one line
on stderr; what was found so far is still printed and saved, marked as not verified) or the
content has errors (its findings on stderr, as ``studio validate``), 2 bad arguments, a file that
cannot be read or cluster (one line on stderr), 130 interrupted
(Ctrl+C; 143 SIGTERM, 129 SIGHUP: what was found so far is still printed and saved, marked as not verified).
"""

from __future__ import annotations

import json
import math
import re
import stat
import sys
from pathlib import Path

from studio.console import QUIET, add_common_options, note
from studio.playtest.cli import (
    MAX_JOBS,
    Interrupts,
    Parser,
    add_scheduler_options,
    check_content,
    check_scheduler_args,
    content_errors,
    fail,
    plural,
    run_main,
    whole,
)
from studio.playtest.executors import EXECUTORS

PROG = "studio balance"
FORMAT = "studio-balance/1"
DEFAULT_BUDGET = 1200


def build_parser() -> Parser:
    from studio.balance.edits import ELEMENT_LOCKS, KINDS
    from studio.balance.objective import DEFAULT_WEIGHTS
    from studio.balance.search import MAX_BUDGET

    p = Parser(prog=PROG, description="Search edits of a Rule the Realm board or of Rivages islands that make its "
               "bot games fair and healthy, verify the best on fresh seeds, and save them as content files.")
    p.add_argument("scenario", help="realm-scenario/1 file (with --players), a realm board file, a rivages-scenario/1 "
                                    "file or a rivages-island/1 file; a bundled name (jungle-temples, volcano-3p) or "
                                    "- (standard input) too")
    p.add_argument("--players", "-p", type=whole(1, 5, "Rule the Realm is played by 2 to 4, Rivages by 1 to 5"),
                   default=None,
                   help="number of players: the scenario's board for that many (default: the smallest; a board "
                        "file: its own; Rivages: 2 to 5, 1 for the solo game; an island: 2 unless given)")
    p.add_argument("--budget-games", "-n", type=whole(4, MAX_BUDGET), default=DEFAULT_BUDGET,
                   help=f"bot games the search may play (default {DEFAULT_BUDGET}); the verification plays more")
    p.add_argument("--budget-minutes", type=float, default=None, metavar="M",
                   help="also stop the search after M minutes, keeping the best so far")
    p.add_argument("--seed", "-s", type=whole(0, 2**53 - 1), default=0,
                   help="search seed: the same seed gives the same proposals, serial or parallel (default 0)")
    p.add_argument("--steps", type=whole(1, 20), default=3, help="edits in a row at most (default 3)")
    p.add_argument("--candidates", type=whole(1, 200), default=8, help="edits raced per step (default 8)")
    p.add_argument("--verify-games", type=whole(0, 100_000), default=200,
                   help="fresh games for the original board and each proposal (default 200; 0: no verification)")
    p.add_argument("--top", type=whole(1, 20), default=3, help="proposals to verify, print and save (default 3)")
    p.add_argument("--lock", action="append", default=[], metavar="WHAT",
                   help=f"never change this: a kind of edit ({', '.join(KINDS)}; treasure includes the "
                        f"Labyrinth's line treasure, energy the bridges') or an element "
                        f"({', '.join(w + ':ID' for w in ELEMENT_LOCKS)}); Rivages: icons, terrains, strongholds, "
                        "rewards, rules, island:ID, space:ISLAND:Q,R, goal:ISLAND:quest|mission-1|mission-2; repeat "
                        "or separate with commas")
    p.add_argument("--allow-rules", action="store_true",
                   help="also propose rule parameters of the scenario (opening hand sizes, the end score; Rivages: "
                        "the solo challenge cards' needs and scroll target, the Great Explorer bonus)")
    p.add_argument("--weights", metavar="PART=W,...",
                   help="weights of the objective's parts (default " +
                        ",".join(f"{k}={v:g}" for k, v in DEFAULT_WEIGHTS.items()) + "; Rivages adds goals and solo, "
                        "see docs/balance.md)")
    p.add_argument("--bots", "-b", default="greedy",
                   help="bot per seat or one for all: random, greedy, mcts (mcts:400...), or a playstyle "
                        "(Rule the Realm: hoarder, racer; Rivages: goal-chaser, explorer) (default greedy)")
    p.add_argument("--reference-bots", metavar="BOTS", default=None,
                   help="stronger bots the board should be fair for too (e.g. mcts; Rule the Realm only): they play "
                        "the original board and every board the search climbs onto, the search aims its own bots "
                        "where both land near fair share, and the proposals are checked with them on fresh seeds")
    p.add_argument("--reference-games", type=whole(1, 100_000), default=200, metavar="N",
                   help="games the reference bots play per board (default 200)")
    p.add_argument("--reference-share", type=float, default=0.5, metavar="F",
                   help="how far toward fair for the reference bots the search aims, 0 to 1 (default 0.5: halfway "
                        "between fair for the search's bots and fair for the reference bots)")
    p.add_argument("--jobs", "-j", type=whole(0, MAX_JOBS), default=1,
                   help="worker processes (0: one per CPU); results do not depend on it (default 1)")
    p.add_argument("--executor", choices=EXECUTORS, default="processes",
                   help="where games run: processes (default), dask (see --scheduler) or dask-local")
    add_scheduler_options(p)
    p.add_argument("-o", "--output", metavar="FOLDER",
                   help="folder for the proposals and balance.json (default: BOARD-ID-balance in the current folder)")
    add_common_options(p)
    return p


def main(argv: list[str] | None = None) -> int:
    return run_main(PROG, build_parser(), _run, argv)


class _Bar:
    """Progress on stderr: a tqdm bar on a terminal, else one line per stage (and one a minute)
    with the ETA."""

    EVERY = 60.0

    def __init__(self):
        from tqdm import tqdm

        from studio import console

        tqdm.monitor_interval = 0  # no monitor thread: workers then start by fork (playtest.cli.progress_bar)

        self.quiet = console.level == QUIET
        self.bar = tqdm(total=1, file=sys.stderr, unit="game", disable=True if self.quiet else None,
                        dynamic_ncols=True, leave=False)
        self.stage = None
        self.said = 0.0

    def __call__(self, p) -> None:
        if self.bar.disable:  # not a terminal: a line per stage, and one every EVERY seconds
            if p.stage != self.stage or p.elapsed - self.said >= self.EVERY:
                self.stage = p.stage
                self.said = p.elapsed
                eta = p.eta_text()
                note(f"{PROG}: {p.stage} ({p.done} of {p.total} games{', ' + eta if eta else ''})")
            return
        self.bar.total = p.total
        self.bar.n = p.done
        if p.stage != self.stage:
            self.stage = p.stage
            self.bar.set_description_str(p.stage[:60], refresh=False)
        self.bar.refresh()

    def close(self) -> None:
        self.bar.close()


def _run(args) -> int:
    from studio.balance.edits import EditError, parse_locks
    from studio.balance.objective import WeightsError, parse_weights
    from studio.balance.search import balance
    from studio.playtest.setup import load_setup

    if args.budget_minutes is not None and not (math.isfinite(args.budget_minutes) and args.budget_minutes > 0):
        raise fail(f"--budget-minutes must be a number of minutes above 0, got {args.budget_minutes}")
    check_scheduler_args(args)
    from studio.balance.rivages_cli import is_rivages
    from studio.balance.rivages_cli import run as run_rivages

    if not (math.isfinite(args.reference_share) and 0.0 <= args.reference_share <= 1.0):
        raise fail(f"--reference-share must be a number from 0 to 1, got {args.reference_share}")
    if is_rivages(args.scenario):
        if args.reference_bots:
            raise fail("--reference-bots: only Rule the Realm boards are searched with reference bots so far")
        return run_rivages(args)
    try:
        weights = parse_weights(args.weights)
    except WeightsError as exc:
        raise fail(str(exc)) from None
    try:
        setup = load_setup(args.scenario, args.players)
    except content_errors() as exc:
        check_content(args.scenario, args.players, "balancing")  # the content's findings say it best, when it has errors
        raise fail(exc.format() if hasattr(exc, "format") else str(exc)) from None
    try:
        locks = parse_locks(args.lock, setup.content.board)
    except EditError as exc:
        raise fail(str(exc)) from None
    if args.output == "-":  # a folder of files cannot go to standard output; never a folder named "-"
        raise fail("-o takes a folder for the proposals' files; standard output (-) cannot hold them")
    out = Path(args.output) if args.output else Path(f"{setup.content.board.id}-balance")
    _check_output(out, args.scenario, setup.content.board.id, setup.players)
    reference = None
    if args.reference_bots:
        from studio.balance.search import Reference
        from studio.bots.styles import check_fit
        from studio.playtest.runner import resolve_bots

        try:
            # a playstyle of the other game too, before any game (it was refused once they began)
            check_fit(resolve_bots(args.reference_bots, setup.players), setup.kind)
        except ValueError as exc:
            raise fail(f"--reference-bots: {exc}") from None
        reference = Reference(args.reference_bots, args.reference_games, args.reference_share)
    check_content(args.scenario, args.players, "balancing")  # no games on content with errors; warnings are listed
    note(plan_line(args, reference))
    return search_and_report(
        lambda bar: balance(setup, args.bots, args.budget_games, args.seed, args.steps, args.candidates,
                            args.allow_rules, locks, weights, args.verify_games, args.top, args.jobs,
                            args.executor, args.scheduler, args.budget_minutes, progress=bar, reference=reference),
        lambda result: format_result(result, setup, args),
        lambda result: save_result(result, setup, args, out), out)


def plan_line(args, reference=None) -> str:
    """What the progress's "of N games" holds, said once before the games: the search's
    budget, the checks on fresh seeds and any reference games (a trial read the total as the
    budget)."""
    from studio.balance.search import planned_games

    search, checks, slow = planned_games(args.budget_games, args.verify_games, args.top, args.steps, reference)
    parts = [f"{search:,} for the search"]
    if checks:
        parts.append(f"{checks:,} on fresh seeds to verify the content and its proposals")
    if slow:
        parts.append(f"up to {slow:,} with the reference bots")
    return f"{PROG}: up to {search + checks + slow:,} games: " + ", ".join(parts)


def search_and_report(search, describe, save, out: Path) -> int:
    """Run ``search(progress_bar)`` under Ctrl+C handling, print ``describe(result)`` and save
    the proposals with ``save(result)`` (``(path, note)`` per file; a note for ``out`` itself is
    printed alone). Shared by Rule the Realm and Rivages. Returns the exit code: 0, 1 (workers
    lost), 2 (cannot save), 130 (interrupted). Only the first stop signal counts: later ones,
    while the best so far is kept, saved and printed, change nothing."""
    bar = _Bar()
    with Interrupts(once=True) as stops:
        try:
            result = search(bar)
        except KeyboardInterrupt:
            bar.close()
            print(f"{PROG}: interrupted{stops.stop_words} before any proposal", file=sys.stderr)
            return 130
        except content_errors() as exc:
            bar.close()
            raise fail(str(exc)) from None
        finally:
            bar.close()
        stops.keep()
        if result.stopped == "interrupted" and stops.fields and not result.stop_reason:
            # balance.json says which stop it was, as a playtest's --json does
            result.stop_reason = stops.fields["stop_reason"]
        status = _save_and_report(result, describe, save, out)
        if status == 130:   # one line on stderr, as the other commands end a stopped run
            kept = (f"the best so far is saved in {out}" if result.proposals else
                    f"no edit was raced; the run is recorded in {out / 'balance.json'}" if result.stopped_before_racing() else
                    f"no proposal yet; what was raced is recorded in {out / 'balance.json'}")
            print(f"{PROG}: interrupted{stops.stop_words}; {kept}", file=sys.stderr)
        return stops.late(PROG, status, f"its results are saved in {out}")


def _save_and_report(result, describe, save, out: Path) -> int:
    if result.stopped == "workers-lost":  # one line on stderr; the best so far is still printed and saved
        print(f"{PROG}: the games stopped after {plural(result.games, 'game')}: {result.stop_reason}",
              file=sys.stderr)
    # saved before the report is printed: a reader that stops early (| head) must not lose the run;
    # a run with no proposal saves its balance.json too (what was raced, on how many games)
    earlier, unsure = _earlier_files(out)
    try:
        written = save(result)
    except (OSError, ValueError) as exc:
        print(describe(result))   # the figures are not lost with the files
        print(f"{PROG}: cannot save the proposals in {out}: {_save_error(exc)}", file=sys.stderr)
        return 2
    made = {p.resolve() for p, _note in written}
    removed, kept = [], []
    for f in sorted(earlier - made):   # not made again by this run
        try:
            f.unlink(missing_ok=True)
            removed.append(f)
        except OSError as refused:   # one that stays is named; the others still go
            kept.append((f, refused))
    print(describe(result))
    print("")
    for path, problems in written:
        print(problems if path == out else f"saved {path}" + (f" ({problems})" if problems else ""))
    for f in removed:
        print(f"removed {f} (a proposal of the earlier run in this folder, whose balance.json this run replaced)")
    for f, error in kept:
        print(f"{PROG}: warning: cannot remove {f}, a proposal of the earlier run in this folder that this run's "
              f"balance.json does not list: {_save_error(error, named=False)}", file=sys.stderr)
    left = sorted(unsure - made)
    if left:
        print(f"{PROG}: warning: the earlier balance.json in {out} could not be read, so these files named like "
              f"proposals were left as they are; remove any that an earlier run saved: "
              + ", ".join(f.name for f in left), file=sys.stderr)
    line = summary_line(result.proposals)
    if line:
        print(line)
    return 130 if result.stopped == "interrupted" else 1 if result.stopped == "workers-lost" else 0


def _save_error(exc: Exception, named: bool = True) -> str:
    """An error saving or removing a run's file in plain words, naming the file (``named``)."""
    if not isinstance(exc, OSError):
        return str(exc)
    reason = "permission denied" if isinstance(exc, PermissionError) else (exc.strerror or str(exc)).lower()
    return f"{exc.filename}: {reason}" if named and exc.filename else reason


PROPOSAL_NAME = re.compile(r".+-proposal-\d+\.ya?ml")
"""The name of a proposal file a run saves (``BOARD-ID-proposal-K.yaml``)."""


def _earlier_files(out: Path) -> tuple[set[Path], set[Path]]:
    """``(listed, unsure)``: the proposal files an earlier run saved in ``out``, as its
    balance.json lists them (resolved paths inside ``out``; these a rerun removes), and, when
    that balance.json cannot be read (damaged, or not a run's record), the folder's files named
    like proposals (:data:`PROPOSAL_NAME`), which a rerun names but never removes: they may be
    the user's (a trial lost its own "ideas-proposal-1.yaml" so)."""
    record = out / "balance.json"
    root = out.resolve()
    try:
        data = _read_record(out)
        entries = data["proposals"] if data.get("format") == FORMAT else []
        names = {n for e in entries for n in [e.get("file"), e.get("scenario_file"), *e.get("files", [])] if n}
    except FileNotFoundError:
        return set(), set()
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        if not record.is_file():
            return set(), set()
        return set(), {f.resolve() for f in out.iterdir() if PROPOSAL_NAME.fullmatch(f.name) and f.is_file()}
    found = {(out / n).resolve() for n in names if isinstance(n, str)}
    return {f for f in found if f.parent == root and f.is_file()}, set()


def _read_record(out: Path):
    """The parsed ``balance.json`` of the run saved in ``out``; raises OSError (none, or not
    readable) or ValueError (not JSON)."""
    return json.loads((out / "balance.json").read_text(encoding="utf-8"))


def no_proposal_line(result, subject: str) -> str:
    """Why ``result`` has no proposal, and what to try when the search ran (Realm and Rivages)."""
    # a stopped run's cure is to let it run (trial: a stop in the first race advised a larger budget)
    hint = "" if result.stopped in ("interrupted", "workers-lost") else \
        " Try a larger --budget-games, more --candidates, --allow-rules or fewer locks."
    return result.no_proposal_reason(subject) + hint


def race_lines(result, subject: str) -> list[str]:
    """One line per race of ``result.steps`` (``subject``: ``"board"`` or ``"content"``, as
    :func:`~studio.balance.search.race_outcome` says it): the edits raced, over how many games,
    and what came of it; a run of races with nothing left to race is one line."""
    from studio.balance.search import race_outcome

    lines: list[str] = []
    steps = result.steps
    i = 0
    while i < len(steps):
        st = steps[i]
        i += 1
        if not st["candidates"]:
            # a step with nothing left to race: say that, not that nothing beat the board; a run
            # of them (each reaching a little further for new edits) in one line
            last = st
            while i < len(steps) and not steps[i]["candidates"] and steps[i]["edit"] == st["edit"]:
                last, i = steps[i], i + 1
            races = f"race {st['step']}" if last is st else f"races {st['step']} to {last['step']}"
            lines.append(f"  {races} for edit {st['edit']}: no edit left to race from this {subject} "
                         "(every candidate was raced already or does not validate)")
            continue
        lines.append(f"  race {st['step']} for edit {st['edit']}: {plural(st['candidates'], 'valid edit')} raced"
                     + (f" over {plural(st.get('games', 0), 'game')}" if st.get("games") else "")
                     + f"; {race_outcome(result, st, subject)}")
    return lines


def stopped_line(result) -> str | None:
    """What a stopped run (``result.stopped``) holds, in one line, or None for a run that was
    not stopped: the best so far, and which proposals were not verified on fresh seeds (a stop
    during the check leaves the proposals checked before it verified)."""
    said = {"interrupted": result.stop_reason or "interrupted", "workers-lost": "the Dask workers were lost",
            "deadline": "the time budget ran out"}.get(result.stopped or "")
    if said is None:
        return None
    if result.stopped == "deadline":
        return f"{said}: the best so far"
    from studio.balance.search import proposal_numbers, unverified

    proposals, unchecked = result.proposals, unverified(result.proposals)
    if not proposals:   # no "best so far" to speak of (trial); the report's last line says why
        return f"{said} before any edit was raced" if result.stopped_before_racing() else f"{said}: no proposal yet"
    if not (result.stopped_in_check or 0 < len(unchecked) < len(proposals)):
        # the search itself was cut short: its best so far
        return f"{said}: the best so far" + (", not verified on fresh seeds" if len(unchecked) == len(proposals) else "")
    # the search had ended: what was cut short is the check of its proposals
    if not unchecked:
        return f"{said} during the check with the reference bots: the proposals are verified on fresh seeds"
    if len(unchecked) == len(proposals):
        return f"{said} during the check on fresh seeds: the search had ended; no proposal verified"
    return f"{said} during the check on fresh seeds: {proposal_numbers(unchecked)} not verified"


def summary_line(proposals) -> str | None:
    """The run's outcome in one last line, so a long report's verdict is not lost above the
    saved files (fresh-user trial): which proposal did best on the fresh games, or that every
    one did worse than the content as it is (a proposal that brought both kinds of bot nearer
    the fair share with reference bots does not count as worse). None when no proposal was
    verified (stopped early, or ``--verify-games 0``)."""
    checked = [(i, p) for i, p in enumerate(proposals, 1) if p.verified is not None]
    if not checked:
        return None
    from studio.balance.search import proposal_numbers, unverified

    unchecked = unverified(proposals)
    # a stop during the check: the verdict is of the proposals checked, and says so
    tail = f" ({proposal_numbers(unchecked)} not verified: the run was stopped first)" if unchecked else ""
    kept = [(i, p) for i, p in checked if not p.verified.worse() or p.verified.nearer_with(getattr(p, "reference", None))]
    if not kept:
        which = "the proposal" if len(checked) == 1 else f"all {len(checked)} proposals"
        if unchecked:
            which = f"the {len(checked)} proposal{'s' if len(checked) > 1 else ''} verified"
        return (f"summary: {which} did worse than the content as it is on fresh games{tail}; keep the content as "
                "it is, or search again with a larger budget")
    if all(getattr(p, "reference", None) is not None for _i, p in kept):
        # checked by both kinds of bot: the bar is on both, as the proposals are ordered
        from studio.balance.search import reference_order

        i, best = min(kept, key=lambda t: reference_order(t[1]))
        v, r = best.verified, best.reference
        before, after = max(v.before.gap(), r.before.gap()), max(v.after.gap(), r.after.gap())
        if after >= before:   # none brought both nearer: no recommendation (trial)
            return (f"summary: no proposal brought both kinds of bot nearer the fair share on fresh games (the "
                    f"nearest, proposal {i}: the larger of their largest gaps {100 * before:.1f} -> "
                    f"{100 * after:.1f} points){tail}; keep the content as it is, or search again with a larger "
                    "budget")
        return (f"summary: proposal {i} came nearest the fair share for both kinds of bot on fresh games (the "
                f"larger of their largest gaps {100 * before:.1f} -> {100 * after:.1f} points; "
                f"{v.nearer_words(r)}){tail}")
    i, best = min(kept, key=lambda t: t[1].verified.change)
    v = best.verified
    if v.worse():   # kept only as nearer fair with reference bots
        return f"summary: proposal {i} on fresh games: {v.nearer_words(best.reference)}{tail}"
    return (f"summary: proposal {i} scored best of the proposals on fresh games (objective change {v.change:+.3f}, "
            f"95% {v.change_ci[0]:+.3f} to {v.change_ci[1]:+.3f}; {v.verdict()} than the content as it is){tail}")


def _check_output(out: Path, scenario, board_id: str | None = None, players: int | None = None) -> None:
    """Refuse, before any game, an output that is a file, a folder that cannot be made (under
    a file) or written, or a folder holding the run of another board or player count (its
    ``balance.json``): a run there replaces that record and removes its proposals, which is
    right for a rerun of the same board (``board_id``, ``players``) and loses another's. The
    folder and the missing ones above it are made when the proposals are saved."""
    from studio.content.yamlio import creatable_folder_refusal, stat_or_none

    try:
        info = stat_or_none(out)
    except OSError as exc:  # a name too long for the file system, a loop of links
        raise fail(f"-o {out}: {exc.strerror}") from None
    if info is not None and not stat.S_ISDIR(info.st_mode):
        raise fail(f"-o {out}: is a file; give a folder for the proposals")
    refusal = creatable_folder_refusal(out)
    if refusal:
        raise fail(f"-o {out}: {refusal}")
    other = _earlier_run(out)
    if other is not None and board_id is not None and players is not None and other != (board_id, players):
        raise fail(f"-o {out}: holds the balance run of {other[0]} ({plural(other[1], 'player')}), which a run of "
                   f"{board_id} ({plural(players, 'player')}) would replace, its proposals removed: give another "
                   f"folder, or remove {out / 'balance.json'} first")


def _earlier_run(out: Path) -> tuple[str, int] | None:
    """``(board id, players)`` of the run whose ``balance.json`` is in ``out``, or None (no
    record, or one that cannot be read: the save names what it leaves then)."""
    try:
        data = _read_record(out)
        if data.get("format") != FORMAT:
            return None
        board, players = data["board"]["id"], data["players"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return (board, players) if isinstance(board, str) and isinstance(players, int) else None


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def games_text(result, budget: int) -> str:
    """How many games the run played, the search (against its ``budget``) apart from the
    checks after it: "searched with 11263 games (budget 12000), then 4000 fresh games to
    verify"."""
    if getattr(result, "search_games", None) is None:
        return f"searched with {plural(result.games, 'game')}"
    after = [f"{plural(n, noun)}{tail}" for n, noun, tail in (
        (result.verify_games, "fresh game", " to verify"), (result.reference_games, "reference-bot game", "")) if n]
    return (f"searched with {plural(result.search_games, 'game')} (budget {budget})"
            + (", then " + " and ".join(after) if after else ""))


def disagreement_lines(found, names, ref_bots: str) -> list[str]:
    """Report lines for :func:`studio.balance.objective.disagreements` on the board as it is:
    per seat that needs the reference bots moved farther than the search's bots, what each kind
    of bot says and how much farther; then what that means."""
    lines = []
    for d in (d for d in found if d.pulls_apart):
        how = "favour it" if d.side > 0 else "leave it behind"
        need = (f"an edit must move the reference bots {100 * d.reference_move:.1f} points toward fair while the "
                f"search's bots move at most {100 * max(d.search_room, 0.0):.1f}"
                + (f" ({d.ratio:.1f} times as far)" if d.search_room > 0 else " (no room: they would leave the bar)"))
        lines.append(f"  the two kinds of bot disagree on {names[d.seat]}: the reference bots ({ref_bots}) {how}, "
                     f"{_pct(d.reference_rate)}% ({100 * d.reference_ci[0]:.1f}-{100 * d.reference_ci[1]:.1f}; fair "
                     f"{_pct(d.reference_fair)}%), the search's bots have it at {_pct(d.search_rate)}% (fair "
                     f"{_pct(d.search_fair)}%); to meet both bars {need}")
    if any(d.far_apart for d in found):
        lines.append("  on the bundled boards edits moved both kinds of bot the same way, the reference bots from a "
                     "quarter to 5 times as far, so this board's content may not meet both bars: where the "
                     "reference bots' gap is turn order and opening hands (studio playtest --bots mcts --attribute "
                     "splits it), the rules are the lever (rules.hand_sizes; --allow-rules lets the search try them)")
    return lines


def format_result(result, setup, args) -> str:
    """The run in plain text: what was searched, then each proposal with its edits, notes and
    the seats' win rates before and after."""
    board = setup.content.board
    names = [board.seats[k].label or k for k in list(board.seats)[: setup.players]]
    lines = [f"{setup.name}, {plural(setup.players, 'player')} ({board.id}): "
             f"{games_text(result, args.budget_games)}; {result.elapsed:.0f} s in all, seed {result.seed}"]
    stop = stopped_line(result)
    if stop:
        lines.append(stop)
    ref_bots = _bots(getattr(getattr(result, "reference", None), "bots", ()))
    for cal in getattr(result, "calibrations", ()):
        where = "the board as it is" if not cal["edits"] else "the board after " + "; ".join(cal["edits"])
        lines.append(f"  reference bots ({ref_bots}) on {where}, {plural(cal['reference'].games, 'game')}: "
                     + ", ".join(f"{names[s][:10]} {_pct(r)}% ({100 * lo:.1f}-{100 * hi:.1f})" for s, (r, (lo, hi))
                                 in enumerate(zip(cal["reference"].rates, cal["reference_win_ci"])))
                     + f"; the search's bots {', '.join(_pct(r) + '%' for r in cal['search'].rates)}; aiming them at "
                     + ", ".join(f"{_pct(cal['search'].fair_share + a)}%" for a in cal["aim_rates"]))
        if not cal["edits"]:   # on the board as it is: where the two bars pull apart
            lines += disagreement_lines(cal["disagreements"], names, ref_bots)
    lines += race_lines(result, "board")
    if not result.proposals:
        lines.append("")
        lines.append(no_proposal_line(result, "board"))
        return "\n".join(lines)
    for i, p in enumerate(result.proposals, 1):
        lines.append("")
        head = f"proposal {i}: objective {p.base_score.total:.3f} -> {p.score.total:.3f} in the search ({p.search_words()})"
        lines.append(head)
        lines += [f"  - {t}" for t in p.describe()]
        lines += [f"  note: {n}" for n in p.notes]
        v = p.verified
        if v is None:
            lines.append("  not verified on fresh seeds")
            continue
        lines.append(f"  verified on {plural(v.games, 'fresh game')} (seeds the search never played), "
                     f"the original board on the same seeds:")
        lines.append(f"  {'seat':>4}  {'name':<10} {'before win %':>12} {'95% CI':>11}  {'after win %':>11} {'95% CI':>11}")
        for s in range(len(v.before.rates)):
            b, a = v.before_ci[s], v.after_ci[s]
            lines.append(f"  {s + 1:>4}  {names[s][:10]:<10} {_pct(v.before.rates[s]):>12} "
                         f"{100 * b[0]:>5.1f}-{100 * b[1]:<5.1f}  {_pct(v.after.rates[s]):>11} "
                         f"{100 * a[0]:>5.1f}-{100 * a[1]:<5.1f}")
        lines.append(f"  largest gap from the fair share ({v.fair_share_label()}): "
                     f"{_pct(v.before.gap())} -> {_pct(v.after.gap())} points")
        lines += [f"  {t}" for t in v.fair_share_notes()]
        lines.append(f"  objective {v.before.total:.3f} -> {v.after.total:.3f} (change {v.change:+.3f}, 95% "
                     f"{v.change_ci[0]:+.3f} to {v.change_ci[1]:+.3f}"
                     + f"; {v.verdict()})")
        r = getattr(p, "reference", None)
        if v.worse() and not v.nearer_with(r):
            lines.append("  warning: this proposal did worse than the board as it is on these fresh games; "
                         "keep the board, or search again with a larger budget")
        parts = [f"{k} {v.before.parts[k]:.2f}->{v.after.parts[k]:.2f}" for k in v.before.parts
                 if abs(v.before.parts[k] - v.after.parts[k]) >= 0.005]
        if parts:
            lines.append("  parts: " + ", ".join(parts))
        if r is not None:
            lines.append(f"  with the reference bots ({ref_bots}) on {plural(r.games, 'fresh game')}, "
                         "the original board on the same seeds:")
            lines.append(f"  {'seat':>4}  {'name':<10} {'before win %':>12} {'95% CI':>11}  {'after win %':>11} "
                         f"{'95% CI':>11}")
            for s in range(len(r.before.rates)):
                b, a = r.before_ci[s], r.after_ci[s]
                lines.append(f"  {s + 1:>4}  {names[s][:10]:<10} {_pct(r.before.rates[s]):>12} "
                             f"{100 * b[0]:>5.1f}-{100 * b[1]:<5.1f}  {_pct(r.after.rates[s]):>11} "
                             f"{100 * a[0]:>5.1f}-{100 * a[1]:<5.1f}")
            lines.append(f"  largest gap from the fair share ({r.fair_share_label()}): {_pct(r.before.gap())} -> "
                         f"{_pct(r.after.gap())} points; the fair share is "
                         + ("inside every seat's 95% interval" if r.covers_fair_share()
                            else "outside a seat's 95% interval"))
            lines += [f"  {t}" for t in r.fair_share_notes()]
            both = (f"  both kinds of bot: the larger of their largest gaps "
                    f"{_pct(max(v.before.gap(), r.before.gap()))} -> {_pct(max(v.after.gap(), r.after.gap()))} points")
            if v.nearer_with(r):
                both += "; " + v.nearer_words(r)
                if v.worse():
                    both += (" (the objective rose as it is judged against the search's aim for its own bots, "
                             "part way toward fair for the reference bots)")
            lines.append(both)
    return "\n".join(lines)


def _bots(bots) -> str:
    names = [str(b) for b in bots]
    return names[0] if len(set(names)) == 1 else ", ".join(names)


def save_result(result, setup, args, out: Path) -> list[tuple[Path, str]]:
    """Write every proposal's board (and scenario, when it changes rules) in ``out`` and
    ``balance.json``; returns ``(path, note)`` per file, ``note`` empty when the file validates
    with no error and nothing needs saying (else its first error, or what a scenario left out).
    Raises OSError when a file cannot be written."""
    from studio.content import save_atomic
    from studio.content.paths import content_root_of, rebased_reference, resolved
    from studio.content.yamlio import make_folders
    from studio.model import io
    from studio.model.realm import Scenario
    from studio.playtest.setup import set_path
    from studio.validate import validate

    make_folders(out)
    original = setup.content.board
    scenario = setup.scenario
    written = []
    entries = []
    for i, p in enumerate(result.proposals, 1):
        board = p.board.copy()
        board_file = out / f"{original.id}-proposal-{i}.yaml"
        scenario_file = None
        if p.settings:
            from studio.balance.search import settings_data

            data = scenario.to_data()
            for path, value in settings_data(p.settings).items():
                set_path(data, path, value)
            data["id"] = f"{scenario.id}-proposal-{i}"
            data["name"] = f"{scenario.name} (balance proposal {i})"
            scenario_file = out / f"{scenario.id}-proposal-{i}.yaml"
            refs = {}
            root = content_root_of(scenario_file)
            for n, ref in data["boards"].items():
                if int(n) == setup.players:
                    refs[n] = board_file.name
                elif scenario.path:
                    # the other counts' boards where they are, when the output's content root holds them
                    # (a reference may not leave it); else left out, with the warning that says so
                    target = resolved(Path(scenario.path).parent / ref)
                    if target.is_relative_to(root):
                        refs[n] = rebased_reference(ref, scenario.path, scenario_file)
            data["boards"] = refs
            board.location = data["id"]
            new_scenario = Scenario.from_data(data, path=str(scenario_file))
            io.write(new_scenario, scenario_file, origin=scenario.path)
        io.write(board, board_file, origin=original.path)
        for f in (board_file, scenario_file):
            if f is None:
                continue
            errors = [x for x in validate(str(f)) if x.severity == "error"]
            if not errors and f is scenario_file and len(new_scenario.boards) < len(scenario.boards):
                written.append((f, f"lists only the board for {plural(setup.players, 'player')}: the other boards "
                                   "lie outside this folder's content root"))
                continue
            written.append((f, f"{plural(len(errors), 'validation error')}: {errors[0].format()}" if errors else ""))
        entries.append({"file": board_file.name, "scenario_file": scenario_file.name if scenario_file else None,
                        **p.to_dict()})
    data = {"format": FORMAT, "scenario": {"id": scenario.id, "name": scenario.name, "path": str(args.scenario)},
            "board": {"id": original.id, "path": original.path}, "players": setup.players, "seed": result.seed,
            "budget_games": args.budget_games, "games_played": result.games,
            "search_games": result.search_games, "verify_games": result.verify_games, "stopped": result.stopped,
            **({"stop_reason": result.stop_reason} if result.stop_reason else {}),
            "weights": result.weights, "allow_rules": bool(args.allow_rules), "locks": list(args.lock),
            "search_seeds": "seed * 1000003 + index, index below the budget",
            "verify_seeds": "seed * 1000003 + 500000 + index",
            "original": result.base.to_dict() if result.base else None,
            "steps": result.steps, "proposals": entries}
    ref = getattr(result, "reference", None)
    if ref is not None:
        data["reference"] = {
            "bots": _bots(ref.bots), "games": ref.games, "share": ref.share,
            "calibration_seeds": "seed * 1000003 + 700000 + index",
            "check_seeds": "seed * 1000003 + 850000 + index",
            "calibrations": [{"edits": c["edits"], "search": c["search"].to_dict(),
                              "reference": c["reference"].to_dict(),
                              "reference_win_ci": [list(x) for x in c["reference_win_ci"]],
                              "aim_rates": list(c["aim_rates"]), "aim_scores": list(c["aim_scores"]),
                              "disagreements": [{"seat": d.seat + 1, "side": d.side, "reference_move": d.reference_move,
                                                 "search_room": d.search_room, "ratio": d.ratio}
                                                for d in c["disagreements"]]}
                             for c in result.calibrations]}
    summary = out / "balance.json"
    save_atomic(summary, json.dumps(_finite(data), indent=1) + "\n")
    written.append((summary, ""))
    return written


def _finite(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


if __name__ == "__main__":
    sys.exit(main())
