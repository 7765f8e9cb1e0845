"""What every ``studio`` command shares on the command line (no Qt here).

* ``-q/--quiet`` and ``-v/--verbose`` (:func:`add_common_options`, :func:`configure`): quiet
  keeps only errors, warnings and the output asked for; verbose adds what the command read and
  how it ran. Status lines go through :func:`note` and :func:`detail`.
* ``--version`` on every command.
* ``-`` for standard input or output (:data:`STDIO`, :func:`stdin_copy`, :func:`write_stdout_bytes`):
  a file literally named ``-`` is never read or created.
* bundled content by name (``studio playtest jungle-temples``): :func:`content_argument`.
* a plain line when Qt is missing (:func:`qt_missing`): the core installs without it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import sys
import tempfile
import threading
from pathlib import Path

QUIET, NORMAL, VERBOSE = 0, 1, 2
level = NORMAL
"""The verbosity of this run (set by :func:`configure`)."""

STDIO = "-"
"""The file name that means standard input (where a file is read) or output (where written)."""

GUI_EXTRA = 'pip install "board-studio[gui]"'
QT_ROOTS = ("PySide6", "shiboken6")


def version_text() -> str:
    from studio import __version__

    return f"studio {__version__}"


class OptionParser(argparse.ArgumentParser):
    """Every ``studio`` command's parser: an option is taken only by its whole name (``balance
    --se`` had run as ``--seed``, and an option added later must not change what an old command
    line means), and an unknown option's error names the options it may have meant."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    words: list[str] = []   # the command line being parsed, for the error's hints

    def parse_known_args(self, args=None, namespace=None):
        self.words = [str(w) for w in (sys.argv[1:] if args is None else args)]
        return super().parse_known_args(args, namespace)

    def error(self, message):
        super().error(message + self.meant(message))

    def meant(self, message: str, words: list[str] | None = None) -> str:
        """The options the unknown ones on the command line (``words``; default: the one being
        parsed) may have meant: those they begin (a prefix is not taken by itself) or near
        them in spelling, as ``" (--se: did you mean --seed or --set?)"``. For "unrecognized
        arguments" and for a missing required argument (``--ou x.pdf`` for ``--output``: the
        missing one was typed short); a known option after ``--`` is said to be read as an
        argument. Empty when there is nothing to say."""
        import difflib

        unknown = message.startswith("unrecognized arguments: ")
        if not (unknown or message.startswith("the following arguments are required")):
            return ""
        known = [o for a in self._actions for o in a.option_strings if o.startswith("--")]
        line = self.words if words is None else words
        ended = "--" in line   # after "--" every word is an argument
        options = line[:line.index("--")] if ended else line
        candidates = message.split(": ", 1)[1].split() if unknown else [w for w in options if w.startswith("--")]
        said = []
        for word in candidates:
            name = word.split("=", 1)[0]
            if not name.startswith("--") or name == "--":
                continue
            if name in known:
                if unknown and ended:
                    said.append(f"{name}: after '--' every word is read as an argument")
                continue
            close = [o for o in known if o.startswith(name)] or difflib.get_close_matches(name, known, n=2, cutoff=0.75)
            if close:
                takes = any(a.nargs != 0 for a in self._actions if set(a.option_strings) & set(close))
                said.append(f"{name}: did you mean {' or '.join(close)}?" +
                            (self._taken(word, candidates, line) if takes and unknown else ""))
        return f" ({'; '.join(dict.fromkeys(said))})" if said else ""

    @staticmethod
    def _taken(word: str, listed: list[str], line: list[str]) -> str:
        """For an unknown option ``word`` whose value came after it, a note when that value
        was read as another argument (``--gam 5 jungle-temples``: 5 became the scenario)."""
        if "=" in word or word not in line:
            return ""
        at = line.index(word)
        value = line[at + 1] if at + 1 < len(line) else None
        if value is None or value.startswith("-"):
            return ""
        k = listed.index(word)
        if k + 1 < len(listed) and listed[k + 1] == value:
            return ""
        return f"; {value!r} after it was read as another argument"


def add_common_options(parser: argparse.ArgumentParser, quiet_help: str | None = None) -> None:
    """Add ``-q/--quiet``, ``-v/--verbose`` and ``--version`` to a command's parser."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-q", "--quiet", action="store_true",
                       help=quiet_help or "print only errors, warnings and the output asked for (no progress "
                                          "or status lines)")
    group.add_argument("-v", "--verbose", action="store_true",
                       help="also say what is read and how the command runs")
    parser.add_argument("--version", action="version", version=version_text(),
                        help="print the studio's version and exit")


def configure(args: argparse.Namespace) -> int:
    """Set :data:`level` from parsed ``args`` (``quiet``/``verbose``); returns it."""
    global level
    level = QUIET if getattr(args, "quiet", False) else VERBOSE if getattr(args, "verbose", False) else NORMAL
    return level


def note(text: str) -> None:
    """A status line on stderr (``studio playtest: 100 games in 9.1 s``), left out with -q."""
    if level >= NORMAL:
        print(text, file=sys.stderr)


def detail(text: str) -> None:
    """A line on stderr shown only with -v."""
    if level >= VERBOSE:
        print(text, file=sys.stderr)


def qt_missing(exc: BaseException) -> bool:
    """Whether ``exc`` is the import of Qt failing (the core install has no Qt)."""
    return isinstance(exc, ImportError) and (getattr(exc, "name", None) or "").split(".")[0] in QT_ROOTS


def qt_missing_line(what: str) -> str:
    """The one line a command that needs Qt prints when it is not installed."""
    return (f"{what} needs Qt (PySide6), which is not installed with the core studio; add it with: {GUI_EXTRA}")


# --- standard input and output -----------------------------------------------------------------

@contextlib.contextmanager
def stdin_copy(suffix: str = ".yaml", max_bytes: int = 4 * 1024 * 1024 + 1):
    """Standard input copied to a temporary file (``stdin.yaml``) in a private temporary folder,
    removed afterwards; yields its path. Reads at most ``max_bytes`` (the loader refuses
    larger files with its own finding). Content read so has no content root of its own:
    references resolve from the temporary folder, locations among the bundled scenarios."""
    folder = tempfile.mkdtemp(prefix=STDIN_PREFIX)
    try:
        path = Path(folder) / f"stdin{suffix}"
        data = sys.stdin.buffer.read(max_bytes) if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
        path.write_bytes(data)
        yield path
    finally:
        shutil.rmtree(folder, ignore_errors=True)


STDIN_PREFIX = "studio-stdin-"


def stdin_copy_folder(path) -> Path | None:
    """The private folder of :func:`stdin_copy` when ``path`` is standard input's copy, else
    None (messages then name ``<stdin>``, never a temporary file deleted when the command ends)."""
    p = Path(path)
    return p.parent if p.stem == "stdin" and p.parent.name.startswith(STDIN_PREFIX) else None


def write_stdout_bytes(data: bytes) -> None:
    """``data`` to standard output as bytes (a PDF, PNG or SVG for ``-o -``)."""
    sys.stdout.flush()
    out = getattr(sys.stdout, "buffer", None)
    if out is None:  # a captured text stream (tests): decode as Latin-1, byte for byte
        sys.stdout.write(data.decode("latin-1"))
    else:
        out.write(data)
        out.flush()


# --- bundled content by name -------------------------------------------------------------------

def bundled_names() -> dict[str, Path]:
    """Every bundled content file by name: scenarios (``jungle-temples``), boards
    (``volcano-3p``), islands, trees, cards, loot and solo cards: the file name without
    ``.yaml``. A scenario and a board never share a name."""
    from studio.content.paths import bundled_path

    out: dict[str, Path] = {}
    for top in ("scenarios", "boards"):
        root = bundled_path(top)
        for path in sorted(root.rglob("*.yaml")):
            out.setdefault(path.stem, path)
    return out


def looks_like_name(text: str) -> bool:
    """Whether ``text`` could be a bundled content name rather than a path: no folder part,
    no file suffix, not ``-``."""
    return (text != STDIO and "/" not in text and os.sep not in text
            and not text.lower().endswith((".yaml", ".yml", ".json")) and not text.startswith("."))


class UnknownName(ValueError):
    """A name that is neither a file nor bundled content; the message lists close names."""


def content_argument(text: str) -> str:
    """The path to read for a command's content argument: ``text`` itself when it is an
    existing path (or ``-``, or spelled as a path), else the bundled file of that name
    (``jungle-temples`` -> ``.../scenarios/jungle-temples.yaml``). Raises :class:`UnknownName`
    for a name that matches nothing, naming the closest bundled names."""
    if text == STDIO or os.path.lexists(text) or not looks_like_name(text):
        return text
    names = bundled_names()
    if text in names:
        path = names[text]
        detail(f"studio: {text} is the bundled {path.parent.name}/{path.name} ({path})")
        return str(path)
    import difflib

    close = difflib.get_close_matches(text, list(names), n=5, cutoff=0.6)
    if not close:
        close = sorted(n for n in names if text in n or n in text)[:5]
    if close:
        raise UnknownName(f"{text}: no such file, and no bundled content of that name; did you mean "
                          f"{', '.join(close)}?")
    scenarios = sorted(n for n, p in names.items() if p.parent.name == "scenarios")
    raise UnknownName(f"{text}: no such file, and no bundled content of that name (bundled scenarios: "
                      f"{', '.join(scenarios)}; their boards are named like volcano-3p)")


def silence_stdout() -> None:
    """Point stdout at the null device: the reader of the pipe is gone, and the bytes still
    buffered must not raise again when Python flushes at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is no real file (a test's capture): nothing to flush
        pass


stop_signal: int | None = None
"""The first stop signal (SIGINT, SIGTERM, SIGHUP) a handler of this process took, if any:
:func:`stop_status` turns it into the exit status."""


def note_stop(signum: int) -> None:
    """Remember ``signum`` as the stop this run ends by (the first one counts)."""
    global stop_signal
    if stop_signal is None:
        stop_signal = int(signum)


def stop_status() -> int:
    """The exit status of a run a stop signal ended: 128 + the signal's number, as a shell
    reports a process the signal killed (130 for Ctrl+C, 143 for SIGTERM, 129 for SIGHUP);
    130 when no handler saw which (a KeyboardInterrupt raised by other means)."""
    return 128 + (stop_signal if stop_signal is not None else int(signal.SIGINT))


def interrupt_handler(signum, frame) -> None:
    """Ctrl+C, SIGTERM and SIGHUP as the studio's commands take them (the command line's start,
    :func:`studio.playtest.cli.terminate_as_interrupt`): KeyboardInterrupt, except inside an
    import, where the signal is sent again 50 ms later (raised there, it can leave a module half
    imported: numpy's C start-up turns it into "numpy._core.multiarray failed to import")."""
    if importing(frame):
        # whoever handles it then (Interrupts, or the default: the end of the process) acts on it
        send_later(signum, lambda: signal.getsignal(signum) is not signal.SIG_IGN)
        return
    note_stop(signum)
    raise KeyboardInterrupt


def send_later(signum: int, still_wanted) -> None:
    """Send ``signum`` to this process in 50 ms if ``still_wanted()`` is true then: a stop that
    landed where it could not be raised (an import, a weakref callback) lands again."""
    def again() -> None:
        if still_wanted():
            os.kill(os.getpid(), signum)

    timer = threading.Timer(0.05, again)
    timer.daemon = True   # a process ending meanwhile does not wait for it (nor get it at exit)
    timer.start()


def importing(frame) -> bool:
    """Whether ``frame`` (a signal handler's) runs inside an import: a frame of the import
    machinery is on its stack."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


@contextlib.contextmanager
def ctrl_c_waits_for_imports():
    """While entered (main thread, Ctrl+C as at a terminal), Ctrl+C waits for an import under
    way to end (:func:`interrupt_handler`); the handler before is put back on leaving."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    before = signal.signal(signal.SIGINT, interrupt_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)

