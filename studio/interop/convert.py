"""``studio convert IN OUT``: Rivages islands to and from Tiled maps, Rule the Realm boards to
Tiled. The suffixes say the formats: ``.yaml``/``.yml`` a studio file, ``.tmx`` a Tiled map in
XML, ``.tmj`` a Tiled map in JSON (docs/tiled.md).

- island ``.yaml`` -> ``.tmx``/``.tmj``: the map, its tileset image ``OUT-tiles.png`` and,
  unless ``--embed-tileset``, its tileset ``OUT-tiles.tsx`` (``.tsj`` for a ``.tmj``);
- board ``.yaml`` -> ``.tmx``/``.tmj``: the map and the board image ``OUT-board.png``;
- ``.tmx``/``.tmj`` -> island ``.yaml`` (or to the other map format, through the island).

IN may be a bundled name (``archipelago-city-3p``, ``coral-reach``) or ``-`` for standard
input with ``--from tmx|tmj|yaml`` (nothing else tells the format of a stream; a Tiled map read
so can only use an embedded tileset). OUT is a file: a Tiled map comes with tileset and image
files beside it.

Every finding of the import is printed as ``file:line:col: severity code: message``; a map
with errors writes nothing. A map that converts but gives an island the studio's checks
(``studio validate``) find errors in, a bridge end off the spaces, a fort on a space, is
written all the same, since the island editor is where a designer fixes it, with those
findings listed (``file:line:col`` in the written island) and exit status 1. The other way, a
board or island with errors is refused, as ``render`` and ``export-tts`` refuse it, unless
``--force``. Every file is written whole or not at all (all of them are complete before any
is renamed into place), and never over a file the input uses.

Exit codes (:mod:`studio.content.exits`, as every command): 0 written; 1 content with errors,
its findings printed: the island written has errors, an island map with errors (nothing written), a board
or island that does not load or has errors without ``--force``; 2 bad usage, an input that cannot
be read (missing, unreadable), an output that cannot be written (a folder, under a file, a folder
that takes no new files; or a write that fails, a full disk) or an existing studio file OUT would
replace (a board, a scenario; an island OUT replaces only an island), a file of a kind that does
not convert (a map that is not an island's); 130 stopped by Ctrl+C."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from studio import console
from studio.console import (
    STDIO,
    UnknownName,
    add_common_options,
    configure,
    content_argument,
    detail,
    stdin_copy,
)
from studio.content.exits import (  # 1: content errors, 2: usage and input/output
    EXIT_ERRORS,
    EXIT_OK,
    EXIT_USAGE,
    load_failure_status,
)
from studio.content.outputs import names_folder, output_refusal

FORMATS = {"tmx": ".tmx", "tmj": ".tmj", "yaml": ".yaml"}
STUDIO_SUFFIXES = (".yaml", ".yml")
TILED_SUFFIXES = (".tmx", ".tmj")
KNOWN = ".yaml or .yml (a studio island or board), .tmx (a Tiled map in XML) or .tmj (a Tiled map in JSON)"


def build_parser() -> argparse.ArgumentParser:
    parser = console.OptionParser(
        prog="studio convert",
        description="Convert Rivages islands to and from Tiled hexagonal maps (TMX or TMJ), and Rule the Realm "
                    "boards to Tiled maps (an image layer and object layers of segments, lines and pegs). The "
                    "suffixes of IN and OUT say the formats.")
    parser.add_argument("input", metavar="IN", help="an island or board (.yaml, .yml, or its bundled name such as "
                                                     "archipelago-city-3p) or a Tiled map (.tmx, .tmj); - reads "
                                                     "standard input (with --from)")
    parser.add_argument("output", metavar="OUT", help="the file to write: .tmx, .tmj, or .yaml/.yml for an island")
    parser.add_argument("--stagger-index", choices=("odd", "even"), default=None,
                        help="islands to Tiled: which rows (pointy tops) or columns (flat tops) Tiled shoves by half "
                             "a hex (default odd, Tiled's default)")
    parser.add_argument("--embed-tileset", action="store_true",
                        help="islands to Tiled: put the tileset in the map instead of a .tsx/.tsj file beside it")
    parser.add_argument("--from", dest="from_format", choices=tuple(FORMATS), default=None,
                        help="the format of IN when it is - (standard input): tmx, tmj or yaml")
    parser.add_argument("--force", action="store_true",
                        help="to Tiled: write a board or island even when the studio's checks find errors in it "
                             "(they are listed); without it such a file is refused, as render and export-tts "
                             "refuse it")
    parser.epilog = ("An option that does not apply (--stagger-index for a board or an island file) is refused, "
                     "never ignored.")
    add_common_options(parser)
    return parser


def _err(message: str) -> None:
    print(f"studio convert: {message}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run ``studio convert``; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
        configure(args)
    except SystemExit as exc:  # argparse printed the usage or the help
        return EXIT_OK if exc.code in (0, None) else EXIT_USAGE
    if not Path(args.input).suffix and not os.path.lexists(args.input):  # a bundled name (a path has a suffix)
        try:
            args.input = content_argument(args.input)
        except UnknownName as exc:
            if "did you mean" in str(exc):
                _err(str(exc))
                return EXIT_USAGE  # else: the suffix is what is missing, as _run says
    try:
        if args.input == STDIO:
            if args.from_format is None:
                _err("IN is '-' (standard input): say its format with --from tmx, --from tmj or --from yaml "
                     "(a stream has no suffix to tell it)")
                return EXIT_USAGE
            with stdin_copy(FORMATS[args.from_format]) as copy:
                args.input, args.stdin_copy = str(copy), str(copy)
                return _run(args)
        if args.from_format is not None:
            _err(f"--from is for IN '-' (standard input); the suffix of {args.input} says its format")
            return EXIT_USAGE
        return _run(args)
    except KeyboardInterrupt:
        _err("interrupted (Ctrl+C): nothing was written")
        return 130


def _stderr(text: str, args) -> None:
    """``text`` (findings) on stderr, the private copy of standard input named ``<stdin>``."""
    copy = getattr(args, "stdin_copy", None)
    print(text.replace(copy, "<stdin>") if copy else text, file=sys.stderr)


def _size(path) -> str:
    try:
        n = os.path.getsize(path)
    except OSError:
        return "?"
    return f"{n} bytes" if n < 10_000 else f"{n / 1024:.0f} KB"


def _shape_text(model) -> str:
    """``island 'Coral Reach': 37 spaces, 2 bridges, 1 fort, 3 missions`` (for -v)."""
    from studio.model.rivages import Island

    def n(count: int, word: str) -> str:
        return f"{count} {word}{'' if count == 1 else 's'}"

    if isinstance(model, Island):
        return (f"island {model.name or model.id!r}: {n(len(model.spaces), 'space')}, {n(len(model.bridges), 'bridge')}"
                f", {n(len(model.forts), 'fort')}, {n(len(model.missions), 'mission')}")
    return (f"board {getattr(model, 'name', None) or model.id!r}: {n(len(model.pegs), 'peg')}, "
            f"{n(len(model.lines), 'line')}, {n(len(model.segments), 'segment')}")


def _errors_of(model, path: str | None) -> list:
    """The studio's findings of severity error for a board or island (as ``studio validate``)."""
    from studio.model.rivages import Island

    if isinstance(model, Island):
        from studio.validate.rivages import rivages_findings

        found = rivages_findings(path) if path else rivages_findings(model)
    else:
        from studio.validate import validate

        found = validate(model)
    return [f for f in found if f.severity == "error"]


def _kind(path: str) -> str | None:
    suffix = Path(path).suffix.lower()
    if suffix in STUDIO_SUFFIXES:
        return "studio"
    if suffix in TILED_SUFFIXES:
        return "tiled"
    return None


def _os_text(exc: OSError) -> str:
    """``the folder /x does not exist: /x/a.tmx`` rather than Python's ``[Errno 2] ...``."""
    if exc.strerror and exc.filename:
        return f"{exc.strerror}: {exc.filename}"
    return exc.strerror or str(exc)


def _run(args) -> int:
    if names_folder(args.output):  # OUT's suffix says the format: a folder cannot be filled in
        what = "is a folder" if os.path.isdir(args.output) else "names a folder"
        _err(f"OUT {args.output} {what}: give the file to write, whose suffix says the format (e.g. "
             f"{os.path.join(args.output, 'island.tmx')}; a missing folder is made)")
        return EXIT_USAGE
    for name, value in (("IN", args.input), ("OUT", args.output)):
        if value == "-":
            _err(f"{name} is '-': convert writes files (a Tiled map comes with its tileset and image files beside "
                 "it, and an island is written where the editor can open it); give a file name")
            return EXIT_USAGE
        if _kind(value) is None:
            suffix = Path(value).suffix
            _err(f"cannot tell the format of {name} {value!r} from its suffix"
                 + (f" {suffix}" if suffix else " (it has none)") + f": use {KNOWN}")
            return EXIT_USAGE
    source, target = _kind(args.input), _kind(args.output)
    if source == target == "studio":
        _err(f"both {args.input} and {args.output} are studio files: nothing to convert (one side is a Tiled map, "
             ".tmx or .tmj)")
        return EXIT_USAGE
    out = Path(args.output)
    # an island never replaces other content (a board, a scenario), a map no studio file at all;
    # a file in the way of OUT's folder is found here too, before anything is read or drawn
    refusal = output_refusal(out, "rivages-island/1" if target == "studio" else None,
                             "an island" if target == "studio" else "a Tiled map")
    if refusal:
        _err(f"OUT {out}: {refusal}")
        return EXIT_USAGE
    if target == "studio" and (args.stagger_index or args.embed_tileset):
        _err("--stagger-index and --embed-tileset are for Tiled output (OUT .tmx or .tmj)")
        return EXIT_USAGE
    if source == "studio":
        return _from_studio(args, out)
    return _from_tiled(args, out)


def _terrains(*paths):
    """The terrains of the scenario beside any of ``paths`` (the first found), else the default four."""
    from studio.model.rivages import DEFAULT_TERRAINS
    from studio.validate.rivages import scenario_for

    for p in paths:
        try:
            sc = scenario_for(p)
        except Exception:  # noqa: BLE001 - no scenario to be found there: the default terrains
            sc = None
        if sc is not None:
            return list(sc.terrains)
    return list(DEFAULT_TERRAINS)


def _from_studio(args, out: Path) -> int:
    from studio.content import LoadError
    from studio.model.io import InvalidContent, read
    from studio.model.realm import Board
    from studio.model.rivages import Island

    try:
        model = read(args.input)
    except LoadError as exc:
        _stderr(exc.format(), args)
        return load_failure_status(exc)   # 1 as studio validate; 2 for a file that cannot be read
    except InvalidContent as exc:
        lines = "\n".join(f.format() for f in exc.findings)
        _stderr(f"studio convert: {args.input} does not load ({len(exc.findings)} "
                f"problem{'s' if len(exc.findings) != 1 else ''}):\n{lines}", args)
        return load_failure_status(exc)
    if not isinstance(model, (Island, Board)):
        _err(f"{args.input} is a {getattr(model, 'FORMAT', type(model).__name__)} file; Tiled maps hold Rivages "
             "islands (rivages-island/1) and Rule the Realm boards (realm-board/2)")
        return EXIT_USAGE
    if isinstance(model, Board) and (args.stagger_index or args.embed_tileset):
        _err(f"--stagger-index and --embed-tileset are for islands; {args.input} is a board (an orthogonal map "
             "with object layers, no tileset)")
        return EXIT_USAGE
    detail(f"studio convert: read {args.input} ({_size(args.input)}): {_shape_text(model)}")
    errors = _errors_of(model, args.input)
    if errors:
        n = len(errors)
        what = "island" if isinstance(model, Island) else "board"
        listed = "\n".join(f.format() for f in errors)
        if not args.force:
            _stderr(f"studio convert: {args.input} has {n} error{'s' if n != 1 else ''}; fix "
                    f"{'it' if n == 1 else 'them'} before converting (studio validate {args.input}), or convert "
                    f"the {what} as it is with --force:\n{listed}", args)
            return EXIT_ERRORS
        _stderr(f"{listed}\nstudio convert: --force: the {what} is converted with {n} "
                f"error{'s' if n != 1 else ''} (listed above)", args)
    return _write_tiled(model, out, args, read_files=[Path(args.input)])


def _write_tiled(model, out: Path, args, read_files: list[Path]) -> int:
    from studio.content.yamlio import make_parent_folders
    from studio.interop.tiled_board import board_map_files
    from studio.interop.tiled_island import CannotExport, island_map_files, write_files
    from studio.model.rivages import Island
    from studio.render.cli import _ensure_gui_application

    _ensure_gui_application()  # the tileset and board images are drawn with Qt
    try:
        if isinstance(model, Island):
            files = island_map_files(model, out, args.stagger_index or "odd", args.embed_tileset,
                                     _terrains(args.input, out))
        else:
            files = board_map_files(model, out)
    except (CannotExport, ValueError) as exc:
        _err(f"{args.input}: {exc}")
        return EXIT_USAGE
    except OSError as exc:
        _err(_os_text(exc))
        return EXIT_USAGE
    clash = _clash(files, read_files)
    if clash:
        return clash
    for target in files:  # the tileset and image beside OUT: no studio file is replaced by them
        refusal = output_refusal(target, None, "a Tiled map's file") if Path(target) != out else None
        if refusal:
            _err(f"nothing was written: {target}: {refusal}")
            return EXIT_USAGE
    try:
        make_parent_folders(out)  # OUT's folder is made (mkdir -p), as every command's outputs
    except OSError as exc:
        _err(f"nothing was written: {exc.strerror}")
        return EXIT_USAGE
    try:
        written = write_files(files)
    except OSError as exc:
        _err(f"nothing was written: {_os_text(exc)}")
        return EXIT_USAGE
    for p in written:
        print(p)
        detail(f"studio convert: wrote {p} ({_size(p)})")
    return EXIT_OK


def _clash(files: dict, read_files: list[Path]) -> int | None:
    """EXIT_USAGE (said) when a file to write is one the input was read from, unless it
    would be written with the very bytes it holds (``a.tmx`` -> ``a.tmj`` shares its
    tileset image): such a file is left alone (dropped from ``files``)."""
    used = {os.path.realpath(p) for p in read_files}
    for target in list(files):
        if os.path.realpath(target) in used:
            try:
                same = Path(target).read_bytes() == files[target]
            except OSError:
                same = False
            if same:
                del files[target]
                continue
            _err(f"writing {target} would replace a file the input uses; choose another name for OUT")
            return EXIT_USAGE
    return None


NOT_AN_ISLAND_MAP = frozenset({"tiled/unreadable", "tiled/not-tiled", "tiled/orientation"})
"""Map findings that mean the input is not a readable island map at all (exit status 2, as a file
of the wrong kind or missing); any other error is the map's content (1)."""


def _map_status(findings) -> int:
    """The exit status of a map that does not convert: 2 when it cannot be read or is not an
    island map (a board's, an orthogonal map), 1 for an island map with errors."""
    return EXIT_USAGE if any(f.code in NOT_AN_ISLAND_MAP for f in findings) else EXIT_ERRORS


def _from_tiled(args, out: Path) -> int:
    from studio.content.yamlio import make_parent_folders
    from studio.interop.tiled_format import TiledError, read_map
    from studio.interop.tiled_island import island_from_map
    from studio.model.io import InvalidContent, write

    try:
        tmap = read_map(args.input)
    except TiledError as exc:
        for f in exc.findings:
            _stderr(f.format(), args)
        if getattr(args, "stdin_copy", None) and any(f.code == "tiled/unreadable" for f in exc.findings):
            _err("a map read from standard input has no folder to find its tileset files in: embed its tilesets "
                 "(Tiled's Embed Tileset button in the Tilesets view), or pass the map's path instead of -")
        return _map_status(exc.findings)
    detail(f"studio convert: read {args.input} ({_size(args.input)}): a {tmap.orientation} map of {tmap.width} x "
           f"{tmap.height} tiles, {len(tmap.layers)} layer{'s' if len(tmap.layers) != 1 else ''}, "
           f"{len(tmap.tilesets)} tileset{'s' if len(tmap.tilesets) != 1 else ''}")
    terrains = _terrains(out, args.input)
    result = island_from_map(tmap, [t.name for t in terrains])
    for f in result.findings:
        _stderr(f.format(), args)
    if result.island is None or result.errors:
        n = len(result.errors)
        no_goals = any(f.code == "tiled/no-goals" for f in result.errors)
        _stderr(f"studio convert: {args.input} was not converted: {n} error{'s' if n != 1 else ''} (listed above); "
                "nothing was written"
             + ("; the island editor's File > Import Tiled Map opens a map without goals, with stand-in goals to "
                "edit" if no_goals else ""), args)
        return _map_status(result.errors)
    detail(f"studio convert: the map shows {_shape_text(result.island)}")
    used = [Path(args.input)]
    for ts in tmap.tilesets:
        if ts.path:
            used.append(Path(ts.path))
            if ts.image:
                used.append(Path(ts.path).parent / ts.image)
    if _kind(args.output) == "tiled":
        errors = _errors_of(result.island, None)
        if errors and not args.force:
            n = len(errors)
            _stderr("\n".join(f.format() for f in errors) + f"\nstudio convert: the island {args.input} shows has "
                    f"{n} error{'s' if n != 1 else ''} (listed above); nothing was written: convert it to .yaml to "
                    "fix it in the island editor, or write the map as it is with --force", args)
            return EXIT_ERRORS
        return _write_tiled(result.island, out, args, used)
    clash = _clash({out: b""}, used)
    if clash:
        return clash
    try:
        make_parent_folders(out)
    except OSError as exc:
        _err(f"{out} was not written: {exc.strerror}")
        return EXIT_USAGE
    try:
        write(result.island, out, None)
    except InvalidContent as exc:
        for f in exc.findings:
            _stderr(f.format(), args)
        return EXIT_ERRORS  # the island would not load again: its content
    except OSError as exc:
        _err(f"{out} was not written: {_os_text(exc)}")
        return EXIT_USAGE
    print(out)
    detail(f"studio convert: wrote {out} ({_size(out)})")
    errors = _errors_of(result.island, str(out))  # what `studio validate OUT` says, at OUT's lines
    if errors:
        n = len(errors)
        _stderr("\n".join(f.format() for f in errors) + f"\nstudio convert: {out} was written, but the island has "
                f"{n} error{'s' if n != 1 else ''} (listed above): fix {'it' if n == 1 else 'them'} in the island "
                f"editor (studio {out}) or in the map, and convert again", args)
        return EXIT_ERRORS
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
