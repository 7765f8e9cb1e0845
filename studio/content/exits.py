"""The exit statuses every command shares, and which one a file that does not load gets.

- 0: done (warnings do not change it);
- 1 (:data:`EXIT_ERRORS`): the content has errors: it does not load (YAML or JSON syntax,
  schema), or it loads but breaks the rules; the findings are printed, as ``studio validate``
  prints them;
- 2 (:data:`EXIT_USAGE`): a usage or input/output problem: a bad option, a file that is missing
  or cannot be read at all (:data:`UNREADABLE_CODES`), an output that cannot be written, a file
  of the wrong kind for the command.

``studio validate``, ``render``, ``export-tts``, ``convert``, ``playtest``, ``sweep`` and
``balance`` all follow it (fresh-user trial: ``render`` exited 2 on a board ``validate``
exited 1 on)."""

from __future__ import annotations

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2

UNREADABLE_CODES = frozenset({"io/not-found", "io/unreadable", "io/not-utf8", "io/no-content", "yaml/control-character"})
"""Loading codes that mean the file could not be read at all (exit status 2)."""


def load_failure_status(exc) -> int:
    """The exit status for ``exc``, why a file does not load (a ``LoadError`` with its ``code``,
    or ``InvalidContent`` with its ``findings``): 2 when the file could not be read at all, 1
    for content with errors."""
    return _status({getattr(exc, "code", None)} | {getattr(f, "code", None) for f in getattr(exc, "findings", ())})


def findings_status(findings) -> int:
    """The exit status for a file's error findings (what :func:`load_failure_status` says, from
    the findings' codes)."""
    return _status({f.code for f in findings if f.severity == "error"})


def _status(codes: set) -> int:
    return EXIT_USAGE if codes & UNREADABLE_CODES else EXIT_ERRORS
