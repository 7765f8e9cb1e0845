"""``studio render FILE -o OUT``: print-and-play export without a window. The input's
``format:`` picks the renderer (:data:`RENDERERS`): boards here, islands in :mod:`studio.render.island`,
Trees of Wisdom, card sets and loot in :mod:`studio.render.rivages_cli`.

Exit codes (:mod:`studio.content.exits`, as every command): 0 written; 1 a file that does not
load or has errors (its findings are printed as ``file:line:col: ...``, as ``studio validate``
prints them and exits 1); 2 bad usage, a file that cannot be read (missing, unreadable), an
output that cannot be written (under a file, a folder that takes no new files, a studio file of
its own: checked before anything is drawn, as every command checks its outputs; or a write that
fails, a full disk), bad settings, a file of a kind with nothing to print or more sheets than
``--max-sheets``; 130 stopped by Ctrl+C, 143 by SIGTERM (one line says so; a file is
written whole or not at all). Never a traceback for those."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from pathlib import Path

from studio import console
from studio.console import STDIO, UnknownName, add_common_options, configure, content_argument, note, stdin_copy
from studio.content import LoadError
from studio.content.exits import (  # 1: content errors, 2: usage and input/output
    EXIT_ERRORS,
    EXIT_OK,
    EXIT_USAGE,
    load_failure_status,
)
from studio.content.outputs import file_in_folder, names_folder, output_refusal, refusal_line
from studio.model.io import InvalidContent, read
from studio.model.realm import Board, Scenario
from studio.render import export

MAX_SHEETS = 100
"""Boards printing on more sheets than this are refused unless ``--max-sheets`` allows them:
a peg placed far out can make a board of thousands of sheets."""

# format -> "module:function" taking (args, model, output, fmt) and returning the exit code
RENDERERS: dict[str, str] = {
    "rivages-island/1": "studio.render.island:render_cli",
    "rivages-tree/1": "studio.render.rivages_cli:render_tree",
    "rivages-cards/1": "studio.render.rivages_cli:render_cards",
    "rivages-loot/1": "studio.render.rivages_cli:render_cards",
}


def build_parser() -> argparse.ArgumentParser:
    parser = console.OptionParser(
        prog="studio render",
        description="Export a board for print and play, at true size: PDF (one page per sheet), "
                    "SVG or PNG (one file per sheet, NAME-row1-col2.EXT when the board is tiled).",
    )
    parser.add_argument("board", metavar="FILE",
                        help="a bundled name (volcano-3p, amber-shoals), - for standard input, or a realm-board/2 (or /1) board, a rivages-island/1 island, a rivages-tree/1 Tree of Wisdom (a page per side), a "
                             "rivages-cards/1 card set or a rivages-loot/1 loot file (card sheets)")
    parser.add_argument("-o", "--output", metavar="FILE", required=True,
                        help="file to write; its suffix picks the format unless --format is given; a folder "
                             "(DIR/, made when missing) gets DIR/NAME.pdf, NAME the input's; - writes one file "
                             "(a PDF by default) to standard output")
    parser.add_argument("--format", choices=export.FORMATS, help="png, svg or pdf (default: from FILE, else pdf)")
    parser.add_argument("--paper", choices=(*export.PAPERS, export.BOARD_PAPER), default="a4",
                        help="a4, letter, or board (one sheet the size of the board); default a4")
    parser.add_argument("--orientation", choices=export.ORIENTATIONS, default=None,
                        help="boards: default auto, the one that needs fewer sheets")
    parser.add_argument("--spacing-mm", type=_number, default=None, metavar="N",
                        help=f"boards: peg spacing on paper in mm (default {export.DEFAULT_SPACING_MM:g}; "
                             "measure your base's pegs)")
    parser.add_argument("--margin-mm", type=_number, default=None, metavar="N",
                        help=f"boards and islands: white border of each sheet in mm (default {export.DEFAULT_MARGIN_MM:g})")
    parser.add_argument("--dpi", type=_number, default=export.DEFAULT_DPI, metavar="N",
                        help=f"PNG resolution (default {export.DEFAULT_DPI:g})")
    parser.add_argument("--background", choices=("white", "colour"), default=None,
                        help="boards: white (print-friendly, the default) or colour (table and parchment, as in the editor)")
    parser.add_argument("--seat-labels", action="store_true", help="boards: draw the seat name labels outside the plate")
    parser.add_argument("--peg-ids", action="store_true", help="boards: write each peg's id under it")
    parser.add_argument("--no-marks", action="store_true", help="boards: no crop marks, page labels or scale bar")
    parser.add_argument("--no-icons", action="store_true",
                        help="boards: leave out the board's symbols (location number, players, band shapes, "
                             "special rules, end condition) in the top-left corner")
    parser.add_argument("--max-sheets", type=_sheets, default=None, metavar="N",
                        help=f"boards: print at most N sheets (default {MAX_SHEETS}); a board needing more is refused")
    parser.add_argument("--hex-mm", type=_positive, default=None, metavar="N",
                        help="islands: width of a hex across its flat sides in mm (default 22)")
    parser.add_argument("--side", choices=("A", "B", "both"), default=None,
                        help="Trees of Wisdom: which side to print (default both, a page each)")
    parser.add_argument("--bleed-mm", type=_number, default=None, metavar="N",
                        help="card sets and loot: art printed this far past each trim line, cut marks outside it "
                             "(default 3; 0 for cards edge to edge)")
    parser.add_argument("--no-backs", action="store_true",
                        help="card sets and loot: no back sheets (by default each face sheet is followed by its backs, "
                             "for double-sided printing)")
    parser.add_argument("--duplex", choices=("long", "short"), default=None,
                        help="card sets and loot: the edge your printer flips the paper on for double-sided printing "
                             "(default long); the backs are mirrored to match")
    add_common_options(parser)
    parser.epilog = ("An option that does not apply to the file's kind (--side on a board, --hex-mm on a tree...) "
                     "is refused, never ignored.")
    return parser


def _number(text: str) -> float:
    """argparse type: a finite number (the settings check gives each option's range)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"must be a finite number, got {text!r}")
    return value


def _sheets(text: str) -> int:
    """argparse type: a whole number of sheets, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return value


def _positive(text: str) -> float:
    """argparse type: a finite number above 0 (0 used to fall back to the default silently)."""
    value = _number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text!r}")
    return value


# option dest -> (flag, the kinds of file it applies to); kinds as in KIND_NAMES
APPLIES_TO: dict[str, tuple[str, tuple[str, ...]]] = {
    "orientation": ("--orientation", ("realm-board/2",)),
    "spacing_mm": ("--spacing-mm", ("realm-board/2",)),
    "background": ("--background", ("realm-board/2",)),
    "seat_labels": ("--seat-labels", ("realm-board/2",)),
    "peg_ids": ("--peg-ids", ("realm-board/2",)),
    "no_marks": ("--no-marks", ("realm-board/2",)),
    "no_icons": ("--no-icons", ("realm-board/2",)),
    "max_sheets": ("--max-sheets", ("realm-board/2",)),
    "margin_mm": ("--margin-mm", ("realm-board/2", "rivages-island/1")),
    "hex_mm": ("--hex-mm", ("rivages-island/1",)),
    "side": ("--side", ("rivages-tree/1",)),
    "bleed_mm": ("--bleed-mm", ("rivages-cards/1", "rivages-loot/1")),
    "no_backs": ("--no-backs", ("rivages-cards/1", "rivages-loot/1")),
    "duplex": ("--duplex", ("rivages-cards/1", "rivages-loot/1")),
}
KIND_NAMES = {"realm-board/2": ("boards", "a board"), "rivages-island/1": ("islands", "an island"),
              "rivages-tree/1": ("trees", "a Tree of Wisdom"), "rivages-cards/1": ("card sets", "a card set"),
              "rivages-loot/1": ("loot files", "a loot file")}
_DEFAULTS = {"orientation": "auto", "spacing_mm": export.DEFAULT_SPACING_MM,
             "margin_mm": export.DEFAULT_MARGIN_MM, "background": "white", "side": "both",
             "max_sheets": MAX_SHEETS, "bleed_mm": 3.0, "duplex": "long"}


def options_not_applying(given: set[str], fmt: str) -> list[str]:
    """One message per option in ``given`` (argparse dests) that does nothing for a file of
    format ``fmt``: ``--side applies to trees only; this file is a board``."""
    out = []
    for dest, (flag, kinds) in APPLIES_TO.items():
        if dest in given and fmt not in kinds:
            names = [KIND_NAMES[k][0] for k in kinds]
            what = KIND_NAMES.get(fmt, (None, f"a {fmt} file"))[1]
            out.append(f"{flag} applies to {' and '.join(names)} only; this file is {what}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Run ``studio render``; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage or the help
        return EXIT_OK if exc.code in (0, None) else EXIT_USAGE
    configure(args)
    try:
        args.board = content_argument(args.board)
        if args.output != STDIO and names_folder(args.output):  # -o prints/ (made when missing): prints/volcano-3p.pdf
            args.output = file_in_folder(args.output, args.board, "." + (args.format or "pdf"))
    except (UnknownName, ValueError) as exc:
        _err(str(exc))
        return EXIT_USAGE
    if args.board == STDIO:
        with stdin_copy() as copy:
            args.board = str(copy)
            return _run_to(args)
    return _run_to(args)


def _run_to(args: argparse.Namespace) -> int:
    """:func:`_run`, with ``-o -`` written to a private temporary folder and the one file made
    copied to standard output (never a file named ``-``); with -q the list of files written is
    left out."""
    import contextlib
    import io
    import shutil
    import tempfile

    if args.output != STDIO:
        if console.level != console.QUIET:
            return _run(args)
        with contextlib.redirect_stdout(io.StringIO()):
            return _run(args)
    folder = Path(tempfile.mkdtemp(prefix="studio-render-"))
    try:
        args.output = str(folder / f"standard-output.{args.format or 'pdf'}")
        with contextlib.redirect_stdout(io.StringIO()):  # the temporary names written
            status = _run(args)
        if status != EXIT_OK:
            return status
        made = sorted(folder.iterdir())
        if len(made) != 1:
            _err(f"this prints as {len(made)} files (one per sheet); standard output holds one: give -o FILE, "
                 "or --format pdf for one file of all the sheets")
            return EXIT_USAGE
        console.write_stdout_bytes(made[0].read_bytes())
        return EXIT_OK
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _err(message: str) -> None:
    print(f"studio render: {message}", file=sys.stderr)


def _run(args: argparse.Namespace) -> int:
    given = {dest for dest in APPLIES_TO if getattr(args, dest) not in (None, False)}
    for dest, value in _DEFAULTS.items():
        if getattr(args, dest) is None:
            setattr(args, dest, value)
    output = Path(args.output)
    suffix = output.suffix.lower().lstrip(".")
    if suffix and suffix not in export.FORMATS and not args.format:
        # x.jpg used to become x.jpg.pdf: a suffix we cannot write is a mistake, not a name
        _err(f"cannot tell the format from the suffix .{suffix} of {output.name}: use .png, .svg "
             f"or .pdf, or give --format ({', '.join(export.FORMATS)})")
        return EXIT_USAGE
    fmt = args.format or export.format_for_path(output)
    if suffix in export.FORMATS and suffix != fmt:
        _err(f"--format {fmt} does not match the output file's suffix .{suffix}")
        return EXIT_USAGE
    if suffix != fmt:
        output = output.with_name(output.name + f".{fmt}")
    refusal = output_refusal(output, None, "a print")  # a folder, content, a file in the way: before drawing
    if refusal:
        _err(refusal_line(output, refusal))
        return EXIT_USAGE
    settings = export.ExportSettings(
        format=fmt, paper=args.paper, orientation=args.orientation, spacing_mm=args.spacing_mm,
        margin_mm=args.margin_mm, dpi=args.dpi, white_background=args.background == "white",
        seat_labels=args.seat_labels, peg_ids=args.peg_ids, marks=not args.no_marks, icons=not args.no_icons,
    )
    try:
        settings.checked()
    except export.ExportError as exc:
        _err(str(exc))
        return EXIT_USAGE
    try:
        board = read(args.board)
    except LoadError as exc:
        print(exc.format(), file=sys.stderr)  # file:line:col: error code: message, as studio validate
        return load_failure_status(exc)   # 1 as studio validate; 2 for a file that cannot be read
    except InvalidContent as exc:
        lines = "\n".join(f.format() for f in exc.findings)
        _err(f"{args.board} does not load ({len(exc.findings)} problem{'s' if len(exc.findings) != 1 else ''}):\n{lines}")
        return load_failure_status(exc)
    not_applying = options_not_applying(given, getattr(board, "FORMAT", ""))
    if not_applying:
        for message in not_applying:
            _err(message)
        return EXIT_USAGE
    if not isinstance(board, Board):
        target = RENDERERS.get(getattr(board, "FORMAT", ""))
        if target is None:
            hint = ("; this scenario's boards are " + ", ".join(board.board_names())
                    if isinstance(board, Scenario) else "")
            _err(f"{args.board} is a {getattr(board, 'FORMAT', type(board).__name__)} file, which has nothing "
                 f"to print (give a board, island, Tree of Wisdom, card or loot file{hint})")
            return EXIT_USAGE
        import importlib

        module, _, function = target.partition(":")
        if not _made_output_folder(output):
            return EXIT_USAGE
        _ensure_gui_application()
        return getattr(importlib.import_module(module), function)(args, board, output, fmt)
    from studio.validate import validate  # a board with errors would print wrong (a line to no peg...)

    errors = [f for f in validate(board) if f.severity == "error"]
    if errors:
        lines = "\n".join(f.format() for f in errors)
        _err(f"{args.board} has {len(errors)} error{'s' if len(errors) != 1 else ''}; fix "
             f"{'it' if len(errors) == 1 else 'them'} before printing:\n{lines}")
        return EXIT_ERRORS
    _ensure_gui_application()
    try:
        layout = export.layout_sheets(board, settings)
    except export.ExportError as exc:
        _err(str(exc))
        return EXIT_USAGE
    if layout.pages > args.max_sheets:
        w, h = layout.content.width() * layout.spacing_mm, layout.content.height() * layout.spacing_mm
        _err(f"{args.board} would print on {layout.pages} sheets ({layout.rows} rows × {layout.cols} columns of "
             f"{layout.summary().split('pages, ', 1)[-1].split(';')[0]}; the board is {w:.0f} × {h:.0f} mm), more "
             f"than the limit of {args.max_sheets}: look for a peg placed far out, or give --max-sheets "
             f"{layout.pages} to print them all")
        return EXIT_USAGE
    if not _made_output_folder(output):
        return EXIT_USAGE
    try:
        with _Stops() as stops:
            written = export.export_board(board, output, settings, stop=stops.requested)
    except export.Stopped as exc:
        done = f"; {len(exc.written)} complete sheet file(s) were kept" if exc.written else "; nothing was written"
        _err(f"{stops.name}: stopped before {output} was complete{done}")
        return stops.code
    except export.ExportError as exc:
        _err(str(exc))
        return EXIT_USAGE
    except OSError as exc:
        _err(f"cannot write {output}: {exc.strerror or exc}" if getattr(exc, "strerror", None) else str(exc))
        return EXIT_USAGE
    for path in written:
        print(path)
    note(f"{board.name}: {layout.summary()}, peg spacing {settings.spacing_mm:g} mm"
         + (f", {settings.dpi:g} dpi" if fmt == "png" else ""))
    return EXIT_OK


def _made_output_folder(output: Path) -> bool:
    """Make the output's missing folders (``mkdir -p``), once the content has loaded and passed;
    False, having said why, when they cannot be made after all (a file put in the way since
    :func:`~studio.content.outputs.output_refusal` passed): a usage error, exit 2."""
    from studio.render.output import make_output_folder

    try:
        make_output_folder(output)
    except OSError as exc:
        _err(str(exc))
        return False
    return True


class _Stops:
    """While entered (in the main thread), Ctrl+C, SIGTERM and SIGHUP only ask the export to
    stop: it stops before its next sheet (:class:`studio.render.export.Stopped`), so no
    exception is ever raised inside a Qt call and no file is left half-written. ``name`` and
    ``code`` say which signal came (130 for Ctrl+C, 128 + the number for the others)."""

    _SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self) -> None:
        self.signum: int | None = None
        self._old: dict = {}

    def requested(self) -> bool:
        return self.signum is not None

    @property
    def name(self) -> str:
        return "interrupted (Ctrl+C)" if self.signum == signal.SIGINT else f"ended by {signal.Signals(self.signum).name}"

    @property
    def code(self) -> int:
        return 128 + int(self.signum)

    def _handler(self, signum, _frame) -> None:
        if self.signum is None:
            self.signum = signum

    def __enter__(self) -> "_Stops":
        if threading.current_thread() is threading.main_thread():
            for name in self._SIGNALS:
                sig = getattr(signal, name, None)
                if sig is not None:
                    self._old[sig] = signal.signal(sig, self._handler)
        return self

    def __exit__(self, *exc) -> None:
        for sig, old in self._old.items():
            signal.signal(sig, old)


def _ensure_gui_application() -> None:
    """Fonts and painting need a QGuiApplication; without a display, use the offscreen one."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is not None:
        return
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    QGuiApplication([sys.argv[0] if sys.argv else "studio"])


if __name__ == "__main__":
    sys.exit(main())
