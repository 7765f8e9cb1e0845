"""``studio validate PATH... [--format text|json] [--quiet]``: check content files and folders.

Text output is one finding per line, ``path:line:col: severity code: message``, sorted by path,
line and column, then a summary line ``checked N files: E errors, W warnings``. JSON output is
only a list of finding objects (:meth:`~studio.content.findings.Finding.to_dict`). Exit status:
0 no errors (warnings allowed), 1 errors, 2 usage errors (no path, a path that does not exist)
or a file that cannot be read (I/O error, not UTF-8).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from studio.content.findings import Finding
from studio.validate.pipeline import validate_paths

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studio validate",
        description="Check boards and scenarios: schema, geometry and rules lint. "
                    "Folders are searched for *.yaml and *.yml files.",
        epilog="exit status: 0 no errors, 1 errors found, 2 usage error or unreadable file")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="content file or folder")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default): one finding per line and a summary; json: a list of findings")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="text format: print errors only, without warnings, notes or the summary")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``studio validate`` on ``argv`` (without the ``validate`` word); returns the exit
    status. Never raises: argparse's exits become return values, crashes become findings."""
    escape_unencodable_output()
    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:  # --help, or a usage error argparse already printed
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        return _run(args)
    except BrokenPipeError:  # the reader (head, less) stopped early; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_ERRORS
    except Exception as exc:  # last resort: a message, never a traceback
        print(f"studio validate: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_USAGE


def escape_unencodable_output() -> None:
    """Let stdout and stderr write what their encoding cannot (``PYTHONIOENCODING=ascii``, a
    non-ASCII key or path, an undecodable file name) as backslash escapes: nothing is lost and
    nothing stops the run (issue 12)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):  # not a text stream that can change
            pass


def _run(args: argparse.Namespace) -> int:
    # a missing path is an io/not-found finding like any other (with its code, in the count
    # and in the JSON), and still exits 2; a link that loops or dangles: the loader says why
    findings, files, unreadable = validate_paths(args.paths)
    if args.format == "json":
        print(json.dumps([f.to_dict() for f in findings], indent=2))
    else:
        _print_text(findings, files, args.quiet)
    if unreadable:
        return EXIT_USAGE
    return EXIT_ERRORS if any(f.severity == "error" for f in findings) else EXIT_OK


def _print_text(findings: list[Finding], files: int, quiet: bool) -> None:
    for finding in findings:
        if not quiet or finding.severity == "error":
            print(finding.format())
    if not quiet:
        print(summary(findings, files))


def summary(findings: list[Finding], files: int) -> str:
    """``checked 4 files: 0 errors, 0 warnings`` (and ``, N notes`` when there are any)."""
    counts = {severity: sum(f.severity == severity for f in findings) for severity in ("error", "warning", "info")}
    text = (f"checked {_count(files, 'file')}: {_count(counts['error'], 'error')}, "
            f"{_count(counts['warning'], 'warning')}")
    if counts["info"]:
        text += f", {_count(counts['info'], 'note')}"
    return text


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


if __name__ == "__main__":
    sys.exit(main())
