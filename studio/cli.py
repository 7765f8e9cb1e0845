"""Command line entry point ``studio``: a thin shell over the library.

``studio [FILE]``            open the editor (on the bundled Jungle Temples 2-player board by default)
``studio validate PATH...``  check files and folders (see ``studio validate --help``)
``studio playtest SCENARIO`` play bot games headless and print balance figures
``studio render BOARD -o FILE`` export a board at true size for print and play
``studio sweep SCENARIO --set KEY=V1,V2`` compare scenario settings by bot games
``studio balance SCENARIO --players N`` search board edits that make the game fair
``studio generate LOCATION|island`` new boards and islands from constraints, checked fair
``studio explain CODE``      what a finding code means and how to fix it (docs/findings.md)
``studio schema [--path]``   the JSON Schema of the content files, for editors and CI

Every command takes ``--version``, ``-q``/``-v`` and ``--help``; content may be named by its
bundled name (``studio playtest jungle-temples``) and ``-`` is standard input or output.
Without Qt (the core install) the editor and ``render`` say in one line how to add it.
"""

from __future__ import annotations

import os
import sys
import warnings

COMMANDS = {
    "validate": ("studio.validate.cli", "check content files: schema, geometry and rules lint"),
    "playtest": ("studio.playtest.cli", "play bot games headless and print balance figures"),
    "render": ("studio.render.cli", "export a board, island, tree, card set or loot for print and play: PDF, SVG "
               "or PNG at true size"),
    "export-tts": ("studio.render.tts_cli", "write a board or island as a Tabletop Simulator saved-object set"),
    "sweep": ("studio.playtest.sweep", "play a grid of scenario settings and compare the balance figures"),
    "balance": ("studio.balance.cli", "search edits that make a board fair, verify them on fresh seeds and save them"),
    "generate": ("studio.generate.cli", "new boards (any location, 2-4 players) and Rivages islands from constraints, "
                 "valid and checked fair by bot games"),
    "convert": ("studio.interop.convert", "islands to and from Tiled maps (.tmx, .tmj), boards to Tiled"),
    "explain": ("studio.validate.explain", "what a finding code means and how to fix it"),
    "schema": ("studio.validate.schema_cli", "print or locate the JSON Schema of the content files"),
}

USAGE = """usage: studio [-v] [FILE]            open FILE in its editor: a board, island, tree, card set or loot
                                     (default: the bundled Jungle Temples board, 2 players;
                                     -v: show Qt's warnings, also STUDIO_VERBOSE=1)
       studio validate PATH...       check content and reports (files, or folders of *.yaml, *.json)
       studio playtest SCENARIO ...  play bot games headless and report balance
       studio render FILE -o OUT     print and play: a board, island, tree, card set or loot (PDF, SVG, PNG)
       studio export-tts FILE -o OUT.json  a board or island for Tabletop Simulator (JSON and images)
       studio sweep SCENARIO --set rules.end.score=14,16,18 ...  compare settings by bot games
       studio balance SCENARIO -p N  search edits that make a board fair and save the best
       studio generate LOCATION|island  new boards and islands from constraints, valid and checked fair
       studio convert IN OUT         islands to and from Tiled maps (.yaml <-> .tmx/.tmj), boards to Tiled
       studio explain CODE           what a finding code means and how to fix it
       studio schema [--path]        the combined JSON Schema of content files (for editors, CI)
       studio COMMAND --help         help for a command (also: studio help [COMMAND])

Every command takes --version, -q (quiet) and -v (verbose). Bundled content can be named
(studio playtest jungle-temples, studio render volcano-3p -o v.pdf); - is standard input or output.
The editor and render need Qt: pip install "board-studio[gui]".
"""


FILE_SUFFIXES = (".yaml", ".yml", ".json", ".tmx", ".tmj")  # .tmx/.tmj: a Tiled map, imported as an island


def is_file_argument(arg: str) -> bool:
    """Whether the first argument names a file to open rather than a command: an existing file,
    or a name ending in ``.yaml``/``.yml``/``.json`` (the editor then says if it is missing)."""
    import os

    return os.path.isfile(arg) or arg.lower().endswith(FILE_SUFFIXES)


def unknown_command(word: str) -> str:
    """``unknown command 'valdiate' (did you mean 'validate'?)``: the closest command by
    spelling, when one is close enough."""
    import difflib

    close = difflib.get_close_matches(word.lower(), COMMANDS, n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    if not close and word.lower() in OPEN_WORDS:   # a FILE opens without a command word
        hint = " (to open a file in its editor: studio FILE)"
    return f"unknown command {word!r}{hint}"


OPEN_WORDS = frozenset({"edit", "editor", "open", "gui", "show", "view"})
"""Words people type to open a file; the studio takes the FILE alone."""


def run_without_library_warnings(name: str, run):
    """``run()``, with any ``RuntimeWarning`` a library raises (shapely and numpy on overflow
    or invalid values) kept off stderr as the library prints it (a site-packages path and a
    source line): each distinct one becomes a plain line ``NAME: warning: numeric problem in a
    geometry computation (...)``. Other warnings are shown as usual. Returns ``run()``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", RuntimeWarning)
        try:
            return run()
        finally:
            said = set()
            for w in caught:
                if issubclass(w.category, RuntimeWarning):
                    text = str(w.message)
                    if text not in said:
                        said.add(text)
                        print(f"{name}: warning: numeric problem in a geometry computation ({text}); "
                              "some coordinate or size is probably out of range", file=sys.stderr)
                else:
                    warnings.showwarning(w.message, w.category, w.filename, w.lineno)


def main(argv: list[str] | None = None) -> int:
    """Run ``studio``; returns the exit status (2 for an unknown command or option).

    Output into a pipe the reader closed early (``studio explain schema | head -2``) ends the
    command quietly with status 1, for every command: no traceback, no "Exception ignored" line
    when Python flushes stdout at exit. Ctrl+C before a command handles it ends it with status
    130 and one line, no traceback. A command a stop signal ended returns 128 + its number
    (130 for Ctrl+C, 143 for SIGTERM, 129 for SIGHUP; :func:`studio.console.stop_status`)."""
    try:
        from studio import console

        console.stop_signal = None
        with console.ctrl_c_waits_for_imports():
            status = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, where it is caught, not at interpreter exit
        # the commands say 130 for any stop; the signal that came decides (a script tells
        # SIGTERM from Ctrl+C by the status, as for a process the signal killed)
        return console.stop_status() if status == 130 else status
    except BrokenPipeError:
        from studio.console import silence_stdout

        silence_stdout()
        return 1
    except KeyboardInterrupt:   # before a command's own handling was in place: no traceback
        words = list(sys.argv[1:] if argv is None else argv)
        print(f"studio{' ' + words[0] if words and words[0] in COMMANDS else ''}: interrupted", file=sys.stderr)
        return _stop_status()


def _stop_status() -> int:
    """:func:`studio.console.stop_status`, or 130 when a stop came before the module was imported."""
    console = sys.modules.get("studio.console")
    return console.stop_status() if console is not None and hasattr(console, "stop_status") else 130


def _main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from studio.validate.cli import escape_unencodable_output

    escape_unencodable_output()  # every command: an ASCII terminal gets escapes, never a crash
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE, end="")
        return 0
    if argv and argv[0] == "help":  # `studio help` and `studio help validate`, as git and pip take them
        if "--version" in argv[1:2]:
            argv = ["--version"]
        elif len(argv) == 1:
            print(USAGE, end="")
            return 0
        elif argv[1] not in COMMANDS:
            print(f"studio help: {unknown_command(argv[1])}\n" + USAGE, file=sys.stderr, end="")
            return 2
        else:
            argv = [argv[1], "--help"]
    if argv[:1] in (["-q"], ["--quiet"], ["-v"], ["--verbose"]) and argv[1:] == ["--version"]:
        argv = ["--version"]   # the editor's options, then the version (trial)
    if argv and argv[0] in ("--version",):
        from studio import __version__
        print(f"studio {__version__}")
        return 0
    if argv and argv[0] in COMMANDS:
        import importlib

        from studio.console import qt_missing, qt_missing_line, version_text

        options = argv[1:argv.index("--")] if "--" in argv else argv[1:]
        if "--version" in options:
            print(version_text())  # every command, also one that has no parser option for it
            return 0
        try:
            module = importlib.import_module(COMMANDS[argv[0]][0])
            return run_without_library_warnings(f"studio {argv[0]}", lambda: module.main(argv[1:]))
        except ImportError as exc:
            if not qt_missing(exc):
                raise
            print(f"studio {argv[0]}: {qt_missing_line('this command')}", file=sys.stderr)
            return 2
    verbose = [a for a in argv[:1] if a in ("-v", "--verbose", "-q", "--quiet")]  # the editor's options
    argv = argv[len(verbose):]
    if argv and argv[0] == "-":
        print("studio: the editor opens a file, not standard input; save the text to a file first (studio "
              "validate - checks standard input)", file=sys.stderr)
        return 2
    if verbose and argv and argv[0] in COMMANDS:
        print(f"studio: {verbose[0]} is the editor's option; give a command's options after it "
              f"(studio {argv[0]} --help lists them)\n" + USAGE, file=sys.stderr, end="")
        return 2
    if argv and argv[0].startswith("-") and argv[0] not in ("-",):
        import difflib

        own = ["--help", "--version", "--quiet", "--verbose"]
        near = [o for o in own if o.startswith(argv[0]) and argv[0].startswith("--")] or \
            difflib.get_close_matches(argv[0], own, n=1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        print(f"studio: unknown option {argv[0]!r}{hint}\n" + USAGE, file=sys.stderr, end="")
        return 2
    if argv and not is_file_argument(argv[0]) and not os.path.isdir(argv[0]):
        from studio.console import bundled_names

        if argv[0] in bundled_names():  # studio volcano-3p: the bundled board
            argv = [str(bundled_names()[argv[0]]), *argv[1:]]
    if argv and not is_file_argument(argv[0]):
        if os.path.isdir(argv[0]):
            problem = f"{argv[0]} is a folder; give a file to open (e.g. {argv[0].rstrip('/')}/NAME.yaml) or a command"
        else:
            problem = unknown_command(argv[0])
            if "did you mean" not in problem:
                import difflib

                from studio.console import bundled_names

                close = difflib.get_close_matches(argv[0], list(bundled_names()), n=5, cutoff=0.6)
                if close:
                    problem += f", and no bundled content of that name (did you mean {', '.join(close)}?)"
        print(f"studio: {problem}\n" + USAGE, file=sys.stderr, end="")
        return 2
    if len(argv) > 1:
        print(f"studio: the editor opens one file, got {len(argv)} arguments\n" + USAGE, file=sys.stderr, end="")
        return 2
    try:
        from studio.gui.app import main as gui_main
    except ImportError as exc:
        from studio.console import qt_missing, qt_missing_line

        if not qt_missing(exc):
            raise
        print(f"studio: {qt_missing_line('the editor')}", file=sys.stderr)
        return 2
    return gui_main([v for v in verbose if v in ("-v", "--verbose")] + argv)

if __name__ == "__main__":
    sys.exit(main())
