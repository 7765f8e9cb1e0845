"""``studio convert IN OUT``: Rivages islands to and from Tiled maps, Rule the Realm boards to
Tiled. The suffixes say the formats: ``.yaml``/``.yml`` a studio file, ``.tmx`` a Tiled map in
XML, ``.tmj`` a Tiled map in JSON (docs/tiled.md).

- island ``.yaml`` -> ``.tmx``/``.tmj``: the map, its tileset image ``OUT-tiles.png`` and,
  unless ``--embed-tileset``, its tileset ``OUT-tiles.tsx`` (``.tsj`` for a ``.tmj``);
- board ``.yaml`` -> ``.tmx``/``.tmj``: the map and the board image ``OUT-board.png``;
- ``.tmx``/``.tmj`` -> island ``.yaml`` (or to the other map format, through the island).

Every finding of the import is printed as ``file:line:col: severity code: message``; a map
with errors writes nothing. Every file is written whole or not at all (all of them are
complete before any is renamed into place), and never over a file the input uses.

Exit codes: 0 written; 1 an output could not be written; 2 bad usage, an input that cannot be
read or converted (its findings printed); 130 stopped by Ctrl+C."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from studio.console import UnknownName, add_common_options, bundled_names, configure, content_argument

EXIT_OK, EXIT_WRITE, EXIT_USAGE = 0, 1, 2
STUDIO_SUFFIXES = (".yaml", ".yml")
TILED_SUFFIXES = (".tmx", ".tmj")
KNOWN = ".yaml or .yml (a studio island or board), .tmx (a Tiled map in XML) or .tmj (a Tiled map in JSON)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studio convert",
        description="Convert Rivages islands to and from Tiled hexagonal maps (TMX or TMJ), and Rule the Realm "
                    "boards to Tiled maps (an image layer and object layers of segments, lines and pegs). The "
                    "suffixes of IN and OUT say the formats.")
    parser.add_argument("input", metavar="IN", help="an island or board (.yaml, .yml), a bundled one by name "
                        "(gull-rock, volcano-3p) or a Tiled map (.tmx, .tmj)")
    parser.add_argument("output", metavar="OUT", help="the file to write: .tmx, .tmj, or .yaml/.yml for an island")
    parser.add_argument("--stagger-index", choices=("odd", "even"), default=None,
                        help="islands to Tiled: which rows (pointy tops) or columns (flat tops) Tiled shoves by half "
                             "a hex (default odd, Tiled's default)")
    parser.add_argument("--embed-tileset", action="store_true",
                        help="islands to Tiled: put the tileset in the map instead of a .tsx/.tsj file beside it")
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
    try:
        return _run(args)
    except KeyboardInterrupt:
        _err("interrupted (Ctrl+C): nothing was written")
        return 130


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
    if os.path.isdir(args.output) or args.output.endswith(("/", os.sep)):
        _err(f"OUT {args.output} is a folder: give a file name (e.g. {os.path.join(args.output, 'island.tmx')})")
        return EXIT_USAGE
    if args.input != "-" and Path(args.input).suffix == "":
        try:            # a bundled island or board by name (studio convert gull-rock g.tmx)
            args.input = content_argument(args.input)
        except UnknownName as exc:
            import difflib

            # a near miss of a bundled name is named; anything else is told about suffixes below
            if difflib.get_close_matches(args.input, list(bundled_names()), n=1, cutoff=0.6):
                _err(str(exc))
                return EXIT_USAGE
    for name, value in (("IN", args.input), ("OUT", args.output)):
        if value == "-":
            _err(f"{name} is '-': convert reads and writes files (a Tiled map comes with its tileset and image "
                 "files beside it); give a file name")
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
        print(exc.format(), file=sys.stderr)
        return EXIT_USAGE
    except InvalidContent as exc:
        lines = "\n".join(f.format() for f in exc.findings)
        _err(f"{args.input} does not load ({len(exc.findings)} problem{'s' if len(exc.findings) != 1 else ''}):\n{lines}")
        return EXIT_USAGE
    if not isinstance(model, (Island, Board)):
        _err(f"{args.input} is a {getattr(model, 'FORMAT', type(model).__name__)} file; Tiled maps hold Rivages "
             "islands (rivages-island/1) and Rule the Realm boards (realm-board/2)")
        return EXIT_USAGE
    if isinstance(model, Board) and (args.stagger_index or args.embed_tileset):
        _err(f"--stagger-index and --embed-tileset are for islands; {args.input} is a board (an orthogonal map "
             "with object layers, no tileset)")
        return EXIT_USAGE
    return _write_tiled(model, out, args, read_files=[Path(args.input)])


def _write_tiled(model, out: Path, args, read_files: list[Path]) -> int:
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
        return EXIT_WRITE
    clash = _clash(files, read_files)
    if clash:
        return clash
    try:
        written = write_files(files)
    except OSError as exc:
        _err(f"nothing was written: {_os_text(exc)}")
        return EXIT_WRITE
    for p in written:
        print(p)
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


def _from_tiled(args, out: Path) -> int:
    from studio.interop.tiled_format import TiledError, read_map
    from studio.interop.tiled_island import island_from_map
    from studio.model.io import InvalidContent, write

    try:
        tmap = read_map(args.input)
    except TiledError as exc:
        for f in exc.findings:
            print(f.format(), file=sys.stderr)
        return EXIT_USAGE
    terrains = _terrains(out, args.input)
    result = island_from_map(tmap, [t.name for t in terrains])
    for f in result.findings:
        print(f.format(), file=sys.stderr)
    if result.island is None or result.errors:
        n = len(result.errors)
        no_goals = any(f.code == "tiled/no-goals" for f in result.errors)
        _err(f"{args.input} was not converted: {n} error{'s' if n != 1 else ''} (listed above); nothing was written"
             + ("; the island editor's File > Import Tiled Map opens a map without goals, with stand-in goals to "
                "edit" if no_goals else ""))
        return EXIT_USAGE
    used = [Path(args.input)]
    for ts in tmap.tilesets:
        if ts.path:
            used.append(Path(ts.path))
            if ts.image:
                used.append(Path(ts.path).parent / ts.image)
    if _kind(args.output) == "tiled":
        return _write_tiled(result.island, out, args, used)
    clash = _clash({out: b""}, used)
    if clash:
        return clash
    try:
        write(result.island, out, None)
    except InvalidContent as exc:
        for f in exc.findings:
            print(f.format(), file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        _err(f"{out} was not written: {_os_text(exc)}")
        return EXIT_WRITE
    print(out)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
