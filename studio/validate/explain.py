"""``studio explain CODE...``: what a finding code means, its severity and how to fix it.

The text is that of docs/findings.md (shipped in the wheel as ``studio/_bundled/docs``), read
from its tables: a row ``| `code` | severity | meaning | how to fix |``. ``studio explain
schema`` lists every code of a family; ``studio explain --list`` every code.

Exit status: 0 every code explained, 1 a code not documented (the closest are named), 2 usage.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from functools import lru_cache

from studio.console import OptionParser, add_common_options, configure

_ROW = re.compile(r"^\|(?P<codes>(?:\s*`[a-z0-9-]+/[a-z0-9*-]+`\s*,?)+)\|(?P<rest>.*)\|\s*$")
_CODE = re.compile(r"`([a-z0-9-]+/[a-z0-9*-]+)`")
_MARKUP = re.compile(r"`([^`]*)`|\*\*([^*]*)\*\*|\[([^\]]*)\]\([^)]*\)")


def plain(text: str) -> str:
    """Markdown of a table cell as plain text: code spans, bold and links unwrapped."""
    return _MARKUP.sub(lambda m: next(g for g in m.groups() if g is not None), text).strip()


@lru_cache(maxsize=1)
def explanations() -> dict[str, dict]:
    """``code -> {"code", "severity", "meaning", "fix", "section"}`` from docs/findings.md, in
    the order of the file. Raises OSError when the document is missing."""
    from studio.content.paths import bundled_path

    out: dict[str, dict] = {}
    section = ""
    for line in bundled_path("docs", "findings.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            section = line.lstrip("#").strip()
            continue
        m = _ROW.match(line)
        if not m:
            continue
        cells = [c.strip() for c in m["rest"].split(" | ")]
        if len(cells) < 3:
            continue
        severity, meaning, fix = cells[0], cells[1], " | ".join(cells[2:])
        for code in _CODE.findall(m["codes"]):
            out.setdefault(code, {"code": code, "severity": plain(severity), "meaning": plain(meaning),
                                  "fix": plain(fix), "section": plain(section)})
    return out


def explain(code: str) -> list[dict]:
    """The entries for ``code``: the code itself, every code of a family (``schema`` or
    ``schema/*``), or ``[]``."""
    known = explanations()
    if code in known:
        return [known[code]]
    family = code.rstrip("*").rstrip("/")
    if family and "/" not in family:
        return [e for c, e in known.items() if c.split("/")[0] == family]
    return []


def describe(entry: dict) -> str:
    return (f"{entry['code']} ({entry['severity']}; {entry['section']})\n"
            f"  what: {entry['meaning']}\n  fix:  {entry['fix']}")


def build_parser() -> argparse.ArgumentParser:
    parser = OptionParser(
        prog="studio explain",
        description="Explain finding codes (as printed by studio validate): what each means, its severity "
                    "and how to fix it, from docs/findings.md.",
        epilog="exit status: 0 explained, 1 a code is not documented, 2 usage error")
    parser.add_argument("codes", nargs="*", metavar="CODE",
                        help="a code such as geometry/lines-cross, or a family such as schema")
    parser.add_argument("--list", action="store_true", help="list every documented code with its severity")
    add_common_options(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    configure(args)
    try:
        known = explanations()
    except OSError as exc:
        print(f"studio explain: cannot read the findings document: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if args.list:
        for code, entry in known.items():
            print(f"{code}  {entry['severity']}")
        return 0
    if not args.codes:
        print("studio explain: give a finding code (e.g. geometry/lines-cross), a family (schema) or --list",
              file=sys.stderr)
        return 2
    status, first = 0, True
    for code in args.codes:
        entries = explain(code)
        if not entries:
            close = difflib.get_close_matches(code, list(known), n=3, cutoff=0.5)
            hint = f" (did you mean {', '.join(close)}?)" if close else " (studio explain --list lists them)"
            print(f"studio explain: {code}: no such finding code{hint}", file=sys.stderr)
            status = 1
            continue
        for entry in entries:
            if args.quiet:  # one line a code
                print(f"{entry['code']}: {entry['meaning']}")
            else:
                print(("" if first else "\n") + describe(entry))
            first = False
    return status


if __name__ == "__main__":
    sys.exit(main())
