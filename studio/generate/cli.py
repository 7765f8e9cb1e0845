"""``studio generate LOCATION|island``: new Rule the Realm boards and Rivages islands from
constraints, each valid (0 errors, 0 warnings) and fair in a short bot simulation before it is
offered (:func:`studio.generate.offer.generate`).

Each offered candidate is saved in the output folder as ``<id>.yaml`` (a file already there is
never replaced: the new one gets ``-2``, ``-3``...), headed by comments that record its figures
(win rate per seat with 95% intervals, the seat test, the intended end, the number of games);
``generate.json`` (``studio-generate/1``, ``schemas/studio-generate.schema.json``) sums up the run,
the candidates not offered with why, and for a stopped run which stop (``stopped_by``, ``stop_reason``).

Exit status: 0 at least one candidate offered, 1 none (the reasons on stderr), 2 bad arguments
(one line on stderr), 130 interrupted (Ctrl+C; 143 SIGTERM, 129 SIGHUP; as ``studio playtest`` and
``studio balance``: the candidate in hand is dropped, what was offered so far is saved, every
file whole).
"""

from __future__ import annotations

import argparse
import json
import stat
import sys
from pathlib import Path

from studio.console import STDIO, add_common_options, configure, detail, note
from studio.playtest.cli import Interrupts, Parser, parse, terminate_as_interrupt, whole

PROG = "studio generate"
FORMAT = "studio-generate/1"
ISLAND = "island"


def build_parser() -> Parser:
    from studio.generate.islands import DIFFICULTY_CROSSES, MAX_SIZE, MIN_SIZE, QUEST_KINDS
    from studio.generate.offer import MAX_CANDIDATES, MAX_GAMES
    from studio.generate.realm import DESIGNS, DIFFICULTY_SCALE, MAX_AMOUNT
    from studio.generate.symmetry import SHAPE_PEGS

    p = Parser(prog=PROG, formatter_class=argparse.RawDescriptionHelpFormatter, description="""\
Generate new Rule the Realm boards (any location, 2 to 4 players) or Rivages islands
from constraints. Every candidate is validated (0 errors and 0 warnings) and played
by bots (seats even by the playtest report's seat test, the intended end in at least
90% of games) before it is offered; each is saved with its figures. The same seed
gives the same output.""", epilog="""\
examples:
  studio generate volcano --players 3 --seed 7 -o new/
  studio generate cursed-triangle -p 4 --shape square --treasure 70 --difficulty hard
  studio generate island --quest fort --crosses 8 --count 2 -o islands/

output: DIR/<id>.yaml per candidate offered (a file there is never replaced: -2, -3...
is added), headed by comments with its figures, and DIR/generate.json (studio-generate/1;
generate-2.json... beside an earlier run's) with every candidate's figures and why the
others were not offered.

exit status: 0 at least one offered, 1 none (why on stderr), 2 bad arguments,
130 interrupted by Ctrl+C, 143 by SIGTERM, 129 by SIGHUP (what was offered so far is saved).""")
    p.add_argument("what", metavar="LOCATION|island",
                   help=f"a location to draw a board for ({', '.join(DESIGNS)}) or 'island' for a Rivages island")
    p.add_argument("--players", "-p", type=whole(2, 5), default=2,
                   help="board: the player count it is made for (2 to 4, RTR-S6); island: the players of the "
                        "fairness games (2 to 5; each starts on a copy of the island). Default 2")
    p.add_argument("--seed", type=whole(0, 2**53 - 1), default=0,
                   help="design seed of the first candidate; candidate k uses seed+k (default 0)")
    p.add_argument("--count", "-n", type=whole(1, MAX_CANDIDATES), default=3,
                   help="candidates to offer at most (default 3)")
    p.add_argument("--tries", type=whole(1, 10 * MAX_CANDIDATES), default=None,
                   help="candidates to design at most before giving up (default 4 x --count)")
    p.add_argument("--games", "-g", type=whole(4, MAX_GAMES), default=40,
                   help="bot games per candidate for the fairness check (default 40)")
    p.add_argument("--bots", default="greedy", help="bots of the fairness games, one or one per seat (default greedy)")
    p.add_argument("--game-seed", type=whole(0, 2**53 - 1), default=1,
                   help="batch seed of the fairness games, the same for every candidate (default 1)")
    p.add_argument("--difficulty", choices=sorted(DIFFICULTY_SCALE), default="normal",
                   help="board: treasure and energy x1.25 (easy), x1 or x0.8 (hard) of the design's; island: every "
                        "goal within " + ", ".join(f"{k} {v[1]}" for k, v in DIFFICULTY_CROSSES.items())
                        + " crosses, a hard island's quest needing at least "
                        f"{DIFFICULTY_CROSSES['hard'][0]}")
    b = p.add_argument_group("board constraints")
    b.add_argument("--shape", choices=sorted(SHAPE_PEGS),
                   help="base shape: " + ", ".join(f"{k} ({v} pegs)" for k, v in SHAPE_PEGS.items())
                        + "; 3 players need the hexagon (default: the design's)")
    b.add_argument("--treasure", type=whole(0, MAX_AMOUNT), help="treasure on the board in all (default: the design's)")
    b.add_argument("--energy", type=whole(0, MAX_AMOUNT), help="energy on segments in all (default: the design's)")
    b.add_argument("--symmetry", choices=("seats", "none"), default="seats",
                   help="seats: content chosen once per orbit of the rotation that maps seat to seat (default); "
                        "none: each element on its own (the shape still turns)")
    i = p.add_argument_group("island constraints")
    i.add_argument("--size", type=whole(MIN_SIZE, MAX_SIZE), help="spaces, about (default 30 to 34)")
    i.add_argument("--quest", choices=QUEST_KINDS, help="kind of quest (default: by the seed)")
    steps = i.add_mutually_exclusive_group()
    steps.add_argument("--two-step", dest="two_step", action="store_const", const=True, default=None,
                       help="a quest in two steps (pattern and spaces quests)")
    steps.add_argument("--one-step", dest="two_step", action="store_const", const=False, help="a quest in one step")
    i.add_argument("--strongholds", type=whole(0, 8), help="strongholds (default 2 to 4)")
    i.add_argument("--crosses", type=whole(1, 60),
                   help="budget: every goal achievable within this many crosses (default: by --difficulty)")
    i.add_argument("--name", help="the island's name (default: one of the studio's names)")
    p.add_argument("--output", "-o", default="generated", metavar="DIR",
                   help="folder for the candidates and generate.json (default ./generated; created)")
    p.add_argument("--json", metavar="FILE", help="also write the summary to FILE (- for standard output)")
    add_common_options(p)
    return p


BOARD_ONLY = ("shape", "treasure", "energy")
ISLAND_ONLY = ("size", "quest", "two_step", "strongholds", "crosses", "name")


class Usage(Exception):
    """A constraint problem to print in one line with exit status 2."""


def spec_of(args):
    """The :class:`~studio.generate.realm.BoardSpec` or :class:`~studio.generate.islands.IslandSpec`
    the arguments ask for. Raises :class:`Usage` for an option of the other kind, an unknown
    location or constraints out of range."""
    from studio.content.schema_messages import did_you_mean
    from studio.generate.islands import IslandSpec
    from studio.generate.realm import DESIGNS, BoardSpec
    from studio.generate.symmetry import GenerateError

    what = args.what.strip().lower()
    island = what in (ISLAND, "islands", "rivages")
    wrong = [o for o in (BOARD_ONLY if island else ISLAND_ONLY) if getattr(args, o) is not None]
    if args.symmetry != "seats" and island:
        wrong.insert(0, "symmetry")
    if wrong:
        flag = "--" + wrong[0].replace("_", "-")
        if wrong[0] == "two_step" and args.two_step is False:
            flag = "--one-step"
        raise Usage(f"{flag} is a{'' if island else 'n'} {'board' if island else 'island'} constraint, "
                    f"not for {'an island' if island else 'a board'}")
    try:
        if island:
            spec = IslandSpec(seed=args.seed, size=args.size, quest=args.quest, two_step=args.two_step,
                              strongholds=args.strongholds, crosses=args.crosses, difficulty=args.difficulty,
                              name=args.name)
        else:
            if what not in DESIGNS:
                raise Usage(f"unknown location {args.what!r}{did_you_mean(what, list(DESIGNS) + [ISLAND])}: "
                            f"one of {', '.join(DESIGNS)}, or 'island'")
            if args.players > 4:
                raise Usage(f"a Rule the Realm board is for 2 to 4 players (RTR-S6), got --players {args.players}")
            spec = BoardSpec(what, args.players, seed=args.seed, shape=args.shape, treasure=args.treasure,
                             energy=args.energy, difficulty=args.difficulty, symmetric=args.symmetry == "seats")
        spec.check()
    except GenerateError as exc:
        raise Usage(str(exc)) from None
    return spec


def header(candidate) -> list[str]:
    """The comment lines that head a saved candidate: how it was made and its figures."""
    f = candidate.figures
    return [f"Generated by studio generate, design seed {candidate.seed}: valid (0 errors, 0 warnings) and",
            f"checked in {f.games} bot games (Wilson 95% intervals):", *(line.strip() for line in f.lines()[1:])]


def with_header(candidate, path: Path) -> str:
    """The candidate's YAML text for ``path``: the editor's schema line, then :func:`header` as
    comments, then the content (checked to reload to the same model)."""
    from studio.content.schema_line import with_schema_line
    from studio.content.yamlio import dump_yaml, parse_yaml
    from studio.model.io import first_difference, model_from_document

    body = dump_yaml(candidate.content.to_data())
    comments = "".join(f"# {line}\n" for line in header(candidate))
    text = with_schema_line(body, path, None, True)
    first, sep, rest = text.partition("\n")
    text = (first + sep + comments + rest) if first.startswith("# yaml-language-server") else comments + text
    again = model_from_document(parse_yaml(text, str(path)))
    if again != candidate.content:  # never write a file that would not load to the same content
        raise OSError(f"{path}: the text would not reload to the same content: "
                      f"{first_difference(candidate.content, again)}")
    return text


def free_path(folder: Path, stem: str, suffix: str = ".yaml") -> Path:
    """``folder/stem.yaml`` (or ``suffix``), or ``stem-2.yaml``... when that file exists (never
    replaced)."""
    path = folder / f"{stem}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


def save(outcome, folder: Path, spec, args, stop: dict | None = None) -> tuple[list[Path], dict, Path]:
    """Write each offered candidate and ``generate.json`` (``generate-2.json``... beside an
    earlier run's) into ``folder``; returns the candidates' paths, the summary and its path.
    ``stop``: the ``stopped_by`` and ``stop_reason`` of a stopped run
    (:func:`~studio.playtest.cli.stop_fields`), put after ``stopped``; none for a whole run."""
    from dataclasses import asdict

    from studio.content.yamlio import make_folders, save_atomic

    make_folders(folder)
    paths = []
    for c in outcome.offered:
        path = free_path(folder, c.content.id)
        # a file beside an earlier run's of the same seed takes its name as its id: two files
        # of one id in a folder would be one board to a scenario that names it
        c.content.id = path.stem
        save_atomic(path, with_header(c, path))
        paths.append(path)
    summary = {"format": FORMAT, "kind": type(spec).__name__, "constraints": asdict(spec),
               "games": args.games, "bots": args.bots, "game_seed": args.game_seed, "tried": outcome.tried,
               "stopped": outcome.stopped, **(stop or {}),
               "offered": [dict(c.to_dict(), file=p.name) for c, p in zip(outcome.offered, paths)],
               "rejected": [{"seed": r.seed, "stage": r.stage, "reason": r.reason} for r in outcome.rejected]}
    # an earlier run's summary in the folder is kept, as its boards are (generate-2.json...)
    summary_path = free_path(folder, "generate", ".json")
    save_atomic(summary_path, json.dumps(summary, indent=2) + "\n")
    return paths, summary, summary_path


def same_run(folder: Path, spec, tries: int) -> tuple[Path, int, bool] | None:
    """An earlier summary in ``folder`` (``generate.json``, ``generate-2.json``...) of a run
    with the same constraints but the design seed (the fairness games do not change a design)
    whose candidates (seeds ``seed`` to ``seed + tried - 1``) overlap this run's (``tries``
    from ``spec.seed``): ``(its path, the first design seed from which this run's candidates
    overlap no earlier run's, whether it starts on the same seed)``, or None (also when the
    folder cannot be read: the save says so)."""
    import re
    from dataclasses import asdict

    constraints = {k: v for k, v in json.loads(json.dumps(asdict(spec))).items() if k != "seed"}
    try:
        found = list(folder.glob("generate*.json"))
    except OSError:
        return None

    def order(path: Path) -> int:   # generate.json, generate-2.json, ..., generate-10.json
        m = re.fullmatch(r"generate(?:-(\d+))?\.json", path.name)
        return int(m.group(1) or 1) if m else 1 << 30
    runs = []   # (path, first seed, seeds tried) of the earlier runs of these constraints
    for path in sorted(found, key=order):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not (isinstance(data, dict) and data.get("format") == FORMAT and data.get("kind") == type(spec).__name__
                and isinstance(data.get("constraints"), dict)):
            continue
        theirs = dict(data["constraints"])
        first = theirs.pop("seed", None)
        if not isinstance(first, int) or theirs != constraints:
            continue
        tried = data.get("tried")
        runs.append((path, first, tried if isinstance(tried, int) and tried > 0 else 1))

    def overlapping(seed: int):
        return [r for r in runs if r[1] < seed + tries and seed < r[1] + r[2]]
    hit = overlapping(spec.seed)
    if not hit:
        return None
    seed = spec.seed
    while True:   # clear of every earlier run's seeds, not only the one repeated (trials)
        later = overlapping(seed)
        if not later:
            break
        seed = max(r[1] + r[2] for r in later)
    same = next((r for r in hit if r[1] == spec.seed), hit[0])
    return same[0], seed, same[1] == spec.seed


def _write(outcome, out: Path, spec, args, stop: dict | None = None) -> tuple[list[Path], dict, Path]:
    """:func:`save`, then the summary to ``--json`` when asked."""
    paths, summary, summary_path = save(outcome, out, spec, args, stop)
    if args.json:
        text = json.dumps(summary, indent=2) + "\n"
        if args.json == STDIO:
            sys.stdout.write(text)
        else:
            from studio.content.yamlio import make_parent_folders, save_atomic

            make_parent_folders(args.json)
            save_atomic(args.json, text)
    return paths, summary, summary_path


def _output_refusal(out: Path, json_path: str | None) -> str | None:
    """Why ``--output`` or ``--json`` cannot be written, before any game, else None: ``-``
    (standard output, not a folder), a file in the way, a folder that cannot be made, a ``--json`` that is a folder or a studio file
    of another format (a board, a playtest report: as ``studio playtest`` refuses them).
    Missing folders are made (``mkdir -p``) when the files are saved."""
    from studio.content.yamlio import creatable_folder_refusal, stat_or_none

    if str(out) == STDIO:   # '-' is standard output elsewhere; never a folder of that name
        return f"--output {STDIO}: the candidates are files, so --output takes a folder (use --json - for the summary)"
    try:
        info = stat_or_none(out)
    except OSError as exc:  # a name too long for the file system
        return f"--output {out}: {exc.strerror}"
    if info is not None and not stat.S_ISDIR(info.st_mode):
        return f"--output {out}: exists and is not a folder"
    refusal = creatable_folder_refusal(out)
    if refusal:
        return f"--output {out}: {refusal}"
    if json_path and json_path != STDIO:
        from studio.content.outputs import output_refusal

        refusal = output_refusal(json_path, FORMAT, "the summary")  # content or another report: never replaced
        if refusal:
            return f"--json {json_path}: {refusal}"
    return None


def _run(args) -> int:
    from studio.generate.islands import IslandSpec
    from studio.generate.offer import generate
    from studio.generate.symmetry import GenerateError

    try:
        spec = spec_of(args)
    except Usage as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    out = Path(args.output)
    refusal = _output_refusal(out, args.json)
    if refusal:
        print(f"{PROG}: {refusal}", file=sys.stderr)
        return 2
    tries = args.tries if args.tries is not None else 4 * args.count
    if tries < args.count:
        print(f"{PROG}: --tries {tries} is fewer than --count {args.count}", file=sys.stderr)
        return 2
    again = same_run(out, spec, tries)
    if again is not None:   # trial: a second run made the same boards, and nothing said why
        earlier, free, same = again
        what = "the same candidates" if same else "some of its candidates"
        print(f"{PROG}: warning: {earlier} is a run with the same constraints and design seeds, so this one "
              f"designs {what} again; with --seed {free} it designs none of an earlier run's", file=sys.stderr)
    from studio.playtest.runner import resolve_bots

    try:  # before anything is said or drawn
        resolve_bots(args.bots, args.players if isinstance(spec, IslandSpec) else spec.players)
    except ValueError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    bar = None

    def progress(p) -> None:
        nonlocal bar
        detail(f"{PROG}: {p.stage}") if p.games == 0 else None
        if bar is None:
            from studio.playtest.cli import progress_bar

            bar = progress_bar(args.games * tries, "generating")
        if p.games:
            bar.update(1)
        bar.set_postfix_str(f"{p.offered} offered, {p.tried} tried", refresh=False)

    what = "island" if isinstance(spec, IslandSpec) else f"{spec.location} board for {spec.players} players"
    note(f"{PROG}: {what}, up to {args.count} of {tries} candidates, {args.games} {args.bots} games each")
    guard = Interrupts()  # Ctrl+C, SIGTERM, SIGHUP: stop the search at once, but never mid-save
    late = False
    with guard:
        try:
            outcome = generate(spec, args.count, tries, args.games, args.bots, args.players, args.game_seed,
                               progress)
        except (GenerateError, ValueError) as exc:
            if bar is not None:
                bar.close()
            print(f"{PROG}: {exc}", file=sys.stderr)
            return 2
        except BaseException:
            if bar is not None:
                bar.close()
            raise
        paths: list[Path] = []
        summary: dict = {}
        summary_path = out / "generate.json"
        for _ in range(2):   # a stop that lands before the hold begins: saved again, held
            try:
                with guard.hold():  # a signal now waits until every file is whole
                    if bar is not None:
                        bar.close()
                    # a stopped run says which stop, as studio playtest --json does
                    stop = guard.fields if outcome.stopped else {}
                    paths, summary, summary_path = _write(outcome, out, spec, args, stop)
                break
            except KeyboardInterrupt:  # it came during the save, which finished, or just before it
                late = True
                if summary:
                    break
            except OSError as exc:
                from studio.content.yamlio import os_error_text

                print(f"{PROG}: cannot write the output: {os_error_text(exc)}", file=sys.stderr)
                return 2
    report = sys.stderr if args.json == STDIO else sys.stdout
    for c, path in zip(outcome.offered, paths):
        print(f"{path}: " + "\n".join(c.lines()), file=report)
    for r in outcome.rejected:
        detail(f"{PROG}: seed {r.seed} not offered ({r.stage}): {r.reason}")
    if outcome.stopped:
        by = guard.stop_words
        print(f"{PROG}: interrupted{by}; {len(outcome.offered)} offered so far, saved in {out}", file=sys.stderr)
        return 130
    if late:   # the search had finished; the stop only waited for the files
        print(f"{PROG}: stopped ({guard.stop_name}) as it was finishing; {len(outcome.offered)} offered, "
              f"saved in {out}", file=sys.stderr)
        return 130
    if not outcome.offered:
        print(f"{PROG}: {outcome.why_none()}", file=sys.stderr)
        return 1
    note(f"{PROG}: {len(outcome.offered)} offered of {outcome.tried} tried; summary in {summary_path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    args, status = parse(build_parser(), argv)
    if args is None:
        return status
    configure(args)
    try:
        with terminate_as_interrupt():  # SIGTERM and SIGHUP stop the run as Ctrl+C does
            return _run(args)
    except KeyboardInterrupt:  # before the search began
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
