"""Output checks shared by the writers: is a file writable before Qt is asked to paint on it?

Qt's paint devices (QPdfWriter, QSvgGenerator) fail late and print ``QPainter::begin():
Returned false`` on stderr; probing the file first turns that into a plain OSError."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from studio.content.yamlio import folder_refusal, make_parent_folders, plain_reason, stat_or_none


def check_writable(path: str | os.PathLike) -> None:
    """Raise OSError ("could not write PATH: why") unless a file can be written at ``path``.
    A missing folder is refused here (the editor's exports); the command line makes it first
    (:func:`make_output_folder`).

    Probes by opening the file for appending (as root, ``os.access`` says yes to read-only
    file systems such as /sys); a file the probe created is removed again, an existing one is
    left untouched."""
    path = Path(path)
    folder = path.parent
    try:
        folder_info = stat_or_none(folder)
        info = stat_or_none(path)
    except OSError as exc:  # a name too long for the file system, a loop of links...
        raise _refusal(path, exc.strerror or str(exc), exc.errno) from None  # strerror: None when not set
    if folder_info is None:  # the command line made it already (make_output_folder): not the editor
        raise OSError(f"could not write {path}: the folder {folder} does not exist")
    if not stat.S_ISDIR(folder_info.st_mode):
        raise _refusal(path, f"{folder} is a file, not a folder", errno.ENOTDIR)
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OSError(f"could not write {path}: it is a folder")
    existed = info is not None
    try:
        with open(path, "ab"):
            pass
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise _refusal(path, plain_reason(exc), exc.errno) from None
        if existed:
            why = exc.strerror or str(exc)
            raise OSError(f"could not write {path}: {why[:1].lower() + why[1:]}") from None
        # a new file: the folder refused it (/proc says "no such file", which would mislead)
        raise OSError(f"could not write {path}: {folder_refusal(folder, exc)}") from None
    if not existed:
        try:
            path.unlink()
        except OSError:
            pass


def make_output_folder(path: str | os.PathLike) -> None:
    """Make the missing folders of an output the command line names (``mkdir -p``), before
    anything is drawn. Raises OSError ("could not write PATH: cannot make the folder F: P is a
    file, not a folder")."""
    try:
        make_parent_folders(path)
    except OSError as exc:
        raise _refusal(Path(path), exc.strerror or str(exc), exc.errno) from None


def _refusal(path: Path, why: str, code: int | None) -> OSError:
    """OSError("could not write PATH: why") that keeps the errno (callers tell a name that is
    too long from other failures)."""
    exc = OSError(f"could not write {path}: {why}")
    exc.errno = code
    return exc
