"""``studio validate PATH... [--format text|json|github|sarif] [-q|-v]``: check content files and folders.

Text output is one finding per line, ``path:line:col: severity code: message``, sorted by path,
line and column, then a summary line ``checked N files: E errors, W warnings``. JSON output is
only a list of finding objects (:meth:`~studio.content.findings.Finding.to_dict`); ``github``
prints GitHub Actions workflow commands (``::error file=F,line=L,col=C,title=CODE::MESSAGE``,
an annotation on the pull request's diff); ``sarif`` a SARIF 2.1.0 log for code scanning. A PATH
may be a bundled content name (``volcano-3p``) or ``-`` for standard input. Exit status:
0 no errors (warnings allowed), 1 errors, 2 usage errors (no path, a path that does not exist)
or a file that cannot be read (I/O error, not UTF-8).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from studio.console import STDIO, OptionParser, UnknownName, add_common_options, configure, content_argument, stdin_copy
from studio.content.findings import Finding
from studio.validate.pipeline import validate_paths

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = OptionParser(
        prog="studio validate",
        description="Check boards and scenarios: schema, geometry and rules lint. "
                    "Folders are searched for *.yaml, *.yml and *.json files (JSON without a "
                    "'format' key, another tool's, is passed over with a note).",
        epilog="exit status: 0 no errors, 1 errors found, 2 usage error or unreadable file")
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="content file or folder, a bundled content name (jungle-temples, volcano-3p), or - "
                             "for standard input")
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="text (default): one finding per line and a summary; json: a list of findings; "
                             "github: GitHub Actions annotations; sarif: a SARIF 2.1.0 log (code scanning)")
    add_common_options(parser, quiet_help="text format: print errors only, without warnings, notes or the summary")
    return parser


FORMATS = ("text", "json", "github", "sarif")


def main(argv: list[str] | None = None) -> int:
    """Run ``studio validate`` on ``argv`` (without the ``validate`` word); returns the exit
    status. Never raises: argparse's exits become return values, crashes become findings."""
    escape_unencodable_output()
    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:  # --help, or a usage error argparse already printed
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    configure(args)
    try:
        args.paths = [content_argument(p) for p in args.paths]
    except UnknownName as exc:
        print(f"studio validate: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.paths.count(STDIO) > 1:
        print("studio validate: - (standard input) can be given once", file=sys.stderr)
        return EXIT_USAGE
    try:
        if STDIO in args.paths:
            with stdin_copy() as copy:
                return _run(args, copy)
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
        reconfigure = getattr(stream, "reconfigure", None)  # io.TextIOWrapper's; TextIO does not promise it
        if reconfigure is None:  # not a text stream that can change
            continue
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError):  # not a text stream that can change
            pass


STDIN_NAME = "<stdin>"


def _run(args: argparse.Namespace, stdin_file=None) -> int:
    # a missing path is an io/not-found finding like any other (with its code, in the count
    # and in the JSON), and still exits 2; a link that loops or dangles: the loader says why
    paths = [str(stdin_file) if p == STDIO and stdin_file is not None else p for p in args.paths]
    findings, files, unreadable = validate_paths(paths)
    if stdin_file is not None:  # standard input is named <stdin>, never by its temporary copy
        findings = [_renamed(f, str(stdin_file), STDIN_NAME) for f in findings]
    if args.format == "json":
        print(json.dumps([f.to_dict() for f in findings], indent=2))
    elif args.format == "github":
        from studio.validate.annotations import github_commands

        for line in github_commands(findings):
            print(line)
    elif args.format == "sarif":
        from studio.validate.annotations import sarif_log

        print(json.dumps(sarif_log(findings), indent=1))
    else:
        _print_text(findings, files, args.quiet)
        if args.verbose:
            _print_explanations(findings)
    if unreadable:
        return EXIT_USAGE
    return EXIT_ERRORS if any(f.severity == "error" for f in findings) else EXIT_OK


def _print_text(findings: list[Finding], files: int, quiet: bool) -> None:
    for finding in findings:
        if not quiet or finding.severity == "error":
            print(finding.format())
    if not quiet:
        print(summary(findings, files))


def _renamed(finding: Finding, old: str, new: str) -> Finding:
    if finding.path != old:
        return finding
    return Finding(finding.code, finding.severity, finding.message.replace(old, new), new, finding.line,
                   finding.col, finding.element, finding.json_path)


def _print_explanations(findings: list[Finding]) -> None:
    """-v: what each code found means and how to fix it (``studio explain CODE``)."""
    from studio.validate.explain import describe, explain

    codes = list(dict.fromkeys(f.code for f in findings))
    for code in codes:
        for entry in explain(code):
            print(describe(entry))


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
