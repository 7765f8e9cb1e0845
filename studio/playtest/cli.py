"""``studio playtest SCENARIO``: play bot games headless and report balance.

Works for Rule the Realm and Rivages scenarios. Games are aggregated as they finish (and
streamed to ``--json`` / ``--csv``), so memory stays flat however many games are asked for.

Exit status (:mod:`studio.content.exits`, as every command): 0 done, 1 content with errors
(its findings on stderr, as ``studio validate`` prints them and exits 1), 2 bad arguments, a
file that cannot be read, settings that cannot be played (one line on stderr, never a
traceback), 130 interrupted with Ctrl+C, 143 by SIGTERM, 129 by SIGHUP (the report of the games finished so far is still printed and
written).
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import stat
import sys
import threading
import time
from pathlib import Path

from studio import console
from studio.console import STDIO, UnknownName, add_common_options, configure, content_argument, detail, note, stdin_copy
from studio.content.exits import EXIT_ERRORS, EXIT_USAGE, findings_status
from studio.content.outputs import output_refusal
from studio.content.paths import resolved as _safe_resolve  # never raises on a symbolic link loop
from studio.content.words import counted
from studio.content.yamlio import make_folders, stat_or_none
from studio.playtest.executors import EXECUTORS
from studio.playtest.runner import game_seed, iter_batch, resolve_bots

PROG = "studio playtest"
LADDER_DEFAULT = "random,greedy,mcts:50,mcts:200"   # studio.playtest.ladder.SKILL_LADDER
MAX_GAMES = 10_000_000          # per run (per point for a sweep): days of play even for greedy bots
MAX_JOBS = 1_024
MAX_PLAYERS = 99
MAX_SEED = 2**53 - 1            # game seeds stay exact in JSON readers that use doubles
REPORT_SUFFIXES = (".html", ".htm")


class UsageError(Exception):
    """A problem to report in one line with exit status ``status`` (2, a usage problem, unless
    given: :mod:`studio.content.exits`)."""

    def __init__(self, *args, status: int = EXIT_USAGE) -> None:
        super().__init__(*args)
        self.status = status


class Reported(UsageError):
    """A problem already printed (the content's findings): exit status ``status``."""


class Parser(console.OptionParser):
    """The batch commands' parser: its errors go through ``main()``, which returns 2, instead of
    ``sys.exit``."""

    def error(self, message):
        raise UsageError(message + self.meant(message))


def whole(low: int, high: int, why: str = ""):
    """An argparse ``type``: a whole number from ``low`` to ``high``, else a one-line error
    (``why``: what the range comes from, said in brackets)."""
    def convert(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high:,}{f' ({why})' if why else ''}, "
                                             f"got {text.strip()}")
        return value
    return convert


def add_batch_options(p: argparse.ArgumentParser, games: int) -> None:
    """Options shared by ``studio playtest`` and ``studio sweep``."""
    p.add_argument("scenario", help="realm-scenario/1 or rivages-scenario/1 file, e.g. scenarios/jungle-temples.yaml, "
                                    "or a realm board (played with its location's rules); a bundled name "
                                    "(jungle-temples, volcano-3p) or - (standard input) too")
    p.add_argument("--players", "-p", type=whole(1, MAX_PLAYERS), default=None,
                   help="number of players (default: the scenario's smallest board; Rivages 2, 1 is solo)")
    p.add_argument("--games", "-n", type=whole(1, MAX_GAMES), default=games,
                   help=f"games to play, 1 to {MAX_GAMES:,} (default {games})")
    p.add_argument("--seed", "-s", type=whole(0, MAX_SEED), default=0,
                   help="batch seed, 0 to 2^53-1; game i is dealt and played from seed*1000003+i (default 0)")
    p.add_argument("--bots", "-b", default="greedy",
                   help="comma-separated bot per seat, or one for every seat: random, greedy, mcts, "
                        "mcts:400 (iterations), mcts:0.2s (time per decision), or a playstyle (Rule the "
                        "Realm: hoarder, racer; Rivages: goal-chaser, explorer) (default greedy)")
    p.add_argument("--jobs", "-j", type=whole(0, MAX_JOBS), default=1,
                   help="worker processes (0: one per CPU); results do not depend on it (default 1)")
    p.add_argument("--executor", choices=EXECUTORS, default="processes",
                   help="where games run: processes on this machine (default), dask (a running Dask "
                        "scheduler, see --scheduler) or dask-local (a Dask cluster of --jobs processes)")
    add_scheduler_options(p)
    add_common_options(p)


def add_scheduler_options(p: argparse.ArgumentParser) -> None:
    """``--scheduler`` and ``--scheduler-file`` (for ``--executor dask``)."""
    p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address for --executor dask, "
                   "e.g. tcp://10.0.0.5:8786 (default: $DASK_SCHEDULER_ADDRESS)")
    p.add_argument("--scheduler-file", metavar="FILE", help="for --executor dask: the file 'dask scheduler "
                   "--scheduler-file FILE' wrote, instead of --scheduler")


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog=PROG, description="Play Rule the Realm or Rivages games between bots and report seat "
               "balance, scores, game length and which content gets taken.")
    add_batch_options(p, 100)
    p.add_argument("--json", metavar="FILE", help="also write every game's result and the summary as JSON "
                   "(- for standard output; the text report then goes to stderr)")
    p.add_argument("--csv", metavar="FILE", help="also write one CSV row per game (- for standard output)")
    p.add_argument("--report", metavar="FILE", help="also write a self-contained HTML report with plots "
                   "(.html or .htm; - for standard output)")
    p.add_argument("--attribute", action="store_true",
                   help="Rule the Realm: replay the batch's deals with the seats rotated and with equal starting "
                        "hands (2 x players x games more games) and say how much of each seat's edge is turn "
                        "order, hand size and the board")
    p.add_argument("--ladder", nargs="?", const=LADDER_DEFAULT, default=None, metavar="BOTS",
                   help="also play the same deals with every seat played by each bot of a skill ladder, weakest "
                        f"first (default {LADDER_DEFAULT}), and matches of each bot against the one below it; say "
                        "whether the balance verdict holds across skill and how often the stronger bot wins")
    p.add_argument("--styles", action="store_true",
                   help="also play the same deals with every seat played by each playstyle bot (Rule the Realm: "
                        "hoarder, racer; Rivages: goal-chaser, explorer) and one style against the other; say "
                        "whether the verdict holds across styles")
    p.add_argument("--ladder-games", type=whole(1, MAX_GAMES), default=None, metavar="N",
                   help="games per bot for --ladder and --styles (default: --games)")
    p.add_argument("--evaluate", metavar="N", type=whole(0, 100), default=0,
                   help="value N positions per game (sampled at random) with the MCTS evaluator for drama, "
                        "stability and clarity; costly, off by default (0)")
    return p


def parse(parser: argparse.ArgumentParser, argv):
    """``(args, None)`` or ``(None, exit status)`` after printing the problem or the help."""
    try:
        return parser.parse_args(sys.argv[1:] if argv is None else argv), None
    except UsageError as exc:
        print(f"{parser.prog}: {exc} (see '{parser.prog} --help')", file=sys.stderr)
        return None, 2
    except SystemExit as exc:  # --help
        return None, int(exc.code or 0)


def run_main(prog: str, parser: argparse.ArgumentParser, run, argv) -> int:
    """Parse ``argv`` and ``run(args)``: its status, or 2 for a usage problem, 1 for content
    with errors (its findings already printed) and 130 for a Ctrl+C outside the games."""
    args, status = parse(parser, argv)
    if args is None:
        return status
    configure(args)
    try:
        args.scenario = content_argument(args.scenario)
    except UnknownName as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 2
    outputs = [o for o in ("json", "csv", "report") if getattr(args, o, None) == STDIO]
    if len(outputs) > 1:
        print(f"{prog}: only one output can go to standard output (-), got --{' and --'.join(outputs)}",
              file=sys.stderr)
        return 2
    games = args.games if hasattr(args, "games") else args.budget_games  # playtest, or balance's budget
    detail(f"{prog}: {'standard input' if args.scenario == STDIO else args.scenario}: {plural(games, 'game')}"
           f"{'' if hasattr(args, 'games') else ' (search budget)'}, seed {args.seed}, bots {args.bots}, "
           f"executor {args.executor}, jobs {args.jobs}")
    with terminate_as_interrupt():
        if args.scenario == STDIO:
            with stdin_copy() as copy:
                args.scenario = str(copy)
                return _run_main(prog, run, args)
        return _run_main(prog, run, args)


def text_report_stream():
    """Where the text report goes: standard output, or stderr when a file output is ``-``."""
    return sys.stderr if STDIO in (getattr(_ARGS, "json", None), getattr(_ARGS, "csv", None),
                                   getattr(_ARGS, "report", None)) else sys.stdout


_ARGS = None


@contextlib.contextmanager
def terminate_as_interrupt():
    """While entered (main thread, SIGTERM not handled elsewhere), SIGTERM and SIGHUP end the
    run as Ctrl+C does: the finished games are kept and the reports written (issue 12). All
    three wait for an import under way to end (:func:`console.interrupt_handler`)."""
    changed = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None and signal.getsignal(sig) is signal.SIG_DFL:
                changed[sig] = signal.signal(sig, console.interrupt_handler)
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:   # Ctrl+C: the same, imports too
            changed[signal.SIGINT] = signal.signal(signal.SIGINT, console.interrupt_handler)
    try:
        yield
    finally:
        for sig, old in changed.items():
            signal.signal(sig, old)


def _run_main(prog: str, run, args) -> int:
    global _ARGS
    _ARGS = args
    try:
        return run(args)
    except Reported as exc:  # the content's findings, already printed
        return exc.status
    except UsageError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:  # before the first game, or while printing
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader (head, less) stopped early: say nothing more
        from studio.console import silence_stdout

        silence_stdout()
        return 1


def main(argv: list[str] | None = None) -> int:
    return run_main(PROG, build_parser(), _run, argv)


def fail(message, status: int = EXIT_USAGE) -> UsageError:
    return UsageError(" ".join(str(message).split()), status=status)  # one line, whatever the source


def check_batch_args(args, outputs: dict[str, tuple[str | None, str | None]]) -> None:
    """Raise UsageError for impossible numbers or an output file that cannot or must not be
    written (see :func:`check_outputs`); ``outputs``: option -> (path, format it writes)."""
    if args.games < 1:
        raise fail(f"--games must be at least 1, got {args.games}")
    if args.jobs < 0:
        raise fail(f"--jobs must be 0 (one per CPU) or more, got {args.jobs}")
    check_scheduler_args(args)
    check_outputs(args.scenario, outputs)


def check_scheduler_args(args) -> None:
    """Check ``--executor``, ``--scheduler`` and ``--scheduler-file`` together and set
    ``args.scheduler`` to the address to use for ``--executor dask`` (from the option, the
    scheduler file or ``DASK_SCHEDULER_ADDRESS``). Raises UsageError."""
    from studio.playtest.executors import SCHEDULER_ENV, ClusterError, scheduler_address

    given = "--scheduler" if args.scheduler else "--scheduler-file" if getattr(args, "scheduler_file", None) else None
    if given and args.executor != "dask":
        raise fail(f"{given} goes with --executor dask")
    if args.scheduler and getattr(args, "scheduler_file", None):
        raise fail("give --scheduler or --scheduler-file, not both")
    if args.executor == "dask":
        try:
            args.scheduler = scheduler_address(args.scheduler, getattr(args, "scheduler_file", None))
        except ClusterError as exc:
            raise fail(str(exc)) from None
        if not args.scheduler:
            raise fail(f"--executor dask needs --scheduler ADDRESS, --scheduler-file FILE or {SCHEDULER_ENV} "
                       "(or use --executor dask-local)")


def run_inputs(scenario) -> tuple[set[Path], set[Path]]:
    """``(files, folders)`` a run reads: the scenario, every board it lists (Rule the Realm),
    or its islands, trees, cards and loot (Rivages), resolved; references that do not resolve
    are left out (the content check reports them)."""
    files: set[Path] = {_safe_resolve(scenario)}
    folders: set[Path] = set()
    try:
        from studio.content import load_document

        fmt = load_document(scenario).format or ""
    except Exception:  # unreadable: the content check says why
        return files, folders
    try:
        if fmt.startswith("realm-scenario"):
            from studio.model.io import board_path, read_scenario

            sc = read_scenario(scenario)
            for n in sc.boards:
                try:
                    files.add(_safe_resolve(board_path(sc, n)))
                except Exception:
                    pass
        elif fmt.startswith("rivages-scenario"):
            from studio.model.rivages import RivagesScenario, read_as, reference_files

            sc = read_as(scenario, RivagesScenario)
            base = _safe_resolve(scenario).parent
            for refs in (sc.islands, sc.trees):
                if isinstance(refs, str):
                    folders.add(_safe_resolve(base / refs))
                try:
                    files.update(_safe_resolve(p) for p in reference_files(sc, refs))
                except Exception:
                    pass
            for ref in (sc.cards, sc.loot, getattr(sc.solo, "cards", None)):
                if isinstance(ref, str):
                    files.add(_safe_resolve(base / ref))
    except Exception:  # a scenario that does not load: the content check reports it
        pass
    return files, folders


def check_outputs(scenario, outputs: dict[str, tuple[str | None, str | None]]) -> None:
    """Refuse, before any game, an output path that is a folder, in a folder that cannot be
    made or written, given for two outputs, one of the run's inputs (the scenario, its
    boards or other content), a file in a content folder the scenario reads, or an existing
    studio file of another format (content, or another kind of report): reports never
    overwrite content. ``--report`` must end in .html or .htm. Replacing an earlier report of
    the same kind is fine. A missing folder must be one that can be made (not under a file:
    "cannot make the folder F: P is a file, not a folder"); :func:`make_output_folders` makes it. ``outputs``: option -> (path or None, the format that option writes
    or None)."""
    inputs, folders = run_inputs(scenario)
    seen: dict[Path, str] = {}
    for option, (out, writes) in outputs.items():
        if not out or out == STDIO:  # standard output
            continue
        path = Path(out)
        try:
            info = stat_or_none(path)
        except OSError as exc:  # Path.is_dir() raised "[Errno 36] File name too long"
            raise fail(f"{option} {out}: {exc.strerror}") from None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise fail(f"{option} {out}: is a folder; give a file name (e.g. {Path(out) / 'report'}"
                       f"{'.html' if option == '--report' else option.replace('--', '.')})")
        if option == "--report" and path.suffix.lower() not in REPORT_SUFFIXES:
            raise fail(f"{option} {out}: the report is an HTML page; give a name ending in .html or .htm")
        resolved = _safe_resolve(path)
        if resolved in seen:
            raise fail(f"{option} {out}: the same file as {seen[resolved]}; give each output its own file")
        seen[resolved] = option
        if resolved in inputs:
            raise fail(f"{option} {out}: is an input of this run (the scenario or content it reads); "
                       "writing the report there would replace it")
        if resolved.parent in folders and resolved.suffix.lower() in (".yaml", ".yml"):
            raise fail(f"{option} {out}: is in {resolved.parent}, a content folder the scenario reads")
        # content or another kind of report is never replaced, and a folder that cannot be made
        # or written is found now (the one check every command runs: output_refusal); a missing
        # folder is made later (make_output_folders), once the content passes too
        refusal = output_refusal(path, writes, "a report")
        if refusal:
            raise fail(f"{option} {out}: {refusal}")


def make_output_folders(outputs: dict[str, tuple[str | None, str | None]]) -> None:
    """Make the missing folders of the output files (``mkdir -p``), after :func:`check_outputs`
    and the content check passed, so a refused run leaves no empty folder. Raises UsageError
    when one cannot be made after all."""
    for option, (out, _writes) in outputs.items():
        if out and out != STDIO:
            try:
                make_folders(Path(out).parent)
            except OSError as exc:
                raise fail(f"{option} {out}: {exc.strerror or exc}") from None


def content_errors() -> tuple:
    """The exceptions that mean bad content or settings (reported in one line, exit 2)."""
    from studio.content import LoadError
    from studio.model.io import InvalidContent
    from studio.model.realm import BoardError
    from studio.model.rivages import RivagesError

    return (LoadError, InvalidContent, BoardError, RivagesError, ValueError, OSError, ImportError)


def check_content(path, players: int | None, doing: str = "playtesting") -> None:
    """Print on stderr what ``studio validate`` finds in the scenario and the content a game of
    ``players`` uses (``file:line:col: severity code: message``), and raise UsageError when
    there are errors (the message says to fix them before ``doing``): bots must not play content
    that breaks the rules. Warnings do not stop
    the playtest."""
    from studio.console import stdin_copy_folder
    from studio.playtest.setup import content_findings

    findings = content_findings(path, players)
    folder = stdin_copy_folder(path)  # standard input: say <stdin>, never the temporary copy
    for f in findings:
        line = f.format()
        if folder is not None:
            line = line.replace(str(path), "<stdin>").replace(str(folder), "<standard input has no folder>")
        print(line, file=sys.stderr)
    errors = sum(f.severity == "error" for f in findings)
    if any(f.code.startswith(("io/", "yaml/", "json/")) and f.severity == "error" for f in findings):
        # a file that does not load: its finding says it all; exit 1 as studio validate, 2 when
        # it could not be read at all
        raise Reported(status=findings_status(findings))
    if errors and folder is not None:
        refers = any(f.code in STDIN_REFERENCE_CODES for f in findings)
        raise fail(f"the {'scenario' if refers else 'content'} read from standard input has "
                   f"{plural(errors, 'error')}; "
                   + ("it refers to files relative to itself, which standard input has no folder for: pass the "
                      "scenario file's path instead of -" if refers else
                      f"fix {'it' if errors == 1 else 'them'} before {doing} (the findings above; "
                      "'studio validate - < FILE' lists them too)"),
                   status=EXIT_USAGE if refers else EXIT_ERRORS)  # a path is needed: a usage problem
    if errors:  # exit 1, as studio validate on the same content
        raise fail(f"{path}: {plural(errors, 'error')} in the content; fix {'it' if errors == 1 else 'them'} "
                   f"before {doing} (the findings above; 'studio validate {path}' lists them too)",
                   status=EXIT_ERRORS)


STDIN_REFERENCE_CODES = frozenset({"content/ref-escapes-root", "content/link-escapes-root", "scenario/missing-board",
                                   "scenario/missing-folder", "scenario/missing-artifact", "rivages/missing-file"})
"""Findings of a reference a scenario makes to another file: read from standard input, such a
reference has no folder to be relative to."""


class Interrupts:
    """While entered (in the main thread), Ctrl+C raises KeyboardInterrupt at once, except
    inside :meth:`hold`, where it is raised when the block ends: a finished game is then
    recorded everywhere or nowhere. Elsewhere, or when SIGINT is ignored, it changes nothing.
    ``once``: only the first stop raises; later ones, while the best so far is being kept and
    saved, are noted and change nothing (a trial lost a whole run to a second Ctrl+C 0.1 s after
    the first)."""

    def __init__(self, once: bool = False):
        self.holding = self.pending = False
        self.once, self.stopping = once, False
        self.old: dict | None = None   # the handlers ours replaced, while entered
        self.old_hook = sys.unraisablehook
        self.signal: int | None = None   # the last signal caught: SIGINT (Ctrl+C), SIGTERM, SIGHUP
        self.first: int | None = None    # the first, which the exit status reports (console.note_stop)
        self.in_hook = False             # inside _unraisable, where a stop is noted, not raised
        self.cut: list[str] = []         # what a stop cut short in a resumed() block, for late()

    @property
    def stopped_by(self) -> str:
        """``"ctrl-c"`` or ``"signal"`` (SIGTERM or SIGHUP), for :func:`stop_fields`."""
        return "signal" if self.first not in (None, signal.SIGINT) else "ctrl-c"   # the first counts

    def __enter__(self) -> "Interrupts":
        # SIGTERM and SIGHUP too, when they raise KeyboardInterrupt (terminate_as_interrupt)
        self.old = {}
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)):
                if sig is not None and signal.getsignal(sig) in (signal.default_int_handler, console.interrupt_handler):
                    self.old[sig] = signal.signal(sig, self._handler)
            if self.old:
                self.old_hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
        return self

    def __exit__(self, *exc) -> None:
        for sig, old in (self.old or {}).items():
            signal.signal(sig, old)
        if self.old:
            sys.unraisablehook = self.old_hook
        self.old = None

    def _unraisable(self, unraisable) -> None:
        """A stop that landed inside a weakref callback or ``__del__``, where Python prints the
        KeyboardInterrupt and drops it (a fresh-user trial lost 3 of 6 SIGTERMs so): the signal
        is sent again a moment later, to land in ordinary code."""
        self.in_hook = True   # a stop now (SIGHUP and SIGTERM together) must not raise in here: it is lost
        try:
            if not isinstance(unraisable.exc_value, KeyboardInterrupt) or self.signal is None:
                self.old_hook(unraisable)
                return
            signum = self.signal
            self.stopping = False   # that stop never arrived: the one sent again must raise
            self._send_again(signum)
        finally:
            self.in_hook = False

    def _send_again(self, signum: int) -> None:
        """Send ``signum`` to this process again in 50 ms, if this guard is still entered."""
        console.send_later(signum, lambda: bool(self.old))   # still entered: the handler is ours

    def _handler(self, signum, frame):
        self.signal = signum
        self.first = signum if self.first is None else self.first
        console.note_stop(signum)
        if self.stopping:
            return
        if self.in_hook or (frame is not None and frame.f_code is Interrupts._unraisable.__code__):
            return   # in the hook, whose stop is sent again (raised at its first line, both were lost)
        if console.importing(frame):
            # raised inside an import, a stop can leave a half-imported module behind (numpy's
            # C start-up turns it into "numpy._core.multiarray failed to import"): send it again
            # a moment later, once the import is done
            self._send_again(signum)
            return
        if self.holding:
            self.pending = True
        else:
            self.stopping = self.once
            raise KeyboardInterrupt

    @property
    def stop_name(self) -> str | None:
        """The first stop's name: ``"Ctrl+C"``, ``"SIGTERM"``, ``"SIGHUP"``; None before any."""
        if self.first is None:
            return None
        return "Ctrl+C" if self.first == signal.SIGINT else signal.Signals(self.first).name

    @property
    def fields(self) -> dict:
        """:func:`stop_fields` of the first stop (``stopped_by``, ``stop_reason``), empty before
        any: what a saved record says of it."""
        return {} if self.first is None else stop_fields(self.stopped_by, None, self.stop_name)

    @property
    def stop_words(self) -> str:
        """The stop that ended the run, for its stderr line: ``" (Ctrl+C)"``, ``" (SIGTERM)"``,
        ``" (SIGHUP)"``, or ``""`` for no stop (a SIGINT from ``timeout -s INT`` or ``kill -INT``
        is Ctrl+C's signal, named as the JSON names it)."""
        name = self.stop_name
        return "" if name is None else f" ({name})"

    def keep(self) -> None:
        """From now on stop signals change nothing (``once`` mode): what follows saves the run."""
        self.stopping = self.once

    def late(self, prog: str, status: int, saved: str) -> int:
        """The exit status of a run that kept its stops (:meth:`keep`) and has ``status``: when a
        stop came that did not end the run early, one line on stderr says so and what is whole
        (``saved``) and what it cut short (:attr:`cut`), and the status becomes 130
        (:func:`studio.cli` makes it 128 + the signal, as for any stopped command)."""
        cut = "; ".join(f"{what} was cut short and the report has none" for what in self.cut)
        if status or self.first is None:
            if cut:
                print(f"{prog}: {cut}", file=sys.stderr)
            return status
        print(f"{prog}: stopped ({self.stop_name}) as it was finishing: {cut}; {saved}" if cut else
              f"{prog}: stopped ({self.stop_name}) as it was finishing; {saved}", file=sys.stderr)
        return 130

    @contextlib.contextmanager
    def resumed(self):
        """After :meth:`keep`, a block a stop may cut short (extra games the run can do without):
        inside it a stop raises KeyboardInterrupt again, and one noted before the block raises
        at its start. Stops are kept again after it."""
        self.stopping = False
        try:
            if self.signal is not None:
                raise KeyboardInterrupt
            yield
        finally:
            self.stopping = self.once

    @contextlib.contextmanager
    def hold(self):
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending:
            self.pending = False
            self.stopping = self.once
            raise KeyboardInterrupt


class BatchFailed(Exception):
    """The batch stopped with an error of its own (its worker processes or Dask workers were
    lost), not of a game's result: ``reason`` says what in one line; ``stopped_by``: ``"cluster"``
    (the Dask workers or scheduler went away, :class:`~studio.playtest.executors.ClusterError`)
    or ``"error"``."""

    def __init__(self, exc: BaseException) -> None:
        from studio.playtest.executors import ClusterError, VersionMismatch

        text = " ".join(str(exc).split()) or "no reason given"
        said = isinstance(exc, (ClusterError, VersionMismatch))  # already in words for people
        self.stopped_by = "cluster" if said else "error"
        self.reason = text[:300] if said else f"{type(exc).__name__}: {text[:300]}"
        super().__init__(self.reason)


def stop_fields(stopped_by: str | None, reason: str | None = None, signal_name: str | None = None) -> dict:
    """The ``stopped_by`` and ``stop_reason`` of a ``--json`` report of a run that ended early
    (empty for a complete run): ``"ctrl-c"``, ``"signal"`` (SIGTERM, SIGHUP: ``signal_name``,
    e.g. :attr:`Interrupts.stop_name`, says which), ``"cluster"`` (the Dask workers or
    scheduler were lost) or ``"error"``."""
    if stopped_by is None:
        return {}
    words = {"ctrl-c": "interrupted (Ctrl+C)",
             "signal": f"stopped by a signal ({signal_name or 'SIGTERM or SIGHUP'})"}
    return {"stopped_by": stopped_by, "stop_reason": reason or words.get(stopped_by, stopped_by)}


def cluster_errors() -> tuple:
    """The exceptions of a Dask cluster that cannot play (one line for people, exit 2)."""
    from studio.playtest.executors import ClusterError

    return (ClusterError,)


def consume(batch, take) -> bool:
    """``take`` every game of ``batch`` (a result generator), then close it. True after a
    Ctrl+C, once the games that had already finished are taken too (:func:`drain`). Raises
    :class:`BatchFailed` when the batch itself fails after some games (the games taken so far
    stay taken); failing before any game (an unreachable scheduler) raises its own error."""
    taken = 0
    try:
        while True:
            try:
                result = next(batch)
            except StopIteration:
                break
            except KeyboardInterrupt:
                raise
            except Exception as exc:
                if not taken:
                    raise
                raise BatchFailed(exc) from exc
            take(result)
            taken += 1
    except KeyboardInterrupt:
        drain(batch, take)
        return True
    finally:
        batch.close()
    return False


def drain(batch, take) -> None:
    """After Ctrl+C, ``take`` the games of ``batch`` (a result generator) that had already
    finished (see ``executors._ordered``; it waits for none still playing). Under a ``once``
    guard (:class:`Interrupts`) a second stop changes nothing; without one it stops at once."""
    try:
        result = batch.throw(KeyboardInterrupt)
        while True:
            take(result)
            result = next(batch)
    except (KeyboardInterrupt, StopIteration):
        pass


def progress_bar(total: int, desc: str | None = None):
    from tqdm import tqdm

    # no monitor thread: with a second thread running, a batch starts its workers through a fork
    # server (executors._context), which a SIGTERM to the process group kills mid-run
    tqdm.monitor_interval = 0
    # disable=None: no bar when stderr is not a terminal (CI logs, pipes); the rate is games/s
    return tqdm(total=total, file=sys.stderr, unit="game", desc=desc, dynamic_ncols=True,
                disable=True if console.level == console.QUIET else None, leave=False, smoothing=0.1)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _attribute(setup, summary, bots, seed: int, games: int, guard: Interrupts):
    """The summary with the attribution of the seats' gaps (same deals, seats rotated, equal
    hands); unchanged, with the reason on stderr, for Rivages or a stop (``guard`` lets one cut
    it short)."""
    from dataclasses import replace

    from studio.playtest.seats import attribute_setup

    if setup.kind != "realm" or setup.players < 2:
        print(f"{PROG}: --attribute is for Rule the Realm boards of 2 or more players; skipped", file=sys.stderr)
        return summary
    more = 2 * setup.players * games
    note(f"{PROG}: attributing the seats' gaps: {more} more games (the same deals, seats rotated, equal hands)")
    started = time.perf_counter()
    try:
        with guard.resumed():
            a = attribute_setup(setup, [game_seed(seed, i) for i in range(games)], bots)
    except KeyboardInterrupt:   # said with the stop, in one line (guard.late)
        guard.cut.append("the attribution")
        return summary
    note(f"{PROG}: attribution played {counted(a.games_played, 'game')} in {time.perf_counter() - started:.1f} s")
    return replace(summary, attribution=a)


def _panels(args, setup) -> list[tuple]:
    """The panels this run plays after its batch: ``(kind, rungs, matches)`` for ``--ladder``
    and ``--styles``, or the scenario's ``playtest: {ladder: true, styles: true}``. Raises
    ValueError for a bad ladder (an unknown bot, one bot, a bot named twice, a playstyle of the
    other game), a ladder on a solo
    game (one seat: no table to compare bots at) and ``--ladder-games`` with no panel to play."""
    from studio.playtest.ladder import skill_plan, style_plan

    declared = dict(getattr(setup.scenario, "playtest", None) or {})
    ladder = args.ladder if args.ladder is not None else (LADDER_DEFAULT if declared.get("ladder") else None)
    out = []
    if ladder is not None and setup.players < 2:
        raise ValueError(f"--ladder {ladder}: the skill ladder plays the bots against each other at one table, "
                         f"and {setup.name} is played solo (1 player); compare the bots' solo win rates with one "
                         "run per bot instead (--bots random, then --bots greedy)")
    if ladder is not None:
        from studio.bots.styles import check_fit

        bots = [b.strip() for b in ladder.split(",") if b.strip()]
        try:
            out.append(("skill", *skill_plan(bots)))
            check_fit(bots, setup.kind)   # before any game: a trial's ladder failed after the batch
        except ValueError as exc:
            raise ValueError(f"--ladder {ladder}: {exc}") from None
    if args.styles or declared.get("styles"):
        out.append(("style", *style_plan(setup.kind)))
    if getattr(args, "ladder_games", None) is not None and not out:
        raise ValueError(f"--ladder-games {args.ladder_games}: sets the games of the skill ladder or the "
                         "playstyles, and this run plays neither; add --ladder or --styles")
    return out


def _play_panels(setup, summary, panels, args, games: int, guard: Interrupts):
    """The summary with each panel played (:func:`studio.playtest.ladder.play_panel`) and its
    conclusions among the warnings; a panel a stop cuts short (``guard``) is left out, and so
    are those after it (said on stderr)."""
    from studio.playtest.ladder import plan_games, play_panel, with_panel

    for kind, rungs, matches in panels:
        what = "the skill ladder" if kind == "skill" else "the playstyles"
        total = plan_games(setup.players, games, rungs, matches)
        note(f"{PROG}: playing {what}: {plural(total, 'more game')} ({games} per bot, the same deals, "
             f"and {len(matches)} match{'es' if len(matches) != 1 else ''})")
        bar = progress_bar(total, what)
        started = time.perf_counter()
        try:
            with guard.resumed():
                panel = play_panel(setup, kind, rungs, matches, games, args.seed, args.jobs, args.executor,
                                   args.scheduler, progress=bar.update)
        except KeyboardInterrupt:   # said with the stop, in one line (guard.late)
            guard.cut.append(what if kind == "skill" else "the playstyles panel")
            return summary
        except cluster_errors() as exc:  # the Dask workers went away during the panel
            print(f"{PROG}: {what} stopped: {exc}; the report has none", file=sys.stderr)
            return summary
        finally:
            bar.close()
        note(f"{PROG}: {what}: {plural(total, 'game')} in {time.perf_counter() - started:.1f} s")
        summary = with_panel(summary, panel)
    return summary


def _run(args) -> int:
    from studio.playtest.report import FORMAT

    outputs = {"--json": (args.json, FORMAT), "--csv": (args.csv, None), "--report": (args.report, None)}
    check_batch_args(args, outputs)
    check_content(args.scenario, args.players)
    make_output_folders(outputs)
    # one guard from the first game to the last byte saved: the first stop ends the games (those
    # finished are kept), a stop during the attribution or the panels leaves them out, and once the
    # report is being written no stop changes anything (a trial lost the --json so)
    with Interrupts(once=True) as guard:
        return _play_and_save(args, guard)


def _play_and_save(args, guard: Interrupts) -> int:
    """Play the batch, then print and save its report (``_run``'s work under its stop guard)."""
    from studio.playtest.elements import catalogue
    from studio.playtest.insight import Expectations
    from studio.playtest.report import CsvWriter, JsonWriter, format_summary, played_content, write_html
    from studio.playtest.setup import load_setup
    from studio.playtest.stats import Tally

    writers: list = []
    interrupted = False
    try:
        setup = load_setup(args.scenario, args.players)
        bots = resolve_bots(args.bots, setup.players)
        panels = _panels(args, setup)
        elements = catalogue(setup.game(args.seed))
        tally = Tally(elements, Expectations.of_scenario(setup.scenario, setup.players))
        header = {"scenario": {"id": setup.id, "name": setup.name, "path": str(args.scenario)},
                  **played_content(setup),  # the board or islands played, as the HTML report names them
                  "players": setup.players, "bots": bots, "seed": args.seed, "games_requested": args.games,
                  "game_seeds": "seed * 1000003 + index"}
        json_out = JsonWriter(args.json, header) if args.json else None
        csv_out = CsvWriter(args.csv, setup.players) if args.csv else None
        writers = [w for w in (json_out, csv_out) if w is not None]
        batch = iter_batch(setup, None, args.games, args.seed, bots, args.jobs, args.executor, args.scheduler,
                           evaluate=getattr(args, "evaluate", 0))
        bar = progress_bar(args.games)
        started = time.perf_counter()
        def take(result):
            with guard.hold():  # a game counts in the tally and every file, or in none
                tally.add(result)
                for w in writers:
                    w.add(result)
                bar.update(1)

        stopped = stopped_by = None
        try:
            try:
                interrupted = consume(batch, take)
            finally:
                bar.close()
        except BatchFailed as exc:  # the workers were lost: keep the finished games, as Ctrl+C
            interrupted, stopped, stopped_by = True, exc.reason, exc.stopped_by
        except KeyboardInterrupt:   # the stop landed as the batch closed, after its last game taken
            interrupted = tally.games < args.games
        guard.keep()   # from here on the games are reported and saved whole: stops change nothing
        if interrupted and stopped_by is None:
            stopped_by = guard.stopped_by
        elapsed = time.perf_counter() - started
    except cluster_errors() as exc:  # before any game: no scheduler, no worker, another version
        for w in writers:
            w.discard()
        raise fail(str(exc)) from None
    except content_errors() as exc:
        for w in writers:
            w.discard()
        if isinstance(exc, OSError):  # a report that cannot be written on (a full disk)
            from studio.content.yamlio import os_error_text

            raise fail(f"cannot write {os_error_text(exc)}") from None
        raise fail(exc.format() if hasattr(exc, "format") else str(exc)) from None
    except BaseException:  # a worker pool that broke, a bug: no temp file is left behind
        for w in writers:
            w.discard()
        raise

    played = tally.games
    # a run that ends early says so in one line (no games/s line after it)
    if stopped is not None:
        print(f"{PROG}: the games stopped after {played} of {args.games}: {stopped}", file=sys.stderr)
    elif interrupted:
        print(f"{PROG}: interrupted after {played} of {counted(args.games, 'game')}"
              + (guard.stop_words if stopped_by == "signal" else "")
              + ("; no attribution (it replays a whole batch)" if args.attribute and played else ""), file=sys.stderr)
    if not played:
        for w in writers:
            w.discard()
        return 130 if interrupted and stopped is None else 1
    if not interrupted:
        rate = played / elapsed if elapsed > 0 else float("inf")
        note(f"{PROG}: {plural(played, 'game')} in {elapsed:.1f} s ({rate:.1f} games/s)")
    summary = tally.summary()
    if args.attribute and not interrupted:
        summary = _attribute(setup, summary, bots, args.seed, played, guard)
    if panels and not interrupted:
        summary = _play_panels(setup, summary, panels, args, args.ladder_games or args.games, guard)
    title = f"{setup.name}, {plural(setup.players, 'player')}: {plural(played, 'game')}"
    if interrupted:
        title += f" of {args.games}"
    title += f", seed {args.seed} (game i uses seed {game_seed(args.seed, 0)}+i)"
    print(format_summary(summary, title), file=text_report_stream())
    status = 1 if stopped is not None else 130 if interrupted else 0
    try:
        if json_out is not None:
            json_out.finish({"interrupted": interrupted, **stop_fields(stopped_by if interrupted else None, stopped,
                                                                       guard.stop_name),
                             **({"cut_short": list(guard.cut)} if guard.cut else {}),
                             "games_played": played, "summary": summary.to_dict()})
        if csv_out is not None:
            written = csv_out.finish(summary.solo)
            if len(written) > 1:
                print(f"{PROG}: win rate per challenge set written to {written[1]}", file=sys.stderr)
        if args.report:
            settings = {"scenario": args.scenario, "players": setup.players, "bots": ", ".join(bots),
                        "games": played, "seed": args.seed}
            write_html(args.report, summary, title, settings, elements)
    except OSError as exc:
        for w in writers:
            w.discard()
        print(f"{PROG}: cannot write {exc.filename or 'the report'}: {exc.strerror or exc}", file=sys.stderr)
        return status or 2
    return guard.late(PROG, status, "every game played is in the report" + (" and its files" if writers else ""))


if __name__ == "__main__":
    sys.exit(main())
