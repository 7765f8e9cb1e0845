"""``studio export-tts FILE -o OUT.json``: a board or island as a Tabletop Simulator saved-object
set (:mod:`studio.render.tts`): ``OUT.json`` and its images beside it.

Exit codes as ``studio render``: 0 written; 1 a file that does not load or has errors (its
findings are listed); 2 bad usage, a file that cannot be read or is not a board or island, an
output that cannot be written (checked before anything is drawn; or a write that fails, a full
disk); 130 Ctrl+C, 143 SIGTERM (nothing written). Never a traceback for those."""

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
    note,
    stdin_copy,
)
from studio.content.exits import (  # 1: content errors, 2: usage and input/output
    EXIT_OK,
    EXIT_USAGE,
    findings_status,
    load_failure_status,
)
from studio.content.outputs import file_in_folder, names_folder, output_refusal, refusal_line


def build_parser() -> argparse.ArgumentParser:
    parser = console.OptionParser(
        prog="studio export-tts",
        description="Write a board or island as a Tabletop Simulator saved-object set: OUT.json (TTS's save "
                    "format) and its PNG images beside it. Copy them into TTS's Saves/Saved Objects folder.",
    )
    parser.add_argument("file", metavar="FILE", help="a realm-board/2 (or /1) board or a rivages-island/1 island, "
                                                     "its bundled name (volcano-3p), or - for standard input")
    parser.add_argument("-o", "--output", metavar="OUT.json", required=True,
                        help="the JSON file to write (images are written beside it as OUT-....png), or a folder "
                             "(DIR/, made when missing) to write DIR/NAME.json in, NAME the input's")
    parser.add_argument("--base-url", metavar="URL", default=None,
                        help="refer to the images as URL/NAME.png (after you upload them, so other players see them) "
                             "instead of file:/// URLs of the files written (only your computer sees those)")
    add_common_options(parser)
    return parser


def _err(message: str) -> None:
    print(f"studio export-tts: {message}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run ``studio export-tts``; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
        configure(args)
    except SystemExit as exc:
        return EXIT_OK if exc.code in (0, None) else EXIT_USAGE
    if args.output == "-":
        _err("export-tts writes a JSON file and images beside it; give a file name (e.g. board.json), not -")
        return EXIT_USAGE
    try:
        args.file = content_argument(args.file)
        if names_folder(args.output):  # -o sets/ (made when missing): sets/volcano-3p.json
            args.output = file_in_folder(args.output, args.file, ".json")
    except (UnknownName, ValueError) as exc:
        _err(str(exc))
        return EXIT_USAGE
    output = Path(args.output)
    suffix = output.suffix.lower()
    if suffix and suffix != ".json":
        _err(f"{output.name}: a Tabletop Simulator set is a .json file (its images are written beside it)")
        return EXIT_USAGE
    if not suffix:
        output = output.with_name(output.name + ".json")
    # a board saved as JSON, a playtest report, a saved game are never replaced; a file in the
    # way of the folder is found before anything is drawn, as every command checks its outputs
    refusal = output_refusal(output, None, "a Tabletop Simulator set")
    if refusal:
        _err(refusal_line(output, refusal))
        return EXIT_USAGE
    if args.base_url is not None and not args.base_url.strip():
        _err("--base-url is empty: give the address the images are uploaded to, or leave the option out")
        return EXIT_USAGE
    if args.file == STDIO:
        with stdin_copy() as copy:
            return _export(args, output, str(copy))
    return _export(args, output, args.file)


def _say(text: str, path: str, shown: str) -> None:
    print(text.replace(path, shown) if path != shown else text, file=sys.stderr)


def _export(args, output: Path, path: str) -> int:
    """Read ``path`` (standard input's private copy when FILE is -), check it, write the set."""
    from studio.content import LoadError
    from studio.model.io import InvalidContent, read

    shown = "<stdin>" if args.file == STDIO else path
    try:
        model = read(path)
    except LoadError as exc:
        _say(exc.format(), path, shown)
        return load_failure_status(exc)   # 1 as studio validate; 2 for a file that cannot be read
    except InvalidContent as exc:
        lines = "\n".join(f.format() for f in exc.findings)
        _say(f"studio export-tts: {shown} does not load ({len(exc.findings)} problem{'s' if len(exc.findings) != 1 else ''}):\n{lines}", path, shown)
        return load_failure_status(exc)
    fmt = getattr(model, "FORMAT", "")
    if fmt == "realm-board/2":
        from studio.validate import validate

        errors = [f for f in validate(model) if f.severity == "error"]
    elif fmt == "rivages-island/1":
        from studio.validate.rivages import rivages_findings

        errors = [f for f in rivages_findings(path) if f.severity == "error"]
    else:
        from studio.model.realm import Scenario

        hint = f" (this scenario's: {', '.join(model.board_names())})" if isinstance(model, Scenario) else ""
        _err(f"{shown} is a {fmt or type(model).__name__} file; export-tts takes a board{hint} or an island")
        return EXIT_USAGE
    if errors:
        n = len(errors)
        _say(f"studio export-tts: {shown} has {n} error{'s' if n != 1 else ''}; fix {'it' if n == 1 else 'them'} "
             "before exporting:\n" + "\n".join(f.format() for f in errors), path, shown)
        return findings_status(errors)
    detail(f"studio export-tts: read {shown} ({os.path.getsize(path)} bytes): {fmt} "
           f"{getattr(model, 'name', None) or model.id!r}")

    from studio.render.cli import _ensure_gui_application, _Stops
    from studio.render.export import ExportError, Stopped
    from studio.render.output import make_output_folder
    from studio.render.tts import export_tts

    try:
        make_output_folder(output)  # mkdir -p, as every command's outputs
    except OSError as exc:  # a file put in the way since the check: still the path's fault
        _err(str(exc))
        return EXIT_USAGE
    _ensure_gui_application()
    try:
        with _Stops() as stops:
            written = export_tts(model, output, args.base_url, stop=stops.requested)
    except Stopped:
        _err(f"{stops.name}: stopped before {output} was complete; nothing was written")
        return stops.code
    except ExportError as exc:
        _err(str(exc))
        return EXIT_USAGE
    except OSError as exc:
        _err(str(exc) if not getattr(exc, "strerror", None) or str(exc).startswith("could not")
             else f"could not write {output}: {exc.strerror}")
        return EXIT_USAGE
    for written_path in written:
        print(written_path)
        try:
            size = os.path.getsize(written_path)
        except OSError:  # a --base-url set names images it did not write
            continue
        detail(f"studio export-tts: wrote {written_path} ({size} bytes)")
    where = "at " + args.base_url.rstrip("/") if args.base_url else "as file:/// URLs (only this computer sees them)"
    note(f"{getattr(model, 'name', None) or model.id}: Tabletop Simulator set of {len(written) - 1} image"
         f"{'s' if len(written) != 2 else ''} and {output.name}; images referred to {where}")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
