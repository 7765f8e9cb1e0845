"""Output paths a command names (``-o``, ``--json``, ``convert``'s OUT): one check for every
command, run before anything is played, drawn or made, so the same mistake gets the same words
and the same exit status (2, a usage error, as argparse gives) from each of them."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from studio.content.yamlio import creatable_folder_refusal, stat_or_none

_FORMAT_LINE = re.compile(r'^\s*\{?\s*"?format"?\s*:\s*["\']?([a-z][a-z0-9-]*/\d+)', re.MULTILINE)  # {: compact JSON


def file_format(path: str | os.PathLike) -> str | None:
    """The ``format:`` a studio file declares near its top (YAML, or JSON compact or not), or
    None: no such line in its first 64 KiB, or the file cannot be read."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(65536).decode("utf-8", "replace")
    except OSError:
        return None
    match = _FORMAT_LINE.search(head)
    return match.group(1) if match else None


def output_refusal(path: str | os.PathLike, writes: str | None, what: str) -> str | None:
    """Why a command may not write ``what`` (``"the summary"``, ``"a Tabletop Simulator set"``)
    at ``path``, else None. The words follow the path: ``is a folder; give a file name``; ``is a
    realm-board/2 file; the summary does not overwrite it (choose another name)`` for an existing
    studio file that declares a format other than ``writes`` (content, or another kind of report:
    a command never replaces them; ``writes`` None for output with no format of its own, a map or
    an image); or why its folder cannot be made or written (``out is a file, not a folder``,
    ``cannot make the folder out/x: ...``). A file of ``writes`` (an earlier run's) or with no
    format is replaced. Nothing is made; a missing folder is for the caller to make, once its
    other checks pass."""
    path = Path(path)
    try:
        info = stat_or_none(path)
    except OSError as exc:  # a name too long for the file system, a loop of links
        return exc.strerror or str(exc)
    if info is not None and stat.S_ISDIR(info.st_mode):
        return "is a folder; give a file name"
    if info is not None and stat.S_ISREG(info.st_mode):
        fmt = file_format(path)
        if fmt is not None and fmt != writes:
            return f"is a {fmt} file; {what} does not overwrite it (choose another name)"
    return creatable_folder_refusal(path.parent)


def refusal_line(path: str | os.PathLike, refusal: str) -> str:
    """An :func:`output_refusal` as a sentence about ``path``: ``out.json is a realm-board/2
    file; ...`` or ``could not write out/x.png: out is a file, not a folder``."""
    return f"{path} {refusal}" if refusal.startswith("is a ") else f"could not write {path}: {refusal}"


def names_folder(output: str) -> bool:
    """Whether ``-o OUTPUT`` names a folder: one that exists, or a name ending in ``/``."""
    return os.path.isdir(output) or output.endswith(("/", os.sep))


def file_in_folder(folder: str, source: str, suffix: str) -> str:
    """The file a command writes for ``-o FOLDER/`` (:func:`names_folder`): ``FOLDER/NAME.suffix``,
    NAME the input's (``volcano-3p`` for the bundled name or ``boards/volcano-3p.yaml``); the
    folder is made when missing, as every output's. Raises ValueError for standard input
    (``-``), which has no name to give."""
    if source == "-":
        raise ValueError(f"-o {folder} names a folder, and standard input has no name to give the file in it: "
                         f"give -o {os.path.join(folder.rstrip('/' + os.sep) or '.', 'NAME' + suffix)}")
    return os.path.join(folder, Path(source).stem + suffix)
