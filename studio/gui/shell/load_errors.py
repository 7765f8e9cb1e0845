"""What a file is and why it did not open: the text of every editor's "Cannot open" and
"Cannot save" boxes, each problem as ``studio validate`` prints it (``file:line:col: error
code: message``).

Qt-free below the message boxes, so any window (and ``studio`` at start-up) imports it."""

from __future__ import annotations

import re
from pathlib import Path

from studio.content import LoadError, load_document
from studio.content.yamlio import is_regular_file, os_error_text
from studio.model.io import InvalidContent

# what a file of each format is, for "X is an island file, not a board"
FORMAT_NOUNS = {
    "realm-board/1": "board",
    "realm-board/2": "board",
    "realm-scenario/1": "Rule the Realm scenario",
    "rivages-scenario/1": "Rivages scenario",
    "rivages-island/1": "island",
    "rivages-tree/1": "Tree of Wisdom",
    "rivages-cards/1": "Exploration card",
    "rivages-loot/1": "loot",
}


# what a box about a file of each format calls it: "Cannot open card set"
TITLE_NOUNS = {
    "realm-board/1": "board",
    "realm-board/2": "board",
    "realm-scenario/1": "scenario",
    "rivages-scenario/1": "scenario",
    "rivages-island/1": "island",
    "rivages-tree/1": "Tree of Wisdom",
    "rivages-cards/1": "card set",
    "rivages-loot/1": "loot file",
}

# a top-level ``format:`` line, read from the text when the YAML does not parse
_FORMAT_LINE = re.compile(r"""^format:[ \t]*(["']?)([a-z][a-z-]*/[0-9]+)\1[ \t]*(?:#.*)?$""", re.MULTILINE)
_SNIFF_BYTES = 65536


def file_format(path) -> str:
    """The format the file at ``path`` declares: its ``format:`` value; when the YAML does not
    parse, a top-level ``format: NAME/N`` line of a content format (:data:`FORMAT_NOUNS`) in its
    first 64 KiB, so a card set with a typo further down still opens in the card editor, which
    says where the typo is. "" when it names none or cannot be read."""
    try:
        return load_document(path).format or ""
    except (LoadError, OSError):
        pass
    if not is_regular_file(path):  # a named pipe would block the window
        return ""
    try:
        with open(path, "rb") as fh:
            head = fh.read(_SNIFF_BYTES).decode("utf-8", "replace")
    except (OSError, ValueError):
        return ""
    match = _FORMAT_LINE.search(head)
    return match.group(2) if match and match.group(2) in FORMAT_NOUNS else ""


def open_title(path, default: str) -> str:
    """The title of the box for ``path`` not opening: ``Cannot open`` and what the file says it
    is (``Cannot open card set``), else ``default`` (the window's own kind)."""
    noun = TITLE_NOUNS.get(file_format(path))
    return f"Cannot open {noun}" if noun else default


def load_error_text(exc: Exception, expected: str | None = None) -> tuple[str, str | None]:
    """(message, details) for a file that failed to open, each problem as ``studio validate``
    prints it (``file:line:col: error code: message``) and, for schema errors, every finding
    in the details. A file of another format (one ``content/wrong-kind`` finding) is said to
    be one: "jungle.yaml is an island file, not a board"; ``expected`` names the wanted kind
    (default: read from the finding's "expected a realm-board/1 file")."""
    if isinstance(exc, InvalidContent):
        lines = [f.format() for f in exc.findings]
        n = len(lines)
        if n == 1 and exc.findings[0].code == "content/wrong-kind":
            found = exc.findings[0]
            if expected is None:
                match = re.search(r"expected an? (\S+) file", found.message)
                expected = FORMAT_NOUNS.get(match.group(1)) if match else None
            fmt = file_format(found.path) if found.path else ""
            if expected and fmt in FORMAT_NOUNS:
                name = Path(found.path).name
                head = f"{name} is {_with_article(FORMAT_NOUNS[fmt])} file, not {_with_article(expected)}:"
                return f"{head}\n\n{lines[0]}", lines[0]
            return lines[0], lines[0]  # not content at all (a game record, a report): the finding says so
        head = f"The file does not match its format ({n} problem{'s' if n != 1 else ''}):"
        shown = "\n".join(lines[:8]) + (f"\n… and {n - 8} more" if n > 8 else "")
        return f"{head}\n\n{shown}", "\n".join(lines)
    if isinstance(exc, LoadError):
        return exc.format(), None
    if isinstance(exc, OSError):
        return os_error_text(exc), None  # names the user's file, not a temp file
    return str(exc), None


def _with_article(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


__all__ = ["FORMAT_NOUNS", "TITLE_NOUNS", "file_format", "load_error_text", "open_title"]
