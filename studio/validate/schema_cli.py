"""``studio schema [FORMAT] [--path] [--line FILE]``: the JSON Schemas of the content files.

Without FORMAT: the combined schema (``schemas/content.json``), which checks any studio file
against the schema its ``format:`` names; with FORMAT (``realm-board/2``), that format's own
schema. ``--path`` prints where the file is installed instead of its text (for editor settings,
``check-jsonschema --schemafile``...); ``--line FILE`` prints the
``# yaml-language-server: $schema=...`` line for a content file at FILE (relative when the
schema is in FILE's tree, else a ``file://`` URI).

Exit status: 0, 2 for an unknown format or a usage error.
"""

from __future__ import annotations

import argparse
import sys

from studio.console import OptionParser, add_common_options, configure


def build_parser() -> argparse.ArgumentParser:
    parser = OptionParser(
        prog="studio schema",
        description="Print the JSON Schema of studio files (the combined one, or one format's), or where it "
                    "is installed, for editors and CI.")
    parser.add_argument("format", nargs="?", metavar="FORMAT",
                        help="a format such as realm-board/2 (default: the combined schema of every format)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--path", action="store_true", help="print the schema file's path instead of its text")
    what.add_argument("--line", metavar="FILE",
                      help="print the yaml-language-server schema line a content file at FILE should start with")
    add_common_options(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    configure(args)
    from studio.content.paths import schemas_dir
    from studio.content.schema_line import combined_schema_path, schema_line_for
    from studio.content.schemas import known_formats

    if args.line:
        print(schema_line_for(args.line))
        return 0
    if args.format is None:
        path = combined_schema_path()
    else:
        if args.format not in known_formats():
            import difflib

            close = difflib.get_close_matches(args.format, known_formats(), n=1, cutoff=0.5)
            hint = f" (did you mean {close[0]}?)" if close else ""
            print(f"studio schema: unknown format {args.format!r}{hint}; known: {', '.join(known_formats())}",
                  file=sys.stderr)
            return 2
        import json

        path = next(p for p in sorted(schemas_dir().glob("*.schema.json"))
                    if json.loads(p.read_text(encoding="utf-8")).get("$id", "").endswith("/" + args.format))
    if args.path:
        print(path.resolve())
    else:
        sys.stdout.write(path.read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
