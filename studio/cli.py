"""Command line entry point ``studio``: a thin shell over the library.

``studio [FILE]``            open the editor (on the bundled Jungle Temples 2-player board by default)
``studio validate PATH...``  check files and folders (see ``studio validate --help``)
``studio playtest SCENARIO`` play bot games headless and print balance figures
``studio render BOARD -o FILE`` export a board at true size for print and play
``studio sweep SCENARIO --set KEY=V1,V2`` compare scenario settings by bot games
"""

from __future__ import annotations

import sys

COMMANDS = {
    "validate": ("studio.validate.cli", "check content files: schema, geometry and rules lint"),
    "playtest": ("studio.playtest.cli", "play bot games headless and print balance figures"),
    "render": ("studio.render.cli", "export a board for print and play: PDF, SVG or PNG at true size"),
    "sweep": ("studio.playtest.sweep", "play a grid of scenario settings and compare the balance figures"),
}

USAGE = """usage: studio [FILE]                 open the editor on FILE (default: bundled Jungle Temples, 2 players)
       studio validate PATH...       check boards and scenarios (files or folders)
       studio playtest SCENARIO ...  play bot games headless and report balance
       studio render BOARD -o FILE   export a board for print and play (PDF, SVG, PNG)
       studio sweep SCENARIO --set rules.end.score=14,16,18 ...  compare settings by bot games
       studio COMMAND --help         help for a command
"""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE, end="")
        return 0
    if argv and argv[0] in ("--version",):
        from studio import __version__
        print(f"studio {__version__}")
        return 0
    if argv and argv[0] in COMMANDS:
        import importlib

        module = importlib.import_module(COMMANDS[argv[0]][0])
        return module.main(argv[1:])
    if argv and argv[0].startswith("-") and argv[0] not in ("-",):
        print(f"studio: unknown option {argv[0]!r}\n" + USAGE, file=sys.stderr, end="")
        return 2
    if len(argv) > 1:
        print(f"studio: unknown command {argv[0]!r}\n" + USAGE, file=sys.stderr, end="")
        return 2
    from studio.gui.app import main as gui_main

    return gui_main(argv)


if __name__ == "__main__":
    sys.exit(main())
